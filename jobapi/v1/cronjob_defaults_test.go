package v1_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

func TestSetDefaultsCronJob(t *testing.T) {
	tests := []struct {
		name string
		in   v1.CronJobSpec
		want v1.CronJobSpec
	}{
		{
			name: "an empty spec: Allow, not suspended, 3 successful and 1 failed Job kept",
			in:   v1.CronJobSpec{},
			want: v1.CronJobSpec{ConcurrencyPolicy: jobapi.AllowConcurrent, Suspend: ptr(false),
				SuccessfulJobsHistoryLimit: ptr[int32](3), FailedJobsHistoryLimit: ptr[int32](1)},
		},
		{
			name: "values the user set are kept, zero limits included",
			in: v1.CronJobSpec{ConcurrencyPolicy: jobapi.ForbidConcurrent, Suspend: ptr(true),
				SuccessfulJobsHistoryLimit: ptr[int32](0), FailedJobsHistoryLimit: ptr[int32](0)},
			want: v1.CronJobSpec{ConcurrencyPolicy: jobapi.ForbidConcurrent, Suspend: ptr(true),
				SuccessfulJobsHistoryLimit: ptr[int32](0), FailedJobsHistoryLimit: ptr[int32](0)},
		},
		{
			name: "the job template gets none of a Job's own defaults",
			in:   v1.CronJobSpec{JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{BackoffLimitPerIndex: ptr[int32](1)}}},
			want: v1.CronJobSpec{ConcurrencyPolicy: jobapi.AllowConcurrent, Suspend: ptr(false),
				SuccessfulJobsHistoryLimit: ptr[int32](3), FailedJobsHistoryLimit: ptr[int32](1),
				JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{BackoffLimitPerIndex: ptr[int32](1)}}},
		},
		{
			name: "but its pod failure policy patterns get status True",
			in: v1.CronJobSpec{JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{PodFailurePolicy: &jobapi.PodFailurePolicy{
				Rules: []jobapi.PodFailurePolicyRule{{Action: jobapi.PodFailurePolicyActionIgnore,
					OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{{Type: jobapi.DisruptionTarget}, {Type: "X", Status: jobapi.ConditionFalse}}}},
			}}}},
			want: v1.CronJobSpec{ConcurrencyPolicy: jobapi.AllowConcurrent, Suspend: ptr(false),
				SuccessfulJobsHistoryLimit: ptr[int32](3), FailedJobsHistoryLimit: ptr[int32](1),
				JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{PodFailurePolicy: &jobapi.PodFailurePolicy{
					Rules: []jobapi.PodFailurePolicyRule{{Action: jobapi.PodFailurePolicyActionIgnore,
						OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{{Type: jobapi.DisruptionTarget, Status: jobapi.ConditionTrue}, {Type: "X", Status: jobapi.ConditionFalse}}}},
				}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cj := &v1.CronJob{Spec: *tt.in.DeepCopy()}
			v1.SetDefaultsCronJob(cj)
			want := *tt.want.DeepCopy()
			core.SetDefaultsPodTemplateSpec(&want.JobTemplate.Spec.Template)
			if diff := cmp.Diff(want, cj.Spec); diff != "" {
				t.Errorf("spec (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetDefaultsCronJobDefaultsThePodTemplate(t *testing.T) {
	cj := &v1.CronJob{Spec: v1.CronJobSpec{JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
		RestartPolicy: core.RestartPolicyNever,
		Containers:    []core.Container{{Name: "c", Image: "busybox:1.36"}},
	}}}}}}
	v1.SetDefaultsCronJob(cj)
	want := core.PodSpec{
		RestartPolicy: core.RestartPolicyNever, DNSPolicy: core.DNSClusterFirst, SchedulerName: "default-scheduler",
		SecurityContext: &core.PodSecurityContext{}, TerminationGracePeriodSeconds: ptr[int64](30),
		Containers: []core.Container{{Name: "c", Image: "busybox:1.36", ImagePullPolicy: core.PullIfNotPresent,
			TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}},
	}
	if diff := cmp.Diff(want, cj.Spec.JobTemplate.Spec.Template.Spec); diff != "" {
		t.Errorf("pod template spec (-want +got):\n%s", diff)
	}
}

func TestSetDefaultsCronJobIsIdempotent(t *testing.T) {
	cj := &v1.CronJob{Spec: v1.CronJobSpec{Schedule: "@daily", JobTemplate: v1.JobTemplateSpec{Spec: v1.JobSpec{Template: core.PodTemplateSpec{
		Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Image: "i"}}}}}}}}
	v1.SetDefaultsCronJob(cj)
	once := cj.DeepCopy()
	v1.SetDefaultsCronJob(cj)
	if diff := cmp.Diff(once, cj); diff != "" {
		t.Errorf("defaulting twice changed the CronJob (-once +twice):\n%s", diff)
	}
}
