package controller

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

// Limits of one sync, as in Kubernetes' Job controller.
const (
	// MaxPodCreateDeletePerSync caps the pods one sync creates, and the
	// excess pods it deletes.
	MaxPodCreateDeletePerSync = 500
	// MaxUncountedPods caps the finished pods one sync counts; the rest
	// are counted by the next syncs.
	MaxUncountedPods = 500
	// DefaultBackoff is the delay before a failed pod is replaced after
	// one failure; it doubles with every further consecutive failure.
	DefaultBackoff = 10 * time.Second
	// MaxBackoff caps the delay before a failed pod is replaced.
	MaxBackoff = 10 * time.Minute
)

// Condition reasons and messages, as Kubernetes' Job controller writes
// them.
const (
	ReasonCompletionsReached        = "CompletionsReached"
	MessageCompletionsReached       = "Reached expected number of succeeded pods"
	ReasonSuccessPolicy             = "SuccessPolicy"
	ReasonBackoffLimitExceeded      = "BackoffLimitExceeded"
	MessageBackoffLimitExceeded     = "Job has reached the specified backoff limit"
	ReasonDeadlineExceeded          = "DeadlineExceeded"
	MessageDeadlineExceeded         = "Job was active longer than specified deadline"
	ReasonMaxFailedIndexesExceeded  = "MaxFailedIndexesExceeded"
	MessageMaxFailedIndexesExceeded = "Job has exceeded the specified maximal number of failed indexes"
	ReasonFailedIndexes             = "FailedIndexes"
	MessageFailedIndexes            = "Job has failed indexes"
	ReasonPodFailurePolicy          = "PodFailurePolicy"
	ReasonSuspended                 = "JobSuspended"
	MessageSuspended                = "Job suspended"
	ReasonResumed                   = "JobResumed"
	MessageResumed                  = "Job resumed"
)

// Backoff is what the controller remembers of a Job between syncs: its
// failures since the last success and when the last one happened. It
// decides how long the controller waits before it replaces a failed pod:
// DefaultBackoff after one failure, doubling with each further one, up to
// MaxBackoff. The zero value is a Job with no failure. Give Sync the
// Backoff of the previous Decision (of the same Job).
type Backoff struct {
	// FailuresAfterLastSuccess counts failed pods since the last pod that
	// succeeded.
	FailuresAfterLastSuccess int32
	// LastFailureTime is when the last of them finished; zero when none.
	LastFailureTime time.Time
}

// Remaining returns how long to wait at now before replacing a failed pod.
func (b Backoff) Remaining(now time.Time) time.Duration {
	return remainingBackoff(b.FailuresAfterLastSuccess, b.LastFailureTime, now)
}

// remainingBackoff is what is left at now of the delay after failures
// consecutive failures, the last one at last.
func remainingBackoff(failures int32, last time.Time, now time.Time) time.Duration {
	if failures == 0 {
		return 0
	}
	d := DefaultBackoff
	for i := int32(1); i < failures; i++ {
		d *= 2
		if d >= MaxBackoff {
			d = MaxBackoff
			break
		}
	}
	elapsed := now.Sub(last)
	if d < elapsed {
		return 0
	}
	return d - elapsed
}

// SkipReason says why Sync left a Job alone.
type SkipReason string

// The reasons to leave a Job alone.
const (
	// ManagedElsewhere: spec.managedBy names another controller.
	ManagedElsewhere SkipReason = "ManagedElsewhere"
	// AlreadyFinished: the Job has a Complete or Failed condition.
	AlreadyFinished SkipReason = "AlreadyFinished"
	// UnknownCompletionMode: spec.completionMode is neither NonIndexed
	// nor Indexed.
	UnknownCompletionMode SkipReason = "UnknownCompletionMode"
	// Invalid: the Job lacks what validation requires (an Indexed Job
	// without completions); Kubernetes' API server would not store it.
	Invalid SkipReason = "Invalid"
)

