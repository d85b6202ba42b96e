package controller

import (
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
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

// Name lengths of generated names, as in Kubernetes' API server: a
// generated name is the generateName prefix, cut to
// MaxGeneratedNameLength bytes, followed by 5 random characters, within
// the 63 bytes of a DNS label.
const (
	maxNameLength          = 63
	randomLength           = 5
	MaxGeneratedNameLength = maxNameLength - randomLength
)

// GenerateName returns the generateName of the pod for index of the Job
// named jobName, as Kubernetes' Job controller writes it: "<job>-<index>-".
// When that is longer than [MaxGeneratedNameLength] bytes, the job name is
// cut so that the whole prefix is exactly that long and the index stays
// whole.
func GenerateName(jobName string, index int) string {
	suffix := "-" + strconv.Itoa(index) + "-"
	if len(jobName)+len(suffix) > MaxGeneratedNameLength {
		jobName = jobName[:max(0, MaxGeneratedNameLength-len(suffix))]
	}
	return jobName + suffix
}

// NewPod returns the pod Kubernetes' Job controller creates for job: for
// index of an Indexed Job, or, with index -1, for a NonIndexed Job. It is
// the pod [Sync] puts in [Decision.Create], to be created with
// generateName:
//
//   - its labels, annotations and finalizers are copies of the template's,
//     its spec a deep copy of the template's spec (other template metadata
//     is not carried over, as in Kubernetes);
//   - the finalizer [jobapi.JobTrackingFinalizer] is added;
//   - an owner reference names the Job as its controller (with
//     blockOwnerDeletion), when the Job has a uid; a Job read from a
//     manifest before creation has none, and the pod gets no owner;
//   - generateName is "<job name>-", the namespace the Job's.
//
// For an index, also:
//
//   - the annotation and the label [jobapi.CompletionIndexAnnotation] hold
//     index;
//   - every container and init container gets the environment variable
//     [jobapi.CompletionIndexEnvName] from that label, unless it sets one
//     already ([AddCompletionIndexEnv]);
//   - spec.hostname is `<job name>-<index>`, replacing the template's, so
//     that with a headless Service as subdomain every index has a stable
//     DNS name;
//   - generateName is [GenerateName](job name, index);
//   - with `spec.backoffLimitPerIndex`, the annotation
//     [IndexFailureCountAnnotation] holds how often the index failed
//     before, and [IndexIgnoredFailureCountAnnotation] how often it failed
//     in ways the pod failure policy ignores, when it did: replaced is the
//     index's last failed pod, whose counts the new pod carries on, with
//     its own failure added; nil for an index that never failed.
//
// Unlike the pods in a Decision, the pod has its kind and apiVersion set,
// so that it can be written out as a manifest.
//
// NewPod returns the errors that would make the pod wrong: a Job that is
// nil or has no name; an index that is not -1 for a NonIndexed Job, or
// is outside 0…completions-1 for an Indexed one; a Job with no selector,
// or a template whose labels (with the index label) do not match the
// selector, so that the Job would not find its own pod.
func NewPod(job *jobapi.Job, index int, replaced *core.Pod) (*core.Pod, error) {
	if job == nil {
		return nil, field.ErrorList{field.Required(nil, "must be a Job, not nil")}.ToAggregate()
	}
	var errs field.ErrorList
	spec := field.NewPath("spec")
	if job.ObjectMeta.Name == "" {
		errs = append(errs, field.Required(field.NewPath("metadata", "name"), "the pods' generateName starts with it"))
	}
	indexed := job.Spec.CompletionMode != nil && *job.Spec.CompletionMode == jobapi.IndexedCompletion
	if !indexed && index != -1 {
		var got any = "<unset>"
		if m := job.Spec.CompletionMode; m != nil {
			got = string(*m)
		}
		errs = append(errs, field.Invalid(spec.Child("completionMode"), got, "must be 'Indexed' for pods with a completion index"))
	}
	if c := job.Spec.Completions; index < 0 && (indexed || index != -1) {
		errs = append(errs, field.Invalid(field.NewPath("index"), index, "must be greater than or equal to 0"))
	} else if index >= 0 && c != nil && index >= int(*c) {
		errs = append(errs, field.Invalid(field.NewPath("index"), index, "must be less than `spec.completions` ("+strconv.Itoa(int(*c))+")"))
	}
	var sel selector.Selector
	if job.Spec.Selector == nil {
		errs = append(errs, field.Required(spec.Child("selector"), "the API server sets it when the Job is created; create the Job first"))
	} else {
		var err error
		if sel, err = selector.FromLabelSelector(job.Spec.Selector); err != nil {
			errs = append(errs, field.Invalid(spec.Child("selector"), job.Spec.Selector, err.Error()))
		}
	}
	if len(errs) > 0 {
		return nil, errs.ToAggregate()
	}
	pod := newPod(job, index, indexed && job.Spec.BackoffLimitPerIndex != nil, replaced)
	if labels := selector.Set(pod.ObjectMeta.Labels); !sel.Matches(labels) {
		return nil, field.ErrorList{field.Invalid(spec.Child("template", "metadata", "labels"), labels.String(),
			"must match `spec.selector` ("+sel.String()+"), or the Job does not find its pods")}.ToAggregate()
	}
	pod.TypeMeta = meta.TypeMeta{Kind: "Pod", APIVersion: "v1"}
	if job.ObjectMeta.UID == "" {
		pod.ObjectMeta.OwnerReferences = nil
	}
	return pod, nil
}

// newPod builds the pod the controller creates for index (-1 for a
// NonIndexed Job): see [NewPod], which checks the Job first. Sync calls
// it on Jobs it has checked itself. perIndex says that the Job has
// `spec.backoffLimitPerIndex`; replaced is the index's last failed pod
// (nil: none). Unlike NewPod, newPod names the Job as owner whatever its
// uid, as Kubernetes' controller does, and leaves the pod's kind unset.
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
			AddCompletionIndexEnv(&pod.Spec.InitContainers[i])
		}
		for i := range pod.Spec.Containers {
			AddCompletionIndexEnv(&pod.Spec.Containers[i])
		}
		ix := strconv.Itoa(index)
		pod.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = ix
		pod.ObjectMeta.Labels[jobapi.CompletionIndexAnnotation] = ix
		pod.Spec.Hostname = job.ObjectMeta.Name + "-" + ix
		pod.ObjectMeta.GenerateName = GenerateName(job.ObjectMeta.Name, index)
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

