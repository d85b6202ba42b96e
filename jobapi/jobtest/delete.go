package jobtest

import (
	"fmt"
	"slices"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// DeletionPropagation says what a delete does to the dependents of the
// object it deletes: the objects whose `metadata.ownerReferences` name it.
// The values are Kubernetes' `propagationPolicy`.
type DeletionPropagation string

// The propagation policies of a delete.
const (
	// DeletePropagationOrphan keeps the dependents and removes their
	// owner references to the deleted object: the object gets the
	// `orphan` finalizer until that is done. It is the default for a
	// batch/v1 Job.
	DeletePropagationOrphan DeletionPropagation = "Orphan"
	// DeletePropagationBackground deletes the object at once and its
	// dependents after it. It is the default for a Pod.
	DeletePropagationBackground DeletionPropagation = "Background"
	// DeletePropagationForeground deletes the dependents first: the
	// object gets the `foregroundDeletion` finalizer and stays, being
	// deleted, until no dependent whose owner reference has
	// `blockOwnerDeletion: true` is left.
	DeletePropagationForeground DeletionPropagation = "Foreground"
)

// DeleteOption is a field of Kubernetes' DeleteOptions, for
// [Resource.Delete] and [Resource.DeleteObject].
type DeleteOption func(*deleteOptions)

type deleteOptions struct {
	grace       *int64
	propagation *DeletionPropagation
	uid         *meta.UID
	rv          *string
}

// GracePeriod sets `gracePeriodSeconds`: how long a pod may take to stop
// before it is removed. 0 removes it at once (what the kubelet sends when
// its containers have stopped, and `kubectl delete --force
// --grace-period=0`); a negative value counts as 1, as in Kubernetes. Jobs
// have no grace period: for them it changes nothing.
func GracePeriod(seconds int64) DeleteOption {
	return func(o *deleteOptions) { o.grace = &seconds }
}

// Propagation sets `propagationPolicy`. A value other than the three
// [DeletionPropagation]s is a 422 Invalid error on DeleteOptions.
func Propagation(p DeletionPropagation) DeleteOption {
	return func(o *deleteOptions) { o.propagation = &p }
}

// PreconditionUID makes the delete fail with 409 Conflict unless the
// object's uid is uid (the object was not deleted and made again).
func PreconditionUID(uid meta.UID) DeleteOption {
	return func(o *deleteOptions) { o.uid = &uid }
}

// PreconditionResourceVersion makes the delete fail with 409 Conflict
// unless the object's resourceVersion is rv.
func PreconditionResourceVersion(rv string) DeleteOption {
	return func(o *deleteOptions) { o.rv = &rv }
}

// Delete deletes the object called name as a DELETE does, and returns the
// `Status` object with `status: Success` and the name, group, resource
// and uid of the object, as Kubernetes returns for a Job it removes (for
// a Pod, and for an object that stays to be finalized, Kubernetes returns
// the object instead: see [Resource.DeleteObject]). An object that does
// not exist is a 404 NotFound.
//
// What happens is the API server's generic store's, described in the
// package documentation (Graceful deletion, finalizers and garbage
// collection): an object with finalizers, or a scheduled pod that is not
// finished, is only marked (`deletionTimestamp`,
// `deletionGracePeriodSeconds`) and stays until its finalizers are
// removed and, for a pod, until a delete with [GracePeriod](0); a Job is
// deleted with the orphan propagation of batch/v1 unless [Propagation]
// says otherwise; the store's garbage collector then does what the
// propagation asks, before Delete returns.
func (r *Resource[T]) Delete(name string, opts ...DeleteOption) (field.Status, error) {
	o, _, err := r.DeleteObject(name, opts...)
	if err != nil {
		return field.Status{}, err
	}
	return field.NewSuccess(r.t.kind.resource, name, string(r.t.kind.meta(o).UID)), nil
}

// DeleteObject is [Resource.Delete] returning what the API server answers
// with an object: the object as the delete left it (marked for deletion,
// when it stays) or as it was last stored (when the delete removed it),
// and whether the delete removed it. The garbage collection that follows
// (which may remove a Job marked by an orphan delete) is not reflected in
// the result: Get the object to see it.
func (r *Resource[T]) DeleteObject(name string, opts ...DeleteOption) (*T, bool, error) {
	if err := r.needNamespace("Delete"); err != nil {
		return nil, false, err
	}
	if name == "" {
		return nil, false, field.NewBadRequest("resource name may not be empty")
	}
	var do deleteOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&do)
		}
	}
	if do.propagation != nil {
		switch *do.propagation {
		case DeletePropagationOrphan, DeletePropagationBackground, DeletePropagationForeground:
		default:
			return nil, false, field.NewInvalid(field.GroupKind{Group: "meta.k8s.io", Kind: "DeleteOptions"}, "", field.ErrorList{
				field.NotSupported(field.NewPath("propagationPolicy"), *do.propagation, []string{"Foreground", "Background", "Orphan", "nil"}),
			})
		}
	}
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	o, removed, err := deleteLocked(r.s, r.t, r.ns, name, do)
	if err != nil {
		return nil, false, err
	}
	r.s.collectGarbage()
	return r.t.kind.copy(o), removed, nil
}

