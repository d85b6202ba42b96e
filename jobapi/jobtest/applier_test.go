package jobtest_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// faultLoop is a Job controller built on controller.Sync and
// controller.Apply over a jobtest.Store, whose writes fail as faults say,
// and a kubelet that ends every pending pod as a script says: the truth
// (how many pods succeeded and failed, which indexes) is what it
// scripted.
type faultLoop struct {
	store   *jobtest.Store
	now     time.Time
	exp     controller.Expectations
	backoff controller.Backoff
	faults  func(sync int) []jobtest.Fault
	fail    func(n int) bool // whether the n-th pod the kubelet ends fails

	ended             int
	succeeded, failed int32
	indexes           []int // succeeded indexes
	crashes           int
	fired             int                    // faults that fired
	calls             []map[jobtest.Verb]int // the Writer calls of each sync, by verb
}

func newFaultLoop(t testing.TB, job *jobapi.Job) *faultLoop {
	l := &faultLoop{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	l.store = jobtest.NewStore(
		jobtest.WithClock(func() time.Time { return l.now }),
		jobtest.WithRandom(rand.NewChaCha8([32]byte{25})),
	)
	if _, _, err := l.store.Jobs("default").Create(job); err != nil {
		t.Fatal(err)
	}
	return l
}

// sync lists the Job and its pods, syncs and applies the Decision
// through a FaultyWriter; it reports whether the Decision wrote anything.
func (l *faultLoop) sync(t testing.TB, n int) (controller.Decision, bool) {
	job, err := l.store.Jobs("default").Get("pi")
	if err != nil {
		t.Fatal(err)
	}
	list, err := l.store.Pods("default").List()
	if err != nil {
		t.Fatal(err)
	}
	d := controller.Sync(job, list.Items, l.now, l.backoff, controller.WithExpectations(&l.exp))
	w := jobtest.NewFaultyWriter(jobtest.NewStoreWriter(l.store), l.faults(n)...)
	res, _ := controller.Apply(context.Background(), w, d) // a failed sync is synced again
	l.backoff = res.Backoff
	l.fired += len(w.Fired())
	calls := map[jobtest.Verb]int{}
	for _, c := range w.Calls() {
		verb, _, _ := strings.Cut(c, " ")
		calls[jobtest.Verb(verb)]++
	}
	l.calls = append(l.calls, calls)
	if w.Crashed() {
		// The process restarts: what it kept in memory is gone.
		l.crashes++
		l.exp, l.backoff = controller.Expectations{}, controller.Backoff{}
	}
	// The informer sees every write at once: nothing stays in flight.
	l.exp = controller.Expectations{}
	return d, len(d.Writes) > 0
}

// kubelet ends every pending pod, in name order.
func (l *faultLoop) kubelet(t testing.TB) int {
	list, err := l.store.Pods("default").List()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range list.Items {
		if p.Status.Phase != core.PodPending && p.Status.Phase != "" || p.ObjectMeta.DeletionTimestamp != nil {
			continue
		}
		code := int32(0)
		p.Status.Phase = core.PodSucceeded
		if l.fail(l.ended) {
			code, p.Status.Phase = 1, core.PodFailed
			l.failed++
		} else {
			l.succeeded++
			if ix, err := strconv.Atoi(p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation]); err == nil {
				l.indexes = append(l.indexes, ix)
			}
		}
		l.ended++
		p.Status.ContainerStatuses = []core.ContainerStatus{{
			Name:  p.Spec.Containers[0].Name,
			State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: code, FinishedAt: meta.NewTime(l.now)}},
		}}
		if _, err := l.store.Pods("default").UpdateStatus(p); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// run plays the Job to its end and checks the truth invariant.
func (l *faultLoop) run(t testing.TB) *jobapi.Job {
	t.Helper()
	for n := range 300 {
		d, wrote := l.sync(t, n)
		job, err := l.store.Jobs("default").Get("pi")
		if err != nil {
			t.Fatal(err)
		}
		if controller.IsFinished(job) {
			l.check(t, job)
			return job
		}
		if wrote {
			continue
		}
		l.now = l.now.Add(time.Second)
		if l.kubelet(t) == 0 && d.RequeueAfter > 0 {
			l.now = l.now.Add(d.RequeueAfter)
		}
	}
	t.Fatalf("the Job does not finish")
	return nil
}

// check compares the Job's status with what the kubelet did.
func (l *faultLoop) check(t testing.TB, job *jobapi.Job) {
	t.Helper()
	st := job.Status
	type truth struct {
		Succeeded, Failed int32
		CompletedIndexes  string
	}
	want := truth{Succeeded: l.succeeded, Failed: l.failed}
	if len(l.indexes) > 0 {
		slices.Sort(l.indexes)
		var parts []string
		for _, ix := range slices.Compact(l.indexes) {
			parts = append(parts, strconv.Itoa(ix))
		}
		want.CompletedIndexes = canonical(parts)
		want.Succeeded = int32(len(parts))
	}
	got := truth{Succeeded: st.Succeeded, Failed: st.Failed, CompletedIndexes: st.CompletedIndexes}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("status counts (-want +got):\n%s", diff)
	}
	if unc := st.UncountedTerminatedPods; unc != nil && len(unc.Succeeded)+len(unc.Failed) > 0 {
		t.Errorf("uncountedTerminatedPods %v left in a finished Job", unc)
	}
}

