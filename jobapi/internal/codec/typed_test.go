package codec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/internal/gen/fixture"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// appender is a type with generated typed encoding.
type appender interface {
	AppendJSON(b []byte) ([]byte, error)
	json.Marshaler
}

// typedTargets are the top-level types the differential tests decode
// into, one fresh value per call.
var typedTargets = []struct {
	name string
	new  func() appender
}{
	{"jobapi.Job", func() appender { return new(jobapi.Job) }},
	{"v1.Job", func() appender { return new(v1.Job) }},
	{"v1beta1.Job", func() appender { return new(v1beta1.Job) }},
	{"core.Pod", func() appender { return new(core.Pod) }},
	{"core.PodTemplateSpec", func() appender { return new(core.PodTemplateSpec) }},
	{"core.Container", func() appender { return new(core.Container) }},
	{"core.Volume", func() appender { return new(core.Volume) }},
	{"meta.ObjectMeta", func() appender { return new(meta.ObjectMeta) }},
}

// errText is err's text, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkSameEncoding fails unless the typed encoder (AppendJSON, and
// MarshalJSON through it) writes the bytes, or the error, that the
// reflection encoder codec.Marshal writes for v.
func checkSameEncoding(t *testing.T, name string, v appender) {
	t.Helper()
	want, wantErr := codec.ReflectMarshal(v)
	got, gotErr := v.AppendJSON(nil)
	if diff := cmp.Diff(errText(wantErr), errText(gotErr)); diff != "" {
		t.Fatalf("%s: error of AppendJSON (-reflection +typed):\n%s", name, diff)
	}
	if wantErr != nil {
		return
	}
	if !bytes.Equal(want, got) {
		t.Fatalf("%s: AppendJSON bytes differ:\nreflection: %s\ntyped:      %s", name, want, got)
	}
	// Appending to a non-empty buffer keeps what is there.
	prefixed, err := v.AppendJSON([]byte("prefix"))
	if err != nil || string(prefixed) != "prefix"+string(want) {
		t.Fatalf("%s: AppendJSON after a prefix: %v\n%s", name, err, prefixed)
	}
	m, err := v.MarshalJSON()
	if err != nil || !bytes.Equal(want, m) {
		t.Fatalf("%s: MarshalJSON: %v\nreflection: %s\ntyped:      %s", name, err, want, m)
	}
}

// fixtures returns every JSON and YAML fixture of the repository's
// testdata, as JSON.
func fixtures(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, dir := range []string{"../../../conversion/testdata", "../../core/testdata"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case strings.HasSuffix(e.Name(), ".json"):
			case strings.HasSuffix(e.Name(), ".yaml"):
				if data, err = yaml.YAMLToJSON(data); err != nil {
					t.Fatalf("%s: %v", e.Name(), err)
				}
			default:
				continue
			}
			out[e.Name()] = data
		}
	}
	if len(out) < 5 {
		t.Fatalf("found %d fixtures, want the repository's", len(out))
	}
	return out
}

// decodeAll decodes data with the reflection decoder into a fresh value
// of every target type; a value is kept even when decoding reports errors,
// so that half-decoded objects are encoded too.
func decodeAll(data []byte) map[string]appender {
	out := map[string]appender{}
	for _, tt := range typedTargets {
		v := tt.new()
		_ = codec.ReflectUnmarshal(data, v)
		out[tt.name] = v
	}
	return out
}

func TestTypedEncodeMatchesReflectionOnFixtures(t *testing.T) {
	for name, data := range fixtures(t) {
		for typ, v := range decodeAll(data) {
			checkSameEncoding(t, name+" as "+typ, v)
		}
	}
}

func TestTypedEncodeMatchesReflectionOnFilledObjects(t *testing.T) {
	for _, tt := range typedTargets {
		for seed := uint64(1); seed <= 40; seed++ {
			v := tt.new()
			jobtest.Fill(t, v, seed)
			checkSameEncoding(t, tt.name, v)
		}
	}
}

func TestTypedEncodeZeroValues(t *testing.T) {
	for _, tt := range typedTargets {
		checkSameEncoding(t, tt.name, tt.new())
	}
}

