package core

// Sources returns the JSON names of the sources set in s, in field order:
// none for a volume that defaulting has not yet given an emptyDir, one
// for a valid volume, more for one that validation refuses.
func (s *VolumeSource) Sources() []string {
	var out []string
	add := func(set bool, name string) {
		if set {
			out = append(out, name)
		}
	}
	add(s.HostPath != nil, "hostPath")
	add(s.EmptyDir != nil, "emptyDir")
	add(s.GCEPersistentDisk != nil, "gcePersistentDisk")
	add(s.AWSElasticBlockStore != nil, "awsElasticBlockStore")
	add(s.GitRepo != nil, "gitRepo")
	add(s.Secret != nil, "secret")
	add(s.NFS != nil, "nfs")
	add(s.ISCSI != nil, "iscsi")
	add(s.Glusterfs != nil, "glusterfs")
	add(s.PersistentVolumeClaim != nil, "persistentVolumeClaim")
	add(s.RBD != nil, "rbd")
	add(s.FlexVolume != nil, "flexVolume")
	add(s.Cinder != nil, "cinder")
	add(s.CephFS != nil, "cephfs")
	add(s.Flocker != nil, "flocker")
	add(s.DownwardAPI != nil, "downwardAPI")
	add(s.FC != nil, "fc")
	add(s.AzureFile != nil, "azureFile")
	add(s.ConfigMap != nil, "configMap")
	add(s.VsphereVolume != nil, "vsphereVolume")
	add(s.Quobyte != nil, "quobyte")
	add(s.AzureDisk != nil, "azureDisk")
	add(s.PhotonPersistentDisk != nil, "photonPersistentDisk")
	add(s.Projected != nil, "projected")
	add(s.PortworxVolume != nil, "portworxVolume")
	add(s.ScaleIO != nil, "scaleIO")
	add(s.StorageOS != nil, "storageos")
	add(s.CSI != nil, "csi")
	add(s.Ephemeral != nil, "ephemeral")
	add(s.Image != nil, "image")
	return out
}

// Sources returns the JSON names of the sources set in s, in field order:
// exactly one for a valid env var source.
func (s *EnvVarSource) Sources() []string {
	var out []string
	add := func(set bool, name string) {
		if set {
			out = append(out, name)
		}
	}
	add(s.FieldRef != nil, "fieldRef")
	add(s.ResourceFieldRef != nil, "resourceFieldRef")
	add(s.ConfigMapKeyRef != nil, "configMapKeyRef")
	add(s.SecretKeyRef != nil, "secretKeyRef")
	add(s.FileKeyRef != nil, "fileKeyRef")
	return out
}
