package meta_test

import (
	"testing"

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
		{"ManagedFieldsEntry", jobtest.DeepCopyCheck((*meta.ManagedFieldsEntry).DeepCopy)},
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
	deepcopytest.RunAll(t, []deepcopytest.Case{
		deepcopytest.Type("ManagedFieldsEntry", (*meta.ManagedFieldsEntry).DeepCopy),
		deepcopytest.Type("ObjectMeta", (*meta.ObjectMeta).DeepCopy),
		deepcopytest.Type("OwnerReference", (*meta.OwnerReference).DeepCopy),
		deepcopytest.Type("TypeMeta", (*meta.TypeMeta).DeepCopy),
		deepcopytest.Type("Warning", (*meta.Warning).DeepCopy),
	})
}
