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
// Unknown.
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
	// ManagedFields is the server-side-apply bookkeeping: which manager
	// set which fields, and when.
	ManagedFields []ManagedFieldsEntry `json:"managedFields,omitempty"`

	// Unknown holds the members jobkit does not model.
	Unknown Unknown `json:"-"`
}

// ManagedFieldsEntry is one entry of `metadata.managedFields`: the fields
// one manager set through one operation, at an API version. The set of
// fields (FieldsV1, in the API server's own format when FieldsType is
// 'FieldsV1') is kept as JSON, as metav1.FieldsV1 keeps it: jobkit does
// not read it. A null fieldsV1 or time reads as nil and is left out, as
// in Kubernetes.
type ManagedFieldsEntry struct {
	Manager     string   `json:"manager,omitempty"`
	Operation   string   `json:"operation,omitempty"`
	APIVersion  string   `json:"apiVersion,omitempty"`
	Time        *Time    `json:"time,omitempty"`
	FieldsType  string   `json:"fieldsType,omitempty"`
	FieldsV1    *RawJSON `json:"fieldsV1,omitempty"`
	Subresource string   `json:"subresource,omitempty"`

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
