package v1

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// CronJobKind is the kind of this package's CronJob.
const CronJobKind = "CronJob"

// CronJob is a batch/v1 CronJob.
type CronJob struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta      `json:"metadata,omitempty"`
	Spec          CronJobSpec          `json:"spec,omitempty"`
	Status        jobapi.CronJobStatus `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// CronJobSpec is the spec of a batch/v1 CronJob. It has the fields of
// jobapi.CronJobSpec, in the same order; only the job template differs,
// holding this version's JobSpec.
type CronJobSpec struct {
	Schedule                   string                   `json:"schedule"`
	TimeZone                   *string                  `json:"timeZone,omitempty"`
	StartingDeadlineSeconds    *int64                   `json:"startingDeadlineSeconds,omitempty"`
	ConcurrencyPolicy          jobapi.ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`
	Suspend                    *bool                    `json:"suspend,omitempty"`
	JobTemplate                JobTemplateSpec          `json:"jobTemplate"`
	SuccessfulJobsHistoryLimit *int32                   `json:"successfulJobsHistoryLimit,omitempty"`
	FailedJobsHistoryLimit     *int32                   `json:"failedJobsHistoryLimit,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// JobTemplateSpec is the Job a batch/v1 CronJob makes: its metadata and
// this version's JobSpec.
type JobTemplateSpec struct {
	ObjectMeta meta.ObjectMeta `json:"metadata,omitempty"`
	Spec       JobSpec         `json:"spec,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}
