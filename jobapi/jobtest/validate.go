package jobtest

import (
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Pods are validated with packages meta and core (the object metadata
// and the whole core/v1 pod spec validation); Jobs and their status
// entirely by package jobapi.

// validatePod checks a pod as the API server checks a new one: its
// metadata (meta.ValidateObjectMeta; the namespace may be left out, the
// store's own) and its spec (core.ValidatePodSpec with the options the
// Job strategy uses for pod templates, core.JobPodValidationOptions).
// The API server defaults a pod before validating it; the store keeps
// the pod as it was given (tests compare what they wrote), so the spec is
// defaulted on a copy, only to be validated.
func validatePod(p *core.Pod) field.ErrorList {
	errs := meta.ValidateObjectMeta(&p.ObjectMeta, field.NewPath("metadata"), meta.ObjectMetaOptions{})
	spec := p.Spec.DeepCopy()
	core.SetDefaultsPodSpec(spec)
	return append(errs, core.ValidatePodSpec(spec, field.NewPath("spec"), core.JobPodValidationOptions())...)
}

// validatePodUpdate checks the new state p of the stored pod old as the
// API server's pod strategy does (core.ValidatePodUpdate with the options
// derived from old's spec). Both are defaulted on a copy, as the store
// keeps pods as they were written.
func validatePodUpdate(p, old *core.Pod) field.ErrorList {
	op := defaultedPod(old)
	np := p.DeepCopy()
	// The API server stores pods defaulted, so an update body read from it
	// carries the stored imagePullPolicy: a new image does not change it.
	// The store keeps pods as written; give the body the stored policy
	// before defaulting, as a client's read-modify-write would.
	keepPullPolicies(np.Spec.Containers, op.Spec.Containers)
	keepPullPolicies(np.Spec.InitContainers, op.Spec.InitContainers)
	core.SetDefaultsPod(np)
	return core.ValidatePodUpdate(np, op, core.PodUpdateValidationOptions(&op.Spec))
}

// validatePodStatusUpdate checks a write to the `status` of the stored pod
// old (p is old with the new status, as the status strategy makes it) as
// the API server does (core.ValidatePodStatusUpdate).
func validatePodStatusUpdate(p, old *core.Pod) field.ErrorList {
	np, op := defaultedPod(p), defaultedPod(old)
	return core.ValidatePodStatusUpdate(np, op, core.PodUpdateValidationOptions(&op.Spec))
}

// keepPullPolicies gives each container of cs without an imagePullPolicy
// the policy of the stored container at the same place with the same name.
func keepPullPolicies(cs, stored []core.Container) {
	for i := range cs {
		if i < len(stored) && cs[i].ImagePullPolicy == "" && cs[i].Name == stored[i].Name {
			cs[i].ImagePullPolicy = stored[i].ImagePullPolicy
		}
	}
}

// defaultedPod returns a copy of p with the API server's defaults.
func defaultedPod(p *core.Pod) *core.Pod {
	c := p.DeepCopy()
	core.SetDefaultsPod(c)
	return c
}

// validateOpts are the store's label key options as jobapi.ValidateOptions.
func validateOpts(s *Store) []jobapi.ValidateOption {
	opts := make([]jobapi.ValidateOption, len(s.jobOpts))
	for i, o := range s.jobOpts {
		opts[i] = o
	}
	return opts
}

// internalErr turns the misuse error of a jobapi validation into the
// InternalError the store answers with (500).
func internalErr(errs field.ErrorList, err error) field.ErrorList {
	if err != nil {
		return field.ErrorList{field.InternalError(nil, err)}
	}
	return errs
}
