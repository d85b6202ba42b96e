package selector

import (
	"math"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/validation"
)

// Overlaps reports whether some label set matches both a and b: a set of
// valid label keys with valid label values (as [ValidateLabels] accepts
// them) for which a.Matches and b.Matches both hold. The answer is exact
// for every operator, including '>' and '<' and any mixture of operators
// on one key; it is not a heuristic. Nothing overlaps no selector;
// Everything overlaps every selector but Nothing.
//
// Overlap is decided key by key, because a requirement reads only the
// label of its own key. For each key mentioned by a or b, some valid
// value, or the key's absence, must satisfy every requirement of both
// selectors on that key. Surprises:
//   - A missing key satisfies '!=' and 'notin', so "env!=prod" overlaps
//     "env=prod,app=web" not at all but "app=web" fully.
//   - '>' and '<' need the key present with a value that parses as an
//     integer. A valid label value cannot start with '+' or '-', so the
//     integers a label can hold are 0 to 9223372036854775807 (written
//     with up to 63 digits, leading zeros allowed): "a<0" matches no valid
//     label set and "a>1,a<2" neither.
//   - Leading zeros count: "a>3,a<5,a notin (4)" overlaps Everything,
//     because "04" is a valid value equal to 4 as an integer.
//   - A requirement on an invalid key or with an invalid value (possible
//     only through SelectorFromSet) can be satisfied by no valid label
//     set, although Matches accepts a label set that carries them.
//
// Overlaps allocates only when a key must be present with a value that
// neither selector names (for '>', '<', or exists next to '!=' and
// 'notin'), to write candidate values. Its cost grows with the number of
// requirements on each key times the number of values they name.
func Overlaps(a, b Selector) bool {
	_, ok := solve(a, b, false)
	return ok
}

// Witness returns a label set that both a and b match, and true; or nil
// and false when [Overlaps](a, b) is false. The set is small: it holds
// only keys that a or b mention, and of those only the ones that must be
// present; every key and value in it is valid. Values are chosen
// deterministically, so the same selectors always give the same witness:
//   - for '=', '==' and 'in', the smallest (in byte order) value that
//     every other requirement on the key allows;
//   - for '>' and '<' without an equality, the smallest integer in range
//     whose canonical form (no leading zeros) '!=' and 'notin' leave
//     free; only when they exclude every integer in range in that form,
//     the form with the fewest leading zeros that is free, smallest
//     integer first ("a>3,a<6,a notin (4,5)" gives "04");
//   - for a key that only has to be present (exists, or '!=' and 'notin'
//     next to exists), "other", or "other-1", "other-2" and so on when
//     "other" is excluded.
func Witness(a, b Selector) (Set, bool) {
	return solve(a, b, true)
}

// freshValue is the label value Witness gives a key that must be present
// and need only differ from the values '!=' and 'notin' exclude.
const freshValue = "other"

// solve decides whether a and b overlap and, when build is set, returns a
// witness.
func solve(a, b Selector, build bool) (Set, bool) {
	if !a.selectable || !b.selectable {
		return nil, false
	}
	var w Set
	if build {
		w = Set{}
	}
	ra, rb := a.reqs, b.reqs
	for len(ra) > 0 || len(rb) > 0 {
		// Both lists are sorted by key: take the smallest key and the
		// run of requirements on it in each list.
		var key string
		switch {
		case len(rb) == 0 || (len(ra) > 0 && ra[0].key < rb[0].key):
			key = ra[0].key
		default:
			key = rb[0].key
		}
		na, nb := runOf(ra, key), runOf(rb, key)
		v, present, ok := solveKey(key, ra[:na], rb[:nb])
		if !ok {
			return nil, false
		}
		if present && build {
			w[key] = v
		}
		ra, rb = ra[na:], rb[nb:]
	}
	return w, true
}

// runOf returns how many requirements at the start of reqs are about key.
func runOf(reqs []Requirement, key string) int {
	n := 0
	for n < len(reqs) && reqs[n].key == key {
		n++
	}
	return n
}

// keyConstraint is what the requirements on one key ask of it together.
type keyConstraint struct {
	mustExist, mustNotExist bool
	// eq is the equality requirement ('=', '==', 'in') with the fewest
	// values, whose values are the only candidates; nil when there is none.
	eq *Requirement
	// bounded says whether '>' or '<' appear; lo and hi then bound the
	// integer, both inclusive. lo only grows from 0 and hi only shrinks
	// from the largest int64, so lo > hi (hi = -1 at the least) once no
	// integer fits.
	bounded bool
	lo, hi  int64
	// excluded counts the values of '!=' and 'notin': the most candidate
	// values that can be turned down once the others are settled.
	excluded int
	// broken is set by a zero Requirement, which matches nothing.
	broken bool
}

