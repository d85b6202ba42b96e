package core

import "github.com/jobkit/jobkit/jobapi/meta"

// Container is one container of a pod, regular or init: the image it runs,
// its command, environment, ports, resources, mounts, probes, lifecycle
// hooks and security settings.
type Container struct {
	// Name is unique among the pod's containers (a DNS label).
	Name string `json:"name"`
	// Image is the container image reference.
	Image string `json:"image,omitempty"`
	// Command replaces the image's entrypoint.
	Command []string `json:"command,omitempty"`
	// Args replace the image's default arguments.
	Args []string `json:"args,omitempty"`
	// WorkingDir is the directory the command starts in.
	WorkingDir string `json:"workingDir,omitempty"`
	// Ports are the ports the container exposes (informational, except
	// for HostPort).
	Ports []ContainerPort `json:"ports,omitempty"`
	// EnvFrom fills environment variables from every key of ConfigMaps
	// and Secrets; Env wins over it on a name clash.
	EnvFrom []EnvFromSource `json:"envFrom,omitempty"`
	// Env are the environment variables, in order.
	Env []EnvVar `json:"env,omitempty"`
	// Resources are the container's requests, limits and claims.
	Resources ResourceRequirements `json:"resources,omitempty"`
	// ResizePolicy says, per resource, whether resizing the container in
	// place restarts it.
	ResizePolicy []ContainerResizePolicy `json:"resizePolicy,omitempty"`
	// RestartPolicy overrides the pod's. On an init container, Always
	// makes it a sidecar that runs for the pod's whole life.
	RestartPolicy *ContainerRestartPolicy `json:"restartPolicy,omitempty"`
	// RestartPolicyRules decide, from the exit code, whether an exited
	// container is restarted; the first matching rule wins.
	RestartPolicyRules []ContainerRestartRule `json:"restartPolicyRules,omitempty"`
	// VolumeMounts mount the pod's volumes into the filesystem.
	VolumeMounts []VolumeMount `json:"volumeMounts,omitempty"`
	// VolumeDevices expose the pod's block volumes as devices.
	VolumeDevices []VolumeDevice `json:"volumeDevices,omitempty"`
	// LivenessProbe restarts the container when it fails.
	LivenessProbe *Probe `json:"livenessProbe,omitempty"`
	// ReadinessProbe takes the container out of service when it fails.
	ReadinessProbe *Probe `json:"readinessProbe,omitempty"`
	// StartupProbe holds the other probes back until it succeeds.
	StartupProbe *Probe `json:"startupProbe,omitempty"`
	// Lifecycle holds the hooks run after start and before stop, and the
	// stop signal.
	Lifecycle *Lifecycle `json:"lifecycle,omitempty"`
	// TerminationMessagePath is the file the container writes its
	// termination message to.
	TerminationMessagePath string `json:"terminationMessagePath,omitempty"`
	// TerminationMessagePolicy says where the termination message comes
	// from.
	TerminationMessagePolicy TerminationMessagePolicy `json:"terminationMessagePolicy,omitempty"`
	// ImagePullPolicy says when the image is pulled.
	ImagePullPolicy PullPolicy `json:"imagePullPolicy,omitempty"`
	// SecurityContext holds the container's security attributes, which
	// win over the pod's.
	SecurityContext *SecurityContext `json:"securityContext,omitempty"`
	// Stdin allocates a standard input stream for the container.
	Stdin bool `json:"stdin,omitempty"`
	// StdinOnce closes standard input after the first client detaches.
	StdinOnce bool `json:"stdinOnce,omitempty"`
	// TTY allocates a terminal; it needs Stdin.
	TTY bool `json:"tty,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// EphemeralContainerCommon holds the fields of an [EphemeralContainer]
// it shares with [Container]. It only appears inline in an
// EphemeralContainer, whose Unknown keeps unmodeled members. Ports,
// resources, probes and lifecycle hooks are not allowed on ephemeral
// containers; the fields exist so the two types stay alike.
type EphemeralContainerCommon struct {
	Name                     string                   `json:"name"`
	Image                    string                   `json:"image,omitempty"`
	Command                  []string                 `json:"command,omitempty"`
	Args                     []string                 `json:"args,omitempty"`
	WorkingDir               string                   `json:"workingDir,omitempty"`
	Ports                    []ContainerPort          `json:"ports,omitempty"`
	EnvFrom                  []EnvFromSource          `json:"envFrom,omitempty"`
	Env                      []EnvVar                 `json:"env,omitempty"`
	Resources                ResourceRequirements     `json:"resources,omitempty"`
	ResizePolicy             []ContainerResizePolicy  `json:"resizePolicy,omitempty"`
	RestartPolicy            *ContainerRestartPolicy  `json:"restartPolicy,omitempty"`
	RestartPolicyRules       []ContainerRestartRule   `json:"restartPolicyRules,omitempty"`
	VolumeMounts             []VolumeMount            `json:"volumeMounts,omitempty"`
	VolumeDevices            []VolumeDevice           `json:"volumeDevices,omitempty"`
	LivenessProbe            *Probe                   `json:"livenessProbe,omitempty"`
	ReadinessProbe           *Probe                   `json:"readinessProbe,omitempty"`
	StartupProbe             *Probe                   `json:"startupProbe,omitempty"`
	Lifecycle                *Lifecycle               `json:"lifecycle,omitempty"`
	TerminationMessagePath   string                   `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy TerminationMessagePolicy `json:"terminationMessagePolicy,omitempty"`
	ImagePullPolicy          PullPolicy               `json:"imagePullPolicy,omitempty"`
	SecurityContext          *SecurityContext         `json:"securityContext,omitempty"`
	Stdin                    bool                     `json:"stdin,omitempty"`
	StdinOnce                bool                     `json:"stdinOnce,omitempty"`
	TTY                      bool                     `json:"tty,omitempty"`
}

