package worklist_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func ptr[T any](v T) *T { return &v }

func indexEnv(name string) core.EnvVar {
	return core.EnvVar{Name: name, ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
		APIVersion: "v1",
		FieldPath:  "metadata.annotations['batch.kubernetes.io/job-completion-index']",
	}}}
}

func TestBuild(t *testing.T) {
	fruits := []worklist.Param{
		{Name: "FRUIT", Values: []string{"apple", "banana", "cherry"}},
		{Name: "COLOR", Values: []string{"green", "yellow", "red"}},
	}
	fruitScript, err := worklist.Script(worklist.DefaultIndexVar, fruits)
	require.NoError(t, err)
	binary := []worklist.Param{{Name: "RAW", Values: []string{"\xff\xfe"}}}
	binaryScript, err := worklist.Script("I", binary)
	require.NoError(t, err)
	paramsVolume := []core.Volume{{Name: "jobkit-params", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
		LocalObjectReference: core.LocalObjectReference{Name: "say-fruit-params"},
	}}}}
	mount := []core.VolumeMount{{Name: "jobkit-params", MountPath: "/etc/jobkit", ReadOnly: true}}
	job := func(name string, completions, parallelism int32, restart core.RestartPolicy, c core.Container, vols []core.Volume) *jobapi.Job {
		return &jobapi.Job{
			TypeMeta:   meta.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
			ObjectMeta: meta.ObjectMeta{Name: name},
			Spec: jobapi.JobSpec{
				CompletionMode: ptr(jobapi.IndexedCompletion),
				Completions:    ptr(completions),
				Parallelism:    ptr(parallelism),
				Template: core.PodTemplateSpec{Spec: core.PodSpec{
					RestartPolicy: restart,
					Containers:    []core.Container{c},
					Volumes:       vols,
				}},
			},
		}
	}
	tests := []struct {
		name    string
		spec    worklist.Spec
		wantJob *jobapi.Job
		wantCM  *worklist.ConfigMap
	}{
		{
			name: "work lists imply completions and run every item at once",
			spec: worklist.Spec{Name: "say-fruit", Image: "busybox", Command: []string{"sh", "-c", `echo "$COLOR $FRUIT"`}, Params: fruits},
			wantJob: job("say-fruit", 3, 3, core.RestartPolicyOnFailure, core.Container{
				Name: "say-fruit", Image: "busybox",
				Command:      []string{"/bin/sh", "/etc/jobkit/params.sh", "sh", "-c", `echo "$COLOR $FRUIT"`},
				Env:          []core.EnvVar{indexEnv("JOB_COMPLETION_INDEX")},
				VolumeMounts: mount,
			}, paramsVolume),
			wantCM: &worklist.ConfigMap{
				APIVersion: "v1", Kind: "ConfigMap", Metadata: worklist.ConfigMapMeta{Name: "say-fruit-params"},
				Immutable: ptr(true), Data: map[string]string{"params.sh": string(fruitScript)},
			},
		},
		{
			name: "matching completions, parallelism, Never and a namespace",
			spec: worklist.Spec{
				Name: "say-fruit", Namespace: "work", Image: "busybox", Command: []string{"true"}, Params: fruits,
				Completions: ptr[int32](3), Parallelism: ptr[int32](1), RestartPolicy: core.RestartPolicyNever,
			},
			wantJob: func() *jobapi.Job {
				j := job("say-fruit", 3, 1, core.RestartPolicyNever, core.Container{
					Name: "say-fruit", Image: "busybox",
					Command:      []string{"/bin/sh", "/etc/jobkit/params.sh", "true"},
					Env:          []core.EnvVar{indexEnv("JOB_COMPLETION_INDEX")},
					VolumeMounts: mount,
				}, paramsVolume)
				j.ObjectMeta.Namespace = "work"
				return j
			}(),
			wantCM: &worklist.ConfigMap{
				APIVersion: "v1", Kind: "ConfigMap", Metadata: worklist.ConfigMapMeta{Name: "say-fruit-params", Namespace: "work"},
				Immutable: ptr(true), Data: map[string]string{"params.sh": string(fruitScript)},
			},
		},
		{
			name: "no work lists: the index variable alone, the command unchanged, no ConfigMap",
			spec: worklist.Spec{Name: "say-number", Image: "busybox", Command: []string{"sh", "-c", `echo "My index is $I"`}, Completions: ptr[int32](3), IndexVar: "I"},
			wantJob: job("say-number", 3, 3, core.RestartPolicyOnFailure, core.Container{
				Name: "say-number", Image: "busybox",
				Command: []string{"sh", "-c", `echo "My index is $I"`},
				Env:     []core.EnvVar{indexEnv("I")},
			}, nil),
		},
		{
			name: "a script that is not UTF-8 goes to binaryData",
			spec: worklist.Spec{Name: "raw", Image: "busybox", Command: []string{"true"}, Params: binary, IndexVar: "I"},
			wantJob: job("raw", 1, 1, core.RestartPolicyOnFailure, core.Container{
				Name: "raw", Image: "busybox",
				Command:      []string{"/bin/sh", "/etc/jobkit/params.sh", "true"},
				Env:          []core.EnvVar{indexEnv("I")},
				VolumeMounts: mount,
			}, []core.Volume{{Name: "jobkit-params", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
				LocalObjectReference: core.LocalObjectReference{Name: "raw-params"},
			}}}}),
			wantCM: &worklist.ConfigMap{
				APIVersion: "v1", Kind: "ConfigMap", Metadata: worklist.ConfigMapMeta{Name: "raw-params"},
				Immutable: ptr(true), BinaryData: map[string][]byte{"params.sh": binaryScript},
			},
		},
		{
			name: "explicit zero parallelism is kept",
			spec: worklist.Spec{Name: "paused", Image: "busybox", Command: []string{"true"}, Completions: ptr[int32](2), Parallelism: ptr[int32](0)},
			wantJob: job("paused", 2, 0, core.RestartPolicyOnFailure, core.Container{
				Name: "paused", Image: "busybox", Command: []string{"true"},
				Env: []core.EnvVar{indexEnv("JOB_COMPLETION_INDEX")},
			}, nil),
		},
		{
			name: "default parallelism is capped for huge Indexed Jobs",
			spec: worklist.Spec{Name: "many", Image: "busybox", Command: []string{"true"}, Completions: ptr[int32](200000)},
			wantJob: job("many", 200000, worklist.MaxIndexedParallelism, core.RestartPolicyOnFailure, core.Container{
				Name: "many", Image: "busybox", Command: []string{"true"},
				Env: []core.EnvVar{indexEnv("JOB_COMPLETION_INDEX")},
			}, nil),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotJob, gotCM, err := worklist.Build(tt.spec)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.wantJob, gotJob); diff != "" {
				t.Errorf("Job (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantCM, gotCM); diff != "" {
				t.Errorf("ConfigMap (-want +got):\n%s", diff)
			}
			spec := gotJob.Spec.Template.Spec.DeepCopy()
			core.SetDefaultsPodSpec(spec)
			errs := core.ValidatePodSpec(spec, field.NewPath("spec", "template", "spec"), core.JobPodValidationOptions())
			if len(errs) != 0 {
				t.Errorf("the pod template is invalid: %v", errs.ToAggregate())
			}
		})
	}
}

