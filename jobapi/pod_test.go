package jobapi_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

func TestPreparePodForCreate(t *testing.T) {
	p := &core.Pod{
		ObjectMeta: meta.ObjectMeta{GenerateName: "web-", ResourceVersion: "3", Unknown: meta.Unknown{"x": meta.RawJSON("1")}},
		Spec:       core.PodSpec{Containers: []core.Container{{Name: "c", Image: "busybox:1.36"}}},
		Status:     core.PodStatus{Phase: core.PodRunning, PodIP: "10.0.0.1"},
	}
	w, err := jobapi.PreparePodForCreate(p, jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt), jobapi.WithNamespace("team-a"),
		jobapi.WithRandom(constReader(0)))
	require.NoError(t, err)
	// The unknown member is dropped without a warning (the decoder's
	// business); wantMeta below has none.
	want := meta.Warnings{
		{Field: "metadata.resourceVersion", Message: `removed "3": a new object has no resourceVersion (was the manifest copied from an existing Pod?)`},
	}
	if diff := cmp.Diff(want, w); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	wantMeta := meta.ObjectMeta{Name: "web-bbbbb", GenerateName: "web-", Namespace: "team-a", UID: newUID,
		CreationTimestamp: meta.NewTime(createdAt), Generation: 1}
	if diff := cmp.Diff(wantMeta, p.ObjectMeta); diff != "" {
		t.Errorf("metadata (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(core.PodStatus{Phase: core.PodPending}, p.Status); diff != "" {
		t.Errorf("status (-want +got):\n%s", diff)
	}
	if p.Spec.DNSPolicy != core.DNSClusterFirst || p.Spec.EnableServiceLinks == nil {
		t.Errorf("the Pod's defaults were not applied: %+v", p.Spec)
	}
	errs, err := jobapi.ValidatePod(p)
	require.NoError(t, err)
	if len(errs) > 0 {
		t.Errorf("the prepared Pod is invalid: %v", errs)
	}
}

