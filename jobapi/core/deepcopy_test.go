package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
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

// TestDeepCopyWritesNeverReachTheOriginal copies every type with a
// generated deep copy, filled at random, writes through the copy
// everywhere and checks the original is unchanged.
func TestDeepCopyWritesNeverReachTheOriginal(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"AWSElasticBlockStoreVolumeSource", deepcopytest.Check((*core.AWSElasticBlockStoreVolumeSource).DeepCopy)},
		{"Affinity", deepcopytest.Check((*core.Affinity).DeepCopy)},
		{"AppArmorProfile", deepcopytest.Check((*core.AppArmorProfile).DeepCopy)},
		{"AzureDiskVolumeSource", deepcopytest.Check((*core.AzureDiskVolumeSource).DeepCopy)},
		{"AzureFileVolumeSource", deepcopytest.Check((*core.AzureFileVolumeSource).DeepCopy)},
		{"CSIVolumeSource", deepcopytest.Check((*core.CSIVolumeSource).DeepCopy)},
		{"Capabilities", deepcopytest.Check((*core.Capabilities).DeepCopy)},
		{"CephFSVolumeSource", deepcopytest.Check((*core.CephFSVolumeSource).DeepCopy)},
		{"CinderVolumeSource", deepcopytest.Check((*core.CinderVolumeSource).DeepCopy)},
		{"ClusterTrustBundleProjection", deepcopytest.Check((*core.ClusterTrustBundleProjection).DeepCopy)},
		{"ConfigMapEnvSource", deepcopytest.Check((*core.ConfigMapEnvSource).DeepCopy)},
		{"ConfigMapKeySelector", deepcopytest.Check((*core.ConfigMapKeySelector).DeepCopy)},
		{"ConfigMapProjection", deepcopytest.Check((*core.ConfigMapProjection).DeepCopy)},
		{"ConfigMapVolumeSource", deepcopytest.Check((*core.ConfigMapVolumeSource).DeepCopy)},
		{"Container", deepcopytest.Check((*core.Container).DeepCopy)},
		{"ContainerExtendedResourceRequest", deepcopytest.Check((*core.ContainerExtendedResourceRequest).DeepCopy)},
		{"ContainerPort", deepcopytest.Check((*core.ContainerPort).DeepCopy)},
		{"ContainerResizePolicy", deepcopytest.Check((*core.ContainerResizePolicy).DeepCopy)},
		{"ContainerRestartRule", deepcopytest.Check((*core.ContainerRestartRule).DeepCopy)},
		{"ContainerRestartRuleOnExitCodes", deepcopytest.Check((*core.ContainerRestartRuleOnExitCodes).DeepCopy)},
		{"ContainerState", deepcopytest.Check((*core.ContainerState).DeepCopy)},
		{"ContainerStateRunning", deepcopytest.Check((*core.ContainerStateRunning).DeepCopy)},
		{"ContainerStateTerminated", deepcopytest.Check((*core.ContainerStateTerminated).DeepCopy)},
		{"ContainerStateWaiting", deepcopytest.Check((*core.ContainerStateWaiting).DeepCopy)},
		{"ContainerStatus", deepcopytest.Check((*core.ContainerStatus).DeepCopy)},
		{"ContainerUser", deepcopytest.Check((*core.ContainerUser).DeepCopy)},
		{"DownwardAPIProjection", deepcopytest.Check((*core.DownwardAPIProjection).DeepCopy)},
		{"DownwardAPIVolumeFile", deepcopytest.Check((*core.DownwardAPIVolumeFile).DeepCopy)},
		{"DownwardAPIVolumeSource", deepcopytest.Check((*core.DownwardAPIVolumeSource).DeepCopy)},
		{"EmptyDirVolumeSource", deepcopytest.Check((*core.EmptyDirVolumeSource).DeepCopy)},
		{"EnvFromSource", deepcopytest.Check((*core.EnvFromSource).DeepCopy)},
		{"EnvVar", deepcopytest.Check((*core.EnvVar).DeepCopy)},
		{"EnvVarSource", deepcopytest.Check((*core.EnvVarSource).DeepCopy)},
		{"EphemeralContainer", deepcopytest.Check((*core.EphemeralContainer).DeepCopy)},
		{"EphemeralContainerCommon", deepcopytest.Check((*core.EphemeralContainerCommon).DeepCopy)},
		{"EphemeralVolumeSource", deepcopytest.Check((*core.EphemeralVolumeSource).DeepCopy)},
		{"ExecAction", deepcopytest.Check((*core.ExecAction).DeepCopy)},
		{"FCVolumeSource", deepcopytest.Check((*core.FCVolumeSource).DeepCopy)},
		{"FileKeySelector", deepcopytest.Check((*core.FileKeySelector).DeepCopy)},
		{"FlexVolumeSource", deepcopytest.Check((*core.FlexVolumeSource).DeepCopy)},
		{"FlockerVolumeSource", deepcopytest.Check((*core.FlockerVolumeSource).DeepCopy)},
		{"GCEPersistentDiskVolumeSource", deepcopytest.Check((*core.GCEPersistentDiskVolumeSource).DeepCopy)},
		{"GRPCAction", deepcopytest.Check((*core.GRPCAction).DeepCopy)},
		{"GitRepoVolumeSource", deepcopytest.Check((*core.GitRepoVolumeSource).DeepCopy)},
		{"GlusterfsVolumeSource", deepcopytest.Check((*core.GlusterfsVolumeSource).DeepCopy)},
		{"HTTPGetAction", deepcopytest.Check((*core.HTTPGetAction).DeepCopy)},
		{"HTTPHeader", deepcopytest.Check((*core.HTTPHeader).DeepCopy)},
		{"HostAlias", deepcopytest.Check((*core.HostAlias).DeepCopy)},
		{"HostIP", deepcopytest.Check((*core.HostIP).DeepCopy)},
		{"HostPathVolumeSource", deepcopytest.Check((*core.HostPathVolumeSource).DeepCopy)},
		{"ISCSIVolumeSource", deepcopytest.Check((*core.ISCSIVolumeSource).DeepCopy)},
		{"ImageVolumeSource", deepcopytest.Check((*core.ImageVolumeSource).DeepCopy)},
		{"ImageVolumeStatus", deepcopytest.Check((*core.ImageVolumeStatus).DeepCopy)},
		{"IntOrString", deepcopytest.Check((*core.IntOrString).DeepCopy)},
		{"KeyToPath", deepcopytest.Check((*core.KeyToPath).DeepCopy)},
		{"Lifecycle", deepcopytest.Check((*core.Lifecycle).DeepCopy)},
		{"LifecycleHandler", deepcopytest.Check((*core.LifecycleHandler).DeepCopy)},
		{"LinuxContainerUser", deepcopytest.Check((*core.LinuxContainerUser).DeepCopy)},
		{"LocalObjectReference", deepcopytest.Check((*core.LocalObjectReference).DeepCopy)},
		{"NFSVolumeSource", deepcopytest.Check((*core.NFSVolumeSource).DeepCopy)},
		{"NodeAffinity", deepcopytest.Check((*core.NodeAffinity).DeepCopy)},
		{"NodeAllocatableResourceClaimStatus", deepcopytest.Check((*core.NodeAllocatableResourceClaimStatus).DeepCopy)},
		{"NodeSelector", deepcopytest.Check((*core.NodeSelector).DeepCopy)},
		{"NodeSelectorRequirement", deepcopytest.Check((*core.NodeSelectorRequirement).DeepCopy)},
		{"NodeSelectorTerm", deepcopytest.Check((*core.NodeSelectorTerm).DeepCopy)},
		{"ObjectFieldSelector", deepcopytest.Check((*core.ObjectFieldSelector).DeepCopy)},
		{"PersistentVolumeClaimSpec", deepcopytest.Check((*core.PersistentVolumeClaimSpec).DeepCopy)},
		{"PersistentVolumeClaimTemplate", deepcopytest.Check((*core.PersistentVolumeClaimTemplate).DeepCopy)},
		{"PersistentVolumeClaimVolumeSource", deepcopytest.Check((*core.PersistentVolumeClaimVolumeSource).DeepCopy)},
		{"PhotonPersistentDiskVolumeSource", deepcopytest.Check((*core.PhotonPersistentDiskVolumeSource).DeepCopy)},
		{"Pod", deepcopytest.Check((*core.Pod).DeepCopy)},
		{"PodAffinity", deepcopytest.Check((*core.PodAffinity).DeepCopy)},
		{"PodAffinityTerm", deepcopytest.Check((*core.PodAffinityTerm).DeepCopy)},
		{"PodAntiAffinity", deepcopytest.Check((*core.PodAntiAffinity).DeepCopy)},
		{"PodCertificateProjection", deepcopytest.Check((*core.PodCertificateProjection).DeepCopy)},
		{"PodCondition", deepcopytest.Check((*core.PodCondition).DeepCopy)},
		{"PodDNSConfig", deepcopytest.Check((*core.PodDNSConfig).DeepCopy)},
		{"PodDNSConfigOption", deepcopytest.Check((*core.PodDNSConfigOption).DeepCopy)},
		{"PodExtendedResourceClaimStatus", deepcopytest.Check((*core.PodExtendedResourceClaimStatus).DeepCopy)},
		{"PodIP", deepcopytest.Check((*core.PodIP).DeepCopy)},
		{"PodOS", deepcopytest.Check((*core.PodOS).DeepCopy)},
		{"PodReadinessGate", deepcopytest.Check((*core.PodReadinessGate).DeepCopy)},
		{"PodResourceClaim", deepcopytest.Check((*core.PodResourceClaim).DeepCopy)},
		{"PodResourceClaimStatus", deepcopytest.Check((*core.PodResourceClaimStatus).DeepCopy)},
		{"PodSchedulingGate", deepcopytest.Check((*core.PodSchedulingGate).DeepCopy)},
		{"PodSchedulingGroup", deepcopytest.Check((*core.PodSchedulingGroup).DeepCopy)},
		{"PodSecurityContext", deepcopytest.Check((*core.PodSecurityContext).DeepCopy)},
		{"PodSpec", deepcopytest.Check((*core.PodSpec).DeepCopy)},
		{"PodStatus", deepcopytest.Check((*core.PodStatus).DeepCopy)},
		{"PodTemplateSpec", deepcopytest.Check((*core.PodTemplateSpec).DeepCopy)},
		{"PortworxVolumeSource", deepcopytest.Check((*core.PortworxVolumeSource).DeepCopy)},
		{"PreferredSchedulingTerm", deepcopytest.Check((*core.PreferredSchedulingTerm).DeepCopy)},
		{"Probe", deepcopytest.Check((*core.Probe).DeepCopy)},
		{"ProbeHandler", deepcopytest.Check((*core.ProbeHandler).DeepCopy)},
		{"ProjectedVolumeSource", deepcopytest.Check((*core.ProjectedVolumeSource).DeepCopy)},
		{"QuobyteVolumeSource", deepcopytest.Check((*core.QuobyteVolumeSource).DeepCopy)},
		{"RBDVolumeSource", deepcopytest.Check((*core.RBDVolumeSource).DeepCopy)},
		{"ResourceClaim", deepcopytest.Check((*core.ResourceClaim).DeepCopy)},
		{"ResourceFieldSelector", deepcopytest.Check((*core.ResourceFieldSelector).DeepCopy)},
		{"ResourceHealth", deepcopytest.Check((*core.ResourceHealth).DeepCopy)},
		{"ResourceRequirements", deepcopytest.Check((*core.ResourceRequirements).DeepCopy)},
		{"ResourceStatus", deepcopytest.Check((*core.ResourceStatus).DeepCopy)},
		{"SELinuxOptions", deepcopytest.Check((*core.SELinuxOptions).DeepCopy)},
		{"ScaleIOVolumeSource", deepcopytest.Check((*core.ScaleIOVolumeSource).DeepCopy)},
		{"SeccompProfile", deepcopytest.Check((*core.SeccompProfile).DeepCopy)},
		{"SecretEnvSource", deepcopytest.Check((*core.SecretEnvSource).DeepCopy)},
		{"SecretKeySelector", deepcopytest.Check((*core.SecretKeySelector).DeepCopy)},
		{"SecretProjection", deepcopytest.Check((*core.SecretProjection).DeepCopy)},
		{"SecretVolumeSource", deepcopytest.Check((*core.SecretVolumeSource).DeepCopy)},
		{"SecurityContext", deepcopytest.Check((*core.SecurityContext).DeepCopy)},
		{"ServiceAccountTokenProjection", deepcopytest.Check((*core.ServiceAccountTokenProjection).DeepCopy)},
		{"SleepAction", deepcopytest.Check((*core.SleepAction).DeepCopy)},
		{"StorageOSVolumeSource", deepcopytest.Check((*core.StorageOSVolumeSource).DeepCopy)},
		{"Sysctl", deepcopytest.Check((*core.Sysctl).DeepCopy)},
		{"TCPSocketAction", deepcopytest.Check((*core.TCPSocketAction).DeepCopy)},
		{"Toleration", deepcopytest.Check((*core.Toleration).DeepCopy)},
		{"TopologySpreadConstraint", deepcopytest.Check((*core.TopologySpreadConstraint).DeepCopy)},
		{"TypedLocalObjectReference", deepcopytest.Check((*core.TypedLocalObjectReference).DeepCopy)},
		{"TypedObjectReference", deepcopytest.Check((*core.TypedObjectReference).DeepCopy)},
		{"Volume", deepcopytest.Check((*core.Volume).DeepCopy)},
		{"VolumeDevice", deepcopytest.Check((*core.VolumeDevice).DeepCopy)},
		{"VolumeMount", deepcopytest.Check((*core.VolumeMount).DeepCopy)},
		{"VolumeMountStatus", deepcopytest.Check((*core.VolumeMountStatus).DeepCopy)},
		{"VolumeProjection", deepcopytest.Check((*core.VolumeProjection).DeepCopy)},
		{"VolumeResourceRequirements", deepcopytest.Check((*core.VolumeResourceRequirements).DeepCopy)},
		{"VolumeSource", deepcopytest.Check((*core.VolumeSource).DeepCopy)},
		{"VolumeStatus", deepcopytest.Check((*core.VolumeStatus).DeepCopy)},
		{"VsphereVirtualDiskVolumeSource", deepcopytest.Check((*core.VsphereVirtualDiskVolumeSource).DeepCopy)},
		{"WeightedPodAffinityTerm", deepcopytest.Check((*core.WeightedPodAffinityTerm).DeepCopy)},
		{"WindowsSecurityContextOptions", deepcopytest.Check((*core.WindowsSecurityContextOptions).DeepCopy)},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.name)
		t.Run(tt.name, tt.run)
	}
	if diff := cmp.Diff(deepcopytest.GeneratedTypes(t, "zz_generated.deepcopy.go"), names); diff != "" {
		t.Errorf("the table must name every type of zz_generated.deepcopy.go, in order (-generated +table):\n%s", diff)
	}
}
