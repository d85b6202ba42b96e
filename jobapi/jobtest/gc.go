package jobtest

import (
	"slices"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// The store's garbage collector does, synchronously, what
// kube-controller-manager's garbage collector does for owner references
// between the objects of the store (Jobs and Pods, either kind may own
// the other): it runs at the end of every verb that removed an object or
// marked one with the `orphan` or `foregroundDeletion` finalizer, under
// the store's lock, until there is nothing left to do. Each of its
// changes is an ordinary write (its own resourceVersion and watch event).
//
//   - An object being deleted with the `orphan` finalizer: the owner
//     references to it are removed from its dependents, then the
//     finalizer from it (which removes it when no finalizer is left).
//   - An object being deleted with the `foregroundDeletion` finalizer: its
//     dependents are deleted (below); the finalizer is removed once no
//     dependent whose reference to it has `blockOwnerDeletion: true` is
//     left in the store (pods that are still terminating count).
//   - An object that is not being deleted, and whose owner references
//     all name objects the store has removed or objects waiting for their
//     dependents (`foregroundDeletion`), is deleted: in the foreground
//     when it has the `foregroundDeletion` finalizer itself, orphaning
//     when it has `orphan`, else in the background, with no grace period
//     given (a pod gets its own). When some of its owners still exist,
//     only the references to the others are removed.
//
// An owner reference whose uid the store has never held is left alone:
// the real garbage collector would find no such owner and delete the
// dependent, which would make fixtures that refer to an owner the test
// did not create disappear.

// collectGarbage runs the garbage collector until it has nothing to do.
// The caller holds the lock.
func (s *Store) collectGarbage() {
	for s.gcPending {
		s.gcPending = false
		changed := true
		for changed {
			changed = false
			changed = gcOwners(s, s.jobs) || changed
			changed = gcOwners(s, s.pods) || changed
			changed = gcDependents(s, s.jobs) || changed
			changed = gcDependents(s, s.pods) || changed
		}
	}
}

// ownerState is what the garbage collector knows of an owner reference.
type ownerState uint8

const (
	ownerSolid   ownerState = iota // exists (or was never seen): keeps the dependent
	ownerAbsent                    // removed from the store
	ownerWaiting                   // being deleted in the foreground
)

// owner looks up the object with uid in both tables.
func (s *Store) owner(uid meta.UID) ownerState {
	if _, ok := s.gone[uid]; ok {
		return ownerAbsent
	}
	if m := findUID(s.jobs, uid); m != nil {
		return stateOf(m)
	}
	if m := findUID(s.pods, uid); m != nil {
		return stateOf(m)
	}
	return ownerSolid
}

func stateOf(m *meta.ObjectMeta) ownerState {
	if m.DeletionTimestamp != nil && hasFinalizer(m.Finalizers, meta.FinalizerDeleteDependents) {
		return ownerWaiting
	}
	return ownerSolid
}

// findUID returns the metadata of the object of t with uid, or nil.
func findUID[T Object](t *table[T], uid meta.UID) *meta.ObjectMeta {
	for _, byName := range t.objects {
		for _, o := range byName {
			if m := t.kind.meta(o); m.UID == uid {
				return m
			}
		}
	}
	return nil
}

// all returns every object of t, in a stable order.
func all[T Object](t *table[T]) []*T {
	return t.sorted("", func(*T) bool { return true })
}

// gcOwners finishes the orphan and foreground deletions of the objects of
// t and reports whether it changed anything.
func gcOwners[T Object](s *Store, t *table[T]) bool {
	changed := false
	for _, o := range all(t) {
		m := t.kind.meta(o)
		if m.DeletionTimestamp == nil {
			continue
		}
		switch {
		case hasFinalizer(m.Finalizers, meta.FinalizerOrphanDependents):
			orphanDependents(s, s.jobs, m.UID)
			orphanDependents(s, s.pods, m.UID)
			removeFinalizerLocked(s, t, o, meta.FinalizerOrphanDependents)
			changed = true
		case hasFinalizer(m.Finalizers, meta.FinalizerDeleteDependents):
			if !blocked(s.jobs, m.UID) && !blocked(s.pods, m.UID) {
				removeFinalizerLocked(s, t, o, meta.FinalizerDeleteDependents)
				changed = true
			}
		}
	}
	return changed
}

// orphanDependents removes the owner references to uid from the objects
// of t.
func orphanDependents[T Object](s *Store, t *table[T], uid meta.UID) {
	for _, o := range all(t) {
		refs := t.kind.meta(o).OwnerReferences
		if !slices.ContainsFunc(refs, func(r meta.OwnerReference) bool { return r.UID == uid }) {
			continue
		}
		n := t.kind.copy(o)
		nm := t.kind.meta(n)
		nm.OwnerReferences = slices.DeleteFunc(nm.OwnerReferences, func(r meta.OwnerReference) bool { return r.UID == uid })
		if len(nm.OwnerReferences) == 0 {
			nm.OwnerReferences = nil
		}
		writeLocked(s, t, n, o)
	}
}

// blocked reports whether an object of t refers to uid with
// `blockOwnerDeletion: true`.
func blocked[T Object](t *table[T], uid meta.UID) bool {
	for _, o := range all(t) {
		for _, r := range t.kind.meta(o).OwnerReferences {
			if r.UID == uid && r.BlockOwnerDeletion != nil && *r.BlockOwnerDeletion {
				return true
			}
		}
	}
	return false
}

// removeFinalizerLocked removes the finalizer f from the stored object o,
// as the garbage collector's patch does; the object is removed when that
// leaves it without finalizers and without a grace period.
func removeFinalizerLocked[T Object](s *Store, t *table[T], o *T, f string) {
	n := t.kind.copy(o)
	m := t.kind.meta(n)
	m.Finalizers = slices.DeleteFunc(m.Finalizers, func(x string) bool { return x == f })
	if len(m.Finalizers) == 0 {
		m.Finalizers = nil
	}
	if shouldDeleteDuringUpdate(m, t.kind.meta(o)) {
		removeLocked(s, t, o)
		return
	}
	writeLocked(s, t, n, o)
}

// gcDependents deletes the objects of t whose owners are all gone or
// waiting for their dependents, and removes the references to such
// owners from objects that have other owners. It reports whether it
// changed anything.
func gcDependents[T Object](s *Store, t *table[T]) bool {
	changed := false
	for _, o := range all(t) {
		m := t.kind.meta(o)
		if len(m.OwnerReferences) == 0 || m.DeletionTimestamp != nil {
			continue
		}
		var solid, dead bool
		var waiting bool
		for _, r := range m.OwnerReferences {
			switch s.owner(r.UID) {
			case ownerSolid:
				solid = true
			case ownerAbsent:
				dead = true
			case ownerWaiting:
				waiting = true
			}
		}
		switch {
		case !dead && !waiting:
			continue
		case solid:
			n := t.kind.copy(o)
			nm := t.kind.meta(n)
			nm.OwnerReferences = slices.DeleteFunc(nm.OwnerReferences, func(r meta.OwnerReference) bool { return s.owner(r.UID) != ownerSolid })
			writeLocked(s, t, n, o)
		default:
			var do deleteOptions
			p := DeletePropagationBackground
			switch {
			case hasFinalizer(m.Finalizers, meta.FinalizerOrphanDependents):
				p = DeletePropagationOrphan
			case hasFinalizer(m.Finalizers, meta.FinalizerDeleteDependents):
				p = DeletePropagationForeground
			}
			do.propagation = &p
			// The object is found: the delete cannot fail.
			_, _, _ = deleteLocked(s, t, m.Namespace, m.Name, do)
		}
		changed = true
	}
	return changed
}
