package jobtest

import (
	"maps"
	"slices"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
)

// Builders for the common fields of a pod: containers with their
// resources, env, ports, probes and mounts, and the pod's volumes and
// scheduling fields. The arguments are typed (a ResourceList, a Probe, a
// map), so an option cannot be given a bad value: a wrong number of
// arguments does not compile, and an unparsable quantity fails where it is
// written, in resource.MustParse. Every option copies what it is given when
// it is applied, so one option, container or probe used in several
// fixtures never makes them share memory.

// ContainerOption changes a container. Given to [Container] it changes the
// container being built; given to [Job] or [Pod] it changes the first
// container (of the template, for a Job), as [Image] and [Command] do, and
// nothing when there is none. It is both a JobOption and a PodOption, and
// a ContainerOption of a function literal sets any field no option sets.
type ContainerOption func(*core.Container)

func (f ContainerOption) applyJob(j *jobapi.Job) { f.applyFirst(&j.Spec.Template.Spec) }
func (f ContainerOption) applyPod(p *core.Pod)   { f.applyFirst(&p.Spec) }

func (f ContainerOption) applyFirst(s *core.PodSpec) {
	if len(s.Containers) > 0 {
		f(&s.Containers[0])
	}
}

// Container returns a container called name that runs image, changed by
// opts in order. Add it to a Job's template or a Pod with [WithContainer],
// [InitContainer] or [Sidecar].
func Container(name, image string, opts ...ContainerOption) core.Container {
	c := core.Container{Name: name, Image: image}
	for _, opt := range opts {
		if opt != nil {
			opt(&c)
		}
	}
	return c
}

// Args sets the container's `args` (the arguments of its command, or of
// its image's entrypoint).
func Args(args ...string) ContainerOption {
	return func(c *core.Container) { c.Args = slices.Clone(args) }
}

// WorkingDir sets the container's `workingDir`.
func WorkingDir(dir string) ContainerOption {
	return func(c *core.Container) { c.WorkingDir = dir }
}

// Requests adds list to the container's `resources.requests`, replacing a
// request for the same resource. Write quantities with resource.MustParse:
//
//	Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("100m")})
func Requests(list core.ResourceList) ContainerOption {
	return func(c *core.Container) { c.Resources.Requests = mergedResources(c.Resources.Requests, list) }
}

// Limits adds list to the container's `resources.limits`, replacing a
// limit for the same resource.
func Limits(list core.ResourceList) ContainerOption {
	return func(c *core.Container) { c.Resources.Limits = mergedResources(c.Resources.Limits, list) }
}

// mergedResources returns dst with copies of the quantities of src added,
// in a new list when dst is nil.
func mergedResources(dst, src core.ResourceList) core.ResourceList {
	if len(src) == 0 {
		return dst
	}
	if dst == nil {
		dst = make(core.ResourceList, len(src))
	}
	for name, q := range src {
		dst[name] = q.DeepCopy()
	}
	return dst
}

// Env adds the environment variable name with the literal value value to
// the container's `env`.
func Env(name, value string) ContainerOption {
	return addEnv(core.EnvVar{Name: name, Value: value})
}

// EnvFromField adds the environment variable name whose value is the pod's
// field fieldPath (the downward API: "metadata.name",
// "metadata.labels['app']", "status.podIP", ...), as
// `valueFrom.fieldRef.fieldPath`. The API version of the field is left for
// defaulting to set.
func EnvFromField(name, fieldPath string) ContainerOption {
	return addEnvFrom(name, func() *core.EnvVarSource {
		return &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: fieldPath}}
	})
}

// EnvFromResource adds the environment variable name whose value is the
// container's own request or limit res ("limits.cpu",
// "requests.memory", ...), as `valueFrom.resourceFieldRef.resource`; the
// divisor is left for defaulting to set.
func EnvFromResource(name, res string) ContainerOption {
	return addEnvFrom(name, func() *core.EnvVarSource {
		return &core.EnvVarSource{ResourceFieldRef: &core.ResourceFieldSelector{Resource: res}}
	})
}

