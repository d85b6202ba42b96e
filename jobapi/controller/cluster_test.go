package controller

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// t0 is when every test scenario starts.
var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// cluster is a tiny API server and controller loop for the tests: it
// carries out Decisions with the API server's semantics (generated names,
// graceful deletion of pods with finalizers) and syncs until nothing
// changes.
type cluster struct {
	t       testing.TB
	job     *jobapi.Job
	pods    []*core.Pod
	now     time.Time
	backoff Backoff
	created []*core.Pod   // every pod created, in order
	requeue time.Duration // RequeueAfter of the last sync
	nextUID int
}

// newCluster returns a cluster holding job, created at t0 as the API
// server would (uid, selector, template labels).
func newCluster(t testing.TB, job *jobapi.Job) *cluster {
	job = job.DeepCopy()
	if job.ObjectMeta.UID == "" {
		job.ObjectMeta.UID = "job-uid"
	}
	if job.ObjectMeta.Namespace == "" {
		job.ObjectMeta.Namespace = "ns"
	}
	if job.Spec.Selector == nil {
		job.Spec.Selector = &selector.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": string(job.ObjectMeta.UID)}}
		if job.Spec.Template.ObjectMeta.Labels == nil {
			job.Spec.Template.ObjectMeta.Labels = map[string]string{}
		}
		job.Spec.Template.ObjectMeta.Labels["batch.kubernetes.io/controller-uid"] = string(job.ObjectMeta.UID)
		job.Spec.Template.ObjectMeta.Labels["batch.kubernetes.io/job-name"] = job.ObjectMeta.Name
		job.Spec.Template.ObjectMeta.Labels["controller-uid"] = string(job.ObjectMeta.UID)
		job.Spec.Template.ObjectMeta.Labels["job-name"] = job.ObjectMeta.Name
	}
	return &cluster{t: t, job: job, now: t0}
}

// sync runs one Sync and carries its Decision out; it reports whether
// anything changed.
func (c *cluster) sync() (Decision, bool) {
	d := Sync(c.job, c.pods, c.now, c.backoff)
	c.requeue = d.RequeueAfter
	c.backoff = d.Backoff
	changed := false
	for _, p := range d.Create {
		p = p.DeepCopy()
		c.nextUID++
		p.ObjectMeta.Name = fmt.Sprintf("%s%05d", p.ObjectMeta.GenerateName, c.nextUID)
		p.ObjectMeta.UID = meta.UID(fmt.Sprintf("pod-%d", c.nextUID))
		p.ObjectMeta.CreationTimestamp = meta.Time{Time: c.now}
		p.Status.Phase = core.PodPending
		c.pods = append(c.pods, p)
		c.created = append(c.created, p)
		changed = true
	}
	for _, p := range d.RemoveFinalizer {
		q := c.find(p.ObjectMeta.UID)
		if q == nil {
			continue
		}
		q.ObjectMeta.Finalizers = slices.DeleteFunc(slices.Clone(q.ObjectMeta.Finalizers), func(f string) bool { return f == jobapi.JobTrackingFinalizer })
		changed = true
	}
	for _, p := range d.Delete {
		if q := c.find(p.ObjectMeta.UID); q != nil && q.ObjectMeta.DeletionTimestamp == nil {
			t := meta.Time{Time: c.now}
			q.ObjectMeta.DeletionTimestamp = &t
			changed = true
		}
	}
	c.collect()
	if d.UpdateStatus {
		c.job.Status = d.Status
		changed = true
	}
	return d, changed
}

// settle syncs until a sync changes nothing (at most 20 times).
func (c *cluster) settle() {
	for range 20 {
		if _, changed := c.sync(); !changed {
			return
		}
	}
	c.t.Fatalf("the Job does not settle: %+v", c.job.Status)
}

// collect removes the pods the API server would: deleted, without
// finalizers, and finished (a pod that is still running waits for the
// kubelet).
func (c *cluster) collect() {
	c.pods = slices.DeleteFunc(c.pods, func(p *core.Pod) bool {
		return p.ObjectMeta.DeletionTimestamp != nil && len(p.ObjectMeta.Finalizers) == 0 &&
			(p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed)
	})
}

// find returns the pod with uid.
func (c *cluster) find(uid meta.UID) *core.Pod {
	for _, p := range c.pods {
		if p.ObjectMeta.UID == uid {
			return p
		}
	}
	return nil
}