// Decision is what one sync of a Job decides. Writes lists every write
// of the sync in the order Kubernetes' controller makes them, and what
// it does when one fails; carry it out with [Apply], which follows that
// protocol. The other fields summarize it: the pods adopted, released,
// created, deleted and un-finalized, and the status at the end when
// every write succeeds. Then keep Backoff (from [ApplyResult] when a
// write failed) for the next Sync, and sync again after RequeueAfter
// (when positive) or when the Job or one of its pods changes.
type Decision struct {
	// Skipped says why the Job was left alone; when set, nothing else is.
	Skipped SkipReason
	// Writes are the writes of this sync, in order (see [Write]).
	Writes []Write
	// Adopt are orphan pods that match the Job's selector: the controller
	// makes the Job their controller and adds the tracking finalizer.
	// Sync counts them as the Job's pods.
	Adopt []*core.Pod
	// Release are pods the Job controls that no longer match its
	// selector: the controller removes its owner reference. Sync leaves
	// them out.
	Release []*core.Pod
	// Create are the pods to create, built as the controller builds them
	// (with generateName; the API server names them).
	Create []*core.Pod
	// Delete are pods of the input to delete: excess pods, duplicates of
	// an index, active pods of a suspended or finished Job.
	Delete []*core.Pod
	// RemoveFinalizer are pods of the input whose tracking finalizer is to
	// be removed: the Job's status counts them from now on (or, for pods
	// in Delete, does not need to).
	RemoveFinalizer []*core.Pod
	// Status is the Job's status once the decision is carried out.
	Status jobapi.JobStatus
	// UpdateStatus reports whether Status differs from what the Job
	// holds, so that it must be written.
	UpdateStatus bool
	// RequeueAfter is when to look again at the latest, whatever happens:
	// when the pod failure backoff expires or activeDeadlineSeconds
	// passes. Zero: only when something changes.
	RequeueAfter time.Duration
	// Backoff is the failure record to give the next Sync when every
	// write succeeds.
	Backoff Backoff

	// Input is what Sync was given: after a failed write, Apply plans the
	// rest of the sync again from it and from what failed.
	Input Input
}

// Input is what [Sync] was given, its options resolved.
type Input struct {
	Job     *jobapi.Job
	Pods    []*core.Pod
	Now     time.Time
	Backoff Backoff
	// ControllerName is the name of the controller (see
	// [WithControllerName]); "" is ControllerName.
	ControllerName string
	// Expectations are the writes in flight (see [WithExpectations]).
	Expectations *Expectations
}

// syncCtx is the state of one sync.
type syncCtx struct {
	job         *jobapi.Job
	status      *jobapi.JobStatus
	now         time.Time
	pods        []*core.Pod // the Job's pods
	active      []*core.Pod
	indexed     bool
	completions int // spec.completions; -1 when unset (NonIndexed only)
	parallelism int32
	limit       int32 // backoffLimit
	perIndex    bool  // backoffLimitPerIndex is set
	policy      *jobapi.PodFailurePolicy

	ready       int32
	terminating int32
	succeeded   int32
	failed      int32
	uncSucc     map[meta.UID]bool
	uncFail     map[meta.UID]bool

	prevSucceeded, succeededIndexes scoreboard.Indexes
	failedIndexes                   *scoreboard.Indexes
	delayed                         map[int]*core.Pod // last failed pod per index awaiting its replacement

	indexes map[*core.Pod]int // the completion index of each pod, read once

	finished *jobapi.JobCondition
	deleted  map[*core.Pod]bool // pods this sync deletes
	d        *Decision

	in         *Input
	out        *outcome          // the writes that failed, when Apply re-plans; nil: all succeed
	satisfied  bool              // the expectations of pod creations and deletions are met
	expectedRm map[meta.UID]bool // pods whose finalizer removal is in flight
	manageW    []Write           // the writes of the pods: deletions or creation batches
	trackW     []Write           // the writes of the tracking: status, finalizers, status
}

