package v1beta1_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// deepCopyCase checks, for many random values of T, that deepCopy returns
// an equal value that shares no memory with the original, and nil for nil.
func deepCopyCase[T any](deepCopy func(*T) *T) func(t *testing.T) {
	return func(t *testing.T) {
		if got := deepCopy(nil); got != nil {
			t.Errorf("DeepCopy(nil) = %v, want nil", got)
		}
		for seed := uint64(0); seed < 50; seed++ {
			in := new(T)
			jobtest.Fill(t, in, seed)
			out := deepCopy(in)
			if diff := cmp.Diff(in, out); diff != "" {
				t.Fatalf("seed %d: DeepCopy differs (-in +out):\n%s", seed, diff)
			}
			if s := jobtest.SharedMemory(in, out); len(s) > 0 {
				t.Fatalf("seed %d: DeepCopy shares memory at %v", seed, s)
			}
		}
	}
}

func TestDeepCopySharesNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Job", deepCopyCase((*v1beta1.Job).DeepCopy)},
		{"JobSpec", deepCopyCase((*v1beta1.JobSpec).DeepCopy)},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}
