package controller

import (
	"strconv"
	"strings"
)

// interval is a run of completion indexes, First through Last.
type interval struct{ first, last int }

// intervals is a set of indexes as ordered, disjoint, non-adjacent runs.
type intervals []interval

// parseIntervals reads an index set as the Job controller reads
// status.completedIndexes and status.failedIndexes: leniently. A part it
// cannot read is skipped, parts at or past completions end the list, a
// run reaching past it is cut, and adjacent runs are joined.
func parseIntervals(s string, completions int) intervals {
	if s == "" {
		return nil
	}
	var out intervals
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		first, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		if first >= completions {
			break
		}
		last := first
		if isRange {
			// Only what precedes a second '-' counts, as when splitting
			// on every '-'.
			hi, _, _ = strings.Cut(hi, "-")
			if last, err = strconv.Atoi(hi); err != nil {
				continue
			}
			last = min(last, completions-1)
		}
		if n := len(out); n > 0 && out[n-1].last == first-1 {
			out[n-1].last = last
		} else {
			out = append(out, interval{first, last})
		}
	}
	return out
}

// total is the number of indexes in x.
func (x intervals) total() int {
	n := 0
	for _, iv := range x {
		n += iv.last - iv.first + 1
	}
	return n
}

// has reports whether ix is in x.
func (x intervals) has(ix int) bool {
	lo, hi := 0, len(x)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if x[mid].last >= ix {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi < len(x) && x[hi].first <= ix
}

// merge returns the union of x and y, both ordered by first index, with
// adjacent and overlapping runs joined.
func (x intervals) merge(y intervals) intervals {
	if len(y) == 0 {
		return x
	}
	out := make(intervals, 0, len(x)+len(y))
	add := func(iv interval) {
		if n := len(out); n > 0 && iv.first <= out[n-1].last+1 {
			out[n-1].last = max(out[n-1].last, iv.last)
			return
		}
		out = append(out, iv)
	}
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		if x[i].first < y[j].first {
			add(x[i])
			i++
		} else {
			add(y[j])
			j++
		}
	}
	for ; i < len(x); i++ {
		add(x[i])
	}
	for ; j < len(y); j++ {
		add(y[j])
	}
	return out
}

// withIndexes returns x with the indexes of sorted, an ordered list
// without duplicates, added.
func (x intervals) withIndexes(sorted []int) intervals {
	if len(sorted) == 0 {
		return x
	}
	y := make(intervals, len(sorted))
	for i, ix := range sorted {
		y[i] = interval{ix, ix}
	}
	return x.merge(y)
}

// overlap counts the indexes that are both in x and in y.
func (x intervals) overlap(y intervals) int {
	n, i, j := 0, 0, 0
	for i < len(x) && j < len(y) {
		if o := min(x[i].last, y[j].last) - max(x[i].first, y[j].first) + 1; o > 0 {
			n += o
		}
		switch {
		case y[j].last < x[i].last:
			j++
		case y[j].last > x[i].last:
			i++
		default:
			i++
			j++
		}
	}
	return n
}

// String prints x as Kubernetes writes status.completedIndexes: runs of
// three or more as "a-b", two as "a,b".
func (x intervals) String() string {
	var b strings.Builder
	for _, iv := range x {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(iv.first))
		switch {
		case iv.last == iv.first+1:
			b.WriteByte(',')
			b.WriteString(strconv.Itoa(iv.last))
		case iv.last > iv.first:
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(iv.last))
		}
	}
	return b.String()
}
