package validation_test

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Kubernetes' messages (pkg/apis/core/validation).
const (
	relative  = "must be a relative path"
	backsteps = "must not contain '..'"
)

func TestLocalDescendingPathProblems(t *testing.T) {
	tests := []struct {
		name string
		p    string
		want []string
	}{
		{"empty names the directory", "", nil},
		{"a file", "a", nil},
		{"nested", "a/b/c", nil},
		{"dots inside a name", "a..b/..c/d..", nil},
		{"a dot element", "./a/.", nil},
		{"a trailing slash", "a/", nil},
		{"absolute", "/a", []string{relative}},
		{"a lone backstep", "..", []string{backsteps}},
		{"a leading backstep", "../a", []string{backsteps}},
		{"an inner backstep", "a/../b", []string{backsteps}},
		{"a trailing backstep", "a/..", []string{backsteps}},
		{"absolute with a backstep", "/a/../b", []string{relative, backsteps}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, validation.LocalDescendingPathProblems(tt.p)); diff != "" {
				t.Errorf("LocalDescendingPathProblems(%q) (-want +got):\n%s", tt.p, diff)
			}
			if is := validation.IsLocalDescendingPath(tt.p); is != (tt.want == nil) {
				t.Errorf("IsLocalDescendingPath(%q) = %v, want %v", tt.p, is, tt.want == nil)
			}
			at := field.NewPath("spec", "volumes").Index(0).Child("gitRepo", "directory")
			var want field.ErrorList
			for _, m := range tt.want {
				want = append(want, field.Invalid(at, tt.p, m))
			}
			if diff := cmp.Diff(want, validation.ValidateLocalDescendingPath(tt.p, at)); diff != "" {
				t.Errorf("ValidateLocalDescendingPath(%q) (-want +got):\n%s", tt.p, diff)
			}
		})
	}
}

// FuzzLocalDescendingPath checks the path rule against Kubernetes' own
// way of asking (strings.Split on '/', path.IsAbs).
func FuzzLocalDescendingPath(f *testing.F) {
	for _, s := range []string{"", "a", "/", "..", "../", "/..", "a/..", "a/../b", "...", "a//..//", "./a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		back := slices.Contains(strings.Split(s, "/"), "..")
		if got := validation.HasBackstep(s); got != back {
			t.Fatalf("HasBackstep(%q) = %v, want %v", s, got, back)
		}
		var want []string
		if path.IsAbs(s) {
			want = append(want, relative)
		}
		if back {
			want = append(want, backsteps)
		}
		if diff := cmp.Diff(want, validation.LocalDescendingPathProblems(s)); diff != "" {
			t.Fatalf("LocalDescendingPathProblems(%q) (-want +got):\n%s", s, diff)
		}
		if got := validation.IsLocalDescendingPath(s); got != (want == nil) {
			t.Fatalf("IsLocalDescendingPath(%q) = %v, want %v", s, got, want == nil)
		}
	})
}

func TestValidLocalPathCostsNoAllocation(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = validation.ValidateLocalDescendingPath("a/b/c..d", nil)
		_ = validation.HasBackstep("x/y/z")
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}
