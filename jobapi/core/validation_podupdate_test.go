package core_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// validPod is a running pod made from the valid template: bound to a
// node, with a status a kubelet writes.
func validPod(t testing.TB) *core.Pod {
	t.Helper()
	tmpl := validTemplate(t)
	p := &core.Pod{ObjectMeta: tmpl.ObjectMeta, Spec: tmpl.Spec}
	p.ObjectMeta.Name, p.ObjectMeta.Namespace, p.ObjectMeta.UID = "p-1", "default", "u1"
	p.ObjectMeta.ResourceVersion, p.ObjectMeta.Generation = "5", 1
	p.ObjectMeta.CreationTimestamp = meta.NewTime(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	p.Spec.NodeName = "node-1"
	p.Status = core.PodStatus{
		Phase: core.PodRunning, QOSClass: core.PodQOSBurstable,
		PodIP: "10.1.2.3", PodIPs: []core.PodIP{{IP: "10.1.2.3"}},
		HostIP: "192.168.0.1", HostIPs: []core.HostIP{{IP: "192.168.0.1"}},
		Conditions: []core.PodCondition{{Type: core.PodReady, Status: core.ConditionTrue}},
		InitContainerStatuses: []core.ContainerStatus{
			{Name: "setup", State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: 0}}},
			{Name: "proxy", State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: 1}}},
		},
		ContainerStatuses: []core.ContainerStatus{
			{Name: "main", State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: 0}}},
		},
	}
	core.SetDefaultsPod(p)
	return p
}

