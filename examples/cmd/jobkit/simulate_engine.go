package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// This file runs a Job on this machine: the decisions are jobkit's Job
// controller core (jobapi/controller), this file only carries them out
// (pods made, processes started and stopped, a clock) and plays the
// kubelet: init containers one after the other, sidecars (init containers
// with restartPolicy Always) beside the main containers, every main
// container at once, container restarts for restartPolicy OnFailure, and
// the pod status the controller reads (phase, conditions, container
// statuses with exit codes). Processes are a runner's business and time a
// clock's, so that tests drive it with a fake runner and a fake clock.

// clock tells the time.
type clock interface {
	Now() time.Time
}

// realClock is the system clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// attempt is one container of a pod, run by the runner; a container that
// restarts in its pod keeps its attempt.
type attempt struct {
	index     int    // the pod's completion index; -1 for a NonIndexed Job
	label     string // "index N" or the pod's name: the prefix of its output
	pod       *core.Pod
	container string
	plan      *podPlan
	restarts  int       // restarts of this container so far
	started   time.Time // when this run of the container started
}

// exit is how a run of a container ended.
type exit struct {
	attempt *attempt
	code    int    // the exit code; 128+N for a process killed by signal N
	reason  string // why, when the process did not decide it: "injected", "StartError: ..."
}

// waitResult says why runner.wait returned.
type waitResult int

const (
	waitExited   waitResult = iota // a container exited
	waitDeadline                   // the deadline passed first
	waitCanceled                   // the context was canceled first
	waitIdle                       // nothing runs: an engine bug
)

// runner runs containers. The engine calls it from one goroutine.
type runner interface {
	// start starts the container of a; its end is reported by wait. An
	// error means the simulation cannot go on (not that the command
	// failed: that is an exit).
	start(a *attempt) error
	// wait returns the next container to exit, or tells why it returned
	// without one. A zero deadline means none.
	wait(ctx context.Context, deadline time.Time) (exit, waitResult)
	// stop terminates the running containers of the given attempts and
	// waits until they are gone; their exits are not reported.
	stop(as []*attempt)
	// release tells that a's pod is finished: its container will not run
	// again, and what the runner keeps for it can go.
	release(a *attempt)
}

// injectedExitCode is the exit code of a failure --fail-rate injects: a
// container killed by SIGKILL, as when it runs out of memory.
const injectedExitCode = 137

// engineConfig is how the engine runs, beyond the Job.
type engineConfig struct {
	parallelism int     // pods at once; 0: spec.parallelism
	failRate    float64 // probability that a container run fails before it starts
	seed        uint64  // seeds fault injection and pod names
	nodeName    string  // spec.nodeName of the pods: this machine
	skipBackoff bool    // do not wait out the pod failure backoff: move the clock on
	clock       clock
	runner      runner
	progress    *progress
}

// container is the kubelet's view of one container of a simulated pod.
type container struct {
	a          *attempt
	released   bool
	sidecar    bool
	running    bool
	terminated bool
	exitCode   int
	finishedAt time.Time
}

// simPod is a pod of the simulation: the object the controller sees and
// the state of its containers.
type simPod struct {
	pod      *core.Pod
	index    int
	inits    []*container
	mains    []*container
	nextInit int // the next init container to start
	done     bool
	created  time.Time
}

// engine carries out the controller's decisions for one Job.
type engine struct {
	cfg        engineConfig
	job        *jobapi.Job
	configMaps map[string]*worklist.ConfigMap

	pods     []*simPod
	backoff  controller.Backoff
	skew     time.Duration // how far --skip-backoff-wait moved the clock
	injected []exit        // injected failures not yet handled
	runs     map[int]int   // container runs started per index (or pod), for fault injection
	seq      int
}

// simulationResult is how a simulation ended.
type simulationResult struct {
	status      jobapi.JobStatus
	finished    jobapi.JobConditionType // JobComplete, JobFailed, or "" when interrupted
	interrupted int                     // containers stopped by the interruption
}

