package selector

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hasGet is a Labels with only the two methods of the interface, so that
// Matches takes its path for any Labels.
type hasGet map[string]string

func (h hasGet) Has(k string) bool   { _, ok := h[k]; return ok }
func (h hasGet) Get(k string) string { return h[k] }

// lookupOnly is a Labels that also answers Lookup, which Matches prefers.
type lookupOnly map[string]string

func (l lookupOnly) Has(k string) bool   { panic("Matches must use Lookup") }
func (l lookupOnly) Get(k string) string { panic("Matches must use Lookup") }
func (l lookupOnly) Lookup(k string) (string, bool) {
	v, ok := l[k]
	return v, ok
}

func TestMatches(t *testing.T) {
	tests := []struct {
		name     string
		selector string
		labels   Set
		want     bool
	}{
		{name: "equals with the value", selector: "a=x", labels: Set{"a": "x"}, want: true},
		{name: "equals with another value", selector: "a=x", labels: Set{"a": "y"}, want: false},
		{name: "equals without the key", selector: "a=x", labels: Set{"b": "x"}, want: false},
		{name: "equals empty value with the key empty", selector: "a=", labels: Set{"a": ""}, want: true},
		{name: "equals empty value without the key", selector: "a=", labels: Set{}, want: false},
		{name: "double equals with the value", selector: "a==x", labels: Set{"a": "x"}, want: true},
		{name: "not equals with another value", selector: "a!=x", labels: Set{"a": "y"}, want: true},
		{name: "not equals with the value", selector: "a!=x", labels: Set{"a": "x"}, want: false},
		{name: "not equals without the key", selector: "a!=x", labels: Set{}, want: true},
		{name: "in with one of the values", selector: "a in (x,y)", labels: Set{"a": "y"}, want: true},
		{name: "in with none of the values", selector: "a in (x,y)", labels: Set{"a": "z"}, want: false},
		{name: "in without the key", selector: "a in (x,y)", labels: Set{}, want: false},
		{name: "in with the empty value", selector: "a in (x,)", labels: Set{"a": ""}, want: true},
		{name: "in with many values", selector: "a in (v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10)", labels: Set{"a": "v7"}, want: true},
		{name: "in with many values none matching", selector: "a in (v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10)", labels: Set{"a": "v11"}, want: false},
		{name: "notin with none of the values", selector: "a notin (x,y)", labels: Set{"a": "z"}, want: true},
		{name: "notin with one of the values", selector: "a notin (x,y)", labels: Set{"a": "x"}, want: false},
		{name: "notin without the key", selector: "a notin (x,y)", labels: Set{}, want: true},
		{name: "exists with the key", selector: "a", labels: Set{"a": ""}, want: true},
		{name: "exists without the key", selector: "a", labels: Set{"b": "a"}, want: false},
		{name: "does not exist without the key", selector: "!a", labels: Set{"b": "a"}, want: true},
		{name: "does not exist with the key", selector: "!a", labels: Set{"a": ""}, want: false},
		{name: "greater than with a greater integer", selector: "a>5", labels: Set{"a": "6"}, want: true},
		{name: "greater than with the same integer", selector: "a>5", labels: Set{"a": "5"}, want: false},
		{name: "greater than with leading zeros", selector: "a>5", labels: Set{"a": "0010"}, want: true},
		{name: "greater than with a plus sign", selector: "a>5", labels: Set{"a": "+6"}, want: true},
		{name: "less than with a negative integer", selector: "a<5", labels: Set{"a": "-6"}, want: true},
		{name: "less than with a larger integer", selector: "a<5", labels: Set{"a": "50"}, want: false},
		{name: "greater than with a word", selector: "a>5", labels: Set{"a": "six"}, want: false},
		{name: "less than with a word", selector: "a<5", labels: Set{"a": "six"}, want: false},
		{name: "less than with an empty value", selector: "a<5", labels: Set{"a": ""}, want: false},
		{name: "less than with a bare sign", selector: "a<5", labels: Set{"a": "-"}, want: false},
		{name: "greater than with an integer out of range", selector: "a>5", labels: Set{"a": "9223372036854775808"}, want: false},
		{name: "less than with the smallest int64", selector: "a<5", labels: Set{"a": "-9223372036854775808"}, want: true},
		{name: "greater than without the key", selector: "a>5", labels: Set{}, want: false},
		{name: "less than without the key", selector: "a<5", labels: Set{}, want: false},
		{name: "integer range that nothing fits", selector: "a>1,a<2", labels: Set{"a": "1"}, want: false},
		{name: "all requirements hold", selector: "app,env in (prod),!legacy,tier!=web", labels: Set{"app": "x", "env": "prod", "tier": "db"}, want: true},
		{name: "one requirement fails", selector: "app,env in (prod),!legacy,tier!=web", labels: Set{"app": "x", "env": "prod", "legacy": "true"}, want: false},
		{name: "everything matches the empty set", selector: "", labels: Set{}, want: true},
		{name: "everything matches a nil set", selector: "", labels: nil, want: true},
		{name: "not equals matches a nil set", selector: "a!=x", labels: nil, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := MustParse(tt.selector)
			if diff := cmp.Diff(tt.want, s.Matches(tt.labels)); diff != "" {
				t.Errorf("Matches(Set) (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, s.Matches(hasGet(tt.labels))); diff != "" {
				t.Errorf("Matches(any Labels) (-want +got):\n%s", diff)
			}
			if reqs, _ := s.Requirements(); len(reqs) == 1 {
				if diff := cmp.Diff(tt.want, reqs[0].Matches(tt.labels)); diff != "" {
					t.Errorf("Requirement.Matches(Set) (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(tt.want, reqs[0].Matches(hasGet(tt.labels))); diff != "" {
					t.Errorf("Requirement.Matches(any Labels) (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestMatchesSpecialSelectors(t *testing.T) {
	tests := []struct {
		name     string
		selector Selector
		labels   Labels
		want     bool
	}{
		{name: "Everything matches any labels", selector: Everything(), labels: Set{"a": "b"}, want: true},
		{name: "Nothing matches no labels", selector: Nothing(), labels: Set{"a": "b"}, want: false},
		{name: "Nothing does not match the empty set", selector: Nothing(), labels: Set{}, want: false},
		{name: "zero Selector matches nothing", selector: Selector{}, labels: Set{}, want: false},
		{name: "zero Requirement matches nothing", selector: Everything().Add(Requirement{}), labels: Set{"": ""}, want: false},
		{name: "nil Labels are an empty set for Everything", selector: Everything(), labels: nil, want: true},
		{name: "nil Labels are an empty set for a negative requirement", selector: MustParse("!a,b!=c"), labels: nil, want: true},
		{name: "nil Labels are an empty set for a positive requirement", selector: MustParse("a"), labels: nil, want: false},
		{name: "Labels with Lookup", selector: MustParse("a=b,!c"), labels: lookupOnly{"a": "b"}, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.selector.Matches(tt.labels)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if reqs, _ := tt.selector.Requirements(); len(reqs) == 1 {
				if diff := cmp.Diff(tt.want, reqs[0].Matches(tt.labels)); diff != "" {
					t.Errorf("Requirement.Matches (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestMatchesDoesNotAllocate(t *testing.T) {
	tests := []struct {
		name     string
		selector string
		labels   Labels
	}{
		{name: "equality on a Set", selector: "controller-uid=abc,job-name=myjob", labels: Set{"controller-uid": "abc", "job-name": "myjob"}},
		{name: "set-based on a Set", selector: "environment in (production,staging),tier notin (frontend),!legacy,app", labels: Set{"environment": "production", "tier": "db", "app": "x"}},
		{name: "integer that does not parse", selector: "a>1", labels: Set{"a": "99999999999999999999999"}},
		{name: "any Labels", selector: "a=b,c notin (d),!e,f<3", labels: hasGet{"a": "b", "f": "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := MustParse(tt.selector)
			if got := testing.AllocsPerRun(100, func() { s.Matches(tt.labels) }); got != 0 {
				t.Errorf("Matches allocates %v times per call, want 0", got)
			}
		})
	}
}

func TestParseInt64AgreesWithStrconv(t *testing.T) {
	tests := []string{
		"", "0", "-0", "+0", "1", "-1", "+1", "007", "-", "+", "--1", "+-1", "1_000", "0x10", " 1", "1 ",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"99999999999999999999", "18446744073709551616", "١", "1e3",
	}
	for _, in := range tests {
		t.Run(strconv.Quote(in), func(t *testing.T) {
			want, err := strconv.ParseInt(in, 10, 64)
			got, ok := parseInt64(in)
			if ok != (err == nil) || (ok && got != want) {
				t.Errorf("parseInt64(%q) = %d, %v; strconv.ParseInt gives %d, %v", in, got, ok, want, err)
			}
		})
	}
}
