package codec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/internal/gen/fixture"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/jsonimpl"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// decodeTarget is a type with a generated decoder.
type decodeTarget interface{ json.Unmarshaler }

// decodeTargets are the types the differential decoding tests decode
// into: the wire Jobs of both versions, the hub Job, a Pod and the
// generator's fixture, which holds a field of every shape.
var decodeTargets = []struct {
	name string
	new  func() decodeTarget
	// noFill: jobtest.Fill cannot fill the type (floats).
	noFill bool
}{
	{"v1.Job", func() decodeTarget { return new(v1.Job) }, false},
	{"v1beta1.Job", func() decodeTarget { return new(v1beta1.Job) }, false},
	{"jobapi.Job", func() decodeTarget { return new(jobapi.Job) }, false},
	{"core.Pod", func() decodeTarget { return new(core.Pod) }, false},
	{"core.PodTemplateSpec", func() decodeTarget { return new(core.PodTemplateSpec) }, false},
	{"fixture.Widget", func() decodeTarget { return new(fixture.Widget) }, false},
	{"fixture.Scalars", func() decodeTarget { return new(fixture.Scalars) }, true},
}

// allFields lets cmp look at unexported fields (a Quantity's), so that
// objects compare completely; types with an Equal method (Unknown,
// RawJSON, time.Time) are compared with it.
var allFields = cmp.Exporter(func(reflect.Type) bool { return true })

// objectDiff is cmp.Diff(want, got, allFields), with reflect.DeepEqual
// first: objects that are deeply equal are equal under cmp too, and
// DeepEqual is many times faster on the large objects a fuzz target
// compares thousands of times.
func objectDiff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return cmp.Diff(want, got, allFields)
}

// checkSameDecoding fails unless the typed decoder (UnmarshalJSON) and the
// reflection decoder give equal objects and equal errors for data, decoded
// into a fresh value and into a value filled from seed; and unless the
// decoding that checks the text as it reads it (StartNew, and the
// generated UnmarshalNewJSON) gives what UnmarshalJSON gives into a fresh
// value.
func checkSameDecoding(t testing.TB, data []byte, seed uint64) {
	t.Helper()
	for _, tt := range decodeTargets {
		checkNewDecoding(t, tt.name, data, tt.new, seed)
		for _, filled := range []bool{false, true} {
			if filled && tt.noFill {
				continue
			}
			want, got := tt.new(), tt.new()
			if filled {
				jobtest.Fill(t, want, seed)
				jobtest.Fill(t, got, seed)
			}
			wantErr := codec.ReflectUnmarshal(data, want)
			gotErr := got.(json.Unmarshaler).UnmarshalJSON(data)
			if diff := cmp.Diff(errText(wantErr), errText(gotErr)); diff != "" {
				t.Fatalf("%s (filled %v): error (-reflection +typed):\n%s\ninput: %s", tt.name, filled, diff, data)
			}
			var se *json.SyntaxError
			if errors.As(wantErr, &se) != errors.As(gotErr, &se) {
				t.Fatalf("%s: a *json.SyntaxError from one decoder only: %v, %v", tt.name, wantErr, gotErr)
			}
			if diff := objectDiff(want, got); diff != "" {
				t.Fatalf("%s (filled %v): object (-reflection +typed):\n%s\ninput: %s", tt.name, filled, diff, data)
			}
		}
	}
}

// newUnmarshaler is a type with a generated UnmarshalNewJSON method.
type newUnmarshaler interface {
	UnmarshalNewJSON(data []byte) error
}

