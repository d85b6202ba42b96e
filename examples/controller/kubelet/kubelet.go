// Package kubelet is a fake kubelet over the Kubernetes API for tests of
// Job controllers: it moves the pods of the Jobs it is told about through
// the status updates a kubelet makes, to outcomes a [Script] decides per
// completion index and attempt — an exit code, pod conditions such as
// DisruptionTarget, readiness while running — and finishes the pods that
// are deleted as a kubelet does. It is built on jobkit's pod model: each
// pod is converted with the bridge (conversion/k8sapi), changed with
// jobkit's builders (jobapi/jobtest: ContainerTerminated, PodCondition)
// and written back.
//
// # Model
//
// [Kubelet.Step] is one pass over the current pods of the Jobs given to
// [Kubelet.Manage], read from the API server (not a cache), in a fixed
// order (by Job, creation time, name). Each pod moves at most one stage
// per Step:
//
//   - a pending pod starts: phase Running, its containers running (init
//     containers terminated with 0, sidecars running), the conditions
//     PodReadyToStartContainers, Initialized and PodScheduled True, Ready
//     and ContainersReady True when its Outcome is Ready;
//   - a running pod runs on for Outcome.RunFor Steps, then finishes:
//     every container terminated with Outcome.ExitCode (reason Completed
//     or Error), phase Succeeded for 0 and Failed otherwise, Ready and
//     ContainersReady False (reason PodCompleted), Outcome.Conditions set;
//   - a pod being deleted (deletionTimestamp set) that has not finished
//     finishes at once, its containers killed (the exit code of
//     [WithDeletedExitCode], 143 by default: SIGTERM); then, as the
//     kubelet's status manager does once a pod is terminal, it is deleted
//     with grace period 0 and its uid as precondition, so that the API
//     server removes it as soon as it has no finalizer left (a Job's
//     tracking finalizer keeps it until the Job controller has counted
//     it);
//   - a finished pod that is not being deleted stays as it is (pod
//     garbage collection is not a kubelet's work).
//
// The Script of a pod is consulted once, when the kubelet first sees the
// pod: its attempt is the number of pods of the same index (of the same
// Job, for a NonIndexed Job) the kubelet saw before. Pods first seen in
// the same Step are numbered in the Step's order; the API server names
// pods created in the same second at random, so a NonIndexed Job whose
// pods must differ by attempt should create them one by one (parallelism
// 1). A Step sees the pods that exist when it lists them: a pod created
// during a Step waits for the next. [Kubelet.Finish] ends the pods held
// running (Outcome [Running]) when a test has seen what it wanted;
// [Kubelet.Run] calls Step periodically until its context is done.
//
// Status updates are PUTs to the status subresource with the pod's
// resourceVersion, retried on a conflict with the pod read again; a pod
// deleted meanwhile is passed over.
//
// # Non-goals
//
// No containers run and no scheduler binds pods (the kubelet does not
// look at spec.nodeName); no probes, restarts (restartPolicy OnFailure
// pods never restart a container), images, volumes, IPs or node objects;
// pods of Jobs not given to Manage are left alone.
package kubelet

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
)

// DefaultDeletedExitCode is the exit code of the containers of a pod
// deleted before it finished: 143, a process ended by SIGTERM.
const DefaultDeletedExitCode = 143

// DefaultInterval is how often [Kubelet.Run] calls Step unless
// [WithInterval] says otherwise.
const DefaultInterval = 100 * time.Millisecond

// Option changes how [New] makes a Kubelet.
type Option func(*Kubelet)

// WithClock makes the kubelet read the time of its status updates from
// now (by default time.Now).
func WithClock(now func() time.Time) Option {
	return func(k *Kubelet) {
		if now != nil {
			k.now = now
		}
	}
}

// WithDeletedExitCode sets the exit code of the containers of a pod
// deleted before it finished ([DefaultDeletedExitCode] by default).
func WithDeletedExitCode(code int32) Option {
	return func(k *Kubelet) { k.deletedExitCode = code }
}

