package controller_test

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

func ExampleRebuildScoreboard() {
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
	s, report := controller.RebuildScoreboard(5, "0,1", pods)
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
