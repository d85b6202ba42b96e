// Package kubelet is a fake kubelet over the Kubernetes API for tests of
// Job controllers: it moves the pods of the Jobs it is told about through
// the status updates a kubelet makes, to outcomes a [Script] decides per
// completion index and attempt — an exit code, pod conditions such as
// DisruptionTarget, readiness while running — and finishes the pods that
// are deleted as a kubelet does.
//
// It computes no status of its own: each pod is converted with the bridge
// (conversion/k8sapi) and run through jobkit's model of a kubelet's pod,
// one jobapi/kubelet.Pod per pod uid, whose status it writes back. That
// model decides the phase, every container's state, exit code, restart
// count, started and ready flags and container ID, and the conditions a
// v1.36 kubelet reports (PodReadyToStartContainers, Initialized, Ready,
// ContainersReady and PodScheduled, with the kubelet's reasons and
// messages, each lastTransitionTime moving only when its status does);
// this package only scripts the exits, the readiness and the extra
// conditions, and talks to the API server.
//
// # Model
//
// [Kubelet.Step] is one pass over the current pods of the Jobs given to
// [Kubelet.Manage], read from the API server (not a cache), in a fixed
// order (by Job, creation time, name). Each pod moves at most one stage
// per Step:
//
//   - a pod the kubelet has not started starts: its init containers run
//     and exit 0 in order, its sidecars and main containers run, phase
//     Running; its sidecars and main containers are ready (Ready and
//     ContainersReady True) when its Outcome is Ready, else not ready, as
//     with a readiness probe that never passes;
//   - a running pod runs on for Outcome.RunFor Steps, then every main
//     container exits with Outcome.ExitCode (reason Completed or Error):
//     the sidecars are stopped (exit 0), the phase is Succeeded for 0 and
//     Failed otherwise, Ready and ContainersReady False (reason
//     PodCompleted or PodFailed). A pod whose Outcome has Conditions is
//     one the kubelet terminates (an eviction, a node shutdown): the
//     conditions are set and every container, sidecars included, stops
//     with Outcome.ExitCode, whatever the restartPolicy. Otherwise, under
//     restartPolicy OnFailure a failed container restarts in its pod
//     instead, as a real kubelet restarts it: that Step writes the
//     restart (the container waiting, its restartCount, which the Job
//     controller counts against backoffLimit, up; the pod not ready), the
//     next one the new run, running, and the new run ends as the first
//     did, Outcome.RunFor Steps later, so a pod whose Outcome fails keeps
//     failing until the Job controller deletes it;
//   - a pod being deleted (deletionTimestamp set) that has not finished
//     finishes at once: a graceful deletion sends its containers SIGTERM,
//     and the fake processes end on it, exit code 143 (the code of
//     [WithDeletedExitCode]: 137 for processes that ignore SIGTERM, as a
//     container's PID 1 without a handler does, and are killed when the
//     grace period ends); a pod deleted before it started ends Failed
//     without running any container. Then, as the kubelet's status
//     manager does once a pod is terminal, it is deleted with grace
//     period 0 and its uid as precondition, so that the API server
//     removes it as soon as it has no finalizer left (a Job's tracking
//     finalizer keeps it until the Job controller has counted it);
//   - a finished pod that is not being deleted stays as it is (pod
//     garbage collection is not a kubelet's work).
//
// The Script of a pod is consulted once, when the kubelet first sees the
// pod: its attempt is the number of pods of the same index (of the same
// Job, for a NonIndexed Job) the kubelet saw before. Pods first seen in
// the same Step are numbered in the Step's order; the API server names
// pods created in the same second at random, so a NonIndexed Job whose
// pods must differ by attempt should create them one by one (parallelism
// 1). A Step sees the pods that exist when it lists them: a pod created
// during a Step waits for the next. [Kubelet.Finish] ends the pods held
// running (Outcome [Running]) when a test has seen what it wanted;
// [Kubelet.Run] calls Step periodically until its context is done.
//
// Status updates are PUTs to the status subresource with the pod's
// resourceVersion, retried on a conflict with the pod read again; the
// status written is merged into the stored one as the kubelet's status
// manager merges it (the conditions others set, such as a readiness
// gate's, stay). A pod deleted meanwhile is passed over; a write that
// failed is made again at the next Step.
//
// # Non-goals
//
// No containers run and no scheduler binds pods (the kubelet does not
// look at spec.nodeName); no probes, images, volumes or node objects (the
// pod's IPs are 127.0.0.1; no image ID is reported); what jobapi/kubelet
// does not model (CrashLoopBackOff delays, lastState) is not reported;
// pods of Jobs not given to Manage are left alone.
package kubelet

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	jkubelet "github.com/jobkit/jobkit/jobapi/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
)

