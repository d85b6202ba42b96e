package controller

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// writeSummary is a Write as the tests compare it.
type writeSummary struct {
	Kind      WriteKind
	Pods      int
	Keep      bool
	Failed    int32
	Succeeded int32
	Uncounted int
}

func summarize(ws []Write) []writeSummary {
	var out []writeSummary
	for _, w := range ws {
		s := writeSummary{Kind: w.Kind, Pods: len(w.Pods), Keep: w.KeepFinalizers}
		if w.Kind == UpdateStatus {
			s.Failed, s.Succeeded = w.Status.Failed, w.Status.Succeeded
			if u := w.Status.UncountedTerminatedPods; u != nil {
				s.Uncounted = len(u.Succeeded) + len(u.Failed)
			}
		}
		out = append(out, s)
	}
	return out
}

// failedPodCluster is a NonIndexed Job, backoffLimit 0, whose one pod
// failed: one sync fails it.
func failedPodCluster(t *testing.T) *cluster {
	job := nonIndexedJob(1, 1)
	job.Spec.BackoffLimit = ptr(int32(0))
	c := newCluster(t, job)
	c.sync()
	c.finish(c.active()[0], 1)
	return c
}

func TestSyncWritesInTheControllersOrder(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T) *cluster
		want  []writeSummary
	}{
		{
			name: "creations in slow-start batches",
			setup: func(t *testing.T) *cluster {
				return newCluster(t, nonIndexedJob(10, 10))
			},
			want: []writeSummary{
				{Kind: CreatePods, Pods: 1}, {Kind: CreatePods, Pods: 2}, {Kind: CreatePods, Pods: 4}, {Kind: CreatePods, Pods: 3},
				{Kind: UpdateStatus},
			},
		},
		{
			name:  "a failed pod: the interim status lists it, its finalizer goes, the final status counts it",
			setup: failedPodCluster,
			want: []writeSummary{
				{Kind: UpdateStatus, Uncounted: 1},
				{Kind: RemoveFinalizers, Pods: 1},
				{Kind: UpdateStatus, Failed: 1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.setup(t)
			d := Sync(c.job, c.pods, c.now, c.backoff)
			if diff := cmp.Diff(tt.want, summarize(d.Writes)); diff != "" {
				t.Errorf("writes (-want +got):\n%s", diff)
			}
		})
	}
}

// memWriter is a Writer over a cluster whose calls of one kind fail.
type memWriter struct {
	c    *cluster
	fail map[string]error
	log  []string
}

func (w *memWriter) err(verb string) error {
	w.log = append(w.log, verb)
	return w.fail[verb]
}

func (w *memWriter) CreatePod(_ context.Context, p *core.Pod) error {
	if err := w.err("create"); err != nil {
		return err
	}
	q := p.DeepCopy()
	w.c.nextUID++
	q.ObjectMeta.Name = q.ObjectMeta.GenerateName + string(rune('a'+w.c.nextUID))
	q.ObjectMeta.UID = meta.UID(q.ObjectMeta.Name)
	q.Status.Phase = core.PodPending
	w.c.pods = append(w.c.pods, q)
	return nil
}

func (w *memWriter) DeletePod(_ context.Context, p *core.Pod) error {
	if err := w.err("delete"); err != nil {
		return err
	}
	if q := w.c.find(p.ObjectMeta.UID); q != nil {
		q.ObjectMeta.DeletionTimestamp = &meta.Time{Time: w.c.now}
	}
	w.c.collect()
	return nil
}

func (w *memWriter) RemoveFinalizer(_ context.Context, p *core.Pod) error {
	if err := w.err("finalizer"); err != nil {
		return err
	}
	if q := w.c.find(p.ObjectMeta.UID); q != nil {
		q.ObjectMeta.Finalizers = nil
	}
	w.c.collect()
	return nil
}

func (w *memWriter) AdoptPod(context.Context, *jobapi.Job, *core.Pod) error { return w.err("adopt") }
func (w *memWriter) ReleasePod(context.Context, *jobapi.Job, *core.Pod) error {
	return w.err("release")
}

func (w *memWriter) UpdateJobStatus(_ context.Context, j *jobapi.Job) (*jobapi.Job, error) {
	if err := w.err("status"); err != nil {
		return nil, err
	}
	w.c.job = j.DeepCopy()
	return w.c.job, nil
}

func TestApplyAFailedWriteLosesOrDoubleCountsNoPod(t *testing.T) {
	boom := field.NewInternalError(errors.New("boom"))
	tests := []struct {
		name      string
		fail      string
		wantErr   bool
		wantAfter int32 // status.failed after the failed sync
	}{
		{name: "every write succeeds", wantAfter: 1},
		{name: "the status writes fail", fail: "status", wantErr: true, wantAfter: 0},
		{name: "the finalizer removal fails", fail: "finalizer", wantErr: true, wantAfter: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := failedPodCluster(t)
			w := &memWriter{c: c, fail: map[string]error{tt.fail: boom}}
			_, err := Apply(context.Background(), w, Sync(c.job, c.pods, c.now, c.backoff))
			if (err != nil) != tt.wantErr {
				t.Fatalf("Apply: %v", err)
			}
			if c.job.Status.Failed != tt.wantAfter {
				t.Errorf("failed %d after the failed sync, want %d", c.job.Status.Failed, tt.wantAfter)
			}
			// The next syncs, with no fault, reach the truth: one failure,
			// the Job failed.
			w.fail = nil
			for range 5 {
				if _, err := Apply(context.Background(), w, Sync(c.job, c.pods, c.now, c.backoff)); err != nil {
					t.Fatal(err)
				}
			}
			if c.job.Status.Failed != 1 || !IsFinished(c.job) {
				t.Errorf("failed %d, finished %v; want 1, true", c.job.Status.Failed, IsFinished(c.job))
			}
		})
	}
}

