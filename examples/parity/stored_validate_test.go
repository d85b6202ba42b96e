package parity

import (
	"fmt"
	"testing"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// TestStoredJobsValidate reads Jobs as Kubernetes' create path stores
// them (the strategy's PrepareForCreate: selector on
// `batch.kubernetes.io/controller-uid`, both label families in the pod
// template) and validates them with jobkit under its default label keys
// (the design documents' `controller-uid`/`job-name`) and under
// KubernetesLabelKeys, on create and as an update to themselves: every
// Job Kubernetes stored must be valid for jobkit too, whatever keys
// jobkit would have written, as Kubernetes still accepts Jobs with either
// key family.
func TestStoredJobsValidate(t *testing.T) {
	const seed, n = 20261127, 2000
	g := newCreateGen(seed)
	policies := []struct {
		name string
		opts []jobapi.ValidateOption
	}{
		{"default keys", nil},
		{"kubernetes keys", []jobapi.ValidateOption{jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)}},
	}
	stored, failures := 0, 0
	for i := range n {
		data, given := g.manifest()
		res, err := kubeCreateStored(data, fmt.Sprintf("00000000-%04d-4000-8000-00000000beef", i), given)
		if err != nil || res.refused || res.panicked || len(res.invalid) > 0 {
			continue // Kubernetes stores nothing
		}
		stored++
		for _, p := range policies {
			job, err := conversion.Decode(res.stored)
			if err != nil {
				t.Fatalf("job %d: decoding what Kubernetes stored: %v", i, err)
			}
			errs, err := jobapi.Validate(job, p.opts...)
			if err != nil {
				t.Fatal(err)
			}
			old := job.DeepCopy()
			uerrs, err := jobapi.ValidateUpdate(job, old, p.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if len(errs)+len(uerrs) > 0 {
				failures++
				if failures <= 5 {
					t.Errorf("job %d (%s): Kubernetes stored it, jobkit refuses it:\ncreate: %v\nupdate: %v\n%s", i, p.name, errs.ToAggregate(), uerrs.ToAggregate(), res.stored)
				}
			}
		}
	}
	t.Logf("seed %d: %d generated Jobs, %d stored by Kubernetes, each validated on create and update under 2 key policies: %d refused by jobkit", seed, n, stored, failures)
	if stored < n/4 {
		t.Errorf("only %d of %d generated Jobs were stored: the generator no longer makes enough valid Jobs for this test to mean anything", stored, n)
	}
}
