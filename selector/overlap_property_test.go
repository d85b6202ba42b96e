package selector_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// This file checks Overlaps against brute force: every label set over a
// finite universe of keys and values is tried with Matches. It uses only
// the exported API, and nothing of how Overlaps decides.
//
// Why the universe suffices. A requirement reads only the label of its
// own key, so a label set matches both selectors exactly when, for each
// key k they mention, its value there (or its absence) satisfies R_k,
// every requirement of either selector on k; keys they do not mention
// can be left out. So it is enough that, for every k, the universe U_k
// holds a value satisfying R_k whenever a valid one exists. U_k holds
// "absent", and:
//   - every value the requirements on k name: when R_k has '=', '==' or
//     'in', every satisfying value is one of those;
//   - one fresh value, named by no requirement: without an equality nor
//     '>' / '<', a present value is turned down only by '!=' and 'notin'
//     (which name it) or by '!k' (which turns down every present value);
//   - when R_k has '>' or '<' (and no equality): the satisfying values
//     are the valid values v with lo <= int(v) <= hi and v not in E, the
//     values of '!=' and 'notin' on k, with e = |E|. Valid values have no
//     sign, so lo is 0 or n+1 for some 'k>n'; U_k holds, for c = 0 and
//     each such n+1, every integer c, c+1, ..., c+e written with 0 to e
//     leading zeros (within 63 bytes). If any value satisfies R_k then
//     lo <= hi and lo is one of the c. If hi >= lo+e, U_k holds e+1
//     canonical forms in range, one of which is not in E. Otherwise U_k
//     holds every integer in range; if one of them has more than e forms
//     of at most e leading zeros, e+1 of those are in U_k and one is not
//     in E; if not, U_k holds every form of every integer in range, that
//     is every candidate.
//
// Values in U_k that are not valid label values are dropped (a witness
// must be valid), and a key that is not a valid label key may only be
// absent.

// universe returns, for each key a or b mentions, the values to try (nil
// standing for the key's absence, which is always tried).
func universe(a, b selector.Selector) map[string][]string {
	type keyInfo struct {
		named    []string
		excluded map[string]bool
		starts   []int64 // lo candidates: 0 and n+1 for each k>n
		bounded  bool
	}
	infos := map[string]*keyInfo{}
	for _, s := range []selector.Selector{a, b} {
		reqs, _ := s.Requirements()
		for _, r := range reqs {
			ki := infos[r.Key()]
			if ki == nil {
				ki = &keyInfo{excluded: map[string]bool{}, starts: []int64{0}}
				infos[r.Key()] = ki
			}
			ki.named = append(ki.named, r.Values()...)
			switch r.Operator() {
			case selector.NotEquals, selector.NotIn:
				for _, v := range r.Values() {
					ki.excluded[v] = true
				}
			case selector.GreaterThan:
				ki.bounded = true
				if n, err := strconv.ParseInt(r.Values()[0], 10, 64); err == nil && n < math.MaxInt64 && n >= 0 {
					ki.starts = append(ki.starts, n+1)
				}
			case selector.LessThan:
				ki.bounded = true
			}
		}
	}
	u := map[string][]string{}
	for k, ki := range infos {
		vals := slices.Clone(ki.named)
		fresh := "fresh"
		for slices.Contains(ki.named, fresh) {
			fresh += "0"
		}
		vals = append(vals, fresh)
		if ki.bounded {
			e := len(ki.excluded)
			for _, c := range ki.starts {
				for j := int64(0); j <= int64(e) && c <= math.MaxInt64-j; j++ {
					canon := strconv.FormatInt(c+j, 10)
					for z := 0; z <= e && z+len(canon) <= validation.LabelValueMaxLength; z++ {
						vals = append(vals, strings.Repeat("0", z)+canon)
					}
				}
			}
		}
		slices.Sort(vals)
		vals = slices.Compact(vals)
		valid := vals[:0]
		for _, v := range vals {
			if validation.IsLabelValue(v) {
				valid = append(valid, v)
			}
		}
		if !validation.IsQualifiedName(k) {
			valid = nil
		}
		u[k] = valid
	}
	return u
}

// bruteForce decides whether some label set over the universe matches
// both selectors. Small universes are enumerated whole (every label set
// of the product, both selectors' Matches on each); larger ones key by
// key, as the comment above justifies. full says which was done.
func bruteForce(a, b selector.Selector) (overlap, full bool) {
	u := universe(a, b)
	if keys, ok := smallUniverse(u); ok {
		return enumerate(a, b, keys, u, selector.Set{}), true
	}
	return keyByKey(a, b, u), false
}