// Sync returns what Kubernetes' v1.36 Job controller (with its default
// feature gates) does for job when its informers hold pods, at now, given
// the failure record of the previous sync. pods are the pods the informer
// holds in the Job's namespace that the Job controls or that no object
// controls: Sync adopts the orphans that match the Job's selector,
// releases the pods it controls that no longer match, and leaves out
// pods controlled by another object. Sync changes neither job nor pods.
//
// Options: [WithExpectations] makes Sync consult the writes still in
// flight, as the real controller does, so that a stale cache never makes
// it create or delete twice; [WithControllerName] makes it manage the
// Jobs whose spec.managedBy names another controller.
func Sync(job *jobapi.Job, pods []*core.Pod, now time.Time, backoff Backoff, opts ...Option) Decision {
	in := Input{Job: job, Pods: pods, Now: now, Backoff: backoff}
	for _, o := range opts {
		if o != nil {
			o(&in)
		}
	}
	return run(&in, nil)
}

// run is Sync given what failed of the writes of its plan (out; nil when
// every write succeeds).
func run(in *Input, out *outcome) Decision {
	job, now, backoff := in.Job, in.Now, in.Backoff
	d := Decision{Backoff: backoff, Input: *in}
	spec := &job.Spec
	if !in.manages(job) {
		d.Skipped = ManagedElsewhere
		return d
	}
	if IsFinished(job) {
		d.Skipped = AlreadyFinished
		d.Backoff = Backoff{}
		return d
	}
	indexed := false
	if m := spec.CompletionMode; m != nil {
		switch *m {
		case jobapi.IndexedCompletion:
			indexed = true
		case jobapi.NonIndexedCompletion:
		default:
			d.Skipped = UnknownCompletionMode
			return d
		}
	}
	if indexed && spec.Completions == nil {
		d.Skipped = Invalid
		return d
	}
	c := &syncCtx{job: job, now: now, indexed: indexed, completions: -1, d: &d, policy: spec.PodFailurePolicy, in: in, out: out}
	c.satisfied = in.Expectations.satisfied(job.ObjectMeta.UID, now)
	c.expectedRm = in.Expectations.expectedRemovals(job.ObjectMeta.UID)
	if spec.Completions != nil {
		c.completions = int(*spec.Completions)
	}
	c.parallelism = 1
	if spec.Parallelism != nil {
		c.parallelism = *spec.Parallelism
	}
	c.perIndex = indexed && spec.BackoffLimitPerIndex != nil
	switch {
	case spec.BackoffLimit != nil:
		c.limit = *spec.BackoffLimit
	case spec.BackoffLimitPerIndex != nil:
		c.limit = math.MaxInt32
	default:
		c.limit = 6
	}
	st := job.Status.DeepCopy()
	c.status = st
	if st.UncountedTerminatedPods == nil {
		st.UncountedTerminatedPods = &jobapi.UncountedTerminatedPods{}
	}
	c.uncSucc = uidSet(st.UncountedTerminatedPods.Succeeded)
	c.uncFail = uidSet(st.UncountedTerminatedPods.Failed)
	c.pods = c.claim(in.Pods)
	c.sync(backoff)
	d.Status = *st
	c.writes()
	return d
}

// IsFinished reports whether job has a Complete or Failed condition that
// is True.
func IsFinished(job *jobapi.Job) bool {
	for _, c := range job.Status.Conditions {
		if (c.Type == jobapi.JobComplete || c.Type == jobapi.JobFailed) && c.Status == jobapi.ConditionTrue {
			return true
		}
	}
	return false
}

// uidSet makes a set of uids.
func uidSet(uids []meta.UID) map[meta.UID]bool {
	m := make(map[meta.UID]bool, len(uids))
	for _, u := range uids {
		m[u] = true
	}
	return m
}

