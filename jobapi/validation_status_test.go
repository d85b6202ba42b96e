package jobapi_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// runningJob is a started Indexed Job with a per-index backoff limit, as
// stored: the old state of the status updates below.
func runningJob() *jobapi.Job {
	j := indexedJob()
	j.Spec.BackoffLimitPerIndex = ref[int32](1)
	start := meta.NewTime(createdAt)
	j.Status = jobapi.JobStatus{StartTime: &start, Active: 2, Ready: ref[int32](1), Terminating: ref[int32](0)}
	return j
}

func cond(t jobapi.JobConditionType, s jobapi.ConditionStatus) jobapi.JobCondition {
	return jobapi.JobCondition{Type: t, Status: s}
}

func TestValidateStatusUpdate(t *testing.T) {
	const (
		invalid   = field.ErrorTypeInvalid
		required  = field.ErrorTypeRequired
		duplicate = field.ErrorTypeDuplicate
	)
	later := meta.NewTime(createdAt.Add(time.Minute))
	earlier := meta.NewTime(createdAt.Add(-time.Minute))
	complete := func(st *jobapi.JobStatus) {
		st.Conditions = []jobapi.JobCondition{cond(jobapi.JobSuccessCriteriaMet, jobapi.ConditionTrue), cond(jobapi.JobComplete, jobapi.ConditionTrue)}
		st.CompletionTime = &later
		st.Active, st.Ready = 0, ref[int32](0)
	}
	tests := []struct {
		name   string
		old    func(*jobapi.Job)
		change func(*jobapi.Job)
		want   []typeAndField
	}{
		{"counters going up", nil, func(j *jobapi.Job) { j.Status.Succeeded, j.Status.Failed = 3, 1 }, nil},
		{"completed and failed indexes", nil, func(j *jobapi.Job) {
			j.Status.CompletedIndexes = "0-2,4"
			j.Status.FailedIndexes = ref("3")
		}, nil},
		{"finishing: SuccessCriteriaMet then Complete with a completion time", nil, func(j *jobapi.Job) { complete(&j.Status) }, nil},
		{"failing: FailureTarget then Failed", nil, func(j *jobapi.Job) {
			j.Status.Conditions = []jobapi.JobCondition{cond(jobapi.JobFailureTarget, jobapi.ConditionTrue), cond(jobapi.JobFailed, jobapi.ConditionTrue)}
			j.Status.Active, j.Status.Ready = 0, ref[int32](0)
		}, nil},
		// counters
		{"negative counters", nil, func(j *jobapi.Job) {
			j.Status.Active, j.Status.Succeeded, j.Status.Failed = -1, -1, -1
			j.Status.Ready, j.Status.Terminating = ref[int32](-1), ref[int32](-1)
		}, []typeAndField{
			{invalid, "status.active"}, {invalid, "status.succeeded"}, {invalid, "status.failed"},
			{invalid, "status.ready"}, {invalid, "status.terminating"},
			// and the two counters that may not decrease did
			{invalid, "status.failed"}, {invalid, "status.succeeded"},
		}},
		{"failed decreasing", func(j *jobapi.Job) { j.Status.Failed = 2 }, func(j *jobapi.Job) { j.Status.Failed = 1 }, []typeAndField{{invalid, "status.failed"}}},
		{"succeeded decreasing", func(j *jobapi.Job) { j.Status.Succeeded = 2 }, func(j *jobapi.Job) { j.Status.Succeeded = 1 }, []typeAndField{{invalid, "status.succeeded"}}},
		{"succeeded decreasing in an Indexed Job scaled down (completions = parallelism)", func(j *jobapi.Job) {
			j.Spec.Parallelism = j.Spec.Completions
			j.Status.Succeeded = 2
		}, func(j *jobapi.Job) { j.Status.Succeeded = 1 }, nil},
		{"more ready than active", nil, func(j *jobapi.Job) { j.Status.Ready = ref[int32](3) }, []typeAndField{{invalid, "status.ready"}}},
		{"uncounted pods empty or repeated", nil, func(j *jobapi.Job) {
			j.Status.UncountedTerminatedPods = &jobapi.UncountedTerminatedPods{Succeeded: []meta.UID{"a", ""}, Failed: []meta.UID{"a"}}
		}, []typeAndField{{invalid, "status.uncountedTerminatedPods.succeeded[1]"}, {duplicate, "status.uncountedTerminatedPods.failed[0]"}}},
		// indexes
		{"completedIndexes malformed", nil, func(j *jobapi.Job) { j.Status.CompletedIndexes = "1,x" }, []typeAndField{{invalid, "status.completedIndexes"}}},
		{"completedIndexes out of range", nil, func(j *jobapi.Job) { j.Status.CompletedIndexes = "0-5" }, []typeAndField{{invalid, "status.completedIndexes"}}},
		{"completedIndexes with a sign: read with Atoi, as Kubernetes reads it", nil, func(j *jobapi.Job) { j.Status.CompletedIndexes = "+1" }, nil},
		{"a malformed completedIndexes that did not change is not checked", func(j *jobapi.Job) { j.Status.CompletedIndexes = "1,x" }, func(j *jobapi.Job) { j.Status.Succeeded = 1 }, nil},
		{"completedIndexes of a NonIndexed Job", func(j *jobapi.Job) {
			j.Spec.CompletionMode = ref(jobapi.NonIndexedCompletion)
			j.Spec.BackoffLimitPerIndex = nil
		}, func(j *jobapi.Job) { j.Status.CompletedIndexes = "0" }, []typeAndField{{invalid, "status.completedIndexes"}}},
		{"failedIndexes without backoffLimitPerIndex", func(j *jobapi.Job) { j.Spec.BackoffLimitPerIndex = nil }, func(j *jobapi.Job) { j.Status.FailedIndexes = ref("1") }, []typeAndField{{invalid, "status.failedIndexes"}}},
		{"failedIndexes malformed", nil, func(j *jobapi.Job) { j.Status.FailedIndexes = ref("3-1") }, []typeAndField{{invalid, "status.failedIndexes"}}},
		{"failedIndexes overlapping completedIndexes", nil, func(j *jobapi.Job) {
			j.Status.CompletedIndexes = "0-3"
			j.Status.FailedIndexes = ref("3,4")
		}, []typeAndField{{invalid, "status.failedIndexes"}}},
		// conditions and times
		{"Complete without SuccessCriteriaMet", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.Conditions = j.Status.Conditions[1:]
		}, []typeAndField{{invalid, "status.conditions"}}},
		{"Complete without a completion time", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.CompletionTime = nil
		}, []typeAndField{{required, "status.completionTime"}}},
		{"completion time without Complete", nil, func(j *jobapi.Job) { j.Status.CompletionTime = &later }, []typeAndField{{invalid, "status.completionTime"}}},
		{"completion time before the start", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.CompletionTime = &earlier
		}, []typeAndField{{invalid, "status.completionTime"}}},
		{"Failed without FailureTarget", nil, func(j *jobapi.Job) {
			j.Status.Conditions = []jobapi.JobCondition{cond(jobapi.JobFailed, jobapi.ConditionTrue)}
			j.Status.Active, j.Status.Ready = 0, ref[int32](0)
		}, []typeAndField{{invalid, "status.conditions"}}},
		{"Complete and Failed", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.Conditions = append(j.Status.Conditions, cond(jobapi.JobFailureTarget, jobapi.ConditionTrue), cond(jobapi.JobFailed, jobapi.ConditionTrue))
		}, []typeAndField{{invalid, "status.conditions"}, {invalid, "status.conditions"}, {invalid, "status.conditions"}, {invalid, "status.conditions"}}},
		{"finished with active pods and without a start time", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.Active = 1
			j.Status.StartTime = nil
		}, []typeAndField{{invalid, "status.active"}, {required, "status.startTime"}, {invalid, "status.startTime"}}},
		{"finished with uncounted and terminating pods", nil, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.UncountedTerminatedPods = &jobapi.UncountedTerminatedPods{Failed: []meta.UID{"a"}}
			j.Status.Terminating = ref[int32](1)
		}, []typeAndField{{invalid, "status.uncountedTerminatedPods"}, {invalid, "status.terminating"}}},
		{"a terminal condition dropped", func(j *jobapi.Job) {
			j.Status.Conditions = []jobapi.JobCondition{cond(jobapi.JobFailureTarget, jobapi.ConditionTrue)}
		}, func(j *jobapi.Job) { j.Status.Conditions = nil }, []typeAndField{{invalid, "status.conditions"}}},
		{"SuccessCriteriaMet dropped", func(j *jobapi.Job) {
			j.Status.Conditions = []jobapi.JobCondition{cond(jobapi.JobSuccessCriteriaMet, jobapi.ConditionTrue)}
		}, func(j *jobapi.Job) { j.Status.Conditions = nil }, []typeAndField{{invalid, "status.conditions"}}},
		{"SuccessCriteriaMet with FailureTarget", nil, func(j *jobapi.Job) {
			j.Status.Conditions = []jobapi.JobCondition{cond(jobapi.JobSuccessCriteriaMet, jobapi.ConditionTrue), cond(jobapi.JobFailureTarget, jobapi.ConditionTrue)}
		}, []typeAndField{{invalid, "status.conditions"}}},
		{"Complete without SuccessCriteriaMet in a Job with a success policy", func(j *jobapi.Job) {
			withSuccessPolicy(j)
		}, func(j *jobapi.Job) {
			complete(&j.Status)
			j.Status.Conditions = j.Status.Conditions[1:]
		}, []typeAndField{{invalid, "status.conditions"}, {invalid, "status.conditions"}}},
		{"completion time changed once set", func(j *jobapi.Job) { complete(&j.Status) }, func(j *jobapi.Job) {
			complete(&j.Status)
			other := meta.NewTime(createdAt.Add(time.Hour))
			j.Status.CompletionTime = &other
		}, []typeAndField{{invalid, "status.completionTime"}}},
		{"start time changed while running", nil, func(j *jobapi.Job) { j.Status.StartTime = &later }, []typeAndField{{invalid, "status.startTime"}}},
		{"start time changed while suspended", func(j *jobapi.Job) { j.Spec.Suspend = ref(true) }, func(j *jobapi.Job) { j.Status.StartTime = &later }, nil},
		// metadata
		{"name changed", nil, func(j *jobapi.Job) { j.ObjectMeta.Name = "other" }, []typeAndField{{invalid, "metadata.name"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := runningJob()
			if tt.old != nil {
				tt.old(old)
			}
			job := old.DeepCopy()
			tt.change(job)
			errs := mustValidateStatusUpdate(t, job, old)
			if diff := cmp.Diff(tt.want, typesAndFields(errs)); diff != "" {
				t.Errorf("ValidateStatusUpdate (-want +got):\n%s\n%v", diff, errs.ToAggregate())
			}
		})
	}
}

func TestValidateStatusUpdateNilIsAnError(t *testing.T) {
	if errs, err := jobapi.ValidateStatusUpdate(nil, runningJob()); err == nil || errs != nil {
		t.Errorf("ValidateStatusUpdate(nil, old) = %v, %v; want an error", errs, err)
	}
	if errs, err := jobapi.ValidateStatusUpdate(runningJob(), nil); err == nil || errs != nil {
		t.Errorf("ValidateStatusUpdate(job, nil) = %v, %v; want an error", errs, err)
	}
}
