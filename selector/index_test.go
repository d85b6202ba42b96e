package selector

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// labelViews returns labels as a Set and as the other kinds of Labels the
// index reads differently (hasGet and lookupOnly are in match_test.go;
// lookupOnly panics unless read with Lookup).
func labelViews(s Set) map[string]Labels {
	return map[string]Labels{"Set": s, "Has and Get": hasGet(s), "Lookup": lookupOnly(s)}
}

func TestIndexMatching(t *testing.T) {
	fromLS := func(ls *LabelSelector) Selector {
		s, err := FromLabelSelector(ls)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Added in this order; Matching returns keys in it.
	held := []struct {
		key string
		sel Selector
	}{
		{"uid-1", MustParse("controller-uid=1")},
		{"web", MustParse("app=web,tier in (frontend,backend)")},
		{"web-or-api", MustParse("app in (web,api)")},
		{"not-prod", MustParse("env!=prod")},
		{"no-legacy", MustParse("!legacy,tier notin (db)")},
		{"has-tier", MustParse("tier")},
		{"big-replicas", MustParse("replicas>3")},
		{"everything", Everything()},
		{"nothing", Nothing()},
		{"broken", Everything().Add(Requirement{})},
		{"repeats", fromLS(&LabelSelector{MatchExpressions: []LabelSelectorRequirement{{Key: "app", Operator: LabelSelectorOpIn, Values: []string{"db", "db"}}}})},
		{"uid-2", MustParse("controller-uid=2,app=web")},
	}
	tests := []struct {
		name   string
		labels Set
		want   []string
	}{
		{name: "empty set: negative selectors and Everything", labels: Set{}, want: []string{"not-prod", "no-legacy", "everything"}},
		{name: "nil set is empty", labels: nil, want: []string{"not-prod", "no-legacy", "everything"}},
		{name: "equality and in, each value filed", labels: Set{"app": "web", "tier": "backend"}, want: []string{"web", "web-or-api", "not-prod", "no-legacy", "has-tier", "everything"}},
		{name: "the other value of in", labels: Set{"app": "api"}, want: []string{"web-or-api", "not-prod", "no-legacy", "everything"}},
		{name: "negative requirements fail", labels: Set{"env": "prod", "legacy": ""}, want: []string{"everything"}},
		{name: "filed by equality, failing another requirement", labels: Set{"app": "web", "tier": "db"}, want: []string{"web-or-api", "not-prod", "has-tier", "everything"}},
		{name: "filed by presence: integer compared", labels: Set{"replicas": "4"}, want: []string{"not-prod", "no-legacy", "big-replicas", "everything"}},
		{name: "filed by presence: not an integer", labels: Set{"replicas": "four"}, want: []string{"not-prod", "no-legacy", "everything"}},
		{name: "repeated value matches once", labels: Set{"app": "db"}, want: []string{"not-prod", "no-legacy", "everything", "repeats"}},
		{name: "two keys of one selector", labels: Set{"controller-uid": "2", "app": "web"}, want: []string{"web-or-api", "not-prod", "no-legacy", "everything", "uid-2"}},
		{name: "more labels than filed keys", labels: Set{"controller-uid": "1", "a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": "6", "g": "7"},
			want: []string{"uid-1", "not-prod", "no-legacy", "everything"}},
	}
	x := NewIndex[string]()
	for _, h := range held {
		x.Add(h.key, h.sel)
	}
	for _, tt := range tests {
		for view, labels := range labelViews(tt.labels) {
			t.Run(tt.name+"/"+view, func(t *testing.T) {
				if tt.labels == nil && view == "Set" {
					labels = nil // an untyped nil Labels
				}
				got := x.Matching(labels)
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("Matching(%v) (-want +got):\n%s", tt.labels, diff)
				}
				// The reference: every selector tried.
				var linear []string
				for _, h := range held {
					if h.sel.Matches(tt.labels) {
						linear = append(linear, h.key)
					}
				}
				if diff := cmp.Diff(linear, got); diff != "" {
					t.Errorf("Matching(%v) differs from a linear scan (-scan +index):\n%s", tt.labels, diff)
				}
			})
		}
	}
}

