package controller

import (
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

// Annotations and labels the Job controller writes on its pods.
const (
	// IndexFailureCountAnnotation holds how often the pod's index failed
	// before (backoffLimitPerIndex).
	IndexFailureCountAnnotation = "batch.kubernetes.io/job-index-failure-count"
	// IndexIgnoredFailureCountAnnotation holds how often the pod's index
	// failed in ways the pod failure policy ignores (backoffLimitPerIndex).
	IndexIgnoredFailureCountAnnotation = "batch.kubernetes.io/job-index-ignored-failure-count"
)

// ControllerName is the value of spec.managedBy that names Kubernetes' Job
// controller; any other value names another controller, and Sync leaves
// the Job alone.
const ControllerName = "kubernetes.io/job-controller"

// newPod builds the pod the controller creates for index (-1 for a
// NonIndexed Job), from the template as Kubernetes' Job controller does:
// the template's labels, annotations, finalizers and spec, copied;
// generateName "<job>-" or, for an index, "<job>-<index>-"; the index as
// annotation and label; JOB_COMPLETION_INDEX in every container; the
// hostname "<job>-<index>"; the tracking finalizer; the owner reference.
// With backoffLimitPerIndex, the pod also gets the failure counts of its
// index, from replaced, the last failed pod of the index (nil: none).
func newPod(job *jobapi.Job, index int, perIndex bool, replaced *core.Pod) *core.Pod {
	tmpl := &job.Spec.Template
	pod := &core.Pod{
		ObjectMeta: meta.ObjectMeta{
			GenerateName: job.ObjectMeta.Name + "-",
			Namespace:    job.ObjectMeta.Namespace,
			Labels:       make(map[string]string, len(tmpl.ObjectMeta.Labels)+1),
			Annotations:  make(map[string]string, len(tmpl.ObjectMeta.Annotations)+2),
			Finalizers:   make([]string, len(tmpl.ObjectMeta.Finalizers), len(tmpl.ObjectMeta.Finalizers)+1),
		},
	}
	for k, v := range tmpl.ObjectMeta.Labels {
		pod.ObjectMeta.Labels[k] = v
	}
	for k, v := range tmpl.ObjectMeta.Annotations {
		pod.ObjectMeta.Annotations[k] = v
	}
	copy(pod.ObjectMeta.Finalizers, tmpl.ObjectMeta.Finalizers)
	if !slices.Contains(pod.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
		pod.ObjectMeta.Finalizers = append(pod.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer)
	}
	tmpl.Spec.DeepCopyInto(&pod.Spec)
	if index >= 0 {
		for i := range pod.Spec.InitContainers {
			scoreboard.AddCompletionIndexEnv(&pod.Spec.InitContainers[i])
		}
		for i := range pod.Spec.Containers {
			scoreboard.AddCompletionIndexEnv(&pod.Spec.Containers[i])
		}
		ix := strconv.Itoa(index)
		pod.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = ix
		pod.ObjectMeta.Labels[jobapi.CompletionIndexAnnotation] = ix
		pod.Spec.Hostname = job.ObjectMeta.Name + "-" + ix
		pod.ObjectMeta.GenerateName = scoreboard.GenerateName(job.ObjectMeta.Name, index)
		if perIndex {
			failed, ignored := nextIndexFailureCounts(job, replaced)
			pod.ObjectMeta.Annotations[IndexFailureCountAnnotation] = strconv.Itoa(int(failed))
			if ignored > 0 {
				pod.ObjectMeta.Annotations[IndexIgnoredFailureCountAnnotation] = strconv.Itoa(int(ignored))
			}
		}
	}
	yes, yes2 := true, true
	pod.ObjectMeta.OwnerReferences = []meta.OwnerReference{{
		APIVersion: "batch/v1", Kind: "Job", Name: job.ObjectMeta.Name, UID: job.ObjectMeta.UID,
		Controller: &yes, BlockOwnerDeletion: &yes2,
	}}
	return pod
}

// nextIndexFailureCounts returns the failure counts of an index whose
// last failed pod is replaced: its counts plus its own failure, counted
// or ignored as the pod failure policy says.
func nextIndexFailureCounts(job *jobapi.Job, replaced *core.Pod) (failed, ignored int32) {
	if replaced == nil {
		return 0, 0
	}
	failed, ignored = indexFailureCount(replaced), indexIgnoredFailureCount(replaced)
	if matchPolicy(job.Spec.PodFailurePolicy, replaced).counts {
		failed++
	} else {
		ignored++
	}
	return failed, ignored
}

// indexFailureCount reads a pod's index failure count annotation; a
// missing or malformed one is 0.
func indexFailureCount(p *core.Pod) int32 {
	return annotationInt32(p, IndexFailureCountAnnotation)
}

// indexIgnoredFailureCount reads a pod's ignored failure count annotation.
func indexIgnoredFailureCount(p *core.Pod) int32 {
	return annotationInt32(p, IndexIgnoredFailureCountAnnotation)
}

// annotationInt32 reads a non-negative int32 annotation; anything else is
// 0.
func annotationInt32(p *core.Pod, key string) int32 {
	v, ok := p.ObjectMeta.Annotations[key]
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1<<31-1 {
		return 0
	}
	return int32(n)
}

// completionIndex reads a pod's completion index annotation: -1 when it
// is missing, malformed or negative.
func completionIndex(p *core.Pod) int {
	v, ok := p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation]
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return -1
	}
	return n
}
