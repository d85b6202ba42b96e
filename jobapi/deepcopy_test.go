package jobapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// deepCopyCase checks, for many random values of T, that deepCopy returns
// an equal value that shares no memory with the original, and nil for nil.
func deepCopyCase[T any](deepCopy func(*T) *T) func(t *testing.T) {
	return func(t *testing.T) {
		if got := deepCopy(nil); got != nil {
			t.Errorf("DeepCopy(nil) = %v, want nil", got)
		}
		for seed := uint64(0); seed < 50; seed++ {
			in := new(T)
			jobtest.Fill(t, in, seed)
			out := deepCopy(in)
			if diff := cmp.Diff(in, out); diff != "" {
				t.Fatalf("seed %d: DeepCopy differs (-in +out):\n%s", seed, diff)
			}
			if s := jobtest.SharedMemory(in, out); len(s) > 0 {
				t.Fatalf("seed %d: DeepCopy shares memory at %v", seed, s)
			}
		}
	}
}

func TestDeepCopySharesNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Job", deepCopyCase((*jobapi.Job).DeepCopy)},
		{"JobSpec", deepCopyCase((*jobapi.JobSpec).DeepCopy)},
		{"JobStatus", deepCopyCase((*jobapi.JobStatus).DeepCopy)},
		{"JobCondition", deepCopyCase((*jobapi.JobCondition).DeepCopy)},
		{"UncountedTerminatedPods", deepCopyCase((*jobapi.UncountedTerminatedPods).DeepCopy)},
		{"PodFailurePolicy", deepCopyCase((*jobapi.PodFailurePolicy).DeepCopy)},
		{"PodFailurePolicyRule", deepCopyCase((*jobapi.PodFailurePolicyRule).DeepCopy)},
		{"PodFailurePolicyOnExitCodesRequirement", deepCopyCase((*jobapi.PodFailurePolicyOnExitCodesRequirement).DeepCopy)},
		{"PodFailurePolicyOnPodConditionsPattern", deepCopyCase((*jobapi.PodFailurePolicyOnPodConditionsPattern).DeepCopy)},
		{"SuccessPolicy", deepCopyCase((*jobapi.SuccessPolicy).DeepCopy)},
		{"SuccessPolicyRule", deepCopyCase((*jobapi.SuccessPolicyRule).DeepCopy)},
		{"ObjectMeta", deepCopyCase((*jobapi.ObjectMeta).DeepCopy)},
		{"OwnerReference", deepCopyCase((*jobapi.OwnerReference).DeepCopy)},
		{"Pod", deepCopyCase((*jobapi.Pod).DeepCopy)},
		{"PodTemplateSpec", deepCopyCase((*jobapi.PodTemplateSpec).DeepCopy)},
		{"PodSpec", deepCopyCase((*jobapi.PodSpec).DeepCopy)},
		{"Container", deepCopyCase((*jobapi.Container).DeepCopy)},
		{"EnvVar", deepCopyCase((*jobapi.EnvVar).DeepCopy)},
		{"EnvVarSource", deepCopyCase((*jobapi.EnvVarSource).DeepCopy)},
		{"ObjectFieldSelector", deepCopyCase((*jobapi.ObjectFieldSelector).DeepCopy)},
		{"Volume", deepCopyCase((*jobapi.Volume).DeepCopy)},
		{"VolumeSource", deepCopyCase((*jobapi.VolumeSource).DeepCopy)},
		{"DownwardAPIVolumeSource", deepCopyCase((*jobapi.DownwardAPIVolumeSource).DeepCopy)},
		{"DownwardAPIVolumeFile", deepCopyCase((*jobapi.DownwardAPIVolumeFile).DeepCopy)},
		{"ConfigMapVolumeSource", deepCopyCase((*jobapi.ConfigMapVolumeSource).DeepCopy)},
		{"KeyToPath", deepCopyCase((*jobapi.KeyToPath).DeepCopy)},
		{"VolumeMount", deepCopyCase((*jobapi.VolumeMount).DeepCopy)},
		{"PodStatus", deepCopyCase((*jobapi.PodStatus).DeepCopy)},
		{"HostIP", deepCopyCase((*jobapi.HostIP).DeepCopy)},
		{"PodIP", deepCopyCase((*jobapi.PodIP).DeepCopy)},
		{"Time", deepCopyCase((*jobapi.Time).DeepCopy)},
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