// constrain folds one requirement into c.
func (c *keyConstraint) constrain(r *Requirement) {
	switch r.op {
	case opEquals, opDoubleEquals, opIn:
		c.mustExist = true
		if c.eq == nil || len(r.values) < len(c.eq.values) {
			c.eq = r
		}
	case opExists:
		c.mustExist = true
	case opDoesNotExist:
		c.mustNotExist = true
	case opNotEquals, opNotIn:
		c.excluded += len(r.values)
	case opGreaterThan:
		c.mustExist, c.bounded = true, true
		if r.num == math.MaxInt64 {
			c.hi = -1 // no integer is greater
		} else {
			c.lo = max(c.lo, r.num+1)
		}
	case opLessThan:
		c.mustExist, c.bounded = true, true
		if r.num <= 0 {
			c.hi = -1 // no valid label value is a negative integer
		} else {
			c.hi = min(c.hi, r.num-1)
		}
	default:
		c.broken = true
	}
}

// solveKey finds how the label key can satisfy every requirement of ra
// and rb (all about key): absent (present false), or present with value
// v. ok is false when neither is possible.
func solveKey(key string, ra, rb []Requirement) (v string, present, ok bool) {
	// The integers a valid label value can hold: it starts with a digit,
	// so it has no sign.
	c := keyConstraint{lo: 0, hi: math.MaxInt64}
	for _, rs := range [2][]Requirement{ra, rb} {
		for i := range rs {
			c.constrain(&rs[i])
		}
	}
	switch {
	case c.broken:
		return "", false, false
	case !c.mustExist:
		// Only '!=', 'notin' and '!key', which an absent key satisfies.
		return "", false, true
	case c.mustNotExist || !validation.IsQualifiedName(key):
		return "", false, false
	}
	holds := func(v string) bool {
		for _, rs := range [2][]Requirement{ra, rb} {
			for i := range rs {
				if !rs[i].matchValue(v, true) {
					return false
				}
			}
		}
		return true
	}
	switch {
	case c.eq != nil:
		// The values are sorted, so the first that holds is the smallest.
		for _, v := range c.eq.values {
			if validation.IsLabelValue(v) && holds(v) {
				return v, true, true
			}
		}
		return "", false, false
	case c.bounded:
		v, ok := integerValue(c.lo, c.hi, c.excluded, holds)
		return v, ok, ok
	}
	// The key need only be present: every candidate is a fresh valid
	// value, so at most c.excluded of them can be turned down.
	for n := 0; n <= c.excluded; n++ {
		v := freshValue
		if n > 0 {
			v = freshValue + "-" + strconv.Itoa(n)
		}
		if holds(v) {
			return v, true, true
		}
	}
	return "", false, false
}

// integerValue finds a valid label value whose integer lies in [lo, hi]
// and for which holds is true, given that holds turns down at most
// excluded distinct values in that range (those of '!=' and 'notin').
// Every integer is tried first in its canonical form; only when the range
// is too small to hold a free canonical form are forms with leading zeros
// tried, fewest zeros first. Both loops stop: every candidate is a
// distinct value in range, and only excluded values fail.
func integerValue(lo, hi int64, excluded int, holds func(string) bool) (string, bool) {
	if lo > hi {
		return "", false
	}
	tried := 0
	for n := lo; ; n++ {
		if v := strconv.FormatInt(n, 10); holds(v) {
			return v, true
		}
		tried++
		if n == hi {
			break
		}
		if tried > excluded {
			// Cannot happen: more distinct candidates failed than values
			// are excluded.
			return "", false
		}
	}
	// Every integer in [lo, hi] is excluded in canonical form, so the
	// range has at most excluded integers.
	for zeros := 1; zeros < validation.LabelValueMaxLength; zeros++ {
		pad := strings.Repeat("0", zeros)
		found := false
		for n := lo; ; n++ {
			canon := strconv.FormatInt(n, 10)
			if len(canon)+zeros <= validation.LabelValueMaxLength {
				found = true
				if v := pad + canon; holds(v) {
					return v, true
				}
			}
			if n == hi {
				break
			}
		}
		if !found {
			break // every form of every integer in range is excluded
		}
	}
	return "", false
}
