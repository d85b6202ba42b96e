package scoreboard

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
)

// MaxIndex is the largest index an [Indexes] may hold: the largest value of
// an int32, the type of `spec.completions` in Kubernetes.
const MaxIndex = math.MaxInt32

// Interval is the inclusive range of indexes First…Last.
type Interval struct {
	First, Last int
}

// Len returns the number of indexes in the interval, Last-First+1.
func (iv Interval) Len() int { return iv.Last - iv.First + 1 }

// Indexes is an immutable set of completion indexes, such as the value of
// `status.completedIndexes`. It is stored as sorted intervals that neither
// overlap nor touch, so its size and the cost of every operation grow with
// the number of runs of consecutive indexes, not with the indexes.
//
// The zero value is the empty set and prints as "". Indexes values may be
// copied and shared freely: no method modifies its receiver (except
// UnmarshalText, which replaces it).
type Indexes struct {
	runs []Interval // sorted; runs[i].Last+1 < runs[i+1].First
}

// IndexesOf returns the set of the given indexes, in any order, duplicates
// allowed. It returns an error naming the first index that is negative or
// greater than [MaxIndex]. Indexes already in increasing order are read
// in place, in O(len(indexes)) with one allocation; others are sorted in
// a copy.
func IndexesOf(indexes ...int) (Indexes, error) {
	for _, ix := range indexes {
		if err := checkIndex(ix); err != nil {
			return Indexes{}, err
		}
	}
	if !slices.IsSorted(indexes) {
		indexes = slices.Clone(indexes)
		slices.Sort(indexes)
	}
	runs := 0
	for i, ix := range indexes {
		if i == 0 || ix > indexes[i-1]+1 {
			runs++
		}
	}
	b := builder{runs: make([]Interval, 0, runs)}
	for _, ix := range indexes {
		b.add(ix, ix)
	}
	return b.indexes(), nil
}

// IndexesFromIntervals returns the union of the intervals, in any order,
// overlapping or not. It returns an error naming the first interval whose
// First is negative, whose Last is less than its First, or whose Last is
// greater than [MaxIndex].
func IndexesFromIntervals(intervals ...Interval) (Indexes, error) {
	for _, iv := range intervals {
		if err := checkIndex(iv.First); err != nil {
			return Indexes{}, err
		}
		if err := checkIndex(iv.Last); err != nil {
			return Indexes{}, err
		}
		if iv.Last < iv.First {
			return Indexes{}, fmt.Errorf("interval %d-%d: the last index must be greater than or equal to the first", iv.First, iv.Last)
		}
	}
	sorted := intervals
	if !slices.IsSortedFunc(intervals, compareFirst) {
		sorted = slices.Clone(intervals)
		slices.SortFunc(sorted, compareFirst)
	}
	var b builder
	for _, iv := range sorted {
		b.add(iv.First, iv.Last)
	}
	return b.indexes(), nil
}

func compareFirst(a, b Interval) int { return a.First - b.First }

// checkIndex reports an index outside 0…MaxIndex.
func checkIndex(ix int) error {
	if ix < 0 {
		return fmt.Errorf("index %d: must be greater than or equal to 0", ix)
	}
	if ix > MaxIndex {
		return fmt.Errorf("index %d: must be less than or equal to %d", ix, MaxIndex)
	}
	return nil
}

// builder accumulates intervals given in order of their First, merging
// those that overlap or touch.
type builder struct {
	runs []Interval
}

func (b *builder) add(first, last int) {
	if n := len(b.runs); n > 0 && first <= b.runs[n-1].Last+1 {
		if last > b.runs[n-1].Last {
			b.runs[n-1].Last = last
		}
		return
	}
	b.runs = append(b.runs, Interval{first, last})
}

func (b *builder) indexes() Indexes {
	if len(b.runs) == 0 {
		return Indexes{}
	}
	return Indexes{runs: slices.Clip(b.runs)}
}

