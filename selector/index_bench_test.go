package selector

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// indexSizes are the numbers of selectors the index benchmarks hold.
var indexSizes = []int{100, 1000, 10000}

// Sizes of the groups of selectors that share a label in realWorkload:
// they do not change with the number of selectors, as in a cluster where
// more Jobs means more apps and teams, not bigger ones.
const (
	selectorsPerApp  = 10 // app=...,tier in (frontend,backend)
	selectorsPerTeam = 25 // team=...,env!=prod
)

// workload is a set of named selectors shaped like real ones, and pods
// labelled like the pods they select.
type workload struct {
	names []string
	sels  []Selector
	pods  []Set
}

// fakeUID returns a UUID-shaped string, deterministic in r.
func fakeUID(r *rand.Rand) string {
	const hex = "0123456789abcdef"
	b := []byte("xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx")
	for i, c := range b {
		if c == 'x' {
			b[i] = hex[r.IntN(16)]
		}
	}
	return string(b)
}

// realWorkload returns n selectors in four shapes, one in four each:
//   - "batch.kubernetes.io/controller-uid=<uuid>", a generated Job selector;
//   - "app=app-<k>,tier in (frontend,backend)", selectorsPerApp per app;
//   - "team=team-<k>,env!=prod", selectorsPerTeam per team;
//   - "batch.kubernetes.io/job-name=job-<i>,!legacy", a manual selector;
//
// and 256 pods, each carrying the labels all four shapes look at (so
// that it is selected by one or two generated or manual selectors and by
// whole app and team groups, unless its tier, env or legacy label says
// otherwise), plus labels no selector uses.
func realWorkload(n int) workload {
	r := rand.New(rand.NewPCG(uint64(n), 4817))
	w := workload{names: make([]string, n), sels: make([]Selector, n)}
	uids := make([]string, n)
	for i := range n {
		w.names[i] = "sel-" + strconv.Itoa(i)
		var s string
		switch i % 4 {
		case 0:
			uids[i] = fakeUID(r)
			s = "batch.kubernetes.io/controller-uid=" + uids[i]
		case 1:
			s = fmt.Sprintf("app=app-%d,tier in (frontend,backend)", i/4/selectorsPerApp)
		case 2:
			s = fmt.Sprintf("team=team-%d,env!=prod", i/4/selectorsPerTeam)
		case 3:
			s = fmt.Sprintf("batch.kubernetes.io/job-name=job-%d,!legacy", i)
		}
		w.sels[i] = MustParse(s)
	}
	tiers := []string{"frontend", "backend", "cache"}
	envs := []string{"prod", "staging", "dev"}
	for range 256 {
		i := r.IntN(n/4) * 4
		pod := Set{
			"batch.kubernetes.io/controller-uid": uids[i],
			"controller-uid":                     uids[i],
			"batch.kubernetes.io/job-name":       "job-" + strconv.Itoa(i+3),
			"app":                                "app-" + strconv.Itoa(r.IntN(n/4/selectorsPerApp+1)),
			"tier":                               tiers[r.IntN(len(tiers))],
			"team":                               "team-" + strconv.Itoa(r.IntN(n/4/selectorsPerTeam+1)),
			"env":                                envs[r.IntN(len(envs))],
			"pod-template-hash":                  strconv.Itoa(r.IntN(1 << 30)),
		}
		if r.IntN(4) == 0 {
			pod["legacy"] = "true"
		}
		w.pods = append(w.pods, pod)
	}
	return w
}

// index returns an Index holding the workload's selectors.
func (w workload) index() *Index[string] {
	x := NewIndex[string]()
	for i, s := range w.sels {
		x.Add(w.names[i], s)
	}
	return x
}

// linearMatching is what Index replaces: every selector tried in turn.
func (w workload) linearMatching(dst []string, labels Labels) []string {
	for i := range w.sels {
		if w.sels[i].Matches(labels) {
			dst = append(dst, w.names[i])
		}
	}
	return dst
}

var benchNames []string

func BenchmarkIndexMatching(b *testing.B) {
	for _, n := range indexSizes {
		b.Run("selectors="+strconv.Itoa(n), func(b *testing.B) {
			w := realWorkload(n)
			x := w.index()
			dst := make([]string, 0, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = x.AppendMatching(dst[:0], w.pods[i%len(w.pods)])
				i++
			}
			benchNames = dst
		})
	}
}

func BenchmarkLinearMatching(b *testing.B) {
	for _, n := range indexSizes {
		b.Run("selectors="+strconv.Itoa(n), func(b *testing.B) {
			w := realWorkload(n)
			dst := make([]string, 0, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = w.linearMatching(dst[:0], w.pods[i%len(w.pods)])
				i++
			}
			benchNames = dst
		})
	}
}

// BenchmarkIndexMatchingFunc is BenchmarkIndexMatching with a Labels
// that is not a Set, which the index probes key by key.
func BenchmarkIndexMatchingFunc(b *testing.B) {
	for _, n := range indexSizes {
		b.Run("selectors="+strconv.Itoa(n), func(b *testing.B) {
			w := realWorkload(n)
			x := w.index()
			pods := make([]Labels, len(w.pods))
			for i, p := range w.pods {
				pods[i] = hasGet(p)
			}
			dst := make([]string, 0, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = x.AppendMatching(dst[:0], pods[i%len(pods)])
				i++
			}
			benchNames = dst
		})
	}
}

func BenchmarkIndexAddRemove(b *testing.B) {
	for _, n := range indexSizes {
		b.Run("selectors="+strconv.Itoa(n), func(b *testing.B) {
			w := realWorkload(n)
			x := w.index()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				k := i % n
				x.Remove(w.names[k])
				x.Add(w.names[k], w.sels[k])
				i++
			}
		})
	}
}

func BenchmarkOverlaps(b *testing.B) {
	pairs := []struct{ name, a, b string }{
		{"generated", "batch.kubernetes.io/controller-uid=8d3e5b7c-1f2a-4b6c-9d8e-0a1b2c3d4e5f", "batch.kubernetes.io/controller-uid=0f6bb3b2-1f2a-4b6c-9d8e-0a1b2c3d4e5f"},
		{"set-operators", "app=web,tier in (a,b,c),env!=prod", "app in (web,api),tier notin (a),!legacy"},
		{"integers", "a>3,a<100,b", "a notin (4,5,6),b!=other"},
	}
	for _, p := range pairs {
		b.Run(p.name, func(b *testing.B) {
			x, y := MustParse(p.a), MustParse(p.b)
			b.ReportAllocs()
			for b.Loop() {
				benchBool = Overlaps(x, y)
			}
		})
	}
}