func TestIndexAddRemove(t *testing.T) {
	labels := Set{"app": "web"}
	tests := []struct {
		name    string
		ops     func(x *Index[int])
		want    []int
		wantLen int
	}{
		{name: "empty index", ops: func(x *Index[int]) {}, want: nil, wantLen: 0},
		{name: "zero Index is usable", ops: func(x *Index[int]) { *x = Index[int]{}; x.Add(1, MustParse("app")) }, want: []int{1}, wantLen: 1},
		{name: "order of addition", ops: func(x *Index[int]) {
			x.Add(3, MustParse("app=web"))
			x.Add(1, Everything())
			x.Add(2, MustParse("app"))
		}, want: []int{3, 1, 2}, wantLen: 3},
		{name: "add replaces and moves to the end", ops: func(x *Index[int]) {
			x.Add(1, MustParse("app=web"))
			x.Add(2, MustParse("app=web"))
			x.Add(1, MustParse("app in (web,api)"))
		}, want: []int{2, 1}, wantLen: 2},
		{name: "replaced by a selector that does not match", ops: func(x *Index[int]) {
			x.Add(1, MustParse("app=web"))
			x.Add(1, MustParse("app=api"))
		}, want: nil, wantLen: 1},
		{name: "remove", ops: func(x *Index[int]) {
			x.Add(1, MustParse("app=web"))
			x.Add(2, MustParse("app=web"))
			x.Add(3, MustParse("app=web"))
			x.Remove(1)
		}, want: []int{2, 3}, wantLen: 2},
		{name: "remove an absent key does nothing", ops: func(x *Index[int]) {
			x.Add(1, MustParse("app=web"))
			x.Remove(7)
		}, want: []int{1}, wantLen: 1},
		{name: "remove from every kind of list", ops: func(x *Index[int]) {
			for i, s := range []string{"app=web", "app in (web,api)", "app", "", "env!=prod", "app>1"} {
				x.Add(i, MustParse(s))
			}
			x.Add(9, MustParse("app=web"))
			for i := range 6 {
				x.Remove(i)
			}
		}, want: []int{9}, wantLen: 1},
		{name: "Nothing is held but never matches", ops: func(x *Index[int]) { x.Add(1, Nothing()) }, want: nil, wantLen: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewIndex[int]()
			tt.ops(x)
			if diff := cmp.Diff(tt.want, x.Matching(labels)); diff != "" {
				t.Errorf("Matching (-want +got):\n%s", diff)
			}
			if got := x.Len(); got != tt.wantLen {
				t.Errorf("Len() = %d, want %d", got, tt.wantLen)
			}
		})
	}
}

// TestIndexRemoveDropsEmptyLists checks that removing every selector
// leaves no lists behind, so an index that churns does not grow.
func TestIndexRemoveDropsEmptyLists(t *testing.T) {
	x := NewIndex[int]()
	for i, s := range []string{"app=web", "app in (web,api)", "tier", "", "env!=prod", "n>1", "a=1,b=2"} {
		x.Add(i, MustParse(s))
	}
	for i := range 7 {
		x.Remove(i)
	}
	got := []int{len(x.entries), len(x.byValue), len(x.byKey), len(x.every.entries), len(x.scan.entries)}
	if diff := cmp.Diff([]int{0, 0, 0, 0, 0}, got); diff != "" {
		t.Errorf("sizes of entries, byValue, byKey, every, scan (-want +got):\n%s", diff)
	}
}

