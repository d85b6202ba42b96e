package controller

import (
	"maps"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// ExpectationsTimeout is how long expected creations and deletions are
// waited for: after it, Sync acts again even if the informer never saw
// them, as Kubernetes' controller does.
const ExpectationsTimeout = 5 * time.Minute

// Expectations are the writes a controller made that its informer has
// not seen yet, per Job (by uid): how many pod creations and deletions,
// and which pods' finalizer removals. Kubernetes' Job controller keeps
// the same (its ControllerExpectations and finalizer expectations) so
// that a stale cache never makes it create or delete twice.
//
// The zero value holds nothing and is ready to use. [Apply] records what
// it writes; the caller records what its informer sees, with [Expectations.ObservePod]
// (or the methods it calls); [Sync] reads it through [WithExpectations].
// Expectations are not safe for concurrent use: a controller with several
// workers guards them with a mutex.
type Expectations struct {
	jobs map[meta.UID]*expectation
}

// expectation is what is in flight for one Job.
type expectation struct {
	add, del  int
	timestamp time.Time             // when add and del were set
	rm        map[meta.UID]struct{} // pods whose finalizer removal is in flight
}

// Equal reports whether e and o hold the same writes in flight.
func (e *Expectations) Equal(o *Expectations) bool {
	if e == nil || o == nil {
		return e == o
	}
	if len(e.jobs) != len(o.jobs) {
		return false
	}
	for uid, x := range e.jobs {
		y := o.jobs[uid]
		if y == nil || x.add != y.add || x.del != y.del || !x.timestamp.Equal(y.timestamp) || len(x.rm) != len(y.rm) {
			return false
		}
		for u := range x.rm {
			if _, ok := y.rm[u]; !ok {
				return false
			}
		}
	}
	return true
}

// job returns the record of uid, making it when needed.
func (e *Expectations) job(uid meta.UID) *expectation {
	if e.jobs == nil {
		e.jobs = map[meta.UID]*expectation{}
	}
	x := e.jobs[uid]
	if x == nil {
		x = &expectation{}
		e.jobs[uid] = x
	}
	return x
}

// ExpectCreations records that n pods of the Job jobUID are being
// created at now, replacing the counts in flight (as Kubernetes'
// ExpectCreations does).
func (e *Expectations) ExpectCreations(jobUID meta.UID, n int, now time.Time) {
	x := e.job(jobUID)
	x.add, x.del, x.timestamp = n, 0, now
}

// ExpectDeletions records that n pods of the Job jobUID are being
// deleted at now, replacing the counts in flight.
func (e *Expectations) ExpectDeletions(jobUID meta.UID, n int, now time.Time) {
	x := e.job(jobUID)
	x.add, x.del, x.timestamp = 0, n, now
}

// CreationObserved records that a pod creation of the Job jobUID was
// seen, or will never be (it failed).
func (e *Expectations) CreationObserved(jobUID meta.UID) {
	if x := e.jobs[jobUID]; x != nil {
		x.add--
	}
}

// DeletionObserved records that a pod deletion of the Job jobUID was
// seen, or will never be (it failed).
func (e *Expectations) DeletionObserved(jobUID meta.UID) {
	if x := e.jobs[jobUID]; x != nil {
		x.del--
	}
}

// ExpectFinalizersRemoved records that the tracking finalizer of the
// pods podUIDs of the Job jobUID is being removed.
func (e *Expectations) ExpectFinalizersRemoved(jobUID meta.UID, podUIDs ...meta.UID) {
	if len(podUIDs) == 0 {
		return
	}
	x := e.job(jobUID)
	if x.rm == nil {
		x.rm = make(map[meta.UID]struct{}, len(podUIDs))
	}
	for _, u := range podUIDs {
		x.rm[u] = struct{}{}
	}
}

// FinalizerRemovalObserved records that the tracking finalizer of the pod
// podUID of the Job jobUID was seen gone (or the pod itself), or that
// its removal failed.
func (e *Expectations) FinalizerRemovalObserved(jobUID, podUID meta.UID) {
	if x := e.jobs[jobUID]; x != nil {
		delete(x.rm, podUID)
	}
}

// Forget drops what is in flight for the Job jobUID: call it when the
// Job is deleted.
func (e *Expectations) Forget(jobUID meta.UID) {
	delete(e.jobs, jobUID)
}

// ObservePod records what an informer event about a pod means, as
// Kubernetes' Job controller's pod event handlers do: old is nil for an
// added pod, cur is nil for a deleted one (whose last state is old). The
// Job is the pod's controller (its owner reference); events about pods
// without one change nothing.
//
//   - A pod added, or updated to have a deletionTimestamp: a creation, or
//     a deletion when it has a deletionTimestamp.
//   - A pod deleted: a deletion, and its finalizer removal.
//   - A pod updated without the tracking finalizer: its finalizer removal.
func (e *Expectations) ObservePod(old, cur *core.Pod) {
	switch {
	case cur == nil && old != nil:
		if ref := controllerOf(old); ref != nil {
			e.DeletionObserved(ref.UID)
			e.FinalizerRemovalObserved(ref.UID, old.ObjectMeta.UID)
		}
	case cur != nil && cur.ObjectMeta.DeletionTimestamp != nil:
		if old != nil && old.ObjectMeta.ResourceVersion == cur.ObjectMeta.ResourceVersion && old.ObjectMeta.ResourceVersion != "" {
			return
		}
		if ref := controllerOf(cur); ref != nil {
			e.DeletionObserved(ref.UID)
			if !hasFinalizer(cur) {
				e.FinalizerRemovalObserved(ref.UID, cur.ObjectMeta.UID)
			}
		}
	case cur != nil && old == nil:
		if ref := controllerOf(cur); ref != nil {
			e.CreationObserved(ref.UID)
		}
	case cur != nil:
		if old.ObjectMeta.ResourceVersion == cur.ObjectMeta.ResourceVersion && old.ObjectMeta.ResourceVersion != "" {
			return
		}
		if hasFinalizer(cur) {
			return
		}
		if ref := controllerOf(old); ref != nil {
			e.FinalizerRemovalObserved(ref.UID, cur.ObjectMeta.UID)
		}
		if ref := controllerOf(cur); ref != nil {
			e.FinalizerRemovalObserved(ref.UID, cur.ObjectMeta.UID)
		}
	}
}

// frozen returns a copy of what e holds for the Job jobUID (nil when e
// is nil).
func (e *Expectations) frozen(jobUID meta.UID) *Expectations {
	if e == nil {
		return nil
	}
	c := &Expectations{}
	if x := e.jobs[jobUID]; x != nil {
		y := *x
		y.rm = maps.Clone(x.rm)
		c.jobs = map[meta.UID]*expectation{jobUID: &y}
	}
	return c
}

// satisfied reports whether no creation or deletion of the Job jobUID is
// in flight at now (or those in flight are older than
// ExpectationsTimeout).
func (e *Expectations) satisfied(jobUID meta.UID, now time.Time) bool {
	if e == nil {
		return true
	}
	x := e.jobs[jobUID]
	if x == nil || (x.add <= 0 && x.del <= 0) {
		return true
	}
	return now.Sub(x.timestamp) > ExpectationsTimeout
}

// expectedRemovals returns the pods of the Job jobUID whose finalizer
// removal is in flight (nil: none).
func (e *Expectations) expectedRemovals(jobUID meta.UID) map[meta.UID]bool {
	if e == nil {
		return nil
	}
	x := e.jobs[jobUID]
	if x == nil || len(x.rm) == 0 {
		return nil
	}
	m := make(map[meta.UID]bool, len(x.rm))
	for u := range x.rm {
		m[u] = true
	}
	return m
}
