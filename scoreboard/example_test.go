package scoreboard_test

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

func ExampleParseIndexes() {
	x, err := scoreboard.ParseIndexes("1,3-5,7")
	if err != nil {
		panic(err)
	}
	fmt.Println(x.Count(), x.Has(4), x.Has(6))
	for iv := range x.Intervals() {
		fmt.Printf("[%d %d]", iv.First, iv.Last)
	}
	fmt.Println()

	// Kubernetes' controller would accept these and miscount them.
	for _, bad := range []string{"5,3", "2,2", "0-3,2-6", "3-1", "1,,2", "+1"} {
		_, err := scoreboard.ParseIndexes(bad)
		fmt.Println(err)
	}
	// Output:
	// 5 true false
	// [1 1][3 5][7 7]
	// fragment '3' at offset 2: must be greater than the previous fragment '5': indexes must be in increasing order
	// fragment '2' at offset 2: must not overlap the previous fragment '2'
	// fragment '2-6' at offset 4: must not overlap the previous fragment '0-3'
	// fragment '3-1' at offset 0: must have its first index (3) less than its last (1)
	// fragment '' at offset 2: must not be empty: indexes are separated by a single ','
	// fragment '+1' at offset 0: must not have a sign
}

func ExampleIndexes_String() {
	for _, list := range [][]int{{1, 3, 4, 5, 7}, {3, 4}, {0, 1, 2}, {}} {
		x, err := scoreboard.IndexesOf(list...)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%q\n", x.String())
	}
	// Output:
	// "1,3-5,7"
	// "3,4"
	// "0-2"
	// ""
}

func ExampleScoreboard_Next() {
	s := scoreboard.New(6)
	fmt.Println(s.Next(2)) // the lowest NotStarted indexes, parallelism 2

	// The controller created pods for 0 and 1; 0 succeeds.
	_ = s.Set(0, scoreboard.Running)
	_ = s.Set(1, scoreboard.Running)
	_ = s.Set(0, scoreboard.Complete)
	fmt.Println(s.Next(2)) // one slot free

	// Index 1's pod fails: the index is NotStarted again.
	_ = s.Set(1, scoreboard.NotStarted)
	fmt.Println(s.Next(2), s.Completed(), s.Done())

	fmt.Println(s.Set(6, scoreboard.Running))
	// Output:
	// [0 1]
	// [2]
	// [1 2] 0 false
	// index 6: must be less than 6, the number of completions
}

func ExampleRebuild() {
	pod := func(name string, phase core.PodPhase, index string) *core.Pod {
		return &core.Pod{
			ObjectMeta: meta.ObjectMeta{Name: name, Annotations: map[string]string{jobapi.CompletionIndexAnnotation: index}},
			Status:     core.PodStatus{Phase: phase},
		}
	}
	pods := []*core.Pod{
		pod("job-2-abcde", core.PodSucceeded, "2"),
		pod("job-3-fghij", core.PodRunning, "3"),
		pod("job-4-klmno", core.PodFailed, "4"),
		pod("job-3-pqrst", core.PodPending, "3"),
		pod("job-9-uvwxy", core.PodRunning, "9"),
	}
	// After a restart: the previous status said 0 and 1 were complete.
	s, report := scoreboard.Rebuild(5, "0,1", pods)
	fmt.Println("completedIndexes:", s.Completed())
	fmt.Println("running:", s.Indexes(scoreboard.Running))
	fmt.Println("next:", s.Next(3)) // parallelism 3, one Running
	for _, p := range report.Problems {
		fmt.Println(p)
	}
	// Output:
	// completedIndexes: 0-2
	// running: 3
	// next: [4]
	// pod job-3-pqrst: metadata.annotations[batch.kubernetes.io/job-completion-index]: Duplicate value: "3": another active pod of the index, 'job-3-fghij', is kept (delete)
	// pod job-9-uvwxy: metadata.annotations[batch.kubernetes.io/job-completion-index]: Invalid value: "9": must be less than 5, the completions (delete)
}
