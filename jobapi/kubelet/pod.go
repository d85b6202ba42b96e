package kubelet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Exit codes the kubelet reports for containers it stops.
const (
	// ExitCodeKilled is the exit code of a container killed with SIGKILL
	// (128+9): one that outlived the grace period of its pod's deletion.
	ExitCodeKilled = 137
	// ExitCodeTerminated is the exit code of a container that ended on
	// the SIGTERM of its pod's deletion (128+15).
	ExitCodeTerminated = 143
)

// Reasons of the pod conditions the kubelet reports, as a v1.36 kubelet
// words them.
const (
	// ReasonPodCompleted: the pod Succeeded.
	ReasonPodCompleted = "PodCompleted"
	// ReasonPodFailed: the pod Failed.
	ReasonPodFailed = "PodFailed"
	// ReasonContainersNotReady: a main container or sidecar is not ready.
	ReasonContainersNotReady = "ContainersNotReady"
	// ReasonContainersNotInitialized: an init container has not
	// succeeded, or a sidecar has not started.
	ReasonContainersNotInitialized = "ContainersNotInitialized"
	// ReasonReadinessGatesNotReady: a readiness gate's condition is
	// missing or not True.
	ReasonReadinessGatesNotReady = "ReadinessGatesNotReady"
)

// Pod is a pod on the kubelet: the object, the plan of its containers
// and their state. Its methods move it through the kubelet's life of a
// pod, each writing the status the kubelet would report into the pod
// given to [NewPod] or [NewScriptedPod]. A Pod is not safe for
// concurrent use.
type Pod struct {
	pod      *core.Pod
	inits    []*Container
	mains    []*Container
	nextInit int // the next init container to start
	started  bool
	done     bool
	// set are the types of the conditions set with SetCondition, in
	// order.
	set []core.PodConditionType
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
	unready    bool // SetReady(false): not ready while it runs
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

// NewScriptedPod returns pod as the kubelet holds it before starting it,
// without planning its containers (their [Container.Plan] is nil): for a
// kubelet that runs nothing and scripts the exits, which needs neither
// the ConfigMaps the pod mounts nor a model of its environment. The Pod
// keeps pod and writes its status.
func NewScriptedPod(pod *core.Pod) *Pod {
	return track(pod, nil)
}

func newPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap, specPath *field.Path) (*Pod, field.ErrorList) {
	plans, errs := planPod(pod, configMaps, specPath)
	if len(errs) > 0 {
		return nil, errs
	}
	return track(pod, plans), nil
}

// track returns the Pod of pod, its containers with their plans (none
// when plans is nil).
func track(pod *core.Pod, plans *PodPlan) *Pod {
	p := &Pod{pod: pod}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		ct := &Container{pod: p, name: c.Name, image: c.Image, init: true,
			sidecar: c.RestartPolicy != nil && *c.RestartPolicy == core.ContainerRestartPolicyAlways}
		if plans != nil {
			ct.plan = plans.InitContainers[i]
		}
		p.inits = append(p.inits, ct)
	}
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		ct := &Container{pod: p, name: c.Name, image: c.Image}
		if plans != nil {
			ct.plan = plans.Containers[i]
		}
		p.mains = append(p.mains, ct)
	}
	return p
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

// Start admits the pod at now (phase Pending, startTime, the node's IPs,
// its sandbox ready) and returns the containers that start first: the
// init containers up to and including the first one that is not a
// sidecar, or, when every init container is a sidecar, those and every
// main container. Start on a pod already started returns nil.
func (p *Pod) Start(now time.Time) []*Container {
	if p.started || p.done {
		return nil
	}
	p.admit(now)
	st := &p.pod.Status
	st.HostIP, st.PodIP = "127.0.0.1", "127.0.0.1"
	p.writeStatus(now)
	return p.advance(now)
}

// admit marks the pod started at now, Pending.
func (p *Pod) admit(now time.Time) {
	p.started = true
	start := meta.NewTime(now)
	p.pod.Status.Phase = core.PodPending
	p.pod.Status.StartTime = &start
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
			return Transition{Stop: p.finish(now, 0), Finished: true}
		}
		p.nextInit++
		return Transition{Start: p.advance(now)}
	}
	for _, m := range p.mains {
		if !m.terminated {
			p.writeStatus(now)
			return Transition{}
		}
	}
	return Transition{Stop: p.finish(now, 0), Finished: true}
}

