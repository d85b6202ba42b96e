package jobtest

import (
	"reflect"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// EquateJSONRoundTrip returns the cmp options under which an object
// equals itself read back from its own JSON, as an object of k8s.io/api
// does through encoding/json: the two things JSON does not keep are not
// differences. An empty list or map equals nil (under omitempty the empty
// one is left out and reads back as nil), and a pointer to the zero time
// equals nil (it is written null, as metav1.Time writes it, and null reads
// back as a nil pointer), as does a pointer to empty JSON (a managedFields
// entry's fieldsV1, written null as metav1.FieldsV1 writes its nil Raw).
// For cmp.Diff(obj, readBack,
// jobtest.EquateJSONRoundTrip()); everything else is compared.
func EquateJSONRoundTrip() cmp.Option {
	return cmp.Options{
		cmpopts.EquateEmpty(),
		cmp.Transformer("jobtest.EquateJSONRoundTrip", func(t *meta.Time) *meta.Time {
			if t != nil && t.IsZero() {
				return nil
			}
			return t
		}),
		cmp.Transformer("jobtest.EquateJSONRoundTrip.raw", func(r *meta.RawJSON) *meta.RawJSON {
			if r != nil && (len(*r) == 0 || string(*r) == "null") {
				return nil
			}
			return r
		}),
	}
}

// IgnoreServerFields returns the cmp options that make an object as the
// store (or an API server) returns it equal to the fixture it was created
// from, for cmp.Diff(want, got, jobtest.IgnoreServerFields()). It ignores
// what the server sets or generates, in every ObjectMeta (the pod
// template's too):
//
//   - `uid`, `resourceVersion`, `generation` and `creationTimestamp`;
//   - a `name` made from `generateName` (the prefix and five characters of
//     the generated-name alphabet), so a fixture with only a generateName
//     matches;
//   - the label keys selector generation owns, in `labels`: `controller-uid`,
//     `job-name` and their `batch.kubernetes.io/` forms;
//   - the uid of owner references (it is the owner's generated uid);
//
// the defaults the server gives a Job's spec (`backoffLimit`, `suspend`,
// `completionMode`, `podReplacementPolicy`, `completions` and
// `parallelism`, ...: both sides are compared as batch/v1's defaults leave
// them, as for a pod spec below), the defaults the server gives a pod
// spec (`dnsPolicy`,
// `imagePullPolicy`, `terminationMessagePath`, ...: both sides are
// compared as core.SetDefaultsPodSpec leaves them, so a value that differs
// from a default the fixture left unset is still a difference),
// and also `apiVersion` and `kind`, a Job's `spec.selector` when on both
// sides it is unset or generated (a single `matchLabels` entry on a
// controller-uid key; a selector on a key of jobapi.WithUniqueLabelKey is
// not recognized), an unset `spec.manualSelector` against a false one (the
// server stores false under Kubernetes' label keys), and the difference
// between empty and nil lists and maps, which JSON does not keep.
//
// It ignores nothing else: a Pod's status, set to `phase: Pending` on
// create, is compared.
func IgnoreServerFields() cmp.Option {
	return cmp.Options{
		cmp.Transformer("jobtest.IgnoreServerFields", withoutServerFields),
		cmp.Transformer("jobtest.IgnoreServerFields.defaults", withDefaults),
		cmp.Transformer("jobtest.IgnoreServerFields.jobDefaults", withJobDefaults),
		cmpopts.IgnoreTypes(meta.TypeMeta{}),
		cmp.FilterValues(func(a, b *selector.LabelSelector) bool {
			return generatedOrNil(a) && generatedOrNil(b)
		}, cmp.Ignore()),
		cmpopts.EquateEmpty(),
		cmp.FilterPath(isManualSelector, cmp.Comparer(func(a, b *bool) bool { return (a != nil && *a) == (b != nil && *b) })),
	}
}

// isManualSelector reports whether p leads to a JobSpec's ManualSelector,
// which unset and false mean alike (the server stores false under
// Kubernetes' label keys).
func isManualSelector(p cmp.Path) bool {
	sf, ok := p.Last().(cmp.StructField)
	return ok && sf.Name() == "ManualSelector" && p.Index(-2).Type() == reflect.TypeFor[jobapi.JobSpec]()
}

// withDefaults returns a copy of s with the defaults the server gives a
// pod spec.
func withDefaults(s core.PodSpec) core.PodSpec {
	c := s.DeepCopy()
	core.SetDefaultsPodSpec(c)
	return *c
}

// withJobDefaults returns a copy of s with batch/v1's defaults.
func withJobDefaults(s jobapi.JobSpec) jobapi.JobSpec {
	j := jobapi.Job{Spec: *s.DeepCopy()}
	defaultJob(&j)
	return j.Spec
}

// withoutServerFields returns a copy of m without the fields the server
// generates.
func withoutServerFields(m meta.ObjectMeta) meta.ObjectMeta {
	c := *m.DeepCopy()
	c.UID, c.ResourceVersion, c.Generation, c.CreationTimestamp = "", "", 0, meta.Time{}
	if jobapi.IsGeneratedName(c.Name, c.GenerateName) {
		c.Name = ""
	}
	for k := range c.Labels {
		if isSystemLabel(k) {
			delete(c.Labels, k)
		}
	}
	if len(c.Labels) == 0 {
		c.Labels = nil
	}
	for i := range c.OwnerReferences {
		c.OwnerReferences[i].UID = ""
	}
	return c
}

// isSystemLabel reports whether k is a label key selector generation owns.
func isSystemLabel(k string) bool {
	switch k {
	case jobapi.ControllerUIDLabel, jobapi.JobNameLabel, jobapi.KubernetesControllerUIDLabel, jobapi.KubernetesJobNameLabel:
		return true
	}
	return false
}

// generatedOrNil reports whether ls is unset or has the shape of a
// generated selector.
func generatedOrNil(ls *selector.LabelSelector) bool {
	if ls == nil {
		return true
	}
	if len(ls.MatchExpressions) > 0 || len(ls.MatchLabels) != 1 {
		return false
	}
	for k := range ls.MatchLabels {
		return k == jobapi.ControllerUIDLabel || k == jobapi.KubernetesControllerUIDLabel
	}
	return false
}