// checkNewDecoding fails unless a decoding started with StartNew reports
// the text checked exactly when it is JSON (or, for JSON, when it nests
// deeper than the check follows), and then gives the object and the
// errors Start gives; and unless UnmarshalNewJSON, into a value filled
// from seed, gives what UnmarshalJSON gives into a fresh value, a
// *json.SyntaxError included, which leaves the value zero.
func checkNewDecoding(t testing.TB, name string, data []byte, newV func() decodeTarget, seed uint64) {
	t.Helper()
	want := newV()
	wantErr := want.(json.Unmarshaler).UnmarshalJSON(data)

	// A shared type's exported DecodeJSON lets the test drive StartNew
	// itself; for the others, UnmarshalNewJSON below is the check.
	got := newV()
	if shared, ok := got.(interface{ DecodeJSON(*jsonimpl.Decoder) }); ok {
		var d codec.Decoder
		d.StartNew(data)
		shared.DecodeJSON((*jsonimpl.Decoder)(&d))
		switch checked, valid := d.Checked(), json.Valid(data); {
		case checked && !valid:
			t.Fatalf("%s: StartNew accepts text that is not JSON: %q", name, data)
		case !checked && valid && nesting(data) <= 512:
			t.Fatalf("%s: StartNew refuses JSON: %q", name, data)
		case checked:
			if diff := cmp.Diff(errText(wantErr), errText(d.Err())); diff != "" {
				t.Fatalf("%s: error (-Start +StartNew):\n%s\ninput: %s", name, diff, data)
			}
			if diff := objectDiff(want, got); diff != "" {
				t.Fatalf("%s: object (-Start +StartNew):\n%s\ninput: %s", name, diff, data)
			}
		}
	}

	v := newV()
	nu, ok := v.(newUnmarshaler)
	if !ok {
		return
	}
	if _, noFill := v.(*fixture.Scalars); !noFill {
		jobtest.Fill(t, v, seed)
	}
	gotErr := nu.UnmarshalNewJSON(data)
	if diff := cmp.Diff(errText(wantErr), errText(gotErr)); diff != "" {
		t.Fatalf("%s: error (-UnmarshalJSON +UnmarshalNewJSON):\n%s\ninput: %s", name, diff, data)
	}
	var se *json.SyntaxError
	if errors.As(wantErr, &se) != errors.As(gotErr, &se) {
		t.Fatalf("%s: a *json.SyntaxError from one decoding only: %v, %v", name, wantErr, gotErr)
	}
	if diff := objectDiff(want, v); diff != "" {
		t.Fatalf("%s: object (-UnmarshalJSON into a fresh value +UnmarshalNewJSON):\n%s\ninput: %s", name, diff, data)
	}
}

// nesting returns how deep the lists and objects of the JSON text data
// nest.
func nesting(data []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
	}
	return deepest
}

// decodeSeeds returns the seed inputs of the differential test: every
// fixture of the repository, randomly filled objects of every target, and
// mutations of the fixtures that exercise each rule.
func decodeSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, data := range fixtures(t) {
		out = append(out, data)
	}
	for i, tt := range decodeTargets {
		for seed := uint64(1); seed <= 4 && !tt.noFill; seed++ {
			v := tt.new()
			jobtest.Fill(t, v, seed+uint64(i)*100)
			data, err := codec.ReflectMarshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, data)
		}
	}
	for _, s := range mutationSeeds {
		out = append(out, []byte(s))
	}
	// Nesting deeper than the fast validation follows: the lists are then
	// counted as they are read.
	deep := strings.Repeat("[", 600) + strings.Repeat("]", 600)
	out = append(out, []byte(`{"x":`+deep+`,"spec":{"template":{"spec":{"containers":[{"name":"a","args":["1","2"]},{}]}}},"tags":["a","b"],"parts":[{"id":1},{"id":2}]}`))
	return out
}

