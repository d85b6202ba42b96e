package parity

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/jobkit/jobkit/jobapi"
)

// This is the fault-injecting differential test of jobkit's controller
// core: Kubernetes' Job controller (v1.36) over a fake clientset whose
// reactors fail chosen writes (pod creations, deletions and patches,
// Job status updates) with Conflict, ServerTimeout or InternalError, and
// jobkit's Sync and Apply over a Writer that fails the same writes, play
// the same scenarios one sync at a time, in lockstep. After every sync
// the Job's status, the pods (with their finalizers), the writes
// attempted, whether the sync failed and when it asks to be synced again
// (the real controller's queue.AddAfter, jobkit's
// ApplyResult.RequeueAfter) must be the same. At the end, the truth
// invariant, in both worlds: every pod the statuses listed in
// uncountedTerminatedPods is counted once, as listed (none twice, none
// lost); the pods the script ended count as they do without faults; and
// succeeded, failed, completedIndexes and failedIndexes are those of the
// scenario played without faults, unless a fault changed how a pod the
// controller itself deleted counts (a deleted pod the kubelet then kills
// counts as failed, or not, depending on whether its finalizer went
// first: Kubernetes' behaviour, which both worlds share; the test counts
// these cases).
//
// A write is named alike in both worlds (writeKey) whatever order the
// real controller's parallel writes take, so "the Nth write" is the same
// write in both. A failed write is retried by the next sync, as the
// real controller's rate-limited requeue would; the clock stands still
// until the scenario's next step. The real controller is synced once its
// informers have caught up and its expectations are met, so that its
// syncs are the same every run; with a stale informer, its pod watch is
// held back for one more sync after each sync that writes pods, and
// jobkit syncs with the pods it had before, its Expectations updated
// from the changes it then observes (Expectations.ObservePod).

// truth is what the scenario's outcomes decide of the final status.
type truth struct {
	Succeeded, Failed int32
	CompletedIndexes  string
	FailedIndexes     *string
	Uncounted         int
}

func truthOf(st jobapi.JobStatus) truth {
	tr := truth{Succeeded: st.Succeeded, Failed: st.Failed, CompletedIndexes: st.CompletedIndexes, FailedIndexes: st.FailedIndexes}
	if u := st.UncountedTerminatedPods; u != nil {
		tr.Uncounted = len(u.Succeeded) + len(u.Failed)
	}
	return tr
}

// faultRun is one scenario played in both worlds under one fault plan.
type faultRun struct {
	diffs               []string
	requeues            int        // syncs that asked to be synced again after a delay
	staleSyncs          int        // syncs with a stale pod informer
	kubeLog             []writeKey // the writes the real controller attempted
	kubeFired, kitFired []writeKey
	kube, kit           worldTruth
}

// worldTruth is what the truth invariant looks at in one world.
type worldTruth struct {
	truth   truth
	indexed bool
	counted map[string]string // the ledger (faultPlan.counted)
	twice   []string
	deleted map[string]bool // the pods the controller tried to delete
}

