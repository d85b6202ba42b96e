package field

import (
	"encoding/json"
	"errors"
	"fmt"
)

// The HTTP status codes a Status carries, as net/http names them. They are
// spelled out here so that programs importing field (and so selector) do
// not link net/http and the hundred packages behind it.
const (
	codeBadRequest          = 400
	codeNotFound            = 404
	codeConflict            = 409
	codeGone                = 410
	codeUnprocessableEntity = 422
	codeInternalServerError = 500
)

// StatusReason is the machine-readable reason of a failed API call, the
// `reason` of a Status object.
type StatusReason string

// The reasons jobkit produces.
const (
	StatusReasonInvalid       StatusReason = "Invalid"
	StatusReasonNotFound      StatusReason = "NotFound"
	StatusReasonAlreadyExists StatusReason = "AlreadyExists"
	StatusReasonConflict      StatusReason = "Conflict"
	StatusReasonBadRequest    StatusReason = "BadRequest"
	StatusReasonExpired       StatusReason = "Expired"
	StatusReasonInternalError StatusReason = "InternalError"
	StatusReasonServerTimeout StatusReason = "ServerTimeout"
)

// Status is the `Status` kind an API server returns for a failed call (and
// for a successful DELETE). Its JSON encoding has the fields, order and
// omissions of Kubernetes' metav1.Status.
type Status struct {
	Kind       string         `json:"kind,omitempty"`
	APIVersion string         `json:"apiVersion,omitempty"`
	Metadata   StatusMetadata `json:"metadata"`
	Status     string         `json:"status,omitempty"`
	Message    string         `json:"message,omitempty"`
	Reason     StatusReason   `json:"reason,omitempty"`
	Details    *StatusDetails `json:"details,omitempty"`
	Code       int32          `json:"code,omitempty"`
}

// StatusMetadata is the list metadata of a Status; Kubernetes always
// writes it, usually empty.
type StatusMetadata struct {
	ResourceVersion string `json:"resourceVersion,omitempty"`
}