func TestBuildDoesNotShareTheCommand(t *testing.T) {
	cmd := []string{"echo", "a"}
	job, _, err := worklist.Build(worklist.Spec{Name: "x", Image: "i", Command: cmd, Completions: ptr[int32](1)})
	require.NoError(t, err)
	cmd[0] = "changed"
	if got := job.Spec.Template.Spec.Containers[0].Command[0]; got != "echo" {
		t.Errorf("the Job's command changed with the caller's slice: %q", got)
	}
}

func TestBuildInvalid(t *testing.T) {
	abc := []string{"a", "b", "c"}
	ok := worklist.Spec{Name: "job", Image: "busybox", Command: []string{"true"}, Params: []worklist.Param{{Name: "F", Values: abc}}}
	with := func(change func(*worklist.Spec)) worklist.Spec {
		s := ok
		change(&s)
		return s
	}
	type tf struct {
		Type  field.ErrorType
		Field string
	}
	tests := []struct {
		name string
		spec worklist.Spec
		want []tf
	}{
		{name: "everything missing", spec: worklist.Spec{}, want: []tf{
			{field.ErrorTypeRequired, "name"}, {field.ErrorTypeRequired, "image"},
			{field.ErrorTypeRequired, "command"}, {field.ErrorTypeRequired, "completions"},
		}},
		{name: "name not a DNS label", spec: with(func(s *worklist.Spec) { s.Name = "Say_Fruit" }), want: []tf{{field.ErrorTypeInvalid, "name"}}},
		{name: "name too long", spec: with(func(s *worklist.Spec) { s.Name = strings.Repeat("a", 64) }), want: []tf{{field.ErrorTypeInvalid, "name"}}},
		{name: "name too long and of bad bytes: one error per problem, as Kubernetes", spec: with(func(s *worklist.Spec) { s.Name = string(make([]byte, 64)) }),
			want: []tf{{field.ErrorTypeInvalid, "name"}, {field.ErrorTypeInvalid, "name"}}},
		{name: "bad namespace", spec: with(func(s *worklist.Spec) { s.Namespace = "-x" }), want: []tf{{field.ErrorTypeInvalid, "namespace"}}},
		{name: "image with spaces", spec: with(func(s *worklist.Spec) { s.Image = " busybox" }), want: []tf{{field.ErrorTypeInvalid, "image"}}},
		{name: "NUL in the command", spec: with(func(s *worklist.Spec) { s.Command = []string{"true", "a\x00"} }), want: []tf{{field.ErrorTypeInvalid, "command[1]"}}},
		{name: "completions differ from the lists", spec: with(func(s *worklist.Spec) { s.Completions = ptr[int32](4) }), want: []tf{{field.ErrorTypeInvalid, "completions"}}},
		{name: "explicit zero completions differ from the lists", spec: with(func(s *worklist.Spec) { s.Completions = ptr[int32](0) }), want: []tf{{field.ErrorTypeInvalid, "completions"}}},
		{name: "negative completions", spec: with(func(s *worklist.Spec) { s.Completions = ptr[int32](-1) }), want: []tf{{field.ErrorTypeInvalid, "completions"}}},
		{name: "negative parallelism", spec: with(func(s *worklist.Spec) { s.Parallelism = ptr[int32](-1) }), want: []tf{{field.ErrorTypeInvalid, "parallelism"}}},
		{name: "parallelism over the Indexed limit", spec: with(func(s *worklist.Spec) { s.Parallelism = ptr[int32](100001) }), want: []tf{{field.ErrorTypeInvalid, "parallelism"}}},
		{name: "restart Always", spec: with(func(s *worklist.Spec) { s.RestartPolicy = core.RestartPolicyAlways }), want: []tf{{field.ErrorTypeNotSupported, "restart"}}},
		{name: "bad index variable", spec: with(func(s *worklist.Spec) { s.IndexVar = "MY-INDEX" }), want: []tf{{field.ErrorTypeInvalid, "completionIndexVarName"}}},
		{name: "param named as the index", spec: with(func(s *worklist.Spec) {
			s.Params = []worklist.Param{{Name: "JOB_COMPLETION_INDEX", Values: abc}}
		}), want: []tf{{field.ErrorTypeInvalid, "perCompletionEnv[0].name"}}},
		{name: "bad and duplicate names, uneven and empty lists, NUL", spec: with(func(s *worklist.Spec) {
			s.Params = []worklist.Param{
				{Name: "F", Values: abc},
				{Name: "F", Values: abc},
				{Name: "2X", Values: abc[:2]},
				{Name: "G"},
				{Name: "H", Values: []string{"a", "b\x00", "c"}},
			}
		}), want: []tf{
			{field.ErrorTypeDuplicate, "perCompletionEnv[1].name"},
			{field.ErrorTypeInvalid, "perCompletionEnv[2].name"},
			{field.ErrorTypeInvalid, "perCompletionEnv[2].values"},
			{field.ErrorTypeRequired, "perCompletionEnv[3].values"},
			{field.ErrorTypeInvalid, "perCompletionEnv[4].values[1]"},
		}},
		{name: "script too large for a ConfigMap", spec: with(func(s *worklist.Spec) {
			s.Params = []worklist.Param{{Name: "F", Values: []string{strings.Repeat("x", worklist.MaxScriptSize)}}}
		}), want: []tf{{field.ErrorTypeInvalid, "perCompletionEnv"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, cm, err := worklist.Build(tt.spec)
			if job != nil || cm != nil {
				t.Errorf("Build returned objects with its error")
			}
			var got []tf
			for _, e := range field.AsErrorList(err) {
				got = append(got, tf{e.Type, e.Field})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s\n%v", diff, err)
			}
		})
	}
}
