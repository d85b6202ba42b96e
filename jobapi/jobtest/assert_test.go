package jobtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// fakeTB records what a Require function reports instead of failing the
// test that runs it.
type fakeTB struct {
	testing.TB
	failed bool
	msg    string
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.failed, f.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// outcome runs check as a test body and returns whether it failed and
// with what message.
func outcome(check func(t testing.TB)) (bool, string) {
	ft := &fakeTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(ft)
	}()
	<-done
	return ft.failed, ft.msg
}

func TestRequireFunctions(t *testing.T) {
	errs := field.ErrorList{
		field.Required(field.NewPath("spec", "completions"), ""),
		field.Invalid(field.NewPath("spec", "selector"), "x", "must match the template"),
	}
	invalid := field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, "pi", errs)
	// A Status that came over the wire keeps its field errors as causes only.
	var decoded field.StatusError
	if err := json.Unmarshal(must(json.Marshal(invalid)), &decoded.ErrStatus); err != nil {
		t.Fatal(err)
	}
	notFound := field.NewNotFound(field.GroupResource{Group: "batch", Resource: "jobs"}, "pi")

	tests := []struct {
		name     string
		check    func(t testing.TB)
		wantFail bool
		wantMsg  []string // substrings of the failure message
	}{
		{"RequireFieldError finds an error in an Invalid Status",
			func(t testing.TB) { jobtest.RequireFieldError(t, invalid, field.ErrorTypeInvalid, "spec.selector") }, false, nil},
		{"RequireFieldError finds an error in a wrapped Status",
			func(t testing.TB) {
				jobtest.RequireFieldError(t, fmt.Errorf("creating: %w", invalid), field.ErrorTypeRequired, "spec.completions")
			}, false, nil},
		{"RequireFieldError finds an error in a decoded Status's causes",
			func(t testing.TB) { jobtest.RequireFieldError(t, &decoded, field.ErrorTypeInvalid, "spec.selector") }, false, nil},
		{"RequireFieldError finds an error in an ErrorList",
			func(t testing.TB) { jobtest.RequireFieldError(t, errs, field.ErrorTypeRequired, "spec.completions") }, false, nil},
		{"RequireFieldError finds a single *field.Error",
			func(t testing.TB) { jobtest.RequireFieldError(t, errs[1], field.ErrorTypeInvalid, "spec.selector") }, false, nil},
		{"RequireFieldError lists the errors there were",
			func(t testing.TB) { jobtest.RequireFieldError(t, invalid, field.ErrorTypeInvalid, "spec.completions") }, true,
			[]string{"want a FieldValueInvalid error at `spec.completions`", "spec.completions: Required value (FieldValueRequired)", "spec.selector: Invalid value: \"x\": must match the template (FieldValueInvalid)"}},
		{"RequireFieldError on no error",
			func(t testing.TB) { jobtest.RequireFieldError(t, nil, field.ErrorTypeInvalid, "spec") }, true,
			[]string{"got no field errors"}},
		{"RequireFieldError on an error without field errors",
			func(t testing.TB) { jobtest.RequireFieldError(t, notFound, field.ErrorTypeInvalid, "spec") }, true,
			[]string{`got no field errors, but the error "jobs.batch \"pi\" not found"`}},
		{"RequireFieldError on something that holds no errors",
			func(t testing.TB) { jobtest.RequireFieldError(t, "spec.selector", field.ErrorTypeInvalid, "spec") }, true,
			[]string{"got a string; pass an error, a field.ErrorList or a *field.Error"}},
		{"RequireFieldErrors in any order",
			func(t testing.TB) {
				jobtest.RequireFieldErrors(t, invalid,
					jobtest.FieldErrorID{Type: field.ErrorTypeInvalid, Field: "spec.selector"},
					jobtest.FieldErrorID{Type: field.ErrorTypeRequired, Field: "spec.completions"})
			}, false, nil},
		{"RequireFieldErrors with nothing wanted and nothing there",
			func(t testing.TB) { jobtest.RequireFieldErrors(t, field.ErrorList(nil)) }, false, nil},
		{"RequireFieldErrors reports a missing and an unexpected error",
			func(t testing.TB) {
				jobtest.RequireFieldErrors(t, invalid,
					jobtest.FieldErrorID{Type: field.ErrorTypeInvalid, Field: "spec.selector"},
					jobtest.FieldErrorID{Type: field.ErrorTypeInvalid, Field: "spec.parallelism"})
			}, true,
			[]string{"(-want +got)", `spec.parallelism: FieldValueInvalid`, `spec.completions: FieldValueRequired`}},
		{"RequireStatusReason returns the Status error",
			func(t testing.TB) {
				if se := jobtest.RequireStatusReason(t, fmt.Errorf("get: %w", notFound), field.StatusReasonNotFound); se != notFound {
					t.Fatalf("returned %p, want %p", se, notFound)
				}
			}, false, nil},
		{"RequireStatusReason shows the whole Status of another reason",
			func(t testing.TB) { jobtest.RequireStatusReason(t, notFound, field.StatusReasonConflict) }, true,
			[]string{"want reason Conflict, got NotFound (code 404)", `"reason": "NotFound"`, `"name": "pi"`}},
		{"RequireStatusReason on no error",
			func(t testing.TB) { jobtest.RequireStatusReason(t, nil, field.StatusReasonConflict) }, true,
			[]string{"want a Status error with reason Conflict, got no error"}},
		{"RequireStatusReason on an error that is not a Status",
			func(t testing.TB) { jobtest.RequireStatusReason(t, errors.New("boom"), field.StatusReasonConflict) }, true,
			[]string{"got a *errors.errorString that is not one: boom"}},
		{"RequireEqual on equal values",
			func(t testing.TB) { jobtest.RequireEqual(t, []int{1}, []int{1}) }, false, nil},
		{"RequireEqual reports the difference",
			func(t testing.TB) { jobtest.RequireEqual(t, []int{1, 2}, []int{1, 3}) }, true,
			[]string{"mismatch (-want +got)", "2", "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			failed, msg := outcome(tt.check)
			if failed != tt.wantFail {
				t.Fatalf("failed = %v, want %v; message:\n%s", failed, tt.wantFail, msg)
			}
			for _, want := range tt.wantMsg {
				if !strings.Contains(msg, want) {
					t.Errorf("the message does not say %q:\n%s", want, msg)
				}
			}
		})
	}
}