// DefaultDeletedExitCode is the exit code of the containers of a pod
// deleted before it finished: 143, a process ended by the SIGTERM of a
// graceful deletion (jobapi/kubelet.ExitCodeTerminated).
const DefaultDeletedExitCode = jkubelet.ExitCodeTerminated

// DefaultInterval is how often [Kubelet.Run] calls Step unless
// [WithInterval] says otherwise.
const DefaultInterval = 100 * time.Millisecond

// Option changes how [New] makes a Kubelet.
type Option func(*Kubelet)

// WithClock makes the kubelet read the time of its status updates from
// now (by default time.Now).
func WithClock(now func() time.Time) Option {
	return func(k *Kubelet) {
		if now != nil {
			k.now = now
		}
	}
}

// WithDeletedExitCode sets the exit code of the containers of a pod
// deleted before it finished ([DefaultDeletedExitCode] by default; 137,
// jobapi/kubelet.ExitCodeKilled, for processes that ignore SIGTERM and
// are killed when the grace period ends).
func WithDeletedExitCode(code int32) Option {
	return func(k *Kubelet) { k.deletedExitCode = code }
}

// WithInterval sets how often [Kubelet.Run] calls Step ([DefaultInterval]
// by default).
func WithInterval(d time.Duration) Option {
	return func(k *Kubelet) {
		if d > 0 {
			k.interval = d
		}
	}
}

// WithErrorHandler gives the errors of the Steps that [Kubelet.Run]
// makes to f (by default they are dropped: Run goes on, and the next Step
// tries again).
func WithErrorHandler(f func(error)) Option {
	return func(k *Kubelet) { k.onError = f }
}

// Kubelet is a fake kubelet over an API server. Its methods are safe for
// concurrent use; Steps run one at a time.
type Kubelet struct {
	client          kubernetes.Interface
	now             func() time.Time
	deletedExitCode int32
	interval        time.Duration
	onError         func(error)

	mu   sync.Mutex
	jobs map[types.UID]*jobRecord
}

// jobRecord is what the kubelet knows of a Job given to Manage.
type jobRecord struct {
	namespace, name string
	script          Script
	seen            map[int]int // pods seen per index
	pods            map[types.UID]*podRecord
}

// podRecord is what the kubelet knows of a pod it saw.
type podRecord struct {
	index, attempt int
	outcome        Outcome
	ran            int // Steps its current run ran after the one that started it
	// pod is the pod on the kubelet, from the first Step that moved it.
	pod *jkubelet.Pod
	// started says that pod has started; restarted, that its main
	// containers restarted at the last Step that moved it.
	started, restarted bool
	// unwritten says that pod's status changed since the last write that
	// succeeded.
	unwritten bool
}

// New returns a kubelet that talks to the API server through client.
func New(client kubernetes.Interface, opts ...Option) *Kubelet {
	k := &Kubelet{
		client:          client,
		now:             time.Now,
		deletedExitCode: DefaultDeletedExitCode,
		interval:        DefaultInterval,
		jobs:            map[types.UID]*jobRecord{},
	}
	for _, o := range opts {
		if o != nil {
			o(k)
		}
	}
	return k
}

