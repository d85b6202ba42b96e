package main

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// This file turns a pod into what runs on this machine: the process (its
// command line and environment, as the kubelet computes them) and the
// files of the volumes it mounts. Nothing here starts a process.

// envVar is one variable of a process environment.
type envVar struct {
	name, value string
}

// volumeFile is one file of a materialised volume, at a local path inside
// the volume's directory.
type volumeFile struct {
	path string
	data []byte
	mode fs.FileMode
}

// mountPlan is one volumeMount of the container and what its volume holds.
type mountPlan struct {
	mountPath string // cleaned, absolute, in the container
	volume    string
	subPath   string
	files     []volumeFile // empty for an emptyDir
}

// podPlan is how one container of a pod runs here. Its strings are in
// container terms: mount paths are rewritten only once the volumes have
// directories (rewriteMountPaths).
type podPlan struct {
	argv     []string
	env      []envVar
	workDir  string
	mounts   []mountPlan
	hostname string
}

// templateSpecPath is the field path of the pod spec in the Job: errors
// name the field the user wrote.
var templateSpecPath = field.NewPath("spec", "template", "spec")

// configMapKeyPattern is a valid ConfigMap key, as the API server checks
// it; "." and ".." are refused separately.
var configMapKeyPattern = regexp.MustCompile(`^[-._a-zA-Z0-9]+$`)

// defaultFileMode is the mode of volume files when the volume says none,
// as in Kubernetes (0644).
const defaultFileMode = 0o644

// containerPlans are the plans of every container of a pod.
type containerPlans struct {
	inits []*podPlan
	mains []*podPlan
}

// planContainers plans every init container and container of pod (see
// planContainer), and returns every reason the pod cannot run here.
func planContainers(pod *core.Pod, configMaps map[string]*worklist.ConfigMap) (containerPlans, field.ErrorList) {
	var plans containerPlans
	var errs field.ErrorList
	if len(pod.Spec.Containers) == 0 {
		return plans, field.ErrorList{field.Required(templateSpecPath.Child("containers"), "must have a container to run")}
	}
	for i := range pod.Spec.InitContainers {
		p, cerrs := planContainer(pod, &pod.Spec.InitContainers[i], templateSpecPath.Child("initContainers").Index(i), configMaps)
		errs = append(errs, cerrs...)
		plans.inits = append(plans.inits, p)
	}
	for i := range pod.Spec.Containers {
		p, cerrs := planContainer(pod, &pod.Spec.Containers[i], templateSpecPath.Child("containers").Index(i), configMaps)
		errs = append(errs, cerrs...)
		plans.mains = append(plans.mains, p)
	}
	return plans, errs
}

