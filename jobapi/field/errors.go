package field

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrorType is the machine-readable kind of a field error. Its values are the
// ones Kubernetes puts in a Status cause's `reason`.
type ErrorType string

// The error types. Each has a constructor of the same name without the
// ErrorType prefix.
const (
	ErrorTypeNotFound     ErrorType = "FieldValueNotFound"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeTooLong      ErrorType = "FieldValueTooLong"
	ErrorTypeTooMany      ErrorType = "FieldValueTooMany"
	ErrorTypeInternal     ErrorType = "InternalError"
	ErrorTypeTypeInvalid  ErrorType = "FieldValueTypeInvalid"
)

// String returns the human-readable name of t, as it starts an error's body.
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeNotFound:
		return "Not found"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeInvalid, ErrorTypeTypeInvalid:
		return "Invalid value"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeTooLong:
		return "Too long"
	case ErrorTypeTooMany:
		return "Too many"
	case ErrorTypeInternal:
		return "Internal error"
	}
	return fmt.Sprintf("<unknown error %q>", string(t))
}

// Error is one failed rule: what kind of failure (Type), where (Field, a
// printed [Path]), the rejected value (BadValue), what the user must do
// instead (Detail) and, for code that must tell one rule's errors from
// another's, which rule it is (Origin).
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
	// Origin names the rule that made the error, for programs, as
	// apimachinery's field.Error.Origin does: a camelCase identifier, or
	// empty. It is not part of the message.
	Origin string
}

// OriginUnknownField is the Origin of a typed decoder's refusal of a
// member that its type does not model and has no Unknown map to keep (a
// label selector's): an unknown field, which package conversion's field
// validation treats as the API server does.
const OriginUnknownField = "unknownField"

// WithOrigin sets e's Origin and returns e.
func (e *Error) WithOrigin(origin string) *Error {
	e.Origin = origin
	return e
}

// omitted marks a BadValue that is not printed.
type omitted struct{}

// Error implements error: `<field>: <body>`.
func (e *Error) Error() string {
	return e.Field + ": " + e.ErrorBody()
}

