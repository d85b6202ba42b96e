package scoreboard

import (
	"fmt"
	"math/bits"
)

// Layout: index i lives in word i/32 at bits 2*(i%32) and 2*(i%32)+1, and
// holds its State (0, 1 or 2). The pairs of the last word past the last
// index hold 3, which is no state, so that scans need no masking.
const (
	indexesPerWord = 32
	lowBits        = 0x5555555555555555 // the low bit of every pair
	padding        = 3
)

// Scoreboard holds the [State] of every completion index 0…n-1 of an
// Indexed Job, where n is `spec.completions`.
//
// The zero value is a usable scoreboard with no index (n = 0), which is
// Done. A Scoreboard must not be copied after first use; use
// [Scoreboard.Clone].
type Scoreboard struct {
	n     int
	words []uint64
	has   [numStates]summary // has[st]: which words hold an index in state st
	count [numStates]int
	// runs[st] is the number of maximal runs of consecutive indexes in
	// state st, so that Indexes allocates its result exactly once.
	runs [numStates]int
	// free is the first word that holds a NotStarted index, len(words) when
	// none does. Set keeps it exact, so that Next starts there without a
	// search: when indexes complete in order it moves once per 32 indexes.
	free int

	// probe, when not nil, counts the words (state words and summary words)
	// that queries read. Only tests set it, to assert complexity by counting
	// work rather than timing it.
	probe *int
}

// New returns a scoreboard for completions indexes, 0…completions-1, all
// NotStarted. completions less than 0 is treated as 0 (nothing to track);
// Kubernetes rejects such Jobs in validation.
func New(completions int) *Scoreboard {
	n := max(completions, 0)
	nw := (n + indexesPerWord - 1) / indexesPerWord
	s := &Scoreboard{n: n, words: make([]uint64, nw)}
	if r := n % indexesPerWord; r != 0 {
		s.words[nw-1] = ^uint64(0) << (2 * r) // padding pairs
	}
	for st := range s.has {
		s.has[st] = newSummary(nw)
	}
	s.has[NotStarted].markAll(nw)
	s.count[NotStarted] = n
	if n > 0 {
		s.runs[NotStarted] = 1
	}
	return s
}

// Len returns the number of indexes, `spec.completions`.
func (s *Scoreboard) Len() int { return s.n }

// Count returns how many indexes are in state st, in O(1). It returns 0 for
// a value that is not a State.
func (s *Scoreboard) Count(st State) int {
	if !st.valid() {
		return 0
	}
	return s.count[st]
}

// Done reports whether every index is Complete. A scoreboard with no index
// is Done, as a Job with `spec.completions: 0` completes at once.
func (s *Scoreboard) Done() bool { return s.count[Complete] == s.n }

// State returns the state of index. An index outside 0…Len()-1 has no
// state: State returns NotStarted for it, as its signature has no room for
// an error; check the index against [Scoreboard.Len] when that matters.
func (s *Scoreboard) State(index int) State {
	if index < 0 || index >= s.n {
		return NotStarted
	}
	return State(s.words[index/indexesPerWord] >> (2 * (index % indexesPerWord)) & 3)
}

// checkIndex reports an index outside 0…n-1.
func (s *Scoreboard) checkIndex(index int) error {
	if index < 0 {
		return fmt.Errorf("index %d: must be greater than or equal to 0", index)
	}
	if index >= s.n {
		return fmt.Errorf("index %d: must be less than %d, the number of completions", index, s.n)
	}
	return nil
}

// checkState reports a value that is not a State.
func checkState(st State) error {
	if !st.valid() {
		return fmt.Errorf("state %d: must be one of 'NotStarted', 'Running', 'Complete'", uint8(st))
	}
	return nil
}

// Set records that index is in state st, in O(1). It returns an error, and
// changes nothing, when index is outside 0…Len()-1 or st is not a State.
func (s *Scoreboard) Set(index int, st State) error {
	if err := s.checkIndex(index); err != nil {
		return err
	}
	if err := checkState(st); err != nil {
		return err
	}
	w, sh := index/indexesPerWord, 2*uint(index%indexesPerWord)
	old := s.words[w]
	prev := State(old >> sh & 3)
	if prev == st {
		return nil
	}
	nw := old&^(3<<sh) | uint64(st)<<sh
	s.words[w] = nw
	// The runs of prev and st change only by how index joins or splits
	// them with its neighbours.
	left, right := State(padding), State(padding)
	if index > 0 {
		left = s.State(index - 1)
	}
	if index+1 < s.n {
		right = s.State(index + 1)
	}
	s.runs[prev] += runDelta(left, right, prev)
	s.runs[st] -= runDelta(left, right, st)
	s.count[prev]--
	s.count[st]++
	s.refresh(w, old, nw)
	return nil
}