// StatusDetails names the object a Status is about and, for Invalid, the
// field errors.
type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	UID               string        `json:"uid,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
}

// StatusCause is one field error of an Invalid Status: `reason` is the
// [ErrorType], `message` the [Error.ErrorBody], `field` the path.
type StatusCause struct {
	Type    ErrorType `json:"reason,omitempty"`
	Message string    `json:"message,omitempty"`
	Field   string    `json:"field,omitempty"`
}

// Status values.
const (
	StatusSuccess = "Success"
	StatusFailure = "Failure"
)

// StatusError is an error that is a Status object. Use [errors.As] to reach
// it and [StatusError.Code] for the HTTP code.
type StatusError struct {
	ErrStatus Status
	errs      ErrorList
}

// Error returns the Status message.
func (e *StatusError) Error() string { return e.ErrStatus.Message }

// Code returns the HTTP status code.
func (e *StatusError) Code() int32 { return e.ErrStatus.Code }

// Reason returns the machine-readable reason.
func (e *StatusError) Reason() StatusReason { return e.ErrStatus.Reason }

// Unwrap exposes the field errors of an Invalid error to [errors.As].
func (e *StatusError) Unwrap() []error {
	if len(e.errs) == 0 {
		return nil
	}
	return e.errs.ToAggregate().(*AggregateError).Unwrap()
}

// MarshalJSON writes the Status object, compact, as the API server
// sends it.
func (e *StatusError) MarshalJSON() ([]byte, error) {
	return json.Marshal(e.ErrStatus)
}

// MarshalIndent writes the Status object as MarshalJSON does, indented as
// json.MarshalIndent indents it: each member on its own line, starting
// with prefix (not the first line) and indent once per level of nesting.
// kubectl's `-o json` prints objects so, with an indent of four spaces.
func (e *StatusError) MarshalIndent(prefix, indent string) ([]byte, error) {
	return json.MarshalIndent(e.ErrStatus, prefix, indent)
}

// GroupKind names a kind in an API group, printed `Job.batch` (or just the
// kind when the group is the core group "").
type GroupKind struct{ Group, Kind string }

// String prints `Kind.group`.
func (g GroupKind) String() string {
	if g.Group == "" {
		return g.Kind
	}
	return g.Kind + "." + g.Group
}

// GroupResource names a resource in an API group, printed `jobs.batch`.
type GroupResource struct{ Group, Resource string }

// String prints `resource.group`.
func (g GroupResource) String() string {
	if g.Group == "" {
		return g.Resource
	}
	return g.Resource + "." + g.Group
}

func failure(code int32, reason StatusReason, msg string, d *StatusDetails) *StatusError {
	return &StatusError{ErrStatus: Status{
		Kind: "Status", APIVersion: "v1",
		Status: StatusFailure, Message: msg, Reason: reason, Details: d, Code: code,
	}}
}

// NewInvalid returns the 422 Invalid error an API server returns when the
// object named name of kind gk fails validation with errs.
func NewInvalid(gk GroupKind, name string, errs ErrorList) *StatusError {
	causes := make([]StatusCause, 0, len(errs))
	for _, e := range errs {
		causes = append(causes, StatusCause{Type: e.Type, Message: e.ErrorBody(), Field: e.Field})
	}
	msg := fmt.Sprintf("%s %q is invalid", gk, name)
	if agg := errs.ToAggregate(); agg != nil {
		msg += ": " + agg.Error()
	}
	se := failure(codeUnprocessableEntity, StatusReasonInvalid, msg,
		&StatusDetails{Name: name, Group: gk.Group, Kind: gk.Kind, Causes: causes})
	se.errs = errs
	return se
}

// NewNotFound returns the 404 NotFound error for the object name of
// resource gr.
func NewNotFound(gr GroupResource, name string) *StatusError {
	return failure(codeNotFound, StatusReasonNotFound, fmt.Sprintf("%s %q not found", gr, name),
		&StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource})
}

// NewAlreadyExists returns the 409 AlreadyExists error for a create of an
// object whose name is taken.
func NewAlreadyExists(gr GroupResource, name string) *StatusError {
	return failure(codeConflict, StatusReasonAlreadyExists, fmt.Sprintf("%s %q already exists", gr, name),
		&StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource})
}

// NewConflict returns the 409 Conflict error for an update that lost a
// race; err says why (typically a stale resourceVersion).
func NewConflict(gr GroupResource, name string, err error) *StatusError {
	return failure(codeConflict, StatusReasonConflict,
		fmt.Sprintf("Operation cannot be fulfilled on %s %q: %v", gr, name, err),
		&StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource})
}

// NewBadRequest returns the 400 BadRequest error: a request that can never
// succeed.
func NewBadRequest(msg string) *StatusError {
	return failure(codeBadRequest, StatusReasonBadRequest, msg, nil)
}

// NewResourceExpired returns the 410 Gone error with reason Expired that
// an API server returns to a watch (or list) from a resourceVersion older
// than the history it keeps. msg says which versions; Kubernetes writes
// "too old resource version: <asked> (<oldest kept>)".
func NewResourceExpired(msg string) *StatusError {
	return failure(codeGone, StatusReasonExpired, msg, nil)
}

// NewInternalError returns the 500 InternalError error: the server could
// not complete a request through no fault of the request. err is the cause.
func NewInternalError(err error) *StatusError {
	return failure(codeInternalServerError, StatusReasonInternalError,
		fmt.Sprintf("Internal error occurred: %v", err),
		&StatusDetails{Causes: []StatusCause{{Message: err.Error()}}})
}

// NewServerTimeout returns the 500 ServerTimeout error an API server
// returns when operation (`create`, `update`, `delete`, ...) on gr could
// not finish in time; retryAfterSeconds, when positive, says when to try
// again.
func NewServerTimeout(gr GroupResource, operation string, retryAfterSeconds int32) *StatusError {
	return failure(codeInternalServerError, StatusReasonServerTimeout,
		fmt.Sprintf("The %s operation against %s could not be completed at this time, please try again.", operation, gr),
		&StatusDetails{Name: operation, Group: gr.Group, Kind: gr.Resource, RetryAfterSeconds: retryAfterSeconds})
}

// NewSuccess returns the Status object of a successful DELETE, which
// Kubernetes returns with the name, group, kind and uid of what it deleted.
func NewSuccess(gr GroupResource, name, uid string) Status {
	return Status{
		Kind: "Status", APIVersion: "v1", Status: StatusSuccess,
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource, UID: uid},
	}
}

// ReasonOf returns the reason of the StatusError inside err, or "" when
// there is none.
func ReasonOf(err error) StatusReason {
	if se := statusErrorOf(err); se != nil {
		return se.ErrStatus.Reason
	}
	return ""
}

// IsNotFound reports whether err is a NotFound Status.
func IsNotFound(err error) bool { return ReasonOf(err) == StatusReasonNotFound }

// IsAlreadyExists reports whether err is an AlreadyExists Status.
func IsAlreadyExists(err error) bool { return ReasonOf(err) == StatusReasonAlreadyExists }

// IsConflict reports whether err is a Conflict Status.
func IsConflict(err error) bool { return ReasonOf(err) == StatusReasonConflict }

// IsResourceExpired reports whether err is an Expired Status: the client
// must list again and watch from the new resourceVersion.
func IsResourceExpired(err error) bool { return ReasonOf(err) == StatusReasonExpired }

// IsInternalError reports whether err is an InternalError Status.
func IsInternalError(err error) bool { return ReasonOf(err) == StatusReasonInternalError }

// IsInvalid reports whether err is an Invalid Status.
func IsInvalid(err error) bool { return ReasonOf(err) == StatusReasonInvalid }

func statusErrorOf(err error) *StatusError {
	var se *StatusError
	if errors.As(err, &se) {
		return se
	}
	return nil
}
