package jobapi

// Pod is a pod as jobkit reads it: its metadata, the parts of its spec the
// downward API and the Job controller look at, and its status. Everything
// else a pod carries is kept in the Unknown fields.
type Pod struct {
	TypeMeta   `json:""`
	ObjectMeta ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec    `json:"spec,omitempty"`
	Status     PodStatus  `json:"status,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// PodTemplateSpec is the template a Job creates its pods from.
type PodTemplateSpec struct {
	ObjectMeta ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec    `json:"spec,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// RestartPolicy says what the kubelet does when a container exits.
type RestartPolicy string

// The restart policies. A Job's pod template must use OnFailure or Never.
const (
	RestartPolicyAlways    RestartPolicy = "Always"
	RestartPolicyOnFailure RestartPolicy = "OnFailure"
	RestartPolicyNever     RestartPolicy = "Never"
)

// PodSpec is the part of a pod's `spec` jobkit reads typed. Affinity,
// tolerations, security contexts and the rest are kept in Unknown.
type PodSpec struct {
	Volumes            []Volume      `json:"volumes,omitempty"`
	InitContainers     []Container   `json:"initContainers,omitempty"`
	Containers         []Container   `json:"containers"`
	RestartPolicy      RestartPolicy `json:"restartPolicy,omitempty"`
	ServiceAccountName string        `json:"serviceAccountName,omitempty"`
	NodeName           string        `json:"nodeName,omitempty"`
	Hostname           string        `json:"hostname,omitempty"`
	Subdomain          string        `json:"subdomain,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// Container is one container of a pod: what runs, with which environment
// and mounts. Resources, probes, ports and the rest are kept in Unknown.
type Container struct {
	Name         string        `json:"name"`
	Image        string        `json:"image,omitempty"`
	Command      []string      `json:"command,omitempty"`
	Args         []string      `json:"args,omitempty"`
	WorkingDir   string        `json:"workingDir,omitempty"`
	Env          []EnvVar      `json:"env,omitempty"`
	VolumeMounts []VolumeMount `json:"volumeMounts,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// EnvVar is one environment variable of a container: a literal Value or a
// ValueFrom source.
type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// EnvVarSource is where an environment variable's value comes from. jobkit
// models the downward API's fieldRef; configMapKeyRef, secretKeyRef and
// resourceFieldRef are kept in Unknown.
type EnvVarSource struct {
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// ObjectFieldSelector selects a field of the pod for the downward API, such
// as `metadata.annotations['batch.kubernetes.io/job-completion-index']`.
type ObjectFieldSelector struct {
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// Volume is a named volume of a pod. Its source is inline, as in
// Kubernetes: the members of a source jobkit does not model (emptyDir,
// secret, persistentVolumeClaim, ...) are kept in the Volume's Unknown.
type Volume struct {
	Name         string `json:"name"`
	VolumeSource `json:""`

	// Unknown holds the members jobkit does not model, including volume
	// sources other than downwardAPI and configMap.
	Unknown Unknown `json:"-"`
}

// VolumeSource is the source of a [Volume]; at most one member is set. It
// only ever appears inline in a Volume, whose Unknown keeps the sources
// jobkit does not model.
type VolumeSource struct {
	DownwardAPI *DownwardAPIVolumeSource `json:"downwardAPI,omitempty"`
	ConfigMap   *ConfigMapVolumeSource   `json:"configMap,omitempty"`
}

// DownwardAPIVolumeSource is a volume of files holding pod fields.
type DownwardAPIVolumeSource struct {
	Items       []DownwardAPIVolumeFile `json:"items,omitempty"`
	DefaultMode *int32                  `json:"defaultMode,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// DownwardAPIVolumeFile is one file of a downward API volume. jobkit models
// the fieldRef source; resourceFieldRef is kept in Unknown.
type DownwardAPIVolumeFile struct {
	Path     string               `json:"path"`
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`
	Mode     *int32               `json:"mode,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// LocalObjectReference names an object in the same namespace. It only
// appears inline, in a [ConfigMapVolumeSource].
type LocalObjectReference struct {
	Name string `json:"name,omitempty"`
}

// ConfigMapVolumeSource is a volume of files holding a ConfigMap's keys.
type ConfigMapVolumeSource struct {
	LocalObjectReference `json:""`
	Items                []KeyToPath `json:"items,omitempty"`
	DefaultMode          *int32      `json:"defaultMode,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// KeyToPath maps a ConfigMap key to a file path in the volume.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// VolumeMount mounts a volume of the pod into a container.
type VolumeMount struct {
	Name      string `json:"name"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
	MountPath string `json:"mountPath"`
	SubPath   string `json:"subPath,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// PodPhase is the coarse state of a pod in its lifecycle.
type PodPhase string

// The pod phases.
const (
	PodPending   PodPhase = "Pending"
	PodRunning   PodPhase = "Running"
	PodSucceeded PodPhase = "Succeeded"
	PodFailed    PodPhase = "Failed"
	PodUnknown   PodPhase = "Unknown"
)

// PodStatus is the part of a pod's `status` jobkit reads: the phase and
// the addresses the downward API exposes. Conditions, container statuses
// and the rest are kept in Unknown.
type PodStatus struct {
	Phase     PodPhase `json:"phase,omitempty"`
	HostIP    string   `json:"hostIP,omitempty"`
	HostIPs   []HostIP `json:"hostIPs,omitempty"`
	PodIP     string   `json:"podIP,omitempty"`
	PodIPs    []PodIP  `json:"podIPs,omitempty"`
	StartTime *Time    `json:"startTime,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// HostIP is one address of the node a pod runs on.
type HostIP struct {
	IP string `json:"ip"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// PodIP is one address of a pod.
type PodIP struct {
	IP string `json:"ip"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}
