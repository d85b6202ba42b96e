package jobapi

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/cron"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// maxCronJobNameLength is the longest name a new CronJob may have: the
// CronJob controller names each Job `<name>-<scheduled time in minutes>`,
// an 11-byte suffix, and a Job's name must be a 63-byte DNS label.
const maxCronJobNameLength = validation.DNSLabelMaxLength - 11

// ValidateCronJob checks a CronJob as a v1.36 API server checks a new one
// (the CronJob strategy's Validate: Kubernetes' ValidateCronJobCreate),
// after [PrepareCronJobForCreate], and returns every problem as a field
// error with Kubernetes' type and field path. An empty list means the
// CronJob is valid; the error is for misuse only (a nil cj).
//
// The rules, in Kubernetes' order:
//   - `metadata` as [meta.ValidateObjectMeta] checks it (a missing
//     namespace is allowed, as in [Validate]: it comes from the request).
//   - `spec.schedule` set (Required) and a schedule Kubernetes parses
//     (package jobapi/cron; Invalid with the parser's own message, such
//     as `expected exactly 5 fields, found 6: [...]`); a schedule holding
//     "TZ" is Invalid (`cannot use TZ or CRON_TZ in schedule, use
//     timeZone field instead`).
//   - `spec.startingDeadlineSeconds` not negative.
//   - `spec.timeZone`, when set: not empty, each '/'-separated part 1 to
//     14 of the characters `A-Za-z0-9._-+`, not '.' or '..' and not
//     starting with '-' (else `unknown time zone <tz>`), not 'Local' in
//     any case, and a zone the Go time database knows (time.LoadLocation,
//     with its message): which zones exist depends on the database of the
//     running program, as it does for the API server.
//   - `spec.concurrencyPolicy` Allow, Forbid or Replace (Required when
//     empty: batch/v1 defaulting sets Allow).
//   - `spec.jobTemplate.spec` as Kubernetes checks a Job template: the
//     rules of a Job's spec in [Validate] (its pod template included),
//     without the Job's metadata and selector rules, and with no
//     `selector` (Invalid: the controller generates each Job's) and no
//     `manualSelector: true` (NotSupported).
//   - `spec.successfulJobsHistoryLimit` and `spec.failedJobsHistoryLimit`
//     not negative.
//   - `metadata.name` at most 52 bytes (Invalid).
//
// The CronJob's own rules carry Kubernetes' messages word for word; those
// of its metadata and job template are jobkit's, as in Validate.
func ValidateCronJob(cj *CronJob) (field.ErrorList, error) {
	if cj == nil {
		return nil, errors.New("jobapi: ValidateCronJob needs a CronJob, not nil")
	}
	errs := meta.ValidateObjectMeta(&cj.ObjectMeta, field.NewPath("metadata"), meta.ObjectMetaOptions{})
	errs = validateCronJobSpec(&cj.Spec, nil, core.JobPodValidationOptions(), nil, errs)
	if name := cj.ObjectMeta.Name; len(name) > maxCronJobNameLength {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), name, fmt.Sprintf("must be no more than %d characters", maxCronJobNameLength)))
	}
	return errs, nil
}

