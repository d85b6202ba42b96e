package controller

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Writer is what [Apply] needs of an API server: the writes of the Job
// controller. Errors are the API server's: a [field.StatusError] (or an
// error wrapping one) whose reason is NotFound means the object is gone.
// jobtest.NewStoreWriter is one over jobtest.Store; an implementation
// over client-go is a few lines per method.
type Writer interface {
	// CreatePod creates pod (it has generateName; the server names it).
	CreatePod(ctx context.Context, pod *core.Pod) error
	// DeletePod deletes the pod named pod.Name in pod.Namespace.
	DeletePod(ctx context.Context, pod *core.Pod) error
	// RemoveFinalizer removes the tracking finalizer ([jobapi.JobTrackingFinalizer])
	// from the pod, as a patch does: whatever its resourceVersion.
	RemoveFinalizer(ctx context.Context, pod *core.Pod) error
	// AdoptPod makes job the controller of the orphan pod and adds the
	// tracking finalizer, failing when the pod is no longer an orphan
	// (or is another pod of the same name).
	AdoptPod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error
	// ReleasePod removes job's owner reference from pod.
	ReleasePod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error
	// UpdateJobStatus writes job's status (a PUT to the status
	// subresource, with job's resourceVersion) and returns the Job as
	// stored.
	UpdateJobStatus(ctx context.Context, job *jobapi.Job) (*jobapi.Job, error)
}

// ApplyResult is what [Apply] did.
type ApplyResult struct {
	// Calls counts the Writer calls that succeeded.
	Calls int
	// Failed is the kind of the write that failed and ended the sync,
	// zero when none did. After a failed creation or deletion the sync
	// goes on (Failed is set, the tracking writes are made) and Apply
	// returns its error at the end.
	Failed WriteKind
	// Job is the Job as its last status write stored it; nil when no
	// status was written.
	Job *jobapi.Job
	// Backoff is the failure record for the next Sync: the Decision's
	// when its first status write succeeded, the one Sync was given
	// otherwise.
	Backoff Backoff
	// RequeueAfter is the Decision's: sync again after it at the latest.
	// When Apply fails, sync again sooner, with the caller's rate limit.
	RequeueAfter time.Duration
}

// Apply carries out d, the Decision of [Sync], through w, following
// Kubernetes' write protocol (see [WriteKind] for what each write does
// when it fails): the claims, then the pod deletions or creation batches,
// then the interim status holding the finished pods in
// status.uncountedTerminatedPods, their finalizer removals, and the final
// status counting them. When a creation or deletion fails, Apply plans
// the tracking writes again from what it knows, as the real controller
// does, makes them, and returns the error. It stops at the first status
// write that fails, and after finalizer removals that fail (writing the
// status that counts the pods whose finalizer did go).
//
// Whatever prefix of the writes succeeds, the next Sync, on the state
// they left, goes on from there: no finished pod is lost or counted
// twice. Apply records the creations, deletions and finalizer removals
// it makes in the Expectations given to Sync ([WithExpectations]), if
// any, and forgets those that fail; when it plans again after a failed
// creation or deletion, it reads them as Sync read them (the real
// controller reads its expectations once per sync), not with the writes
// it has just recorded.
func Apply(ctx context.Context, w Writer, d Decision) (ApplyResult, error) {
	res := ApplyResult{Backoff: d.Backoff, RequeueAfter: d.RequeueAfter}
	if d.Input.Job == nil || d.Skipped != "" {
		return res, nil
	}
	in := d.Input
	res.Backoff = in.Backoff
	a := &applier{w: w, job: in.Job, exp: in.Expectations, uid: in.Job.ObjectMeta.UID, now: in.Now, res: &res}
	// Re-plans read the expectations as Sync read them, not with the
	// writes Apply records in them as it goes: the real controller reads
	// its expectations once, at the start of the sync.
	a.seen = in.Expectations.frozen(a.uid)
	plan := d
	writes := plan.Writes

	// The claims: all are tried; a failure other than NotFound ends
	// the sync.
	var claimErr error
	for len(writes) > 0 && (writes[0].Kind == AdoptPods || writes[0].Kind == ReleasePods) {
		if err := a.claim(ctx, writes[0]); err != nil {
			claimErr = errors.Join(claimErr, err)
			res.Failed = writes[0].Kind
		}
		writes = writes[1:]
	}
	if claimErr != nil {
		return res, claimErr
	}
	if !a.out.empty() {
		plan, writes = a.replan(d, false)
	}

	// The pods: deletions or creations; failures are remembered.
	var manageErr error
	for len(writes) > 0 && !writes[0].tracking() {
		if err := a.pods(ctx, writes, &manageErr); err != nil {
			return res, err
		}
		writes = writes[1:]
	}
	if !a.out.empty() {
		plan, writes = a.replan(d, true)
	}

	// The tracking writes.
	for _, wr := range writes {
		switch wr.Kind {
		case UpdateStatus:
			if err := a.updateStatus(ctx, wr.Status); err != nil {
				res.Failed = UpdateStatus
				return res, errors.Join(err, manageErr)
			}
			if wr.RecordsBackoff {
				res.Backoff = plan.Backoff
			}
		case RemoveFinalizers:
			if err := a.removeFinalizers(ctx, wr); err != nil {
				res.Failed = RemoveFinalizers
				return res, errors.Join(err, manageErr)
			}
		}
	}
	return res, manageErr
}

