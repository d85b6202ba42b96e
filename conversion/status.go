package conversion

import (
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
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

// Status returns the error an API server would answer for the document,
// given errs, the validation errors of its object (with paths from the
// object's root): nil when there is nothing wrong.
//
// A document that does not decode gets 400 BadRequest, worded as the API
// server words it (`Job in version "v1" cannot be handled as a Job:
// strict decoding error: unknown field "spec.backofLimit"`), with details
// naming the object when its kind is known (the API server, which knows
// the object from the request, leaves them out). That includes values
// that do not decode, which the API server's decoder refuses before any
// validation: the cause is the one its JSON decoder gives for the first
// of them it meets (a quantity that does not parse: `quantities must
// match the regular expression ...`; else the first value of a wrong type
// or out of range: `json: cannot unmarshal string into Go struct field
// JobSpec.spec.completions of type int32`); [Document.Err] still lists
// them all, each with its path. Field errors about the apiVersion or
// kind get 422 Invalid as validation errors do: `Job.batch "pi" is
// invalid: spec.completions: Invalid value: -1: must be greater than or
// equal to 0`. The 422 names the object as it is then: after
// jobapi.PrepareForCreate (or PrepareCronJobForCreate), by the name
// generated from `generateName`, as the API server names an object it
// refuses.
func (d *Document) Status(errs field.ErrorList) *field.StatusError {
	if d.Err != nil {
		if d.Kind == "" {
			// Not knowing the kind, the API server cannot even say what
			// is invalid.
			return field.NewBadRequest(d.Err.Error())
		}
		fe := field.AsErrorList(d.Err)
		if len(fe) > 0 && !valueErrors(fe) {
			return field.NewInvalid(d.GroupKind(), d.Name, fe)
		}
		if d.Kind == "" {
			return field.NewBadRequest(d.Err.Error())
		}
		cause := d.Err.Error()
		if len(fe) > 0 {
			root, name := d.wireType()
			cause = serverDecodeCause(fe, root, name)
		}
		st := field.NewBadRequest(d.cannotBeHandled(cause))
		// Unlike the API server, which knows the object from the request
		// path, say which object it is.
		gk := d.GroupKind()
		st.ErrStatus.Details = &field.StatusDetails{Name: d.Name, Group: gk.Group, Kind: gk.Kind}
		return st
	}
	if len(errs) > 0 {
		name := d.Name
		if m := d.objectMeta(); m != nil && m.Name != "" {
			// The name PrepareForCreate generated from generateName, as
			// the API server names the object it refuses.
			name = m.Name
		}
		return field.NewInvalid(d.GroupKind(), name, errs)
	}
	return nil
}

// cannotBeHandled words a decoding error as the API server's create
// handler does: `Job in version "v1" cannot be handled as a Job: cause`.
func (d *Document) cannotBeHandled(cause string) string {
	_, version, ok := strings.Cut(d.APIVersion, "/")
	if !ok {
		version = d.APIVersion
	}
	return fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", d.Kind, version, d.Kind, cause)
}

// DecodeErrorMessage words e, one of the field errors of [Document.Err]
// about a value that does not decode, as the API server's message would
// be if e were the error its decoder met first: `Job in version "v1"
// cannot be handled as a Job: json: cannot unmarshal string into Go
// struct field JobSpec.spec.completions of type int32`. [Document.Status]
// reports the one the API server meets first; a tool that lists every
// error (each at its place in the input) words each with this.
func (d *Document) DecodeErrorMessage(e *field.Error) string {
	if e == nil {
		return ""
	}
	root, name := d.wireType()
	return d.cannotBeHandled(serverDecodeCause(field.ErrorList{e}, root, name))
}

// objectMeta returns the metadata of the typed object the document
// holds, or nil.
func (d *Document) objectMeta() *meta.ObjectMeta {
	switch {
	case d.Job != nil:
		return &d.Job.ObjectMeta
	case d.CronJob != nil:
		return &d.CronJob.ObjectMeta
	case d.Pod != nil:
		return &d.Pod.ObjectMeta
	case d.PodTemplate != nil:
		return &d.PodTemplate.ObjectMeta
	}
	return nil
}
