package scoreboard_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/scoreboard"
)

func TestValidateIndexes(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		completions int
		count       int
		err         string
	}{
		{name: "empty list holds nothing", in: "", completions: 3},
		{name: "single index", in: "0", completions: 1, count: 1},
		{name: "canonical list", in: "1,3-5,7", completions: 8, count: 5},
		{name: "adjacent fragments are not merged but accepted", in: "1,2,3", completions: 4, count: 3},
		{name: "two-index interval", in: "3-4", completions: 5, count: 2},
		{name: "sign and leading zeros, as Atoi reads them", in: "00,+2-04,9", completions: 10, count: 5},
		{name: "largest index", in: "0-2147483646", completions: math.MaxInt32, count: math.MaxInt32},
		{name: "unordered", in: "5,3", completions: 9, err: "non-increasing order, previous: 5, current: 3"},
		{name: "duplicate", in: "2,2", completions: 9, err: "non-increasing order, previous: 2, current: 2"},
		{name: "overlapping intervals", in: "0-3,2-6", completions: 9, err: "non-increasing order, previous: 3, current: 2"},
		{name: "reversed interval", in: "3-1", completions: 9, err: "non-increasing order, previous: 3, current: 1"},
		{name: "degenerate interval", in: "3-3", completions: 9, err: "non-increasing order, previous: 3, current: 3"},
		{name: "three parts", in: "0,1-2-3", completions: 9, err: `the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by '-'`},
		{name: "lone comma", in: ",", completions: 9, err: `cannot convert string to integer for index: ""`},
		{name: "trailing comma", in: "1,", completions: 9, err: `cannot convert string to integer for index: ""`},
		{name: "minus sign splits the fragment", in: "-1", completions: 9, err: `cannot convert string to integer for index: ""`},
		{name: "missing last index", in: "1-", completions: 9, err: `cannot convert string to integer for index: ""`},
		{name: "space", in: "1, 2", completions: 9, err: `cannot convert string to integer for index: " 2"`},
		{name: "letters are quoted as Go quotes them", in: "1,a\"b", completions: 9, err: `cannot convert string to integer for index: "a\"b"`},
		{name: "too large index", in: "7", completions: 5, err: `too large index: "7"`},
		{name: "too large last index", in: "0-7", completions: 5, err: `too large index: "7"`},
		{name: "too large index keeps its spelling", in: "+05", completions: 5, err: `too large index: "+05"`},
		{name: "no completions: every index is too large", in: "0", completions: 0, err: `too large index: "0"`},
		{name: "past int64", in: "99999999999999999999", completions: 5, err: `cannot convert string to integer for index: "99999999999999999999"`},
		{name: "first error wins", in: "5,3,x", completions: 9, err: "non-increasing order, previous: 5, current: 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			count, err := scoreboard.ValidateIndexes(tt.in, tt.completions)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.err, got); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			if count != tt.count {
				t.Errorf("count = %d, want %d", count, tt.count)
			}
		})
	}
}

func TestIndexesOverlap(t *testing.T) {
	tests := []struct {
		name        string
		a, b        string
		completions int
		want        int
		ok          bool
	}{
		{name: "an empty list overlaps nothing", a: "", b: "1", completions: 9},
		{name: "disjoint", a: "0-2,5", b: "3,4", completions: 9},
		{name: "a shared index", a: "0-2", b: "2", completions: 9, want: 2, ok: true},
		{name: "the smallest shared index of valid lists", a: "1,3-5", b: "0,4,5", completions: 9, want: 4, ok: true},
		{name: "overlapping intervals give the larger first index", a: "1-3", b: "2-6", completions: 9, want: 2, ok: true},
		{name: "malformed fragments are skipped", a: "x,3", b: "1-y,3", completions: 9, want: 3, ok: true},
		{name: "fragments past completions are skipped", a: "5,1", b: "5,1", completions: 3, want: 1, ok: true},
		{name: "reversed intervals are skipped", a: "4-2", b: "3", completions: 9},
		{name: "unordered lists may hide an overlap, as in Kubernetes", a: "5,1", b: "1", completions: 9},
		{name: "sign and leading zeros", a: "+1", b: "01", completions: 9, want: 1, ok: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := scoreboard.IndexesOverlap(tt.a, tt.b, tt.completions)
			if got != tt.want || ok != tt.ok {
				t.Errorf("IndexesOverlap(%q, %q, %d) = %d, %v; want %d, %v", tt.a, tt.b, tt.completions, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseIndexesLenient(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		completions int
		want        string
	}{
		{name: "empty list", in: "", completions: 5, want: ""},
		{name: "canonical list", in: "1,3-5,7", completions: 10, want: "1,3-5,7"},
		{name: "adjacent fragments merge", in: "1,2,3,5-6,7-9", completions: 10, want: "1-3,5-9"},
		{name: "sign and leading zeros", in: "+1,007", completions: 10, want: "1,7"},
		{name: "unreadable fragments are skipped", in: "x,2,3-y,5, 6", completions: 10, want: "2,5"},
		{name: "the first fragment past completions ends the list", in: "1,7,3", completions: 5, want: "1"},
		{name: "an interval past completions is cut", in: "1,3-7,9", completions: 5, want: "1,3,4"},
		{name: "what follows a second dash is ignored", in: "1-3-x", completions: 10, want: "1-3"},
		{name: "a minus sign makes the fragment unreadable", in: "-1,2", completions: 10, want: "2"},
		{name: "a reversed interval is its first index", in: "3-1", completions: 10, want: "3"},
		{name: "a backward fragment that extends the previous one shortens it", in: "0-5,6-2", completions: 10, want: "0-2"},
		{name: "a backward fragment can drop an index", in: "0,1-0", completions: 10, want: "0"},
		{name: "unordered fragments are united", in: "5,3,8-9,0", completions: 10, want: "0,3,5,8,9"},
		{name: "overlapping fragments are united", in: "0-3,2-6", completions: 10, want: "0-6"},
		{name: "no completions", in: "0,1", completions: 0, want: ""},
		{name: "completions past MaxIndex+1 count as MaxIndex+1", in: "2147483646-2147483647,2147483648", completions: math.MaxInt, want: "2147483646,2147483647"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scoreboard.ParseIndexesLenient(tt.in, tt.completions)
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("ParseIndexesLenient(%q, %d) mismatch (-want +got):\n%s", tt.in, tt.completions, diff)
			}
		})
	}
}

// TestReadersAgreeOnCanonicalLists: on what Indexes.String prints, the
// strict, the API server's and the controller's readings all give the
// same set.
func TestReadersAgreeOnCanonicalLists(t *testing.T) {
	for _, list := range [][]int{nil, {0}, {1, 3, 4, 5, 7}, {3, 4}, {0, 1, 2, 9}, {99, 100, 1000}} {
		x := mustIndexes(t, list...)
		s := x.String()
		strict, err := scoreboard.ParseIndexes(s)
		if err != nil {
			t.Fatalf("ParseIndexes(%q): %v", s, err)
		}
		count, err := scoreboard.ValidateIndexes(s, 1001)
		if err != nil {
			t.Fatalf("ValidateIndexes(%q): %v", s, err)
		}
		lenient := scoreboard.ParseIndexesLenient(s, 1001)
		if !strict.Equal(x) || !lenient.Equal(x) || count != x.Count() {
			t.Errorf("%q: strict %v, lenient %v, count %d; want %v, %d", s, strict, lenient, count, x, x.Count())
		}
	}
}