// applier is the state of one Apply.
type applier struct {
	w        Writer
	job      *jobapi.Job // as last written
	exp      *Expectations
	uid      meta.UID
	now      time.Time
	res      *ApplyResult
	out      outcome
	seen     *Expectations // what the expectations held for the Job when Apply began
	creating bool          // creations are expected
	failed   bool          // a creation batch failed: the later ones are skipped
}

// replan runs Sync again with what failed, and returns the plan and its
// writes from the pods on (or, when tracking, from the tracking writes
// on).
func (a *applier) replan(d Decision, tracking bool) (Decision, []Write) {
	in := d.Input
	in.Expectations = a.seen
	plan := run(&in, &a.out)
	writes := plan.Writes
	for len(writes) > 0 && (writes[0].Kind == AdoptPods || writes[0].Kind == ReleasePods || (tracking && !writes[0].tracking())) {
		writes = writes[1:]
	}
	return plan, writes
}

// call counts a Writer call that succeeded.
func (a *applier) call(err error) error {
	if err == nil {
		a.res.Calls++
	}
	return err
}

// claim adopts or releases the pods of wr.
func (a *applier) claim(ctx context.Context, wr Write) error {
	var errs error
	for _, p := range wr.Pods {
		var err error
		if wr.Kind == AdoptPods {
			err = a.call(a.w.AdoptPod(ctx, a.job, p))
		} else {
			err = a.call(a.w.ReleasePod(ctx, a.job, p))
		}
		switch {
		case err == nil:
		case field.IsNotFound(err):
			if wr.Kind == AdoptPods {
				markUID(&a.out.goneUIDs, p.ObjectMeta.UID)
			}
		default:
			errs = errors.Join(errs, fmt.Errorf("%s %s: %w", wr.Kind, p.ObjectMeta.Name, err))
		}
	}
	return errs
}

// pods carries out writes[0], a deletion or a creation batch; writes
// are the writes left, for the number of creations to expect. Failures
// are added to *errs.
func (a *applier) pods(ctx context.Context, writes []Write, errs *error) error {
	wr := writes[0]
	fail := func(err error) {
		a.res.Failed = wr.Kind
		*errs = errors.Join(*errs, err)
	}
	switch wr.Kind {
	case DeletePods:
		if !wr.KeepFinalizers {
			a.exp.expectDeletions(a.uid, len(wr.Pods), a.now)
		}
		for _, p := range wr.Pods {
			if !wr.KeepFinalizers && hasFinalizer(p) {
				if err := a.call(a.w.RemoveFinalizer(ctx, p)); err != nil {
					markUID(&a.out.patchFailSet, p.ObjectMeta.UID)
					a.exp.deletionObserved(a.uid)
					if !field.IsNotFound(err) {
						markUID(&a.out.notDeletedSet, p.ObjectMeta.UID)
						fail(fmt.Errorf("removing the tracking finalizer of %s: %w", p.ObjectMeta.Name, err))
					}
					continue
				}
			}
			if err := a.call(a.w.DeletePod(ctx, p)); err != nil {
				if !wr.KeepFinalizers {
					a.exp.deletionObserved(a.uid)
				}
				if !field.IsNotFound(err) {
					markUID(&a.out.notDeletedSet, p.ObjectMeta.UID)
					fail(fmt.Errorf("deleting %s: %w", p.ObjectMeta.Name, err))
				}
			}
		}
	case CreatePods:
		if !a.creating {
			n := 0
			for _, x := range writes {
				if x.Kind == CreatePods {
					n += len(x.Pods)
				}
			}
			a.exp.expectCreations(a.uid, n, a.now)
			a.creating = true
		}
		if a.failed {
			for range wr.Pods {
				a.exp.creationObserved(a.uid)
			}
			a.out.notCreatedN += int32(len(wr.Pods))
			return nil
		}
		for _, p := range wr.Pods {
			if err := a.call(a.w.CreatePod(ctx, p)); err != nil {
				a.exp.creationObserved(a.uid)
				a.out.notCreatedN++
				a.failed = true
				fail(fmt.Errorf("creating a pod: %w", err))
			}
		}
	}
	return nil
}

