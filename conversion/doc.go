// Package conversion reads Job manifests in any supported version into
// the hub type jobapi.Job, and writes hub Jobs in any supported version;
// likewise batch/v1 CronJobs ([DecodeCronJob], [EncodeCronJob], the hub
// type jobapi.CronJob).
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
// level (see meta.Unknown) and written back by Encode.
//
// Bad input is an error, never a panic: malformed YAML or JSON, an empty
// document, a document that is not an object, an unknown apiVersion or
// kind, a value of the wrong type and an integer out of range are
// reported with the field's path (as field.Errors, which
// field.AsErrorList returns). Input is bounded ([DefaultMaxBytes], see
// [WithMaxBytes]); YAML alias bombs are rejected by the YAML parser's
// alias limits before they can expand.
//
// Manifest streams: [DecodeAll] reads what kubectl's -f reads — a
// multi-document YAML stream, a stream of JSON objects, the items of a
// List — and returns every object with its [Source] (file, document
// number, line): Jobs and batch/v1 CronJobs decoded into the hub, v1 Pods
// and PodTemplates into package core's types (each with its version's
// defaults), every other kind left as it is, in JSON, to be written back
// unchanged. A value that does not decode (a wrong type, a quantity that
// does not parse) is the API server's 400 for each of these kinds
// ([Document.Status]). [ManifestFiles] expands files and
// directories as `kubectl -f [-R]` does. [Document.Status] words a
// document's errors as the API server's Status.
//
// Field validation follows the API server's fieldValidation parameter
// (kubectl's --validate): [FieldValidationStrict] makes a field no type
// models, or a key given twice, an error naming its path ([*StrictError]:
// `strict decoding error: unknown field "spec.backofLimit"`), as
// sigs.k8s.io/yaml's UnmarshalStrict does for its own rules;
// [FieldValidationWarn] reports them as warnings and drops the unknown
// fields (jobapi.DropUnknownFields, as the API server does by default);
// [FieldValidationIgnore] keeps them — all but the members of a label
// selector, which has no Unknown map (package selector sits below the
// codec) and so drops them in that mode too. DecodeAll is strict by default,
// Decode keeps unknown fields (see [WithFieldValidation]). This is the
// one place the unknown-field policy is chosen, as an API server's
// request decoder chooses it: jobapi.PrepareForCreate, like the
// server's create strategy, drops whatever is still kept without a word. An
// "unknown field" is a member that ends up in an Unknown map of the
// decoded object: until jobkit types every field of the pod spec, a valid
// Kubernetes field jobkit does not model yet is reported as unknown too.
//
// Non-goals: decoding kinds other than Job, CronJob, Pod and PodTemplate
// (they are carried as JSON), other versions, and validation (package
// jobapi's job).
package conversion