// claim returns the pods the Job owns once it has claimed them, as
// Kubernetes' ControllerRefManager does: the pods it controls that match
// its selector, and the orphans that match it (adopted: given the
// tracking finalizer), unless the Job is being deleted. It records the
// adoptions and the releases of controlled pods that no longer match.
func (c *syncCtx) claim(pods []*core.Pod) []*core.Pod {
	job := c.job
	deleting := job.ObjectMeta.DeletionTimestamp != nil
	sel := selector.Everything()
	if job.Spec.Selector != nil {
		if s, err := selector.FromLabelSelector(job.Spec.Selector); err == nil {
			sel = s
		} else {
			sel = selector.Nothing()
		}
	}
	out := make([]*core.Pod, 0, len(pods))
	for _, p := range pods {
		if p == nil || c.out.gone(p) {
			continue
		}
		ref := controllerOf(p)
		if ref != nil {
			if ref.UID != job.ObjectMeta.UID {
				continue
			}
			if sel.Matches(selector.Set(p.ObjectMeta.Labels)) {
				out = append(out, p)
			} else if !deleting {
				c.d.Release = append(c.d.Release, p)
			}
			continue
		}
		if deleting || p.ObjectMeta.DeletionTimestamp != nil || p.ObjectMeta.Namespace != job.ObjectMeta.Namespace ||
			!sel.Matches(selector.Set(p.ObjectMeta.Labels)) {
			continue
		}
		c.d.Adopt = append(c.d.Adopt, p)
		if !hasFinalizer(p) {
			q := *p
			q.ObjectMeta.Finalizers = append(slices.Clip(p.ObjectMeta.Finalizers), jobapi.JobTrackingFinalizer)
			p = &q
		}
		out = append(out, p)
	}
	return out
}

// controllerOf returns the owner reference of p that is its controller.
func controllerOf(p *core.Pod) *meta.OwnerReference {
	for i := range p.ObjectMeta.OwnerReferences {
		r := &p.ObjectMeta.OwnerReferences[i]
		if r.Controller != nil && *r.Controller {
			return r
		}
	}
	return nil
}

// hasFinalizer reports whether p has the tracking finalizer.
func hasFinalizer(p *core.Pod) bool {
	return slices.Contains(p.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer)
}

// isActive reports whether p is pending or running and not being deleted.
func isActive(p *core.Pod) bool {
	return p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed && p.ObjectMeta.DeletionTimestamp == nil
}

// isTerminating reports whether p is being deleted and has not finished.
func isTerminating(p *core.Pod) bool {
	return p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed && p.ObjectMeta.DeletionTimestamp != nil
}

// onlyReplaceFailed reports whether a pod is replaced only once it has
// failed (podReplacementPolicy Failed, or any pod failure policy).
func (c *syncCtx) onlyReplaceFailed() bool {
	if p := c.job.Spec.PodReplacementPolicy; p != nil && *p == jobapi.Failed {
		return true
	}
	return c.policy != nil
}

// isFailed reports whether p counts as failed: phase Failed or, unless
// only failed pods are replaced, being deleted before it succeeded.
func (c *syncCtx) isFailed(p *core.Pod) bool {
	if p.Status.Phase == core.PodFailed {
		return true
	}
	if c.onlyReplaceFailed() {
		return false
	}
	return p.ObjectMeta.DeletionTimestamp != nil && p.Status.Phase != core.PodSucceeded
}

// validIndex reports whether p's pod counts for the Job: any pod of a
// NonIndexed Job, a pod with an index below completions of an Indexed one.
func (c *syncCtx) validIndex(p *core.Pod) bool {
	if !c.indexed {
		return true
	}
	ix := c.indexOf(p)
	return ix >= 0 && ix < c.completions
}

// indexOf returns the completion index of p (-1: none), reading its
// annotation once per sync.
func (c *syncCtx) indexOf(p *core.Pod) int {
	if ix, ok := c.indexes[p]; ok {
		return ix
	}
	ix := CompletionIndex(p)
	if c.indexes == nil {
		c.indexes = make(map[*core.Pod]int, len(c.pods))
	}
	c.indexes[p] = ix
	return ix
}

