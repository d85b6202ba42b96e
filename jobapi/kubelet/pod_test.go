package kubelet_test

import (
	"strconv"
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
					got.Stop = p.Delete(at(s.at), kubelet.ExitCodeKilled)
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

// statusKit builds the expected statuses of a pod whose containers run
// the image "img", with times in seconds after epoch.
type statusKit struct{ uid string }

func ts(s int) meta.Time { return meta.NewTime(at(s)) }

func ptr[T any](v T) *T { return &v }

func (k statusKit) id(name string, run int) string {
	return "jobkit://" + k.uid + "/" + name + "/" + strconv.Itoa(run)
}

func (k statusKit) running(name string, ready bool, started, restarts int) core.ContainerStatus {
	return core.ContainerStatus{Name: name, Image: "img", Ready: ready, Started: ptr(true), RestartCount: int32(restarts),
		ContainerID: k.id(name, restarts),
		State:       core.ContainerState{Running: &core.ContainerStateRunning{StartedAt: ts(started)}}}
}

func (k statusKit) terminated(name string, code, started, finished, restarts int, ready bool) core.ContainerStatus {
	reason := "Completed"
	if code != 0 {
		reason = "Error"
	}
	return core.ContainerStatus{Name: name, Image: "img", Ready: ready, Started: ptr(false), RestartCount: int32(restarts),
		ContainerID: k.id(name, restarts),
		State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: int32(code), Reason: reason,
			StartedAt: ts(started), FinishedAt: ts(finished), ContainerID: k.id(name, restarts)}}}
}

func waiting(name, reason string, restarts int) core.ContainerStatus {
	return core.ContainerStatus{Name: name, Image: "img", Started: ptr(false), RestartCount: int32(restarts),
		State: core.ContainerState{Waiting: &core.ContainerStateWaiting{Reason: reason}}}
}

// cond is a condition with its transition time in seconds after epoch.
func cond(t core.PodConditionType, s core.ConditionStatus, since int, reason, message string) core.PodCondition {
	return core.PodCondition{Type: t, Status: s, LastTransitionTime: ts(since), Reason: reason, Message: message}
}

// TestPodStatus checks every field of the status the kubelet reports
// along a pod's life: an init container, a sidecar, and a main container
// that fails once and restarts under restartPolicy OnFailure.
func TestPodStatus(t *testing.T) {
	pod := testPod(core.RestartPolicyOnFailure, []string{"init", "side:sidecar"}, "main")
	pod.ObjectMeta.UID = "u1"
	// The scheduler bound the pod at -5s.
	pod.Status.Conditions = []core.PodCondition{cond(core.PodScheduled, core.ConditionTrue, -5, "", "")}
	p, errs := kubelet.NewPod(pod, nil)
	require.Empty(t, errs)
	c := map[string]*kubelet.Container{}
	for _, x := range p.Containers() {
		c[x.Name()] = x
	}
	k := statusKit{uid: "u1"}
	start := ts(0)
	scheduled := cond(core.PodScheduled, core.ConditionTrue, -5, "", "")
	steps := []struct {
		name string
		do   func()
		want core.PodStatus
	}{
		{
			name: "started: the sandbox is ready, the init container runs, the others wait",
			do:   func() { p.Start(at(0)) },
			want: core.PodStatus{Phase: core.PodPending, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
					cond(core.PodInitialized, core.ConditionFalse, 0, "ContainersNotInitialized", "containers with incomplete status: [init side]"),
					cond(core.PodReady, core.ConditionFalse, 0, "ContainersNotReady", "containers with unready status: [side main]"),
					cond(core.ContainersReady, core.ConditionFalse, 0, "ContainersNotReady", "containers with unready status: [side main]"),
					scheduled,
				},
				InitContainerStatuses: []core.ContainerStatus{k.running("init", false, 0, 0), waiting("side", "PodInitializing", 0)},
				ContainerStatuses:     []core.ContainerStatus{waiting("main", "PodInitializing", 0)}},
		},
		{
			name: "the init container succeeded: the sidecar and the main container run, the pod is Initialized and Ready",
			do:   func() { p.Exited(c["init"], 0, at(1)) },
			want: core.PodStatus{Phase: core.PodRunning, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 1, "", ""),
					cond(core.PodReady, core.ConditionTrue, 1, "", ""),
					cond(core.ContainersReady, core.ConditionTrue, 1, "", ""),
					scheduled,
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("init", 0, 0, 1, 0, true), k.running("side", true, 1, 0)},
				ContainerStatuses:     []core.ContainerStatus{k.running("main", true, 1, 0)}},
		},
		{
			name: "the main container failed: it restarts, its restart counted, and the pod is not Ready in between",
			do:   func() { p.Exited(c["main"], 2, at(3)) },
			want: core.PodStatus{Phase: core.PodRunning, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 1, "", ""),
					cond(core.PodReady, core.ConditionFalse, 3, "ContainersNotReady", "containers with unready status: [main]"),
					cond(core.ContainersReady, core.ConditionFalse, 3, "ContainersNotReady", "containers with unready status: [main]"),
					scheduled,
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("init", 0, 0, 1, 0, true), k.running("side", true, 1, 0)},
				ContainerStatuses:     []core.ContainerStatus{waiting("main", "PodInitializing", 1)}},
		},
		{
			name: "a readiness probe fails on the restarted main container: not ready while it runs",
			do:   func() { p.SetReady(c["main"], false, at(4)) },
			want: core.PodStatus{Phase: core.PodRunning, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 1, "", ""),
					cond(core.PodReady, core.ConditionFalse, 3, "ContainersNotReady", "containers with unready status: [main]"),
					cond(core.ContainersReady, core.ConditionFalse, 3, "ContainersNotReady", "containers with unready status: [main]"),
					scheduled,
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("init", 0, 0, 1, 0, true), k.running("side", true, 1, 0)},
				ContainerStatuses:     []core.ContainerStatus{k.running("main", false, 3, 1)}},
		},
		{
			name: "the main container succeeded: the sidecar is stopped, exit code 0, the pod Succeeded, its sandbox gone",
			do:   func() { p.Exited(c["main"], 0, at(5)) },
			want: core.PodStatus{Phase: core.PodSucceeded, StartTime: &start, HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionFalse, 5, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 1, "PodCompleted", ""),
					cond(core.PodReady, core.ConditionFalse, 3, "PodCompleted", ""),
					cond(core.ContainersReady, core.ConditionFalse, 3, "PodCompleted", ""),
					scheduled,
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("init", 0, 0, 1, 0, true), k.terminated("side", 0, 1, 5, 0, false)},
				ContainerStatuses:     []core.ContainerStatus{k.terminated("main", 0, 3, 5, 1, false)}},
		},
	}
	for _, s := range steps {
		s.do()
		if diff := cmp.Diff(s.want, p.Object().Status); diff != "" {
			t.Errorf("%s: status (-want +got):\n%s", s.name, diff)
		}
	}
}

