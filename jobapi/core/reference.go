package core

import "github.com/jobkit/jobkit/jobapi/meta"

// ObjectReference points at another object by kind, namespace and name
// (and, to tell one incarnation from the next, uid and resourceVersion),
// as core/v1's ObjectReference does. A CronJob's `status.active` lists
// its running Jobs with it.
type ObjectReference struct {
	Kind            string   `json:"kind,omitempty"`
	Namespace       string   `json:"namespace,omitempty"`
	Name            string   `json:"name,omitempty"`
	UID             meta.UID `json:"uid,omitempty"`
	APIVersion      string   `json:"apiVersion,omitempty"`
	ResourceVersion string   `json:"resourceVersion,omitempty"`
	// FieldPath names a piece of the object instead of all of it, such
	// as `spec.containers{name}`.
	FieldPath string `json:"fieldPath,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodTemplate is the core/v1 kind of that name: a named pod template
// stored by itself, for controllers and tools to copy pods from.
type PodTemplate struct {
	meta.TypeMeta `json:""`
	ObjectMeta    meta.ObjectMeta `json:"metadata,omitempty"`
	Template      PodTemplateSpec `json:"template,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
