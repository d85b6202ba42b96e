package validation_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Kubernetes' messages, as apimachinery's api/validate/content words them
// (IsLabelKey, IsLabelValue).
const (
	keyRule     = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	nameRule    = "name part " + keyRule
	nameEmpty   = "name part must be non-empty"
	name63      = "name part must be no more than 63 bytes"
	prefixEmpty = "prefix part must be non-empty"
	prefix253   = "prefix part must be no more than 253 bytes"
	prefixRule  = "prefix part " + subdomainRule
	keyShape    = "a valid label key " + keyRule + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
	valueRule   = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	value63     = "must be no more than 63 bytes"
	maxPrefix   = 253 // the longest prefix of a qualified name
)

func TestQualifiedNameProblems(t *testing.T) {
	prefix := strings.Repeat(strings.Repeat("p", 62)+".", 4) + "p" // 253 bytes
	tests := []struct {
		name string
		s    string
		want []string
	}{
		{"simple name", "app", nil},
		{"every allowed byte", "A-b_c.9", nil},
		{"one byte", "a", nil},
		{"name of 63 bytes", strings.Repeat("n", 63), nil},
		{"prefixed", "example.com/app", nil},
		{"prefix with dashes", "my-org--x.example.com/app", nil},
		{"prefix of 253 bytes", prefix + "/a", nil},
		{"empty: two problems, as Kubernetes counts them", "", []string{nameEmpty, nameRule}},
		{"name of 64 bytes", strings.Repeat("n", 64), []string{name63}},
		{"name of 64 bytes with a bad byte", strings.Repeat("n", 63) + "_", []string{name63, nameRule}},
		{"name starting with a dot", ".a", []string{nameRule}},
		{"name ending with an underscore", "a_", []string{nameRule}},
		{"name with a space", "a b", []string{nameRule}},
		{"two slashes: one message alone", "Ex/a/-", []string{keyShape}},
		{"empty prefix", "/a", []string{prefixEmpty}},
		{"empty name after the prefix", "example.com/", []string{nameEmpty, nameRule}},
		{"lone slash", "/", []string{prefixEmpty, nameEmpty, nameRule}},
		{"prefix of 254 bytes, worded in bytes", prefix + "p/a", []string{prefix253}},
		{"prefix of 254 bytes ending in a dot", prefix + "./a", []string{prefix253, prefixRule}},
		{"upper-case prefix", "Example.com/a", []string{prefixRule}},
		{"prefix with an empty part", "example..com/a", []string{prefixRule}},
		{"prefix part ending with a dash", "example-.com/a", []string{prefixRule}},
		{"prefix with an underscore", "my_org/a", []string{prefixRule}},
		{"both parts wrong, prefix first", "Ex/-a", []string{prefixRule, nameRule}},
		{"non-ASCII", "caf\u00e9", []string{nameRule}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, validation.QualifiedNameProblems(tt.s)); diff != "" {
				t.Errorf("QualifiedNameProblems(%q) (-want +got):\n%s", tt.s, diff)
			}
			if is := validation.IsQualifiedName(tt.s); is != (tt.want == nil) {
				t.Errorf("IsQualifiedName(%q) = %v, want %v", tt.s, is, tt.want == nil)
			}
		})
	}
}

func TestLabelValueProblems(t *testing.T) {
	tests := []struct {
		name string
		s    string
		want []string
	}{
		{"empty", "", nil},
		{"simple", "prod", nil},
		{"every allowed byte", "A-b_c.9", nil},
		{"63 bytes", strings.Repeat("v", 63), nil},
		{"64 bytes", strings.Repeat("v", 64), []string{value63}},
		{"64 bytes ending in a dash", strings.Repeat("v", 63) + "-", []string{value63, valueRule}},
		{"slash", "a/b", []string{valueRule}},
		{"leading dash", "-1", []string{valueRule}},
		{"non-ASCII", "\u00e9", []string{valueRule}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, validation.LabelValueProblems(tt.s)); diff != "" {
				t.Errorf("LabelValueProblems(%q) (-want +got):\n%s", tt.s, diff)
			}
			if is := validation.IsLabelValue(tt.s); is != (tt.want == nil) {
				t.Errorf("IsLabelValue(%q) = %v, want %v", tt.s, is, tt.want == nil)
			}
		})
	}
}

