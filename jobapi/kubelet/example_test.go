package kubelet_test

import (
	"context"
	"fmt"
	"time"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/kubelet"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// A container's run plan: the env in the kubelet's order, each literal
// value expanded over the variables before it, and the command over all
// of them.
func ExamplePlanPod() {
	pod := &core.Pod{
		ObjectMeta: meta.ObjectMeta{Name: "pi-3-x7k2q", Namespace: "default",
			Annotations: map[string]string{"batch.kubernetes.io/job-completion-index": "3"}},
		Spec: core.PodSpec{Containers: []core.Container{{
			Name:    "pi",
			Command: []string{"compute", "--part=$(INDEX)", "$$(INDEX)"},
			Env: []core.EnvVar{
				{Name: "INDEX", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
					FieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}},
				{Name: "OUT", Value: "/out/part-$(INDEX)"},
			},
		}}},
	}
	plans, errs := kubelet.PlanPod(pod, nil)
	if len(errs) > 0 {
		fmt.Println(errs)
		return
	}
	plan := plans.Containers[0]
	fmt.Printf("%q\n", plan.Argv)
	for _, e := range plan.Env {
		fmt.Printf("%s=%s\n", e.Name, e.Value)
	}
	// Output:
	// ["compute" "--part=3" "$(INDEX)"]
	// INDEX=3
	// OUT=/out/part-3
}

// A fake kubelet in a few lines: scripted exit codes in, the pod status
// the Job controller reads out.
func ExamplePod() {
	always := core.ContainerRestartPolicyAlways
	pod := &core.Pod{
		ObjectMeta: meta.ObjectMeta{Name: "work-0-abcde", Namespace: "default"},
		Spec: core.PodSpec{
			RestartPolicy:  core.RestartPolicyOnFailure,
			InitContainers: []core.Container{{Name: "proxy", Command: []string{"proxy"}, RestartPolicy: &always}},
			Containers:     []core.Container{{Name: "work", Command: []string{"work"}}},
		},
	}
	p, errs := kubelet.NewPod(pod, nil)
	if len(errs) > 0 {
		fmt.Println(errs)
		return
	}
	now := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	var work *kubelet.Container
	for _, c := range p.Start(now) {
		fmt.Println("start", c.Name())
		if c.Name() == "work" {
			work = c
		}
	}
	for _, code := range []int{1, 0} {
		t := p.Exited(work, code, now.Add(time.Second))
		st := p.Object().Status
		fmt.Printf("work exited %d: restarted=%v finished=%v phase=%s restarts=%d\n",
			code, t.Restarted, t.Finished, st.Phase, st.ContainerStatuses[0].RestartCount)
		for _, c := range t.Stop {
			fmt.Println("stop", c.Name())
		}
	}
	// Output:
	// start proxy
	// start work
	// work exited 1: restarted=true finished=false phase=Running restarts=1
	// work exited 0: restarted=false finished=true phase=Succeeded restarts=1
	// stop proxy
}

// A Job run against a scripted runner (scriptRunner, in this package's
// tests, ends the n-th run of an index with the n-th exit code of its
// script after 1s of its clock): index 1 fails once and its pod is
// replaced; the Job completes with the status Kubernetes would report.
func ExampleRunJob() {
	job, err := conversion.Decode([]byte(`apiVersion: batch/v1
kind: Job
metadata: {name: pi, namespace: default}
spec:
  completionMode: Indexed
  completions: 2
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers: [{name: pi, image: perl, command: [compute, "$(JOB_COMPLETION_INDEX)"]}]
`))
	if err != nil {
		panic(err)
	}
	if _, err := jobapi.PrepareForCreate(job); err != nil {
		panic(err)
	}
	r := newScriptRunner(map[int][]run{1: {{time.Second, 42}}})
	res, err := kubelet.RunJob(context.Background(), job, kubelet.Config{
		Runner: r, Now: r.Now, SkipBackoffWait: true,
		OnEvent: func(e kubelet.Event) {
			fmt.Printf("%d: %q exited %d\n", controller.CompletionIndex(e.Exit.Container.Pod()), e.Exit.Container.Plan().Argv, e.Exit.Code)
		},
	})
	if err != nil {
		panic(err)
	}
	st := res.Status
	fmt.Printf("%s: succeeded %d, failed %d, completedIndexes %q\n", res.Finished, st.Succeeded, st.Failed, st.CompletedIndexes)
	// Output:
	// 0: ["compute" "0"] exited 0
	// 1: ["compute" "1"] exited 42
	// 1: ["compute" "1"] exited 0
	// Complete: succeeded 2, failed 1, completedIndexes "0,1"
}

// A fake kubelet's pod: nothing runs, the exits are scripted, and the
// conditions follow as a v1.36 kubelet reports them. The container is
// held not ready, as by a readiness probe, until it is.
func ExampleNewScriptedPod() {
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	p := kubelet.NewScriptedPod(&core.Pod{
		ObjectMeta: meta.ObjectMeta{Name: "pi-0-x7k2q", Namespace: "default", UID: "8f1d"},
		Spec:       core.PodSpec{RestartPolicy: core.RestartPolicyNever, Containers: []core.Container{{Name: "pi", Image: "perl"}}},
	})
	show := func(at string) {
		st := p.Object().Status
		fmt.Print(at, ": ", st.Phase)
		for _, c := range st.Conditions {
			fmt.Printf(" %s=%s", c.Type, c.Status)
			if c.Reason != "" {
				fmt.Printf("(%s)", c.Reason)
			}
		}
		fmt.Println()
	}
	pi := p.Containers()[0]
	p.SetReady(pi, false, t0)
	p.Start(t0)
	show("started")
	p.SetReady(pi, true, t0.Add(time.Second))
	show("ready")
	p.Exited(pi, 0, t0.Add(2*time.Second))
	show("exited")
	fmt.Println(p.Object().Status.ContainerStatuses[0].ContainerID)
	// Output:
	// started: Running PodReadyToStartContainers=True Initialized=True Ready=False(ContainersNotReady) ContainersReady=False(ContainersNotReady) PodScheduled=True
	// ready: Running PodReadyToStartContainers=True Initialized=True Ready=True ContainersReady=True PodScheduled=True
	// exited: Succeeded PodReadyToStartContainers=False Initialized=True(PodCompleted) Ready=False(PodCompleted) ContainersReady=False(PodCompleted) PodScheduled=True
	// jobkit://8f1d/pi/0
}
