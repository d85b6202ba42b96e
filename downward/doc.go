// Package downward implements the Kubernetes downward API as the kubelet and
// the API server see it: the fieldPaths a pod may read about itself, where
// each may be used, what value each resolves to, and the file format the
// kubelet writes for a whole label or annotation map.
//
// The model: a fieldPath such as `metadata.name` or
// `metadata.annotations['batch.kubernetes.io/job-completion-index']` is parsed
// into a [Path], a small comparable value. The grammar is package
// jobapi/fieldpath's, shared with jobapi's validation. [Parse] accepts
// exactly the fieldPaths the API server converts for a v1 pod (the subscripted forms
// `metadata.labels['KEY']` and `metadata.annotations['KEY']` with KEY a
// qualified name, annotation keys checked lower-cased, and the plain fields
// of [Field]); [Path.String] prints the canonical form, which parses back to
// an equal Path.
//
// Parsing does not say where a path may be used: [Path.AllowedIn] says
// whether an env var's `valueFrom.fieldRef` ([EnvVar]) or a downwardAPI
// volume item ([VolumeFile]) may read it, by the API server's rules.
// [ValidateFieldRef] reports a misuse with the field paths and error types
// the API server uses, and [ValidatePodSpec] applies it to every env var and
// downwardAPI volume item of a pod spec (jobapi.Validate and
// jobapi.ValidatePodSpec make the same checks among all the others).
// [Path.Resolve] returns the value the kubelet exposes for a path in a
// [jobapi.Pod]; a missing label or annotation key gives "" as in
// Kubernetes, or an error with [Strict].
//
// [FormatMap] writes the whole-map format of `metadata.labels` and
// `metadata.annotations` volume items byte for byte as the kubelet does
// (keys sorted byte-wise, `key="value"` with Go string quoting, lines joined
// by "\n", no final newline); [ParseMap] and [ReadMap] read it back without
// loss.
//
// Non-goals: resourceFieldRef (container resource limits and requests),
// projected volumes and ephemeral containers (jobapi keeps them unmodeled),
// and any fieldPath the API server does not accept. The unquoted form
// `metadata.annotations[KEY]` sketched in early designs was never accepted by
// Kubernetes and is refused with an error that shows the form to write.
//
// Subpackage worklist turns work lists into an Indexed Job whose pods read
// their completion index through this package's fieldPaths.
package downward
