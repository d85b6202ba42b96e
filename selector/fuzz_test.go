package selector

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/field"
)

// maxFuzzInput caps what a fuzz target reads, to keep each run fast.
const maxFuzzInput = 1024

// refMatches is a naive reference for Matches: it evaluates the
// requirements through their exported accessors only.
func refMatches(reqs []Requirement, ls Set) bool {
	for _, r := range reqs {
		v, ok := ls[r.Key()]
		vals := r.Values()
		var holds bool
		switch r.Operator() {
		case Equals, DoubleEquals, In:
			holds = ok && slices.Contains(vals, v)
		case NotEquals, NotIn:
			holds = !ok || !slices.Contains(vals, v)
		case Exists:
			holds = ok
		case DoesNotExist:
			holds = !ok
		case GreaterThan, LessThan:
			n, err := strconv.ParseInt(v, 10, 64)
			bound, _ := strconv.ParseInt(vals[0], 10, 64)
			holds = ok && err == nil && ((r.Operator() == GreaterThan && n > bound) || (r.Operator() == LessThan && n < bound))
		}
		if !holds {
			return false
		}
	}
	return true
}

// probeSets returns label sets that exercise reqs: with each key set to
// each of its values, to a neighbouring integer, and left out.
func probeSets(reqs []Requirement) []Set {
	sets := []Set{{}}
	for i := range 4 {
		s := Set{}
		for j, r := range reqs {
			vals := r.Values()
			switch (i + j) % 4 {
			case 0:
				if len(vals) > 0 {
					s[r.Key()] = vals[len(vals)-1]
				} else {
					s[r.Key()] = ""
				}
			case 1:
				if n, err := strconv.ParseInt(strings.Join(vals, ""), 10, 64); err == nil {
					s[r.Key()] = strconv.FormatInt(n+1, 10)
				} else {
					s[r.Key()] = "other"
				}
			case 2:
				if len(vals) > 0 {
					s[r.Key()] = vals[0]
				}
			}
		}
		sets = append(sets, s)
	}
	return sets
}

// checkSelector checks the invariants of a selector that was accepted:
// requirements sorted by key, Parse(String()) gives back an equal
// selector printing the same, and Matches agrees with the reference.
func checkSelector(t *testing.T, s Selector, dedupedValues bool) {
	t.Helper()
	reqs, selectable := s.Requirements()
	if !selectable {
		return
	}
	if !slices.IsSortedFunc(reqs, byKey) {
		t.Errorf("requirements of %q are not sorted by key", s.String())
	}
	for _, r := range reqs {
		if !slices.IsSorted(r.values) {
			t.Errorf("values of %q are not sorted", r.String())
		}
	}
	str := s.String()
	again, err := Parse(str)
	if err != nil {
		t.Fatalf("Parse(%q), the String of a valid selector: %v", str, err)
	}
	if dedupedValues {
		if !again.Equal(s) {
			t.Errorf("Parse(%q) is not equal to the selector printed", str)
		}
		if again.String() != str {
			t.Errorf("Parse(%q).String() = %q", str, again.String())
		}
	}
	for _, ls := range probeSets(reqs) {
		want := refMatches(reqs, ls)
		if got := s.Matches(ls); got != want {
			t.Errorf("%q.Matches(%v) = %v, reference %v", str, ls, got, want)
		}
		if got := again.Matches(ls); got != want {
			t.Errorf("reparsed %q.Matches(%v) = %v, reference %v", str, ls, got, want)
		}
		if got := s.Matches(hasGet(ls)); got != want {
			t.Errorf("%q.Matches(any Labels %v) = %v, reference %v", str, ls, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "a", "!a", "a=b", "a==b", "a!=b", "a>1", "a<1", "a in (x,,y)", "a notin ()", "in in (in)",
		"x in (foo,,baz),y,z notin ()", "a=,b", "a,", ",a", "a b", "a \x00b", "a=\x00b", "!a=b", "a>=1",
		"example.com/key=v", "environment in (production,staging),tier notin (frontend),!legacy,app",
		"b,a,b=1,a!=2,a,b in (x),a,c,c,d,e,f,g,h", "a>9223372036854775807", "a<007",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > maxFuzzInput {
			return
		}
		s, err := Parse(in)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T, want *ParseError", in, err)
			}
			if pe.Offset < 0 || pe.Offset > len(in) || pe.Detail == "" || pe.Error() == "" {
				t.Errorf("Parse(%q): bad error %#v", in, pe)
			}
			return
		}
		checkSelector(t, s, true)
	})
}

func FuzzFromLabelSelector(f *testing.F) {
	f.Add("job-name", "pi", "env", "In", "prod,staging", "legacy", "DoesNotExist", "")
	f.Add("", "", "a", "NotIn", ",x,x", "a", "Exists", "")
	f.Add("a b", "-", "", "in", "", "example.com/k", "Exists", "v")
	f.Fuzz(func(t *testing.T, mlKey, mlValue, key1, op1, vals1, key2, op2, vals2 string) {
		if len(mlKey)+len(mlValue)+len(key1)+len(op1)+len(vals1)+len(key2)+len(op2)+len(vals2) > maxFuzzInput {
			return
		}
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, ",")
		}
		ls := &LabelSelector{}
		if mlKey != "" || mlValue != "" {
			ls.MatchLabels = map[string]string{mlKey: mlValue}
		}
		if op1 != "" {
			ls.MatchExpressions = append(ls.MatchExpressions, LabelSelectorRequirement{Key: key1, Operator: LabelSelectorOperator(op1), Values: split(vals1)})
		}
		if op2 != "" {
			ls.MatchExpressions = append(ls.MatchExpressions, LabelSelectorRequirement{Key: key2, Operator: LabelSelectorOperator(op2), Values: split(vals2)})
		}
		s, err := FromLabelSelector(ls)
		errs := ValidateLabelSelector(ls, LabelSelectorValidationOptions{}, field.NewPath("spec", "selector"))
		if (err == nil) != (len(errs) == 0) {
			t.Fatalf("FromLabelSelector error %v, but ValidateLabelSelector %v", err, errs)
		}
		if err != nil {
			if len(field.AsErrorList(err)) != len(errs) {
				t.Errorf("FromLabelSelector error %v holds other errors than ValidateLabelSelector %v", err, errs)
			}
			return
		}
		dedup := true
		for _, e := range ls.MatchExpressions {
			if len(slices.Compact(slices.Sorted(slices.Values(e.Values)))) != len(e.Values) {
				dedup = false // repeated values print repeated, and parse once
			}
		}
		checkSelector(t, s, dedup)
	})
}

func FuzzParseInt64(f *testing.F) {
	for _, s := range []string{"", "0", "-1", "+1", "007", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1_0", "0x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		want, err := strconv.ParseInt(s, 10, 64)
		got, ok := parseInt64(s)
		if ok != (err == nil) || (ok && got != want) {
			t.Errorf("parseInt64(%q) = %d, %v; strconv.ParseInt gives %d, %v", s, got, ok, want, err)
		}
	})
}