// genIndexSelector returns a random selector over few keys and values,
// so that random label sets often match.
func genIndexSelector(r *rand.Rand) Selector {
	keys := []string{"a", "b", "c", "d"}
	vals := []string{"", "1", "2", "3", "x"}
	var reqs []Requirement
	for range r.IntN(4) {
		k := keys[r.IntN(len(keys))]
		ops := []Operator{Equals, DoubleEquals, In, NotEquals, NotIn, Exists, DoesNotExist, GreaterThan, LessThan}
		op := ops[r.IntN(len(ops))]
		var vs []string
		switch op {
		case Equals, DoubleEquals, NotEquals:
			vs = []string{vals[r.IntN(len(vals))]}
		case In, NotIn:
			for range 1 + r.IntN(3) {
				vs = append(vs, vals[r.IntN(len(vals))])
			}
		case GreaterThan, LessThan:
			vs = []string{strconv.Itoa(r.IntN(4))}
		}
		req, err := NewRequirement(k, op, vs)
		if err != nil {
			panic(err)
		}
		reqs = append(reqs, req)
	}
	switch r.IntN(20) {
	case 0:
		return Nothing()
	case 1:
		reqs = append(reqs, Requirement{})
	}
	return Everything().Add(reqs...)
}

// genLabels returns a random label set over the keys and values
// genIndexSelector uses, and some others.
func genLabels(r *rand.Rand) Set {
	keys := []string{"a", "b", "c", "d", "e", "f"}
	vals := []string{"", "1", "2", "3", "x", "y"}
	s := Set{}
	for _, k := range keys {
		if r.IntN(2) == 0 {
			s[k] = vals[r.IntN(len(vals))]
		}
	}
	return s
}

// TestIndexAgreesWithLinearScan runs random Adds, Removes and Matchings
// against a reference that tries every selector.
func TestIndexAgreesWithLinearScan(t *testing.T) {
	r := rand.New(rand.NewPCG(4817, 2015))
	x := NewIndex[int]()
	type held struct {
		key int
		sel Selector
	}
	var ref []held // in the order Matching promises
	queries, answers := 0, 0
	for step := range 10000 {
		switch op := r.IntN(10); {
		case op < 4:
			k, s := r.IntN(200), genIndexSelector(r)
			x.Add(k, s)
			ref = slices.DeleteFunc(ref, func(h held) bool { return h.key == k })
			ref = append(ref, held{k, s})
		case op < 6:
			k := r.IntN(200)
			x.Remove(k)
			ref = slices.DeleteFunc(ref, func(h held) bool { return h.key == k })
		default:
			labels := genLabels(r)
			var want []int
			for _, h := range ref {
				if h.sel.Matches(labels) {
					want = append(want, h.key)
				}
			}
			for view, l := range labelViews(labels) {
				got := x.Matching(l)
				if slices.Equal(want, got) {
					continue
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("step %d: Matching(%v) as %s (-scan +index):\n%s", step, labels, view, diff)
				}
			}
			queries++
			answers += len(want)
		}
	}
	if got := x.Len(); got != len(ref) {
		t.Errorf("Len() = %d, want %d", got, len(ref))
	}
	t.Logf("%d queries, %d answers, %d selectors held at the end", queries, answers, len(ref))
	if answers < queries {
		t.Errorf("only %d answers to %d queries: the generator must make selectors match", answers, queries)
	}
}

// TestIndexMatchingWorkDoesNotGrow counts the selectors Matching
// evaluates as the index grows a hundredfold: for every pod it is exactly
// the number of selectors filed under the pod's labels (a generated and
// a manual selector, an app group and a team group: at most 37, whatever
// the size), while a linear scan evaluates them all.
func TestIndexMatchingWorkDoesNotGrow(t *testing.T) {
	const bound = 1 + 1 + selectorsPerApp + selectorsPerTeam
	for _, n := range indexSizes {
		w := realWorkload(n)
		x := w.index()
		most := 0
		for p, pod := range w.pods[:64] {
			_, evaluated := x.appendMatching(nil, pod)
			want := 0
			for _, s := range w.sels {
				if filedUnder(s, pod) {
					want++
				}
			}
			if evaluated != want {
				t.Errorf("selectors=%d pod %d: evaluated %d selectors, want %d (those filed under its labels)", n, p, evaluated, want)
			}
			most = max(most, evaluated)
		}
		if most > bound {
			t.Errorf("selectors=%d: evaluated up to %d selectors for a pod, want at most %d whatever the size", n, most, bound)
		}
		t.Logf("selectors=%d: at most %d selectors evaluated per pod, a linear scan evaluates %d", n, most, n)
	}
}