// TestPodDeleteStatus checks the status of a deleted pod: its running
// containers stopped with the exit code their processes end with, the
// phase from the main containers' exits.
func TestPodDeleteStatus(t *testing.T) {
	k := statusKit{}
	tests := []struct {
		name  string
		start bool
		code  int
		want  core.PodStatus
	}{
		{
			name: "processes that end on SIGTERM: 143, Failed",
			code: kubelet.ExitCodeTerminated, start: true,
			want: core.PodStatus{Phase: core.PodFailed, StartTime: ptr(ts(0)), HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionFalse, 4, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
					cond(core.PodReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.ContainersReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("side", 143, 0, 4, 0, false)},
				ContainerStatuses:     []core.ContainerStatus{k.terminated("main", 143, 0, 4, 0, false)}},
		},
		{
			name: "processes killed once the grace period ran out: 137, Failed",
			code: kubelet.ExitCodeKilled, start: true,
			want: core.PodStatus{Phase: core.PodFailed, StartTime: ptr(ts(0)), HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionFalse, 4, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
					cond(core.PodReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.ContainersReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("side", 137, 0, 4, 0, false)},
				ContainerStatuses:     []core.ContainerStatus{k.terminated("main", 137, 0, 4, 0, false)}},
		},
		{
			name: "processes that handle SIGTERM and exit 0: Succeeded",
			code: 0, start: true,
			want: core.PodStatus{Phase: core.PodSucceeded, StartTime: ptr(ts(0)), HostIP: "127.0.0.1", PodIP: "127.0.0.1",
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionFalse, 4, "", ""),
					cond(core.PodInitialized, core.ConditionTrue, 0, "PodCompleted", ""),
					cond(core.PodReady, core.ConditionFalse, 4, "PodCompleted", ""),
					cond(core.ContainersReady, core.ConditionFalse, 4, "PodCompleted", ""),
					cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
				},
				InitContainerStatuses: []core.ContainerStatus{k.terminated("side", 0, 0, 4, 0, false)},
				ContainerStatuses:     []core.ContainerStatus{k.terminated("main", 0, 0, 4, 0, false)}},
		},
		{
			name: "a pod deleted before it started: admitted and Failed, its containers never run",
			code: kubelet.ExitCodeTerminated,
			want: core.PodStatus{Phase: core.PodFailed, StartTime: ptr(ts(4)),
				Conditions: []core.PodCondition{
					cond(core.PodReadyToStartContainers, core.ConditionFalse, 4, "", ""),
					cond(core.PodInitialized, core.ConditionFalse, 4, "ContainersNotInitialized", "containers with incomplete status: [side]"),
					cond(core.PodReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.ContainersReady, core.ConditionFalse, 4, "PodFailed", ""),
					cond(core.PodScheduled, core.ConditionTrue, 4, "", ""),
				},
				InitContainerStatuses: []core.ContainerStatus{waiting("side", "PodInitializing", 0)},
				ContainerStatuses:     []core.ContainerStatus{waiting("main", "PodInitializing", 0)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, errs := kubelet.NewPod(testPod(core.RestartPolicyNever, []string{"side:sidecar"}, "main"), nil)
			require.Empty(t, errs)
			if tt.start {
				p.Start(at(0))
			}
			stopped := p.Delete(at(4), tt.code)
			if diff := cmp.Diff(tt.want, p.Object().Status); diff != "" {
				t.Errorf("status (-want +got):\n%s", diff)
			}
			wantStopped := []string{"side", "main"}
			if !tt.start {
				wantStopped = nil
			}
			if diff := cmp.Diff(wantStopped, names(stopped)); diff != "" {
				t.Errorf("stopped (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPodConditions checks the conditions beyond the kubelet's, and the
// readiness that scripts and readiness gates make.
func TestPodConditions(t *testing.T) {
	disruption := core.PodCondition{Type: core.DisruptionTarget, Status: core.ConditionTrue, Reason: "TerminationByKubelet"}
	gate := core.PodConditionType("example.com/gate")
	tests := []struct {
		name  string
		pod   func(*core.Pod)
		do    func(p *kubelet.Pod, c map[string]*kubelet.Container)
		want  []core.PodCondition
		ready []bool // the main containers' Ready
	}{
		{
			name: "a scripted condition comes before the kubelet's, at the time of the update",
			do: func(p *kubelet.Pod, _ map[string]*kubelet.Container) {
				p.SetCondition(disruption, at(2))
			},
			want: []core.PodCondition{
				cond(core.DisruptionTarget, core.ConditionTrue, 2, "TerminationByKubelet", ""),
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionTrue, 0, "", ""),
				cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, true},
		},
		{
			name: "a scripted condition set again with the same status keeps its transition time",
			do: func(p *kubelet.Pod, _ map[string]*kubelet.Container) {
				p.SetCondition(disruption, at(2))
				again := disruption
				again.Message = "again"
				p.SetCondition(again, at(3))
			},
			want: []core.PodCondition{
				cond(core.DisruptionTarget, core.ConditionTrue, 2, "TerminationByKubelet", "again"),
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionTrue, 0, "", ""),
				cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, true},
		},
		{
			name: "a condition the kubelet owns cannot be set",
			do: func(p *kubelet.Pod, _ map[string]*kubelet.Container) {
				p.SetCondition(core.PodCondition{Type: core.PodReady, Status: core.ConditionFalse}, at(2))
			},
			want: []core.PodCondition{
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionTrue, 0, "", ""),
				cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, true},
		},
		{
			name: "a container not ready makes the pod not ready; ready again, it is",
			do: func(p *kubelet.Pod, c map[string]*kubelet.Container) {
				p.SetReady(c["b"], false, at(1))
				p.SetReady(c["a"], false, at(2))
				p.SetReady(c["a"], true, at(3))
			},
			want: []core.PodCondition{
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionFalse, 1, "ContainersNotReady", "containers with unready status: [b]"),
				cond(core.ContainersReady, core.ConditionFalse, 1, "ContainersNotReady", "containers with unready status: [b]"),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, false},
		},
		{
			name: "a readiness gate without its condition holds Ready False, ContainersReady True",
			pod: func(p *core.Pod) {
				p.Spec.ReadinessGates = []core.PodReadinessGate{{ConditionType: gate}}
			},
			want: []core.PodCondition{
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionFalse, 0, "ReadinessGatesNotReady", `corresponding condition of pod readiness gate "example.com/gate" does not exist.`),
				cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, true},
		},
		{
			name: "a readiness gate's condition False, then True: Ready follows it",
			pod: func(p *core.Pod) {
				p.Spec.ReadinessGates = []core.PodReadinessGate{{ConditionType: gate}}
			},
			do: func(p *kubelet.Pod, _ map[string]*kubelet.Container) {
				p.SetCondition(core.PodCondition{Type: gate, Status: core.ConditionFalse}, at(1))
				if diff := cmp.Diff(cond(core.PodReady, core.ConditionFalse, 0, "ReadinessGatesNotReady", `the status of pod readiness gate "example.com/gate" is not "True", but False`),
					p.Object().Status.Conditions[3]); diff != "" {
					t.Errorf("Ready with the gate False (-want +got):\n%s", diff)
				}
				p.SetCondition(core.PodCondition{Type: gate, Status: core.ConditionTrue}, at(2))
			},
			want: []core.PodCondition{
				cond(gate, core.ConditionTrue, 2, "", ""),
				cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
				cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
				cond(core.PodReady, core.ConditionTrue, 2, "", ""),
				cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
				cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
			},
			ready: []bool{true, true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pod := testPod(core.RestartPolicyNever, nil, "a", "b")
			if tt.pod != nil {
				tt.pod(pod)
			}
			p := kubelet.NewScriptedPod(pod)
			c := map[string]*kubelet.Container{}
			for _, x := range p.Containers() {
				c[x.Name()] = x
			}
			p.Start(at(0))
			if tt.do != nil {
				tt.do(p, c)
			}
			if diff := cmp.Diff(tt.want, p.Object().Status.Conditions); diff != "" {
				t.Errorf("conditions (-want +got):\n%s", diff)
			}
			var ready []bool
			for _, s := range p.Object().Status.ContainerStatuses {
				ready = append(ready, s.Ready)
			}
			if diff := cmp.Diff(tt.ready, ready); diff != "" {
				t.Errorf("containers ready (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWriteStatus checks the merge of the kubelet's status into the pod
// as stored: the conditions others set stay as stored (even when the
// kubelet's copy of the pod is older), those set with SetCondition and
// the kubelet's own replace theirs.
func TestWriteStatus(t *testing.T) {
	seen := testPod(core.RestartPolicyNever, nil, "main")
	seen.Status.Conditions = []core.PodCondition{cond("example.com/other", core.ConditionFalse, -9, "", "")}
	p := kubelet.NewScriptedPod(seen)
	p.Start(at(0))
	p.SetCondition(core.PodCondition{Type: core.DisruptionTarget, Status: core.ConditionTrue, Reason: "TerminationByKubelet"}, at(1))
	stored := testPod(core.RestartPolicyNever, nil, "main")
	stored.Status = core.PodStatus{Phase: core.PodPending, Conditions: []core.PodCondition{
		cond("example.com/other", core.ConditionTrue, -2, "", ""),
		cond(core.PodScheduled, core.ConditionTrue, -3, "", ""),
		cond(core.DisruptionTarget, core.ConditionFalse, -1, "", ""),
	}}
	p.WriteStatus(stored)
	want := []core.PodCondition{
		cond("example.com/other", core.ConditionTrue, -2, "", ""),
		cond(core.DisruptionTarget, core.ConditionTrue, 1, "TerminationByKubelet", ""),
		cond(core.PodReadyToStartContainers, core.ConditionTrue, 0, "", ""),
		cond(core.PodInitialized, core.ConditionTrue, 0, "", ""),
		cond(core.PodReady, core.ConditionTrue, 0, "", ""),
		cond(core.ContainersReady, core.ConditionTrue, 0, "", ""),
		cond(core.PodScheduled, core.ConditionTrue, 0, "", ""),
	}
	if diff := cmp.Diff(want, stored.Status.Conditions); diff != "" {
		t.Errorf("conditions (-want +got):\n%s", diff)
	}
	if stored.Status.Phase != core.PodRunning || len(stored.Status.ContainerStatuses) != 1 {
		t.Errorf("phase %s, %d container statuses; want Running, 1", stored.Status.Phase, len(stored.Status.ContainerStatuses))
	}
	// The status written is a copy: the kubelet's next change does not
	// reach it.
	p.Delete(at(2), kubelet.ExitCodeTerminated)
	if stored.Status.Phase != core.PodRunning {
		t.Errorf("phase %s after the kubelet's next change, want Running", stored.Status.Phase)
	}
}

// BenchmarkPodLifecycle runs a pod from its start to its end: every
// status write along the way (the kubelet's hot path in a fake kubelet),
// with n main containers and a sidecar.
func BenchmarkPodLifecycle(b *testing.B) {
	for _, n := range []int{1, 4, 16} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var mains []string
			for i := range n {
				mains = append(mains, "m"+strconv.Itoa(i))
			}
			b.ReportAllocs()
			for b.Loop() {
				p := kubelet.NewScriptedPod(testPod(core.RestartPolicyNever, []string{"side:sidecar"}, mains...))
				p.Start(at(0))
				for i, c := range p.Containers()[1:] {
					p.Exited(c, 0, at(i+1))
				}
				if !p.Finished() {
					b.Fatal("the pod did not finish")
				}
			}
		})
	}
}
