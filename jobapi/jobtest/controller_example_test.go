package jobtest_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// harness drives jobkit's Job controller core (package jobapi/controller)
// against a jobtest Store, with a fake clock and a scripted kubelet: what
// a controller built on jobkit needs to be tested in milliseconds.
type harness struct {
	store   *jobtest.Store
	ns      string
	name    string
	now     time.Time
	backoff controller.Backoff
	requeue time.Duration // when the core asked to look again
}

// newHarness creates job in a new store whose clock is h.now.
func newHarness(job *jobapi.Job, start time.Time) (*harness, error) {
	h := &harness{ns: "default", name: job.ObjectMeta.Name, now: start}
	h.store = jobtest.NewStore(
		jobtest.WithClock(func() time.Time { return h.now }),
		jobtest.WithRandom(rand.NewChaCha8([32]byte{14})),
	)
	_, _, err := h.store.Jobs(h.ns).Create(job)
	return h, err
}

// pods lists the Job's pods.
func (h *harness) pods(job *jobapi.Job) ([]*core.Pod, error) {
	sel, err := selector.FromLabelSelector(job.Spec.Selector)
	if err != nil {
		return nil, err
	}
	list, err := h.store.Pods(h.ns).List(jobtest.MatchingSelector(sel))
	if err != nil {
		return nil, err
	}
	return list.Items, nil
}

// sync is the controller: it syncs the Job and carries out the decision
// against the store until a sync changes nothing, and reports the pods it
// created.
func (h *harness) sync() ([]string, error) {
	var created []string
	for range 20 {
		job, err := h.store.Jobs(h.ns).Get(h.name)
		if err != nil {
			return nil, err
		}
		pods, err := h.pods(job)
		if err != nil {
			return nil, err
		}
		d := controller.Sync(job, pods, h.now, h.backoff)
		h.backoff, h.requeue = d.Backoff, d.RequeueAfter
		for _, p := range d.Create {
			got, _, err := h.store.Pods(h.ns).Create(p)
			if err != nil {
				return nil, err
			}
			created = append(created, got.ObjectMeta.Name)
		}
		for _, p := range d.RemoveFinalizer {
			p = p.DeepCopy()
			p.ObjectMeta.Finalizers = slices.DeleteFunc(p.ObjectMeta.Finalizers, func(f string) bool { return f == jobapi.JobTrackingFinalizer })
			if _, err := h.store.Pods(h.ns).Update(p); err != nil {
				return nil, err
			}
		}
		for _, p := range d.Delete {
			if _, err := h.store.Pods(h.ns).Delete(p.ObjectMeta.Name); err != nil {
				return nil, err
			}
		}
		if d.UpdateStatus {
			job.Status = d.Status
			if _, err := h.store.Jobs(h.ns).UpdateStatus(job); err != nil {
				return nil, err
			}
		}
		if !d.UpdateStatus && len(d.Create)+len(d.Delete)+len(d.RemoveFinalizer) == 0 {
			return created, nil
		}
	}
	return nil, fmt.Errorf("the Job does not settle")
}

// kubelet ends the pending pod created first (by name among those
// created together): exit(pod) says with which exit code.
func (h *harness) kubelet(exit func(p *core.Pod) int32) error {
	job, err := h.store.Jobs(h.ns).Get(h.name)
	if err != nil {
		return err
	}
	pods, err := h.pods(job)
	if err != nil {
		return err
	}
	pods = slices.DeleteFunc(pods, func(p *core.Pod) bool { return p.Status.Phase != core.PodPending })
	slices.SortStableFunc(pods, func(a, b *core.Pod) int {
		return a.ObjectMeta.CreationTimestamp.Compare(b.ObjectMeta.CreationTimestamp.Time)
	})
	for _, p := range pods[:min(1, len(pods))] {
		code := exit(p)
		p.Status.Phase = core.PodSucceeded
		if code != 0 {
			p.Status.Phase = core.PodFailed
		}
		at := meta.NewTime(h.now)
		p.Status.ContainerStatuses = []core.ContainerStatus{{
			Name:  p.Spec.Containers[0].Name,
			State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: code, FinishedAt: at}},
		}}
		if _, err := h.store.Pods(h.ns).UpdateStatus(p); err != nil {
			return err
		}
	}
	return nil
}

