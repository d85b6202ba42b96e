package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// PodStatus is the observed state of a pod, as the kubelet and the
// scheduler report it.
type PodStatus struct {
	// ObservedGeneration is the pod generation this status reflects.
	ObservedGeneration int64          `json:"observedGeneration,omitempty"`
	Phase              PodPhase       `json:"phase,omitempty"`
	Conditions         []PodCondition `json:"conditions,omitempty"`
	// Message says, for people, why the pod is in its state.
	Message string `json:"message,omitempty"`
	// Reason says, in CamelCase, why the pod is in its state (Evicted,
	// ...).
	Reason string `json:"reason,omitempty"`
	// NominatedNodeName is the node a preempting pod expects to run on.
	NominatedNodeName string `json:"nominatedNodeName,omitempty"`
	// HostIP is the node's primary address; HostIPs has one per family.
	HostIP  string   `json:"hostIP,omitempty"`
	HostIPs []HostIP `json:"hostIPs,omitempty"`
	// PodIP is the pod's primary address; PodIPs has one per family.
	PodIP  string  `json:"podIP,omitempty"`
	PodIPs []PodIP `json:"podIPs,omitempty"`
	// StartTime is when the kubelet accepted the pod, before pulling
	// images.
	StartTime                  *meta.Time        `json:"startTime,omitempty"`
	InitContainerStatuses      []ContainerStatus `json:"initContainerStatuses,omitempty"`
	ContainerStatuses          []ContainerStatus `json:"containerStatuses,omitempty"`
	QOSClass                   PodQOSClass       `json:"qosClass,omitempty"`
	EphemeralContainerStatuses []ContainerStatus `json:"ephemeralContainerStatuses,omitempty"`
	// Resize is the state of an in-place resize (deprecated in favour of
	// the PodResizePending and PodResizeInProgress conditions).
	Resize                      PodResizeStatus                 `json:"resize,omitempty"`
	ResourceClaimStatuses       []PodResourceClaimStatus        `json:"resourceClaimStatuses,omitempty"`
	ExtendedResourceClaimStatus *PodExtendedResourceClaimStatus `json:"extendedResourceClaimStatus,omitempty"`
	// AllocatedResources are the pod-level resources the node allocated.
	AllocatedResources ResourceList `json:"allocatedResources,omitempty"`
	// Resources are the pod-level requests and limits in effect.
	Resources                            *ResourceRequirements                `json:"resources,omitempty"`
	NodeAllocatableResourceClaimStatuses []NodeAllocatableResourceClaimStatus `json:"nodeAllocatableResourceClaimStatuses,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodPhase is the coarse state of a pod in its lifecycle.
type PodPhase string

// The pod phases.
const (
	// PodPending: accepted, but not every container has started.
	PodPending PodPhase = "Pending"
	// PodRunning: bound to a node, every container created, at least one
	// running.
	PodRunning PodPhase = "Running"
	// PodSucceeded: every container exited 0 and none will restart.
	PodSucceeded PodPhase = "Succeeded"
	// PodFailed: every container exited, at least one in failure.
	PodFailed PodPhase = "Failed"
	// PodUnknown: the pod's state could not be obtained.
	PodUnknown PodPhase = "Unknown"
)

// ConditionStatus is the status of a condition.
type ConditionStatus string

// The condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// PodConditionType names a pod condition.
type PodConditionType string

// The pod condition types Kubernetes sets.
const (
	// ContainersReady: every container is ready.
	ContainersReady PodConditionType = "ContainersReady"
	// PodInitialized: every init container has completed (or started,
	// for sidecars).
	PodInitialized PodConditionType = "Initialized"
	// PodReady: the pod can serve requests.
	PodReady PodConditionType = "Ready"
	// PodScheduled: the pod is bound to a node.
	PodScheduled PodConditionType = "PodScheduled"
	// DisruptionTarget: the pod is about to be terminated by a
	// disruption (preemption, eviction, taint, garbage collection).
	DisruptionTarget PodConditionType = "DisruptionTarget"
	// PodReadyToStartContainers: the pod sandbox and its network are
	// ready.
	PodReadyToStartContainers PodConditionType = "PodReadyToStartContainers"
	// PodResizePending: a requested resize cannot be applied yet.
	PodResizePending PodConditionType = "PodResizePending"
	// PodResizeInProgress: a resize is being applied.
	PodResizeInProgress PodConditionType = "PodResizeInProgress"
	// AllContainersRestarting: every container is being restarted by a
	// RestartAllContainers rule.
	AllContainersRestarting PodConditionType = "AllContainersRestarting"
)

// Reasons of pod conditions.
const (
	// PodReasonUnschedulable: the scheduler found no node (PodScheduled).
	PodReasonUnschedulable = "Unschedulable"
	// PodReasonSchedulingGated: scheduling gates hold the pod
	// (PodScheduled).
	PodReasonSchedulingGated = "SchedulingGated"
	// PodReasonSchedulerError: the scheduler failed (PodScheduled).
	PodReasonSchedulerError = "SchedulerError"
	// PodReasonTerminationByKubelet: the kubelet is terminating the pod
	// (DisruptionTarget).
	PodReasonTerminationByKubelet = "TerminationByKubelet"
	// PodReasonPreemptionByScheduler: the scheduler preempts the pod
	// (DisruptionTarget).
	PodReasonPreemptionByScheduler = "PreemptionByScheduler"
	// PodReasonDeferred: a resize waits for resources (PodResizePending).
	PodReasonDeferred = "Deferred"
	// PodReasonInfeasible: a resize cannot fit the node
	// (PodResizePending).
	PodReasonInfeasible = "Infeasible"
	// PodReasonError: a resize failed (PodResizeInProgress).
	PodReasonError = "Error"
)

// PodCondition is one condition of a pod.
type PodCondition struct {
	Type PodConditionType `json:"type"`
	// ObservedGeneration is the pod generation the condition was set
	// from.
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	Status             ConditionStatus `json:"status"`
	LastProbeTime      meta.Time       `json:"lastProbeTime,omitempty"`
	LastTransitionTime meta.Time       `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodQOSClass is the quality of service class of a pod, derived from its
// containers' requests and limits.
type PodQOSClass string

// The QoS classes.
const (
	// PodQOSGuaranteed: every container has equal requests and limits
	// for cpu and memory.
	PodQOSGuaranteed PodQOSClass = "Guaranteed"
	// PodQOSBurstable: some requests, not Guaranteed.
	PodQOSBurstable PodQOSClass = "Burstable"
	// PodQOSBestEffort: no requests or limits at all.
	PodQOSBestEffort PodQOSClass = "BestEffort"
)

// PodResizeStatus is the state of an in-place resize of a pod.
type PodResizeStatus string

// The resize statuses.
const (
	PodResizeStatusInProgress PodResizeStatus = "InProgress"
	PodResizeStatusDeferred   PodResizeStatus = "Deferred"
	PodResizeStatusInfeasible PodResizeStatus = "Infeasible"
)

// HostIP is one address of the node a pod runs on.
type HostIP struct {
	IP string `json:"ip"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodIP is one address of a pod.
type PodIP struct {
	IP string `json:"ip"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerStatus is the observed state of one container.
type ContainerStatus struct {
	Name  string         `json:"name"`
	State ContainerState `json:"state,omitempty"`
	// LastTerminationState is the state of the container's previous run.
	LastTerminationState ContainerState `json:"lastState,omitempty"`
	// Ready says whether the container passes its readiness probe.
	Ready        bool   `json:"ready"`
	RestartCount int32  `json:"restartCount"`
	Image        string `json:"image"`
	ImageID      string `json:"imageID"`
	// ContainerID is <runtime>://<id>.
	ContainerID string `json:"containerID,omitempty"`
	// Started says whether the container passed its startup probe.
	Started *bool `json:"started,omitempty"`
	// AllocatedResources are the resources the node allocated to the
	// container.
	AllocatedResources ResourceList `json:"allocatedResources,omitempty"`
	// Resources are the requests and limits in effect.
	Resources    *ResourceRequirements `json:"resources,omitempty"`
	VolumeMounts []VolumeMountStatus   `json:"volumeMounts,omitempty"`
	// User is the identity the first process runs as.
	User                     *ContainerUser   `json:"user,omitempty"`
	AllocatedResourcesStatus []ResourceStatus `json:"allocatedResourcesStatus,omitempty"`
	// StopSignal is the signal that stops the container.
	StopSignal *Signal `json:"stopSignal,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerState is the state of a container; at most one member is set,
// and none means Waiting.
type ContainerState struct {
	Waiting    *ContainerStateWaiting    `json:"waiting,omitempty"`
	Running    *ContainerStateRunning    `json:"running,omitempty"`
	Terminated *ContainerStateTerminated `json:"terminated,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerStateWaiting is a container not yet running, and why
// (ContainerCreating, ErrImagePull, CrashLoopBackOff, ...).
type ContainerStateWaiting struct {
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerStateRunning is a running container.
type ContainerStateRunning struct {
	StartedAt meta.Time `json:"startedAt,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerStateTerminated is a container that has exited.
type ContainerStateTerminated struct {
	ExitCode int32 `json:"exitCode"`
	// Signal is the signal that killed the container, if one did.
	Signal int32 `json:"signal,omitempty"`
	// Reason is Completed, Error, OOMKilled, ...
	Reason      string    `json:"reason,omitempty"`
	Message     string    `json:"message,omitempty"`
	StartedAt   meta.Time `json:"startedAt,omitempty"`
	FinishedAt  meta.Time `json:"finishedAt,omitempty"`
	ContainerID string    `json:"containerID,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// VolumeMountStatus is the observed state of one volume mount.
type VolumeMountStatus struct {
	Name      string `json:"name"`
	MountPath string `json:"mountPath"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
	// RecursiveReadOnly is Disabled or Enabled, as the mount came out.
	RecursiveReadOnly *RecursiveReadOnlyMode `json:"recursiveReadOnly,omitempty"`
	VolumeStatus      *VolumeStatus          `json:"volumeStatus,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// VolumeStatus is the status of a mounted volume, by source kind.
type VolumeStatus struct {
	Image *ImageVolumeStatus `json:"image,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ImageVolumeStatus is the status of an image volume: the image it holds.
type ImageVolumeStatus struct {
	ImageRef string `json:"imageRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerUser is the identity a container's first process runs as.
type ContainerUser struct {
	Linux *LinuxContainerUser `json:"linux,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// LinuxContainerUser is a Linux process identity.
type LinuxContainerUser struct {
	UID                int64   `json:"uid"`
	GID                int64   `json:"gid"`
	SupplementalGroups []int64 `json:"supplementalGroups,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceStatus is the health of the devices allocated to a container
// for one resource.
type ResourceStatus struct {
	// Name is the resource: an extended resource or claim:<claim>/<request>.
	Name      ResourceName     `json:"name"`
	Resources []ResourceHealth `json:"resources,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceID identifies one device of a resource.
type ResourceID string

// ResourceHealth is the health of one device.
type ResourceHealth struct {
	ResourceID ResourceID           `json:"resourceID"`
	Health     ResourceHealthStatus `json:"health,omitempty"`
	// Message explains the health, at most ResourceHealthMessageMaxLength
	// bytes.
	Message *string `json:"message,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceHealthStatus is the health of a device.
type ResourceHealthStatus string

// The device health statuses.
const (
	ResourceHealthStatusHealthy   ResourceHealthStatus = "Healthy"
	ResourceHealthStatusUnhealthy ResourceHealthStatus = "Unhealthy"
	ResourceHealthStatusUnknown   ResourceHealthStatus = "Unknown"
)

// ResourceHealthMessageMaxLength is the longest ResourceHealth.Message.
const ResourceHealthMessageMaxLength = 1024

// PodResourceClaimStatus names the ResourceClaim made for one of a pod's
// ResourceClaims from a template; nil when none was needed.
type PodResourceClaimStatus struct {
	Name              string  `json:"name"`
	ResourceClaimName *string `json:"resourceClaimName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodExtendedResourceClaimStatus is the ResourceClaim made for a pod's
// extended resource requests, and which container request maps to which
// claim request.
type PodExtendedResourceClaimStatus struct {
	RequestMappings   []ContainerExtendedResourceRequest `json:"requestMappings"`
	ResourceClaimName string                             `json:"resourceClaimName"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ContainerExtendedResourceRequest maps a container's extended resource to
// a request of the pod's extended resource claim.
type ContainerExtendedResourceRequest struct {
	ContainerName string `json:"containerName"`
	ResourceName  string `json:"resourceName"`
	RequestName   string `json:"requestName"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeAllocatableResourceClaimStatus is the node-allocatable resources a
// ResourceClaim gives some of a pod's containers.
type NodeAllocatableResourceClaimStatus struct {
	ResourceClaimName string                             `json:"resourceClaimName"`
	Containers        []string                           `json:"containers,omitempty"`
	Resources         map[ResourceName]resource.Quantity `json:"resources"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
