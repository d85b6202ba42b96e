package selector_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// zeros returns n leading zeros followed by digits.
func zeros(n int, digits string) string { return strings.Repeat("0", n) + digits }

// formsOf returns the values "4", "04", "004", ... of the integer digits
// with 0 to n-1 leading zeros, joined by ",".
func formsOf(digits string, n int) string {
	forms := make([]string, n)
	for i := range forms {
		forms[i] = zeros(i, digits)
	}
	return strings.Join(forms, ",")
}

// fromSet is SelectorFromSet, for labels Parse would reject.
func fromSet(s selector.Set) selector.Selector { return selector.SelectorFromSet(s) }

func TestWitness(t *testing.T) {
	p := selector.MustParse
	tests := []struct {
		name string
		a, b selector.Selector
		want selector.Set // nil: the selectors do not overlap
	}{
		// One key, every pair of operators.
		{name: "= and = with the same value", a: p("a=x"), b: p("a=x"), want: selector.Set{"a": "x"}},
		{name: "= and = with different values", a: p("a=x"), b: p("a=y")},
		{name: "= and == are the same operator", a: p("a=x"), b: p("a==x"), want: selector.Set{"a": "x"}},
		{name: "== and == with different values", a: p("a==x"), b: p("a==y")},
		{name: "= and = on the empty value", a: p("a="), b: p("a in (,x)"), want: selector.Set{"a": ""}},
		{name: "= and in holding the value", a: p("a=x"), b: p("a in (w,x)"), want: selector.Set{"a": "x"}},
		{name: "== and in without the value", a: p("a==z"), b: p("a in (x,y)")},
		{name: "= and != of the same value", a: p("a=x"), b: p("a!=x")},
		{name: "= and != of another value", a: p("a=x"), b: p("a!=y"), want: selector.Set{"a": "x"}},
		{name: "= and notin holding the value", a: p("a=x"), b: p("a notin (w,x)")},
		{name: "= and notin without the value", a: p("a=x"), b: p("a notin (y)"), want: selector.Set{"a": "x"}},
		{name: "= and exists", a: p("a=x"), b: p("a"), want: selector.Set{"a": "x"}},
		{name: "= and !key", a: p("a=x"), b: p("!a")},
		{name: "= of an integer and > below it", a: p("a=5"), b: p("a>4"), want: selector.Set{"a": "5"}},
		{name: "= of an integer and > of itself", a: p("a=5"), b: p("a>5")},
		{name: "= of a word and >", a: p("a=x"), b: p("a>1")},
		{name: "= of an integer with leading zeros and <", a: p("a=05"), b: p("a<6"), want: selector.Set{"a": "05"}},
		{name: "= of an integer and < of itself", a: p("a=5"), b: p("a<5")},
		{name: "in and in sharing values: the smallest shared", a: p("a in (x,y,z)"), b: p("a in (w,y,z)"), want: selector.Set{"a": "y"}},
		{name: "in and in disjoint", a: p("a in (x,y)"), b: p("a in (v,w)")},
		{name: "in and != leaving a value", a: p("a in (x,y)"), b: p("a!=x"), want: selector.Set{"a": "y"}},
		{name: "in and != leaving none", a: p("a in (x)"), b: p("a!=x")},
		{name: "in and notin leaving a value", a: p("a in (x,y,z)"), b: p("a notin (x)"), want: selector.Set{"a": "y"}},
		{name: "in and notin leaving none", a: p("a in (x,y)"), b: p("a notin (y,x)")},
		{name: "in and exists", a: p("a in (y,x)"), b: p("a"), want: selector.Set{"a": "x"}},
		{name: "in and !key", a: p("a in (x,y)"), b: p("!a")},
		{name: "in and > compare as integers, not strings", a: p("a in (1,10,x)"), b: p("a>5"), want: selector.Set{"a": "10"}},
		{name: "in and < leaving an integer", a: p("a in (1,10,x)"), b: p("a<5"), want: selector.Set{"a": "1"}},
		{name: "in of words and <", a: p("a in (x,y)"), b: p("a<5")},
		{name: "!= and !=: the key may be absent", a: p("a!=x"), b: p("a!=y"), want: selector.Set{}},
		{name: "!= and notin of the same value: absent", a: p("a!=x"), b: p("a notin (x)"), want: selector.Set{}},
		{name: "!= and exists: a fresh value", a: p("a!=x"), b: p("a"), want: selector.Set{"a": "other"}},
		{name: "!= and exists excluding the fresh value", a: p("a!=other"), b: p("a"), want: selector.Set{"a": "other-1"}},
		{name: "!= and !key: absent", a: p("a!=x"), b: p("!a"), want: selector.Set{}},
		{name: "!= and > skipping the excluded integer", a: p("a!=6"), b: p("a>5"), want: selector.Set{"a": "7"}},
		{name: "!= and < with one integer left: a leading zero", a: p("a!=0"), b: p("a<1"), want: selector.Set{"a": "00"}},
		{name: "notin and notin: absent", a: p("a notin (x)"), b: p("a notin (y)"), want: selector.Set{}},
		{name: "notin and exists excluding fresh values", a: p("a notin (other,other-1)"), b: p("a"), want: selector.Set{"a": "other-2"}},
		{name: "notin and !key: absent", a: p("a notin (x)"), b: p("!a"), want: selector.Set{}},
		{name: "notin and > skipping excluded integers", a: p("a notin (4,5)"), b: p("a>3"), want: selector.Set{"a": "6"}},
		{name: "notin and < excluding every short form of 0", a: p("a notin (0,00,000)"), b: p("a<1"), want: selector.Set{"a": "0000"}},
		{name: "exists and exists", a: p("a"), b: p("a"), want: selector.Set{"a": "other"}},
		{name: "exists and !key", a: p("a"), b: p("!a")},
		{name: "exists and >", a: p("a"), b: p("a>3"), want: selector.Set{"a": "4"}},
		{name: "exists and <: the smallest integer", a: p("a"), b: p("a<3"), want: selector.Set{"a": "0"}},
		{name: "!key and !key", a: p("!a"), b: p("!a"), want: selector.Set{}},
		{name: "!key and >", a: p("!a"), b: p("a>3")},
		{name: "!key and <", a: p("!a"), b: p("a<3")},
		{name: "> and >: the larger bound", a: p("a>3"), b: p("a>7"), want: selector.Set{"a": "8"}},
		{name: "> and < with no integer between", a: p("a>1"), b: p("a<2")},
		{name: "> and < with one integer between", a: p("a>1"), b: p("a<3"), want: selector.Set{"a": "2"}},
		{name: "< and <: the smallest integer", a: p("a<3"), b: p("a<1"), want: selector.Set{"a": "0"}},

		// Integers at the edges.
		{name: "< 0: no valid label value is negative", a: p("a<0"), b: selector.Everything()},
		{name: "> the largest int64", a: p("a>9223372036854775807"), b: p("a")},
		{name: "> just below the largest int64", a: p("a>9223372036854775806"), b: p("a"), want: selector.Set{"a": "9223372036854775807"}},
		{name: "> and < around the largest int64", a: p("a>9223372036854775806"), b: p("a<9223372036854775807")},
		{name: "integers beyond int64 are not integers", a: p("a=9223372036854775808"), b: p("a>1")},
		{name: "> and < leaving one integer, every form excluded but the 63-byte one",
			a: p("a>3,a<5"), b: p("a notin (" + formsOf("4", 62) + ")"), want: selector.Set{"a": zeros(62, "4")}},
		{name: "> and < leaving one integer, every form excluded",
			a: p("a>3,a<5"), b: p("a notin (" + formsOf("4", 63) + ")")},
		{name: "> and < with the canonical form of every integer between excluded: a leading zero",
			a: p("a>3,a<6"), b: p("a notin (4,5)"), want: selector.Set{"a": "04"}},
		{name: "mixture on one key: in, > and notin leaving nothing", a: p("a in (1,5),a>3"), b: p("a notin (5)")},
		{name: "mixture on one key: in, > and notin leaving a value", a: p("a in (1,5,7),a>3"), b: p("a notin (5)"), want: selector.Set{"a": "7"}},

		// Several keys, special selectors.
		{name: "different keys are independent", a: p("a=1,!c"), b: p("b in (2,3),c!=x"), want: selector.Set{"a": "1", "b": "2"}},
		{name: "one key fails: no overlap", a: p("a=1,b=2"), b: p("a=1,b=3")},
		{name: "a selector that contradicts itself overlaps nothing", a: p("a>1,a<2"), b: selector.Everything()},
		{name: "Everything and Everything: the empty set", a: selector.Everything(), b: selector.Everything(), want: selector.Set{}},
		{name: "Everything and a selector: that selector's witness", a: selector.Everything(), b: p("app=web,tier"), want: selector.Set{"app": "web", "tier": "other"}},
		{name: "Nothing and Everything", a: selector.Nothing(), b: selector.Everything()},
		{name: "Nothing and Nothing", a: selector.Nothing(), b: selector.Nothing()},
		{name: "the zero Selector is Nothing", a: selector.Selector{}, b: p("a")},
		{name: "a zero Requirement matches nothing", a: selector.Everything().Add(selector.Requirement{}), b: selector.Everything()},
		{name: "an invalid value required by SelectorFromSet", a: fromSet(selector.Set{"a": "-5"}), b: selector.Everything()},
		{name: "an invalid key required by SelectorFromSet", a: fromSet(selector.Set{"bad key": "x"}), b: selector.Everything()},
		{name: "FromLabelSelector keeps repeated values",
			a: mustFromLabelSelector(t, &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "a", Operator: selector.LabelSelectorOpIn, Values: []string{"x", "x", "y"}}}}),
			b: p("a!=x"), want: selector.Set{"a": "y"}},
		{name: "generated Job selectors with different uids", a: p("batch.kubernetes.io/controller-uid=1a2b"), b: p("batch.kubernetes.io/controller-uid=3c4d")},
		{name: "manual selectors of two Jobs sharing a label",
			a: p("app=pi"), b: p("app=pi,tier notin (db)"), want: selector.Set{"app": "pi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, order := range [][2]selector.Selector{{tt.a, tt.b}, {tt.b, tt.a}} {
				a, b := order[0], order[1]
				got, ok := selector.Witness(a, b)
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("Witness(%q, %q) (-want +got):\n%s", a, b, diff)
				}
				if ok != (tt.want != nil) {
					t.Errorf("Witness(%q, %q) ok = %v, want %v", a, b, ok, tt.want != nil)
				}
				if over := selector.Overlaps(a, b); over != (tt.want != nil) {
					t.Errorf("Overlaps(%q, %q) = %v, want %v", a, b, over, tt.want != nil)
				}
				if ok {
					checkWitness(t, a, b, got)
				}
			}
		})
	}
}

