// Package field reports what is wrong with an API object, and where.
//
// The model is the one Kubernetes' API machinery uses: validation walks an
// object and, for every rule that fails, appends an [*Error] to an
// [ErrorList]. Each Error has a typed [ErrorType] (the machine-readable
// reason, such as [ErrorTypeInvalid]), the [Path] of the offending field
// printed in the form users write (`spec.template.metadata.labels[job-name]`),
// the rejected value, and a detail written in the API conventions' wording:
// "must be ...", "must not ...", "may not ...".
//
// An ErrorList becomes a single error with [ErrorList.ToAggregate]; the
// individual errors stay reachable through [errors.As]. A [StatusError] carries
// a list (or a NotFound, AlreadyExists or Conflict condition) as the `Status`
// object an API server returns, byte for byte.
//
// Tests should compare errors by Type and Field, not by message text: the
// text is for people and may be improved.
package field
