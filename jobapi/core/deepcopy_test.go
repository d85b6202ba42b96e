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
	deepcopytest.RunAll(t, []deepcopytest.Case{
		deepcopytest.Type("AWSElasticBlockStoreVolumeSource", (*core.AWSElasticBlockStoreVolumeSource).DeepCopy),
		deepcopytest.Type("Affinity", (*core.Affinity).DeepCopy),
		deepcopytest.Type("AppArmorProfile", (*core.AppArmorProfile).DeepCopy),
		deepcopytest.Type("AzureDiskVolumeSource", (*core.AzureDiskVolumeSource).DeepCopy),
		deepcopytest.Type("AzureFileVolumeSource", (*core.AzureFileVolumeSource).DeepCopy),
		deepcopytest.Type("CSIVolumeSource", (*core.CSIVolumeSource).DeepCopy),
		deepcopytest.Type("Capabilities", (*core.Capabilities).DeepCopy),
		deepcopytest.Type("CephFSVolumeSource", (*core.CephFSVolumeSource).DeepCopy),
		deepcopytest.Type("CinderVolumeSource", (*core.CinderVolumeSource).DeepCopy),
		deepcopytest.Type("ClusterTrustBundleProjection", (*core.ClusterTrustBundleProjection).DeepCopy),
		deepcopytest.Type("ConfigMapEnvSource", (*core.ConfigMapEnvSource).DeepCopy),
		deepcopytest.Type("ConfigMapKeySelector", (*core.ConfigMapKeySelector).DeepCopy),
		deepcopytest.Type("ConfigMapProjection", (*core.ConfigMapProjection).DeepCopy),
		deepcopytest.Type("ConfigMapVolumeSource", (*core.ConfigMapVolumeSource).DeepCopy),
		deepcopytest.Type("Container", (*core.Container).DeepCopy),
		deepcopytest.Type("ContainerExtendedResourceRequest", (*core.ContainerExtendedResourceRequest).DeepCopy),
		deepcopytest.Type("ContainerPort", (*core.ContainerPort).DeepCopy),
		deepcopytest.Type("ContainerResizePolicy", (*core.ContainerResizePolicy).DeepCopy),
		deepcopytest.Type("ContainerRestartRule", (*core.ContainerRestartRule).DeepCopy),
		deepcopytest.Type("ContainerRestartRuleOnExitCodes", (*core.ContainerRestartRuleOnExitCodes).DeepCopy),
		deepcopytest.Type("ContainerState", (*core.ContainerState).DeepCopy),
		deepcopytest.Type("ContainerStateRunning", (*core.ContainerStateRunning).DeepCopy),
		deepcopytest.Type("ContainerStateTerminated", (*core.ContainerStateTerminated).DeepCopy),
		deepcopytest.Type("ContainerStateWaiting", (*core.ContainerStateWaiting).DeepCopy),
		deepcopytest.Type("ContainerStatus", (*core.ContainerStatus).DeepCopy),
		deepcopytest.Type("ContainerUser", (*core.ContainerUser).DeepCopy),
		deepcopytest.Type("DownwardAPIProjection", (*core.DownwardAPIProjection).DeepCopy),
		deepcopytest.Type("DownwardAPIVolumeFile", (*core.DownwardAPIVolumeFile).DeepCopy),
		deepcopytest.Type("DownwardAPIVolumeSource", (*core.DownwardAPIVolumeSource).DeepCopy),
		deepcopytest.Type("EmptyDirVolumeSource", (*core.EmptyDirVolumeSource).DeepCopy),
		deepcopytest.Type("EnvFromSource", (*core.EnvFromSource).DeepCopy),
		deepcopytest.Type("EnvVar", (*core.EnvVar).DeepCopy),
		deepcopytest.Type("EnvVarSource", (*core.EnvVarSource).DeepCopy),
		deepcopytest.Type("EphemeralContainer", (*core.EphemeralContainer).DeepCopy),
		deepcopytest.Type("EphemeralContainerCommon", (*core.EphemeralContainerCommon).DeepCopy),
		deepcopytest.Type("EphemeralVolumeSource", (*core.EphemeralVolumeSource).DeepCopy),
		deepcopytest.Type("ExecAction", (*core.ExecAction).DeepCopy),
		deepcopytest.Type("FCVolumeSource", (*core.FCVolumeSource).DeepCopy),
		deepcopytest.Type("FileKeySelector", (*core.FileKeySelector).DeepCopy),
		deepcopytest.Type("FlexVolumeSource", (*core.FlexVolumeSource).DeepCopy),
		deepcopytest.Type("FlockerVolumeSource", (*core.FlockerVolumeSource).DeepCopy),
		deepcopytest.Type("GCEPersistentDiskVolumeSource", (*core.GCEPersistentDiskVolumeSource).DeepCopy),
		deepcopytest.Type("GRPCAction", (*core.GRPCAction).DeepCopy),
		deepcopytest.Type("GitRepoVolumeSource", (*core.GitRepoVolumeSource).DeepCopy),
		deepcopytest.Type("GlusterfsVolumeSource", (*core.GlusterfsVolumeSource).DeepCopy),
		deepcopytest.Type("HTTPGetAction", (*core.HTTPGetAction).DeepCopy),
		deepcopytest.Type("HTTPHeader", (*core.HTTPHeader).DeepCopy),
		deepcopytest.Type("HostAlias", (*core.HostAlias).DeepCopy),
		deepcopytest.Type("HostIP", (*core.HostIP).DeepCopy),
		deepcopytest.Type("HostPathVolumeSource", (*core.HostPathVolumeSource).DeepCopy),
		deepcopytest.Type("ISCSIVolumeSource", (*core.ISCSIVolumeSource).DeepCopy),
		deepcopytest.Type("ImageVolumeSource", (*core.ImageVolumeSource).DeepCopy),
		deepcopytest.Type("ImageVolumeStatus", (*core.ImageVolumeStatus).DeepCopy),
		deepcopytest.Type("IntOrString", (*core.IntOrString).DeepCopy),
		deepcopytest.Type("KeyToPath", (*core.KeyToPath).DeepCopy),
		deepcopytest.Type("Lifecycle", (*core.Lifecycle).DeepCopy),
		deepcopytest.Type("LifecycleHandler", (*core.LifecycleHandler).DeepCopy),
		deepcopytest.Type("LinuxContainerUser", (*core.LinuxContainerUser).DeepCopy),
		deepcopytest.Type("LocalObjectReference", (*core.LocalObjectReference).DeepCopy),
		deepcopytest.Type("NFSVolumeSource", (*core.NFSVolumeSource).DeepCopy),
		deepcopytest.Type("NodeAffinity", (*core.NodeAffinity).DeepCopy),
		deepcopytest.Type("NodeAllocatableResourceClaimStatus", (*core.NodeAllocatableResourceClaimStatus).DeepCopy),
		deepcopytest.Type("NodeSelector", (*core.NodeSelector).DeepCopy),
		deepcopytest.Type("NodeSelectorRequirement", (*core.NodeSelectorRequirement).DeepCopy),
		deepcopytest.Type("NodeSelectorTerm", (*core.NodeSelectorTerm).DeepCopy),
		deepcopytest.Type("ObjectFieldSelector", (*core.ObjectFieldSelector).DeepCopy),
		deepcopytest.Type("ObjectReference", (*core.ObjectReference).DeepCopy),
		deepcopytest.Type("PersistentVolumeClaimSpec", (*core.PersistentVolumeClaimSpec).DeepCopy),
		deepcopytest.Type("PersistentVolumeClaimTemplate", (*core.PersistentVolumeClaimTemplate).DeepCopy),
		deepcopytest.Type("PersistentVolumeClaimVolumeSource", (*core.PersistentVolumeClaimVolumeSource).DeepCopy),
		deepcopytest.Type("PhotonPersistentDiskVolumeSource", (*core.PhotonPersistentDiskVolumeSource).DeepCopy),
		deepcopytest.Type("Pod", (*core.Pod).DeepCopy),
		deepcopytest.Type("PodAffinity", (*core.PodAffinity).DeepCopy),
		deepcopytest.Type("PodAffinityTerm", (*core.PodAffinityTerm).DeepCopy),
		deepcopytest.Type("PodAntiAffinity", (*core.PodAntiAffinity).DeepCopy),
		deepcopytest.Type("PodCertificateProjection", (*core.PodCertificateProjection).DeepCopy),
		deepcopytest.Type("PodCondition", (*core.PodCondition).DeepCopy),
		deepcopytest.Type("PodDNSConfig", (*core.PodDNSConfig).DeepCopy),
		deepcopytest.Type("PodDNSConfigOption", (*core.PodDNSConfigOption).DeepCopy),
		deepcopytest.Type("PodExtendedResourceClaimStatus", (*core.PodExtendedResourceClaimStatus).DeepCopy),
		deepcopytest.Type("PodIP", (*core.PodIP).DeepCopy),
		deepcopytest.Type("PodOS", (*core.PodOS).DeepCopy),
		deepcopytest.Type("PodReadinessGate", (*core.PodReadinessGate).DeepCopy),
		deepcopytest.Type("PodResourceClaim", (*core.PodResourceClaim).DeepCopy),
		deepcopytest.Type("PodResourceClaimStatus", (*core.PodResourceClaimStatus).DeepCopy),
		deepcopytest.Type("PodSchedulingGate", (*core.PodSchedulingGate).DeepCopy),
		deepcopytest.Type("PodSchedulingGroup", (*core.PodSchedulingGroup).DeepCopy),
		deepcopytest.Type("PodSecurityContext", (*core.PodSecurityContext).DeepCopy),
		deepcopytest.Type("PodSpec", (*core.PodSpec).DeepCopy),
		deepcopytest.Type("PodStatus", (*core.PodStatus).DeepCopy),
		deepcopytest.Type("PodTemplate", (*core.PodTemplate).DeepCopy),
		deepcopytest.Type("PodTemplateSpec", (*core.PodTemplateSpec).DeepCopy),
		deepcopytest.Type("PortworxVolumeSource", (*core.PortworxVolumeSource).DeepCopy),
		deepcopytest.Type("PreferredSchedulingTerm", (*core.PreferredSchedulingTerm).DeepCopy),
		deepcopytest.Type("Probe", (*core.Probe).DeepCopy),
		deepcopytest.Type("ProbeHandler", (*core.ProbeHandler).DeepCopy),
		deepcopytest.Type("ProjectedVolumeSource", (*core.ProjectedVolumeSource).DeepCopy),
		deepcopytest.Type("QuobyteVolumeSource", (*core.QuobyteVolumeSource).DeepCopy),
		deepcopytest.Type("RBDVolumeSource", (*core.RBDVolumeSource).DeepCopy),
		deepcopytest.Type("ResourceClaim", (*core.ResourceClaim).DeepCopy),
		deepcopytest.Type("ResourceFieldSelector", (*core.ResourceFieldSelector).DeepCopy),
		deepcopytest.Type("ResourceHealth", (*core.ResourceHealth).DeepCopy),
		deepcopytest.Type("ResourceRequirements", (*core.ResourceRequirements).DeepCopy),
		deepcopytest.Type("ResourceStatus", (*core.ResourceStatus).DeepCopy),
		deepcopytest.Type("SELinuxOptions", (*core.SELinuxOptions).DeepCopy),
		deepcopytest.Type("ScaleIOVolumeSource", (*core.ScaleIOVolumeSource).DeepCopy),
		deepcopytest.Type("SeccompProfile", (*core.SeccompProfile).DeepCopy),
		deepcopytest.Type("SecretEnvSource", (*core.SecretEnvSource).DeepCopy),
		deepcopytest.Type("SecretKeySelector", (*core.SecretKeySelector).DeepCopy),
		deepcopytest.Type("SecretProjection", (*core.SecretProjection).DeepCopy),
		deepcopytest.Type("SecretVolumeSource", (*core.SecretVolumeSource).DeepCopy),
		deepcopytest.Type("SecurityContext", (*core.SecurityContext).DeepCopy),
		deepcopytest.Type("ServiceAccountTokenProjection", (*core.ServiceAccountTokenProjection).DeepCopy),
		deepcopytest.Type("SleepAction", (*core.SleepAction).DeepCopy),
		deepcopytest.Type("StorageOSVolumeSource", (*core.StorageOSVolumeSource).DeepCopy),
		deepcopytest.Type("Sysctl", (*core.Sysctl).DeepCopy),
		deepcopytest.Type("TCPSocketAction", (*core.TCPSocketAction).DeepCopy),
		deepcopytest.Type("Toleration", (*core.Toleration).DeepCopy),
		deepcopytest.Type("TopologySpreadConstraint", (*core.TopologySpreadConstraint).DeepCopy),
		deepcopytest.Type("TypedLocalObjectReference", (*core.TypedLocalObjectReference).DeepCopy),
		deepcopytest.Type("TypedObjectReference", (*core.TypedObjectReference).DeepCopy),
		deepcopytest.Type("Volume", (*core.Volume).DeepCopy),
		deepcopytest.Type("VolumeDevice", (*core.VolumeDevice).DeepCopy),
		deepcopytest.Type("VolumeMount", (*core.VolumeMount).DeepCopy),
		deepcopytest.Type("VolumeMountStatus", (*core.VolumeMountStatus).DeepCopy),
		deepcopytest.Type("VolumeProjection", (*core.VolumeProjection).DeepCopy),
		deepcopytest.Type("VolumeResourceRequirements", (*core.VolumeResourceRequirements).DeepCopy),
		deepcopytest.Type("VolumeSource", (*core.VolumeSource).DeepCopy),
		deepcopytest.Type("VolumeStatus", (*core.VolumeStatus).DeepCopy),
		deepcopytest.Type("VsphereVirtualDiskVolumeSource", (*core.VsphereVirtualDiskVolumeSource).DeepCopy),
		deepcopytest.Type("WeightedPodAffinityTerm", (*core.WeightedPodAffinityTerm).DeepCopy),
		deepcopytest.Type("WindowsSecurityContextOptions", (*core.WindowsSecurityContextOptions).DeepCopy),
	})
}
