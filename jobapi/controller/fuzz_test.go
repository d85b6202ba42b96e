package controller

import (
	"fmt"
	"testing"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

// checkInvariants checks what must hold of every Decision d taken on
// pods: the counts add up, no index is both complete and failed, no more
// pods are active than parallelism allows.
func checkInvariants(t *testing.T, job *jobapi.Job, pods []*core.Pod, d Decision) {
	t.Helper()
	if d.Skipped != "" {
		return
	}
	st := d.Status
	deleted := map[*core.Pod]bool{}
	for _, p := range d.Delete {
		deleted[p] = true
	}
	active := len(d.Create)
	for _, p := range ownPods(job, pods) {
		if isActive(p) && !deleted[p] {
			active++
		}
	}
	if int(st.Active) != active {
		t.Fatalf("status.active %d, but %d pods are active after the decision", st.Active, active)
	}
	if st.Ready == nil || *st.Ready < 0 || *st.Ready > st.Active {
		t.Fatalf("status.ready %v of %d active", st.Ready, st.Active)
	}
	if st.Succeeded < 0 || st.Failed < 0 || st.Terminating == nil || *st.Terminating < 0 {
		t.Fatalf("negative counter in %+v", st)
	}
	parallelism := int32(1)
	if job.Spec.Parallelism != nil {
		parallelism = *job.Spec.Parallelism
	}
	// Kubernetes' exception: a NonIndexed Job without completions that has
	// a succeeded pod neither creates nor deletes pods any more, whatever
	// parallelism says.
	noCompletionsDone := job.Spec.Completions == nil && st.Succeeded > 0
	if st.Active > parallelism && !noCompletionsDone {
		t.Fatalf("%d active pods, parallelism %d", st.Active, parallelism)
	}
	if job.Spec.CompletionMode != nil && *job.Spec.CompletionMode == jobapi.IndexedCompletion {
		n := int(*job.Spec.Completions)
		done := canonicalIndexes(t, "completedIndexes", st.CompletedIndexes, n)
		if int(st.Succeeded) != done.Count() {
			t.Fatalf("succeeded %d, completedIndexes %q", st.Succeeded, st.CompletedIndexes)
		}
		if st.FailedIndexes != nil {
			failed := canonicalIndexes(t, "failedIndexes", *st.FailedIndexes, n)
			if o := done.IntersectionCount(failed); o > 0 {
				t.Fatalf("completedIndexes %q and failedIndexes %q share %d indexes", st.CompletedIndexes, *st.FailedIndexes, o)
			}
		}
		for _, p := range d.Create {
			if ix := CompletionIndex(p); ix < 0 || ix >= n || done.Has(ix) {
				t.Fatalf("created a pod for index %d (completed %q)", ix, st.CompletedIndexes)
			}
		}
	}
	// Fewer than MaxUncountedPods pods finish at once here: all of them are
	// counted by the end of the sync.
	if st.UncountedTerminatedPods == nil || len(st.UncountedTerminatedPods.Succeeded)+len(st.UncountedTerminatedPods.Failed) > 0 {
		t.Fatalf("uncountedTerminatedPods %+v", st.UncountedTerminatedPods)
	}
}

// canonicalIndexes reads an index list the controller wrote: it must be
// in the canonical form (strictly parsed, printed back the same) and hold
// indexes below completions.
func canonicalIndexes(t *testing.T, name, s string, completions int) scoreboard.Indexes {
	t.Helper()
	x, err := scoreboard.ParseIndexes(s)
	if err != nil {
		t.Fatalf("%s %q: %v", name, s, err)
	}
	if x.String() != s {
		t.Fatalf("%s %q is not canonical: %q", name, s, x.String())
	}
	if last, ok := x.Max(); ok && last >= completions {
		t.Fatalf("%s %q holds %d, past completions %d", name, s, last, completions)
	}
	return x
}

// fuzzJob builds a small Job from the first bytes of data.
func fuzzJob(b []byte) *jobapi.Job {
	get := func(i int) byte {
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	completions := int32(get(0)%6) + 1
	parallelism := int32(get(1) % 4)
	var job *jobapi.Job
	if get(2)&1 == 0 {
		job = indexedJob(completions, parallelism)
		if get(2)&2 != 0 {
			job.Spec.BackoffLimitPerIndex = ptr(int32(get(3) % 3))
			if get(2)&4 != 0 {
				job.Spec.MaxFailedIndexes = ptr(int32(get(4) % 3))
			}
		}
		if get(2)&8 != 0 {
			job.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{SucceededCount: ptr(int32(get(5)%4) + 1)}}}
		}
	} else {
		job = nonIndexedJob(completions, parallelism)
		if get(2)&2 != 0 {
			job.Spec.Completions = nil
		}
	}
	if get(2)&16 != 0 {
		job.Spec.BackoffLimit = ptr(int32(get(6) % 4))
	}
	if get(2)&32 != 0 {
		job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
			exitCodeRule(jobapi.PodFailurePolicyActionIgnore, jobapi.PodFailurePolicyOnExitCodesOpIn, nil, 3),
			exitCodeRule(jobapi.PodFailurePolicyActionFailJob, jobapi.PodFailurePolicyOnExitCodesOpIn, nil, 4),
		}}
		if job.Spec.BackoffLimitPerIndex != nil {
			job.Spec.PodFailurePolicy.Rules = append(job.Spec.PodFailurePolicy.Rules, exitCodeRule(jobapi.PodFailurePolicyActionFailIndex, jobapi.PodFailurePolicyOnExitCodesOpIn, nil, 5))
		}
	}
	if get(2)&64 != 0 {
		job.Spec.PodReplacementPolicy = ptr(jobapi.Failed)
	}
	return job
}

