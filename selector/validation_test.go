package selector

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
)

func TestValidateQualifiedName(t *testing.T) {
	tests := []struct {
		name   string
		key    string
		valid  bool
		detail string // what the detail must say, for invalid keys
		errors int    // how many errors, as Kubernetes counts broken rules; 0 means 1
	}{
		{name: "simple name", key: "app", valid: true},
		{name: "name with every allowed byte", key: "A-b_c.9", valid: true},
		{name: "single character", key: "a", valid: true},
		{name: "name of 63 bytes", key: strings.Repeat("n", 63), valid: true},
		{name: "prefixed", key: "example.com/app", valid: true},
		{name: "prefix with dashes", key: "my-org--x.example.com/app", valid: true},
		{name: "prefix of 253 bytes", key: strings.Repeat("p", 253) + "/a", valid: true},
		{name: "empty breaks two rules, as in Kubernetes", key: "", detail: "must not be empty", errors: 2},
		{name: "name of 64 bytes", key: strings.Repeat("n", 64), detail: "must be at most 63 bytes (it has 64)"},
		{name: "name starting with a dot", key: ".a", detail: "must start and end with a letter or digit"},
		{name: "name ending with an underscore", key: "a_", detail: "must start and end with a letter or digit"},
		{name: "name with a space", key: "a b", detail: "must consist of letters, digits, '-', '_' and '.'"},
		{name: "two slashes", key: "a/b/c", detail: "must contain at most one '/'"},
		{name: "empty prefix", key: "/a", detail: "prefix before '/' must not be empty"},
		{name: "empty name after the prefix", key: "example.com/", detail: "name after '/' must not be empty", errors: 2},
		{name: "prefix of 254 bytes", key: strings.Repeat("p", 254) + "/a", detail: "prefix before '/' must be at most 253 bytes"},
		{name: "upper-case prefix", key: "Example.com/a", detail: "lower-case DNS subdomain"},
		{name: "prefix with an empty part", key: "example..com/a", detail: "lower-case DNS subdomain"},
		{name: "prefix part ending with a dash", key: "example-.com/a", detail: "lower-case DNS subdomain"},
		{name: "prefix with an underscore", key: "my_org/a", detail: "lower-case DNS subdomain"},
		{name: "both parts wrong, one error each", key: "Ex/-a", detail: "prefix before '/' must be a lower-case DNS subdomain", errors: 2},
	}
	path := field.NewPath("spec", "uniqueLabelKey")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := ValidateQualifiedName(tt.key, path)
			if tt.valid {
				if len(errs) != 0 {
					t.Fatalf("ValidateQualifiedName(%q) = %v, want no errors", tt.key, errs)
				}
				return
			}
			want := field.ErrorList{field.Invalid(path, tt.key, "")}
			for len(want) < tt.errors {
				want = append(want, field.Invalid(path, tt.key, ""))
			}
			if diff := cmp.Diff(want, errs, ignoreDetail); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if !strings.Contains(errs[0].Detail, tt.detail) {
				t.Errorf("detail %q, want it to contain %q", errs[0].Detail, tt.detail)
			}
		})
	}
}

func TestValidateLabelValue(t *testing.T) {
	tests := []struct {
		name   string
		value  string
		valid  bool
		detail string
	}{
		{name: "empty", value: "", valid: true},
		{name: "simple", value: "prod", valid: true},
		{name: "63 bytes", value: strings.Repeat("v", 63), valid: true},
		{name: "64 bytes", value: strings.Repeat("v", 64), detail: "must be at most 63 bytes (it has 64)"},
		{name: "slash", value: "a/b", detail: "must be empty or consist of letters"},
		{name: "leading dash", value: "-1", detail: "must start and end with a letter or digit"},
	}
	path := field.NewPath("metadata", "labels").Key("app")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := ValidateLabelValue(tt.value, path)
			if tt.valid {
				if len(errs) != 0 {
					t.Fatalf("ValidateLabelValue(%q) = %v, want no errors", tt.value, errs)
				}
				return
			}
			if diff := cmp.Diff(field.ErrorList{field.Invalid(path, tt.value, "")}, errs, ignoreDetail); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if !strings.Contains(errs[0].Detail, tt.detail) {
				t.Errorf("detail %q, want it to contain %q", errs[0].Detail, tt.detail)
			}
		})
	}
}

