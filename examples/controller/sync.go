package jobcontroller

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/cache"
)

// processNextJob syncs the next Job of the queue; false when the queue
// is shut down.
func (c *Controller) processNextJob(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	c.syncs.Add(1)
	requeue, err := c.syncJob(ctx, key)
	if requeue > 0 {
		c.queue.AddAfter(key, requeue)
	}
	if err == nil {
		c.queue.Forget(key)
		return true
	}
	c.failures.Add(1)
	var stale *staleError
	switch {
	case ctx.Err() != nil:
		// Stopping: the sync was cut short; nothing to report.
	case errors.As(err, &stale):
		// The informers lag behind the controller's own writes: not a
		// fault, the retry comes once they caught up.
		c.opts.log.Debug("Job not synced: the cache has not seen the controller's last write", "key", key, "err", err)
	default:
		c.opts.log.Error("syncing Job", "key", key, "err", err)
	}
	c.queue.AddRateLimited(key)
	return true
}

// syncJob syncs the Job called key once: Sync on what the informers hold,
// then Apply. It returns when to sync the Job again at the latest (zero:
// only on a change) and what failed.
func (c *Controller) syncJob(ctx context.Context, key string) (time.Duration, error) {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return 0, err
	}
	if ns == "" || name == "" {
		return 0, fmt.Errorf("invalid job key %q: either namespace or name is missing", key)
	}
	shared, err := c.jobs.Jobs(ns).Get(name)
	if err != nil {
		if apierrors.IsNotFound(err) {
			c.forget(key, "")
			return 0, nil
		}
		return 0, err
	}
	controllerName, ok := c.manages(shared)
	if !ok {
		return 0, nil
	}
	st := c.state(shared)
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := st.wrote.ready(c.podInformer.GetStore(), c.jobInformer.GetStore()); err != nil {
		return 0, err
	}
	pods, err := c.podsFor(shared)
	if err != nil {
		return 0, err
	}
	d, err := k8sapi.Sync(shared, pods, c.opts.now(), st.backoff,
		k8sapi.WithPodCache(&c.cache),
		k8sapi.WithControllerOptions(controller.WithExpectations(&st.exp), controller.WithControllerName(controllerName)))
	if err != nil {
		return 0, fmt.Errorf("syncing Job %s: %w", key, err)
	}
	if d.Skipped != "" {
		if d.Skipped == controller.AlreadyFinished {
			st.backoff = controller.Backoff{}
			st.wrote = writtenVersions{}
		}
		c.opts.log.Debug("Job skipped", "key", key, "reason", d.Skipped)
		return 0, nil
	}
	w := &writer{client: c.client, job: shared, wrote: &st.wrote, count: func() { c.writes.Add(1) }}
	res, err := controller.Apply(ctx, w, d.Jobkit)
	st.backoff = res.Backoff
	c.opts.log.Debug("Job synced", "key", key, "writes", len(d.Jobkit.Writes), "calls", res.Calls, "requeueAfter", res.RequeueAfter, "err", err)
	return res.RequeueAfter, err
}

// podsFor returns the pods the informer holds that the Job controls, and
// the orphans of its namespace (which it may adopt).
func (c *Controller) podsFor(job *batchv1.Job) ([]*corev1.Pod, error) {
	indexer := c.podInformer.GetIndexer()
	var pods []*corev1.Pod
	for _, key := range []string{
		podControllerKey(job.Namespace, &metav1.OwnerReference{Kind: "Job", Name: job.Name, UID: job.UID}),
		podControllerKey(job.Namespace, nil),
	} {
		objs, err := indexer.ByIndex(podControllerIndex, key)
		if err != nil {
			return nil, err
		}
		for _, o := range objs {
			if p, ok := o.(*corev1.Pod); ok {
				pods = append(pods, p)
			}
		}
	}
	return pods, nil
}