// planContainer computes how container c of pod (at cPath in the Job)
// runs: env vars resolved as the kubelet does (literal values with $(VAR)
// expansion over the variables defined before them, fieldRefs through the
// downward API), the command and args expanded over the whole
// environment, and the files of every volume the container mounts
// (configMap volumes from configMaps, keyed by name; downwardAPI volumes
// from the pod; emptyDir volumes empty, shared by the pod's containers).
// It returns every reason the container cannot run here.
func planContainer(pod *core.Pod, c *core.Container, cPath *field.Path, configMaps map[string]*worklist.ConfigMap) (*podPlan, field.ErrorList) {
	var errs field.ErrorList
	if len(c.Command) == 0 {
		errs = append(errs, field.Required(cPath.Child("command"),
			"must be set to simulate: the image's entrypoint is only known to a container runtime"))
	}
	if len(c.EnvFrom) > 0 {
		errs = append(errs, field.Forbidden(cPath.Child("envFrom"), "may not be used with simulate, which resolves `env` only"))
	}

	plan := &podPlan{hostname: pod.Spec.Hostname}
	defined := map[string]string{}
	for i, e := range c.Env {
		ePath := cPath.Child("env").Index(i)
		var value string
		switch {
		case e.ValueFrom == nil:
			value = expandVars(e.Value, defined)
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
			plan.env = slices.DeleteFunc(plan.env, func(v envVar) bool { return v.name == e.Name })
		}
		defined[e.Name] = value
		plan.env = append(plan.env, envVar{e.Name, value})
	}
	for _, s := range c.Command {
		plan.argv = append(plan.argv, expandVars(s, defined))
	}
	for _, s := range c.Args {
		plan.argv = append(plan.argv, expandVars(s, defined))
	}
	plan.workDir = c.WorkingDir

	volumes := map[string]int{}
	for i, v := range pod.Spec.Volumes {
		volumes[v.Name] = i
	}
	filesOf := map[int][]volumeFile{} // a volume mounted twice is read once
	for i, m := range c.VolumeMounts {
		mPath := cPath.Child("volumeMounts").Index(i)
		vi, ok := volumes[m.Name]
		if !ok {
			errs = append(errs, field.NotFound(mPath.Child("name"), m.Name))
			continue
		}
		mp := mountPlan{volume: m.Name, subPath: m.SubPath}
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
		mp.mountPath = path.Clean(m.MountPath)
		files, ok := filesOf[vi]
		if !ok {
			var verrs field.ErrorList
			files, verrs = volumeFiles(pod, &pod.Spec.Volumes[vi], templateSpecPath.Child("volumes").Index(vi), configMaps)
			errs = append(errs, verrs...)
			filesOf[vi] = files
		}
		mp.files = files
		plan.mounts = append(plan.mounts, mp)
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

// isLocalPath reports whether p is a relative path that stays inside the
// directory it is joined to: not absolute, no '..' element.
func isLocalPath(p string) bool {
	if p == "" || path.IsAbs(p) {
		return false
	}
	return !slices.Contains(strings.Split(p, "/"), "..")
}

// volumeFiles returns the files of volume v as the kubelet would write
// them.
func volumeFiles(pod *core.Pod, v *core.Volume, vPath *field.Path, configMaps map[string]*worklist.ConfigMap) ([]volumeFile, field.ErrorList) {
	switch {
	case v.DownwardAPI != nil:
		return downwardFiles(pod, v.DownwardAPI, vPath.Child("downwardAPI"))
	case v.ConfigMap != nil:
		return configMapFiles(v.ConfigMap, vPath.Child("configMap"), configMaps)
	}
	if v.EmptyDir != nil {
		return nil, nil
	}
	return nil, field.ErrorList{field.NotSupported(vPath, strings.Join(v.Sources(), ","), []string{"configMap", "downwardAPI", "emptyDir"})}
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

func downwardFiles(pod *core.Pod, src *core.DownwardAPIVolumeSource, sPath *field.Path) ([]volumeFile, field.ErrorList) {
	var files []volumeFile
	var errs field.ErrorList
	for i, it := range src.Items {
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
		files = append(files, volumeFile{path: it.Path, data: []byte(v), mode: fileMode(it.Mode, src.DefaultMode)})
	}
	return files, errs
}

func configMapFiles(src *core.ConfigMapVolumeSource, sPath *field.Path, configMaps map[string]*worklist.ConfigMap) ([]volumeFile, field.ErrorList) {
	cm, ok := configMaps[src.Name]
	if !ok {
		if src.Optional != nil && *src.Optional {
			return nil, nil
		}
		return nil, field.ErrorList{withDetail(field.NotFound(sPath.Child("name"), src.Name),
			"the input must hold this ConfigMap, in the same stream as the Job (`jobkit run` prints both)")}
	}
	keys := map[string][]byte{}
	for k, v := range cm.Data {
		keys[k] = []byte(v)
	}
	for k, v := range cm.BinaryData {
		keys[k] = v
	}
	var files []volumeFile
	var errs field.ErrorList
	if len(src.Items) == 0 {
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if !configMapKeyPattern.MatchString(k) || k == "." || k == ".." {
				errs = append(errs, field.Invalid(sPath.Child("name"), src.Name,
					fmt.Sprintf("the ConfigMap's key %q must consist of alphanumeric characters, '-', '_' or '.', and must not be '.' or '..'", k)))
				continue
			}
			files = append(files, volumeFile{path: k, data: keys[k], mode: fileMode(nil, src.DefaultMode)})
		}
		return files, errs
	}
	for i, it := range src.Items {
		iPath := sPath.Child("items").Index(i)
		data, ok := keys[it.Key]
		if !ok {
			if src.Optional != nil && *src.Optional {
				continue
			}
			errs = append(errs, withDetail(field.NotFound(iPath.Child("key"), it.Key), "ConfigMap '"+src.Name+"' has no such key"))
			continue
		}
		if !isLocalPath(it.Path) {
			errs = append(errs, field.Invalid(iPath.Child("path"), it.Path, "must be a relative path without '..'"))
			continue
		}
		files = append(files, volumeFile{path: it.Path, data: data, mode: fileMode(it.Mode, src.DefaultMode)})
	}
	return files, errs
}

// expandVars expands references in s as the kubelet expands env values,
// command and args: `$(NAME)` becomes the value of NAME when vars defines
// it and stays as written otherwise, `$$` becomes `$` (so `$$(NAME)` is
// the literal `$(NAME)`), and any other `$` stays as written, as does an
// unclosed `$(`. Expansion is not recursive: a value is inserted as it is.
func expandVars(s string, vars map[string]string) string {
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

// hostMount is where a mount path of the container is on this machine.
type hostMount struct {
	mountPath string // in the container
	hostPath  string
}

// materialise writes the files of every volume plan mounts into a
// directory of its own under dir (dir/volumes/NAME) and returns where each
// mount path is on this machine, longest mount path first.
func materialise(plan *podPlan, dir string) ([]hostMount, error) {
	done := map[string]string{}
	var mounts []hostMount
	for _, m := range plan.mounts {
		vdir, ok := done[m.volume]
		if !ok {
			vdir = filepath.Join(dir, "volumes", m.volume)
			if err := os.MkdirAll(vdir, 0o755); err != nil {
				return nil, err
			}
			for _, f := range m.files {
				p := filepath.Join(vdir, filepath.FromSlash(f.path))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(p, f.data, f.mode|0o200); err != nil {
					return nil, err
				}
				// WriteFile keeps the mode of an existing file (a restarted
				// container); make it exact.
				if err := os.Chmod(p, f.mode); err != nil {
					return nil, err
				}
			}
			done[m.volume] = vdir
		}
		host := vdir
		if m.subPath != "" {
			host = filepath.Join(vdir, filepath.FromSlash(m.subPath))
		}
		mounts = append(mounts, hostMount{mountPath: m.mountPath, hostPath: host})
	}
	sort.SliceStable(mounts, func(i, j int) bool { return len(mounts[i].mountPath) > len(mounts[j].mountPath) })
	return mounts, nil
}

// isPathByte reports whether b may be part of a path name: a letter, a
// digit, '.', '_', '-' or '~'.
func isPathByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' ||
		b == '.' || b == '_' || b == '-' || b == '~'
}

// rewriteMountPaths replaces, in s, every occurrence of a mount path that
// stands as a path of its own by where it is on this machine. An
// occurrence counts when it starts s or follows a byte that is neither a
// path byte nor '/', and ends s or is followed by '/' or a byte that is not
// a path byte: in `/bin/sh /etc/jobkit/params.sh`, `--dir=/etc/jobkit` and
// `"/etc/jobkit"` the mount path /etc/jobkit is rewritten; in
// `/etc/jobkit2` and `/opt/etc/jobkit` it is not. mounts must be longest
// mount path first, so that a nested mount wins.
func rewriteMountPaths(s string, mounts []hostMount) string {
	if len(mounts) == 0 || !strings.Contains(s, "/") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '/' && (i == 0 || !isPathByte(s[i-1]) && s[i-1] != '/') {
			if m, ok := mountAt(s[i:], mounts); ok {
				if b.Len() == 0 {
					b.Grow(len(s))
				}
				b.WriteString(m.hostPath)
				i += len(m.mountPath)
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// mountAt returns the mount whose path s starts with, as a whole path.
func mountAt(s string, mounts []hostMount) (hostMount, bool) {
	for _, m := range mounts {
		if !strings.HasPrefix(s, m.mountPath) {
			continue
		}
		if rest := s[len(m.mountPath):]; rest == "" || rest[0] == '/' || !isPathByte(rest[0]) {
			return m, true
		}
	}
	return hostMount{}, false
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