// Empty reports whether the set holds no index.
func (x Indexes) Empty() bool { return len(x.runs) == 0 }

// Count returns the number of indexes in the set. It costs O(runs).
func (x Indexes) Count() int {
	n := 0
	for _, iv := range x.runs {
		n += iv.Len()
	}
	return n
}

// NumIntervals returns the number of maximal runs of consecutive indexes.
func (x Indexes) NumIntervals() int { return len(x.runs) }

// Max returns the largest index in the set, and false when the set is
// empty.
func (x Indexes) Max() (int, bool) {
	if len(x.runs) == 0 {
		return 0, false
	}
	return x.runs[len(x.runs)-1].Last, true
}

// search returns the position of the first run whose Last is at least ix.
func (x Indexes) search(ix int) int {
	i, _ := slices.BinarySearchFunc(x.runs, ix, func(iv Interval, ix int) int {
		if iv.Last < ix {
			return -1
		}
		return 1
	})
	return i
}

// Has reports whether ix is in the set, in O(log runs).
func (x Indexes) Has(ix int) bool {
	i := x.search(ix)
	return i < len(x.runs) && x.runs[i].First <= ix
}

// Next returns the smallest index in the set that is greater than or equal
// to ix, and false when there is none. `for i, ok := x.Next(0); ok; i, ok =
// x.Next(i + 1)` visits the set in increasing order.
func (x Indexes) Next(ix int) (int, bool) {
	if ix < 0 {
		ix = 0
	}
	i := x.search(ix)
	if i == len(x.runs) {
		return 0, false
	}
	return max(ix, x.runs[i].First), true
}

// All yields the indexes of the set in increasing order.
func (x Indexes) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, iv := range x.runs {
			for ix := iv.First; ix <= iv.Last; ix++ {
				if !yield(ix) {
					return
				}
			}
		}
	}
}

// Intervals yields the maximal runs of consecutive indexes in increasing
// order.
func (x Indexes) Intervals() iter.Seq[Interval] {
	return func(yield func(Interval) bool) {
		for _, iv := range x.runs {
			if !yield(iv) {
				return
			}
		}
	}
}

// Equal reports whether x and y hold the same indexes.
func (x Indexes) Equal(y Indexes) bool { return slices.Equal(x.runs, y.runs) }

// Union returns the indexes in x or y, in O(runs of x + runs of y).
func (x Indexes) Union(y Indexes) Indexes {
	if len(y.runs) == 0 {
		return x
	}
	if len(x.runs) == 0 {
		return y
	}
	b := builder{runs: make([]Interval, 0, len(x.runs)+len(y.runs))}
	i, j := 0, 0
	for i < len(x.runs) || j < len(y.runs) {
		if j == len(y.runs) || (i < len(x.runs) && x.runs[i].First <= y.runs[j].First) {
			b.add(x.runs[i].First, x.runs[i].Last)
			i++
		} else {
			b.add(y.runs[j].First, y.runs[j].Last)
			j++
		}
	}
	return b.indexes()
}

// Intersection returns the indexes in both x and y, in O(runs of x + runs
// of y).
func (x Indexes) Intersection(y Indexes) Indexes {
	var b builder
	i, j := 0, 0
	for i < len(x.runs) && j < len(y.runs) {
		a, c := x.runs[i], y.runs[j]
		if first, last := max(a.First, c.First), min(a.Last, c.Last); first <= last {
			b.add(first, last)
		}
		if a.Last < c.Last {
			i++
		} else {
			j++
		}
	}
	return b.indexes()
}

// IntersectionCount returns the number of indexes in both x and y, in
// O(runs of x + runs of y), without building the intersection: how a Job
// controller counts the succeeded indexes a success policy names.
func (x Indexes) IntersectionCount(y Indexes) int {
	n, i, j := 0, 0, 0
	for i < len(x.runs) && j < len(y.runs) {
		a, c := x.runs[i], y.runs[j]
		if first, last := max(a.First, c.First), min(a.Last, c.Last); first <= last {
			n += last - first + 1
		}
		if a.Last < c.Last {
			i++
		} else {
			j++
		}
	}
	return n
}