// SetIndexes records that every index of x is in state st, a word (32
// indexes) at a time: the cost is O(runs of x + indexes of x / 32). It
// returns an error, and changes nothing, when an index of x is Len() or
// more or st is not a State.
func (s *Scoreboard) SetIndexes(x Indexes, st State) error {
	if err := checkState(st); err != nil {
		return err
	}
	if last, ok := x.Max(); ok {
		if err := s.checkIndex(last); err != nil {
			return err
		}
	}
	pattern := uint64(st) * lowBits
	for _, iv := range x.runs {
		w0, w1 := iv.First/indexesPerWord, iv.Last/indexesPerWord
		s.countRuns(w0, w1, -1)
		for w := w0; w <= w1; w++ {
			base := w * indexesPerWord
			lo, hi := max(iv.First, base)-base, min(iv.Last, base+indexesPerWord-1)-base
			m := ^uint64(0)
			if width := 2 * (hi - lo + 1); width < 64 {
				m = (1<<width - 1) << (2 * lo)
			}
			old := s.words[w]
			for o := range State(numStates) {
				s.count[o] -= bits.OnesCount64(pairs(old, o) & m)
			}
			s.count[st] += hi - lo + 1
			nw := old&^m | pattern&m
			s.words[w] = nw
			s.refresh(w, old, nw)
		}
		s.countRuns(w0, w1, +1)
	}
	return nil
}

// runDelta returns how the runs of st change when an index between left
// and right leaves state st: +1 when it splits a run, -1 when it was a run
// by itself, 0 otherwise. Entering st changes them by the opposite.
func runDelta(left, right, st State) int {
	switch {
	case left == st && right == st:
		return 1
	case left != st && right != st:
		return -1
	}
	return 0
}

// countRuns adds sign times the runs that start in words w0…w1+1 to
// s.runs. Called with -1 before words w0…w1 change and +1 after, it keeps
// s.runs exact: a change in word w can only start or end runs in w and
// w+1.
func (s *Scoreboard) countRuns(w0, w1, sign int) {
	w1 = min(w1+1, len(s.words)-1)
	for st := range State(numStates) {
		var top uint64 // 1 when the last index of the word before holds st
		if w0 > 0 {
			top = pairs(s.words[w0-1], st) >> 62
		}
		n := 0
		for w := w0; w <= w1; w++ {
			m := pairs(s.words[w], st)
			n += bits.OnesCount64(m &^ (m<<2 | top))
			top = m >> 62
		}
		s.runs[st] += sign * n
	}
}

// refresh updates the summaries after word w changed from old to nw.
func (s *Scoreboard) refresh(w int, old, nw uint64) {
	for st := range State(numStates) {
		on := pairs(nw, st) != 0
		if on == (pairs(old, st) != 0) {
			continue
		}
		s.has[st].set(w, on)
		if st != NotStarted {
			continue
		}
		switch {
		case on && w < s.free:
			s.free = w
		case !on && w == s.free:
			r, read := s.has[NotStarted].next(w + 1)
			s.work(read)
			if r < 0 {
				r = len(s.words)
			}
			s.free = r
		}
	}
}

// pairs returns the low bit of every pair of w that holds st.
func pairs(w uint64, st State) uint64 {
	switch st {
	case NotStarted:
		return ^(w | w>>1) & lowBits
	case Running:
		return w &^ (w >> 1) & lowBits
	case Complete:
		return (w >> 1) &^ w & lowBits
	}
	return 0
}

// work adds n words read to the probe, when a test set one.
func (s *Scoreboard) work(n int) {
	if s.probe != nil {
		*s.probe += n
	}
}

