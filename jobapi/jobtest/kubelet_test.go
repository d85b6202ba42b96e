package jobtest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/selector"
)

// podState is a pod as TestKubelet compares it: its phase, and each
// container's exit code (-1 while it runs or waits) and restart count.
type podState struct {
	Phase    core.PodPhase
	Exits    []int32
	Restarts []int32
}

func stateOf(p *core.Pod) podState {
	s := podState{Phase: p.Status.Phase}
	for _, c := range append(p.Status.InitContainerStatuses, p.Status.ContainerStatuses...) {
		code := int32(-1)
		if c.State.Terminated != nil {
			code = c.State.Terminated.ExitCode
		}
		s.Exits = append(s.Exits, code)
		s.Restarts = append(s.Restarts, c.RestartCount)
	}
	return s
}

func TestKubelet(t *testing.T) {
	tests := []struct {
		name  string
		pods  []*core.Pod
		exits jobtest.ExitCodes
		// want are the states of the pods (in name order) after each
		// Step, and wantWrote how many pods each Step wrote.
		want      [][]podState
		wantWrote []int
	}{
		{
			name:  "pods start Running, then end as the script says; past its end they succeed",
			pods:  []*core.Pod{jobtest.Pod("a", jobtest.Index(0)), jobtest.Pod("b", jobtest.Index(1))},
			exits: jobtest.ExitCodes{1: {3}},
			want: [][]podState{
				{{core.PodRunning, []int32{-1}, []int32{0}}, {core.PodRunning, []int32{-1}, []int32{0}}},
				{{core.PodSucceeded, []int32{0}, []int32{0}}, {core.PodFailed, []int32{3}, []int32{0}}},
				{{core.PodSucceeded, []int32{0}, []int32{0}}, {core.PodFailed, []int32{3}, []int32{0}}},
			},
			wantWrote: []int{2, 2, 0},
		},
		{
			name:  "restartPolicy OnFailure: a failed container restarts in its pod, each run taking the next exit code of its index",
			pods:  []*core.Pod{jobtest.Pod("a", jobtest.Index(4), jobtest.RestartPolicy(core.RestartPolicyOnFailure))},
			exits: jobtest.ExitCodes{4: {1, 2}},
			want: [][]podState{
				{{core.PodRunning, []int32{-1}, []int32{0}}},
				{{core.PodRunning, []int32{-1}, []int32{1}}},
				{{core.PodRunning, []int32{-1}, []int32{2}}},
				{{core.PodSucceeded, []int32{0}, []int32{2}}},
			},
			wantWrote: []int{1, 1, 1, 1},
		},
		{
			name: "an init container runs first, and a sidecar runs beside the main container until it ends",
			pods: []*core.Pod{jobtest.Pod("a", jobtest.Index(0),
				jobtest.InitContainer(jobtest.Container("init", "busybox")),
				jobtest.Sidecar(jobtest.Container("proxy", "envoy")))},
			want: [][]podState{
				{{core.PodPending, []int32{-1, -1, -1}, []int32{0, 0, 0}}},
				{{core.PodRunning, []int32{0, -1, -1}, []int32{0, 0, 0}}},
				{{core.PodSucceeded, []int32{0, 0, 0}, []int32{0, 0, 0}}},
			},
			wantWrote: []int{1, 1, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
			store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }))
			for _, p := range tt.pods {
				_, _, err := store.Pods("default").Create(p)
				require.NoError(t, err)
			}
			k := jobtest.NewKubelet(store, "default", tt.exits)
			for i, want := range tt.want {
				now = now.Add(time.Second)
				n, err := k.Step()
				require.NoError(t, err)
				if n != tt.wantWrote[i] {
					t.Errorf("step %d wrote %d pods, want %d", i, n, tt.wantWrote[i])
				}
				list, err := store.Pods("default").List()
				require.NoError(t, err)
				var got []podState
				for _, p := range list.Items {
					got = append(got, stateOf(p))
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("step %d: pods (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

// TestKubeletDeletes checks that a pod being deleted is stopped, its
// running containers killed, and removed once it has no finalizer.
func TestKubeletDeletes(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }))
	pods := store.Pods("default")
	_, _, err := pods.Create(jobtest.Pod("a", jobtest.Index(0), jobtest.Finalizers(jobapi.JobTrackingFinalizer)))
	require.NoError(t, err)
	k := jobtest.NewKubelet(store, "default", nil)
	_, err = k.Step()
	require.NoError(t, err)
	_, err = pods.Delete("a")
	require.NoError(t, err)
	n, err := k.Step()
	require.NoError(t, err)
	require.Equal(t, 1, n)
	p, err := pods.Get("a")
	require.NoError(t, err) // the finalizer holds it
	if diff := cmp.Diff(podState{core.PodFailed, []int32{137}, []int32{0}}, stateOf(p)); diff != "" {
		t.Errorf("deleted pod (-want +got):\n%s", diff)
	}
	n, err = k.Step()
	require.NoError(t, err)
	require.Equal(t, 0, n, "a confirmed deletion is not confirmed again")
}

// ExampleKubelet runs an Indexed Job with jobkit's Job controller core
// and the fake kubelet over a store, a step a second: the pods start at
// 1s and end at 2s, index 1 with exit code 42; index 0's success at the
// same time resets the pod failure backoff, so the failed pod is replaced
// at once, and the Job completes at 4s.
func ExampleKubelet() {
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	start := now
	store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }), jobtest.WithRandom(rand.NewChaCha8([32]byte{1})))
	job, _, err := store.Jobs("default").Create(jobtest.Job("pi", jobtest.Indexed(2), jobtest.Parallelism(2)))
	if err != nil {
		panic(err)
	}
	k := jobtest.NewKubelet(store, "default", jobtest.ExitCodes{1: {42}})
	w := jobtest.NewStoreWriter(store)
	var backoff controller.Backoff
	for !controller.IsFinished(job) {
		sel, err := selector.FromLabelSelector(job.Spec.Selector)
		if err != nil {
			panic(err)
		}
		list, err := store.Pods("default").List(jobtest.MatchingSelector(sel))
		if err != nil {
			panic(err)
		}
		d := controller.Sync(job, list.Items, now, backoff)
		backoff = d.Backoff
		if _, err := controller.Apply(ctx, w, d); err != nil {
			panic(err)
		}
		wrote, err := k.Step()
		if err != nil {
			panic(err)
		}
		if wrote == 0 && !d.UpdateStatus && len(d.Create) == 0 && d.RequeueAfter > 0 {
			now = now.Add(d.RequeueAfter) // nothing runs: wait out the backoff
		} else {
			now = now.Add(time.Second)
		}
		if job, err = store.Jobs("default").Get("pi"); err != nil {
			panic(err)
		}
	}
	st := job.Status
	fmt.Printf("succeeded %d, failed %d, completedIndexes %q, took %s\n",
		st.Succeeded, st.Failed, st.CompletedIndexes, st.CompletionTime.Sub(start))
	// Output:
	// succeeded 2, failed 1, completedIndexes "0,1", took 4s
}

