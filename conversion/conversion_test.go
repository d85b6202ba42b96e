package conversion_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
	"github.com/jobkit/jobkit/selector"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func ptr[T any](v T) *T { return &v }

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

// TestGolden decodes real manifests and encodes them in every version.
func TestGolden(t *testing.T) {
	tests := []struct {
		name  string
		input string
	}{
		{"kubectl get job -o yaml of an Indexed Job with podFailurePolicy, tolerations, resources, a downwardAPI volume and full status", "kubectl-indexed.yaml"},
		{"the pi Job of the Kubernetes docs", "pi.yaml"},
		{"an extensions/v1beta1 Job of the 2016 docs", "v1beta1-2016.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := conversion.Decode(readTestdata(t, tt.input))
			require.NoError(t, err)
			for _, v := range conversion.SupportedVersions() {
				got, err := conversion.Encode(job, v)
				require.NoError(t, err)
				golden := filepath.Join("testdata", strings.TrimSuffix(tt.input, ".yaml")+"."+strings.ReplaceAll(v, "/", "-")+".golden.yaml")
				if *update {
					require.NoError(t, os.WriteFile(golden, got, 0o644))
					continue
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run go test -update to create it")
				if diff := cmp.Diff(string(want), string(got)); diff != "" {
					t.Errorf("%s (-want +got):\n%s", golden, diff)
				}
			}
		})
	}
}

// asValue decodes YAML or JSON into plain Go values for comparison.
func asValue(t *testing.T, data []byte) any {
	t.Helper()
	j, err := yaml.YAMLToJSON(data)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(j, &v))
	return v
}

// TestKubectlManifestRoundTripsUnchanged: what `kubectl get job -o yaml`
// prints comes back from Decode and Encode with no field lost or changed.
func TestKubectlManifestRoundTripsUnchanged(t *testing.T) {
	in := readTestdata(t, "kubectl-indexed.yaml")
	job, err := conversion.Decode(in)
	require.NoError(t, err)
	out, err := conversion.Encode(job, v1.GroupVersion)
	require.NoError(t, err)
	if diff := cmp.Diff(asValue(t, in), asValue(t, out)); diff != "" {
		t.Errorf("the manifest changed (-in +out):\n%s", diff)
	}
	// And through extensions/v1beta1 and back: the same, but for the
	// explicit `manualSelector: false`, which comes back unset (the
	// seed's documented loss).
	beta, err := conversion.Encode(job, v1beta1.GroupVersion)
	require.NoError(t, err)
	job2, err := conversion.Decode(beta)
	require.NoError(t, err)
	out2, err := conversion.Encode(job2, v1.GroupVersion)
	require.NoError(t, err)
	want := asValue(t, in)
	delete(want.(map[string]any)["spec"].(map[string]any), "manualSelector")
	if diff := cmp.Diff(want, asValue(t, out2)); diff != "" {
		t.Errorf("the manifest changed through extensions/v1beta1 (-in +out):\n%s", diff)
	}
}

func TestDecodeReadsJSONAndYAMLAlike(t *testing.T) {
	in := readTestdata(t, "kubectl-indexed.yaml")
	j, err := yaml.YAMLToJSON(in)
	require.NoError(t, err)
	fromYAML, err := conversion.Decode(in)
	require.NoError(t, err)
	fromJSON, err := conversion.Decode(j)
	require.NoError(t, err)
	if diff := cmp.Diff(fromYAML, fromJSON); diff != "" {
		t.Errorf("(-yaml +json):\n%s", diff)
	}
}

