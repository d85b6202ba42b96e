package scoreboard

import "strings"

// scanner walks an index list such as "1,3-5,7" fragment by fragment: the
// text between two commas, or between a comma and an end of the list. It
// is the only code in the package that reads the list syntax; each entry
// point ([ParseIndexes], [ValidateIndexes], [IndexesOverlap],
// [ParseIndexesLenient]) is a loop over a scanner with its own policy: how
// an index is written, what order the fragments must be in, and what
// becomes of a fragment it cannot read.
//
// The empty list has no fragment; every other list has one more fragment
// than commas, so "," holds two empty fragments, as strings.Split says.
type scanner struct {
	s    string
	next int // offset of the next fragment; past len(s) when done
}

// newScanner returns a scanner positioned on the first fragment of s.
func newScanner(s string) scanner {
	if s == "" {
		return scanner{next: 1}
	}
	return scanner{s: s}
}

// fragment is one comma-separated piece of an index list.
type fragment struct {
	text   string // without the commas
	offset int    // byte offset of text in the list
}

// scan returns the next fragment, and false once there is none.
func (sc *scanner) scan() (fragment, bool) {
	if sc.next > len(sc.s) {
		return fragment{}, false
	}
	// Fragments are short: a loop beats strings.IndexByte's call.
	start, end := sc.next, sc.next
	for end < len(sc.s) && sc.s[end] != ',' {
		end++
	}
	sc.next = end + 1
	return fragment{text: sc.s[start:end], offset: start}, true
}

// bounds splits the fragment at '-' as Kubernetes does (strings.Split on
// "-"): the text before the first '-', the text between the first and
// the second, and how many parts there are (1, 2, or 3 for three or
// more).
func (f fragment) bounds() (first, last string, parts int) {
	i := strings.IndexByte(f.text, '-')
	if i < 0 {
		return f.text, "", 1
	}
	first, rest := f.text[:i], f.text[i+1:]
	if j := strings.IndexByte(rest, '-'); j >= 0 {
		return first, rest[:j], 3
	}
	return first, rest, 2
}