// playFaulted plays sc in both worlds, failing the writes pick picks.
// With stale, after every sync that writes pods each world syncs once
// more with the pod informer as it was before those writes (the real
// controller's pod watch is held back meanwhile): its expectations must
// keep it from acting twice.
func playFaulted(t *testing.T, sc scenario, pick func(writeKey) (errKind, bool), stale bool) faultRun {
	kubePlan, kitPlan := newFaultPlan(pick), newFaultPlan(pick)
	kube := newKubeFaultWorld(t, sc.job.DeepCopy(), kubePlan)
	kit := newKitFaultWorld(t, sc.job, kitPlan)
	var run faultRun
	check := func(step string, kr, jr syncResult) bool {
		if d := cmp.Diff(kube.status(t), kit.status(t)); d != "" {
			run.diffs = append(run.diffs, fmt.Sprintf("after %s, status (-kubernetes +jobkit):\n%s", step, d))
		}
		if d := cmp.Diff(kube.podList(), kit.podList()); d != "" {
			run.diffs = append(run.diffs, fmt.Sprintf("after %s, pods (-kubernetes +jobkit):\n%s", step, d))
		}
		if d := cmp.Diff(kr, jr); d != "" {
			run.diffs = append(run.diffs, fmt.Sprintf("after %s, sync (-kubernetes +jobkit):\n%s", step, d))
		}
		return len(run.diffs) == 0
	}
	settle := func(step string) bool {
		kube.waitQuiet()
		for i := range 40 {
			if stale {
				kube.pause()
			}
			kr, jr := kube.syncRaw(), kit.syncOnce()
			if kr.Requeue > 0 {
				run.requeues++
			}
			ok := check(fmt.Sprintf("%s, sync %d", step, i), kr, jr)
			if ok && stale && writesPods(kr.Writes) {
				kube.waitForJobCache()
				kr, jr := kube.syncRaw(), kit.syncStale()
				run.staleSyncs++
				ok = check(fmt.Sprintf("%s, sync %d, again with a stale pod informer", step, i), kr, jr)
			}
			if stale {
				kube.resume()
			}
			kube.waitQuiet()
			if !ok {
				return false
			}
			if len(kr.Writes) == 0 && len(jr.Writes) == 0 {
				return true
			}
		}
		run.diffs = append(run.diffs, "after "+step+": the worlds do not settle")
		return false
	}
	if settle("start") {
		for i, ev := range sc.events {
			ev.apply(kube)
			ev.apply(kit)
			if !settle(fmt.Sprintf("step %d %s", i, ev.name)) {
				break
			}
		}
	}
	indexed := sc.job.Spec.CompletionMode != nil && *sc.job.Spec.CompletionMode == batchv1.IndexedCompletion
	truthOfWorld := func(st jobapi.JobStatus, p *faultPlan) worldTruth {
		return worldTruth{truth: truthOf(st), indexed: indexed, counted: p.counted, twice: p.twice, deleted: p.deleted()}
	}
	run.kubeLog = kubePlan.log
	run.kubeFired, run.kitFired = kubePlan.fired, kitPlan.fired
	run.kube, run.kit = truthOfWorld(kube.status(t), kubePlan), truthOfWorld(kit.status(t), kitPlan)
	return run
}

// writesPods reports whether a sync's writes include pod writes.
func writesPods(writes []string) bool {
	for _, w := range writes {
		if !strings.HasPrefix(w, "status ") {
			return true
		}
	}
	return false
}

// playKit plays sc without faults in jobkit's world alone, as the
// scripted outcome of the generated scenarios: the named scenarios, and
// TestControllerMatchesKubernetesOnGeneratedScenarios, check that it is
// Kubernetes' outcome too.
func playKit(t *testing.T, sc scenario) faultRun {
	plan := newFaultPlan(nil)
	kit := newKitFaultWorld(t, sc.job, plan)
	var run faultRun
	settle := func(step string) bool {
		for range 40 {
			if r := kit.syncOnce(); len(r.Writes) == 0 {
				return true
			}
		}
		run.diffs = append(run.diffs, "after "+step+": jobkit does not settle")
		return false
	}
	if settle("start") {
		for i, ev := range sc.events {
			ev.apply(kit)
			if !settle(fmt.Sprintf("step %d %s", i, ev.name)) {
				break
			}
		}
	}
	indexed := sc.job.Spec.CompletionMode != nil && *sc.job.Spec.CompletionMode == batchv1.IndexedCompletion
	run.kit = worldTruth{truth: truthOf(kit.status(t)), indexed: indexed, counted: plan.counted, twice: plan.twice, deleted: plan.deleted()}
	run.kube = run.kit
	return run
}

// consistent checks that the final status counts each pod the ledger
// lists once, as it lists it: no pod counted twice, none lost between
// uncountedTerminatedPods and the counters.
func (w worldTruth) consistent() []string {
	var out []string
	if len(w.twice) > 0 {
		out = append(out, fmt.Sprintf("pods counted both as succeeded and as failed: %v", w.twice))
	}
	var succ, fail int32
	for _, o := range w.counted {
		if o == "failed" {
			fail++
		} else {
			succ++
		}
	}
	want := truth{Succeeded: succ, Failed: fail, CompletedIndexes: w.truth.CompletedIndexes, FailedIndexes: w.truth.FailedIndexes}
	if w.indexed {
		// The succeeded pods of an Indexed Job are logged by their
		// index, in completedIndexes, which succeeded counts.
		want.Succeeded = int32(countIndexes(w.truth.CompletedIndexes))
	}
	if d := cmp.Diff(want, w.truth); d != "" {
		out = append(out, fmt.Sprintf("the counters and the pods the status listed (-listed +counted):\n%s", d))
	}
	return out
}