// Next returns the indexes a controller should start pods for: the lowest
// NotStarted indexes, in increasing order, as many as parallelism minus the
// number of Running indexes, or every NotStarted index when there are
// fewer. It returns nil when parallelism is at most the number Running or
// nothing is NotStarted. Next is a query: it changes nothing; the caller
// Sets the indexes Running once it has created their pods.
//
// The cost is O(k) for the k indexes returned plus O(1) per 32-index word
// that holds them: the scoreboard keeps the first word with a NotStarted
// index, and finds each following one through its summary in a few word
// reads, however far it is. A controller that completes indexes one at a
// time and asks for the next each time does O(n) work in total, reading
// about one word per index.
func (s *Scoreboard) Next(parallelism int) []int {
	want := min(parallelism-s.count[Running], s.count[NotStarted])
	if want <= 0 {
		return nil
	}
	out := make([]int, 0, want)
	for w := s.free; w >= 0 && w < len(s.words); {
		s.work(1)
		for m := pairs(s.words[w], NotStarted); m != 0 && len(out) < want; m &= m - 1 {
			out = append(out, w*indexesPerWord+bits.TrailingZeros64(m)/2)
		}
		if len(out) == want {
			break
		}
		var read int
		w, read = s.has[NotStarted].next(w + 1)
		s.work(read)
	}
	return out
}

// Completed returns the Complete indexes, the value of
// `status.completedIndexes`. The cost is O(r) for r runs of consecutive
// Complete indexes (each run costs a few word reads), not O(n).
func (s *Scoreboard) Completed() Indexes { return s.Indexes(Complete) }

// Indexes returns the indexes in state st, in O(runs). It returns the empty
// set for a value that is not a State.
func (s *Scoreboard) Indexes(st State) Indexes {
	if !st.valid() || s.count[st] == 0 {
		return Indexes{}
	}
	if s.count[st] == s.n {
		return Indexes{runs: []Interval{{0, s.n - 1}}}
	}
	b := builder{runs: make([]Interval, 0, s.runs[st])}
	for pos := 0; pos < s.n; {
		first := s.seek(pos, st, true)
		if first < 0 {
			break
		}
		end := s.seek(first, st, false)
		b.runs = append(b.runs, Interval{first, end - 1})
		pos = end
	}
	return b.indexes()
}

// seek returns the first index at or after pos whose state is st (when in
// is true) or is not st (when in is false). When there is none it returns
// -1 (in) or Len() (not in).
func (s *Scoreboard) seek(pos int, st State, in bool) int {
	none := -1
	if !in {
		none = s.n
	}
	if pos >= s.n {
		return none
	}
	w := pos / indexesPerWord
	m := s.match(w, st, in) & (^uint64(0) << (2 * uint(pos%indexesPerWord)))
	for m == 0 {
		if w = s.nextWord(w+1, st, in); w < 0 {
			return none
		}
		m = s.match(w, st, in)
	}
	// A padding pair matches "not st": that means Len().
	return min(w*indexesPerWord+bits.TrailingZeros64(m)/2, s.n)
}

// match returns the low bit of every pair of word w that holds st (in) or
// does not (not in), and counts the read.
func (s *Scoreboard) match(w int, st State, in bool) uint64 {
	s.work(1)
	m := pairs(s.words[w], st)
	if !in {
		m = ^m & lowBits
	}
	return m
}

// nextWord returns the first word at or after w that holds an index in
// state st (in) or in another state (not in), or -1.
func (s *Scoreboard) nextWord(w int, st State, in bool) int {
	if in {
		r, read := s.has[st].next(w)
		s.work(read)
		return r
	}
	best := -1
	for o := range State(numStates) {
		if o == st {
			continue
		}
		r, read := s.has[o].next(w)
		s.work(read)
		if r >= 0 && (best < 0 || r < best) {
			best = r
		}
	}
	return best
}

// Clone returns an independent copy of s.
func (s *Scoreboard) Clone() *Scoreboard {
	c := &Scoreboard{n: s.n, words: append([]uint64(nil), s.words...), count: s.count, runs: s.runs, free: s.free}
	for st := range s.has {
		c.has[st] = newSummary(len(s.words))
		for k, lv := range s.has[st].levels {
			copy(c.has[st].levels[k], lv)
		}
	}
	return c
}

// sizeBytes returns the bytes of state the scoreboard holds: the packed
// states and the summaries, without the fixed-size struct.
func (s *Scoreboard) sizeBytes() int {
	n := 8 * len(s.words)
	for _, h := range s.has {
		n += 8 * h.words()
	}
	return n
}
