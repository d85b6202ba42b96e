package core

import (
	"fmt"
	"net"
	"path"
	"regexp"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

const fileModeRule = "must be a number between 0 and 0777 (octal), both inclusive"

// validateVolumes checks `volumes`: each name a DNS label, unique among the
// valid volumes before it, and its source valid. valid receives, per
// volume, whether it has no error: Kubernetes lets mounts refer only to
// those.
func validateVolumes(vols []Volume, pod *meta.ObjectMeta, at *lazyPath, opts PodValidationOptions, valid []bool, errs field.ErrorList) (field.ErrorList, []bool) {
	for i := range vols {
		v := &vols[i]
		vp := at.idx(i)
		before := len(errs)
		errs = validateVolumeSource(&v.VolumeSource, v.Name, pod, &vp, opts, errs)
		if v.Name == "" {
			errs = append(errs, field.Required(vp.at("name"), "must name the volume with a DNS label"))
		} else if !validation.IsDNSLabel(v.Name) {
			errs = append(errs, validation.ValidateDNSLabel(v.Name, vp.at("name"))...)
		}
		for j := 0; j < i; j++ {
			if valid[j] && vols[j].Name == v.Name {
				errs = append(errs, field.Duplicate(vp.at("name"), v.Name))
				break
			}
		}
		valid = append(valid, len(errs) == before)
		if c := v.PersistentVolumeClaim; c != nil && pod != nil && pod.Name != "" && claimCreatedForEphemeral(vols, pod.Name, c.ClaimName) {
			errs = append(errs, field.Invalid(vp.at("persistentVolumeClaim", "claimName"), c.ClaimName,
				"must not reference a PVC that gets created for an ephemeral volume"))
		}
	}
	return errs, valid
}

// claimCreatedForEphemeral reports whether claim is the name of the
// PersistentVolumeClaim one of vols, an ephemeral volume, has created for
// the pod podName: `<podName>-<volume name>`.
func claimCreatedForEphemeral(vols []Volume, podName, claim string) bool {
	rest, ok := strings.CutPrefix(claim, podName+"-")
	if !ok {
		return false
	}
	for i := range vols {
		if vols[i].Ephemeral != nil && vols[i].Name == rest {
			return true
		}
	}
	return false
}

// volumeSourceNames are a volume's sources in the order Kubernetes counts
// them, with the name its "more than 1 volume type" error is reported at
// (Kubernetes spells two of them differently from their JSON members:
// `cephFS` and `downwarAPI`).
var volumeSourceNames = [...]string{
	"emptyDir", "hostPath", "gitRepo", "gcePersistentDisk", "awsElasticBlockStore", "secret", "nfs",
	"iscsi", "glusterfs", "flocker", "persistentVolumeClaim", "rbd", "cinder", "cephFS", "quobyte",
	"downwarAPI", "fc", "flexVolume", "configMap", "azureFile", "vsphereVolume", "photonPersistentDisk",
	"portworxVolume", "azureDisk", "storageos", "projected", "scaleIO", "csi", "ephemeral", "image",
}

// The indexes of the sources whose own errors Kubernetes reports at
// another name than their "more than 1 volume type" error (`downwardAPI`
// and `cephfs`), and of iSCSI, whose initiator name has the volume name
// checked.
const (
	iscsiIndex       = 7
	cephFSIndex      = 13
	downwardAPIIndex = 15
)

func volumeSourcesSet(s *VolumeSource) [len(volumeSourceNames)]bool {
	return [...]bool{
		s.EmptyDir != nil, s.HostPath != nil, s.GitRepo != nil, s.GCEPersistentDisk != nil, s.AWSElasticBlockStore != nil,
		s.Secret != nil, s.NFS != nil, s.ISCSI != nil, s.Glusterfs != nil, s.Flocker != nil,
		s.PersistentVolumeClaim != nil, s.RBD != nil, s.Cinder != nil, s.CephFS != nil, s.Quobyte != nil,
		s.DownwardAPI != nil, s.FC != nil, s.FlexVolume != nil, s.ConfigMap != nil, s.AzureFile != nil,
		s.VsphereVolume != nil, s.PhotonPersistentDisk != nil, s.PortworxVolume != nil, s.AzureDisk != nil,
		s.StorageOS != nil, s.Projected != nil, s.ScaleIO != nil, s.CSI != nil, s.Ephemeral != nil, s.Image != nil,
	}
}

// validateVolumeSource checks that exactly one source is set, as
// Kubernetes' validateVolumeSource does: it walks the sources in its order,
// validates the first one set where it meets it, and reports every later
// one as Forbidden at its name. An iSCSI source with an initiator name
// also has its volume name checked, first or not.
func validateVolumeSource(s *VolumeSource, volName string, pod *meta.ObjectMeta, vp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	n := 0
	for k, set := range volumeSourcesSet(s) {
		if !set {
			continue
		}
		if n > 0 {
			errs = append(errs, field.Forbidden(vp.at(volumeSourceNames[k]),
				"may not specify more than 1 volume type: a volume has exactly one source"))
		} else {
			n++
			errs = validateOneVolumeSource(s, k, volName, pod, vp, opts, errs)
		}
		if k == iscsiIndex && s.ISCSI.InitiatorName != nil && len(volName)+1+len(s.ISCSI.TargetPortal) > 64 {
			errs = append(errs, field.Invalid(vp.at("name"), volName,
				"Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified."))
		}
	}
	if n == 0 {
		return append(errs, field.Required(vp.path(), "must specify a volume type, such as emptyDir, configMap or secret"))
	}
	return errs
}

// validateOneVolumeSource validates the source volumeSourceNames[k] of s.
func validateOneVolumeSource(s *VolumeSource, k int, volName string, pod *meta.ObjectMeta, vp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	name := volumeSourceNames[k]
	switch k {
	case downwardAPIIndex:
		name = "downwardAPI"
	case cephFSIndex:
		name = "cephfs"
	}
	sp := vp.child(name)
	switch volumeSourceNames[k] {
	case "emptyDir":
		if l := s.EmptyDir.SizeLimit; l != nil && l.Sign() < 0 {
			errs = append(errs, field.Forbidden(sp.at("sizeLimit"), "must be a valid, non-negative resource quantity"))
		}
	case "hostPath":
		errs = validateHostPath(s.HostPath, &sp, errs)
	case "gitRepo":
		if s.GitRepo.Repository == "" {
			errs = append(errs, field.Required(sp.at("repository"), "must give the repository URL"))
		}
		errs = validateLocalDescendingPath(s.GitRepo.Directory, func() *field.Path { return sp.at("directory") }, errs)
	case "secret":
		if s.Secret.SecretName == "" {
			errs = append(errs, field.Required(sp.at("secretName"), "must name the Secret"))
		}
		errs = validateMode(s.Secret.DefaultMode, &sp, "defaultMode", errs)
		errs = validateKeyToPaths(s.Secret.Items, &sp, errs)
	case "persistentVolumeClaim":
		if s.PersistentVolumeClaim.ClaimName == "" {
			errs = append(errs, field.Required(sp.at("claimName"), "must name the PersistentVolumeClaim"))
		}
	case "downwarAPI":
		errs = validateMode(s.DownwardAPI.DefaultMode, &sp, "defaultMode", errs)
		for i := range s.DownwardAPI.Items {
			// Kubernetes reports item errors at the source, without
			// `items[i]`.
			errs = validateDownwardAPIVolumeFile(&s.DownwardAPI.Items[i], &sp, errs)
		}
	case "configMap":
		if s.ConfigMap.Name == "" {
			errs = append(errs, field.Required(sp.at("name"), "must name the ConfigMap"))
		}
		errs = validateMode(s.ConfigMap.DefaultMode, &sp, "defaultMode", errs)
		errs = validateKeyToPaths(s.ConfigMap.Items, &sp, errs)
	case "projected":
		errs = validateMode(s.Projected.DefaultMode, &sp, "defaultMode", errs)
		errs = validateProjections(s.Projected, &sp, opts, errs)
	case "nfs":
		if s.NFS.Server == "" {
			errs = append(errs, field.Required(sp.at("server"), "must name the NFS server"))
		}
		if s.NFS.Path == "" {
			errs = append(errs, field.Required(sp.at("path"), "must give the exported path"))
		}
		if !path.IsAbs(s.NFS.Path) {
			errs = append(errs, field.Invalid(sp.at("path"), s.NFS.Path, "must be an absolute path"))
		}
	case "csi":
		errs = validateCSIDriverName(s.CSI.Driver, &sp, errs)
		if r := s.CSI.NodePublishSecretRef; r != nil {
			if r.Name == "" {
				errs = append(errs, field.Required(sp.at("nodePublishSecretRef", "name"), "must name the Secret"))
			} else if !validation.IsDNSSubdomain(r.Name) {
				// Kubernetes reports this one at `csi.name`.
				errs = append(errs, validation.ValidateDNSSubdomain(r.Name, sp.at("name"))...)
			}
		}
	case "glusterfs":
		errs = requireAll(&sp, errs, "endpoints", s.Glusterfs.EndpointsName, "path", s.Glusterfs.Path)
	case "rbd":
		if len(s.RBD.CephMonitors) == 0 {
			errs = append(errs, field.Required(sp.at("monitors"), "must list the Ceph monitors"))
		}
		errs = requireAll(&sp, errs, "image", s.RBD.RBDImage)
	case "cinder":
		errs = requireAll(&sp, errs, "volumeID", s.Cinder.VolumeID)
		if r := s.Cinder.SecretRef; r != nil && r.Name == "" {
			errs = append(errs, field.Required(sp.at("secretRef", "name"), "must name the Secret"))
		}
	case "cephFS":
		if len(s.CephFS.Monitors) == 0 {
			errs = append(errs, field.Required(sp.at("monitors"), "must list the Ceph monitors"))
		}
	case "azureFile":
		errs = requireAll(&sp, errs, "secretName", s.AzureFile.SecretName, "shareName", s.AzureFile.ShareName)
	case "vsphereVolume":
		errs = requireAll(&sp, errs, "volumePath", s.VsphereVolume.VolumePath)
	case "gcePersistentDisk":
		// Kubernetes reports these at `persistentDisk`.
		pd := vp.child("persistentDisk")
		errs = requireAll(&pd, errs, "pdName", s.GCEPersistentDisk.PDName)
		if p := s.GCEPersistentDisk.Partition; p < 0 || p > 255 {
			errs = append(errs, field.Invalid(pd.at("partition"), p, "must be between 0 and 255, inclusive"))
		}
	case "awsElasticBlockStore":
		errs = requireAll(&sp, errs, "volumeID", s.AWSElasticBlockStore.VolumeID)
		if p := s.AWSElasticBlockStore.Partition; p < 0 || p > 255 {
			errs = append(errs, field.Invalid(sp.at("partition"), p, "must be between 0 and 255, inclusive"))
		}
	case "photonPersistentDisk":
		errs = requireAll(&sp, errs, "pdID", s.PhotonPersistentDisk.PdID)
	case "portworxVolume":
		errs = requireAll(&sp, errs, "volumeID", s.PortworxVolume.VolumeID)
	case "flocker":
		f := s.Flocker
		if f.DatasetName == "" && f.DatasetUUID == "" {
			errs = append(errs, field.Required(sp.path(), "one of datasetName and datasetUUID is required"))
		}
		if f.DatasetName != "" && f.DatasetUUID != "" {
			errs = append(errs, field.Invalid(sp.path(), "resource", "datasetName and datasetUUID can not be specified simultaneously"))
		}
		if strings.Contains(f.DatasetName, "/") {
			errs = append(errs, field.Invalid(sp.at("datasetName"), f.DatasetName, "must not contain '/'"))
		}
	case "iscsi":
		errs = validateISCSI(s.ISCSI, &sp, errs)
	case "flexVolume":
		errs = requireAll(&sp, errs, "driver", s.FlexVolume.Driver)
		start := len(errs)
		for k := range s.FlexVolume.Options {
			ns, _, _ := strings.Cut(k, "/")
			if n := "." + strings.ToLower(ns); strings.HasSuffix(n, ".kubernetes.io") || strings.HasSuffix(n, ".k8s.io") {
				errs = append(errs, field.Invalid(sp.at("options").Key(k), k, "kubernetes.io and k8s.io namespaces are reserved"))
			}
		}
		sortFrom(errs, start)
	case "fc":
		fc := s.FC
		if len(fc.TargetWWNs) == 0 && len(fc.WWIDs) == 0 {
			errs = append(errs, field.Required(sp.at("targetWWNs"), "must specify either targetWWNs or wwids, but not both"))
		}
		if len(fc.TargetWWNs) != 0 && len(fc.WWIDs) != 0 {
			errs = append(errs, field.Invalid(sp.at("targetWWNs"), fc.TargetWWNs, "targetWWNs and wwids can not be specified simultaneously"))
		}
		if len(fc.TargetWWNs) != 0 {
			if fc.Lun == nil {
				errs = append(errs, field.Required(sp.at("lun"), "lun is required if targetWWNs is specified"))
			} else if *fc.Lun < 0 || *fc.Lun > 255 {
				errs = append(errs, field.Invalid(sp.at("lun"), *fc.Lun, "must be between 0 and 255, inclusive"))
			}
		}
	case "azureDisk":
		errs = validateAzureDisk(s.AzureDisk, &sp, errs)
	case "quobyte":
		qb := s.Quobyte
		switch {
		case qb.Registry == "":
			errs = append(errs, field.Required(sp.at("registry"), "must be a host:port pair or multiple pairs separated by commas"))
		case len(qb.Tenant) >= 65:
			errs = append(errs, field.Required(sp.at("tenant"), "must be a UUID and may not exceed a length of 64 characters"))
		default:
			for pair := range strings.SplitSeq(qb.Registry, ",") {
				if _, _, err := net.SplitHostPort(pair); err != nil {
					errs = append(errs, field.Invalid(sp.at("registry"), qb.Registry, "must be a host:port pair or multiple pairs separated by commas"))
				}
			}
		}
		errs = requireAll(&sp, errs, "volume", qb.Volume)
	case "scaleIO":
		errs = requireAll(&sp, errs, "gateway", s.ScaleIO.Gateway, "system", s.ScaleIO.System, "volumeName", s.ScaleIO.VolumeName)
	case "storageos":
		so := s.StorageOS
		if so.VolumeName == "" {
			errs = append(errs, field.Required(sp.at("volumeName"), "must be set"))
		} else if !validation.IsDNSLabel(so.VolumeName) {
			errs = append(errs, validation.ValidateDNSLabel(so.VolumeName, sp.at("volumeName"))...)
		}
		if so.VolumeNamespace != "" && !validation.IsDNSLabel(so.VolumeNamespace) {
			errs = append(errs, validation.ValidateDNSLabel(so.VolumeNamespace, sp.at("volumeNamespace"))...)
		}
		if so.SecretRef != nil && so.SecretRef.Name == "" {
			errs = append(errs, field.Required(sp.at("secretRef", "name"), "must name the Secret"))
		}
	case "ephemeral":
		if s.Ephemeral.VolumeClaimTemplate == nil {
			errs = append(errs, field.Required(sp.at("volumeClaimTemplate"), "must give the PersistentVolumeClaim to create"))
		} else {
			tp := sp.child("volumeClaimTemplate")
			errs = validateClaimTemplate(s.Ephemeral.VolumeClaimTemplate, &tp, errs)
		}
		// In a pod, the claim the volume gets is named after the pod and
		// the volume: that name must be a valid PVC name (a DNS subdomain).
		if pod != nil && pod.Name != "" && volName != "" {
			claim := pod.Name + "-" + volName
			for _, p := range validation.DNSSubdomainProblems(claim) {
				errs = append(errs, field.Invalid(vp.at("name"), volName, fmt.Sprintf("must make a valid PersistentVolumeClaim name %q for the ephemeral volume: %s", claim, p)))
			}
		}
	case "image":
		if pod != nil && s.Image.Reference == "" {
			errs = append(errs, field.Required(sp.at("reference"), "must be set in a pod: the image to mount"))
		}
		switch s.Image.PullPolicy {
		case PullAlways, PullIfNotPresent, PullNever:
		case "":
			errs = append(errs, field.Required(sp.at("pullPolicy"), "must be set: defaulting sets it from the reference"))
		default:
			errs = append(errs, field.NotSupported(sp.at("pullPolicy"), s.Image.PullPolicy, []PullPolicy{PullAlways, PullIfNotPresent, PullNever}))
		}
	}
	return errs
}

// The shapes of iSCSI qualified names.
var (
	iqnPattern = regexp.MustCompile(`iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$`)
	euiPattern = regexp.MustCompile(`^eui.[[:alnum:]]{16}$`)
	naaPattern = regexp.MustCompile(`^naa.[[:alnum:]]{32}$`)
)

// iscsiNameProblem says what is wrong with an iSCSI qualified name, or "".
func iscsiNameProblem(n string) string {
	switch {
	case strings.HasPrefix(n, "iqn"):
		if !iqnPattern.MatchString(n) {
			return "must be valid format: iqn.YYYY-MM.reversed.domain:name"
		}
	case strings.HasPrefix(n, "eui"):
		if !euiPattern.MatchString(n) {
			return "must be valid format: eui. then 16 letters or digits"
		}
	case strings.HasPrefix(n, "naa"):
		if !naaPattern.MatchString(n) {
			return "must be valid format: naa. then 32 letters or digits"
		}
	default:
		return "must be valid format starting with iqn, eui, or naa"
	}
	return ""
}

func validateISCSI(is *ISCSIVolumeSource, sp *lazyPath, errs field.ErrorList) field.ErrorList {
	errs = requireAll(sp, errs, "targetPortal", is.TargetPortal, "iqn", is.IQN)
	if is.IQN != "" {
		if p := iscsiNameProblem(is.IQN); p != "" {
			errs = append(errs, field.Invalid(sp.at("iqn"), is.IQN, p))
		}
	}
	if is.Lun < 0 || is.Lun > 255 {
		errs = append(errs, field.Invalid(sp.at("lun"), is.Lun, "must be between 0 and 255, inclusive"))
	}
	if (is.DiscoveryCHAPAuth || is.SessionCHAPAuth) && is.SecretRef == nil {
		errs = append(errs, field.Required(sp.at("secretRef"), "must name the CHAP Secret"))
	}
	if is.InitiatorName != nil {
		if p := iscsiNameProblem(*is.InitiatorName); p != "" {
			errs = append(errs, field.Invalid(sp.at("initiatorname"), *is.InitiatorName, p))
		}
	}
	return errs
}

func validateAzureDisk(a *AzureDiskVolumeSource, sp *lazyPath, errs field.ErrorList) field.ErrorList {
	errs = requireAll(sp, errs, "diskName", a.DiskName, "diskURI", a.DataDiskURI)
	if m := a.CachingMode; m != nil && *m != AzureDataDiskCachingNone && *m != AzureDataDiskCachingReadOnly && *m != AzureDataDiskCachingReadWrite {
		errs = append(errs, field.NotSupported(sp.at("cachingMode"), *m,
			[]AzureDataDiskCachingMode{AzureDataDiskCachingNone, AzureDataDiskCachingReadOnly, AzureDataDiskCachingReadWrite}))
	}
	if k := a.Kind; k != nil {
		if *k != AzureSharedBlobDisk && *k != AzureDedicatedBlobDisk && *k != AzureManagedDisk {
			errs = append(errs, field.NotSupported(sp.at("kind"), *k, []AzureDataDiskKind{AzureDedicatedBlobDisk, AzureManagedDisk, AzureSharedBlobDisk}))
		}
		if *k == AzureManagedDisk && !strings.HasPrefix(a.DataDiskURI, "/subscriptions/") {
			errs = append(errs, field.NotSupported(sp.at("diskURI"), a.DataDiskURI,
				[]string{"/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"}))
		}
		if *k != AzureManagedDisk && !strings.HasPrefix(a.DataDiskURI, "https://") {
			errs = append(errs, field.NotSupported(sp.at("diskURI"), a.DataDiskURI,
				[]string{"https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"}))
		}
	}
	return errs
}

// validateClaimTemplate checks an ephemeral volume's claim template as
// Kubernetes v1.36 does: metadata with only labels and annotations, and a
// claim spec with access modes, a positive storage request, valid class
// names, volume mode and data sources.
func validateClaimTemplate(t *PersistentVolumeClaimTemplate, tp *lazyPath, errs field.ErrorList) field.ErrorList {
	m := &t.ObjectMeta
	mp := func() *field.Path { return tp.at("metadata") }
	if len(m.Annotations) > 0 {
		if len(meta.ValidateAnnotations(m.Annotations, nil)) > 0 {
			errs = append(errs, meta.ValidateAnnotations(m.Annotations, mp().Child("annotations"))...)
		}
	}
	if len(m.Labels) > 0 && len(selector.ValidateLabels(m.Labels, nil)) > 0 {
		errs = append(errs, selector.ValidateLabels(m.Labels, mp().Child("labels"))...)
	}
	// Kubernetes names these with their lower-cased Go names.
	for _, f := range [...]struct {
		name string
		set  bool
	}{
		{"name", m.Name != ""}, {"generateName", m.GenerateName != ""}, {"namespace", m.Namespace != ""},
		{"selfLink", m.SelfLink != ""}, {"uID", m.UID != ""}, {"resourceVersion", m.ResourceVersion != ""},
		{"generation", m.Generation != 0}, {"creationTimestamp", !m.CreationTimestamp.IsZero()},
		{"deletionTimestamp", m.DeletionTimestamp != nil}, {"deletionGracePeriodSeconds", m.DeletionGracePeriodSeconds != nil},
		{"ownerReferences", m.OwnerReferences != nil}, {"finalizers", m.Finalizers != nil}, {"managedFields", m.ManagedFields != nil},
	} {
		if f.set {
			errs = append(errs, field.Forbidden(mp().Child(f.name), "cannot be set: a claim template's metadata holds labels and annotations only"))
		}
	}
	s := &t.Spec
	sp := tp.child("spec")
	if len(s.AccessModes) == 0 {
		errs = append(errs, field.Required(sp.at("accessModes"), "at least 1 access mode is required"))
	}
	if s.Selector != nil && len(selector.ValidateLabelSelector(s.Selector, selector.LabelSelectorValidationOptions{}, nil)) > 0 {
		errs = append(errs, selector.ValidateLabelSelector(s.Selector, selector.LabelSelectorValidationOptions{}, sp.at("selector"))...)
	}
	rwop, other := false, false
	for _, mode := range s.AccessModes {
		switch mode {
		case ReadWriteOncePod:
			rwop = true
		case ReadWriteOnce, ReadOnlyMany, ReadWriteMany:
			other = true
		default:
			errs = append(errs, field.NotSupported(sp.at("accessModes"), mode,
				[]PersistentVolumeAccessMode{ReadOnlyMany, ReadWriteMany, ReadWriteOnce, ReadWriteOncePod}))
		}
	}
	if rwop && other {
		errs = append(errs, field.Forbidden(sp.at("accessModes"), "may not use ReadWriteOncePod with other access modes"))
	}
	if q, ok := s.Resources.Requests[ResourceStorage]; !ok {
		errs = append(errs, field.Required(sp.at("resources").Key("storage"), "must request storage, such as '1Gi'"))
	} else if q.Sign() <= 0 {
		errs = append(errs, field.Invalid(sp.at("resources").Key("storage"), q.String(), "must be greater than zero"))
	}
	if c := s.StorageClassName; c != nil && *c != "" && !validation.IsDNSSubdomain(*c) {
		errs = append(errs, validation.ValidateDNSSubdomain(*c, sp.at("storageClassName"))...)
	}
	if vm := s.VolumeMode; vm != nil && *vm != PersistentVolumeBlock && *vm != PersistentVolumeFilesystem {
		errs = append(errs, field.NotSupported(sp.at("volumeMode"), *vm, []PersistentVolumeMode{PersistentVolumeBlock, PersistentVolumeFilesystem}))
	}
	if d := s.DataSource; d != nil {
		dp := sp.child("dataSource")
		errs = validateDataSourceRef(d.Name, d.Kind, d.APIGroup, nil, &dp, errs)
	}
	if d := s.DataSourceRef; d != nil {
		dp := sp.child("dataSourceRef")
		errs = validateDataSourceRef(d.Name, d.Kind, d.APIGroup, d.Namespace, &dp, errs)
	}
	if r := s.DataSourceRef; r != nil && r.Namespace != nil && *r.Namespace != "" {
		if s.DataSource != nil {
			errs = append(errs, field.Invalid(sp.path(), "dataSource", "dataSource may not be specified when dataSourceRef.namespace is specified"))
		}
	} else if d := s.DataSource; d != nil && r != nil {
		sameGroup := d.APIGroup == nil && r.APIGroup == nil || d.APIGroup != nil && r.APIGroup != nil && *d.APIGroup == *r.APIGroup
		if !sameGroup || d.Kind != r.Kind || d.Name != r.Name {
			errs = append(errs, field.Invalid(sp.path(), "dataSource", "dataSource must match dataSourceRef"))
		}
	}
	if c := s.VolumeAttributesClassName; c != nil && *c != "" && !validation.IsDNSSubdomain(*c) {
		errs = append(errs, validation.ValidateDNSSubdomain(*c, sp.at("volumeAttributesClassName"))...)
	}
	return errs
}

// validateDataSourceRef checks a claim's dataSource or dataSourceRef: a
// name and kind, a PersistentVolumeClaim when there is no apiGroup, a DNS
// subdomain apiGroup, and a DNS label namespace.
func validateDataSourceRef(name, kind string, group, namespace *string, dp *lazyPath, errs field.ErrorList) field.ErrorList {
	errs = requireAll(dp, errs, "name", name, "kind", kind)
	g := ""
	if group != nil {
		g = *group
	}
	if g == "" && kind != "PersistentVolumeClaim" {
		errs = append(errs, field.Invalid(dp.path(), kind, "must be 'PersistentVolumeClaim' when referencing the default apiGroup"))
	}
	if g != "" && !validation.IsDNSSubdomain(g) {
		errs = append(errs, validation.ValidateDNSSubdomain(g, dp.at("apiGroup"))...)
	}
	if namespace != nil && *namespace != "" && !validation.IsDNSLabel(*namespace) {
		errs = append(errs, validation.ValidateDNSLabel(*namespace, dp.at("namespace"))...)
	}
	return errs
}

// requireAll appends a Required error at each named member whose value
// is empty; pairs are name, value.
func requireAll(sp *lazyPath, errs field.ErrorList, pairs ...string) field.ErrorList {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			errs = append(errs, field.Required(sp.at(pairs[i]), "must be set"))
		}
	}
	return errs
}

