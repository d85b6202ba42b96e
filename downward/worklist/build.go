package worklist

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Where the script lives in the pod: the ConfigMap's only key, in a volume
// mounted read-only at MountDir, so the container runs
// `/bin/sh /etc/jobkit/params.sh COMMAND ARG...`. The directory is jobkit's
// own, so the mount hides nothing of the image.
const (
	ScriptKey  = "params.sh"
	MountDir   = "/etc/jobkit"
	ScriptPath = MountDir + "/" + ScriptKey
	VolumeName = "jobkit-params"
	// ConfigMapSuffix makes the ConfigMap's name from the Job's:
	// `<name>-params`.
	ConfigMapSuffix = "-params"
)

// MaxIndexedParallelism is the largest parallelism the API server accepts
// for an Indexed Job.
const MaxIndexedParallelism = 100000

// Spec describes the Job to build: what `jobkit run` takes as flags.
type Spec struct {
	// Name names the Job and its container; the ConfigMap is Name +
	// ConfigMapSuffix. It must be a DNS-1123 label (at most 63 bytes of
	// lower-case letters, digits and '-').
	Name string
	// Namespace, when set, is the namespace of both objects.
	Namespace string
	// Image is the container image.
	Image string
	// Command is the command and its arguments, run as they are.
	Command []string
	// Params are the per-completion variables; their common length is the
	// number of completions.
	Params []Param
	// Completions, when set, must equal the length of the lists; it is
	// required when there are no Params.
	Completions *int32
	// Parallelism, when set, is how many pods run at once; by default as
	// many as completions (at most MaxIndexedParallelism), so every item
	// runs in parallel.
	Parallelism *int32
	// IndexVar is the env var that holds the completion index; by default
	// DefaultIndexVar.
	IndexVar string
	// RestartPolicy is OnFailure (the default) or Never.
	RestartPolicy core.RestartPolicy
}