// Difference returns the indexes in x that are not in y, in O(runs of x +
// runs of y).
func (x Indexes) Difference(y Indexes) Indexes {
	if len(x.runs) == 0 || len(y.runs) == 0 {
		return x
	}
	var b builder
	j := 0
	for _, iv := range x.runs {
		first := iv.First
		for j < len(y.runs) && y.runs[j].Last < first {
			j++
		}
		for k := j; k < len(y.runs) && y.runs[k].First <= iv.Last; k++ {
			if y.runs[k].First > first {
				b.add(first, y.runs[k].First-1)
			}
			first = y.runs[k].Last + 1
		}
		if first <= iv.Last {
			b.add(first, iv.Last)
		}
	}
	return b.indexes()
}

// Below returns the indexes of x that are less than n, and those that are
// not. A controller uses it to drop from `status.completedIndexes` the
// indexes that a smaller `spec.completions` no longer has, and to report
// them.
func (x Indexes) Below(n int) (below, rest Indexes) {
	i := x.search(n)
	switch {
	case i == len(x.runs):
		return x, Indexes{}
	case x.runs[i].First >= n:
		return Indexes{runs: x.runs[:i:i]}, Indexes{runs: x.runs[i:]}
	}
	lo := slices.Clone(x.runs[:i+1])
	lo[i].Last = n - 1
	hi := slices.Clone(x.runs[i:])
	hi[0].First = n
	return Indexes{runs: lo}, Indexes{runs: hi}
}

// String prints the set as Kubernetes writes `status.completedIndexes`:
// intervals in increasing order separated by ",", a run of three or more
// consecutive indexes as "first-last", a run of two as "first,last", a
// single index alone: "1,3-5,7", "3,4", "0-2". The empty set prints as "".
// The cost is proportional to the number of runs.
func (x Indexes) String() string {
	if len(x.runs) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.Grow(x.textLen())
	var buf [24]byte
	for i, iv := range x.runs {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.Write(strconv.AppendInt(buf[:0], int64(iv.First), 10))
		switch {
		case iv.Last == iv.First+1:
			sb.WriteByte(',')
			sb.Write(strconv.AppendInt(buf[:0], int64(iv.Last), 10))
		case iv.Last > iv.First:
			sb.WriteByte('-')
			sb.Write(strconv.AppendInt(buf[:0], int64(iv.Last), 10))
		}
	}
	return sb.String()
}

// AppendText appends the String form of x to b.
func (x Indexes) AppendText(b []byte) []byte {
	if len(x.runs) == 0 {
		return b
	}
	b = slices.Grow(b, x.textLen())
	for i, iv := range x.runs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(iv.First), 10)
		switch {
		case iv.Last == iv.First+1:
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(iv.Last), 10)
		case iv.Last > iv.First:
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(iv.Last), 10)
		}
	}
	return b
}

// textLen returns the length of the String form, so that it is built with
// one allocation.
func (x Indexes) textLen() int {
	n := len(x.runs) - 1 // separators between runs
	for _, iv := range x.runs {
		n += digits(iv.First)
		if iv.Last > iv.First {
			n += 1 + digits(iv.Last)
		}
	}
	return n
}

// digits returns the number of decimal digits of a non-negative n.
func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

// MarshalText implements encoding.TextMarshaler with the String form, so
// that an Indexes field encodes as a JSON or YAML string.
func (x Indexes) MarshalText() ([]byte, error) {
	return x.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with [ParseIndexes].
func (x *Indexes) UnmarshalText(text []byte) error {
	v, err := ParseIndexes(string(text))
	if err != nil {
		return err
	}
	*x = v
	return nil
}
