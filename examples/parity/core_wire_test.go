package parity

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/randfill"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// wireJSONValue decodes JSON into generic values, for order-free
// comparison.
func wireJSONValue(t *testing.T, b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// wireUnknownPaths lists the members that landed in an Unknown map.
func wireUnknownPaths(v reflect.Value, path string) []string {
	var out []string
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out = append(out, wireUnknownPaths(v.Elem(), path)...)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			out = append(out, wireUnknownPaths(v.Index(i), path+"[]")...)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			out = append(out, wireUnknownPaths(v.MapIndex(k), path+"[k]")...)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			if u, ok := v.Field(i).Interface().(meta.Unknown); ok {
				for name := range u {
					out = append(out, path+": "+name)
				}
				continue
			}
			out = append(out, wireUnknownPaths(v.Field(i), path+"."+sf.Name)...)
		}
	}
	return out
}

// The every-field fixtures of jobapi/core encode exactly as k8s.io/api
// encodes them.
func TestCoreFixturesEncodeAsK8s(t *testing.T) {
	for file, pair := range map[string][2]any{
		"../../jobapi/core/testdata/podtemplate.json": {new(corev1.PodTemplateSpec), new(core.PodTemplateSpec)},
		"../../jobapi/core/testdata/pod.json":         {new(corev1.Pod), new(core.Pod)},
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, pair[0]); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, pair[1]); err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(pair[0])
		b, err := json.Marshal(pair[1])
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wireJSONValue(t, a), wireJSONValue(t, b)); d != "" {
			t.Errorf("%s: k8s vs jobkit encoding (-k8s +jobkit):\n%s", file, d)
		}
		if d := cmp.Diff(wireJSONValue(t, data), wireJSONValue(t, a)); d != "" {
			t.Errorf("%s: fixture vs k8s encoding (-fixture +k8s):\n%s", file, d)
		}
	}
}

var wireQuantities = []string{"0", "1", "500m", "128Mi", "1Gi", "2", "100M", "1.5", "250m", "64k", "1e3", "12345678901234567890"}

// jobapi/core models every member of a core/v1 Pod: 2,000 Pods filled at
// random by randfill decode with nothing left in Unknown, and both
// libraries write the same JSON for them, in both directions.
func TestCoreRandomPodsRoundTripWithK8s(t *testing.T) {
	f := wireFiller(1, metav1.TypeMeta{Kind: "Pod", APIVersion: "v1"})
	n := 2000
	for i := 0; i < n; i++ {
		var p corev1.Pod
		f.Fill(&p)
		_, kj := wireNormal(t, &p)
		var q core.Pod
		if err := json.Unmarshal(kj, &q); err != nil {
			t.Fatalf("%d: jobkit cannot decode k8s JSON: %v\n%s", i, err, kj)
		}
		if u := wireUnknownPaths(reflect.ValueOf(q), "pod"); len(u) > 0 {
			t.Fatalf("%d: members jobkit does not model: %v", i, u)
		}
		jj, err := json.Marshal(&q)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wireJSONValue(t, kj), wireJSONValue(t, jj)); d != "" {
			t.Fatalf("%d: k8s vs jobkit (-k8s +jobkit):\n%s", i, d)
		}
		// and back: k8s decodes jobkit's JSON to an equal Pod
		var p2 corev1.Pod
		if err := json.Unmarshal(jj, &p2); err != nil {
			t.Fatal(err)
		}
		kj2, _ := json.Marshal(&p2)
		if string(kj2) != string(kj) {
			t.Fatalf("%d: k8s re-encoding of jobkit JSON differs", i)
		}
	}
	t.Logf("%d random pods identical", n)
}

// wireNormal returns v as k8s.io/api reads back the JSON it writes for
// it, and that JSON: what JSON cannot carry (a pointer to a zero time,
// written null) is normalized away.
func wireNormal[T any](t *testing.T, v *T) (*T, []byte) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	back := new(T)
	if err := json.Unmarshal(data, back); err != nil {
		t.Fatal(err)
	}
	if data, err = json.Marshal(back); err != nil {
		t.Fatal(err)
	}
	return back, data
}