// onlyIndexesOf reports whether the index lists a and b differ only by
// indexes of pods the controller deleted (deleted, or more).
func onlyIndexesOf(a, b string, deleted, more map[string]bool) bool {
	of := map[int]bool{}
	for _, m := range []map[string]bool{deleted, more} {
		for name := range m {
			if parts := strings.Split(name, "-"); len(parts) == 3 {
				if ix, err := strconv.Atoi(parts[1]); err == nil {
					of[ix] = true
				}
			}
		}
	}
	x, y := expandIndexes(a), expandIndexes(b)
	for ix := range x {
		if !y[ix] && !of[ix] {
			return false
		}
	}
	for ix := range y {
		if !x[ix] && !of[ix] {
			return false
		}
	}
	return true
}

// expandIndexes returns the indexes of a list such as "0,2-4".
func expandIndexes(list string) map[int]bool {
	m := map[int]bool{}
	for _, part := range strings.Split(list, ",") {
		if part == "" {
			continue
		}
		lo, hi, ok := strings.Cut(part, "-")
		a, _ := strconv.Atoi(lo)
		b := a
		if ok {
			b, _ = strconv.Atoi(hi)
		}
		for ix := a; ix <= b; ix++ {
			m[ix] = true
		}
	}
	return m
}

// countIndexes counts the indexes of a list such as "0,2-4".
func countIndexes(list string) int { return len(expandIndexes(list)) }

// scripted splits the ledger into the pods the script ended (the
// controller never deleted them) and those the controller deleted: a
// pod the controller deletes and the kubelet then kills counts as failed
// or not depending on whether its finalizer went first, which a fault
// can change (in Kubernetes as in jobkit).
func (w worldTruth) scripted(deleted map[string]bool) (script, byController map[string]string) {
	script, byController = map[string]string{}, map[string]string{}
	for name, o := range w.counted {
		if deleted[name] || w.deleted[name] {
			byController[name] = o
		} else {
			script[name] = o
		}
	}
	return script, byController
}

// checkTruth checks the truth invariant of both worlds of r against
// base, the scenario played without faults: every pod is counted once;
// the pods the script ended count as they did without faults; and, when
// the pods the controller deleted count as they did too, succeeded,
// failed, completedIndexes and failedIndexes are those of base. It
// reports whether a fault changed how pods the controller deleted count.
func (r *faultRun) checkTruth(base *faultRun) (problems []string, changedByDeletion bool) {
	if len(r.diffs) > 0 {
		return nil, false // the play stopped at the first difference
	}
	for _, x := range []struct {
		name string
		w    worldTruth
	}{{"Kubernetes' controller", r.kube}, {"jobkit", r.kit}} {
		for _, p := range x.w.consistent() {
			problems = append(problems, x.name+": "+p)
		}
		script, byCtl := x.w.scripted(base.kube.deleted)
		baseScript, baseByCtl := base.kube.scripted(x.w.deleted)
		if d := cmp.Diff(baseScript, script); d != "" {
			problems = append(problems, fmt.Sprintf("%s: the pods the script ended count differently (-without faults +with):\n%s", x.name, d))
		}
		if !cmp.Equal(baseByCtl, byCtl) {
			changedByDeletion = true
			continue
		}
		want, got := base.kube.truth, x.w.truth
		if !cmp.Equal(want, got) && want.FailedIndexes != nil && got.FailedIndexes != nil &&
			onlyIndexesOf(*want.FailedIndexes, *got.FailedIndexes, base.kube.deleted, x.w.deleted) {
			// An index whose pod the controller deleted failed, or did
			// not: whether the Job had its finished condition before
			// the deletion went through decides it.
			changedByDeletion = true
			want.FailedIndexes = got.FailedIndexes
		}
		if d := cmp.Diff(want, got); d != "" {
			problems = append(problems, fmt.Sprintf("truth of %s (-scripted +got):\n%s", x.name, d))
		}
	}
	return problems, changedByDeletion
}

