package selector

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
)

func TestFromLabelSelector(t *testing.T) {
	tests := []struct {
		name  string
		ls    *LabelSelector
		want  Selector
		print string
	}{
		{name: "nil selects nothing", ls: nil, want: Nothing(), print: ""},
		{name: "empty selects everything", ls: &LabelSelector{}, want: Everything(), print: ""},
		{
			name: "empty map and list select everything",
			ls:   &LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []LabelSelectorRequirement{}},
			want: Everything(), print: "",
		},
		{
			name:  "matchLabels become equality requirements in key order",
			ls:    &LabelSelector{MatchLabels: map[string]string{"job-name": "pi", "controller-uid": "abc"}},
			want:  sel(req("controller-uid", Equals, "abc"), req("job-name", Equals, "pi")),
			print: "controller-uid=abc,job-name=pi",
		},
		{
			name: "every operator",
			ls: &LabelSelector{MatchExpressions: []LabelSelectorRequirement{
				{Key: "d", Operator: LabelSelectorOpDoesNotExist},
				{Key: "c", Operator: LabelSelectorOpExists, Values: []string{}},
				{Key: "b", Operator: LabelSelectorOpNotIn, Values: []string{"y"}},
				{Key: "a", Operator: LabelSelectorOpIn, Values: []string{"x", ""}},
			}},
			want:  sel(req("a", In, "", "x"), req("b", NotIn, "y"), req("c", Exists), req("d", DoesNotExist)),
			print: "a in (,x),b notin (y),c,!d",
		},
		{
			name: "repeated values are kept, as Kubernetes prints them",
			ls: &LabelSelector{MatchExpressions: []LabelSelectorRequirement{
				{Key: "a", Operator: LabelSelectorOpIn, Values: []string{"y", "x", "y"}},
			}},
			want:  sel(req("a", In, "x", "y", "y")),
			print: "a in (x,y,y)",
		},
		{
			name: "matchLabels come before expressions about the same key",
			ls: &LabelSelector{
				MatchLabels:      map[string]string{"a": "1"},
				MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpExists}},
			},
			want:  sel(req("a", Equals, "1"), req("a", Exists)),
			print: "a=1,a",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromLabelSelector(tt.ls)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.print, got.String()); diff != "" {
				t.Errorf("String (-want +got):\n%s", diff)
			}
			if errs := ValidateLabelSelector(tt.ls, LabelSelectorValidationOptions{}, field.NewPath("spec", "selector")); len(errs) != 0 {
				t.Errorf("ValidateLabelSelector = %v, want no errors", errs)
			}
		})
	}
}

func TestFromLabelSelectorDoesNotShareValues(t *testing.T) {
	ls := &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpIn, Values: []string{"y", "x"}}}}
	s, err := FromLabelSelector(ls)
	if err != nil {
		t.Fatal(err)
	}
	ls.MatchExpressions[0].Values[0] = "z"
	if diff := cmp.Diff("a in (x,y)", s.String()); diff != "" {
		t.Errorf("changing the LabelSelector changed the selector (-want +got):\n%s", diff)
	}
}

