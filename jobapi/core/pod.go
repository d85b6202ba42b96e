package core

import "github.com/jobkit/jobkit/jobapi/meta"

// Pod is a pod: its metadata, the desired state a controller or a user
// wrote (Spec) and the state the kubelet reports (Status).
type Pod struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta `json:"metadata,omitempty"`
	Spec          PodSpec         `json:"spec,omitempty"`
	Status        PodStatus       `json:"status,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodTemplateSpec is the template a controller, such as the Job
// controller, creates its pods from: the metadata and spec every pod
// starts with.
type PodTemplateSpec struct {
	ObjectMeta meta.ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec         `json:"spec,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodSpec is the desired state of a pod: its containers and volumes, and
// how and where it is scheduled and run.
type PodSpec struct {
	// Volumes are the volumes the containers may mount.
	Volumes []Volume `json:"volumes,omitempty"`
	// InitContainers run in order before the regular containers; one
	// whose RestartPolicy is Always is a sidecar that keeps running.
	InitContainers []Container `json:"initContainers,omitempty"`
	// Containers run together once every init container has completed.
	Containers []Container `json:"containers"`
	// EphemeralContainers are debugging containers added to a running
	// pod through its ephemeralcontainers subresource.
	EphemeralContainers []EphemeralContainer `json:"ephemeralContainers,omitempty"`
	// RestartPolicy applies to every container that has none of its own.
	RestartPolicy RestartPolicy `json:"restartPolicy,omitempty"`
	// TerminationGracePeriodSeconds is how long the pod has to stop after
	// its containers are signalled, before they are killed.
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`
	// ActiveDeadlineSeconds bounds how long the pod may be active, from
	// its start, before the kubelet fails it.
	ActiveDeadlineSeconds *int64 `json:"activeDeadlineSeconds,omitempty"`
	// DNSPolicy says how the pod's resolv.conf is made.
	DNSPolicy DNSPolicy `json:"dnsPolicy,omitempty"`
	// NodeSelector holds labels a node must have for the pod to run there.
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	// ServiceAccountName names the service account the pod runs as.
	ServiceAccountName string `json:"serviceAccountName,omitempty"`
	// DeprecatedServiceAccount is the old spelling of ServiceAccountName,
	// which the API server still fills in as a copy.
	DeprecatedServiceAccount string `json:"serviceAccount,omitempty"`
	// AutomountServiceAccountToken says whether the service account's
	// token is mounted into the containers.
	AutomountServiceAccountToken *bool `json:"automountServiceAccountToken,omitempty"`
	// NodeName binds the pod to one node, bypassing the scheduler.
	NodeName string `json:"nodeName,omitempty"`
	// HostNetwork runs the pod in the node's network namespace.
	HostNetwork bool `json:"hostNetwork,omitempty"`
	// HostPID runs the pod in the node's process namespace.
	HostPID bool `json:"hostPID,omitempty"`
	// HostIPC runs the pod in the node's IPC namespace.
	HostIPC bool `json:"hostIPC,omitempty"`
	// ShareProcessNamespace puts all containers of the pod in one process
	// namespace.
	ShareProcessNamespace *bool `json:"shareProcessNamespace,omitempty"`
	// SecurityContext holds pod-level security attributes and defaults
	// for the containers' own.
	SecurityContext *PodSecurityContext `json:"securityContext,omitempty"`
	// ImagePullSecrets name Secrets in the pod's namespace holding
	// registry credentials.
	ImagePullSecrets []LocalObjectReference `json:"imagePullSecrets,omitempty"`
	// Hostname is the pod's host name; the pod's name when empty.
	Hostname string `json:"hostname,omitempty"`
	// Subdomain makes the pod's FQDN
	// <hostname>.<subdomain>.<namespace>.svc.<cluster domain>.
	Subdomain string `json:"subdomain,omitempty"`
	// Affinity holds the node affinity and pod (anti-)affinity rules.
	Affinity *Affinity `json:"affinity,omitempty"`
	// SchedulerName names the scheduler that places the pod.
	SchedulerName string `json:"schedulerName,omitempty"`
	// Tolerations let the pod run on nodes with matching taints.
	Tolerations []Toleration `json:"tolerations,omitempty"`
	// HostAliases are entries added to the pod's /etc/hosts.
	HostAliases []HostAlias `json:"hostAliases,omitempty"`
	// PriorityClassName names the PriorityClass the pod's priority comes
	// from.
	PriorityClassName string `json:"priorityClassName,omitempty"`
	// Priority is the pod's priority, which the priority admission
	// controller fills in from PriorityClassName.
	Priority *int32 `json:"priority,omitempty"`
	// DNSConfig adjusts the DNS settings DNSPolicy produces.
	DNSConfig *PodDNSConfig `json:"dnsConfig,omitempty"`
	// ReadinessGates are extra pod conditions that must be True for the
	// pod to be ready.
	ReadinessGates []PodReadinessGate `json:"readinessGates,omitempty"`
	// RuntimeClassName names the RuntimeClass that runs the pod.
	RuntimeClassName *string `json:"runtimeClassName,omitempty"`
	// EnableServiceLinks says whether Services' addresses are injected as
	// environment variables, Docker-links style.
	EnableServiceLinks *bool `json:"enableServiceLinks,omitempty"`
	// PreemptionPolicy says whether the pod may preempt lower-priority
	// pods.
	PreemptionPolicy *PreemptionPolicy `json:"preemptionPolicy,omitempty"`
	// Overhead is what running the pod costs beyond its containers' own
	// requests, set from its RuntimeClass by admission.
	Overhead ResourceList `json:"overhead,omitempty"`
	// TopologySpreadConstraints say how the pods of a group spread over
	// topology domains.
	TopologySpreadConstraints []TopologySpreadConstraint `json:"topologySpreadConstraints,omitempty"`
	// SetHostnameAsFQDN makes the pod's host name its fully qualified
	// domain name.
	SetHostnameAsFQDN *bool `json:"setHostnameAsFQDN,omitempty"`
	// OS names the operating system the pod's containers need.
	OS *PodOS `json:"os,omitempty"`
	// HostUsers runs the pod in the node's user namespace when true or
	// unset, in a new one when false.
	HostUsers *bool `json:"hostUsers,omitempty"`
	// SchedulingGates hold the pod back from scheduling until each is
	// removed.
	SchedulingGates []PodSchedulingGate `json:"schedulingGates,omitempty"`
	// ResourceClaims are the dynamic resource claims the containers may
	// use, by name.
	ResourceClaims []PodResourceClaim `json:"resourceClaims,omitempty"`
	// Resources are pod-level requests and limits, shared by the
	// containers.
	Resources *ResourceRequirements `json:"resources,omitempty"`
	// HostnameOverride sets the pod's host name outright, overriding
	// Hostname, Subdomain and SetHostnameAsFQDN.
	HostnameOverride *string `json:"hostnameOverride,omitempty"`
	// SchedulingGroup names the pod group the pod is scheduled with.
	SchedulingGroup *PodSchedulingGroup `json:"schedulingGroup,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// RestartPolicy says what the kubelet does when a container of the pod
// exits.
type RestartPolicy string

// The restart policies. A Job's pod template must use OnFailure or Never.
const (
	RestartPolicyAlways    RestartPolicy = "Always"
	RestartPolicyOnFailure RestartPolicy = "OnFailure"
	RestartPolicyNever     RestartPolicy = "Never"
)

// DNSPolicy says how a pod's DNS resolver is configured.
type DNSPolicy string

// The DNS policies.
const (
	// DNSClusterFirstWithHostNet: cluster DNS first, also for a pod on
	// the host network.
	DNSClusterFirstWithHostNet DNSPolicy = "ClusterFirstWithHostNet"
	// DNSClusterFirst: cluster DNS first, then the node's resolvers; the
	// default.
	DNSClusterFirst DNSPolicy = "ClusterFirst"
	// DNSDefault: the node's resolver configuration.
	DNSDefault DNSPolicy = "Default"
	// DNSNone: only what the pod's DNSConfig says.
	DNSNone DNSPolicy = "None"
)

// PreemptionPolicy says whether a pod may preempt pods of lower priority.
type PreemptionPolicy string

// The preemption policies.
const (
	PreemptLowerPriority PreemptionPolicy = "PreemptLowerPriority"
	PreemptNever         PreemptionPolicy = "Never"
)

// OSName names an operating system.
type OSName string

// The operating systems a pod may ask for.
const (
	Linux   OSName = "linux"
	Windows OSName = "windows"
)

// PodOS names the operating system a pod's containers need.
type PodOS struct {
	Name OSName `json:"name"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// HostAlias is an /etc/hosts entry: an IP address and its host names.
type HostAlias struct {
	IP        string   `json:"ip"`
	Hostnames []string `json:"hostnames,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodReadinessGate names a pod condition that must be True for the pod to
// be ready.
type PodReadinessGate struct {
	ConditionType PodConditionType `json:"conditionType"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodSchedulingGate is one gate that holds a pod back from scheduling.
type PodSchedulingGate struct {
	Name string `json:"name"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodSchedulingGroup names the group of pods a pod is scheduled together
// with.
type PodSchedulingGroup struct {
	PodGroupName *string `json:"podGroupName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodResourceClaim is a dynamic resource claim a pod's containers may
// refer to by Name: an existing ResourceClaim, or one made for the pod
// from a ResourceClaimTemplate. At most one of the two names is set.
type PodResourceClaim struct {
	Name                      string  `json:"name"`
	ResourceClaimName         *string `json:"resourceClaimName,omitempty"`
	ResourceClaimTemplateName *string `json:"resourceClaimTemplateName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodDNSConfig adjusts a pod's DNS resolver beyond what its DNSPolicy
// gives: extra name servers, search domains and resolver options.
type PodDNSConfig struct {
	Nameservers []string             `json:"nameservers,omitempty"`
	Searches    []string             `json:"searches,omitempty"`
	Options     []PodDNSConfigOption `json:"options,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodDNSConfigOption is one resolver option, such as ndots:2.
type PodDNSConfigOption struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