// Delete stops the pod at now, as the kubelet stops a deleted pod, and
// returns the containers to stop (nil when the pod had finished). The
// kubelet sends every running container SIGTERM and, to those still
// running when the pod's grace period is over, SIGKILL; exitCode is what
// the stopped containers report, for the caller knows how its processes
// end: [ExitCodeTerminated] for processes that end on SIGTERM (its
// default action), [ExitCodeKilled] for processes that ignore it (a
// process that is PID 1 of its container without a handler does) and are
// killed once the grace period ran out, any other code for processes
// that handle SIGTERM. The pod ends Succeeded when every main container
// then has exited 0, else Failed; a pod deleted before it started is
// admitted and ends at once, its containers never run.
func (p *Pod) Delete(now time.Time, exitCode int) []*Container {
	if p.done {
		return nil
	}
	if !p.started {
		p.admit(now)
	}
	return p.finish(now, exitCode)
}

// finish ends the pod at now: its running containers stop with code (0
// for the sidecars left when the pod ends by itself, as sidecars that
// end on the kubelet's SIGTERM). The pod
// Succeeded when every main container exited 0, else Failed. It returns
// the containers stopped.
func (p *Pod) finish(now time.Time, code int) []*Container {
	var stop []*Container
	for _, c := range p.Containers() {
		if !c.running {
			continue
		}
		stop = append(stop, c)
		c.running, c.terminated, c.finishedAt = false, true, now
		c.exitCode = code
	}
	phase := core.PodSucceeded
	for _, m := range p.mains {
		if !m.terminated || m.exitCode != 0 {
			phase = core.PodFailed
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

// SetReady sets, at now, whether container c is ready while it runs, as
// a readiness probe decides it: a main container or sidecar is ready
// while it runs unless SetReady(c, false) said otherwise (a container
// without a readiness probe is ready once it has started), and its
// readiness makes the pod's ContainersReady and Ready conditions. The
// readiness holds for c's later runs too. SetReady on a regular init
// container (whose readiness is its success), a container of another
// pod or a finished pod changes nothing.
func (p *Pod) SetReady(c *Container, ready bool, now time.Time) {
	if c == nil || c.pod != p || p.done || c.init && !c.sidecar {
		return
	}
	c.unready = !ready
	if p.started {
		p.writeStatus(now)
	}
}

// SetCondition sets, at now, a pod condition the kubelet does not own
// (DisruptionTarget, as the kubelet sets it when it evicts a pod or the
// node shuts down; a readiness gate's, as the controller that owns the
// gate would, which is how the Pod learns it): it
// replaces the condition of its type or comes after the others, and its
// lastTransitionTime, when zero, is now, or that of the condition it
// replaces when the status is the same. A condition of a type the
// kubelet owns (see [KubeletCondition]) is not set: the kubelet computes
// those.
func (p *Pod) SetCondition(c core.PodCondition, now time.Time) {
	if KubeletCondition(c.Type) {
		return
	}
	st := &p.pod.Status
	i := slices.IndexFunc(st.Conditions, func(old core.PodCondition) bool { return old.Type == c.Type })
	if c.LastTransitionTime.IsZero() {
		c.LastTransitionTime = meta.NewTime(now)
		if i >= 0 && st.Conditions[i].Status == c.Status {
			c.LastTransitionTime = st.Conditions[i].LastTransitionTime
		}
	}
	if i >= 0 {
		st.Conditions[i] = c
	} else {
		st.Conditions = append(st.Conditions, c)
	}
	if !slices.Contains(p.set, c.Type) {
		p.set = append(p.set, c.Type)
	}
	if p.started {
		p.writeStatus(now) // a readiness gate's condition moves Ready
	}
}

// KubeletCondition reports whether the kubelet owns the pod conditions
// of type t and computes them in every status it writes: PodScheduled,
// Initialized, Ready, ContainersReady and PodReadyToStartContainers (a
// v1.36 kubelet with its default feature gates).
func KubeletCondition(t core.PodConditionType) bool {
	switch t {
	case core.PodScheduled, core.PodInitialized, core.PodReady, core.ContainersReady, core.PodReadyToStartContainers:
		return true
	}
	return false
}

// WriteStatus writes the status the kubelet last reported onto dst, the
// pod as the API server stores it, as the kubelet's status manager merges
// its status into the stored one: the conditions the kubelet does not own
// stay as dst has them, those set with [Pod.SetCondition] replacing or
// joining them, before the kubelet's own; the resource claims' statuses
// stay as dst has them (the scheduler's and the DRA drivers'); every
// other field is the kubelet's.
func (p *Pod) WriteStatus(dst *core.Pod) {
	if dst == p.pod {
		return
	}
	st := p.pod.Status.DeepCopy()
	var conds []core.PodCondition
	for _, c := range dst.Status.Conditions {
		if !KubeletCondition(c.Type) {
			conds = append(conds, *c.DeepCopy())
		}
	}
	for _, c := range st.Conditions {
		if !slices.Contains(p.set, c.Type) {
			continue
		}
		if i := slices.IndexFunc(conds, func(o core.PodCondition) bool { return o.Type == c.Type }); i >= 0 {
			conds[i] = c
		} else {
			conds = append(conds, c)
		}
	}
	for _, c := range st.Conditions {
		if KubeletCondition(c.Type) {
			conds = append(conds, c)
		}
	}
	st.Conditions = conds
	kept := dst.Status.DeepCopy()
	st.ResourceClaimStatuses = kept.ResourceClaimStatuses
	st.ExtendedResourceClaimStatus = kept.ExtendedResourceClaimStatus
	st.NodeAllocatableResourceClaimStatuses = kept.NodeAllocatableResourceClaimStatuses
	dst.Status = *st
}

// writeStatus writes the pod status the kubelet would report at now: the
// conditions as a v1.36 kubelet generates them (the ones it does not own
// first, as they were, then PodReadyToStartContainers, Initialized,
// Ready, ContainersReady and PodScheduled; a condition's
// lastTransitionTime moves only when its status changes) and the state
// of every container.
func (p *Pod) writeStatus(now time.Time) {
	st := &p.pod.Status
	st.InitContainerStatuses = p.containerStatuses(p.inits)
	st.ContainerStatuses = p.containerStatuses(p.mains)
	old := st.Conditions
	var conds []core.PodCondition
	for _, c := range old {
		if !KubeletCondition(c.Type) {
			conds = append(conds, c)
		}
	}
	sandbox := core.ConditionFalse
	if p.started && !p.done {
		sandbox = core.ConditionTrue
	}
	conds = append(conds, core.PodCondition{Type: core.PodReadyToStartContainers, Status: sandbox})
	conds = append(conds, p.initialized())
	containersReady := p.containersReady()
	conds = append(conds, p.ready(containersReady, conds), containersReady)
	conds = append(conds, core.PodCondition{Type: core.PodScheduled, Status: core.ConditionTrue})
	for i := range conds {
		c := &conds[i]
		if !KubeletCondition(c.Type) {
			continue
		}
		c.LastTransitionTime = meta.NewTime(now)
		if j := slices.IndexFunc(old, func(o core.PodCondition) bool { return o.Type == c.Type }); j >= 0 && old[j].Status == c.Status {
			c.LastTransitionTime = old[j].LastTransitionTime
		}
	}
	st.Conditions = conds
}

// initialized is the Initialized condition: True once every init
// container has succeeded (a sidecar: started) or a main container has
// started, with reason PodCompleted when the pod Succeeded.
func (p *Pod) initialized() core.PodCondition {
	c := core.PodCondition{Type: core.PodInitialized, Status: core.ConditionTrue}
	if p.pod.Status.Phase == core.PodSucceeded {
		c.Reason = ReasonPodCompleted
		return c
	}
	if slices.ContainsFunc(p.mains, func(m *Container) bool { return m.running || m.terminated }) {
		return c
	}
	var incomplete []string
	for _, ic := range p.inits {
		if ic.sidecar && !ic.running || !ic.sidecar && !ic.succeeded() {
			incomplete = append(incomplete, ic.name)
		}
	}
	if len(incomplete) > 0 {
		c.Status, c.Reason = core.ConditionFalse, ReasonContainersNotInitialized
		c.Message = fmt.Sprintf("containers with incomplete status: %s", incomplete)
	}
	return c
}

// containersReady is the ContainersReady condition: True when every
// sidecar and main container is ready; False with reason PodCompleted or
// PodFailed once the pod has finished.
func (p *Pod) containersReady() core.PodCondition {
	c := core.PodCondition{Type: core.ContainersReady, Status: core.ConditionFalse}
	switch p.pod.Status.Phase {
	case core.PodSucceeded:
		c.Reason = ReasonPodCompleted
		return c
	case core.PodFailed:
		c.Reason = ReasonPodFailed
		return c
	}
	var unready []string
	for _, x := range p.Containers() {
		if (x.sidecar || !x.init) && !x.ready() {
			unready = append(unready, x.name)
		}
	}
	if len(unready) > 0 {
		c.Reason = ReasonContainersNotReady
		c.Message = fmt.Sprintf("containers with unready status: %s", unready)
		return c
	}
	c.Status = core.ConditionTrue
	return c
}

// ready is the Ready condition: ContainersReady's status, reason and
// message when it is not True, else False while a readiness gate's
// condition (among conds) is missing or not True, else True. The
// readiness gates' conditions are those the Pod knows: the pod's given to
// NewPod and those set with SetCondition.
func (p *Pod) ready(containersReady core.PodCondition, conds []core.PodCondition) core.PodCondition {
	c := core.PodCondition{Type: core.PodReady, Status: containersReady.Status, Reason: containersReady.Reason, Message: containersReady.Message}
	if c.Status != core.ConditionTrue {
		return c
	}
	var unready []string
	for _, g := range p.pod.Spec.ReadinessGates {
		i := slices.IndexFunc(conds, func(x core.PodCondition) bool { return x.Type == g.ConditionType })
		switch {
		case i < 0:
			unready = append(unready, fmt.Sprintf("corresponding condition of pod readiness gate %q does not exist.", string(g.ConditionType)))
		case conds[i].Status != core.ConditionTrue:
			unready = append(unready, fmt.Sprintf("the status of pod readiness gate %q is not \"True\", but %v", string(g.ConditionType), conds[i].Status))
		}
	}
	if len(unready) > 0 {
		c.Status, c.Reason = core.ConditionFalse, ReasonReadinessGatesNotReady
		c.Message = strings.Join(unready, ", ")
	}
	return c
}

// succeeded reports whether the last run of c exited 0 and it stays
// terminated.
func (c *Container) succeeded() bool { return c.terminated && c.exitCode == 0 }

// ready reports whether c is ready: a regular init container once it
// succeeded; a sidecar or main container while it runs, unless SetReady
// said otherwise.
func (c *Container) ready() bool {
	if c.init && !c.sidecar {
		return c.succeeded()
	}
	return c.running && !c.unready
}

// containerID is the runtime's identifier of the current (or last) run
// of c: the scheme jobkit, the pod's uid, the container's name and the
// run's number, so that every run has its own, and the same every time.
func (c *Container) containerID() string {
	return "jobkit://" + string(c.pod.pod.ObjectMeta.UID) + "/" + c.name + "/" + strconv.Itoa(c.restarts)
}

// containerStatuses returns the status of each container: a container
// that has not run waits (reason PodInitializing in a pod with init
// containers, ContainerCreating in another); one that runs is started,
// and ready as [Container.ready] says; one that ended is terminated with
// its exit code (reason Completed for 0, else Error). A container that
// has run has the identifier of its run; no image ID is reported, for
// the model pulls no image and knows no digest.
func (p *Pod) containerStatuses(cs []*Container) []core.ContainerStatus {
	if len(cs) == 0 {
		return nil
	}
	waiting := "ContainerCreating"
	if len(p.inits) > 0 {
		waiting = "PodInitializing"
	}
	out := make([]core.ContainerStatus, len(cs))
	for i, c := range cs {
		started := c.running
		s := core.ContainerStatus{Name: c.name, RestartCount: int32(c.restarts), Image: c.image, Ready: c.ready(), Started: &started}
		begun := meta.NewTime(c.startedAt)
		switch {
		case c.running:
			s.ContainerID = c.containerID()
			s.State.Running = &core.ContainerStateRunning{StartedAt: begun}
		case c.terminated:
			reason := "Completed"
			if c.exitCode != 0 {
				reason = "Error"
			}
			s.ContainerID = c.containerID()
			s.State.Terminated = &core.ContainerStateTerminated{ExitCode: int32(c.exitCode), Reason: reason,
				StartedAt: begun, FinishedAt: meta.NewTime(c.finishedAt), ContainerID: s.ContainerID}
		default:
			s.State.Waiting = &core.ContainerStateWaiting{Reason: waiting}
		}
		out[i] = s
	}
	return out
}

// Name returns the container's name.
func (c *Container) Name() string { return c.name }

// Pod returns the pod the container belongs to, with its status.
func (c *Container) Pod() *core.Pod { return c.pod.pod }

// Plan returns how the container runs; nil for a container of a pod
// made with [NewScriptedPod].
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