// wireFiller fills k8s.io/api objects at random for the wire tests:
// quantities and int-or-strings from valid forms, times whole seconds in
// UTC or zero (a quarter of them), object metadata a name and maybe a
// label, and every TypeMeta the one given.
func wireFiller(seed int64, typeMeta metav1.TypeMeta) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.25).NumElements(1, 2).Funcs(
		func(q *resource.Quantity, c randfill.Continue) {
			*q = resource.MustParse(wireQuantities[c.Intn(len(wireQuantities))])
		},
		func(v *intstr.IntOrString, c randfill.Continue) {
			if c.Intn(2) == 0 {
				*v = intstr.FromInt32(c.Int31())
			} else {
				*v = intstr.FromString(c.String(8))
			}
		},
		func(tm *metav1.Time, c randfill.Continue) {
			if c.Intn(4) == 0 {
				*tm = metav1.Time{}
				return
			}
			*tm = metav1.NewTime(time.Unix(int64(c.Intn(2_000_000_000)), 0).UTC())
		},
		func(m *metav1.ObjectMeta, c randfill.Continue) {
			*m = metav1.ObjectMeta{Name: c.String(5)}
			if c.Intn(2) == 0 {
				m.Labels = map[string]string{"a": c.String(3)}
			}
		},
		func(m *metav1.TypeMeta, c randfill.Continue) {
			*m = typeMeta
		},
	)
}

// TestRandomJobsEncodeAsK8s: conversion reads a batch/v1 Job filled at
// random by randfill, as k8s.io/api writes it, with nothing left in
// Unknown, and EncodeJSON writes it back byte for byte as encoding/json
// writes the k8s.io/api Job (every omitempty, omitzero and null, the zero
// times included), and Encode writes the YAML sigs.k8s.io/yaml writes,
// which Decode reads back to the same Job.
func TestRandomJobsEncodeAsK8s(t *testing.T) {
	f := wireFiller(2, metav1.TypeMeta{Kind: "Job", APIVersion: "batch/v1"})
	n := 1000
	for i := 0; i < n; i++ {
		var j batchv1.Job
		f.Fill(&j)
		jn, kj := wireNormal(t, &j)
		job, err := conversion.DecodeWith(kj, conversion.WithoutDefaults())
		if err != nil {
			t.Fatalf("%d: jobkit cannot decode k8s JSON: %v\n%s", i, err, kj)
		}
		if u := wireUnknownPaths(reflect.ValueOf(*job), "job"); len(u) > 0 {
			t.Fatalf("%d: members jobkit does not model: %v", i, u)
		}
		jj, err := conversion.EncodeJSON(job, "batch/v1")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(string(kj), string(jj)); d != "" {
			t.Fatalf("%d: JSON, k8s vs jobkit (-k8s +jobkit):\n%s", i, d)
		}
		ky, err := yaml.Marshal(jn)
		if err != nil {
			t.Fatal(err)
		}
		jy, err := conversion.Encode(job, "batch/v1")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(string(ky), string(jy)); d != "" {
			t.Fatalf("%d: YAML, k8s vs jobkit (-k8s +jobkit):\n%s", i, d)
		}
		// and jobkit reads sigs.k8s.io/yaml's YAML to the same Job
		fromYAML, err := conversion.DecodeWith(ky, conversion.WithoutDefaults())
		if err != nil {
			t.Fatalf("%d: jobkit cannot decode k8s YAML: %v\n%s", i, err, ky)
		}
		if back, err := conversion.EncodeJSON(fromYAML, "batch/v1"); err != nil || string(back) != string(kj) {
			t.Fatalf("%d: the Job read from k8s YAML encodes differently: %v\n%s\n%s", i, err, kj, back)
		}
	}
	t.Logf("%d random Jobs identical in JSON and YAML", n)
}
