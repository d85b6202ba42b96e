package jobapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"

	"github.com/jobkit/jobkit/jobapi/field"
)

const immutable = "may not be changed once the Job is created"

// ValidateUpdate checks job, the new state of the stored Job old, as an
// API server checks an update: job must pass [Validate] (with the same
// options), and what may not change has not:
//   - `metadata.name`, `namespace`, `uid`, `creationTimestamp` and
//     `deletionTimestamp`;
//   - `spec.selector`, `completionMode`, `podFailurePolicy`,
//     `backoffLimitPerIndex`, `managedBy` and `successPolicy`;
//   - `spec.completions`, except in an Indexed Job, where it may change
//     together with `parallelism` (both set to the same new value);
//   - `spec.template`, except that while old is suspended and has never
//     started (no `status.startTime`) its labels, annotations and
//     scheduling directives (`nodeSelector`, `tolerations`,
//     `schedulingGates`, `affinity.nodeAffinity`) may change.
//
// Values are compared by meaning, as Kubernetes compares them: an empty
// list or map equals a missing one, and an unset `completionMode` equals
// 'NonIndexed'. Each change is an Invalid error at the field's path.
func ValidateUpdate(job, old *Job, opts ...Option) field.ErrorList {
	errs := Validate(job, opts...)
	if job == nil || old == nil {
		if old == nil {
			errs = append(errs, field.InternalError(nil, errors.New("jobapi: ValidateUpdate needs the stored Job, not nil")))
		}
		return errs
	}
	meta := field.NewPath("metadata")
	nm, om := &job.ObjectMeta, &old.ObjectMeta
	if nm.Name != om.Name {
		errs = append(errs, field.Invalid(meta.Child("name"), nm.Name, immutable))
	}
	if nm.Namespace != om.Namespace {
		errs = append(errs, field.Invalid(meta.Child("namespace"), nm.Namespace, immutable))
	}
	if nm.UID != om.UID {
		errs = append(errs, field.Invalid(meta.Child("uid"), nm.UID, immutable))
	}
	if !nm.CreationTimestamp.Equal(om.CreationTimestamp) {
		errs = append(errs, field.Invalid(meta.Child("creationTimestamp"), nm.CreationTimestamp, immutable))
	}
	if !semanticEqual(nm.DeletionTimestamp, om.DeletionTimestamp) {
		errs = append(errs, field.Invalid(meta.Child("deletionTimestamp"), nm.DeletionTimestamp, "may only be set by deleting the Job"))
	}

	spec := field.NewPath("spec")
	ns, os := &job.Spec, &old.Spec
	errs = validateCompletionsUpdate(ns, os, spec.Child("completions"), errs)
	if !semanticEqual(ns.Selector, os.Selector) {
		errs = append(errs, field.Invalid(spec.Child("selector"), ns.Selector, immutable))
	}
	errs = validateTemplateUpdate(job, old, spec.Child("template"), errs)
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
	return errs
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

// validateTemplateUpdate checks that the pod template did not change,
// allowing the changes Kubernetes allows while a Job is suspended and has
// never started.
func validateTemplateUpdate(job, old *Job, path *field.Path, errs field.ErrorList) field.ErrorList {
	before := &old.Spec.Template
	after := &job.Spec.Template
	if old.Spec.Suspend != nil && *old.Spec.Suspend && old.Status.StartTime == nil {
		c := before.DeepCopy()
		c.ObjectMeta.Labels = after.ObjectMeta.Labels
		c.ObjectMeta.Annotations = after.ObjectMeta.Annotations
		// The scheduling directives jobkit keeps unmodeled.
		for _, k := range []string{"nodeSelector", "tolerations", "schedulingGates"} {
			setUnknown(&c.Spec.Unknown, k, after.Spec.Unknown[k])
		}
		setUnknown(&c.Spec.Unknown, "affinity", withNodeAffinity(c.Spec.Unknown["affinity"], after.Spec.Unknown["affinity"]))
		before = c
	}
	if reflect.DeepEqual(after, before) {
		return errs
	}
	a, errA := jsonValue(after)
	b, errB := jsonValue(before)
	if errA != nil || errB != nil {
		if !reflect.DeepEqual(after, before) {
			errs = append(errs, field.Invalid(path, []string{path.String()}, immutable))
		}
		return errs
	}
	if changed := changedMembers(a, b, path.String()); len(changed) > 0 {
		errs = append(errs, field.Invalid(path, changed, immutable+
			"; only its labels, annotations and scheduling directives may change, and only while the Job is suspended and has never started"))
	}
	return errs
}

// setUnknown sets or, for a nil value, removes the member k of *u.
func setUnknown(u *Unknown, k string, v RawJSON) {
	if v == nil {
		delete(*u, k)
		return
	}
	if *u == nil {
		*u = Unknown{}
	}
	(*u)[k] = v
}

// withNodeAffinity returns the old affinity with the node affinity of the
// new one, as Kubernetes lets a suspended Job change it: no new affinity
// drops the old node affinity (and an affinity left empty); a new
// affinity's node affinity replaces the old one's.
func withNodeAffinity(old, new RawJSON) RawJSON {
	var o, n map[string]json.RawMessage
	if old != nil && json.Unmarshal(old, &o) != nil {
		return old
	}
	if new != nil && json.Unmarshal(new, &n) != nil {
		return old
	}
	if o == nil && n == nil {
		return old
	}
	if o == nil {
		o = map[string]json.RawMessage{}
	}
	if na, ok := n["nodeAffinity"]; ok {
		o["nodeAffinity"] = na
	} else {
		delete(o, "nodeAffinity")
	}
	if len(o) == 0 && new == nil {
		return nil
	}
	out, err := json.Marshal(o)
	if err != nil {
		return old
	}
	return out
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
