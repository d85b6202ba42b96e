package conversion

import (
	"errors"
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

// CronJobs exist in one supported version, batch/v1 (batch/v1beta1,
// removed in Kubernetes 1.25, is another object to DecodeAll). The
// functions here are the CronJob's row of the conversion table: decode
// (with batch/v1's defaults), encode, and the typed converters.

// CronJobFromV1 returns the hub form of a batch/v1 CronJob, sharing no
// memory with in. The result's TypeMeta records batch/v1.
func CronJobFromV1(in *v1.CronJob) *jobapi.CronJob {
	if in == nil {
		return nil
	}
	return v1ToHubCronJob(in.DeepCopy())
}

// CronJobToV1 returns the batch/v1 form of a hub CronJob, with apiVersion
// and kind set, sharing no memory with in.
func CronJobToV1(in *jobapi.CronJob) *v1.CronJob {
	if in == nil {
		return nil
	}
	return hubToV1CronJob(in.DeepCopy())
}

// v1ToHubCronJob converts in, reusing its memory. The job template's
// JobSpec converts as a Go struct conversion, as a Job's does (see
// v1ToHub).
func v1ToHubCronJob(in *v1.CronJob) *jobapi.CronJob {
	s := &in.Spec
	return &jobapi.CronJob{
		TypeMeta:   meta.TypeMeta{Kind: v1.CronJobKind, APIVersion: v1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec: jobapi.CronJobSpec{
			Schedule:                s.Schedule,
			TimeZone:                s.TimeZone,
			StartingDeadlineSeconds: s.StartingDeadlineSeconds,
			ConcurrencyPolicy:       s.ConcurrencyPolicy,
			Suspend:                 s.Suspend,
			JobTemplate: jobapi.JobTemplateSpec{
				ObjectMeta: s.JobTemplate.ObjectMeta,
				Spec:       jobapi.JobSpec(s.JobTemplate.Spec),
				Unknown:    s.JobTemplate.Unknown,
			},
			SuccessfulJobsHistoryLimit: s.SuccessfulJobsHistoryLimit,
			FailedJobsHistoryLimit:     s.FailedJobsHistoryLimit,
			Unknown:                    s.Unknown,
		},
		Status:  in.Status,
		Unknown: in.Unknown,
	}
}

// hubToV1CronJob converts in, reusing its memory.
func hubToV1CronJob(in *jobapi.CronJob) *v1.CronJob {
	s := &in.Spec
	return &v1.CronJob{
		TypeMeta:   meta.TypeMeta{Kind: v1.CronJobKind, APIVersion: v1.GroupVersion},
		ObjectMeta: in.ObjectMeta,
		Spec: v1.CronJobSpec{
			Schedule:                s.Schedule,
			TimeZone:                s.TimeZone,
			StartingDeadlineSeconds: s.StartingDeadlineSeconds,
			ConcurrencyPolicy:       s.ConcurrencyPolicy,
			Suspend:                 s.Suspend,
			JobTemplate: v1.JobTemplateSpec{
				ObjectMeta: s.JobTemplate.ObjectMeta,
				Spec:       v1.JobSpec(s.JobTemplate.Spec),
				Unknown:    s.JobTemplate.Unknown,
			},
			SuccessfulJobsHistoryLimit: s.SuccessfulJobsHistoryLimit,
			FailedJobsHistoryLimit:     s.FailedJobsHistoryLimit,
			Unknown:                    s.Unknown,
		},
		Status:  in.Status,
		Unknown: in.Unknown,
	}
}

// decodeV1CronJob decodes a batch/v1 CronJob (JSON) into the hub, with
// batch/v1's defaults when defaults is true.
func decodeV1CronJob(data []byte, defaults bool) (*jobapi.CronJob, []string, error) {
	var w v1.CronJob
	refused, err := splitRefused(w.UnmarshalNewJSON(data))
	if err != nil {
		return nil, nil, err
	}
	if defaults {
		v1.SetDefaultsCronJob(&w)
	}
	return v1ToHubCronJob(&w), refused, nil
}

// DecodeCronJob reads one batch/v1 CronJob, as YAML or JSON, applies
// batch/v1's defaults (v1.SetDefaultsCronJob: concurrencyPolicy, suspend,
// the history limits, and the job template's pod template; not a Job's
// own defaults) and returns its hub form, whose TypeMeta records batch/v1.
// It takes [DecodeWith]'s options and reads as it does: one document,
// duplicate keys refused, unknown members kept unless
// [WithFieldValidation] says otherwise, errors about a field as
// field.Errors naming its path, every error's text starting with
// "conversion: ". Another apiVersion or kind is a NotSupported error.
func DecodeCronJob(data []byte, opts ...Option) (*jobapi.CronJob, error) {
	o := decodeOptions(opts)
	j, err := toJSON(data, o.maxBytes)
	if err != nil {
		return nil, err
	}
	tm, err := jobapi.TypeMetaOf(j)
	if err != nil {
		if len(field.AsErrorList(err)) == 0 {
			return nil, syntaxError(j)
		}
		return nil, fmt.Errorf("conversion: %w", err)
	}
	if errs := checkCronJobType(tm); len(errs) > 0 {
		return nil, fmt.Errorf("conversion: %w", errs.ToAggregate())
	}
	cj, refused, err := decodeV1CronJob(j, o.defaults)
	if err != nil {
		return nil, fmt.Errorf("conversion: %w", err)
	}
	if err := checkFields(cj, refused, o.validation); err != nil {
		return nil, err
	}
	return cj, nil
}

// checkCronJobType requires batch/v1 and CronJob.
func checkCronJobType(tm meta.TypeMeta) field.ErrorList {
	var errs field.ErrorList
	switch tm.APIVersion {
	case v1.GroupVersion:
	case "":
		errs = append(errs, field.Required(field.NewPath("apiVersion"), "must name the version of the CronJob, 'batch/v1'"))
	default:
		errs = append(errs, field.NotSupported(field.NewPath("apiVersion"), tm.APIVersion, []string{v1.GroupVersion}))
	}
	switch tm.Kind {
	case v1.CronJobKind:
	case "":
		errs = append(errs, field.Required(field.NewPath("kind"), "must be 'CronJob'"))
	default:
		errs = append(errs, field.NotSupported(field.NewPath("kind"), tm.Kind, []string{v1.CronJobKind}))
	}
	return errs
}

// EncodeCronJob writes cj as YAML in the version apiVersion ("batch/v1",
// the one version of CronJob jobkit supports), with `apiVersion` and
// `kind` set; members jobkit does not model are written back where they
// were, and keys are sorted, as kubectl prints them. cj is not changed.
func EncodeCronJob(cj *jobapi.CronJob, apiVersion string) ([]byte, error) {
	j, err := EncodeCronJobJSON(cj, apiVersion)
	if err != nil {
		return nil, err
	}
	return JSONToYAML(j)
}

// EncodeCronJobJSON is [EncodeCronJob] writing compact JSON, members in
// the order of the wire type's fields, then unknown members sorted by
// name.
func EncodeCronJobJSON(cj *jobapi.CronJob, apiVersion string) ([]byte, error) {
	if cj == nil {
		return nil, errors.New("conversion: EncodeCronJob: the CronJob must not be nil")
	}
	if apiVersion != v1.GroupVersion {
		return nil, fmt.Errorf("conversion: %w", field.NotSupported(field.NewPath("apiVersion"), apiVersion, []string{v1.GroupVersion}))
	}
	// hubToV1CronJob shares cj's memory; encoding only reads it.
	j, err := hubToV1CronJob(cj).MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("conversion: %w", err)
	}
	return j, nil
}

// decodeCronJob decodes the batch/v1 CronJob j of a stream into d, with
// batch/v1's defaults (unless the stream's options say otherwise), and
// applies the stream's field validation to it as to a Job.
func decodeCronJob(d *Document, j []byte, dups []string, o *streamState) {
	cj, refused, err := decodeV1CronJob(j, o.defaults)
	if err != nil {
		d.Err = err
		d.Name, d.Namespace = readName(j)
		return
	}
	d.CronJob, d.Name, d.Namespace = cj, cj.ObjectMeta.Name, cj.ObjectMeta.Namespace
	applyFieldValidation(d, dups, refused, o.validation)
}
