package scoreboard

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Kubernetes reads index lists in two more ways than [ParseIndexes]: its
// API server checks the lists a client writes (`spec.successPolicy`'s
// succeededIndexes when a Job is created, `status.completedIndexes` and
// `status.failedIndexes` when they change) and its Job controller reads
// them back leniently. Both read every index with strconv.Atoi after
// splitting the list at ',' and each fragment at '-', so "+1" and "007"
// are indexes to them, and both compare indexes with `spec.completions`.
// The functions below are those readings, with Kubernetes' verdicts,
// counts and messages; they share the scanner of ParseIndexes.

// ValidateIndexes checks an index list as Kubernetes' API server checks
// `succeededIndexes`, `completedIndexes` and `failedIndexes`, and returns
// how many indexes it holds. Every fragment is an index "x" or an
// interval "x-y" (at most two parts), each index a decimal integer as
// strconv.Atoi reads it (a '+' sign and leading zeros are accepted) less
// than completions, with x less than y, and every fragment starts after
// the last index of the one before. The empty list holds no index.
//
// The error is the first rule broken, in the API server's words, such as
// `too large index: "7"` or `non-increasing order, previous: 5, current:
// 3`; Kubernetes prefixes it with "error parsing completedIndexes: " (or
// the field's name) in the field error. The count is 0 with an error.
// completions above MaxIndex+1 count as MaxIndex+1, since
// `spec.completions` is an int32. The cost is linear in the length of s
// and allocates nothing unless s is rejected.
func ValidateIndexes(s string, completions int) (int, error) {
	completions = min(completions, MaxIndex+1)
	total, last := 0, -1 // indexes are never negative: '-' separates them
	sc := newScanner(s)
	for {
		f, ok := sc.scan()
		if !ok {
			break
		}
		iv, err := f.serverInterval(completions)
		if err != nil {
			return 0, err
		}
		if last >= iv.First {
			return 0, errors.New("non-increasing order, previous: " + strconv.Itoa(last) + ", current: " + strconv.Itoa(iv.First))
		}
		total += iv.Len()
		last = iv.Last
	}
	return total, nil
}

// IndexesOverlap reports an index that both lists hold, looked for as
// Kubernetes' API server looks for one when `status.completedIndexes` or
// `status.failedIndexes` change: the two lists are walked side by side,
// fragment by fragment, skipping the fragments [ValidateIndexes] would
// reject (that check reports them on its own), and the first pair of
// intervals that share an index gives the larger of their first indexes.
// On lists ValidateIndexes accepts this is the smallest common index; on
// others, as in Kubernetes, the walk may miss one. Kubernetes reports it
// as "failedIndexes and completedIndexes overlap at index: N", with the
// completed indexes as a. completions above MaxIndex+1 count as
// MaxIndex+1. The cost is linear in the length of a and b.
func IndexesOverlap(a, b string, completions int) (int, bool) {
	completions = min(completions, MaxIndex+1)
	ca, cb := serverCursor{sc: newScanner(a)}, serverCursor{sc: newScanner(b)}
	ca.advance(completions)
	cb.advance(completions)
	for ca.ok && cb.ok {
		switch {
		case ca.err != nil:
			ca.advance(completions)
		case cb.err != nil:
			cb.advance(completions)
		case ca.iv.First <= cb.iv.Last && cb.iv.First <= ca.iv.Last:
			return max(ca.iv.First, cb.iv.First), true
		case ca.iv.First <= cb.iv.First:
			ca.advance(completions)
		default:
			cb.advance(completions)
		}
	}
	return 0, false
}

// serverCursor is a scanner with the current fragment read as the API
// server reads it.
type serverCursor struct {
	sc  scanner
	ok  bool     // there is a current fragment
	iv  Interval // the current fragment, when err is nil
	err error
}

// advance moves to the next fragment.
func (c *serverCursor) advance(completions int) {
	var f fragment
	if f, c.ok = c.sc.scan(); c.ok {
		c.iv, c.err = f.serverInterval(completions)
	}
}

