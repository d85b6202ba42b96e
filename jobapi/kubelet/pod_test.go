package kubelet_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/kubelet"
	"github.com/jobkit/jobkit/jobapi/meta"
)

var epoch = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// at is epoch plus s seconds.
func at(s int) time.Time { return epoch.Add(time.Duration(s) * time.Second) }

// testPod is a named pod with the given init containers ("name" or
// "name:sidecar") and main containers, and restartPolicy.
func testPod(restart core.RestartPolicy, inits []string, mains ...string) *core.Pod {
	always := core.ContainerRestartPolicyAlways
	pod := &core.Pod{ObjectMeta: meta.ObjectMeta{Name: "p", Namespace: "ns"}, Spec: core.PodSpec{RestartPolicy: restart}}
	for _, n := range inits {
		c := core.Container{Name: n, Image: "img", Command: []string{n}}
		if len(n) > 8 && n[len(n)-8:] == ":sidecar" {
			c.Name = n[:len(n)-8]
			c.RestartPolicy = &always
		}
		pod.Spec.InitContainers = append(pod.Spec.InitContainers, c)
	}
	for _, n := range mains {
		pod.Spec.Containers = append(pod.Spec.Containers, core.Container{Name: n, Image: "img", Command: []string{n}})
	}
	return pod
}

// step is one thing that happens to a pod, at a second after epoch, and
// what the kubelet must do.
type step struct {
	at        int
	exit      string // the container that exits ("" with start or del)
	code      int
	start     bool // Pod.Start
	del       bool // Pod.Delete
	wantStart []string
	wantStop  []string
	restarted bool
	ends      bool // the exit finishes the pod (Transition.Finished)
	finished  bool // Pod.Finished after the step
	phase     core.PodPhase
}

func names(cs []*kubelet.Container) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name())
	}
	return out
}

