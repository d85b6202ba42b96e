package core

import "github.com/jobkit/jobkit/jobapi/meta"

// SecurityContext holds the security attributes of one container. Where
// a field is also in the pod's [PodSecurityContext], the container's value
// wins.
type SecurityContext struct {
	// Capabilities are added to and dropped from the runtime's default
	// set.
	Capabilities *Capabilities `json:"capabilities,omitempty"`
	// Privileged runs the container as root on the host, with every
	// device.
	Privileged     *bool                          `json:"privileged,omitempty"`
	SELinuxOptions *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	// RunAsUser is the UID the entrypoint runs as.
	RunAsUser *int64 `json:"runAsUser,omitempty"`
	// RunAsGroup is the GID the entrypoint runs as.
	RunAsGroup *int64 `json:"runAsGroup,omitempty"`
	// RunAsNonRoot makes the kubelet refuse to start the container as UID
	// 0.
	RunAsNonRoot *bool `json:"runAsNonRoot,omitempty"`
	// ReadOnlyRootFilesystem mounts the root filesystem read-only.
	ReadOnlyRootFilesystem *bool `json:"readOnlyRootFilesystem,omitempty"`
	// AllowPrivilegeEscalation controls the no_new_privs flag.
	AllowPrivilegeEscalation *bool `json:"allowPrivilegeEscalation,omitempty"`
	// ProcMount says how /proc is mounted.
	ProcMount       *ProcMountType   `json:"procMount,omitempty"`
	SeccompProfile  *SeccompProfile  `json:"seccompProfile,omitempty"`
	AppArmorProfile *AppArmorProfile `json:"appArmorProfile,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodSecurityContext holds the security attributes of a pod, and the
// defaults of its containers' [SecurityContext].
type PodSecurityContext struct {
	SELinuxOptions *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	RunAsUser      *int64                         `json:"runAsUser,omitempty"`
	RunAsGroup     *int64                         `json:"runAsGroup,omitempty"`
	RunAsNonRoot   *bool                          `json:"runAsNonRoot,omitempty"`
	// SupplementalGroups are GIDs added to each container's first
	// process.
	SupplementalGroups []int64 `json:"supplementalGroups,omitempty"`
	// SupplementalGroupsPolicy says whether the groups of the image's
	// /etc/group are merged in.
	SupplementalGroupsPolicy *SupplementalGroupsPolicy `json:"supplementalGroupsPolicy,omitempty"`
	// FSGroup is the group that owns volumes that support ownership
	// management.
	FSGroup *int64 `json:"fsGroup,omitempty"`
	// Sysctls are namespaced kernel parameters set for the pod.
	Sysctls []Sysctl `json:"sysctls,omitempty"`
	// FSGroupChangePolicy says when volume ownership is changed to
	// FSGroup.
	FSGroupChangePolicy *PodFSGroupChangePolicy `json:"fsGroupChangePolicy,omitempty"`
	SeccompProfile      *SeccompProfile         `json:"seccompProfile,omitempty"`
	AppArmorProfile     *AppArmorProfile        `json:"appArmorProfile,omitempty"`
	// SELinuxChangePolicy says how the SELinux label is applied to
	// volumes.
	SELinuxChangePolicy *PodSELinuxChangePolicy `json:"seLinuxChangePolicy,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// Capability is a POSIX capability, such as NET_ADMIN.
type Capability string

// Capabilities are the POSIX capabilities added to and dropped from a
// container's default set.
type Capabilities struct {
	Add  []Capability `json:"add,omitempty"`
	Drop []Capability `json:"drop,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SELinuxOptions is an SELinux label; empty parts are left to the runtime.
type SELinuxOptions struct {
	User  string `json:"user,omitempty"`
	Role  string `json:"role,omitempty"`
	Type  string `json:"type,omitempty"`
	Level string `json:"level,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// WindowsSecurityContextOptions are the security settings of Windows
// containers.
type WindowsSecurityContextOptions struct {
	// GMSACredentialSpecName names the GMSACredentialSpec resource to use.
	GMSACredentialSpecName *string `json:"gmsaCredentialSpecName,omitempty"`
	// GMSACredentialSpec is the credential spec's content, inlined by the
	// GMSA admission webhook.
	GMSACredentialSpec *string `json:"gmsaCredentialSpec,omitempty"`
	// RunAsUserName is the Windows user the entrypoint runs as.
	RunAsUserName *string `json:"runAsUserName,omitempty"`
	// HostProcess runs the container as a Windows host process.
	HostProcess *bool `json:"hostProcess,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SeccompProfile is the seccomp profile a pod or container runs under.
type SeccompProfile struct {
	Type SeccompProfileType `json:"type"`
	// LocalhostProfile is the profile's path under the kubelet's seccomp
	// directory; set exactly when Type is Localhost.
	LocalhostProfile *string `json:"localhostProfile,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SeccompProfileType says which seccomp profile applies.
type SeccompProfileType string

// The seccomp profile types.
const (
	SeccompProfileTypeUnconfined     SeccompProfileType = "Unconfined"
	SeccompProfileTypeRuntimeDefault SeccompProfileType = "RuntimeDefault"
	SeccompProfileTypeLocalhost      SeccompProfileType = "Localhost"
)

// AppArmorProfile is the AppArmor profile a pod or container runs under.
type AppArmorProfile struct {
	Type AppArmorProfileType `json:"type"`
	// LocalhostProfile names a profile loaded on the node; set exactly
	// when Type is Localhost.
	LocalhostProfile *string `json:"localhostProfile,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// AppArmorProfileType says which AppArmor profile applies.
type AppArmorProfileType string

// The AppArmor profile types.
const (
	AppArmorProfileTypeUnconfined     AppArmorProfileType = "Unconfined"
	AppArmorProfileTypeRuntimeDefault AppArmorProfileType = "RuntimeDefault"
	AppArmorProfileTypeLocalhost      AppArmorProfileType = "Localhost"
)

// Sysctl is one kernel parameter set for a pod.
type Sysctl struct {
	Name  string `json:"name"`
	Value string `json:"value"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ProcMountType says how a container's /proc is mounted.
type ProcMountType string

// The /proc mount types.
const (
	// DefaultProcMount masks and makes read-only the usual /proc paths.
	DefaultProcMount ProcMountType = "Default"
	// UnmaskedProcMount masks nothing; it needs a user namespace.
	UnmaskedProcMount ProcMountType = "Unmasked"
)

// PodFSGroupChangePolicy says when a volume's ownership and permissions
// are changed to the pod's FSGroup.
type PodFSGroupChangePolicy string

// The FSGroup change policies.
const (
	// FSGroupChangeOnRootMismatch: only when the volume root's owner or
	// permissions differ.
	FSGroupChangeOnRootMismatch PodFSGroupChangePolicy = "OnRootMismatch"
	// FSGroupChangeAlways: on every mount.
	FSGroupChangeAlways PodFSGroupChangePolicy = "Always"
)

// SupplementalGroupsPolicy says how a container's supplemental groups are
// computed.
type SupplementalGroupsPolicy string

// The supplemental groups policies.
const (
	// SupplementalGroupsPolicyMerge adds the groups the image's
	// /etc/group gives the user.
	SupplementalGroupsPolicyMerge SupplementalGroupsPolicy = "Merge"
	// SupplementalGroupsPolicyStrict uses only the groups the pod names.
	SupplementalGroupsPolicyStrict SupplementalGroupsPolicy = "Strict"
)

// PodSELinuxChangePolicy says how a pod's SELinux label is applied to its
// volumes.
type PodSELinuxChangePolicy string

// The SELinux change policies.
const (
	// SELinuxChangePolicyRecursive relabels every file of the volume.
	SELinuxChangePolicyRecursive PodSELinuxChangePolicy = "Recursive"
	// SELinuxChangePolicyMountOption mounts the volume with the label,
	// where the volume supports it.
	SELinuxChangePolicyMountOption PodSELinuxChangePolicy = "MountOption"
)
