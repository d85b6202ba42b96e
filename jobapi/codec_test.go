package jobapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
)

func ptr[T any](v T) *T { return &v }

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339Nano, s)
	require.NoError(t, err)
	return tm
}

// podWithUnknowns has a member jobapi does not model at every level.
const podWithUnknowns = `{
  "apiVersion": "v1", "kind": "Pod", "x-top": 1,
  "metadata": {"name": "p", "futureField": "/api/v1/p",
    "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "j", "uid": "u", "x-ref": true}]},
  "spec": {
    "affinity": {"nodeAffinity": {}},
    "containers": [{"name": "c", "image": "busybox", "resources": {"limits": {"cpu": "1"}},
      "env": [{"name": "A", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name", "x-sel": 0},
                                          "x-src": "s"}, "x-env": []}],
      "volumeMounts": [{"name": "v", "mountPath": "/v", "mountPropagation": "None"}]}],
    "volumes": [
      {"name": "e", "emptyDir": {"medium": "Memory"}},
      {"name": "d", "downwardAPI": {"items": [{"path": "l", "fieldRef": {"fieldPath": "metadata.labels"},
                                               "x-file": 1}], "x-dapi": 2}},
      {"name": "c", "configMap": {"name": "cm", "items": [{"key": "k", "path": "p", "x-ktp": 3}], "x-cm": 4}}]
  },
  "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True", "lastProbeTime": null, "lastTransitionTime": null}],
    "hostIPs": [{"ip": "10.0.0.1", "x-h": 5}], "podIPs": [{"ip": "10.1.0.1", "x-p": 6}]}
}`

func TestUnmarshalKeepsUnknownMembersAtEveryLevel(t *testing.T) {
	var got core.Pod
	require.NoError(t, json.Unmarshal([]byte(podWithUnknowns), &got))
	raw := func(s string) meta.RawJSON { return meta.RawJSON(s) }
	want := core.Pod{
		TypeMeta: meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{
			Name: "p",
			OwnerReferences: []meta.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "j", UID: "u",
				Unknown: meta.Unknown{"x-ref": raw("true")}}},
			Unknown: meta.Unknown{"futureField": raw(`"/api/v1/p"`)},
		},
		Spec: core.PodSpec{
			Containers: []core.Container{{
				Name: "c", Image: "busybox",
				Env: []core.EnvVar{{Name: "A",
					ValueFrom: &core.EnvVarSource{
						FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name", Unknown: meta.Unknown{"x-sel": raw("0")}},
						Unknown:  meta.Unknown{"x-src": raw(`"s"`)},
					},
					Unknown: meta.Unknown{"x-env": raw("[]")}}},
				VolumeMounts: []core.VolumeMount{{Name: "v", MountPath: "/v", MountPropagation: ptr(core.MountPropagationNone)}},
				Resources:    core.ResourceRequirements{Limits: core.ResourceList{core.ResourceCPU: resource.MustParse("1")}},
			}},
			Volumes: []core.Volume{
				{Name: "e", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{Medium: core.StorageMediumMemory}}},
				{Name: "d", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{
					Items: []core.DownwardAPIVolumeFile{{Path: "l", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.labels"},
						Unknown: meta.Unknown{"x-file": raw("1")}}},
					Unknown: meta.Unknown{"x-dapi": raw("2")},
				}}},
				{Name: "c", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
					LocalObjectReference: core.LocalObjectReference{Name: "cm"},
					Items:                []core.KeyToPath{{Key: "k", Path: "p", Unknown: meta.Unknown{"x-ktp": raw("3")}}},
					Unknown:              meta.Unknown{"x-cm": raw("4")},
				}}},
			},
			Affinity: &core.Affinity{NodeAffinity: &core.NodeAffinity{}},
		},
		Status: core.PodStatus{
			Phase:      core.PodRunning,
			HostIPs:    []core.HostIP{{IP: "10.0.0.1", Unknown: meta.Unknown{"x-h": raw("5")}}},
			PodIPs:     []core.PodIP{{IP: "10.1.0.1", Unknown: meta.Unknown{"x-p": raw("6")}}},
			Conditions: []core.PodCondition{{Type: core.PodReady, Status: core.ConditionTrue}},
		},
		Unknown: meta.Unknown{"x-top": raw("1")},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("decoded pod (-want +got):\n%s", diff)
	}

	// Through DeepCopy and back out: the same JSON, member for member.
	out, err := json.Marshal(got.DeepCopy())
	require.NoError(t, err)
	if !meta.RawJSON(podWithUnknowns).Equal(out) {
		t.Errorf("re-encoded pod is not the input:\n in: %s\nout: %s", podWithUnknowns, out)
	}
}

