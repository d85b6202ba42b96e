package codec_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestUnknownPathsAreTheAPIServers(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		u      meta.Unknown
		want   []string
	}{
		{"at the root, the member alone", "", meta.Unknown{"zzz": nil}, []string{"zzz"}},
		{"below a path, joined with a dot", "spec.template", meta.Unknown{"bogus": nil}, []string{"spec.template.bogus"}},
		{"below a list item", codec.IndexPath(codec.JoinPath("spec", "containers"), 12), meta.Unknown{"imagePullPolcy": nil}, []string{"spec.containers[12].imagePullPolcy"}},
		{"an index at the root", codec.IndexPath("", 0), meta.Unknown{"a": nil}, []string{"[0].a"}},
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
