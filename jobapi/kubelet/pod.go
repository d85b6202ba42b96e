package kubelet

import (
	"slices"
	"time"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Exit codes the kubelet reports for containers it stops.
const (
	// ExitCodeKilled is the exit code of a container killed with SIGKILL
	// (128+9): the containers of a deleted pod.
	ExitCodeKilled = 137
	// ExitCodeTerminated is the exit code of a container stopped with
	// SIGTERM (128+15).
	ExitCodeTerminated = 143
)

// Pod is a pod on the kubelet: the object, the plan of its containers
// and their state. Its methods move it through the kubelet's life of a
// pod, each writing the status the kubelet would report into the pod
// given to [NewPod]. A Pod is not safe for concurrent use.
type Pod struct {
	pod      *core.Pod
	inits    []*Container
	mains    []*Container
	nextInit int // the next init container to start
	started  bool
	done     bool
}

// Container is one container of a [Pod], with its plan and state.
type Container struct {
	pod        *Pod
	name       string
	image      string
	plan       *Plan
	init       bool
	sidecar    bool
	running    bool
	terminated bool
	exitCode   int
	restarts   int
	startedAt  time.Time
	finishedAt time.Time
}

// Transition is what the kubelet does after a container exits.
type Transition struct {
	// Start are the containers to start now: the one that exited again
	// (Restarted), or the next ones of the pod.
	Start []*Container
	// Stop are the running containers the kubelet stops: the sidecars of
	// a pod that has finished.
	Stop []*Container
	// Restarted says that the container restarts in its pod: a sidecar,
	// or a failed container under restartPolicy OnFailure.
	Restarted bool
	// Finished says that the pod has finished; its phase says how.
	Finished bool
}

// NewPod plans pod's containers (see [PlanPod]) and returns it as the
// kubelet holds it before starting it. pod must be named and bound to
// its node, as the downward API reads it; the Pod keeps it and writes its
// status. Errors have field paths from the pod's root.
func NewPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap) (*Pod, field.ErrorList) {
	return newPod(pod, configMaps, field.NewPath("spec"))
}

func newPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap, specPath *field.Path) (*Pod, field.ErrorList) {
	plans, errs := planPod(pod, configMaps, specPath)
	if len(errs) > 0 {
		return nil, errs
	}
	p := &Pod{pod: pod}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		p.inits = append(p.inits, &Container{pod: p, name: c.Name, image: c.Image, plan: plans.InitContainers[i], init: true,
			sidecar: c.RestartPolicy != nil && *c.RestartPolicy == core.ContainerRestartPolicyAlways})
	}
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		p.mains = append(p.mains, &Container{pod: p, name: c.Name, image: c.Image, plan: plans.Containers[i]})
	}
	return p, nil
}

// Object returns the pod, with the status the kubelet last reported.
func (p *Pod) Object() *core.Pod { return p.pod }

// Containers returns the pod's containers, init containers first, in the
// order of the spec.
func (p *Pod) Containers() []*Container {
	return append(slices.Clone(p.inits), p.mains...)
}

// Finished reports whether the pod has finished: Succeeded, Failed, or
// deleted.
func (p *Pod) Finished() bool { return p.done }

// Start admits the pod at now (phase Pending, startTime, the node's IPs)
// and returns the containers that start first: the init containers up to
// and including the first one that is not a sidecar, or, when every init
// container is a sidecar, those and every main container. Start on a pod
// already started returns nil.
func (p *Pod) Start(now time.Time) []*Container {
	if p.started || p.done {
		return nil
	}
	p.started = true
	start := meta.NewTime(now)
	st := &p.pod.Status
	st.Phase = core.PodPending
	st.StartTime = &start
	st.HostIP, st.PodIP = "127.0.0.1", "127.0.0.1"
	p.writeStatus(now)
	return p.advance(now)
}

// advance starts what comes next: the next init containers in order (a
// sidecar starts and the next one follows at once; another init
// container must succeed first), then every main container.
func (p *Pod) advance(now time.Time) []*Container {
	var start []*Container
	for p.nextInit < len(p.inits) {
		c := p.inits[p.nextInit]
		if c.running {
			return start // a regular init container still runs
		}
		c.launch(now)
		start = append(start, c)
		if !c.sidecar {
			p.writeStatus(now)
			return start
		}
		p.nextInit++
	}
	for _, c := range p.mains {
		if !c.running && !c.terminated {
			c.launch(now)
			start = append(start, c)
		}
	}
	p.pod.Status.Phase = core.PodRunning
	p.writeStatus(now)
	return start
}

// launch marks a run of c as started at now.
func (c *Container) launch(now time.Time) {
	c.running, c.terminated = true, false
	c.startedAt = now
}