// sortedByIndex returns pods ordered by completion index, pods of the
// same index in the order given: a stable sort in O(n log n).
func (c *syncCtx) sortedByIndex(pods []*core.Pod) []*core.Pod {
	type entry struct{ ix, pos int }
	es := make([]entry, len(pods))
	for i, p := range pods {
		es[i] = entry{c.indexOf(p), i}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if a.ix != b.ix {
			return cmp.Compare(a.ix, b.ix)
		}
		return cmp.Compare(a.pos, b.pos)
	})
	out := make([]*core.Pod, len(pods))
	for i, e := range es {
		out[i] = pods[e.pos]
	}
	return out
}

// suspended reports whether spec.suspend is true.
func (c *syncCtx) suspended() bool {
	return c.job.Spec.Suspend != nil && *c.job.Spec.Suspend
}

// requeue asks for a sync after d at the latest.
func (c *syncCtx) requeue(d time.Duration) {
	if d <= 0 {
		return
	}
	if c.d.RequeueAfter == 0 || d < c.d.RequeueAfter {
		c.d.RequeueAfter = d
	}
}

// newCondition returns a condition observed now.
func (c *syncCtx) newCondition(t jobapi.JobConditionType, status jobapi.ConditionStatus, reason, message string) *jobapi.JobCondition {
	now := meta.Time{Time: c.now}
	return &jobapi.JobCondition{Type: t, Status: status, LastProbeTime: now, LastTransitionTime: now, Reason: reason, Message: message}
}

// findCondition returns the condition of type t in list, or nil.
func findCondition(list []jobapi.JobCondition, t jobapi.JobConditionType) *jobapi.JobCondition {
	for i := range list {
		if list[i].Type == t {
			return &list[i]
		}
	}
	return nil
}

// ensureCondition sets the condition of type t to status, reason and
// message (observed now) unless it already is; a condition that does not
// exist is added unless its status would be False. It reports whether it
// changed anything.
func (c *syncCtx) ensureCondition(t jobapi.JobConditionType, status jobapi.ConditionStatus, reason, message string) bool {
	if cond := findCondition(c.status.Conditions, t); cond != nil {
		if cond.Status != status || cond.Reason != reason || cond.Message != message {
			*cond = *c.newCondition(t, status, reason, message)
			return true
		}
		return false
	}
	if status != jobapi.ConditionFalse {
		c.status.Conditions = append(c.status.Conditions, *c.newCondition(t, status, reason, message))
		return true
	}
	return false
}

// trueCondition returns the condition of type t if it is True.
func trueCondition(list []jobapi.JobCondition, t jobapi.JobConditionType) *jobapi.JobCondition {
	if cond := findCondition(list, t); cond != nil && cond.Status == jobapi.ConditionTrue {
		return cond
	}
	return nil
}