// Manage makes the kubelet run the pods of job (as created: it needs its
// uid) to the outcomes script decides. Managing a Job again replaces its
// script for the pods not seen yet.
func (k *Kubelet) Manage(job *batchv1.Job, script Script) error {
	if job == nil || job.UID == "" || job.Namespace == "" {
		return errors.New("kubelet: Manage needs a Job as the API server returned it (with namespace and uid)")
	}
	if script == nil {
		script = Always(Succeed())
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if r := k.jobs[job.UID]; r != nil {
		r.script = script
		return nil
	}
	k.jobs[job.UID] = &jobRecord{namespace: job.Namespace, name: job.Name, script: script, seen: map[int]int{}, pods: map[types.UID]*podRecord{}}
	return nil
}

// Finish makes the pods of job that the kubelet has seen end with o
// instead of their Script's outcome: a running pod finishes o.RunFor
// Steps after the next one (so at the next Step for RunFor 0), a pending
// one starts at the next Step. Pods not seen yet keep to the Script.
// Tests use it to hold pods running (Outcome [Running]) until they have
// checked what they wanted, then let them end.
func (k *Kubelet) Finish(job *batchv1.Job, o Outcome) {
	k.mu.Lock()
	defer k.mu.Unlock()
	r := k.jobs[job.UID]
	if r == nil {
		return
	}
	for _, p := range r.pods {
		p.outcome, p.ran = o, 0
		p.outcome.Conditions = slices.Clone(o.Conditions)
	}
}

// Attempt returns the completion index (NoIndex for a NonIndexed Job) and
// attempt the kubelet gave the pod uid; false when it has not seen it.
func (k *Kubelet) Attempt(uid types.UID) (index, attempt int, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, j := range k.jobs {
		if r := j.pods[uid]; r != nil {
			return r.index, r.attempt, true
		}
	}
	return 0, 0, false
}

// Step moves every current pod of the managed Jobs one stage on (see the
// package comment) and returns how many writes it made (status updates
// and deletions). It tries every pod; the error joins those that failed.
func (k *Kubelet) Step(ctx context.Context) (int, error) {
	return k.StepPods(ctx, nil)
}

// StepPods is [Kubelet.Step] for the pods keep returns true for (every
// pod when keep is nil); the others stay as they are. Two kubelets that
// drive twin Jobs in lockstep step only the pods both had when they last
// compared them, so that a pod created between the two Steps does not
// start a step earlier on one side than on the other.
func (k *Kubelet) StepPods(ctx context.Context, keep func(*corev1.Pod) bool) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	namespaces := map[string]bool{}
	for _, j := range k.jobs {
		namespaces[j.namespace] = true
	}
	type work struct {
		pod *corev1.Pod
		job *jobRecord
	}
	var todo []work
	for _, ns := range slices.Sorted(maps.Keys(namespaces)) {
		list, err := k.client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return 0, fmt.Errorf("kubelet: listing the pods of namespace %s: %w", ns, err)
		}
		for i := range list.Items {
			p := &list.Items[i]
			ref := metav1.GetControllerOfNoCopy(p)
			if ref == nil {
				continue
			}
			if j := k.jobs[ref.UID]; j != nil && (keep == nil || keep(p)) {
				todo = append(todo, work{p, j})
			}
		}
	}
	slices.SortStableFunc(todo, func(a, b work) int {
		return cmp.Or(
			cmp.Compare(a.job.namespace, b.job.namespace),
			cmp.Compare(a.job.name, b.job.name),
			a.pod.CreationTimestamp.Compare(b.pod.CreationTimestamp.Time),
			cmp.Compare(a.pod.Name, b.pod.Name))
	})
	writes := 0
	var errs []error
	for _, w := range todo {
		n, err := k.stepPod(ctx, w.job, w.pod)
		writes += n
		if err != nil && !apierrors.IsNotFound(err) { // a pod gone meanwhile needs nothing more
			errs = append(errs, fmt.Errorf("kubelet: pod %s/%s: %w", w.pod.Namespace, w.pod.Name, err))
		}
	}
	return writes, errors.Join(errs...)
}