// FuzzSync plays scripts of kubelet and user events against the core,
// and also gives it arbitrary extra pods, checking the invariants after
// every sync.
func FuzzSync(f *testing.F) {
	f.Add([]byte{3, 2, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5})
	f.Add([]byte{5, 3, 2, 1, 1, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{4, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1, 7, 7})
	f.Add([]byte{2, 2, 34, 0, 0, 0, 0, 0, 3, 19, 35, 51})
	f.Add([]byte{6, 3, 10, 1, 0, 2, 1, 0, 0, 16, 32, 48, 64, 80})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			return
		}
		job := fuzzJob(data)
		c := newCluster(t, job)
		script := data[min(len(data), 8):]
		check := func() {
			d := Sync(c.job, c.pods, c.now, c.backoff)
			checkInvariants(t, c.job, c.pods, d)
		}
		check()
		c.settle()
		for _, b := range script {
			pods := c.active()
			switch b % 8 {
			case 0, 1, 2: // a pod exits: 0 succeeded, else an exit code
				if len(pods) > 0 {
					c.finish(pods[int(b>>3)%len(pods)], int32(b>>3)%6)
				}
			case 3:
				c.run()
			case 4:
				c.now = c.now.Add(time.Duration(b>>3) * 5 * time.Second)
			case 5:
				c.kill()
			case 6:
				c.job.Spec.Suspend = ptr(b&8 != 0)
			case 7:
				c.job.Spec.Parallelism = ptr(int32(b>>3) % 5)
			}
			check()
			c.settle()
			check()
			if IsFinished(c.job) {
				break
			}
		}
		// Arbitrary pods: junk indexes, duplicates, foreign owners.
		extra := make([]*core.Pod, 0, len(script))
		for i, b := range script {
			p := newPod(c.job, -1, false, nil)
			p.ObjectMeta.Name = fmt.Sprintf("extra-%d", i)
			p.ObjectMeta.UID = meta.UID(p.ObjectMeta.Name)
			p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = []string{"0", "1", "-1", "x", "99", "2"}[int(b)%6]
			p.Status.Phase = []core.PodPhase{core.PodPending, core.PodRunning, core.PodSucceeded, core.PodFailed}[int(b>>3)%4]
			if b&64 != 0 {
				p.ObjectMeta.Finalizers = nil
			}
			extra = append(extra, p)
		}
		d := Sync(c.job, append(c.pods[:len(c.pods):len(c.pods)], extra...), c.now, c.backoff)
		if d.Skipped == "" {
			active := len(d.Create)
			deleted := map[*core.Pod]bool{}
			for _, p := range d.Delete {
				deleted[p] = true
			}
			for _, p := range append(c.pods[:len(c.pods):len(c.pods)], extra...) {
				if isActive(p) && !deleted[p] {
					active++
				}
			}
			if int(d.Status.Active) != active {
				t.Fatalf("with extra pods: status.active %d, %d active", d.Status.Active, active)
			}
		}
	})
}

// ownPods returns the pods Sync counts as job's.
func ownPods(job *jobapi.Job, pods []*core.Pod) []*core.Pod {
	c := &syncCtx{job: job, d: &Decision{}}
	return c.claim(pods)
}