// EnvFromConfigMapKey adds the environment variable name whose value is
// the key key of the ConfigMap configMap, as
// `valueFrom.configMapKeyRef`.
func EnvFromConfigMapKey(name, configMap, key string) ContainerOption {
	return addEnvFrom(name, func() *core.EnvVarSource {
		return &core.EnvVarSource{ConfigMapKeyRef: &core.ConfigMapKeySelector{
			LocalObjectReference: core.LocalObjectReference{Name: configMap}, Key: key}}
	})
}

// EnvFromSecretKey adds the environment variable name whose value is the
// key key of the Secret secret, as `valueFrom.secretKeyRef`.
func EnvFromSecretKey(name, secret, key string) ContainerOption {
	return addEnvFrom(name, func() *core.EnvVarSource {
		return &core.EnvVarSource{SecretKeyRef: &core.SecretKeySelector{
			LocalObjectReference: core.LocalObjectReference{Name: secret}, Key: key}}
	})
}

func addEnv(v core.EnvVar) ContainerOption {
	return func(c *core.Container) { c.Env = append(c.Env, v) }
}

// addEnvFrom adds a variable whose source source makes anew each time, so
// that no two containers share it.
func addEnvFrom(name string, source func() *core.EnvVarSource) ContainerOption {
	return func(c *core.Container) { c.Env = append(c.Env, core.EnvVar{Name: name, ValueFrom: source()}) }
}

// ConfigMapEnv adds the ConfigMap configMap to the container's `envFrom`:
// each of its keys becomes an environment variable.
func ConfigMapEnv(configMap string) ContainerOption {
	return func(c *core.Container) {
		c.EnvFrom = append(c.EnvFrom, core.EnvFromSource{ConfigMapRef: &core.ConfigMapEnvSource{
			LocalObjectReference: core.LocalObjectReference{Name: configMap}}})
	}
}

// SecretEnv adds the Secret secret to the container's `envFrom`: each of
// its keys becomes an environment variable.
func SecretEnv(secret string) ContainerOption {
	return func(c *core.Container) {
		c.EnvFrom = append(c.EnvFrom, core.EnvFromSource{SecretRef: &core.SecretEnvSource{
			LocalObjectReference: core.LocalObjectReference{Name: secret}}})
	}
}

// Port adds the port called name (empty for none) on which the container
// listens to its `ports`. The protocol is left for defaulting to set
// (TCP).
func Port(name string, containerPort int32) ContainerOption {
	return func(c *core.Container) {
		c.Ports = append(c.Ports, core.ContainerPort{Name: name, ContainerPort: containerPort})
	}
}

// VolumeMount mounts the pod's volume called volume at mountPath in the
// container (`volumeMounts`), read-write.
func VolumeMount(volume, mountPath string) ContainerOption {
	return func(c *core.Container) {
		c.VolumeMounts = append(c.VolumeMounts, core.VolumeMount{Name: volume, MountPath: mountPath})
	}
}

// ReadOnlyVolumeMount mounts the pod's volume called volume at mountPath
// in the container, read-only.
func ReadOnlyVolumeMount(volume, mountPath string) ContainerOption {
	return func(c *core.Container) {
		c.VolumeMounts = append(c.VolumeMounts, core.VolumeMount{Name: volume, MountPath: mountPath, ReadOnly: true})
	}
}

// ProbeOption changes a probe given to [ReadinessProbe], [LivenessProbe]
// or [StartupProbe]. A ProbeOption of a function literal sets any field no
// option sets.
type ProbeOption func(*core.Probe)

// HTTPGetProbe returns a probe that succeeds when an HTTP GET of path on
// port (a number, core.FromInt32(8080), or the name of one of the
// container's ports, core.FromString("http")) answers with a status from
// 200 to 399. The scheme and the timing are left for defaulting to set;
// change the timing with the ProbeOptions of [ReadinessProbe].
func HTTPGetProbe(path string, port core.IntOrString) core.Probe {
	return core.Probe{ProbeHandler: core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Path: path, Port: port}}}
}