// ErrorBody returns the message without the field: the type's name, the
// value where it helps (strings quoted, numbers and booleans plain, other
// values as JSON) and the detail. It is what a Status cause's `message`
// holds.
func (e *Error) ErrorBody() string {
	var s string
	switch e.Type {
	case ErrorTypeRequired, ErrorTypeForbidden, ErrorTypeTooLong, ErrorTypeInternal:
		s = e.Type.String()
	default:
		s = e.Type.String()
		switch v := e.BadValue.(type) {
		case omitted:
		case int, int64, int32, float64, float32, bool:
			s += fmt.Sprintf(": %v", v)
		case string:
			s += ": " + strconv.Quote(v)
		default:
			if b, err := json.Marshal(v); err == nil {
				s += ": " + string(b)
			} else if st, ok := v.(fmt.Stringer); ok {
				s += ": " + st.String()
			} else {
				s += fmt.Sprintf(": %#v", v)
			}
		}
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// NotFound reports that value, named by the field, does not exist.
func NotFound(field *Path, value any) *Error {
	return &Error{Type: ErrorTypeNotFound, Field: field.String(), BadValue: value}
}

// Required reports a missing value. detail may say when it is required.
func Required(field *Path, detail string) *Error {
	return &Error{Type: ErrorTypeRequired, Field: field.String(), BadValue: "", Detail: detail}
}

// Duplicate reports a value that appears twice where it must be unique.
func Duplicate(field *Path, value any) *Error {
	return &Error{Type: ErrorTypeDuplicate, Field: field.String(), BadValue: value}
}

// Invalid reports a value that breaks a rule; detail states the rule in the
// conventions' wording ("must be greater than or equal to 0").
func Invalid(field *Path, value any, detail string) *Error {
	return &Error{Type: ErrorTypeInvalid, Field: field.String(), BadValue: value, Detail: detail}
}

// TypeInvalid reports a value of the wrong type, such as a string where a
// number must be.
func TypeInvalid(field *Path, value any, detail string) *Error {
	return &Error{Type: ErrorTypeTypeInvalid, Field: field.String(), BadValue: value, Detail: detail}
}

// NotSupported reports a value outside a fixed set, listing the set.
func NotSupported[T ~string](field *Path, value any, validValues []T) *Error {
	detail := ""
	if len(validValues) > 0 {
		quoted := make([]string, len(validValues))
		for i, v := range validValues {
			quoted[i] = strconv.Quote(string(v))
		}
		detail = "supported values: " + strings.Join(quoted, ", ")
	}
	return &Error{Type: ErrorTypeNotSupported, Field: field.String(), BadValue: value, Detail: detail}
}

// Forbidden reports a field that may not be set or changed here; detail
// says why ("may not be specified when ...").
func Forbidden(field *Path, detail string) *Error {
	return &Error{Type: ErrorTypeForbidden, Field: field.String(), BadValue: "", Detail: detail}
}

// TooLong reports a value longer than maxLength bytes. The value itself is
// not printed (it is long).
func TooLong(field *Path, value any, maxLength int) *Error {
	detail := "value is too long"
	if maxLength >= 0 {
		unit := "bytes"
		if maxLength == 1 {
			unit = "byte"
		}
		detail = fmt.Sprintf("may not be more than %d %s", maxLength, unit)
	}
	return &Error{Type: ErrorTypeTooLong, Field: field.String(), BadValue: "<value omitted>", Detail: detail}
}

// TooMany reports a list with actual items where at most max may be.
// A negative actual is not printed.
func TooMany(field *Path, actual, max int) *Error {
	detail := "has too many items"
	if max >= 0 {
		unit := "items"
		if max == 1 {
			unit = "item"
		}
		detail = fmt.Sprintf("must have at most %d %s", max, unit)
	}
	var bad any = actual
	if actual < 0 {
		bad = omitted{}
	}
	return &Error{Type: ErrorTypeTooMany, Field: field.String(), BadValue: bad, Detail: detail}
}

// InternalError reports a failure of the validator itself, not of the input.
func InternalError(field *Path, err error) *Error {
	return &Error{Type: ErrorTypeInternal, Field: field.String(), Detail: err.Error()}
}

// ErrorList is the result of validating an object: empty when it is valid.
type ErrorList []*Error

// ToAggregate returns the list as one error, or nil when the list is empty.
// Its message is the errors' messages, de-duplicated, joined by ", " and
// bracketed when there are several (as Kubernetes prints them). Each
// *Error stays reachable with [errors.As].
func (l ErrorList) ToAggregate() error {
	if len(l) == 0 {
		return nil
	}
	return &AggregateError{list: l}
}

// Filter returns the errors of l for which keep returns true.
func (l ErrorList) Filter(keep func(*Error) bool) ErrorList {
	var out ErrorList
	for _, e := range l {
		if keep(e) {
			out = append(out, e)
		}
	}
	return out
}

// AggregateError is an [ErrorList] as a single error.
type AggregateError struct {
	list ErrorList
}

// Errors returns the list the error was made from.
func (a *AggregateError) Errors() ErrorList { return a.list }

// Error prints the de-duplicated messages.
func (a *AggregateError) Error() string {
	seen := make(map[string]bool, len(a.list))
	var msgs []string
	for _, e := range a.list {
		m := e.Error()
		if !seen[m] {
			seen[m] = true
			msgs = append(msgs, m)
		}
	}
	if len(msgs) == 1 {
		return msgs[0]
	}
	return "[" + strings.Join(msgs, ", ") + "]"
}

// Unwrap lets [errors.As] and [errors.Is] reach each *Error.
func (a *AggregateError) Unwrap() []error {
	out := make([]error, len(a.list))
	for i, e := range a.list {
		out[i] = e
	}
	return out
}

// AsErrorList returns the field errors inside err: the list of an
// aggregate, the causes of a [StatusError] made by [NewInvalid], or a single
// *Error. It returns nil when err holds none.
func AsErrorList(err error) ErrorList {
	if err == nil {
		return nil // without the allocations of errors.As's targets
	}
	var agg *AggregateError
	if errors.As(err, &agg) {
		return agg.list
	}
	var se *StatusError
	if errors.As(err, &se) && se.errs != nil {
		return se.errs
	}
	var fe *Error
	if errors.As(err, &fe) {
		return ErrorList{fe}
	}
	return nil
}
