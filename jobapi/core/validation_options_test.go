package core_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// TestPodValidationOptionsAllow checks each Allow option at the rule it
// relaxes: without it the template is refused with the want errors, with
// it exactly those errors go (and nothing else changes), and
// PodUpdateValidationOptions derives the option, and only it, from the
// mutated spec when that spec is the old one of an update.
func TestPodValidationOptionsAllow(t *testing.T) {
	const tp = "spec.template."
	tests := []struct {
		name   string
		mutate func(*core.PodTemplateSpec)
		opts   core.PodValidationOptions
		want   []string // refused without opts
		// fromSpec: PodUpdateValidationOptions of the mutated spec is opts.
		fromSpec bool
	}{{
		name: "invalid pod deletion cost",
		mutate: func(t *core.PodTemplateSpec) {
			t.ObjectMeta.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "1.5"
		},
		opts: core.PodValidationOptions{AllowInvalidPodDeletionCost: true},
		want: []string{"Invalid " + tp + "annotations[controller.kubernetes.io/pod-deletion-cost]"},
	}, {
		name: "toleration operators Lt and Gt",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.Tolerations = append(t.Spec.Tolerations,
				core.Toleration{Key: "cores", Operator: core.TolerationOpGt, Value: "3", Effect: core.TaintEffectNoSchedule},
				core.Toleration{Key: "cores", Operator: core.TolerationOpLt, Value: "-7"})
		},
		opts:     core.PodValidationOptions{AllowTaintTolerationComparisonOperators: true},
		want:     []string{"NotSupported " + sp + "tolerations[3].operator", "NotSupported " + sp + "tolerations[4].operator"},
		fromSpec: true,
	}, {
		name: "invalid label value in the required node affinity",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Values = []string{"-bad-"}
		},
		opts:     core.PodValidationOptions{AllowInvalidLabelValueInRequiredNodeAffinity: true},
		want:     []string{"Invalid " + sp + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]"},
		fromSpec: true,
	}, {
		name: "invalid label value in a pod anti-affinity selector",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm.LabelSelector.MatchExpressions[0].Values = []string{"-bad-"}
		},
		opts:     core.PodValidationOptions{AllowInvalidLabelValueInSelector: true},
		want:     []string{"Invalid " + sp + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].values[0]"},
		fromSpec: true,
	}, {
		name: "IPC sysctl with hostIPC",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.HostIPC = true
			t.Spec.SecurityContext.Sysctls = []core.Sysctl{{Name: "kernel.shmmax", Value: "1"}, {Name: "kernel.domainname", Value: "x"}}
		},
		opts:     core.PodValidationOptions{AllowNamespacedSysctlsForHostNetAndHostIPC: true},
		want:     []string{"Invalid " + sp + "securityContext.sysctls[0].name"},
		fromSpec: true,
	}, {
		name: "invalid topology spread constraint label selector",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{
				MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: core.DoNotSchedule,
				LabelSelector: &selector.LabelSelector{MatchLabels: map[string]string{"app": "-bad-"}},
			}}
		},
		opts:     core.PodValidationOptions{AllowInvalidTopologySpreadConstraintLabelSelector: true},
		want:     []string{"Invalid " + sp + "topologySpreadConstraints[0].labelSelector.matchLabels"},
		fromSpec: true,
	}, {
		name: "indivisible huge pages",
		mutate: func(t *core.PodTemplateSpec) {
			r := &t.Spec.Containers[0].Resources
			r.Limits["hugepages-2Mi"] = q("3Mi")
			r.Requests["hugepages-2Mi"] = q("3Mi")
		},
		opts: core.PodValidationOptions{AllowIndivisibleHugePagesValues: true},
		want: []string{
			"Invalid " + sp + "containers[0].resources.limits[hugepages-2Mi]",
			"Invalid " + sp + "containers[0].resources.requests[hugepages-2Mi]",
		},
		fromSpec: true,
	}, {
		name: "indivisible huge pages in the overhead",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.Overhead = core.ResourceList{"cpu": q("100m"), "hugepages-2Mi": q("1Mi")}
		},
		opts:     core.PodValidationOptions{AllowIndivisibleHugePagesValues: true},
		want:     []string{"Invalid " + sp + "overhead.limits[hugepages-2Mi]"},
		fromSpec: true,
	}, {
		name: "RestartContainer resize policy of a non-sidecar init container",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.InitContainers[0].ResizePolicy = []core.ContainerResizePolicy{
				{ResourceName: "cpu", RestartPolicy: core.NotRequired},
				{ResourceName: "memory", RestartPolicy: core.RestartContainer},
			}
		},
		opts:     core.PodValidationOptions{AllowExistingRestartContainerForNonSidecarInitContainer: true},
		want:     []string{"Invalid " + sp + "initContainers[0].resizePolicy[1].restartPolicy"},
		fromSpec: true,
	}, {
		name: "volume devices with hostUsers false",
		mutate: func(t *core.PodTemplateSpec) {
			t.Spec.HostUsers = ptr(false)
			t.Spec.Containers[0].VolumeDevices = []core.VolumeDevice{{Name: "claim", DevicePath: "/dev/xvda"}}
		},
		opts:     core.PodValidationOptions{AllowUserNamespacesWithVolumeDevices: true},
		want:     []string{"Forbidden " + sp + "containers[0].volumeDevices"},
		fromSpec: true,
	}}
	path := field.NewPath("spec", "template")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmpl := validTemplate(t)
			tt.mutate(tmpl)
			without := keys(core.ValidatePodTemplateSpec(tmpl, path, core.JobPodValidationOptions()))
			for _, w := range tt.want {
				if !slices.Contains(without, w) {
					t.Errorf("without the option: want %q among %v", w, without)
				}
			}
			rest := slices.DeleteFunc(slices.Clone(without), func(k string) bool { return slices.Contains(tt.want, k) })
			with := keys(core.ValidatePodTemplateSpec(tmpl, path, tt.opts))
			if diff := cmp.Diff(rest, with); diff != "" {
				t.Errorf("with the option, exactly the refusals go (-want +got):\n%s", diff)
			}
			derived := core.PodUpdateValidationOptions(&tmpl.Spec)
			if !tt.fromSpec {
				if diff := cmp.Diff(core.JobPodValidationOptions(), derived); diff != "" {
					t.Errorf("PodUpdateValidationOptions reads the spec only (-want +got):\n%s", diff)
				}
				return
			}
			if diff := cmp.Diff(tt.opts, derived); diff != "" {
				t.Errorf("PodUpdateValidationOptions of the mutated spec (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTolerationComparisonValues checks the values of Lt and Gt
// tolerations once AllowTaintTolerationComparisonOperators accepts them:
// a decimal integer without leading zeros that fits in 64 bits.
func TestTolerationComparisonValues(t *testing.T) {
	opts := core.PodValidationOptions{AllowTaintTolerationComparisonOperators: true}
	tests := []struct {
		value string
		want  []string
	}{
		{"42", nil},
		{"-7", nil},
		{"0", nil},
		{"007", []string{"Invalid " + sp + "tolerations[3].value"}},
		{"-0", []string{"Invalid " + sp + "tolerations[3].value"}},
		{"x", []string{"Invalid " + sp + "tolerations[3].value"}},
		{"", []string{"Invalid " + sp + "tolerations[3].value"}},
		{"99999999999999999999", []string{"Invalid " + sp + "tolerations[3].value"}},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			tmpl := validTemplate(t)
			tmpl.Spec.Tolerations = append(tmpl.Spec.Tolerations, core.Toleration{Key: "cores", Operator: core.TolerationOpLt, Value: tt.value})
			got := keys(core.ValidatePodTemplateSpec(tmpl, field.NewPath("spec", "template"), opts))
			if diff := cmp.Diff(tt.want, got, cmpEmpty); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestUpdateDerivesDeletionCost checks that the update functions set
// AllowInvalidPodDeletionCost from the old object's annotations, which
// PodUpdateValidationOptions does not see.
func TestUpdateDerivesDeletionCost(t *testing.T) {
	const key = "controller.kubernetes.io/pod-deletion-cost"
	path := field.NewPath("spec", "template")
	for _, oldCost := range []string{"", "1", "x"} {
		t.Run("old "+oldCost, func(t *testing.T) {
			old := validTemplate(t)
			if oldCost != "" {
				old.ObjectMeta.Annotations[key] = oldCost
			}
			now := old.DeepCopy()
			now.ObjectMeta.Annotations[key] = "y"
			got := keys(core.ValidatePodTemplateSpecUpdate(now, old, path, core.PodUpdateValidationOptions(&old.Spec)))
			var want []string
			if oldCost != "x" {
				want = []string{"Invalid spec.template.annotations[" + key + "]"}
			}
			if diff := cmp.Diff(want, got, cmpEmpty); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
