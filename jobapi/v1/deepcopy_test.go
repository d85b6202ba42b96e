package v1_test

import (
	"testing"

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