// WithInterval sets how often [Kubelet.Run] calls Step ([DefaultInterval]
// by default).
func WithInterval(d time.Duration) Option {
	return func(k *Kubelet) {
		if d > 0 {
			k.interval = d
		}
	}
}

// WithErrorHandler gives the errors of the Steps that [Kubelet.Run]
// makes to f (by default they are dropped: Run goes on, and the next Step
// tries again).
func WithErrorHandler(f func(error)) Option {
	return func(k *Kubelet) { k.onError = f }
}

// Kubelet is a fake kubelet over an API server. Its methods are safe for
// concurrent use; Steps run one at a time.
type Kubelet struct {
	client          kubernetes.Interface
	now             func() time.Time
	deletedExitCode int32
	interval        time.Duration
	onError         func(error)

	mu   sync.Mutex
	jobs map[types.UID]*jobRecord
}

// jobRecord is what the kubelet knows of a Job given to Manage.
type jobRecord struct {
	namespace, name string
	script          Script
	seen            map[int]int // pods seen per index
	pods            map[types.UID]*podRecord
}

// podRecord is what the kubelet knows of a pod it saw.
type podRecord struct {
	index, attempt int
	outcome        Outcome
	ran            int // Steps it ran after the one that started it
}

// New returns a kubelet that talks to the API server through client.
func New(client kubernetes.Interface, opts ...Option) *Kubelet {
	k := &Kubelet{
		client:          client,
		now:             time.Now,
		deletedExitCode: DefaultDeletedExitCode,
		interval:        DefaultInterval,
		jobs:            map[types.UID]*jobRecord{},
	}
	for _, o := range opts {
		if o != nil {
			o(k)
		}
	}
	return k
}

// Manage makes the kubelet run the pods of job (as created: it needs its
// uid) to the outcomes script decides. Managing a Job again replaces its
// script for the pods not seen yet.
func (k *Kubelet) Manage(job *batchv1.Job, script Script) error {
	if job == nil || job.UID == "" || job.Namespace == "" {
		return errors.New("kubelet: Manage needs a Job as the API server returned it (with namespace and uid)")
	}
	if script == nil {
		script = Always(Succeed())
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if r := k.jobs[job.UID]; r != nil {
		r.script = script
		return nil
	}
	k.jobs[job.UID] = &jobRecord{namespace: job.Namespace, name: job.Name, script: script, seen: map[int]int{}, pods: map[types.UID]*podRecord{}}
	return nil
}

// Finish makes the pods of job that the kubelet has seen end with o
// instead of their Script's outcome: a running pod finishes o.RunFor
// Steps after the next one (so at the next Step for RunFor 0), a pending
// one starts at the next Step. Pods not seen yet keep to the Script.
// Tests use it to hold pods running (Outcome [Running]) until they have
// checked what they wanted, then let them end.
func (k *Kubelet) Finish(job *batchv1.Job, o Outcome) {
	k.mu.Lock()
	defer k.mu.Unlock()
	r := k.jobs[job.UID]
	if r == nil {
		return
	}
	for _, p := range r.pods {
		p.outcome, p.ran = o, 0
		p.outcome.Conditions = slices.Clone(o.Conditions)
	}
}

// Attempt returns the completion index (NoIndex for a NonIndexed Job) and
// attempt the kubelet gave the pod uid; false when it has not seen it.
func (k *Kubelet) Attempt(uid types.UID) (index, attempt int, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, j := range k.jobs {
		if r := j.pods[uid]; r != nil {
			return r.index, r.attempt, true
		}
	}
	return 0, 0, false
}

// Step moves every current pod of the managed Jobs one stage on (see the
// package comment) and returns how many writes it made (status updates
// and deletions). It tries every pod; the error joins those that failed.
func (k *Kubelet) Step(ctx context.Context) (int, error) {
	return k.StepPods(ctx, nil)
}

// StepPods is [Kubelet.Step] for the pods keep returns true for (every
// pod when keep is nil); the others stay as they are. Two kubelets that
// drive twin Jobs in lockstep step only the pods both had when they last
// compared them, so that a pod created between the two Steps does not
// start a step earlier on one side than on the other.
func (k *Kubelet) StepPods(ctx context.Context, keep func(*corev1.Pod) bool) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	namespaces := map[string]bool{}
	for _, j := range k.jobs {
		namespaces[j.namespace] = true
	}
	type work struct {
		pod *corev1.Pod
		job *jobRecord
	}
	var todo []work
	for _, ns := range slices.Sorted(maps.Keys(namespaces)) {
		list, err := k.client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return 0, fmt.Errorf("kubelet: listing the pods of namespace %s: %w", ns, err)
		}
		for i := range list.Items {
			p := &list.Items[i]
			ref := metav1.GetControllerOfNoCopy(p)
			if ref == nil {
				continue
			}
			if j := k.jobs[ref.UID]; j != nil && (keep == nil || keep(p)) {
				todo = append(todo, work{p, j})
			}
		}
	}
	slices.SortStableFunc(todo, func(a, b work) int {
		return cmp.Or(
			cmp.Compare(a.job.namespace, b.job.namespace),
			cmp.Compare(a.job.name, b.job.name),
			a.pod.CreationTimestamp.Compare(b.pod.CreationTimestamp.Time),
			cmp.Compare(a.pod.Name, b.pod.Name))
	})
	writes := 0
	var errs []error
	for _, w := range todo {
		n, err := k.stepPod(ctx, w.job, w.pod)
		writes += n
		if err != nil && !apierrors.IsNotFound(err) { // a pod gone meanwhile needs nothing more
			errs = append(errs, fmt.Errorf("kubelet: pod %s/%s: %w", w.pod.Namespace, w.pod.Name, err))
		}
	}
	return writes, errors.Join(errs...)
}

