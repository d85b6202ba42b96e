package downward

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// ValidateFieldRef validates an ObjectFieldSelector (its apiVersion and
// fieldPath) read as u, as the API server does; fldPath is the path of the
// `fieldRef` itself. It is [fieldpath.ValidateFieldRef], which package
// jobapi's validation uses too.
func ValidateFieldRef(apiVersion, fieldPath string, u Use, fldPath *field.Path) field.ErrorList {
	return fieldpath.ValidateFieldRef(apiVersion, fieldPath, u, fldPath)
}

// ValidatePodSpec validates only the downward API in spec as the API server does
// when it validates a pod (fldPath `spec`) or a pod template
// (`spec.template.spec`): every `valueFrom.fieldRef` of the env vars of
// containers and init containers, read as EnvVar, and every item of every
// downwardAPI volume (ValidateVolumeFile).
//
// An empty fieldRef apiVersion is taken as "v1", the value Kubernetes'
// decoding of a v1 object defaults it to. Volume sources and env sources
// jobkit does not model (projected volumes, resourceFieldRef,
// configMapKeyRef, ...) are not looked at. [jobapi.Validate] and
// [jobapi.ValidatePodSpec] make the same checks among all the others: call
// this only to look at the downward API alone.
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
			errs = append(errs, field.Invalid(at.Child("defaultMode"), *m, "must be a number between 0 and 0777 (octal), both inclusive"))
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
			errs = append(errs, fieldpath.ValidateFieldRef(defaultAPIVersion(ref.APIVersion), ref.FieldPath, EnvVar, at)...)
		}
	}
	return errs
}

// ValidateVolumeFile validates one item of a downwardAPI volume as the API
// server does; fldPath is the path of the volume's `downwardAPI` source
// (like Kubernetes, the errors do not say which item). It is
// [jobapi.ValidateDownwardAPIVolumeFile].
func ValidateVolumeFile(item *jobapi.DownwardAPIVolumeFile, fldPath *field.Path) field.ErrorList {
	return jobapi.ValidateDownwardAPIVolumeFile(item, fldPath)
}

func defaultAPIVersion(v string) string {
	if v == "" {
		return "v1"
	}
	return v
}
