package controller_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

func ptr[T any](v T) *T { return &v }

// indexedJob returns a created Indexed Job named name, as the API server
// stores it: uid, generated selector and template labels.
func indexedJob(name string) *jobapi.Job {
	labels := map[string]string{"batch.kubernetes.io/controller-uid": "u-1", "batch.kubernetes.io/job-name": name}
	return &jobapi.Job{
		ObjectMeta: meta.ObjectMeta{Name: name, Namespace: "team", UID: "u-1"},
		Spec: jobapi.JobSpec{
			Completions:    ptr(int32(5)),
			CompletionMode: ptr(jobapi.IndexedCompletion),
			Selector:       &selector.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "u-1"}},
			Template: core.PodTemplateSpec{
				ObjectMeta: meta.ObjectMeta{
					Name:        "ignored",
					Labels:      labels,
					Annotations: map[string]string{"note": "kept"},
					Finalizers:  []string{"example.com/keep"},
				},
				Spec: core.PodSpec{
					RestartPolicy:  core.RestartPolicyNever,
					InitContainers: []core.Container{{Name: "init", Image: "busybox", Env: []core.EnvVar{{Name: jobapi.CompletionIndexEnvName, Value: "mine"}}}},
					Containers:     []core.Container{{Name: "work", Image: "busybox", Env: []core.EnvVar{{Name: "A", Value: "1"}}}},
				},
			},
		},
	}
}

