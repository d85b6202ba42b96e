package k8sapi

import (
	"errors"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

// Decision is controller.Decision in k8s.io/api types: what one sync of
// a Job decides. Carry it out in the order controller.Decision says:
// create the pods of Create, remove the tracking finalizer from the pods
// of RemoveFinalizer, delete the pods of Delete, then write Status when
// UpdateStatus is set.
type Decision struct {
	// Skipped says why the Job was left alone; when set, nothing else is.
	Skipped controller.SkipReason
	// Adopt are orphan pods of Sync's input that match the Job's
	// selector: the controller makes the Job their controller and adds
	// the tracking finalizer. The very pointers given.
	Adopt []*corev1.Pod
	// Release are pods of Sync's input that the Job controls and that no
	// longer match its selector: the controller removes its owner
	// reference. The very pointers given.
	Release []*corev1.Pod
	// Create are the pods to create (with generateName; the API server
	// names them), new objects the caller owns.
	Create []*corev1.Pod
	// Delete are pods of Sync's input to delete: the very pointers given.
	Delete []*corev1.Pod
	// RemoveFinalizer are pods of Sync's input whose tracking finalizer
	// is to be removed: the very pointers given.
	RemoveFinalizer []*corev1.Pod
	// Status is the Job's status once the decision is carried out.
	Status batchv1.JobStatus
	// UpdateStatus reports whether Status differs from the Job's.
	UpdateStatus bool
	// RequeueAfter is when to sync again at the latest; zero: only when
	// something changes.
	RequeueAfter time.Duration
	// Backoff is the failure record to give the next Sync.
	Backoff controller.Backoff
	// Jobkit is the decision in jobkit's types, its ordered Writes
	// included, for callers that carry it out with controller.Apply. Its
	// pods are conversions of Sync's input, not the input itself; with
	// WithPodCache they are the cache's, shared with other syncs, and
	// must not be changed.
	Jobkit controller.Decision
}

// SyncOption changes what Sync does.
type SyncOption func(*syncOptions)

type syncOptions struct {
	controller []controller.Option
	cache      *PodCache
}

// WithControllerOptions passes options to controller.Sync
// (controller.WithExpectations, controller.WithControllerName).
func WithControllerOptions(opts ...controller.Option) SyncOption {
	return func(o *syncOptions) { o.controller = append(o.controller, opts...) }
}

// WithPodCache makes Sync take the jobkit conversions of the pods from c,
// and convert only the pods c does not hold at their resourceVersion
// (see [PodCache]). Without it Sync converts every pod at every sync. A
// nil c is no cache.
func WithPodCache(c *PodCache) SyncOption {
	return func(o *syncOptions) { o.cache = c }
}

// Sync runs controller.Sync on job and the pods it owns, as an
// informer's lister returns them, at now, with the failure record of the
// previous sync, and returns its decision in k8s.io/api types. Options:
// [WithPodCache] keeps the pods' conversions from one sync to the next
// (a controller syncing Jobs of many pods wants it), and
// [WithControllerOptions] passes controller.Sync's own. Neither job nor
// pods are changed. The error reports a nil job or pod, or a pod to
// create or a status that k8s.io/api cannot hold in full (a
// *DroppedError, returned with the Decision).
func Sync(job *batchv1.Job, pods []*corev1.Pod, now time.Time, backoff controller.Backoff, opts ...SyncOption) (Decision, error) {
	if job == nil {
		return Decision{}, errors.New("k8sapi: Sync needs a Job, not nil")
	}
	var o syncOptions
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	for _, p := range pods {
		if p == nil {
			return Decision{}, errors.New("k8sapi: Sync needs pods, not nil")
		}
	}
	var s scope
	j := new(jobapi.Job)
	convert_batchv1_Job_To_jobapi_Job(job, j, &s, nil)
	var jpods []*core.Pod
	if o.cache != nil {
		jpods = o.cache.convertPods(job.UID, pods, &s)
	} else {
		store := make([]core.Pod, len(pods))
		jpods = make([]*core.Pod, len(pods))
		for i, p := range pods {
			convert_corev1_Pod_To_core_Pod(p, &store[i], &s, nil)
			jpods[i] = &store[i]
		}
	}
	if err := s.err(); err != nil {
		return Decision{}, err
	}
	d := controller.Sync(j, jpods, now, backoff, o.controller...)
	if o.cache != nil && d.Skipped == controller.AlreadyFinished {
		o.cache.Forget(job.UID)
	}
	out := Decision{
		Jobkit:       d,
		Skipped:      d.Skipped,
		UpdateStatus: d.UpdateStatus,
		RequeueAfter: d.RequeueAfter,
		Backoff:      d.Backoff,
	}
	// Status is converted below the path "status", so that what it cannot
	// hold is reported where it is.
	convert_jobapi_JobStatus_To_batchv1_JobStatus(&d.Status, &out.Status, &s, &path{name: "status"})
	if d.Create != nil {
		out.Create = make([]*corev1.Pod, len(d.Create))
		created := make([]corev1.Pod, len(d.Create))
		for i, p := range d.Create {
			convert_core_Pod_To_corev1_Pod(p, &created[i], &s, &path{name: "create", index: i, elem: true})
			out.Create[i] = &created[i]
		}
	}
	out.Adopt = inputPods(d.Adopt, jpods, pods)
	out.Release = inputPods(d.Release, jpods, pods)
	out.Delete = inputPods(d.Delete, jpods, pods)
	out.RemoveFinalizer = inputPods(d.RemoveFinalizer, jpods, pods)
	return out, s.err()
}

// inputPods maps the jobkit pods ps, each one of conv (the conversions
// of in, one distinct pointer per input), back to the pods of the input
// they were converted from.
func inputPods(ps []*core.Pod, conv []*core.Pod, in []*corev1.Pod) []*corev1.Pod {
	if ps == nil {
		return nil
	}
	out := make([]*corev1.Pod, 0, len(ps))
	if len(ps)*len(conv) > 4096 {
		at := make(map[*core.Pod]int, len(conv))
		for i, c := range conv {
			at[c] = i
		}
		for _, p := range ps {
			if i, ok := at[p]; ok {
				out = append(out, in[i])
			}
		}
		return out
	}
	for _, p := range ps {
		for i, c := range conv {
			if c == p {
				out = append(out, in[i])
				break
			}
		}
	}
	return out
}
