package jobapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
	"github.com/jobkit/jobkit/jobapi/jobtest"
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
		{"ObjectMeta", jobtest.DeepCopyCheck((*jobapi.ObjectMeta).DeepCopy)},
		{"OwnerReference", jobtest.DeepCopyCheck((*jobapi.OwnerReference).DeepCopy)},
		{"Pod", jobtest.DeepCopyCheck((*jobapi.Pod).DeepCopy)},
		{"PodTemplateSpec", jobtest.DeepCopyCheck((*jobapi.PodTemplateSpec).DeepCopy)},
		{"PodSpec", jobtest.DeepCopyCheck((*jobapi.PodSpec).DeepCopy)},
		{"Container", jobtest.DeepCopyCheck((*jobapi.Container).DeepCopy)},
		{"EnvVar", jobtest.DeepCopyCheck((*jobapi.EnvVar).DeepCopy)},
		{"EnvVarSource", jobtest.DeepCopyCheck((*jobapi.EnvVarSource).DeepCopy)},
		{"ObjectFieldSelector", jobtest.DeepCopyCheck((*jobapi.ObjectFieldSelector).DeepCopy)},
		{"Volume", jobtest.DeepCopyCheck((*jobapi.Volume).DeepCopy)},
		{"VolumeSource", jobtest.DeepCopyCheck((*jobapi.VolumeSource).DeepCopy)},
		{"DownwardAPIVolumeSource", jobtest.DeepCopyCheck((*jobapi.DownwardAPIVolumeSource).DeepCopy)},
		{"DownwardAPIVolumeFile", jobtest.DeepCopyCheck((*jobapi.DownwardAPIVolumeFile).DeepCopy)},
		{"ConfigMapVolumeSource", jobtest.DeepCopyCheck((*jobapi.ConfigMapVolumeSource).DeepCopy)},
		{"KeyToPath", jobtest.DeepCopyCheck((*jobapi.KeyToPath).DeepCopy)},
		{"VolumeMount", jobtest.DeepCopyCheck((*jobapi.VolumeMount).DeepCopy)},
		{"PodStatus", jobtest.DeepCopyCheck((*jobapi.PodStatus).DeepCopy)},
		{"HostIP", jobtest.DeepCopyCheck((*jobapi.HostIP).DeepCopy)},
		{"PodIP", jobtest.DeepCopyCheck((*jobapi.PodIP).DeepCopy)},
		{"Time", jobtest.DeepCopyCheck((*jobapi.Time).DeepCopy)},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

func TestDeepCopyOfOpaqueValues(t *testing.T) {
	u := jobapi.Unknown{"affinity": jobapi.RawJSON(`{"a":[1,2]}`)}
	c := u.DeepCopy()
	c["affinity"][2] = 'X'
	c["new"] = jobapi.RawJSON(`1`)
	if diff := cmp.Diff(`{"a":[1,2]}`, string(u["affinity"])); diff != "" {
		t.Errorf("changing the copy changed the original (-want +got):\n%s", diff)
	}
	if _, ok := u["new"]; ok {
		t.Errorf("adding to the copy added to the original")
	}
	if jobapi.Unknown(nil).DeepCopy() != nil || jobapi.RawJSON(nil).DeepCopy() != nil {
		t.Errorf("DeepCopy of nil must be nil")
	}
}

// TestDeepCopyWritesNeverReachTheOriginal copies every type with a
// generated deep copy, filled at random, writes through the copy
// everywhere and checks the original is unchanged.
func TestDeepCopyWritesNeverReachTheOriginal(t *testing.T) {
	deepcopytest.RunAll(t, []deepcopytest.Case{
		deepcopytest.Type("Job", (*jobapi.Job).DeepCopy),
		deepcopytest.Type("JobCondition", (*jobapi.JobCondition).DeepCopy),
		deepcopytest.Type("JobSpec", (*jobapi.JobSpec).DeepCopy),
		deepcopytest.Type("JobStatus", (*jobapi.JobStatus).DeepCopy),
		deepcopytest.Type("PodFailurePolicy", (*jobapi.PodFailurePolicy).DeepCopy),
		deepcopytest.Type("PodFailurePolicyOnExitCodesRequirement", (*jobapi.PodFailurePolicyOnExitCodesRequirement).DeepCopy),
		deepcopytest.Type("PodFailurePolicyOnPodConditionsPattern", (*jobapi.PodFailurePolicyOnPodConditionsPattern).DeepCopy),
		deepcopytest.Type("PodFailurePolicyRule", (*jobapi.PodFailurePolicyRule).DeepCopy),
		deepcopytest.Type("SuccessPolicy", (*jobapi.SuccessPolicy).DeepCopy),
		deepcopytest.Type("SuccessPolicyRule", (*jobapi.SuccessPolicyRule).DeepCopy),
		deepcopytest.Type("UncountedTerminatedPods", (*jobapi.UncountedTerminatedPods).DeepCopy),
	})
}
