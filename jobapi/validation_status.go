package jobapi

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/equality"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

// ValidateStatusUpdate checks job, whose status a controller is writing,
// against the stored Job old, as a v1.36 API server checks a write to the
// `status` subresource (Kubernetes' ValidateJobUpdateStatus, with the
// options the Job status strategy derives under the default feature gates:
// most rules apply only when a field they read changed, so that an old
// status that breaks a newer rule can still be written back). Webhooks and
// controllers call it before they write a status; jobtest's store calls it
// on every status update.
//
// The rules, each an Invalid error at `status.<field>` unless said
// otherwise:
//   - `metadata`: `name`, `namespace`, `uid` and `creationTimestamp` do not
//     change.
//   - Counters: `active`, `succeeded`, `failed`, `ready` and `terminating`
//     not negative; `failed` never decreases; `succeeded` never decreases
//     unless the Job is Indexed with `completions` equal to `parallelism`
//     (it may scale down); `ready` at most `active`.
//   - `uncountedTerminatedPods`: uids not empty and not repeated (Duplicate);
//     empty once the Job is finished.
//   - `completedIndexes` (when it changed): an interval list of indexes
//     below `spec.completions`, and empty unless the Job is Indexed;
//     `failedIndexes` (when it changed): likewise, and set only with
//     `backoffLimitPerIndex`; the two never overlap.
//   - Conditions: a True Complete, Failed or FailureTarget condition is
//     never removed; Complete and Failed are never both True, nor Complete
//     and FailureTarget; Failed needs FailureTarget and Complete needs
//     SuccessCriteriaMet (each when one of them changed);
//     SuccessCriteriaMet is never removed, never True with Failed or
//     FailureTarget, and never added to a Job already Complete without it;
//     a Job with a success policy is Complete only with SuccessCriteriaMet.
//   - Times: a finished Job has `startTime` (Required; not a suspended Job
//     with 0 completions) and, when Complete, `completionTime` (Required);
//     `completionTime` only on a Complete Job, not before `startTime`, and
//     never changed once set; `startTime` of a running Job never changed
//     once set, except when the Job resumes from suspension.
//   - A finished Job has no active or terminating pods.
//
// Unlike Kubernetes, which reads `completedIndexes` and `failedIndexes`
// with Go's Atoi, jobkit reads them strictly (decimal digits only, no sign):
// the controller writes them that way. The error is for misuse only (a nil
// job or old).
func ValidateStatusUpdate(job, old *Job) (field.ErrorList, error) {
	if job == nil || old == nil {
		return nil, errors.New("jobapi: ValidateStatusUpdate needs the new and the stored Job, not nil")
	}
	errs := meta.ValidateObjectMetaUpdate(&job.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"), "Job", meta.ObjectMetaUpdateOptions{})
	st, ost := &job.Status, &old.Status
	path := field.NewPath("status")

	finished, oldFinished := isFinished(st), isFinished(ost)
	complete, oldComplete := conditionTrue(st.Conditions, JobComplete), conditionTrue(ost.Conditions, JobComplete)
	failed, oldFailed := conditionTrue(st.Conditions, JobFailed), conditionTrue(ost.Conditions, JobFailed)
	target, oldTarget := conditionTrue(st.Conditions, JobFailureTarget), conditionTrue(ost.Conditions, JobFailureTarget)
	met, oldMet := conditionTrue(st.Conditions, JobSuccessCriteriaMet), conditionTrue(ost.Conditions, JobSuccessCriteriaMet)

	finishedChanged := finished != oldFinished
	completeChanged := complete != oldComplete
	failedChanged := failed != oldFailed
	targetChanged := target != oldTarget
	metChanged := met != oldMet
	completedChanged := st.CompletedIndexes != ost.CompletedIndexes
	failedIdxChanged := !equalStringPtr(st.FailedIndexes, ost.FailedIndexes)
	activeChanged := st.Active != ost.Active
	startChanged := !equalTimePtr(st.StartTime, ost.StartTime)
	completionChanged := !equalTimePtr(st.CompletionTime, ost.CompletionTime)
	uncountedChanged := !equality.Semantic(st.UncountedTerminatedPods, ost.UncountedTerminatedPods)
	readyChanged := !equalInt32Ptr(st.Ready, ost.Ready)
	terminatingChanged := !equalInt32Ptr(st.Terminating, ost.Terminating)
	spec := &job.Spec
	suspendedZero := spec.Suspend != nil && *spec.Suspend && spec.Completions != nil && *spec.Completions == 0
	resuming := conditionTrue(ost.Conditions, JobSuspended) && conditionFalse(st.Conditions, JobSuspended)

	// The counters.
	for _, c := range []struct {
		name string
		v    *int32
	}{
		{"active", &st.Active}, {"succeeded", &st.Succeeded}, {"failed", &st.Failed},
		{"ready", st.Ready}, {"terminating", st.Terminating},
	} {
		if c.v != nil && *c.v < 0 {
			errs = append(errs, field.Invalid(path.Child(c.name), *c.v, nonNegative))
		}
	}
	if u := st.UncountedTerminatedPods; u != nil {
		seen := make(map[meta.UID]bool, len(u.Succeeded)+len(u.Failed))
		for _, list := range []struct {
			name string
			uids []meta.UID
		}{{"succeeded", u.Succeeded}, {"failed", u.Failed}} {
			for i, uid := range list.uids {
				p := path.Child("uncountedTerminatedPods", list.name).Index(i)
				switch {
				case uid == "":
					errs = append(errs, field.Invalid(p, uid, "must not be empty: it is the uid of a finished pod"))
				case seen[uid]:
					errs = append(errs, field.Duplicate(p, uid))
				default:
					seen[uid] = true
				}
			}
		}
	}

	// Conditions and times.
	conds := path.Child("conditions")
	if (completeChanged || failedChanged) && complete && failed {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not hold both Complete=True and Failed=True"))
	}
	if (completeChanged || targetChanged) && complete && target {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not hold both Complete=True and FailureTarget=True"))
	}
	if (completeChanged || completionChanged) && st.CompletionTime != nil && !complete {
		errs = append(errs, field.Invalid(path.Child("completionTime"), st.CompletionTime, "may only be set when the Job has the condition Complete=True"))
	}
	if (completeChanged || completionChanged) && st.CompletionTime == nil && complete {
		errs = append(errs, field.Required(path.Child("completionTime"), "must be set when the Job has the condition Complete=True"))
	}
	if (startChanged || completionChanged) && st.StartTime != nil && st.CompletionTime != nil && st.CompletionTime.Time.Before(st.StartTime.Time) {
		errs = append(errs, field.Invalid(path.Child("completionTime"), st.CompletionTime, "must be equal to or after `startTime`"))
	}
	if (failedChanged || failedIdxChanged) && failed && !target {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may hold Failed=True only together with FailureTarget=True"))
	}
	if (completeChanged || metChanged) && complete && !met {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may hold Complete=True only together with SuccessCriteriaMet=True"))
	}
	if (finishedChanged || activeChanged) && st.Active > 0 && finished {
		errs = append(errs, field.Invalid(path.Child("active"), st.Active, "must be 0 once the Job is finished"))
	}
	if (finishedChanged || startChanged) && !suspendedZero && st.StartTime == nil && finished {
		errs = append(errs, field.Required(path.Child("startTime"), "must be set once the Job is finished"))
	}
	if (finishedChanged || uncountedChanged) && finished && st.UncountedTerminatedPods != nil &&
		len(st.UncountedTerminatedPods.Failed)+len(st.UncountedTerminatedPods.Succeeded) > 0 {
		errs = append(errs, field.Invalid(path.Child("uncountedTerminatedPods"), st.UncountedTerminatedPods, "must be empty once the Job is finished"))
	}
	indexed := isIndexed(spec)
	if completedChanged && spec.Completions != nil {
		if _, err := scoreboard.ValidateIndexes(st.CompletedIndexes, int(*spec.Completions)); err != nil {
			errs = append(errs, field.Invalid(path.Child("completedIndexes"), st.CompletedIndexes, "error parsing completedIndexes: "+err.Error()))
		}
	}
	if failedIdxChanged && spec.Completions != nil && spec.BackoffLimitPerIndex != nil && st.FailedIndexes != nil {
		if _, err := scoreboard.ValidateIndexes(*st.FailedIndexes, int(*spec.Completions)); err != nil {
			errs = append(errs, field.Invalid(path.Child("failedIndexes"), *st.FailedIndexes, "error parsing failedIndexes: "+err.Error()))
		}
	}
	if completedChanged && st.CompletedIndexes != "" && !indexed {
		errs = append(errs, field.Invalid(path.Child("completedIndexes"), st.CompletedIndexes, "must be empty when `spec.completionMode` is not 'Indexed'"))
	}
	if failedIdxChanged && spec.BackoffLimitPerIndex == nil && st.FailedIndexes != nil {
		errs = append(errs, field.Invalid(path.Child("failedIndexes"), *st.FailedIndexes, "must be unset when `spec.backoffLimitPerIndex` is unset"))
	}
	if (failedIdxChanged || completedChanged) && spec.Completions != nil && st.FailedIndexes != nil {
		if at, ok := scoreboard.IndexesOverlap(st.CompletedIndexes, *st.FailedIndexes, int(*spec.Completions)); ok {
			errs = append(errs, field.Invalid(path.Child("failedIndexes"), *st.FailedIndexes, "failedIndexes and completedIndexes overlap at index: "+strconv.Itoa(at)))
		}
	}
	if (finishedChanged || terminatingChanged) && st.Terminating != nil && *st.Terminating > 0 && finished {
		errs = append(errs, field.Invalid(path.Child("terminating"), st.Terminating, "must be 0 once the Job is finished"))
	}
	if (readyChanged || activeChanged) && st.Ready != nil && *st.Ready > st.Active {
		errs = append(errs, field.Invalid(path.Child("ready"), *st.Ready, "must be less than or equal to `active`"))
	}
	if met && failed {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not hold both SuccessCriteriaMet=True and Failed=True"))
	}
	if met && target {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not hold both SuccessCriteriaMet=True and FailureTarget=True"))
	}
	if spec.SuccessPolicy != nil && !met && complete {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may hold Complete=True only together with SuccessCriteriaMet=True when the Job has a `successPolicy`"))
	}

	// What may not go back.
	for _, c := range []struct {
		t      JobConditionType
		was    bool
		is     bool
		detail string
	}{
		{JobFailed, oldFailed, failed, "may not drop the terminal condition Failed=True"},
		{JobComplete, oldComplete, complete, "may not drop the terminal condition Complete=True"},
		{JobFailureTarget, oldTarget, target, "may not drop the terminal condition FailureTarget=True"},
	} {
		if c.was && !c.is {
			errs = append(errs, field.Invalid(conds, st.Conditions, c.detail))
		}
	}
	if st.Failed < ost.Failed {
		errs = append(errs, field.Invalid(path.Child("failed"), st.Failed, fmt.Sprintf("may not decrease (it was %d)", ost.Failed)))
	}
	if (!indexed || !equalInt32Ptr(spec.Completions, spec.Parallelism)) && st.Succeeded < ost.Succeeded {
		errs = append(errs, field.Invalid(path.Child("succeeded"), st.Succeeded, fmt.Sprintf("may not decrease (it was %d)", ost.Succeeded)))
	}
	if st.CompletionTime != nil && ost.CompletionTime != nil && !st.CompletionTime.Equal(*ost.CompletionTime) {
		errs = append(errs, field.Invalid(path.Child("completionTime"), st.CompletionTime, "may not change once set"))
	}
	if startChanged && !resuming && ost.StartTime != nil && !(spec.Suspend != nil && *spec.Suspend) {
		errs = append(errs, field.Invalid(path.Child("startTime"), st.StartTime, "may not change once set while the Job is not suspended"))
	}
	if oldMet && !met {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not drop the condition SuccessCriteriaMet=True"))
	}
	if oldComplete && !oldMet && met {
		errs = append(errs, field.Invalid(conds, st.Conditions, "may not add SuccessCriteriaMet=True to a Job that is already Complete"))
	}
	return errs, nil
}

// isFinished reports whether the Job has a True Complete or Failed
// condition.
func isFinished(st *JobStatus) bool {
	return conditionTrue(st.Conditions, JobComplete) || conditionTrue(st.Conditions, JobFailed)
}

// conditionFalse reports whether conds hold a condition of type t with
// status False.
func conditionFalse(conds []JobCondition, t JobConditionType) bool {
	for i := range conds {
		if conds[i].Type == t && conds[i].Status == ConditionFalse {
			return true
		}
	}
	return false
}

func equalStringPtr(a, b *string) bool  { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func equalInt32Ptr(a, b *int32) bool    { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func equalTimePtr(a, b *meta.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