// sync is the body of Sync.
func (c *syncCtx) sync(prevBackoff Backoff) {
	job, st := c.job, c.status
	for _, p := range c.pods {
		if isActive(p) {
			c.active = append(c.active, p)
			if isReady(p) {
				c.ready++
			}
		} else if isTerminating(p) {
			c.terminating++
		}
	}
	active := int32(len(c.active))
	newSucc, newFail := c.newFinishedPods()
	c.succeeded = st.Succeeded + int32(len(newSucc)) + int32(len(c.uncSucc))
	nonIgnored := int32(0)
	for _, p := range newFail {
		if matchPolicy(c.policy, p).counts {
			nonIgnored++
		}
	}
	c.failed = st.Failed + nonIgnored + int32(len(c.uncFail))

	if st.StartTime == nil && !c.suspended() {
		t := meta.Time{Time: c.now}
		st.StartTime = &t
	}
	newBackoff := nextBackoff(prevBackoff, newSucc, newFail)

	// The order of evaluation: a success already decided, a failure
	// already decided, the pod failure policy, the backoff limit, the
	// deadline, the failed indexes, the success policy, completions.
	c.finished = trueCondition(st.Conditions, jobapi.JobSuccessCriteriaMet)
	if c.finished == nil {
		if ft := trueCondition(st.Conditions, jobapi.JobFailureTarget); ft != nil {
			c.finished = c.newCondition(jobapi.JobFailed, jobapi.ConditionTrue, ft.Reason, ft.Message)
		} else if msg, ok := c.failJobMessage(); ok {
			c.finished = c.newCondition(jobapi.JobFailureTarget, jobapi.ConditionTrue, ReasonPodFailurePolicy, msg)
		}
	}
	if c.finished == nil {
		switch {
		case c.failed > c.limit || c.pastBackoffLimitOnFailure():
			c.finished = c.newCondition(jobapi.JobFailureTarget, jobapi.ConditionTrue, ReasonBackoffLimitExceeded, MessageBackoffLimitExceeded)
		case c.pastActiveDeadline():
			c.finished = c.newCondition(jobapi.JobFailureTarget, jobapi.ConditionTrue, ReasonDeadlineExceeded, MessageDeadlineExceeded)
		case job.Spec.ActiveDeadlineSeconds != nil && !c.suspended():
			c.requeue(time.Duration(*job.Spec.ActiveDeadlineSeconds)*time.Second - c.now.Sub(st.StartTime.Time))
		}
	}
	if c.indexed {
		c.prevSucceeded = scoreboard.ParseIndexesLenient(st.CompletedIndexes, c.completions)
		var ixs []int
		for _, p := range c.pods {
			if p.Status.Phase == core.PodSucceeded && hasFinalizer(p) && c.validIndex(p) {
				ixs = append(ixs, c.indexOf(p))
			}
		}
		c.succeededIndexes = c.prevSucceeded.Union(c.indexSet(ixs))
		c.succeeded = int32(c.succeededIndexes.Count())
		if c.perIndex {
			c.computeFailedIndexes()
			if c.finished == nil {
				nf := c.failedIndexes.Count()
				switch {
				case job.Spec.MaxFailedIndexes != nil && nf > int(*job.Spec.MaxFailedIndexes):
					c.finished = c.newCondition(jobapi.JobFailureTarget, jobapi.ConditionTrue, ReasonMaxFailedIndexesExceeded, MessageMaxFailedIndexesExceeded)
				case nf > 0 && nf+c.succeededIndexes.Count() >= c.completions:
					c.finished = c.newCondition(jobapi.JobFailureTarget, jobapi.ConditionTrue, ReasonFailedIndexes, MessageFailedIndexes)
				}
			}
			c.computeDelayed()
		}
		if c.finished == nil {
			if msg, ok := successPolicyMet(job.Spec.SuccessPolicy, c.completions, c.succeededIndexes); ok {
				c.finished = c.newCondition(jobapi.JobSuccessCriteriaMet, jobapi.ConditionTrue, ReasonSuccessPolicy, msg)
			}
		}
	}

	suspendChanged := false
	if c.finished != nil {
		// A finished Job's active pods go; their finalizers are removed
		// below. It is finished only once they are all deleted and no
		// creation or deletion is in flight.
		var deleted int32
		for _, p := range c.active {
			c.deletePod(p)
			if isReady(p) {
				c.ready--
			}
			if !c.out.notDeleted(p) {
				deleted++
			}
		}
		if len(c.active) > 0 {
			c.manageW = append(c.manageW, Write{Kind: DeletePods, Pods: c.active, KeepFinalizers: true})
		}
		if deleted != active || !c.satisfied {
			c.finished = nil
		}
		c.terminating += deleted
		active -= deleted
	} else {
		manageCalled := false
		if c.satisfied && job.ObjectMeta.DeletionTimestamp == nil {
			active = c.manage(newBackoff, active)
			manageCalled = true
		}
		var complete bool
		if c.completions < 0 {
			complete = c.succeeded > 0 && active == 0
		} else {
			complete = int(c.succeeded) >= c.completions && active == 0
		}
		switch {
		case complete:
			c.finished = c.newCondition(jobapi.JobSuccessCriteriaMet, jobapi.ConditionTrue, ReasonCompletionsReached, MessageCompletionsReached)
		case manageCalled && c.suspended():
			if c.ensureCondition(jobapi.JobSuspended, jobapi.ConditionTrue, ReasonSuspended, MessageSuspended) {
				suspendChanged = true
				st.StartTime = nil
			}
		case manageCalled:
			if c.ensureCondition(jobapi.JobSuspended, jobapi.ConditionFalse, ReasonResumed, MessageResumed) {
				suspendChanged = true
				t := meta.Time{Time: c.now}
				st.StartTime = &t
			}
		}
	}
	needsUpdate := suspendChanged || active != job.Status.Active || !int32PtrEqual(&c.ready, job.Status.Ready) ||
		!int32PtrEqual(&c.terminating, job.Status.Terminating)
	st.Active = active
	ready, terminating := c.ready, c.terminating
	st.Ready, st.Terminating = &ready, &terminating
	c.track(needsUpdate, newBackoff)
}

