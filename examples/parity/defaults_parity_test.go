package parity

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	podutil "k8s.io/kubernetes/pkg/api/pod"
	"k8s.io/kubernetes/pkg/apis/batch"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	api "k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	"k8s.io/kubernetes/pkg/features"

	"github.com/jobkit/jobkit/jobapi/core"
)

// The defaults parity test decodes the same batch/v1 Job manifest as a
// v1.36 API server stores it and as jobkit does, and compares the two
// JSON documents.
//
// Kubernetes' side: json into k8s.io/api's batch/v1 Job, the legacy
// scheme's defaulting (batch/v1's SetObjectDefaults_Job, which runs the
// core/v1 defaulters over the pod template), conversion to the internal
// type, the pod template's DropDisabledTemplateFields (as the Job
// strategy's PrepareForCreate does), conversion back to batch/v1 and
// json: the object the API server writes to storage.
//
// jobkit's side: conversion.Decode (which applies batch/v1's defaults and
// the pod template's), core.DropDisabledTemplateFields, and
// conversion.EncodeJSON in batch/v1.

// kubeStored returns the JSON a v1.36 API server stores for a batch/v1
// Job manifest, apart from the fields the generic store sets (uid,
// creationTimestamp, ...) and the selector Job creation generates.
func kubeStored(data []byte) ([]byte, error) {
	var in batchv1.Job
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	legacyscheme.Scheme.Default(&in)
	var internal batch.Job
	if err := legacyscheme.Scheme.Convert(&in, &internal, nil); err != nil {
		return nil, err
	}
	podutil.DropDisabledTemplateFields(&internal.Spec.Template, nil)
	var out batchv1.Job
	if err := legacyscheme.Scheme.Convert(&internal, &out, nil); err != nil {
		return nil, err
	}
	out.APIVersion, out.Kind = "batch/v1", "Job"
	return json.Marshal(&out)
}

