package scoreboard

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
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

// rebuildPods returns n pods of an Indexed Job with completions indexes:
// a third succeeded, a third failed, a third running, one in a hundred a
// duplicate of another running pod.
func rebuildPods(n, completions int) []*core.Pod {
	pods := make([]*core.Pod, n)
	phases := []core.PodPhase{core.PodSucceeded, core.PodFailed, core.PodRunning}
	for i := range pods {
		ix := i % completions
		if i%100 == 99 {
			ix = (i - 1) % completions // same index as the pod before
		}
		pods[i] = &core.Pod{
			ObjectMeta: meta.ObjectMeta{
				Name:        fmt.Sprintf("job-%d-x%d", ix, i),
				Annotations: map[string]string{jobapi.CompletionIndexAnnotation: strconv.Itoa(ix)},
			},
			Status: core.PodStatus{Phase: phases[i%3]},
		}
		if i%100 == 99 {
			pods[i].Status.Phase = pods[i-1].Status.Phase
		}
	}
	return pods
}

func BenchmarkRebuild(b *testing.B) {
	const pods = 100_000
	for _, completions := range []int{pods, 1_000_000} {
		ps := rebuildPods(pods, completions)
		b.Run(fmt.Sprintf("pods=%d/n=%d", pods, completions), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, _ := Rebuild(completions, "", ps)
				_ = s
			}
		})
	}
}
