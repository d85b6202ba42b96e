package core

import "github.com/jobkit/jobkit/jobapi/field"

// ValidatePodCreate checks a new Pod as a v1.36 API server does on create
// (Kubernetes' ValidatePodCreate), after defaulting ([SetDefaultsPod]) and
// create-time processing (name, namespace and system fields set, the
// status reset), with opts, normally [JobPodValidationOptions] (the
// options of a create):
//   - the metadata (`name` a DNS subdomain, `namespace` set and a DNS
//     label, labels, annotations and the pod's own annotations, owner
//     references, finalizers, managed fields) and the spec, with the
//     pod-only rules, as [ValidatePodUpdate] checks the new pod;
//   - no ephemeral containers (Forbidden at `spec.ephemeralContainers`:
//     only the ephemeralcontainers subresource adds them);
//   - no `nodeName` while scheduling gates remain (Forbidden at
//     `spec.nodeName`);
//   - seccomp and AppArmor annotations that agree with the fields of the
//     same profiles.
//
// The status is not checked: create replaces it.
func ValidatePodCreate(p *Pod, opts PodValidationOptions) field.ErrorList {
	errs := validatePodMetadataAndSpec(p, opts)
	sp := field.NewPath("spec")
	if len(p.Spec.EphemeralContainers) > 0 {
		errs = append(errs, field.Forbidden(sp.Child("ephemeralContainers"), "cannot be set on create"))
	}
	if p.Spec.NodeName != "" && len(p.Spec.SchedulingGates) > 0 {
		errs = append(errs, field.Forbidden(sp.Child("nodeName"), "cannot be set until all schedulingGates have been cleared"))
	}
	if len(p.ObjectMeta.Annotations) > 0 {
		errs = validateProfileAnnotationsMatch(p.ObjectMeta.Annotations, &p.Spec, nil, errs)
	}
	return errs
}