// jobkitStoredTemplate is jobkit's answer for the pod template of the
// same manifest, through package core alone: the template decoded into
// core.PodTemplateSpec, defaulted, its disabled fields dropped, encoded.
func jobkitStoredTemplate(data []byte) ([]byte, error) {
	var job struct {
		Spec struct {
			Template json.RawMessage `json:"template"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(data, &job); err != nil {
		return nil, err
	}
	var tmpl core.PodTemplateSpec
	if err := json.Unmarshal(job.Spec.Template, &tmpl); err != nil {
		return nil, err
	}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	core.DropDisabledTemplateFields(&tmpl, nil)
	return json.Marshal(&tmpl)
}

// storedTemplate returns the normalized spec.template of a stored Job.
func storedTemplate(t *testing.T, data []byte) any {
	t.Helper()
	m := normalizeStored(t, data)
	spec, _ := m["spec"].(map[string]any)
	return spec["template"]
}

// normalizeStored parses a stored Job's JSON for comparison, dropping
// what is not about defaulting: the Job's status, the null
// creationTimestamp Kubernetes' ObjectMeta writes for an unset time, and
// spec.manualSelector (Kubernetes defaults it to false; jobkit's batch/v1
// defaults leave it unset by design, see jobapi/v1.SetDefaults).
func normalizeStored(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("stored JSON does not parse: %v\n%s", err, data)
	}
	delete(m, "status")
	dropNullTimestamps(m)
	if spec, ok := m["spec"].(map[string]any); ok {
		delete(spec, "manualSelector")
	}
	return m
}

// dropNullTimestamps removes every `creationTimestamp: null` member.
func dropNullTimestamps(v any) {
	switch v := v.(type) {
	case map[string]any:
		if ts, ok := v["creationTimestamp"]; ok && ts == nil {
			delete(v, "creationTimestamp")
		}
		for _, e := range v {
			dropNullTimestamps(e)
		}
	case []any:
		for _, e := range v {
			dropNullTimestamps(e)
		}
	}
}

// TestDefaultsFeatureGates checks that the Kubernetes side runs with the
// default gates of v1.36 jobkit's defaults and dropped fields assume.
func TestDefaultsFeatureGates(t *testing.T) {
	want := map[featuregate.Feature]bool{
		features.ImageVolume:                  true,
		features.PodLevelResources:            true,
		features.ContainerStopSignals:         false,
		features.ClusterTrustBundleProjection: false,
		features.PodCertificateRequest:        false,
		features.GenericWorkload:              false,
		features.EnvFiles:                     true,
		features.SidecarContainers:            true,
		features.JobPodReplacementPolicy:      true,
	}
	for gate, on := range want {
		if got := utilfeature.DefaultFeatureGate.Enabled(gate); got != on {
			t.Errorf("feature gate %s: enabled %v, want %v", gate, got, on)
		}
	}
}

// TestDefaultsParityGeneratedPodTemplates compares, through package core
// alone, the stored form of pod templates generated over every field of
// k8s.io/api's PodTemplateSpec.
func TestDefaultsParityGeneratedPodTemplates(t *testing.T) {
	const seed, n = 20261123, 5000
	g := newTemplateGen(seed)
	var compared, differing, defaulted int
	seen := map[string]bool{}
	for i := range n {
		job := batchv1.Job{
			TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("job-%d", i), Namespace: "default"},
			Spec:       batchv1.JobSpec{Template: g.template()},
		}
		data, err := json.Marshal(&job)
		if err != nil {
			t.Fatal(err)
		}
		var input any
		if err := json.Unmarshal(data, &input); err != nil {
			t.Fatal(err)
		}
		tmplJSON := input.(map[string]any)["spec"].(map[string]any)["template"]
		collectJSONPaths(tmplJSON, "", seen)
		want, err := kubeStored(data)
		if err != nil {
			t.Fatalf("template %d: Kubernetes: %v", i, err)
		}
		if !cmp.Equal(storedTemplate(t, data), storedTemplate(t, want)) {
			defaulted++
		}
		got, err := jobkitStoredTemplate(data)
		if err != nil {
			t.Errorf("template %d: jobkit rejects what Kubernetes stores: %v\n%s", i, err, data)
			differing++
			continue
		}
		compared++
		wrapped := []byte(`{"spec":{"template":` + string(got) + `}}`)
		if d := cmp.Diff(storedTemplate(t, want), storedTemplate(t, wrapped)); d != "" {
			differing++
			if differing <= 5 {
				t.Errorf("template %d: stored template differs (-kubernetes +jobkit):\n%s\ninput: %s", i, d, data)
			}
		}
	}
	all := map[string]bool{}
	collectTypePaths(reflect.TypeOf(corev1.PodTemplateSpec{}), "", all)
	var missing []string
	for p := range all {
		if !seen[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the generator never set %d of the %d fields of PodTemplateSpec: %v", len(missing), len(all), missing)
	}
	t.Logf("seed %d: %d generated pod templates (covering %d of %d PodTemplateSpec field paths), %d changed by Kubernetes' defaulting; %d compared, %d differ",
		seed, n, len(all)-len(missing), len(all), defaulted, compared, differing)
	if differing > 0 {
		t.Errorf("%d of %d generated pod templates differ", differing, n)
	}
}

// collectJSONPaths adds to seen the path of every member of the JSON
// value v, array elements written as [] (a.b[].c).
func collectJSONPaths(v any, prefix string, seen map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			p := prefix + "." + k
			seen[p] = true
			if opaqueMaps[p] {
				continue
			}
			collectJSONPaths(e, p, seen)
		}
	case []any:
		for _, e := range v {
			collectJSONPaths(e, prefix+"[]", seen)
		}
	}
}

// opaqueMaps are the paths whose JSON object is a map keyed by the user
// (labels, resource lists, ...), which collectJSONPaths does not descend
// into; collectTypePaths stops at every Go map the same way.
var opaqueMaps = map[string]bool{}

// collectTypePaths adds to all the JSON path of every field of t, as
// encoding/json names them, stopping at quantities, int-or-strings, times,
// object metadata and maps.
func collectTypePaths(t reflect.Type, prefix string, all map[string]bool) {
	switch t {
	case reflect.TypeOf(metav1.ObjectMeta{}), reflect.TypeOf(metav1.Time{}):
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		collectTypePaths(t.Elem(), prefix, all)
		return
	case reflect.Slice:
		collectTypePaths(t.Elem(), prefix+"[]", all)
		return
	case reflect.Map:
		opaqueMaps[prefix] = true
		return
	case reflect.Struct:
	default:
		return
	}
	if t.PkgPath() == "k8s.io/apimachinery/pkg/api/resource" || t.PkgPath() == "k8s.io/apimachinery/pkg/util/intstr" {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			collectTypePaths(f.Type, prefix, all)
			continue
		}
		p := prefix + "." + name
		all[p] = true
		collectTypePaths(f.Type, p, all)
	}
}

// kubeDefaultedPod returns the JSON of a v1 Pod after the API server's
// decoding: the legacy scheme's defaulting (SetObjectDefaults_Pod) and
// the round trip through the internal version. Feature-gated fields are
// not dropped here: the Pod create path's status drops are not modelled
// by jobkit.
func kubeDefaultedPod(data []byte) ([]byte, error) {
	var in corev1.Pod
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	legacyscheme.Scheme.Default(&in)
	var internal api.Pod
	if err := legacyscheme.Scheme.Convert(&in, &internal, nil); err != nil {
		return nil, err
	}
	var out corev1.Pod
	if err := legacyscheme.Scheme.Convert(&internal, &out, nil); err != nil {
		return nil, err
	}
	out.APIVersion, out.Kind = "v1", "Pod"
	return json.Marshal(&out)
}

// jobkitDefaultedPod is jobkit's answer: core.SetDefaultsPod.
func jobkitDefaultedPod(data []byte) ([]byte, error) {
	var p core.Pod
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, err
	}
	core.SetDefaultsPod(&p)
	return json.Marshal(&p)
}

// TestDefaultsParityGeneratedPods compares the defaulted form of Pods
// whose spec is generated as the templates are, and whose status is
// generated over every field of k8s.io/api's PodStatus.
func TestDefaultsParityGeneratedPods(t *testing.T) {
	const seed, n = 777, 3000
	g := newTemplateGen(seed)
	var compared, differing int
	for i := range n {
		tmpl := g.template()
		pod := corev1.Pod{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"}, ObjectMeta: tmpl.ObjectMeta, Spec: tmpl.Spec}
		if g.chance(0.5) {
			g.fill(reflect.ValueOf(&pod.Status).Elem(), "", 0)
		}
		if g.chance(0.2) {
			pod.Spec.HostNetwork = true
		}
		if g.chance(0.1) {
			pod.Annotations = map[string]string{"pod.beta.kubernetes.io/init-containers": "[]", "keep": "x"}
		}
		data, err := json.Marshal(&pod)
		if err != nil {
			t.Fatal(err)
		}
		want, err := kubeDefaultedPod(data)
		if err != nil {
			t.Fatalf("pod %d: Kubernetes: %v", i, err)
		}
		got, err := jobkitDefaultedPod(data)
		if err != nil {
			t.Errorf("pod %d: jobkit: %v\n%s", i, err, data)
			differing++
			continue
		}
		compared++
		if d := cmp.Diff(normalizePod(t, want), normalizePod(t, got)); d != "" {
			differing++
			if differing <= 5 {
				t.Errorf("pod %d: defaulted Pod differs (-kubernetes +jobkit):\n%s\ninput: %s", i, d, data)
			}
		}
	}
	t.Logf("seed %d: %d generated Pods compared, %d differ", seed, compared, differing)
	if differing > 0 {
		t.Errorf("%d of %d generated Pods differ", differing, n)
	}
}

// normalizePod parses a Pod's JSON for comparison, status included,
// dropping only the null creationTimestamp of unset metadata times.
func normalizePod(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("Pod JSON does not parse: %v\n%s", err, data)
	}
	dropNullTimestamps(m)
	return m
}
