package jobapi

import (
	"errors"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/equality"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
)

const immutable = "may not be changed once the Job is created"

// ValidateUpdate checks job, the new state of the stored Job old, as a
// v1.36 API server checks an update (the Job strategy's ValidateUpdate).
// job must pass [Validate], with the same label key options and the pod
// validation options the strategy derives from old, so that what old
// already holds stays acceptable: invalid label values in `spec.selector`
// (selector.LabelSelectorValidationOptions), and what
// [core.PodUpdateValidationOptions] derives from old's template (invalid
// affinity selectors, a non-local serviceAccountToken path, any
// `seLinuxChangePolicy`, Lt and Gt tolerations, ...) with an invalid pod
// deletion cost ([core.ValidatePodTemplateSpecUpdate]). Under
// [KubernetesLabelKeys] the `batch.kubernetes.io/` template labels are
// required only when old's template has both, as Kubernetes requires them
// only of Jobs created since it writes them. And what may not change has
// not:
//   - `metadata.name`, `namespace`, `uid`, `creationTimestamp`,
//     `deletionTimestamp` and `deletionGracePeriodSeconds`; `generation`
//     not decremented; no finalizer added while the Job is being deleted;
//     labels, annotations, owner references, managedFields and finalizer
//     names valid, checked once by the create rules
//     (meta.ValidateObjectMetaUpdate with ValidatedAsNew: Kubernetes
//     reports such a problem twice, as it reports this update's spec
//     errors twice; jobkit reports each once);
//   - `spec.selector`, `completionMode`, `podFailurePolicy`,
//     `backoffLimitPerIndex`, `managedBy` and `successPolicy`;
//   - `spec.completions`, except in an Indexed Job, where it may change
//     together with `parallelism` (both set to the same new value);
//   - `spec.template` (Invalid at `spec.template`), except while old is
//     suspended, has no active pods and has never started (no
//     `status.startTime`) or is suspended by a `Suspended=True` condition:
//     then its labels, annotations and scheduling directives
//     (`nodeSelector`, `tolerations`, `schedulingGates`,
//     `affinity.nodeAffinity`) may change, and so may the `resources` of
//     each container and init container that keeps its name and place
//     (MutablePodResourcesForSuspendedJobs, beta and on in v1.36); any
//     other change is Invalid at `spec.template.spec`.
//
// Values are compared by meaning, as Kubernetes compares them
// (apiequality.Semantic): an empty list or map equals a missing one,
// quantities compare by value, times by instant, members jobkit does not
// model by the meaning of their JSON, and an unset `completionMode`
// equals 'NonIndexed'. The error is for misuse only: a nil job or old, or
// a bad option.
func ValidateUpdate(job, old *Job, opts ...ValidateOption) (field.ErrorList, error) {
	if job == nil || old == nil {
		return nil, errors.New("jobapi: ValidateUpdate needs the new and the stored Job, not nil")
	}
	keys, err := buildValidateOptions(opts)
	if err != nil {
		return nil, err
	}
	if keys.uidKeys[0] == KubernetesControllerUIDLabel {
		tl := old.Spec.Template.ObjectMeta.Labels
		_, hasName := tl[KubernetesJobNameLabel]
		_, hasUID := tl[KubernetesControllerUIDLabel]
		if !hasName || !hasUID {
			keys = labelKeys{uidKeys: [2]string{ControllerUIDLabel}, nameKeys: [2]string{JobNameLabel}}
		}
	}
	errs := validateJob(job, keys, updatePodOptions(old), &old.Spec.Template)
	errs = append(errs, meta.ValidateObjectMetaUpdate(&job.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"), "Job", meta.ObjectMetaUpdateOptions{ValidatedAsNew: true})...)

	spec := field.NewPath("spec")
	ns, os := &job.Spec, &old.Spec
	errs = validateCompletionsUpdate(ns, os, spec.Child("completions"), errs)
	if !equality.Semantic(ns.Selector, os.Selector) {
		errs = append(errs, field.Invalid(spec.Child("selector"), ns.Selector, immutable))
	}
	errs = validateTemplateUpdate(job, old, spec, errs)
	if completionMode(ns) != completionMode(os) {
		errs = append(errs, field.Invalid(spec.Child("completionMode"), ns.CompletionMode, immutable))
	}
	if !equality.Semantic(ns.PodFailurePolicy, os.PodFailurePolicy) {
		errs = append(errs, field.Invalid(spec.Child("podFailurePolicy"), ns.PodFailurePolicy, immutable))
	}
	if !equality.Semantic(ns.BackoffLimitPerIndex, os.BackoffLimitPerIndex) {
		errs = append(errs, field.Invalid(spec.Child("backoffLimitPerIndex"), ns.BackoffLimitPerIndex, immutable))
	}
	if !equality.Semantic(ns.ManagedBy, os.ManagedBy) {
		errs = append(errs, field.Invalid(spec.Child("managedBy"), ns.ManagedBy, immutable))
	}
	if !equality.Semantic(ns.SuccessPolicy, os.SuccessPolicy) {
		errs = append(errs, field.Invalid(spec.Child("successPolicy"), ns.SuccessPolicy, immutable))
	}
	return errs, nil
}

// updatePodOptions returns the pod validation options the Job strategy
// derives on an update from the stored Job old (validationOptionsForJob):
// [core.PodUpdateValidationOptions] of old's pod template, with invalid
// label values in selectors accepted also when old's `spec.selector`
// already had one in its `matchExpressions`.
func updatePodOptions(old *Job) core.PodValidationOptions {
	opts := core.PodUpdateValidationOptions(&old.Spec.Template.Spec)
	if sel := old.Spec.Selector; sel != nil && !opts.AllowInvalidLabelValueInSelector {
		for _, e := range sel.MatchExpressions {
			for _, v := range e.Values {
				if !validation.IsLabelValue(v) {
					opts.AllowInvalidLabelValueInSelector = true
				}
			}
		}
	}
	return opts
}

// completionMode returns the mode, unset counting as NonIndexed.
func completionMode(spec *JobSpec) CompletionMode {
	if spec.CompletionMode == nil {
		return NonIndexedCompletion
	}
	return *spec.CompletionMode
}

// validateCompletionsUpdate: completions is immutable, except that an
// Indexed Job may scale by changing completions and parallelism together.
func validateCompletionsUpdate(ns, os *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	if equality.Semantic(ns.Completions, os.Completions) {
		return errs
	}
	if !isIndexed(ns) {
		return append(errs, field.Invalid(path, ns.Completions, immutable+" (an Indexed Job may change it together with `parallelism`)"))
	}
	if ns.Completions == nil {
		return errs // Validate reports it.
	}
	if ns.Parallelism == nil || *ns.Parallelism != *ns.Completions {
		errs = append(errs, field.Invalid(path, *ns.Completions, "may only be changed in tandem with `spec.parallelism`: set both to the same value"))
	}
	return errs
}

// mutableTemplate reports whether Kubernetes lets the pod template of
// the stored Job old change (shouldAllowMutablePodTemplate): old is
// suspended, has no active pods, and has never started or was suspended
// by a Suspended=True condition.
func mutableTemplate(old *Job) bool {
	if old.Spec.Suspend == nil || !*old.Spec.Suspend || old.Status.Active != 0 {
		return false
	}
	return old.Status.StartTime == nil || conditionTrue(old.Status.Conditions, JobSuspended)
}

// conditionTrue reports whether conds hold a condition of type t with
// status True.
func conditionTrue(conds []JobCondition, t JobConditionType) bool {
	for i := range conds {
		if conds[i].Type == t && conds[i].Status == ConditionTrue {
			return true
		}
	}
	return false
}

// validateTemplateUpdate checks that the pod template did not change,
// allowing the changes Kubernetes v1.36 allows while a Job is suspended
// and has not started (validatePodTemplateUpdate): it gives a copy of
// old's template the members that may change, taken from job's, and
// compares the two semantically, unmodeled members included. The value
// of the error lists the members that changed.
func validateTemplateUpdate(job, old *Job, spec *field.Path, errs field.ErrorList) field.ErrorList {
	path := spec.Child("template")
	now, was := &job.Spec.Template, &old.Spec.Template
	if equality.Semantic(now, was) {
		return errs
	}
	if !mutableTemplate(old) {
		return append(errs, field.Invalid(path, changedTemplateMembers(now, was, path), immutable+
			" while the Job runs; a suspended Job that has not started may change its pod template's labels, annotations, scheduling directives and container resources"))
	}
	munged := was.DeepCopy()
	withSchedulingDirectives(munged, now)
	withResources(&munged.Spec, &now.Spec)
	if equality.Semantic(&now.Spec, &munged.Spec) {
		return errs
	}
	sp := path.Child("spec")
	changed := equality.ChangedMembers(&now.Spec, &munged.Spec)
	for i, m := range changed {
		changed[i] = sp.Child(m).String()
	}
	return append(errs, field.Invalid(sp, changed,
		"may only change in its labels, annotations, scheduling directives (`nodeSelector`, `tolerations`, `schedulingGates`, `affinity.nodeAffinity`) and container `resources` while the Job is suspended"))
}

// changedTemplateMembers lists the paths (under path) of the members in
// which the pod templates now and was differ, looking one level into
// `metadata` and `spec`.
func changedTemplateMembers(now, was *core.PodTemplateSpec, path *field.Path) []string {
	var out []string
	for _, m := range equality.ChangedMembers(now, was) {
		var sub []string
		switch m {
		case "metadata":
			sub = equality.ChangedMembers(&now.ObjectMeta, &was.ObjectMeta)
		case "spec":
			sub = equality.ChangedMembers(&now.Spec, &was.Spec)
		default:
			out = append(out, path.Child(m).String())
			continue
		}
		for _, s := range sub {
			out = append(out, path.Child(m, s).String())
		}
	}
	return out
}

// withSchedulingDirectives gives munged, a copy of the stored pod
// template, the labels, annotations and scheduling directives
// (`nodeSelector`, `tolerations`, `schedulingGates` and
// `affinity.nodeAffinity`) of now, as Kubernetes does before it compares
// a suspended Job's templates. An affinity now drops is dropped from
// munged too when node affinity was all it held.
func withSchedulingDirectives(munged, now *core.PodTemplateSpec) {
	ms, ns := &munged.Spec, &now.Spec
	switch {
	case ns.Affinity == nil && ms.Affinity != nil:
		ms.Affinity.NodeAffinity = nil
		if a := ms.Affinity; a.PodAffinity == nil && a.PodAntiAffinity == nil && len(a.Unknown) == 0 {
			ms.Affinity = nil
		}
	case ns.Affinity != nil && ms.Affinity == nil:
		ms.Affinity = &core.Affinity{NodeAffinity: ns.Affinity.NodeAffinity}
	case ns.Affinity != nil && ms.Affinity != nil:
		ms.Affinity.NodeAffinity = ns.Affinity.NodeAffinity
	}
	ms.NodeSelector = ns.NodeSelector
	ms.Tolerations = ns.Tolerations
	munged.ObjectMeta.Annotations = now.ObjectMeta.Annotations
	munged.ObjectMeta.Labels = now.ObjectMeta.Labels
	ms.SchedulingGates = ns.SchedulingGates
}

// withResources gives the containers and init containers of munged, a
// copy of the stored pod spec, the resources of now's, where both lists
// have the same length and the container at the same place has the same
// name (validatePodResourceUpdatesOnly).
func withResources(munged, now *core.PodSpec) {
	for _, l := range [][2][]core.Container{{munged.Containers, now.Containers}, {munged.InitContainers, now.InitContainers}} {
		m, n := l[0], l[1]
		if len(m) != len(n) {
			continue
		}
		for i := range m {
			if m[i].Name == n[i].Name {
				m[i].Resources = n[i].Resources
			}
		}
	}
}