// updateStatus writes st as the Job's status.
func (a *applier) updateStatus(ctx context.Context, st *jobapi.JobStatus) error {
	j := *a.job
	j.Status = *st
	got, err := a.w.UpdateJobStatus(ctx, &j)
	if a.call(err) != nil {
		return fmt.Errorf("updating the status of Job %s: %w", a.job.ObjectMeta.Name, err)
	}
	a.job = got
	a.res.Job = got
	return nil
}

// removeFinalizers removes the tracking finalizer of the pods of wr; when
// some fail, it writes the status counting those whose finalizer went.
func (a *applier) removeFinalizers(ctx context.Context, wr Write) error {
	uids := make([]meta.UID, len(wr.Pods))
	for i, p := range wr.Pods {
		uids[i] = p.ObjectMeta.UID
	}
	a.exp.expectFinalizersRemoved(a.uid, uids)
	var errs error
	removed := make(map[meta.UID]bool, len(wr.Pods))
	for _, p := range wr.Pods {
		if err := a.call(a.w.RemoveFinalizer(ctx, p)); err != nil {
			a.exp.finalizerRemovalObserved(a.uid, p.ObjectMeta.UID)
			if !field.IsNotFound(err) {
				errs = errors.Join(errs, fmt.Errorf("removing the tracking finalizer of %s: %w", p.ObjectMeta.Name, err))
				continue
			}
		}
		removed[p.ObjectMeta.UID] = true
	}
	if errs == nil {
		return nil
	}
	st := wr.Status.DeepCopy()
	if st.UncountedTerminatedPods != nil && countRemoved(st, removed) {
		if err := a.updateStatus(ctx, st); err != nil {
			return errors.Join(errs, err)
		}
	}
	return errs
}

// countRemoved moves the uncounted pods of removed to the counters, and
// reports whether it moved any.
func countRemoved(st *jobapi.JobStatus, removed map[meta.UID]bool) bool {
	changed := false
	move := func(uids []meta.UID, counter *int32) []meta.UID {
		out := uids[:0:0]
		for _, u := range uids {
			if removed[u] {
				*counter++
				changed = true
			} else {
				out = append(out, u)
			}
		}
		return out
	}
	unc := st.UncountedTerminatedPods
	unc.Succeeded = move(unc.Succeeded, &st.Succeeded)
	unc.Failed = move(unc.Failed, &st.Failed)
	return changed
}

// The nil-safe recorders Apply uses.

func (e *Expectations) expectCreations(uid meta.UID, n int, now time.Time) {
	if e != nil {
		e.ExpectCreations(uid, n, now)
	}
}

func (e *Expectations) expectDeletions(uid meta.UID, n int, now time.Time) {
	if e != nil {
		e.ExpectDeletions(uid, n, now)
	}
}

func (e *Expectations) creationObserved(uid meta.UID) {
	if e != nil {
		e.CreationObserved(uid)
	}
}

func (e *Expectations) deletionObserved(uid meta.UID) {
	if e != nil {
		e.DeletionObserved(uid)
	}
}

func (e *Expectations) expectFinalizersRemoved(uid meta.UID, pods []meta.UID) {
	if e != nil {
		e.ExpectFinalizersRemoved(uid, pods...)
	}
}

func (e *Expectations) finalizerRemovalObserved(uid, pod meta.UID) {
	if e != nil {
		e.FinalizerRemovalObserved(uid, pod)
	}
}
