package jobapi

import "github.com/jobkit/jobkit/jobapi/core"

// The pod types live in package core, which types every field of a pod
// template and a Pod as Kubernetes v1.36 defines them. jobapi keeps the
// names it has always had as aliases, so a Job's template is a
// [core.PodTemplateSpec]; the rest of the pod types (probes, resources,
// affinity, conditions, container statuses, ...) are used from core
// directly.

// Pod is a pod: metadata, spec and status. It is [core.Pod].
type Pod = core.Pod

// PodTemplateSpec is the template a Job creates its pods from. It is
// [core.PodTemplateSpec].
type PodTemplateSpec = core.PodTemplateSpec

// RestartPolicy says what the kubelet does when a container exits. It is
// [core.RestartPolicy].
type RestartPolicy = core.RestartPolicy

// The restart policies. A Job's pod template must use OnFailure or Never.
const (
	RestartPolicyAlways    = core.RestartPolicyAlways
	RestartPolicyOnFailure = core.RestartPolicyOnFailure
	RestartPolicyNever     = core.RestartPolicyNever
)

// PodSpec is a pod's desired state. It is [core.PodSpec].
type PodSpec = core.PodSpec

// Container is one container of a pod. It is [core.Container].
type Container = core.Container

// EnvVar is one environment variable of a container. It is
// [core.EnvVar].
type EnvVar = core.EnvVar

// EnvVarSource is where an environment variable's value comes from. It
// is [core.EnvVarSource].
type EnvVarSource = core.EnvVarSource

// ObjectFieldSelector selects a field of the pod for the downward API. It
// is [core.ObjectFieldSelector].
type ObjectFieldSelector = core.ObjectFieldSelector

// Volume is a named volume of a pod. It is [core.Volume].
type Volume = core.Volume

// VolumeSource is the source of a [Volume]. It is [core.VolumeSource].
type VolumeSource = core.VolumeSource

// DownwardAPIVolumeSource is a volume of files holding pod fields. It is
// [core.DownwardAPIVolumeSource].
type DownwardAPIVolumeSource = core.DownwardAPIVolumeSource

// DownwardAPIVolumeFile is one file of a downward API volume. It is
// [core.DownwardAPIVolumeFile].
type DownwardAPIVolumeFile = core.DownwardAPIVolumeFile

// LocalObjectReference names an object in the same namespace. It is
// [core.LocalObjectReference].
type LocalObjectReference = core.LocalObjectReference

// ConfigMapVolumeSource is a volume of files holding a ConfigMap's keys.
// It is [core.ConfigMapVolumeSource].
type ConfigMapVolumeSource = core.ConfigMapVolumeSource

// KeyToPath maps a ConfigMap or Secret key to a file path in the volume.
// It is [core.KeyToPath].
type KeyToPath = core.KeyToPath

// VolumeMount mounts a volume of the pod into a container. It is
// [core.VolumeMount].
type VolumeMount = core.VolumeMount

// PodPhase is the coarse state of a pod in its lifecycle. It is
// [core.PodPhase].
type PodPhase = core.PodPhase

// The pod phases.
const (
	PodPending   = core.PodPending
	PodRunning   = core.PodRunning
	PodSucceeded = core.PodSucceeded
	PodFailed    = core.PodFailed
	PodUnknown   = core.PodUnknown
)

// PodStatus is the observed state of a pod. It is [core.PodStatus].
type PodStatus = core.PodStatus

// HostIP is one address of the node a pod runs on. It is [core.HostIP].
type HostIP = core.HostIP

// PodIP is one address of a pod. It is [core.PodIP].
type PodIP = core.PodIP
