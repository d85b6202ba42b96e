package controller

import (
	"slices"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// track counts the finished pods in the status and removes their tracking
// finalizers, as Kubernetes' controller does: finished pods are first
// listed in status.uncountedTerminatedPods (the interim status write),
// their finalizers removed, then moved to the counters (the final status
// write); the interim condition (FailureTarget, SuccessCriteriaMet) is
// added, and the final one (Failed, Complete) once nothing is left
// uncounted and no pod is terminating. Pods whose finalizer removal is
// in flight count as without a finalizer.
func (c *syncCtx) track(needsFlush bool, newBackoff Backoff) {
	st := c.status
	unc := st.UncountedTerminatedPods
	pods := c.pods
	if c.indexed {
		pods = c.sortedByIndex(pods)
	}
	withFinalizer := make(map[meta.UID]bool, len(pods))
	for _, p := range pods {
		if hasFinalizer(p) && !c.expectedRm[p.ObjectMeta.UID] {
			withFinalizer[p.ObjectMeta.UID] = true
		}
	}
	if countUncounted(st, withFinalizer) {
		needsFlush = true
	}
	var toRemove []*core.Pod
	var newSucceeded []int
	reachedMax := false
	failing := c.finished != nil && c.finished.Type != jobapi.JobSuccessCriteriaMet
	for _, p := range pods {
		if !hasFinalizer(p) || c.expectedRm[p.ObjectMeta.UID] {
			continue
		}
		failed := c.isFailed(p)
		if !c.canRemoveFinalizer(p, failed) {
			continue
		}
		toRemove = append(toRemove, p)
		uid := p.ObjectMeta.UID
		switch {
		case p.Status.Phase == core.PodSucceeded && !c.uncFail[uid]:
			if c.indexed {
				if ix := c.indexOf(p); c.validIndex(p) && !c.prevSucceeded.Has(ix) {
					newSucceeded = append(newSucceeded, ix)
					needsFlush = true
				}
			} else if !c.uncSucc[uid] {
				needsFlush = true
				unc.Succeeded = append(unc.Succeeded, uid)
			}
		case failed || failing:
			if !c.uncFail[uid] && c.validIndex(p) && matchPolicy(c.policy, p).counts {
				needsFlush = true
				unc.Failed = append(unc.Failed, uid)
			}
		}
		if len(newSucceeded)+len(unc.Succeeded)+len(unc.Failed) >= MaxUncountedPods {
			reachedMax = true
			break
		}
	}
	if c.indexed {
		c.succeededIndexes = c.succeededIndexes.Union(c.indexSet(newSucceeded))
		s := c.succeededIndexes.String()
		if s != st.CompletedIndexes {
			needsFlush = true
		}
		st.Succeeded = int32(c.succeededIndexes.Count())
		st.CompletedIndexes = s
		var failedIndexes *string
		if c.failedIndexes != nil {
			f := c.failedIndexes.String()
			failedIndexes = &f
		}
		if !strPtrEqual(st.FailedIndexes, failedIndexes) {
			st.FailedIndexes = failedIndexes
			needsFlush = true
		}
	}
	if c.finished != nil && c.finished.Type == jobapi.JobFailureTarget {
		st.Conditions = append(st.Conditions, *c.finished)
		needsFlush = true
		c.finished = c.newCondition(jobapi.JobFailed, jobapi.ConditionTrue, c.finished.Reason, c.finished.Message)
	}
	if c.finished != nil && c.finished.Type == jobapi.JobSuccessCriteriaMet && c.finished.Status == jobapi.ConditionTrue {
		if trueCondition(st.Conditions, jobapi.JobSuccessCriteriaMet) == nil {
			st.Conditions = append(st.Conditions, *c.finished)
			needsFlush = true
		}
		c.finished = c.newCondition(jobapi.JobComplete, jobapi.ConditionTrue, c.finished.Reason, c.finished.Message)
	}
	var interim *jobapi.JobStatus
	if needsFlush {
		// The first status write; the failure record is kept with it.
		c.d.UpdateStatus = true
		c.d.Backoff = newBackoff
		needsFlush = false
		interim = st.DeepCopy()
		c.trackW = append(c.trackW, Write{Kind: UpdateStatus, Status: interim, RecordsBackoff: true})
	}
	if len(toRemove) > 0 {
		if interim == nil {
			interim = st.DeepCopy()
		}
		c.trackW = append(c.trackW, Write{Kind: RemoveFinalizers, Pods: toRemove, Status: interim})
	}
	for _, p := range toRemove {
		if !slices.Contains(c.d.RemoveFinalizer, p) {
			c.d.RemoveFinalizer = append(c.d.RemoveFinalizer, p)
		}
		delete(withFinalizer, p.ObjectMeta.UID)
	}
	if countUncounted(st, withFinalizer) {
		needsFlush = true
	}
	if !reachedMax && c.enactFinished() {
		needsFlush = true
	}
	if needsFlush {
		c.d.UpdateStatus = true
		c.trackW = append(c.trackW, Write{Kind: UpdateStatus, Status: st})
	}
}

// canRemoveFinalizer reports whether p's tracking finalizer can go: the
// Job is being deleted or has finished, p succeeded, or p failed and is
// not the last failed pod of its index waiting for its replacement.
func (c *syncCtx) canRemoveFinalizer(p *core.Pod, failed bool) bool {
	if c.job.ObjectMeta.DeletionTimestamp != nil || c.finished != nil || p.Status.Phase == core.PodSucceeded {
		return true
	}
	if !failed {
		return false
	}
	if c.perIndex {
		if ix := c.indexOf(p); ix >= 0 {
			if d, ok := c.delayed[ix]; ok && d.ObjectMeta.UID == p.ObjectMeta.UID {
				return false
			}
		}
	}
	return true
}

// countUncounted moves the uncounted pods that no longer have a
// finalizer to the counters, and reports whether it moved any.
func countUncounted(st *jobapi.JobStatus, withFinalizer map[meta.UID]bool) bool {
	unc := st.UncountedTerminatedPods
	changed := false
	keep := func(uids []meta.UID, counter *int32) []meta.UID {
		var out []meta.UID
		for _, u := range uids {
			if withFinalizer[u] {
				out = append(out, u)
			}
		}
		if len(out) != len(uids) {
			changed = true
			*counter += int32(len(uids) - len(out))
		}
		return out
	}
	unc.Succeeded = keep(unc.Succeeded, &st.Succeeded)
	unc.Failed = keep(unc.Failed, &st.Failed)
	return changed
}

// enactFinished adds the final condition (Failed or Complete) once every
// finished pod is counted and none is terminating.
func (c *syncCtx) enactFinished() bool {
	f := c.finished
	if f == nil {
		return false
	}
	unc := c.status.UncountedTerminatedPods
	if len(unc.Succeeded)+len(unc.Failed) > 0 || c.terminating > 0 {
		return false
	}
	c.ensureCondition(f.Type, f.Status, f.Reason, f.Message)
	if f.Type == jobapi.JobComplete {
		t := f.LastTransitionTime
		c.status.CompletionTime = &t
	}
	return true
}

// strPtrEqual reports whether a and b are both nil or point to equal
// strings.
func strPtrEqual(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
