package codec_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
)

// TestUnknownDeepCopy copies Unknowns of every shape: the copy is equal,
// keeps nil and empty values apart, gives each value a capacity equal to
// its length (so that appending to one never writes into another, though
// the values share one array) and shares nothing with the original.
func TestUnknownDeepCopy(t *testing.T) {
	tests := []struct {
		name string
		in   codec.Unknown
	}{
		{"empty", codec.Unknown{}},
		{"one member", codec.Unknown{"a": codec.RawJSON(`{"b":[1,2]}`)}},
		{"several members", codec.Unknown{"a": codec.RawJSON(`1`), "b": codec.RawJSON(`"two"`), "c": codec.RawJSON(`[3]`)}},
		{"nil and empty values", codec.Unknown{"nil": nil, "empty": codec.RawJSON{}, "x": codec.RawJSON(`true`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in.DeepCopy()
			if diff := cmp.Diff(tt.in, got); diff != "" {
				t.Fatalf("DeepCopy (-in +copy):\n%s", diff)
			}
			for k, v := range tt.in {
				if (v == nil) != (got[k] == nil) {
					t.Errorf("member %q: nil is %v in the original and %v in the copy", k, v == nil, got[k] == nil)
				}
				if cap(got[k]) != len(got[k]) {
					t.Errorf("member %q: capacity %d, want the length %d", k, cap(got[k]), len(got[k]))
				}
			}
			if len(tt.in) == 0 {
				return
			}
			if err := deepcopytest.Independent(&tt.in, func(u *codec.Unknown) *codec.Unknown {
				c := u.DeepCopy()
				return &c
			}); err != nil {
				t.Error(err)
			}
		})
	}
	if codec.Unknown(nil).DeepCopy() != nil {
		t.Errorf("DeepCopy of nil must be nil")
	}
}

// TestUnknownDeepCopyAppendStaysInItsValue appends to each copied value in
// turn: no other value may change.
func TestUnknownDeepCopyAppendStaysInItsValue(t *testing.T) {
	in := codec.Unknown{"a": codec.RawJSON(`1`), "b": codec.RawJSON(`22`), "c": codec.RawJSON(`333`)}
	c := in.DeepCopy()
	for k := range c {
		c[k] = append(c[k], 'X')
	}
	want := codec.Unknown{"a": codec.RawJSON(`1X`), "b": codec.RawJSON(`22X`), "c": codec.RawJSON(`333X`)}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("after appending (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(codec.Unknown{"a": codec.RawJSON(`1`), "b": codec.RawJSON(`22`), "c": codec.RawJSON(`333`)}, in); diff != "" {
		t.Errorf("appending to the copy changed the original (-want +got):\n%s", diff)
	}
}