// mutationSeeds are hand-made inputs for every rule of the decoder.
var mutationSeeds = []string{
	// wrong JSON types at every level
	`{"apiVersion":1,"kind":true,"metadata":[],"spec":"x","status":{"active":"1","ready":1.5}}`,
	`{"spec":{"parallelism":"2","completions":2.5,"backoffLimit":1e3,"activeDeadlineSeconds":-1,"suspend":"true","manualSelector":1}}`,
	`{"spec":{"template":{"spec":{"containers":{"name":"c"},"volumes":"v","nodeSelector":["a"],"restartPolicy":null}}}}`,
	`{"spec":{"template":{"spec":{"containers":[{"name":1,"image":null,"ports":[{"containerPort":"80","hostPort":99999999999}],"env":[1,null,{"name":"a","value":2}]}]}}}}`,
	// huge numbers and integer edge cases
	`{"spec":{"parallelism":2147483648,"completions":-2147483649,"backoffLimit":99999999999999999999999,"activeDeadlineSeconds":9223372036854775808,"ttlSecondsAfterFinished":-0}}`,
	`{"status":{"active":-2147483648,"succeeded":2147483647,"failed":1E2,"ready":0.0}}`,
	// duplicates: modeled members, unknown members, map keys
	`{"kind":"Job","kind":"Job","x":1,"x":2,"metadata":{"labels":{"a":"1","a":"2"},"annotations":{"b":"1"},"annotations":{}}}`,
	`{"spec":{"selector":{"matchLabels":{"a":"b","a":"c"},"matchLabels":{},"matchExpressions":[{"key":"k","key":"k","operator":"In","values":["a"]}]}}}`,
	// escaped member names, modeled and not
	`{"\u006bind":"Job","k\u0069nd":1,"sp\u0065c":{},"\u00e9":1,"\ud800":2,"a\"b":3,"metadata":{"n\u0061me":"a","\u0061":1}}`,
	`{"spec":{"selector":{"m\u0061tchLabels":{},"other":1,"\u00e9":[]}}}`,
	// nulls everywhere
	`{"apiVersion":null,"kind":null,"metadata":null,"spec":null,"status":null}`,
	`{"metadata":{"labels":{"a":null},"annotations":null,"ownerReferences":[null,{"controller":null}],"creationTimestamp":null,"deletionTimestamp":null,"managedFields":null},"spec":{"template":{"spec":{"containers":[null],"volumes":null}}}}`,
	`{"spec":{"template":{"spec":{"containers":[{"resources":{"limits":{"cpu":null,"memory":"1Gi"},"requests":{"cpu":"x"}},"ports":[{"containerPort":null}],"livenessProbe":{"httpGet":{"port":null}}}]}}}}`,
	`{"spec":{"selector":null,"podFailurePolicy":{"rules":null},"successPolicy":{"rules":[null]}}}`,
	// unknown members of every JSON type, with space and surrogates
	`{ "zz" : { "b" : [ 1 , 2 ] } , "aa" : null , "s" : "\ud83d\ude00\ud800x" , "n" : -1.5e+10 , "t" : true , "metadata" : { "u" : [ ] } }`,
	// strings with escapes and non-ASCII
	`{"metadata":{"name":"a\nb\u00e9\"\\\/","labels":{"k\u00e9":"v\t"}},"spec":{"template":{"spec":{"containers":[{"name":"\u2028<>&","image":"caf\u00e9"}]}}}}`,
	// long strings with escapes, read after and among skipped ones
	`{"zz":"` + strings.Repeat(`a\"b`, 30) + `","metadata":{"annotations":{"k":"` + strings.Repeat(`x\n\u00e9`, 20) + `","` + strings.Repeat("k", 70) + `":"` + strings.Repeat(`\t`, 40) + `"},"name":"` + strings.Repeat("n", 80) + `"}}`,
	// times, quantities and int-or-strings, valid and not
	`{"metadata":{"creationTimestamp":"2020-01-02T03:04:05Z","deletionTimestamp":"x"},"status":{"startTime":5,"completionTime":""}}`,
	`{"spec":{"template":{"spec":{"containers":[{"resources":{"limits":{"cpu":1.5,"memory":"1Qi","x":{}}}}],"overhead":{"a":"1"}}}}}`,
	`{"spec":{"template":{"spec":{"containers":[{"ports":[{"containerPort":1}],"readinessProbe":{"tcpSocket":{"port":"http"},"httpGet":{"port":1.5}}}]}}}}`,
	// the fixture's shapes
	`{"name":"w","count":"x","part":1,"parts":[{"id":1},{"id":"2"},null],"partPtrs":[null,{"id":3,"z":1}],"tags":[1,"a"],"names":null,"index":{"a":{"id":1},"a":{"id":2}},"byName":{"b":null},"groups":{"g":["a",null]},"lookup":{"l":[{"id":1,"labels":{"x":1}}]},"nested":[[1,2],[3.5],null],"optionalTags":["t"],"selector":{"matchLabels":{"a":"b"},"x":1},"amount":{"digits":"1"},"amounts":{"a":{"digits":null}},"amountPtr":{"digits":1},"plain":{"a":"a","b":"b"},"since":"2020-01-01T00:00:00Z","until":null,"raw":{"a" : 1},"extra":true,"more":1}`,
	`{"amount":{"other":1},"plain":{"c":1},"selector":{"matchExpressions":[{"key":"a","operator":"In","values":"x"}]},"optionalTags":"x","raw":null,"extra":null}`,
	// the types handed to encoding/json
	`{"ratio":1.5e3,"ratioPtr":-0.25,"size":7,"blob":"aGVsbG8=","pair":[1,2]}`,
	`{"ratio":"x","ratioPtr":null,"size":-1,"blob":"not base64!","pair":[1,2,3],"z":1}`,
	`{"ratio":null,"size":4294967296,"blob":[1,2],"pair":{"a":1},"ratioPtr":true}`,
	`{"size":1.5,"blob":null,"pair":null,"ratio":1e400}`,
	// not objects, and text that is not JSON
	`[]`, `null`, `"job"`, `12`, `{"a":1}x`, `{"a":}`, `{"spec":{"parallelism":01}}`, `{`, ``, ` `, `{"a":"\x01"}`, "{\"a\":\"\xff\"}",
	// text that is not JSON after errors of the values, found by each
	// reader when it checks the text as it reads it
	`{"spec":{"parallelism":"x"},"metadata":{"name":1} "x":1}`,
	`{"kind":1,"tags":[1 2]}`, `{"kind":1,"tags":["a",]}`, `{"kind":1,"tags":[,"a"]}`, `{"kind":1,"tags":["a"}`,
	`{"kind":1,"parts":[{"id":1},]}`, `{"kind":1,"part":{"id":1,}}`, `{"kind":1,"part":{,"id":1}}`,
	`{"kind":1,"metadata":{"labels":{"a":"b",}}}`, `{"kind":1,"metadata":{"labels":{"a" "b"}}}`, `{"kind":1,"metadata":{"labels":{"a":"b" "c":"d"}}}`,
	`{"kind":"Job",,"x":1}`, `{,"kind":"Job"}`, `{"kind":"Job":"x"}`, `{"kind" "Job"}`, `{"kind":"Job"]`, `{"kind":"Job"}}`, `{"kind":"Job"} {}`, `{"kind":"Job"} x`,
	`{"kind":1,"spec":{"parallelism":1-2}}`, `{"kind":1,"spec":{"parallelism":-}}`, `{"kind":1,"spec":{"parallelism":1.}}`, `{"kind":1,"spec":{"parallelism":1e}}`, `{"kind":1,"spec":{"parallelism":.5}}`, `{"kind":1,"spec":{"parallelism":+1}}`,
	`{"kind":1,"spec":{"suspend":tru}}`, `{"kind":1,"spec":{"suspend":truex}}`, `{"kind":1,"spec":{"suspend":nul}}`, `{"kind":1,"spec":{"suspend":nullx}}`, `{"kind":1,"count":nullx}`,
	`{"kind":1,"metadata":{"name":"a\qb"}}`, `{"kind":1,"metadata":{"name":"\u12"}}`, `{"kind":1,"metadata":{"name":"\u12zz"}}`, `{"kind":1,"metadata":{"name":"a` + "\x1f" + `"}}`, `{"kind":1,"metadata":{"name":"` + strings.Repeat(`\"`, 200) + `\x"}}`, `{"kind":1,"metadata":{"name":"` + strings.Repeat("\u00e9", 100) + "\x01" + `"}}`,
	`{"kind":1,"metadata":{"labels":{"a\x":"b"}}}`, `{"kind":1,"metadata":{"labels":{"a":"b\x"}}}`, `{"kind":1,"na\qme":"x"}`, `{"kind":1,"name` + "\x01" + `":"x"}`,
	`{"kind":1,"zz":{"a":01}}`, `{"kind":1,"zz":[1,,2]}`, `{"kind":1,"zz":"\x01"}`, `{"kind":1,"zz":{"a" : [1 2]}}`, `{"kind":1,"zz":{"a":1,}}`, `{"kind":1,"zz":tru}`,
	`{"kind":"a","kind":[1,}`, `{"\u006bind":{"a":}}`, `{"kind":1,"selector":{"other":[}}`, `{"kind":1,"metadata":{"labels":{"a":"1","a":[}}}`,
	`{"kind":1,"raw":{"a":1,}}`, `{"kind":1,"raw":{"a" : 1 ,}}`, `{"kind":1,"since":"2020-01-02T03:04:05Z"x}`, `{"kind":1,"metadata":{"creationTimestamp":{"a":}}}`,
	`{"kind":1,"ratio":1.5.5}`, `{"kind":1,"ratio":01}`, `{"kind":1,"blob":"a\q"}`, `{"kind":1,"pair":[1,]}`,
	`{"kind":1,"spec":{"template":{"spec":{"containers":[{"name":"a"},]}}}}`, `{"kind":1,"status":{"active":1}]`, `{"kind":1,"spec":{"template":{"spec":{"containers":[{"resources":{"limits":{"cpu":"1",}}}]}}}}`,
	// errors at escaped map keys and members: the path unescapes them
	`{"metadata":{"labels":{"k\u00e9":1,"\u0061":[]},"annotations":{"\ud800":{}}},"spec":{"selector":{"matchLabels":{"\"q\"":2}}}}`,
	`{"index":{"\u0061":{"id":"x"},"b\n":{"labels":{"\u00e9":1}}},"lookup":{"\u006c":[{"id":"y"}]},"n\u0061me":1,"selector":{"\u00e9":1}}`,
	// lists that go on past what BeginArray counts ahead, valid and not
	`{"tags":[` + strings.Repeat(`"a tag that is long enough",`, 60) + `"last"],"parts":[` + strings.Repeat(`{"id":1,"labels":{"a":"b"},"z":[1,2,3]},`, 40) + `{}]}`,
	`{"spec":{"template":{"spec":{"containers":[` + strings.Repeat(`{"name":"c","args":["a","b"],"env":[{"name":"n","value":"v"}],"image":"i"},`, 20) + `{}]}}}}`,
	"{\n  \"parts\": [\n" + strings.Repeat("    {\n      \"id\": 1,\n      \"labels\": {\"a\": \"b\"},\n      \"z\": [ 1, [ 2 ] ]\n    },\n", 12) + "    {}\n  ],\n  \"tags\": [ \"a\" ,\t\"b\"\r\n ]\n}\n",
	`{"kind":1,"tags":[` + strings.Repeat(`"a tag that is long enough",`, 60) + `"last",]}`,
	`{"kind":1,"tags":[` + strings.Repeat(`"a tag that is long enough",`, 60) + `"last" "x"]}`,
}

