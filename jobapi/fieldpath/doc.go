// Package fieldpath is the grammar of the downward API's fieldPaths, as a
// v1.36 API server converts and validates them: which pod fields a
// `fieldRef` may name ([Parse], [Path]), where each may be read ([Use],
// [Path.AllowedIn]) and the field errors the API server reports for a bad
// `fieldRef` ([ValidateFieldRef]).
//
// The model: a fieldPath such as `metadata.name` or
// `metadata.annotations['batch.kubernetes.io/job-completion-index']` is
// parsed into a [Path], a small comparable value: a [Field] and, for
// `metadata.labels` and `metadata.annotations`, an optional key (a
// qualified name by package jobapi/validation's rule; annotation keys
// checked lower-cased). [Parse] accepts exactly the fieldPaths the API
// server's conversion accepts for a v1 pod, `spec.host` included (it
// becomes `spec.nodeName`).
//
// It is a leaf package (it imports only jobapi/field and
// jobapi/validation) so that package jobapi validates fieldRefs with it
// while package downward, which imports jobapi, builds on it: downward's
// Parse, Path and ValidateFieldRef are this package's.
//
// Non-goals: resolving a path against a pod (package downward does that)
// and resourceFieldRef.
package fieldpath
