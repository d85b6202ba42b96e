package jsonimpl_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jsonimpl"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestDecoderMadeOutsideTheGeneratedCodeDecodesNothing checks what a user
// who calls an exported DecodeJSON gets: no panic, and the receiver as it
// was, for a nil and for a zero Decoder.
func TestDecoderMadeOutsideTheGeneratedCodeDecodesNothing(t *testing.T) {
	tests := []struct {
		name string
		d    *jsonimpl.Decoder
	}{
		{"nil", nil},
		{"zero", new(jsonimpl.Decoder)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := meta.ObjectMeta{Name: "pi", Labels: map[string]string{"a": "b"}}
			m.DecodeJSON(tt.d)
			if diff := cmp.Diff(meta.ObjectMeta{Name: "pi", Labels: map[string]string{"a": "b"}}, m); diff != "" {
				t.Errorf("ObjectMeta changed (-want +got):\n%s", diff)
			}
			var tmpl core.PodTemplateSpec
			tmpl.DecodeJSON(tt.d)
			if diff := cmp.Diff(core.PodTemplateSpec{}, tmpl); diff != "" {
				t.Errorf("PodTemplateSpec changed (-want +got):\n%s", diff)
			}
		})
	}
}
