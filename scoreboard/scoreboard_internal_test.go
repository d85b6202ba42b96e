package scoreboard

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// model is the naive reference: one State per index.
type model []State

func (m model) next(parallelism, running int) []int {
	want := parallelism - running
	var out []int
	for i, x := range m {
		if len(out) >= want {
			break
		}
		if x == NotStarted {
			out = append(out, i)
		}
	}
	return out
}

func (m model) runs(st State) []Interval {
	var out []Interval
	for i, x := range m {
		if x != st {
			continue
		}
		if k := len(out); k > 0 && out[k-1].Last == i-1 {
			out[k-1].Last = i
		} else {
			out = append(out, Interval{i, i})
		}
	}
	return out
}

// check compares every observable of s with m.
func check(t *testing.T, s *Scoreboard, m model, step string) {
	t.Helper()
	for i, want := range m {
		if got := s.State(i); got != want {
			t.Fatalf("%s: State(%d) = %v, want %v", step, i, got, want)
		}
	}
	var counts [numStates]int
	for _, x := range m {
		counts[x]++
	}
	for st := range State(numStates) {
		if got, want := s.Count(st), counts[st]; got != want {
			t.Fatalf("%s: Count(%v) = %d, want %d", step, st, got, want)
		}
		if got, want := s.runs[st], len(m.runs(st)); got != want {
			t.Fatalf("%s: runs[%v] = %d, want %d", step, st, got, want)
		}
		// slices.Equal first: cmp.Diff is slow on long slices.
		if want, got := m.runs(st), s.Indexes(st).runs; !slices.Equal(want, got) {
			t.Fatalf("%s: Indexes(%v) mismatch (-want +got):\n%s", step, st, cmp.Diff(want, got))
		}
	}
	for _, p := range []int{-1, 0, 1, 2, 7, 33, 100, len(m) + 5} {
		if want, got := m.next(p, counts[Running]), s.Next(p); !slices.Equal(want, got) {
			t.Fatalf("%s: Next(%d) mismatch (-want +got):\n%s", step, p, cmp.Diff(want, got))
		}
	}
	if got, want := s.Done(), counts[Complete] == len(m); got != want {
		t.Fatalf("%s: Done() = %v, want %v", step, got, want)
	}
	checkSummaries(t, s, step)
}

// checkSummaries verifies the invariant of every summary tree.
func checkSummaries(t *testing.T, s *Scoreboard, step string) {
	t.Helper()
	free := len(s.words)
	for w, word := range s.words {
		if pairs(word, NotStarted) != 0 {
			free = w
			break
		}
	}
	if s.free != free {
		t.Fatalf("%s: free = %d, want %d", step, s.free, free)
	}
	for st := range State(numStates) {
		h := s.has[st]
		for w := range s.words {
			if got, want := h.marked(w), pairs(s.words[w], st) != 0; got != want {
				t.Fatalf("%s: summary %v marks word %d = %v, want %v", step, st, w, got, want)
			}
		}
		for k := 1; k < len(h.levels); k++ {
			for j, child := range h.levels[k-1] {
				if got, want := h.levels[k][j/64]&(1<<(j%64)) != 0, child != 0; got != want {
					t.Fatalf("%s: summary %v level %d bit %d = %v, want %v", step, st, k, j, got, want)
				}
			}
		}
	}
}

// TestAgainstModel drives scoreboards of sizes around every word and
// summary boundary with random operations, clustered so that long runs
// form, and compares every observable with the naive model.
func TestAgainstModel(t *testing.T) {
	tests := []struct {
		name       string
		n, ops     int
		checkEvery int
	}{
		{name: "empty", n: 0, ops: 20, checkEvery: 1},
		{name: "one index", n: 1, ops: 50, checkEvery: 1},
		{name: "below one word", n: 31, ops: 400, checkEvery: 1},
		{name: "one word", n: 32, ops: 400, checkEvery: 1},
		{name: "one word and one", n: 33, ops: 400, checkEvery: 1},
		{name: "a hundred", n: 100, ops: 1000, checkEvery: 1},
		{name: "one summary word less one", n: 2047, ops: 2000, checkEvery: 25},
		{name: "one summary word", n: 2048, ops: 2000, checkEvery: 25},
		{name: "one summary word and one", n: 2049, ops: 2000, checkEvery: 25},
		{name: "two summary levels and one", n: 131073, ops: 2000, checkEvery: 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tt.n), 42))
			s, m := New(tt.n), make(model, tt.n)
			check(t, s, m, "new")
			for op := range tt.ops {
				step := applyRandom(t, rng, s, m)
				if op%tt.checkEvery == 0 || op == tt.ops-1 {
					check(t, s, m, fmt.Sprintf("op %d (%s)", op, step))
				}
			}
			c := s.Clone()
			check(t, c, m, "clone")
		})
	}
}

