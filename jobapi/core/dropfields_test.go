package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestDropDisabledPodSpecFields(t *testing.T) {
	sig := dfltPtr(core.SIGTERM)
	preStop := &core.LifecycleHandler{Exec: &core.ExecAction{Command: []string{"true"}}}
	projected := func(srcs ...core.VolumeProjection) []core.Volume {
		return []core.Volume{{Name: "p", VolumeSource: core.VolumeSource{Projected: &core.ProjectedVolumeSource{Sources: srcs}}}}
	}
	bundle := core.VolumeProjection{ClusterTrustBundle: &core.ClusterTrustBundleProjection{Name: dfltPtr("b"), Path: "b"}}
	cert := core.VolumeProjection{PodCertificate: &core.PodCertificateProjection{SignerName: "example.com/s", KeyType: "ED25519"}}
	token := core.VolumeProjection{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "t"}}
	group := &core.PodSchedulingGroup{}
	tests := []struct {
		name    string
		in, old *core.PodSpec
		want    core.PodSpec
	}{
		{
			name: "stopSignal is dropped, and a lifecycle left empty with it",
			in: &core.PodSpec{
				InitContainers:      []core.Container{{Name: "i", Lifecycle: &core.Lifecycle{StopSignal: sig}}},
				Containers:          []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{StopSignal: sig, PreStop: preStop}}},
				EphemeralContainers: []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "e", Lifecycle: &core.Lifecycle{StopSignal: sig}}}},
			},
			want: core.PodSpec{
				InitContainers:      []core.Container{{Name: "i"}},
				Containers:          []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{PreStop: preStop}}},
				EphemeralContainers: []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "e"}}},
			},
		},
		{
			name: "a lifecycle holding members jobkit does not model is kept",
			in:   &core.PodSpec{Containers: []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{StopSignal: sig, Unknown: meta.Unknown{"future": meta.RawJSON(`1`)}}}}},
			want: core.PodSpec{Containers: []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{Unknown: meta.Unknown{"future": meta.RawJSON(`1`)}}}}},
		},
		{
			name: "stopSignal is kept on update when the stored spec uses it",
			in:   &core.PodSpec{Containers: []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{StopSignal: sig}}}},
			old:  &core.PodSpec{InitContainers: []core.Container{{Name: "i", Lifecycle: &core.Lifecycle{StopSignal: sig}}}},
			want: core.PodSpec{Containers: []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{StopSignal: sig}}}},
		},
		{
			name: "clusterTrustBundle and podCertificate sources are emptied; other sources stay",
			in:   &core.PodSpec{Volumes: projected(bundle, cert, token)},
			want: core.PodSpec{Volumes: projected(core.VolumeProjection{}, core.VolumeProjection{}, token)},
		},
		{
			name: "a projection in use in the stored spec is kept, the other dropped",
			in:   &core.PodSpec{Volumes: projected(bundle, cert)},
			old:  &core.PodSpec{Volumes: projected(cert)},
			want: core.PodSpec{Volumes: projected(core.VolumeProjection{}, cert)},
		},
		{
			name: "schedulingGroup is dropped",
			in:   &core.PodSpec{SchedulingGroup: group},
			want: core.PodSpec{},
		},
		{
			name: "schedulingGroup is kept on update when the stored spec has one",
			in:   &core.PodSpec{SchedulingGroup: group},
			old:  &core.PodSpec{SchedulingGroup: group},
			want: core.PodSpec{SchedulingGroup: group},
		},
		{
			name: "fields whose gate is on by default are kept",
			in: &core.PodSpec{HostnameOverride: dfltPtr("h"), Resources: &core.ResourceRequirements{},
				InitContainers: []core.Container{{Name: "s", RestartPolicy: dfltPtr(core.ContainerRestartPolicyAlways),
					Lifecycle: &core.Lifecycle{PreStop: &core.LifecycleHandler{Sleep: &core.SleepAction{Seconds: 0}}}}},
				Volumes: []core.Volume{{Name: "i", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "x"}}}}},
			want: core.PodSpec{HostnameOverride: dfltPtr("h"), Resources: &core.ResourceRequirements{},
				InitContainers: []core.Container{{Name: "s", RestartPolicy: dfltPtr(core.ContainerRestartPolicyAlways),
					Lifecycle: &core.Lifecycle{PreStop: &core.LifecycleHandler{Sleep: &core.SleepAction{Seconds: 0}}}}},
				Volumes: []core.Volume{{Name: "i", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "x"}}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			core.DropDisabledPodSpecFields(tt.in, tt.old)
			if d := cmp.Diff(tt.want, *tt.in); d != "" {
				t.Errorf("DropDisabledPodSpecFields (-want +got):\n%s", d)
			}
		})
	}
}

func TestDropDisabledTemplateFields(t *testing.T) {
	tmpl := &core.PodTemplateSpec{
		ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "x"}},
		Spec:       core.PodSpec{Containers: []core.Container{{Name: "c", Lifecycle: &core.Lifecycle{StopSignal: dfltPtr(core.SIGKILL)}}}},
	}
	core.DropDisabledTemplateFields(tmpl, nil)
	want := &core.PodTemplateSpec{
		ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "x"}},
		Spec:       core.PodSpec{Containers: []core.Container{{Name: "c"}}},
	}
	if d := cmp.Diff(want, tmpl); d != "" {
		t.Errorf("DropDisabledTemplateFields (-want +got):\n%s", d)
	}
}
