package conversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strconv"

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
// with jobkit's typed codec, as Kubernetes decodes a LabelSelector: member
// names are case-sensitive (`matchlabels` is not `matchLabels`), of a
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
// a [*StrictError] naming each one, under [FieldValidationStrict]; a
// warning (`unknown field "spec.selector.matchLabel"`, returned in
// warnings) and dropped under [FieldValidationWarn]; dropped without a
// word under [FieldValidationIgnore]. A value of the wrong type is an
// error in every mode, and is reported before unknown members, as the
// API server's decoder reports it.
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

// labelSelectorMembers and requirementMembers are the members of a
// LabelSelector and of one of its requirements, in the order they are
// written back for the typed decoder.
var (
	labelSelectorMembers = [...]string{"matchLabels", "matchExpressions"}
	requirementMembers   = [...]string{"key", "operator", "values"}
)

// decodeSpecSelector reads `spec.selector` of the JSON object data (see
// [Document.SpecSelector]). It finds the member by exact name, rewrites
// the selector with only the members the type models (the last of a
// member given twice; the others listed as unknown), and decodes that
// with the typed decoder the Job's own selector goes through, held in a
// v1.Job so that errors carry their paths from the object's root.
func decodeSpecSelector(data []byte, mode FieldValidation) (*selector.LabelSelector, []string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, nil, errors.New("the document must be an object")
	}
	spec, ok := top["spec"]
	if !ok || isNull(spec) {
		return nil, nil, nil
	}
	var unknown []string
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
		wire = append([]byte(`{"spec":{"selector":`), knownSelectorMembers(raw, "spec.selector", &unknown)...)
		wire = append(wire, "}}"...)
	}
	var job v1.Job
	if err := job.UnmarshalJSON(wire); err != nil {
		return nil, nil, err
	}
	if len(unknown) > 0 {
		switch mode {
		case FieldValidationStrict:
			return nil, nil, &StrictError{Fields: strictFields(nil, unknown)}
		case FieldValidationWarn:
			return job.Spec.Selector, fieldWarnings(strictFields(nil, unknown)), nil
		}
	}
	return job.Spec.Selector, nil, nil
}

// knownSelectorMembers returns the label selector raw written again with
// only the members a LabelSelector models (its requirements likewise),
// and appends the paths of the others, from path, to unknown. A value
// that is not an object (or, for matchExpressions, not an array) is
// returned as it is, for the typed decoder to refuse.
func knownSelectorMembers(raw json.RawMessage, path string, unknown *[]string) []byte {
	return knownMembers(raw, labelSelectorMembers[:], path, unknown, func(name string, v json.RawMessage) []byte {
		switch name {
		case "matchLabels":
			return lastMembers(v)
		case "matchExpressions":
			var items []json.RawMessage
			if json.Unmarshal(v, &items) != nil || items == nil {
				return v
			}
			b := []byte{'['}
			for i, item := range items {
				if i > 0 {
					b = append(b, ',')
				}
				itemPath := path + ".matchExpressions[" + strconv.Itoa(i) + "]"
				b = append(b, knownMembers(item, requirementMembers[:], itemPath, unknown, func(_ string, v json.RawMessage) []byte { return v })...)
			}
			return append(b, ']')
		}
		return v
	})
}

// knownMembers returns the JSON object raw written again with only the
// members named in known, in that order, each value passed through
// value; the names of the others, sorted, are appended to unknown under
// path. raw is returned as it is when it is not an object.
func knownMembers(raw json.RawMessage, known []string, path string, unknown *[]string, value func(string, json.RawMessage) []byte) []byte {
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || members == nil {
		return raw
	}
	var others []string
	for name := range members {
		if !slices.Contains(known, name) {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	for _, name := range others {
		*unknown = append(*unknown, joinPath(path, name))
	}
	b := []byte{'{'}
	for _, name := range known {
		v, ok := members[name]
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, name)
		b = append(b, ':')
		b = append(b, value(name, v)...)
	}
	return append(b, '}')
}

// lastMembers returns the JSON object raw with each member given once,
// its last value, in name order; raw as it is when it is not an object.
func lastMembers(raw json.RawMessage) []byte {
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || members == nil {
		return raw
	}
	names := make([]string, 0, len(members))
	for name := range members {
		names = append(names, name)
	}
	sort.Strings(names)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		q, _ := json.Marshal(name) // a string always encodes
		b.Write(q)
		b.WriteByte(':')
		b.Write(members[name])
	}
	b.WriteByte('}')
	return b.Bytes()
}