// applyRandom applies one random operation to s and m, checking that
// invalid ones fail and change nothing, and describes it.
func applyRandom(t *testing.T, rng *rand.Rand, s *Scoreboard, m model) string {
	t.Helper()
	n := len(m)
	st := State(rng.IntN(numStates))
	switch r := rng.IntN(20); {
	case r == 0: // out of range or invalid state
		ix := []int{-1, n, n + 1, -1 << 40}[rng.IntN(4)]
		if err := s.Set(ix, st); err == nil {
			t.Fatalf("Set(%d, %v) succeeded on %d indexes", ix, st, n)
		}
		if n > 0 {
			if err := s.Set(rng.IntN(n), State(3+rng.IntN(250))); err == nil {
				t.Fatalf("Set with an invalid state succeeded")
			}
		}
		return "invalid"
	case r < 4 && n > 0: // a range at once
		first := rng.IntN(n)
		last := min(n-1, first+rng.IntN(200))
		x, err := IndexesFromIntervals(Interval{first, last})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetIndexes(x, st); err != nil {
			t.Fatalf("SetIndexes(%v, %v): %v", x, st, err)
		}
		for i := first; i <= last; i++ {
			m[i] = st
		}
		return fmt.Sprintf("SetIndexes(%v, %v)", x, st)
	case r < 8: // start what Next says
		next := s.Next(rng.IntN(40))
		for _, ix := range next {
			if err := s.Set(ix, Running); err != nil {
				t.Fatal(err)
			}
			m[ix] = Running
		}
		return fmt.Sprintf("start %v", next)
	case n > 0: // one index near the front, where runs grow
		ix := min(n-1, int(rng.ExpFloat64()*float64(n)/4))
		if err := s.Set(ix, st); err != nil {
			t.Fatalf("Set(%d, %v): %v", ix, st, err)
		}
		m[ix] = st
		return fmt.Sprintf("Set(%d, %v)", ix, st)
	}
	return "nothing"
}

func TestSetIndexesOutOfRangeChangesNothing(t *testing.T) {
	s := New(10)
	x, err := ParseIndexes("1,3-5,10")
	if err != nil {
		t.Fatal(err)
	}
	err = s.SetIndexes(x, Complete)
	if diff := cmp.Diff("index 10: must be less than 10, the number of completions", fmt.Sprint(err)); diff != "" {
		t.Errorf("error mismatch (-want +got):\n%s", diff)
	}
	check(t, s, make(model, 10), "after the error")
}

// drive completes every index one at a time, in order, the way a
// controller with parallelism 1 does, and returns the words read.
func drive(t testing.TB, n int) int {
	s := New(n)
	work := 0
	s.probe = &work
	for range n {
		next := s.Next(1)
		if len(next) != 1 {
			t.Fatalf("Next(1) = %v after %d completions", next, s.Count(Complete))
		}
		if err := s.Set(next[0], Running); err != nil {
			t.Fatal(err)
		}
		if err := s.Set(next[0], Complete); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Done() {
		t.Fatal("not Done after driving every index")
	}
	return work
}

// TestDriveToCompletionIsLinear asserts by counting words read, not by
// timing, that driving n indexes to completion one at a time is O(n): the
// words read per index stay under a constant whatever n is.
func TestDriveToCompletionIsLinear(t *testing.T) {
	sizes := []int{1000, 100_000, 1_000_000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		work := drive(t, n)
		perIndex := float64(work) / float64(n)
		t.Logf("n=%d: %d words read, %.2f per index", n, work, perIndex)
		// Next reads the first free word; once per 32 indexes Set looks
		// for the next free word through the summary (2*depth words, depth 3
		// at a million indexes).
		if perIndex > 1.25 {
			t.Errorf("n=%d: %.2f words read per index, want at most 1.25", n, perIndex)
		}
		// Beyond the one word each Next call starts at, the scans over the
		// whole drive are O(n/32).
		if extra, limit := work-n, n/16+8; extra > limit {
			t.Errorf("n=%d: %d words scanned beyond the first of each Next, want at most %d", n, extra, limit)
		}
	}
}

// TestNextCostIndependentOfPosition: the first NotStarted index is found in
// a bounded number of reads wherever it is.
func TestNextCostIndependentOfPosition(t *testing.T) {
	const n = 1_000_000
	for _, free := range []int{0, 31, 32, 2047, 2048, 131071, 131072, 500_000, n - 1} {
		s := New(n)
		all, _ := IndexesFromIntervals(Interval{0, n - 1})
		if err := s.SetIndexes(all, Complete); err != nil {
			t.Fatal(err)
		}
		if err := s.Set(free, NotStarted); err != nil {
			t.Fatal(err)
		}
		work := 0
		s.probe = &work
		if diff := cmp.Diff([]int{free}, s.Next(10)); diff != "" {
			t.Fatalf("Next mismatch (-want +got):\n%s", diff)
		}
		if work > 7 {
			t.Errorf("free index %d: Next read %d words, want at most 7", free, work)
		}
	}
}

// TestCompletedCostProportionalToRuns: Completed reads a bounded number of
// words per run, however many indexes the runs hold.
func TestCompletedCostProportionalToRuns(t *testing.T) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(1, 2))
	for _, runs := range []int{0, 1, 10, 1000, 20_000} {
		s := New(n)
		var ivs []Interval
		for range runs {
			first := rng.IntN(n - 100)
			ivs = append(ivs, Interval{first, first + rng.IntN(100)})
		}
		x, err := IndexesFromIntervals(ivs...)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetIndexes(x, Complete); err != nil {
			t.Fatal(err)
		}
		work := 0
		s.probe = &work
		got := s.Completed()
		if !got.Equal(x) {
			t.Fatalf("Completed() = %v, want %v", got, x)
		}
		// Per run: two seeks, each one state word plus at most two
		// summary paths (up and down, depth 3), and a last failing seek.
		if limit := 30*x.NumIntervals() + 30; work > limit {
			t.Errorf("%d runs: Completed read %d words, want at most %d", x.NumIntervals(), work, limit)
		}
	}
}

// TestBitsPerIndex checks the memory promise: at most 4 bits per index at
// a million indexes (the state words alone are 2).
func TestBitsPerIndex(t *testing.T) {
	const n = 1_000_000
	s := New(n)
	if bits := float64(8*s.sizeBytes()) / n; bits > 2.2 {
		t.Errorf("state and summaries: %.3f bits per index, want at most 2.2", bits)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s = New(n)
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	if bits := float64(8*(after.TotalAlloc-before.TotalAlloc)) / n; bits > 4 {
		t.Errorf("New(%d) allocated %.3f bits per index, want at most 4", n, bits)
	}
}
