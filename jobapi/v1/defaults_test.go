package v1_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

func ptr[T any](v T) *T { return &v }

func TestSetDefaults(t *testing.T) {
	nonIndexed := ptr(jobapi.NonIndexedCompletion)
	labels := map[string]string{"app": "pi"}
	tests := []struct {
		name string
		in   v1.JobSpec
		meta meta.ObjectMeta
		want v1.JobSpec
		// wantLabels are the Job's labels after defaulting.
		wantLabels map[string]string
	}{
		{
			name: "an empty spec gets one completion, one pod, six retries, NonIndexed, not suspended",
			in:   v1.JobSpec{},
			want: v1.JobSpec{Completions: ptr[int32](1), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed)},
		},
		{
			name: "parallelism alone leaves completions unset (a work queue)",
			in:   v1.JobSpec{Parallelism: ptr[int32](4)},
			want: v1.JobSpec{Parallelism: ptr[int32](4), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed)},
		},
		{
			name: "completions alone gets parallelism 1",
			in:   v1.JobSpec{Completions: ptr[int32](5)},
			want: v1.JobSpec{Completions: ptr[int32](5), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed)},
		},
		{
			name: "with backoffLimitPerIndex the global backoffLimit is unlimited",
			in:   v1.JobSpec{BackoffLimitPerIndex: ptr[int32](2), CompletionMode: ptr(jobapi.IndexedCompletion), Completions: ptr[int32](3), Parallelism: ptr[int32](3)},
			want: v1.JobSpec{BackoffLimitPerIndex: ptr[int32](2), BackoffLimit: ptr[int32](math.MaxInt32), CompletionMode: ptr(jobapi.IndexedCompletion),
				Completions: ptr[int32](3), Parallelism: ptr[int32](3), Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed)},
		},
		{
			name: "a pod failure policy gets pattern status True and replacement policy Failed",
			in: v1.JobSpec{PodFailurePolicy: &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{{
				Action: jobapi.PodFailurePolicyActionIgnore,
				OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{
					{Type: jobapi.DisruptionTarget}, {Type: "Other", Status: jobapi.ConditionFalse}},
			}}}},
			want: v1.JobSpec{Completions: ptr[int32](1), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.Failed),
				PodFailurePolicy: &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{{
					Action: jobapi.PodFailurePolicyActionIgnore,
					OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{
						{Type: jobapi.DisruptionTarget, Status: jobapi.ConditionTrue}, {Type: "Other", Status: jobapi.ConditionFalse}},
				}}}},
		},
		{
			name: "values the user set are kept, and manualSelector stays unset",
			in: v1.JobSpec{Completions: ptr[int32](0), Parallelism: ptr[int32](0), BackoffLimit: ptr[int32](0),
				CompletionMode: ptr(jobapi.IndexedCompletion), Suspend: ptr(true), PodReplacementPolicy: ptr(jobapi.Failed)},
			want: v1.JobSpec{Completions: ptr[int32](0), Parallelism: ptr[int32](0), BackoffLimit: ptr[int32](0),
				CompletionMode: ptr(jobapi.IndexedCompletion), Suspend: ptr(true), PodReplacementPolicy: ptr(jobapi.Failed)},
		},
		{
			name: "empty Job labels become the template's labels",
			in:   v1.JobSpec{Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: labels}}},
			want: v1.JobSpec{Completions: ptr[int32](1), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed),
				Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: labels}}},
			wantLabels: map[string]string{"app": "pi"},
		},
		{
			name: "Job labels the user set are kept",
			meta: meta.ObjectMeta{Labels: map[string]string{"team": "a"}},
			in:   v1.JobSpec{Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: labels}}},
			want: v1.JobSpec{Completions: ptr[int32](1), Parallelism: ptr[int32](1), BackoffLimit: ptr[int32](6),
				CompletionMode: nonIndexed, Suspend: ptr(false), PodReplacementPolicy: ptr(jobapi.TerminatingOrFailed),
				Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: labels}}},
			wantLabels: map[string]string{"team": "a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := &v1.Job{ObjectMeta: *tt.meta.DeepCopy(), Spec: *tt.in.DeepCopy()}
			v1.SetDefaults(job)
			// The template's own defaults are core's, tested there.
			want := *tt.want.DeepCopy()
			core.SetDefaultsPodTemplateSpec(&want.Template)
			if diff := cmp.Diff(want, job.Spec); diff != "" {
				t.Errorf("spec (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantLabels, job.ObjectMeta.Labels); diff != "" {
				t.Errorf("labels (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetDefaultsSharesTheTemplateLabels(t *testing.T) {
	// As in Kubernetes, empty Job labels become the template's label map
	// itself: jobapi.PrepareForCreate tells by that that they came from
	// the template.
	job := &v1.Job{Spec: v1.JobSpec{Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "pi"}}}}}
	v1.SetDefaults(job)
	job.ObjectMeta.Labels["added"] = "x"
	if diff := cmp.Diff(map[string]string{"app": "pi", "added": "x"}, job.Spec.Template.ObjectMeta.Labels); diff != "" {
		t.Errorf("the Job's labels are not the template's map (-want +got):\n%s", diff)
	}
}

func TestSetDefaultsIsIdempotent(t *testing.T) {
	job := &v1.Job{Spec: v1.JobSpec{Parallelism: ptr[int32](3), Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"a": "b"}}}}}
	v1.SetDefaults(job)
	once := job.DeepCopy()
	v1.SetDefaults(job)
	if diff := cmp.Diff(once, job); diff != "" {
		t.Errorf("defaulting twice changed the Job (-once +twice):\n%s", diff)
	}
}

func TestSetDefaultsDefaultsThePodTemplate(t *testing.T) {
	job := &v1.Job{Spec: v1.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
		RestartPolicy: core.RestartPolicyNever,
		Containers:    []core.Container{{Name: "pi", Image: "perl"}},
	}}}}
	v1.SetDefaults(job)
	want := core.PodSpec{
		RestartPolicy: core.RestartPolicyNever, DNSPolicy: core.DNSClusterFirst, SchedulerName: "default-scheduler",
		SecurityContext: &core.PodSecurityContext{}, TerminationGracePeriodSeconds: ptr[int64](30),
		Containers: []core.Container{{Name: "pi", Image: "perl", ImagePullPolicy: core.PullAlways,
			TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}},
	}
	if diff := cmp.Diff(want, job.Spec.Template.Spec); diff != "" {
		t.Errorf("pod template spec (-want +got):\n%s", diff)
	}
}
