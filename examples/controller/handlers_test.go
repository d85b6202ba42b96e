package jobcontroller

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/meta"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
)

// queued drains the controller's queues and returns what they held: the
// Jobs' keys and the orphan-pod work, sorted.
func queued(c *Controller) (jobs []string, orphans []orphanKey) {
	for c.queue.Len() > 0 {
		k, _ := c.queue.Get()
		jobs = append(jobs, k)
		c.queue.Done(k)
	}
	for c.orphans.Len() > 0 {
		k, _ := c.orphans.Get()
		orphans = append(orphans, k)
		c.orphans.Done(k)
	}
	slices.Sort(jobs)
	return jobs, orphans
}

// TestHandlersEnqueue checks which Jobs and orphan-pod work each informer
// event enqueues (with a batch period of 0, so at once).
func TestHandlersEnqueue(t *testing.T) {
	job := testJob()
	finishedJob := testJob(func(j *batchv1.Job) {
		j.Status.Conditions = []batchv1.JobCondition{{Type: batchv1.JobComplete, Status: corev1.ConditionTrue}}
	})
	elsewhere := testJob(managedBy("example.com/other"))
	deleting := func(p *corev1.Pod) {
		now := metav1.NewTime(testNow)
		p.DeletionTimestamp = &now
	}
	relabeled := func(p *corev1.Pod) { p.ResourceVersion = "21"; p.Labels = map[string]string{"other": "x"} }
	newer := func(p *corev1.Pod) { p.ResourceVersion = "21" }
	withFinalizer := func(p *corev1.Pod) { p.Finalizers = []string{batchv1.JobTrackingFinalizer} }
	tests := []struct {
		name        string
		job         *batchv1.Job
		event       func(c *Controller)
		wantJobs    []string
		wantOrphans []orphanKey
	}{
		{
			name:     "a pod added enqueues its Job",
			job:      job,
			event:    func(c *Controller) { c.addPod(testPod("a")) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name:  "a pod of a Job managed elsewhere enqueues nothing",
			job:   elsewhere,
			event: func(c *Controller) { c.addPod(testPod("a")) },
		},
		{
			name:     "an orphan matching the Job's selector enqueues the Job to adopt it",
			job:      job,
			event:    func(c *Controller) { c.addPod(testPod("o", orphan)) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name:        "an orphan with the tracking finalizer is orphan-pod work too",
			job:         job,
			event:       func(c *Controller) { c.addPod(testPod("o", orphan, withFinalizer)) },
			wantJobs:    []string{"ns/pi"},
			wantOrphans: []orphanKey{{namespace: "ns", value: "o"}},
		},
		{
			name:  "an update without a new resourceVersion (a resync) enqueues nothing",
			job:   job,
			event: func(c *Controller) { c.updatePod(testPod("a"), testPod("a")) },
		},
		{
			name:     "a pod updated enqueues its Job",
			job:      job,
			event:    func(c *Controller) { c.updatePod(testPod("a"), testPod("a", newer)) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name:     "a pod being deleted enqueues its Job",
			job:      job,
			event:    func(c *Controller) { c.updatePod(testPod("a"), testPod("a", newer, deleting)) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name:        "a pod of a finished Job being deleted is orphan-pod work",
			job:         finishedJob,
			event:       func(c *Controller) { c.updatePod(testPod("a"), testPod("a", newer, deleting)) },
			wantOrphans: []orphanKey{{namespace: "ns", value: "a"}},
		},
		{
			name:     "a pod deleted (a tombstone) enqueues its Job",
			job:      job,
			event:    func(c *Controller) { c.deletePod(cache.DeletedFinalStateUnknown{Key: "ns/a", Obj: testPod("a")}) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name: "an orphan relabeled to match no Job enqueues nothing but its finalizer work",
			job:  job,
			event: func(c *Controller) {
				c.updatePod(testPod("o", orphan), testPod("o", orphan, relabeled, withFinalizer))
			},
			wantOrphans: []orphanKey{{namespace: "ns", value: "o"}},
		},
		{
			name:     "a new Job is enqueued",
			job:      job,
			event:    func(c *Controller) { c.addJob(job) },
			wantJobs: []string{"ns/pi"},
		},
		{
			name:  "a new Job managed elsewhere is not",
			job:   elsewhere,
			event: func(c *Controller) { c.addJob(elsewhere) },
		},
		{
			name:        "a finished Job's update is orphan-pod work for its selector",
			job:         finishedJob,
			event:       func(c *Controller) { c.updateJob(job, finishedJob) },
			wantOrphans: []orphanKey{{bySelector: true, namespace: "ns", value: "batch.kubernetes.io/controller-uid=00000000-0000-0000-0000-0000000000aa"}},
		},
		{
			name:        "a deleted Job is synced (to forget it) and its pods are orphan-pod work",
			job:         job,
			event:       func(c *Controller) { c.deleteJob(cache.DeletedFinalStateUnknown{Key: "ns/pi", Obj: job}) },
			wantJobs:    []string{"ns/pi"},
			wantOrphans: []orphanKey{{bySelector: true, namespace: "ns", value: "batch.kubernetes.io/controller-uid=00000000-0000-0000-0000-0000000000aa"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestController(t, newFake(), []runtime.Object{tt.job}, ManageUnmanaged())
			tt.event(c)
			jobs, orphans := queued(c)
			if diff := cmp.Diff(tt.wantJobs, jobs); diff != "" {
				t.Errorf("Jobs enqueued (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantOrphans, orphans, cmp.AllowUnexported(orphanKey{})); diff != "" {
				t.Errorf("orphan-pod work enqueued (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHandlersObserve checks that pod events are recorded in the Job's
// expectations as controller.Expectations.ObservePod records them.
func TestHandlersObserve(t *testing.T) {
	uid := meta.UID(testJobUID)
	tests := []struct {
		name  string
		setup func(e *controller.Expectations)
		event func(c *Controller)
		want  func(e *controller.Expectations)
	}{
		{
			name:  "a pod added is a creation observed",
			setup: func(e *controller.Expectations) { e.ExpectCreations(uid, 2, testNow) },
			event: func(c *Controller) { c.addPod(testPod("a")) },
			want: func(e *controller.Expectations) {
				e.ExpectCreations(uid, 2, testNow)
				e.CreationObserved(uid)
			},
		},
		{
			name: "a pod deleted is a deletion observed and its finalizer gone",
			setup: func(e *controller.Expectations) {
				e.ExpectDeletions(uid, 1, testNow)
				e.ExpectFinalizersRemoved(uid, "uid-a")
			},
			event: func(c *Controller) { c.deletePod(testPod("a")) },
			want:  func(e *controller.Expectations) { e.ExpectDeletions(uid, 0, testNow) },
		},
		{
			name:  "a pod updated without the finalizer is its removal observed",
			setup: func(e *controller.Expectations) { e.ExpectFinalizersRemoved(uid, "uid-a", "uid-b") },
			event: func(c *Controller) {
				c.updatePod(testPod("a"), testPod("a", func(p *corev1.Pod) { p.ResourceVersion, p.Finalizers = "21", nil }))
			},
			want: func(e *controller.Expectations) { e.ExpectFinalizersRemoved(uid, "uid-b") },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := testJob()
			c := newTestController(t, newFake(), []runtime.Object{job}, ManageUnmanaged())
			st := c.state(job)
			tt.setup(&st.exp)
			tt.event(c)
			var want controller.Expectations
			tt.want(&want)
			if !st.exp.Equal(&want) {
				t.Error("the expectations after the event are not the ones wanted")
			}
		})
	}
}

// TestSyncOrphan checks which pods the orphan-pod work removes the
// tracking finalizer from.
func TestSyncOrphan(t *testing.T) {
	finishedJob := testJob(func(j *batchv1.Job) {
		j.Status.Conditions = []batchv1.JobCondition{{Type: batchv1.JobFailed, Status: corev1.ConditionTrue}}
	})
	withFinalizer := func(p *corev1.Pod) { p.Finalizers = []string{batchv1.JobTrackingFinalizer} }
	tests := []struct {
		name      string
		job       *batchv1.Job // nil: no Job
		pod       *corev1.Pod
		wantPatch bool
	}{
		{name: "an orphan with the finalizer loses it", job: testJob(), pod: testPod("o", orphan, withFinalizer), wantPatch: true},
		{name: "a pod of an unfinished Job keeps it", job: testJob(), pod: testPod("a")},
		{name: "a pod of a finished Job loses it", job: finishedJob, pod: testPod("a"), wantPatch: true},
		{name: "a pod whose Job is gone loses it", pod: testPod("a"), wantPatch: true},
		{name: "a pod of a finished Job managed elsewhere keeps it", job: testJob(managedBy("example.com/other"), func(j *batchv1.Job) {
			j.Status.Conditions = finishedJob.Status.Conditions
		}), pod: testPod("a")},
		{name: "a pod controlled by something else than a Job keeps it", pod: testPod("a", func(p *corev1.Pod) { p.OwnerReferences[0].Kind = "ReplicaSet" })},
		{name: "an orphan without the finalizer is not patched", pod: testPod("o", orphan)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := []runtime.Object{tt.pod}
			if tt.job != nil {
				objs = append(objs, tt.job)
			}
			cs := newFake(objs...)
			c := newTestController(t, cs, objs, ManageUnmanaged())
			if err := c.syncOrphans(context.Background(), orphanKey{namespace: "ns", value: tt.pod.Name}); err != nil {
				t.Fatal(err)
			}
			var want []request
			if tt.wantPatch {
				want = []request{{Verb: "patch", Resource: "pods", Name: tt.pod.Name, Patch: removeFinalizer}}
			}
			if diff := cmp.Diff(want, requests(cs, 0)); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUpdateJobDeadline checks that a changed activeDeadlineSeconds
// enqueues the Job for when the new deadline passes.
func TestUpdateJobDeadline(t *testing.T) {
	start := metav1.NewTime(testNow.Add(-10 * time.Second))
	old := testJob(func(j *batchv1.Job) { j.Status.StartTime = &start })
	cur := testJob(func(j *batchv1.Job) {
		ads := int64(11)
		j.Spec.ActiveDeadlineSeconds, j.Status.StartTime, j.Generation = &ads, &start, 2
	})
	c := newTestController(t, newFake(), []runtime.Object{cur}, ManageUnmanaged())
	c.updateJob(old, cur)
	if jobs, _ := queued(c); !slices.Equal(jobs, []string{"ns/pi"}) {
		t.Fatalf("enqueued at once: %v, want the spec change", jobs)
	}
	// The deadline is 1 s away: the Job comes back then.
	key, _ := c.queue.Get()
	c.queue.Done(key)
	if key != "ns/pi" {
		t.Errorf("enqueued after the deadline: %q", key)
	}
}
