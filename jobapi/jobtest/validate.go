package jobtest

import (
	"bytes"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/codec"
)

// Pods are validated with package jobapi's rules (the whole core/v1
// pod spec validation); Jobs and their status entirely by package jobapi.

// validatePod checks a pod as the API server checks a new one: its
// metadata (jobapi.ValidateObjectMeta) and its spec (jobapi.ValidatePodSpec).
// The API server defaults a pod before validating it; the store keeps
// the pod as it was given (tests compare what they wrote), so the spec is
// defaulted on a copy, only to be validated.
func validatePod(p *jobapi.Pod) field.ErrorList {
	errs := jobapi.ValidateObjectMeta(&p.ObjectMeta, field.NewPath("metadata"))
	spec := p.Spec.DeepCopy()
	core.SetDefaultsPodSpec(spec)
	return append(errs, jobapi.ValidatePodSpec(spec, field.NewPath("spec"))...)
}

// podSpecMutable lists what an update may change in a pod's spec, as
// Kubernetes allows (it checks tolerations and the grace period more
// closely than this).
const podSpecMutable = "`spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to existing tolerations) and `spec.terminationGracePeriodSeconds`"

// validatePodUpdate checks the new state p of the stored pod old: p must
// be valid, and its spec may change only where a running pod can.
func validatePodUpdate(p, old *jobapi.Pod) field.ErrorList {
	errs := validatePod(p)
	meta := field.NewPath("metadata")
	if p.ObjectMeta.UID != old.ObjectMeta.UID {
		errs = append(errs, field.Invalid(meta.Child("uid"), string(p.ObjectMeta.UID), "field is immutable"))
	}
	if a, b := p.ObjectMeta.DeletionTimestamp, old.ObjectMeta.DeletionTimestamp; (a == nil) != (b == nil) || a != nil && !a.Equal(*b) {
		errs = append(errs, field.Invalid(meta.Child("deletionTimestamp"), a, "field is immutable"))
	}
	a, errA := codec.Marshal(immutablePodSpec(&p.Spec))
	b, errB := codec.Marshal(immutablePodSpec(&old.Spec))
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "pod updates may not change fields other than "+podSpecMutable))
	}
	return errs
}

// immutablePodSpec returns a copy of s without what an update may change.
func immutablePodSpec(s *jobapi.PodSpec) *jobapi.PodSpec {
	c := s.DeepCopy()
	for i := range c.InitContainers {
		c.InitContainers[i].Image = ""
	}
	for i := range c.Containers {
		c.Containers[i].Image = ""
	}
	c.ActiveDeadlineSeconds = nil
	c.Tolerations = nil
	c.TerminationGracePeriodSeconds = nil
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
