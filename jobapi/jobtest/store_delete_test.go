package jobtest_test

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// deletion is what a test reads of an object after a delete: whether it
// is still there and its deletion fields.
type deletion struct {
	Exists     bool
	Timestamp  *time.Time
	Grace      *int64
	Generation int64
	Finalizers []string
}

func deletionOf[T jobtest.Object](t *testing.T, r *jobtest.Resource[T], name string, m func(*T) *meta.ObjectMeta) deletion {
	t.Helper()
	o, err := r.Get(name)
	if field.ReasonOf(err) == field.StatusReasonNotFound {
		return deletion{}
	}
	if err != nil {
		t.Fatal(err)
	}
	om := m(o)
	d := deletion{Exists: true, Grace: om.DeletionGracePeriodSeconds, Generation: om.Generation, Finalizers: om.Finalizers}
	if om.DeletionTimestamp != nil {
		ts := om.DeletionTimestamp.Time.UTC()
		d.Timestamp = &ts
	}
	return d
}

func podMeta(p *core.Pod) *meta.ObjectMeta   { return &p.ObjectMeta }
func jobMeta(j *jobapi.Job) *meta.ObjectMeta { return &j.ObjectMeta }

func at(d time.Duration) *time.Time { ts := t0.Add(d); return &ts }

