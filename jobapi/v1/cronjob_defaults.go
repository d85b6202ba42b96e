package v1

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
)

// SetDefaultsCronJob fills in what a batch/v1 CronJob leaves unset, as
// the API server does when it decodes one (v1.36's SetObjectDefaults_CronJob).
// It never overwrites a value the user set.
//
//   - concurrencyPolicy: Allow. suspend: false.
//   - successfulJobsHistoryLimit: 3. failedJobsHistoryLimit: 1.
//   - Each podFailurePolicy onPodConditions pattern of the job template
//     without a status: 'True'.
//   - The job template's pod template: the core/v1 defaults
//     ([core.SetDefaultsPodTemplateSpec]), after the CronJob's own.
//
// The job template's JobSpec gets none of a Job's own defaults ([SetDefaults]:
// completions, parallelism, backoffLimit, completionMode, suspend,
// podReplacementPolicy, manualSelector, the label copy): Kubernetes applies
// those to each Job when the CronJob controller creates it, not to the
// template. So a stored CronJob's template holds only what the user wrote,
// its pod template defaulted.
func SetDefaultsCronJob(cj *CronJob) {
	spec := &cj.Spec
	if spec.ConcurrencyPolicy == "" {
		spec.ConcurrencyPolicy = jobapi.AllowConcurrent
	}
	if spec.Suspend == nil {
		spec.Suspend = ptr(false)
	}
	if spec.SuccessfulJobsHistoryLimit == nil {
		spec.SuccessfulJobsHistoryLimit = ptr[int32](3)
	}
	if spec.FailedJobsHistoryLimit == nil {
		spec.FailedJobsHistoryLimit = ptr[int32](1)
	}
	js := &spec.JobTemplate.Spec
	if js.PodFailurePolicy != nil {
		for i := range js.PodFailurePolicy.Rules {
			conds := js.PodFailurePolicy.Rules[i].OnPodConditions
			for j := range conds {
				if conds[j].Status == "" {
					conds[j].Status = jobapi.ConditionTrue
				}
			}
		}
	}
	core.SetDefaultsPodTemplateSpec(&js.Template)
}
