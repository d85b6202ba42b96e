package kubelet

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Exit is how a run of a container ended.
type Exit struct {
	Container *Container
	// Code is the exit code; 128+N for a process killed by signal N.
	Code int
	// Reason says why, when the container did not decide it: "injected"
	// (Config.FailRate), "StartError: ..." (a command that could not
	// start, with Code 128).
	Reason string
}

// WaitResult says why [Runner.Wait] returned.
type WaitResult int

const (
	// Exited: a container exited.
	Exited WaitResult = iota
	// DeadlineReached: the deadline passed first.
	DeadlineReached
	// Canceled: the context was canceled first.
	Canceled
)

// Runner runs containers for [RunJob], which calls it from one goroutine.
type Runner interface {
	// Start starts a run of container c, whose end Wait reports. An
	// error means the run of the Job cannot go on (not that the command
	// failed: that is an exit).
	Start(c *Container) error
	// Wait returns the next container to exit, or says why it returned
	// without one. A zero deadline means none.
	Wait(ctx context.Context, deadline time.Time) (Exit, WaitResult)
	// Stop terminates the running containers cs and returns once they
	// are gone; their exits are not reported.
	Stop(cs []*Container)
	// Release says that c will not run again (its pod has finished), so
	// that what the runner keeps for it can go.
	Release(c *Container)
}

// EventType says what an [Event] reports.
type EventType int

const (
	// PodSucceeded: the container's exit ended its pod, Succeeded.
	PodSucceeded EventType = iota
	// PodFailed: the container's exit ended its pod, Failed.
	PodFailed
	// ContainerRestarted: the container failed and restarts in its pod
	// (restartPolicy OnFailure).
	ContainerRestarted
	// JobFailed: the Job has failed; Condition says why.
	JobFailed
)

// Event is a step of [RunJob] worth reporting.
type Event struct {
	Type EventType
	// Exit is the exit that caused the event (not for JobFailed).
	Exit Exit
	// Took is how long the run of the container took, by Config.Now.
	Took time.Duration
	// Succeeded and Active are the Job's counts once the controller has
	// seen the event.
	Succeeded, Active int32
	// Condition is the Job's Failed condition, for JobFailed.
	Condition *jobapi.JobCondition
}

// InjectedExitCode is the exit code of a failure Config.FailRate injects:
// a container killed by SIGKILL, as when it runs out of memory.
const InjectedExitCode = ExitCodeKilled

// Config is how [RunJob] runs a Job, beyond the Job.
type Config struct {
	// Runner runs the containers; it is required.
	Runner Runner
	// Now tells the time; nil: time.Now.
	Now func() time.Time
	// ConfigMaps are the ConfigMaps the pods may mount, by name, in the
	// Job's namespace.
	ConfigMaps map[string]*worklist.ConfigMap
	// Parallelism, when positive, replaces spec.parallelism.
	Parallelism int
	// FailRate is the probability that a run of a container fails with
	// InjectedExitCode instead of starting, decided by Seed, the
	// completion index (or the pod, for a NonIndexed Job) and the run
	// alone, so that it does not depend on the order of exits.
	FailRate float64
	// Seed seeds FailRate and the pods' generated names and uids.
	Seed uint64
	// NodeName is the spec.nodeName of the pods.
	NodeName string
	// SkipBackoffWait moves the clock past the pod failure backoff at once
	// instead of waiting it out (the Job's activeDeadlineSeconds is still
	// waited for).
	SkipBackoffWait bool
	// OnEvent, when set, is called with each event.
	OnEvent func(Event)
}

// Result is how a run of a Job ended.
type Result struct {
	// Status is the Job's status as Kubernetes would report it.
	Status jobapi.JobStatus
	// Finished is JobComplete or JobFailed, or "" when the context was
	// canceled first.
	Finished jobapi.JobConditionType
	// Interrupted is how many running containers were stopped when the
	// context was canceled.
	Interrupted int
}

// Error is a Job, or a pod of it, that cannot be run this way; Errs have
// field paths from the Job's root.
type Error struct {
	Errs field.ErrorList
}

// Error returns the errors, joined as field.ErrorList.ToAggregate joins them.
func (e *Error) Error() string { return e.Errs.ToAggregate().Error() }

