package jobapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
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
//     not decremented; no finalizer added while the Job is being deleted
//     (meta.ValidateObjectMetaUpdate);
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
// Values are compared by meaning, as Kubernetes compares them: an empty
// list or map equals a missing one, and an unset `completionMode` equals
// 'NonIndexed'. The error is for misuse only: a nil job or old, or a bad
// option.
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
	errs = append(errs, meta.ValidateObjectMetaUpdate(&job.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"), "Job")...)

	spec := field.NewPath("spec")
	ns, os := &job.Spec, &old.Spec
	errs = validateCompletionsUpdate(ns, os, spec.Child("completions"), errs)
	if !semanticEqual(ns.Selector, os.Selector) {
		errs = append(errs, field.Invalid(spec.Child("selector"), ns.Selector, immutable))
	}
	errs = validateTemplateUpdate(job, old, spec, errs)
	if completionMode(ns) != completionMode(os) {
		errs = append(errs, field.Invalid(spec.Child("completionMode"), ns.CompletionMode, immutable))
	}
	if !semanticEqual(ns.PodFailurePolicy, os.PodFailurePolicy) {
		errs = append(errs, field.Invalid(spec.Child("podFailurePolicy"), ns.PodFailurePolicy, immutable))
	}
	if !semanticEqual(ns.BackoffLimitPerIndex, os.BackoffLimitPerIndex) {
		errs = append(errs, field.Invalid(spec.Child("backoffLimitPerIndex"), ns.BackoffLimitPerIndex, immutable))
	}
	if !semanticEqual(ns.ManagedBy, os.ManagedBy) {
		errs = append(errs, field.Invalid(spec.Child("managedBy"), ns.ManagedBy, immutable))
	}
	if !semanticEqual(ns.SuccessPolicy, os.SuccessPolicy) {
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
				if len(selector.ValidateLabelValue(v, nil)) > 0 {
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
	if semanticEqual(ns.Completions, os.Completions) {
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
// and has not started. It compares the templates as JSON values, so it
// sees every member, modeled or not.
func validateTemplateUpdate(job, old *Job, spec *field.Path, errs field.ErrorList) field.ErrorList {
	path := spec.Child("template")
	a, errA := jsonValue(&job.Spec.Template)
	b, errB := jsonValue(&old.Spec.Template)
	if errA != nil || errB != nil {
		if !reflect.DeepEqual(&job.Spec.Template, &old.Spec.Template) {
			errs = append(errs, field.Invalid(path, []string{path.String()}, immutable))
		}
		return errs
	}
	after, _ := a.(map[string]any)
	before, _ := b.(map[string]any)
	if !mutableTemplate(old) {
		if changed := changedMembers(after, before, path.String()); len(changed) > 0 {
			errs = append(errs, field.Invalid(path, changed, immutable+
				" while the Job runs; a suspended Job that has not started may change its pod template's labels, annotations, scheduling directives and container resources"))
		}
		return errs
	}
	withSchedulingDirectives(before, after)
	as, _ := after["spec"].(map[string]any)
	bs, _ := before["spec"].(map[string]any)
	withResources(bs, as)
	if changed := changedMembers(as, bs, path.Child("spec").String()); len(changed) > 0 {
		errs = append(errs, field.Invalid(path.Child("spec"), changed,
			"may only change in its labels, annotations, scheduling directives (`nodeSelector`, `tolerations`, `schedulingGates`, `affinity.nodeAffinity`) and container `resources` while the Job is suspended"))
	}
	return errs
}

// withSchedulingDirectives gives before, a pod template as a JSON value,
// the labels, annotations and scheduling directives of after, as
// Kubernetes does before it compares a suspended Job's templates.
func withSchedulingDirectives(before, after map[string]any) {
	bm := childMap(before, "metadata")
	am, _ := after["metadata"].(map[string]any)
	for _, k := range []string{"labels", "annotations"} {
		setMember(bm, k, am[k])
	}
	if len(bm) == 0 {
		delete(before, "metadata")
	}
	bs := childMap(before, "spec")
	as, _ := after["spec"].(map[string]any)
	for _, k := range []string{"nodeSelector", "tolerations", "schedulingGates"} {
		setMember(bs, k, as[k])
	}
	oldAff, hadOld := bs["affinity"].(map[string]any)
	newAff, hasNew := as["affinity"].(map[string]any)
	switch {
	case !hasNew && hadOld:
		delete(oldAff, "nodeAffinity")
		if len(oldAff) == 0 {
			delete(bs, "affinity")
		}
	case hasNew && !hadOld:
		aff := map[string]any{}
		setMember(aff, "nodeAffinity", newAff["nodeAffinity"])
		bs["affinity"] = aff
	case hasNew && hadOld:
		setMember(oldAff, "nodeAffinity", newAff["nodeAffinity"])
	}
}

// withResources gives the containers and init containers of before (a
// pod spec as a JSON value) the resources of after's, where both lists
// have the same length and the container at the same place has the same
// name.
func withResources(before, after map[string]any) {
	for _, list := range []string{"containers", "initContainers"} {
		bl, _ := before[list].([]any)
		al, _ := after[list].([]any)
		if len(bl) != len(al) {
			continue
		}
		for i := range bl {
			bc, _ := bl[i].(map[string]any)
			ac, _ := al[i].(map[string]any)
			if bc == nil || ac == nil || bc["name"] != ac["name"] {
				continue
			}
			setMember(bc, "resources", ac["resources"])
		}
	}
}

// childMap returns the member k of m as a map, adding an empty one when it
// is missing.
func childMap(m map[string]any, k string) map[string]any {
	c, ok := m[k].(map[string]any)
	if !ok {
		c = map[string]any{}
		m[k] = c
	}
	return c
}

// setMember sets member k of m to v, or removes it when v is nil.
func setMember(m map[string]any, k string, v any) {
	if v == nil {
		delete(m, k)
		return
	}
	m[k] = v
}

// changedMembers lists the paths (under prefix) of the members of two
// pod templates, as JSON values, that differ, looking one level into
// `metadata` and `spec`.
func changedMembers(a, b any, prefix string) []string {
	ma, _ := a.(map[string]any)
	mb, _ := b.(map[string]any)
	if ma == nil || mb == nil {
		if reflect.DeepEqual(a, b) {
			return nil
		}
		return []string{prefix}
	}
	var out []string
	for _, k := range unionKeys(ma, mb) {
		va, vb := ma[k], mb[k]
		if reflect.DeepEqual(va, vb) {
			continue
		}
		sa, okA := va.(map[string]any)
		sb, okB := vb.(map[string]any)
		if (k == "metadata" || k == "spec") && okA && okB {
			for _, kk := range unionKeys(sa, sb) {
				if !reflect.DeepEqual(sa[kk], sb[kk]) {
					out = append(out, prefix+"."+k+"."+kk)
				}
			}
			continue
		}
		out = append(out, prefix+"."+k)
	}
	return out
}

func unionKeys(a, b map[string]any) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// semanticEqual reports whether a and b mean the same, as their JSON
// forms: member order, and the difference between an empty and a missing
// list or map, do not count.
func semanticEqual(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true
	}
	x, errX := jsonValue(a)
	y, errY := jsonValue(b)
	if errX != nil || errY != nil {
		return reflect.DeepEqual(a, b)
	}
	return reflect.DeepEqual(x, y)
}

// jsonValue returns v as a generic JSON value, numbers kept as written.
func jsonValue(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out any
	err = dec.Decode(&out)
	return out, err
}
