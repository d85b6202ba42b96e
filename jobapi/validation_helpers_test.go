package jobapi_test

import (
	"testing"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// defaulted applies the pod template defaults to each Job, as the API
// server does while decoding, before it validates: the fixtures are
// written short, as users write manifests.
func defaulted(jobs ...*jobapi.Job) {
	for _, j := range jobs {
		if j != nil {
			core.SetDefaultsPodTemplateSpec(&j.Spec.Template)
		}
	}
}

// mustValidate is jobapi.Validate for a test that passes good options: a
// misuse error fails the test.
func mustValidate(t testing.TB, job *jobapi.Job, opts ...jobapi.ValidateOption) field.ErrorList {
	t.Helper()
	defaulted(job)
	errs, err := jobapi.Validate(job, opts...)
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return errs
}

// mustValidateUpdate is jobapi.ValidateUpdate for a test that passes good
// options.
func mustValidateUpdate(t testing.TB, job, old *jobapi.Job, opts ...jobapi.ValidateOption) field.ErrorList {
	t.Helper()
	defaulted(job, old)
	errs, err := jobapi.ValidateUpdate(job, old, opts...)
	if err != nil {
		t.Fatalf("ValidateUpdate: %v", err)
	}
	return errs
}

// mustValidateStatusUpdate is jobapi.ValidateStatusUpdate for non-nil
// Jobs.
func mustValidateStatusUpdate(t testing.TB, job, old *jobapi.Job) field.ErrorList {
	t.Helper()
	errs, err := jobapi.ValidateStatusUpdate(job, old)
	if err != nil {
		t.Fatalf("ValidateStatusUpdate: %v", err)
	}
	return errs
}
