package scoreboard

import "math/bits"

// summary is a 64-ary tree of bitmaps over the words of a Scoreboard. Bit w
// of levels[0] is set when word w holds at least one index in a given
// state; bit j of levels[k+1] is set when word j of levels[k] is not zero.
// The top level is a single word. Finding the first marked word at or after
// a position, or marking and unmarking one, touches O(depth) words, and the
// depth is at most 4 for any int32 number of indexes.
type summary struct {
	levels [][]uint64
}

// newSummary returns a summary over n words, every mark cleared.
func newSummary(n int) summary {
	sizes := summarySizes(n)
	total := 0
	for _, sz := range sizes {
		total += sz
	}
	backing := make([]uint64, total) // one allocation for every level
	s := summary{levels: make([][]uint64, len(sizes))}
	for k, sz := range sizes {
		s.levels[k], backing = backing[:sz:sz], backing[sz:]
	}
	return s
}

// summarySizes returns the number of words of each level over n words.
func summarySizes(n int) []int {
	var sizes []int
	for {
		sz := max(1, (n+63)/64)
		sizes = append(sizes, sz)
		if sz == 1 {
			return sizes
		}
		n = sz
	}
}

// markAll marks words 0…n-1.
func (s summary) markAll(n int) {
	for _, lv := range s.levels {
		full := n / 64
		for i := range full {
			lv[i] = ^uint64(0)
		}
		if r := n % 64; r != 0 {
			lv[full] = 1<<r - 1
		}
		n = (n + 63) / 64
	}
}

// marked reports whether word w is marked.
func (s summary) marked(w int) bool {
	return s.levels[0][w>>6]&(1<<(w&63)) != 0
}

// set marks word w when on is true and unmarks it otherwise.
func (s summary) set(w int, on bool) {
	for _, lv := range s.levels {
		i, bit := w>>6, uint64(1)<<(w&63)
		old := lv[i]
		if on {
			lv[i] = old | bit
			if old != 0 { // the parent already marks this word
				return
			}
		} else {
			lv[i] = old &^ bit
			if lv[i] != 0 { // the parent must go on marking this word
				return
			}
		}
		if lv[i] == old {
			return
		}
		w = i
	}
}

// next returns the first marked word at or after w, or -1, and the number
// of summary words it read.
func (s summary) next(w int) (int, int) {
	read := 0
	k := 0
	for ; k < len(s.levels); k++ {
		lv := s.levels[k]
		i := w >> 6
		if i >= len(lv) {
			return -1, read
		}
		read++
		if m := lv[i] & (^uint64(0) << (w & 63)); m != 0 {
			w = i<<6 | bits.TrailingZeros64(m)
			break
		}
		w = i + 1
	}
	if k == len(s.levels) {
		return -1, read
	}
	for ; k > 0; k-- {
		read++
		w = w<<6 | bits.TrailingZeros64(s.levels[k-1][w])
	}
	return w, read
}

// words returns the number of 64-bit words the summary holds.
func (s summary) words() int {
	n := 0
	for _, lv := range s.levels {
		n += len(lv)
	}
	return n
}