// The errors of encoding, with their paths, are the reflection encoder's.
func TestTypedEncodeErrors(t *testing.T) {
	bad := func(f func(*jobapi.Job)) *jobapi.Job {
		j := &jobapi.Job{}
		jobtest.Fill(t, j, 7)
		f(j)
		return j
	}
	tests := []struct {
		name    string
		job     *jobapi.Job
		wantErr string
	}{
		{
			name: "Unknown naming a modeled member of a container",
			job: bad(func(j *jobapi.Job) {
				j.Spec.Template.Spec.Containers = []core.Container{{Name: "a"}, {Name: "b", Unknown: meta.Unknown{"image": meta.RawJSON(`"x"`)}}}
			}),
			wantErr: `encoding JSON: spec.template.spec.containers[1]: Unknown holds "image", a field this type models: set the field instead`,
		},
		{
			name: "Unknown naming a member of an inline struct",
			job: bad(func(j *jobapi.Job) {
				j.Unknown = meta.Unknown{"kind": meta.RawJSON(`"Job"`)}
			}),
			wantErr: `encoding JSON: Unknown holds "kind", a field this type models: set the field instead`,
		},
		{
			name: "Unknown member that is not JSON",
			job: bad(func(j *jobapi.Job) {
				j.Status.Unknown = meta.Unknown{"zz": meta.RawJSON(`{`)}
			}),
			wantErr: `encoding JSON: status: Unknown member "zz" must be valid JSON: unexpected end of JSON input`,
		},
		{
			name: "opaque field that is not JSON",
			job: bad(func(j *jobapi.Job) {
				bad := meta.RawJSON(`[1,]`)
				j.Spec.Template.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Operation: "Apply"}, {FieldsV1: &bad}}
			}),
			wantErr: `encoding JSON: spec.template.metadata.managedFields[1].fieldsV1: must be valid JSON: invalid character ']' looking for beginning of value`,
		},
		{
			name: "error of a leaf's own MarshalJSON",
			job: bad(func(j *jobapi.Job) {
				j.Spec.Template.Spec.Containers = []core.Container{{Name: "c", LivenessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Port: core.IntOrString{Type: 9}}}}}}
			}),
			wantErr: `encoding JSON: spec.template.spec.containers[0].livenessProbe.httpGet.port: IntOrString: Type must be IntType or StringType`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.job.AppendJSON(nil)
			if diff := cmp.Diff(tt.wantErr, errText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			checkSameEncoding(t, tt.name, tt.job)
		})
	}
}

// Strings are escaped exactly as encoding/json escapes them.
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\`, "<a>&", "\x00\x01\b\f\n\r\t\x1f\x7f", "\u2028\u2029", "bad\xff\xfe utf8", "ünï 日本 🙂", "\xed\xa0\x80"} {
		want, _ := json.Marshal(s)
		if got := codec.AppendString(nil, s); !bytes.Equal(want, got) {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
}

// Every byte value is escaped as encoding/json escapes it wherever it
// stands in a string of every length up to three words: inside the
// eight-byte words AppendString tests at once, at their edges, in the
// overlapping last word and in the four-byte halves of a short string,
// alone and before a quote that must be escaped too.
func TestAppendStringEveryByteAtEveryOffset(t *testing.T) {
	const plain = "abcdefghijklmnopqrstuvwx"
	for n := 1; n <= len(plain); n++ {
		for c := 0; c < 256; c++ {
			for at := 0; at < n; at++ {
				s := plain[:at] + string([]byte{byte(c)}) + plain[at+1:n]
				for _, s := range []string{s, s[:n-1] + `"`} {
					want, _ := json.Marshal(s)
					if got := codec.AppendString(nil, s); !bytes.Equal(want, got) {
						t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
					}
				}
			}
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a<b>&c", "\u2028", "\xff", "\"\\\n", "a long plain string, then <html> & \"quotes\" \u2028 and \xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := codec.AppendString(nil, s); !bytes.Equal(want, got) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
		// Into a buffer with a prefix and exactly the room the text
		// needs: the text is appended in place, with no new buffer.
		buf := make([]byte, 1, 1+len(want))
		buf[0] = 'x'
		got := codec.AppendString(buf, s)
		if &got[0] != &buf[0] || !bytes.Equal(got[1:], want) {
			t.Fatalf("AppendString(x, %q) = %s (moved: %t), want x%s", s, got, &got[0] != &buf[0], want)
		}
		// With spare room past the text: an appender writes only what it
		// appends, so the bytes past the text are left as they were.
		buf = bytes.Repeat([]byte("#"), 1+len(want)+16)
		buf[0] = 'x'
		got = codec.AppendString(buf[:1], s)
		if !bytes.Equal(got[1:], want) {
			t.Fatalf("AppendString(x, %q) = %s, want x%s", s, got, want)
		}
		if g := string(buf[len(got):]); g != strings.Repeat("#", len(buf)-len(got)) {
			t.Fatalf("AppendString(x, %q) changed the bytes past the text: %q", s, g)
		}
	})
}