// int32PtrEqual reports whether a and b are both nil or point to equal
// values.
func int32PtrEqual(a, b *int32) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// indexSet returns the set of the completion indexes in ixs that are in
// 0…completions-1 (the others can be neither succeeded, failed nor
// pending), sorting ixs in place.
func (c *syncCtx) indexSet(ixs []int) scoreboard.Indexes {
	slices.Sort(ixs)
	lo, _ := slices.BinarySearch(ixs, 0)
	hi, _ := slices.BinarySearch(ixs, c.completions)
	x, _ := scoreboard.IndexesOf(ixs[lo:hi]...) // in 0…completions-1: no error
	return x
}

// newFinishedPods returns the finished pods the status does not count
// yet: those that still have the tracking finalizer and are not listed as
// uncounted.
func (c *syncCtx) newFinishedPods() (succeeded, failed []*core.Pod) {
	for _, p := range c.pods {
		if !hasFinalizer(p) || c.expectedRm[p.ObjectMeta.UID] || !c.validIndex(p) {
			continue
		}
		if p.Status.Phase == core.PodSucceeded {
			if !c.uncSucc[p.ObjectMeta.UID] {
				succeeded = append(succeeded, p)
			}
		} else if c.isFailed(p) && !c.uncFail[p.ObjectMeta.UID] {
			failed = append(failed, p)
		}
	}
	return succeeded, failed
}

// nextBackoff updates the failure record with the pods that finished
// since the last sync: a success resets it, failures after the last
// success add up.
func nextBackoff(b Backoff, succeeded, failed []*core.Pod) Backoff {
	if len(succeeded) == 0 && len(failed) == 0 {
		return b
	}
	failTimes := finishTimes(failed)
	if len(succeeded) == 0 {
		b.FailuresAfterLastSuccess += int32(len(failTimes))
		b.LastFailureTime = failTimes[len(failTimes)-1]
		return b
	}
	succTimes := finishTimes(succeeded)
	lastSuccess := succTimes[len(succTimes)-1]
	b = Backoff{}
	for i := len(failTimes) - 1; i >= 0; i-- {
		if !failTimes[i].After(lastSuccess) {
			break
		}
		if b.LastFailureTime.IsZero() {
			b.LastFailureTime = failTimes[i]
		}
		b.FailuresAfterLastSuccess++
	}
	return b
}

// finishTimes returns the finish times of pods, in order.
func finishTimes(pods []*core.Pod) []time.Time {
	ts := make([]time.Time, len(pods))
	for i, p := range pods {
		ts[i] = finishedTime(p)
	}
	slices.SortStableFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	return ts
}

