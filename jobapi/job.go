package jobapi

import (
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

//go:generate go run ./internal/gen

// Job is the internal (hub) form of a Job, the only form jobkit's logic
// works on. conversion.Decode produces it from any supported version and
// conversion.Encode writes it in any of them.
type Job struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta `json:"metadata,omitempty"`
	Spec          JobSpec         `json:"spec,omitempty"`
	Status        JobStatus       `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// CompletionMode says how a Job tracks the completion of its pods.
type CompletionMode string

// The completion modes.
const (
	// NonIndexedCompletion: the Job is complete when Completions pods
	// have succeeded; the pods are interchangeable.
	NonIndexedCompletion CompletionMode = "NonIndexed"
	// IndexedCompletion: each pod gets a completion index from 0 to
	// Completions-1, and the Job is complete when every index has one
	// succeeded pod.
	IndexedCompletion CompletionMode = "Indexed"
)

// PodReplacementPolicy says when a failed pod is replaced.
type PodReplacementPolicy string

// The pod replacement policies.
const (
	// TerminatingOrFailed: replace a pod as soon as it is terminating or
	// has failed.
	TerminatingOrFailed PodReplacementPolicy = "TerminatingOrFailed"
	// Failed: replace a pod only once it has fully terminated in phase
	// Failed.
	Failed PodReplacementPolicy = "Failed"
)

// JobSpec is what the user asks of a Job: the batch/v1 fields of today,
// with ManualSelector in the hub's sense (set to true to choose the
// selector yourself).
type JobSpec struct {
	Parallelism             *int32                  `json:"parallelism,omitempty"`
	Completions             *int32                  `json:"completions,omitempty"`
	ActiveDeadlineSeconds   *int64                  `json:"activeDeadlineSeconds,omitempty"`
	PodFailurePolicy        *PodFailurePolicy       `json:"podFailurePolicy,omitempty"`
	SuccessPolicy           *SuccessPolicy          `json:"successPolicy,omitempty"`
	BackoffLimit            *int32                  `json:"backoffLimit,omitempty"`
	BackoffLimitPerIndex    *int32                  `json:"backoffLimitPerIndex,omitempty"`
	MaxFailedIndexes        *int32                  `json:"maxFailedIndexes,omitempty"`
	Selector                *selector.LabelSelector `json:"selector,omitempty"`
	ManualSelector          *bool                   `json:"manualSelector,omitempty"`
	Template                core.PodTemplateSpec    `json:"template"`
	TTLSecondsAfterFinished *int32                  `json:"ttlSecondsAfterFinished,omitempty"`
	CompletionMode          *CompletionMode         `json:"completionMode,omitempty"`
	Suspend                 *bool                   `json:"suspend,omitempty"`
	PodReplacementPolicy    *PodReplacementPolicy   `json:"podReplacementPolicy,omitempty"`
	ManagedBy               *string                 `json:"managedBy,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodFailurePolicyAction is what a matching pod failure policy rule does.
type PodFailurePolicyAction string

// The pod failure policy actions.
const (
	PodFailurePolicyActionFailJob   PodFailurePolicyAction = "FailJob"
	PodFailurePolicyActionFailIndex PodFailurePolicyAction = "FailIndex"
	PodFailurePolicyActionIgnore    PodFailurePolicyAction = "Ignore"
	PodFailurePolicyActionCount     PodFailurePolicyAction = "Count"
)

// PodFailurePolicyOnExitCodesOperator relates a container's exit code to
// a rule's values.
type PodFailurePolicyOnExitCodesOperator string

// The exit code operators.
const (
	PodFailurePolicyOnExitCodesOpIn    PodFailurePolicyOnExitCodesOperator = "In"
	PodFailurePolicyOnExitCodesOpNotIn PodFailurePolicyOnExitCodesOperator = "NotIn"
)

// PodFailurePolicy decides, rule by rule, what a pod failure means for the
// Job.
type PodFailurePolicy struct {
	Rules []PodFailurePolicyRule `json:"rules"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodFailurePolicyRule matches a failed pod by exit codes or by pod
// conditions and says what to do.
type PodFailurePolicyRule struct {
	Action          PodFailurePolicyAction                   `json:"action"`
	OnExitCodes     *PodFailurePolicyOnExitCodesRequirement  `json:"onExitCodes,omitempty"`
	OnPodConditions []PodFailurePolicyOnPodConditionsPattern `json:"onPodConditions,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodFailurePolicyOnExitCodesRequirement matches the exit codes of a
// pod's containers (of ContainerName only, when set).
type PodFailurePolicyOnExitCodesRequirement struct {
	ContainerName *string                             `json:"containerName,omitempty"`
	Operator      PodFailurePolicyOnExitCodesOperator `json:"operator"`
	Values        []int32                             `json:"values"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodConditionType is the type of a pod condition, such as
// "DisruptionTarget".
type PodConditionType string

// DisruptionTarget is the pod condition set when a pod is about to be
// terminated by a disruption.
const DisruptionTarget PodConditionType = "DisruptionTarget"

// ConditionStatus is the status of a condition: True, False or Unknown.
type ConditionStatus string

// The condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// PodFailurePolicyOnPodConditionsPattern matches a pod condition by type
// and status.
type PodFailurePolicyOnPodConditionsPattern struct {
	Type   PodConditionType `json:"type"`
	Status ConditionStatus  `json:"status"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// SuccessPolicy lets an Indexed Job succeed before every index has.
type SuccessPolicy struct {
	Rules []SuccessPolicyRule `json:"rules"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// SuccessPolicyRule is met when the given indexes, or the given number of
// them, have succeeded.
type SuccessPolicyRule struct {
	SucceededIndexes *string `json:"succeededIndexes,omitempty"`
	SucceededCount   *int32  `json:"succeededCount,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// JobStatus is what the Job controller reports about a Job.
type JobStatus struct {
	Conditions              []JobCondition           `json:"conditions,omitempty"`
	StartTime               *meta.Time               `json:"startTime,omitempty"`
	CompletionTime          *meta.Time               `json:"completionTime,omitempty"`
	Active                  int32                    `json:"active,omitempty"`
	Succeeded               int32                    `json:"succeeded,omitempty"`
	Failed                  int32                    `json:"failed,omitempty"`
	Terminating             *int32                   `json:"terminating,omitempty"`
	CompletedIndexes        string                   `json:"completedIndexes,omitempty"`
	FailedIndexes           *string                  `json:"failedIndexes,omitempty"`
	UncountedTerminatedPods *UncountedTerminatedPods `json:"uncountedTerminatedPods,omitempty"`
	Ready                   *int32                   `json:"ready,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// UncountedTerminatedPods lists the UIDs of finished pods the controller
// has not yet counted in the status.
type UncountedTerminatedPods struct {
	Succeeded []meta.UID `json:"succeeded,omitempty"`
	Failed    []meta.UID `json:"failed,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}

// JobConditionType is the type of a Job condition.
type JobConditionType string

// The Job condition types.
const (
	JobSuspended          JobConditionType = "Suspended"
	JobComplete           JobConditionType = "Complete"
	JobFailed             JobConditionType = "Failed"
	JobFailureTarget      JobConditionType = "FailureTarget"
	JobSuccessCriteriaMet JobConditionType = "SuccessCriteriaMet"
)

// JobCondition is one observation of a Job's state.
type JobCondition struct {
	Type               JobConditionType `json:"type"`
	Status             ConditionStatus  `json:"status"`
	LastProbeTime      meta.Time        `json:"lastProbeTime,omitempty"`
	LastTransitionTime meta.Time        `json:"lastTransitionTime,omitempty"`
	Reason             string           `json:"reason,omitempty"`
	Message            string           `json:"message,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown meta.Unknown `json:"-"`
}
