package fieldpath

import "github.com/jobkit/jobkit/jobapi/field"

// ValidateFieldRef validates an ObjectFieldSelector (its apiVersion and
// fieldPath) read as u, as the API server does. fldPath is the path of the
// `fieldRef` itself, such as `spec.containers[0].env[1].valueFrom.fieldRef`.
//
// The errors are those of the API server, type and field:
//   - `fieldRef.apiVersion` Required when apiVersion is empty (decoding a v1
//     object defaults it to "v1"); `fieldRef.fieldPath` Required when empty;
//   - `fieldRef.fieldPath` Invalid when apiVersion is not "v1" or the path is
//     not one the API server converts (unknown field, subscript on a field
//     other than labels and annotations, unquoted key);
//   - `fieldRef` Invalid, one error per broken rule, with the key as the
//     value (lower-cased for an annotation, as it was checked), when a label
//     or annotation key is not a qualified name;
//   - `fieldRef.fieldPath` NotSupported, listing u.Fields(), when u may not
//     read the path (such as the whole `metadata.labels` in an env var).
func ValidateFieldRef(apiVersion, fieldPath string, u Use, fldPath *field.Path) field.ErrorList {
	if apiVersion == "" {
		return field.ErrorList{field.Required(fldPath.Child("apiVersion"), "")}
	}
	if fieldPath == "" {
		return field.ErrorList{field.Required(fldPath.Child("fieldPath"), "")}
	}
	if apiVersion != "v1" {
		return field.ErrorList{field.Invalid(fldPath.Child("fieldPath"), fieldPath,
			"must be read from apiVersion 'v1', the only version of pods")}
	}
	p, perr := parse(fieldPath)
	if perr != nil {
		return parseErrorList(perr, fieldPath, fldPath)
	}
	if !p.AllowedIn(u) {
		return field.ErrorList{field.NotSupported(fldPath.Child("fieldPath"), string(p.field), u.Fields())}
	}
	return nil
}

// parseErrorList turns a parse failure into the errors the API server
// reports for it.
func parseErrorList(perr *ParseError, fieldPath string, fldPath *field.Path) field.ErrorList {
	switch perr.reason {
	case reasonEmpty:
		return field.ErrorList{field.Required(fldPath.Child("fieldPath"), "")}
	case reasonKey:
		errs := make(field.ErrorList, 0, len(perr.keyMsgs))
		for _, msg := range perr.keyMsgs {
			errs = append(errs, field.Invalid(fldPath, perr.key, msg))
		}
		return errs
	default:
		return field.ErrorList{field.Invalid(fldPath.Child("fieldPath"), fieldPath, perr.Detail)}
	}
}
