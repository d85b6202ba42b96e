package kubelet

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// EnvVar is one variable of a container's environment.
type EnvVar struct {
	Name, Value string
}

// File is one file of a volume, at a slash-separated path relative to
// the volume's root.
type File struct {
	Path string
	Data []byte
	Mode fs.FileMode
}

// Mount is one volumeMount of a container and what its volume holds.
type Mount struct {
	// MountPath is where the volume is in the container: absolute,
	// cleaned (no trailing '/').
	MountPath string
	// Volume names the pod's volume; containers that mount the same
	// volume share it.
	Volume string
	// SubPath is the directory of the volume mounted, "" for its root.
	SubPath string
	// Files are the files the kubelet writes into the volume before the
	// container starts; none for an emptyDir.
	Files []File
}

// Plan is how one container of a pod runs, in the container's terms: the
// paths in Argv, Env and WorkingDir are paths inside the container.
type Plan struct {
	// Argv is the command then the args, each with `$(VAR)` expanded over
	// Env. Without a command it holds the args alone, to follow the
	// image's entrypoint, which only a container runtime knows.
	Argv []string
	// Env is the container's `env`, resolved, in the kubelet's order: the
	// order of the spec, a later entry of the same name replacing the
	// earlier one at the end.
	Env []EnvVar
	// WorkingDir is the container's workingDir ("": the image's).
	WorkingDir string
	// Mounts are the container's volumeMounts, in the order of the spec.
	Mounts []Mount
	// Hostname is the pod's spec.hostname; the kubelet gives the pod's
	// name when it is "".
	Hostname string
}

// PodPlan is the plan of every container of a pod, in the order of the
// spec.
type PodPlan struct {
	InitContainers []*Plan
	Containers     []*Plan
}

// defaultFileMode is the mode of volume files when the volume says none,
// as in Kubernetes (0644).
const defaultFileMode = 0o644

// PlanPod computes how every container of pod runs (see [Plan]): env vars
// resolved as the kubelet does (literal values with `$(VAR)` expansion
// over the variables defined before them, fieldRefs through the downward
// API, so pod must be as the kubelet sees it: named, bound to its node),
// the command and args expanded over the whole environment, and the files
// of every volume a container mounts (configMap volumes and projections
// from configMaps, keyed by name and in pod's namespace; downwardAPI
// volumes and projections from pod; emptyDir volumes empty). It returns
// every reason the pod cannot be run this way, with field paths from the
// pod's root.
func PlanPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap) (*PodPlan, field.ErrorList) {
	return planPod(pod, configMaps, field.NewPath("spec"))
}