// active returns the pods that are pending or running, not being deleted.
func (c *cluster) active() []*core.Pod {
	var out []*core.Pod
	for _, p := range c.pods {
		if isActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// byIndex returns the active pod of index ix.
func (c *cluster) byIndex(ix int) *core.Pod {
	for _, p := range c.active() {
		if CompletionIndex(p) == ix {
			return p
		}
	}
	c.t.Fatalf("no active pod for index %d", ix)
	return nil
}

// finish ends pod p with exit code (0: Succeeded), as the kubelet would,
// at the current time; a pod being deleted ends as Failed.
func (c *cluster) finish(p *core.Pod, code int32) {
	setExit(p, code, c.now)
	c.collect()
}

// setExit writes the status of a pod whose only container exited.
func setExit(p *core.Pod, code int32, at time.Time) {
	p.Status.Phase = core.PodSucceeded
	if code != 0 || p.ObjectMeta.DeletionTimestamp != nil {
		p.Status.Phase = core.PodFailed
	}
	name := "main"
	if len(p.Spec.Containers) > 0 {
		name = p.Spec.Containers[0].Name
	}
	ts := at.UTC().Format(time.RFC3339)
	setUnknown(p, "containerStatuses", []map[string]any{{
		"name": name, "restartCount": 0,
		"state": map[string]any{"terminated": map[string]any{"exitCode": code, "finishedAt": ts}},
	}})
	setUnknown(p, "conditions", []map[string]any{{"type": "Ready", "status": "False", "lastTransitionTime": ts}})
}

// setUnknown sets a member of a pod's status by way of its JSON, so that
// it lands where jobapi keeps it, typed or not.
func setUnknown(p *core.Pod, name string, v any) {
	b, err := json.Marshal(p.Status)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	if m == nil {
		m = map[string]any{}
	}
	m[name] = v
	if b, err = json.Marshal(m); err != nil {
		panic(err)
	}
	var st core.PodStatus
	if err := json.Unmarshal(b, &st); err != nil {
		panic(err)
	}
	p.Status = st
}

// addCondition adds a pod condition.
func addCondition(p *core.Pod, typ string, status string) {
	b, _ := json.Marshal(p.Status)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	cs, _ := m["conditions"].([]any)
	setUnknown(p, "conditions", append(cs, map[string]any{"type": typ, "status": status}))
}

// run marks every pending pod Running and Ready.
func (c *cluster) run() {
	for _, p := range c.pods {
		if p.Status.Phase == core.PodPending {
			p.Status.Phase = core.PodRunning
			p.Spec.NodeName = "node"
			setUnknown(p, "conditions", []map[string]any{{"type": "Ready", "status": "True", "lastTransitionTime": c.now.Format(time.RFC3339)}})
		}
	}
}

// kill ends the pods being deleted, as the kubelet would.
func (c *cluster) kill() {
	for _, p := range c.pods {
		if p.ObjectMeta.DeletionTimestamp != nil && isTerminating(p) {
			setExit(p, 137, c.now)
		}
	}
	c.collect()
}

// conds summarizes the conditions: "Type=Status/Reason" joined by ", ".
func conds(st jobapi.JobStatus) string {
	var s []string
	for _, c := range st.Conditions {
		s = append(s, fmt.Sprintf("%s=%s/%s", c.Type, c.Status, c.Reason))
	}
	return strings.Join(s, ", ")
}

// counts summarizes the counters of a status.
type counts struct {
	Active, Ready, Terminating, Succeeded, Failed int32
	CompletedIndexes                              string
	FailedIndexes                                 string
	Conditions                                    string
}

// countsOf summarizes st.
func countsOf(st jobapi.JobStatus) counts {
	c := counts{Active: st.Active, Succeeded: st.Succeeded, Failed: st.Failed, CompletedIndexes: st.CompletedIndexes, Conditions: conds(st)}
	if st.Ready != nil {
		c.Ready = *st.Ready
	}
	if st.Terminating != nil {
		c.Terminating = *st.Terminating
	}
	if st.FailedIndexes != nil {
		c.FailedIndexes = "[" + *st.FailedIndexes + "]"
	}
	return c
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

// indexedJob returns an Indexed Job.
func indexedJob(completions, parallelism int32) *jobapi.Job {
	mode := jobapi.IndexedCompletion
	return &jobapi.Job{
		ObjectMeta: meta.ObjectMeta{Name: "pi", Namespace: "ns"},
		Spec: jobapi.JobSpec{
			Completions: &completions, Parallelism: &parallelism, CompletionMode: &mode,
			Template: core.PodTemplateSpec{Spec: core.PodSpec{
				RestartPolicy: core.RestartPolicyNever,
				Containers:    []core.Container{{Name: "main", Image: "busybox"}},
			}},
		},
	}
}

// nonIndexedJob returns a NonIndexed Job; completions < 0 leaves it unset.
func nonIndexedJob(completions, parallelism int32) *jobapi.Job {
	j := indexedJob(completions, parallelism)
	j.Spec.CompletionMode = nil
	if completions < 0 {
		j.Spec.Completions = nil
	}
	return j
}