func TestDecodeAppliesTheVersionDefaults(t *testing.T) {
	tests := []struct {
		name  string
		input string
		opts  []conversion.Option
		want  jobapi.JobSpec // the fields checked: see got below
	}{
		{"batch/v1 defaults", "pi.yaml", nil, jobapi.JobSpec{
			Completions: ptr[int32](1), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](4),
			CompletionMode: ptr(jobapi.NonIndexedCompletion), Suspend: ptr(false),
			PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed),
		}},
		{"no defaults when asked", "pi.yaml", []conversion.Option{conversion.WithoutDefaults()}, jobapi.JobSpec{
			BackoffLimit: ptr[int32](4),
		}},
		{"extensions/v1beta1 defaults: the selector from the template's labels, in manual mode", "v1beta1-2016.yaml", nil, jobapi.JobSpec{
			Completions: ptr[int32](1), Parallelism: ptr[int32](1),
			Selector:       &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}},
			ManualSelector: ptr(true),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := conversion.DecodeWith(readTestdata(t, tt.input), tt.opts...)
			require.NoError(t, err)
			s := job.Spec
			got := jobapi.JobSpec{Completions: s.Completions, Parallelism: s.Parallelism, BackoffLimit: s.BackoffLimit,
				CompletionMode: s.CompletionMode, Suspend: s.Suspend, PodReplacementPolicy: s.PodReplacementPolicy,
				Selector: s.Selector, ManualSelector: s.ManualSelector}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeRecordsTheSourceVersion(t *testing.T) {
	for _, tt := range []struct{ input, want string }{
		{"pi.yaml", v1.GroupVersion},
		{"v1beta1-2016.yaml", v1beta1.GroupVersion},
	} {
		t.Run(tt.input, func(t *testing.T) {
			job, err := conversion.Decode(readTestdata(t, tt.input))
			require.NoError(t, err)
			if diff := cmp.Diff(meta.TypeMeta{Kind: "Job", APIVersion: tt.want}, job.TypeMeta); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

type fieldErr struct {
	Type  field.ErrorType
	Field string
}

func TestDecodeErrors(t *testing.T) {
	const head = "apiVersion: batch/v1\nkind: Job\n"
	tests := []struct {
		name     string
		in       string
		opts     []conversion.Option
		want     []fieldErr // the field errors, when the error is about fields
		wantText string     // in the message
	}{
		{"empty input", "", nil, nil, "it is empty"},
		{"only space and comments", "  \n# nothing\n", nil, nil, "it is empty"},
		{"a null document", "null\n", nil, nil, "it is empty"},
		{"a YAML list", "- a\n- b\n", nil, nil, "must be an object"},
		{"a JSON list", `[{"apiVersion":"batch/v1"}]`, nil, nil, "must be an object"},
		{"a scalar", "42", nil, nil, "must be an object"},
		{"two documents", head + "---\n" + head, nil, nil, "must hold one document; it holds 2"},
		{"malformed YAML", "spec: [", nil, nil, "conversion: YAML:"},
		{"malformed JSON", `{"spec":`, nil, nil, "conversion: JSON:"},
		{"a YAML key given twice", head + "kind: Job\n", nil, nil, "conversion: YAML:"},
		{"a JSON member given twice", `{"apiVersion":"batch/v1","kind":"Job","spec":{"parallelism":1,"parallelism":2}}`, nil,
			[]fieldErr{{field.ErrorTypeDuplicate, "spec.parallelism"}}, ""},
		{"text that is not UTF-8", head + "metadata: {name: \"\xff\"}\n", nil, nil, "must be UTF-8"},
		{"input over the limit", head, []conversion.Option{conversion.WithMaxBytes(10)}, nil, "must be at most 10 bytes"},
		{"no apiVersion", "kind: Job\n", nil, []fieldErr{{field.ErrorTypeRequired, "apiVersion"}}, ""},
		{"an unknown apiVersion", "apiVersion: batch/v2\nkind: Job\n", nil,
			[]fieldErr{{field.ErrorTypeNotSupported, "apiVersion"}}, `supported values: "batch/v1", "extensions/v1beta1"`},
		{"another kind", "apiVersion: batch/v1\nkind: CronJob\n", nil, []fieldErr{{field.ErrorTypeNotSupported, "kind"}}, `"CronJob"`},
		{"no kind", "apiVersion: batch/v1\n", nil, []fieldErr{{field.ErrorTypeRequired, "kind"}}, ""},
		{"an apiVersion that is not a string", "apiVersion: 1\nkind: Job\n", nil, []fieldErr{{field.ErrorTypeTypeInvalid, "apiVersion"}}, ""},
		{"completions: many", head + "spec:\n  completions: many\n", nil,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.completions"}}, `spec.completions: Invalid value: "many": must be an integer`},
		{"completions out of range", head + "spec:\n  completions: 3000000000\n", nil,
			[]fieldErr{{field.ErrorTypeInvalid, "spec.completions"}}, "must be less than or equal to 2147483647"},
		{"a fraction", head + "spec:\n  parallelism: 1.5\n", nil, []fieldErr{{field.ErrorTypeTypeInvalid, "spec.parallelism"}}, ""},
		{"a label that is a number", head + "metadata:\n  labels:\n    a: 1\n", nil, []fieldErr{{field.ErrorTypeTypeInvalid, "metadata.labels[a]"}}, ""},
		{"a wrong type deep in the template", head + "spec:\n  template:\n    spec:\n      containers:\n      - name: a\n        command: echo\n", nil,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.template.spec.containers[0].command"}}, "must be a list"},
		{"autoSelector in batch/v1", head + "spec:\n  autoSelector: true\n", nil, []fieldErr{{field.ErrorTypeForbidden, "spec.autoSelector"}}, "manualSelector"},
		{"manualSelector in extensions/v1beta1", "apiVersion: extensions/v1beta1\nkind: Job\nspec:\n  manualSelector: true\n", nil,
			[]fieldErr{{field.ErrorTypeForbidden, "spec.manualSelector"}}, "autoSelector"},
		{"a value that does not decode hides a selector member jobkit cannot keep", head + "spec:\n  parallelism: x\n  selector:\n    matchLabel: {a: b}\n", nil,
			[]fieldErr{{field.ErrorTypeTypeInvalid, "spec.parallelism"}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := conversion.DecodeWith([]byte(tt.in), tt.opts...)
			require.Error(t, err)
			require.Nil(t, job)
			var got []fieldErr
			for _, e := range field.AsErrorList(err) {
				got = append(got, fieldErr{e.Type, e.Field})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("field errors (-want +got):\n%s\n%v", diff, err)
			}
			if !strings.HasPrefix(err.Error(), "conversion: ") || !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q must start with 'conversion: ' and say %q", err, tt.wantText)
			}
		})
	}
}

// TestDecodeReportsOnlyTheSyntaxError: JSON that is not JSON is reported
// as encoding/json words it, after "conversion: JSON: ", and alone: the
// errors of the fields read before the decoder found it are not reported,
// in either version.
func TestDecodeReportsOnlyTheSyntaxError(t *testing.T) {
	tests := []struct {
		name, in string
	}{
		{"a missing comma after a wrong type", `{"apiVersion":"batch/v1","kind":"Job","spec":{"completions":"many"} "status":{}}`},
		{"a bad literal after an integer out of range", `{"apiVersion":"batch/v1","kind":"Job","spec":{"completions":3000000000,"suspend":tru}}`},
		{"a trailing comma after a member given twice", `{"apiVersion":"extensions/v1beta1","kind":"Job","spec":{"parallelism":1,"parallelism":2,}}`},
		{"text after the Job, after a label that is a number", `{"apiVersion":"batch/v1","kind":"Job","metadata":{"labels":{"a":1}}}]`},
		{"a bad escape after a wrong type deep in the template", `{"apiVersion":"batch/v1","kind":"Job","spec":{"template":{"spec":{"containers":[{"name":"a","command":"echo"}],"nodeName":"\q"}}}}`},
		{"a truncated list after an unknown member", `{"apiVersion":"extensions/v1beta1","kind":"Job","x":1,"spec":{"template":{"spec":{"containers":[{"name":1},`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var x any
			syntax := json.Unmarshal([]byte(tt.in), &x)
			var se *json.SyntaxError
			require.ErrorAs(t, syntax, &se)
			job, err := conversion.Decode([]byte(tt.in))
			require.Nil(t, job)
			require.ErrorAs(t, err, &se)
			require.Equal(t, "conversion: JSON: "+syntax.Error(), err.Error())
			require.Empty(t, field.AsErrorList(err))
		})
	}
}

// TestDecodeRejectsAliasBombs: a YAML alias bomb fails fast, without
// expanding: the work done is bounded (counted in bytes allocated, not
// time).
func TestDecodeRejectsAliasBombs(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: batch/v1\nkind: Job\nmetadata:\n  annotations:\n    a0: &a0 [\"lol\"]\n")
	for i := 1; i <= 9; i++ {
		b.WriteString("    a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	bomb := []byte(b.String())
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := conversion.Decode(bomb)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	require.Contains(t, err.Error(), "aliasing")
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("decoding a %d-byte alias bomb allocated %d bytes; want at most 64 MiB", len(bomb), alloc)
	}
}

func TestDecodeAcceptsModestAliases(t *testing.T) {
	in := "apiVersion: batch/v1\nkind: Job\nmetadata:\n  labels: &l {app: pi}\nspec:\n  template:\n    metadata:\n      labels: *l\n"
	job, err := conversion.Decode([]byte(in))
	require.NoError(t, err)
	if diff := cmp.Diff(map[string]string{"app": "pi"}, job.Spec.Template.ObjectMeta.Labels); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name    string
		job     *jobapi.Job
		version string
		want    string
	}{
		{"an unknown version", &jobapi.Job{}, "batch/v2", `apiVersion: Unsupported value: "batch/v2"`},
		{"a nil Job", nil, "batch/v1", "must not be nil"},
		{"an unknown member that names a modeled field", &jobapi.Job{Spec: jobapi.JobSpec{Unknown: meta.Unknown{"suspend": meta.RawJSON("true")}}}, "batch/v1", `"suspend"`},
		{"the other version's selector field kept as unknown", &jobapi.Job{Spec: jobapi.JobSpec{Unknown: meta.Unknown{"autoSelector": meta.RawJSON("true")}}}, "extensions/v1beta1", `"autoSelector"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := conversion.Encode(tt.job, tt.version)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error saying %q", err, tt.want)
			}
			_, jerr := conversion.EncodeJSON(tt.job, tt.version)
			require.Equal(t, err, jerr, "EncodeJSON")
			buf := []byte("held")
			out, aerr := conversion.AppendJSON(buf, tt.job, tt.version)
			require.Equal(t, err, aerr, "AppendJSON")
			require.Equal(t, "held", string(out), "AppendJSON returns its buffer as given")
		})
	}
}

// TestAppendJSON: AppendJSON appends exactly what EncodeJSON returns, in
// both versions, after what the buffer holds; a buffer passed again once
// large enough is reused without an allocation.
func TestAppendJSON(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		hub := conversion.FromV1(randomV1(t, seed))
		for _, version := range conversion.SupportedVersions() {
			want, err := conversion.EncodeJSON(hub, version)
			require.NoError(t, err)
			got, err := conversion.AppendJSON([]byte("prefix:"), hub, version)
			require.NoError(t, err)
			if diff := cmp.Diff("prefix:"+string(want), string(got)); diff != "" {
				t.Fatalf("seed %d, %s (-EncodeJSON +AppendJSON):\n%s", seed, version, diff)
			}
		}
	}

	job, err := conversion.Decode(readTestdata(t, "kubectl-indexed.yaml"))
	require.NoError(t, err)
	buf, err := conversion.AppendJSON(nil, job, "batch/v1")
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(20, func() {
		if buf, err = conversion.AppendJSON(buf[:0], job, "batch/v1"); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs, "allocations when the buffer is reused")
}

func TestEncodeLeavesTheJobAlone(t *testing.T) {
	job, err := conversion.Decode(readTestdata(t, "kubectl-indexed.yaml"))
	require.NoError(t, err)
	before := job.DeepCopy()
	for _, v := range conversion.SupportedVersions() {
		_, err := conversion.Encode(job, v)
		require.NoError(t, err)
	}
	if diff := cmp.Diff(before, job); diff != "" {
		t.Errorf("Encode changed its argument (-before +after):\n%s", diff)
	}
}

// randomWire returns a wire object filled at random from seed (every
// field, unknown members at every level), its apiVersion and kind set by
// typed.
func randomWire[W any](t testing.TB, seed uint64, typed func(*W)) *W {
	w := new(W)
	jobtest.Fill(t, w, seed)
	typed(w)
	return w
}

func randomV1(t testing.TB, seed uint64) *v1.Job {
	return randomWire(t, seed, func(j *v1.Job) { j.TypeMeta = meta.TypeMeta{Kind: v1.Kind, APIVersion: v1.GroupVersion} })
}

func randomV1beta1(t testing.TB, seed uint64) *v1beta1.Job {
	return randomWire(t, seed, func(j *v1beta1.Job) {
		j.TypeMeta = meta.TypeMeta{Kind: v1beta1.Kind, APIVersion: v1beta1.GroupVersion}
	})
}

// encoder writes a hub object in a version: a YAML or JSON encoder of
// package conversion.
type encoder[H any] struct {
	name string
	fn   func(*H, string) ([]byte, error)
}

// roundTrip is one version's converters and codecs, for the round-trip
// tests: wire (W) → hub (H) → wire must give back the input, in memory
// and through every encoder and the decoder, with no memory shared
// between a converter's argument and its result.
type roundTrip[W, H any] struct {
	version  string
	from     func(*W) *H
	to       func(*H) *W
	encoders []encoder[H]
	decode   func([]byte) (*H, error)
	// throughText are the cmp options of the comparison after encoding:
	// what a JSON round trip may change.
	throughText []cmp.Option
}

// check converts in and compares what comes back with want.
func (rt roundTrip[W, H]) check(t *testing.T, seed uint64, in, want *W) {
	t.Helper()
	hub := rt.from(in)
	if s := jobtest.SharedMemory(in, hub); len(s) > 0 {
		t.Fatalf("seed %d: %s → hub shares memory with its argument at %v", seed, rt.version, s)
	}
	back := rt.to(hub)
	if s := jobtest.SharedMemory(hub, back); len(s) > 0 {
		t.Fatalf("seed %d: hub → %s shares memory with its argument at %v", seed, rt.version, s)
	}
	if diff := cmp.Diff(want, back); diff != "" {
		t.Fatalf("seed %d: in memory (-want +got):\n%s", seed, diff)
	}
	for _, enc := range rt.encoders {
		data, err := enc.fn(hub, rt.version)
		require.NoError(t, err, "seed %d", seed)
		decoded, err := rt.decode(data)
		require.NoError(t, err, "seed %d:\n%s", seed, data)
		if diff := cmp.Diff(want, rt.to(decoded), rt.throughText...); diff != "" {
			t.Fatalf("seed %d: through %s (-want +got):\n%s\n%s", seed, enc.name, diff, data)
		}
	}
}

// decodeJobWithoutDefaults reads a Job as written, for the round trips.
func decodeJobWithoutDefaults(data []byte) (*jobapi.Job, error) {
	return conversion.DecodeWith(data, conversion.WithoutDefaults())
}

// TestV1RoundTripIsIdentity: batch/v1 → hub → batch/v1 gives back every
// input exactly, in memory and through JSON and YAML.
func TestV1RoundTripIsIdentity(t *testing.T) {
	rt := roundTrip[v1.Job, jobapi.Job]{version: v1.GroupVersion, from: conversion.FromV1, to: conversion.ToV1,
		encoders: []encoder[jobapi.Job]{{"JSON", conversion.EncodeJSON}, {"YAML", conversion.Encode}},
		decode:   decodeJobWithoutDefaults}
	for seed := uint64(0); seed < 100; seed++ {
		in := randomV1(t, seed)
		rt.check(t, seed, in, in)
	}
}

// TestV1beta1RoundTripIsIdentityExceptExplicitFalse: extensions/v1beta1 →
// hub → extensions/v1beta1 gives back every input, except that an
// explicit `autoSelector: false` comes back unset (the seed's documented
// loss).
func TestV1beta1RoundTripIsIdentityExceptExplicitFalse(t *testing.T) {
	rt := roundTrip[v1beta1.Job, jobapi.Job]{version: v1beta1.GroupVersion, from: conversion.FromV1beta1, to: conversion.ToV1beta1,
		encoders: []encoder[jobapi.Job]{{"YAML", conversion.Encode}},
		decode:   decodeJobWithoutDefaults}
	sawFalse := false
	for seed := uint64(0); seed < 100; seed++ {
		in := randomV1beta1(t, seed)
		want := in.DeepCopy()
		if want.Spec.AutoSelector != nil && !*want.Spec.AutoSelector {
			want.Spec.AutoSelector = nil
			sawFalse = true
		}
		rt.check(t, seed, in, want)
	}
	if !sawFalse {
		t.Errorf("no input had autoSelector: false; the lossy case went untested")
	}
}