// planPod is PlanPod with the field path of the pod spec given: RunJob
// names the field of the Job's template.
func planPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap, specPath *field.Path) (*PodPlan, field.ErrorList) {
	if len(pod.Spec.Containers) == 0 {
		return nil, field.ErrorList{field.Required(specPath.Child("containers"), "must have a container to run")}
	}
	plans := &PodPlan{}
	var errs field.ErrorList
	for i := range pod.Spec.InitContainers {
		p, cerrs := planContainer(pod, &pod.Spec.InitContainers[i], specPath, specPath.Child("initContainers").Index(i), configMaps)
		errs = append(errs, cerrs...)
		plans.InitContainers = append(plans.InitContainers, p)
	}
	for i := range pod.Spec.Containers {
		p, cerrs := planContainer(pod, &pod.Spec.Containers[i], specPath, specPath.Child("containers").Index(i), configMaps)
		errs = append(errs, cerrs...)
		plans.Containers = append(plans.Containers, p)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return plans, nil
}

// planContainer plans container c of pod, at cPath; specPath is the pod
// spec's path, for the volumes.
func planContainer(pod *core.Pod, c *core.Container, specPath, cPath *field.Path, configMaps map[string]*worklist.ConfigMap) (*Plan, field.ErrorList) {
	var errs field.ErrorList
	if len(c.EnvFrom) > 0 {
		errs = append(errs, field.Forbidden(cPath.Child("envFrom"), "may not be used with simulate, which resolves `env` only"))
	}

	plan := &Plan{Hostname: pod.Spec.Hostname}
	defined := make(map[string]string, len(c.Env))
	for i, e := range c.Env {
		ePath := cPath.Child("env").Index(i)
		var value string
		switch {
		case e.ValueFrom == nil:
			value = Expand(e.Value, defined)
		case e.ValueFrom.FieldRef != nil:
			v, err := resolveFieldRef(pod, e.ValueFrom.FieldRef.FieldPath)
			if err != nil {
				errs = append(errs, field.Invalid(ePath.Child("valueFrom", "fieldRef", "fieldPath"), e.ValueFrom.FieldRef.FieldPath, err.Error()))
				continue
			}
			value = v
		default:
			errs = append(errs, field.NotSupported(ePath.Child("valueFrom"), strings.Join(e.ValueFrom.Sources(), ","), []string{"fieldRef"}))
			continue
		}
		if _, ok := defined[e.Name]; ok {
			// A later entry replaces an earlier one, as in the kubelet.
			plan.Env = slices.DeleteFunc(plan.Env, func(v EnvVar) bool { return v.Name == e.Name })
		}
		defined[e.Name] = value
		plan.Env = append(plan.Env, EnvVar{e.Name, value})
	}
	plan.Argv = make([]string, 0, len(c.Command)+len(c.Args))
	for _, s := range c.Command {
		plan.Argv = append(plan.Argv, Expand(s, defined))
	}
	for _, s := range c.Args {
		plan.Argv = append(plan.Argv, Expand(s, defined))
	}
	plan.WorkingDir = c.WorkingDir

	filesOf := map[int][]File{} // a volume mounted twice is read once
	for i, m := range c.VolumeMounts {
		mPath := cPath.Child("volumeMounts").Index(i)
		vi := slices.IndexFunc(pod.Spec.Volumes, func(v core.Volume) bool { return v.Name == m.Name })
		if vi < 0 {
			errs = append(errs, field.NotFound(mPath.Child("name"), m.Name))
			continue
		}
		switch {
		case !path.IsAbs(m.MountPath):
			errs = append(errs, field.Invalid(mPath.Child("mountPath"), m.MountPath, "must be an absolute path"))
			continue
		case path.Clean(m.MountPath) == "/":
			errs = append(errs, field.Invalid(mPath.Child("mountPath"), m.MountPath, "must not be '/' to simulate: every path of the command would be rewritten"))
			continue
		case m.SubPath != "" && !isLocalPath(m.SubPath):
			errs = append(errs, field.Invalid(mPath.Child("subPath"), m.SubPath, "must be a relative path without '..'"))
			continue
		}
		files, ok := filesOf[vi]
		if !ok {
			var verrs field.ErrorList
			files, verrs = volumeFiles(pod, &pod.Spec.Volumes[vi], specPath.Child("volumes").Index(vi), configMaps)
			errs = append(errs, verrs...)
			filesOf[vi] = files
		}
		plan.Mounts = append(plan.Mounts, Mount{MountPath: path.Clean(m.MountPath), Volume: m.Name, SubPath: m.SubPath, Files: files})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return plan, nil
}

// resolveFieldRef returns the value of a downward API fieldPath in pod.
func resolveFieldRef(pod *core.Pod, fieldPath string) (string, error) {
	p, err := fieldpath.Parse(fieldPath)
	if err != nil {
		return "", err
	}
	return downward.Resolve(p, pod)
}

// isLocalPath reports whether p names a file inside the directory it is
// joined to: non-empty and a local descending path, as Kubernetes'
// validation has it ([validation.IsLocalDescendingPath]).
func isLocalPath(p string) bool { return p != "" && validation.IsLocalDescendingPath(p) }

// volumeFiles returns the files of volume v as the kubelet would write
// them.
func volumeFiles(pod *core.Pod, v *core.Volume, vPath *field.Path, configMaps map[string]*worklist.ConfigMap) ([]File, field.ErrorList) {
	switch {
	case v.DownwardAPI != nil:
		return downwardFiles(pod, v.DownwardAPI.Items, v.DownwardAPI.DefaultMode, vPath.Child("downwardAPI"))
	case v.ConfigMap != nil:
		src := v.ConfigMap
		return configMapFiles(src.Name, src.Items, src.Optional, src.DefaultMode, vPath.Child("configMap"), configMaps)
	case v.Projected != nil:
		return projectedFiles(pod, v.Projected, vPath.Child("projected"), configMaps)
	case v.EmptyDir != nil:
		return nil, nil
	}
	return nil, field.ErrorList{field.NotSupported(vPath, strings.Join(v.Sources(), ","), []string{"configMap", "downwardAPI", "emptyDir", "projected"})}
}

// projectedFiles returns the files of a projected volume: those of each
// source in turn, as the kubelet writes them into one directory.
func projectedFiles(pod *core.Pod, src *core.ProjectedVolumeSource, sPath *field.Path, configMaps map[string]*worklist.ConfigMap) ([]File, field.ErrorList) {
	var files []File
	var errs field.ErrorList
	for i, p := range src.Sources {
		pPath := sPath.Child("sources").Index(i)
		var f []File
		var ferrs field.ErrorList
		switch {
		case p.ConfigMap != nil:
			f, ferrs = configMapFiles(p.ConfigMap.Name, p.ConfigMap.Items, p.ConfigMap.Optional, src.DefaultMode, pPath.Child("configMap"), configMaps)
		case p.DownwardAPI != nil:
			f, ferrs = downwardFiles(pod, p.DownwardAPI.Items, src.DefaultMode, pPath.Child("downwardAPI"))
		default:
			var kinds []string
			for _, k := range []struct {
				set  bool
				name string
			}{{p.Secret != nil, "secret"}, {p.ServiceAccountToken != nil, "serviceAccountToken"}, {p.ClusterTrustBundle != nil, "clusterTrustBundle"}, {p.PodCertificate != nil, "podCertificate"}} {
				if k.set {
					kinds = append(kinds, k.name)
				}
			}
			ferrs = field.ErrorList{field.NotSupported(pPath, strings.Join(kinds, ","), []string{"configMap", "downwardAPI"})}
		}
		files = append(files, f...)
		errs = append(errs, ferrs...)
	}
	return files, errs
}

// fileMode returns the mode of a volume file: its own, else the volume's
// default, else 0644.
func fileMode(own, def *int32) fs.FileMode {
	switch {
	case own != nil:
		return fs.FileMode(*own) & fs.ModePerm
	case def != nil:
		return fs.FileMode(*def) & fs.ModePerm
	}
	return defaultFileMode
}

func downwardFiles(pod *core.Pod, items []core.DownwardAPIVolumeFile, defaultMode *int32, sPath *field.Path) ([]File, field.ErrorList) {
	var files []File
	var errs field.ErrorList
	for i, it := range items {
		iPath := sPath.Child("items").Index(i)
		if !isLocalPath(it.Path) {
			errs = append(errs, field.Invalid(iPath.Child("path"), it.Path, "must be a relative path without '..'"))
			continue
		}
		if it.FieldRef == nil {
			var source string
			if it.ResourceFieldRef != nil {
				source = "resourceFieldRef"
			}
			errs = append(errs, field.NotSupported(iPath, source, []string{"fieldRef"}))
			continue
		}
		v, err := resolveFieldRef(pod, it.FieldRef.FieldPath)
		if err != nil {
			errs = append(errs, field.Invalid(iPath.Child("fieldRef", "fieldPath"), it.FieldRef.FieldPath, err.Error()))
			continue
		}
		files = append(files, File{Path: it.Path, Data: []byte(v), Mode: fileMode(it.Mode, defaultMode)})
	}
	return files, errs
}

// configMapFiles returns the files of the ConfigMap called name (every
// key, or the items), as a configMap volume or projection writes them.
func configMapFiles(name string, items []core.KeyToPath, optional *bool, defaultMode *int32, sPath *field.Path, configMaps map[string]*worklist.ConfigMap) ([]File, field.ErrorList) {
	isOptional := optional != nil && *optional
	cm, ok := configMaps[name]
	if !ok {
		if isOptional {
			return nil, nil
		}
		return nil, field.ErrorList{withDetail(field.NotFound(sPath.Child("name"), name),
			"the input must hold this ConfigMap, in the same stream as the Job (`jobkit run` prints both)")}
	}
	keys := make(map[string][]byte, len(cm.Data)+len(cm.BinaryData))
	for k, v := range cm.Data {
		keys[k] = []byte(v)
	}
	for k, v := range cm.BinaryData {
		keys[k] = v
	}
	var files []File
	var errs field.ErrorList
	if len(items) == 0 {
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if !validation.IsConfigMapKey(k) {
				errs = append(errs, field.Invalid(sPath.Child("name"), name,
					fmt.Sprintf("the ConfigMap's key %q: %s", k, strings.Join(validation.ConfigMapKeyProblems(k), "; "))))
				continue
			}
			files = append(files, File{Path: k, Data: keys[k], Mode: fileMode(nil, defaultMode)})
		}
		return files, errs
	}
	for i, it := range items {
		iPath := sPath.Child("items").Index(i)
		data, ok := keys[it.Key]
		if !ok {
			if isOptional {
				continue
			}
			errs = append(errs, withDetail(field.NotFound(iPath.Child("key"), it.Key), "ConfigMap '"+name+"' has no such key"))
			continue
		}
		if !isLocalPath(it.Path) {
			errs = append(errs, field.Invalid(iPath.Child("path"), it.Path, "must be a relative path without '..'"))
			continue
		}
		files = append(files, File{Path: it.Path, Data: data, Mode: fileMode(it.Mode, defaultMode)})
	}
	return files, errs
}

// withDetail adds detail to the detail of e, for error types whose
// constructor takes none or a fixed one.
func withDetail(e *field.Error, detail string) *field.Error {
	if e.Detail != "" {
		detail = e.Detail + "; " + detail
	}
	e.Detail = detail
	return e
}

// Expand expands references in s as the kubelet expands env values,
// command and args: `$(NAME)` becomes the value of NAME when vars defines
// it and stays as written otherwise, `$$` becomes `$` (so `$$(NAME)` is
// the literal `$(NAME)`), and any other `$` stays as written, as does an
// unclosed `$(`. Expansion is not recursive: a value is inserted as it is.
func Expand(s string, vars map[string]string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch next := s[i+1]; next {
		case '$':
			b.WriteByte('$')
			i++
		case '(':
			end := strings.IndexByte(s[i+2:], ')')
			if end < 0 {
				b.WriteString("$(")
				i++
				continue
			}
			name := s[i+2 : i+2+end]
			if v, ok := vars[name]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(s[i : i+3+end])
			}
			i += 2 + end
		default:
			b.WriteByte('$')
			b.WriteByte(next)
			i++
		}
	}
	return b.String()
}
