package selector

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/jobapi/field"
)

func TestSpecialSelectors(t *testing.T) {
	tests := []struct {
		name       string
		selector   Selector
		empty      bool
		selectable bool
	}{
		{name: "Everything is empty and selectable", selector: Everything(), empty: true, selectable: true},
		{name: "Nothing is neither empty nor selectable", selector: Nothing(), empty: false, selectable: false},
		{name: "zero value is Nothing", selector: Selector{}, empty: false, selectable: false},
		{name: "parsed empty string is Everything", selector: MustParse(""), empty: true, selectable: true},
		{name: "selector with a requirement is not empty", selector: MustParse("a"), empty: false, selectable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.empty, tt.selector.Empty()); diff != "" {
				t.Errorf("Empty (-want +got):\n%s", diff)
			}
			if _, got := tt.selector.Requirements(); got != tt.selectable {
				t.Errorf("Requirements selectable = %v, want %v", got, tt.selectable)
			}
		})
	}
	if diff := cmp.Diff(Nothing(), Selector{}); diff != "" {
		t.Errorf("Nothing() differs from the zero Selector (-want +got):\n%s", diff)
	}
	if Nothing().Equal(Everything()) {
		t.Error("Nothing().Equal(Everything()) = true, want false")
	}
}

func TestRequiresExactMatch(t *testing.T) {
	tests := []struct {
		name      string
		selector  Selector
		key       string
		wantValue string
		wantFound bool
	}{
		{name: "equals", selector: MustParse("a=x"), key: "a", wantValue: "x", wantFound: true},
		{name: "double equals", selector: MustParse("a==x"), key: "a", wantValue: "x", wantFound: true},
		{name: "in with one value", selector: MustParse("a in (x)"), key: "a", wantValue: "x", wantFound: true},
		{name: "in with a repeated value parsed once", selector: MustParse("a in (x,x)"), key: "a", wantValue: "x", wantFound: true},
		{name: "in with two values", selector: MustParse("a in (x,y)"), key: "a", wantFound: false},
		{name: "not equals", selector: MustParse("a!=x"), key: "a", wantFound: false},
		{name: "exists", selector: MustParse("a"), key: "a", wantFound: false},
		{name: "other key", selector: MustParse("a=x"), key: "b", wantFound: false},
		{name: "only the first requirement about the key counts", selector: MustParse("a,a=x"), key: "a", wantFound: false},
		{name: "first requirement exact", selector: MustParse("a=x,a"), key: "a", wantValue: "x", wantFound: true},
		{name: "empty value", selector: MustParse("a="), key: "a", wantValue: "", wantFound: true},
		{name: "Nothing", selector: Nothing(), key: "a", wantFound: false},
		{
			name:     "LabelSelector In with a repeated value is not exact",
			selector: mustFromLabelSelector(t, &LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "a", Operator: LabelSelectorOpIn, Values: []string{"x", "x"}}}}),
			key:      "a", wantFound: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, found := tt.selector.RequiresExactMatch(tt.key)
			if diff := cmp.Diff([]any{tt.wantValue, tt.wantFound}, []any{v, found}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func mustFromLabelSelector(t *testing.T, ls *LabelSelector) Selector {
	t.Helper()
	s, err := FromLabelSelector(ls)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRequirementsAreCopies(t *testing.T) {
	s := MustParse("a in (x,y),b")
	reqs, _ := s.Requirements()
	reqs[0] = Requirement{}
	vals := reqs[1].Values()
	if vals != nil {
		t.Fatalf("b has values %q", vals)
	}
	first, _ := s.Requirements()
	v := first[0].Values()
	v[0] = "changed"
	if diff := cmp.Diff("a in (x,y),b", s.String()); diff != "" {
		t.Errorf("changing what Requirements and Values returned changed the selector (-want +got):\n%s", diff)
	}
}

func TestAdd(t *testing.T) {
	r1, err := NewRequirement("b", In, []string{"y", "x"})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := NewRequirement("a", Exists, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		base Selector
		add  []Requirement
		want string
	}{
		{name: "to Everything, sorted", base: Everything(), add: []Requirement{r1, r2}, want: "a,b in (x,y)"},
		{name: "to a parsed selector", base: MustParse("c=1"), add: []Requirement{r1}, want: "b in (x,y),c=1"},
		{name: "nothing to add", base: MustParse("c=1"), add: nil, want: "c=1"},
		{name: "to Nothing stays Nothing", base: Nothing(), add: []Requirement{r1}, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.base.String()
			got := tt.base.Add(tt.add...)
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(before, tt.base.String()); diff != "" {
				t.Errorf("Add changed its receiver (-want +got):\n%s", diff)
			}
		})
	}
	if Nothing().Add(r1).Matches(Set{"b": "x"}) {
		t.Error("Nothing().Add(...) matches")
	}
}

func TestSetString(t *testing.T) {
	tests := []struct {
		name string
		set  Set
		want string
	}{
		{name: "nil set", set: nil, want: ""},
		{name: "one label", set: Set{"a": "b"}, want: "a=b"},
		{name: "sorted as key=value strings, as Kubernetes sorts them", set: Set{"a": "1", "a-b": "2", "b": ""}, want: "a-b=2,a=1,b="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.set.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetLabels(t *testing.T) {
	s := Set{"a": "", "b": "x"}
	tests := []struct {
		name    string
		key     string
		wantHas bool
		wantGet string
	}{
		{name: "present with the empty value", key: "a", wantHas: true, wantGet: ""},
		{name: "present with a value", key: "b", wantHas: true, wantGet: "x"},
		{name: "absent", key: "c", wantHas: false, wantGet: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := s.Lookup(tt.key)
			if diff := cmp.Diff([]any{tt.wantHas, tt.wantGet, tt.wantHas, tt.wantGet}, []any{s.Has(tt.key), s.Get(tt.key), ok, v}); diff != "" {
				t.Errorf("Has, Get, Lookup (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSelectorFromSet(t *testing.T) {
	tests := []struct {
		name    string
		set     Set
		want    Selector
		wantErr field.ErrorList // of ValidatedSelectorFromSet
	}{
		{name: "nil set is Everything", set: nil, want: Everything()},
		{name: "empty set is Everything", set: Set{}, want: Everything()},
		{name: "labels become sorted equality requirements", set: Set{"b": "2", "a": "1"}, want: sel(req("a", Equals, "1"), req("b", Equals, "2"))},
		{name: "empty value", set: Set{"a": ""}, want: sel(req("a", Equals, ""))},
		{
			name:    "invalid key is kept by SelectorFromSet and rejected by ValidatedSelectorFromSet",
			set:     Set{"a b": "1"},
			want:    sel(req("a b", Equals, "1")),
			wantErr: field.ErrorList{field.Invalid(field.NewPath("labels"), "a b", "")},
		},
		{
			name:    "invalid value",
			set:     Set{"a": "-"},
			want:    sel(req("a", Equals, "-")),
			wantErr: field.ErrorList{field.Invalid(field.NewPath("labels"), "-", "")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SelectorFromSet(tt.set)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SelectorFromSet (-want +got):\n%s", diff)
			}
			if len(tt.set) > 0 && !got.Matches(tt.set) {
				t.Errorf("SelectorFromSet(%v) does not match the set itself", tt.set)
			}
			vsel, err := ValidatedSelectorFromSet(tt.set)
			if diff := cmp.Diff(tt.wantErr, field.AsErrorList(err), cmpopts.IgnoreFields(field.Error{}, "Detail")); diff != "" {
				t.Errorf("ValidatedSelectorFromSet error (-want +got):\n%s", diff)
			}
			if err == nil {
				if diff := cmp.Diff(tt.want, vsel); diff != "" {
					t.Errorf("ValidatedSelectorFromSet (-want +got):\n%s", diff)
				}
			}
		})
	}
}
