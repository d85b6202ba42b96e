package scoreboard_test

import (
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/scoreboard"
)

// mustIndexes builds an Indexes from a list, failing the test on error.
func mustIndexes(t testing.TB, ix ...int) scoreboard.Indexes {
	t.Helper()
	x, err := scoreboard.IndexesOf(ix...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestStringKubernetesFormat(t *testing.T) {
	tests := []struct {
		name    string
		indexes []int
		want    string
	}{
		{name: "empty set prints nothing", want: ""},
		{name: "single index", indexes: []int{0}, want: "0"},
		{name: "two adjacent indexes print as a pair, not a range", indexes: []int{3, 4}, want: "3,4"},
		{name: "three adjacent indexes print as a range", indexes: []int{0, 1, 2}, want: "0-2"},
		{name: "mixed runs", indexes: []int{1, 3, 4, 5, 7}, want: "1,3-5,7"},
		{name: "two pairs", indexes: []int{0, 1, 3, 4}, want: "0,1,3,4"},
		{name: "order and duplicates of the input do not matter", indexes: []int{7, 5, 3, 4, 1, 5}, want: "1,3-5,7"},
		{name: "largest index", indexes: []int{scoreboard.MaxIndex - 2, scoreboard.MaxIndex - 1, scoreboard.MaxIndex}, want: "2147483645-2147483647"},
		{name: "multi-digit pair", indexes: []int{99, 100}, want: "99,100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := mustIndexes(t, tt.indexes...)
			if diff := cmp.Diff(tt.want, x.String()); diff != "" {
				t.Errorf("String() mismatch (-want +got):\n%s", diff)
			}
			back, err := scoreboard.ParseIndexes(tt.want)
			if err != nil {
				t.Fatalf("ParseIndexes(%q): %v", tt.want, err)
			}
			if !back.Equal(x) {
				t.Errorf("ParseIndexes(%q) = %v, want %v", tt.want, back, x)
			}
		})
	}
}

func TestParseIndexesAccepts(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  []int
		canon string
	}{
		{name: "empty string is the empty set", in: "", canon: ""},
		{name: "zero", in: "0", want: []int{0}, canon: "0"},
		{name: "canonical list", in: "1,3-5,7", want: []int{1, 3, 4, 5, 7}, canon: "1,3-5,7"},
		{name: "two-index range is merged into a pair", in: "3-4", want: []int{3, 4}, canon: "3,4"},
		{name: "adjacent singles merge into a range", in: "1,2,3", want: []int{1, 2, 3}, canon: "1-3"},
		{name: "adjacent ranges merge", in: "0-3,4-6", want: []int{0, 1, 2, 3, 4, 5, 6}, canon: "0-6"},
		{name: "range then adjacent single", in: "0-2,3", want: []int{0, 1, 2, 3}, canon: "0-3"},
		{name: "largest index", in: "2147483647", want: []int{scoreboard.MaxIndex}, canon: "2147483647"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := scoreboard.ParseIndexes(tt.in)
			if err != nil {
				t.Fatalf("ParseIndexes(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, slices.Collect(x.All())); diff != "" {
				t.Errorf("indexes mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.canon, x.String()); diff != "" {
				t.Errorf("String() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseIndexesRejects(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		fragment string
		offset   int
		detail   string
	}{
		{name: "unordered", in: "5,3", fragment: "3", offset: 2, detail: "must be greater than the previous fragment '5': indexes must be in increasing order"},
		{name: "duplicate", in: "2,2", fragment: "2", offset: 2, detail: "must not overlap the previous fragment '2'"},
		{name: "overlapping ranges", in: "0-3,2-6", fragment: "2-6", offset: 4, detail: "must not overlap the previous fragment '0-3'"},
		{name: "range starting inside the previous one", in: "1,3-5,4", fragment: "4", offset: 6, detail: "must not overlap the previous fragment '3-5'"},
		{name: "range starting before the previous one", in: "5-7,1-9", fragment: "1-9", offset: 4, detail: "must be greater than the previous fragment '5-7': indexes must be in increasing order"},
		{name: "reversed range", in: "3-1", fragment: "3-1", detail: "must have its first index (3) less than its last (1)"},
		{name: "degenerate range", in: "3-3", fragment: "3-3", detail: "must have its first index (3) less than its last (3)"},
		{name: "lone comma", in: ",", fragment: "", detail: "must not be empty: indexes are separated by a single ','"},
		{name: "leading comma", in: ",1", fragment: "", detail: "must not be empty: indexes are separated by a single ','"},
		{name: "trailing comma", in: "1,", fragment: "", offset: 2, detail: "must not be empty: indexes are separated by a single ','"},
		{name: "double comma", in: "1,,2", fragment: "", offset: 2, detail: "must not be empty: indexes are separated by a single ','"},
		{name: "plus sign", in: "+1", fragment: "+1", detail: "must not have a sign"},
		{name: "minus sign", in: "-1", fragment: "-1", detail: "must not have a sign"},
		{name: "negative end", in: "1--2", fragment: "1--2", detail: "must not have a sign"},
		{name: "signed end", in: "1-+2", fragment: "1-+2", detail: "must not have a sign"},
		{name: "space after comma", in: "1, 2", fragment: " 2", offset: 2, detail: "must not contain spaces"},
		{name: "space around dash", in: "1 - 3", fragment: "1 - 3", detail: "must not contain spaces"},
		{name: "trailing newline", in: "1\n", fragment: "1\n", detail: "must not contain spaces"},
		{name: "only spaces", in: " ", fragment: " ", detail: "must not contain spaces"},
		{name: "three parts", in: "1-2-3", fragment: "1-2-3", detail: "must have at most two parts separated by '-'"},
		{name: "missing end", in: "1-", fragment: "1-", detail: "must have an index on both sides of '-'"},
		{name: "lone dash", in: "-", fragment: "-", detail: "must not have a sign"},
		{name: "leading zero", in: "01", fragment: "01", detail: "must not have leading zeros"},
		{name: "leading zero in end", in: "1-02", fragment: "1-02", detail: "must not have leading zeros"},
		{name: "overflow of int32", in: "2147483648", fragment: "2147483648", detail: "must have indexes less than or equal to 2147483647"},
		{name: "overflow of int64", in: "0-99999999999999999999", fragment: "0-99999999999999999999", detail: "must have indexes less than or equal to 2147483647"},
		{name: "letters", in: "1,a", fragment: "a", offset: 2, detail: "must be an index or a range 'first-last' of decimal digits"},
		{name: "hex", in: "0x10", fragment: "0x10", detail: "must be an index or a range 'first-last' of decimal digits"},
		{name: "plus between digits", in: "1+2", fragment: "1+2", detail: "must be an index or a range 'first-last' of decimal digits"},
		{name: "semicolon separator", in: "1;2", fragment: "1;2", detail: "must be an index or a range 'first-last' of decimal digits"},
		{name: "unicode digit", in: "١", fragment: "١", detail: "must be an index or a range 'first-last' of decimal digits"},
		{name: "first error wins", in: "1,x,3-1", fragment: "x", offset: 2, detail: "must be an index or a range 'first-last' of decimal digits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := scoreboard.ParseIndexes(tt.in)
			var pe *scoreboard.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseIndexes(%q) = %v, %v; want a *ParseError", tt.in, x, err)
			}
			want := &scoreboard.ParseError{Fragment: tt.fragment, Offset: tt.offset, Detail: tt.detail}
			if diff := cmp.Diff(want, pe); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			if !x.Empty() {
				t.Errorf("ParseIndexes returned %v with an error", x)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{name: "names the fragment in single quotes", in: "0-3,2-6", want: "fragment '2-6' at offset 4: must not overlap the previous fragment '0-3'"},
		{name: "empty fragment", in: "1,,2", want: "fragment '' at offset 2: must not be empty: indexes are separated by a single ','"},
		{name: "long fragment is cut", in: "1234567890123456789012345678901234567890123", want: "fragment '1234567890123456789012345678901234567890...' at offset 0: must have indexes less than or equal to 2147483647"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scoreboard.ParseIndexes(tt.in)
			if err == nil {
				t.Fatalf("ParseIndexes(%q) succeeded", tt.in)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("message mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConstructorsReject(t *testing.T) {
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{name: "negative index", run: func() error { _, err := scoreboard.IndexesOf(1, -2); return err }, want: "index -2: must be greater than or equal to 0"},
		{name: "index above MaxIndex", run: func() error { _, err := scoreboard.IndexesOf(scoreboard.MaxIndex + 1); return err }, want: "index 2147483648: must be less than or equal to 2147483647"},
		{name: "reversed interval", run: func() error {
			_, err := scoreboard.IndexesFromIntervals(scoreboard.Interval{First: 5, Last: 4})
			return err
		}, want: "interval 5-4: the last index must be greater than or equal to the first"},
		{name: "negative interval", run: func() error {
			_, err := scoreboard.IndexesFromIntervals(scoreboard.Interval{First: -1, Last: 4})
			return err
		}, want: "index -1: must be greater than or equal to 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			if err == nil {
				t.Fatal("succeeded")
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIndexesFromIntervalsMergesAnyOrder(t *testing.T) {
	x, err := scoreboard.IndexesFromIntervals(
		scoreboard.Interval{First: 10, Last: 12},
		scoreboard.Interval{First: 0, Last: 3},
		scoreboard.Interval{First: 2, Last: 5},
		scoreboard.Interval{First: 6, Last: 6},
		scoreboard.Interval{First: 13, Last: 13},
	)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("0-6,10-13", x.String()); diff != "" {
		t.Errorf("String() mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]scoreboard.Interval{{First: 0, Last: 6}, {First: 10, Last: 13}}, slices.Collect(x.Intervals())); diff != "" {
		t.Errorf("Intervals() mismatch (-want +got):\n%s", diff)
	}
}

// set is the naive reference for Indexes.
type set map[int]bool

func (s set) sorted() []int {
	return slices.Sorted(maps.Keys(s))
}

func randomSet(rng *rand.Rand, limit int) set {
	s := set{}
	for range rng.IntN(40) {
		first := rng.IntN(limit)
		for i := first; i < min(limit, first+rng.IntN(6)); i++ {
			s[i] = true
		}
	}
	return s
}

// TestSetOperationsAgainstMap compares every operation of Indexes with a
// map[int]bool on random sets.
func TestSetOperationsAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for iter := range 2000 {
		const limit = 120
		a, b := randomSet(rng, limit), randomSet(rng, limit)
		x, y := mustIndexes(t, a.sorted()...), mustIndexes(t, b.sorted()...)
		union, inter, diff := set{}, set{}, set{}
		for i := range limit {
			if a[i] || b[i] {
				union[i] = true
			}
			if a[i] && b[i] {
				inter[i] = true
			}
			if a[i] && !b[i] {
				diff[i] = true
			}
		}
		cut := rng.IntN(limit + 2)
		below, rest := set{}, set{}
		for i := range a {
			if i < cut {
				below[i] = true
			} else {
				rest[i] = true
			}
		}
		gotBelow, gotRest := x.Below(cut)
		checks := []struct {
			name string
			want set
			got  scoreboard.Indexes
		}{
			{"Union", union, x.Union(y)},
			{"Intersection", inter, x.Intersection(y)},
			{"Difference", diff, x.Difference(y)},
			{"Below", below, gotBelow},
			{"Below rest", rest, gotRest},
		}
		for _, c := range checks {
			if d := cmp.Diff(c.want.sorted(), slices.Collect(c.got.All())); d != "" {
				t.Fatalf("iteration %d: %s(%v, %v) mismatch (-want +got):\n%s", iter, c.name, x, y, d)
			}
			if c.got.Count() != len(c.want) || c.got.Empty() != (len(c.want) == 0) {
				t.Fatalf("iteration %d: %s: Count %d Empty %v, want %d", iter, c.name, c.got.Count(), c.got.Empty(), len(c.want))
			}
		}
		if got := x.IntersectionCount(y); got != len(inter) {
			t.Fatalf("iteration %d: %v.IntersectionCount(%v) = %d, want %d", iter, x, y, got, len(inter))
		}
		for i := -1; i <= limit; i++ {
			if x.Has(i) != a[i] {
				t.Fatalf("iteration %d: %v.Has(%d) = %v", iter, x, i, x.Has(i))
			}
			wantNext, wantOK := 0, false
			for j := max(i, 0); j < limit; j++ {
				if a[j] {
					wantNext, wantOK = j, true
					break
				}
			}
			if got, ok := x.Next(i); got != wantNext || ok != wantOK {
				t.Fatalf("iteration %d: %v.Next(%d) = %d, %v; want %d, %v", iter, x, i, got, ok, wantNext, wantOK)
			}
		}
		wantMax, wantOK := 0, len(a) > 0
		if wantOK {
			wantMax = slices.Max(a.sorted())
		}
		if got, ok := x.Max(); got != wantMax || ok != wantOK {
			t.Fatalf("iteration %d: Max() = %d, %v; want %d, %v", iter, got, ok, wantMax, wantOK)
		}
		if x.Equal(y) != slices.Equal(a.sorted(), b.sorted()) {
			t.Fatalf("iteration %d: %v.Equal(%v) = %v", iter, x, y, x.Equal(y))
		}
	}
}

func TestIteratorsStopEarly(t *testing.T) {
	x := mustIndexes(t, 1, 2, 3, 7, 9)
	var got []int
	for i := range x.All() {
		if i > 3 {
			break
		}
		got = append(got, i)
	}
	if diff := cmp.Diff([]int{1, 2, 3}, got); diff != "" {
		t.Errorf("All() mismatch (-want +got):\n%s", diff)
	}
	var ivs []scoreboard.Interval
	for iv := range x.Intervals() {
		ivs = append(ivs, iv)
		break
	}
	if diff := cmp.Diff([]scoreboard.Interval{{First: 1, Last: 3}}, ivs); diff != "" {
		t.Errorf("Intervals() mismatch (-want +got):\n%s", diff)
	}
}

func TestOperationsDoNotModifyOperands(t *testing.T) {
	x := mustIndexes(t, 1, 2, 3, 10, 11, 12)
	y := mustIndexes(t, 3, 4, 5)
	_ = x.Union(y)
	_ = x.Intersection(y)
	_ = x.IntersectionCount(y)
	_ = x.Difference(y)
	lo, hi := x.Below(11)
	if diff := cmp.Diff("1-3,10", lo.String()); diff != "" {
		t.Errorf("Below lower part mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("11,12", hi.String()); diff != "" {
		t.Errorf("Below upper part mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("1-3,10-12", x.String()); diff != "" {
		t.Errorf("x changed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("3-5", y.String()); diff != "" {
		t.Errorf("y changed (-want +got):\n%s", diff)
	}
}

func TestTextMarshaling(t *testing.T) {
	x := mustIndexes(t, 1, 3, 4, 5, 7)
	text, err := x.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("1,3-5,7", string(text)); diff != "" {
		t.Errorf("MarshalText mismatch (-want +got):\n%s", diff)
	}
	var back scoreboard.Indexes
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if !back.Equal(x) {
		t.Errorf("UnmarshalText = %v, want %v", back, x)
	}
	if err := back.UnmarshalText([]byte("5,3")); err == nil {
		t.Error("UnmarshalText accepted '5,3'")
	}
	if !back.Equal(x) {
		t.Errorf("a failed UnmarshalText changed the value to %v", back)
	}
}