func mustFromLabelSelector(t *testing.T, ls *selector.LabelSelector) selector.Selector {
	t.Helper()
	s, err := selector.FromLabelSelector(ls)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkWitness checks what Witness promises of w: both selectors match
// it, its keys and values are valid, and it names only keys that a or b
// mention.
func checkWitness(t testing.TB, a, b selector.Selector, w selector.Set) {
	t.Helper()
	if !a.Matches(w) || !b.Matches(w) {
		t.Errorf("witness %q of %q and %q: matched by a %v, by b %v; want both", w, a, b, a.Matches(w), b.Matches(w))
	}
	if errs := selector.ValidateLabels(w, field.NewPath("witness")); len(errs) > 0 {
		t.Errorf("witness %q of %q and %q is invalid: %v", w, a, b, errs)
	}
	mentioned := map[string]bool{}
	for _, s := range []selector.Selector{a, b} {
		reqs, _ := s.Requirements()
		for _, r := range reqs {
			mentioned[r.Key()] = true
		}
	}
	for k := range w {
		if !mentioned[k] {
			t.Errorf("witness %q of %q and %q has the key %q, which neither mentions", w, a, b, k)
		}
	}
}

func TestOverlapsDoesNotAllocate(t *testing.T) {
	tests := []struct {
		name string
		a, b string
	}{
		{name: "generated selectors", a: "batch.kubernetes.io/controller-uid=8d3e5b7c-1f2a-4b6c-9d8e-0a1b2c3d4e5f", b: "batch.kubernetes.io/controller-uid=0f6bb3b2-1f2a-4b6c-9d8e-0a1b2c3d4e5f"},
		{name: "set operators that overlap", a: "app=web,tier in (a,b,c),env!=prod", b: "app in (web,api),tier notin (a),!legacy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := selector.MustParse(tt.a), selector.MustParse(tt.b)
			allocs := testing.AllocsPerRun(100, func() { selector.Overlaps(a, b) })
			if allocs != 0 {
				t.Errorf("Overlaps(%q, %q) allocates %v times, want 0", tt.a, tt.b, allocs)
			}
		})
	}
}
