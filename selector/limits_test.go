package selector_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"

	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/selector"
)

// TestParseLengthLimit checks the bound on what Parse reads: a selector
// of exactly MaxLength bytes is parsed, one byte more is refused with an
// error that says so and stays short.
func TestParseLengthLimit(t *testing.T) {
	// "a,a,...,a,ab": MaxLength/2 requirements, MaxLength bytes.
	atLimit := strings.Repeat("a,", selector.MaxLength/2-1) + "ab"
	require.Len(t, atLimit, selector.MaxLength)
	sel, err := selector.Parse(atLimit)
	require.NoError(t, err)
	require.True(t, sel.Matches(selector.Set{"a": "1", "ab": "2"}))
	require.False(t, sel.Matches(selector.Set{"a": "1"}))

	_, err = selector.Parse(atLimit + "c")
	var perr *selector.ParseError
	require.True(t, errors.As(err, &perr), "error %v, want a *ParseError", err)
	require.Equal(t, selector.MaxLength, perr.Offset)
	require.Equal(t, fmt.Sprintf("must be at most %d bytes long, not %d", selector.MaxLength, selector.MaxLength+1), perr.Detail)
	if n := len(err.Error()); n > 400 {
		t.Errorf("the error message is %d bytes long; it must show an excerpt", n)
	}
}

// TestParseIsLinear parses selectors of n and 4n parts in each shape a
// selector can grow in, valid or not, and checks that allocations and
// allocated bytes grow about 4 times (under 8, with the doubling of
// growing arrays), not 16.
func TestParseIsLinear(t *testing.T) {
	join := func(n int, part func(i int) string, sep string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = part(i)
		}
		return strings.Join(parts, sep)
	}
	shapes := []struct {
		name string
		sel  func(n int) string
	}{
		{"distinct keys", func(n int) string { return join(n, func(i int) string { return fmt.Sprintf("k%d=v", i) }, ",") }},
		{"one key repeated", func(n int) string { return join(n, func(int) string { return "app!=web" }, ",") }},
		{"keys in reverse order", func(n int) string { return join(n, func(i int) string { return fmt.Sprintf("k%07d", n-i) }, ",") }},
		{"a long set of values", func(n int) string {
			return "env in (" + join(n, func(i int) string { return fmt.Sprintf("v%d", n-i) }, ",") + ")"
		}},
		{"a long set of one repeated value", func(n int) string {
			return "env notin (" + join(n, func(int) string { return "x" }, ",") + ")"
		}},
		{"spaces", func(n int) string { return "a" + strings.Repeat(" ", 10*n) + "=b" }},
		{"an invalid selector at its end", func(n int) string {
			return join(n, func(i int) string { return fmt.Sprintf("k%d", i) }, ",") + ",("
		}},
		{"a long invalid key", func(n int) string { return strings.Repeat("x", 10*n) + "=v" }},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			run := func(n int) (float64, float64) {
				in := s.sel(n)
				return jobtest.MeasureAllocs(func() { _, _ = selector.Parse(in) })
			}
			a1, b1 := run(2000)
			a4, b4 := run(8000)
			t.Logf("n=2000: %.0f allocs, %.0f bytes; n=8000: %.0f allocs, %.0f bytes", a1, b1, a4, b4)
			if a4 > 8*a1+50 {
				t.Errorf("allocations grow from %.0f to %.0f when the selector grows 4 times", a1, a4)
			}
			if b4 > 8*b1+50000 {
				t.Errorf("allocated bytes grow from %.0f to %.0f when the selector grows 4 times", b1, b4)
			}
		})
	}
}
