package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestDeepCopyOfFixturesSharesNoMemory copies the fixtures, which set
// every field, and checks the copies are equal and share nothing.
func TestDeepCopyOfFixturesSharesNoMemory(t *testing.T) {
	_, tv := readFixture(t, fixtures[0])
	tmpl := tv.(*core.PodTemplateSpec)
	tcopy := tmpl.DeepCopy()
	if diff := cmp.Diff(tmpl, tcopy); diff != "" {
		t.Errorf("PodTemplateSpec.DeepCopy differs (-want +got):\n%s", diff)
	}
	if shared := jobtest.SharedMemory(tmpl, tcopy); len(shared) != 0 {
		t.Errorf("PodTemplateSpec.DeepCopy shares memory at %v", shared)
	}

	_, pv := readFixture(t, fixtures[1])
	pod := pv.(*core.Pod)
	pcopy := pod.DeepCopy()
	if diff := cmp.Diff(pod, pcopy); diff != "" {
		t.Errorf("Pod.DeepCopy differs (-want +got):\n%s", diff)
	}
	if shared := jobtest.SharedMemory(pod, pcopy); len(shared) != 0 {
		t.Errorf("Pod.DeepCopy shares memory at %v", shared)
	}
}

// TestDeepCopyOfRandomPodsSharesNoMemory copies pods filled with random
// data, Unknown members at every level included.
func TestDeepCopyOfRandomPodsSharesNoMemory(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		var pod core.Pod
		jobtest.Fill(t, &pod, seed)
		c := pod.DeepCopy()
		if diff := cmp.Diff(&pod, c); diff != "" {
			t.Fatalf("seed %d: DeepCopy differs (-want +got):\n%s", seed, diff)
		}
		if shared := jobtest.SharedMemory(&pod, c); len(shared) != 0 {
			t.Fatalf("seed %d: DeepCopy shares memory at %v", seed, shared)
		}
	}
}

// TestDeepCopyIsIndependent changes a copy at several depths and checks
// the original is unchanged.
func TestDeepCopyIsIndependent(t *testing.T) {
	_, tv := readFixture(t, fixtures[0])
	orig := tv.(*core.PodTemplateSpec)
	want := orig.DeepCopy()
	c := orig.DeepCopy()

	c.ObjectMeta.Labels["app"] = "changed"
	c.Spec.Containers[0].Env[1].ValueFrom.FieldRef.FieldPath = "changed"
	c.Spec.Containers[0].Resources.Limits[core.ResourceCPU] = c.Spec.Containers[0].Resources.Limits[core.ResourceMemory]
	*c.Spec.Containers[0].SecurityContext.RunAsUser = 0
	c.Spec.Volumes[0].EmptyDir.SizeLimit.Add(c.Spec.Volumes[0].EmptyDir.SizeLimit.DeepCopy())
	c.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Values[0] = "changed"
	c.Spec.Affinity.PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].LabelSelector.MatchLabels["app"] = "changed"
	c.Spec.Containers[0].LivenessProbe.HTTPGet.Port = core.FromString("changed")
	c.Spec.Containers[0].Unknown = meta.Unknown{"x": meta.RawJSON(`1`)}

	if diff := cmp.Diff(want, orig); diff != "" {
		t.Errorf("changing the copy changed the original (-want +got):\n%s", diff)
	}
}
