package jobapi

import (
	"time"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// The object metadata types live in package meta, which the pod types
// share without importing jobapi; jobapi keeps their names as aliases.

// TypeMeta names the kind and API version of an object: the `kind` and
// `apiVersion` members every Kubernetes object carries. In a hub [Job]
// returned by conversion.Decode, APIVersion is the version the manifest
// was written in. It is [meta.TypeMeta].
type TypeMeta = meta.TypeMeta

// UID is the unique identifier the API server gives an object at
// creation. It is [meta.UID].
type UID = meta.UID

// ObjectMeta is the `metadata` of an object. It is [meta.ObjectMeta].
type ObjectMeta = meta.ObjectMeta

// OwnerReference names an object that owns this one, such as the Job that
// owns a pod. It is [meta.OwnerReference].
type OwnerReference = meta.OwnerReference

// ManagedFieldsEntry is one entry of `metadata.managedFields`. It is
// [meta.ManagedFieldsEntry].
type ManagedFieldsEntry = meta.ManagedFieldsEntry

// Time is a timestamp as the API writes it: RFC 3339 in UTC to the second.
// It is [meta.Time].
type Time = meta.Time

// NewTime returns t in UTC truncated to the second, the form Time keeps.
func NewTime(t time.Time) Time { return meta.NewTime(t) }

// Unknown holds the JSON members a type does not model. It is
// [meta.Unknown].
type Unknown = meta.Unknown

// RawJSON is a JSON value kept as text. It is [meta.RawJSON].
type RawJSON = meta.RawJSON
