package meta

// TypeMeta names the kind and API version of an object: the `kind` and
// `apiVersion` members every Kubernetes object carries. In a hub jobapi.Job
// returned by conversion.Decode, APIVersion is the version the manifest
// was written in.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// UID is the unique identifier the API server gives an object at creation.
type UID string

// ObjectMeta is the `metadata` of an object. Fields jobkit does not read
// (selfLink, deletionGracePeriodSeconds, anything newer) are kept in
// Unknown; managedFields is kept opaque.
type ObjectMeta struct {
	Name         string `json:"name,omitempty"`
	GenerateName string `json:"generateName,omitempty"`
	Namespace    string `json:"namespace,omitempty"`
	// SelfLink is deprecated and no longer set by API servers (since
	// v1.20); it is typed so that strict decoding accepts it as they do.
	SelfLink          string `json:"selfLink,omitempty"`
	UID               UID    `json:"uid,omitempty"`
	ResourceVersion   string `json:"resourceVersion,omitempty"`
	Generation        int64  `json:"generation,omitempty"`
	CreationTimestamp Time   `json:"creationTimestamp,omitzero"`
	DeletionTimestamp *Time  `json:"deletionTimestamp,omitempty"`
	// DeletionGracePeriodSeconds is the grace period of a deletion in
	// progress, set by the API server with DeletionTimestamp.
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string `json:"labels,omitempty"`
	Annotations                map[string]string `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference  `json:"ownerReferences,omitempty"`
	Finalizers                 []string          `json:"finalizers,omitempty"`
	// ManagedFields is the server-side-apply bookkeeping, kept as written.
	ManagedFields RawJSON `json:"managedFields,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// OwnerReference names an object that owns this one, such as the Job that
// owns a pod.
type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                UID    `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}