// validateCSIDriverName checks a CSI driver name: set, at most 63 bytes,
// a DNS subdomain in any case.
func validateCSIDriverName(d string, sp *lazyPath, errs field.ErrorList) field.ErrorList {
	if d == "" {
		return append(errs, field.Required(sp.at("driver"), "must name the CSI driver, such as 'csi.example.com'"))
	}
	if len(d) > 63 {
		errs = append(errs, field.TooLong(sp.at("driver"), "", 63))
	}
	if l := strings.ToLower(d); !validation.IsDNSSubdomain(l) {
		for _, e := range validation.ValidateDNSSubdomain(l, sp.at("driver")) {
			e.BadValue = d
			errs = append(errs, e)
		}
	}
	return errs
}

func validateHostPath(h *HostPathVolumeSource, sp *lazyPath, errs field.ErrorList) field.ErrorList {
	if h.Path == "" {
		return append(errs, field.Required(sp.at("path"), "must give the path on the node"))
	}
	if validation.HasBackstep(h.Path) {
		errs = append(errs, field.Invalid(sp.at("path"), h.Path, "must not contain '..'"))
	}
	if t := h.Type; t != nil {
		switch *t {
		case HostPathUnset, HostPathDirectoryOrCreate, HostPathDirectory, HostPathFileOrCreate, HostPathFile,
			HostPathSocket, HostPathCharDev, HostPathBlockDev:
		default:
			errs = append(errs, field.NotSupported(sp.at("type"), *t, []HostPathType{HostPathUnset, HostPathBlockDev,
				HostPathCharDev, HostPathDirectory, HostPathDirectoryOrCreate, HostPathFile, HostPathFileOrCreate, HostPathSocket}))
		}
	}
	return errs
}

