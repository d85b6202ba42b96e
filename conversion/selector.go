package conversion

import (
	"encoding/json"
	"errors"

	"sigs.k8s.io/yaml"

	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/selector"
)

// SpecSelector returns the label selector at `spec.selector` of the
// object the document holds, as the API server's decoder of its kind
// reads it, or nil when the object has none (the member is absent or
// null).
//
// For a decoded Job it is the Job's own selector, with its version's
// defaults (an extensions/v1beta1 Job without autoSelector selects by its
// template's labels); the Job's field validation was applied by
// [DecodeAll]. For any other object (a Deployment, a ReplicaSet, a
// StatefulSet, a DaemonSet: every kind whose `spec.selector` is a
// metav1.LabelSelector) the member is decoded from the document's JSON
// by the typed decoder a Job's own `spec.selector` goes through, as
// Kubernetes decodes a LabelSelector: member names are case-sensitive
// (`matchlabels` is not `matchLabels`; a modeled name written with escape
// sequences, `match\u004cabels`, is an error, as it is in a Job), of a
// member given twice the last wins (duplicates are [DecodeAll]'s to
// report, under the same mode), and a value of the wrong type is a field
// error naming its path from the object's root
// (`spec.selector.matchLabels[app]: Invalid value: 1: must be a string`).
// A `spec` that is not an object is such an error too. A kind whose
// `spec.selector` is a plain map of labels (a v1 Service, a v1
// ReplicationController) has no LabelSelector there: its labels read as
// members a LabelSelector does not model.
//
// A member the selector does not model (`spec.selector.matchLabel`,
// `spec.selector.matchExpressions[0].value`) is treated as mode says, as
// the API server treats it under its fieldValidation parameter: an error,
// a [*StrictError] naming each one in the order the document gives them,
// under [FieldValidationStrict]; a warning (`unknown field
// "spec.selector.matchLabel"`, returned in warnings) and dropped under
// [FieldValidationWarn]; dropped without a word under
// [FieldValidationIgnore]. A value of the wrong type is an error in every
// mode, and is reported before unknown members, as the API server's
// decoder reports it. A Job's own selector is read the same way by
// DecodeAll.
//
// A document that did not parse, or a Job that did not decode, gives its
// Err. The selector is not validated: selector.ValidateLabelSelector
// does that.
func (d *Document) SpecSelector(mode FieldValidation) (ls *selector.LabelSelector, warnings []string, err error) {
	if d.Job != nil {
		return d.Job.Spec.Selector, nil, nil
	}
	if d.JSON == nil || d.IsJob() {
		return nil, nil, d.Err
	}
	return decodeSpecSelector(d.JSON, mode)
}

// decodeSpecSelector reads `spec.selector` of the JSON object data (see
// [Document.SpecSelector]). It finds the member by exact name and decodes
// it with the typed decoder of a Job's own selector, held in a v1.Job so
// that errors carry their paths from the object's root. That decoder
// knows a LabelSelector's members and refuses the others, each a
// NotSupported error naming the member (see refusedMember): those are the
// unknown fields mode decides on; any other error is the result.
func decodeSpecSelector(data []byte, mode FieldValidation) (*selector.LabelSelector, []string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, nil, errors.New("the document must be an object")
	}
	spec, ok := top["spec"]
	if !ok || isNull(spec) {
		return nil, nil, nil
	}
	var wire []byte
	var members map[string]json.RawMessage
	if json.Unmarshal(spec, &members) != nil {
		// Not an object: the typed decoder says so, at `spec`.
		wire = append(append([]byte(`{"spec":`), spec...), '}')
	} else {
		raw, ok := members["selector"]
		if !ok || isNull(raw) {
			return nil, nil, nil
		}
		if len(jsonDuplicates(raw)) > 0 {
			// The last value of each duplicate, as DecodeAll keeps it
			// for a Job: the typed decoder refuses duplicates outright.
			var err error
			if raw, err = yaml.YAMLToJSON(raw); err != nil {
				return nil, nil, err
			}
		}
		wire = append(append([]byte(`{"spec":{"selector":`), raw...), "}}"...)
	}
	var job v1.Job
	unknown, err := splitRefused(job.UnmarshalJSON(wire))
	switch {
	case err != nil:
		return nil, nil, err
	case len(unknown) == 0:
		return job.Spec.Selector, nil, nil
	}
	switch mode {
	case FieldValidationStrict:
		return nil, nil, &StrictError{Fields: strictFields(nil, unknown)}
	case FieldValidationWarn:
		return job.Spec.Selector, fieldWarnings(strictFields(nil, unknown)), nil
	}
	return job.Spec.Selector, nil, nil
}
