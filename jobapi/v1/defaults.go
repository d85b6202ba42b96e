package v1

import (
	"math"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
)

// SetDefaults fills in what a batch/v1 Job leaves unset, as the API server
// does when it decodes one. It never overwrites a value the user set.
//
//   - Neither completions nor parallelism: both 1. Parallelism alone
//     unset: 1. Completions stays unset when only parallelism is given (a
//     work-queue Job).
//   - backoffLimit: 6, or the largest int32 when backoffLimitPerIndex is
//     set.
//   - completionMode: NonIndexed. suspend: false.
//   - Each podFailurePolicy onPodConditions pattern without a status:
//     'True'.
//   - podReplacementPolicy: Failed when a podFailurePolicy is set, else
//     TerminatingOrFailed.
//   - Empty Job labels: the pod template's label map itself, shared as
//     Kubernetes shares it, so that jobapi.PrepareForCreate knows they
//     came from the template and gives the Job the generated labels too
//     (it then makes them a copy).
//
// Then the pod template gets the core/v1 defaults a v1.36 API server gives
// it ([core.SetDefaultsPodTemplateSpec]: imagePullPolicy,
// terminationMessagePath, dnsPolicy, schedulerName, probe timings, volume
// modes, ...), after the Job's own, as Kubernetes' generated defaulter
// orders them.
//
// manualSelector stays unset: users who never used it never see it
// (current Kubernetes sets it to false; the selector-generation design
// this follows does not).
func SetDefaults(job *Job) {
	spec := &job.Spec
	if spec.Completions == nil && spec.Parallelism == nil {
		spec.Completions = ptr[int32](1)
		spec.Parallelism = ptr[int32](1)
	}
	if spec.Parallelism == nil {
		spec.Parallelism = ptr[int32](1)
	}
	if spec.BackoffLimit == nil {
		if spec.BackoffLimitPerIndex != nil {
			spec.BackoffLimit = ptr[int32](math.MaxInt32)
		} else {
			spec.BackoffLimit = ptr[int32](6)
		}
	}
	if labels := spec.Template.ObjectMeta.Labels; labels != nil && len(job.ObjectMeta.Labels) == 0 {
		job.ObjectMeta.Labels = labels // shared, as in Kubernetes: jobapi.PrepareForCreate relies on it
	}
	if spec.CompletionMode == nil {
		spec.CompletionMode = ptr(jobapi.NonIndexedCompletion)
	}
	if spec.Suspend == nil {
		spec.Suspend = ptr(false)
	}
	if spec.PodFailurePolicy != nil {
		for i := range spec.PodFailurePolicy.Rules {
			conds := spec.PodFailurePolicy.Rules[i].OnPodConditions
			for j := range conds {
				if conds[j].Status == "" {
					conds[j].Status = jobapi.ConditionTrue
				}
			}
		}
	}
	if spec.PodReplacementPolicy == nil {
		if spec.PodFailurePolicy != nil {
			spec.PodReplacementPolicy = ptr(jobapi.Failed)
		} else {
			spec.PodReplacementPolicy = ptr(jobapi.TerminatingOrFailed)
		}
	}
	core.SetDefaultsPodTemplateSpec(&spec.Template)
}

func ptr[T any](v T) *T { return &v }
