package v1_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/v1"
)

func TestDeepCopySharesNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Job", jobtest.DeepCopyCheck((*v1.Job).DeepCopy)},
		{"JobSpec", jobtest.DeepCopyCheck((*v1.JobSpec).DeepCopy)},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// TestDeepCopyWritesNeverReachTheOriginal copies every type with a
// generated deep copy, filled at random, writes through the copy
// everywhere and checks the original is unchanged.
func TestDeepCopyWritesNeverReachTheOriginal(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Job", deepcopytest.Check((*v1.Job).DeepCopy)},
		{"JobSpec", deepcopytest.Check((*v1.JobSpec).DeepCopy)},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.name)
		t.Run(tt.name, tt.run)
	}
	if diff := cmp.Diff(deepcopytest.GeneratedTypes(t, "zz_generated.deepcopy.go"), names); diff != "" {
		t.Errorf("the table must name every type of zz_generated.deepcopy.go, in order (-generated +table):\n%s", diff)
	}
}