// errSimulation is a pod that cannot run here, found once the simulation
// has started. Other errors that stop it (a volume that cannot be
// written) are plain errors.
type errSimulation struct{ errs field.ErrorList }

func (e *errSimulation) Error() string { return e.errs.ToAggregate().Error() }

// newEngine checks that job can be simulated and prepares the engine. job
// must have passed create-time processing and validation.
func newEngine(job *jobapi.Job, configMaps map[string]*worklist.ConfigMap, cfg engineConfig) (*engine, field.ErrorList) {
	spec := &job.Spec
	sPath := field.NewPath("spec")
	var errs field.ErrorList
	if spec.Suspend != nil && *spec.Suspend {
		errs = append(errs, field.Invalid(sPath.Child("suspend"), true, "must be false to simulate: a suspended Job starts no pod"))
	}
	if m := spec.ManagedBy; m != nil && *m != controller.ControllerName {
		errs = append(errs, field.Invalid(sPath.Child("managedBy"), *m, "must be unset or '"+controller.ControllerName+"' to simulate: another controller manages this Job"))
	}
	if cfg.parallelism > 0 {
		p := int32(cfg.parallelism)
		spec.Parallelism = &p
	} else if spec.Parallelism == nil || *spec.Parallelism == 0 {
		errs = append(errs, field.Invalid(sPath.Child("parallelism"), 0,
			"must be greater than 0 to simulate (or give --parallelism): with 0 no pod ever starts"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	e := &engine{cfg: cfg, job: job, configMaps: configMaps, runs: map[int]int{}}
	// A pod that cannot run here cannot run at any index: say so before
	// anything starts.
	d := controller.Sync(job, nil, cfg.clock.Now(), controller.Backoff{})
	if len(d.Create) > 0 {
		if _, errs := planContainers(d.Create[0], configMaps); len(errs) > 0 {
			return nil, errs
		}
	}
	return e, nil
}

// now is the simulation's time.
func (e *engine) now() time.Time { return e.cfg.clock.Now().Add(e.skew) }

// run simulates the Job until it is Complete or Failed, or ctx is
// canceled, and returns its status as Kubernetes would report it.
func (e *engine) run(ctx context.Context) (simulationResult, error) {
	for {
		d := controller.Sync(e.job, e.podList(), e.now(), e.backoff)
		if d.Skipped != "" {
			return simulationResult{}, fmt.Errorf("the Job controller skips the Job: %s", d.Skipped)
		}
		e.backoff = d.Backoff
		if err := e.apply(d); err != nil {
			e.stopAll()
			return simulationResult{}, err
		}
		if controller.IsFinished(e.job) {
			return e.finish(), nil
		}
		if d.UpdateStatus || len(d.Create)+len(d.Delete)+len(d.RemoveFinalizer) > 0 {
			continue // sync again on what changed
		}
		var deadline time.Time
		if d.RequeueAfter > 0 {
			if e.cfg.skipBackoff && !e.isActiveDeadline(d.RequeueAfter) {
				e.skew += d.RequeueAfter
				continue
			}
			deadline = e.cfg.clock.Now().Add(d.RequeueAfter)
		}
		ex, res := e.next(ctx, deadline)
		switch res {
		case waitCanceled:
			n := e.stopAll()
			st := e.job.Status
			zero, zero2 := int32(0), int32(0)
			st.Active, st.Ready, st.Terminating = 0, &zero, &zero2
			return simulationResult{status: st, interrupted: n}, nil
		case waitDeadline:
			continue
		case waitIdle:
			return simulationResult{}, errors.New("internal error: no pod is running and the Job has not finished")
		}
		if err := e.handle(ex); err != nil {
			e.stopAll()
			return simulationResult{}, err
		}
	}
}

// isActiveDeadline reports whether a requeue after d is the Job's
// activeDeadlineSeconds passing, which --skip-backoff-wait must not skip.
func (e *engine) isActiveDeadline(d time.Duration) bool {
	ads, st := e.job.Spec.ActiveDeadlineSeconds, e.job.Status.StartTime
	if ads == nil || st == nil {
		return false
	}
	return !e.now().Add(d).Before(st.Time.Add(time.Duration(*ads) * time.Second))
}

// next returns the next container exit: an injected one first.
func (e *engine) next(ctx context.Context, deadline time.Time) (exit, waitResult) {
	if ctx.Err() != nil {
		return exit{}, waitCanceled
	}
	if len(e.injected) > 0 {
		ex := e.injected[0]
		e.injected = e.injected[1:]
		return ex, waitExited
	}
	if !e.anyRunning() && deadline.IsZero() {
		return exit{}, waitIdle
	}
	return e.cfg.runner.wait(ctx, deadline)
}

// anyRunning reports whether a container runs.
func (e *engine) anyRunning() bool {
	for _, sp := range e.pods {
		for _, c := range sp.all() {
			if c.running {
				return true
			}
		}
	}
	return false
}

// all returns the containers of sp, init containers first.
func (sp *simPod) all() []*container {
	return append(slices.Clone(sp.inits), sp.mains...)
}

// podList is what the controller's informer sees.
func (e *engine) podList() []*core.Pod {
	out := make([]*core.Pod, len(e.pods))
	for i, sp := range e.pods {
		out[i] = sp.pod
	}
	return out
}

// find returns the simulated pod with uid.
func (e *engine) find(uid meta.UID) *simPod {
	for _, sp := range e.pods {
		if sp.pod.ObjectMeta.UID == uid {
			return sp
		}
	}
	return nil
}

// apply carries out a decision: pods created (and started), finalizers
// removed, pods deleted (stopped), the status written.
func (e *engine) apply(d controller.Decision) error {
	for _, p := range d.Create {
		if err := e.create(p); err != nil {
			return err
		}
	}
	for _, p := range d.RemoveFinalizer {
		if sp := e.find(p.ObjectMeta.UID); sp != nil {
			sp.pod.ObjectMeta.Finalizers = slices.DeleteFunc(slices.Clone(sp.pod.ObjectMeta.Finalizers), func(f string) bool { return f == jobapi.JobTrackingFinalizer })
		}
	}
	for _, p := range d.Delete {
		if sp := e.find(p.ObjectMeta.UID); sp != nil && sp.pod.ObjectMeta.DeletionTimestamp == nil {
			now := meta.NewTime(e.now())
			sp.pod.ObjectMeta.DeletionTimestamp = &now
			if !sp.done {
				e.terminate(sp, "deleted")
			}
		}
	}
	// The API server removes deleted pods once they have finished and
	// have no finalizer.
	e.pods = slices.DeleteFunc(e.pods, func(sp *simPod) bool {
		return sp.pod.ObjectMeta.DeletionTimestamp != nil && len(sp.pod.ObjectMeta.Finalizers) == 0 && sp.done
	})
	if d.UpdateStatus {
		e.job.Status = d.Status
	}
	return nil
}

// draw returns the random source of the n-th container run of index: the
// same for the same seed, whatever the order in which processes end.
func (e *engine) draw(index, n int) *rand.Rand {
	return rand.New(rand.NewPCG(e.cfg.seed, uint64(uint32(index))<<32|uint64(n)))
}

// create names a pod as the API server would, puts it on this machine and
// starts it as the kubelet would.
func (e *engine) create(p *core.Pod) error {
	e.seq++
	r := rand.New(rand.NewPCG(e.cfg.seed, uint64(e.seq)))
	pod := p.DeepCopy()
	pod.ObjectMeta.Name = generatedName(pod.ObjectMeta.GenerateName, r)
	pod.ObjectMeta.UID = meta.UID(randomUUID(r))
	now := e.now()
	pod.ObjectMeta.CreationTimestamp = meta.NewTime(now)
	if pod.Spec.NodeName == "" {
		pod.Spec.NodeName = e.cfg.nodeName
	}
	plans, errs := planContainers(pod, e.configMaps)
	if len(errs) > 0 {
		return &errSimulation{errs}
	}
	sp := &simPod{pod: pod, index: controller.CompletionIndex(pod), created: now}
	label := "pod " + pod.ObjectMeta.Name
	if sp.index >= 0 {
		label = "index " + strconv.Itoa(sp.index)
	}
	for i, c := range pod.Spec.InitContainers {
		sp.inits = append(sp.inits, &container{
			a:       &attempt{index: sp.index, label: label, pod: pod, container: c.Name, plan: plans.inits[i]},
			sidecar: restartPolicyOf(&c) == string(core.RestartPolicyAlways),
		})
	}
	for i, c := range pod.Spec.Containers {
		sp.mains = append(sp.mains, &container{a: &attempt{index: sp.index, label: label, pod: pod, container: c.Name, plan: plans.mains[i]}})
	}
	e.pods = append(e.pods, sp)
	start := meta.NewTime(now)
	pod.Status.Phase = core.PodPending
	pod.Status.StartTime = &start
	pod.Status.HostIP, pod.Status.PodIP = "127.0.0.1", "127.0.0.1"
	e.writeStatus(sp)
	return e.advance(sp)
}

// generatedName appends five random characters to a generateName, as the
// API server does (cutting the prefix to 58 bytes).
func generatedName(prefix string, r *rand.Rand) string {
	if len(prefix) > 58 {
		prefix = prefix[:58]
	}
	return prefix + randomSuffix(r)
}

// restartPolicyOf reads a container's own restartPolicy.
func restartPolicyOf(c *core.Container) string {
	if c.RestartPolicy == nil {
		return ""
	}
	return string(*c.RestartPolicy)
}

// advance starts what comes next in sp: the next init containers in
// order (a sidecar starts and the next one follows at once; another init
// container must succeed first), then every main container.
func (e *engine) advance(sp *simPod) error {
	for sp.nextInit < len(sp.inits) {
		c := sp.inits[sp.nextInit]
		if c.running {
			return nil // a regular init container still runs
		}
		if err := e.launch(c); err != nil {
			return err
		}
		if !c.sidecar {
			e.writeStatus(sp)
			return nil
		}
		sp.nextInit++
	}
	for _, c := range sp.mains {
		if !c.running && !c.terminated {
			if err := e.launch(c); err != nil {
				return err
			}
		}
	}
	sp.pod.Status.Phase = core.PodRunning
	e.writeStatus(sp)
	return nil
}

// launch starts a run of c's container, or injects its failure.
func (e *engine) launch(c *container) error {
	a := c.a
	key := a.index
	if key < 0 {
		key = -1 - e.seqOf(a.pod)
	}
	e.runs[key]++
	a.started = e.cfg.clock.Now()
	c.running, c.terminated = true, false
	if e.cfg.failRate > 0 && e.draw(key, e.runs[key]).Float64() < e.cfg.failRate {
		e.injected = append(e.injected, exit{attempt: a, code: injectedExitCode, reason: "injected"})
		return nil
	}
	if err := e.cfg.runner.start(a); err != nil {
		return fmt.Errorf("%s: %w", a.label, err)
	}
	return nil
}

// seqOf is the position of a pod among those created.
func (e *engine) seqOf(p *core.Pod) int {
	for i, sp := range e.pods {
		if sp.pod == p {
			return i
		}
	}
	return 0
}

// handle plays the kubelet when a container exits: an init container that
// succeeded lets the next start; a failed one, or a main container that
// failed, restarts in its pod with restartPolicy OnFailure; a sidecar
// restarts; once every main container has ended, the sidecars are
// stopped and the pod Succeeded (every main container exited 0) or
// Failed.
func (e *engine) handle(ex exit) error {
	sp, c := e.containerOf(ex.attempt)
	if c == nil || !c.running || sp.done {
		return nil // a stopped container's exit
	}
	now := e.now()
	c.running = false
	c.exitCode = ex.code
	c.finishedAt = now
	onFailure := sp.pod.Spec.RestartPolicy == core.RestartPolicyOnFailure
	took := formatDuration(e.cfg.clock.Now().Sub(ex.attempt.started))
	switch {
	case c.sidecar:
		c.a.restarts++
		e.writeStatus(sp)
		return e.launch(c)
	case ex.code != 0 && onFailure:
		c.a.restarts++
		e.cfg.progress.note(fmt.Sprintf("%s %s; restarting the container (restart %d)", e.counts(), describeFailure(ex, took), c.a.restarts))
		e.writeStatus(sp)
		return e.launch(c)
	}
	c.terminated = true
	if slices.Contains(sp.inits, c) {
		if ex.code != 0 {
			e.finishPod(sp, core.PodFailed)
			e.cfg.progress.note(fmt.Sprintf("%s %s", e.counts(), describeFailure(ex, took)))
			return nil
		}
		sp.nextInit++
		return e.advance(sp)
	}
	for _, m := range sp.mains {
		if !m.terminated {
			e.writeStatus(sp)
			return nil
		}
	}
	phase := core.PodSucceeded
	for _, m := range sp.mains {
		if m.exitCode != 0 {
			phase = core.PodFailed
		}
	}
	e.finishPod(sp, phase)
	what := fmt.Sprintf("%s succeeded in %s", ex.attempt.label, took)
	if phase == core.PodFailed {
		what = describeFailure(ex, took)
	}
	if phase == core.PodSucceeded {
		e.cfg.progress.event(e.countsAfter(sp) + " " + what)
	} else {
		e.cfg.progress.note(e.countsAfter(sp) + " " + what)
	}
	return nil
}

// containerOf finds the pod and container of a.
func (e *engine) containerOf(a *attempt) (*simPod, *container) {
	for _, sp := range e.pods {
		for _, c := range sp.all() {
			if c.a == a {
				return sp, c
			}
		}
	}
	return nil, nil
}

// finishPod ends sp in phase: its sidecars are stopped, its runner state
// released.
func (e *engine) finishPod(sp *simPod, phase core.PodPhase) {
	var stop []*attempt
	for _, c := range sp.all() {
		if c.running {
			stop = append(stop, c.a)
			c.running, c.terminated, c.exitCode, c.finishedAt = false, true, 0, e.now()
			if !c.sidecar {
				c.exitCode = 143
			}
		}
	}
	if len(stop) > 0 {
		e.cfg.runner.stop(stop)
	}
	e.dropInjected(sp)
	for _, c := range sp.all() {
		e.release(c)
	}
	sp.done = true
	sp.pod.Status.Phase = phase
	e.writeStatus(sp)
}

// terminate stops a deleted pod's containers: it ends Failed.
func (e *engine) terminate(sp *simPod, why string) {
	var stop []*attempt
	for _, c := range sp.all() {
		if c.running {
			stop = append(stop, c.a)
			c.running, c.terminated, c.exitCode, c.finishedAt = false, true, 137, e.now()
		}
	}
	if len(stop) > 0 {
		e.cfg.runner.stop(stop)
	}
	e.dropInjected(sp)
	for _, c := range sp.all() {
		e.release(c)
	}
	sp.done = true
	sp.pod.Status.Phase = core.PodFailed
	e.writeStatus(sp)
}

// release tells the runner once that c will not run again.
func (e *engine) release(c *container) {
	if !c.released {
		c.released = true
		e.cfg.runner.release(c.a)
	}
}

// dropInjected forgets the injected failures of sp's containers.
func (e *engine) dropInjected(sp *simPod) {
	e.injected = slices.DeleteFunc(e.injected, func(ex exit) bool { return ex.attempt.pod == sp.pod })
}

// stopAll stops every running container and returns how many there were.
func (e *engine) stopAll() int {
	var stop []*attempt
	for _, sp := range e.pods {
		for _, c := range sp.all() {
			if c.running {
				stop = append(stop, c.a)
				c.running = false
			}
		}
	}
	e.injected = nil
	e.cfg.runner.stop(stop)
	for _, sp := range e.pods {
		for _, c := range sp.all() {
			e.release(c)
		}
	}
	return len(stop)
}

// writeStatus writes the pod status the kubelet would report: phase,
// the Ready condition, and the state of every container.
func (e *engine) writeStatus(sp *simPod) {
	statuses := func(cs []*container, specs []core.Container) []core.ContainerStatus {
		var out []core.ContainerStatus
		for i, c := range cs {
			s := core.ContainerStatus{Name: c.a.container, RestartCount: int32(c.a.restarts), Image: specs[i].Image}
			started := meta.NewTime(c.a.started.Add(e.skew))
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
			out = append(out, s)
		}
		return out
	}
	ready := sp.pod.Status.Phase == core.PodRunning
	for _, c := range sp.mains {
		ready = ready && c.running
	}
	readyStatus := core.ConditionFalse
	if ready {
		readyStatus = core.ConditionTrue
	}
	st := &sp.pod.Status
	if c := findPodCondition(st, core.PodReady); c == nil || c.Status != readyStatus {
		st.Conditions = slices.DeleteFunc(st.Conditions, func(c core.PodCondition) bool { return c.Type == core.PodReady })
		st.Conditions = append(st.Conditions, core.PodCondition{Type: core.PodReady, Status: readyStatus, LastTransitionTime: meta.NewTime(e.now())})
	}
	st.ContainerStatuses = statuses(sp.mains, sp.pod.Spec.Containers)
	st.InitContainerStatuses = statuses(sp.inits, sp.pod.Spec.InitContainers)
}

// findPodCondition returns the condition of type t, or nil.
func findPodCondition(st *core.PodStatus, t core.PodConditionType) *core.PodCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

// describeFailure says how a container run failed.
func describeFailure(ex exit, took string) string {
	how := fmt.Sprintf("%s failed with exit code %d", ex.attempt.label, ex.code)
	if ex.attempt.pod != nil && len(ex.attempt.pod.Spec.Containers)+len(ex.attempt.pod.Spec.InitContainers) > 1 {
		how = fmt.Sprintf("%s: container %s failed with exit code %d", ex.attempt.label, ex.attempt.container, ex.code)
	}
	if ex.reason != "" {
		how += " (" + ex.reason + ")"
	}
	return how + " in " + took
}

// counts is the progress prefix: "[3/10 complete, 2 running]", from the
// Job's status.
func (e *engine) counts() string {
	st := e.job.Status
	total := "?"
	if c := e.job.Spec.Completions; c != nil {
		total = strconv.Itoa(int(*c))
	}
	return fmt.Sprintf("[%d/%s complete, %d running]", st.Succeeded, total, st.Active)
}

// countsAfter is the progress prefix once the controller has seen sp
// finish: what the next sync will report.
func (e *engine) countsAfter(sp *simPod) string {
	d := controller.Sync(e.job, e.podList(), e.now(), e.backoff)
	if d.Skipped != "" {
		return e.counts()
	}
	total := "?"
	if c := e.job.Spec.Completions; c != nil {
		total = strconv.Itoa(int(*c))
	}
	active := d.Status.Active - int32(len(d.Create))
	return fmt.Sprintf("[%d/%s complete, %d running]", d.Status.Succeeded, total, active)
}

// finish reports the end of the Job.
func (e *engine) finish() simulationResult {
	st := e.job.Status
	var final jobapi.JobConditionType
	for _, c := range st.Conditions {
		if (c.Type == jobapi.JobComplete || c.Type == jobapi.JobFailed) && c.Status == jobapi.ConditionTrue {
			final = c.Type
			if c.Type == jobapi.JobFailed {
				e.cfg.progress.note(fmt.Sprintf("%s the Job failed: %s: %s", e.counts(), c.Reason, c.Message))
			}
		}
	}
	e.stopAll()
	return simulationResult{status: st, finished: final}
}

// randomSuffix returns five characters as the API server appends to a
// generateName.
func randomSuffix(r *rand.Rand) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	b := make([]byte, 5)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// randomUUID returns a version 4 UUID drawn from r.
func randomUUID(r *rand.Rand) string {
	var b [16]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// formatDuration prints d in seconds with one decimal: "0.2s".
func formatDuration(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
}

// isSimulationError reports whether err is about the simulation itself.
func isSimulationError(err error) (field.ErrorList, bool) {
	var se *errSimulation
	if errors.As(err, &se) {
		return se.errs, true
	}
	return nil, false
}
