package jobtest_test

import (
	"fmt"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// A pod of a Job, scheduled and running, with the Job's tracking
// finalizer: deleting it starts its grace period, and it stays —
// terminating — until the kubelet's delete (grace period 0) and the
// removal of the finalizer have both happened.
func ExampleResource_Delete_terminatingPod() {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	s := jobtest.NewStore(jobtest.WithClock(func() time.Time { return now }))
	pods := s.Pods("default")
	job, _, _ := s.Jobs("default").Create(jobtest.Job("pi"))
	pod := jobtest.PodsOf(job, 1, jobtest.NodeName("node-1"), jobtest.Phase(core.PodRunning))[0]
	if _, _, err := pods.Create(pod); err != nil {
		fmt.Println(err)
		return
	}

	if _, err := pods.Delete(pod.ObjectMeta.Name); err != nil {
		fmt.Println(err)
		return
	}
	p, _ := pods.Get(pod.ObjectMeta.Name)
	fmt.Println("terminating until", p.ObjectMeta.DeletionTimestamp.Time.Format(time.TimeOnly),
		"grace", *p.ObjectMeta.DeletionGracePeriodSeconds, "finalizers", p.ObjectMeta.Finalizers)

	// The kubelet has stopped the containers: its delete has no grace
	// period. The finalizer still holds the pod.
	if _, err := pods.Delete(pod.ObjectMeta.Name, jobtest.GracePeriod(0)); err != nil {
		fmt.Println(err)
		return
	}
	p, _ = pods.Get(pod.ObjectMeta.Name)
	fmt.Println("still there:", p.ObjectMeta.Finalizers)

	// The Job controller has counted the pod and removes its finalizer:
	// that removes the pod.
	p.ObjectMeta.Finalizers = nil
	if _, err := pods.Update(p); err != nil {
		fmt.Println(err)
		return
	}
	_, err := pods.Get(pod.ObjectMeta.Name)
	fmt.Println(err)
	// Output:
	// terminating until 12:00:30 grace 30 finalizers [batch.kubernetes.io/job-tracking]
	// still there: [batch.kubernetes.io/job-tracking]
	// pods "pi-0" not found
}

// Deleting a batch/v1 Job orphans its pods unless the delete asks for
// another propagation; in the background, the store's garbage collector
// deletes them (a running pod starts its grace period).
func ExampleResource_Delete_propagation() {
	s := jobtest.NewStore()
	jobs, pods := s.Jobs("default"), s.Pods("default")
	for _, policy := range []jobtest.DeletionPropagation{jobtest.DeletePropagationOrphan, jobtest.DeletePropagationBackground} {
		job, _, _ := jobs.Create(jobtest.Job("pi"))
		for _, p := range jobtest.PodsOf(job, 2) {
			p.ObjectMeta.Finalizers = nil
			_, _, _ = pods.Create(p)
		}
		_, _ = jobs.Delete("pi", jobtest.Propagation(policy))
		left, _ := pods.List()
		fmt.Printf("%s: %d pods left\n", policy, len(left.Items))
		for _, p := range left.Items {
			_, _ = pods.Delete(p.ObjectMeta.Name)
		}
	}
	// Output:
	// Orphan: 2 pods left
	// Background: 0 pods left
}
