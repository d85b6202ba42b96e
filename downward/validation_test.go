package downward_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// typeField is what tests compare of an error: its type, field and value.
type typeField struct {
	Type     field.ErrorType
	Field    string
	BadValue any
}

func typeFields(errs field.ErrorList) []typeField {
	var out []typeField
	for _, e := range errs {
		out = append(out, typeField{e.Type, e.Field, e.BadValue})
	}
	return out
}

func TestValidateFieldRef(t *testing.T) {
	envRef := field.NewPath("spec", "containers").Index(0).Child("env").Index(1).Child("valueFrom", "fieldRef")
	volRef := field.NewPath("spec", "volumes").Index(0).Child("downwardAPI", "fieldRef")
	const env, vol = "spec.containers[0].env[1].valueFrom.fieldRef", "spec.volumes[0].downwardAPI.fieldRef"
	tests := []struct {
		name       string
		apiVersion string
		fieldPath  string
		use        downward.Use
		at         *field.Path
		want       []typeField
	}{
		{name: "env name", apiVersion: "v1", fieldPath: "metadata.name", use: downward.EnvVar, at: envRef},
		{name: "env node name", apiVersion: "v1", fieldPath: "spec.nodeName", use: downward.EnvVar, at: envRef},
		{name: "env legacy spec.host", apiVersion: "v1", fieldPath: "spec.host", use: downward.EnvVar, at: envRef},
		{name: "env host IPs", apiVersion: "v1", fieldPath: "status.hostIPs", use: downward.EnvVar, at: envRef},
		{name: "env pod IPs", apiVersion: "v1", fieldPath: "status.podIPs", use: downward.EnvVar, at: envRef},
		{name: "env one annotation", apiVersion: "v1", fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']", use: downward.EnvVar, at: envRef},
		{name: "volume whole labels", apiVersion: "v1", fieldPath: "metadata.labels", use: downward.VolumeFile, at: volRef},
		{name: "volume uid", apiVersion: "v1", fieldPath: "metadata.uid", use: downward.VolumeFile, at: volRef},
		{name: "volume one label", apiVersion: "v1", fieldPath: "metadata.labels['app']", use: downward.VolumeFile, at: volRef},
		{
			name: "missing apiVersion is required", fieldPath: "metadata.name", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeRequired, env + ".apiVersion", ""}},
		},
		{
			name: "missing fieldPath is required", apiVersion: "v1", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeRequired, env + ".fieldPath", ""}},
		},
		{
			name: "other apiVersion", apiVersion: "v2", fieldPath: "metadata.name", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.name"}},
		},
		{
			name: "whole labels in an env var", apiVersion: "v1", fieldPath: "metadata.labels", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "metadata.labels"}},
		},
		{
			name: "whole annotations in an env var", apiVersion: "v1", fieldPath: "metadata.annotations", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "metadata.annotations"}},
		},
		{
			name: "node name in a volume", apiVersion: "v1", fieldPath: "spec.nodeName", use: downward.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "spec.nodeName"}},
		},
		{
			name: "legacy spec.host in a volume is reported converted", apiVersion: "v1", fieldPath: "spec.host", use: downward.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "spec.nodeName"}},
		},
		{
			name: "pod IP in a volume", apiVersion: "v1", fieldPath: "status.podIP", use: downward.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "status.podIP"}},
		},
		{
			name: "phase is converted but readable nowhere", apiVersion: "v1", fieldPath: "status.phase", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "status.phase"}},
		},
		{
			name: "unknown field", apiVersion: "v1", fieldPath: "metadata.generation", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.generation"}},
		},
		{
			name: "subscript on a plain field", apiVersion: "v1", fieldPath: "spec.nodeName['x']", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "spec.nodeName['x']"}},
		},
		{
			name: "unquoted key", apiVersion: "v1", fieldPath: "metadata.annotations[a]", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.annotations[a]"}},
		},
		{
			name: "bad key is reported at the fieldRef, once per broken rule", apiVersion: "v1", fieldPath: "metadata.labels['']", use: downward.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeInvalid, vol, ""}, {field.ErrorTypeInvalid, vol, ""}},
		},
		{
			name: "bad annotation prefix is reported lower-cased", apiVersion: "v1", fieldPath: "metadata.annotations['A_b/C']", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env, "a_b/c"}},
		},
		{
			name: "bad label key keeps its case", apiVersion: "v1", fieldPath: "metadata.labels['A_b/C']", use: downward.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env, "A_b/C"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := typeFields(downward.ValidateFieldRef(tt.apiVersion, tt.fieldPath, tt.use, tt.at))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ValidateFieldRef (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateFieldRefListsWhatTheUseMayRead(t *testing.T) {
	errs := downward.ValidateFieldRef("v1", "metadata.labels", downward.EnvVar, field.NewPath("fieldRef"))
	want := "fieldRef.fieldPath: Unsupported value: \"metadata.labels\": supported values: " +
		`"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", ` +
		`"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"`
	if diff := cmp.Diff(want, errs.ToAggregate().Error()); diff != "" {
		t.Errorf("message (-want +got):\n%s", diff)
	}
}

func TestValidatePodSpec(t *testing.T) {
	ref := func(apiVersion, fieldPath string) *jobapi.ObjectFieldSelector {
		return &jobapi.ObjectFieldSelector{APIVersion: apiVersion, FieldPath: fieldPath}
	}
	envFrom := func(r *jobapi.ObjectFieldSelector) jobapi.EnvVar {
		return jobapi.EnvVar{Name: "V", ValueFrom: &jobapi.EnvVarSource{FieldRef: r}}
	}
	volume := func(items ...jobapi.DownwardAPIVolumeFile) jobapi.Volume {
		return jobapi.Volume{Name: "podinfo", VolumeSource: jobapi.VolumeSource{DownwardAPI: &jobapi.DownwardAPIVolumeSource{Items: items}}}
	}
	mode := func(m int32) *int32 { return &m }
	tmpl := field.NewPath("spec", "template", "spec")
	tests := []struct {
		name string
		spec *jobapi.PodSpec
		want []typeField
	}{
		{name: "nil spec", spec: nil},
		{
			name: "valid env and volume references",
			spec: &jobapi.PodSpec{
				Volumes: []jobapi.Volume{volume(
					jobapi.DownwardAPIVolumeFile{Path: "labels", FieldRef: ref("v1", "metadata.labels")},
					jobapi.DownwardAPIVolumeFile{Path: "sub/annotations", FieldRef: ref("", "metadata.annotations"), Mode: mode(0o644)},
				), {Name: "other"}},
				Containers: []jobapi.Container{{Name: "c", Env: []jobapi.EnvVar{
					{Name: "PLAIN", Value: "x"},
					envFrom(ref("v1", "metadata.annotations['batch.kubernetes.io/job-completion-index']")),
					envFrom(ref("", "status.podIPs")),
				}}},
			},
		},
		{
			name: "env errors name the container, the variable and the fieldRef",
			spec: &jobapi.PodSpec{
				Containers: []jobapi.Container{
					{Name: "a"},
					{Name: "b", Env: []jobapi.EnvVar{{Name: "OK", Value: "1"}, envFrom(ref("v1", "metadata.labels"))}},
				},
				InitContainers: []jobapi.Container{{Name: "i", Env: []jobapi.EnvVar{envFrom(ref("v1", "metadata.annotations[x]"))}}},
			},
			want: []typeField{
				{field.ErrorTypeNotSupported, "spec.template.spec.containers[1].env[1].valueFrom.fieldRef.fieldPath", "metadata.labels"},
				{field.ErrorTypeInvalid, "spec.template.spec.initContainers[0].env[0].valueFrom.fieldRef.fieldPath", "metadata.annotations[x]"},
			},
		},
		{
			name: "env with another apiVersion",
			spec: &jobapi.PodSpec{Containers: []jobapi.Container{{Name: "c", Env: []jobapi.EnvVar{envFrom(ref("v2", "metadata.name"))}}}},
			want: []typeField{{field.ErrorTypeInvalid, "spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath", "metadata.name"}},
		},
		{
			name: "volume item errors are reported at the downwardAPI source, as Kubernetes does",
			spec: &jobapi.PodSpec{Volumes: []jobapi.Volume{{Name: "x"}, volume(
				jobapi.DownwardAPIVolumeFile{Path: "ok", FieldRef: ref("v1", "metadata.name")},
				jobapi.DownwardAPIVolumeFile{Path: "node", FieldRef: ref("v1", "spec.nodeName")},
			)}},
			want: []typeField{{field.ErrorTypeNotSupported, "spec.template.spec.volumes[1].downwardAPI.fieldRef.fieldPath", "spec.nodeName"}},
		},
		{
			name: "volume item paths",
			spec: &jobapi.PodSpec{Volumes: []jobapi.Volume{volume(
				jobapi.DownwardAPIVolumeFile{FieldRef: ref("v1", "metadata.name")},
				jobapi.DownwardAPIVolumeFile{Path: "/abs", FieldRef: ref("v1", "metadata.name")},
				jobapi.DownwardAPIVolumeFile{Path: "a/../b", FieldRef: ref("v1", "metadata.name")},
				jobapi.DownwardAPIVolumeFile{Path: "..x", FieldRef: ref("v1", "metadata.name")},
				jobapi.DownwardAPIVolumeFile{Path: "../x", FieldRef: ref("v1", "metadata.name")},
			)}},
			want: []typeField{
				{field.ErrorTypeRequired, "spec.template.spec.volumes[0].downwardAPI.path", ""},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.path", "/abs"},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.path", "a/../b"},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.path", "..x"},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.path", "../x"},
			},
		},
		{
			name: "volume item sources and modes",
			spec: &jobapi.PodSpec{Volumes: []jobapi.Volume{{
				Name: "podinfo",
				VolumeSource: jobapi.VolumeSource{DownwardAPI: &jobapi.DownwardAPIVolumeSource{
					DefaultMode: mode(0o1000),
					Items: []jobapi.DownwardAPIVolumeFile{
						{Path: "none"},
						{Path: "both", FieldRef: ref("v1", "metadata.name"), ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}},
						{Path: "cpu", ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}},
						{Path: "neg", FieldRef: ref("v1", "metadata.name"), Mode: mode(-1)},
						{Path: "key", FieldRef: ref("v1", "metadata.labels['a b']")},
					},
				}},
			}}},
			want: []typeField{
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.defaultMode", int32(0o1000)},
				{field.ErrorTypeRequired, "spec.template.spec.volumes[0].downwardAPI", ""},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI", "resource"},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.mode", int32(-1)},
				{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].downwardAPI.fieldRef", "a b"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := typeFields(downward.ValidatePodSpec(tt.spec, tmpl))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ValidatePodSpec (-want +got):\n%s", diff)
			}
		})
	}
}