// RunJob runs job on a node whose containers cfg.Runner runs, until the
// Job is Complete or Failed or ctx is canceled. The decisions are the Job
// controller's ([controller.Sync]); RunJob carries them out and plays the
// API server and the kubelet: each pod to create is named from its
// generateName and given a uid as the API server would
// ([jobapi.NameFromGenerateName], a random UUID; drawn from cfg.Seed), bound to cfg.NodeName, and run through a [Pod]; deleted pods
// are stopped and removed once finished without finalizers; the Job's
// status is written as the controller decides. A failed pod is replaced
// only after the pod failure backoff, which RunJob waits out on cfg.Now
// (see Config.SkipBackoffWait).
//
// job must have passed create-time processing and validation
// ([jobapi.PrepareForCreate], [jobapi.Validate]); RunJob changes it. A Job
// that is suspended, managed by another controller or has parallelism 0
// (without Config.Parallelism), or whose pods cannot be planned
// ([PlanPod]), is refused with an [*Error] before anything runs; an
// [*Error] may also come later, from a pod that cannot be planned. An
// error of the Runner's Start is returned as it is.
func RunJob(ctx context.Context, job *jobapi.Job, cfg Config) (Result, error) {
	d, err := newDriver(job, cfg)
	if err != nil {
		return Result{}, err
	}
	return d.run(ctx)
}

// driver carries out the controller's decisions for one Job.
type driver struct {
	cfg     Config
	job     *jobapi.Job
	pods    []*runPod
	backoff controller.Backoff
	skew    time.Duration // how far SkipBackoffWait moved the clock
	// injected are injected failures not yet handled.
	injected []Exit
	runs     map[int]int // container runs started per index (or pod), for FailRate
	seq      int
}

// runPod is a pod of the run and what the driver keeps of it.
type runPod struct {
	*Pod
	index    int // the completion index, -1 for a NonIndexed Job
	seq      int // its position among the pods created
	released bool
	clock    map[*Container]time.Time // when each run started, by Config.Now
}

// templateSpecPath is the field path of the pod spec in the Job: errors
// name the field the user wrote.
var templateSpecPath = field.NewPath("spec", "template", "spec")

