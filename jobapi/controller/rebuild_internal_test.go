package controller

import (
	"strconv"
	"testing"

	"github.com/jobkit/jobkit/scoreboard"
)

// FuzzCompletionIndex checks the reading of the completion index
// annotation against strconv: it accepts exactly the canonical decimal
// forms of 0…MaxIndex, and never panics.
func FuzzCompletionIndex(f *testing.F) {
	for _, s := range []string{"0", "7", "10", "2147483647", "2147483648", "", "+1", "-1", "01", "1a", " 1", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		got, detail := parseCompletionIndex(s)
		n, err := strconv.Atoi(s)
		want := err == nil && n >= 0 && n <= scoreboard.MaxIndex && strconv.Itoa(n) == s
		if (detail == "") != want {
			t.Fatalf("parseCompletionIndex(%q) = %d, %q; strconv says valid=%v", s, got, detail, want)
		}
		if want && got != n {
			t.Fatalf("parseCompletionIndex(%q) = %d, want %d", s, got, n)
		}
	})
}
