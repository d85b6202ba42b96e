package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/scoreboard"
)

// This file is the simulated Job controller: it decides which index runs
// when, counts failures as Kubernetes does and computes the Job's status.
// Processes are a runner's business and time is a clock's, so that tests
// drive the controller with a fake runner and a fake clock.

// clock tells the time.
type clock interface {
	Now() time.Time
}

// realClock is the system clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// attempt is one run of a pod's container for an index. A container that
// is restarted in its pod (restartPolicy OnFailure) keeps its attempt.
type attempt struct {
	index    int
	pod      *jobapi.Pod
	plan     *podPlan
	restarts int       // container restarts of this pod so far
	started  time.Time // when this run of the container started
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

// Condition reasons and messages, as Kubernetes' Job controller writes
// them.
const (
	reasonCompletionsReached       = "CompletionsReached"
	messageCompletionsReached      = "Reached expected number of succeeded pods"
	reasonBackoffLimitExceeded     = "BackoffLimitExceeded"
	messageBackoffLimitExceeded    = "Job has reached the specified backoff limit"
	reasonDeadlineExceeded         = "DeadlineExceeded"
	messageDeadlineExceeded        = "Job was active longer than specified deadline"
	reasonMaxFailedIndexesExceeded = "MaxFailedIndexesExceeded"
	messageMaxFailedIndexes        = "Job has exceeded the specified maximal number of failed indexes"
	reasonFailedIndexes            = "FailedIndexes"
	messageFailedIndexes           = "Job has failed indexes"
)

// indexFailureCountAnnotation is the annotation in which Kubernetes tells
// a pod of a Job with backoffLimitPerIndex how often its index failed.
const indexFailureCountAnnotation = "batch.kubernetes.io/job-index-failure-count"

// injectedExitCode is the exit code of a failure --fail-rate injects: a
// container killed by SIGKILL, as when it runs out of memory.
const injectedExitCode = 137

// engineConfig is how the engine runs, beyond the Job.
type engineConfig struct {
	parallelism int     // pods at once; 0: spec.parallelism
	failRate    float64 // probability that a container run fails before it starts
	seed        uint64  // seeds fault injection and pod names
	nodeName    string  // spec.nodeName of the pods: this machine
	clock       clock
	runner      runner
	progress    *progress
}

// engine simulates the Job controller for one Indexed Job.
type engine struct {
	cfg        engineConfig
	job        *jobapi.Job
	configMaps map[string]*worklist.ConfigMap

	completions      int
	parallelism      int
	backoffLimit     int32
	perIndex         *int32 // backoffLimitPerIndex
	maxFailedIndexes *int32
	onFailure        bool // restartPolicy OnFailure: containers restart in their pod

	sb *scoreboard.Scoreboard
	// Indexes that failed for good (backoffLimitPerIndex) stay Running in
	// sb, so that Next never offers them again; failedIndexes says which,
	// and Next is asked for parallelism + len(failedIndexes).
	failedIndexes  []int
	indexFailures  map[int]int // failed pods per index
	indexAttempts  map[int]int // container runs started per index
	active         map[int]*attempt
	activeRestarts int    // container restarts of the active pods
	injected       []exit // injected failures not yet handled
	status         jobapi.JobStatus
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
	if m := spec.CompletionMode; m == nil || *m != jobapi.IndexedCompletion {
		got := string(jobapi.NonIndexedCompletion)
		if m != nil {
			got = string(*m)
		}
		errs = append(errs, withDetail(field.NotSupported(sPath.Child("completionMode"), got, []jobapi.CompletionMode{jobapi.IndexedCompletion}),
			"simulate runs Indexed Jobs, whose pods each get a completion index; set `completionMode: Indexed`"))
	}
	if spec.Suspend != nil && *spec.Suspend {
		errs = append(errs, field.Invalid(sPath.Child("suspend"), true, "must be false to simulate: a suspended Job starts no pod"))
	}
	parallelism := cfg.parallelism
	if parallelism == 0 {
		if spec.Parallelism != nil {
			parallelism = int(*spec.Parallelism)
		}
		if parallelism == 0 {
			errs = append(errs, field.Invalid(sPath.Child("parallelism"), parallelism,
				"must be greater than 0 to simulate (or give --parallelism): with 0 no pod ever starts"))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	e := &engine{
		cfg:              cfg,
		job:              job,
		configMaps:       configMaps,
		completions:      int(*spec.Completions),
		parallelism:      parallelism,
		backoffLimit:     6,
		perIndex:         spec.BackoffLimitPerIndex,
		maxFailedIndexes: spec.MaxFailedIndexes,
		onFailure:        spec.Template.Spec.RestartPolicy == jobapi.RestartPolicyOnFailure,
		indexFailures:    map[int]int{},
		indexAttempts:    map[int]int{},
		active:           map[int]*attempt{},
	}
	if spec.BackoffLimit != nil {
		e.backoffLimit = *spec.BackoffLimit
	} else if spec.BackoffLimitPerIndex != nil {
		e.backoffLimit = math.MaxInt32
	}
	e.sb = scoreboard.New(e.completions)
	// A pod that cannot run here cannot run at any index: say so before
	// anything starts.
	if e.completions > 0 {
		pod, err := e.newPod(0)
		if err != nil {
			if errs := field.AsErrorList(err); len(errs) > 0 {
				return nil, errs
			}
			return nil, field.ErrorList{field.InternalError(sPath.Child("template"), err)}
		}
		if _, errs := planPod(pod, configMaps); len(errs) > 0 {
			return nil, errs
		}
	}
	return e, nil
}

// warnings lists what the Job asks for that the simulation does not do.
func (e *engine) warnings() []string {
	spec := &e.job.Spec
	var w []string
	if spec.PodFailurePolicy != nil {
		w = append(w, "`spec.podFailurePolicy` is not simulated: every failure counts toward the backoff limits")
	}
	if spec.SuccessPolicy != nil {
		w = append(w, "`spec.successPolicy` is not simulated: the Job completes when every index has succeeded")
	}
	tspec := &spec.Template.Spec
	if len(tspec.InitContainers) > 0 {
		w = append(w, "`spec.template.spec.initContainers` are not run: simulate runs `containers[0]` only")
	}
	if len(tspec.Containers) > 1 {
		w = append(w, fmt.Sprintf("`spec.template.spec.containers[1]` and later (%d containers) are not run: simulate runs `containers[0]` only", len(tspec.Containers)-1))
	}
	return w
}

// run simulates the Job until it is Complete or Failed, or ctx is
// canceled, and returns its status as Kubernetes would report it.
func (e *engine) run(ctx context.Context) (simulationResult, error) {
	start := e.cfg.clock.Now()
	startTime := jobapi.NewTime(start)
	e.status.StartTime = &startTime
	var deadline time.Time
	if ads := e.job.Spec.ActiveDeadlineSeconds; ads != nil {
		deadline = start.Add(time.Duration(*ads) * time.Second)
	}
	for {
		if e.sb.Count(scoreboard.Complete) == e.completions {
			return e.finish(jobapi.JobComplete, reasonCompletionsReached, messageCompletionsReached), nil
		}
		if err := e.startPods(); err != nil {
			e.stopActive()
			return simulationResult{}, err
		}
		ex, res := e.next(ctx, deadline)
		switch res {
		case waitCanceled:
			n := len(e.active)
			e.stopActive()
			e.active = map[int]*attempt{}
			e.status.Active = 0
			return simulationResult{status: e.finalStatus(), interrupted: n}, nil
		case waitDeadline:
			e.cfg.progress.note(fmt.Sprintf("%s the Job failed: it was active longer than activeDeadlineSeconds (%d)", e.counts(), *e.job.Spec.ActiveDeadlineSeconds))
			return e.fail(reasonDeadlineExceeded, messageDeadlineExceeded), nil
		case waitIdle:
			return simulationResult{}, errors.New("internal error: no pod is running and the Job has not finished")
		}
		if e.active[ex.attempt.index] != ex.attempt {
			continue // a stopped container's exit; not expected
		}
		r, done, err := e.handle(ex)
		if err != nil {
			e.stopActive()
			return simulationResult{}, err
		}
		if done {
			return r, nil
		}
	}
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
	if len(e.active) == 0 {
		// Not reachable: an unfinished Job always has a pod to wait for.
		return exit{}, waitIdle
	}
	return e.cfg.runner.wait(ctx, deadline)
}

// startPods starts a pod for each index the scoreboard offers.
func (e *engine) startPods() error {
	for _, ix := range e.sb.Next(e.parallelism + len(e.failedIndexes)) {
		pod, err := e.newPod(ix)
		if err != nil {
			return fmt.Errorf("index %d: %w", ix, err)
		}
		plan, errs := planPod(pod, e.configMaps)
		if len(errs) > 0 {
			return &errSimulation{errs}
		}
		a := &attempt{index: ix, pod: pod, plan: plan}
		if err := e.sb.Set(ix, scoreboard.Running); err != nil {
			return fmt.Errorf("index %d: %w", ix, err)
		}
		e.active[ix] = a
		e.status.Active = int32(len(e.active))
		if err := e.launch(a); err != nil {
			return err
		}
	}
	return nil
}

// launch starts a run of a's container, or injects its failure.
func (e *engine) launch(a *attempt) error {
	e.indexAttempts[a.index]++
	a.started = e.cfg.clock.Now()
	if e.cfg.failRate > 0 && e.draw(a.index, e.indexAttempts[a.index]).Float64() < e.cfg.failRate {
		e.injected = append(e.injected, exit{attempt: a, code: injectedExitCode, reason: "injected"})
		return nil
	}
	if err := e.cfg.runner.start(a); err != nil {
		return fmt.Errorf("index %d: %w", a.index, err)
	}
	return nil
}

// draw returns the random source of the n-th run of index: the same for
// the same seed, whatever the order in which processes end.
func (e *engine) draw(index, n int) *rand.Rand {
	return rand.New(rand.NewPCG(e.cfg.seed, uint64(index)<<32|uint64(n)))
}

// newPod builds the pod of index as the Job controller and the API server
// would, with a name and uid of its own, on this machine.
func (e *engine) newPod(index int) (*jobapi.Pod, error) {
	pod, err := scoreboard.NewPod(e.job, index)
	if err != nil {
		return nil, err
	}
	// Kubernetes' Job controller sets the failure count of the index when
	// there is a per-index backoff limit.
	if e.perIndex != nil {
		pod.ObjectMeta.Annotations[indexFailureCountAnnotation] = strconv.Itoa(e.indexFailures[index])
	}
	r := e.draw(index, e.indexAttempts[index]+1)
	r.Float64() // the draw fault injection uses
	pod.ObjectMeta.Name = pod.ObjectMeta.GenerateName + randomSuffix(r)
	pod.ObjectMeta.UID = jobapi.UID(randomUUID(r))
	if pod.Spec.NodeName == "" {
		pod.Spec.NodeName = e.cfg.nodeName
	}
	now := jobapi.NewTime(e.cfg.clock.Now())
	pod.ObjectMeta.CreationTimestamp = now
	pod.Status.Phase = jobapi.PodRunning
	pod.Status.StartTime = &now
	pod.Status.HostIP, pod.Status.PodIP = "127.0.0.1", "127.0.0.1"
	return pod, nil
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

// handle records the exit of a container, starts its container again
// when it restarts in its pod, and reports whether the Job has finished.
func (e *engine) handle(ex exit) (simulationResult, bool, error) {
	a := ex.attempt
	took := formatDuration(e.cfg.clock.Now().Sub(a.started))
	var line string
	succeeded, retry := ex.code == 0, false
	switch {
	case succeeded:
		delete(e.active, a.index)
		e.status.Active = int32(len(e.active))
		e.activeRestarts -= a.restarts
		e.cfg.runner.release(a)
		_ = e.sb.Set(a.index, scoreboard.Complete) // a.index < completions
		line = fmt.Sprintf("index %d succeeded in %s", a.index, took)

	case e.onFailure:
		// The kubelet restarts the container in the same pod; the Job
		// fails once the restarts of its active pods reach backoffLimit.
		a.restarts++
		e.activeRestarts++
		line = describeFailure(a, ex, took)
		if limit := int(e.backoffLimit); (limit == 0 && e.activeRestarts > 0) || (limit > 0 && e.activeRestarts >= limit) {
			e.cfg.progress.note(fmt.Sprintf("%s %s; the Job failed: %d container restarts reach backoffLimit %d", e.counts(), line, e.activeRestarts, e.backoffLimit))
			return e.fail(reasonBackoffLimitExceeded, messageBackoffLimitExceeded), true, nil
		}
		e.cfg.progress.note(fmt.Sprintf("%s %s; restarting the container (restart %d)", e.counts(), line, a.restarts))
		return simulationResult{}, false, e.launch(a)

	default:
		// restartPolicy Never: the pod failed; a new one replaces it
		// unless its index has failed for good.
		delete(e.active, a.index)
		e.status.Active = int32(len(e.active))
		e.status.Failed++
		e.cfg.runner.release(a)
		e.indexFailures[a.index]++
		line = describeFailure(a, ex, took)
		if e.perIndex != nil && e.indexFailures[a.index] > int(*e.perIndex) {
			e.failedIndexes = append(e.failedIndexes, a.index) // stays Running in sb
			line += fmt.Sprintf("; the index failed (more than backoffLimitPerIndex %d failures)", *e.perIndex)
		} else {
			_ = e.sb.Set(a.index, scoreboard.NotStarted)
			retry = true
		}
	}
	if reason, message, why := e.failure(); reason != "" {
		e.cfg.progress.note(e.counts() + " " + line + "; the Job failed: " + why)
		return e.fail(reason, message), true, nil
	}
	switch {
	case succeeded:
		e.cfg.progress.event(e.counts() + " " + line)
	case retry:
		e.cfg.progress.note(e.counts() + " " + line + "; retrying")
	default:
		e.cfg.progress.note(e.counts() + " " + line)
	}
	return simulationResult{}, false, nil
}

// describeFailure says how a container run failed.
func describeFailure(a *attempt, ex exit, took string) string {
	how := fmt.Sprintf("index %d failed with exit code %d", a.index, ex.code)
	if ex.reason != "" {
		how += " (" + ex.reason + ")"
	}
	return how + " in " + took
}

// failure returns why the Job has failed, if it has, in the order
// Kubernetes' Job controller checks: more failed pods than backoffLimit,
// more failed indexes than maxFailedIndexes, every index succeeded or
// failed with some failed.
func (e *engine) failure() (reason, message, why string) {
	switch {
	case e.status.Failed > e.backoffLimit:
		return reasonBackoffLimitExceeded, messageBackoffLimitExceeded,
			fmt.Sprintf("%d failed pods exceed backoffLimit %d", e.status.Failed, e.backoffLimit)
	case e.maxFailedIndexes != nil && len(e.failedIndexes) > int(*e.maxFailedIndexes):
		return reasonMaxFailedIndexesExceeded, messageMaxFailedIndexes,
			fmt.Sprintf("%d failed indexes exceed maxFailedIndexes %d", len(e.failedIndexes), *e.maxFailedIndexes)
	case len(e.failedIndexes) > 0 && len(e.failedIndexes)+e.sb.Count(scoreboard.Complete) >= e.completions:
		return reasonFailedIndexes, messageFailedIndexes,
			fmt.Sprintf("every index has succeeded or failed, and %d failed (%s)", len(e.failedIndexes), e.failedIndexSet())
	}
	return "", "", ""
}

// failedIndexSet is the set of the indexes that failed for good.
func (e *engine) failedIndexSet() string {
	x, _ := scoreboard.IndexesOf(e.failedIndexes...) // indexes < completions
	return x.String()
}

// counts is the progress prefix: "[3/10 complete, 2 running]".
func (e *engine) counts() string {
	return fmt.Sprintf("[%d/%d complete, %d running]", e.sb.Count(scoreboard.Complete), e.completions, len(e.active))
}

// formatDuration prints d in seconds with one decimal: "0.2s".
func formatDuration(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
}

// stopActive stops the containers of the active pods and releases them.
func (e *engine) stopActive() {
	as := e.activeAttempts()
	e.cfg.runner.stop(as)
	for _, a := range as {
		e.cfg.runner.release(a)
	}
}

// activeAttempts lists the active pods, by index.
func (e *engine) activeAttempts() []*attempt {
	as := make([]*attempt, 0, len(e.active))
	for ix := range e.sb.Len() {
		if a, ok := e.active[ix]; ok {
			as = append(as, a)
		}
		if len(as) == len(e.active) {
			break
		}
	}
	return as
}

// fail finishes the Job as Failed: its active pods are stopped and, as in
// Kubernetes, counted as failed.
func (e *engine) fail(reason, message string) simulationResult {
	if len(e.active) > 0 {
		e.stopActive()
		e.status.Failed += int32(len(e.active))
		e.active = map[int]*attempt{}
		e.status.Active = 0
	}
	e.injected = nil
	return e.finish(jobapi.JobFailed, reason, message)
}

// finish adds the conditions Kubernetes adds when a Job finishes: first
// the interim one (SuccessCriteriaMet or FailureTarget), then the final
// one with the same reason and message.
func (e *engine) finish(final jobapi.JobConditionType, reason, message string) simulationResult {
	now := jobapi.NewTime(e.cfg.clock.Now())
	interim := jobapi.JobSuccessCriteriaMet
	if final == jobapi.JobFailed {
		interim = jobapi.JobFailureTarget
	} else {
		e.status.CompletionTime = &now
	}
	for _, t := range []jobapi.JobConditionType{interim, final} {
		e.status.Conditions = append(e.status.Conditions, jobapi.JobCondition{
			Type: t, Status: jobapi.ConditionTrue, LastProbeTime: now, LastTransitionTime: now,
			Reason: reason, Message: message,
		})
	}
	return simulationResult{status: e.finalStatus(), finished: final}
}

// finalStatus fills in the counters and index sets.
func (e *engine) finalStatus() jobapi.JobStatus {
	st := e.status
	st.Succeeded = int32(e.sb.Count(scoreboard.Complete))
	st.CompletedIndexes = e.sb.Completed().String()
	if e.perIndex != nil {
		s := e.failedIndexSet()
		st.FailedIndexes = &s
	}
	zero, zero2 := int32(0), int32(0)
	st.Ready, st.Terminating = &zero, &zero2
	st.UncountedTerminatedPods = &jobapi.UncountedTerminatedPods{}
	return st
}

// isSimulationError reports whether err is about the simulation itself.
func isSimulationError(err error) (field.ErrorList, bool) {
	var se *errSimulation
	if errors.As(err, &se) {
		return se.errs, true
	}
	return nil, false
}
