package v1beta1_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
	"github.com/jobkit/jobkit/selector"
)

func ptr[T any](v T) *T { return &v }

func TestSetDefaults(t *testing.T) {
	tmpl := func(labels map[string]string) core.PodTemplateSpec {
		return core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: labels}}
	}
	app := map[string]string{"app": "pi"}
	tests := []struct {
		name       string
		meta       meta.ObjectMeta
		in         v1beta1.JobSpec
		want       v1beta1.JobSpec
		wantLabels map[string]string
	}{
		{
			name:       "without autoSelector the selector defaults to the template's labels, and so do the Job's labels",
			in:         v1beta1.JobSpec{Template: tmpl(app)},
			want:       v1beta1.JobSpec{Selector: &selector.LabelSelector{MatchLabels: app}, Completions: ptr[int32](1), Parallelism: ptr[int32](1), Template: tmpl(app)},
			wantLabels: app,
		},
		{
			name:       "autoSelector false is manual mode too",
			in:         v1beta1.JobSpec{AutoSelector: ptr(false), Template: tmpl(app)},
			want:       v1beta1.JobSpec{AutoSelector: ptr(false), Selector: &selector.LabelSelector{MatchLabels: app}, Completions: ptr[int32](1), Parallelism: ptr[int32](1), Template: tmpl(app)},
			wantLabels: app,
		},
		{
			name:       "autoSelector true leaves the selector to be generated",
			in:         v1beta1.JobSpec{AutoSelector: ptr(true), Template: tmpl(app)},
			want:       v1beta1.JobSpec{AutoSelector: ptr(true), Completions: ptr[int32](1), Parallelism: ptr[int32](1), Template: tmpl(app)},
			wantLabels: app,
		},
		{
			name:       "a selector the user set is kept",
			in:         v1beta1.JobSpec{Selector: &selector.LabelSelector{MatchLabels: map[string]string{"x": "y"}}, Template: tmpl(app)},
			want:       v1beta1.JobSpec{Selector: &selector.LabelSelector{MatchLabels: map[string]string{"x": "y"}}, Completions: ptr[int32](1), Parallelism: ptr[int32](1), Template: tmpl(app)},
			wantLabels: app,
		},
		{
			name: "a template without labels defaults no selector",
			in:   v1beta1.JobSpec{Parallelism: ptr[int32](2)},
			want: v1beta1.JobSpec{Parallelism: ptr[int32](2)},
		},
		{
			name:       "Job labels the user set are kept",
			meta:       meta.ObjectMeta{Labels: map[string]string{"team": "a"}},
			in:         v1beta1.JobSpec{Completions: ptr[int32](3), Template: tmpl(app)},
			want:       v1beta1.JobSpec{Selector: &selector.LabelSelector{MatchLabels: app}, Completions: ptr[int32](3), Parallelism: ptr[int32](1), Template: tmpl(app)},
			wantLabels: map[string]string{"team": "a"},
		},
		{
			name: "fields batch/v1 added later get no defaults",
			in:   v1beta1.JobSpec{CompletionMode: nil, BackoffLimit: nil, Completions: ptr[int32](1), Parallelism: ptr[int32](1)},
			want: v1beta1.JobSpec{Completions: ptr[int32](1), Parallelism: ptr[int32](1)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := &v1beta1.Job{ObjectMeta: *tt.meta.DeepCopy(), Spec: *tt.in.DeepCopy()}
			v1beta1.SetDefaults(job)
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

func TestSetDefaultsSharesNoMaps(t *testing.T) {
	job := &v1beta1.Job{Spec: v1beta1.JobSpec{Template: core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "pi"}}}}}
	v1beta1.SetDefaults(job)
	job.ObjectMeta.Labels["job"] = "x"
	job.Spec.Selector.MatchLabels["sel"] = "y"
	if diff := cmp.Diff(map[string]string{"app": "pi"}, job.Spec.Template.ObjectMeta.Labels); diff != "" {
		t.Errorf("the defaulted maps alias the template's labels (-want +got):\n%s", diff)
	}
}

func TestSetDefaultsDefaultsThePodTemplate(t *testing.T) {
	job := &v1beta1.Job{Spec: v1beta1.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
		RestartPolicy: core.RestartPolicyNever,
		Containers:    []core.Container{{Name: "pi", Image: "perl"}},
	}}}}
	v1beta1.SetDefaults(job)
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
