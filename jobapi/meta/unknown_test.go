package meta_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestRawJSONEqual(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"same text", `{"a":1}`, `{"a":1}`, true},
		{"members in another order", `{"a":1,"b":[1,{"c":2,"d":3}]}`, `{"b":[1,{"d":3,"c":2}],"a":1}`, true},
		{"space does not matter", `{ "a" : [ 1 , 2 ] }`, `{"a":[1,2]}`, true},
		{"numbers by value", `[1, 1.0, 1e0, 100]`, `[1, 1, 1, 1e2]`, true},
		{"large integers exactly", `12345678901234567890`, `12345678901234567891`, false},
		{"a huge exponent costs nothing", `1e1000000000`, `1e1000000001`, false},
		{"array order matters", `[1,2]`, `[2,1]`, false},
		{"a missing member", `{"a":1}`, `{"a":1,"b":2}`, false},
		{"a string is not a number", `"1"`, `1`, false},
		{"empty is null", ``, `null`, true},
		{"not JSON equals only itself", `{nope`, `{nope}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, meta.RawJSON(tt.a).Equal(meta.RawJSON(tt.b))); diff != "" {
				t.Errorf("Equal(%s, %s) (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if diff := cmp.Diff(tt.want, meta.RawJSON(tt.b).Equal(meta.RawJSON(tt.a))); diff != "" {
				t.Errorf("Equal is not symmetric (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnknownEqual(t *testing.T) {
	tests := []struct {
		name string
		a, b meta.Unknown
		want bool
	}{
		{"nil and empty", nil, meta.Unknown{}, true},
		{"same members, values compared as JSON", meta.Unknown{"x": meta.RawJSON(`{"a":1,"b":2}`)}, meta.Unknown{"x": meta.RawJSON(`{"b":2,"a":1}`)}, true},
		{"another name", meta.Unknown{"x": meta.RawJSON(`1`)}, meta.Unknown{"y": meta.RawJSON(`1`)}, false},
		{"another value", meta.Unknown{"x": meta.RawJSON(`1`)}, meta.Unknown{"x": meta.RawJSON(`2`)}, false},
		{"one more member", meta.Unknown{"x": meta.RawJSON(`1`)}, meta.Unknown{"x": meta.RawJSON(`1`), "y": nil}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.a.Equal(tt.b)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// RawJSON's codec methods: UnmarshalJSON stores the value compacted and
// leaves r as it was on text that is not JSON; MarshalJSON writes the text
// as it is, AppendJSON compacted, both null for an empty RawJSON.
func TestRawJSONCodecMethods(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		want        string // what UnmarshalJSON stores
		wantErr     string
		wantMarshal string
		wantAppend  string
	}{
		{name: "space is dropped", in: ` { "a" : [ 1 , "x y" ] } `, want: `{"a":[1,"x y"]}`, wantMarshal: `{"a":[1,"x y"]}`, wantAppend: `{"a":[1,"x y"]}`},
		{name: "null is kept as text", in: `null`, want: `null`, wantMarshal: `null`, wantAppend: `null`},
		{name: "text that is not JSON", in: `{`, want: `old`, wantErr: "unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := meta.RawJSON(`old`)
			err := r.UnmarshalJSON([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("UnmarshalJSON(%q) error = %v, want %q", tt.in, err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatalf("UnmarshalJSON(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, string(r)); diff != "" {
				t.Fatalf("UnmarshalJSON(%q) (-want +got):\n%s", tt.in, diff)
			}
			if tt.wantErr != "" {
				return
			}
			m, err := r.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantMarshal, string(m)); diff != "" {
				t.Errorf("MarshalJSON (-want +got):\n%s", diff)
			}
			a, err := r.AppendJSON([]byte("x="))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff("x="+tt.wantAppend, string(a)); diff != "" {
				t.Errorf("AppendJSON (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(len(tt.wantAppend), r.SizeJSON()); diff != "" {
				t.Errorf("SizeJSON (-want +got):\n%s", diff)
			}
		})
	}
}

// An empty RawJSON encodes as null; AppendJSON refuses text that is not
// JSON.
func TestRawJSONEncodeEdges(t *testing.T) {
	for _, r := range []meta.RawJSON{nil, {}} {
		m, err := r.MarshalJSON()
		if err != nil || string(m) != "null" {
			t.Errorf("MarshalJSON(%q) = %q, %v; want null", r, m, err)
		}
		a, err := r.AppendJSON(nil)
		if err != nil || string(a) != "null" || r.SizeJSON() != 4 {
			t.Errorf("AppendJSON(%q) = %q, %v, SizeJSON %d; want null, 4", r, a, err, r.SizeJSON())
		}
	}
	if _, err := meta.RawJSON(`{"a":`).AppendJSON(nil); err == nil || !strings.Contains(err.Error(), "must be valid JSON") {
		t.Errorf("AppendJSON of text that is not JSON: error = %v, want one saying it must be valid JSON", err)
	}
}
