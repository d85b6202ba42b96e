package scoreboard_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/scoreboard"
)

// The references below read index lists the obvious way Kubernetes' code
// does, with strings.Split and strconv.Atoi on every fragment, so that
// the fuzz targets compare the scanner-based readers with a reading that
// shares none of their code.

// naiveInterval is one fragment as the API server reads it.
func naiveInterval(frag string, completions int) (int, int, error) {
	bounds := strings.Split(frag, "-")
	if len(bounds) > 2 {
		return 0, 0, fmt.Errorf("the fragment %q violates the requirement that an index interval can have at most two parts separated by '-'", frag)
	}
	var xs [2]int
	for k, b := range bounds {
		n, err := strconv.Atoi(b)
		if err != nil {
			return 0, 0, fmt.Errorf("cannot convert string to integer for index: %q", b)
		}
		if n >= completions {
			return 0, 0, fmt.Errorf("too large index: %q", b)
		}
		xs[k] = n
	}
	if len(bounds) == 1 {
		return xs[0], xs[0], nil
	}
	if xs[0] >= xs[1] {
		return 0, 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", xs[0], xs[1])
	}
	return xs[0], xs[1], nil
}

// naiveValidate is the API server's check of a whole list.
func naiveValidate(s string, completions int) (int, error) {
	if s == "" {
		return 0, nil
	}
	total, last, haveLast := 0, 0, false
	for _, frag := range strings.Split(s, ",") {
		x, y, err := naiveInterval(frag, completions)
		if err != nil {
			return 0, err
		}
		if haveLast && last >= x {
			return 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", last, x)
		}
		total += y - x + 1
		last, haveLast = y, true
	}
	return total, nil
}

// naiveOverlap is the API server's side-by-side walk of two lists.
func naiveOverlap(a, b string, completions int) (int, bool) {
	if a == "" || b == "" {
		return 0, false
	}
	as, bs := strings.Split(a, ","), strings.Split(b, ",")
	i, j := 0, 0
	for i < len(as) && j < len(bs) {
		ax, ay, aerr := naiveInterval(as[i], completions)
		bx, by, berr := naiveInterval(bs[j], completions)
		switch {
		case aerr != nil:
			i++
		case berr != nil:
			j++
		case ax <= by && bx <= ay:
			return max(ax, bx), true
		case ax <= bx:
			i++
		default:
			j++
		}
	}
	return 0, false
}

// naiveLenient is the Job controller's reading, as the list of intervals
// the controller keeps (not necessarily a set: it may be out of order,
// overlap or run backwards).
func naiveLenient(s string, completions int) [][2]int {
	if s == "" {
		return nil
	}
	var out [][2]int
	for _, frag := range strings.Split(s, ",") {
		bounds := strings.Split(frag, "-")
		x, err := strconv.Atoi(bounds[0])
		if err != nil {
			continue
		}
		if x >= completions {
			break
		}
		y := x
		if len(bounds) > 1 {
			if y, err = strconv.Atoi(bounds[1]); err != nil {
				continue
			}
			y = min(y, completions-1)
		}
		if n := len(out); n > 0 && out[n-1][1] == x-1 {
			out[n-1][1] = y
		} else {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// naiveString prints the controller's intervals as the controller does.
func naiveString(ivs [][2]int) string {
	var b strings.Builder
	for _, iv := range ivs {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(iv[0]))
		switch {
		case iv[1] == iv[0]+1:
			b.WriteString("," + strconv.Itoa(iv[1]))
		case iv[1] > iv[0]:
			b.WriteString("-" + strconv.Itoa(iv[1]))
		}
	}
	return b.String()
}

// fuzzSeeds are index lists of every shape the readers distinguish.
var fuzzSeeds = []string{
	"", "0", "1,3-5,7", "3,4", "0-2", "1,2,3", "00,+2-04,9", "5,3", "2,2",
	"0-3,2-6", "3-1", "3-3", ",", "1,,2", "1,", "-1", "1--2", "1-2-3",
	"1-", "1, 2", "x,2,3-y", "1,7,3", "1,3-7,9", "99999999999999999999",
	"2147483647", "0-2147483646", "+", "1-+2",
}

// FuzzValidateIndexes checks ValidateIndexes against the naive reading:
// the same count and, word for word, the same error.
func FuzzValidateIndexes(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, int32(i%10))
	}
	f.Fuzz(func(t *testing.T, s string, completions int32) {
		if len(s) > maxFuzzInput {
			return
		}
		count, err := scoreboard.ValidateIndexes(s, int(completions))
		wantCount, wantErr := naiveValidate(s, int(completions))
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || count != wantCount {
			t.Fatalf("ValidateIndexes(%q, %d) = %d, %v; want %d, %v", s, completions, count, err, wantCount, wantErr)
		}
	})
}

// FuzzIndexesOverlap checks IndexesOverlap against the naive walk.
func FuzzIndexesOverlap(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, fuzzSeeds[(i*7+3)%len(fuzzSeeds)], int32(i%10))
	}
	f.Fuzz(func(t *testing.T, a, b string, completions int32) {
		if len(a)+len(b) > maxFuzzInput {
			return
		}
		at, ok := scoreboard.IndexesOverlap(a, b, int(completions))
		wantAt, wantOK := naiveOverlap(a, b, int(completions))
		if at != wantAt || ok != wantOK {
			t.Fatalf("IndexesOverlap(%q, %q, %d) = %d, %v; want %d, %v", a, b, completions, at, ok, wantAt, wantOK)
		}
	})
}

// FuzzParseIndexesLenient checks ParseIndexesLenient against the
// controller's intervals read naively: always the same indexes (their
// union, a backward interval counting as its first index), and, on every
// list the API server accepts, the same count and the same printed form
// as the controller's own arithmetic gives.
func FuzzParseIndexesLenient(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, uint16(i%10))
	}
	f.Fuzz(func(t *testing.T, s string, completions uint16) {
		if len(s) > maxFuzzInput {
			return
		}
		n := int(completions)
		got := scoreboard.ParseIndexesLenient(s, n)
		ivs := naiveLenient(s, n)
		var want scoreboard.Indexes
		for _, iv := range ivs {
			one, err := scoreboard.IndexesFromIntervals(scoreboard.Interval{First: iv[0], Last: max(iv[0], iv[1])})
			if err != nil {
				t.Fatalf("reference interval %v: %v", iv, err)
			}
			want = want.Union(one)
		}
		if !got.Equal(want) {
			t.Fatalf("ParseIndexesLenient(%q, %d) = %q; the controller's intervals %v hold %q", s, n, got, ivs, want)
		}
		if last, ok := got.Max(); ok && last >= n {
			t.Fatalf("ParseIndexesLenient(%q, %d) holds %d", s, n, last)
		}
		// A list the API server stored, for these completions or more.
		if _, err := scoreboard.ValidateIndexes(s, scoreboard.MaxIndex); err == nil {
			total := 0
			for _, iv := range ivs {
				total += iv[1] - iv[0] + 1
			}
			if got.Count() != total || got.String() != naiveString(ivs) {
				t.Fatalf("ParseIndexesLenient(%q, %d) = %q (%d); the controller has %q (%d)", s, n, got, got.Count(), naiveString(ivs), total)
			}
		}
	})
}
