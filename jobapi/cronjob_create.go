package jobapi

import (
	"crypto/rand"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/equality"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// indexedTrackingWarning is the API server's warning for an Indexed Job
// template whose completions and parallelism are both beyond the limits
// under which the controller tracks every failed index.
const indexedTrackingWarning = "In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail"

// PrepareCronJobForCreate does to cj what a v1.36 API server does to a
// new CronJob before it validates and stores it (the generic store and
// the CronJob strategy's PrepareForCreate), and returns what the user
// should know (the strategy's WarningsOnCreate among them). It never
// rejects input: call [ValidateCronJob] next. Its error is reserved for
// misuse (a nil cj, a bad option, a failing WithRandom reader, a
// namespace that contradicts WithNamespace); then cj is unchanged.
//
// It takes [PrepareForCreate]'s options and does what PrepareForCreate
// does outside selector generation, which a CronJob does not have (its
// Jobs get their selectors when the controller creates them; the label
// key options are checked, and otherwise ignored):
//   - `metadata.namespace`: the namespace of WithNamespace or
//     [DefaultNamespace] when empty; another one than WithNamespace's is
//     a [*NamespaceMismatchError].
//   - Members jobkit does not model that are still held in an Unknown
//     map are dropped quietly, as PrepareForCreate drops a Job's: the
//     warnings about them, or their refusal, are the request decoder's
//     (conversion.WithFieldValidation).
//   - The job template's pod template gets the core/v1 defaults
//     ([core.SetDefaultsPodTemplateSpec]), which never overwrite, so a
//     CronJob conversion decoded is unchanged. The CronJob's own defaults
//     are batch/v1's (jobapi/v1.SetDefaultsCronJob, which conversion
//     applies): a CronJob built in Go without `concurrencyPolicy` is
//     refused by ValidateCronJob, as an API server would refuse one that
//     reached it undefaulted.
//   - uid (WithUID or a random one; a copied uid replaced with a
//     warning), creation time (WithCreationTime or now), `generation` 1,
//     no resourceVersion (removed with a warning), deletionTimestamp,
//     deletionGracePeriodSeconds or selfLink; an empty name made from
//     `metadata.generateName`.
//   - The status is cleared, and the job template's pod template loses
//     the fields whose feature gate is off by default in v1.36
//     ([core.DropDisabledTemplateFields]).
//
// Then the strategy's warnings: a name that is a valid DNS subdomain but
// not a DNS label (it becomes part of the names of the Jobs' pods and
// their hostnames), and, at `spec.jobTemplate.spec`, an Indexed template
// with more than 10^5 completions and a parallelism above 10^4, in the
// API server's words. The warnings Kubernetes derives from the pod
// template itself (deprecated fields and annotations, ...) are not
// modelled, as for Jobs.
//
// What the server returns is the CronJob read back from storage: call
// [ReadBackCronJob] after ValidateCronJob for it.
func PrepareCronJobForCreate(cj *CronJob, opts ...CreateOption) (meta.Warnings, error) {
	if cj == nil {
		return nil, errors.New("jobapi: PrepareCronJobForCreate needs a CronJob, not nil")
	}
	tmpl := &cj.Spec.JobTemplate.Spec.Template
	w, err := prepareObjectForCreate(cj, &cj.ObjectMeta, "CronJob", opts, func() {
		core.SetDefaultsPodTemplateSpec(tmpl)
	})
	if err != nil {
		return nil, err
	}
	cj.Status = CronJobStatus{}
	core.DropDisabledTemplateFields(tmpl, nil)
	if name := cj.ObjectMeta.Name; validation.IsDNSSubdomain(name) && !validation.IsDNSLabel(name) {
		w = append(w, meta.Warning{Field: "metadata.name", Message: "is used in the names of the CronJob's Jobs and of their pods, and in the pods' hostnames, which must be DNS labels; a DNS label (at most 63 lower-case letters, digits and '-') is recommended"})
	}
	return appendJobTemplateWarnings(w, &cj.Spec.JobTemplate.Spec), nil
}

// prepareObjectForCreate does to a new object obj of the given kind,
// whose metadata is m, what the API server's generic store does on
// create, as [PrepareForCreate] does to a Job: the options checked, the
// namespace (WithNamespace, else [DefaultNamespace]; a mismatch is a
// [*NamespaceMismatchError]), the uid and the name from generateName
// drawn, then (nothing failing any more) the members still held in an
// Unknown map dropped quietly, defaults applied, and the system fields set
// (meta.ObjectMeta.PrepareForCreate, generation 1). On an error obj is
// unchanged.
func prepareObjectForCreate(obj UnknownFieldHolder, m *meta.ObjectMeta, kind string, opts []CreateOption, defaults func()) (meta.Warnings, error) {
	o, _, err := buildCreateOptions(opts)
	if err != nil {
		return nil, err
	}
	return prepareObject(obj, m, kind, o, defaults)
}

// prepareObject is [prepareObjectForCreate] with the options built: the
// create preamble of every kind, Jobs included ([PrepareForCreate] goes on
// with the selector).
func prepareObject(obj UnknownFieldHolder, m *meta.ObjectMeta, kind string, o createOptions, defaults func()) (meta.Warnings, error) {
	namespace := m.Namespace
	switch {
	case o.namespace == "":
		if namespace == "" {
			namespace = DefaultNamespace
		}
	case namespace == "":
		namespace = o.namespace
	case namespace != o.namespace:
		return nil, &NamespaceMismatchError{Object: namespace, Request: o.namespace}
	}
	random := o.random
	if random == nil {
		random = rand.Reader
	}
	uid := o.uid
	if uid == "" {
		u, err := uuid.NewRandomFromReader(random)
		if err != nil {
			return nil, fmt.Errorf("jobapi: generating a uid: %w", err)
		}
		uid = meta.UID(u.String())
	}
	name := m.Name
	if name == "" && m.GenerateName != "" {
		var err error
		if name, err = NameFromGenerateName(m.GenerateName, random); err != nil {
			return nil, err
		}
	}

	// Nothing fails from here on.
	DropUnknown(obj, "")
	defaults()
	m.Namespace, m.Name = namespace, name
	created := o.created
	if created.IsZero() {
		created = time.Now()
	}
	return m.PrepareForCreate(kind, uid, created), nil
}

// appendJobTemplateWarnings appends the API server's warnings about a
// CronJob's job template (WarningsForJobSpec, without the pod template's).
func appendJobTemplateWarnings(w meta.Warnings, spec *JobSpec) meta.Warnings {
	if isIndexed(spec) && spec.Completions != nil && *spec.Completions > completionsSoftLimit &&
		spec.Parallelism != nil && *spec.Parallelism > parallelismLimitForHighCompletions {
		w = append(w, meta.Warning{Field: "spec.jobTemplate.spec", Message: indexedTrackingWarning})
	}
	return w
}

// ReadBackCronJob does to a created (or updated) CronJob what the API
// server does between storing it and answering: it reads the CronJob back
// from storage, which keeps it as protobuf, so every empty list or map
// becomes nil (the members of its Unknown maps excepted), and decodes
// it with batch/v1's defaults again, which change nothing more: unlike a
// Job's, a CronJob's defaults never copy one field into another. A nil cj
// is left alone.
func ReadBackCronJob(cj *CronJob) {
	if cj == nil {
		return
	}
	nilEmpty(reflect.ValueOf(cj).Elem())
}

// PrepareCronJobForUpdate does to cj, the new state a user writes over
// the stored CronJob old, what a v1.36 API server does before it
// validates the update (the generic store's BeforeUpdate and the CronJob
// strategy's PrepareForUpdate), and returns the strategy's warnings
// (WarningsOnUpdate). Call [ValidateCronJobUpdate] next. old is not
// changed; nil arguments change nothing.
//
//   - The status is old's: a user's update never writes it.
//   - The job template's pod template loses the fields whose feature
//     gate is off, unless old's template already used them
//     ([core.DropDisabledTemplateFields]).
//   - `metadata.generation` is old's, plus one when the spec changed in
//     meaning (an empty list equals a missing one).
//   - An empty uid becomes old's; the creation time, and the deletion
//     time and grace period once old has them, are old's.
//
// The warnings: when the generation changed, the job template's (see
// [PrepareCronJobForCreate]); and when the schedule holds "TZ" (an old
// CronJob's schedule, which an update may keep), the API server's
// `cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead,
// see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/
// for more details`, word for word (its path included).
func PrepareCronJobForUpdate(cj, old *CronJob) meta.Warnings {
	if cj == nil || old == nil {
		return nil
	}
	cj.ObjectMeta.Generation = old.ObjectMeta.Generation
	cj.Status = *old.Status.DeepCopy()
	core.DropDisabledTemplateFields(&cj.Spec.JobTemplate.Spec.Template, &old.Spec.JobTemplate.Spec.Template)
	if !equality.Semantic(&cj.Spec, &old.Spec) {
		cj.ObjectMeta.Generation = old.ObjectMeta.Generation + 1
	}
	keepSystemFields(&cj.ObjectMeta, &old.ObjectMeta)
	var w meta.Warnings
	if cj.ObjectMeta.Generation != old.ObjectMeta.Generation {
		w = appendJobTemplateWarnings(w, &cj.Spec.JobTemplate.Spec)
	}
	if strings.Contains(cj.Spec.Schedule, "TZ") {
		w = append(w, meta.Warning{Message: "cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details"})
	}
	return w
}

// PrepareCronJobForStatusUpdate does to cj, a CronJob whose status a
// controller writes over the stored old, what a v1.36 API server does
// before it validates a write to the `status` subresource: everything but
// the status is old's (the spec, the generation, and the system fields
// as in [PrepareCronJobForUpdate]). Call [ValidateCronJobStatusUpdate]
// next. nil arguments change nothing.
func PrepareCronJobForStatusUpdate(cj, old *CronJob) {
	if cj == nil || old == nil {
		return
	}
	cj.ObjectMeta.Generation = old.ObjectMeta.Generation
	cj.Spec = *old.Spec.DeepCopy()
	keepSystemFields(&cj.ObjectMeta, &old.ObjectMeta)
}

// keepSystemFields gives m the system fields of old that an update never
// changes, as the generic store's BeforeUpdate does.
func keepSystemFields(m, old *meta.ObjectMeta) {
	if m.UID == "" {
		m.UID = old.UID
	}
	if !old.CreationTimestamp.IsZero() {
		m.CreationTimestamp = old.CreationTimestamp
	}
	if old.DeletionTimestamp != nil {
		t := *old.DeletionTimestamp
		m.DeletionTimestamp = &t
	}
	if old.DeletionGracePeriodSeconds != nil && m.DeletionGracePeriodSeconds == nil {
		s := *old.DeletionGracePeriodSeconds
		m.DeletionGracePeriodSeconds = &s
	}
}
