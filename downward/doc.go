// Package downward implements the kubelet's side of the Kubernetes
// downward API: the value each fieldPath resolves to for a pod, and the
// file format the kubelet writes for a whole label or annotation map.
//
// The model: a fieldPath is parsed by package jobapi/fieldpath into a
// [fieldpath.Path], the grammar the API server converts (its one home,
// shared with validation). [Resolve] returns the value the kubelet exposes
// for such a path in a [core.Pod]; a missing label or annotation key gives
// "" as in Kubernetes, or an error with [Strict]. Where a path may be
// used, and the field errors for a misuse, are fieldpath's
// ([fieldpath.Path.AllowedIn], [fieldpath.ValidateFieldRef]); a whole pod
// spec is validated by package core, which applies those rules to every
// env var and downwardAPI volume item.
//
// [FormatMap] writes the whole-map format of `metadata.labels` and
// `metadata.annotations` volume items byte for byte as the kubelet does
// (keys sorted byte-wise, `key="value"` with Go string quoting, lines joined
// by "\n", no final newline); [ParseMap] and [ReadMap] read it back without
// loss.
//
// Non-goals: resourceFieldRef (container resource limits and requests),
// validation (package core owns it), and any fieldPath the API server does
// not accept.
//
// Subpackage worklist turns work lists into an Indexed Job whose pods read
// their completion index through these fieldPaths.
package downward
