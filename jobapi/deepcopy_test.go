package jobapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestDeepCopySharesNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Job", jobtest.DeepCopyCheck((*jobapi.Job).DeepCopy)},
		{"JobSpec", jobtest.DeepCopyCheck((*jobapi.JobSpec).DeepCopy)},
		{"JobStatus", jobtest.DeepCopyCheck((*jobapi.JobStatus).DeepCopy)},
		{"JobCondition", jobtest.DeepCopyCheck((*jobapi.JobCondition).DeepCopy)},
		{"UncountedTerminatedPods", jobtest.DeepCopyCheck((*jobapi.UncountedTerminatedPods).DeepCopy)},
		{"PodFailurePolicy", jobtest.DeepCopyCheck((*jobapi.PodFailurePolicy).DeepCopy)},
		{"PodFailurePolicyRule", jobtest.DeepCopyCheck((*jobapi.PodFailurePolicyRule).DeepCopy)},
		{"PodFailurePolicyOnExitCodesRequirement", jobtest.DeepCopyCheck((*jobapi.PodFailurePolicyOnExitCodesRequirement).DeepCopy)},
		{"PodFailurePolicyOnPodConditionsPattern", jobtest.DeepCopyCheck((*jobapi.PodFailurePolicyOnPodConditionsPattern).DeepCopy)},
		{"SuccessPolicy", jobtest.DeepCopyCheck((*jobapi.SuccessPolicy).DeepCopy)},
		{"SuccessPolicyRule", jobtest.DeepCopyCheck((*jobapi.SuccessPolicyRule).DeepCopy)},
		{"ObjectMeta", jobtest.DeepCopyCheck((*meta.ObjectMeta).DeepCopy)},
		{"OwnerReference", jobtest.DeepCopyCheck((*meta.OwnerReference).DeepCopy)},
		{"Pod", jobtest.DeepCopyCheck((*core.Pod).DeepCopy)},
		{"PodTemplateSpec", jobtest.DeepCopyCheck((*core.PodTemplateSpec).DeepCopy)},
		{"PodSpec", jobtest.DeepCopyCheck((*core.PodSpec).DeepCopy)},
		{"Container", jobtest.DeepCopyCheck((*core.Container).DeepCopy)},
		{"EnvVar", jobtest.DeepCopyCheck((*core.EnvVar).DeepCopy)},
		{"EnvVarSource", jobtest.DeepCopyCheck((*core.EnvVarSource).DeepCopy)},
		{"ObjectFieldSelector", jobtest.DeepCopyCheck((*core.ObjectFieldSelector).DeepCopy)},
		{"Volume", jobtest.DeepCopyCheck((*core.Volume).DeepCopy)},
		{"VolumeSource", jobtest.DeepCopyCheck((*core.VolumeSource).DeepCopy)},
		{"DownwardAPIVolumeSource", jobtest.DeepCopyCheck((*core.DownwardAPIVolumeSource).DeepCopy)},
		{"DownwardAPIVolumeFile", jobtest.DeepCopyCheck((*core.DownwardAPIVolumeFile).DeepCopy)},
		{"ConfigMapVolumeSource", jobtest.DeepCopyCheck((*core.ConfigMapVolumeSource).DeepCopy)},
		{"KeyToPath", jobtest.DeepCopyCheck((*core.KeyToPath).DeepCopy)},
		{"VolumeMount", jobtest.DeepCopyCheck((*core.VolumeMount).DeepCopy)},
		{"PodStatus", jobtest.DeepCopyCheck((*core.PodStatus).DeepCopy)},
		{"HostIP", jobtest.DeepCopyCheck((*core.HostIP).DeepCopy)},
		{"PodIP", jobtest.DeepCopyCheck((*core.PodIP).DeepCopy)},
		{"Time", jobtest.DeepCopyCheck((*meta.Time).DeepCopy)},
		{"CronJob", jobtest.DeepCopyCheck((*jobapi.CronJob).DeepCopy)},
		{"CronJobSpec", jobtest.DeepCopyCheck((*jobapi.CronJobSpec).DeepCopy)},
		{"CronJobStatus", jobtest.DeepCopyCheck((*jobapi.CronJobStatus).DeepCopy)},
		{"JobTemplateSpec", jobtest.DeepCopyCheck((*jobapi.JobTemplateSpec).DeepCopy)},
		{"ObjectReference", jobtest.DeepCopyCheck((*core.ObjectReference).DeepCopy)},
		{"PodTemplate", jobtest.DeepCopyCheck((*core.PodTemplate).DeepCopy)},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

func TestDeepCopyOfOpaqueValues(t *testing.T) {
	u := meta.Unknown{"affinity": meta.RawJSON(`{"a":[1,2]}`)}
	c := u.DeepCopy()
	c["affinity"][2] = 'X'
	c["new"] = meta.RawJSON(`1`)
	if diff := cmp.Diff(`{"a":[1,2]}`, string(u["affinity"])); diff != "" {
		t.Errorf("changing the copy changed the original (-want +got):\n%s", diff)
	}
	if _, ok := u["new"]; ok {
		t.Errorf("adding to the copy added to the original")
	}
	if meta.Unknown(nil).DeepCopy() != nil || meta.RawJSON(nil).DeepCopy() != nil {
		t.Errorf("DeepCopy of nil must be nil")
	}
}

// TestDeepCopyWritesNeverReachTheOriginal copies every type with a
// generated deep copy, filled at random, writes through the copy
// everywhere and checks the original is unchanged.
func TestDeepCopyWritesNeverReachTheOriginal(t *testing.T) {
	deepcopytest.RunAll(t, []deepcopytest.Case{
		deepcopytest.Type("CronJob", (*jobapi.CronJob).DeepCopy),
		deepcopytest.Type("CronJobSpec", (*jobapi.CronJobSpec).DeepCopy),
		deepcopytest.Type("CronJobStatus", (*jobapi.CronJobStatus).DeepCopy),
		deepcopytest.Type("Job", (*jobapi.Job).DeepCopy),
		deepcopytest.Type("JobCondition", (*jobapi.JobCondition).DeepCopy),
		deepcopytest.Type("JobSpec", (*jobapi.JobSpec).DeepCopy),
		deepcopytest.Type("JobStatus", (*jobapi.JobStatus).DeepCopy),
		deepcopytest.Type("JobTemplateSpec", (*jobapi.JobTemplateSpec).DeepCopy),
		deepcopytest.Type("PodFailurePolicy", (*jobapi.PodFailurePolicy).DeepCopy),
		deepcopytest.Type("PodFailurePolicyOnExitCodesRequirement", (*jobapi.PodFailurePolicyOnExitCodesRequirement).DeepCopy),
		deepcopytest.Type("PodFailurePolicyOnPodConditionsPattern", (*jobapi.PodFailurePolicyOnPodConditionsPattern).DeepCopy),
		deepcopytest.Type("PodFailurePolicyRule", (*jobapi.PodFailurePolicyRule).DeepCopy),
		deepcopytest.Type("SuccessPolicy", (*jobapi.SuccessPolicy).DeepCopy),
		deepcopytest.Type("SuccessPolicyRule", (*jobapi.SuccessPolicyRule).DeepCopy),
		deepcopytest.Type("UncountedTerminatedPods", (*jobapi.UncountedTerminatedPods).DeepCopy),
	})
}
