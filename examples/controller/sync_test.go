package jobcontroller

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	k8stesting "k8s.io/client-go/testing"
)

const (
	removeFinalizer = `{"metadata":{"$deleteFromPrimitiveList/finalizers":["batch.kubernetes.io/job-tracking"]}}`
	adopt           = `{"metadata":{"ownerReferences":[{"apiVersion":"batch/v1","kind":"Job","name":"pi","uid":"00000000-0000-0000-0000-0000000000aa","controller":true,"blockOwnerDeletion":true}],"uid":"uid-orphan","finalizers":["batch.kubernetes.io/job-tracking"]}}`
	release         = `{"metadata":{"uid":"uid-stray","ownerReferences":[{"$patch":"delete","uid":"00000000-0000-0000-0000-0000000000aa"}],"$deleteFromPrimitiveList/finalizers":["batch.kubernetes.io/job-tracking"]}}`
)

func managedBy(name string) func(*batchv1.Job) {
	return func(j *batchv1.Job) { j.Spec.ManagedBy = &name }
}

// TestSyncJobRequests checks the requests one sync makes, against a fake
// clientset, for the Job "pi" and the pods the informer holds.
func TestSyncJobRequests(t *testing.T) {
	tests := []struct {
		name    string
		job     *batchv1.Job
		pods    []*corev1.Pod
		opts    []Option
		want    []request
		wantErr bool
	}{
		{
			name: "a new Job gets its pod and its status",
			job:  testJob(),
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "parallelism 3 is created in slow-start batches, then the status",
			job:  testJob(func(j *batchv1.Job) { three := int32(3); j.Spec.Parallelism, j.Spec.Completions = &three, &three }),
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a Job without managedBy is not this controller's by default",
			job:  testJob(),
		},
		{
			name: "a Job whose managedBy names the controller is synced by default",
			job:  testJob(managedBy(DefaultName)),
			want: []request{
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a Job managed by kube-controller-manager's name is synced with ManageUnmanaged",
			job:  testJob(managedBy(controller.ControllerName)),
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a Job managed by a third controller is left alone even with ManageUnmanaged",
			job:  testJob(managedBy("example.com/other")),
			opts: []Option{ManageUnmanaged()},
		},
		{
			name: "a controller named for another managedBy syncs only those Jobs",
			job:  testJob(managedBy("example.com/mine")),
			opts: []Option{WithName("example.com/mine")},
			want: []request{
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a succeeded pod is logged as uncounted, its finalizer removed by a patch, then counted",
			job:  testJob(),
			pods: []*corev1.Pod{testPod("pi-a", succeeded)},
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
				{Verb: "patch", Resource: "pods", Name: "pi-a", Patch: removeFinalizer},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "an orphan matching the selector is adopted after a fresh read of the Job",
			job:  testJob(),
			pods: []*corev1.Pod{testPod("orphan", orphan)},
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "get", Resource: "jobs", Name: "pi"},
				{Verb: "patch", Resource: "pods", Name: "orphan", Patch: adopt},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a pod that no longer matches the selector is released",
			job:  testJob(),
			pods: []*corev1.Pod{testPod("stray", func(p *corev1.Pod) { p.Labels = map[string]string{"other": "x"} })},
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "patch", Resource: "pods", Name: "stray", Patch: release},
				{Verb: "create", Resource: "pods", Name: "pi-"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "an excess pod loses its finalizer and is deleted",
			job:  testJob(),
			pods: []*corev1.Pod{testPod("pi-a"), testPod("pi-b", func(p *corev1.Pod) { p.CreationTimestamp = metav1.NewTime(testNow) })},
			opts: []Option{ManageUnmanaged()},
			want: []request{
				{Verb: "patch", Resource: "pods", Name: "pi-b", Patch: removeFinalizer},
				{Verb: "delete", Resource: "pods", Name: "pi-b"},
				{Verb: "update", Resource: "jobs", Subresource: "status", Name: "pi"},
			},
		},
		{
			name: "a finished Job is left alone",
			job: testJob(func(j *batchv1.Job) {
				j.Status.Conditions = []batchv1.JobCondition{{Type: batchv1.JobComplete, Status: corev1.ConditionTrue}}
			}),
			opts: []Option{ManageUnmanaged()},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := []runtime.Object{tt.job}
			for _, p := range tt.pods {
				objs = append(objs, p)
			}
			cs := newFake(objs...)
			c := newTestController(t, cs, objs, tt.opts...)
			_, err := c.syncJob(context.Background(), "ns/pi")
			if (err != nil) != tt.wantErr {
				t.Fatalf("syncJob: %v, want an error: %t", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, requests(cs, 0)); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSyncJobStatus checks the status the sync of a Job whose pod
// succeeded writes in the end.
func TestSyncJobStatus(t *testing.T) {
	job, pod := testJob(), testPod("pi-a", succeeded)
	cs := newFake(job, pod)
	c := newTestController(t, cs, []runtime.Object{job, pod}, ManageUnmanaged())
	if _, err := c.syncJob(context.Background(), "ns/pi"); err != nil {
		t.Fatal(err)
	}
	got, err := cs.BatchV1().Jobs("ns").Get(context.Background(), "pi", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at := metav1.NewTime(testNow)
	zero := int32(0)
	want := batchv1.JobStatus{
		Conditions: []batchv1.JobCondition{
			{Type: batchv1.JobSuccessCriteriaMet, Status: corev1.ConditionTrue, LastProbeTime: at, LastTransitionTime: at, Reason: "CompletionsReached", Message: "Reached expected number of succeeded pods"},
			{Type: batchv1.JobComplete, Status: corev1.ConditionTrue, LastProbeTime: at, LastTransitionTime: at, Reason: "CompletionsReached", Message: "Reached expected number of succeeded pods"},
		},
		StartTime: &at, CompletionTime: &at, Succeeded: 1, Ready: &zero, Terminating: &zero,
		UncountedTerminatedPods: &batchv1.UncountedTerminatedPods{},
	}
	if diff := cmp.Diff(want, got.Status, cmp.Comparer(func(a, b metav1.Time) bool { return a.Equal(&b) })); diff != "" {
		t.Errorf("status (-want +got):\n%s", diff)
	}
	if st := c.Stats(); st.Writes != 3 {
		t.Errorf("Stats().Writes = %d, want 3", st.Writes)
	}
}

// TestSyncJobFailureRequeues checks that a failed status write fails the
// sync with an error both apimachinery and jobkit read as the server's,
// and that the worker retries the Job with the rate limit, keeping the
// expectations of the pod it created.
func TestSyncJobFailureRequeues(t *testing.T) {
	job := testJob()
	cs := newFake(job)
	cs.PrependReactor("update", "jobs", func(a k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewConflict(schema.GroupResource{Group: "batch", Resource: "jobs"}, "pi", errors.New("the object has been modified"))
	})
	c := newTestController(t, cs, []runtime.Object{job}, ManageUnmanaged())
	_, err := c.syncJob(context.Background(), "ns/pi")
	if !apierrors.IsConflict(err) || !field.IsConflict(err) {
		t.Fatalf("syncJob: %v; want a Conflict for apierrors and field", err)
	}
	c.queue.Add("ns/pi")
	if !c.processNextJob(context.Background()) {
		t.Fatal("processNextJob: the queue is shut down")
	}
	if n := c.queue.NumRequeues("ns/pi"); n != 1 {
		t.Errorf("NumRequeues = %d, want 1 (rate-limited retry)", n)
	}
	if st := c.Stats(); st.Syncs != 1 || st.Failures != 1 {
		t.Errorf("Stats = %+v, want 1 sync, 1 failure", st)
	}
	var want controller.Expectations
	want.ExpectCreations(meta.UID(job.UID), 1, testNow)
	if got := &c.state(job).exp; !got.Equal(&want) {
		t.Errorf("expectations after the first sync: want one creation in flight")
	}
}

// TestSyncJobWaitsForItsWrites checks the read-your-writes guard: after a
// status write, a sync on a cache that has not seen it fails (and is
// retried) without a request.
func TestSyncJobWaitsForItsWrites(t *testing.T) {
	tests := []struct {
		name  string
		wrote writtenVersions
		read  string
		want  error
	}{
		{name: "nothing written: ready", read: "5"},
		{name: "the cache saw the write: ready", wrote: writtenVersions{jobs: "7"}, read: "7"},
		{name: "the cache saw later writes: ready", wrote: writtenVersions{pods: "7"}, read: "12"},
		{name: "the cache cannot tell: ready", wrote: writtenVersions{jobs: "7"}, read: ""},
		{name: "the cache is behind the Job write", wrote: writtenVersions{jobs: "9"}, read: "7",
			want: &staleError{resource: "jobs.batch", read: "7", wrote: "9"}},
		{name: "the cache is behind the pod write", wrote: writtenVersions{pods: "10", jobs: "3"}, read: "9",
			want: &staleError{resource: "pods", read: "9", wrote: "10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.wrote
			store := versionStore{rv: tt.read}
			err := w.ready(store, store)
			if diff := cmp.Diff(tt.want, err, cmp.AllowUnexported(staleError{})); diff != "" {
				t.Errorf("ready (-want +got):\n%s", diff)
			}
		})
	}

	job := testJob()
	cs := newFake(job)
	c := newTestController(t, cs, []runtime.Object{job}, ManageUnmanaged())
	c.jobInformer.GetStore().Bookmark("50")
	c.state(job).wrote.wroteJob("99")
	_, err := c.syncJob(context.Background(), "ns/pi")
	want := &staleError{resource: "jobs.batch", read: "50", wrote: "99"}
	if diff := cmp.Diff(error(want), err, cmp.AllowUnexported(staleError{})); diff != "" {
		t.Errorf("syncJob on a stale cache (-want +got):\n%s", diff)
	}
	if got := requests(cs, 0); len(got) != 0 {
		t.Errorf("syncJob on a stale cache made requests %v", got)
	}
	c.jobInformer.GetStore().Bookmark("99")
	if _, err := c.syncJob(context.Background(), "ns/pi"); err != nil {
		t.Errorf("syncJob once the cache saw the write: %v", err)
	}
}

// versionStore is a cache.Store that reports a fixed resourceVersion.
type versionStore struct {
	cacheStore
	rv string
}

func (s versionStore) LastStoreSyncResourceVersion() string { return s.rv }

// TestWriterErrors checks the errors of the writer: the API server's as
// both apimachinery's and jobkit's, what Kubernetes' controller ignores
// ignored.
func TestWriterErrors(t *testing.T) {
	notFound := apierrors.NewNotFound(schema.GroupResource{Resource: "pods"}, "pi-a")
	terminating := apierrors.NewForbidden(schema.GroupResource{Resource: "pods"}, "", errors.New("namespace ns is being terminated"))
	terminating.ErrStatus.Details.Causes = []metav1.StatusCause{{Type: corev1.NamespaceTerminatingCause, Message: "namespace ns is being terminated", Field: "metadata.namespace"}}
	invalid := apierrors.NewInvalid(schema.GroupKind{Kind: "Pod"}, "pi-a", nil)
	fail := func(verb, resource string, err error) func(*k8stesting.Fake) {
		return func(f *k8stesting.Fake) {
			f.PrependReactor(verb, resource, func(k8stesting.Action) (bool, runtime.Object, error) { return true, nil, err })
		}
	}
	pod := testPod("pi-a")
	tests := []struct {
		name         string
		fake         func(*k8stesting.Fake)
		call         func(w *writer) error
		wantNil      bool
		wantNotFound bool
	}{
		{
			name:         "a deletion of a pod that is gone is NotFound for apimachinery and jobkit",
			fake:         fail("delete", "pods", notFound),
			call:         func(w *writer) error { return w.DeletePod(context.Background(), mustPod(pod)) },
			wantNotFound: true,
		},
		{
			name:         "a finalizer removal of a pod that is gone is NotFound",
			fake:         fail("patch", "pods", notFound),
			call:         func(w *writer) error { return w.RemoveFinalizer(context.Background(), mustPod(pod)) },
			wantNotFound: true,
		},
		{
			name:    "a creation refused because the namespace is terminating is not an error",
			fake:    fail("create", "pods", terminating),
			call:    func(w *writer) error { return w.CreatePod(context.Background(), mustPod(testPod("new", orphan))) },
			wantNil: true,
		},
		{
			name:    "a release of a pod that is gone is done",
			fake:    fail("patch", "pods", notFound),
			call:    func(w *writer) error { return w.ReleasePod(context.Background(), mustJob(testJob()), mustPod(pod)) },
			wantNil: true,
		},
		{
			name:    "a release refused as invalid (another pod of the name) is done",
			fake:    fail("patch", "pods", invalid),
			call:    func(w *writer) error { return w.ReleasePod(context.Background(), mustJob(testJob()), mustPod(pod)) },
			wantNil: true,
		},
		{
			name:    "a finalizer removal of a pod without it sends nothing",
			fake:    fail("patch", "pods", errors.New("no request expected")),
			call:    func(w *writer) error { return w.RemoveFinalizer(context.Background(), mustPod(testPod("x", orphan))) },
			wantNil: true,
		},
		{
			name: "an adoption for a Job being deleted is refused before any patch",
			fake: func(f *k8stesting.Fake) {
				fail("patch", "pods", errors.New("no patch expected"))(f)
				f.PrependReactor("get", "jobs", func(k8stesting.Action) (bool, runtime.Object, error) {
					j := testJob()
					now := metav1.NewTime(testNow)
					j.DeletionTimestamp = &now
					return true, j, nil
				})
			},
			call: func(w *writer) error {
				return w.AdoptPod(context.Background(), mustJob(testJob()), mustPod(testPod("orphan", orphan)))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := newFake(testJob(), pod)
			tt.fake(&cs.Fake)
			w := &writer{client: cs, job: testJob(), wrote: &writtenVersions{}, count: func() {}}
			err := tt.call(w)
			if tt.wantNil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatal("got nil, want an error")
			}
			if got := apierrors.IsNotFound(err) && field.IsNotFound(err); got != tt.wantNotFound {
				t.Errorf("NotFound for both apierrors and field: %t, want %t (%v)", got, tt.wantNotFound, err)
			}
		})
	}
}

// TestStatusFromAPI checks the conversion of an Invalid Status.
func TestStatusFromAPI(t *testing.T) {
	err := apierrors.NewInvalid(schema.GroupKind{Group: "batch", Kind: "Job"}, "pi", nil)
	err.ErrStatus.Details.Causes = []metav1.StatusCause{{Type: metav1.CauseTypeFieldValueInvalid, Message: "Invalid value: 1", Field: "status.succeeded"}}
	got := apiError(err)
	var se *field.StatusError
	if !errors.As(got, &se) {
		t.Fatalf("%v is not a *field.StatusError", got)
	}
	want := field.Status{
		Kind: "", APIVersion: "", Status: "Failure", Reason: field.StatusReasonInvalid, Code: 422,
		Message: `Job.batch "pi" is invalid`,
		Details: &field.StatusDetails{Name: "pi", Group: "batch", Kind: "Job", Causes: []field.StatusCause{
			{Type: field.ErrorType("FieldValueInvalid"), Message: "Invalid value: 1", Field: "status.succeeded"},
		}},
	}
	if diff := cmp.Diff(want, se.ErrStatus); diff != "" {
		t.Errorf("status (-want +got):\n%s", diff)
	}
	if got.Error() != err.Error() {
		t.Errorf("Error() = %q, want apimachinery's %q", got.Error(), err.Error())
	}
	plain := errors.New("connection reset")
	if apiError(plain) != plain {
		t.Error("an error without a Status is not returned as it is")
	}
}

// TestSyncJobRequeueAfterDeadline checks that a Job with
// activeDeadlineSeconds is synced again when its deadline passes.
func TestSyncJobRequeueAfterDeadline(t *testing.T) {
	job := testJob(func(j *batchv1.Job) {
		ads := int64(60)
		start := metav1.NewTime(testNow.Add(-20 * time.Second))
		j.Spec.ActiveDeadlineSeconds, j.Status.StartTime = &ads, &start
	})
	pod := testPod("pi-a")
	cs := newFake(job, pod)
	c := newTestController(t, cs, []runtime.Object{job, pod}, ManageUnmanaged())
	requeue, err := c.syncJob(context.Background(), "ns/pi")
	if err != nil {
		t.Fatal(err)
	}
	if requeue != 40*time.Second {
		t.Errorf("requeue after %v, want 40s", requeue)
	}
}
