package jobcontroller

import (
	"reflect"
	"slices"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// This file is the informers' event handlers, as Kubernetes' Job
// controller's addPod, updatePod, deletePod, addJob, updateJob and
// deleteJob: they record what the informer saw in the Jobs'
// expectations and enqueue the Jobs to sync.

// addPod: a pod the informer sees for the first time.
func (c *Controller) addPod(obj any) {
	pod, ok := obj.(*corev1.Pod)
	if !ok {
		return
	}
	if pod.DeletionTimestamp != nil {
		// Seen for the first time already being deleted (after a
		// restart): a deletion, not a creation.
		c.observe(nil, pod)
		c.podGone(pod, false)
		return
	}
	c.observe(nil, pod)
	if ref := metav1.GetControllerOfNoCopy(pod); ref != nil {
		if job := c.resolveControllerRef(pod.Namespace, ref); job != nil {
			c.enqueueIfManaged(job, c.opts.batchPeriod)
		}
		return
	}
	if hasTrackingFinalizer(pod) {
		c.enqueueOrphan(pod)
	}
	for _, job := range c.jobsSelecting(pod) {
		c.enqueueIfManaged(job, c.opts.batchPeriod)
	}
}

// updatePod: a pod changed.
func (c *Controller) updatePod(oldObj, curObj any) {
	old, ok1 := oldObj.(*corev1.Pod)
	cur, ok2 := curObj.(*corev1.Pod)
	if !ok1 || !ok2 || old.ResourceVersion == cur.ResourceVersion {
		// A resync delivers every pod again unchanged.
		return
	}
	c.observe(old, cur)
	if cur.DeletionTimestamp != nil {
		c.podGone(cur, false)
		return
	}
	curRef := metav1.GetControllerOfNoCopy(cur)
	oldRef := metav1.GetControllerOfNoCopy(old)
	refChanged := !reflect.DeepEqual(curRef, oldRef)
	if refChanged && oldRef != nil {
		if job := c.resolveControllerRef(old.Namespace, oldRef); job != nil {
			c.enqueueIfManaged(job, c.opts.batchPeriod)
		}
	}
	if curRef != nil {
		if job := c.resolveControllerRef(cur.Namespace, curRef); job != nil {
			c.enqueueIfManaged(job, c.opts.batchPeriod)
		}
		return
	}
	if hasTrackingFinalizer(cur) {
		c.enqueueOrphan(cur)
	}
	if refChanged || !reflect.DeepEqual(cur.Labels, old.Labels) {
		for _, job := range c.jobsSelecting(cur) {
			c.enqueueIfManaged(job, c.opts.batchPeriod)
		}
	}
}

// deletePod: a pod is gone (obj may be a tombstone).
func (c *Controller) deletePod(obj any) {
	pod, ok := obj.(*corev1.Pod)
	if !ok {
		tomb, ok := obj.(cache.DeletedFinalStateUnknown)
		if !ok {
			return
		}
		if pod, ok = tomb.Obj.(*corev1.Pod); !ok {
			return
		}
	}
	c.observe(pod, nil)
	c.podGone(pod, true)
}

// podGone enqueues the Job of a pod being deleted (final: deleted), or
// the pod for the orphan-pod work when no unfinished Job controls it.
func (c *Controller) podGone(pod *corev1.Pod, final bool) {
	ref := metav1.GetControllerOfNoCopy(pod)
	if ref == nil {
		if hasTrackingFinalizer(pod) {
			c.enqueueOrphan(pod)
		}
		return
	}
	job := c.resolveControllerRef(pod.Namespace, ref)
	if job == nil || isFinished(job) {
		if hasTrackingFinalizer(pod) && !final {
			c.enqueueOrphan(pod)
		}
		return
	}
	c.enqueueIfManaged(job, c.opts.batchPeriod)
}

// observe records an informer event about a pod in the expectations of
// the Jobs that control it before and after (controller.Expectations.ObservePod).
func (c *Controller) observe(old, cur *corev1.Pod) {
	var oldK, curK *core.Pod
	var states []*jobState
	add := func(p *corev1.Pod) *core.Pod {
		if p == nil {
			return nil
		}
		ref := metav1.GetControllerOfNoCopy(p)
		if ref == nil {
			return nil
		}
		st := c.existingState(ref.UID)
		if st == nil {
			return nil
		}
		if !slices.Contains(states, st) {
			states = append(states, st)
		}
		return podMeta(p)
	}
	oldK, curK = add(old), add(cur)
	if len(states) == 0 {
		return
	}
	// ObservePod reads both sides: convert the one not converted yet.
	if oldK == nil && old != nil {
		oldK = podMeta(old)
	}
	if curK == nil && cur != nil {
		curK = podMeta(cur)
	}
	for _, st := range states {
		st.mu.Lock()
		st.exp.ObservePod(oldK, curK)
		st.mu.Unlock()
	}
}

// podMeta returns a jobkit pod that holds p's metadata (all that
// controller.Expectations.ObservePod reads), its managed fields left
// out.
func podMeta(p *corev1.Pod) *core.Pod {
	m := p.ObjectMeta
	m.ManagedFields = nil
	out := &core.Pod{}
	if km, err := k8sapi.ObjectMetaFromAPI(&m); err == nil && km != nil {
		out.ObjectMeta = *km
	}
	return out
}

// addJob: a new Job is synced at once.
func (c *Controller) addJob(obj any) {
	if job, ok := obj.(*batchv1.Job); ok {
		c.enqueueIfManaged(job, 0)
	}
}

// updateJob: a Job changed. A finished one has its remaining pods'
// finalizers removed; a change of its spec syncs it at once, of its
// status after the batch period; a changed activeDeadlineSeconds syncs
// it again when the new deadline passes.
func (c *Controller) updateJob(oldObj, curObj any) {
	old, ok1 := oldObj.(*batchv1.Job)
	cur, ok2 := curObj.(*batchv1.Job)
	if !ok1 || !ok2 {
		return
	}
	if _, ok := c.manages(cur); !ok {
		return
	}
	if isFinished(cur) {
		c.enqueueSelector(cur)
		return
	}
	if cur.Generation == old.Generation {
		c.enqueueIfManaged(cur, c.opts.batchPeriod)
	} else {
		c.enqueueIfManaged(cur, 0)
	}
	if cur.Status.StartTime != nil && cur.Spec.ActiveDeadlineSeconds != nil {
		oldADS := old.Spec.ActiveDeadlineSeconds
		if oldADS == nil || *oldADS != *cur.Spec.ActiveDeadlineSeconds {
			total := time.Duration(*cur.Spec.ActiveDeadlineSeconds) * time.Second
			passed := c.opts.now().Sub(cur.Status.StartTime.Time)
			c.queue.AddAfter(cache.MetaObjectToName(cur).String(), total-passed)
		}
	}
}

// deleteJob: a Job is gone (obj may be a tombstone). Its key is synced
// (which finds it gone and forgets it), and its pods' finalizers are
// removed.
func (c *Controller) deleteJob(obj any) {
	job, ok := obj.(*batchv1.Job)
	if !ok {
		tomb, ok := obj.(cache.DeletedFinalStateUnknown)
		if !ok {
			return
		}
		if job, ok = tomb.Obj.(*batchv1.Job); !ok {
			return
		}
	}
	if _, ok := c.manages(job); !ok {
		return
	}
	c.queue.Add(cache.MetaObjectToName(job).String())
	c.forget(cache.MetaObjectToName(job).String(), job.UID)
	c.enqueueSelector(job)
}

// enqueueIfManaged adds job to the queue after delay, if this controller
// manages it.
func (c *Controller) enqueueIfManaged(job *batchv1.Job, delay time.Duration) {
	if _, ok := c.manages(job); !ok {
		return
	}
	key := cache.MetaObjectToName(job).String()
	if delay <= 0 {
		c.queue.Add(key)
		return
	}
	c.queue.AddAfter(key, delay)
}

// enqueueOrphan adds the orphan-pod work for pod.
func (c *Controller) enqueueOrphan(pod *corev1.Pod) {
	c.orphans.Add(orphanKey{namespace: pod.Namespace, value: pod.Name})
}

// enqueueSelector adds the orphan-pod work for the pods job selects.
func (c *Controller) enqueueSelector(job *batchv1.Job) {
	sel, err := metav1.LabelSelectorAsSelector(job.Spec.Selector)
	if err != nil {
		c.opts.log.Error("Job has an invalid label selector", "job", job.Namespace+"/"+job.Name, "err", err)
		return
	}
	c.orphans.Add(orphanKey{bySelector: true, namespace: job.Namespace, value: sel.String()})
}

// resolveControllerRef returns the Job ref names in namespace, nil when
// the cache has none of that name and uid.
func (c *Controller) resolveControllerRef(namespace string, ref *metav1.OwnerReference) *batchv1.Job {
	if ref.Kind != "Job" {
		return nil
	}
	job, err := c.jobs.Jobs(namespace).Get(ref.Name)
	if err != nil || job.UID != ref.UID {
		return nil
	}
	return job
}

// jobsSelecting returns the Jobs of pod's namespace whose selector
// matches its labels.
func (c *Controller) jobsSelecting(pod *corev1.Pod) []*batchv1.Job {
	jobs, err := c.jobs.Jobs(pod.Namespace).List(labels.Everything())
	if err != nil {
		return nil
	}
	var out []*batchv1.Job
	set := labels.Set(pod.Labels)
	for _, job := range jobs {
		sel, err := metav1.LabelSelectorAsSelector(job.Spec.Selector)
		if err != nil || sel.Empty() || !sel.Matches(set) {
			continue
		}
		out = append(out, job)
	}
	return out
}

// hasTrackingFinalizer reports whether pod has the Job tracking finalizer.
func hasTrackingFinalizer(pod *corev1.Pod) bool {
	return slices.Contains(pod.Finalizers, jobapi.JobTrackingFinalizer)
}
