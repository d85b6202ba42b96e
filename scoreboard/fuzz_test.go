package scoreboard_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/scoreboard"
)

// maxFuzzInput caps the input so that each run stays fast.
const maxFuzzInput = 512

// FuzzParseIndexes checks that ParseIndexes never panics, that what it
// accepts prints back to a string it reads to the same set, that the set
// agrees with a naive reading into a map[int]bool, and that what it
// rejects is reported as a *ParseError whose fragment is in the input.
func FuzzParseIndexes(f *testing.F) {
	for _, s := range []string{
		"", "0", "1,3-5,7", "3,4", "0-2", "3-4", "1,2,3", "0-3,4-6",
		"5,3", "2,2", "0-3,2-6", "3-1", "3-3", ",", "1,,2", "1,", "+1", "-1",
		"1--2", "1 ,2", "1-2-3", "1-", "01", "2147483647", "2147483648",
		"99999999999999999999", "0-2147483647", "1,a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxFuzzInput {
			return
		}
		x, err := scoreboard.ParseIndexes(s)
		ref, refOK := naiveParse(s)
		if err != nil {
			var pe *scoreboard.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseIndexes(%q): %v is not a *ParseError", s, err)
			}
			if pe.Offset < 0 || pe.Offset+len(pe.Fragment) > len(s) || s[pe.Offset:pe.Offset+len(pe.Fragment)] != pe.Fragment {
				t.Fatalf("ParseIndexes(%q): fragment %q at %d is not in the input", s, pe.Fragment, pe.Offset)
			}
			if refOK {
				t.Fatalf("ParseIndexes(%q) rejected what the reference accepts: %v", s, err)
			}
			return
		}
		if !refOK {
			t.Fatalf("ParseIndexes(%q) = %v, but the reference rejects it", s, x)
		}
		printed := x.String()
		back, err := scoreboard.ParseIndexes(printed)
		if err != nil {
			t.Fatalf("ParseIndexes(%q) of String() of %q: %v", printed, s, err)
		}
		if !back.Equal(x) || back.String() != printed {
			t.Fatalf("round trip of %q: %q then %q", s, printed, back.String())
		}
		// Agreement with the map, checked at each bound of the reference and
		// its neighbours so that long ranges stay cheap.
		if x.Count() != ref.count {
			t.Fatalf("ParseIndexes(%q).Count() = %d, reference %d", s, x.Count(), ref.count)
		}
		for _, iv := range ref.ivs {
			for _, i := range []int{iv[0] - 1, iv[0], iv[1], iv[1] + 1} {
				if x.Has(i) != ref.has(i) {
					t.Fatalf("ParseIndexes(%q).Has(%d) = %v, reference %v", s, i, x.Has(i), ref.has(i))
				}
			}
		}
		if x.Count() < 1000 {
			seen := map[int]bool{}
			for i := range x.All() {
				seen[i] = true
			}
			for i := range seen {
				if !ref.has(i) {
					t.Fatalf("ParseIndexes(%q) holds %d, the reference does not", s, i)
				}
			}
			if len(seen) != ref.count {
				t.Fatalf("ParseIndexes(%q) yields %d indexes, reference %d", s, len(seen), ref.count)
			}
		}
	})
}

// reference is a naive reading of an interval list: small ranges expanded
// into a map, large ones kept as bounds.
type reference struct {
	ivs   [][2]int
	set   map[int]bool
	count int
}

func (r reference) has(i int) bool {
	if r.set != nil {
		return r.set[i]
	}
	for _, iv := range r.ivs {
		if iv[0] <= i && i <= iv[1] {
			return true
		}
	}
	return false
}

// naiveParse reads s with strings.Split and strconv, the obvious way, and
// enforces the same rules: increasing, disjoint, a < b in "a-b", canonical
// decimal numbers up to MaxIndex.
func naiveParse(s string) (reference, bool) {
	var r reference
	if s == "" {
		return r, true
	}
	last := -1
	small := true
	for _, frag := range strings.Split(s, ",") {
		parts := strings.Split(frag, "-")
		if len(parts) > 2 {
			return r, false
		}
		var bounds [2]int
		for k, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || strconv.Itoa(n) != p || n < 0 || n > scoreboard.MaxIndex {
				return r, false
			}
			bounds[k] = n
		}
		if len(parts) == 1 {
			bounds[1] = bounds[0]
		} else if bounds[1] <= bounds[0] {
			return r, false
		}
		if bounds[0] <= last {
			return r, false
		}
		last = bounds[1]
		r.ivs = append(r.ivs, bounds)
		r.count += bounds[1] - bounds[0] + 1
		if bounds[1]-bounds[0] > 1000 {
			small = false
		}
	}
	if small && r.count < 100_000 {
		r.set = map[int]bool{}
		for _, iv := range r.ivs {
			for i := iv[0]; i <= iv[1]; i++ {
				r.set[i] = true
			}
		}
	}
	return r, true
}