// Events the parity test's kubelet never produces.

// gracefulDelete deletes the selected pod with a grace period: it keeps
// running, with a deletionTimestamp and no terminated container, until
// the kubelet kills it (kill).
func gracefulDelete(sel int, grace int64) event {
	return event{fmt.Sprintf("gracefulDelete(%d,%ds)", sel, grace), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			now := timeOf(w.now())
			w.editPod(name, func(kp *corev1.Pod) {
				kp.DeletionTimestamp = &now
				kp.DeletionGracePeriodSeconds = &grace
			})
		}
	}}
}

// vanish removes the selected pod as someone who strips its finalizers
// and deletes it would: the controller never sees it finish.
func vanish(sel int) event {
	return event{fmt.Sprintf("vanish(%d)", sel), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			w.(faultWorld).removePod(name)
		}
	}}
}

// loseFinalizer removes the selected pod's finalizers, as a user or
// another controller might.
func loseFinalizer(sel int) event {
	return event{fmt.Sprintf("loseFinalizer(%d)", sel), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			w.editPod(name, func(kp *corev1.Pod) { kp.Finalizers = nil })
		}
	}}
}

// deleteRunning deletes the selected pod (no grace period recorded)
// while it keeps running: a user's deletion the controller sees before
// the kubelet acts.
func deleteRunning(sel int) event {
	return event{fmt.Sprintf("deleteRunning(%d)", sel), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			w.deletePod(name)
		}
	}}
}

// extraScenarios are the scenarios of the fault test beyond the named
// ones: graceful deletion, pods deleted by someone else, pods that lose
// their finalizer outside the controller.
func extraScenarios() []scenario {
	c := func(n int32) *int32 { return &n }
	s10 := 10 * time.Second
	return []scenario{
		{"graceful deletion", newJob(false, c(3), 2, nil), []event{
			run(), gracefulDelete(0, 30), wait(time.Second), kill(), run(), exit(0, 0), exit(0, 0), exit(0, 0)}},
		{"graceful deletion with podReplacementPolicy Failed", newJob(false, c(2), 2, func(j *batchv1.Job) {
			j.Spec.PodReplacementPolicy = ptrTo(batchv1.Failed)
		}), []event{run(), gracefulDelete(0, 30), wait(5 * time.Second), kill(), wait(s10), run(), exit(0, 0), exit(0, 0)}},
		{"graceful deletion short grace backs off", newJob(true, c(2), 2, func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex = c(2) }), []event{
			run(), gracefulDelete(1, 4), wait(time.Second), kill(), wait(3 * time.Second), wait(3 * time.Second), run(), exit(0, 0), exit(1, 0)}},
		{"pod deleted by someone else", newJob(true, c(3), 3, nil), []event{run(), deleteRunning(1), wait(time.Second), kill(), run(), exit(0, 0), exit(1, 0), exit(2, 0)}},
		{"pod vanishes", newJob(false, c(2), 2, nil), []event{run(), vanish(0), run(), exit(0, 0), exit(0, 0)}},
		{"indexed pod vanishes", newJob(true, c(2), 2, nil), []event{run(), vanish(1), run(), exit(0, 0), exit(1, 0)}},
		{"finalizer lost then pod succeeds", newJob(false, c(2), 2, nil), []event{run(), loseFinalizer(0), exit(0, 0), run(), exit(0, 0), exit(0, 0)}},
		{"finalizer lost then pod fails", newJob(false, c(2), 2, func(j *batchv1.Job) { j.Spec.BackoffLimit = c(1) }), []event{
			run(), loseFinalizer(1), exit(1, 1), wait(s10), run(), exit(0, 0), exit(0, 0)}},
		{"backoff ends within the batch period", newJob(false, c(2), 1, nil), []event{
			run(), exit(0, 1), wait(9*time.Second + 700*time.Millisecond), wait(300 * time.Millisecond), run(), exit(0, 0), exit(0, 0)}},
		{"indexed finalizer lost", newJob(true, c(2), 2, nil), []event{run(), loseFinalizer(0), exit(0, 0), run(), exit(0, 0), exit(1, 0)}},
	}
}