func TestValidateLabelRulesReportEachProblemAtThePath(t *testing.T) {
	p := field.NewPath("metadata", "labels")
	tests := []struct {
		name string
		got  field.ErrorList
		want field.ErrorList
	}{
		{"valid key", validation.ValidateQualifiedName("example.com/app", p), nil},
		{"valid value", validation.ValidateLabelValue("", p), nil},
		{"empty key", validation.ValidateQualifiedName("", p), field.ErrorList{field.Invalid(p, "", nameEmpty), field.Invalid(p, "", nameRule)}},
		{"bad prefix and name", validation.ValidateQualifiedName("A/-", p), field.ErrorList{field.Invalid(p, "A/-", prefixRule), field.Invalid(p, "A/-", nameRule)}},
		{"bad value", validation.ValidateLabelValue("-", p.Key("app")), field.ErrorList{field.Invalid(p.Key("app"), "-", valueRule)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The reference: Kubernetes' regular expressions, as IsLabelKey and
// IsLabelValue use them.
var (
	keyNameRE  = regexp.MustCompile(`^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`)
	labelValRE = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)
)

// referenceKeyProblems is apimachinery's IsLabelKey, by regexp.
func referenceKeyProblems(s string) []string {
	var p []string
	parts := strings.Split(s, "/")
	name := parts[0]
	switch len(parts) {
	case 1:
	case 2:
		name = parts[1]
		switch prefix := parts[0]; {
		case prefix == "":
			p = append(p, prefixEmpty)
		default:
			for _, m := range referenceSubdomainProblems(prefix) {
				if m == subdomain253 {
					m = "must be no more than 253 bytes"
				}
				p = append(p, "prefix part "+m)
			}
		}
	default:
		return []string{keyShape}
	}
	switch {
	case name == "":
		p = append(p, nameEmpty)
	case len(name) > 63:
		p = append(p, name63)
	}
	if !keyNameRE.MatchString(name) {
		p = append(p, nameRule)
	}
	return p
}

// referenceValueProblems is apimachinery's IsLabelValue, by regexp.
func referenceValueProblems(s string) []string {
	var p []string
	if len(s) > 63 {
		p = append(p, value63)
	}
	if !labelValRE.MatchString(s) {
		p = append(p, valueRule)
	}
	return p
}

// FuzzLabelRules checks qualified names and label values against
// Kubernetes' regular expressions, and the yes-or-no forms against the
// problem lists.
func FuzzLabelRules(f *testing.F) {
	for _, s := range []string{
		"", "a", "a/b", "/", "a/", "/a", "A.com/b", "a..b/c", "a-/b", "a.-b/c", "-", "a_b", "\u00e9", "a/b/c", "//",
		strings.Repeat("x", 64), strings.Repeat("p", 254) + "/a", strings.Repeat("p", 254) + "./a", "example.com/" + strings.Repeat("n", 64),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 600 {
			return
		}
		if diff := cmp.Diff(referenceKeyProblems(s), validation.QualifiedNameProblems(s)); diff != "" {
			t.Fatalf("QualifiedNameProblems(%q) (-reference +got):\n%s", s, diff)
		}
		if diff := cmp.Diff(referenceValueProblems(s), validation.LabelValueProblems(s)); diff != "" {
			t.Fatalf("LabelValueProblems(%q) (-reference +got):\n%s", s, diff)
		}
		if got, want := validation.IsQualifiedName(s), validation.QualifiedNameProblems(s) == nil; got != want {
			t.Fatalf("IsQualifiedName(%q) = %v, want %v", s, got, want)
		}
		if got, want := validation.IsLabelValue(s), validation.LabelValueProblems(s) == nil; got != want {
			t.Fatalf("IsLabelValue(%q) = %v, want %v", s, got, want)
		}
		if n := len(validation.ValidateQualifiedName(s, nil)); n != len(referenceKeyProblems(s)) {
			t.Fatalf("ValidateQualifiedName(%q): %d errors, want %d", s, n, len(referenceKeyProblems(s)))
		}
	})
}

func TestValidLabelRulesCostNoAllocation(t *testing.T) {
	keys := []string{"app", "example.com/tier", strings.Repeat("a", maxPrefix) + "/" + strings.Repeat("n", 63)}
	allocs := testing.AllocsPerRun(100, func() {
		for _, s := range keys {
			_ = validation.ValidateQualifiedName(s, nil)
			_ = validation.ValidateLabelValue(s[:min(len(s), 3)], nil)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func BenchmarkLabelRules(b *testing.B) {
	for _, bc := range []struct {
		name string
		s    string
	}{
		{"short", "app"},
		{"prefixed", "batch.kubernetes.io/job-name"},
		{"invalid", "Example.com/-a"},
	} {
		b.Run("IsQualifiedName/"+bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = validation.IsQualifiedName(bc.s)
			}
		})
		b.Run("QualifiedNameProblems/"+bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = validation.QualifiedNameProblems(bc.s)
			}
		})
	}
}