// validateMode checks a file mode (mode or defaultMode) is between 0 and
// 0777.
func validateMode(m *int32, p *lazyPath, name string, errs field.ErrorList) field.ErrorList {
	if m != nil && (*m < 0 || *m > 0777) {
		errs = append(errs, field.Invalid(p.at(name), *m, fileModeRule))
	}
	return errs
}

// validateKeyToPaths checks the items of a secret or configMap source: a
// key, a relative path without '..', a valid mode.
func validateKeyToPaths(items []KeyToPath, sp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range items {
		ip := sp.child("items")
		kp := ip.idx(i)
		errs = validateKeyToPath(&items[i], &kp, errs)
	}
	return errs
}

func validateKeyToPath(kp *KeyToPath, p *lazyPath, errs field.ErrorList) field.ErrorList {
	if kp.Key == "" {
		errs = append(errs, field.Required(p.at("key"), "must name the key to project"))
	}
	if kp.Path == "" {
		errs = append(errs, field.Required(p.at("path"), "must give the relative file path to write the key to"))
	}
	errs = validateLocalNonReservedPath(kp.Path, func() *field.Path { return p.at("path") }, errs)
	return validateMode(kp.Mode, p, "mode", errs)
}

// validateDownwardAPIVolumeFile checks a downwardAPI item at p (Kubernetes
// reports them at their source): a relative path, exactly one of fieldRef
// (a field a volume may read) and resourceFieldRef, a valid mode.
func validateDownwardAPIVolumeFile(f *DownwardAPIVolumeFile, p *lazyPath, errs field.ErrorList) field.ErrorList {
	if f.Path == "" {
		errs = append(errs, field.Required(p.at("path"), "must give the relative file path to write"))
	}
	errs = validateLocalNonReservedPath(f.Path, func() *field.Path { return p.at("path") }, errs)
	switch {
	case f.FieldRef != nil:
		if !fieldRefValid(f.FieldRef, fieldpath.VolumeFile) {
			errs = append(errs, fieldpath.ValidateFieldRef(f.FieldRef.APIVersion, f.FieldRef.FieldPath, fieldpath.VolumeFile, p.at("fieldRef"))...)
		}
		if f.ResourceFieldRef != nil {
			errs = append(errs, field.Invalid(p.path(), "resource", "fieldRef and resourceFieldRef can not be specified simultaneously: keep one"))
		}
	case f.ResourceFieldRef != nil:
		errs = validateResourceFieldRef(f.ResourceFieldRef, true, func() *field.Path { return p.at("resourceFieldRef") }, errs)
	default:
		errs = append(errs, field.Required(p.path(), "one of fieldRef and resourceFieldRef is required"))
	}
	return validateMode(f.Mode, p, "mode", errs)
}

