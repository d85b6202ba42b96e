package v1

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

//go:generate go run ../internal/gen

// GroupVersion is the apiVersion of this package's Job.
const GroupVersion = "batch/v1"

// Kind is the kind of this package's Job.
const Kind = "Job"

// Job is a batch/v1 Job.
type Job struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta  `json:"metadata,omitempty"`
	Spec          JobSpec          `json:"spec,omitempty"`
	Status        jobapi.JobStatus `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// JobSpec is the spec of a batch/v1 Job. ManualSelector has the hub's
// meaning: true when the user chose the selector. It has exactly the
// fields of jobapi.JobSpec, in the same order, so the two convert into
// each other with a Go conversion; keep it that way.
type JobSpec struct {
	Parallelism             *int32                       `json:"parallelism,omitempty"`
	Completions             *int32                       `json:"completions,omitempty"`
	ActiveDeadlineSeconds   *int64                       `json:"activeDeadlineSeconds,omitempty"`
	PodFailurePolicy        *jobapi.PodFailurePolicy     `json:"podFailurePolicy,omitempty"`
	SuccessPolicy           *jobapi.SuccessPolicy        `json:"successPolicy,omitempty"`
	BackoffLimit            *int32                       `json:"backoffLimit,omitempty"`
	BackoffLimitPerIndex    *int32                       `json:"backoffLimitPerIndex,omitempty"`
	MaxFailedIndexes        *int32                       `json:"maxFailedIndexes,omitempty"`
	Selector                *selector.LabelSelector      `json:"selector,omitempty"`
	ManualSelector          *bool                        `json:"manualSelector,omitempty"`
	Template                core.PodTemplateSpec         `json:"template"`
	TTLSecondsAfterFinished *int32                       `json:"ttlSecondsAfterFinished,omitempty"`
	CompletionMode          *jobapi.CompletionMode       `json:"completionMode,omitempty"`
	Suspend                 *bool                        `json:"suspend,omitempty"`
	PodReplacementPolicy    *jobapi.PodReplacementPolicy `json:"podReplacementPolicy,omitempty"`
	ManagedBy               *string                      `json:"managedBy,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}
