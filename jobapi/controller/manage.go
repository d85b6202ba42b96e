package controller

import (
	"slices"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
)

// This file is what the controller does to the pods of a Job that has not
// finished: create them up to parallelism (after the pod failure
// backoff), delete the excess and the duplicates, delete them all when
// the Job is suspended.

// deletePod records that p is to be deleted.
func (c *syncCtx) deletePod(p *core.Pod) {
	if c.deleted == nil {
		c.deleted = map[*core.Pod]bool{}
	}
	c.deleted[p] = true
	c.d.Delete = append(c.d.Delete, p)
}

// manage creates and deletes pods so that the right number are active, and
// returns the number of active pods afterwards.
func (c *syncCtx) manage(backoff Backoff, active int32) int32 {
	job := c.job
	if c.suspended() {
		return active - c.deleteAll(c.podsForRemoval(int(active)))
	}
	var want int32
	if c.completions < 0 {
		if c.succeeded > 0 {
			want = active
		} else {
			want = c.parallelism
		}
	} else {
		want = max(min(int32(c.completions)-c.succeeded, c.parallelism), 0)
	}
	rm := c.podsForRemoval(int(max(active-want, 0)))
	if len(rm) > MaxPodCreateDeletePerSync {
		rm = rm[:MaxPodCreateDeletePerSync]
	}
	if len(rm) > 0 {
		return active - c.deleteAll(rm)
	}
	var terminating int32
	if c.onlyReplaceFailed() {
		terminating = c.terminating
	}
	diff := want - terminating - active
	if diff <= 0 {
		return active
	}
	if !c.perIndex {
		if rem := backoff.Remaining(c.now); rem > 0 {
			c.requeueAfterBackoff(rem)
			return active
		}
	}
	diff = min(diff, MaxPodCreateDeletePerSync)
	if !c.indexed {
		for range diff {
			c.d.Create = append(c.d.Create, newPod(job, -1, false, nil))
		}
		return active + diff - c.createBatches()
	}
	ixs := c.firstPendingIndexes(int(diff))
	if c.perIndex {
		var now []int
		var minRem time.Duration
		for _, ix := range ixs {
			rem := time.Duration(0)
			if last := c.delayed[ix]; last != nil {
				rem = remainingBackoff(absFailures(last)+1, finishedTime(last), c.now)
			}
			if rem == 0 {
				now = append(now, ix)
			} else if minRem == 0 || rem < minRem {
				minRem = rem
			}
		}
		if len(now) == 0 {
			c.requeueAfterBackoff(minRem)
			return active
		}
		ixs = now
	}
	for _, ix := range ixs {
		c.d.Create = append(c.d.Create, newPod(job, ix, c.perIndex, c.delayed[ix]))
	}
	return active + int32(len(ixs)) - c.createBatches()
}

// SyncJobBatchPeriod is the shortest delay after which Kubernetes' Job
// controller syncs a Job again to replace a failed pod once the pod
// failure backoff has passed (and how long it batches pod events).
const SyncJobBatchPeriod = time.Second

// requeueAfterBackoff asks for a sync once the pod failure backoff, of
// which rem is left, has passed: not sooner than SyncJobBatchPeriod, as
// the real controller's enqueueSyncJobWithDelay.
func (c *syncCtx) requeueAfterBackoff(rem time.Duration) {
	if rem > 0 {
		c.requeue(max(rem, SyncJobBatchPeriod))
	}
}

// createBatches splits the pods to create into the controller's
// slow-start batches (1, 2, 4, ... pods) and returns how many of them
// were not created (failed, or skipped after a batch with a failure).
func (c *syncCtx) createBatches() int32 {
	pods := c.d.Create
	for size := 1; len(pods) > 0; size *= 2 {
		n := min(size, len(pods))
		c.manageW = append(c.manageW, Write{Kind: CreatePods, Pods: pods[:n:n]})
		pods = pods[n:]
	}
	if c.out == nil {
		return 0
	}
	return c.out.notCreatedN
}

// deleteAll records that pods are to be deleted, each after its tracking
// finalizer is removed, and returns how many of them were deleted.
func (c *syncCtx) deleteAll(pods []*core.Pod) int32 {
	var removed int32
	for _, p := range pods {
		if c.deleteWithFinalizer(p) {
			removed++
		}
	}
	c.manageW = append(c.manageW, Write{Kind: DeletePods, Pods: pods})
	return removed
}

// deleteWithFinalizer records that p is to be deleted after its tracking
// finalizer is removed: the status will not count it. It reports whether
// p was deleted; as in Kubernetes, a ready pod stops counting as ready
// unless the removal of its finalizer failed.
func (c *syncCtx) deleteWithFinalizer(p *core.Pod) bool {
	c.deletePod(p)
	if hasFinalizer(p) {
		c.d.RemoveFinalizer = append(c.d.RemoveFinalizer, p)
	}
	if isReady(p) && !c.out.patchFailed(p) {
		c.ready--
	}
	if c.out.notDeleted(p) {
		return false
	}
	c.terminating++
	return true
}

