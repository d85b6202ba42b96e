package controller_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// A controller loop over a jobtest.Store: Sync plans, Apply writes
// through a Writer (here one that fails the second pod creation), the
// Expectations keep a stale cache from creating the pods again, and the
// next sync, once the informer has caught up, recovers.
func Example_loop() {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	store := jobtest.NewStore(
		jobtest.WithClock(func() time.Time { return now }),
		jobtest.WithRandom(rand.NewChaCha8([32]byte{1})),
	)
	job := jobtest.Job("pi", jobtest.Indexed(2), jobtest.Parallelism(2))
	if _, _, err := store.Jobs("default").Create(job); err != nil {
		panic(err)
	}
	var (
		exp     controller.Expectations // kept across syncs, as the real controller keeps its own
		backoff controller.Backoff
	)
	pods := func() []*core.Pod {
		list, err := store.Pods("default").List()
		if err != nil {
			panic(err)
		}
		return list.Items
	}
	// sync is one pass of the loop, over the pods the informer holds.
	sync := func(name string, cache []*core.Pod, faults ...jobtest.Fault) {
		job, err := store.Jobs("default").Get("pi")
		if err != nil {
			panic(err)
		}
		d := controller.Sync(job, cache, now, backoff, controller.WithExpectations(&exp))
		w := jobtest.NewFaultyWriter(jobtest.NewStoreWriter(store), faults...)
		res, err := controller.Apply(context.Background(), w, d)
		backoff = res.Backoff
		var writes []string
		for _, wr := range d.Writes {
			writes = append(writes, fmt.Sprintf("%s(%d)", wr.Kind, len(wr.Pods)))
		}
		fmt.Println(strings.TrimSpace(name + ": writes " + strings.Join(writes, " ")))
		if err != nil {
			fmt.Printf("  failed at %s: a caller requeues with its rate limit\n", res.Failed)
		}
		job, _ = store.Jobs("default").Get("pi")
		st := job.Status
		fmt.Printf("  pods %d, active %d, succeeded %d, completedIndexes %q\n", len(pods()), st.Active, st.Succeeded, st.CompletedIndexes)
	}
	// observe is the informer catching up: each pod it sees for the
	// first time is an "added" event.
	seen := map[meta.UID]bool{}
	observe := func() {
		for _, p := range pods() {
			if !seen[p.ObjectMeta.UID] {
				seen[p.ObjectMeta.UID] = true
				exp.ObservePod(nil, p)
			}
		}
	}

	stale := pods() // the informer's cache before the first sync: empty
	sync("sync 1", pods(), jobtest.Fault{Verb: jobtest.VerbCreatePod, N: 2, Err: jobtest.ServerTimeout()})
	sync("sync 2 (stale cache)", stale)
	observe()
	sync("sync 3", pods())
	observe()

	// The kubelet runs both pods to success; the loop counts them.
	for _, p := range pods() {
		p.Status.Phase = core.PodSucceeded
		p.Status.ContainerStatuses = []core.ContainerStatus{{Name: p.Spec.Containers[0].Name, State: core.ContainerState{
			Terminated: &core.ContainerStateTerminated{ExitCode: 0, FinishedAt: meta.NewTime(now)}}}}
		if _, err := store.Pods("default").UpdateStatus(p); err != nil {
			panic(err)
		}
	}
	now = now.Add(time.Second)
	sync("sync 4", pods())
	sync("sync 5", pods())
	job, _ = store.Jobs("default").Get("pi")
	fmt.Println("finished:", controller.IsFinished(job))
	// Output:
	// sync 1: writes CreatePods(1) CreatePods(1) UpdateStatus(0)
	//   failed at CreatePods: a caller requeues with its rate limit
	//   pods 1, active 1, succeeded 0, completedIndexes ""
	// sync 2 (stale cache): writes UpdateStatus(0)
	//   pods 1, active 0, succeeded 0, completedIndexes ""
	// sync 3: writes CreatePods(1) UpdateStatus(0)
	//   pods 2, active 2, succeeded 0, completedIndexes ""
	// sync 4: writes UpdateStatus(0) RemoveFinalizers(2) UpdateStatus(0)
	//   pods 2, active 0, succeeded 2, completedIndexes "0,1"
	// sync 5: writes
	//   pods 2, active 0, succeeded 2, completedIndexes "0,1"
	// finished: true
}