// serverInterval reads a fragment as Kubernetes' API server reads one
// interval of an index list, with its messages.
func (f fragment) serverInterval(completions int) (Interval, error) {
	first, last, parts := f.bounds()
	if parts > 2 {
		return Interval{}, errors.New("the fragment " + strconv.Quote(f.text) + " violates the requirement that an index interval can have at most two parts separated by '-'")
	}
	x, err := serverIndex(first, completions)
	if err != nil {
		return Interval{}, err
	}
	if parts == 1 {
		return Interval{x, x}, nil
	}
	y, err := serverIndex(last, completions)
	if err != nil {
		return Interval{}, err
	}
	if x >= y {
		return Interval{}, errors.New("non-increasing order, previous: " + strconv.Itoa(x) + ", current: " + strconv.Itoa(y))
	}
	return Interval{x, y}, nil
}

// serverIndex reads one index as Kubernetes' API server does.
func serverIndex(s string, completions int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, errors.New("cannot convert string to integer for index: " + strconv.Quote(s))
	}
	if n >= completions {
		return 0, errors.New("too large index: " + strconv.Quote(s))
	}
	return n, nil
}

// ParseIndexesLenient reads an index list as Kubernetes' Job controller
// reads `status.completedIndexes`, `status.failedIndexes` and a success
// policy's succeededIndexes: it never fails. Fragment by fragment, in the
// order written: a fragment whose first index strconv.Atoi cannot read
// is skipped; the first fragment whose first index is at or past
// completions ends the list (so a list written for a larger
// `spec.completions` loses its tail); an interval whose last index cannot
// be read is skipped, one that reaches past completions is cut at
// completions-1, and anything after a second '-' is ignored; a fragment
// that starts right after the previous one ends extends it.
//
// On every list the API server accepts ([ValidateIndexes] with the
// completions the list was written for), the result is the set
// Kubernetes' controller reads. On lists no API server stores, the
// controller's own intervals are not a set (they may be out of order,
// overlap or run backwards, and a backward fragment that extends the one
// before shortens it); ParseIndexesLenient returns the indexes those
// intervals print as, an interval "x-y" with y less than x printing as x.
//
// completions above MaxIndex+1 count as MaxIndex+1. The cost is linear in
// the length of s, with one allocation for a list in order.
func ParseIndexesLenient(s string, completions int) Indexes {
	completions = min(completions, MaxIndex+1)
	if s == "" {
		return Indexes{}
	}
	// Every fragment makes at most one run: size the result once.
	b := builder{runs: make([]Interval, 0, strings.Count(s, ",")+1)}
	var late []Interval // intervals that start before one already added
	// cur is the controller's last interval, which a touching fragment
	// extends; Last may be less than First.
	cur, have := Interval{}, false
	flush := func() {
		iv := Interval{cur.First, max(cur.First, cur.Last)}
		if n := len(b.runs); n > 0 && iv.First < b.runs[n-1].First {
			late = append(late, iv)
		} else {
			b.add(iv.First, iv.Last)
		}
	}
	sc := newScanner(s)
	for {
		f, ok := sc.scan()
		if !ok {
			break
		}
		first, last, parts := f.bounds()
		x, err := strconv.Atoi(first)
		if err != nil {
			continue
		}
		if x >= completions {
			break
		}
		y := x
		if parts > 1 {
			if y, err = strconv.Atoi(last); err != nil {
				continue
			}
			y = min(y, completions-1)
		}
		switch {
		case have && cur.Last == x-1:
			cur.Last = y
		case have:
			flush()
			cur = Interval{x, y}
		default:
			cur, have = Interval{x, y}, true
		}
	}
	if have {
		flush()
	}
	x := b.indexes()
	if len(late) > 0 {
		slices.SortFunc(late, compareFirst)
		var lb builder
		for _, iv := range late {
			lb.add(iv.First, iv.Last)
		}
		x = x.Union(lb.indexes())
	}
	return x
}
