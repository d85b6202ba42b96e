package scoreboard_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"

	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/scoreboard"
)

// indexesOfLength returns a valid set of indexes of exactly n bytes and
// how many indexes it holds: a prefix of n mod 11 bytes ("1", "10", ...
// or, for 0, "1,100000000"), then 10-digit indexes two apart, 11 bytes
// each with their comma.
func indexesOfLength(t *testing.T, n int) (string, int) {
	t.Helper()
	var b strings.Builder
	b.Grow(n)
	count := 1
	if r := n % 11; r == 0 {
		b.WriteString("1,100000000")
		count = 2
	} else {
		b.WriteString("1" + strings.Repeat("0", r-1))
	}
	for ix := 1_100_000_000; b.Len() < n; ix += 2 {
		b.WriteString("," + strconv.Itoa(ix))
		count++
	}
	s := b.String()
	require.Len(t, s, n)
	return s, count
}

// TestParseIndexesLengthLimit checks the bound on what ParseIndexes
// reads: a set of exactly MaxIndexesLength bytes is read, one byte more
// is refused with a *ParseError that says so, whose message stays short.
func TestParseIndexesLengthLimit(t *testing.T) {
	atLimit, count := indexesOfLength(t, scoreboard.MaxIndexesLength)
	x, err := scoreboard.ParseIndexes(atLimit)
	require.NoError(t, err)
	require.Equal(t, count, x.Count())

	over, _ := indexesOfLength(t, scoreboard.MaxIndexesLength+1)
	_, err = scoreboard.ParseIndexes(over)
	var perr *scoreboard.ParseError
	require.True(t, errors.As(err, &perr), "error %v, want a *ParseError", err)
	require.Equal(t, 0, perr.Offset)
	want := fmt.Sprintf("the indexes must be at most %d bytes long, not %d", scoreboard.MaxIndexesLength, scoreboard.MaxIndexesLength+1)
	require.Equal(t, want, perr.Detail)
	if n := len(err.Error()); n > 200 {
		t.Errorf("the error message is %d bytes long; it must quote a short excerpt", n)
	}
}

// TestParseIndexesIsLinear parses sets of n and 4n fragments: the number
// of allocations must not grow at all (the result is sized once), and the
// bytes allocated about 4 times.
func TestParseIndexesIsLinear(t *testing.T) {
	shapes := []struct {
		name string
		set  func(n int) string
	}{
		{"single indexes", func(n int) string {
			parts := make([]string, n)
			for i := range parts {
				parts[i] = strconv.Itoa(2 * i)
			}
			return strings.Join(parts, ",")
		}},
		{"ranges", func(n int) string {
			parts := make([]string, n)
			for i := range parts {
				parts[i] = fmt.Sprintf("%d-%d", 10*i, 10*i+5)
			}
			return strings.Join(parts, ",")
		}},
		{"adjacent indexes that merge", func(n int) string {
			parts := make([]string, n)
			for i := range parts {
				parts[i] = strconv.Itoa(i)
			}
			return strings.Join(parts, ",")
		}},
		{"an error at the end", func(n int) string {
			parts := make([]string, n)
			for i := range parts {
				parts[i] = strconv.Itoa(2 * i)
			}
			return strings.Join(parts, ",") + ",1"
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			run := func(n int) (float64, float64) {
				in := s.set(n)
				return jobtest.MeasureAllocs(func() { _, _ = scoreboard.ParseIndexes(in) })
			}
			a1, b1 := run(5000)
			a4, b4 := run(20000)
			t.Logf("n=5000: %.0f allocs, %.0f bytes; n=20000: %.0f allocs, %.0f bytes", a1, b1, a4, b4)
			if a4 > a1+1 { // +1: a stray allocation of the runtime
				t.Errorf("allocations grow from %.0f to %.0f when the set grows 4 times", a1, a4)
			}
			if b4 > 5*b1+1000 {
				t.Errorf("allocated bytes grow from %.0f to %.0f when the set grows 4 times", b1, b4)
			}
		})
	}
}