func TestSyncWithExpectationsDoesNotCreateTwice(t *testing.T) {
	c := newCluster(t, nonIndexedJob(3, 3))
	var exp Expectations
	w := &memWriter{c: c}
	d := Sync(c.job, nil, c.now, Backoff{}, WithExpectations(&exp))
	if _, err := Apply(context.Background(), w, d); err != nil {
		t.Fatal(err)
	}
	// A stale cache: the informer has seen none of the 3 pods yet.
	stale := Sync(c.job, nil, c.now, Backoff{}, WithExpectations(&exp))
	if len(stale.Create) != 0 {
		t.Errorf("with 3 creations in flight, Sync creates %d pods", len(stale.Create))
	}
	for _, p := range c.pods {
		exp.ObservePod(nil, p)
	}
	if d := Sync(c.job, c.pods, c.now, Backoff{}, WithExpectations(&exp)); len(d.Create) != 0 {
		t.Errorf("with every pod seen, Sync creates %d pods", len(d.Create))
	}
	// Creations never seen are waited for ExpectationsTimeout.
	var exp2 Expectations
	exp2.ExpectCreations(c.job.ObjectMeta.UID, 3, c.now)
	if d := Sync(c.job, nil, c.now.Add(ExpectationsTimeout+1), Backoff{}, WithExpectations(&exp2)); len(d.Create) != 3 {
		t.Errorf("after the timeout, Sync creates %d pods, want 3", len(d.Create))
	}
}

func TestSyncAdoptsAndReleases(t *testing.T) {
	c := newCluster(t, nonIndexedJob(2, 2))
	c.sync()
	match := c.job.Spec.Template.ObjectMeta.Labels
	orphan := &core.Pod{ObjectMeta: meta.ObjectMeta{Name: "orphan", Namespace: "ns", UID: "orphan", Labels: match}}
	orphan.Status.Phase = core.PodRunning
	strayLabels := map[string]string{"other": "x"}
	stray := c.pods[0].DeepCopy()
	stray.ObjectMeta.Labels = strayLabels
	other := orphan.DeepCopy()
	other.ObjectMeta.Name, other.ObjectMeta.UID = "other", "other"
	other.ObjectMeta.OwnerReferences = []meta.OwnerReference{{Kind: "Job", Name: "x", UID: "x", Controller: ptr(true)}}
	pods := []*core.Pod{orphan, stray, c.pods[1], other}
	tests := []struct {
		name        string
		deleting    bool
		wantAdopt   []string
		wantRelease []string
	}{
		{name: "orphans matching are adopted, controlled pods not matching released", wantAdopt: []string{"orphan"}, wantRelease: []string{stray.ObjectMeta.Name}},
		{name: "no adoption or release while the Job is being deleted", deleting: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := c.job.DeepCopy()
			if tt.deleting {
				job.ObjectMeta.DeletionTimestamp = &meta.Time{Time: c.now}
			}
			d := Sync(job, pods, c.now, Backoff{})
			names := func(ps []*core.Pod) []string {
				var out []string
				for _, p := range ps {
					out = append(out, p.ObjectMeta.Name)
				}
				return out
			}
			if diff := cmp.Diff(tt.wantAdopt, names(d.Adopt)); diff != "" {
				t.Errorf("Adopt (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantRelease, names(d.Release)); diff != "" {
				t.Errorf("Release (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSyncManagesTheJobsNamingIt(t *testing.T) {
	tests := []struct {
		name      string
		managedBy *string
		opts      []Option
		want      SkipReason
	}{
		{name: "default name, unset", want: ""},
		{name: "default name, kubernetes.io/job-controller", managedBy: ptr(ControllerName), want: ""},
		{name: "default name, another", managedBy: ptr("example.com/queue"), want: ManagedElsewhere},
		{name: "own name, naming it", managedBy: ptr("example.com/queue"), opts: []Option{WithControllerName("example.com/queue")}, want: ""},
		{name: "own name, unset", opts: []Option{WithControllerName("example.com/queue")}, want: ManagedElsewhere},
		{name: "own name, kubernetes.io/job-controller", managedBy: ptr(ControllerName), opts: []Option{WithControllerName("example.com/queue")}, want: ManagedElsewhere},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t, nonIndexedJob(1, 1))
			c.job.Spec.ManagedBy = tt.managedBy
			if got := Sync(c.job, nil, c.now, Backoff{}, tt.opts...).Skipped; got != tt.want {
				t.Errorf("Skipped %q, want %q", got, tt.want)
			}
		})
	}
}
