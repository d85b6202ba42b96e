package jobtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The Require functions stop the test (t.Fatalf) when their condition does
// not hold, with a message that shows what was there instead: the
// difference, every field error, or the whole Status.

// RequireEqual stops the test unless cmp.Diff(want, got, opts...) is empty,
// and reports the difference as (-want +got).
func RequireEqual(t testing.TB, want, got any, opts ...cmp.Option) {
	t.Helper()
	if diff := cmp.Diff(want, got, opts...); diff != "" {
		t.Fatalf("jobtest.RequireEqual: mismatch (-want +got):\n%s", diff)
	}
}

// FieldErrorID names a field error by what tests should compare: its type
// and its field path, not its message.
type FieldErrorID struct {
	Type  field.ErrorType
	Field string
}

// String prints "<field>: <type>".
func (id FieldErrorID) String() string { return id.Field + ": " + string(id.Type) }

// RequireFieldError stops the test unless got holds a field error of type
// typ at path (such as "spec.selector.matchLabels"), and returns the first
// such error. got is an error (a *field.StatusError of reason Invalid, an
// ErrorList aggregate, a *field.Error), a field.ErrorList or a *field.Error.
// The failure message lists every field error got holds.
func RequireFieldError(t testing.TB, got any, typ field.ErrorType, path string) *field.Error {
	t.Helper()
	errs, ok := fieldErrorsOf(got)
	if !ok {
		t.Fatalf("jobtest.RequireFieldError: got a %T; pass an error, a field.ErrorList or a *field.Error", got)
		return nil
	}
	for _, e := range errs {
		if e.Type == typ && e.Field == path {
			return e
		}
	}
	t.Fatalf("jobtest.RequireFieldError: want a %s error at `%s`; %s", string(typ), path, describe(got, errs))
	return nil
}

// RequireFieldErrors stops the test unless got holds exactly the field
// errors want, compared by type and field path in any order, and reports
// the difference as (-want +got). got is as for RequireFieldError; an
// empty want requires that got holds no field error.
func RequireFieldErrors(t testing.TB, got any, want ...FieldErrorID) {
	t.Helper()
	errs, ok := fieldErrorsOf(got)
	if !ok {
		t.Fatalf("jobtest.RequireFieldErrors: got a %T; pass an error, a field.ErrorList or a *field.Error", got)
		return
	}
	have := make([]FieldErrorID, len(errs))
	for i, e := range errs {
		have[i] = FieldErrorID{e.Type, e.Field}
	}
	order := func(a, b FieldErrorID) int {
		if c := strings.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return strings.Compare(string(a.Type), string(b.Type))
	}
	want = slices.SortedFunc(slices.Values(want), order)
	slices.SortFunc(have, order)
	if len(want) == 0 && len(have) == 0 {
		return
	}
	if diff := cmp.Diff(want, have); diff != "" {
		t.Fatalf("jobtest.RequireFieldErrors: field errors mismatch (-want +got):\n%s%s", diff, describe(got, errs))
	}
}

// RequireStatusReason stops the test unless err is (or wraps) a
// *field.StatusError with reason, such as field.StatusReasonConflict, and
// returns it. The failure message shows the whole Status.
func RequireStatusReason(t testing.TB, err error, reason field.StatusReason) *field.StatusError {
	t.Helper()
	var se *field.StatusError
	if !errors.As(err, &se) {
		if err == nil {
			t.Fatalf("jobtest.RequireStatusReason: want a Status error with reason %s, got no error", reason)
		} else {
			t.Fatalf("jobtest.RequireStatusReason: want a Status error with reason %s, got a %T that is not one: %v", reason, err, err)
		}
		return nil
	}
	if se.ErrStatus.Reason != reason {
		t.Fatalf("jobtest.RequireStatusReason: want reason %s, got %s (code %d):\n%s", reason, se.ErrStatus.Reason, se.ErrStatus.Code, statusJSON(se))
		return nil
	}
	return se
}

// fieldErrorsOf returns the field errors got holds, and false when got is
// not something that holds field errors.
func fieldErrorsOf(got any) (field.ErrorList, bool) {
	switch v := got.(type) {
	case nil:
		return nil, true
	case field.ErrorList:
		return v, true
	case *field.Error:
		if v == nil {
			return nil, true
		}
		return field.ErrorList{v}, true
	case error:
		if errs := field.AsErrorList(v); errs != nil {
			return errs, true
		}
		// A Status decoded from JSON keeps its field errors as causes.
		var se *field.StatusError
		if errors.As(v, &se) && se.ErrStatus.Details != nil {
			var errs field.ErrorList
			for _, c := range se.ErrStatus.Details.Causes {
				if c.Type != "" || c.Field != "" {
					errs = append(errs, &field.Error{Type: c.Type, Field: c.Field, Detail: c.Message})
				}
			}
			return errs, true
		}
		return nil, true
	}
	return nil, false
}

// describe says what got held, for a failure message.
func describe(got any, errs field.ErrorList) string {
	if len(errs) == 0 {
		if err, ok := got.(error); ok && err != nil {
			return fmt.Sprintf("got no field errors, but the error %q", err)
		}
		return "got no field errors"
	}
	var b strings.Builder
	b.WriteString("got these field errors:")
	for _, e := range errs {
		fmt.Fprintf(&b, "\n\t%s (%s)", e.Error(), string(e.Type))
	}
	return b.String()
}

func statusJSON(se *field.StatusError) string {
	b, err := json.MarshalIndent(se.ErrStatus, "", "  ")
	if err != nil {
		return se.Error()
	}
	return string(b)
}
