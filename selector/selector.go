package selector

import (
	"slices"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// Selector selects label sets: it matches a label set when every one of
// its requirements holds. Selectors are immutable values, cheap to copy
// and safe for concurrent use.
//
// The zero Selector is [Nothing]: it matches no label set and is not
// Empty, so a Selector that was never set selects nothing rather than
// everything (as a nil *LabelSelector does). [Everything] has no
// requirements and matches every label set.
type Selector struct {
	// reqs are sorted by key as Kubernetes sorts them (sort.Sort, which is
	// not stable: requirements with the same key come out in the order its
	// pdqsort leaves them, which slices.SortFunc reproduces exactly).
	reqs []Requirement
	// selectable is false only for Nothing, the zero value.
	selectable bool
}

// Everything returns the selector that matches every label set. It has no
// requirements, prints as "" and is Empty.
func Everything() Selector { return Selector{selectable: true} }

// Nothing returns the selector that matches no label set, as a nil
// *LabelSelector does. It is the zero Selector; it prints as "" and is not
// Empty.
func Nothing() Selector { return Selector{} }

// byKey orders requirements by key for sorting.
func byKey(a, b Requirement) int { return strings.Compare(a.key, b.key) }

// sortRequirements sorts reqs by key exactly as Kubernetes'
// sort.Sort(ByKey(reqs)) does, including the order of equal keys:
// slices.SortFunc and sort.Sort are generated from the same pdqsort.
func sortRequirements(reqs []Requirement) {
	slices.SortFunc(reqs, byKey)
}

// Matches reports whether the labels satisfy every requirement of s. It
// does not allocate. Nothing matches no label set; nil labels are an
// empty set.
func (s Selector) Matches(ls Labels) bool {
	if !s.selectable {
		return false
	}
	switch l := ls.(type) {
	case Set:
		return s.matchesSet(l)
	case nil:
		return s.matchesSet(nil)
	case lookuper:
		for i := range s.reqs {
			r := &s.reqs[i]
			v, ok := l.Lookup(r.key)
			if !r.matchValue(v, ok) {
				return false
			}
		}
		return true
	}
	for i := range s.reqs {
		r := &s.reqs[i]
		v, ok := "", ls.Has(r.key)
		if ok {
			v = ls.Get(r.key)
		}
		if !r.matchValue(v, ok) {
			return false
		}
	}
	return true
}

// matchesSet is Matches for a Set, with the common operators decided in
// the loop rather than in a call per requirement.
func (s Selector) matchesSet(set Set) bool {
	for i := range s.reqs {
		r := &s.reqs[i]
		v, ok := set[r.key]
		switch r.op {
		case opEquals, opDoubleEquals, opIn:
			if !ok {
				return false
			}
			if len(r.values) == 1 {
				if r.values[0] != v {
					return false
				}
			} else if !r.hasValue(v) {
				return false
			}
		case opExists:
			if !ok {
				return false
			}
		case opDoesNotExist:
			if ok {
				return false
			}
		default:
			if !r.matchValue(v, ok) {
				return false
			}
		}
	}
	return true
}

// Empty reports whether s places no restriction on labels, as Everything
// does. Nothing is not Empty.
func (s Selector) Empty() bool {
	return s.selectable && len(s.reqs) == 0
}

// String prints the selector in the canonical form Kubernetes prints (what
// kubectl shows): the requirements sorted by key, each as
// [Requirement.String] prints it, joined by ",". Everything and Nothing
// print as "". For every selector that Parse returns,
// Parse(s.String()) returns a selector equal to s.
func (s Selector) String() string {
	if len(s.reqs) == 0 {
		return ""
	}
	n := len(s.reqs) - 1
	for i := range s.reqs {
		n += s.reqs[i].printedLen()
	}
	var b strings.Builder
	b.Grow(n)
	for i := range s.reqs {
		if i > 0 {
			b.WriteByte(',')
		}
		s.reqs[i].write(&b)
	}
	return b.String()
}

// Requirements returns a copy of the requirements of s, sorted by key, and
// whether s can select anything at all: selectable is false only for
// Nothing.
func (s Selector) Requirements() (reqs []Requirement, selectable bool) {
	return slices.Clone(s.reqs), s.selectable
}

// RequiresExactMatch reports whether s requires the label key to have one
// particular value, and that value. As in Kubernetes, only the first
// requirement about key (in sorted order) is considered, and it must use
// Equals, DoubleEquals, or In with a single value.
func (s Selector) RequiresExactMatch(key string) (value string, found bool) {
	for i := range s.reqs {
		r := &s.reqs[i]
		if r.key != key {
			continue
		}
		switch r.op {
		case opEquals, opDoubleEquals, opIn:
			if len(r.values) == 1 {
				return r.values[0], true
			}
		}
		return "", false
	}
	return "", false
}

// Add returns a selector holding the requirements of s and reqs, sorted as
// Kubernetes sorts them. s is unchanged. Adding to Nothing gives Nothing.
// A zero Requirement (not made by [NewRequirement]) matches nothing, so
// adding one makes the selector match nothing, as in Kubernetes.
func (s Selector) Add(reqs ...Requirement) Selector {
	if !s.selectable {
		return s
	}
	out := make([]Requirement, 0, len(s.reqs)+len(reqs))
	out = append(out, s.reqs...)
	out = append(out, reqs...)
	sortRequirements(out)
	return Selector{reqs: out, selectable: true}
}

// Equal reports whether s and o have the same requirements in the same
// order (and so print the same), and are both Nothing or both not.
func (s Selector) Equal(o Selector) bool {
	return s.selectable == o.selectable && slices.EqualFunc(s.reqs, o.reqs, Requirement.Equal)
}

// SelectorFromSet returns the selector that matches the label sets holding
// every label of ls ("key=value" requirements, printed in key order). A
// nil or empty set gives Everything. Like Kubernetes' SelectorFromSet it
// does not validate the keys and values: a selector made from invalid
// labels matches as written, but its String may not parse. Use
// [ValidatedSelectorFromSet] for labels from users.
func SelectorFromSet(ls Set) Selector {
	if len(ls) == 0 {
		return Everything()
	}
	reqs := make([]Requirement, 0, len(ls))
	vals := make([]string, 0, len(ls))
	for k, v := range ls {
		vals = append(vals, v)
		i := len(vals)
		reqs = append(reqs, Requirement{key: k, op: opEquals, values: vals[i-1 : i : i]})
	}
	sortRequirements(reqs)
	return Selector{reqs: reqs, selectable: true}
}

// ValidatedSelectorFromSet is SelectorFromSet for labels that still need
// checking: it fails, as [ValidateLabels] reports, when a key or value is
// invalid.
func ValidatedSelectorFromSet(ls Set) (Selector, error) {
	if errs := ValidateLabels(ls, field.NewPath("labels")); len(errs) > 0 {
		return Selector{}, errs.ToAggregate()
	}
	return SelectorFromSet(ls), nil
}
