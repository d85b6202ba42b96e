package controller

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// This file is the write protocol of one sync as data: the writes
// Kubernetes' Job controller makes, in its order, and what it does when
// one of them fails.

// WriteKind says what a [Write] does.
type WriteKind uint8

// The kinds of writes, in the order a sync makes them. A sync makes the
// claim writes, then either deletions or creation batches, then the
// tracking writes: the interim status, the finalizer removals and the
// final status.
const (
	// AdoptPods makes the Job the controller of each orphan pod of Pods
	// (an owner reference) and adds the tracking finalizer. A pod that is
	// gone is left out of the sync; any other failure ends the sync once
	// every claim has been tried.
	AdoptPods WriteKind = iota + 1
	// ReleasePods removes the Job's owner reference from each pod of
	// Pods. Failures end the sync as for AdoptPods.
	ReleasePods
	// DeletePods deletes each pod of Pods, after removing its tracking
	// finalizer unless KeepFinalizers is set (then the tracking writes
	// remove it). Every pod is tried; a pod already gone counts as
	// deleted. When some fail, the sync goes on with the tracking writes
	// of a plan that knows it (fewer pods terminating, a finished Job not
	// finished yet) and then fails.
	DeletePods
	// CreatePods creates the pods of Pods, one slow-start batch (1, 2, 4,
	// ... pods). Every pod of a batch is tried; after a batch with a
	// failure the later batches are skipped, and the sync goes on with
	// the tracking writes of a plan that knows it, and then fails.
	CreatePods
	// UpdateStatus replaces the Job's status with Status (a PUT to the
	// status subresource). When it fails the sync ends.
	UpdateStatus
	// RemoveFinalizers removes the tracking finalizer from each pod of
	// Pods. Every pod is tried; a pod already gone counts as done. When
	// some fail, the finished pods whose finalizer did go are moved from
	// status.uncountedTerminatedPods to the counters of Status (the
	// status before the removals) and, if that changed it, the status is
	// written; then the sync ends.
	RemoveFinalizers
)

// String returns the name of the kind.
func (k WriteKind) String() string {
	switch k {
	case AdoptPods:
		return "AdoptPods"
	case ReleasePods:
		return "ReleasePods"
	case DeletePods:
		return "DeletePods"
	case CreatePods:
		return "CreatePods"
	case UpdateStatus:
		return "UpdateStatus"
	case RemoveFinalizers:
		return "RemoveFinalizers"
	}
	return "WriteKind(?)"
}

// Write is one step of the write protocol of a sync.
type Write struct {
	// Kind says what the step does.
	Kind WriteKind
	// Pods are the pods the step creates, deletes, claims or removes the
	// tracking finalizer from.
	Pods []*core.Pod
	// KeepFinalizers, for DeletePods, says to delete the pods without
	// removing their tracking finalizer first (the pods of a Job that has
	// failed or succeeded: the status counts them first).
	KeepFinalizers bool
	// Status is, for UpdateStatus, the status to write; for
	// RemoveFinalizers, the status before the removals, from which a
	// partial failure's status write is made.
	Status *jobapi.JobStatus
	// RecordsBackoff marks the first status write of the sync: once it
	// succeeds, the Decision's Backoff is the failure record (until then
	// the one Sync was given still is).
	RecordsBackoff bool
}

// tracking reports whether w is one of the tracking writes.
func (w *Write) tracking() bool {
	return w.Kind == UpdateStatus || w.Kind == RemoveFinalizers
}

// writes lists the writes of the sync in the Decision.
func (c *syncCtx) writes() {
	d := c.d
	n := len(c.manageW) + len(c.trackW)
	if len(d.Adopt) > 0 {
		n++
	}
	if len(d.Release) > 0 {
		n++
	}
	if n == 0 {
		return
	}
	d.Writes = make([]Write, 0, n)
	if len(d.Adopt) > 0 {
		d.Writes = append(d.Writes, Write{Kind: AdoptPods, Pods: d.Adopt})
	}
	if len(d.Release) > 0 {
		d.Writes = append(d.Writes, Write{Kind: ReleasePods, Pods: d.Release})
	}
	d.Writes = append(d.Writes, c.manageW...)
	d.Writes = append(d.Writes, c.trackW...)
}

// outcome is what failed of the claim and pod writes of a plan: Apply
// plans the tracking writes again with it, as the real controller
// carries on with what it knows of its failures.
type outcome struct {
	goneUIDs      map[meta.UID]bool // adoptions that found no pod
	notCreatedN   int32             // creations that failed or were skipped
	notDeletedSet map[meta.UID]bool // deletions (or their finalizer removal) that failed, not with NotFound
	patchFailSet  map[meta.UID]bool // finalizer removals before a deletion that failed, NotFound too
}

func (o *outcome) gone(p *core.Pod) bool {
	return o != nil && o.goneUIDs[p.ObjectMeta.UID]
}

func (o *outcome) notDeleted(p *core.Pod) bool {
	return o != nil && o.notDeletedSet[p.ObjectMeta.UID]
}

func (o *outcome) patchFailed(p *core.Pod) bool {
	return o != nil && o.patchFailSet[p.ObjectMeta.UID]
}

// empty reports whether nothing failed.
func (o *outcome) empty() bool {
	return len(o.goneUIDs) == 0 && o.notCreatedN == 0 && len(o.notDeletedSet) == 0 && len(o.patchFailSet) == 0
}

// markUID adds uid to the set *m, making it when needed.
func markUID(m *map[meta.UID]bool, uid meta.UID) {
	if *m == nil {
		*m = map[meta.UID]bool{}
	}
	(*m)[uid] = true
}