// faultScenarios are the named scenarios and the extra ones.
func faultScenarios() []scenario {
	return append(namedScenarios(), extraScenarios()...)
}

// faultCounts sums up a fault test.
type faultCounts struct {
	mu                                                 sync.Mutex
	scenarios, runs, positions, firedKube, firedKit    int
	differ, changedByDeletion, requeues, stale, faults int
	unstable                                           int // scenarios that agreed only on a replay
}

// add counts a faulted run r.
func (n *faultCounts) add(r *faultRun, changed bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.runs++
	n.requeues += r.requeues
	n.stale += r.staleSyncs
	n.faults += len(r.kubeFired)
	if changed {
		n.changedByDeletion++
	}
}

// concurrently runs the calls of f, a few at a time: a play mostly waits
// for the informers of the fake cluster.
type concurrently struct {
	wg  sync.WaitGroup
	sem chan struct{}
}

func newConcurrently() *concurrently { return &concurrently{sem: make(chan struct{}, 1)} }

func (c *concurrently) do(f func()) {
	c.wg.Add(1)
	c.sem <- struct{}{}
	go func() {
		defer func() { <-c.sem; c.wg.Done() }()
		f()
	}()
}

func (c *concurrently) wait() { c.wg.Wait() }

// sortedKeys returns the keys sorted (the real controller makes the
// writes of a step in parallel, in any order).
func sortedKeys(ks []writeKey) []string {
	var out []string
	for _, k := range ks {
		out = append(out, k.String())
	}
	slices.Sort(out)
	return out
}

// TestControllerFaultsOnNamedScenarios plays each named scenario once
// without faults, which lists the writes the real controller makes, and
// then once per write with that write failing (each error in turn, and
// every other time with a stale pod informer), and once more without
// faults with a stale pod informer.
func TestControllerFaultsOnNamedScenarios(t *testing.T) {
	withoutStaleCacheGuard(t)
	var n faultCounts
	for _, sc := range faultScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			n.scenarios++
			var base faultRun
			t.Run("no fault", func(t *testing.T) {
				base = playFaulted(t, sc, nil, false)
				n.runs++
				truth, _ := base.checkTruth(&base)
				for _, d := range append(base.diffs, truth...) {
					t.Error(d)
				}
			})
			if len(base.diffs) > 0 {
				n.differ++
				return
			}
			positions := base.kubeLog
			if testing.Short() && len(positions) > 6 {
				positions = positions[:6]
			}
			c := newConcurrently()
			c.do(func() {
				t.Run("no fault, stale informer", func(t *testing.T) {
					r := playFaulted(t, sc, nil, true)
					truth, changed := r.checkTruth(&base)
					n.add(&r, changed)
					if problems := append(r.diffs, truth...); len(problems) > 0 {
						n.mu.Lock()
						n.differ++
						n.mu.Unlock()
						for _, p := range problems {
							t.Error(p)
						}
					}
				})
			})
			for i, k := range positions {
				e := errKind(i % len(errKindNames))
				stale := i%2 == 1
				name := fmt.Sprintf("%s fails with %s", k, e)
				if stale {
					name += ", stale informer"
				}
				c.do(func() {
					t.Run(name, func(t *testing.T) {
						r := playFaulted(t, sc, func(x writeKey) (errKind, bool) { return e, x == k }, stale)
						truth, changed := r.checkTruth(&base)
						n.add(&r, changed)
						problems := append(r.diffs, truth...)
						n.mu.Lock()
						n.positions++
						if slices.Contains(r.kubeFired, k) {
							n.firedKube++
						} else {
							problems = append(problems, "the fault never fired in Kubernetes' controller")
						}
						if slices.Contains(r.kitFired, k) {
							n.firedKit++
						} else {
							problems = append(problems, "the fault never fired in jobkit")
						}
						if len(problems) > 0 {
							n.differ++
						}
						n.mu.Unlock()
						for _, p := range problems {
							t.Error(p)
						}
					})
				})
			}
			c.wait()
		})
	}
	t.Logf("%d scenarios, %d single-fault positions (fired: %d in Kubernetes, %d in jobkit), %d runs, %d with differences; "+
		"in %d a fault changed how pods the controller deleted count; %d syncs compared a requeue delay; %d syncs with a stale pod informer",
		n.scenarios, n.positions, n.firedKube, n.firedKit, n.runs, n.differ, n.changedByDeletion, n.requeues, n.stale)
}

