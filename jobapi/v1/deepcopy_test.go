package v1_test

import (
	"testing"

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
		{"CronJob", jobtest.DeepCopyCheck((*v1.CronJob).DeepCopy)},
		{"CronJobSpec", jobtest.DeepCopyCheck((*v1.CronJobSpec).DeepCopy)},
		{"JobTemplateSpec", jobtest.DeepCopyCheck((*v1.JobTemplateSpec).DeepCopy)},
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
		deepcopytest.Type("CronJob", (*v1.CronJob).DeepCopy),
		deepcopytest.Type("CronJobSpec", (*v1.CronJobSpec).DeepCopy),
		deepcopytest.Type("Job", (*v1.Job).DeepCopy),
		deepcopytest.Type("JobSpec", (*v1.JobSpec).DeepCopy),
		deepcopytest.Type("JobTemplateSpec", (*v1.JobTemplateSpec).DeepCopy),
	})
}
