package jobtest_test

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/selector"
)

// A tiny Indexed-Job controller, tested against the store: each round it
// rebuilds the scoreboard from the Job's pods, records the completed
// indexes with UpdateStatus, and creates pods for the next indexes; a fake
// kubelet then makes every pending pod succeed.
func Example_indexedJobController() {
	store := jobtest.NewStore(
		jobtest.WithClock(func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }),
		jobtest.WithRandom(rand.NewChaCha8([32]byte{})),
	)
	jobs, pods := store.Jobs("default"), store.Pods("default")
	if _, _, err := jobs.Create(jobtest.Job("pi", jobtest.Indexed(5), jobtest.Parallelism(2))); err != nil {
		panic(err)
	}

	for round := 1; ; round++ {
		job, err := jobs.Get("pi")
		if err != nil {
			panic(err)
		}
		sel, err := selector.FromLabelSelector(job.Spec.Selector)
		if err != nil {
			panic(err)
		}
		owned, err := pods.List(jobtest.MatchingSelector(sel))
		if err != nil {
			panic(err)
		}
		board, report := controller.RebuildScoreboard(int(*job.Spec.Completions), job.Status.CompletedIndexes, owned.Items)
		if len(report.Problems) > 0 {
			panic(fmt.Sprint(report.Problems))
		}
		if completed := board.Completed(); completed.String() != job.Status.CompletedIndexes {
			job.Status.CompletedIndexes = completed.String()
			job.Status.Succeeded = int32(completed.Count())
			if job, err = jobs.UpdateStatus(job); err != nil {
				panic(err)
			}
		}
		if board.Done() {
			fmt.Printf("done in round %d: completedIndexes %q, succeeded %d, generation %d\n",
				round, job.Status.CompletedIndexes, job.Status.Succeeded, job.ObjectMeta.Generation)
			break
		}
		next := board.Next(int(*job.Spec.Parallelism))
		for _, ix := range next {
			pod, err := controller.NewPod(job, ix, nil)
			if err != nil {
				panic(err)
			}
			if _, _, err := pods.Create(pod); err != nil {
				panic(err)
			}
		}
		fmt.Printf("round %d: completed %q, started %v\n", round, job.Status.CompletedIndexes, next)

		// The kubelet: every pending pod runs and succeeds.
		pending, err := pods.List(jobtest.MatchingSelector(sel))
		if err != nil {
			panic(err)
		}
		for _, p := range pending.Items {
			if p.Status.Phase == core.PodPending {
				p.Status.Phase = core.PodSucceeded
				if _, err := pods.UpdateStatus(p); err != nil {
					panic(err)
				}
			}
		}
	}
	all, err := pods.List()
	if err != nil {
		panic(err)
	}
	fmt.Println(len(all.Items), "pods, the first generated from", all.Items[0].ObjectMeta.GenerateName)
	// Output:
	// round 1: completed "", started [0 1]
	// round 2: completed "0,1", started [2 3]
	// round 3: completed "0-3", started [4]
	// done in round 4: completedIndexes "0-4", succeeded 5, generation 1
	// 5 pods, the first generated from pi-0-
}

// Fixtures are built with options; IgnoreServerFields compares a fixture
// with what the store made of it.
func ExampleJob() {
	store := jobtest.NewStore()
	want := jobtest.Job("pi",
		jobtest.Indexed(5), jobtest.Parallelism(2),
		jobtest.Labels(map[string]string{"app": "pi"}),
		jobtest.TemplateLabels(map[string]string{"app": "pi"}),
		jobtest.Image("perl:5.34"), jobtest.Command("perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"),
	)
	got, warnings, err := store.Jobs("default").Create(want)
	if err != nil {
		panic(err)
	}
	fmt.Println("warnings:", len(warnings))
	fmt.Println("selector:", got.Spec.Selector.MatchLabels["controller-uid"] == string(got.ObjectMeta.UID))

	// Besides what it generates, the store set the namespace.
	fmt.Println("equal:", cmp.Equal(want, got, jobtest.IgnoreServerFields()))
	want.ObjectMeta.Namespace = "default"
	fmt.Println("equal with the namespace:", cmp.Equal(want, got, jobtest.IgnoreServerFields()))
	fmt.Println("equal without IgnoreServerFields:", cmp.Equal(want, got))
	// Output:
	// warnings: 0
	// selector: true
	// equal: false
	// equal with the namespace: true
	// equal without IgnoreServerFields: false
}

// A read-modify-write that loses a race gets a Conflict: read again,
// apply the change again, and retry.
func ExampleResource_Update() {
	store := jobtest.NewStore()
	jobs := store.Jobs("default")
	if _, _, err := jobs.Create(jobtest.Job("pi")); err != nil {
		panic(err)
	}
	stale, _ := jobs.Get("pi")

	// Someone else writes first.
	other, _ := jobs.Get("pi")
	other.ObjectMeta.Annotations = map[string]string{"owner": "someone else"}
	if _, err := jobs.Update(other); err != nil {
		panic(err)
	}

	stale.Spec.Parallelism = ptr(int32(3))
	_, err := jobs.Update(stale)
	fmt.Println(field.IsConflict(err), err)

	for attempt := 1; ; attempt++ {
		job, err := jobs.Get("pi")
		if err != nil {
			panic(err)
		}
		job.Spec.Parallelism = ptr(int32(3))
		job, err = jobs.Update(job)
		if field.IsConflict(err) {
			continue
		}
		if err != nil {
			panic(err)
		}
		fmt.Println("attempt", attempt, "generation", job.ObjectMeta.Generation, "annotations", job.ObjectMeta.Annotations)
		break
	}
	// Output:
	// true Operation cannot be fulfilled on jobs.batch "pi": the object has been modified; please apply your changes to the latest version and try again
	// attempt 1 generation 2 annotations map[owner:someone else]
}