// randomFaults fails about one write in five, picked by a hash of the
// seed and the write (the same in both worlds), each write at most on
// its first two attempts so that every scenario settles.
func randomFaults(seed uint64) func(writeKey) (errKind, bool) {
	return func(k writeKey) (errKind, bool) {
		if k.N > 2 {
			return 0, false
		}
		h := fnv.New64a()
		fmt.Fprintf(h, "%d/%s", seed, k)
		v := h.Sum64()
		return errKind(v / 5 % 3), v%5 == 0
	}
}

// TestControllerFaultsOnGeneratedScenarios plays the generated scenarios
// of the differential test with random faults (odd seeds with a stale
// pod informer too); the scripted outcome is jobkit's without faults.
func TestControllerFaultsOnGeneratedScenarios(t *testing.T) {
	withoutStaleCacheGuard(t)
	total := 300
	if testing.Short() {
		total = 20
	}
	var n faultCounts
	var shown int
	c := newConcurrently()
	for seed := range uint64(total) {
		sc := generated(seed)
		c.do(func() {
			var problems []string
			ok := t.Run(sc.name, func(t *testing.T) {
				base := playKit(t, sc)
				truth, _ := base.checkTruth(&base)
				problems = append(append(problems, base.diffs...), truth...)
				if len(problems) > 0 {
					return
				}
				// The real controller makes the writes of one step in
				// parallel; when the pods it writes are alike (the
				// creations of a NonIndexed Job), which of them meets a
				// fault depends on its goroutines' order, so a play can
				// differ once for the harness's sake. A scenario differs
				// only when it differs in every one of three plays; one
				// that agrees on a replay is counted as unstable.
				for attempt := 1; attempt <= 3; attempt++ {
					r := playFaulted(t, sc, randomFaults(seed), seed%2 == 1)
					truth, changed := r.checkTruth(&base)
					var got []string
					got = append(append(got, r.diffs...), truth...)
					if d := cmp.Diff(sortedKeys(r.kubeFired), sortedKeys(r.kitFired)); d != "" {
						got = append(got, fmt.Sprintf("faults fired (-kubernetes +jobkit):\n%s", d))
					}
					if len(got) == 0 || attempt == 3 {
						n.add(&r, changed)
						problems = append(problems, got...)
						if len(got) == 0 && attempt > 1 {
							n.mu.Lock()
							n.unstable++
							n.mu.Unlock()
						}
						break
					}
				}
			})
			if !ok && len(problems) == 0 {
				problems = append(problems, "the play failed")
			}
			n.mu.Lock()
			defer n.mu.Unlock()
			n.scenarios++
			if len(problems) > 0 {
				n.differ++
				if shown++; shown <= 5 {
					var names []string
					for _, e := range sc.events {
						names = append(names, e.name)
					}
					t.Errorf("%s: %s\njob spec: %+v\nevents: %v", sc.name, problems[0], sc.job.Spec, names)
				}
			}
		})
	}
	c.wait()
	if n.differ > 0 {
		t.Errorf("%d of %d generated scenarios differ", n.differ, total)
	}
	// A replay only absorbs the parallel writes' order (seen: at most one
	// scenario a run); many unstable scenarios would be a nondeterminism
	// of jobkit's, which a replay must not hide.
	if maxUnstable := 1 + total/100; n.unstable > maxUnstable {
		t.Errorf("%d of %d generated scenarios agreed only on a replay, more than %d: look for nondeterminism", n.unstable, total, maxUnstable)
	}
	t.Logf("%d generated scenarios, %d faults injected, %d runs, %d differ (%d agreed only on a replay); in %d the faults changed how pods the controller deleted count; "+
		"%d syncs compared a requeue delay; %d syncs with a stale pod informer",
		n.scenarios, n.faults, n.runs, n.differ, n.unstable, n.changedByDeletion, n.requeues, n.stale)
}