// ConfigMap is the ConfigMap that holds the script, in its v1 wire form:
// sigs.k8s.io/yaml or encoding/json write it as the API server expects it.
type ConfigMap struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   ConfigMapMeta     `json:"metadata"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string][]byte `json:"binaryData,omitempty"`
}

// ConfigMapMeta is the metadata of a ConfigMap.
type ConfigMapMeta struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// Build returns the Indexed Job that runs spec.Command once per completion
// index, and, when there are Params, the ConfigMap holding the script that
// sets them (nil otherwise).
//
// The Job has completionMode Indexed, completions and parallelism as
// described on Spec, and a pod template with restartPolicy OnFailure (or
// Never) and one container. The container gets the env var IndexVar from
// the fieldRef `metadata.annotations['batch.kubernetes.io/job-completion-index']`.
// With Params, it mounts the ConfigMap read-only at MountDir and its command
// becomes `/bin/sh ScriptPath COMMAND ARG...`; without, the command is run
// as it is. The ConfigMap is immutable, so the lists cannot change under a
// running Job; it holds the script under `data` when the script is UTF-8
// and under `binaryData` otherwise, so that no byte of a value is lost.
//
// Everything wrong with spec is reported at once, as a field.ErrorList
// aggregate whose paths name Spec's fields as the flags spell them:
// `name`, `image`, `command`, `completions`, `parallelism`,
// `completionIndexVarName`, `perCompletionEnv[i]`, `restart`.
func Build(spec Spec) (*jobapi.Job, *ConfigMap, error) {
	n, errs := validateSpec(&spec)
	if len(errs) != 0 {
		return nil, nil, errs.ToAggregate()
	}
	indexVar := spec.IndexVar
	if indexVar == "" {
		indexVar = DefaultIndexVar
	}
	var script []byte
	if len(spec.Params) > 0 {
		var err error
		if script, err = Script(indexVar, spec.Params); err != nil {
			return nil, nil, field.ErrorList{field.Invalid(field.NewPath("perCompletionEnv"), "", err.Error())}.ToAggregate()
		}
	}
	parallelism := min(n, MaxIndexedParallelism)
	if spec.Parallelism != nil {
		parallelism = *spec.Parallelism
	}
	restart := spec.RestartPolicy
	if restart == "" {
		restart = core.RestartPolicyOnFailure
	}
	indexPath, err := fieldpath.Annotation(jobapi.CompletionIndexAnnotation)
	if err != nil {
		return nil, nil, err
	}
	container := core.Container{
		Name:    spec.Name,
		Image:   spec.Image,
		Command: append([]string(nil), spec.Command...),
		Env: []core.EnvVar{{
			Name: indexVar,
			ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
				APIVersion: "v1",
				FieldPath:  indexPath.String(),
			}},
		}},
	}
	podSpec := core.PodSpec{RestartPolicy: restart}
	var cm *ConfigMap
	if script != nil {
		container.Command = append([]string{"/bin/sh", ScriptPath}, spec.Command...)
		container.VolumeMounts = []core.VolumeMount{{Name: VolumeName, MountPath: MountDir, ReadOnly: true}}
		cmName := spec.Name + ConfigMapSuffix
		podSpec.Volumes = []core.Volume{{
			Name: VolumeName,
			VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
				LocalObjectReference: core.LocalObjectReference{Name: cmName},
			}},
		}}
		immutable := true
		cm = &ConfigMap{
			APIVersion: "v1",
			Kind:       "ConfigMap",
			Metadata:   ConfigMapMeta{Name: cmName, Namespace: spec.Namespace},
			Immutable:  &immutable,
		}
		if utf8.Valid(script) {
			cm.Data = map[string]string{ScriptKey: string(script)}
		} else {
			cm.BinaryData = map[string][]byte{ScriptKey: script}
		}
	}
	podSpec.Containers = []core.Container{container}
	mode := jobapi.IndexedCompletion
	job := &jobapi.Job{
		TypeMeta:   meta.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta.ObjectMeta{Name: spec.Name, Namespace: spec.Namespace},
		Spec: jobapi.JobSpec{
			CompletionMode: &mode,
			Completions:    &n,
			Parallelism:    &parallelism,
			Template:       core.PodTemplateSpec{Spec: podSpec},
		},
	}
	return job, cm, nil
}

// validateSpec checks spec and returns the number of completions.
func validateSpec(spec *Spec) (int32, field.ErrorList) {
	var errs field.ErrorList
	if spec.Name == "" {
		errs = append(errs, field.Required(field.NewPath("name"), "the Job must have a name"))
	} else {
		errs = append(errs, validation.ValidateDNSLabel(spec.Name, field.NewPath("name"))...)
	}
	if spec.Namespace != "" {
		errs = append(errs, validation.ValidateDNSLabel(spec.Namespace, field.NewPath("namespace"))...)
	}
	if spec.Image == "" {
		errs = append(errs, field.Required(field.NewPath("image"), ""))
	} else if strings.TrimSpace(spec.Image) != spec.Image {
		errs = append(errs, field.Invalid(field.NewPath("image"), spec.Image, "must not have leading or trailing whitespace"))
	}
	if len(spec.Command) == 0 {
		errs = append(errs, field.Required(field.NewPath("command"), "give the command to run after --"))
	}
	for i, arg := range spec.Command {
		if strings.IndexByte(arg, 0) >= 0 {
			errs = append(errs, field.Invalid(field.NewPath("command").Index(i), arg, "must not contain NUL bytes"))
		}
	}
	if spec.IndexVar != "" {
		if err := CheckName(spec.IndexVar); err != nil {
			errs = append(errs, field.Invalid(field.NewPath("completionIndexVarName"), spec.IndexVar, err.Error()))
		}
	}
	indexVar := spec.IndexVar
	if indexVar == "" {
		indexVar = DefaultIndexVar
	}
	n := -1
	seen := map[string]bool{}
	for i, p := range spec.Params {
		at := field.NewPath("perCompletionEnv").Index(i)
		if err := CheckName(p.Name); err != nil {
			errs = append(errs, field.Invalid(at.Child("name"), p.Name, err.Error()))
		} else if p.Name == indexVar {
			errs = append(errs, field.Invalid(at.Child("name"), p.Name, "must not be the completion index variable"))
		} else if seen[p.Name] {
			errs = append(errs, field.Duplicate(at.Child("name"), p.Name))
		}
		seen[p.Name] = true
		switch {
		case len(p.Values) == 0:
			errs = append(errs, field.Required(at.Child("values"), "the list must hold at least one value"))
		case n < 0:
			n = len(p.Values)
		case len(p.Values) != n:
			errs = append(errs, field.Invalid(at.Child("values"), len(p.Values),
				fmt.Sprintf("must hold %d values, as many as %s's list", n, spec.Params[0].Name)))
		}
		for j, v := range p.Values {
			if strings.IndexByte(v, 0) >= 0 {
				errs = append(errs, field.Invalid(at.Child("values").Index(j), v, "must not contain NUL bytes: no environment variable can hold one"))
			}
		}
	}
	completions := field.NewPath("completions")
	switch c := spec.Completions; {
	case c == nil && n < 0:
		errs = append(errs, field.Required(completions, "give the number of completions or at least one per-completion list"))
	case c == nil:
	case *c < 0:
		errs = append(errs, field.Invalid(completions, *c, "must be greater than or equal to 0"))
	case n >= 0 && int(*c) != n:
		errs = append(errs, field.Invalid(completions, *c,
			fmt.Sprintf("must be %d, the length of the per-completion lists, or be left out", n)))
	case n < 0:
		n = int(*c)
	}
	if n > math.MaxInt32 {
		errs = append(errs, field.Invalid(completions, n, "must be at most 2147483647"))
	}
	if p := spec.Parallelism; p != nil {
		switch {
		case *p < 0:
			errs = append(errs, field.Invalid(field.NewPath("parallelism"), *p, "must be greater than or equal to 0"))
		case *p > MaxIndexedParallelism:
			errs = append(errs, field.Invalid(field.NewPath("parallelism"), *p,
				fmt.Sprintf("must be less than or equal to %d when completion mode is Indexed", MaxIndexedParallelism)))
		}
	}
	switch spec.RestartPolicy {
	case "", core.RestartPolicyOnFailure, core.RestartPolicyNever:
	default:
		errs = append(errs, field.NotSupported(field.NewPath("restart"), spec.RestartPolicy,
			[]core.RestartPolicy{core.RestartPolicyOnFailure, core.RestartPolicyNever}))
	}
	return int32(min(max(n, 0), math.MaxInt32)), errs
}
