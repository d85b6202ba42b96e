package scoreboard

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchSizes = []int{1_000, 100_000, 1_000_000}

// scattered returns a scoreboard of n indexes, about half of them Complete
// at random, so that Completed has about n/4 runs.
func scattered(n int) *Scoreboard {
	s := New(n)
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	for i := range n {
		if rng.IntN(2) == 0 {
			_ = s.Set(i, Complete)
		}
	}
	return s
}

// inProgress returns a scoreboard of n indexes whose first half is
// Complete and the next 10 Running: a Job that completes in order.
func inProgress(n int) *Scoreboard {
	s := New(n)
	done, _ := IndexesFromIntervals(Interval{0, n/2 - 1})
	running, _ := IndexesFromIntervals(Interval{n / 2, n/2 + 9})
	_ = s.SetIndexes(done, Complete)
	_ = s.SetIndexes(running, Running)
	return s
}

func BenchmarkNew(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var s *Scoreboard
			for b.Loop() {
				s = New(n)
			}
			b.ReportMetric(float64(8*s.sizeBytes())/float64(n), "bits/index")
		})
	}
}

func BenchmarkNext(b *testing.B) {
	for _, n := range benchSizes {
		for _, c := range []struct {
			name string
			s    *Scoreboard
			p    int
		}{
			{"in-order/p=1", inProgress(n), 11},
			{"in-order/p=100", inProgress(n), 110},
			{"scattered/p=100", scattered(n), 100},
		} {
			b.Run(fmt.Sprintf("n=%d/%s", n, c.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = c.s.Next(c.p)
				}
			})
		}
	}
}

func BenchmarkSet(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			s := scattered(n)
			rng := rand.New(rand.NewPCG(3, 4))
			ops := make([]int, 4096)
			for i := range ops {
				ops[i] = rng.IntN(n)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_ = s.Set(ops[i%len(ops)], State(i%numStates))
				i++
			}
		})
	}
}

func BenchmarkCompletedString(b *testing.B) {
	for _, n := range benchSizes {
		for _, c := range []struct {
			name string
			s    *Scoreboard
		}{
			{"one-run", inProgress(n)},
			{"scattered", scattered(n)},
		} {
			runs := c.s.Completed().NumIntervals()
			b.Run(fmt.Sprintf("n=%d/%s", n, c.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = c.s.Completed().String()
				}
				b.ReportMetric(float64(runs), "runs")
			})
		}
	}
}

// BenchmarkDrive completes n indexes one at a time, in order, as a
// controller with parallelism 1: Next(1), Set Running, Set Complete.
func BenchmarkDrive(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := New(n)
				for range n {
					ix := s.Next(1)[0]
					_ = s.Set(ix, Running)
					_ = s.Set(ix, Complete)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/index")
		})
	}
}

func BenchmarkParseIndexes(b *testing.B) {
	for _, n := range benchSizes {
		text := scattered(n).Completed().String()
		b.Run(fmt.Sprintf("n=%d/scattered", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := ParseIndexes(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkKubernetesReaders reads the same lists as BenchmarkParseIndexes
// the two ways Kubernetes does: the API server's check and the Job
// controller's lenient read.
func BenchmarkKubernetesReaders(b *testing.B) {
	for _, n := range benchSizes {
		text := scattered(n).Completed().String()
		b.Run(fmt.Sprintf("ValidateIndexes/n=%d/scattered", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := ValidateIndexes(text, n); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("ParseIndexesLenient/n=%d/scattered", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				_ = ParseIndexesLenient(text, n)
			}
		})
		b.Run(fmt.Sprintf("IndexesOverlap/n=%d/scattered", n), func(b *testing.B) {
			other := scattered(n + 1).Completed().Difference(scattered(n).Completed()).String()
			b.ReportAllocs()
			b.SetBytes(int64(len(text) + len(other)))
			for b.Loop() {
				if ix, ok := IndexesOverlap(text, other, n+1); ok {
					b.Fatalf("overlap at %d", ix)
				}
			}
		})
	}
}

func BenchmarkIntersectionCount(b *testing.B) {
	for _, n := range benchSizes {
		x, y := scattered(n).Completed(), scattered(n+1).Completed()
		b.Run(fmt.Sprintf("n=%d/scattered", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = x.IntersectionCount(y)
			}
		})
	}
}