func newDriver(job *jobapi.Job, cfg Config) (*driver, error) {
	if cfg.Runner == nil {
		return nil, errors.New("kubelet: Config.Runner must be set")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	spec := &job.Spec
	sPath := field.NewPath("spec")
	var errs field.ErrorList
	if spec.Suspend != nil && *spec.Suspend {
		errs = append(errs, field.Invalid(sPath.Child("suspend"), true, "must be false to simulate: a suspended Job starts no pod"))
	}
	if m := spec.ManagedBy; m != nil && *m != controller.ControllerName {
		errs = append(errs, field.Invalid(sPath.Child("managedBy"), *m, "must be unset or '"+controller.ControllerName+"' to simulate: another controller manages this Job"))
	}
	if cfg.Parallelism > 0 {
		p := int32(cfg.Parallelism)
		spec.Parallelism = &p
	} else if spec.Parallelism == nil || *spec.Parallelism == 0 {
		errs = append(errs, field.Invalid(sPath.Child("parallelism"), 0,
			"must be greater than 0 to simulate (or give --parallelism): with 0 no pod ever starts"))
	}
	if len(errs) > 0 {
		return nil, &Error{errs}
	}
	// A pod that cannot run here cannot run at any index: say so before
	// anything starts.
	first := controller.Sync(job, nil, cfg.Now(), controller.Backoff{})
	if len(first.Create) > 0 {
		if _, errs := planPod(first.Create[0], cfg.ConfigMaps, templateSpecPath); len(errs) > 0 {
			return nil, &Error{errs}
		}
	}
	return &driver{cfg: cfg, job: job, runs: map[int]int{}}, nil
}

// now is the run's time: the clock's, moved on by SkipBackoffWait.
func (d *driver) now() time.Time { return d.cfg.Now().Add(d.skew) }

func (d *driver) run(ctx context.Context) (Result, error) {
	for {
		dec := controller.Sync(d.job, d.podList(), d.now(), d.backoff)
		if dec.Skipped != "" {
			return Result{}, fmt.Errorf("the Job controller skips the Job: %s", dec.Skipped)
		}
		d.backoff = dec.Backoff
		if err := d.apply(dec); err != nil {
			d.stopAll()
			return Result{}, err
		}
		if controller.IsFinished(d.job) {
			return d.finish(), nil
		}
		if dec.UpdateStatus || len(dec.Create)+len(dec.Delete)+len(dec.RemoveFinalizer) > 0 {
			continue // sync again on what changed
		}
		var deadline time.Time
		if dec.RequeueAfter > 0 {
			if d.cfg.SkipBackoffWait && !d.isActiveDeadline(dec.RequeueAfter) {
				d.skew += dec.RequeueAfter
				continue
			}
			deadline = d.cfg.Now().Add(dec.RequeueAfter)
		}
		ex, res, idle := d.next(ctx, deadline)
		switch {
		case idle:
			return Result{}, errors.New("internal error: no pod is running and the Job has not finished")
		case res == Canceled:
			n := d.stopAll()
			st := d.job.Status
			zero, zero2 := int32(0), int32(0)
			st.Active, st.Ready, st.Terminating = 0, &zero, &zero2
			return Result{Status: st, Interrupted: n}, nil
		case res == DeadlineReached:
			continue
		}
		if err := d.handle(ex); err != nil {
			d.stopAll()
			return Result{}, err
		}
	}
}

// isActiveDeadline reports whether a requeue after dur is the Job's
// activeDeadlineSeconds passing, which SkipBackoffWait must not skip.
func (d *driver) isActiveDeadline(dur time.Duration) bool {
	ads, st := d.job.Spec.ActiveDeadlineSeconds, d.job.Status.StartTime
	if ads == nil || st == nil {
		return false
	}
	return !d.now().Add(dur).Before(st.Time.Add(time.Duration(*ads) * time.Second))
}

// next returns the next container exit, an injected one first; idle
// reports that nothing runs and nothing is awaited.
func (d *driver) next(ctx context.Context, deadline time.Time) (ex Exit, res WaitResult, idle bool) {
	if ctx.Err() != nil {
		return Exit{}, Canceled, false
	}
	if len(d.injected) > 0 {
		ex := d.injected[0]
		d.injected = d.injected[1:]
		return ex, Exited, false
	}
	if deadline.IsZero() && !d.anyRunning() {
		return Exit{}, 0, true
	}
	ex, res = d.cfg.Runner.Wait(ctx, deadline)
	return ex, res, false
}

// anyRunning reports whether a container runs.
func (d *driver) anyRunning() bool {
	for _, rp := range d.pods {
		for _, c := range rp.Containers() {
			if c.running {
				return true
			}
		}
	}
	return false
}

// podList is what the controller's informer sees.
func (d *driver) podList() []*core.Pod {
	out := make([]*core.Pod, len(d.pods))
	for i, rp := range d.pods {
		out[i] = rp.pod
	}
	return out
}

// find returns the pod with uid.
func (d *driver) find(uid meta.UID) *runPod {
	for _, rp := range d.pods {
		if rp.pod.ObjectMeta.UID == uid {
			return rp
		}
	}
	return nil
}

// apply carries out a decision: pods created (and started), finalizers
// removed, pods deleted (stopped), the status written.
func (d *driver) apply(dec controller.Decision) error {
	for _, p := range dec.Create {
		if err := d.create(p); err != nil {
			return err
		}
	}
	for _, p := range dec.RemoveFinalizer {
		if rp := d.find(p.ObjectMeta.UID); rp != nil {
			rp.pod.ObjectMeta.Finalizers = slices.DeleteFunc(slices.Clone(rp.pod.ObjectMeta.Finalizers), func(f string) bool { return f == jobapi.JobTrackingFinalizer })
		}
	}
	for _, p := range dec.Delete {
		if rp := d.find(p.ObjectMeta.UID); rp != nil && rp.pod.ObjectMeta.DeletionTimestamp == nil {
			now := d.now()
			ts := meta.NewTime(now)
			rp.pod.ObjectMeta.DeletionTimestamp = &ts
			if !rp.done {
				// Runner.Stop reports no exit, and a process may outlive
				// the grace period: the status reports the containers
				// killed.
				d.stopPod(rp, rp.Delete(now, ExitCodeKilled))
			}
		}
	}
	// The API server removes deleted pods once they have finished and
	// have no finalizer.
	d.pods = slices.DeleteFunc(d.pods, func(rp *runPod) bool {
		return rp.pod.ObjectMeta.DeletionTimestamp != nil && len(rp.pod.ObjectMeta.Finalizers) == 0 && rp.done
	})
	if dec.UpdateStatus {
		d.job.Status = dec.Status
	}
	return nil
}

// create names a pod as the API server would, binds it to the node and
// starts it as the kubelet would.
func (d *driver) create(p *core.Pod) error {
	d.seq++
	// The pod's randomness: its own stream of the seed, whatever the
	// order in which other pods were named.
	var seed [32]byte
	binary.LittleEndian.PutUint64(seed[:8], d.cfg.Seed)
	binary.LittleEndian.PutUint64(seed[8:16], uint64(d.seq))
	random := rand.NewChaCha8(seed)
	pod := p.DeepCopy()
	name, err := jobapi.NameFromGenerateName(pod.ObjectMeta.GenerateName, random)
	if err != nil {
		return err
	}
	uid, err := uuid.NewRandomFromReader(random)
	if err != nil {
		return err
	}
	pod.ObjectMeta.Name, pod.ObjectMeta.UID = name, meta.UID(uid.String())
	now := d.now()
	pod.ObjectMeta.CreationTimestamp = meta.NewTime(now)
	if pod.Spec.NodeName == "" {
		pod.Spec.NodeName = d.cfg.NodeName
	}
	kp, errs := newPod(pod, d.cfg.ConfigMaps, templateSpecPath)
	if len(errs) > 0 {
		return &Error{errs}
	}
	rp := &runPod{Pod: kp, index: controller.CompletionIndex(pod), seq: len(d.pods), clock: map[*Container]time.Time{}}
	d.pods = append(d.pods, rp)
	return d.launch(rp, kp.Start(now))
}

// launch starts the runs of cs, or injects their failure.
func (d *driver) launch(rp *runPod, cs []*Container) error {
	for _, c := range cs {
		key := rp.index
		if key < 0 {
			key = -1 - rp.seq
		}
		d.runs[key]++
		rp.clock[c] = d.cfg.Now()
		if d.cfg.FailRate > 0 && d.draw(key, d.runs[key]).Float64() < d.cfg.FailRate {
			d.injected = append(d.injected, Exit{Container: c, Code: InjectedExitCode, Reason: "injected"})
			continue
		}
		if err := d.cfg.Runner.Start(c); err != nil {
			return err
		}
	}
	return nil
}

// draw returns the random source of the n-th container run of index: the
// same for the same seed, whatever the order in which containers end.
func (d *driver) draw(index, n int) *rand.Rand {
	return rand.New(rand.NewPCG(d.cfg.Seed, uint64(uint32(index))<<32|uint64(n)))
}

// handle plays the kubelet when a container exits (Pod.Exited), carries
// out what follows and reports it.
func (d *driver) handle(ex Exit) error {
	rp := d.podOf(ex.Container)
	if rp == nil {
		return nil // the exit of a pod that is gone
	}
	took := d.cfg.Now().Sub(rp.clock[ex.Container])
	t := rp.Exited(ex.Container, ex.Code, d.now())
	if t.Finished {
		d.stopPod(rp, t.Stop)
		typ := PodSucceeded
		if rp.pod.Status.Phase == core.PodFailed {
			typ = PodFailed
		}
		// An init container's failure is reported with the counts the
		// Job has; a main container's with those the controller will
		// report once it has seen the pod finish.
		d.event(typ, ex, took, !ex.Container.init)
		return nil
	}
	if t.Restarted && !ex.Container.sidecar {
		d.event(ContainerRestarted, ex, took, false)
	}
	return d.launch(rp, t.Start)
}

// podOf finds the pod of c among those of the run.
func (d *driver) podOf(c *Container) *runPod {
	if c == nil {
		return nil
	}
	for _, rp := range d.pods {
		if rp.Pod == c.pod {
			return rp
		}
	}
	return nil
}

// event reports an event; after says whether the counts are those the
// controller will report once it has seen the event.
func (d *driver) event(typ EventType, ex Exit, took time.Duration, after bool) {
	if d.cfg.OnEvent == nil {
		return
	}
	e := Event{Type: typ, Exit: ex, Took: took, Succeeded: d.job.Status.Succeeded, Active: d.job.Status.Active}
	if after {
		dec := controller.Sync(d.job, d.podList(), d.now(), d.backoff)
		if dec.Skipped == "" {
			e.Succeeded, e.Active = dec.Status.Succeeded, dec.Status.Active-int32(len(dec.Create))
		}
	}
	d.cfg.OnEvent(e)
}

// stopPod stops the containers of a finished pod and releases them all.
func (d *driver) stopPod(rp *runPod, stop []*Container) {
	if len(stop) > 0 {
		d.cfg.Runner.Stop(stop)
	}
	d.injected = slices.DeleteFunc(d.injected, func(ex Exit) bool { return ex.Container.pod == rp.Pod })
	d.release(rp)
}

// release tells the runner once that the containers of rp will not run
// again.
func (d *driver) release(rp *runPod) {
	if rp.released {
		return
	}
	rp.released = true
	for _, c := range rp.Containers() {
		d.cfg.Runner.Release(c)
	}
}

// stopAll stops every running container and returns how many there were.
func (d *driver) stopAll() int {
	var stop []*Container
	for _, rp := range d.pods {
		stop = append(stop, rp.abandon()...)
	}
	d.injected = nil
	d.cfg.Runner.Stop(stop)
	for _, rp := range d.pods {
		d.release(rp)
	}
	return len(stop)
}

// finish reports the end of the Job.
func (d *driver) finish() Result {
	st := d.job.Status
	var final jobapi.JobConditionType
	for i, c := range st.Conditions {
		if (c.Type == jobapi.JobComplete || c.Type == jobapi.JobFailed) && c.Status == jobapi.ConditionTrue {
			final = c.Type
			if c.Type == jobapi.JobFailed && d.cfg.OnEvent != nil {
				d.cfg.OnEvent(Event{Type: JobFailed, Succeeded: st.Succeeded, Active: st.Active, Condition: &st.Conditions[i]})
			}
		}
	}
	d.stopAll()
	return Result{Status: st, Finished: final}
}