// Run calls Step every interval ([WithInterval]) until ctx is done, and
// returns nil then. The errors of Steps go to the [WithErrorHandler]
// function.
func (k *Kubelet) Run(ctx context.Context) error {
	t := time.NewTicker(k.interval)
	defer t.Stop()
	for {
		if _, err := k.Step(ctx); err != nil && ctx.Err() == nil && k.onError != nil {
			k.onError(err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// stepPod moves pod one stage on and returns how many writes it made.
func (k *Kubelet) stepPod(ctx context.Context, job *jobRecord, pod *corev1.Pod) (int, error) {
	rec := job.pods[pod.UID]
	if rec == nil {
		ix := completionIndex(pod)
		rec = &podRecord{index: ix, attempt: job.seen[ix]}
		job.seen[ix]++
		rec.outcome = job.script(rec.index, rec.attempt)
		rec.outcome.Conditions = slices.Clone(rec.outcome.Conditions)
		job.pods[pod.UID] = rec
	}
	terminal := pod.Status.Phase == corev1.PodSucceeded || pod.Status.Phase == corev1.PodFailed
	if terminal {
		return k.confirmDeletion(ctx, pod)
	}
	now := k.now()
	if rec.pod == nil {
		p, err := k8sapi.PodFromAPI(pod)
		if err != nil {
			return 0, err
		}
		rec.pod = jkubelet.NewScriptedPod(p)
	}
	kp := rec.pod
	switch {
	case rec.unwritten:
		// The last write failed: make it again before moving on.
	case pod.DeletionTimestamp != nil:
		kp.Delete(now, int(k.deletedExitCode))
	case !rec.started:
		start(kp, rec.outcome.Ready, now)
		rec.started, rec.ran = true, 0
	case rec.restarted:
		// The new run of the restarted containers shows, ready as the
		// Outcome says.
		for _, c := range kp.Containers() {
			if !c.Init() && c.Running() {
				kp.SetReady(c, rec.outcome.Ready, now)
			}
		}
		rec.restarted, rec.ran = false, 0
	case rec.outcome.RunFor == Forever || rec.ran < rec.outcome.RunFor:
		rec.ran++
		return 0, nil
	default:
		finish(kp, rec.outcome, now)
		rec.restarted = !kp.Finished()
	}
	rec.unwritten = true
	pod, err := k.writeStatus(ctx, pod, kp)
	if err != nil {
		return 0, err
	}
	rec.unwritten = false
	n, err := k.confirmDeletion(ctx, pod)
	return 1 + n, err
}

// confirmDeletion deletes pod, when it is being deleted and has
// finished, with grace period 0 and its uid as precondition, as the
// kubelet's status manager does once a pod is terminal; the API server
// removes it once it has no finalizer. It returns how many writes it
// made: none for a pod not being deleted or not finished, or whose grace
// period is 0 already (the finalizers hold it).
func (k *Kubelet) confirmDeletion(ctx context.Context, pod *corev1.Pod) (int, error) {
	if pod.DeletionTimestamp == nil || pod.Status.Phase != corev1.PodSucceeded && pod.Status.Phase != corev1.PodFailed {
		return 0, nil
	}
	if g := pod.DeletionGracePeriodSeconds; g != nil && *g == 0 {
		return 0, nil
	}
	zero := int64(0)
	err := k.client.CoreV1().Pods(pod.Namespace).Delete(ctx, pod.Name, metav1.DeleteOptions{
		GracePeriodSeconds: &zero, Preconditions: metav1.NewUIDPreconditions(string(pod.UID)),
	})
	if err != nil && !apierrors.IsNotFound(err) && !apierrors.IsConflict(err) {
		return 0, err
	}
	return 1, nil
}

// writeStatus merges kp's status into pod (converted to jobkit's model
// and back) and writes it (PUT with its resourceVersion); on a conflict
// it reads the pod again and starts over. It returns the pod as stored.
func (k *Kubelet) writeStatus(ctx context.Context, pod *corev1.Pod, kp *jkubelet.Pod) (*corev1.Pod, error) {
	pods := k.client.CoreV1().Pods(pod.Namespace)
	const attempts = 5
	for i := 0; ; i++ {
		p, err := k8sapi.PodFromAPI(pod)
		if err != nil {
			return nil, err
		}
		kp.WriteStatus(p)
		out, err := k8sapi.PodToAPI(p)
		if err != nil {
			return nil, err
		}
		got, err := pods.UpdateStatus(ctx, out, metav1.UpdateOptions{})
		if err == nil {
			return got, nil
		}
		if !apierrors.IsConflict(err) || i+1 == attempts {
			return nil, err
		}
		if pod, err = pods.Get(ctx, pod.Name, metav1.GetOptions{}); err != nil {
			return nil, err
		}
		if pod.Status.Phase == corev1.PodSucceeded || pod.Status.Phase == corev1.PodFailed {
			return pod, nil // finished meanwhile: nothing left to do
		}
	}
}

// start starts kp at now: its init containers exit 0 in turn, its
// sidecars and main containers run, ready or not.
func start(kp *jkubelet.Pod, ready bool, now time.Time) {
	for _, c := range kp.Containers() {
		kp.SetReady(c, ready, now)
	}
	next := kp.Start(now)
	for {
		i := slices.IndexFunc(next, func(c *jkubelet.Container) bool { return c.Init() && !c.Sidecar() })
		if i < 0 {
			return
		}
		next = kp.Exited(next[i], 0, now).Start
	}
}

// finish ends the current run of kp's main containers at now with
// o.ExitCode (they restart under restartPolicy OnFailure when it is not
// 0); an Outcome with Conditions is a pod the kubelet terminates: the
// conditions set, every container stops with o.ExitCode, whatever the
// restartPolicy.
func finish(kp *jkubelet.Pod, o Outcome, now time.Time) {
	if len(o.Conditions) > 0 {
		for _, c := range o.Conditions {
			kp.SetCondition(c, now)
		}
		kp.Delete(now, int(o.ExitCode))
		return
	}
	for _, c := range kp.Containers() {
		if !c.Init() && c.Running() {
			kp.Exited(c, int(o.ExitCode), now)
		}
	}
}

// completionIndex returns the completion index of pod as the Job
// controller reads it: NoIndex when it has none.
func completionIndex(pod *corev1.Pod) int {
	return controller.CompletionIndexOf(pod.Annotations)
}
