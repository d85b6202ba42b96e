package k8sapi

import (
	"errors"

	"github.com/jobkit/jobkit/jobapi/core"
	jfield "github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// jobkitOmitted is the BadValue jobkit's field.TooMany gives a negative
// count: a value that is not printed, apimachinery's field.OmitValueType.
var jobkitOmitted = jfield.TooMany(nil, -1, 0).BadValue

// ErrorToAPI returns e as apimachinery's field error: the same type,
// field path, detail, origin, and bad value (a value of a jobkit API type is
// converted to its k8s.io/api type, so that the message an API server
// prints from it is the same). An InternalError's bad value is the error
// itself in apimachinery: it is rebuilt from the detail. A nil e gives
// nil.
func ErrorToAPI(e *jfield.Error) *field.Error {
	if e == nil {
		return nil
	}
	out := &field.Error{Type: field.ErrorType(e.Type), Field: e.Field, Detail: e.Detail, Origin: e.Origin}
	switch {
	case e.Type == jfield.ErrorTypeInternal && e.BadValue == nil:
		out.BadValue = errors.New(e.Detail)
	case e.BadValue == jobkitOmitted:
		out.BadValue = field.OmitValueType{}
	default:
		out.BadValue = leafToAPI(e.BadValue)
	}
	return out
}

// ErrorFromAPI returns e as jobkit's field error: the same type, field
// path, detail, origin and bad value (a value of a k8s.io/api type
// converted to its jobkit type). apimachinery's CoveredByDeclarative,
// FromImperative and ValidationStabilityLevel, which say how validators
// cover the error, have no place in jobkit's error and are not kept. A
// nil e gives nil.
func ErrorFromAPI(e *field.Error) *jfield.Error {
	if e == nil {
		return nil
	}
	out := &jfield.Error{Type: jfield.ErrorType(e.Type), Field: e.Field, Detail: e.Detail, Origin: e.Origin}
	switch v := e.BadValue.(type) {
	case field.OmitValueType:
		out.BadValue = jobkitOmitted
	case error:
		if e.Type == field.ErrorTypeInternal {
			out.BadValue = nil
		} else {
			out.BadValue = v
		}
	default:
		out.BadValue = leafFromAPI(e.BadValue)
	}
	return out
}

// ErrorListToAPI converts each error of errs with [ErrorToAPI]. A nil
// list gives nil.
func ErrorListToAPI(errs jfield.ErrorList) field.ErrorList {
	if errs == nil {
		return nil
	}
	out := make(field.ErrorList, len(errs))
	for i, e := range errs {
		out[i] = ErrorToAPI(e)
	}
	return out
}

// ErrorListFromAPI converts each error of errs with [ErrorFromAPI]. A nil
// list gives nil.
func ErrorListFromAPI(errs field.ErrorList) jfield.ErrorList {
	if errs == nil {
		return nil
	}
	out := make(jfield.ErrorList, len(errs))
	for i, e := range errs {
		out[i] = ErrorFromAPI(e)
	}
	return out
}

// NewInvalid returns the error an API server returns when the object
// name of kind gk fails validation with errs: apierrors.NewInvalid of the
// converted errors, so its metav1.Status (message, reason, code, details
// and causes) is the API server's, byte for byte. A webhook returns its
// ErrStatus in an AdmissionResponse's Result.
func NewInvalid(gk schema.GroupKind, name string, errs jfield.ErrorList) *apierrors.StatusError {
	return apierrors.NewInvalid(gk, name, ErrorListToAPI(errs))
}

// StatusErrorToAPI returns se as apimachinery's StatusError. An Invalid
// error that holds its field errors (made by jobkit's field.NewInvalid)
// is apierrors.NewInvalid of those errors; any other is converted field
// by field, without the Status's kind and apiVersion, as apierrors'
// constructors leave them out (an API server writes them in the
// response). A nil se gives nil.
func StatusErrorToAPI(se *jfield.StatusError) *apierrors.StatusError {
	if se == nil {
		return nil
	}
	st := se.ErrStatus
	if st.Reason == jfield.StatusReasonInvalid && st.Details != nil {
		if errs := jfield.AsErrorList(se); errs != nil {
			return apierrors.NewInvalid(schema.GroupKind{Group: st.Details.Group, Kind: st.Details.Kind}, st.Details.Name, ErrorListToAPI(errs))
		}
	}
	out := StatusToAPI(st)
	out.TypeMeta = metav1.TypeMeta{}
	return &apierrors.StatusError{ErrStatus: out}
}

// StatusToAPI converts a jobkit Status into a metav1.Status field by
// field, kind and apiVersion included.
func StatusToAPI(st jfield.Status) metav1.Status {
	out := metav1.Status{
		TypeMeta: metav1.TypeMeta{Kind: st.Kind, APIVersion: st.APIVersion},
		ListMeta: metav1.ListMeta{ResourceVersion: st.Metadata.ResourceVersion},
		Status:   st.Status,
		Message:  st.Message,
		Reason:   metav1.StatusReason(st.Reason),
		Code:     st.Code,
	}
	if d := st.Details; d != nil {
		out.Details = &metav1.StatusDetails{
			Name: d.Name, Group: d.Group, Kind: d.Kind, UID: apiUID(d.UID),
			RetryAfterSeconds: d.RetryAfterSeconds,
		}
		if d.Causes != nil {
			out.Details.Causes = make([]metav1.StatusCause, len(d.Causes))
			for i, c := range d.Causes {
				out.Details.Causes[i] = metav1.StatusCause{Type: metav1.CauseType(c.Type), Message: c.Message, Field: c.Field}
			}
		}
	}
	return out
}

// leafToAPI converts a bad value of a jobkit type.
func leafToAPI(v any) any {
	switch v := v.(type) {
	case meta.Time:
		return timeToAPI(v)
	case *meta.Time:
		if v == nil {
			return (*metav1.Time)(nil)
		}
		t := timeToAPI(*v)
		return &t
	case resource.Quantity:
		if q, err := QuantityToAPI(v); err == nil {
			return q
		}
		return v
	case *resource.Quantity:
		if v == nil {
			return (*kresource.Quantity)(nil)
		}
		if q, err := QuantityToAPI(*v); err == nil {
			return &q
		}
		return v
	case core.IntOrString:
		return intOrStringToAPI(v)
	case *core.IntOrString:
		if v == nil {
			return (*intstr.IntOrString)(nil)
		}
		x := intOrStringToAPI(*v)
		return &x
	}
	return badValueToAPI(v)
}

// leafFromAPI converts a bad value of a k8s.io/api type.
func leafFromAPI(v any) any {
	switch v := v.(type) {
	case metav1.Time:
		return timeFromAPI(v)
	case *metav1.Time:
		if v == nil {
			return (*meta.Time)(nil)
		}
		t := timeFromAPI(*v)
		return &t
	case kresource.Quantity:
		if q, err := QuantityFromAPI(v); err == nil {
			return q
		}
		return v
	case *kresource.Quantity:
		if v == nil {
			return (*resource.Quantity)(nil)
		}
		if q, err := QuantityFromAPI(*v); err == nil {
			return &q
		}
		return v
	case intstr.IntOrString:
		return intOrStringFromAPI(v)
	case *intstr.IntOrString:
		if v == nil {
			return (*core.IntOrString)(nil)
		}
		x := intOrStringFromAPI(*v)
		return &x
	}
	return badValueFromAPI(v)
}

func apiUID(s string) types.UID { return types.UID(s) }