// canonical prints sorted indexes as Kubernetes' completedIndexes does.
func canonical(ixs []string) string {
	var out []string
	nums := make([]int, len(ixs))
	for i, s := range ixs {
		nums[i], _ = strconv.Atoi(s)
	}
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			out = append(out, fmt.Sprintf("%d-%d", nums[i], nums[j]))
		case j-i == 1:
			out = append(out, strconv.Itoa(nums[i]), strconv.Itoa(nums[j]))
		default:
			out = append(out, strconv.Itoa(nums[i]))
		}
		i = j + 1
	}
	return join(out)
}

func join(s []string) string {
	r := ""
	for i, x := range s {
		if i > 0 {
			r += ","
		}
		r += x
	}
	return r
}

// faultJobs are the Jobs the fault tests play.
func faultJobs() map[string]func() *jobapi.Job {
	return map[string]func() *jobapi.Job{
		"NonIndexed": func() *jobapi.Job {
			return jobtest.Job("pi", jobtest.Completions(4), jobtest.Parallelism(2), jobtest.BackoffLimit(100))
		},
		"Indexed": func() *jobapi.Job {
			return jobtest.Job("pi", jobtest.Indexed(4), jobtest.Parallelism(3), jobtest.BackoffLimit(100))
		},
	}
}

// TestApplyUnderEverySingleFault plays each Job with one fault: every
// call of each verb the Job's fault-free play makes in each of its first
// syncs, as each error and as a crash. The truth invariant holds every
// time, and every fault fires (the grid holds only the calls a play
// makes: a fault that never fires would pass without testing anything).
func TestApplyUnderEverySingleFault(t *testing.T) {
	errs := []struct {
		name string
		mk   func() error
	}{{"Conflict", jobtest.Conflict}, {"ServerTimeout", jobtest.ServerTimeout}, {"InternalError", jobtest.InternalError}}
	jobs := faultJobs()
	cases, fired := 0, 0
	for _, jobName := range []string{"NonIndexed", "Indexed"} {
		mk := jobs[jobName]
		// The fault-free play: which calls each sync makes. A fault in
		// sync s finds the same calls there, as every sync before it
		// is the same.
		dry := newFaultLoop(t, mk())
		dry.fail = failEveryThird
		dry.faults = func(int) []jobtest.Fault { return nil }
		dry.run(t)
		for sync := 0; sync < 8 && sync < len(dry.calls); sync++ {
			for _, verb := range []jobtest.Verb{jobtest.VerbCreatePod, jobtest.VerbDeletePod, jobtest.VerbRemoveFinalizer, jobtest.VerbUpdateJobStatus} {
				for n := 1; n <= min(dry.calls[sync][verb], 6); n++ {
					for _, e := range errs {
						for _, crash := range []bool{false, true} {
							if crash && e.name != "Conflict" {
								continue
							}
							name := fmt.Sprintf("%s/%s#%d/sync%d/%s/crash=%v", jobName, verb, n, sync, e.name, crash)
							t.Run(name, func(t *testing.T) {
								l := newFaultLoop(t, mk())
								l.fail = failEveryThird
								l.faults = func(s int) []jobtest.Fault {
									if s != sync {
										return nil
									}
									return []jobtest.Fault{{Verb: verb, N: n, Err: e.mk(), Crash: crash}}
								}
								l.run(t)
								cases++
								if l.fired == 0 {
									t.Errorf("the fault never fired")
								} else {
									fired++
								}
							})
						}
					}
				}
			}
		}
	}
	if cases < 100 {
		t.Errorf("only %d cases", cases)
	}
	t.Logf("%d cases, %d fire their fault", cases, fired)
}

// failEveryThird fails the pods the kubelet ends second, fifth, ...
func failEveryThird(k int) bool { return k%3 == 1 }

// FuzzApply plays a Job with faults drawn from the input: each byte pair
// picks a verb, a call number, an error or a crash, and a sync.
func FuzzApply(f *testing.F) {
	f.Add(false, []byte{0, 1, 2, 3}, uint8(3))
	f.Add(true, []byte{5, 1, 0, 9, 2, 2}, uint8(2))
	f.Add(true, []byte{2, 3, 2, 5, 2, 7, 5, 2}, uint8(4))
	f.Fuzz(func(t *testing.T, indexed bool, script []byte, failEvery uint8) {
		if len(script) > 64 {
			script = script[:64]
		}
		mk := faultJobs()["NonIndexed"]
		if indexed {
			mk = faultJobs()["Indexed"]
		}
		l := newFaultLoop(t, mk())
		every := int(failEvery%5) + 2
		l.fail = func(k int) bool { return k%every == 1 && k < 20 }
		l.faults = func(s int) []jobtest.Fault {
			var fs []jobtest.Fault
			for i := 0; i+1 < len(script); i += 2 {
				if int(script[i+1]>>4) != s {
					continue
				}
				b := script[i]
				ft := jobtest.Fault{Verb: jobtest.Verbs[int(b)%len(jobtest.Verbs)], N: int(script[i+1]&3) + 1}
				switch (b / 8) % 4 {
				case 0:
					ft.Err = jobtest.Conflict()
				case 1:
					ft.Err = jobtest.ServerTimeout()
				case 2:
					ft.Err = jobtest.InternalError()
				default:
					ft.Crash = true
				}
				fs = append(fs, ft)
			}
			return fs
		}
		l.run(t)
	})
}
