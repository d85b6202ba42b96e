package downward

import (
	"strings"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

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

// ValidatePodSpec validates the downward API in spec as the API server does
// when it validates a pod (fldPath `spec`) or a pod template
// (`spec.template.spec`): every `valueFrom.fieldRef` of the env vars of
// containers and init containers, read as EnvVar, and every item of every
// downwardAPI volume (ValidateVolumeFile).
//
// An empty fieldRef apiVersion is taken as "v1", the value Kubernetes'
// decoding of a v1 object defaults it to. Volume sources and env sources
// jobkit does not model (projected volumes, resourceFieldRef,
// configMapKeyRef, ...) are not looked at.
func ValidatePodSpec(spec *jobapi.PodSpec, fldPath *field.Path) field.ErrorList {
	if spec == nil {
		return nil
	}
	var errs field.ErrorList
	for i := range spec.Volumes {
		v := &spec.Volumes[i]
		if v.DownwardAPI == nil {
			continue
		}
		at := fldPath.Child("volumes").Index(i).Child("downwardAPI")
		if m := v.DownwardAPI.DefaultMode; m != nil && (*m < 0 || *m > 0o777) {
			errs = append(errs, field.Invalid(at.Child("defaultMode"), *m, fileModeErrorMsg))
		}
		for j := range v.DownwardAPI.Items {
			errs = append(errs, ValidateVolumeFile(&v.DownwardAPI.Items[j], at)...)
		}
	}
	errs = append(errs, validateContainersEnv(spec.Containers, fldPath.Child("containers"))...)
	errs = append(errs, validateContainersEnv(spec.InitContainers, fldPath.Child("initContainers"))...)
	return errs
}

func validateContainersEnv(containers []jobapi.Container, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i := range containers {
		for j, ev := range containers[i].Env {
			if ev.ValueFrom == nil || ev.ValueFrom.FieldRef == nil {
				continue
			}
			ref := ev.ValueFrom.FieldRef
			at := fldPath.Index(i).Child("env").Index(j).Child("valueFrom", "fieldRef")
			errs = append(errs, ValidateFieldRef(defaultAPIVersion(ref.APIVersion), ref.FieldPath, EnvVar, at)...)
		}
	}
	return errs
}

// fileModeErrorMsg is Kubernetes' wording for a file mode out of range.
const fileModeErrorMsg = "must be a number between 0 and 0777 (octal), both inclusive"

// ValidateVolumeFile validates one item of a downwardAPI volume as the API
// server does. fldPath is the path of the volume's `downwardAPI` source:
// like Kubernetes, the errors do not say which item (there is no
// `items[i]` in their field paths). It reports a missing `path`, a path
// that is absolute, contains a '..' element or starts with '..', a fieldRef
// the volume may not read (ValidateFieldRef with VolumeFile), an item with
// both or neither of fieldRef and resourceFieldRef, and a `mode` outside
// 0 to 0777. An empty fieldRef apiVersion is taken as "v1".
func ValidateVolumeFile(item *jobapi.DownwardAPIVolumeFile, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	pathAt := fldPath.Child("path")
	if item.Path == "" {
		errs = append(errs, field.Required(pathAt, ""))
	}
	errs = append(errs, validateLocalNonReservedPath(item.Path, pathAt)...)
	_, hasResourceRef := item.Unknown["resourceFieldRef"]
	switch {
	case item.FieldRef != nil:
		errs = append(errs, ValidateFieldRef(defaultAPIVersion(item.FieldRef.APIVersion), item.FieldRef.FieldPath, VolumeFile, fldPath.Child("fieldRef"))...)
		if hasResourceRef {
			errs = append(errs, field.Invalid(fldPath, "resource", "fieldRef and resourceFieldRef can not be specified simultaneously"))
		}
	case hasResourceRef:
		// resourceFieldRef is not modeled; the API server checks it.
	default:
		errs = append(errs, field.Required(fldPath, "one of fieldRef and resourceFieldRef is required"))
	}
	if m := item.Mode; m != nil && (*m < 0 || *m > 0o777) {
		errs = append(errs, field.Invalid(fldPath.Child("mode"), *m, fileModeErrorMsg))
	}
	return errs
}

// validateLocalNonReservedPath checks a volume file path as Kubernetes
// does: relative, no '..' element, not starting with '..'.
func validateLocalNonReservedPath(p string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if strings.HasPrefix(p, "/") {
		errs = append(errs, field.Invalid(fldPath, p, "must be a relative path"))
	}
	for elem := range strings.SplitSeq(p, "/") {
		if elem == ".." {
			errs = append(errs, field.Invalid(fldPath, p, "must not contain '..'"))
			break
		}
	}
	if strings.HasPrefix(p, "..") && !strings.HasPrefix(p, "../") {
		errs = append(errs, field.Invalid(fldPath, p, "must not start with '..'"))
	}
	return errs
}

func defaultAPIVersion(v string) string {
	if v == "" {
		return "v1"
	}
	return v
}
