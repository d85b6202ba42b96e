package conversion

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// The typed converters. Each exported function returns an object that
// shares no memory with its argument (it converts a deep copy); Decode and
// Encode use the unexported forms, which reuse the argument's memory.

// FromV1 returns the hub form of a batch/v1 Job. manualSelector is
// carried over as it is. The result's TypeMeta records batch/v1.
func FromV1(in *v1.Job) *jobapi.Job {
	if in == nil {
		return nil
	}
	return v1ToHub(in.DeepCopy())
}

// ToV1 returns the batch/v1 form of a hub Job, with apiVersion and kind
// set. manualSelector is carried over as it is.
func ToV1(in *jobapi.Job) *v1.Job {
	if in == nil {
		return nil
	}
	return hubToV1(in.DeepCopy())
}

// FromV1beta1 returns the hub form of an extensions/v1beta1 Job:
// autoSelector becomes manualSelector by [ManualFromAutoSelector]. The
// result's TypeMeta records extensions/v1beta1.
func FromV1beta1(in *v1beta1.Job) *jobapi.Job {
	if in == nil {
		return nil
	}
	return v1beta1ToHub(in.DeepCopy())
}

// ToV1beta1 returns the extensions/v1beta1 form of a hub Job, with
// apiVersion and kind set: manualSelector becomes autoSelector by
// [AutoFromManualSelector].
func ToV1beta1(in *jobapi.Job) *v1beta1.Job {
	if in == nil {
		return nil
	}
	return hubToV1beta1(in.DeepCopy())
}

// AutoFromManualSelector converts the hub's (and batch/v1's)
// manualSelector to extensions/v1beta1's autoSelector as the
// selector-generation design prescribes: unset counts as false, the value
// is negated, and false becomes unset. So unset or false gives true, and
// true gives unset.
func AutoFromManualSelector(manual *bool) *bool { return negateSelectorFlag(manual) }

// ManualFromAutoSelector converts extensions/v1beta1's autoSelector to the
// hub's manualSelector, the same way: unset or false gives true, and true
// gives unset.
func ManualFromAutoSelector(auto *bool) *bool { return negateSelectorFlag(auto) }

// negateSelectorFlag: nil → false, negate, false → nil. The result is a
// new pointer.
func negateSelectorFlag(b *bool) *bool {
	v := b != nil && *b
	if !v {
		t := true
		return &t
	}
	return nil
}

// v1ToHub converts in, reusing its memory. batch/v1's JobSpec has exactly
// the hub's fields, so the spec converts as a Go struct conversion: a field
// added to one and not the other stops the build instead of being dropped.
func v1ToHub(in *v1.Job) *jobapi.Job {
	return &jobapi.Job{
		TypeMeta:   meta.TypeMeta{Kind: v1.Kind, APIVersion: v1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec:       jobapi.JobSpec(in.Spec),
		Status:     in.Status,
		Unknown:    in.Unknown,
	}
}

// hubToV1 converts in, reusing its memory (see v1ToHub).
func hubToV1(in *jobapi.Job) *v1.Job {
	return &v1.Job{
		TypeMeta:   meta.TypeMeta{Kind: v1.Kind, APIVersion: v1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec:       v1.JobSpec(in.Spec),
		Status:     in.Status,
		Unknown:    in.Unknown,
	}
}

// v1beta1ToHub converts in, reusing its memory.
func v1beta1ToHub(in *v1beta1.Job) *jobapi.Job {
	s := &in.Spec
	return &jobapi.Job{
		TypeMeta:   meta.TypeMeta{Kind: v1beta1.Kind, APIVersion: v1beta1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec: jobapi.JobSpec{
			Parallelism:             s.Parallelism,
			Completions:             s.Completions,
			ActiveDeadlineSeconds:   s.ActiveDeadlineSeconds,
			PodFailurePolicy:        s.PodFailurePolicy,
			SuccessPolicy:           s.SuccessPolicy,
			BackoffLimit:            s.BackoffLimit,
			BackoffLimitPerIndex:    s.BackoffLimitPerIndex,
			MaxFailedIndexes:        s.MaxFailedIndexes,
			Selector:                s.Selector,
			ManualSelector:          ManualFromAutoSelector(s.AutoSelector),
			Template:                s.Template,
			TTLSecondsAfterFinished: s.TTLSecondsAfterFinished,
			CompletionMode:          s.CompletionMode,
			Suspend:                 s.Suspend,
			PodReplacementPolicy:    s.PodReplacementPolicy,
			ManagedBy:               s.ManagedBy,
			Unknown:                 s.Unknown,
		},
		Status:  in.Status,
		Unknown: in.Unknown,
	}
}

// hubToV1beta1 converts in, reusing its memory.
func hubToV1beta1(in *jobapi.Job) *v1beta1.Job {
	s := &in.Spec
	return &v1beta1.Job{
		TypeMeta:   meta.TypeMeta{Kind: v1beta1.Kind, APIVersion: v1beta1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec: v1beta1.JobSpec{
			Parallelism:             s.Parallelism,
			Completions:             s.Completions,
			ActiveDeadlineSeconds:   s.ActiveDeadlineSeconds,
			PodFailurePolicy:        s.PodFailurePolicy,
			SuccessPolicy:           s.SuccessPolicy,
			BackoffLimit:            s.BackoffLimit,
			BackoffLimitPerIndex:    s.BackoffLimitPerIndex,
			MaxFailedIndexes:        s.MaxFailedIndexes,
			Selector:                s.Selector,
			AutoSelector:            AutoFromManualSelector(s.ManualSelector),
			Template:                s.Template,
			TTLSecondsAfterFinished: s.TTLSecondsAfterFinished,
			CompletionMode:          s.CompletionMode,
			Suspend:                 s.Suspend,
			PodReplacementPolicy:    s.PodReplacementPolicy,
			ManagedBy:               s.ManagedBy,
			Unknown:                 s.Unknown,
		},
		Status:  in.Status,
		Unknown: in.Unknown,
	}
}