// TestKubeletKeepsTheConditionsOfOthers checks that the kubelet's status
// writes keep the pod conditions it does not own, and report its own.
func TestKubeletKeepsTheConditionsOfOthers(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }))
	pods := store.Pods("default")
	_, _, err := pods.Create(jobtest.Pod("a", jobtest.Index(0)))
	require.NoError(t, err)
	k := jobtest.NewKubelet(store, "default", nil)
	_, err = k.Step()
	require.NoError(t, err)
	p, err := pods.Get("a")
	require.NoError(t, err)
	jobtest.PodCondition(core.DisruptionTarget, core.ConditionTrue)(p)
	_, err = pods.UpdateStatus(p)
	require.NoError(t, err)
	_, err = k.Step()
	require.NoError(t, err)
	p, err = pods.Get("a")
	require.NoError(t, err)
	var got []string
	for _, c := range p.Status.Conditions {
		got = append(got, string(c.Type)+"="+string(c.Status)+"/"+c.Reason)
	}
	want := []string{"DisruptionTarget=True/", "PodReadyToStartContainers=False/", "Initialized=True/PodCompleted",
		"Ready=False/PodCompleted", "ContainersReady=False/PodCompleted", "PodScheduled=True/"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("conditions (-want +got):\n%s", diff)
	}
}