func TestPodLifecycle(t *testing.T) {
	tests := []struct {
		name  string
		pod   *core.Pod
		steps []step
	}{
		{
			name: "one container that exits 0: Running, then Succeeded",
			pod:  testPod(core.RestartPolicyNever, nil, "main"),
			steps: []step{
				{start: true, wantStart: []string{"main"}, phase: core.PodRunning},
				{at: 2, exit: "main", ends: true, finished: true, phase: core.PodSucceeded},
			},
		},
		{
			name: "init containers run one after the other, each after the previous one succeeded, then the main containers at once",
			pod:  testPod(core.RestartPolicyNever, []string{"i0", "i1"}, "a", "b"),
			steps: []step{
				{start: true, wantStart: []string{"i0"}, phase: core.PodPending},
				{at: 1, exit: "i0", wantStart: []string{"i1"}, phase: core.PodPending},
				{at: 2, exit: "i1", wantStart: []string{"a", "b"}, phase: core.PodRunning},
				{at: 3, exit: "b", phase: core.PodRunning},
				{at: 4, exit: "a", ends: true, finished: true, phase: core.PodSucceeded},
			},
		},
		{
			name: "a failed init container fails the pod under restartPolicy Never; the main containers never start",
			pod:  testPod(core.RestartPolicyNever, []string{"i0"}, "main"),
			steps: []step{
				{start: true, wantStart: []string{"i0"}, phase: core.PodPending},
				{at: 1, exit: "i0", code: 3, ends: true, finished: true, phase: core.PodFailed},
			},
		},
		{
			name: "a failed init container restarts under restartPolicy OnFailure",
			pod:  testPod(core.RestartPolicyOnFailure, []string{"i0"}, "main"),
			steps: []step{
				{start: true, wantStart: []string{"i0"}, phase: core.PodPending},
				{at: 1, exit: "i0", code: 3, wantStart: []string{"i0"}, restarted: true, phase: core.PodPending},
				{at: 2, exit: "i0", wantStart: []string{"main"}, phase: core.PodRunning},
				{at: 3, exit: "main", ends: true, finished: true, phase: core.PodSucceeded},
			},
		},
		{
			name: "a sidecar starts and the next container follows at once; it restarts when it exits, and is stopped once the main containers end",
			pod:  testPod(core.RestartPolicyNever, []string{"side:sidecar", "i1"}, "main"),
			steps: []step{
				{start: true, wantStart: []string{"side", "i1"}, phase: core.PodPending},
				{at: 1, exit: "side", code: 1, wantStart: []string{"side"}, restarted: true, phase: core.PodPending},
				{at: 2, exit: "i1", wantStart: []string{"main"}, phase: core.PodRunning},
				{at: 3, exit: "main", wantStop: []string{"side"}, ends: true, finished: true, phase: core.PodSucceeded},
			},
		},
		{
			name: "restartPolicy Never: one failed main container fails the pod once every main container has ended",
			pod:  testPod(core.RestartPolicyNever, nil, "a", "b"),
			steps: []step{
				{start: true, wantStart: []string{"a", "b"}, phase: core.PodRunning},
				{at: 1, exit: "a", code: 1, phase: core.PodRunning},
				{at: 2, exit: "b", ends: true, finished: true, phase: core.PodFailed},
			},
		},
		{
			name: "restartPolicy OnFailure: a failed main container restarts in its pod",
			pod:  testPod(core.RestartPolicyOnFailure, nil, "main"),
			steps: []step{
				{start: true, wantStart: []string{"main"}, phase: core.PodRunning},
				{at: 1, exit: "main", code: 1, wantStart: []string{"main"}, restarted: true, phase: core.PodRunning},
				{at: 2, exit: "main", ends: true, finished: true, phase: core.PodSucceeded},
			},
		},
		{
			name: "deletion kills the running containers and fails the pod; later exits change nothing",
			pod:  testPod(core.RestartPolicyNever, []string{"side:sidecar"}, "main"),
			steps: []step{
				{start: true, wantStart: []string{"side", "main"}, phase: core.PodRunning},
				{at: 1, del: true, wantStop: []string{"side", "main"}, finished: true, phase: core.PodFailed},
				{at: 2, exit: "main", finished: true, phase: core.PodFailed},
				{at: 3, del: true, finished: true, phase: core.PodFailed},
			},
		},
		{
			name: "the exit of a container that does not run changes nothing",
			pod:  testPod(core.RestartPolicyNever, []string{"i0"}, "main"),
			steps: []step{
				{start: true, wantStart: []string{"i0"}, phase: core.PodPending},
				{at: 1, exit: "main", code: 1, phase: core.PodPending},
				{at: 2, start: true, phase: core.PodPending},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, errs := kubelet.NewPod(tt.pod, nil)
			require.Empty(t, errs)
			byName := map[string]*kubelet.Container{}
			for _, c := range p.Containers() {
				byName[c.Name()] = c
			}
			for i, s := range tt.steps {
				var got kubelet.Transition
				switch {
				case s.start:
					got.Start = p.Start(at(s.at))
				case s.del:
					got.Stop = p.Delete(at(s.at))
				default:
					got = p.Exited(byName[s.exit], s.code, at(s.at))
				}
				if diff := cmp.Diff(s.wantStart, names(got.Start)); diff != "" {
					t.Errorf("step %d: started (-want +got):\n%s", i, diff)
				}
				if diff := cmp.Diff(s.wantStop, names(got.Stop)); diff != "" {
					t.Errorf("step %d: stopped (-want +got):\n%s", i, diff)
				}
				if got.Restarted != s.restarted || got.Finished != s.ends {
					t.Errorf("step %d: restarted %v, finished %v; want %v, %v", i, got.Restarted, got.Finished, s.restarted, s.ends)
				}
				if p.Finished() != s.finished {
					t.Errorf("step %d: Finished() = %v, want %v", i, p.Finished(), s.finished)
				}
				if ph := p.Object().Status.Phase; ph != s.phase {
					t.Errorf("step %d: phase %s, want %s", i, ph, s.phase)
				}
			}
		})
	}
}

