package jobtest

import (
	"maps"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// The container every built Job's template and every built Pod has, unless
// an option changes it.
const (
	DefaultContainerName = "main"
	DefaultImage         = "busybox"
)

// JobOption changes a Job that [Job] builds.
type JobOption interface{ applyJob(*jobapi.Job) }

// PodOption changes a Pod that [Pod] builds.
type PodOption interface{ applyPod(*core.Pod) }

// JobFunc is a JobOption that calls itself: the way to set, in a fixture,
// a field no option sets.
type JobFunc func(*jobapi.Job)

func (f JobFunc) applyJob(j *jobapi.Job) { f(j) }

// PodFunc is a PodOption that calls itself: the way to set, in a fixture,
// a field no option sets.
type PodFunc func(*core.Pod)

func (f PodFunc) applyPod(p *core.Pod) { f(p) }

// MetaOption changes the metadata of a Job or a Pod: it is both a JobOption
// and a PodOption.
type MetaOption func(*meta.ObjectMeta)

func (f MetaOption) applyJob(j *jobapi.Job) { f(&j.ObjectMeta) }
func (f MetaOption) applyPod(p *core.Pod)   { f(&p.ObjectMeta) }

// SpecOption changes a pod spec: a Pod's, or the pod template's of a Job.
// It is both a JobOption and a PodOption.
type SpecOption func(*core.PodSpec)

func (f SpecOption) applyJob(j *jobapi.Job) { f(&j.Spec.Template.Spec) }
func (f SpecOption) applyPod(p *core.Pod)   { f(&p.Spec) }

// Job returns a new Job called name, as a user would write it before
// creating it: `batch/v1`, no namespace (the store's Resource gives it one),
// no selector (the store generates it), and a template with one container,
// DefaultContainerName running DefaultImage, and `restartPolicy: Never`.
// opts change it in order. Every Job it returns is valid once created; the
// options can make it invalid on purpose.
func Job(name string, opts ...JobOption) *jobapi.Job {
	j := &jobapi.Job{
		TypeMeta:   meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
		ObjectMeta: meta.ObjectMeta{Name: name},
		Spec: jobapi.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
			Containers:    []core.Container{{Name: DefaultContainerName, Image: DefaultImage}},
			RestartPolicy: core.RestartPolicyNever,
		}}},
	}
	for _, opt := range opts {
		if opt != nil {
			opt.applyJob(j)
		}
	}
	return j
}

// Pod returns a new Pod called name (a `v1` Pod with one container,
// DefaultContainerName running DefaultImage, and `restartPolicy: Never`),
// changed by opts in order.
func Pod(name string, opts ...PodOption) *core.Pod {
	p := &core.Pod{
		TypeMeta:   meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{Name: name},
		Spec: core.PodSpec{
			Containers:    []core.Container{{Name: DefaultContainerName, Image: DefaultImage}},
			RestartPolicy: core.RestartPolicyNever,
		},
	}
	for _, opt := range opts {
		if opt != nil {
			opt.applyPod(p)
		}
	}
	return p
}

func ptr[T any](v T) *T { return &v }

// Namespace sets `metadata.namespace`.
func Namespace(ns string) MetaOption {
	return func(m *meta.ObjectMeta) { m.Namespace = ns }
}

// GenerateName sets `metadata.generateName` and clears `metadata.name`,
// so that the store makes the name: prefix and five random characters.
func GenerateName(prefix string) MetaOption {
	return func(m *meta.ObjectMeta) { m.Name, m.GenerateName = "", prefix }
}

// Labels adds labels to `metadata.labels` (a copy: the fixture never
// shares the map).
func Labels(labels map[string]string) MetaOption {
	return func(m *meta.ObjectMeta) { m.Labels = merged(m.Labels, labels) }
}

// Annotations adds annotations to `metadata.annotations` (a copy).
func Annotations(annotations map[string]string) MetaOption {
	return func(m *meta.ObjectMeta) { m.Annotations = merged(m.Annotations, annotations) }
}

// UID sets `metadata.uid`, for fixtures that stand for objects that
// already exist (the store replaces it on create, with a warning).
func UID(uid meta.UID) MetaOption {
	return func(m *meta.ObjectMeta) { m.UID = uid }
}

// merged returns dst with the entries of src added, in a new map when dst
// is nil.
func merged(dst, src map[string]string) map[string]string {
	if len(src) == 0 {
		return dst
	}
	if dst == nil {
		dst = make(map[string]string, len(src))
	}
	maps.Copy(dst, src)
	return dst
}

// Image sets the image of the first container (of the template, for a
// Job), or of the container [Container] builds.
func Image(image string) ContainerOption {
	return func(c *core.Container) { c.Image = image }
}

// Command sets the command of the first container (of the template, for a
// Job), or of the container [Container] builds.
func Command(command ...string) ContainerOption {
	return func(c *core.Container) { c.Command = append([]string(nil), command...) }
}