// Run calls Step every interval ([WithInterval]) until ctx is done, and
// returns nil then. The errors of Steps go to the [WithErrorHandler]
// function.
func (k *Kubelet) Run(ctx context.Context) error {
	t := time.NewTicker(k.interval)
	defer t.Stop()
	for {
		if _, err := k.Step(ctx); err != nil && ctx.Err() == nil && k.onError != nil {
			k.onError(err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// stepPod moves pod one stage on and returns how many writes it made.
func (k *Kubelet) stepPod(ctx context.Context, job *jobRecord, pod *corev1.Pod) (int, error) {
	rec := job.pods[pod.UID]
	if rec == nil {
		ix := completionIndex(pod)
		rec = &podRecord{index: ix, attempt: job.seen[ix]}
		job.seen[ix]++
		rec.outcome = job.script(rec.index, rec.attempt)
		rec.outcome.Conditions = slices.Clone(rec.outcome.Conditions)
		job.pods[pod.UID] = rec
	}
	terminal := pod.Status.Phase == corev1.PodSucceeded || pod.Status.Phase == corev1.PodFailed
	if pod.DeletionTimestamp != nil {
		writes := 0
		if !terminal {
			var err error
			if pod, err = k.updateStatus(ctx, pod, func(p *core.Pod, now meta.Time) {
				k.finish(p, Outcome{ExitCode: k.deletedExitCode}, now)
			}); err != nil {
				return 0, err
			}
			writes++
		}
		if g := pod.DeletionGracePeriodSeconds; g != nil && *g == 0 {
			return writes, nil // the finalizers hold it
		}
		zero := int64(0)
		err := k.client.CoreV1().Pods(pod.Namespace).Delete(ctx, pod.Name, metav1.DeleteOptions{
			GracePeriodSeconds: &zero, Preconditions: metav1.NewUIDPreconditions(string(pod.UID)),
		})
		if err != nil && !apierrors.IsNotFound(err) && !apierrors.IsConflict(err) {
			return writes, err
		}
		return writes + 1, nil
	}
	if terminal {
		return 0, nil
	}
	if pod.Status.Phase != corev1.PodRunning {
		_, err := k.updateStatus(ctx, pod, func(p *core.Pod, now meta.Time) { start(p, rec.outcome.Ready, now) })
		if err != nil {
			return 0, err
		}
		return 1, nil
	}
	if rec.outcome.RunFor == Forever || rec.ran < rec.outcome.RunFor {
		rec.ran++
		return 0, nil
	}
	_, err := k.updateStatus(ctx, pod, func(p *core.Pod, now meta.Time) { k.finish(p, rec.outcome, now) })
	if err != nil {
		return 0, err
	}
	return 1, nil
}

// updateStatus converts pod to jobkit's model, changes it with change,
// and writes its status (PUT with its resourceVersion); on a conflict it
// reads the pod again and starts over. It returns the pod as stored.
func (k *Kubelet) updateStatus(ctx context.Context, pod *corev1.Pod, change func(*core.Pod, meta.Time)) (*corev1.Pod, error) {
	pods := k.client.CoreV1().Pods(pod.Namespace)
	const attempts = 5
	for i := 0; ; i++ {
		p, err := k8sapi.PodFromAPI(pod)
		if err != nil {
			return nil, err
		}
		change(p, meta.NewTime(k.now()))
		out, err := k8sapi.PodToAPI(p)
		if err != nil {
			return nil, err
		}
		got, err := pods.UpdateStatus(ctx, out, metav1.UpdateOptions{})
		if err == nil {
			return got, nil
		}
		if !apierrors.IsConflict(err) || i+1 == attempts {
			return nil, err
		}
		if pod, err = pods.Get(ctx, pod.Name, metav1.GetOptions{}); err != nil {
			return nil, err
		}
		if pod.Status.Phase == corev1.PodSucceeded || pod.Status.Phase == corev1.PodFailed {
			return pod, nil // finished meanwhile: nothing left to do
		}
	}
}

// start makes p a running pod: its containers running (init containers
// done, sidecars running), ready or not.
func start(p *core.Pod, ready bool, now meta.Time) {
	p.Status.Phase = core.PodRunning
	p.Status.StartTime = &now
	yes := true
	p.Status.InitContainerStatuses = nil
	for i, c := range p.Spec.InitContainers {
		st := core.ContainerStatus{Name: c.Name, Image: c.Image, ImageID: imageID(c.Image), ContainerID: containerID(p, "init", i)}
		if c.RestartPolicy != nil && *c.RestartPolicy == core.ContainerRestartPolicyAlways {
			st.State.Running = &core.ContainerStateRunning{StartedAt: now}
			st.Started, st.Ready = &yes, ready
		} else {
			st.State.Terminated = &core.ContainerStateTerminated{ExitCode: 0, Reason: "Completed", StartedAt: now, FinishedAt: now, ContainerID: st.ContainerID}
			no := false
			st.Started = &no
		}
		p.Status.InitContainerStatuses = append(p.Status.InitContainerStatuses, st)
	}
	p.Status.ContainerStatuses = nil
	for i, c := range p.Spec.Containers {
		p.Status.ContainerStatuses = append(p.Status.ContainerStatuses, core.ContainerStatus{
			Name: c.Name, Image: c.Image, ImageID: imageID(c.Image), ContainerID: containerID(p, "", i),
			Ready: ready, Started: &yes, State: core.ContainerState{Running: &core.ContainerStateRunning{StartedAt: now}},
		})
	}
	readyStatus, reason := core.ConditionTrue, ""
	if !ready {
		readyStatus, reason = core.ConditionFalse, "ContainersNotReady"
	}
	setCondition(p, core.PodReadyToStartContainers, core.ConditionTrue, "", "", now)
	setCondition(p, core.PodInitialized, core.ConditionTrue, "", "", now)
	setCondition(p, core.PodReady, readyStatus, reason, "", now)
	setCondition(p, core.ContainersReady, readyStatus, reason, "", now)
	setCondition(p, core.PodScheduled, core.ConditionTrue, "", "", now)
}

// finish makes p a finished pod: every container terminated with
// o.ExitCode, the phase Succeeded or Failed, not ready, o.Conditions set.
func (k *Kubelet) finish(p *core.Pod, o Outcome, now meta.Time) {
	if p.Status.StartTime == nil {
		p.Status.StartTime = &now
	}
	for i, c := range p.Spec.Containers {
		started, id := now, containerID(p, "", i)
		if j := slices.IndexFunc(p.Status.ContainerStatuses, func(s core.ContainerStatus) bool { return s.Name == c.Name }); j >= 0 {
			if r := p.Status.ContainerStatuses[j].State.Running; r != nil {
				started = r.StartedAt
			}
			if cid := p.Status.ContainerStatuses[j].ContainerID; cid != "" {
				id = cid
			}
		}
		jobtest.ContainerTerminated(c.Name, o.ExitCode)(p)
		j := slices.IndexFunc(p.Status.ContainerStatuses, func(s core.ContainerStatus) bool { return s.Name == c.Name })
		st := &p.Status.ContainerStatuses[j]
		no := false
		st.Image, st.ImageID, st.ContainerID, st.Ready, st.Started = c.Image, imageID(c.Image), id, false, &no
		t := st.State.Terminated
		t.StartedAt, t.FinishedAt, t.ContainerID = started, now, id
	}
	for i := range p.Status.InitContainerStatuses {
		st := &p.Status.InitContainerStatuses[i]
		if st.State.Running != nil { // a sidecar stops with the pod
			st.State = core.ContainerState{Terminated: &core.ContainerStateTerminated{
				ExitCode: 0, Reason: "Completed", StartedAt: st.State.Running.StartedAt, FinishedAt: now, ContainerID: st.ContainerID}}
			st.Ready = false
		}
	}
	if o.ExitCode == 0 {
		p.Status.Phase = core.PodSucceeded
	} else {
		p.Status.Phase = core.PodFailed
	}
	setCondition(p, core.PodReady, core.ConditionFalse, "PodCompleted", "", now)
	setCondition(p, core.ContainersReady, core.ConditionFalse, "PodCompleted", "", now)
	setCondition(p, core.PodReadyToStartContainers, core.ConditionFalse, "", "", now)
	for _, c := range o.Conditions {
		jobtest.PodCondition(c.Type, c.Status)(p)
		at := c.LastTransitionTime
		if at.IsZero() {
			at = now
		}
		setCondition(p, c.Type, c.Status, c.Reason, c.Message, at)
	}
}

// setCondition sets the condition t of p; its LastTransitionTime changes
// only when its status does.
func setCondition(p *core.Pod, t core.PodConditionType, status core.ConditionStatus, reason, message string, now meta.Time) {
	for i := range p.Status.Conditions {
		c := &p.Status.Conditions[i]
		if c.Type != t {
			continue
		}
		if c.Status != status || c.LastTransitionTime.IsZero() {
			c.LastTransitionTime = now
		}
		c.Status, c.Reason, c.Message = status, reason, message
		return
	}
	p.Status.Conditions = append(p.Status.Conditions, core.PodCondition{Type: t, Status: status, Reason: reason, Message: message, LastTransitionTime: now})
}

// completionIndex returns the completion index of pod as the Job
// controller reads it: NoIndex when it has none.
func completionIndex(pod *corev1.Pod) int {
	return controller.CompletionIndexOf(pod.Annotations)
}

// imageID is the digest-like identifier the fake runtime reports for image.
func imageID(image string) string { return "jobkit.io/fake-kubelet/" + image }

// containerID is the runtime identifier of a container of p.
func containerID(p *core.Pod, kind string, i int) string {
	return fmt.Sprintf("fake://%s-%s%d", p.ObjectMeta.UID, kind, i)
}
