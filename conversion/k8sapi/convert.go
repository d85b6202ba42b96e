package k8sapi

import (
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

//go:generate go run ./internal/gen

// DroppedMember is a member of a jobkit Unknown that the k8s.io/api type
// has no field for (or whose value its field cannot hold exactly), so
// that a conversion to k8s.io/api left it out.
type DroppedMember struct {
	// Field is the member's path in the object, as Kubernetes prints
	// field paths: `spec.template.spec.containers[0].newField`.
	Field string
	// Value is the member's JSON value.
	Value []byte
}

// DroppedError is what a conversion to k8s.io/api returns, together with
// the converted object, when some Unknown members could not be carried
// over. The object is complete but for those members. Callers that accept
// the loss (an older k8s.io/api than the manifests' Kubernetes) test for
// it with errors.As and go on; the others treat it as any error.
type DroppedError struct {
	// Members are the members left out, ordered by Field.
	Members []DroppedMember
}

// Error lists the paths of the members left out.
func (e *DroppedError) Error() string {
	fields := make([]string, len(e.Members))
	for i, m := range e.Members {
		fields[i] = m.Field
	}
	return fmt.Sprintf("k8sapi: k8s.io/api cannot hold %d unknown member(s): %s", len(e.Members), strings.Join(fields, ", "))
}

// JobFromAPI converts a batch/v1 Job into a jobkit Job, field by field.
// The result shares no memory with job, which is not changed (an
// informer's cached object can be given as it is). TypeMeta is copied as
// it is: an informer's objects have none, and jobkit's logic does not need
// it. Times are truncated to the second and kept in UTC, as the API's JSON
// keeps them. A nil job gives nil. The error, which only a quantity
// apimachinery accepts and jobkit does not would cause, names the field.
func JobFromAPI(job *batchv1.Job) (*jobapi.Job, error) {
	if job == nil {
		return nil, nil
	}
	var s scope
	out := new(jobapi.Job)
	convert_batchv1_Job_To_jobapi_Job(job, out, &s, nil)
	return out, s.err()
}

// JobToAPI converts a jobkit Job into a batch/v1 Job, field by field. The
// members of the Unknown fields that k8s.io/api types are decoded into
// their fields; any other is left out and reported by a *DroppedError,
// returned with the otherwise complete object. Times come back in
// time.Local, as metav1.Time's JSON decoding returns them. A nil job gives
// nil.
func JobToAPI(job *jobapi.Job) (*batchv1.Job, error) {
	if job == nil {
		return nil, nil
	}
	var s scope
	out := new(batchv1.Job)
	convert_jobapi_Job_To_batchv1_Job(job, out, &s, nil)
	return out, s.err()
}

// PodFromAPI converts a core/v1 Pod into a jobkit Pod, as [JobFromAPI]
// converts a Job.
func PodFromAPI(pod *corev1.Pod) (*core.Pod, error) {
	if pod == nil {
		return nil, nil
	}
	var s scope
	out := new(core.Pod)
	convert_corev1_Pod_To_core_Pod(pod, out, &s, nil)
	return out, s.err()
}

// PodToAPI converts a jobkit Pod into a core/v1 Pod, as [JobToAPI]
// converts a Job.
func PodToAPI(pod *core.Pod) (*corev1.Pod, error) {
	if pod == nil {
		return nil, nil
	}
	var s scope
	out := new(corev1.Pod)
	convert_core_Pod_To_corev1_Pod(pod, out, &s, nil)
	return out, s.err()
}

// PodTemplateSpecFromAPI converts a pod template, such as one embedded in
// another kind of object, as [JobFromAPI] converts a Job.
func PodTemplateSpecFromAPI(t *corev1.PodTemplateSpec) (*core.PodTemplateSpec, error) {
	if t == nil {
		return nil, nil
	}
	var s scope
	out := new(core.PodTemplateSpec)
	convert_corev1_PodTemplateSpec_To_core_PodTemplateSpec(t, out, &s, nil)
	return out, s.err()
}

// PodTemplateSpecToAPI converts a pod template as [JobToAPI] converts a
// Job.
func PodTemplateSpecToAPI(t *core.PodTemplateSpec) (*corev1.PodTemplateSpec, error) {
	if t == nil {
		return nil, nil
	}
	var s scope
	out := new(corev1.PodTemplateSpec)
	convert_core_PodTemplateSpec_To_corev1_PodTemplateSpec(t, out, &s, nil)
	return out, s.err()
}

// ObjectMetaFromAPI converts an object's metadata as [JobFromAPI]
// converts a Job.
func ObjectMetaFromAPI(m *metav1.ObjectMeta) (*meta.ObjectMeta, error) {
	if m == nil {
		return nil, nil
	}
	var s scope
	out := new(meta.ObjectMeta)
	convert_metav1_ObjectMeta_To_meta_ObjectMeta(m, out, &s, nil)
	return out, s.err()
}

// ObjectMetaToAPI converts an object's metadata as [JobToAPI] converts a
// Job.
func ObjectMetaToAPI(m *meta.ObjectMeta) (*metav1.ObjectMeta, error) {
	if m == nil {
		return nil, nil
	}
	var s scope
	out := new(metav1.ObjectMeta)
	convert_meta_ObjectMeta_To_metav1_ObjectMeta(m, out, &s, nil)
	return out, s.err()
}

// LabelSelectorFromAPI converts a label selector. A nil selector gives
// nil (which selects nothing, for selector.FromLabelSelector as for
// metav1.LabelSelectorAsSelector).
func LabelSelectorFromAPI(ls *metav1.LabelSelector) *selector.LabelSelector {
	if ls == nil {
		return nil
	}
	var s scope
	out := new(selector.LabelSelector)
	convert_metav1_LabelSelector_To_selector_LabelSelector(ls, out, &s, nil)
	return out
}

// LabelSelectorToAPI converts a label selector. A nil selector gives nil.
func LabelSelectorToAPI(ls *selector.LabelSelector) *metav1.LabelSelector {
	if ls == nil {
		return nil
	}
	var s scope
	out := new(metav1.LabelSelector)
	convert_selector_LabelSelector_To_metav1_LabelSelector(ls, out, &s, nil)
	return out
}

// QuantityFromAPI returns q as a jobkit quantity of the same value,
// canonical text and format. q is not changed.
func QuantityFromAPI(q kresource.Quantity) (resource.Quantity, error) {
	var s scope
	out := s.quantityFromAPI(&q, nil)
	return out, s.err()
}

// QuantityToAPI returns q as an apimachinery quantity of the same value,
// canonical text and format.
func QuantityToAPI(q resource.Quantity) (kresource.Quantity, error) {
	var s scope
	out := s.quantityToAPI(q, nil)
	return out, s.err()
}

// JobTemplateSpecFromAPI returns the Job a batch/v1 JobTemplateSpec
// describes (jobkit has no type of its own for a template): its metadata
// and spec, with no TypeMeta and no status. The CronJob controller makes
// its Jobs from such a template.
func JobTemplateSpecFromAPI(t *batchv1.JobTemplateSpec) (*jobapi.Job, error) {
	if t == nil {
		return nil, nil
	}
	var s scope
	out := new(jobapi.Job)
	convert_metav1_ObjectMeta_To_meta_ObjectMeta(&t.ObjectMeta, &out.ObjectMeta, &s, &path{name: "metadata"})
	convert_batchv1_JobSpec_To_jobapi_JobSpec(&t.Spec, &out.Spec, &s, &path{name: "spec"})
	if sameMap(t.Labels, t.Spec.Template.Labels) {
		out.ObjectMeta.Labels = out.Spec.Template.ObjectMeta.Labels // see jobLabelsFromAPI
	}
	return out, s.err()
}

// JobTemplateSpecToAPI returns the metadata and spec of job as a batch/v1
// JobTemplateSpec. What a template cannot hold (a TypeMeta, a status, the
// Job's own Unknown members) is reported by a *DroppedError.
func JobTemplateSpecToAPI(job *jobapi.Job) (*batchv1.JobTemplateSpec, error) {
	if job == nil {
		return nil, nil
	}
	var s scope
	out := new(batchv1.JobTemplateSpec)
	convert_meta_ObjectMeta_To_metav1_ObjectMeta(&job.ObjectMeta, &out.ObjectMeta, &s, &path{name: "metadata"})
	convert_jobapi_JobSpec_To_batchv1_JobSpec(&job.Spec, &out.Spec, &s, &path{name: "spec"})
	if sameMap(job.ObjectMeta.Labels, job.Spec.Template.ObjectMeta.Labels) {
		out.Labels = out.Spec.Template.Labels // see jobLabelsToAPI
	}
	if job.Kind != "" || job.APIVersion != "" {
		s.dropped = append(s.dropped, DroppedMember{Field: "kind", Value: []byte(fmt.Sprintf("%q", job.Kind))},
			DroppedMember{Field: "apiVersion", Value: []byte(fmt.Sprintf("%q", job.APIVersion))})
	}
	if st, err := job.Status.MarshalJSON(); err == nil && string(st) != "{}" {
		s.dropped = append(s.dropped, DroppedMember{Field: "status", Value: st})
	}
	for name, raw := range job.Unknown {
		s.drop(nil, name, raw)
	}
	return out, s.err()
}

// JobListFromAPI converts the items of a batch/v1 JobList, each as
// [JobFromAPI] converts a Job. The list's own metadata (resourceVersion,
// continue) is not part of any Job and is not converted.
func JobListFromAPI(list *batchv1.JobList) ([]jobapi.Job, error) {
	if list == nil {
		return nil, nil
	}
	var s scope
	out := make([]jobapi.Job, len(list.Items))
	for i := range list.Items {
		convert_batchv1_Job_To_jobapi_Job(&list.Items[i], &out[i], &s, &path{parent: &path{name: "items"}, index: i, elem: true})
	}
	return out, s.err()
}

// JobListToAPI returns jobs as a batch/v1 JobList (kind JobList,
// apiVersion batch/v1, no list metadata), each converted as [JobToAPI]
// converts a Job.
func JobListToAPI(jobs []jobapi.Job) (*batchv1.JobList, error) {
	var s scope
	out := &batchv1.JobList{TypeMeta: metav1.TypeMeta{Kind: "JobList", APIVersion: "batch/v1"}}
	if jobs != nil {
		out.Items = make([]batchv1.Job, len(jobs))
	}
	for i := range jobs {
		convert_jobapi_Job_To_batchv1_Job(&jobs[i], &out.Items[i], &s, &path{parent: &path{name: "items"}, index: i, elem: true})
	}
	return out, s.err()
}