func TestNewPod(t *testing.T) {
	job := indexedJob("render")
	got, err := controller.NewPod(job, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	indexEnv := core.EnvVar{Name: "JOB_COMPLETION_INDEX", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
		FieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']"}}}
	want := &core.Pod{
		TypeMeta: meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{
			GenerateName: "render-3-",
			Namespace:    "team",
			Labels: map[string]string{
				"batch.kubernetes.io/controller-uid":       "u-1",
				"batch.kubernetes.io/job-name":             "render",
				"batch.kubernetes.io/job-completion-index": "3",
			},
			Annotations: map[string]string{"note": "kept", "batch.kubernetes.io/job-completion-index": "3"},
			Finalizers:  []string{"example.com/keep", "batch.kubernetes.io/job-tracking"},
			OwnerReferences: []meta.OwnerReference{{
				APIVersion: "batch/v1", Kind: "Job", Name: "render", UID: "u-1", Controller: ptr(true), BlockOwnerDeletion: ptr(true),
			}},
		},
		Spec: core.PodSpec{
			Hostname:       "render-3",
			RestartPolicy:  core.RestartPolicyNever,
			InitContainers: []core.Container{{Name: "init", Image: "busybox", Env: []core.EnvVar{{Name: "JOB_COMPLETION_INDEX", Value: "mine"}}}},
			Containers:     []core.Container{{Name: "work", Image: "busybox", Env: []core.EnvVar{{Name: "A", Value: "1"}, indexEnv}}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pod mismatch (-want +got):\n%s", diff)
	}
	// The pod shares nothing with the template.
	got.ObjectMeta.Labels["x"] = "y"
	got.ObjectMeta.Annotations["x"] = "y"
	got.Spec.Containers[0].Env[0].Value = "changed"
	if diff := cmp.Diff(indexedJob("render"), job); diff != "" {
		t.Errorf("NewPod changed the Job (-want +got):\n%s", diff)
	}
	// The pod is found by RebuildScoreboard at its index.
	s, r := controller.RebuildScoreboard(5, "", []*core.Pod{got})
	if s.State(3) != scoreboard.Running || len(r.Problems) != 0 {
		t.Errorf("RebuildScoreboard of the new pod: state %v, problems %v", s.State(3), r.Problems)
	}
}

func TestNewPodWithoutUIDHasNoOwner(t *testing.T) {
	job := indexedJob("render")
	job.ObjectMeta.UID = ""
	got, err := controller.NewPod(job, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.ObjectMeta.OwnerReferences != nil {
		t.Errorf("owner references = %v, want none", got.ObjectMeta.OwnerReferences)
	}
}

func TestGenerateName(t *testing.T) {
	long := strings.Repeat("a", 63)
	tests := []struct {
		name  string
		job   string
		index int
		want  string
	}{
		{name: "short name", job: "pi", index: 0, want: "pi-0-"},
		{name: "exactly the limit is not cut", job: strings.Repeat("b", 55), index: 7, want: strings.Repeat("b", 55) + "-7-"},
		{name: "one over the limit cuts the job name", job: strings.Repeat("b", 56), index: 7, want: strings.Repeat("b", 55) + "-7-"},
		{name: "longest job name, short index", job: long, index: 7, want: long[:55] + "-7-"},
		{name: "longest job name, long index", job: long, index: 123456, want: long[:50] + "-123456-"},
		{name: "largest index", job: long, index: scoreboard.MaxIndex, want: long[:46] + "-2147483647-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := controller.GenerateName(tt.job, tt.index)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("GenerateName mismatch (-want +got):\n%s", diff)
			}
			if len(got) > controller.MaxGeneratedNameLength {
				t.Errorf("GenerateName is %d bytes long, want at most %d", len(got), controller.MaxGeneratedNameLength)
			}
		})
	}
}

func TestNewPodRejects(t *testing.T) {
	tests := []struct {
		name   string
		job    func() *jobapi.Job
		index  int
		fields []string
	}{
		{name: "nil Job", job: func() *jobapi.Job { return nil }, fields: []string{""}},
		{name: "no name", job: func() *jobapi.Job { j := indexedJob("x"); j.ObjectMeta.Name = ""; return j }, fields: []string{"metadata.name"}},
		{name: "not Indexed", job: func() *jobapi.Job {
			j := indexedJob("x")
			j.Spec.CompletionMode = ptr(jobapi.NonIndexedCompletion)
			return j
		}, fields: []string{"spec.completionMode"}},
		{name: "completion mode unset", job: func() *jobapi.Job { j := indexedJob("x"); j.Spec.CompletionMode = nil; return j }, fields: []string{"spec.completionMode"}},
		{name: "negative index", job: func() *jobapi.Job { return indexedJob("x") }, index: -1, fields: []string{"index"}},
		{name: "NonIndexed takes only -1", job: func() *jobapi.Job {
			j := indexedJob("x")
			j.Spec.CompletionMode = ptr(jobapi.NonIndexedCompletion)
			return j
		}, index: -2, fields: []string{"spec.completionMode", "index"}},
		{name: "index past completions", job: func() *jobapi.Job { return indexedJob("x") }, index: 5, fields: []string{"index"}},
		{name: "no selector", job: func() *jobapi.Job { j := indexedJob("x"); j.Spec.Selector = nil; return j }, fields: []string{"spec.selector"}},
		{name: "invalid selector", job: func() *jobapi.Job {
			j := indexedJob("x")
			j.Spec.Selector = &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "a", Operator: "Near"}}}
			return j
		}, fields: []string{"spec.selector"}},
		{name: "template labels do not match the selector", job: func() *jobapi.Job {
			j := indexedJob("x")
			j.Spec.Selector.MatchLabels = map[string]string{"app": "other"}
			return j
		}, fields: []string{"spec.template.metadata.labels"}},
		{name: "every error at once", job: func() *jobapi.Job {
			j := indexedJob("")
			j.Spec.CompletionMode = nil
			j.Spec.Selector = nil
			return j
		}, index: 9, fields: []string{"metadata.name", "spec.completionMode", "index", "spec.selector"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := controller.NewPod(tt.job(), tt.index, nil)
			if err == nil {
				t.Fatalf("NewPod succeeded: %+v", p)
			}
			var fields []string
			for _, e := range field.AsErrorList(err) {
				fields = append(fields, e.Field)
			}
			if diff := cmp.Diff(tt.fields, fields); diff != "" {
				t.Errorf("error fields mismatch (-want +got):\n%s\nerror: %v", diff, err)
			}
		})
	}
}