// maxEnumerated bounds the label sets bruteForce enumerates whole.
const maxEnumerated = 20000

// smallUniverse returns the sorted keys of u, and whether the label sets
// over u number at most maxEnumerated.
func smallUniverse(u map[string][]string) ([]string, bool) {
	keys := make([]string, 0, len(u))
	size := 1
	for k, vals := range u {
		keys = append(keys, k)
		if size <= maxEnumerated {
			size *= len(vals) + 1
		}
	}
	slices.Sort(keys)
	return keys, size <= maxEnumerated
}

// keyByKey decides overlap over the universe one key at a time: some
// value of each key (or its absence) must satisfy both selectors'
// requirements on that key.
func keyByKey(a, b selector.Selector, u map[string][]string) bool {
	if len(u) == 0 {
		return a.Matches(selector.Set{}) && b.Matches(selector.Set{})
	}
	for k, vals := range u {
		ra, rb := onKey(a, k), onKey(b, k)
		ok := ra.Matches(selector.Set{}) && rb.Matches(selector.Set{})
		for _, v := range vals {
			if ok {
				break
			}
			ls := selector.Set{k: v}
			ok = ra.Matches(ls) && rb.Matches(ls)
		}
		if !ok {
			return false
		}
	}
	// A Nothing among a and b failed at the first key: onKey gives
	// Nothing.
	return true
}

// onKey returns the requirements of s on key k, as a selector.
func onKey(s selector.Selector, k string) selector.Selector {
	reqs, selectable := s.Requirements()
	if !selectable {
		return selector.Nothing()
	}
	out := selector.Everything()
	for _, r := range reqs {
		if r.Key() == k {
			out = out.Add(r)
		}
	}
	return out
}

// enumerate tries every label set that extends ls with keys[0], keys[1],
// ... (each absent or with a value of the universe).
func enumerate(a, b selector.Selector, keys []string, u map[string][]string, ls selector.Set) bool {
	if len(keys) == 0 {
		return a.Matches(ls) && b.Matches(ls)
	}
	k := keys[0]
	if enumerate(a, b, keys[1:], u, ls) {
		return true
	}
	for _, v := range u[k] {
		ls[k] = v
		found := enumerate(a, b, keys[1:], u, ls)
		delete(ls, k)
		if found {
			return true
		}
	}
	return false
}

// genSelector returns a random selector string over a few keys, with
// values that make requirements on one key interact: integers near each
// other, an integer's forms with leading zeros, the value Witness picks
// when it needs a fresh one, and the empty value.
func genSelector(r *rand.Rand) string {
	keys := []string{"a", "a", "b", "c", "example.com/d"}
	values := []string{"", "x", "y", "0", "00", "1", "2", "3", "4", "04", "5", "10", "other", "other-1"}
	ints := []string{"0", "1", "2", "3", "4", "5", "9", "9223372036854775806", "9223372036854775807"}
	n := r.IntN(5)
	reqs := make([]string, n)
	for i := range reqs {
		k := keys[r.IntN(len(keys))]
		v := values[r.IntN(len(values))]
		switch r.IntN(9) {
		case 0:
			reqs[i] = k + "=" + v
		case 1:
			reqs[i] = k + "==" + v
		case 2:
			reqs[i] = k + " in (" + strings.Join(pick(r, values, 1+r.IntN(3)), ",") + ")"
		case 3:
			reqs[i] = k + "!=" + v
		case 4:
			reqs[i] = k + " notin (" + strings.Join(pick(r, values, 1+r.IntN(3)), ",") + ")"
		case 5:
			reqs[i] = k
		case 6:
			reqs[i] = "!" + k
		case 7:
			reqs[i] = k + ">" + ints[r.IntN(len(ints))]
		case 8:
			reqs[i] = k + "<" + ints[r.IntN(len(ints))]
		}
	}
	return strings.Join(reqs, ",")
}

// pick returns n values chosen at random (repeats allowed).
func pick(r *rand.Rand, from []string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = from[r.IntN(len(from))]
	}
	return out
}

// propertyPairs is how many random pairs TestOverlapsAgreesWithBruteForce
// checks.
const propertyPairs = 20000

func TestOverlapsAgreesWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 19830))
	var overlapping, disjoint, whole int
	for range propertyPairs {
		var a, b selector.Selector
		var as, bs string
		switch r.IntN(40) {
		case 0:
			a, as = selector.Nothing(), "<Nothing>"
		default:
			as = genSelector(r)
			a = selector.MustParse(as)
		}
		bs = genSelector(r)
		b = selector.MustParse(bs)
		want, full := bruteForce(a, b)
		if full {
			whole++
			// The universe is small: check the key-by-key decision,
			// which the fuzz target relies on, against enumeration.
			if byKey := keyByKey(a, b, universe(a, b)); byKey != want {
				t.Errorf("brute force on %q and %q: key by key %v, enumeration %v", as, bs, byKey, want)
			}
		}
		if want {
			overlapping++
		} else {
			disjoint++
		}
		if got := selector.Overlaps(a, b); got != want {
			t.Errorf("Overlaps(%q, %q) = %v, brute force says %v", as, bs, got, want)
		}
		if got := selector.Overlaps(b, a); got != want {
			t.Errorf("Overlaps(%q, %q) = %v, brute force says %v", bs, as, got, want)
		}
		w, ok := selector.Witness(a, b)
		if ok != want {
			t.Errorf("Witness(%q, %q) ok = %v, brute force says %v", as, bs, ok, want)
		}
		if ok {
			checkWitness(t, a, b, w)
			w2, _ := selector.Witness(b, a)
			if diff := cmp.Diff(w, w2); diff != "" {
				t.Errorf("Witness(%q, %q) differs from Witness(%q, %q) (-first +second):\n%s", as, bs, bs, as, diff)
			}
		}
	}
	t.Logf("%d pairs: %d overlapping, %d disjoint; %d enumerated whole", propertyPairs, overlapping, disjoint, whole)
	// The generator must produce both answers in numbers, or the
	// comparison proves little; and most pairs must be enumerated whole.
	for name, n := range map[string]int{"overlapping": overlapping, "disjoint": disjoint} {
		if n < propertyPairs/5 {
			t.Errorf("only %d of %d pairs were %s; want at least %d", n, propertyPairs, name, propertyPairs/5)
		}
	}
	if whole < propertyPairs*9/10 {
		t.Errorf("only %d of %d pairs were enumerated whole; want at least 90%%", whole, propertyPairs)
	}
}

// TestUniverseHoldsTheWitness checks the brute force's own premise on
// cases where the witness needs a value it must construct.
func TestUniverseHoldsTheWitness(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{name: "a leading zero", a: "a>3,a<5", b: "a notin (4)", want: true},
		{name: "two leading zeros", a: "a>3,a<5", b: "a notin (4,04)", want: true},
		{name: "the next integer", a: "a>3", b: "a notin (4,5)", want: true},
		{name: "a fresh value", a: "a", b: "a notin (x,y)", want: true},
		{name: "no integer between", a: "a>3", b: "a<4", want: false},
		{name: "absence", a: "!a", b: "a notin (x)", want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := bruteForce(selector.MustParse(tt.a), selector.MustParse(tt.b))
			if got != tt.want {
				t.Errorf("bruteForce(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// maxOverlapFuzzInput caps each selector string the fuzz target reads,
// which keeps the universe, and each run, small.
const maxOverlapFuzzInput = 128

func FuzzOverlaps(f *testing.F) {
	seeds := [][2]string{
		{"a=x", "a=y"},
		{"a in (1,5),a>3", "a notin (5)"},
		{"a>3,a<5", "a notin (4,04)"},
		{"a>1", "a<2"},
		{"a!=other", "a"},
		{"!a", "a>0"},
		{"", "a notin (0,00,000),a<1"},
		{"app=web,tier in (a,b)", "app=web,env!=prod,!legacy"},
		{"a>9223372036854775806", "a"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, as, bs string) {
		if len(as) > maxOverlapFuzzInput || len(bs) > maxOverlapFuzzInput {
			return
		}
		a, err := selector.Parse(as)
		if err != nil {
			return
		}
		b, err := selector.Parse(bs)
		if err != nil {
			return
		}
		got := selector.Overlaps(a, b)
		want, _ := bruteForce(a, b)
		if got != want {
			t.Fatalf("Overlaps(%q, %q) = %v, brute force says %v", as, bs, got, want)
		}
		w, ok := selector.Witness(a, b)
		if ok != got {
			t.Fatalf("Witness(%q, %q) ok = %v, Overlaps says %v", as, bs, ok, got)
		}
		if ok {
			checkWitness(t, a, b, w)
			if errs := selector.ValidateLabels(w, field.NewPath("witness")); len(errs) > 0 {
				t.Fatalf("witness %q: %v", w, errs)
			}
		}
	})
}
