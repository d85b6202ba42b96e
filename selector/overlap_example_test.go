package selector_test

import (
	"fmt"

	"github.com/jobkit/jobkit/selector"
)

func ExampleOverlaps() {
	pairs := [][2]string{
		// Two generated Job selectors: different uids never collide.
		{"batch.kubernetes.io/controller-uid=1a2b", "batch.kubernetes.io/controller-uid=3c4d"},
		// A missing label satisfies '!=': a pod labelled only app=pi
		// is selected by both.
		{"app=pi", "app=pi,env!=prod"},
		// No integer lies strictly between 1 and 2.
		{"replicas>1", "replicas<2"},
	}
	for _, p := range pairs {
		fmt.Println(selector.Overlaps(selector.MustParse(p[0]), selector.MustParse(p[1])))
	}
	// Output:
	// false
	// true
	// false
}

func ExampleWitness() {
	a := selector.MustParse("app=web,tier in (backend,frontend),shard>3")
	b := selector.MustParse("app in (api,web),tier!=backend,shard notin (4),!legacy")
	w, ok := selector.Witness(a, b)
	fmt.Println(ok, w)
	fmt.Println(a.Matches(w), b.Matches(w))
	// Output:
	// true app=web,shard=5,tier=frontend
	// true true
}
