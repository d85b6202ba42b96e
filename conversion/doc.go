// Package conversion reads Job manifests in any supported version into
// the hub type jobapi.Job, and writes hub Jobs in any supported version.
//
// The model is Kubernetes' API machinery without its scheme: each
// supported version has a wire type (packages jobapi/v1 and
// jobapi/v1beta1), version defaults, and a pair of typed converters to and
// from the hub, listed in one explicit table. [Decode] reads YAML or JSON,
// dispatches on `apiVersion` and `kind`, applies that version's defaults
// and converts to the hub; [Encode] converts the hub to the requested
// version and writes YAML with `apiVersion` and `kind` set. The supported
// versions are `batch/v1` and `extensions/v1beta1`.
//
// Conversion follows the selector-generation design. batch/v1 and the hub
// share `spec.manualSelector`, which converts as it is. extensions/v1beta1
// has `spec.autoSelector`, of opposite meaning: in both directions the
// value is taken as false when unset, negated, and left unset when the
// result is false. So a v1beta1 Job without autoSelector is a
// manual-selector Job (its selector defaults to the template's labels),
// and users of either version never see the other version's field. The
// one loss: an explicit `autoSelector: false` comes back unset (and an
// explicit hub `manualSelector: false` likewise).
//
// Nothing else is lost: members jobkit does not model are kept at every
// level (see jobapi.Unknown) and written back by Encode.
//
// Bad input is an error, never a panic: malformed YAML or JSON, an empty
// document, a document that is not an object, an unknown apiVersion or
// kind, a value of the wrong type and an integer out of range are
// reported with the field's path (as field.Errors, which
// field.AsErrorList returns). Input is bounded ([DefaultMaxBytes], see
// [WithMaxBytes]); YAML alias bombs are rejected by the YAML parser's
// alias limits before they can expand.
//
// Non-goals: other kinds, other versions, lists (split them first), and
// validation (package jobapi's job).
package conversion
