package selector

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// The details of an invalid key and an invalid value: the leaf's
// problems, whose wording its own tests pin to Kubernetes'.
var (
	keyDetail   = validation.QualifiedNameProblems("-")[0]
	valueDetail = validation.LabelValueProblems("-")[0]
)

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
				field.Invalid(path, "a b", keyDetail),
				field.Invalid(path, "-", valueDetail),
			},
		},
		{
			name:   "bad key and bad value of one label",
			labels: map[string]string{"-": "-"},
			want: field.ErrorList{
				field.Invalid(path, "-", keyDetail),
				field.Invalid(path, "-", valueDetail),
			},
		},
		{
			name:   "every problem of a key, in Kubernetes' order",
			labels: map[string]string{"": "ok"},
			want: field.ErrorList{
				field.Invalid(path, "", "name part must be non-empty"),
				field.Invalid(path, "", keyDetail),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ValidateLabels(tt.labels, path)); diff != "" {
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