func TestTypedDecodeMatchesReflection(t *testing.T) {
	for i, data := range decodeSeeds(t) {
		checkSameDecoding(t, data, uint64(i+1))
	}
}

// FuzzTypedDecode is the differential test of the typed decoders: for
// every input and every target type, decoded into a fresh value and into a
// filled one, UnmarshalJSON (the generated DecodeJSON) gives the object and
// the error the reflection decoder gives.
func FuzzTypedDecode(f *testing.F) {
	for _, data := range decodeSeeds(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		seed := uint64(len(data))
		for _, c := range data {
			seed = seed*31 + uint64(c)
		}
		checkSameDecoding(t, data, seed%1000+1)
	})
}

// The typed decoder's rules, each with its exact error.
func TestTypedDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"wrong types, a fraction and an out-of-range integer",
			`{"name":1,"count":1.5,"parts":[{"id":"x"}],"tags":{},"extra":"yes","part":{"labels":{"a":1}}}`,
			[]string{
				`name: Invalid value: 1: must be a string`,
				`count: Invalid value: 1.5: must be an integer`,
				`parts[0].id: Invalid value: "x": must be an integer`,
				`tags: Invalid value: {}: must be a list`,
				`extra: Invalid value: "yes": must be a boolean ('true' or 'false')`,
				`part.labels[a]: Invalid value: 1: must be a string`,
			}},
		{"integers out of range", `{"count":2147483648,"part":{"id":-9223372036854775809}}`,
			[]string{
				`count: Invalid value: 2147483648: must be less than or equal to 2147483647`,
				`part.id: Invalid value: -9223372036854775809: must be greater than or equal to -9223372036854775808`,
			}},
		{"duplicates", `{"name":"a","name":"b","x":1,"x":2,"part":{"labels":{"k":"1","k":"2"}}}`,
			[]string{`name: Duplicate value: "name"`, `x: Duplicate value: "x"`, `part.labels[k]: Duplicate value: "k"`}},
		{"an unknown member where it cannot be kept", `{"selector":{"b":1}}`,
			[]string{`selector.b: Unsupported value: "b": supported values: "matchLabels", "matchExpressions"`}},
		{"escaped names of modeled members", `{"n\u0061me":"a","selector":{"m\u0061tchLabels":{}}}`,
			[]string{`name: Invalid value: "name": member names must not use escape sequences`,
				`selector.matchLabels: Invalid value: "matchLabels": member names must not use escape sequences`}},
		{"a leaf's own error", `{"since":"yesterday"}`,
			[]string{`since: Invalid value: "yesterday": must be a timestamp in RFC 3339 format, such as '2006-01-02T15:04:05Z'`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w fixture.Widget
			err := w.UnmarshalJSON([]byte(tt.in))
			var got []string
			for _, e := range field.AsErrorList(err) {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\n%v", diff, err)
			}
		})
	}
}