// TestPodStatus checks every field of the status the kubelet reports
// along a pod's life: an init container, a sidecar, and a main container
// that fails once and restarts under restartPolicy OnFailure.
func TestPodStatus(t *testing.T) {
	pod := testPod(core.RestartPolicyOnFailure, []string{"init", "side:sidecar"}, "main")
	p, errs := kubelet.NewPod(pod, nil)
	require.Empty(t, errs)
	c := map[string]*kubelet.Container{}
	for _, x := range p.Containers() {
		c[x.Name()] = x
	}
	ts := func(s int) meta.Time { return meta.NewTime(at(s)) }
	running := func(name string, started, restarts int) core.ContainerStatus {
		return core.ContainerStatus{Name: name, Image: "img", Ready: true, RestartCount: int32(restarts),
			State: core.ContainerState{Running: &core.ContainerStateRunning{StartedAt: ts(started)}}}
	}
	terminated := func(name string, code, started, finished, restarts int) core.ContainerStatus {
		reason := "Completed"
		if code != 0 {
			reason = "Error"
		}
		return core.ContainerStatus{Name: name, Image: "img", RestartCount: int32(restarts),
			State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: int32(code), Reason: reason, StartedAt: ts(started), FinishedAt: ts(finished)}}}
	}
	waiting := func(name string, restarts int) core.ContainerStatus {
		return core.ContainerStatus{Name: name, Image: "img", RestartCount: int32(restarts),
			State: core.ContainerState{Waiting: &core.ContainerStateWaiting{Reason: "PodInitializing"}}}
	}
	ready := func(s core.ConditionStatus, since int) []core.PodCondition {
		return []core.PodCondition{{Type: core.PodReady, Status: s, LastTransitionTime: ts(since)}}
	}
	start := ts(0)
	steps := []struct {
		name string
		do   func()
		want core.PodStatus
	}{
		{
			name: "started: the init container runs, the others wait",
			do:   func() { p.Start(at(0)) },
			want: core.PodStatus{Phase: core.PodPending, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions:            ready(core.ConditionFalse, 0),
				InitContainerStatuses: []core.ContainerStatus{running("init", 0, 0), waiting("side", 0)},
				ContainerStatuses:     []core.ContainerStatus{waiting("main", 0)}},
		},
		{
			name: "the init container succeeded: the sidecar and the main container run, the pod is Ready",
			do:   func() { p.Exited(c["init"], 0, at(1)) },
			want: core.PodStatus{Phase: core.PodRunning, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions:            ready(core.ConditionTrue, 1),
				InitContainerStatuses: []core.ContainerStatus{terminated("init", 0, 0, 1, 0), running("side", 1, 0)},
				ContainerStatuses:     []core.ContainerStatus{running("main", 1, 0)}},
		},
		{
			name: "the main container failed: it restarts, its restart counted, and the pod is not Ready in between",
			do:   func() { p.Exited(c["main"], 2, at(3)) },
			want: core.PodStatus{Phase: core.PodRunning, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions:            ready(core.ConditionFalse, 3),
				InitContainerStatuses: []core.ContainerStatus{terminated("init", 0, 0, 1, 0), running("side", 1, 0)},
				ContainerStatuses:     []core.ContainerStatus{waiting("main", 1)}},
		},
		{
			name: "the main container succeeded: the sidecar is stopped, exit code 0, and the pod Succeeded",
			do:   func() { p.Exited(c["main"], 0, at(5)) },
			want: core.PodStatus{Phase: core.PodSucceeded, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions:            ready(core.ConditionFalse, 3),
				InitContainerStatuses: []core.ContainerStatus{terminated("init", 0, 0, 1, 0), terminated("side", 0, 1, 5, 0)},
				ContainerStatuses:     []core.ContainerStatus{terminated("main", 0, 3, 5, 1)}},
		},
	}
	for _, s := range steps {
		s.do()
		if diff := cmp.Diff(s.want, p.Object().Status); diff != "" {
			t.Errorf("%s: status (-want +got):\n%s", s.name, diff)
		}
	}
}

// TestPodDeleteStatus checks the status of a deleted pod: every running
// container killed with exit code 137, Failed.
func TestPodDeleteStatus(t *testing.T) {
	p, errs := kubelet.NewPod(testPod(core.RestartPolicyNever, []string{"side:sidecar"}, "main"), nil)
	require.Empty(t, errs)
	p.Start(at(0))
	p.Delete(at(4))
	var got []int32
	for _, s := range append(p.Object().Status.InitContainerStatuses, p.Object().Status.ContainerStatuses...) {
		require.NotNil(t, s.State.Terminated, s.Name)
		got = append(got, s.State.Terminated.ExitCode)
	}
	if diff := cmp.Diff([]int32{kubelet.ExitCodeKilled, kubelet.ExitCodeKilled}, got); diff != "" {
		t.Errorf("exit codes (-want +got):\n%s", diff)
	}
	if p.Object().Status.Phase != core.PodFailed {
		t.Errorf("phase %s, want Failed", p.Object().Status.Phase)
	}
}
