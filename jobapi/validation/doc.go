// Package validation holds the format rules every kind shares, each once,
// in Kubernetes' words: DNS labels and subdomains (RFC 1123), qualified
// names (label keys), label values, the keys of a ConfigMap or a Secret
// (the names of the files a volume projects them to) and local relative
// paths. It is what
// apimachinery's util/validation is to Kubernetes, and it imports nothing
// of jobkit but package field, so every validator can call it.
//
// Each rule comes in up to three forms:
//   - Is* answers yes or no without allocating, for hot paths and for
//     checking a value before a field path is built ([IsDNSLabel],
//     [IsQualifiedName], [IsLabelValue], [IsConfigMapKey],
//     [IsLocalDescendingPath]).
//   - *Problems says what is wrong, one message per problem in Kubernetes'
//     exact words and as many as Kubernetes counts (nil, without
//     allocating, when the value is valid), for callers that report at a
//     value of their own, such as a name function or a selector parser
//     ([DNSLabelProblems], [QualifiedNameProblems], [LabelValueProblems]).
//   - Validate* turns those problems into [field.ErrorTypeInvalid] errors
//     at a path, one per problem ([ValidateDNSSubdomain],
//     [ValidateQualifiedName], [ValidateLabelValue]).
//
// Kubernetes words a length limit two ways, and so does this package: the
// DNS rules of names say "must be no more than 63 characters" (as
// util/validation does), while qualified names, label values and the
// prefix of a qualified name say "must be no more than 63 bytes" (as
// api/validate/content does). Both count bytes.
//
// Non-goals: rules that belong to one kind live with that kind (the
// fields of a pod in package core, of a Job in package jobapi);
// object-metadata rules (names, generateName, annotations as a whole,
// ObjectMeta) live in package meta; label maps, label selectors and the
// selector syntax live in package selector. This package knows no types
// but strings and field paths, and keeps no state.
package validation