func TestAddCompletionIndexEnv(t *testing.T) {
	indexEnv := core.EnvVar{Name: jobapi.CompletionIndexEnvName, ValueFrom: &core.EnvVarSource{
		FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']"},
	}}
	own := core.EnvVar{Name: jobapi.CompletionIndexEnvName, Value: "7"}
	other := core.EnvVar{Name: "A", Value: "1"}
	tests := []struct {
		name string
		env  []core.EnvVar
		want []core.EnvVar
	}{
		{"added to a container without env", nil, []core.EnvVar{indexEnv}},
		{"added after the container's own variables", []core.EnvVar{other}, []core.EnvVar{other, indexEnv}},
		{"a variable of that name the user set is kept", []core.EnvVar{own}, []core.EnvVar{own}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := core.Container{Name: "c", Env: tt.env}
			controller.AddCompletionIndexEnv(&c)
			if diff := cmp.Diff(tt.want, c.Env); diff != "" {
				t.Errorf("env (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewPodNonIndexed(t *testing.T) {
	job := indexedJob("render")
	job.Spec.CompletionMode = ptr(jobapi.NonIndexedCompletion)
	got, err := controller.NewPod(job, -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := &core.Pod{
		TypeMeta: meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{
			GenerateName: "render-",
			Namespace:    "team",
			Labels:       map[string]string{"batch.kubernetes.io/controller-uid": "u-1", "batch.kubernetes.io/job-name": "render"},
			Annotations:  map[string]string{"note": "kept"},
			Finalizers:   []string{"example.com/keep", "batch.kubernetes.io/job-tracking"},
			OwnerReferences: []meta.OwnerReference{{
				APIVersion: "batch/v1", Kind: "Job", Name: "render", UID: "u-1", Controller: ptr(true), BlockOwnerDeletion: ptr(true),
			}},
		},
		Spec: core.PodSpec{
			RestartPolicy:  core.RestartPolicyNever,
			InitContainers: []core.Container{{Name: "init", Image: "busybox", Env: []core.EnvVar{{Name: "JOB_COMPLETION_INDEX", Value: "mine"}}}},
			Containers:     []core.Container{{Name: "work", Image: "busybox", Env: []core.EnvVar{{Name: "A", Value: "1"}}}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pod mismatch (-want +got):\n%s", diff)
	}
}

// TestNewPodCarriesIndexFailureCounts: with backoffLimitPerIndex, the pod
// holds its index's failure counts, carried on from the pod it replaces.
func TestNewPodCarriesIndexFailureCounts(t *testing.T) {
	failedPod := func(failures, ignored string) *core.Pod {
		p := &core.Pod{ObjectMeta: meta.ObjectMeta{Annotations: map[string]string{}}, Status: core.PodStatus{Phase: core.PodFailed}}
		if failures != "" {
			p.ObjectMeta.Annotations[controller.IndexFailureCountAnnotation] = failures
		}
		if ignored != "" {
			p.ObjectMeta.Annotations[controller.IndexIgnoredFailureCountAnnotation] = ignored
		}
		return p
	}
	tests := []struct {
		name     string
		replaced *core.Pod
		want     map[string]string
	}{
		{name: "a first pod has failed 0 times", want: map[string]string{controller.IndexFailureCountAnnotation: "0"}},
		{name: "a replacement counts the failure it replaces", replaced: failedPod("", ""),
			want: map[string]string{controller.IndexFailureCountAnnotation: "1"}},
		{name: "counts carry on, ignored ones too", replaced: failedPod("2", "3"),
			want: map[string]string{controller.IndexFailureCountAnnotation: "3", controller.IndexIgnoredFailureCountAnnotation: "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := indexedJob("render")
			job.Spec.BackoffLimitPerIndex = ptr(int32(4))
			got, err := controller.NewPod(job, 2, tt.replaced)
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]string{}
			for _, k := range []string{controller.IndexFailureCountAnnotation, controller.IndexIgnoredFailureCountAnnotation} {
				if v, ok := got.ObjectMeta.Annotations[k]; ok {
					counts[k] = v
				}
			}
			if diff := cmp.Diff(tt.want, counts); diff != "" {
				t.Errorf("failure counts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNewPodIsWhatSyncCreates: the pods Sync creates are NewPod's, but
// for the kind, which NewPod sets for manifests.
func TestNewPodIsWhatSyncCreates(t *testing.T) {
	indexed := indexedJob("render")
	indexed.Spec.Parallelism = ptr(int32(3))
	perIndex := indexedJob("render")
	perIndex.Spec.BackoffLimitPerIndex = ptr(int32(1))
	nonIndexed := indexedJob("render")
	nonIndexed.Spec.CompletionMode = ptr(jobapi.NonIndexedCompletion)
	tests := []struct {
		name string
		job  *jobapi.Job
	}{
		{"Indexed", indexed},
		{"Indexed with backoffLimitPerIndex", perIndex},
		{"NonIndexed", nonIndexed},
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := controller.Sync(tt.job, nil, now, controller.Backoff{})
			if len(d.Create) == 0 {
				t.Fatalf("Sync created no pod: %+v", d)
			}
			for _, created := range d.Create {
				index := -1
				if v, ok := created.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation]; ok {
					index, _ = strconv.Atoi(v)
				}
				want, err := controller.NewPod(tt.job, index, nil)
				if err != nil {
					t.Fatal(err)
				}
				want.TypeMeta = meta.TypeMeta{}
				if diff := cmp.Diff(want, created); diff != "" {
					t.Errorf("index %d: Sync's pod differs from NewPod's (-NewPod +Sync):\n%s", index, diff)
				}
			}
		})
	}
}
