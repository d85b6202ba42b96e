package controller_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// When a creation fails, Apply plans the rest of the sync again. The
// plan must read the expectations as Sync read them, not as Apply has
// since changed them: the real controller reads its expectations once
// per sync, and writes the status counting the pods it did create. (A
// re-plan that saw the creations Apply had just recorded took them for
// writes of an earlier sync still in flight, created nothing and wrote
// active=0.)
func TestApplyReplansWithTheExpectationsSyncRead(t *testing.T) {
	tests := []struct {
		name       string
		fault      jobtest.Fault
		wantActive int32
		wantPods   int
	}{
		{"first batch fails, the second is skipped", jobtest.Fault{Verb: jobtest.VerbCreatePod, N: 1, Err: jobtest.ServerTimeout()}, 0, 0},
		{"a pod of the second batch fails, the third batch is skipped", jobtest.Fault{Verb: jobtest.VerbCreatePod, N: 2, Err: jobtest.Conflict()}, 2, 2},
		{"the other pod of the second batch fails", jobtest.Fault{Verb: jobtest.VerbCreatePod, N: 3, Err: jobtest.InternalError()}, 2, 2},
		{"the third batch fails", jobtest.Fault{Verb: jobtest.VerbCreatePod, N: 4, Err: jobtest.ServerTimeout()}, 3, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
			store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }), jobtest.WithRandom(rand.NewChaCha8([32]byte{3})))
			job, _, err := store.Jobs("default").Create(jobtest.Job("pi", jobtest.Indexed(4), jobtest.Parallelism(4)))
			if err != nil {
				t.Fatal(err)
			}
			var exp controller.Expectations
			d := controller.Sync(job, nil, now, controller.Backoff{}, controller.WithExpectations(&exp))
			res, err := controller.Apply(context.Background(), jobtest.NewFaultyWriter(jobtest.NewStoreWriter(store), tt.fault), d)
			if err == nil {
				t.Fatal("Apply succeeded; want the injected error")
			}
			list, err := store.Pods("default").List()
			if err != nil {
				t.Fatal(err)
			}
			type got struct {
				Active int32
				Pods   int
			}
			want := got{tt.wantActive, tt.wantPods}
			g := got{Pods: len(list.Items)}
			if res.Job != nil {
				g.Active = res.Job.Status.Active
			}
			if diff := cmp.Diff(want, g); diff != "" {
				t.Errorf("after the failed sync (-want +got):\n%s", diff)
			}
		})
	}
}

// The pod failure backoff asks for a sync when it ends, but not sooner
// than SyncJobBatchPeriod, as Kubernetes' enqueueSyncJobWithDelay.
func TestBackoffRequeueIsNotSoonerThanTheBatchPeriod(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		elapsed time.Duration // since the last failure; the backoff is 10s
		want    time.Duration
	}{
		{"5s left", 5 * time.Second, 5 * time.Second},
		{"1s left", 9 * time.Second, time.Second},
		{"300ms left", 9700 * time.Millisecond, controller.SyncJobBatchPeriod},
		{"none left", 10 * time.Second, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := jobtest.Job("pi", jobtest.Completions(2), jobtest.Parallelism(1), jobtest.UID("u"))
			job.ObjectMeta.Namespace = "default"
			b := controller.Backoff{FailuresAfterLastSuccess: 1, LastFailureTime: now.Add(-tt.elapsed)}
			d := controller.Sync(job, nil, now, b)
			if diff := cmp.Diff(tt.want, d.RequeueAfter); diff != "" {
				t.Errorf("RequeueAfter (-want +got):\n%s", diff)
			}
		})
	}
}
