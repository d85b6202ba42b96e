package v1

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/selector"
)

// GroupVersion is the apiVersion of this package's Job.
const GroupVersion = "batch/v1"

// Kind is the kind of this package's Job.
const Kind = "Job"

// Job is a batch/v1 Job.
type Job struct {
	jobapi.TypeMeta `json:""`
	ObjectMeta      jobapi.ObjectMeta `json:"metadata,omitempty"`
	Spec            JobSpec           `json:"spec,omitempty"`
	Status          jobapi.JobStatus  `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown jobapi.Unknown `json:"-"`
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
	Template                jobapi.PodTemplateSpec       `json:"template"`
	TTLSecondsAfterFinished *int32                       `json:"ttlSecondsAfterFinished,omitempty"`
	CompletionMode          *jobapi.CompletionMode       `json:"completionMode,omitempty"`
	Suspend                 *bool                        `json:"suspend,omitempty"`
	PodReplacementPolicy    *jobapi.PodReplacementPolicy `json:"podReplacementPolicy,omitempty"`
	ManagedBy               *string                      `json:"managedBy,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown jobapi.Unknown `json:"-"`
}

// UnmarshalJSON decodes j with jobapi.Unmarshal, keeping unmodeled members
// in Unknown.
func (j *Job) UnmarshalJSON(data []byte) error { return jobapi.Unmarshal(data, j) }

// MarshalJSON encodes j with jobapi.Marshal, Unknown members included.
func (j Job) MarshalJSON() ([]byte, error) { return jobapi.Marshal(&j) }

// UnmarshalJSON decodes s with jobapi.Unmarshal, keeping unmodeled members
// in Unknown.
func (s *JobSpec) UnmarshalJSON(data []byte) error { return jobapi.Unmarshal(data, s) }

// MarshalJSON encodes s with jobapi.Marshal, Unknown members included.
func (s JobSpec) MarshalJSON() ([]byte, error) { return jobapi.Marshal(&s) }

// DeepCopyInto copies in into out.
func (in *Job) DeepCopyInto(out *Job) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it; nil stays
// nil.
func (in *Job) DeepCopy() *Job {
	if in == nil {
		return nil
	}
	out := new(Job)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out. JobSpec has exactly the hub's fields,
// so the hub's deep copy serves.
func (in *JobSpec) DeepCopyInto(out *JobSpec) {
	(*jobapi.JobSpec)(in).DeepCopyInto((*jobapi.JobSpec)(out))
}

// DeepCopy returns a copy of in that shares nothing with it; nil stays
// nil.
func (in *JobSpec) DeepCopy() *JobSpec {
	if in == nil {
		return nil
	}
	out := new(JobSpec)
	in.DeepCopyInto(out)
	return out
}