// deleteLocked is the generic store's Delete (with rest.BeforeDelete and
// updateForGracefulDeletionAndFinalizers) on the object ns/name of t. It
// returns the object as the delete left it and whether it removed it.
// The caller holds the lock.
func deleteLocked[T Object](s *Store, t *table[T], ns, name string, do deleteOptions) (*T, bool, error) {
	k := t.kind
	old, ok := t.get(ns, name)
	if !ok {
		return nil, false, field.NewNotFound(k.resource, name)
	}
	om := k.meta(old)
	// Preconditions name the kind as a resource, as BeforeDelete does.
	byKind := field.GroupResource{Group: k.kindName.Group, Resource: k.kindName.Kind}
	if do.uid != nil && *do.uid != om.UID {
		return nil, false, field.NewConflict(byKind, name, fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", *do.uid, om.UID))
	}
	if do.rv != nil && *do.rv != om.ResourceVersion {
		return nil, false, field.NewConflict(byKind, name, fmt.Errorf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", *do.rv, om.ResourceVersion))
	}
	if do.grace != nil && *do.grace < 0 {
		one := int64(1)
		do.grace = &one
	}

	n := k.copy(old)
	m := k.meta(n)
	now := s.now().Truncate(time.Second)
	graceful, pending := beforeDelete(k, n, &do, now)
	if pending {
		// A graceful deletion is already under way and the request does
		// not shorten it: nothing changes.
		return old, false, nil
	}
	finalizers, gcChanged := gcFinalizers(k, m, do)
	if !graceful && len(m.Finalizers) == 0 && !gcChanged {
		removeLocked(s, t, old)
		return old, true, nil
	}
	m.Finalizers = finalizers
	pendingFinalizers := len(m.Finalizers) > 0
	if !graceful {
		if !pendingFinalizers {
			removeLocked(s, t, old)
			return old, true, nil
		}
		markAsDeleting(m, now)
	}
	stored := writeLocked(s, t, n, old)
	if pendingFinalizers || (graceful && *m.DeletionGracePeriodSeconds > 0) {
		if hasFinalizer(m.Finalizers, meta.FinalizerOrphanDependents) || hasFinalizer(m.Finalizers, meta.FinalizerDeleteDependents) {
			s.gcPending = true
		}
		return stored, false, nil
	}
	removeLocked(s, t, stored)
	return stored, true, nil
}

// beforeDelete is rest.BeforeDelete for an object already copied: it sets
// the deletion timestamp and grace period of a graceful deletion (pods
// only) and reports whether the delete is graceful and whether it is a
// graceful deletion already pending that the request does not shorten.
func beforeDelete[T Object](k *kind[T], o *T, do *deleteOptions, now time.Time) (graceful, pending bool) {
	m := k.meta(o)
	if g := m.DeletionGracePeriodSeconds; g != nil && *g < 0 {
		one := int64(1)
		m.DeletionGracePeriodSeconds = &one
	}
	if k.gracePeriod == nil {
		return false, false // Jobs: no graceful deletion
	}
	if m.DeletionTimestamp != nil {
		g := m.DeletionGracePeriodSeconds
		if g == nil || *g == 0 {
			return false, false
		}
		if do.grace == nil || *do.grace >= *g {
			return false, true
		}
		period := *do.grace
		ts := m.DeletionTimestamp.Time.Add(-time.Duration(*g) * time.Second).Add(time.Duration(period) * time.Second)
		if ts.Before(now) {
			ts = now
			if period != 0 {
				period = 1
			}
		}
		t := meta.NewTime(ts)
		m.DeletionTimestamp = &t
		m.DeletionGracePeriodSeconds = &period
		return true, false
	}
	period := k.gracePeriod(o, do.grace)
	t := meta.NewTime(now.Add(time.Duration(period) * time.Second))
	m.DeletionTimestamp = &t
	m.DeletionGracePeriodSeconds = &period
	if m.Generation > 0 {
		m.Generation++
	}
	return true, false
}

// podGracePeriod is the pod strategy's CheckGracefulDelete: the grace
// period asked for, else the pod's terminationGracePeriodSeconds (30 when
// unset, the default the API server stores); 0 for a pod that is not
// scheduled or has finished.
func podGracePeriod(p *core.Pod, asked *int64) int64 {
	period := core.DefaultTerminationGracePeriodSeconds
	switch {
	case asked != nil:
		period = *asked
	case p.Spec.TerminationGracePeriodSeconds != nil:
		period = *p.Spec.TerminationGracePeriodSeconds
	}
	if p.Spec.NodeName == "" || p.Status.Phase == core.PodFailed || p.Status.Phase == core.PodSucceeded {
		period = 0
	}
	if period < 0 {
		period = 1
	}
	return period
}

// gcFinalizers is deletionFinalizersForGarbageCollection: the finalizers
// the object gets for the propagation of the delete, and whether they
// differ from its own.
func gcFinalizers[T Object](k *kind[T], m *meta.ObjectMeta, do deleteOptions) ([]string, bool) {
	orphan := k.orphanByDefault
	foreground := false
	switch {
	case do.propagation != nil:
		orphan = *do.propagation == DeletePropagationOrphan
		foreground = *do.propagation == DeletePropagationForeground
	default:
		for _, f := range m.Finalizers {
			if f == meta.FinalizerOrphanDependents {
				orphan = true
				break
			}
			if f == meta.FinalizerDeleteDependents {
				orphan, foreground = false, true
				break
			}
		}
	}
	out := make([]string, 0, len(m.Finalizers)+1)
	for _, f := range m.Finalizers {
		if f != meta.FinalizerOrphanDependents && f != meta.FinalizerDeleteDependents {
			out = append(out, f)
		}
	}
	if orphan {
		out = append(out, meta.FinalizerOrphanDependents)
	}
	if foreground {
		out = append(out, meta.FinalizerDeleteDependents)
	}
	if sameSet(out, m.Finalizers) {
		return m.Finalizers, false
	}
	return out, true
}

// sameSet reports whether a and b hold the same strings, ignoring order
// and repetition.
func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// markAsDeleting is the generic store's markAsDeleting: a deletion
// timestamp of now (unless an earlier one is set) and a grace period of
// 0; the generation counts the first deletion request.
func markAsDeleting(m *meta.ObjectMeta, now time.Time) {
	if m.DeletionTimestamp == nil && m.Generation > 0 {
		m.Generation++
	}
	if m.DeletionTimestamp == nil || m.DeletionTimestamp.Time.After(now) {
		t := meta.NewTime(now)
		m.DeletionTimestamp = &t
	}
	zero := int64(0)
	m.DeletionGracePeriodSeconds = &zero
}

// shouldDeleteDuringUpdate is the generic store's ShouldDeleteDuringUpdate:
// an update that leaves no finalizer on an object being deleted with no
// grace period left deletes it.
func shouldDeleteDuringUpdate(m, old *meta.ObjectMeta) bool {
	if len(m.Finalizers) > 0 || old.DeletionTimestamp == nil {
		return false
	}
	g := old.DeletionGracePeriodSeconds
	return g == nil || *g == 0
}

func hasFinalizer(fs []string, f string) bool { return slices.Contains(fs, f) }

// writeLocked stores n, a new state of old, as the next write: the next
// resourceVersion and a MODIFIED event. It returns the stored object.
// The caller holds the lock.
func writeLocked[T Object](s *Store, t *table[T], n, old *T) *T {
	k := t.kind
	m := k.meta(n)
	m.ResourceVersion = k.meta(old).ResourceVersion
	if same(n, old) {
		return old
	}
	s.rv++
	m.ResourceVersion = formatRV(s.rv)
	t.put(m.Namespace, m.Name, n)
	t.record(event[T]{typ: Modified, obj: n, prev: old, rv: s.rv}, s.history)
	return n
}

// removeLocked removes the stored object last, as the next write: watchers
// get a DELETED event with its last state and the delete's
// resourceVersion. The garbage collector then looks after its
// dependents. The caller holds the lock.
func removeLocked[T Object](s *Store, t *table[T], last *T) {
	k := t.kind
	m := k.meta(last)
	s.rv++
	gone := k.copy(last)
	k.meta(gone).ResourceVersion = formatRV(s.rv)
	t.remove(m.Namespace, m.Name)
	t.record(event[T]{typ: Deleted, obj: gone, rv: s.rv}, s.history)
	if m.UID != "" {
		s.gone[m.UID] = struct{}{}
		s.gcPending = true
	}
}