// podsForRemoval returns at least n active pods to delete: for an Indexed
// Job, first those with an index out of range or none and all but one of
// the pods of an index; then the pods least worth keeping (unscheduled
// before scheduled, pending before running, not ready before ready,
// ready for less time, more restarts, newer).
func (c *syncCtx) podsForRemoval(n int) []*core.Pod {
	var rm, left []*core.Pod
	if c.indexed {
		pods := c.sortedByIndex(c.active)
		for i := 0; i < len(pods); {
			ix := c.indexOf(pods[i])
			if ix >= c.completions {
				rm = append(rm, pods[i:]...)
				break
			}
			j := i + 1
			for j < len(pods) && c.indexOf(pods[j]) == ix {
				j++
			}
			group := pods[i:j]
			switch {
			case ix < 0:
				rm = append(rm, group...)
			case len(group) == 1:
				left = append(left, group[0])
			default:
				slices.SortStableFunc(group, c.lessWorthKeeping)
				rm = append(rm, group[:len(group)-1]...)
				left = append(left, group[len(group)-1])
			}
			i = j
		}
	} else {
		left = slices.Clone(c.active)
	}
	if len(rm) < n {
		slices.SortStableFunc(left, c.lessWorthKeeping)
		rm = append(rm, left[:n-len(rm)]...)
	}
	return rm
}

// phaseRank ranks the phases of active pods, as Kubernetes'
// controller.ActivePods does: Pending (and no phase yet) 0, Unknown 1,
// Running 2. The lower, the sooner Sync deletes a pod it has too many of,
// and the less RebuildScoreboard prefers to keep it among duplicates.
func phaseRank(p core.PodPhase) int {
	switch p {
	case core.PodUnknown:
		return 1
	case core.PodRunning:
		return 2
	}
	return 0
}

// lessWorthKeeping orders active pods, those to delete first, as
// Kubernetes' controller.ActivePods does.
func (c *syncCtx) lessWorthKeeping(a, b *core.Pod) int {
	less := func(x, y *core.Pod) bool {
		xn, yn := x.Spec.NodeName, y.Spec.NodeName
		if xn != yn && (xn == "" || yn == "") {
			return xn == ""
		}
		if px, py := phaseRank(x.Status.Phase), phaseRank(y.Status.Phase); px != py {
			return px < py
		}
		rx, ry := readyCondition(x), readyCondition(y)
		xr := rx != nil && rx.Status == core.ConditionTrue
		yr := ry != nil && ry.Status == core.ConditionTrue
		if xr != yr {
			return !xr
		}
		if xr && yr {
			tx, ty := rx.LastTransitionTime.Time, ry.LastTransitionTime.Time
			if !tx.Equal(ty) {
				return afterOrZero(tx, ty)
			}
		}
		if mx, my := maxRestarts(statusOf(x)), maxRestarts(statusOf(y)); mx != my {
			return mx > my
		}
		tx, ty := x.ObjectMeta.CreationTimestamp.Time, y.ObjectMeta.CreationTimestamp.Time
		if !tx.Equal(ty) {
			return afterOrZero(tx, ty)
		}
		return false
	}
	switch {
	case less(a, b):
		return -1
	case less(b, a):
		return 1
	}
	return 0
}

// afterOrZero reports whether t1 is zero, or later than a non-zero t2.
func afterOrZero(t1, t2 time.Time) bool {
	if t1.IsZero() || t2.IsZero() {
		return t1.IsZero()
	}
	return t1.After(t2)
}

// firstPendingIndexes returns up to n of the lowest indexes that are
// neither succeeded, active, failed for good nor (when only failed pods
// are replaced) terminating.
func (c *syncCtx) firstPendingIndexes(n int) []int {
	if n == 0 {
		return nil
	}
	busy := make([]int, 0, len(c.active))
	for _, p := range c.active {
		if ix := c.indexOf(p); ix >= 0 {
			busy = append(busy, ix)
		}
	}
	if c.onlyReplaceFailed() {
		for _, p := range c.pods {
			if isTerminating(p) {
				if ix := c.indexOf(p); ix >= 0 {
					busy = append(busy, ix)
				}
			}
		}
	}
	nonPending := c.succeededIndexes.Union(c.indexSet(busy))
	if c.failedIndexes != nil {
		nonPending = nonPending.Union(*c.failedIndexes)
	}
	out := make([]int, 0, n)
	cand := 0
	for iv := range nonPending.Intervals() {
		for ; cand < c.completions && len(out) < n && cand < iv.First; cand++ {
			out = append(out, cand)
		}
		if cand < iv.Last+1 {
			cand = iv.Last + 1
		}
	}
	for ; cand < c.completions && len(out) < n; cand++ {
		out = append(out, cand)
	}
	return out
}
