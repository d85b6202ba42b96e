package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
)

// Volume is a named volume of a pod, which its containers mount by name.
// Its source is inline, as in Kubernetes: `{"name": "data", "emptyDir":
// {}}`.
type Volume struct {
	// Name is unique among the pod's volumes (a DNS label).
	Name         string `json:"name"`
	VolumeSource `json:""`

	// Unknown holds the members this package does not model, including
	// volume sources a newer Kubernetes adds.
	Unknown meta.Unknown `json:"-"`
}

// VolumeSource is the source of a [Volume]; exactly one member is set (a
// volume with none becomes an emptyDir when defaulted). It only appears
// inline in a Volume, whose Unknown keeps unmodeled members.
//
// Many in-tree sources (gcePersistentDisk, awsElasticBlockStore, gitRepo,
// rbd, flexVolume, cinder, cephfs, flocker, glusterfs, azureFile,
// azureDisk, vsphereVolume, quobyte, photonPersistentDisk, portworxVolume,
// scaleIO, storageos) are deprecated in Kubernetes in favour of CSI
// drivers; they are modeled because pods still carry them.
type VolumeSource struct {
	HostPath              *HostPathVolumeSource              `json:"hostPath,omitempty"`
	EmptyDir              *EmptyDirVolumeSource              `json:"emptyDir,omitempty"`
	GCEPersistentDisk     *GCEPersistentDiskVolumeSource     `json:"gcePersistentDisk,omitempty"`
	AWSElasticBlockStore  *AWSElasticBlockStoreVolumeSource  `json:"awsElasticBlockStore,omitempty"`
	GitRepo               *GitRepoVolumeSource               `json:"gitRepo,omitempty"`
	Secret                *SecretVolumeSource                `json:"secret,omitempty"`
	NFS                   *NFSVolumeSource                   `json:"nfs,omitempty"`
	ISCSI                 *ISCSIVolumeSource                 `json:"iscsi,omitempty"`
	Glusterfs             *GlusterfsVolumeSource             `json:"glusterfs,omitempty"`
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	RBD                   *RBDVolumeSource                   `json:"rbd,omitempty"`
	FlexVolume            *FlexVolumeSource                  `json:"flexVolume,omitempty"`
	Cinder                *CinderVolumeSource                `json:"cinder,omitempty"`
	CephFS                *CephFSVolumeSource                `json:"cephfs,omitempty"`
	Flocker               *FlockerVolumeSource               `json:"flocker,omitempty"`
	DownwardAPI           *DownwardAPIVolumeSource           `json:"downwardAPI,omitempty"`
	FC                    *FCVolumeSource                    `json:"fc,omitempty"`
	AzureFile             *AzureFileVolumeSource             `json:"azureFile,omitempty"`
	ConfigMap             *ConfigMapVolumeSource             `json:"configMap,omitempty"`
	VsphereVolume         *VsphereVirtualDiskVolumeSource    `json:"vsphereVolume,omitempty"`
	Quobyte               *QuobyteVolumeSource               `json:"quobyte,omitempty"`
	AzureDisk             *AzureDiskVolumeSource             `json:"azureDisk,omitempty"`
	PhotonPersistentDisk  *PhotonPersistentDiskVolumeSource  `json:"photonPersistentDisk,omitempty"`
	Projected             *ProjectedVolumeSource             `json:"projected,omitempty"`
	PortworxVolume        *PortworxVolumeSource              `json:"portworxVolume,omitempty"`
	ScaleIO               *ScaleIOVolumeSource               `json:"scaleIO,omitempty"`
	StorageOS             *StorageOSVolumeSource             `json:"storageos,omitempty"`
	CSI                   *CSIVolumeSource                   `json:"csi,omitempty"`
	Ephemeral             *EphemeralVolumeSource             `json:"ephemeral,omitempty"`
	Image                 *ImageVolumeSource                 `json:"image,omitempty"`
}

