package scoreboard

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxIndexesLength is the longest text ParseIndexes reads, in bytes: 3
// MiB, the largest request an API server accepts, so that every
// `status.completedIndexes` a cluster can store fits.
const MaxIndexesLength = 3 << 20

// maxIndexDigits is the number of decimal digits of MaxIndex.
const maxIndexDigits = 10

// ParseError reports why [ParseIndexes] rejected its input: which
// comma-separated fragment, where, and the rule it breaks.
type ParseError struct {
	// Fragment is the offending text between two commas (or an end of the
	// input); it is "" for an empty fragment.
	Fragment string
	// Offset is the byte offset of Fragment in the input.
	Offset int
	// Detail states the rule in the API conventions' wording, such as
	// "must not have a sign".
	Detail string
}

// maxQuoted bounds how much of a fragment an error message repeats.
const maxQuoted = 40

// Error returns "fragment '<text>' at offset N: <detail>".
func (e *ParseError) Error() string {
	frag := e.Fragment
	if len(frag) > maxQuoted {
		frag = frag[:maxQuoted] + "..."
	}
	return fmt.Sprintf("fragment '%s' at offset %d: %s", frag, e.Offset, e.Detail)
}

// ParseIndexes reads a set of indexes in the format of
// `status.completedIndexes` and `status.failedIndexes`:
//
//	indexes  = "" | fragment { "," fragment }
//	fragment = index | index "-" index
//	index    = "0" | nonzero { digit }          (at most MaxIndex)
//
// The fragments must be in increasing order and must not overlap: every
// fragment starts after the last index of the one before it. A range
// "a-b" must have a less than b. Adjacent fragments ("1,2,3", "0-3,4-6")
// and two-index ranges ("3-4") are accepted and merged, so the result
// prints in the canonical form, which [Indexes.String] produces and
// ParseIndexes reads back unchanged.
//
// Parsing is strict where Kubernetes' Job controller is lenient
// ([ParseIndexesLenient]) and stricter than its API server
// ([ValidateIndexes]): it rejects unordered ("5,3"), duplicate ("2,2"),
// overlapping ("0-3,2-6"), reversed ("3-1") and degenerate ("3-3")
// fragments, empty fragments (",", "1,,2", "1,"), signs ("+1", "-1",
// "1--2"), spaces, leading zeros ("01"), more than two parts ("1-2-3"),
// missing ends ("1-") and indexes greater than [MaxIndex]. The error is a
// [*ParseError] naming the fragment. The cost is linear in the length of
// s, which must be at most [MaxIndexesLength] bytes (else the error names
// the whole input, at offset 0).
func ParseIndexes(s string) (Indexes, error) {
	if s == "" {
		return Indexes{}, nil
	}
	if len(s) > MaxIndexesLength {
		return Indexes{}, &ParseError{Fragment: s, Offset: 0,
			Detail: "the indexes must be at most " + strconv.Itoa(MaxIndexesLength) + " bytes long, not " + strconv.Itoa(len(s))}
	}
	// Every fragment makes at most one run: size the result once.
	b := builder{runs: make([]Interval, 0, strings.Count(s, ",")+1)}
	prev := Interval{First: -1, Last: -1}
	prevText := ""
	sc := newScanner(s)
	for {
		f, ok := sc.scan()
		if !ok {
			break
		}
		iv, detail := parseFragment(f.text)
		if detail == "" && iv.First <= prev.Last {
			if iv.First >= prev.First {
				detail = "must not overlap the previous fragment '" + prevText + "'"
			} else {
				detail = "must be greater than the previous fragment '" + prevText + "': indexes must be in increasing order"
			}
		}
		if detail != "" {
			return Indexes{}, &ParseError{Fragment: f.text, Offset: f.offset, Detail: detail}
		}
		b.add(iv.First, iv.Last)
		prev, prevText = iv, f.text
	}
	return b.indexes(), nil
}

// parseFragment reads "a" or "a-b". It returns a detail that is not empty
// when the fragment is malformed.
func parseFragment(frag string) (Interval, string) {
	if frag == "" {
		return Interval{}, "must not be empty: indexes are separated by a single ','"
	}
	for i := 0; i < len(frag); i++ {
		switch c := frag[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			return Interval{}, "must not contain spaces"
		case c != '-' && c != '+' && (c < '0' || c > '9'):
			return Interval{}, "must be an index or a range 'first-last' of decimal digits"
		}
	}
	first, rest, detail := parseIndex(frag)
	if detail != "" {
		return Interval{}, detail
	}
	if rest == "" {
		return Interval{first, first}, ""
	}
	if rest[0] != '-' {
		return Interval{}, "must be an index or a range 'first-last' of decimal digits"
	}
	rest = rest[1:]
	if rest == "" {
		return Interval{}, "must have an index on both sides of '-'"
	}
	last, rest, detail := parseIndex(rest)
	switch {
	case detail != "":
		return Interval{}, detail
	case rest != "":
		return Interval{}, "must have at most two parts separated by '-'"
	case last <= first:
		return Interval{}, "must have its first index (" + strconv.Itoa(first) + ") less than its last (" + strconv.Itoa(last) + ")"
	}
	return Interval{first, last}, ""
}

// parseIndex reads the decimal index at the start of s and returns what
// follows it.
func parseIndex(s string) (int, string, string) {
	if s == "" {
		return 0, s, "must have an index on both sides of '-'"
	}
	if s[0] == '+' || s[0] == '-' {
		return 0, s, "must not have a sign"
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, s, "must be an index or a range 'first-last' of decimal digits"
	}
	if i > 1 && s[0] == '0' {
		return 0, s, "must not have leading zeros"
	}
	if i > maxIndexDigits {
		return 0, s, "must have indexes less than or equal to " + strconv.Itoa(MaxIndex)
	}
	n := 0
	for _, c := range s[:i] {
		n = n*10 + int(c-'0')
	}
	if n > MaxIndex {
		return 0, s, "must have indexes less than or equal to " + strconv.Itoa(MaxIndex)
	}
	return n, s[i:], ""
}
