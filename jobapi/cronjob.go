package jobapi

import (
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// CronJob is the internal (hub) form of a CronJob: a Job made on a
// schedule. conversion decodes it from batch/v1 and writes it back;
// [PrepareCronJobForCreate], [ValidateCronJob], [ValidateCronJobUpdate]
// and [ValidateCronJobStatusUpdate] do to it what a v1.36 API server
// does.
type CronJob struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta `json:"metadata,omitempty"`
	Spec          CronJobSpec     `json:"spec,omitempty"`
	Status        CronJobStatus   `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// ConcurrencyPolicy says what the CronJob controller does when a run is
// due while an earlier run's Job is still active.
type ConcurrencyPolicy string

// The concurrency policies.
const (
	// AllowConcurrent runs the new Job beside the ones still active.
	AllowConcurrent ConcurrencyPolicy = "Allow"
	// ForbidConcurrent skips the run while a Job is still active.
	ForbidConcurrent ConcurrencyPolicy = "Forbid"
	// ReplaceConcurrent deletes the active Jobs and runs the new one.
	ReplaceConcurrent ConcurrencyPolicy = "Replace"
)

// CronJobSpec is what the user asks of a CronJob: when to run (Schedule,
// in TimeZone), how late a run may still start, what to do with runs
// that overlap, and the Job each run makes.
type CronJobSpec struct {
	// Schedule is the cron schedule: five fields (minute, hour, day of
	// month, month, day of week) or an @ descriptor (package jobapi/cron
	// parses it).
	Schedule string `json:"schedule"`
	// TimeZone is the IANA time zone the schedule is read in; unset: the
	// zone of the kube-controller-manager.
	TimeZone *string `json:"timeZone,omitempty"`
	// StartingDeadlineSeconds is how late, in seconds, a missed run may
	// still start.
	StartingDeadlineSeconds *int64            `json:"startingDeadlineSeconds,omitempty"`
	ConcurrencyPolicy       ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`
	// Suspend stops new runs; running Jobs are left alone.
	Suspend *bool `json:"suspend,omitempty"`
	// JobTemplate is the Job each run makes.
	JobTemplate JobTemplateSpec `json:"jobTemplate"`
	// SuccessfulJobsHistoryLimit and FailedJobsHistoryLimit are how many
	// finished Jobs of each outcome the controller keeps.
	SuccessfulJobsHistoryLimit *int32 `json:"successfulJobsHistoryLimit,omitempty"`
	FailedJobsHistoryLimit     *int32 `json:"failedJobsHistoryLimit,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// JobTemplateSpec is the Job a CronJob makes at each run: the Job's
// metadata (labels and annotations the Job gets) and its spec.
type JobTemplateSpec struct {
	ObjectMeta meta.ObjectMeta `json:"metadata,omitempty"`
	Spec       JobSpec         `json:"spec,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// CronJobStatus is what the CronJob controller reports about a CronJob.
type CronJobStatus struct {
	// Active references the Jobs of the CronJob that are running.
	Active []core.ObjectReference `json:"active,omitempty"`
	// LastScheduleTime is when a Job was last scheduled to run.
	LastScheduleTime *meta.Time `json:"lastScheduleTime,omitempty"`
	// LastSuccessfulTime is when a Job last completed successfully.
	LastSuccessfulTime *meta.Time `json:"lastSuccessfulTime,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}