// filedUnder reports whether the realWorkload selector s is filed under
// one of pod's labels: its first equality on app, team or a
// batch.kubernetes.io key has the pod's value.
func filedUnder(s Selector, pod Set) bool {
	reqs, _ := s.Requirements()
	for _, r := range reqs {
		switch r.Key() {
		case "app", "team", "batch.kubernetes.io/controller-uid", "batch.kubernetes.io/job-name":
			v, ok := pod[r.Key()]
			return ok && slices.Contains(r.Values(), v)
		}
	}
	return false
}

func TestIndexMatchingAllocations(t *testing.T) {
	w := realWorkload(1000)
	x := w.index()
	pod := w.pods[0]
	want := w.linearMatching(nil, pod)
	require := func(cond bool, format string, args ...any) {
		t.Helper()
		if !cond {
			t.Fatalf(format, args...)
		}
	}
	require(len(want) > 1, "the pod must have several answers, has %d", len(want))
	tests := []struct {
		name   string
		labels Labels
		dst    []string
		want   float64
	}{
		{name: "AppendMatching with room, Set", labels: pod, dst: make([]string, 0, 64), want: 0},
		{name: "AppendMatching with room, other Labels", labels: hasGet(pod), dst: make([]string, 0, 64), want: 0},
		{name: "AppendMatching with room, Lookup", labels: lookupOnly(pod), dst: make([]string, 0, 64), want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			allocs := testing.AllocsPerRun(200, func() { got = x.AppendMatching(tt.dst[:0], tt.labels) })
			if allocs != tt.want {
				t.Errorf("allocations = %v, want %v", allocs, tt.want)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("answers (-scan +index):\n%s", diff)
			}
		})
	}
	// Matching allocates only the result, as append grows it: a slice
	// whose capacity doubles from 1 reaches n in bits.Len(n-1)+1
	// allocations.
	growths := bits.Len(uint(len(want)-1)) + 1
	if allocs := testing.AllocsPerRun(200, func() { x.Matching(pod) }); allocs > float64(growths) {
		t.Errorf("Matching allocates %v times for %d answers, want at most %d (the result slice growing)", allocs, len(want), growths)
	}
}

// TestIndexConcurrentUse runs Add, Remove and Matching from several
// goroutines; run it with -race. Selectors that are never removed must
// be found by every Matching.
func TestIndexConcurrentUse(t *testing.T) {
	x := NewIndex[string]()
	x.Add("stable-uid", MustParse("controller-uid=1"))
	x.Add("stable-neg", MustParse("env!=prod"))
	pod := Set{"controller-uid": "1", "app": "web"}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 2000 {
				k := "churn-" + strconv.Itoa(r.IntN(50))
				if r.IntN(2) == 0 {
					x.Add(k, genIndexSelector(r))
				} else {
					x.Remove(k)
				}
			}
		}()
		go func() {
			defer wg.Done()
			var dst []string
			for range 2000 {
				dst = x.AppendMatching(dst[:0], pod)
				if !slices.Contains(dst, "stable-uid") || !slices.Contains(dst, "stable-neg") {
					t.Errorf("Matching(%v) = %q, missing a selector never removed", pod, dst)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestRealWorkloadAnswersAgree checks that the two sides of the
// benchmarks give the same answers, in the same order, on every pod.
func TestRealWorkloadAnswersAgree(t *testing.T) {
	for _, n := range indexSizes {
		t.Run("selectors="+strconv.Itoa(n), func(t *testing.T) {
			w := realWorkload(n)
			x := w.index()
			total := 0
			for p, pod := range w.pods {
				want := w.linearMatching(nil, pod)
				got := x.Matching(pod)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("pod %d (-linear +index):\n%s", p, diff)
				}
				total += len(want)
			}
			if total == 0 {
				t.Error("no pod is selected: the workload measures nothing")
			}
			t.Logf("%d pods, %.1f answers per pod", len(w.pods), float64(total)/float64(len(w.pods)))
		})
	}
}