// FuzzTypedCodec is the differential test of the typed encoder: whatever
// the reflection decoder makes of the input, for every target type, the
// typed encoder writes the bytes (or the error) the reflection encoder
// writes, and what it writes decodes back to an equal object.
func FuzzTypedCodec(f *testing.F) {
	for _, data := range fixtures(f) {
		f.Add(data)
	}
	for i, tt := range typedTargets {
		for seed := uint64(1); seed <= 3; seed++ {
			v := tt.new()
			jobtest.Fill(f, v, seed+uint64(i)*100)
			data, err := codec.ReflectMarshal(v)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"c\u2028<>&","ports":[{"containerPort":1}],"resources":{"limits":{"cpu":"1.500"}}}]}}}}`))
	f.Add([]byte(`{"metadata":{"labels":{"b":"1","a":null},"managedFields":[ 1 , {"x" : 2} ]},"zz":{"b": [1, 2]},"aa":null}`))
	f.Add([]byte(`{"metadata":{"managedFields":[{"apiVersion":"v1","fieldsV1":{"f:a<":{}},"manager":"m","time":null},null,{"fieldsV1":null,"time":"2026-11-23T12:00:00Z","Manager":1}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		for typ, v := range decodeAll(data) {
			checkSameEncoding(t, typ, v)
			out, err := v.MarshalJSON()
			if err != nil {
				continue
			}
			again := reencode(t, typ, out)
			if bytes.Equal(out, again) {
				continue
			}
			// A pointer to the zero time is written null (metav1.Time's
			// MarshalJSON), and null reads back as a nil pointer, which
			// is left out: as in Kubernetes, the second encoding may lack
			// such members, and nothing else.
			if d := cmp.Diff(withoutNulls(t, out), withoutNulls(t, again)); d != "" {
				t.Fatalf("%s: re-encoding the decoded output differs beyond null members (-first +second):\n%s\n%s\n%s", typ, d, out, again)
			}
			if third := reencode(t, typ, again); !bytes.Equal(again, third) {
				t.Fatalf("%s: the second encoding is not a fixed point:\n%s\n%s", typ, again, third)
			}
		}
	})
}

// reencode decodes data as typ with the reflection decoder and encodes it
// with the typed encoder.
func reencode(t *testing.T, typ string, data []byte) []byte {
	t.Helper()
	out, err := decodeAll(data)[typ].AppendJSON(nil)
	if err != nil {
		t.Fatalf("%s: re-encoding %s: %v", typ, data, err)
	}
	return out
}

// withoutNulls reads JSON into generic values and drops every object
// member whose value is null.
func withoutNulls(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("the encoder wrote invalid JSON: %v\n%s", err, data)
	}
	var drop func(any) any
	drop = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if x == nil {
					delete(v, k)
				} else {
					v[k] = drop(x)
				}
			}
		case []any:
			for i := range v {
				v[i] = drop(v[i])
			}
		}
		return v
	}
	return drop(v)
}