// ExecProbe returns a probe that succeeds when command, run in the
// container, exits with 0.
func ExecProbe(command ...string) core.Probe {
	return core.Probe{ProbeHandler: core.ProbeHandler{Exec: &core.ExecAction{Command: slices.Clone(command)}}}
}

// TCPSocketProbe returns a probe that succeeds when a TCP connection to
// port (a number or the name of one of the container's ports) opens.
func TCPSocketProbe(port core.IntOrString) core.Probe {
	return core.Probe{ProbeHandler: core.ProbeHandler{TCPSocket: &core.TCPSocketAction{Port: port}}}
}

// ReadinessProbe sets the container's `readinessProbe` to a copy of p
// changed by opts: while it fails, the pod is not Ready.
func ReadinessProbe(p core.Probe, opts ...ProbeOption) ContainerOption {
	return func(c *core.Container) { c.ReadinessProbe = builtProbe(p, opts) }
}

// LivenessProbe sets the container's `livenessProbe` to a copy of p
// changed by opts: when it fails, the kubelet restarts the container.
func LivenessProbe(p core.Probe, opts ...ProbeOption) ContainerOption {
	return func(c *core.Container) { c.LivenessProbe = builtProbe(p, opts) }
}

// StartupProbe sets the container's `startupProbe` to a copy of p changed
// by opts: the other probes wait until it has succeeded once.
func StartupProbe(p core.Probe, opts ...ProbeOption) ContainerOption {
	return func(c *core.Container) { c.StartupProbe = builtProbe(p, opts) }
}

func builtProbe(p core.Probe, opts []ProbeOption) *core.Probe {
	out := p.DeepCopy()
	for _, opt := range opts {
		if opt != nil {
			opt(out)
		}
	}
	return out
}

// ProbeInitialDelay sets the probe's `initialDelaySeconds`.
func ProbeInitialDelay(seconds int32) ProbeOption {
	return func(p *core.Probe) { p.InitialDelaySeconds = seconds }
}

// ProbePeriod sets the probe's `periodSeconds`.
func ProbePeriod(seconds int32) ProbeOption {
	return func(p *core.Probe) { p.PeriodSeconds = seconds }
}

// ProbeTimeout sets the probe's `timeoutSeconds`.
func ProbeTimeout(seconds int32) ProbeOption {
	return func(p *core.Probe) { p.TimeoutSeconds = seconds }
}

// ProbeFailureThreshold sets the probe's `failureThreshold`: how many
// failures in a row make it failed.
func ProbeFailureThreshold(n int32) ProbeOption {
	return func(p *core.Probe) { p.FailureThreshold = n }
}

// ProbeSuccessThreshold sets the probe's `successThreshold`: how many
// successes in a row make it succeeded after a failure (1 for liveness and
// startup probes).
func ProbeSuccessThreshold(n int32) ProbeOption {
	return func(p *core.Probe) { p.SuccessThreshold = n }
}

// WithContainer adds a copy of c to the pod's `containers`, after those
// already there (the default container included). A container of the same
// name is replaced in place instead: WithContainer(Container(
// DefaultContainerName, ...)) replaces the default container, and
// [Containers] replaces them all.
func WithContainer(c core.Container) SpecOption {
	return func(s *core.PodSpec) { s.Containers = withContainer(s.Containers, c) }
}

// Containers sets the pod's `containers` to copies of cs, in place of the
// default container.
func Containers(cs ...core.Container) SpecOption {
	return func(s *core.PodSpec) {
		s.Containers = make([]core.Container, len(cs))
		for i := range cs {
			cs[i].DeepCopyInto(&s.Containers[i])
		}
	}
}

// InitContainer adds a copy of c to the pod's `initContainers`, which run
// one after the other, each to completion, before the containers start. An
// init container of the same name is replaced in place.
func InitContainer(c core.Container) SpecOption {
	return func(s *core.PodSpec) { s.InitContainers = withContainer(s.InitContainers, c) }
}