// Exited records that container c ended with exitCode at now, and
// returns what the kubelet does next: a sidecar restarts; a failed
// container restarts in its pod under restartPolicy OnFailure; an init
// container that succeeded lets the next ones start, and one that failed
// fails the pod; once every main container has ended, the running
// sidecars are stopped and the pod Succeeded (every main container exited
// 0) or Failed. The exit of a container that is not running, or of a
// finished pod, changes nothing and returns the zero Transition, as does
// a main container's exit while others still run.
func (p *Pod) Exited(c *Container, exitCode int, now time.Time) Transition {
	if c == nil || c.pod != p || !c.running || p.done {
		return Transition{}
	}
	c.running = false
	c.exitCode = exitCode
	c.finishedAt = now
	if c.sidecar || exitCode != 0 && p.pod.Spec.RestartPolicy == core.RestartPolicyOnFailure {
		c.restarts++
		// The status is written between the runs: the controller counts
		// the restart; the new run shows at the next write.
		p.writeStatus(now)
		c.launch(now)
		return Transition{Start: []*Container{c}, Restarted: true}
	}
	c.terminated = true
	if c.init {
		if exitCode != 0 {
			return Transition{Stop: p.finish(core.PodFailed, now, ExitCodeTerminated), Finished: true}
		}
		p.nextInit++
		return Transition{Start: p.advance(now)}
	}
	phase := core.PodSucceeded
	for _, m := range p.mains {
		if !m.terminated {
			p.writeStatus(now)
			return Transition{}
		}
		if m.exitCode != 0 {
			phase = core.PodFailed
		}
	}
	return Transition{Stop: p.finish(phase, now, ExitCodeTerminated), Finished: true}
}

// Delete stops the pod at now, as the kubelet does a deleted pod: every
// running container is killed (exit code 137) and the pod ends Failed.
// It returns the containers to stop; nil when the pod has finished.
func (p *Pod) Delete(now time.Time) []*Container {
	if p.done {
		return nil
	}
	return p.finish(core.PodFailed, now, ExitCodeKilled)
}

// finish ends the pod in phase at now: its running containers stop, with
// exit code 0 for a sidecar stopped after the main containers and code
// for any other (ExitCodeKilled: every one). It returns those containers.
func (p *Pod) finish(phase core.PodPhase, now time.Time, code int) []*Container {
	var stop []*Container
	for _, c := range p.Containers() {
		if !c.running {
			continue
		}
		stop = append(stop, c)
		c.running, c.terminated, c.finishedAt = false, true, now
		c.exitCode = code
		if c.sidecar && code != ExitCodeKilled {
			c.exitCode = 0
		}
	}
	p.done = true
	p.pod.Status.Phase = phase
	p.writeStatus(now)
	return stop
}

// abandon forgets the running containers without a status, as when the
// node itself stops (an interrupted RunJob), and returns them.
func (p *Pod) abandon() []*Container {
	var stop []*Container
	for _, c := range p.Containers() {
		if c.running {
			stop = append(stop, c)
			c.running = false
		}
	}
	return stop
}

// writeStatus writes the pod status the kubelet would report at now:
// the Ready condition (True while the pod runs and every main container
// runs; its transition time moves only when it changes) and the state of
// every container.
func (p *Pod) writeStatus(now time.Time) {
	ready := p.pod.Status.Phase == core.PodRunning
	for _, c := range p.mains {
		ready = ready && c.running
	}
	readyStatus := core.ConditionFalse
	if ready {
		readyStatus = core.ConditionTrue
	}
	st := &p.pod.Status
	if i := slices.IndexFunc(st.Conditions, func(c core.PodCondition) bool { return c.Type == core.PodReady }); i < 0 || st.Conditions[i].Status != readyStatus {
		st.Conditions = slices.DeleteFunc(st.Conditions, func(c core.PodCondition) bool { return c.Type == core.PodReady })
		st.Conditions = append(st.Conditions, core.PodCondition{Type: core.PodReady, Status: readyStatus, LastTransitionTime: meta.NewTime(now)})
	}
	st.ContainerStatuses = containerStatuses(p.mains)
	st.InitContainerStatuses = containerStatuses(p.inits)
}

// containerStatuses returns the status of each container.
func containerStatuses(cs []*Container) []core.ContainerStatus {
	if len(cs) == 0 {
		return nil
	}
	out := make([]core.ContainerStatus, len(cs))
	for i, c := range cs {
		s := core.ContainerStatus{Name: c.name, RestartCount: int32(c.restarts), Image: c.image}
		started := meta.NewTime(c.startedAt)
		switch {
		case c.running:
			s.Ready = true
			s.State.Running = &core.ContainerStateRunning{StartedAt: started}
		case c.terminated:
			reason := "Completed"
			if c.exitCode != 0 {
				reason = "Error"
			}
			s.State.Terminated = &core.ContainerStateTerminated{ExitCode: int32(c.exitCode), Reason: reason,
				StartedAt: started, FinishedAt: meta.NewTime(c.finishedAt)}
		default:
			s.State.Waiting = &core.ContainerStateWaiting{Reason: "PodInitializing"}
		}
		out[i] = s
	}
	return out
}

// Name returns the container's name.
func (c *Container) Name() string { return c.name }

// Pod returns the pod the container belongs to, with its status.
func (c *Container) Pod() *core.Pod { return c.pod.pod }

// Plan returns how the container runs.
func (c *Container) Plan() *Plan { return c.plan }

// Init reports whether the container is an init container (a sidecar
// included).
func (c *Container) Init() bool { return c.init }

// Sidecar reports whether the container is a sidecar: an init container
// with restartPolicy Always.
func (c *Container) Sidecar() bool { return c.sidecar }

// Running reports whether the container runs.
func (c *Container) Running() bool { return c.running }

// Restarts returns how often the container has restarted in its pod.
func (c *Container) Restarts() int { return c.restarts }
