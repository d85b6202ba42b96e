package jobapi_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// sized is what the generated encoders give every type with JSON hooks.
type sized interface {
	AppendJSON([]byte) ([]byte, error)
	SizeJSON() int
}

// TestSizeJSONIsExactWithoutEscapes checks the generated SizeJSON methods,
// the capacity MarshalJSON allocates: on randomly filled objects whose
// strings need no escape, SizeJSON is the length AppendJSON writes, to the
// byte. (A field the size walk forgets, or counts under the wrong
// omitempty rule, shows up as a difference.)
func TestSizeJSONIsExactWithoutEscapes(t *testing.T) {
	types := []struct {
		name string
		make func() sized
	}{
		{"jobapi.Job", func() sized { return new(jobapi.Job) }},
		{"v1.Job", func() sized { return new(v1.Job) }},
		{"v1beta1.Job", func() sized { return new(v1beta1.Job) }},
		{"core.Pod", func() sized { return new(core.Pod) }},
		{"core.PodTemplateSpec", func() sized { return new(core.PodTemplateSpec) }},
		{"meta.ObjectMeta", func() sized { return new(meta.ObjectMeta) }},
	}
	for _, tt := range types {
		t.Run(tt.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 60; seed++ {
				filled := tt.make()
				jobtest.Fill(t, filled, seed)
				x := tt.make()
				if err := json.Unmarshal(plainJSON(t, filled), x); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				out, err := x.AppendJSON(nil)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if diff := cmp.Diff(len(out), x.SizeJSON()); diff != "" {
					t.Fatalf("seed %d: SizeJSON (-len(AppendJSON) +SizeJSON):\n%s\n%s", seed, diff, out)
				}
			}
		})
	}
}

// TestSizeJSONCountsEscapesShort pins what SizeJSON does not count: the
// bytes a string's escapes add. MarshalJSON then grows its buffer once,
// and still writes every byte.
func TestSizeJSONCountsEscapesShort(t *testing.T) {
	tests := []struct {
		name     string
		image    string
		wantMore int
	}{
		{"plain", "busybox", 0},
		{"html characters", "<a>&", 15},
		{"quote and newline", "a\"b\nc", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := core.Container{Name: "c", Image: tt.image}
			out, err := c.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantMore, len(out)-c.SizeJSON()); diff != "" {
				t.Errorf("len(MarshalJSON) - SizeJSON (-want +got):\n%s", diff)
			}
			image, _ := json.Marshal(tt.image)
			if diff := cmp.Diff(`{"name":"c","image":`+string(image)+`,"resources":{}}`, string(out)); diff != "" {
				t.Errorf("MarshalJSON (-want +got):\n%s", diff)
			}
		})
	}
}

// plainJSON returns the JSON of v with every string and object key that
// would need an escape rewritten without it, numbers kept as written.
func plainJSON(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var tree any
	if err := d.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(plainTree(tree))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func plainTree(v any) any {
	switch v := v.(type) {
	case string:
		return plainString(v)
	case []any:
		for i := range v {
			v[i] = plainTree(v[i])
		}
		return v
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[plainString(k)] = plainTree(x)
		}
		return out
	}
	return v
}

// plainString replaces what encoding/json escapes with 'x'.
func plainString(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' || r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return 'x'
		}
		return r
	}, s)
}