// failFirstRunOf returns a kubelet script: the first pod of index fails
// with exit code 1, every other pod succeeds.
func failFirstRunOf(index string) func(p *core.Pod) int32 {
	failed := false
	return func(p *core.Pod) int32 {
		if p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] == index && !failed {
			failed = true
			return 1
		}
		return 0
	}
}

// runToCompletion plays the Job: the kubelet ends the pending pods, the
// controller syncs, and when nothing is left to run the clock moves to
// when the controller asked to look again (the pod failure backoff).
func runToCompletion(h *harness, exit func(p *core.Pod) int32, log func(string)) (*jobapi.Job, error) {
	start := h.now
	for range 50 {
		created, err := h.sync()
		if err != nil {
			return nil, err
		}
		for _, name := range created {
			log(fmt.Sprintf("%s: created %s", h.now.Sub(start), name))
		}
		job, err := h.store.Jobs(h.ns).Get(h.name)
		if err != nil {
			return nil, err
		}
		if controller.IsFinished(job) {
			return job, nil
		}
		if job.Status.Active == 0 && h.requeue > 0 {
			h.now = h.now.Add(h.requeue) // nothing runs: wait out the backoff at once
			continue
		}
		h.now = h.now.Add(time.Second)
		if err := h.kubelet(exit); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("the Job does not finish")
}

// An Indexed Job of 2 completions, both at once, whose index 1 fails once
// (the kubelet ends one pod a second): the controller core waits out the
// 10s pod failure backoff before it replaces the pod, and the Job
// completes 13 simulated seconds after it started, in a test that takes
// milliseconds.
func Example_controllerCore() {
	job := jobtest.Job("pi", jobtest.Indexed(2), jobtest.Parallelism(2))
	h, err := newHarness(job, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		panic(err)
	}
	done, err := runToCompletion(h, failFirstRunOf("1"), func(s string) { fmt.Println(s) })
	if err != nil {
		panic(err)
	}
	st := done.Status
	fmt.Printf("succeeded %d, failed %d, completedIndexes %q, took %s\n",
		st.Succeeded, st.Failed, st.CompletedIndexes, st.CompletionTime.Sub(st.StartTime.Time))
	for _, c := range st.Conditions {
		fmt.Printf("%s %s: %s\n", c.Type, c.Reason, c.Message)
	}
	// Output:
	// 0s: created pi-0-b6zxv
	// 0s: created pi-1-bnqjr
	// 12s: created pi-1-x9wwr
	// succeeded 2, failed 1, completedIndexes "0,1", took 13s
	// SuccessCriteriaMet CompletionsReached: Reached expected number of succeeded pods
	// Complete CompletionsReached: Reached expected number of succeeded pods
}

func TestControllerCoreCompletesAJobInTheStore(t *testing.T) {
	job := jobtest.Job("pi", jobtest.Indexed(4), jobtest.Parallelism(2), jobtest.BackoffLimit(2))
	h, err := newHarness(job, time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	done, err := runToCompletion(h, failFirstRunOf("3"), func(s string) { log = append(log, s) })
	if err != nil {
		t.Fatal(err)
	}
	type summary struct {
		Succeeded, Failed, Active int32
		CompletedIndexes          string
		Conditions                []string
		Took                      time.Duration
		Pods                      int
	}
	got := summary{Succeeded: done.Status.Succeeded, Failed: done.Status.Failed, Active: done.Status.Active,
		CompletedIndexes: done.Status.CompletedIndexes, Took: done.Status.CompletionTime.Sub(done.Status.StartTime.Time), Pods: len(log)}
	for _, c := range done.Status.Conditions {
		got.Conditions = append(got.Conditions, string(c.Type)+"/"+c.Reason)
	}
	want := summary{Succeeded: 4, Failed: 1, CompletedIndexes: "0-3",
		Conditions: []string{"SuccessCriteriaMet/CompletionsReached", "Complete/CompletionsReached"},
		// One pod ends a second: 0, 1 and 2 succeed at 1s, 2s and 3s, 3
		// fails at 4s; its replacement comes after the 10s backoff (14s)
		// and succeeds at 15s.
		Took: 15 * time.Second, Pods: 5}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s\nlog:\n%v", diff, log)
	}
	pods, err := h.pods(done)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pods {
		if slices.Contains(p.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
			t.Errorf("pod %s keeps its tracking finalizer after the Job completed", p.ObjectMeta.Name)
		}
	}
}
