package v1

import (
	"maps"
	"math"

	"github.com/jobkit/jobkit/jobapi"
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
//   - Empty Job labels: a copy of the pod template's labels (Kubernetes
//     shares the map; jobkit copies, so changing one never changes the
//     other).
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
	if labels := spec.Template.ObjectMeta.Labels; len(labels) > 0 && len(job.ObjectMeta.Labels) == 0 {
		job.ObjectMeta.Labels = maps.Clone(labels)
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
}

func ptr[T any](v T) *T { return &v }