// TestRefusalHasTheUnknownFieldOrigin: a member refused where it cannot
// be kept is marked as an unknown field (field.OriginUnknownField), so that
// field validation can tell it from the errors of values that do not
// decode, which have no Origin.
func TestRefusalHasTheUnknownFieldOrigin(t *testing.T) {
	var w fixture.Widget
	err := w.UnmarshalJSON([]byte(`{"count":"x","selector":{"b":1}}`))
	type origin struct{ Field, Origin string }
	var got []origin
	for _, e := range field.AsErrorList(err) {
		got = append(got, origin{e.Field, e.Origin})
	}
	want := []origin{{"count", ""}, {"selector.b", field.OriginUnknownField}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s\n%v", diff, err)
	}
}

// The typed decoder's handling of null, of values decoded into a value
// that holds some already, and of unknown members.
func TestTypedDecodeRules(t *testing.T) {
	seven := int32(7)
	tests := []struct {
		name  string
		start fixture.Widget
		in    string
		want  fixture.Widget
	}{
		{"null sets pointers, slices and maps to nil and leaves the rest",
			fixture.Widget{Name: "n", Count: &seven, Tags: []string{"a"}, Index: map[string]fixture.Part{"a": {}}, Plain: fixture.Plain{A: "a"}},
			`{"name":null,"count":null,"tags":null,"index":null,"plain":null}`,
			fixture.Widget{Name: "n", Plain: fixture.Plain{A: "a"}}},
		{"maps are merged, lists replaced, pointers decoded into",
			fixture.Widget{Count: &seven, Tags: []string{"a", "b"}, Part: &fixture.Part{ID: 1, Labels: map[string]string{"a": "1"}}},
			`{"tags":["c"],"part":{"labels":{"b":"2","a":"3"}}}`,
			fixture.Widget{Count: &seven, Tags: []string{"c"}, Part: &fixture.Part{ID: 1, Labels: map[string]string{"a": "3", "b": "2"}}}},
		{"unknown members are kept compact, names unescaped",
			fixture.Widget{},
			`{"z" : [ 1 , "\u00e9" ], "\u0061b": {"c" : null}}`,
			fixture.Widget{Unknown: meta.Unknown{"z": meta.RawJSON(`[1,"\u00e9"]`), "ab": meta.RawJSON(`{"c":null}`)}}},
		{"an empty list is not nil", fixture.Widget{}, `{"tags":[]}`, fixture.Widget{Tags: []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.start
			if err := got.UnmarshalJSON([]byte(tt.in)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, allFields); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// BenchmarkDecode compares the reflection decoder with the typed one on
// a kubectl manifest decoded as a hub Job and on a Pod.
func BenchmarkDecode(b *testing.B) {
	for _, name := range []string{"kubectl-indexed.yaml", "pod.json"} {
		data := fixtures(b)[name]
		newV := func() decodeTarget { return new(jobapi.Job) }
		if strings.HasPrefix(name, "pod") {
			newV = func() decodeTarget { return new(core.Pod) }
		}
		for _, impl := range []string{"reflection", "typed"} {
			b.Run(fmt.Sprintf("case=%s/impl=%s", name, impl), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					v := newV()
					var err error
					if impl == "typed" {
						err = v.UnmarshalJSON(data)
					} else {
						err = codec.ReflectUnmarshal(data, v)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// Text that is not JSON is reported as encoding/json reports it, and
// alone: the errors of the values read before it are dropped, by
// UnmarshalNewJSON (which finds it while decoding) as by UnmarshalJSON
// (which checks the text first), and the value is left zero.
func TestNewDecodingReportsOnlyTheSyntaxError(t *testing.T) {
	tests := []struct {
		name string
		in   string
		// fixed is in without what makes it not JSON: its errors are
		// those the syntax error hides.
		fixed string
	}{
		{"a missing comma after a wrong type",
			`{"name":1,"count":"x" "tags":[]}`, `{"name":1,"count":"x","tags":[]}`},
		{"a trailing comma in a list after an integer out of range",
			`{"count":2147483648,"tags":["a",]}`, `{"count":2147483648,"tags":["a"]}`},
		{"a number with a leading zero after a member given twice",
			`{"name":"a","name":"b","count":01}`, `{"name":"a","name":"b","count":1}`},
		{"text after the object, after an escaped name",
			`{"n\u0061me":"a"} x`, `{"n\u0061me":"a"}`},
		{"an escape JSON does not have, after a wrong type deep down",
			`{"part":{"labels":{"a":1}},"extra":"\q"}`, `{"part":{"labels":{"a":1}},"extra":"q"}`},
		{"an unknown member that is not JSON, after a leaf's own error",
			`{"since":"yesterday","zz":{"a":}}`, `{"since":"yesterday","zz":{"a":1}}`},
		{"the end of the text inside a list, after a wrong type",
			`{"parts":[{"id":"x"},`, `{"parts":[{"id":"x"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fixed fixture.Widget
			if errs := field.AsErrorList(fixed.UnmarshalNewJSON([]byte(tt.fixed))); len(errs) == 0 {
				t.Fatalf("%s: no errors of the values to hide", tt.fixed)
			}
			var x any
			want := json.Unmarshal([]byte(tt.in), &x)
			var se *json.SyntaxError
			if !errors.As(want, &se) {
				t.Fatalf("json.Unmarshal(%s) = %v, not a *json.SyntaxError", tt.in, want)
			}
			for _, decode := range []struct {
				name string
				f    func(*fixture.Widget, []byte) error
			}{
				{"UnmarshalNewJSON", (*fixture.Widget).UnmarshalNewJSON},
				{"UnmarshalJSON", (*fixture.Widget).UnmarshalJSON},
			} {
				var w fixture.Widget
				err := decode.f(&w, []byte(tt.in))
				if !errors.As(err, &se) || err.Error() != want.Error() {
					t.Errorf("%s = %v, want the *json.SyntaxError %v", decode.name, err, want)
				}
				if diff := cmp.Diff(fixture.Widget{}, w, allFields); diff != "" {
					t.Errorf("%s changed the value (-want +got):\n%s", decode.name, diff)
				}
			}
		})
	}
}

// UnmarshalNewJSON first sets the value to zero: the result is that of a
// new value, whatever the value held.
func TestUnmarshalNewJSONStartsFromZero(t *testing.T) {
	seven := int32(7)
	in := `{"tags":["c"],"part":{"labels":{"b":"2"}},"zz":1}`
	var want fixture.Widget
	if err := want.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	got := fixture.Widget{Name: "n", Count: &seven, Tags: []string{"a"}, Part: &fixture.Part{ID: 1, Labels: map[string]string{"a": "1"}},
		Unknown: meta.Unknown{"zz": meta.RawJSON(`2`)}}
	if err := got.UnmarshalNewJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if diff := objectDiff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