// AddCompletionIndexEnv gives c the environment variable
// JOB_COMPLETION_INDEX, read through the downward API from the pod's
// completion-index label, unless c already has a variable of that name:
// what the Job controller does to every container of an Indexed Job's pod.
func AddCompletionIndexEnv(c *core.Container) {
	for _, e := range c.Env {
		if e.Name == jobapi.CompletionIndexEnvName {
			return
		}
	}
	c.Env = append(c.Env, core.EnvVar{
		Name: jobapi.CompletionIndexEnvName,
		ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
			FieldPath: "metadata.labels['" + jobapi.CompletionIndexAnnotation + "']",
		}},
	})
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

// CompletionIndex is the completion index Kubernetes' Job controller
// reads from a pod's annotation ([jobapi.CompletionIndexAnnotation]): -1
// when it is missing, malformed or negative. The controller's reading is
// lenient (strconv.Atoi: a sign and leading zeros pass); RebuildScoreboard
// reads strictly, to report which rule an annotation breaks.
func CompletionIndex(p *core.Pod) int {
	return CompletionIndexOf(p.ObjectMeta.Annotations)
}

// CompletionIndexOf is [CompletionIndex] of a pod with these annotations,
// for code that holds another type's pod (a k8s.io/api Pod, say).
func CompletionIndexOf(annotations map[string]string) int {
	v, ok := annotations[jobapi.CompletionIndexAnnotation]
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return -1
	}
	return n
}