// HostPathVolumeSource mounts a file or directory of the node.
type HostPathVolumeSource struct {
	Path string `json:"path"`
	// Type is what must be at Path; defaulted to the empty HostPathUnset.
	Type *HostPathType `json:"type,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// HostPathType says what must exist at a host path, and what the kubelet
// creates when it does not.
type HostPathType string

// The host path types.
const (
	// HostPathUnset: no check.
	HostPathUnset HostPathType = ""
	// HostPathDirectoryOrCreate: a directory, created (0755) if missing.
	HostPathDirectoryOrCreate HostPathType = "DirectoryOrCreate"
	// HostPathDirectory: an existing directory.
	HostPathDirectory HostPathType = "Directory"
	// HostPathFileOrCreate: a file, created empty (0644) if missing.
	HostPathFileOrCreate HostPathType = "FileOrCreate"
	// HostPathFile: an existing file.
	HostPathFile HostPathType = "File"
	// HostPathSocket: an existing UNIX socket.
	HostPathSocket HostPathType = "Socket"
	// HostPathCharDev: an existing character device.
	HostPathCharDev HostPathType = "CharDevice"
	// HostPathBlockDev: an existing block device.
	HostPathBlockDev HostPathType = "BlockDevice"
)

// EmptyDirVolumeSource is a directory that starts empty and lives as long
// as the pod.
type EmptyDirVolumeSource struct {
	Medium StorageMedium `json:"medium,omitempty"`
	// SizeLimit bounds the storage the volume may use.
	SizeLimit *resource.Quantity `json:"sizeLimit,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// StorageMedium is what backs an emptyDir volume.
type StorageMedium string

// The storage media.
const (
	// StorageMediumDefault: the node's default medium (its disk).
	StorageMediumDefault StorageMedium = ""
	// StorageMediumMemory: memory (tmpfs).
	StorageMediumMemory StorageMedium = "Memory"
	// StorageMediumHugePages: huge pages.
	StorageMediumHugePages StorageMedium = "HugePages"
	// StorageMediumHugePagesPrefix prefixes a sized huge pages medium,
	// as in HugePages-2Mi.
	StorageMediumHugePagesPrefix StorageMedium = "HugePages-"
)

// GCEPersistentDiskVolumeSource mounts a Google Compute Engine persistent
// disk (deprecated; the pd.csi.storage.gke.io CSI driver replaces it).
type GCEPersistentDiskVolumeSource struct {
	PDName    string `json:"pdName"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// AWSElasticBlockStoreVolumeSource mounts an AWS EBS volume (deprecated;
// the ebs.csi.aws.com CSI driver replaces it).
type AWSElasticBlockStoreVolumeSource struct {
	VolumeID  string `json:"volumeID"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// GitRepoVolumeSource clones a git repository into an empty directory
// (deprecated; an init container that clones replaces it).
type GitRepoVolumeSource struct {
	Repository string `json:"repository"`
	Revision   string `json:"revision,omitempty"`
	Directory  string `json:"directory,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SecretVolumeSource is a volume of files holding a Secret's keys.
type SecretVolumeSource struct {
	SecretName string `json:"secretName,omitempty"`
	// Items picks keys and their paths; empty projects every key to a
	// file of its name.
	Items []KeyToPath `json:"items,omitempty"`
	// DefaultMode is the files' permission bits (default 0644).
	DefaultMode *int32 `json:"defaultMode,omitempty"`
	Optional    *bool  `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// The permission bits a volume's files get when its DefaultMode is unset.
const (
	SecretVolumeSourceDefaultMode      int32 = 0o644
	ConfigMapVolumeSourceDefaultMode   int32 = 0o644
	DownwardAPIVolumeSourceDefaultMode int32 = 0o644
	ProjectedVolumeSourceDefaultMode   int32 = 0o644
)

// NFSVolumeSource mounts an NFS export.
type NFSVolumeSource struct {
	Server   string `json:"server"`
	Path     string `json:"path"`
	ReadOnly bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ISCSIVolumeSource mounts an iSCSI disk.
type ISCSIVolumeSource struct {
	TargetPortal      string                `json:"targetPortal"`
	IQN               string                `json:"iqn"`
	Lun               int32                 `json:"lun"`
	ISCSIInterface    string                `json:"iscsiInterface,omitempty"`
	FSType            string                `json:"fsType,omitempty"`
	ReadOnly          bool                  `json:"readOnly,omitempty"`
	Portals           []string              `json:"portals,omitempty"`
	DiscoveryCHAPAuth bool                  `json:"chapAuthDiscovery,omitempty"`
	SessionCHAPAuth   bool                  `json:"chapAuthSession,omitempty"`
	SecretRef         *LocalObjectReference `json:"secretRef,omitempty"`
	InitiatorName     *string               `json:"initiatorName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// GlusterfsVolumeSource mounts a GlusterFS volume (deprecated; removed
// from the kubelet).
type GlusterfsVolumeSource struct {
	EndpointsName string `json:"endpoints"`
	Path          string `json:"path"`
	ReadOnly      bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PersistentVolumeClaimVolumeSource mounts the volume bound to a
// PersistentVolumeClaim in the pod's namespace.
type PersistentVolumeClaimVolumeSource struct {
	ClaimName string `json:"claimName"`
	ReadOnly  bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// RBDVolumeSource mounts a Ceph RADOS block device (deprecated).
type RBDVolumeSource struct {
	CephMonitors []string              `json:"monitors"`
	RBDImage     string                `json:"image"`
	FSType       string                `json:"fsType,omitempty"`
	RBDPool      string                `json:"pool,omitempty"`
	RadosUser    string                `json:"user,omitempty"`
	Keyring      string                `json:"keyring,omitempty"`
	SecretRef    *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly     bool                  `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// FlexVolumeSource mounts a volume through an exec-based FlexVolume
// driver (deprecated; CSI replaces it).
type FlexVolumeSource struct {
	Driver    string                `json:"driver"`
	FSType    string                `json:"fsType,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	Options   map[string]string     `json:"options,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// CinderVolumeSource mounts an OpenStack Cinder volume (deprecated; the
// cinder.csi.openstack.org CSI driver replaces it).
type CinderVolumeSource struct {
	VolumeID  string                `json:"volumeID"`
	FSType    string                `json:"fsType,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// CephFSVolumeSource mounts a CephFS filesystem (deprecated).
type CephFSVolumeSource struct {
	Monitors   []string              `json:"monitors"`
	Path       string                `json:"path,omitempty"`
	User       string                `json:"user,omitempty"`
	SecretFile string                `json:"secretFile,omitempty"`
	SecretRef  *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly   bool                  `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// FlockerVolumeSource mounts a Flocker dataset, by name or by UUID
// (deprecated).
type FlockerVolumeSource struct {
	DatasetName string `json:"datasetName,omitempty"`
	DatasetUUID string `json:"datasetUUID,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// FCVolumeSource mounts a Fibre Channel disk, by target WWNs and LUN or by
// WWIDs.
type FCVolumeSource struct {
	TargetWWNs []string `json:"targetWWNs,omitempty"`
	Lun        *int32   `json:"lun,omitempty"`
	FSType     string   `json:"fsType,omitempty"`
	ReadOnly   bool     `json:"readOnly,omitempty"`
	WWIDs      []string `json:"wwids,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// AzureFileVolumeSource mounts an Azure File share (deprecated; the
// file.csi.azure.com CSI driver replaces it).
type AzureFileVolumeSource struct {
	SecretName string `json:"secretName"`
	ShareName  string `json:"shareName"`
	ReadOnly   bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// VsphereVirtualDiskVolumeSource mounts a vSphere virtual disk
// (deprecated; the csi.vsphere.vmware.com CSI driver replaces it).
type VsphereVirtualDiskVolumeSource struct {
	VolumePath        string `json:"volumePath"`
	FSType            string `json:"fsType,omitempty"`
	StoragePolicyName string `json:"storagePolicyName,omitempty"`
	StoragePolicyID   string `json:"storagePolicyID,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// QuobyteVolumeSource mounts a Quobyte volume (deprecated).
type QuobyteVolumeSource struct {
	Registry string `json:"registry"`
	Volume   string `json:"volume"`
	ReadOnly bool   `json:"readOnly,omitempty"`
	User     string `json:"user,omitempty"`
	Group    string `json:"group,omitempty"`
	Tenant   string `json:"tenant,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// AzureDiskVolumeSource mounts an Azure data disk (deprecated; the
// disk.csi.azure.com CSI driver replaces it).
type AzureDiskVolumeSource struct {
	DiskName    string                    `json:"diskName"`
	DataDiskURI string                    `json:"diskURI"`
	CachingMode *AzureDataDiskCachingMode `json:"cachingMode,omitempty"`
	FSType      *string                   `json:"fsType,omitempty"`
	ReadOnly    *bool                     `json:"readOnly,omitempty"`
	Kind        *AzureDataDiskKind        `json:"kind,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// AzureDataDiskCachingMode is the host caching mode of an Azure disk.
type AzureDataDiskCachingMode string

// The Azure disk caching modes.
const (
	AzureDataDiskCachingNone      AzureDataDiskCachingMode = "None"
	AzureDataDiskCachingReadOnly  AzureDataDiskCachingMode = "ReadOnly"
	AzureDataDiskCachingReadWrite AzureDataDiskCachingMode = "ReadWrite"
)

// AzureDataDiskKind is the kind of an Azure disk.
type AzureDataDiskKind string

// The Azure disk kinds.
const (
	AzureSharedBlobDisk    AzureDataDiskKind = "Shared"
	AzureDedicatedBlobDisk AzureDataDiskKind = "Dedicated"
	AzureManagedDisk       AzureDataDiskKind = "Managed"
)

// PhotonPersistentDiskVolumeSource mounts a Photon Controller persistent
// disk (deprecated).
type PhotonPersistentDiskVolumeSource struct {
	PdID   string `json:"pdID"`
	FSType string `json:"fsType,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PortworxVolumeSource mounts a Portworx volume (deprecated; the
// pxd.portworx.com CSI driver replaces it).
type PortworxVolumeSource struct {
	VolumeID string `json:"volumeID"`
	FSType   string `json:"fsType,omitempty"`
	ReadOnly bool   `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ScaleIOVolumeSource mounts a ScaleIO volume (deprecated).
type ScaleIOVolumeSource struct {
	Gateway          string                `json:"gateway"`
	System           string                `json:"system"`
	SecretRef        *LocalObjectReference `json:"secretRef"`
	SSLEnabled       bool                  `json:"sslEnabled,omitempty"`
	ProtectionDomain string                `json:"protectionDomain,omitempty"`
	StoragePool      string                `json:"storagePool,omitempty"`
	StorageMode      string                `json:"storageMode,omitempty"`
	VolumeName       string                `json:"volumeName,omitempty"`
	FSType           string                `json:"fsType,omitempty"`
	ReadOnly         bool                  `json:"readOnly,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// StorageOSVolumeSource mounts a StorageOS volume (deprecated).
type StorageOSVolumeSource struct {
	VolumeName      string                `json:"volumeName,omitempty"`
	VolumeNamespace string                `json:"volumeNamespace,omitempty"`
	FSType          string                `json:"fsType,omitempty"`
	ReadOnly        bool                  `json:"readOnly,omitempty"`
	SecretRef       *LocalObjectReference `json:"secretRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ConfigMapVolumeSource is a volume of files holding a ConfigMap's keys.
type ConfigMapVolumeSource struct {
	LocalObjectReference `json:""`
	// Items picks keys and their paths; empty projects every key to a
	// file of its name.
	Items []KeyToPath `json:"items,omitempty"`
	// DefaultMode is the files' permission bits (default 0644).
	DefaultMode *int32 `json:"defaultMode,omitempty"`
	Optional    *bool  `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// DownwardAPIVolumeSource is a volume of files holding pod fields and
// container resources.
type DownwardAPIVolumeSource struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
	// DefaultMode is the files' permission bits (default 0644).
	DefaultMode *int32 `json:"defaultMode,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// DownwardAPIVolumeFile is one file of a downward API volume or
// projection; exactly one of FieldRef and ResourceFieldRef is set.
type DownwardAPIVolumeFile struct {
	// Path is relative, without '..'.
	Path             string                 `json:"path"`
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	// Mode is the file's permission bits; the volume's DefaultMode when
	// nil.
	Mode *int32 `json:"mode,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// KeyToPath maps a ConfigMap or Secret key to a file path in the volume.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	// Mode is the file's permission bits; the volume's DefaultMode when
	// nil.
	Mode *int32 `json:"mode,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// CSIVolumeSource is an inline ephemeral volume provided by a CSI driver.
type CSIVolumeSource struct {
	Driver   string  `json:"driver"`
	ReadOnly *bool   `json:"readOnly,omitempty"`
	FSType   *string `json:"fsType,omitempty"`
	// VolumeAttributes are driver-specific properties.
	VolumeAttributes map[string]string `json:"volumeAttributes,omitempty"`
	// NodePublishSecretRef names the Secret passed to the driver's
	// NodePublishVolume call.
	NodePublishSecretRef *LocalObjectReference `json:"nodePublishSecretRef,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// EphemeralVolumeSource is a volume whose PersistentVolumeClaim is made
// for the pod from a template and deleted with it.
type EphemeralVolumeSource struct {
	VolumeClaimTemplate *PersistentVolumeClaimTemplate `json:"volumeClaimTemplate,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PersistentVolumeClaimTemplate is the template of the claim an ephemeral
// volume creates, named <pod name>-<volume name>.
type PersistentVolumeClaimTemplate struct {
	ObjectMeta meta.ObjectMeta           `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec `json:"spec"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PersistentVolumeClaimSpec is what a PersistentVolumeClaim asks for: the
// access modes, size, storage class and data source of its volume.
type PersistentVolumeClaimSpec struct {
	AccessModes []PersistentVolumeAccessMode `json:"accessModes,omitempty"`
	// Selector narrows the volumes the claim may bind to.
	Selector  *selector.LabelSelector    `json:"selector,omitempty"`
	Resources VolumeResourceRequirements `json:"resources,omitempty"`
	// VolumeName binds the claim to one PersistentVolume.
	VolumeName       string  `json:"volumeName,omitempty"`
	StorageClassName *string `json:"storageClassName,omitempty"`
	// VolumeMode is Filesystem (the default) or Block.
	VolumeMode *PersistentVolumeMode `json:"volumeMode,omitempty"`
	// DataSource fills the new volume from a snapshot or another claim.
	DataSource *TypedLocalObjectReference `json:"dataSource,omitempty"`
	// DataSourceRef fills the new volume from any populator object,
	// possibly in another namespace.
	DataSourceRef             *TypedObjectReference `json:"dataSourceRef,omitempty"`
	VolumeAttributesClassName *string               `json:"volumeAttributesClassName,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PersistentVolumeAccessMode is how a volume may be mounted.
type PersistentVolumeAccessMode string

// The access modes.
const (
	// ReadWriteOnce: read-write by the pods of one node.
	ReadWriteOnce PersistentVolumeAccessMode = "ReadWriteOnce"
	// ReadOnlyMany: read-only by many nodes.
	ReadOnlyMany PersistentVolumeAccessMode = "ReadOnlyMany"
	// ReadWriteMany: read-write by many nodes.
	ReadWriteMany PersistentVolumeAccessMode = "ReadWriteMany"
	// ReadWriteOncePod: read-write by a single pod.
	ReadWriteOncePod PersistentVolumeAccessMode = "ReadWriteOncePod"
)

// PersistentVolumeMode says whether a volume holds a filesystem or is a
// raw block device.
type PersistentVolumeMode string

// The volume modes.
const (
	PersistentVolumeBlock      PersistentVolumeMode = "Block"
	PersistentVolumeFilesystem PersistentVolumeMode = "Filesystem"
)

// ImageVolumeSource mounts the content of an OCI image or artifact,
// read-only.
type ImageVolumeSource struct {
	// Reference is the image reference, as for a container image.
	Reference string `json:"reference,omitempty"`
	// PullPolicy says when the image is pulled (Always for :latest,
	// IfNotPresent otherwise, by default).
	PullPolicy PullPolicy `json:"pullPolicy,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