func TestValidateLabels(t *testing.T) {
	path := field.NewPath("metadata", "labels")
	tests := []struct {
		name   string
		labels map[string]string
		want   field.ErrorList
	}{
		{name: "nil map", labels: nil},
		{name: "valid labels", labels: map[string]string{"app": "web", "example.com/tier": ""}},
		{
			name:   "bad key and bad value both at the map as in Kubernetes, in key order",
			labels: map[string]string{"z": "-", "a b": "ok", "m": "fine"},
			want: field.ErrorList{
				field.Invalid(path, "a b", ""),
				field.Invalid(path, "-", ""),
			},
		},
		{
			name:   "bad key and bad value of one label",
			labels: map[string]string{"-": "-"},
			want: field.ErrorList{
				field.Invalid(path, "-", ""),
				field.Invalid(path, "-", ""),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ValidateLabels(tt.labels, path), ignoreDetail); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	t.Run("accepts a Set", func(t *testing.T) {
		if errs := ValidateLabels(Set{"a": "b"}, path); len(errs) != 0 {
			t.Errorf("ValidateLabels(Set) = %v", errs)
		}
	})
	t.Run("valid labels cost no allocation", func(t *testing.T) {
		m := map[string]string{"app": "web", "example.com/tier": "db"}
		if got := testing.AllocsPerRun(100, func() { ValidateLabels(m, path) }); got != 0 {
			t.Errorf("ValidateLabels allocates %v times, want 0", got)
		}
	})
}

// The regular expressions of Kubernetes' rules, as a naive reference for
// the hand-written checks.
var (
	refName   = regexp.MustCompile(`^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`)
	refPrefix = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
)

func refValidKey(s string) bool {
	parts := strings.Split(s, "/")
	name := parts[0]
	switch len(parts) {
	case 1:
	case 2:
		if p := parts[0]; len(p) == 0 || len(p) > 253 || !refPrefix.MatchString(p) {
			return false
		}
		name = parts[1]
	default:
		return false
	}
	return len(name) <= 63 && refName.MatchString(name)
}

func refValidValue(s string) bool {
	return s == "" || (len(s) <= 63 && refName.MatchString(s))
}

func FuzzValidation(f *testing.F) {
	for _, s := range []string{"", "a", "a/b", "/", "a/", "/a", "A.com/b", "a..b/c", "a-/b", "a.-b/c", "-", "a_b", "é", strings.Repeat("x", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 600 {
			return
		}
		if got, want := validKey(s), refValidKey(s); got != want {
			t.Errorf("validKey(%q) = %v, reference %v", s, got, want)
		}
		if got, want := validValue(s), refValidValue(s); got != want {
			t.Errorf("validValue(%q) = %v, reference %v", s, got, want)
		}
		if (keyProblem(s) == "") != validKey(s) {
			t.Errorf("keyProblem(%q) = %q disagrees with validKey", s, keyProblem(s))
		}
		if (valueProblem(s) == "") != validValue(s) {
			t.Errorf("valueProblem(%q) = %q disagrees with validValue", s, valueProblem(s))
		}
	})
}

func TestValidateLabelSelectorAllocations(t *testing.T) {
	ls := &LabelSelector{
		MatchLabels: map[string]string{"controller-uid": "abc", "job-name": "pi"},
		MatchExpressions: []LabelSelectorRequirement{
			{Key: "env", Operator: LabelSelectorOpIn, Values: []string{"b", "a"}},
			{Key: "legacy", Operator: LabelSelectorOpDoesNotExist},
		},
	}
	path := field.NewPath("spec", "selector")
	if got := testing.AllocsPerRun(100, func() { ValidateLabelSelector(ls, LabelSelectorValidationOptions{}, path) }); got != 0 {
		t.Errorf("ValidateLabelSelector of a valid selector allocates %v times, want 0", got)
	}
}

// TestValidateLabelSelectorOptions checks AllowInvalidLabelValueInSelector:
// an invalid value in `matchExpressions` is refused without it and
// accepted with it; every other rule, the values of `matchLabels` among
// them, still holds, as apimachinery's option does.
func TestValidateLabelSelectorOptions(t *testing.T) {
	allow := LabelSelectorValidationOptions{AllowInvalidLabelValueInSelector: true}
	type key struct {
		Type  field.ErrorType
		Field string
	}
	tests := []struct {
		name          string
		ls            *LabelSelector
		without, with []key
	}{{
		name:    "invalid value in matchExpressions",
		ls:      &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpIn, Values: []string{"ok", "-bad-"}}}},
		without: []key{{field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].values[1]"}},
	}, {
		name:    "too long a value in NotIn",
		ls:      &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpNotIn, Values: []string{strings.Repeat("x", 64)}}}},
		without: []key{{field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].values[0]"}},
	}, {
		name:    "invalid value in matchLabels is still refused",
		ls:      &LabelSelector{MatchLabels: map[string]string{"a": "-bad-"}},
		without: []key{{field.ErrorTypeInvalid, "spec.selector.matchLabels"}},
		with:    []key{{field.ErrorTypeInvalid, "spec.selector.matchLabels"}},
	}, {
		name: "invalid key and missing values are still refused",
		ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "-k", Operator: LabelSelectorOpIn}}},
		without: []key{
			{field.ErrorTypeRequired, "spec.selector.matchExpressions[0].values"},
			{field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].key"},
		},
		with: []key{
			{field.ErrorTypeRequired, "spec.selector.matchExpressions[0].values"},
			{field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].key"},
		},
	}, {
		name:    "values with Exists are still forbidden",
		ls:      &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpExists, Values: []string{"-bad-"}}}},
		without: []key{{field.ErrorTypeForbidden, "spec.selector.matchExpressions[0].values"}, {field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].values[0]"}},
		with:    []key{{field.ErrorTypeForbidden, "spec.selector.matchExpressions[0].values"}},
	}}
	keys := func(errs field.ErrorList) []key {
		var out []key
		for _, e := range errs {
			out = append(out, key{e.Type, e.Field})
		}
		return out
	}
	path := field.NewPath("spec", "selector")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.without, keys(ValidateLabelSelector(tt.ls, LabelSelectorValidationOptions{}, path))); diff != "" {
				t.Errorf("without the option (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.with, keys(ValidateLabelSelector(tt.ls, allow, path))); diff != "" {
				t.Errorf("with AllowInvalidLabelValueInSelector (-want +got):\n%s", diff)
			}
		})
	}
}