// orphanKey names the work of the orphan-pod queue: one pod (by name), or
// the pods a selector matches, in a namespace.
type orphanKey struct {
	bySelector bool
	namespace  string
	value      string // the pod's name or the selector
}

// processNextOrphan does the next work of the orphan-pod queue; false
// when the queue is shut down.
func (c *Controller) processNextOrphan(ctx context.Context) bool {
	key, quit := c.orphans.Get()
	if quit {
		return false
	}
	defer c.orphans.Done(key)
	if err := c.syncOrphans(ctx, key); err != nil {
		if ctx.Err() != nil {
			return true // stopping: the queue is shut down next
		}
		c.opts.log.Error("removing the tracking finalizer of orphan pods", "namespace", key.namespace, "pods", key.value, "err", err)
		c.orphans.AddRateLimited(key)
		return true
	}
	c.orphans.Forget(key)
	return true
}

// syncOrphans removes the tracking finalizer from the pods of key that
// no unfinished Job of this controller controls.
func (c *Controller) syncOrphans(ctx context.Context, key orphanKey) error {
	lister := corev1Lister{c.podInformer.GetIndexer()}
	if !key.bySelector {
		pod, err := lister.get(key.namespace, key.value)
		if err != nil || pod == nil {
			return err
		}
		return c.syncOrphan(ctx, pod)
	}
	sel, err := labels.Parse(key.value)
	if err != nil {
		return fmt.Errorf("invalid label selector: %w", err)
	}
	pods, err := lister.list(key.namespace, sel)
	if err != nil {
		return err
	}
	for _, pod := range pods {
		if err := c.syncOrphan(ctx, pod); err != nil && ctx.Err() == nil {
			c.opts.log.Error("removing the tracking finalizer of an orphan pod", "pod", pod.Namespace+"/"+pod.Name, "err", err)
		}
	}
	return nil
}

// syncOrphan removes the tracking finalizer from pod unless a Job still
// counts on it: a Job that controls it and has not finished, or a Job
// another controller manages.
func (c *Controller) syncOrphan(ctx context.Context, pod *corev1.Pod) error {
	if !hasTrackingFinalizer(pod) {
		return nil
	}
	if ref := metav1.GetControllerOfNoCopy(pod); ref != nil {
		if ref.Kind != "Job" || ref.APIVersion != batchv1.SchemeGroupVersion.String() {
			return nil
		}
		if job := c.resolveControllerRef(pod.Namespace, ref); job != nil {
			if _, ok := c.manages(job); !ok || !isFinished(job) {
				return nil
			}
		}
	}
	_, err := c.client.CoreV1().Pods(pod.Namespace).Patch(ctx, pod.Name, types.StrategicMergePatchType, removeFinalizerPatch(), metav1.PatchOptions{})
	if err != nil && !apierrors.IsNotFound(err) {
		return err
	}
	if err == nil {
		c.writes.Add(1)
	}
	return nil
}

// corev1Lister reads pods from the pod informer's indexer.
type corev1Lister struct{ indexer cache.Indexer }

// get returns the pod namespace/name, nil when the cache has none.
func (l corev1Lister) get(namespace, name string) (*corev1.Pod, error) {
	obj, ok, err := l.indexer.GetByKey(namespace + "/" + name)
	if err != nil || !ok {
		return nil, err
	}
	pod, _ := obj.(*corev1.Pod)
	return pod, nil
}

// list returns the pods of namespace that sel matches.
func (l corev1Lister) list(namespace string, sel labels.Selector) ([]*corev1.Pod, error) {
	var out []*corev1.Pod
	err := cache.ListAllByNamespace(l.indexer, namespace, sel, func(o any) {
		if p, ok := o.(*corev1.Pod); ok {
			out = append(out, p)
		}
	})
	return out, err
}

// isFinished reports whether job has a Complete or Failed condition that
// is True.
func isFinished(job *batchv1.Job) bool {
	for _, c := range job.Status.Conditions {
		if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}