// Sidecar adds a copy of c with `restartPolicy: Always` to the pod's
// `initContainers`: a sidecar, which starts before the containers and
// keeps running beside them (it does not keep a Job's pod from
// completing). An init container of the same name is replaced in place.
func Sidecar(c core.Container) SpecOption {
	return func(s *core.PodSpec) {
		sidecar := c
		sidecar.RestartPolicy = ptr(core.ContainerRestartPolicyAlways)
		s.InitContainers = withContainer(s.InitContainers, sidecar)
	}
}

// withContainer returns list with a copy of c in place of the container of
// the same name, or added at the end.
func withContainer(list []core.Container, c core.Container) []core.Container {
	cp := c.DeepCopy()
	for i := range list {
		if list[i].Name == c.Name {
			list[i] = *cp
			return list
		}
	}
	return append(list, *cp)
}

// withVolume returns list with v in place of the volume of the same name,
// or added at the end.
func withVolume(list []core.Volume, v core.Volume) []core.Volume {
	for i := range list {
		if list[i].Name == v.Name {
			list[i] = v
			return list
		}
	}
	return append(list, v)
}

// EmptyDirVolume adds to the pod an empty directory called name (`emptyDir:
// {}`), which lives as long as the pod. A volume of the same name is
// replaced in place, here and in the other volume options.
func EmptyDirVolume(name string) SpecOption {
	return func(s *core.PodSpec) {
		s.Volumes = withVolume(s.Volumes, core.Volume{Name: name,
			VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}})
	}
}

// ConfigMapVolume adds to the pod a volume called name holding a file per
// key of the ConfigMap configMap. The file mode is left for defaulting to
// set.
func ConfigMapVolume(name, configMap string) SpecOption {
	return func(s *core.PodSpec) {
		s.Volumes = withVolume(s.Volumes, core.Volume{Name: name,
			VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
				LocalObjectReference: core.LocalObjectReference{Name: configMap}}}})
	}
}

// SecretVolume adds to the pod a volume called name holding a file per key
// of the Secret secret. The file mode is left for defaulting to set.
func SecretVolume(name, secret string) SpecOption {
	return func(s *core.PodSpec) {
		s.Volumes = withVolume(s.Volumes, core.Volume{Name: name,
			VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{SecretName: secret}}})
	}
}

// DownwardAPIVolume adds to the pod a volume called name holding, for
// each entry of files, the file at the path (the key) whose content is the
// pod's field (the value: "metadata.labels", "metadata.name", ...). The
// items are in the order of their paths; the field's API version and the
// file mode are left for defaulting to set.
func DownwardAPIVolume(name string, files map[string]string) SpecOption {
	return func(s *core.PodSpec) {
		src := &core.DownwardAPIVolumeSource{}
		for _, path := range slices.Sorted(maps.Keys(files)) {
			src.Items = append(src.Items, core.DownwardAPIVolumeFile{Path: path,
				FieldRef: &core.ObjectFieldSelector{FieldPath: files[path]}})
		}
		s.Volumes = withVolume(s.Volumes, core.Volume{Name: name, VolumeSource: core.VolumeSource{DownwardAPI: src}})
	}
}

// NodeSelector adds labels to the pod's `nodeSelector` (a copy): the pod
// runs only on nodes that have them.
func NodeSelector(labels map[string]string) SpecOption {
	return func(s *core.PodSpec) { s.NodeSelector = merged(s.NodeSelector, labels) }
}

// Toleration adds a toleration to the pod's `tolerations`, with its fields
// in the order kubectl writes a taint: key, operator (core.TolerationOpEqual
// with a value, core.TolerationOpExists without), value, and effect (""
// for every effect).
func Toleration(key string, op core.TolerationOperator, value string, effect core.TaintEffect) SpecOption {
	return func(s *core.PodSpec) {
		s.Tolerations = append(s.Tolerations, core.Toleration{Key: key, Operator: op, Value: value, Effect: effect})
	}
}
