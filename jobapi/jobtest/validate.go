package jobtest

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/scoreboard"
)

// Pods are validated here, as far as jobkit models them; Jobs by package
// jobapi, except for their status.

// restartPolicies are the values of `spec.restartPolicy`; "" is allowed
// too, because the store does not default pods.
var restartPolicies = []jobapi.RestartPolicy{jobapi.RestartPolicyAlways, jobapi.RestartPolicyNever, jobapi.RestartPolicyOnFailure}

// validatePod checks a pod as the API server checks a new one, as far as
// jobkit models pods: its metadata and spec (jobapi.ValidateObjectMeta,
// jobapi.ValidatePodSpec) and its restart policy.
func validatePod(p *jobapi.Pod) field.ErrorList {
	errs := jobapi.ValidateObjectMeta(&p.ObjectMeta, field.NewPath("metadata"))
	spec := field.NewPath("spec")
	errs = append(errs, jobapi.ValidatePodSpec(&p.Spec, spec)...)
	if rp := p.Spec.RestartPolicy; rp != "" && !slices.Contains(restartPolicies, rp) {
		errs = append(errs, field.NotSupported(spec.Child("restartPolicy"), string(rp), restartPolicies))
	}
	return errs
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
	a, errA := jobapi.Marshal(immutablePodSpec(&p.Spec))
	b, errB := jobapi.Marshal(immutablePodSpec(&old.Spec))
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
	for _, k := range []string{"activeDeadlineSeconds", "tolerations", "terminationGracePeriodSeconds"} {
		delete(c.Unknown, k)
	}
	return c
}

// validateJobStatus checks a Job's status as Kubernetes checks a status
// update, in part: counts are not negative, and `completedIndexes` and
// `failedIndexes` are interval lists of indexes below `spec.completions`,
// set only for Indexed Jobs.
func validateJobStatus(j *jobapi.Job) field.ErrorList {
	var errs field.ErrorList
	st := field.NewPath("status")
	for _, c := range []struct {
		name string
		v    *int32
	}{
		{"active", &j.Status.Active}, {"succeeded", &j.Status.Succeeded}, {"failed", &j.Status.Failed},
		{"ready", j.Status.Ready}, {"terminating", j.Status.Terminating},
	} {
		if c.v != nil && *c.v < 0 {
			errs = append(errs, field.Invalid(st.Child(c.name), *c.v, "must be greater than or equal to 0"))
		}
	}
	errs = validateIndexes(j, j.Status.CompletedIndexes, st.Child("completedIndexes"), errs)
	if f := j.Status.FailedIndexes; f != nil {
		errs = validateIndexes(j, *f, st.Child("failedIndexes"), errs)
	}
	return errs
}

func validateIndexes(j *jobapi.Job, s string, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s == "" {
		return errs
	}
	if m := j.Spec.CompletionMode; m == nil || *m != jobapi.IndexedCompletion {
		return append(errs, field.Invalid(path, s, "must be empty when `spec.completionMode` is not 'Indexed'"))
	}
	x, err := scoreboard.ParseIndexes(s)
	if err != nil {
		return append(errs, field.Invalid(path, s, err.Error()))
	}
	if last, ok := x.Max(); ok && j.Spec.Completions != nil && last >= int(*j.Spec.Completions) {
		errs = append(errs, field.Invalid(path, s, fmt.Sprintf("must hold only indexes less than `spec.completions` (%d)", *j.Spec.Completions)))
	}
	return errs
}
