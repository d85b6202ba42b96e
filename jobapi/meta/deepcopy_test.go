package meta_test

import (
	"testing"

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