// validateProjections checks a projected volume's sources: one kind per
// source, each valid, and no file path written twice.
func validateProjections(pv *ProjectedVolumeSource, sp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	for i := range pv.Sources {
		src := &pv.Sources[i]
		list := sp.child("sources")
		srcp := list.idx(i)
		n := 0
		if s := src.Secret; s != nil {
			n++
			p := srcp.child("secret")
			if s.Name == "" {
				errs = append(errs, field.Required(p.at("name"), "must name the Secret"))
			}
			for j := range s.Items {
				ip := p.child("items")
				kp := ip.idx(j)
				errs = validateKeyToPath(&s.Items[j], &kp, errs)
				if s.Items[j].Path != "" && projectedPathBefore(pv, i, 0, j) {
					errs = append(errs, field.Invalid(sp.path(), s.Name, "conflicting duplicate paths: each projected file needs its own path"))
				}
			}
		}
		if s := src.ConfigMap; s != nil {
			n++
			p := srcp.child("configMap")
			if s.Name == "" {
				errs = append(errs, field.Required(p.at("name"), "must name the ConfigMap"))
			}
			for j := range s.Items {
				ip := p.child("items")
				kp := ip.idx(j)
				errs = validateKeyToPath(&s.Items[j], &kp, errs)
				if s.Items[j].Path != "" && projectedPathBefore(pv, i, 1, j) {
					errs = append(errs, field.Invalid(sp.path(), s.Name, "conflicting duplicate paths: each projected file needs its own path"))
				}
			}
		}
		if s := src.DownwardAPI; s != nil {
			n++
			p := srcp.child("downwardAPI")
			for j := range s.Items {
				errs = validateDownwardAPIVolumeFile(&s.Items[j], &p, errs)
				if s.Items[j].Path != "" && projectedPathBefore(pv, i, 2, j) {
					errs = append(errs, field.Invalid(sp.path(), s.Items[j].Path, "conflicting duplicate paths: each projected file needs its own path"))
				}
			}
		}
		if s := src.ServiceAccountToken; s != nil {
			n++
			p := srcp.child("serviceAccountToken")
			var exp int64
			if s.ExpirationSeconds != nil {
				exp = *s.ExpirationSeconds
			}
			if exp < 600 {
				errs = append(errs, field.Invalid(p.at("expirationSeconds"), exp, "may not specify a duration less than 10 minutes"))
			}
			if exp > 1<<32 {
				errs = append(errs, field.Invalid(p.at("expirationSeconds"), exp, "may not specify a duration larger than 2^32 seconds"))
			}
			// Kubernetes reports the path at the projected source itself.
			if s.Path == "" {
				errs = append(errs, field.Required(sp.at("path"), "must give the relative file path of the token"))
			} else if !opts.AllowNonLocalProjectedTokenPath {
				errs = validateLocalNonReservedPath(s.Path, func() *field.Path { return sp.at("path") }, errs)
			}
		}
		if src.ClusterTrustBundle != nil {
			n++
		}
		if src.PodCertificate != nil {
			n++
		}
		if n > 1 {
			errs = append(errs, field.Forbidden(srcp.path(), "may not specify more than 1 volume type per source: split them into several sources"))
		}
	}
	return errs
}

