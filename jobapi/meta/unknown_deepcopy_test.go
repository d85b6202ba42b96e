package meta_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestUnknownDeepCopy copies Unknowns of every shape: the copy is equal,
// keeps nil and empty values apart, gives each value a capacity equal to
// its length (so that appending to one never writes into another, though
// the values share one array) and shares nothing with the original.
func TestUnknownDeepCopy(t *testing.T) {
	tests := []struct {
		name string
		in   meta.Unknown
	}{
		{"empty", meta.Unknown{}},
		{"one member", meta.Unknown{"a": meta.RawJSON(`{"b":[1,2]}`)}},
		{"several members", meta.Unknown{"a": meta.RawJSON(`1`), "b": meta.RawJSON(`"two"`), "c": meta.RawJSON(`[3]`)}},
		{"nil and empty values", meta.Unknown{"nil": nil, "empty": meta.RawJSON{}, "x": meta.RawJSON(`true`)}},
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
			if err := deepcopytest.Independent(&tt.in, func(u *meta.Unknown) *meta.Unknown {
				c := u.DeepCopy()
				return &c
			}); err != nil {
				t.Error(err)
			}
		})
	}
	if meta.Unknown(nil).DeepCopy() != nil {
		t.Errorf("DeepCopy of nil must be nil")
	}
}

// TestUnknownDeepCopyAppendStaysInItsValue appends to each copied value in
// turn: no other value may change.
func TestUnknownDeepCopyAppendStaysInItsValue(t *testing.T) {
	in := meta.Unknown{"a": meta.RawJSON(`1`), "b": meta.RawJSON(`22`), "c": meta.RawJSON(`333`)}
	c := in.DeepCopy()
	for k := range c {
		c[k] = append(c[k], 'X')
	}
	want := meta.Unknown{"a": meta.RawJSON(`1X`), "b": meta.RawJSON(`22X`), "c": meta.RawJSON(`333X`)}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("after appending (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(meta.Unknown{"a": meta.RawJSON(`1`), "b": meta.RawJSON(`22`), "c": meta.RawJSON(`333`)}, in); diff != "" {
		t.Errorf("appending to the copy changed the original (-want +got):\n%s", diff)
	}
}
