package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

func TestFillIsDeterministicAndThorough(t *testing.T) {
	var a, b jobapi.Job
	jobtest.Fill(t, &a, 7)
	jobtest.Fill(t, &b, 7)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("same seed, different values (-a +b):\n%s", diff)
	}
	filled := false
	for seed := uint64(0); seed < 20 && !filled; seed++ {
		var j jobapi.Job
		jobtest.Fill(t, &j, seed)
		filled = j.Spec.Completions != nil && len(j.Spec.Template.Spec.Containers) > 0
	}
	if !filled {
		t.Fatal("20 seeds never set spec.completions and a container: Fill does not reach nested fields")
	}
}

func TestSharedMemory(t *testing.T) {
	var j jobapi.Job
	jobtest.Fill(t, &j, 3)
	j.ObjectMeta.Labels = map[string]string{"a": "b"}
	tests := []struct {
		name string
		b    func() *jobapi.Job
		want []string
	}{
		{"a deep copy shares nothing", func() *jobapi.Job { return j.DeepCopy() }, nil},
		{"a shallow copy shares the labels map", func() *jobapi.Job {
			c := j.DeepCopy()
			c.ObjectMeta.Labels = j.ObjectMeta.Labels
			return c
		}, []string{"(*a).ObjectMeta.Labels"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, jobtest.SharedMemory(&j, tt.b())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