// EphemeralContainer is a container added to a running pod for debugging.
// It is never restarted and holds no resources of its own.
type EphemeralContainer struct {
	EphemeralContainerCommon `json:""`
	// TargetContainerName names the container whose namespaces (process
	// namespace in particular) the ephemeral container joins.
	TargetContainerName string `json:"targetContainerName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerPort is a network port a container exposes.
type ContainerPort struct {
	// Name is an IANA service name, unique in the pod, that Services may
	// refer to.
	Name string `json:"name,omitempty"`
	// HostPort, when set, also exposes the port on the node.
	HostPort      int32    `json:"hostPort,omitempty"`
	ContainerPort int32    `json:"containerPort"`
	Protocol      Protocol `json:"protocol,omitempty"`
	// HostIP is the node address HostPort binds to.
	HostIP string `json:"hostIP,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// Protocol is a network protocol of a port.
type Protocol string

// The protocols.
const (
	ProtocolTCP  Protocol = "TCP"
	ProtocolUDP  Protocol = "UDP"
	ProtocolSCTP Protocol = "SCTP"
)

// PullPolicy says when the kubelet pulls a container's image.
type PullPolicy string

// The image pull policies.
const (
	// PullAlways: pull on every container start.
	PullAlways PullPolicy = "Always"
	// PullNever: only use an image already on the node.
	PullNever PullPolicy = "Never"
	// PullIfNotPresent: pull when the node does not have the image.
	PullIfNotPresent PullPolicy = "IfNotPresent"
)

// TerminationMessagePolicy says where a container's termination message
// comes from.
type TerminationMessagePolicy string

// The termination message policies.
const (
	// TerminationMessageReadFile: only the termination message file.
	TerminationMessageReadFile TerminationMessagePolicy = "File"
	// TerminationMessageFallbackToLogsOnError: the end of the log when
	// the file is empty and the container failed.
	TerminationMessageFallbackToLogsOnError TerminationMessagePolicy = "FallbackToLogsOnError"
)

// TerminationMessagePathDefault is the termination message file a
// container gets when its spec names none.
const TerminationMessagePathDefault string = "/dev/termination-log"

// ContainerRestartPolicy is the restart policy of one container.
type ContainerRestartPolicy string

// The container restart policies.
const (
	ContainerRestartPolicyAlways    ContainerRestartPolicy = "Always"
	ContainerRestartPolicyNever     ContainerRestartPolicy = "Never"
	ContainerRestartPolicyOnFailure ContainerRestartPolicy = "OnFailure"
)

// ContainerRestartRule is one rule deciding what happens when a container
// exits: its Action applies when its exit code condition holds.
type ContainerRestartRule struct {
	Action    ContainerRestartRuleAction       `json:"action,omitempty"`
	ExitCodes *ContainerRestartRuleOnExitCodes `json:"exitCodes,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerRestartRuleAction is what a matching [ContainerRestartRule]
// does.
type ContainerRestartRuleAction string

// The container restart rule actions.
const (
	// ContainerRestartRuleActionRestart restarts the container.
	ContainerRestartRuleActionRestart ContainerRestartRuleAction = "Restart"
	// ContainerRestartRuleActionRestartAllContainers restarts every
	// container of the pod.
	ContainerRestartRuleActionRestartAllContainers ContainerRestartRuleAction = "RestartAllContainers"
)

// ContainerRestartRuleOnExitCodes is the exit code condition of a
// [ContainerRestartRule]: the exit code is, or is not, one of Values.
type ContainerRestartRuleOnExitCodes struct {
	Operator ContainerRestartRuleOnExitCodesOperator `json:"operator,omitempty"`
	Values   []int32                                 `json:"values,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerRestartRuleOnExitCodesOperator relates an exit code to the
// Values of a [ContainerRestartRuleOnExitCodes].
type ContainerRestartRuleOnExitCodesOperator string

// The exit code operators.
const (
	ContainerRestartRuleOnExitCodesOpIn    ContainerRestartRuleOnExitCodesOperator = "In"
	ContainerRestartRuleOnExitCodesOpNotIn ContainerRestartRuleOnExitCodesOperator = "NotIn"
)

// ContainerResizePolicy says whether resizing one resource of a running
// container restarts it.
type ContainerResizePolicy struct {
	ResourceName  ResourceName                `json:"resourceName"`
	RestartPolicy ResourceResizeRestartPolicy `json:"restartPolicy"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceResizeRestartPolicy says what resizing a resource in place does
// to the container.
type ResourceResizeRestartPolicy string

// The resize restart policies.
const (
	// NotRequired: the resource is resized without a restart.
	NotRequired ResourceResizeRestartPolicy = "NotRequired"
	// RestartContainer: the container restarts to apply the new size.
	RestartContainer ResourceResizeRestartPolicy = "RestartContainer"
)

// VolumeMount mounts a volume of the pod into a container's filesystem.
type VolumeMount struct {
	// Name names the pod volume.
	Name     string `json:"name"`
	ReadOnly bool   `json:"readOnly,omitempty"`
	// RecursiveReadOnly says whether a read-only mount is read-only in
	// its submounts too; only with ReadOnly.
	RecursiveReadOnly *RecursiveReadOnlyMode `json:"recursiveReadOnly,omitempty"`
	// MountPath is where the volume appears; it must not contain ':'.
	MountPath string `json:"mountPath"`
	// SubPath mounts one path inside the volume instead of its root.
	SubPath string `json:"subPath,omitempty"`
	// MountPropagation says how mounts propagate between the host and
	// the container.
	MountPropagation *MountPropagationMode `json:"mountPropagation,omitempty"`
	// SubPathExpr is SubPath with $(VAR) references to the container's
	// environment expanded; exclusive with SubPath.
	SubPathExpr string `json:"subPathExpr,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// MountPropagationMode says how mounts propagate between the host and a
// container's volume mount.
type MountPropagationMode string

// The mount propagation modes.
const (
	// MountPropagationNone: no propagation either way (rprivate).
	MountPropagationNone MountPropagationMode = "None"
	// MountPropagationHostToContainer: host mounts propagate into the
	// container (rslave).
	MountPropagationHostToContainer MountPropagationMode = "HostToContainer"
	// MountPropagationBidirectional: propagation both ways (rshared);
	// privileged containers only.
	MountPropagationBidirectional MountPropagationMode = "Bidirectional"
)

// RecursiveReadOnlyMode says whether a read-only mount is also read-only
// in its submounts.
type RecursiveReadOnlyMode string

// The recursive read-only modes.
const (
	// RecursiveReadOnlyDisabled: submounts may stay writable.
	RecursiveReadOnlyDisabled RecursiveReadOnlyMode = "Disabled"
	// RecursiveReadOnlyIfPossible: recursively read-only when the runtime
	// supports it.
	RecursiveReadOnlyIfPossible RecursiveReadOnlyMode = "IfPossible"
	// RecursiveReadOnlyEnabled: recursively read-only, or the pod fails.
	RecursiveReadOnlyEnabled RecursiveReadOnlyMode = "Enabled"
)

// VolumeDevice exposes a raw block volume of the pod as a device in a
// container.
type VolumeDevice struct {
	Name       string `json:"name"`
	DevicePath string `json:"devicePath"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// LocalObjectReference names an object in the same namespace. It appears
// both on its own (imagePullSecrets, secretRef) and inline in the
// ConfigMap and Secret selectors and sources; inline, the enclosing
// struct's Unknown keeps unmodeled members.
type LocalObjectReference struct {
	Name string `json:"name,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// TypedLocalObjectReference names an object of a given kind in the same
// namespace; APIGroup is nil for the core group.
type TypedLocalObjectReference struct {
	APIGroup *string `json:"apiGroup"`
	Kind     string  `json:"kind"`
	Name     string  `json:"name"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// TypedObjectReference names an object of a given kind, possibly in
// another namespace.
type TypedObjectReference struct {
	APIGroup  *string `json:"apiGroup"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Namespace *string `json:"namespace,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