// TestDeletePodGracefully pins the pod strategy's CheckGracefulDelete and
// rest.BeforeDelete: a scheduled pod that has not finished is given a
// grace period (the request's, else spec.terminationGracePeriodSeconds,
// 30 by default), marked with deletionTimestamp = now + grace and
// deletionGracePeriodSeconds, its generation bumped, and stays until a
// delete with grace period 0 (the kubelet's); a second delete may only
// shorten the period; an unscheduled or finished pod goes at once.
func TestDeletePodGracefully(t *testing.T) {
	running := []jobtest.PodOption{jobtest.NodeName("node-1"), jobtest.Phase(core.PodRunning)}
	tests := []struct {
		name    string
		pod     *core.Pod
		deletes [][]jobtest.DeleteOption
		want    deletion
	}{
		{"a running pod gets the default 30s", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{nil},
			deletion{Exists: true, Timestamp: at(30 * time.Second), Grace: ptr[int64](30), Generation: 2}},
		{"terminationGracePeriodSeconds is the default grace period", jobtest.Pod("p", append(running, jobtest.TerminationGracePeriod(5))...),
			[][]jobtest.DeleteOption{nil},
			deletion{Exists: true, Timestamp: at(5 * time.Second), Grace: ptr[int64](5), Generation: 2}},
		{"the request's grace period wins", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{{jobtest.GracePeriod(10)}},
			deletion{Exists: true, Timestamp: at(10 * time.Second), Grace: ptr[int64](10), Generation: 2}},
		{"a negative grace period counts as 1", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{{jobtest.GracePeriod(-5)}},
			deletion{Exists: true, Timestamp: at(time.Second), Grace: ptr[int64](1), Generation: 2}},
		{"a second delete does not lengthen the period", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{{jobtest.GracePeriod(10)}, nil, {jobtest.GracePeriod(20)}},
			deletion{Exists: true, Timestamp: at(10 * time.Second), Grace: ptr[int64](10), Generation: 2}},
		{"a second delete shortens it", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{nil, {jobtest.GracePeriod(3)}},
			deletion{Exists: true, Timestamp: at(3 * time.Second), Grace: ptr[int64](3), Generation: 2}},
		{"grace period 0 (the kubelet's delete) removes it", jobtest.Pod("p", running...),
			[][]jobtest.DeleteOption{nil, {jobtest.GracePeriod(0)}},
			deletion{}},
		{"an unscheduled pod goes at once", jobtest.Pod("p"),
			[][]jobtest.DeleteOption{nil}, deletion{}},
		{"a succeeded pod goes at once", jobtest.Pod("p", jobtest.NodeName("node-1"), jobtest.Phase(core.PodSucceeded)),
			[][]jobtest.DeleteOption{nil}, deletion{}},
		{"a failed pod goes at once", jobtest.Pod("p", jobtest.NodeName("node-1"), jobtest.Phase(core.PodFailed)),
			[][]jobtest.DeleteOption{nil}, deletion{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			pods := s.Pods("ns")
			p := mustCreate(t, pods, tt.pod)
			if p.Status.Phase != tt.pod.Status.Phase && tt.pod.Status.Phase != "" {
				p.Status = tt.pod.Status
				if _, err := pods.UpdateStatus(p); err != nil {
					t.Fatal(err)
				}
			}
			for _, opts := range tt.deletes {
				if _, err := pods.Delete("p", opts...); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tt.want, deletionOf(t, pods, "p", podMeta)); diff != "" {
				t.Errorf("after the deletes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFinalizers pins the generic store's finalizer handling: a delete of
// an object with finalizers only marks it (markAsDeleting: deletionTimestamp
// now, deletionGracePeriodSeconds 0); the update that removes the last
// finalizer removes it (ShouldDeleteDuringUpdate), unless a pod's grace
// period is still running; a terminating object gains no finalizer.
func TestFinalizers(t *testing.T) {
	const f = "example.com/hold"
	t.Run("a Job with a finalizer stays until it is removed", func(t *testing.T) {
		s := newStore()
		jobs := s.Jobs("ns")
		mustCreate(t, jobs, jobtest.Job("pi", jobtest.Finalizers(f)))
		st, err := jobs.Delete("pi", jobtest.Propagation(jobtest.DeletePropagationBackground))
		if err != nil {
			t.Fatal(err)
		}
		if st.Status != field.StatusSuccess {
			t.Errorf("Status %q", st.Status)
		}
		want := deletion{Exists: true, Timestamp: at(0), Grace: ptr[int64](0), Generation: 2, Finalizers: []string{f}}
		if diff := cmp.Diff(want, deletionOf(t, jobs, "pi", jobMeta)); diff != "" {
			t.Errorf("after Delete (-want +got):\n%s", diff)
		}
		j := must(jobs.Get("pi"))
		j.ObjectMeta.Finalizers = append(j.ObjectMeta.Finalizers, "example.com/more")
		_, err = jobs.Update(j)
		jobtest.RequireFieldError(t, err, field.ErrorTypeForbidden, "metadata.finalizers")

		j = must(jobs.Get("pi"))
		j.ObjectMeta.Finalizers = nil
		if _, err := jobs.Update(j); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(deletion{}, deletionOf(t, jobs, "pi", jobMeta)); diff != "" {
			t.Errorf("after the last finalizer is removed (-want +got):\n%s", diff)
		}
	})
	t.Run("a running pod with the tracking finalizer waits for both", func(t *testing.T) {
		s := newStore()
		pods := s.Pods("ns")
		mustCreate(t, pods, jobtest.Pod("p", jobtest.NodeName("n"), jobtest.Finalizers(jobapi.JobTrackingFinalizer)))
		if _, err := pods.Delete("p"); err != nil {
			t.Fatal(err)
		}
		p := must(pods.Get("p"))
		p.ObjectMeta.Finalizers = nil
		if _, err := pods.Update(p); err != nil {
			t.Fatal(err)
		}
		want := deletion{Exists: true, Timestamp: at(30 * time.Second), Grace: ptr[int64](30), Generation: 2}
		if diff := cmp.Diff(want, deletionOf(t, pods, "p", podMeta)); diff != "" {
			t.Errorf("finalizer removed, grace period running (-want +got):\n%s", diff)
		}
		if _, err := pods.Delete("p", jobtest.GracePeriod(0)); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(deletion{}, deletionOf(t, pods, "p", podMeta)); diff != "" {
			t.Errorf("after the kubelet's delete (-want +got):\n%s", diff)
		}
	})
	t.Run("the kubelet's delete before the finalizer is removed", func(t *testing.T) {
		s := newStore()
		pods := s.Pods("ns")
		mustCreate(t, pods, jobtest.Pod("p", jobtest.NodeName("n"), jobtest.Finalizers(jobapi.JobTrackingFinalizer)))
		for _, opts := range [][]jobtest.DeleteOption{nil, {jobtest.GracePeriod(0)}} {
			if _, err := pods.Delete("p", opts...); err != nil {
				t.Fatal(err)
			}
		}
		want := deletion{Exists: true, Timestamp: at(0), Grace: ptr[int64](0), Generation: 2, Finalizers: []string{jobapi.JobTrackingFinalizer}}
		if diff := cmp.Diff(want, deletionOf(t, pods, "p", podMeta)); diff != "" {
			t.Errorf("terminated, finalizer left (-want +got):\n%s", diff)
		}
		p := must(pods.Get("p"))
		p.ObjectMeta.Finalizers = nil
		got, err := pods.Update(p)
		if err != nil {
			t.Fatal(err)
		}
		if got.ObjectMeta.Finalizers != nil {
			t.Errorf("Update answered with finalizers %v", got.ObjectMeta.Finalizers)
		}
		if diff := cmp.Diff(deletion{}, deletionOf(t, pods, "p", podMeta)); diff != "" {
			t.Errorf("after the finalizer is removed (-want +got):\n%s", diff)
		}
	})
	t.Run("a deletionTimestamp on create is dropped", func(t *testing.T) {
		s := newStore()
		ts := meta.NewTime(t0)
		p := mustCreate(t, s.Pods("ns"), jobtest.Pod("p", jobtest.MetaOption(func(m *meta.ObjectMeta) {
			m.DeletionTimestamp, m.DeletionGracePeriodSeconds = &ts, ptr[int64](3)
		})))
		if p.ObjectMeta.DeletionTimestamp != nil || p.ObjectMeta.DeletionGracePeriodSeconds != nil {
			t.Errorf("created with deletion fields %v %v", p.ObjectMeta.DeletionTimestamp, p.ObjectMeta.DeletionGracePeriodSeconds)
		}
	})
}

// TestDeletePropagation pins deletion propagation (shouldOrphanDependents,
// shouldDeleteDependents: batch/v1 Jobs orphan by default) and the
// garbage collector's handling of each policy, through owner references.
func TestDeletePropagation(t *testing.T) {
	type state struct {
		Job        deletion
		Pods       map[string]deletion
		PodsOwners map[string]int // owner references left on each pod
	}
	tests := []struct {
		name string
		opts []jobtest.DeleteOption
		// removeFinalizers removes the pods' finalizers and sends the
		// kubelet's delete after the Job's delete.
		finishPods bool
		want       state
	}{
		{"orphan, batch/v1's default: pods kept without the owner reference", nil, false, state{
			Pods:       map[string]deletion{"idle": {Exists: true, Generation: 1}, "running": {Exists: true, Generation: 1, Finalizers: []string{jobapi.JobTrackingFinalizer}}},
			PodsOwners: map[string]int{"idle": 0, "running": 0},
		}},
		{"background: the Job goes at once, its pods after it", []jobtest.DeleteOption{jobtest.Propagation(jobtest.DeletePropagationBackground)}, false, state{
			Pods:       map[string]deletion{"idle": {}, "running": {Exists: true, Timestamp: at(30 * time.Second), Grace: ptr[int64](30), Generation: 2, Finalizers: []string{jobapi.JobTrackingFinalizer}}},
			PodsOwners: map[string]int{"running": 1},
		}},
		{"foreground: the Job waits for its blocking pods", []jobtest.DeleteOption{jobtest.Propagation(jobtest.DeletePropagationForeground)}, false, state{
			Job:        deletion{Exists: true, Timestamp: at(0), Grace: ptr[int64](0), Generation: 2, Finalizers: []string{meta.FinalizerDeleteDependents}},
			Pods:       map[string]deletion{"idle": {}, "running": {Exists: true, Timestamp: at(30 * time.Second), Grace: ptr[int64](30), Generation: 2, Finalizers: []string{jobapi.JobTrackingFinalizer}}},
			PodsOwners: map[string]int{"running": 1},
		}},
		{"foreground: the Job goes when its pods have", []jobtest.DeleteOption{jobtest.Propagation(jobtest.DeletePropagationForeground)}, true, state{
			Pods: map[string]deletion{"idle": {}, "running": {}}, PodsOwners: map[string]int{},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			jobs, pods := s.Jobs("ns"), s.Pods("ns")
			job := mustCreate(t, jobs, jobtest.Job("pi"))
			mustCreate(t, pods, jobtest.Pod("idle", jobtest.OwnedBy(job)))
			mustCreate(t, pods, jobtest.Pod("running", jobtest.OwnedBy(job), jobtest.NodeName("n"), jobtest.Finalizers(jobapi.JobTrackingFinalizer)))
			if _, err := jobs.Delete("pi", tt.opts...); err != nil {
				t.Fatal(err)
			}
			if tt.finishPods {
				p := must(pods.Get("running"))
				p.ObjectMeta.Finalizers = nil
				if _, err := pods.Update(p); err != nil {
					t.Fatal(err)
				}
				if _, err := pods.Delete("running", jobtest.GracePeriod(0)); err != nil {
					t.Fatal(err)
				}
			}
			got := state{Job: deletionOf(t, jobs, "pi", jobMeta), Pods: map[string]deletion{}, PodsOwners: map[string]int{}}
			for _, name := range []string{"idle", "running"} {
				got.Pods[name] = deletionOf(t, pods, name, podMeta)
				if p, err := pods.Get(name); err == nil {
					got.PodsOwners[name] = len(p.ObjectMeta.OwnerReferences)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("after the delete (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDeleteErrors pins the Status errors of a delete: the validation of
// DeleteOptions (ValidateDeleteOptions) and the preconditions of
// rest.BeforeDelete, worded as the API server words them.
func TestDeleteErrors(t *testing.T) {
	s := newStore()
	job := mustCreate(t, s.Jobs("ns"), jobtest.Job("pi"))
	tests := []struct {
		name string
		opts []jobtest.DeleteOption
		want field.Status
	}{
		{"an unknown propagation policy", []jobtest.DeleteOption{jobtest.Propagation("Sideways")}, field.Status{
			Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Reason: field.StatusReasonInvalid, Code: 422,
			Message: `DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`,
			Details: &field.StatusDetails{Group: "meta.k8s.io", Kind: "DeleteOptions", Causes: []field.StatusCause{{
				Type: field.ErrorTypeNotSupported, Field: "propagationPolicy",
				Message: `Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`,
			}}},
		}},
		{"a stale uid", []jobtest.DeleteOption{jobtest.PreconditionUID("other")}, field.Status{
			Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Reason: field.StatusReasonConflict, Code: 409,
			Message: `Operation cannot be fulfilled on Job.batch "pi": the UID in the precondition (other) does not match the UID in record (` + string(job.ObjectMeta.UID) + `). The object might have been deleted and then recreated`,
			Details: &field.StatusDetails{Name: "pi", Group: "batch", Kind: "Job"},
		}},
		{"a stale resourceVersion", []jobtest.DeleteOption{jobtest.PreconditionResourceVersion("1")}, field.Status{
			Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Reason: field.StatusReasonConflict, Code: 409,
			Message: `Operation cannot be fulfilled on Job.batch "pi": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (2). The object might have been modified`,
			Details: &field.StatusDetails{Name: "pi", Group: "batch", Kind: "Job"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Jobs("ns").Delete("pi", tt.opts...)
			se, ok := err.(*field.StatusError)
			if !ok {
				t.Fatalf("error %v (%T), want a *field.StatusError", err, err)
			}
			if diff := cmp.Diff(tt.want, se.ErrStatus); diff != "" {
				t.Errorf("Status (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJobDefaultsOnCreate pins batch/v1's SetDefaults_Job as the API
// server applies it to a Job it decodes, and the label copy of the read
// back from storage.
func TestJobDefaultsOnCreate(t *testing.T) {
	type defaults struct {
		Completions, Parallelism, BackoffLimit *int32
		CompletionMode                         *jobapi.CompletionMode
		Suspend                                *bool
		PodReplacementPolicy                   *jobapi.PodReplacementPolicy
		Labels                                 int
	}
	nonIndexed, indexed := jobapi.NonIndexedCompletion, jobapi.IndexedCompletion
	tof, failed := jobapi.TerminatingOrFailed, jobapi.Failed
	tests := []struct {
		name string
		job  *jobapi.Job
		want defaults
	}{
		{"a bare Job", jobtest.Job("pi"), defaults{ptr[int32](1), ptr[int32](1), ptr[int32](6), &nonIndexed, ptr(false), &tof, 2}},
		{"parallelism alone leaves completions unset", jobtest.Job("pi", jobtest.Parallelism(3)), defaults{nil, ptr[int32](3), ptr[int32](6), &nonIndexed, ptr(false), &tof, 2}},
		{"backoffLimitPerIndex makes backoffLimit the largest int32", jobtest.Job("pi", jobtest.Indexed(4), jobtest.BackoffLimitPerIndex(1)),
			defaults{ptr[int32](4), ptr[int32](1), ptr[int32](math.MaxInt32), &indexed, ptr(false), &tof, 2}},
		{"a podFailurePolicy makes podReplacementPolicy Failed", jobtest.Job("pi", jobtest.PodFailurePolicy(jobtest.FailJobOnExitCodes(42))),
			defaults{ptr[int32](1), ptr[int32](1), ptr[int32](6), &nonIndexed, ptr(false), &failed, 2}},
		{"set values are kept", jobtest.Job("pi", jobtest.BackoffLimit(2), jobtest.Suspend(true)),
			defaults{ptr[int32](1), ptr[int32](1), ptr[int32](2), &nonIndexed, ptr(true), &tof, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := mustCreate(t, newStore().Jobs("ns"), tt.job)
			sp := j.Spec
			got := defaults{sp.Completions, sp.Parallelism, sp.BackoffLimit, sp.CompletionMode, sp.Suspend, sp.PodReplacementPolicy, len(j.ObjectMeta.Labels)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("defaults (-want +got):\n%s", diff)
			}
		})
	}
}
