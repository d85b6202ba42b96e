package jobapi_test

import (
	"maps"
	"os"
	"strconv"
	"testing"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
)

// benchJob is a Job as decoded from a manifest whose pod template has n
// labels of the user's, in automatic mode.
func benchJob(n int) *jobapi.Job {
	j := generatedJob()
	j.ObjectMeta.UID = ""
	j.Spec.Selector = nil
	labels := make(map[string]string, n)
	for i := range n {
		labels["example.com/label-"+strconv.Itoa(i)] = "value-" + strconv.Itoa(i)
	}
	j.Spec.Template.ObjectMeta.Labels = labels
	j.ObjectMeta.Labels = maps.Clone(labels)
	return j
}

var benchSizes = []int{0, 8, 64}

// BenchmarkCreate measures what an API server does with a new Job:
// copy the decoded object, create-time processing, validation.
func BenchmarkCreate(b *testing.B) {
	for _, n := range benchSizes {
		base := benchJob(n)
		for _, uid := range []struct {
			name string
			opts []jobapi.CreateOption
		}{
			{"given-uid", []jobapi.CreateOption{jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt)}},
			{"random-uid", []jobapi.CreateOption{jobapi.WithCreationTime(createdAt)}},
		} {
			b.Run("labels="+strconv.Itoa(n)+"/"+uid.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					job := base.DeepCopy()
					if _, err := jobapi.PrepareForCreate(job, uid.opts...); err != nil {
						b.Fatal(err)
					}
					if errs := mustValidate(b, job); len(errs) > 0 {
						b.Fatal(errs.ToAggregate())
					}
				}
			})
		}
	}
}

// BenchmarkValidate measures validation alone, of a valid Job and of one
// with an error in every part.
func BenchmarkValidate(b *testing.B) {
	for _, n := range benchSizes {
		job := benchJob(n)
		if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID)); err != nil {
			b.Fatal(err)
		}
		b.Run("valid/labels="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := mustValidate(b, job); len(errs) > 0 {
					b.Fatal(errs.ToAggregate())
				}
			}
		})
	}
	bad := withPodFailurePolicy(generatedJob())
	bad.Spec.Parallelism = ref[int32](-1)
	bad.Spec.Selector.MatchLabels["app"] = "pi"
	bad.Spec.Template.Spec.RestartPolicy = core.RestartPolicyOnFailure
	b.Run("invalid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			// parallelism, the user's selector not selecting the
			// generated labels nor the template's, and the restart policy.
			if errs := mustValidate(b, bad); len(errs) != 4 {
				b.Fatalf("want 4 errors, got %v", errs.ToAggregate())
			}
		}
	})
}

// BenchmarkValidateUpdate measures the update checks of an unchanged Job,
// dominated by comparing the pod templates.
func BenchmarkValidateUpdate(b *testing.B) {
	for _, n := range benchSizes {
		old := benchJob(n)
		if _, err := jobapi.PrepareForCreate(old, jobapi.WithUID(newUID)); err != nil {
			b.Fatal(err)
		}
		job := old.DeepCopy()
		b.Run("labels="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := mustValidateUpdate(b, job, old); len(errs) > 0 {
					b.Fatal(errs.ToAggregate())
				}
			}
		})
	}
}

// TestValidateAllocationsDoNotGrowWithTheLabels counts allocations: a
// valid Job is validated with a fixed handful (the root field paths and
// the pod template's lazy root path), whatever the size of its label maps.
func TestValidateAllocationsDoNotGrowWithTheLabels(t *testing.T) {
	for _, n := range []int{0, 8, 512} {
		job := benchJob(n)
		if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID)); err != nil {
			t.Fatal(err)
		}
		if got := testing.AllocsPerRun(20, func() { _, _ = jobapi.Validate(job) }); got > 4 {
			t.Errorf("Validate of a Job with %d labels allocates %v times, want at most 4", n, got)
		}
	}
}

// BenchmarkValidateKubectlManifest validates the Job of a real
// `kubectl get job -o yaml` manifest (an Indexed Job with the labels
// Kubernetes wrote), as stored: the common case of a valid Job.
func BenchmarkValidateKubectlManifest(b *testing.B) {
	data, err := os.ReadFile("../conversion/testdata/kubectl-indexed.yaml")
	if err != nil {
		b.Fatal(err)
	}
	job, err := conversion.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	opt := jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)
	if errs := mustValidate(b, job, opt); len(errs) > 0 {
		b.Fatal(errs.ToAggregate())
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = jobapi.Validate(job, opt)
	}
}
