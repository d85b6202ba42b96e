package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// ProjectedVolumeSource is a volume whose files come from several sources
// into one directory.
type ProjectedVolumeSource struct {
	Sources []VolumeProjection `json:"sources"`
	// DefaultMode is the files' permission bits (default 0644).
	DefaultMode *int32 `json:"defaultMode,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// VolumeProjection is one source of a projected volume; exactly one member
// is set.
type VolumeProjection struct {
	Secret              *SecretProjection              `json:"secret,omitempty"`
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
	ClusterTrustBundle  *ClusterTrustBundleProjection  `json:"clusterTrustBundle,omitempty"`
	PodCertificate      *PodCertificateProjection      `json:"podCertificate,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SecretProjection projects a Secret's keys into a projected volume.
type SecretProjection struct {
	LocalObjectReference `json:""`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ConfigMapProjection projects a ConfigMap's keys into a projected volume.
type ConfigMapProjection struct {
	LocalObjectReference `json:""`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// DownwardAPIProjection projects pod fields and container resources into
// a projected volume.
type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ServiceAccountTokenProjection projects a token of the pod's service
// account, which the kubelet refreshes before it expires.
type ServiceAccountTokenProjection struct {
	// Audience is the token's intended audience (default: the API
	// server's).
	Audience string `json:"audience,omitempty"`
	// ExpirationSeconds is the token's requested lifetime (default 3600,
	// at least 600).
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ClusterTrustBundleProjection projects the certificates of
// ClusterTrustBundles, chosen by Name or by SignerName and LabelSelector,
// into one PEM file.
type ClusterTrustBundleProjection struct {
	Name          *string                 `json:"name,omitempty"`
	SignerName    *string                 `json:"signerName,omitempty"`
	LabelSelector *selector.LabelSelector `json:"labelSelector,omitempty"`
	Optional      *bool                   `json:"optional,omitempty"`
	Path          string                  `json:"path"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodCertificateProjection projects a private key and a certificate chain
// the kubelet obtains for the pod from a PodCertificateRequest signer.
type PodCertificateProjection struct {
	SignerName string `json:"signerName,omitempty"`
	// KeyType is the private key's algorithm (RSA3072, RSA4096,
	// ECDSAP256, ECDSAP384, ECDSAP521 or ED25519).
	KeyType              string `json:"keyType,omitempty"`
	MaxExpirationSeconds *int32 `json:"maxExpirationSeconds,omitempty"`
	// CredentialBundlePath is a file holding the key followed by the
	// chain.
	CredentialBundlePath string `json:"credentialBundlePath,omitempty"`
	KeyPath              string `json:"keyPath,omitempty"`
	CertificateChainPath string `json:"certificateChainPath,omitempty"`
	// UserAnnotations are copied into the PodCertificateRequest for the
	// signer.
	UserAnnotations map[string]string `json:"userAnnotations,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