// projectedPathBefore reports whether the path of item j of kind k (0
// secret, 1 configMap, 2 downwardAPI) of source i was already written by
// an earlier item, in Kubernetes' order.
func projectedPathBefore(pv *ProjectedVolumeSource, i, k, j int) bool {
	target := projectedItemPath(&pv.Sources[i], k, j)
	for si := 0; si <= i; si++ {
		for sk := 0; sk < 3; sk++ {
			n := projectedItemCount(&pv.Sources[si], sk)
			if si == i && sk > k {
				break
			}
			if si == i && sk == k {
				n = j
			}
			for sj := 0; sj < n; sj++ {
				if p := projectedItemPath(&pv.Sources[si], sk, sj); p != "" && p == target {
					return true
				}
			}
		}
	}
	return false
}

func projectedItemCount(s *VolumeProjection, k int) int {
	switch {
	case k == 0 && s.Secret != nil:
		return len(s.Secret.Items)
	case k == 1 && s.ConfigMap != nil:
		return len(s.ConfigMap.Items)
	case k == 2 && s.DownwardAPI != nil:
		return len(s.DownwardAPI.Items)
	}
	return 0
}

func projectedItemPath(s *VolumeProjection, k, j int) string {
	switch k {
	case 0:
		return s.Secret.Items[j].Path
	case 1:
		return s.ConfigMap.Items[j].Path
	}
	return s.DownwardAPI.Items[j].Path
}

// validateLocalDescendingPath checks that p is relative and has no '..'
// element, as [validation.ValidateLocalDescendingPath]; at makes the path
// of errors, only when there are some.
func validateLocalDescendingPath(p string, at func() *field.Path, errs field.ErrorList) field.ErrorList {
	if validation.IsLocalDescendingPath(p) {
		return errs
	}
	return append(errs, validation.ValidateLocalDescendingPath(p, at())...)
}

// validateLocalNonReservedPath checks that p is relative, has no '..'
// element and does not start with '..'; at makes the path of errors.
func validateLocalNonReservedPath(p string, at func() *field.Path, errs field.ErrorList) field.ErrorList {
	errs = validateLocalDescendingPath(p, at, errs)
	if strings.HasPrefix(p, "..") && !strings.HasPrefix(p, "../") {
		errs = append(errs, field.Invalid(at(), p, "must not start with '..'"))
	}
	return errs
}
