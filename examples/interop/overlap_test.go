package interop

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/selection"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/jobkit/jobkit/selector"
)

// overlapPairs is how many random selector pairs
// TestOverlapsAgreesWithKubernetes checks.
const overlapPairs = 10000

// overlapSelector returns a random selector string whose requirements
// often share keys and interact: integers next to each other, forms with
// leading zeros, values that look like the ones Witness invents.
func overlapSelector(r *rand.Rand) string {
	keys := []string{"a", "a", "b", "app", "example.com/tier"}
	values := []string{"", "x", "web", "0", "00", "1", "2", "3", "03", "7", "10", "other", "other-1", "other-2"}
	ints := []string{"0", "1", "2", "3", "6", "10", "9223372036854775806", "9223372036854775807"}
	list := func() string {
		n := 1 + r.IntN(3)
		vs := make([]string, n)
		for i := range vs {
			vs[i] = values[r.IntN(len(values))]
		}
		return "(" + strings.Join(vs, ",") + ")"
	}
	reqs := make([]string, r.IntN(5))
	for i := range reqs {
		k, v := keys[r.IntN(len(keys))], values[r.IntN(len(values))]
		switch r.IntN(9) {
		case 0:
			reqs[i] = k + "=" + v
		case 1:
			reqs[i] = k + "==" + v
		case 2:
			reqs[i] = k + " in " + list()
		case 3:
			reqs[i] = k + "!=" + v
		case 4:
			reqs[i] = k + " notin " + list()
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

// k8sOverlapByBruteForce decides, with Kubernetes' Matches only, whether
// some valid label set matches both selectors. Key by key (a requirement
// reads only its own key's label), it tries the key's absence and every
// value of a universe that holds a witness whenever one exists: the
// values the requirements name, a fresh value, and for keys with '>' or
// '<' the integers lo..lo+e (lo = 0 or n+1 for each 'key>n', e = the
// number of values '!=' and 'notin' exclude) with 0 to e leading zeros.
// The argument is in package selector's overlap_property_test.go.
func k8sOverlapByBruteForce(a, b labels.Selector) bool {
	ra, _ := a.Requirements()
	rb, _ := b.Requirements()
	byKey := map[string][]labels.Requirement{}
	for _, r := range slices.Concat(ra, rb) {
		byKey[r.Key()] = append(byKey[r.Key()], r)
	}
	for k, reqs := range byKey {
		holds := func(ls labels.Set) bool {
			for _, r := range reqs {
				if !r.Matches(ls) {
					return false
				}
			}
			return true
		}
		if holds(labels.Set{}) {
			continue
		}
		if len(validation.IsQualifiedName(k)) > 0 {
			return false
		}
		var named []string
		excluded := map[string]bool{}
		starts := []int64{0}
		bounded := false
		for _, r := range reqs {
			vals := r.ValuesUnsorted()
			named = append(named, vals...)
			switch r.Operator() {
			case selection.NotEquals, selection.NotIn:
				for _, v := range vals {
					excluded[v] = true
				}
			case selection.GreaterThan:
				bounded = true
				if n, err := strconv.ParseInt(vals[0], 10, 64); err == nil && n >= 0 && n < math.MaxInt64 {
					starts = append(starts, n+1)
				}
			case selection.LessThan:
				bounded = true
			}
		}
		fresh := "fresh"
		for slices.Contains(named, fresh) {
			fresh += "0"
		}
		candidates := append(named, fresh)
		if bounded {
			e := len(excluded)
			for _, c := range starts {
				for j := int64(0); j <= int64(e) && c <= math.MaxInt64-j; j++ {
					canon := strconv.FormatInt(c+j, 10)
					for z := 0; z <= e && z+len(canon) <= validation.LabelValueMaxLength; z++ {
						candidates = append(candidates, strings.Repeat("0", z)+canon)
					}
				}
			}
		}
		found := false
		for _, v := range candidates {
			if len(validation.IsValidLabelValue(v)) == 0 && holds(labels.Set{k: v}) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// TestOverlapsAgreesWithKubernetes checks Overlaps and Witness with
// Kubernetes' own code: every witness is matched by both selectors as
// k8s.io/apimachinery parses and matches them, and its keys and values
// pass apimachinery's validation; every pair Overlaps calls disjoint is
// disjoint by brute force with apimachinery's Matches.
func TestOverlapsAgreesWithKubernetes(t *testing.T) {
	r := rand.New(rand.NewPCG(seed, 19830))
	d := &differ{t: t}
	overlapping, disjoint := 0, 0
	for range overlapPairs {
		as, bs := overlapSelector(r), overlapSelector(r)
		ka, err := labels.Parse(as)
		if err != nil {
			t.Fatalf("labels.Parse(%q): %v", as, err)
		}
		kb, err := labels.Parse(bs)
		if err != nil {
			t.Fatalf("labels.Parse(%q): %v", bs, err)
		}
		ja, jb := selector.MustParse(as), selector.MustParse(bs)
		w, ok := selector.Witness(ja, jb)
		if ok != selector.Overlaps(ja, jb) {
			d.errorf("Witness(%q, %q) ok = %v, Overlaps disagrees", as, bs, ok)
		}
		if !ok {
			disjoint++
			if k8sOverlapByBruteForce(ka, kb) {
				d.errorf("Overlaps(%q, %q) = false, but brute force with Kubernetes' Matches finds a label set", as, bs)
			}
			continue
		}
		overlapping++
		set := labels.Set(w)
		if !ka.Matches(set) || !kb.Matches(set) {
			d.errorf("witness %v of %q and %q: Kubernetes matches it with the first %v, the second %v; want both", w, as, bs, ka.Matches(set), kb.Matches(set))
		}
		for k, v := range w {
			if errs := validation.IsQualifiedName(k); len(errs) > 0 {
				d.errorf("witness %v of %q and %q: key %q: %v", w, as, bs, k, errs)
			}
			if errs := validation.IsValidLabelValue(v); len(errs) > 0 {
				d.errorf("witness %v of %q and %q: value %q: %v", w, as, bs, v, errs)
			}
		}
	}
	t.Logf("%d pairs: %d overlapping (witness checked by Kubernetes), %d disjoint (checked by brute force with Kubernetes' Matches)", overlapPairs, overlapping, disjoint)
	if overlapping < overlapPairs/5 || disjoint < overlapPairs/5 {
		t.Errorf("%d overlapping and %d disjoint pairs: the generator must produce both, each at least %d", overlapping, disjoint, overlapPairs/5)
	}
}
