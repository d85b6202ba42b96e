package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// EnvVar is one environment variable of a container: a literal Value, in
// which $(VAR) references to earlier variables are expanded, or a
// ValueFrom source.
type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// EnvVarSource is where an environment variable's value comes from;
// exactly one member is set.
type EnvVarSource struct {
	// FieldRef is a field of the pod (the downward API).
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`
	// ResourceFieldRef is a container's resource limit or request.
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	// ConfigMapKeyRef is a key of a ConfigMap.
	ConfigMapKeyRef *ConfigMapKeySelector `json:"configMapKeyRef,omitempty"`
	// SecretKeyRef is a key of a Secret.
	SecretKeyRef *SecretKeySelector `json:"secretKeyRef,omitempty"`
	// FileKeyRef is a key of an env file in one of the pod's volumes.
	FileKeyRef *FileKeySelector `json:"fileKeyRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ObjectFieldSelector selects a field of the pod for the downward API,
// such as metadata.annotations['batch.kubernetes.io/job-completion-index'].
type ObjectFieldSelector struct {
	// APIVersion is the version FieldPath is written in (default "v1").
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceFieldSelector selects a resource limit or request of a
// container, such as limits.cpu, expressed in units of Divisor.
type ResourceFieldSelector struct {
	// ContainerName is required in volumes, optional in env (the
	// container itself).
	ContainerName string `json:"containerName,omitempty"`
	Resource      string `json:"resource"`
	// Divisor is the unit the value is given in (default "1").
	Divisor resource.Quantity `json:"divisor,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ConfigMapKeySelector selects one key of a ConfigMap.
type ConfigMapKeySelector struct {
	LocalObjectReference `json:""`
	Key                  string `json:"key"`
	// Optional lets the container start when the ConfigMap or the key is
	// missing.
	Optional *bool `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SecretKeySelector selects one key of a Secret.
type SecretKeySelector struct {
	LocalObjectReference `json:""`
	Key                  string `json:"key"`
	// Optional lets the container start when the Secret or the key is
	// missing.
	Optional *bool `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// FileKeySelector selects one key of an env-format file (KEY=VALUE lines)
// in an emptyDir volume of the pod, typically written by an init
// container.
type FileKeySelector struct {
	VolumeName string `json:"volumeName"`
	// Path is the file's path inside the volume.
	Path string `json:"path"`
	Key  string `json:"key"`
	// Optional lets the container start when the file or the key is
	// missing.
	Optional *bool `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// EnvFromSource fills environment variables from every key of a ConfigMap
// or a Secret, each name prefixed with Prefix.
type EnvFromSource struct {
	Prefix       string              `json:"prefix,omitempty"`
	ConfigMapRef *ConfigMapEnvSource `json:"configMapRef,omitempty"`
	SecretRef    *SecretEnvSource    `json:"secretRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ConfigMapEnvSource names the ConfigMap an [EnvFromSource] reads.
type ConfigMapEnvSource struct {
	LocalObjectReference `json:""`
	Optional             *bool `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SecretEnvSource names the Secret an [EnvFromSource] reads.
type SecretEnvSource struct {
	LocalObjectReference `json:""`
	Optional             *bool `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
