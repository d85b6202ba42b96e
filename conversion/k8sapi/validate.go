package k8sapi

import (
	"errors"

	"github.com/jobkit/jobkit/jobapi"
	jfield "github.com/jobkit/jobkit/jobapi/field"
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateOption changes what ValidateJob, ValidateJobUpdate and
// ValidateJobStatusUpdate do.
type ValidateOption func(*validateOptions)

type validateOptions struct {
	prefix *field.Path
	job    []jobapi.ValidateOption
}

// WithPathPrefix makes every error's field path start with prefix: the
// place of a Job template embedded in another object, such as
// field.NewPath("spec", "replicatedJobs").Index(0).Child("template").
// `metadata.name` is then reported as
// `spec.replicatedJobs[0].template.metadata.name`.
func WithPathPrefix(prefix *field.Path) ValidateOption {
	return func(o *validateOptions) { o.prefix = prefix }
}

// WithJobOptions passes options to jobapi's validation (the label keys
// selector generation wrote: jobapi.WithLabelKeys, jobapi.WithUniqueLabelKey).
func WithJobOptions(opts ...jobapi.ValidateOption) ValidateOption {
	return func(o *validateOptions) { o.job = append(o.job, opts...) }
}

func buildOptions(opts []ValidateOption) validateOptions {
	var o validateOptions
	for _, f := range opts {
		f(&o)
	}
	return o
}

// errorsToAPI converts errs and puts prefix in front of their paths.
func (o *validateOptions) errorsToAPI(errs jfield.ErrorList) field.ErrorList {
	out := ErrorListToAPI(errs)
	if o.prefix != nil {
		p := o.prefix.String()
		for _, e := range out {
			switch {
			case e.Field == "":
				e.Field = p
			case e.Field[0] == '[':
				e.Field = p + e.Field
			default:
				e.Field = p + "." + e.Field
			}
		}
	}
	return out
}

// ValidateJob checks job as a v1.36 API server checks a new Job (after
// its create-time defaulting and selector generation), with
// jobapi.Validate, reading the pod template's serviceAccount and
// serviceAccountName as the API server's conversion does (the first is
// the old spelling of the second), and returns the errors in
// apimachinery's shape: empty when job is valid. The error reports misuse (a nil job, a bad option)
// or a Job that cannot be converted; it is not a validation failure.
// apierrors.NewInvalid(schema.GroupKind{Group: "batch", Kind: "Job"},
// job.Name, errs) makes the API server's response of it.
func ValidateJob(job *batchv1.Job, opts ...ValidateOption) (field.ErrorList, error) {
	if job == nil {
		return nil, errors.New("k8sapi: ValidateJob needs a Job, not nil")
	}
	o := buildOptions(opts)
	j, err := jobFromAPIAsServer(job)
	if err != nil {
		return nil, err
	}
	errs, err := jobapi.Validate(j, o.job...)
	if err != nil {
		return nil, err
	}
	return o.errorsToAPI(errs), nil
}

// ValidateJobUpdate checks job, the new state of the stored Job old, as a
// v1.36 API server checks an update, with jobapi.ValidateUpdate; both are
// read as ValidateJob reads a Job (an update that leaves out the
// serviceAccount the API server returned does not change the template),
// and the errors and the error are as ValidateJob's.
func ValidateJobUpdate(job, old *batchv1.Job, opts ...ValidateOption) (field.ErrorList, error) {
	return validatePair("ValidateJobUpdate", job, old, opts, func(j, oj *jobapi.Job, o *validateOptions) (jfield.ErrorList, error) {
		return jobapi.ValidateUpdate(j, oj, o.job...)
	})
}

// ValidateJobStatusUpdate checks an update of the status subresource of
// old to job's, with jobapi.ValidateStatusUpdate; the errors and the error
// are as ValidateJob's (only WithPathPrefix applies).
func ValidateJobStatusUpdate(job, old *batchv1.Job, opts ...ValidateOption) (field.ErrorList, error) {
	return validatePair("ValidateJobStatusUpdate", job, old, opts, func(j, oj *jobapi.Job, _ *validateOptions) (jfield.ErrorList, error) {
		return jobapi.ValidateStatusUpdate(j, oj)
	})
}

// validatePair reads job and old as ValidateJob reads a Job and checks
// them with validate; name is the caller's, for the misuse error.
func validatePair(name string, job, old *batchv1.Job, opts []ValidateOption, validate func(j, oj *jobapi.Job, o *validateOptions) (jfield.ErrorList, error)) (field.ErrorList, error) {
	if job == nil || old == nil {
		return nil, errors.New("k8sapi: " + name + " needs the new and the stored Job, not nil")
	}
	o := buildOptions(opts)
	j, err := jobFromAPIAsServer(job)
	if err != nil {
		return nil, err
	}
	oj, err := jobFromAPIAsServer(old)
	if err != nil {
		return nil, err
	}
	errs, err := validate(j, oj, &o)
	if err != nil {
		return nil, err
	}
	return o.errorsToAPI(errs), nil
}

// jobFromAPIAsServer converts job as the API server reads a batch/v1
// object: its conversion to the internal type keeps one service account
// field, serviceAccountName, taken from serviceAccount when empty, and
// writes both back. k8s.io/api objects defaulted by a client (not read
// from an API server) may lack serviceAccount; jobkit, which types both
// and equates them in its defaulting, sees them as the API server does.
func jobFromAPIAsServer(job *batchv1.Job) (*jobapi.Job, error) {
	j, err := JobFromAPI(job)
	if err != nil {
		return nil, err
	}
	ps := &j.Spec.Template.Spec
	if ps.ServiceAccountName == "" {
		ps.ServiceAccountName = ps.DeprecatedServiceAccount
	}
	ps.DeprecatedServiceAccount = ps.ServiceAccountName
	return j, nil
}
