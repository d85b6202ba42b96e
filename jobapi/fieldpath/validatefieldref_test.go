package fieldpath_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
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

func TestValidateFieldRefTypesAndPaths(t *testing.T) {
	envRef := field.NewPath("spec", "containers").Index(0).Child("env").Index(1).Child("valueFrom", "fieldRef")
	volRef := field.NewPath("spec", "volumes").Index(0).Child("downwardAPI", "fieldRef")
	const env, vol = "spec.containers[0].env[1].valueFrom.fieldRef", "spec.volumes[0].downwardAPI.fieldRef"
	tests := []struct {
		name       string
		apiVersion string
		fieldPath  string
		use        fieldpath.Use
		at         *field.Path
		want       []typeField
	}{
		{name: "env name", apiVersion: "v1", fieldPath: "metadata.name", use: fieldpath.EnvVar, at: envRef},
		{name: "env node name", apiVersion: "v1", fieldPath: "spec.nodeName", use: fieldpath.EnvVar, at: envRef},
		{name: "env legacy spec.host", apiVersion: "v1", fieldPath: "spec.host", use: fieldpath.EnvVar, at: envRef},
		{name: "env host IPs", apiVersion: "v1", fieldPath: "status.hostIPs", use: fieldpath.EnvVar, at: envRef},
		{name: "env pod IPs", apiVersion: "v1", fieldPath: "status.podIPs", use: fieldpath.EnvVar, at: envRef},
		{name: "env one annotation", apiVersion: "v1", fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']", use: fieldpath.EnvVar, at: envRef},
		{name: "volume whole labels", apiVersion: "v1", fieldPath: "metadata.labels", use: fieldpath.VolumeFile, at: volRef},
		{name: "volume uid", apiVersion: "v1", fieldPath: "metadata.uid", use: fieldpath.VolumeFile, at: volRef},
		{name: "volume one label", apiVersion: "v1", fieldPath: "metadata.labels['app']", use: fieldpath.VolumeFile, at: volRef},
		{
			name: "missing apiVersion is required", fieldPath: "metadata.name", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeRequired, env + ".apiVersion", ""}},
		},
		{
			name: "missing fieldPath is required", apiVersion: "v1", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeRequired, env + ".fieldPath", ""}},
		},
		{
			name: "other apiVersion", apiVersion: "v2", fieldPath: "metadata.name", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.name"}},
		},
		{
			name: "whole labels in an env var", apiVersion: "v1", fieldPath: "metadata.labels", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "metadata.labels"}},
		},
		{
			name: "whole annotations in an env var", apiVersion: "v1", fieldPath: "metadata.annotations", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "metadata.annotations"}},
		},
		{
			name: "node name in a volume", apiVersion: "v1", fieldPath: "spec.nodeName", use: fieldpath.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "spec.nodeName"}},
		},
		{
			name: "legacy spec.host in a volume is reported converted", apiVersion: "v1", fieldPath: "spec.host", use: fieldpath.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "spec.nodeName"}},
		},
		{
			name: "pod IP in a volume", apiVersion: "v1", fieldPath: "status.podIP", use: fieldpath.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeNotSupported, vol + ".fieldPath", "status.podIP"}},
		},
		{
			name: "phase is converted but readable nowhere", apiVersion: "v1", fieldPath: "status.phase", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeNotSupported, env + ".fieldPath", "status.phase"}},
		},
		{
			name: "unknown field", apiVersion: "v1", fieldPath: "metadata.generation", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.generation"}},
		},
		{
			name: "subscript on a plain field", apiVersion: "v1", fieldPath: "spec.nodeName['x']", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "spec.nodeName['x']"}},
		},
		{
			name: "unquoted key", apiVersion: "v1", fieldPath: "metadata.annotations[a]", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env + ".fieldPath", "metadata.annotations[a]"}},
		},
		{
			name: "bad key is reported at the fieldRef, once per broken rule", apiVersion: "v1", fieldPath: "metadata.labels['']", use: fieldpath.VolumeFile, at: volRef,
			want: []typeField{{field.ErrorTypeInvalid, vol, ""}, {field.ErrorTypeInvalid, vol, ""}},
		},
		{
			name: "bad annotation prefix is reported lower-cased", apiVersion: "v1", fieldPath: "metadata.annotations['A_b/C']", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env, "a_b/c"}},
		},
		{
			name: "bad label key keeps its case", apiVersion: "v1", fieldPath: "metadata.labels['A_b/C']", use: fieldpath.EnvVar, at: envRef,
			want: []typeField{{field.ErrorTypeInvalid, env, "A_b/C"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := typeFields(fieldpath.ValidateFieldRef(tt.apiVersion, tt.fieldPath, tt.use, tt.at))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ValidateFieldRef (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateFieldRefListsWhatTheUseMayRead(t *testing.T) {
	errs := fieldpath.ValidateFieldRef("v1", "metadata.labels", fieldpath.EnvVar, field.NewPath("fieldRef"))
	want := "fieldRef.fieldPath: Unsupported value: \"metadata.labels\": supported values: " +
		`"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", ` +
		`"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"`
	if diff := cmp.Diff(want, errs.ToAggregate().Error()); diff != "" {
		t.Errorf("message (-want +got):\n%s", diff)
	}
}
