package scoreboard

import (
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

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

// NewPod returns the pod a Job controller creates for index of an Indexed
// Job, to be created with generateName:
//
//   - its labels, annotations and finalizers are copies of the template's,
//     its spec a deep copy of the template's spec (other template metadata
//     is not carried over, as in Kubernetes);
//   - the annotation and the label [jobapi.CompletionIndexAnnotation] hold index;
//   - every container and init container gets the environment variable
//     [jobapi.CompletionIndexEnvName] from that label, unless it sets one already;
//   - the finalizer [jobapi.JobTrackingFinalizer] is added;
//   - spec.hostname is `<job name>-<index>`, replacing the template's, so
//     that with a headless Service as subdomain every index has a stable
//     DNS name;
//   - generateName is [GenerateName](job name, index), the namespace the
//     Job's;
//   - an owner reference names the Job as its controller (with
//     blockOwnerDeletion), when the Job has a uid; a Job read from a
//     manifest before creation has none, and the pod gets no owner.
//
// NewPod returns the errors that would make the pod wrong: a Job that is
// nil, has no name, is not Indexed, has no selector, an index outside
// 0…completions-1, or a template whose labels (with the index label) do
// not match the selector, so that the Job would not find its own pod.
func NewPod(job *jobapi.Job, index int) (*core.Pod, error) {
	if job == nil {
		return nil, field.ErrorList{field.Required(nil, "must be a Job, not nil")}.ToAggregate()
	}
	var errs field.ErrorList
	spec := field.NewPath("spec")
	if job.ObjectMeta.Name == "" {
		errs = append(errs, field.Required(field.NewPath("metadata", "name"), "the pods' generateName starts with it"))
	}
	if m := job.Spec.CompletionMode; m == nil || *m != jobapi.IndexedCompletion {
		var got any = "<unset>"
		if m != nil {
			got = string(*m)
		}
		errs = append(errs, field.Invalid(spec.Child("completionMode"), got, "must be 'Indexed' for pods with a completion index"))
	}
	if index < 0 {
		errs = append(errs, field.Invalid(field.NewPath("index"), index, "must be greater than or equal to 0"))
	} else if c := job.Spec.Completions; c != nil && index >= int(*c) {
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

	tmpl := job.Spec.Template.DeepCopy()
	ix := strconv.Itoa(index)
	pod := &core.Pod{
		TypeMeta: meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{
			GenerateName: GenerateName(job.ObjectMeta.Name, index),
			Namespace:    job.ObjectMeta.Namespace,
			Labels:       tmpl.ObjectMeta.Labels,
			Annotations:  tmpl.ObjectMeta.Annotations,
			Finalizers:   tmpl.ObjectMeta.Finalizers,
		},
		Spec: tmpl.Spec,
	}
	if pod.ObjectMeta.Annotations == nil {
		pod.ObjectMeta.Annotations = map[string]string{}
	}
	pod.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = ix
	if pod.ObjectMeta.Labels == nil {
		pod.ObjectMeta.Labels = map[string]string{}
	}
	pod.ObjectMeta.Labels[jobapi.CompletionIndexAnnotation] = ix
	pod.Spec.Hostname = job.ObjectMeta.Name + "-" + ix
	if !slices.Contains(pod.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
		pod.ObjectMeta.Finalizers = append(pod.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer)
	}
	for i := range pod.Spec.InitContainers {
		AddCompletionIndexEnv(&pod.Spec.InitContainers[i])
	}
	for i := range pod.Spec.Containers {
		AddCompletionIndexEnv(&pod.Spec.Containers[i])
	}
	if job.ObjectMeta.UID != "" {
		yes := true
		pod.ObjectMeta.OwnerReferences = append(pod.ObjectMeta.OwnerReferences, meta.OwnerReference{
			APIVersion: "batch/v1", Kind: "Job", Name: job.ObjectMeta.Name, UID: job.ObjectMeta.UID,
			Controller: &yes, BlockOwnerDeletion: &yes,
		})
	}
	if !sel.Matches(selector.Set(pod.ObjectMeta.Labels)) {
		return nil, field.ErrorList{field.Invalid(spec.Child("template", "metadata", "labels"), selector.Set(pod.ObjectMeta.Labels).String(),
			"must match `spec.selector` ("+sel.String()+"), or the Job does not find its pods")}.ToAggregate()
	}
	return pod, nil
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