// ValidateCronJobUpdate checks cj, the new state of the stored CronJob
// old, as a v1.36 API server's CronJob strategy does
// (ValidateCronJobUpdate):
//   - the metadata as an update may change it ([meta.ValidateObjectMetaUpdate]:
//     name, namespace, uid, creation and deletion times unchanged,
//     generation not decremented, no finalizer added while the CronJob is
//     being deleted) and the new labels, annotations, owner references,
//     managed fields and finalizer names valid;
//   - the spec as [ValidateCronJob] checks it, except that a schedule
//     holding "TZ" is accepted when old's did (and then refused only
//     together with `spec.timeZone`: `cannot use both timeZone field and
//     TZ or CRON_TZ in schedule`), `spec.timeZone` is checked only when it
//     changed, and the pod template is checked with what old's template
//     grandfathers ([core.PodUpdateValidationOptions],
//     [core.ValidatePodTemplateSpecUpdate]).
//
// The 52-byte name limit is not checked, so that older CronJobs with
// longer names can still be updated. Unlike a Job's, a CronJob's job
// template may change in every respect. The error is for misuse only (a
// nil cj or old).
func ValidateCronJobUpdate(cj, old *CronJob) (field.ErrorList, error) {
	if cj == nil || old == nil {
		return nil, errors.New("jobapi: ValidateCronJobUpdate needs the new and the stored CronJob, not nil")
	}
	errs := meta.ValidateObjectMetaUpdate(&cj.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"), "CronJob", meta.ObjectMetaUpdateOptions{})
	oldTemplate := &old.Spec.JobTemplate.Spec.Template
	errs = validateCronJobSpec(&cj.Spec, &old.Spec, core.PodUpdateValidationOptions(&oldTemplate.Spec), oldTemplate, errs)
	return errs, nil
}

// ValidateCronJobStatusUpdate checks a write of cj's status over the
// stored CronJob old, as a v1.36 API server does: its CronJob status
// strategy checks nothing of the status, so only what every update
// checks of the metadata applies (as in [ValidateCronJobUpdate]). The
// error is for misuse only (a nil cj or old).
func ValidateCronJobStatusUpdate(cj, old *CronJob) (field.ErrorList, error) {
	if cj == nil || old == nil {
		return nil, errors.New("jobapi: ValidateCronJobStatusUpdate needs the new and the stored CronJob, not nil")
	}
	return meta.ValidateObjectMetaUpdate(&cj.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"), "CronJob", meta.ObjectMetaUpdateOptions{}), nil
}

// validateCronJobSpec checks a CronJob's spec; old is the stored spec on
// an update (nil on create), oldTemplate its pod template, pod the
// options of the pod template's validation.
func validateCronJobSpec(spec, old *CronJobSpec, pod core.PodValidationOptions, oldTemplate *core.PodTemplateSpec, errs field.ErrorList) field.ErrorList {
	path := field.NewPath("spec")
	if spec.Schedule == "" {
		errs = append(errs, field.Required(path.Child("schedule"), ""))
	} else {
		allowTZ := old != nil && strings.Contains(old.Schedule, "TZ")
		errs = validateSchedule(spec.Schedule, allowTZ, spec.TimeZone, path.Child("schedule"), errs)
	}
	if v := spec.StartingDeadlineSeconds; v != nil && *v < 0 {
		errs = append(errs, field.Invalid(path.Child("startingDeadlineSeconds"), *v, nonNegative))
	}
	if old == nil || !equalStringPtr(old.TimeZone, spec.TimeZone) {
		errs = validateTimeZone(spec.TimeZone, path.Child("timeZone"), errs)
	}
	cp := path.Child("concurrencyPolicy")
	switch spec.ConcurrencyPolicy {
	case AllowConcurrent, ForbidConcurrent, ReplaceConcurrent:
	case "":
		errs = append(errs, field.Required(cp, ""))
	default:
		errs = append(errs, field.NotSupported(cp, spec.ConcurrencyPolicy, []ConcurrencyPolicy{AllowConcurrent, ForbidConcurrent, ReplaceConcurrent}))
	}
	errs = validateJobTemplate(&spec.JobTemplate, path.Child("jobTemplate"), pod, oldTemplate, errs)
	if v := spec.SuccessfulJobsHistoryLimit; v != nil && *v < 0 {
		errs = append(errs, field.Invalid(path.Child("successfulJobsHistoryLimit"), int64(*v), nonNegative))
	}
	if v := spec.FailedJobsHistoryLimit; v != nil && *v < 0 {
		errs = append(errs, field.Invalid(path.Child("failedJobsHistoryLimit"), int64(*v), nonNegative))
	}
	return errs
}

// ValidateCronJobSchedule checks a new CronJob's spec.schedule and
// spec.timeZone as [ValidateCronJob] checks them (the rules of the other
// fields and of the job template aside): the schedule is required and
// must parse as Kubernetes parses it ([cron.Parse]), with no TZ= or
// CRON_TZ= in it; the time zone, when given, must be an explicit zone of
// the Go time database. It is what a tool that only asks when a CronJob
// runs (`jobkit schedule`) checks first.
func ValidateCronJobSchedule(schedule string, timeZone *string) field.ErrorList {
	path := field.NewPath("spec")
	var errs field.ErrorList
	if schedule == "" {
		errs = append(errs, field.Required(path.Child("schedule"), ""))
	} else {
		errs = validateSchedule(schedule, false, timeZone, path.Child("schedule"), errs)
	}
	return validateTimeZone(timeZone, path.Child("timeZone"), errs)
}

// validateSchedule checks a schedule that is not empty: it must parse,
// and it may hold "TZ" (a TZ= or CRON_TZ= prefix, or the letters
// anywhere) only when allowTZ (the stored CronJob's did) and there is no
// timeZone.
func validateSchedule(schedule string, allowTZ bool, timeZone *string, path *field.Path, errs field.ErrorList) field.ErrorList {
	if _, err := cron.Parse(schedule); err != nil {
		errs = append(errs, field.Invalid(path, schedule, err.Error()))
	}
	hasTZ := strings.Contains(schedule, "TZ")
	switch {
	case allowTZ && hasTZ && timeZone != nil:
		errs = append(errs, field.Invalid(path, schedule, "cannot use both timeZone field and TZ or CRON_TZ in schedule"))
	case !allowTZ && hasTZ:
		errs = append(errs, field.Invalid(path, schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"))
	}
	return errs
}

// validateTimeZone checks `spec.timeZone` as Kubernetes does: the IANA
// naming rules it keeps (with digits and '+' tolerated for the legacy
// names), not 'Local', and known to the Go time database.
func validateTimeZone(tz *string, path *field.Path, errs field.ErrorList) field.ErrorList {
	if tz == nil {
		return errs
	}
	if *tz == "" {
		return append(errs, field.Invalid(path, *tz, "timeZone must be nil or non-empty string"))
	}
	for _, part := range strings.Split(*tz, "/") {
		if part == "." || part == ".." || strings.HasPrefix(part, "-") || !timeZonePartValid(part) {
			return append(errs, field.Invalid(path, *tz, "unknown time zone "+*tz))
		}
	}
	if strings.EqualFold(*tz, "Local") {
		errs = append(errs, field.Invalid(path, *tz, "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"))
	}
	if _, err := time.LoadLocation(*tz); err != nil {
		errs = append(errs, field.Invalid(path, *tz, err.Error()))
	}
	return errs
}

// timeZonePartValid reports whether one '/'-separated part of a time zone
// name has 1 to 14 characters, each an ASCII letter or digit or one of
// ".-_+".
func timeZonePartValid(part string) bool {
	if len(part) < 1 || len(part) > 14 {
		return false
	}
	for i := 0; i < len(part); i++ {
		c := part[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') && strings.IndexByte(".-_+", c) < 0 {
			return false
		}
	}
	return true
}

// validateJobTemplate checks a CronJob's job template at path: the Job
// spec's rules, and no selector of the user's (Kubernetes'
// ValidateJobTemplateSpec). The template's metadata is not checked, as
// in Kubernetes: the Job the controller makes from it is.
func validateJobTemplate(t *JobTemplateSpec, path *field.Path, pod core.PodValidationOptions, oldTemplate *core.PodTemplateSpec, errs field.ErrorList) field.ErrorList {
	spec := path.Child("spec")
	errs = validateSpec(&t.Spec, spec, pod, oldTemplate, errs)
	if t.Spec.Selector != nil {
		errs = append(errs, field.Invalid(spec.Child("selector"), t.Spec.Selector, "`selector` will be auto-generated"))
	}
	if m := t.Spec.ManualSelector; m != nil && *m {
		errs = append(errs, field.NotSupported(spec.Child("manualSelector"), *m, []string{"nil", "false"}))
	}
	return errs
}