func TestUnmarshalRules(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want jobapi.Job
	}{
		{
			name: "member names are case-sensitive: a differently cased name is unknown",
			in:   `{"metadata":{"Name":"x","name":"y"}}`,
			want: jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "y", Unknown: meta.Unknown{"Name": meta.RawJSON(`"x"`)}}},
		},
		{
			name: "null leaves a field unset",
			in:   `{"metadata":null,"spec":{"completions":null,"selector":null,"template":{"metadata":{"labels":null}}}}`,
			want: jobapi.Job{},
		},
		{
			name: "a null unknown member is kept",
			in:   `{"x":null}`,
			want: jobapi.Job{Unknown: meta.Unknown{"x": meta.RawJSON("null")}},
		},
		{
			name: "unknown values are kept compact",
			in:   "{\"x\": { \"a\" : [1, 2,\n 3], \"s\": \"a b\" }}",
			want: jobapi.Job{Unknown: meta.Unknown{"x": meta.RawJSON(`{"a":[1,2,3],"s":"a b"}`)}},
		},
		{
			name: "surrogate escapes in an unknown value, which YAML cannot read, are replaced",
			in:   `{"x":["\ud800","\udc00x","\ud83d\ude00","\u00e9"]}`,
			want: jobapi.Job{Unknown: meta.Unknown{"x": meta.RawJSON(`["\ufffd","\ufffdx","😀","\u00e9"]`)}},
		},
		{
			name: "escaped strings are decoded",
			in:   `{"metadata":{"name":"a\u0062\n","labels":{"k\u00e9":"v\""}}}`,
			want: jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "ab\n", Labels: map[string]string{"ké": `v"`}}},
		},
		{
			name: "a selector decodes into selector.LabelSelector",
			in:   `{"spec":{"selector":{"matchLabels":{"a":"b"},"matchExpressions":[{"key":"k","operator":"In","values":["x"]}]},"manualSelector":true}}`,
			want: jobapi.Job{Spec: jobapi.JobSpec{
				Selector: &selector.LabelSelector{
					MatchLabels:      map[string]string{"a": "b"},
					MatchExpressions: []selector.LabelSelectorRequirement{{Key: "k", Operator: selector.LabelSelectorOpIn, Values: []string{"x"}}},
				},
				ManualSelector: ptr(true),
			}},
		},
		{
			name: "integers at the edges of int32 and int64",
			in:   `{"metadata":{"generation":-9223372036854775808},"spec":{"completions":2147483647,"parallelism":-2147483648,"activeDeadlineSeconds":9223372036854775807}}`,
			want: jobapi.Job{
				ObjectMeta: meta.ObjectMeta{Generation: -9223372036854775808},
				Spec:       jobapi.JobSpec{Completions: ptr[int32](2147483647), Parallelism: ptr[int32](-2147483648), ActiveDeadlineSeconds: ptr[int64](9223372036854775807)},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got jobapi.Job
			require.NoError(t, got.UnmarshalJSON([]byte(tt.in)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// fieldErr is what tests compare of a field error: its type and path.
type fieldErr struct {
	Type  field.ErrorType
	Field string
}

func fieldErrs(err error) []fieldErr {
	var out []fieldErr
	for _, e := range field.AsErrorList(err) {
		out = append(out, fieldErr{e.Type, e.Field})
	}
	return out
}

func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		want       []fieldErr
		wantDetail string // in the first error's text
	}{
		{"a string where an integer must be", `{"spec":{"completions":"many"}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.completions"}}, `Invalid value: "many": must be an integer`},
		{"a fraction where an integer must be", `{"spec":{"parallelism":1.5}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.parallelism"}}, "must be an integer"},
		{"an int32 too large", `{"spec":{"completions":2147483648}}`,
			[]fieldErr{{field.ErrorTypeInvalid, "spec.completions"}}, "Invalid value: 2147483648: must be less than or equal to 2147483647"},
		{"an int32 too small", `{"spec":{"backoffLimit":-2147483649}}`,
			[]fieldErr{{field.ErrorTypeInvalid, "spec.backoffLimit"}}, "must be greater than or equal to -2147483648"},
		{"an int64 too large", `{"metadata":{"generation":9223372036854775808}}`,
			[]fieldErr{{field.ErrorTypeInvalid, "metadata.generation"}}, "must be less than or equal to 9223372036854775807"},
		{"a number where a string must be, in a map", `{"metadata":{"labels":{"a":"b","c":1}}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "metadata.labels[c]"}}, "must be a string"},
		{"an object where a list must be", `{"spec":{"template":{"spec":{"containers":{"name":"c"}}}}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.template.spec.containers"}}, "must be a list"},
		{"a list where an object must be", `{"spec":[]}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec"}}, "must be an object"},
		{"a string where a boolean must be", `{"spec":{"suspend":"yes"}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.suspend"}}, "must be a boolean ('true' or 'false')"},
		{"deep paths with list indexes", `{"spec":{"template":{"spec":{"containers":[{"name":"a"},{"name":"b","env":[{"name":"x"},{"name":"y","value":true}]}]}}}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.template.spec.containers[1].env[1].value"}}, "must be a string"},
		{"a malformed time", `{"metadata":{"creationTimestamp":"yesterday"}}`,
			[]fieldErr{{field.ErrorTypeInvalid, "metadata.creationTimestamp"}}, "RFC 3339"},
		{"a member given twice", `{"spec":{"completions":1,"completions":2}}`,
			[]fieldErr{{field.ErrorTypeDuplicate, "spec.completions"}}, ""},
		{"an unknown member given twice", `{"spec":{"x":1,"x":2}}`,
			[]fieldErr{{field.ErrorTypeDuplicate, "spec.x"}}, ""},
		{"a map key given twice", `{"metadata":{"labels":{"a":"1","a":"2"}}}`,
			[]fieldErr{{field.ErrorTypeDuplicate, "metadata.labels[a]"}}, ""},
		{"an unknown member where it cannot be kept", `{"spec":{"selector":{"matchLabels":{},"matchLabelz":{}}}}`,
			[]fieldErr{{field.ErrorTypeNotSupported, "spec.selector.matchLabelz"}}, `supported values: "matchLabels", "matchExpressions"`},
		{"every error is reported", `{"metadata":{"name":1},"spec":{"completions":"x","parallelism":true}}`,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "metadata.name"}, {field.ErrorTypeTypeInvalid, "spec.completions"}, {field.ErrorTypeTypeInvalid, "spec.parallelism"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var job jobapi.Job
			err := job.UnmarshalJSON([]byte(tt.in))
			require.Error(t, err)
			if diff := cmp.Diff(tt.want, fieldErrs(err)); diff != "" {
				t.Errorf("errors (-want +got):\n%s\n%v", diff, err)
			}
			if !strings.Contains(err.Error(), tt.wantDetail) {
				t.Errorf("error %q does not say %q", err, tt.wantDetail)
			}
		})
	}
}

func TestUnmarshalRejectsBadJSON(t *testing.T) {
	var job jobapi.Job
	var syn *json.SyntaxError
	if err := job.UnmarshalJSON([]byte(`{"spec":`)); !errors.As(err, &syn) {
		t.Errorf("truncated JSON: got %v, want a *json.SyntaxError", err)
	}
	if err := job.UnmarshalJSON([]byte(`[1]`)); err == nil || !strings.Contains(err.Error(), "must be an object") {
		t.Errorf("a list at the root: got %v, want 'must be an object'", err)
	}
}

func TestMarshalErrors(t *testing.T) {
	tests := []struct {
		name string
		in   json.Marshaler
		want string
	}{
		{"an unknown member that names a modeled field",
			jobapi.Job{Spec: jobapi.JobSpec{Unknown: meta.Unknown{"completions": meta.RawJSON("1")}}},
			`spec: Unknown holds "completions", a field this type models: set the field instead`},
		{"an unknown member that is not JSON",
			core.Container{Name: "c", Unknown: meta.Unknown{"x-resources": meta.RawJSON("{nope")}},
			`Unknown member "x-resources" must be valid JSON`},
		{"opaque JSON that is not JSON",
			meta.ObjectMeta{ManagedFields: []meta.ManagedFieldsEntry{{FieldsV1: ptr(meta.RawJSON("["))}}},
			"managedFields[0].fieldsV1: must be valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.in.MarshalJSON()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestMarshalFollowsTheJSONTags(t *testing.T) {
	tests := []struct {
		name string
		in   json.Marshaler
		want string
	}{
		{"an empty Job writes the members Kubernetes always writes",
			jobapi.Job{}, `{"metadata":{},"spec":{"template":{"metadata":{},"spec":{"containers":null}}},"status":{}}`},
		{"a zero condition time is written null, as metav1.Time writes it under omitempty; a set one in UTC",
			jobapi.JobCondition{Type: jobapi.JobComplete, Status: jobapi.ConditionTrue, LastTransitionTime: meta.NewTime(mustTime(t, "2024-05-01T14:00:00+02:00"))},
			`{"type":"Complete","status":"True","lastProbeTime":null,"lastTransitionTime":"2024-05-01T12:00:00Z"}`},
		{"the creation timestamp, tagged omitzero, is left out when zero",
			meta.ObjectMeta{Name: "j"},
			`{"name":"j"}`},
		{"inline structs are flattened; unknown members follow, sorted",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{LocalObjectReference: core.LocalObjectReference{Name: "cm"}}},
				Unknown: meta.Unknown{"z": meta.RawJSON("1"), "a": meta.RawJSON("2")}},
			`{"name":"v","configMap":{"name":"cm"},"a":2,"z":1}`},
		{"strings are escaped as encoding/json escapes them",
			core.EnvVar{Name: "A", Value: "<\"x\">\n&é"},
			`{"name":"A","value":"\u003c\"x\"\u003e\n\u0026é"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.in.MarshalJSON()
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestRandomJobsRoundTrip: every field of randomly filled Jobs and Pods,
// unknown members included, survives Marshal and Unmarshal, and YAML too.
func TestRandomObjectsRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		new  func() any
	}{
		{"Job", func() any { return new(jobapi.Job) }},
		{"Pod", func() any { return new(core.Pod) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := uint64(0); seed < 100; seed++ {
				in := tt.new()
				jobtest.Fill(t, in, seed)
				j, err := json.Marshal(in)
				require.NoError(t, err, "seed %d", seed)
				out := tt.new()
				require.NoError(t, json.Unmarshal(j, out), "seed %d: %s", seed, j)
				if diff := cmp.Diff(in, out); diff != "" {
					t.Fatalf("seed %d: JSON round trip (-in +out):\n%s\n%s", seed, diff, j)
				}
				y, err := yaml.Marshal(in)
				require.NoError(t, err, "seed %d", seed)
				out = tt.new()
				require.NoError(t, yaml.Unmarshal(y, out), "seed %d: %s", seed, y)
				if diff := cmp.Diff(in, out); diff != "" {
					t.Fatalf("seed %d: YAML round trip (-in +out):\n%s\n%s", seed, diff, y)
				}
			}
		})
	}
}

func TestTypeMetaOf(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    meta.TypeMeta
		wantErr []fieldErr
		wantBad bool // an error that is not about a field
	}{
		{"both members", `{"apiVersion":"batch/v1","kind":"Job","spec":{}}`, meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}, nil, false},
		{"in any order, after other members", `{"spec":{"a":[1,{"b":"}"}]},"kind":"Pod","apiVersion":"v1"}`, meta.TypeMeta{Kind: "Pod", APIVersion: "v1"}, nil, false},
		{"missing members are empty", `{"metadata":{}}`, meta.TypeMeta{}, nil, false},
		{"null is empty", `{"kind":null}`, meta.TypeMeta{}, nil, false},
		{"stops once both are read, ignoring what follows", `{"kind":"Job","apiVersion":"batch/v1",`, meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}, nil, false},
		{"a kind that is not a string", `{"kind":5,"apiVersion":"v1"}`, meta.TypeMeta{APIVersion: "v1"}, []fieldErr{{field.ErrorTypeTypeInvalid, "kind"}}, false},
		{"not an object", `["kind"]`, meta.TypeMeta{}, nil, true},
		{"malformed before both are read", `{"kind" "Job"}`, meta.TypeMeta{}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := jobapi.TypeMetaOf([]byte(tt.in))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantErr, fieldErrs(err)); diff != "" {
				t.Errorf("field errors (-want +got):\n%s", diff)
			}
			if tt.wantBad != (err != nil && len(field.AsErrorList(err)) == 0) {
				t.Errorf("error %v; want a non-field error: %v", err, tt.wantBad)
			}
		})
	}
}
