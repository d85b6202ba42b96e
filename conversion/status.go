package conversion

import (
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// GroupKind returns the document's kind in its API group, printed
// `Job.batch` (the group is the part of apiVersion before '/').
func (d *Document) GroupKind() field.GroupKind {
	group, _, ok := strings.Cut(d.APIVersion, "/")
	if !ok {
		group = ""
	}
	return field.GroupKind{Group: group, Kind: d.Kind}
}

// FieldErrors returns errs, errors about the document's Job such as
// jobapi.Validate returns, with their paths moved under [Document.JobPath]
// (for a CronJob, `spec.completions` becomes
// `spec.jobTemplate.spec.completions`).
func (d *Document) FieldErrors(errs field.ErrorList) field.ErrorList {
	return prefixFieldErrors(errs, d.JobPath)
}

// Status returns the error an API server would answer for the document,
// given errs, the validation errors of its Job (with paths from the Job's
// root): nil when there is nothing wrong.
//
// A document that does not decode gets 400 BadRequest, worded as the API
// server words it (`Job in version "v1" cannot be handled as a Job:
// strict decoding error: unknown field "spec.backofLimit"`), with details
// naming the object when its kind is known (the API server, which knows
// the object from the request, leaves them out), unless its
// errors are field errors of an object of known kind (a wrong type, an
// unsupported apiVersion), which get 422 Invalid as validation errors do: `Job.batch "pi" is invalid:
// spec.completions: Invalid value: -1: must be greater than or equal to 0`.
func (d *Document) Status(errs field.ErrorList) *field.StatusError {
	if d.Err != nil {
		if d.Kind == "" {
			// Not knowing the kind, the API server cannot even say what
			// is invalid.
			return field.NewBadRequest(d.Err.Error())
		}
		if fe := field.AsErrorList(d.Err); len(fe) > 0 {
			return field.NewInvalid(d.GroupKind(), d.Name, fe)
		}
		if d.Kind == "" {
			return field.NewBadRequest(d.Err.Error())
		}
		_, version, ok := strings.Cut(d.APIVersion, "/")
		if !ok {
			version = d.APIVersion
		}
		st := field.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", d.Kind, version, d.Kind, d.Err))
		// Unlike the API server, which knows the object from the request
		// path, say which object it is.
		gk := d.GroupKind()
		st.ErrStatus.Details = &field.StatusDetails{Name: d.Name, Group: gk.Group, Kind: gk.Kind}
		return st
	}
	if len(errs) > 0 {
		return field.NewInvalid(d.GroupKind(), d.Name, d.FieldErrors(errs))
	}
	return nil
}
