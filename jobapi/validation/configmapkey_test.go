package validation_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Kubernetes' messages (apimachinery's IsConfigMapKey), word for word.
const (
	configMapKeyRule = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"
	tooLong253       = "must be no more than 253 characters"
)

func TestConfigMapKeyProblems(t *testing.T) {
	tests := []struct {
		name string
		key  string
		want []string
	}{
		{"a file name", "key.name", nil},
		{"upper case and underscores", "KEY_NAME", nil},
		{"dots inside and at the end", "a..b.", nil},
		{"one leading dot", ".hidden", nil},
		{"253 bytes", strings.Repeat("k", 253), nil},
		{"empty", "", []string{configMapKeyRule}},
		{"a slash", "a/b", []string{configMapKeyRule}},
		{"a blank", "a b", []string{configMapKeyRule}},
		{"254 bytes", strings.Repeat("k", 254), []string{tooLong253}},
		{"254 bytes with a colon", strings.Repeat("k", 253) + ":", []string{tooLong253, configMapKeyRule}},
		{"the directory", ".", []string{"must not be '.'"}},
		{"the parent directory", "..", []string{"must not be '..'"}},
		{"a '..' prefix", "..data", []string{"must not start with '..'"}},
		{"a '..' prefix and a slash", "../etc", []string{configMapKeyRule, "must not start with '..'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, validation.ConfigMapKeyProblems(tt.key)); diff != "" {
				t.Errorf("ConfigMapKeyProblems (-want +got):\n%s", diff)
			}
			if got := validation.IsConfigMapKey(tt.key); got != (tt.want == nil) {
				t.Errorf("IsConfigMapKey = %v, want %v", got, tt.want == nil)
			}
			var want field.ErrorList
			for _, p := range tt.want {
				want = append(want, field.Invalid(field.NewPath("data"), tt.key, p))
			}
			if diff := cmp.Diff(want, validation.ValidateConfigMapKey(tt.key, field.NewPath("data"))); diff != "" {
				t.Errorf("ValidateConfigMapKey (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidConfigMapKeyCostsNoAllocation(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = validation.ValidateConfigMapKey("key.name", nil)
	})
	if allocs != 0 {
		t.Errorf("%v allocations, want 0", allocs)
	}
}

// FuzzConfigMapKey checks the ConfigMap key rule against Kubernetes' own
// way of asking: its regular expression, its length limit and its
// checks of '.' and '..'.
func FuzzConfigMapKey(f *testing.F) {
	for _, s := range []string{"", ".", "..", "..a", ".a", "a.b", "A_B-c", "a/b", "a b", strings.Repeat("x", 254), "é"} {
		f.Add(s)
	}
	shape := regexp.MustCompile(`^[-._a-zA-Z0-9]+$`)
	f.Fuzz(func(t *testing.T, s string) {
		var want []string
		if len(s) > 253 {
			want = append(want, tooLong253)
		}
		if !shape.MatchString(s) {
			want = append(want, configMapKeyRule)
		}
		switch {
		case s == ".":
			want = append(want, "must not be '.'")
		case s == "..":
			want = append(want, "must not be '..'")
		case strings.HasPrefix(s, ".."):
			want = append(want, "must not start with '..'")
		}
		if diff := cmp.Diff(want, validation.ConfigMapKeyProblems(s)); diff != "" {
			t.Fatalf("ConfigMapKeyProblems(%q) (-want +got):\n%s", s, diff)
		}
		if got := validation.IsConfigMapKey(s); got != (want == nil) {
			t.Fatalf("IsConfigMapKey(%q) = %v, want %v", s, got, want == nil)
		}
	})
}