func TestValidatePod(t *testing.T) {
	tests := []struct {
		name string
		edit func(p *core.Pod)
		want []string // type and path of each error
	}{
		{name: "a defaulted Pod is valid", edit: func(*core.Pod) {}},
		{name: "ephemeral containers may not be set on create", edit: func(p *core.Pod) {
			p.Spec.EphemeralContainers = []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{
				Name: "debug", Image: "busybox", ImagePullPolicy: core.PullIfNotPresent,
				TerminationMessagePolicy: core.TerminationMessageReadFile}}}
		}, want: []string{"FieldValueForbidden spec.ephemeralContainers"}},
		{name: "no node while scheduling gates remain", edit: func(p *core.Pod) {
			p.Spec.NodeName = "node-1"
			p.Spec.SchedulingGates = []core.PodSchedulingGate{{Name: "example.com/wait"}}
		}, want: []string{"FieldValueForbidden spec.nodeName"}},
		{name: "a namespace is required", edit: func(p *core.Pod) { p.ObjectMeta.Namespace = "" },
			want: []string{"FieldValueRequired metadata.namespace"}},
		{name: "any restartPolicy of a pod", edit: func(p *core.Pod) { p.Spec.RestartPolicy = core.RestartPolicyAlways }},
		{name: "a container name", edit: func(p *core.Pod) { p.Spec.Containers[0].Name = "C" },
			want: []string{"FieldValueInvalid spec.containers[0].name"}},
		{name: "an image volume of a pod needs its reference, and is then not registered", edit: func(p *core.Pod) {
			p.Spec.Volumes = []core.Volume{
				{Name: "img", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{PullPolicy: core.PullIfNotPresent}}},
				{Name: "img", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}},
			}
		}, want: []string{"FieldValueRequired spec.volumes[0].image.reference"}},
		{name: "an ephemeral volume's claim is named after the pod and must be a valid name", edit: func(p *core.Pod) {
			p.ObjectMeta.Name = strings.Repeat("p", 250)
			p.Spec.Volumes = []core.Volume{ephemeralVolume("scratch")}
		}, want: []string{"FieldValueInvalid spec.volumes[0].name"}},
		{name: "no persistentVolumeClaim volume may name the claim of an ephemeral volume", edit: func(p *core.Pod) {
			p.Spec.Volumes = []core.Volume{ephemeralVolume("scratch"),
				{Name: "again", VolumeSource: core.VolumeSource{PersistentVolumeClaim: &core.PersistentVolumeClaimVolumeSource{ClaimName: "p-scratch"}}}}
		}, want: []string{"FieldValueInvalid spec.volumes[1].persistentVolumeClaim.claimName"}},
		{name: "an ephemeral container's padded image is reported once", edit: func(p *core.Pod) {
			p.Spec.EphemeralContainers = []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{
				Name: "debug", Image: " busybox", ImagePullPolicy: core.PullIfNotPresent,
				TerminationMessagePolicy: core.TerminationMessageReadFile}}}
		}, want: []string{"FieldValueInvalid spec.ephemeralContainers[0].image", "FieldValueForbidden spec.ephemeralContainers"}},
		{name: "a pod's hostPort must match its containerPort under hostNetwork", edit: func(p *core.Pod) {
			p.Spec.HostNetwork = true
			p.Spec.Containers[0].Ports = []core.ContainerPort{{ContainerPort: 8080, Protocol: core.ProtocolTCP}}
		}, want: []string{"FieldValueInvalid spec.containers[0].ports[0].hostPort"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &core.Pod{ObjectMeta: meta.ObjectMeta{Name: "p", Namespace: "default"},
				Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Image: "busybox"}}}}
			core.SetDefaultsPod(p)
			tt.edit(p)
			errs, err := jobapi.ValidatePod(p)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, typesAndPaths(errs)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPodTemplateCreateAndValidate(t *testing.T) {
	tmpl := &core.PodTemplate{
		ObjectMeta: meta.ObjectMeta{Name: "t"},
		Template: core.PodTemplateSpec{
			ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "x"}},
			Spec:       core.PodSpec{Containers: []core.Container{{Name: "c", Image: "busybox"}}},
		},
	}
	w, err := jobapi.PreparePodTemplateForCreate(tmpl, jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt))
	require.NoError(t, err)
	if len(w) > 0 {
		t.Errorf("warnings: %v", w)
	}
	if tmpl.ObjectMeta.Namespace != jobapi.DefaultNamespace || tmpl.ObjectMeta.Generation != 1 || tmpl.Template.Spec.RestartPolicy != core.RestartPolicyAlways {
		t.Errorf("not prepared as the API server prepares it: %+v", tmpl)
	}
	errs, err := jobapi.ValidatePodTemplate(tmpl)
	require.NoError(t, err)
	if len(errs) > 0 {
		t.Errorf("a template with restartPolicy Always is a valid PodTemplate: %v", errs)
	}
	tmpl.Template.ObjectMeta.Labels["bad key"] = "v"
	tmpl.Template.Spec.Containers[0].Image = ""
	errs, err = jobapi.ValidatePodTemplate(tmpl)
	require.NoError(t, err)
	want := []string{"FieldValueInvalid template.labels", "FieldValueRequired template.spec.containers[0].image"}
	if diff := cmp.Diff(want, typesAndPaths(errs)); diff != "" {
		t.Errorf("errors at the template's paths (-want +got):\n%s", diff)
	}
}

func TestPodFunctionsMisuse(t *testing.T) {
	if _, err := jobapi.PreparePodForCreate(nil); err == nil {
		t.Error("PreparePodForCreate(nil): no error")
	}
	if _, err := jobapi.ValidatePod(nil); err == nil {
		t.Error("ValidatePod(nil): no error")
	}
	if _, err := jobapi.PreparePodTemplateForCreate(nil); err == nil {
		t.Error("PreparePodTemplateForCreate(nil): no error")
	}
	if _, err := jobapi.ValidatePodTemplate(nil); err == nil {
		t.Error("ValidatePodTemplate(nil): no error")
	}
	p := &core.Pod{ObjectMeta: meta.ObjectMeta{Namespace: "a"}}
	if _, err := jobapi.PreparePodForCreate(p, jobapi.WithNamespace("b")); err == nil {
		t.Error("a Pod of another namespace than the request's: no error")
	}
}

// typesAndPaths reduces errors to "type path".
func typesAndPaths(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, string(e.Type)+" "+e.Field)
	}
	return out
}

// constReader reads the byte b forever.
type constReader byte

func (c constReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

// ephemeralVolume is a valid ephemeral volume named name.
func ephemeralVolume(name string) core.Volume {
	return core.Volume{Name: name, VolumeSource: core.VolumeSource{Ephemeral: &core.EphemeralVolumeSource{
		VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{Spec: core.PersistentVolumeClaimSpec{
			AccessModes: []core.PersistentVolumeAccessMode{core.ReadWriteOnce},
			Resources:   core.VolumeResourceRequirements{Requests: core.ResourceList{core.ResourceStorage: resource.MustParse("1Gi")}},
		}}}}}
}
