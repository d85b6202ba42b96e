package meta_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/internal/deepcopytest"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestDeepCopySharesNothing(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"TypeMeta", jobtest.DeepCopyCheck((*meta.TypeMeta).DeepCopy)},
		{"ObjectMeta", jobtest.DeepCopyCheck((*meta.ObjectMeta).DeepCopy)},
		{"OwnerReference", jobtest.DeepCopyCheck((*meta.OwnerReference).DeepCopy)},
		{"Time", jobtest.DeepCopyCheck((*meta.Time).DeepCopy)},
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
		{"ObjectMeta", deepcopytest.Check((*meta.ObjectMeta).DeepCopy)},
		{"OwnerReference", deepcopytest.Check((*meta.OwnerReference).DeepCopy)},
		{"TypeMeta", deepcopytest.Check((*meta.TypeMeta).DeepCopy)},
		{"Warning", deepcopytest.Check((*meta.Warning).DeepCopy)},
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
