package codec_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/codec"
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
			if diff := cmp.Diff(tt.want, codec.RawJSON(tt.a).Equal(codec.RawJSON(tt.b))); diff != "" {
				t.Errorf("Equal(%s, %s) (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if diff := cmp.Diff(tt.want, codec.RawJSON(tt.b).Equal(codec.RawJSON(tt.a))); diff != "" {
				t.Errorf("Equal is not symmetric (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnknownEqual(t *testing.T) {
	tests := []struct {
		name string
		a, b codec.Unknown
		want bool
	}{
		{"nil and empty", nil, codec.Unknown{}, true},
		{"same members, values compared as JSON", codec.Unknown{"x": codec.RawJSON(`{"a":1,"b":2}`)}, codec.Unknown{"x": codec.RawJSON(`{"b":2,"a":1}`)}, true},
		{"another name", codec.Unknown{"x": codec.RawJSON(`1`)}, codec.Unknown{"y": codec.RawJSON(`1`)}, false},
		{"another value", codec.Unknown{"x": codec.RawJSON(`1`)}, codec.Unknown{"x": codec.RawJSON(`2`)}, false},
		{"one more member", codec.Unknown{"x": codec.RawJSON(`1`)}, codec.Unknown{"x": codec.RawJSON(`1`), "y": nil}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.a.Equal(tt.b)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnknownPathsAreTheAPIServers(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		u      codec.Unknown
		want   []string
	}{
		{"at the root, the member alone", "", codec.Unknown{"zzz": nil}, []string{"zzz"}},
		{"below a path, joined with a dot", "spec.template", codec.Unknown{"bogus": nil}, []string{"spec.template.bogus"}},
		{"below a list item", codec.IndexPath(codec.JoinPath("spec", "containers"), 12), codec.Unknown{"imagePullPolcy": nil}, []string{"spec.containers[12].imagePullPolcy"}},
		{"an index at the root", codec.IndexPath("", 0), codec.Unknown{"a": nil}, []string{"[0].a"}},
		{"nothing for an empty Unknown", "spec", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := codec.AppendUnknownPaths(nil, tt.prefix, tt.u)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("AppendUnknownPaths (-want +got):\n%s", diff)
			}
		})
	}
}
