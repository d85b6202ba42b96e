package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

func TestJobBuilder(t *testing.T) {
	container := []core.Container{{Name: "main", Image: "busybox"}}
	tests := []struct {
		name string
		got  *jobapi.Job
		want *jobapi.Job
	}{
		{"a bare Job", jobtest.Job("pi"), &jobapi.Job{
			TypeMeta:   meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
			ObjectMeta: meta.ObjectMeta{Name: "pi"},
			Spec: jobapi.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
				Containers: container, RestartPolicy: core.RestartPolicyNever}}},
		}},
		{"an Indexed Job with parallelism, labels and a command",
			jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.Indexed(5), jobtest.Parallelism(2),
				jobtest.Labels(map[string]string{"app": "pi"}), jobtest.Labels(map[string]string{"tier": "x"}),
				jobtest.Annotations(map[string]string{"a": "b"}), jobtest.TemplateLabels(map[string]string{"app": "pi"}),
				jobtest.Image("perl"), jobtest.Command("perl", "-e", "1"), jobtest.RestartPolicy(core.RestartPolicyOnFailure),
				jobtest.BackoffLimit(3), jobtest.Suspend(true), jobtest.CompletedIndexes("0")),
			&jobapi.Job{
				TypeMeta: meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
				ObjectMeta: meta.ObjectMeta{Name: "pi", Namespace: "ns",
					Labels: map[string]string{"app": "pi", "tier": "x"}, Annotations: map[string]string{"a": "b"}},
				Spec: jobapi.JobSpec{
					Parallelism: ptr(int32(2)), Completions: ptr(int32(5)), BackoffLimit: ptr(int32(3)),
					CompletionMode: ptr(jobapi.IndexedCompletion), Suspend: ptr(true),
					Template: core.PodTemplateSpec{
						ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "pi"}},
						Spec: core.PodSpec{
							Containers:    []core.Container{{Name: "main", Image: "perl", Command: []string{"perl", "-e", "1"}}},
							RestartPolicy: core.RestartPolicyOnFailure,
						}},
				},
				Status: jobapi.JobStatus{CompletedIndexes: "0"},
			}},
		{"a generated name and a manual selector",
			jobtest.Job("ignored", jobtest.GenerateName("pi-"), jobtest.Completions(2),
				jobtest.ManualSelector(&selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}})),
			&jobapi.Job{
				TypeMeta:   meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
				ObjectMeta: meta.ObjectMeta{GenerateName: "pi-"},
				Spec: jobapi.JobSpec{
					Completions: ptr(int32(2)), ManualSelector: ptr(true),
					Selector: &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}},
					Template: core.PodTemplateSpec{Spec: core.PodSpec{Containers: container, RestartPolicy: core.RestartPolicyNever}},
				},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPodBuilder(t *testing.T) {
	job := jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.UID("u1"), jobtest.TemplateLabels(map[string]string{"app": "pi"}))
	got := jobtest.Pod("pi-0-abcde", jobtest.OwnedBy(job), jobtest.Index(0), jobtest.Phase(core.PodSucceeded), jobtest.NodeName("node-1"))
	want := &core.Pod{
		TypeMeta: meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{
			Name: "pi-0-abcde", Namespace: "ns",
			Labels:      map[string]string{"app": "pi", jobapi.CompletionIndexAnnotation: "0"},
			Annotations: map[string]string{jobapi.CompletionIndexAnnotation: "0"},
			OwnerReferences: []meta.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "pi", UID: "u1",
				Controller: ptr(true), BlockOwnerDeletion: ptr(true)}},
		},
		Spec:   core.PodSpec{Containers: []core.Container{{Name: "main", Image: "busybox"}}, RestartPolicy: core.RestartPolicyNever, NodeName: "node-1"},
		Status: core.PodStatus{Phase: core.PodSucceeded},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if shared := jobtest.SharedMemory(job.Spec.Template.ObjectMeta.Labels, got.ObjectMeta.Labels); shared != nil {
		t.Errorf("the pod shares the Job's template labels: %v", shared)
	}
	// RebuildScoreboard reads the built pod's index as a controller's pod's.
	board, report := controller.RebuildScoreboard(1, "", []*core.Pod{got})
	if len(report.Problems) > 0 || !board.Done() {
		t.Errorf("RebuildScoreboard: done %v, problems %v", board.Done(), report.Problems)
	}
}

// Every Job the builder makes without options that break it is one the
// store accepts.
func TestBuiltJobsAreValid(t *testing.T) {
	tests := []struct {
		name string
		job  *jobapi.Job
	}{
		{"bare", jobtest.Job("pi")},
		{"indexed", jobtest.Job("pi", jobtest.Indexed(5), jobtest.Parallelism(2))},
		{"manual selector", jobtest.Job("pi", jobtest.TemplateLabels(map[string]string{"app": "pi"}),
			jobtest.ManualSelector(&selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}))},
		{"suspended with labels", jobtest.Job("pi", jobtest.Suspend(true), jobtest.Labels(map[string]string{"app": "pi"}))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := newStore().Jobs("ns").Create(tt.job); err != nil {
				t.Errorf("Create: %v", err)
			}
		})
	}
}
