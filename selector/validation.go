package selector

import (
	"slices"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// ValidateLabels checks every key and value of a label map, such as
// `metadata.labels` or `spec.selector.matchLabels` (path). Like
// Kubernetes, it reports an invalid key and an invalid value both at path
// (the key or the value is the error's BadValue), so errors name the same
// field an API server names. Errors come in the order of the sorted keys. A
// valid map costs no allocation.
func ValidateLabels(labels map[string]string, path *field.Path) field.ErrorList {
	if labelsValid(labels) {
		return nil
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var errs field.ErrorList
	for _, k := range keys {
		errs = append(errs, validation.ValidateQualifiedName(k, path)...)
		errs = append(errs, validation.ValidateLabelValue(labels[k], path)...)
	}
	return errs
}

// LabelSelectorValidationOptions are the choices [ValidateLabelSelector]
// makes, as apimachinery's metav1 validation.LabelSelectorValidationOptions.
// The zero value checks everything, as on create.
type LabelSelectorValidationOptions struct {
	// AllowInvalidLabelValueInSelector accepts invalid label values in
	// `matchExpressions` (not in `matchLabels`), as apimachinery's field of
	// the same name: an API server sets it on an update when the stored
	// object's selector already had one, which older servers accepted.
	AllowInvalidLabelValueInSelector bool
}

// ValidateLabelSelector checks a LabelSelector as the API server checks a
// `spec.selector` (path): the keys and values of `matchLabels`, and for
// each of `matchExpressions` its key, a supported operator (else Invalid
// at `operator`, as Kubernetes reports it), values present exactly when
// the operator is 'In' or 'NotIn' (else Required or Forbidden at `values`,
// as Kubernetes v1.36 reports them), and each value unless opts allow
// invalid ones. A nil selector is valid. With the zero opts the result is
// empty exactly when [FromLabelSelector] succeeds. A valid selector costs
// no allocation.
func ValidateLabelSelector(ls *LabelSelector, opts LabelSelectorValidationOptions, path *field.Path) field.ErrorList {
	if ls == nil {
		return nil
	}
	var errs field.ErrorList
	if !labelsValid(ls.MatchLabels) {
		errs = ValidateLabels(ls.MatchLabels, path.Child("matchLabels"))
	}
	for i := range ls.MatchExpressions {
		if e := &ls.MatchExpressions[i]; !expressionValid(e, opts) {
			errs = append(errs, validateRequirement(e, opts, path.Child("matchExpressions").Index(i))...)
		}
	}
	return errs
}

// labelsValid reports whether every key and value of labels is valid.
func labelsValid(labels map[string]string) bool {
	for k, v := range labels {
		if !validation.IsQualifiedName(k) || !validation.IsLabelValue(v) {
			return false
		}
	}
	return true
}

// expressionValid reports whether validateRequirement finds nothing wrong
// with e, without building any field path.
func expressionValid(e *LabelSelectorRequirement, opts LabelSelectorValidationOptions) bool {
	switch e.Operator {
	case LabelSelectorOpIn, LabelSelectorOpNotIn:
		if len(e.Values) == 0 {
			return false
		}
	case LabelSelectorOpExists, LabelSelectorOpDoesNotExist:
		if len(e.Values) > 0 {
			return false
		}
	default:
		return false
	}
	if !validation.IsQualifiedName(e.Key) {
		return false
	}
	if opts.AllowInvalidLabelValueInSelector {
		return true
	}
	for _, v := range e.Values {
		if !validation.IsLabelValue(v) {
			return false
		}
	}
	return true
}

// validateRequirement checks one element of `matchExpressions`.
func validateRequirement(r *LabelSelectorRequirement, opts LabelSelectorValidationOptions, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch r.Operator {
	case LabelSelectorOpIn, LabelSelectorOpNotIn:
		if len(r.Values) == 0 {
			errs = append(errs, field.Required(path.Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
		}
	case LabelSelectorOpExists, LabelSelectorOpDoesNotExist:
		if len(r.Values) > 0 {
			errs = append(errs, field.Forbidden(path.Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
		}
	default:
		// Kubernetes' words.
		errs = append(errs, field.Invalid(path.Child("operator"), r.Operator, "not a valid selector operator"))
	}
	errs = append(errs, validation.ValidateQualifiedName(r.Key, path.Child("key"))...)
	if opts.AllowInvalidLabelValueInSelector {
		return errs
	}
	for i, v := range r.Values {
		errs = append(errs, validation.ValidateLabelValue(v, path.Child("values").Index(i))...)
	}
	return errs
}