func TestFromLabelSelectorErrors(t *testing.T) {
	path := field.NewPath("spec", "selector")
	exprs := path.Child("matchExpressions")
	tests := []struct {
		name string
		ls   *LabelSelector
		want field.ErrorList // of ValidateLabelSelector at path
	}{
		{
			name: "invalid matchLabels key",
			ls:   &LabelSelector{MatchLabels: map[string]string{"a/b/c": "x"}},
			want: field.ErrorList{field.Invalid(path.Child("matchLabels"), "a/b/c", "")},
		},
		{
			name: "invalid matchLabels value",
			ls:   &LabelSelector{MatchLabels: map[string]string{"a": "x y"}},
			want: field.ErrorList{field.Invalid(path.Child("matchLabels"), "x y", "")},
		},
		{
			name: "In without values",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpIn}}},
			want: field.ErrorList{field.Required(exprs.Index(0).Child("values"), "")},
		},
		{
			name: "NotIn with an empty list",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpNotIn, Values: []string{}}}},
			want: field.ErrorList{field.Required(exprs.Index(0).Child("values"), "")},
		},
		{
			name: "Exists with values",
			ls: &LabelSelector{MatchExpressions: []LabelSelectorRequirement{
				{Key: "a", Operator: LabelSelectorOpExists},
				{Key: "b", Operator: LabelSelectorOpExists, Values: []string{"x"}},
			}},
			want: field.ErrorList{field.Forbidden(exprs.Index(1).Child("values"), "")},
		},
		{
			name: "DoesNotExist with values",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpDoesNotExist, Values: []string{""}}}},
			want: field.ErrorList{field.Forbidden(exprs.Index(0).Child("values"), "")},
		},
		{
			name: "operator in the wrong case is Invalid, as in Kubernetes",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: "in", Values: []string{"x"}}}},
			want: field.ErrorList{field.Invalid(exprs.Index(0).Child("operator"), LabelSelectorOperator("in"), "")},
		},
		{
			name: "empty operator is Invalid",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a"}}},
			want: field.ErrorList{field.Invalid(exprs.Index(0).Child("operator"), LabelSelectorOperator(""), "")},
		},
		{
			name: "empty matchLabels key gets two errors, as in Kubernetes",
			ls:   &LabelSelector{MatchLabels: map[string]string{"": "x"}},
			want: field.ErrorList{field.Invalid(path.Child("matchLabels"), "", ""), field.Invalid(path.Child("matchLabels"), "", "")},
		},
		{
			name: "over-long value of bad characters gets two errors",
			ls:   &LabelSelector{MatchLabels: map[string]string{"a": strings.Repeat("v", 63) + "!"}},
			want: field.ErrorList{
				field.Invalid(path.Child("matchLabels"), strings.Repeat("v", 63)+"!", ""),
				field.Invalid(path.Child("matchLabels"), strings.Repeat("v", 63)+"!", ""),
			},
		},
		{
			name: "invalid key and value of an expression",
			ls:   &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "", Operator: LabelSelectorOpIn, Values: []string{"ok", strings.Repeat("v", 64)}}}},
			want: field.ErrorList{
				field.Invalid(exprs.Index(0).Child("key"), "", ""),
				field.Invalid(exprs.Index(0).Child("key"), "", ""),
				field.Invalid(exprs.Index(0).Child("values").Index(1), strings.Repeat("v", 64), ""),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := ValidateLabelSelector(tt.ls, LabelSelectorValidationOptions{}, path)
			if diff := cmp.Diff(tt.want, errs, ignoreDetail); diff != "" {
				t.Errorf("ValidateLabelSelector (-want +got):\n%s", diff)
			}
			got, err := FromLabelSelector(tt.ls)
			if err == nil {
				t.Fatalf("FromLabelSelector = %q, want an error", got.String())
			}
			// The error holds the same errors, relative to the selector.
			var rel field.ErrorList
			for _, e := range tt.want {
				c := *e
				c.Field = strings.TrimPrefix(c.Field, "spec.selector.")
				rel = append(rel, &c)
			}
			if diff := cmp.Diff(rel, field.AsErrorList(err), ignoreDetail); diff != "" {
				t.Errorf("FromLabelSelector error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(Nothing(), got); diff != "" {
				t.Errorf("selector on error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateLabelSelectorNil(t *testing.T) {
	if errs := ValidateLabelSelector(nil, LabelSelectorValidationOptions{}, field.NewPath("spec", "selector")); errs != nil {
		t.Errorf("ValidateLabelSelector(nil) = %v, want nil", errs)
	}
}

func TestLabelSelectorJSON(t *testing.T) {
	in := `{"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"NotIn","values":["db"]},{"key":"legacy","operator":"DoesNotExist"}]}`
	var ls LabelSelector
	if err := json.Unmarshal([]byte(in), &ls); err != nil {
		t.Fatal(err)
	}
	s, err := FromLabelSelector(&ls)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("app=web,!legacy,tier notin (db)", s.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	out, err := json.Marshal(&ls)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, string(out)); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
}

func TestDeepCopy(t *testing.T) {
	tests := []struct {
		name   string
		ls     *LabelSelector
		allocs float64 // besides the map's
	}{
		{name: "nil", ls: nil},
		{name: "empty", ls: &LabelSelector{}, allocs: 1},
		{name: "empty non-nil members", ls: &LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []LabelSelectorRequirement{}}, allocs: 1},
		{name: "labels only", ls: &LabelSelector{MatchLabels: map[string]string{"a": "b", "c": "d"}}, allocs: 1},
		{name: "one term of one value", ls: &LabelSelector{
			MatchLabels:      map[string]string{"a": "b"},
			MatchExpressions: []LabelSelectorRequirement{{Key: "c", Operator: LabelSelectorOpIn, Values: []string{"d"}}},
		}, allocs: 1},
		{name: "one term without values", ls: &LabelSelector{
			MatchExpressions: []LabelSelectorRequirement{{Key: "c", Operator: LabelSelectorOpExists}},
		}, allocs: 1},
		{name: "one term with empty values", ls: &LabelSelector{
			MatchExpressions: []LabelSelectorRequirement{{Key: "c", Operator: LabelSelectorOpExists, Values: []string{}}},
		}, allocs: 1},
		{name: "one term of two values", ls: &LabelSelector{
			MatchExpressions: []LabelSelectorRequirement{{Key: "c", Operator: LabelSelectorOpIn, Values: []string{"d", "e"}}},
		}, allocs: 3},
		{name: "terms with and without values", ls: &LabelSelector{
			MatchLabels: map[string]string{"a": "b"},
			MatchExpressions: []LabelSelectorRequirement{
				{Key: "c", Operator: LabelSelectorOpIn, Values: []string{"d", "e"}},
				{Key: "f", Operator: LabelSelectorOpDoesNotExist},
				{Key: "g", Operator: LabelSelectorOpNotIn, Values: []string{"h"}},
				{Key: "i", Operator: LabelSelectorOpExists, Values: []string{}},
			},
		}, allocs: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cp := tt.ls.DeepCopy()
			// cmp tells nil from empty slices and maps apart.
			if diff := cmp.Diff(tt.ls, cp); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if cp == nil {
				return
			}
			for _, r := range cp.MatchExpressions {
				if cap(r.Values) != len(r.Values) {
					t.Errorf("values %q have room for %d more: appending would write into another term's", r.Values, cap(r.Values)-len(r.Values))
				}
			}
			// Write through every reference of the copy: the original
			// must not change.
			want := deepCopyByHand(tt.ls)
			for k := range cp.MatchLabels {
				cp.MatchLabels[k] = "changed"
			}
			if cp.MatchLabels != nil {
				cp.MatchLabels["new"] = "x"
			}
			for i := range cp.MatchExpressions {
				cp.MatchExpressions[i].Key = "changed"
				for j := range cp.MatchExpressions[i].Values {
					cp.MatchExpressions[i].Values[j] = "changed"
				}
			}
			if diff := cmp.Diff(want, tt.ls); diff != "" {
				t.Errorf("writing through the copy changed the original (-want +got):\n%s", diff)
			}
			mapAllocs := 0.0
			if tt.ls.MatchLabels != nil {
				mapAllocs = testing.AllocsPerRun(100, func() { _ = maps.Clone(tt.ls.MatchLabels) })
			}
			if got := testing.AllocsPerRun(100, func() { tt.ls.DeepCopy() }); got != tt.allocs+mapAllocs {
				t.Errorf("DeepCopy allocates %v times, want %v and the map's %v", got, tt.allocs, mapAllocs)
			}
		})
	}
}

// deepCopyByHand is the plain deep copy DeepCopy must equal: one
// allocation per reference.
func deepCopyByHand(ls *LabelSelector) *LabelSelector {
	out := &LabelSelector{}
	if ls.MatchLabels != nil {
		out.MatchLabels = map[string]string{}
		for k, v := range ls.MatchLabels {
			out.MatchLabels[k] = v
		}
	}
	if ls.MatchExpressions != nil {
		out.MatchExpressions = []LabelSelectorRequirement{}
		for _, r := range ls.MatchExpressions {
			if r.Values != nil {
				r.Values = append([]string{}, r.Values...)
			}
			out.MatchExpressions = append(out.MatchExpressions, r)
		}
	}
	return out
}

func TestFromLabelSelectorAllocations(t *testing.T) {
	ls := &LabelSelector{
		MatchLabels: map[string]string{"controller-uid": "abc", "job-name": "pi"},
		MatchExpressions: []LabelSelectorRequirement{
			{Key: "env", Operator: LabelSelectorOpIn, Values: []string{"b", "a"}},
			{Key: "legacy", Operator: LabelSelectorOpDoesNotExist},
		},
	}
	if got := testing.AllocsPerRun(100, func() { FromLabelSelector(ls) }); got > 2 {
		t.Errorf("FromLabelSelector allocates %v times, want at most 2", got)
	}
}
