package jobtest

import (
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

// kind is what differs between Jobs and Pods: their names in the API and
// their strategies, the API server's per-kind hooks for create, update and
// status update. The verbs themselves are written once, in resource.go.
type kind[T Object] struct {
	resource field.GroupResource // for NotFound, AlreadyExists, Conflict, Success
	kindName field.GroupKind     // for Invalid
	apiType  meta.TypeMeta       // what every stored object carries
	typeMeta func(*T) *meta.TypeMeta
	meta     func(*T) *meta.ObjectMeta
	copy     func(*T) *T

	// prepareCreate does the create-time processing of a new object whose
	// name is set: uid, creation time, generation 1, no resourceVersion,
	// status reset (and, for Jobs, the generated selector and labels).
	prepareCreate func(o *T, uid meta.UID, now time.Time) (meta.Warnings, error)
	validate      func(o *T) field.ErrorList
	// spec returns the spec, whose changes bump the generation.
	spec func(o *T) any
	// keepStatus gives o the status of old: an update ignores the status.
	keepStatus func(o, old *T)
	// takeStatus gives o the status of from: a status update changes
	// nothing else.
	takeStatus     func(o, from *T)
	validateUpdate func(o, old *T) field.ErrorList
	validateStatus func(o, old *T) field.ErrorList

	// gracePeriod is the strategy's CheckGracefulDelete: the grace period
	// of a delete that asked for asked (nil: none). Nil for a kind without
	// graceful deletion (Jobs).
	gracePeriod func(o *T, asked *int64) int64
	// orphanByDefault is the strategy's default garbage collection
	// policy: batch/v1 Jobs orphan their dependents unless told otherwise.
	orphanByDefault bool
	// decode does to a created object what the API server's request
	// decoder does beyond the defaults, under the field validation a
	// client gets when it asks for none (Warn): it drops the members the
	// kind does not model and returns a warning for each (nil: they are
	// kept).
	decode func(o *T) meta.Warnings
	// defaults applies the version's defaults the API server applies
	// when it decodes a request body (nil: none).
	defaults func(o *T)
	// readBack does what the read back from storage does to a created
	// object (nil: nothing).
	readBack func(o *T)
	// fields returns the object's selectable fields, as the strategy's
	// GetAttrs does (for field selectors).
	fields func(o *T) map[string]string
}

// The API groups and names of the kinds, as Kubernetes writes them in
// Status errors.
var (
	jobsResource = field.GroupResource{Group: "batch", Resource: "jobs"}
	podsResource = field.GroupResource{Group: "", Resource: "pods"}
)

func jobKind(s *Store) *kind[jobapi.Job] {
	return &kind[jobapi.Job]{
		resource: jobsResource,
		kindName: field.GroupKind{Group: "batch", Kind: "Job"},
		apiType:  meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
		typeMeta: func(j *jobapi.Job) *meta.TypeMeta { return &j.TypeMeta },
		meta:     func(j *jobapi.Job) *meta.ObjectMeta { return &j.ObjectMeta },
		copy:     (*jobapi.Job).DeepCopy,
		prepareCreate: func(j *jobapi.Job, uid meta.UID, now time.Time) (meta.Warnings, error) {
			opts := []jobapi.CreateOption{jobapi.WithUID(uid), jobapi.WithCreationTime(now)}
			for _, o := range s.jobOpts {
				opts = append(opts, o)
			}
			return jobapi.PrepareForCreate(j, opts...)
		},
		validate:   func(j *jobapi.Job) field.ErrorList { return internalErr(jobapi.Validate(j, validateOpts(s)...)) },
		spec:       func(j *jobapi.Job) any { return &j.Spec },
		keepStatus: func(j, old *jobapi.Job) { j.Status = *old.Status.DeepCopy() },
		takeStatus: func(j, from *jobapi.Job) { j.Status = *from.Status.DeepCopy() },
		validateUpdate: func(j, old *jobapi.Job) field.ErrorList {
			return internalErr(jobapi.ValidateUpdate(j, old, validateOpts(s)...))
		},
		validateStatus:  func(j, old *jobapi.Job) field.ErrorList { return internalErr(jobapi.ValidateStatusUpdate(j, old)) },
		orphanByDefault: true,
		decode:          func(j *jobapi.Job) meta.Warnings { return jobapi.DropUnknownFields(j) },
		defaults:        defaultJob,
		readBack:        jobapi.ReadBack,
		fields:          jobFields,
	}
}

func podKind() *kind[core.Pod] {
	return &kind[core.Pod]{
		resource: podsResource,
		kindName: field.GroupKind{Group: "", Kind: "Pod"},
		apiType:  meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		typeMeta: func(p *core.Pod) *meta.TypeMeta { return &p.TypeMeta },
		meta:     func(p *core.Pod) *meta.ObjectMeta { return &p.ObjectMeta },
		copy:     (*core.Pod).DeepCopy,
		prepareCreate: func(p *core.Pod, uid meta.UID, now time.Time) (meta.Warnings, error) {
			w := p.ObjectMeta.PrepareForCreate("Pod", uid, now)
			// A new pod is Pending until it is scheduled and started.
			p.Status = core.PodStatus{Phase: core.PodPending}
			return w, nil
		},
		validate:       validatePod,
		decode:         func(p *core.Pod) meta.Warnings { return jobapi.DropUnknownFields(p) },
		spec:           func(p *core.Pod) any { return &p.Spec },
		keepStatus:     func(p, old *core.Pod) { p.Status = *old.Status.DeepCopy() },
		takeStatus:     func(p, from *core.Pod) { p.Status = *from.Status.DeepCopy() },
		validateUpdate: validatePodUpdate,
		validateStatus: validatePodStatusUpdate,
		gracePeriod:    podGracePeriod,
		fields:         podFields,
	}
}

// defaultJob applies batch/v1's defaults (jobapi/v1.SetDefaults) to j,
// as the API server does when it decodes a Job: the Job's own
// (completions and parallelism, backoffLimit, completionMode, suspend,
// podReplacementPolicy, podFailurePolicy condition statuses, the label
// copy from the template) and the pod template's core/v1 defaults.
func defaultJob(j *jobapi.Job) {
	w := v1.Job{ObjectMeta: j.ObjectMeta, Spec: v1.JobSpec(j.Spec)}
	v1.SetDefaults(&w)
	j.ObjectMeta, j.Spec = w.ObjectMeta, jobapi.JobSpec(w.Spec)
}
