package jobtest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// DeepCopyCheck returns a test of a generated (or hand-written) deep copy
// function of T, for t.Run: deepCopy(nil) is nil, and for 100 values of T
// filled at random (Fill, seeds 0 to 99) the copy is cmp-equal to the
// original and shares no memory with it (SharedMemory).
//
//	t.Run("Job", jobtest.DeepCopyCheck((*jobapi.Job).DeepCopy))
func DeepCopyCheck[T any](deepCopy func(*T) *T) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		if got := deepCopy(nil); got != nil {
			t.Errorf("DeepCopy(nil) = %v, want nil", got)
		}
		for seed := uint64(0); seed < 100; seed++ {
			in := new(T)
			Fill(t, in, seed)
			out := deepCopy(in)
			if diff := cmp.Diff(in, out); diff != "" {
				t.Fatalf("seed %d: DeepCopy differs (-in +out):\n%s", seed, diff)
			}
			if s := SharedMemory(in, out); len(s) > 0 {
				t.Fatalf("seed %d: DeepCopy shares memory at %v", seed, s)
			}
		}
	}
}
