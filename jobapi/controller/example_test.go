package controller_test

import (
	"fmt"
	"time"

	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// One sync of a new Indexed Job creates its first pods; once one of them
// has failed, the next sync counts the failure, releases the pod and asks
// to look again when the pod failure backoff ends.
func ExampleSync() {
	job := jobtest.Job("pi", jobtest.Indexed(3), jobtest.Parallelism(2), jobtest.UID("6f1d"))
	job.ObjectMeta.Namespace = "default"
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

	d := controller.Sync(job, nil, now, controller.Backoff{})
	for _, p := range d.Create {
		fmt.Println("create", p.ObjectMeta.GenerateName, p.Spec.Hostname, p.ObjectMeta.Finalizers)
	}
	job.Status = d.Status

	// The API server names the pods; the first one fails.
	var pods []*core.Pod
	for i, p := range d.Create {
		p.ObjectMeta.Name = fmt.Sprintf("%sx%d", p.ObjectMeta.GenerateName, i)
		p.ObjectMeta.UID = meta.UID(p.ObjectMeta.Name)
		p.Status.Phase = core.PodRunning
		pods = append(pods, p)
	}
	now = now.Add(3 * time.Second)
	pods[0].Status.Phase = core.PodFailed
	pods[0].Status.ContainerStatuses = []core.ContainerStatus{{Name: "main", State: core.ContainerState{
		Terminated: &core.ContainerStateTerminated{ExitCode: 1, FinishedAt: meta.NewTime(now)}}}}

	d = controller.Sync(job, pods, now, d.Backoff)
	fmt.Println("create", len(d.Create), "pods; release", d.RemoveFinalizer[0].ObjectMeta.Name)
	fmt.Println("active", d.Status.Active, "failed", d.Status.Failed, "look again in", d.RequeueAfter)
	// Output:
	// create pi-0- pi-0 [batch.kubernetes.io/job-tracking]
	// create pi-1- pi-1 [batch.kubernetes.io/job-tracking]
	// create 0 pods; release pi-0-x0
	// active 1 failed 1 look again in 10s
}