func TestValidatePodUpdate(t *testing.T) {
	tests := []struct {
		name   string
		old    func(p *core.Pod)
		change func(p *core.Pod)
		want   []string
	}{
		{name: "nothing", change: func(*core.Pod) {}},
		{name: "a new image", change: func(p *core.Pod) { p.Spec.Containers[0].Image = "example.com/app:1.3" }},
		{name: "a new init container image", change: func(p *core.Pod) { p.Spec.InitContainers[1].Image = "envoy:2" }},
		{name: "an empty image", change: func(p *core.Pod) { p.Spec.Containers[0].Image = "" },
			want: []string{"Required spec.containers[0].image"}},
		{name: "an image with blanks", change: func(p *core.Pod) { p.Spec.Containers[0].Image = "app " },
			want: []string{"Invalid spec.containers[0].image"}},
		{name: "a new command", change: func(p *core.Pod) { p.Spec.Containers[0].Command = []string{"sh"} },
			want: []string{"Forbidden spec"}},
		{name: "a container added: nothing after is checked", change: func(p *core.Pod) {
			p.Spec.Containers = append(p.Spec.Containers, core.Container{Name: "x", Image: "x",
				ImagePullPolicy: core.PullIfNotPresent, TerminationMessagePolicy: core.TerminationMessageReadFile})
			p.Spec.ActiveDeadlineSeconds = ptr[int64](-1)
		}, want: []string{"Forbidden spec.containers", "Invalid spec.activeDeadlineSeconds"}},
		{name: "an init container removed", change: func(p *core.Pod) { p.Spec.InitContainers = p.Spec.InitContainers[:1] },
			want: []string{"Forbidden spec.initContainers"}},
		{name: "a deadline set", change: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) }},
		{name: "a deadline lowered", old: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) },
			change: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](30) }},
		{name: "a deadline raised", old: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) },
			change: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](90) }, want: []string{"Invalid spec.activeDeadlineSeconds"}},
		{name: "a deadline removed", old: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) },
			change: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = nil }, want: []string{"Invalid spec.activeDeadlineSeconds"}},
		{name: "a toleration added", change: func(p *core.Pod) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: "gpu", Operator: core.TolerationOpExists})
		}},
		{name: "an invalid toleration added", change: func(p *core.Pod) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: "gpu", Operator: "Bogus"})
		}, want: []string{"NotSupported spec.tolerations[3].operator"}},
		{name: "a toleration's seconds changed", change: func(p *core.Pod) { p.Spec.Tolerations[2].TolerationSeconds = ptr[int64](5) }},
		{name: "a toleration removed", change: func(p *core.Pod) { p.Spec.Tolerations = p.Spec.Tolerations[1:] },
			want: []string{"Forbidden spec.tolerations"}},
		{name: "a scheduling gate removed", change: func(p *core.Pod) { p.Spec.SchedulingGates = nil }},
		{name: "a scheduling gate added", change: func(p *core.Pod) {
			p.Spec.SchedulingGates = append(p.Spec.SchedulingGates, core.PodSchedulingGate{Name: "example.com/new"})
		}, want: []string{"Forbidden spec.schedulingGates[1].name"}},
		{name: "gated: a node selector entry added", change: func(p *core.Pod) { p.Spec.NodeSelector["zone"] = "a" }},
		{name: "gated: a node selector entry changed", change: func(p *core.Pod) { p.Spec.NodeSelector["disk"] = "hdd" },
			want: []string{"Invalid spec.nodeSelector"}},
		{name: "not gated: a node selector entry added", old: func(p *core.Pod) { p.Spec.SchedulingGates = nil },
			change: func(p *core.Pod) { p.Spec.SchedulingGates = nil; p.Spec.NodeSelector["zone"] = "a" }, want: []string{"Forbidden spec"}},
		{name: "gated: a node affinity requirement added", change: func(p *core.Pod) {
			term := &p.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0]
			term.MatchExpressions = append(term.MatchExpressions, core.NodeSelectorRequirement{Key: "arch", Operator: core.NodeSelectorOpExists})
		}},
		{name: "gated: a node affinity term added", change: func(p *core.Pod) {
			req := p.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
			req.NodeSelectorTerms = append(req.NodeSelectorTerms, core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{{Key: "a", Operator: core.NodeSelectorOpExists}}})
		}, want: []string{"Invalid spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"}},
		{name: "gated: a required node affinity added where there was none", old: func(p *core.Pod) { p.Spec.Affinity = nil },
			change: func(p *core.Pod) {
				p.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{
					NodeSelectorTerms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{{Key: "arch", Operator: core.NodeSelectorOpExists}}}}}}}
			}},
		{name: "gated: an affinity member jobkit does not model is a change", old: func(p *core.Pod) { p.Spec.Affinity = nil },
			change: func(p *core.Pod) {
				p.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{
					NodeSelectorTerms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{{Key: "arch", Operator: core.NodeSelectorOpExists}}}}}},
					Unknown: meta.Unknown{"futureAffinity": meta.RawJSON(`{}`)}}
			}, want: []string{"Forbidden spec"}},
		{name: "grace period to 1 from negative", old: func(p *core.Pod) {
			p.Spec.TerminationGracePeriodSeconds = ptr[int64](-1)
			p.Spec.Containers[0].Lifecycle.PreStop = nil // its sleep must not outlast the grace period
		},
			change: func(p *core.Pod) { p.Spec.TerminationGracePeriodSeconds = ptr[int64](1) }},
		{name: "grace period changed", change: func(p *core.Pod) { p.Spec.TerminationGracePeriodSeconds = ptr[int64](5) },
			want: []string{"Forbidden spec"}},
		{name: "node name changed", change: func(p *core.Pod) { p.Spec.NodeName = "node-2" }, want: []string{"Forbidden spec"}},
		{name: "no service account with a token projection", change: func(p *core.Pod) { p.Spec.ServiceAccountName = "" },
			want: []string{"Forbidden spec", "Forbidden spec.volumes[4].projected.sources[2].serviceAccountToken"}},
		{name: "metadata that may not change", change: func(p *core.Pod) {
			p.ObjectMeta.Name, p.ObjectMeta.UID, p.ObjectMeta.Generation = "p-2", "u2", 0
		}, want: []string{"Invalid metadata.generation", "Invalid metadata.name", "Invalid metadata.uid"}},
		{name: "invalid labels, owner references, finalizers, managedFields", change: func(p *core.Pod) {
			p.ObjectMeta.Labels = map[string]string{"a": "-bad-"}
			p.ObjectMeta.OwnerReferences = []meta.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "j"}}
			p.ObjectMeta.Finalizers = []string{"cleanup"}
			p.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Operation: "Patch"}}
		}, want: []string{"Invalid metadata.finalizers[0]", "Invalid metadata.labels", "Invalid metadata.managedFields[0].operation", "Invalid metadata.ownerReferences.uid"}},
		{name: "no namespace", change: func(p *core.Pod) { p.ObjectMeta.Namespace = "" },
			want: []string{"Invalid metadata.namespace", "Required metadata.namespace"}},
		{name: "an AppArmor annotation added", change: func(p *core.Pod) {
			p.ObjectMeta.Annotations["container.apparmor.security.beta.kubernetes.io/main"] = "runtime/default"
		}, want: []string{"Forbidden metadata.annotations[container.apparmor.security.beta.kubernetes.io/main]"}},
		{name: "the mirror annotation removed", old: func(p *core.Pod) { p.ObjectMeta.Annotations["kubernetes.io/config.mirror"] = "x" },
			change: func(p *core.Pod) { delete(p.ObjectMeta.Annotations, "kubernetes.io/config.mirror") },
			want:   []string{"Forbidden metadata.annotations[kubernetes.io/config.mirror]"}},
		{name: "an invalid deletion cost", change: func(p *core.Pod) { p.ObjectMeta.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "x" },
			want: []string{"Invalid metadata.annotations[controller.kubernetes.io/pod-deletion-cost]"}},
		{name: "an invalid deletion cost old had", old: func(p *core.Pod) { p.ObjectMeta.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "x" },
			change: func(p *core.Pod) { p.ObjectMeta.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "y" }},
		{name: "an Lt toleration added", change: func(p *core.Pod) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: "n", Operator: core.TolerationOpLt, Value: "4"})
		}, want: []string{"NotSupported spec.tolerations[3].operator"}},
		{name: "an Lt toleration added next to old's", old: func(p *core.Pod) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: "m", Operator: core.TolerationOpGt, Value: "1"})
		}, change: func(p *core.Pod) {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: "n", Operator: core.TolerationOpLt, Value: "04"})
		}, want: []string{"Invalid spec.tolerations[4].value"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := validPod(t)
			old.Spec.SchedulingGates = []core.PodSchedulingGate{{Name: "example.com/quota"}}
			if tt.old != nil {
				tt.old(old)
			}
			p := old.DeepCopy()
			tt.change(p)
			got := keys(core.ValidatePodUpdate(p, old, core.PodUpdateValidationOptions(&old.Spec)))
			if diff := cmp.Diff(tt.want, got, cmpEmpty); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// cmpEmpty makes a nil and an empty list of keys equal.
var cmpEmpty = cmp.Transformer("empty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

func TestValidatePodStatusUpdate(t *testing.T) {
	tests := []struct {
		name   string
		old    func(p *core.Pod)
		change func(p *core.Pod)
		want   []string
	}{
		{name: "nothing", change: func(*core.Pod) {}},
		{name: "succeeded", change: func(p *core.Pod) { p.Status.Phase = core.PodSucceeded }},
		{name: "conditions", change: func(p *core.Pod) {
			p.Status.Conditions = append(p.Status.Conditions,
				core.PodCondition{Type: core.DisruptionTarget, Status: core.ConditionTrue},
				core.PodCondition{Type: "bad type", Status: core.ConditionTrue, ObservedGeneration: -1})
		}, want: []string{"Invalid status.conditions[2].Type", "Invalid status.conditions[2].observedGeneration"}},
		{name: "observedGeneration", change: func(p *core.Pod) { p.Status.ObservedGeneration = -1 },
			want: []string{"Invalid status.observedGeneration"}},
		{name: "qosClass", change: func(p *core.Pod) { p.Status.QOSClass = core.PodQOSGuaranteed }, want: []string{"Invalid status.qosClass"}},
		{name: "nominated on a bound pod", change: func(p *core.Pod) { p.Status.NominatedNodeName = "Node_2" },
			want: []string{"Forbidden status.nominatedNodeName", "Invalid status.nominatedNodeName"}},
		{name: "nominated before binding", old: func(p *core.Pod) { p.Spec.NodeName = "" },
			change: func(p *core.Pod) { p.Status.NominatedNodeName = "node-2" }},
		{name: "nodeName", change: func(p *core.Pod) { p.Spec.NodeName = "node-2" }, want: []string{"Forbidden status.nodeName"}},
		{name: "a container back from terminated (pod OnFailure, exit 0)", change: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}, want: []string{"Forbidden status.containerStatuses[0].state"}},
		{name: "a container back from terminated (exit 1 under OnFailure)", old: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State.Terminated.ExitCode = 1
		}, change: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}},
		{name: "a container with restartPolicy Always", old: func(p *core.Pod) {
			p.Spec.Containers[0].RestartPolicy = ptr(core.ContainerRestartPolicyAlways)
		}, change: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State = core.ContainerState{Waiting: &core.ContainerStateWaiting{}}
		}},
		{name: "a restart rule matching exit 0", old: func(p *core.Pod) {
			p.Spec.Containers[0].RestartPolicy = ptr(core.ContainerRestartPolicyNever)
			p.Spec.Containers[0].RestartPolicyRules = []core.ContainerRestartRule{{Action: core.ContainerRestartRuleActionRestart,
				ExitCodes: &core.ContainerRestartRuleOnExitCodes{Operator: core.ContainerRestartRuleOnExitCodesOpIn, Values: []int32{0}}}}
		}, change: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}},
		{name: "RestartAllContainers lets every container restart", old: func(p *core.Pod) {
			p.Spec.RestartPolicy = core.RestartPolicyNever
			p.Spec.InitContainers[0].RestartPolicy = ptr(core.ContainerRestartPolicyNever)
			p.Spec.InitContainers[0].RestartPolicyRules = []core.ContainerRestartRule{{Action: core.ContainerRestartRuleActionRestartAllContainers,
				ExitCodes: &core.ContainerRestartRuleOnExitCodes{Operator: core.ContainerRestartRuleOnExitCodesOpIn, Values: []int32{3}}}}
		}, change: func(p *core.Pod) {
			p.Status.ContainerStatuses[0].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}},
		{name: "an init container back from terminated", change: func(p *core.Pod) {
			p.Status.InitContainerStatuses[0].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}, want: []string{"Forbidden status.initContainerStatuses[0].state"}},
		{name: "a sidecar back from terminated", change: func(p *core.Pod) {
			p.Status.InitContainerStatuses[1].State = core.ContainerState{Running: &core.ContainerStateRunning{}}
		}},
		{name: "an ephemeral container back from terminated", old: func(p *core.Pod) {
			p.Status.EphemeralContainerStatuses = []core.ContainerStatus{{Name: "debug", State: core.ContainerState{Terminated: &core.ContainerStateTerminated{}}}}
		}, change: func(p *core.Pod) {
			p.Status.EphemeralContainerStatuses[0].State = core.ContainerState{Waiting: &core.ContainerStateWaiting{}}
		}, want: []string{"Forbidden status.ephemeralContainerStatuses[0].state"}},
		{name: "dual-stack pod IPs", change: func(p *core.Pod) { p.Status.PodIPs = append(p.Status.PodIPs, core.PodIP{IP: "fd00::1"}) }},
		{name: "two IPv4 pod IPs", change: func(p *core.Pod) { p.Status.PodIPs = append(p.Status.PodIPs, core.PodIP{IP: "10.1.2.4"}) },
			want: []string{"Invalid status.podIPs"}},
		{name: "pod IP with leading zeros", change: func(p *core.Pod) {
			p.Status.PodIP, p.Status.PodIPs = "010.1.2.3", []core.PodIP{{IP: "010.1.2.3"}}
		}, want: []string{"Invalid status.podIPs[0]"}},
		{name: "a podIP other than podIPs[0] stands for the list", change: func(p *core.Pod) {
			p.Status.PodIP, p.Status.PodIPs = "bad", []core.PodIP{{IP: "10.1.2.3"}, {IP: "10.1.2.4"}}
		}, want: []string{"Invalid status.podIPs[0]"}},
		{name: "an invalid IP old had", old: func(p *core.Pod) {
			p.Status.PodIP, p.Status.PodIPs = "::ffff:10.1.2.3", []core.PodIP{{IP: "::ffff:10.1.2.3"}}
		},
			change: func(p *core.Pod) { p.Status.Phase = core.PodSucceeded }},
		{name: "hostIPs[0] not hostIP", change: func(p *core.Pod) { p.Status.HostIP = "192.168.0.2" },
			want: []string{"Invalid status.hostIPs[0].ip"}},
		{name: "resource claim statuses", old: func(p *core.Pod) {
			p.Spec.ResourceClaims = []core.PodResourceClaim{{Name: "gpu", ResourceClaimTemplateName: ptr("gpu")}}
		}, change: func(p *core.Pod) {
			p.Status.ResourceClaimStatuses = []core.PodResourceClaimStatus{
				{Name: "gpu", ResourceClaimName: ptr("p-1-gpu")}, {Name: "gpu"}, {Name: "tpu", ResourceClaimName: ptr("Bad_Name")}}
		}, want: []string{"Duplicate status.resourceClaimStatuses[1].name", "Invalid status.resourceClaimStatuses[2].name", "Invalid status.resourceClaimStatuses[2].resourceClaimName"}},
		{name: "metadata", change: func(p *core.Pod) { p.ObjectMeta.Labels = map[string]string{"a": "-bad-"}; p.ObjectMeta.UID = "u2" },
			want: []string{"Invalid metadata.labels", "Invalid metadata.uid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := validPod(t)
			if tt.old != nil {
				tt.old(old)
			}
			p := old.DeepCopy()
			tt.change(p)
			got := keys(core.ValidatePodStatusUpdate(p, old, core.PodUpdateValidationOptions(&old.Spec)))
			if diff := cmp.Diff(tt.want, got, cmpEmpty); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPodUpdateValidationOptions(t *testing.T) {
	if diff := cmp.Diff(core.JobPodValidationOptions(), core.PodUpdateValidationOptions(nil)); diff != "" {
		t.Errorf("nil old: (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(core.JobPodValidationOptions(), core.PodUpdateValidationOptions(&validTemplate(t).Spec)); diff != "" {
		t.Errorf("a valid old spec grandfathers nothing: (-want +got):\n%s", diff)
	}
	old := validTemplate(t).Spec
	old.Affinity.PodAntiAffinity = &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{
		TopologyKey:   "zone",
		LabelSelector: &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "a", Operator: selector.LabelSelectorOpIn, Values: []string{"-bad-"}}}},
	}}}
	old.Volumes[4].Projected.Sources[2].ServiceAccountToken.Path = "/abs"
	old.SecurityContext.SELinuxChangePolicy = ptr(core.SELinuxChangePolicyRecursive)
	want := core.PodValidationOptions{AllowInvalidLabelValueInSelector: true, AllowNonLocalProjectedTokenPath: true, AllowSELinuxChangePolicyMountOption: true}
	if diff := cmp.Diff(want, core.PodUpdateValidationOptions(&old)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestValidatePodTemplateSpecUpdate(t *testing.T) {
	path := field.NewPath("spec", "template")
	old := validTemplate(t)
	old.ObjectMeta.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "x"
	old.Spec.Tolerations = append(old.Spec.Tolerations, core.Toleration{Key: "n", Operator: core.TolerationOpGt, Value: "3"})
	req := old.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
	req.NodeSelectorTerms[0].MatchExpressions[0].Values = []string{"-bad-"}
	now := old.DeepCopy()
	now.Spec.Tolerations = append(now.Spec.Tolerations, core.Toleration{Key: "m", Operator: core.TolerationOpLt, Value: "x"})
	if got := keys(core.ValidatePodTemplateSpec(now, path, core.JobPodValidationOptions())); len(got) < 4 {
		t.Fatalf("on create the template must be invalid four times over, got %v", got)
	}
	want := []string{"Invalid spec.template.spec.tolerations[4].value"}
	got := keys(core.ValidatePodTemplateSpecUpdate(now, old, path, core.PodUpdateValidationOptions(&old.Spec)))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func BenchmarkValidatePodUpdate(b *testing.B) {
	old := validPod(b)
	p := old.DeepCopy()
	p.Spec.Containers[0].Image = "example.com/app:1.3"
	opts := core.PodUpdateValidationOptions(&old.Spec)
	b.ReportAllocs()
	for b.Loop() {
		if errs := core.ValidatePodUpdate(p, old, opts); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkValidatePodStatusUpdate(b *testing.B) {
	old := validPod(b)
	p := old.DeepCopy()
	p.Status.Phase = core.PodSucceeded
	opts := core.PodUpdateValidationOptions(&old.Spec)
	b.ReportAllocs()
	for b.Loop() {
		if errs := core.ValidatePodStatusUpdate(p, old, opts); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