// RestartPolicy sets `restartPolicy` (of the template, for a Job).
func RestartPolicy(p core.RestartPolicy) SpecOption {
	return func(s *core.PodSpec) { s.RestartPolicy = p }
}

// Indexed makes the Job Indexed with n completions: `completionMode:
// Indexed`, `completions: n`.
func Indexed(n int32) JobFunc {
	return func(j *jobapi.Job) {
		j.Spec.CompletionMode = ptr(jobapi.IndexedCompletion)
		j.Spec.Completions = ptr(n)
	}
}

// Completions sets `spec.completions`.
func Completions(n int32) JobFunc {
	return func(j *jobapi.Job) { j.Spec.Completions = ptr(n) }
}

// Parallelism sets `spec.parallelism`.
func Parallelism(n int32) JobFunc {
	return func(j *jobapi.Job) { j.Spec.Parallelism = ptr(n) }
}

// BackoffLimit sets `spec.backoffLimit`.
func BackoffLimit(n int32) JobFunc {
	return func(j *jobapi.Job) { j.Spec.BackoffLimit = ptr(n) }
}

// Suspend sets `spec.suspend`.
func Suspend(suspend bool) JobFunc {
	return func(j *jobapi.Job) { j.Spec.Suspend = ptr(suspend) }
}

// Selector sets `spec.selector` (a copy of ls) without
// `spec.manualSelector`: the store refuses a selector it did not generate
// unless the Job also has [ManualSelector].
func Selector(ls *selector.LabelSelector) JobFunc {
	return func(j *jobapi.Job) { j.Spec.Selector = copySelector(ls) }
}

// ManualSelector sets `spec.manualSelector: true` and `spec.selector` to a
// copy of ls: the user, not the store, chooses which pods the Job owns.
func ManualSelector(ls *selector.LabelSelector) JobFunc {
	return func(j *jobapi.Job) {
		j.Spec.ManualSelector = ptr(true)
		j.Spec.Selector = copySelector(ls)
	}
}

func copySelector(ls *selector.LabelSelector) *selector.LabelSelector {
	if ls == nil {
		return nil
	}
	out := &selector.LabelSelector{MatchLabels: maps.Clone(ls.MatchLabels)}
	for _, r := range ls.MatchExpressions {
		r.Values = append([]string(nil), r.Values...)
		out.MatchExpressions = append(out.MatchExpressions, r)
	}
	return out
}

// TemplateLabels adds labels to the pod template's `metadata.labels`.
func TemplateLabels(labels map[string]string) JobFunc {
	return func(j *jobapi.Job) {
		j.Spec.Template.ObjectMeta.Labels = merged(j.Spec.Template.ObjectMeta.Labels, labels)
	}
}

// CompletedIndexes sets `status.completedIndexes`, in the interval form
// ("1,3-5").
func CompletedIndexes(s string) JobFunc {
	return func(j *jobapi.Job) { j.Status.CompletedIndexes = s }
}

// Index gives the Pod the completion index i, as the Job controller does:
// the annotation and the label jobapi.CompletionIndexAnnotation.
func Index(i int) PodFunc {
	return func(p *core.Pod) {
		ix := strconv.Itoa(i)
		p.ObjectMeta.Annotations = merged(p.ObjectMeta.Annotations, map[string]string{jobapi.CompletionIndexAnnotation: ix})
		p.ObjectMeta.Labels = merged(p.ObjectMeta.Labels, map[string]string{jobapi.CompletionIndexAnnotation: ix})
	}
}

// Phase sets `status.phase`.
func Phase(phase core.PodPhase) PodFunc {
	return func(p *core.Pod) { p.Status.Phase = phase }
}

// NodeName sets `spec.nodeName`: the pod is scheduled.
func NodeName(node string) PodFunc {
	return func(p *core.Pod) { p.Spec.NodeName = node }
}

// OwnedBy makes the Pod one of job's, as its controller would: in the
// Job's namespace, with the labels of the Job's pod template (so that the
// Job's selector matches it) and, when the Job has a uid, an owner
// reference naming the Job as its controller.
func OwnedBy(job *jobapi.Job) PodFunc {
	return func(p *core.Pod) {
		if job == nil {
			return
		}
		p.ObjectMeta.Namespace = job.ObjectMeta.Namespace
		p.ObjectMeta.Labels = merged(p.ObjectMeta.Labels, job.Spec.Template.ObjectMeta.Labels)
		if job.ObjectMeta.UID != "" {
			p.ObjectMeta.OwnerReferences = append(p.ObjectMeta.OwnerReferences, meta.OwnerReference{
				APIVersion: "batch/v1", Kind: "Job", Name: job.ObjectMeta.Name, UID: job.ObjectMeta.UID,
				Controller: ptr(true), BlockOwnerDeletion: ptr(true),
			})
		}
	}
}