// failJobMessage returns the message of the first failed pod that a
// FailJob rule of the pod failure policy matches.
func (c *syncCtx) failJobMessage() (string, bool) {
	if c.policy == nil {
		return "", false
	}
	for _, p := range c.pods {
		if c.isFailed(p) {
			if r := matchPolicy(c.policy, p); r.failJobMessage != "" {
				return r.failJobMessage, true
			}
		}
	}
	return "", false
}

// pastBackoffLimitOnFailure reports, for restartPolicy OnFailure, whether
// the container restarts of the pending and running pods reach the
// backoff limit.
func (c *syncCtx) pastBackoffLimitOnFailure() bool {
	if c.job.Spec.Template.Spec.RestartPolicy != core.RestartPolicyOnFailure {
		return false
	}
	var n int32
	for _, p := range c.pods {
		if p.Status.Phase == core.PodRunning || p.Status.Phase == core.PodPending {
			n += sumRestarts(statusOf(p))
		}
	}
	if c.limit == 0 {
		return n > 0
	}
	return n >= c.limit
}

// pastActiveDeadline reports whether the Job has been active for
// activeDeadlineSeconds.
func (c *syncCtx) pastActiveDeadline() bool {
	ads := c.job.Spec.ActiveDeadlineSeconds
	if ads == nil || c.status.StartTime == nil || c.suspended() {
		return false
	}
	return c.now.Sub(c.status.StartTime.Time) >= time.Duration(*ads)*time.Second
}

// computeFailedIndexes adds the indexes of the pods that failed for good
// to status.failedIndexes.
func (c *syncCtx) computeFailedIndexes() {
	var prev scoreboard.Indexes
	if c.status.FailedIndexes != nil {
		prev = scoreboard.ParseIndexesLenient(*c.status.FailedIndexes, c.completions)
	}
	var ixs []int
	for _, p := range c.pods {
		if hasFinalizer(p) && c.validIndex(p) && c.indexFailed(p) {
			ixs = append(ixs, c.indexOf(p))
		}
	}
	x := prev.Union(c.indexSet(ixs))
	c.failedIndexes = &x
}

// indexFailed reports whether p's failure fails its index: a FailIndex
// rule matches, or the failure counts and the index has failed
// backoffLimitPerIndex times before.
func (c *syncCtx) indexFailed(p *core.Pod) bool {
	if !c.isFailed(p) {
		return false
	}
	r := matchPolicy(c.policy, p)
	if r.action == jobapi.PodFailurePolicyActionFailIndex {
		return true
	}
	return r.counts && indexFailureCount(p) >= *c.job.Spec.BackoffLimitPerIndex
}

// failedHas reports whether ix failed for good.
func (c *syncCtx) failedHas(ix int) bool {
	return c.failedIndexes != nil && c.failedIndexes.Has(ix)
}

// computeDelayed finds, per index that is neither succeeded, failed nor
// active, the last failed pod: its finalizer stays until a replacement
// carries its failure count on.
func (c *syncCtx) computeDelayed() {
	activeIx := map[int]bool{}
	for _, p := range c.active {
		if ix := c.indexOf(p); ix >= 0 {
			activeIx[ix] = true
		}
	}
	c.delayed = map[int]*core.Pod{}
	for _, p := range c.pods {
		if !hasFinalizer(p) || !c.validIndex(p) || !c.isFailed(p) {
			continue
		}
		ix := c.indexOf(p)
		if c.succeededIndexes.Has(ix) || c.failedHas(ix) || activeIx[ix] {
			continue
		}
		if last, ok := c.delayed[ix]; ok {
			if absFailures(last) <= absFailures(p) && !finishedTime(p).Before(finishedTime(last)) {
				c.delayed[ix] = p
			}
		} else {
			c.delayed[ix] = p
		}
	}
}

// absFailures is the failure count of p's index, ignored failures too.
func absFailures(p *core.Pod) int32 {
	return indexFailureCount(p) + indexIgnoredFailureCount(p)
}