// BenchmarkEncode compares the reflection encoder with the typed one on
// every fixture, decoded as a hub Job or a Pod.
func BenchmarkEncode(b *testing.B) {
	for _, name := range []string{"kubectl-indexed.yaml", "pod.json"} {
		data := fixtures(b)[name]
		var v appender = new(jobapi.Job)
		if strings.HasPrefix(name, "pod") {
			v = new(core.Pod)
		}
		if err := codec.ReflectUnmarshal(data, v); err != nil {
			b.Fatal(err)
		}
		b.Run("case="+name+"/impl=reflection", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := codec.ReflectMarshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("case="+name+"/impl=typed", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := v.MarshalJSON(); err != nil {
					b.Fatal(err)
				}
			}
		})
		// The two parts of MarshalJSON: the size walk, and the encoder
		// writing into a buffer that is already large enough.
		sized := v.(interface{ SizeJSON() int })
		b.Run("case="+name+"/impl=typed-size", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if sized.SizeJSON() <= 0 {
					b.Fatal("SizeJSON of an object must be positive")
				}
			}
		})
		b.Run("case="+name+"/impl=typed-reuse", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = v.AppendJSON(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The generated AppendJSON writes, for values of every shape, exactly the
// bytes of the codec's reflection encoder.
func TestGeneratedFixtureEncoderMatchesReflection(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		w := new(fixture.Widget)
		if seed > 0 {
			jobtest.Fill(t, w, seed)
		}
		want, err := codec.ReflectMarshal(w)
		if err != nil {
			t.Fatalf("seed %d: reflection: %v", seed, err)
		}
		got, err := w.AppendJSON(nil)
		if err != nil || string(got) != string(want) {
			t.Fatalf("seed %d: AppendJSON: %v\n got: %s\nwant: %s", seed, err, got, want)
		}
	}
}

// BenchmarkAppendString escapes the strings an API object holds: a short
// name, a long plain value, and JSON inside a string (a manifest's
// last-applied-configuration annotation), where every quote is escaped;
// encoding/json's escaping of the same strings runs beside it.
func BenchmarkAppendString(b *testing.B) {
	applied := `{"apiVersion":"batch/v1","kind":"Job","metadata":{"annotations":{},"name":"indexed-render","namespace":"batch-demo"},` +
		`"spec":{"backoffLimitPerIndex":2,"completionMode":"Indexed","completions":3,"template":{"spec":{"containers":[` +
		`{"command":["sh","-c","echo \"rendering frame $JOB_COMPLETION_INDEX\" && sleep 2"],"image":"busybox:1.36","name":"render"}],` +
		`"restartPolicy":"Never"}}}}` + "\n"
	for _, s := range []struct{ name, s string }{
		{"name", "indexed-render"},
		{"short", "Never"},
		{"escaped", "say \"hi\""},
		{"plain", strings.Repeat("batch.kubernetes.io/job-completion-index ", 8)},
		{"applied", applied},
	} {
		b.Run(s.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.s)))
			buf := make([]byte, 0, 4*len(s.s))
			for b.Loop() {
				buf = codec.AppendString(buf[:0], s.s)
			}
		})
		b.Run(s.name+"/impl=encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.s)))
			var w bytes.Buffer
			enc := json.NewEncoder(&w)
			for b.Loop() {
				w.Reset()
				if err := enc.Encode(s.s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// String maps are written as encoding/json writes a map[string]string:
// keys sorted, HTML-safe escapes, null for nil; one entry, a few, and
// more than fit on the stack.
func TestAppendStringMapMatchesEncodingJSON(t *testing.T) {
	big := map[string]string{}
	for i := range 40 {
		big[fmt.Sprintf("key-%02d<%d>", 40-i, i)] = fmt.Sprintf("v&%d", i)
	}
	for _, m := range []map[string]string{
		nil, {}, {"app": "web"}, {"b": "2", "a": "1", "c": "\u2028"}, {"": "", "x\"y": "<z>"}, big,
	} {
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(codec.AppendStringMap(nil, m))); diff != "" {
			t.Errorf("AppendStringMap(%v) (-encoding/json +got):\n%s", m, diff)
		}
		if diff := cmp.Diff(len(want), codec.SizeStringMap(m)+escapes(m)); diff != "" {
			t.Errorf("SizeStringMap(%v) plus escapes (-len +got):\n%s", m, diff)
		}
	}
}

// escapes returns the bytes the escapes of m's keys and values add.
func escapes(m map[string]string) int {
	n := 0
	for k, v := range m {
		for _, s := range []string{k, v} {
			q, _ := json.Marshal(s)
			n += len(q) - len(s) - 2
		}
	}
	return n
}

// Buffer leaves room for the reserve always, for escapes where it can,
// and keeps out of the allocator's one-object-per-span size classes (8,
// 16, 24 and 32 KiB) unless the object itself needs one.
func TestBufferCapacity(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		wantCap int
	}{
		{"small: a sixteenth for escapes", 160, 160 + codec.ReserveSize + 10},
		{"the kubectl manifest: below 8 KiB already", 6054, 6054 + codec.ReserveSize + 378},
		{"escape room would reach 8 KiB: the class below", 6600, 6912},
		{"the object needs the 8 KiB class itself", 7000, 7000 + codec.ReserveSize},
		{"the every-field Job: the 28 KiB class, not 32", 27686, 28672},
		{"above 32 KiB: a sixteenth", 40000, 40000 + codec.ReserveSize + 2500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := codec.Buffer(tt.size)
			if diff := cmp.Diff(tt.wantCap, cap(b)); diff != "" {
				t.Errorf("cap(Buffer(%d)) (-want +got):\n%s", tt.size, diff)
			}
			if len(b) != 0 || cap(b) < tt.size+codec.ReserveSize {
				t.Errorf("Buffer(%d): len %d, cap %d; want empty with room for the reserve", tt.size, len(b), cap(b))
			}
		})
	}
}
