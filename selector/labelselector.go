package selector

import (
	"maps"
	"slices"

	"github.com/jobkit/jobkit/jobapi/validation"
)

// LabelSelectorOperator is the operator of a [LabelSelectorRequirement]:
// one of In, NotIn, Exists, DoesNotExist (case-sensitive).
type LabelSelectorOperator string

// The operators a LabelSelectorRequirement may use.
const (
	LabelSelectorOpIn           LabelSelectorOperator = "In"
	LabelSelectorOpNotIn        LabelSelectorOperator = "NotIn"
	LabelSelectorOpExists       LabelSelectorOperator = "Exists"
	LabelSelectorOpDoesNotExist LabelSelectorOperator = "DoesNotExist"
)

// LabelSelector is the selector as API objects carry it (a Job's
// `spec.selector`): equality terms in MatchLabels and set terms in
// MatchExpressions, all of which must hold. A nil *LabelSelector selects
// nothing; an empty one selects everything.
type LabelSelector struct {
	MatchLabels      map[string]string          `json:"matchLabels,omitempty"`
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

// LabelSelectorRequirement is one set term: Key, an Operator, and Values,
// which must be non-empty for In and NotIn and empty for Exists and
// DoesNotExist.
type LabelSelectorRequirement struct {
	Key      string                `json:"key"`
	Operator LabelSelectorOperator `json:"operator"`
	Values   []string              `json:"values,omitempty"`
}

// DeepCopy returns a copy of ls that shares no memory with it; nil stays
// nil, and empty slices stay empty, not nil. The usual selector (at most
// one set term of at most one value) is copied into one allocation
// besides its map's; each Values has no room beyond its length.
func (ls *LabelSelector) DeepCopy() *LabelSelector {
	if ls == nil {
		return nil
	}
	var out *LabelSelector
	reqs := ls.MatchExpressions
	if len(reqs) == 1 && len(reqs[0].Values) <= 1 {
		b := new(struct {
			ls  LabelSelector
			req [1]LabelSelectorRequirement
			val [1]string
		})
		out = &b.ls
		out.MatchExpressions = b.req[:]
		out.MatchExpressions[0] = reqs[0]
		if v := reqs[0].Values; v != nil {
			out.MatchExpressions[0].Values = b.val[:len(v):len(v)]
			copy(out.MatchExpressions[0].Values, v)
		}
	} else {
		out = new(LabelSelector)
		if reqs != nil {
			out.MatchExpressions = make([]LabelSelectorRequirement, len(reqs))
			copy(out.MatchExpressions, reqs)
			for i, r := range reqs {
				if r.Values != nil {
					out.MatchExpressions[i].Values = slices.Clip(append([]string{}, r.Values...))
				}
			}
		}
	}
	out.MatchLabels = maps.Clone(ls.MatchLabels)
	return out
}

// FromLabelSelector converts the wire form of a selector into a Selector,
// as Kubernetes' metav1.LabelSelectorAsSelector does: a nil ls gives
// Nothing, one without terms gives Everything; each `matchLabels` entry
// becomes an Equals requirement and each `matchExpressions` element an In,
// NotIn, Exists or DoesNotExist requirement (values kept as given,
// repeats included, so that String prints what Kubernetes prints). It
// fails exactly when [ValidateLabelSelector] reports errors, and then
// returns them (paths relative to the selector, such as
// `matchExpressions[0].values`) as a field.ErrorList aggregate.
//
// Requirements with the same key keep the order Kubernetes gives them
// whenever that order is determined; Kubernetes leaves it to map
// iteration only when `matchLabels` has two or more entries, some key
// appears twice and there are more than 12 requirements, and there
// FromLabelSelector takes `matchLabels` in key order.
func FromLabelSelector(ls *LabelSelector) (Selector, error) {
	if ls == nil {
		return Nothing(), nil
	}
	n := len(ls.MatchLabels) + len(ls.MatchExpressions)
	if n == 0 {
		return Everything(), nil
	}
	nvals := len(ls.MatchLabels)
	for i := range ls.MatchExpressions {
		nvals += len(ls.MatchExpressions[i].Values)
	}
	reqs := make([]Requirement, 0, n)
	var vals []string
	if nvals > 0 {
		vals = make([]string, 0, nvals)
	}
	for k, v := range ls.MatchLabels {
		if !validation.IsQualifiedName(k) || !validation.IsLabelValue(v) {
			return Selector{}, invalidLabelSelector(ls)
		}
		vals = append(vals, v)
		i := len(vals)
		reqs = append(reqs, Requirement{key: k, op: opEquals, values: vals[i-1 : i : i]})
	}
	if len(reqs) > 1 && n > 12 {
		// Only here can the order of matchLabels show in the result (see
		// above); make it deterministic.
		sortRequirements(reqs)
	}
	for i := range ls.MatchExpressions {
		e := &ls.MatchExpressions[i]
		var op opcode
		switch e.Operator {
		case LabelSelectorOpIn:
			op = opIn
		case LabelSelectorOpNotIn:
			op = opNotIn
		case LabelSelectorOpExists:
			op = opExists
		case LabelSelectorOpDoesNotExist:
			op = opDoesNotExist
		default:
			return Selector{}, invalidLabelSelector(ls)
		}
		if !expressionValid(e, LabelSelectorValidationOptions{}) {
			return Selector{}, invalidLabelSelector(ls)
		}
		start := len(vals)
		vals = append(vals, e.Values...)
		var values []string
		if end := len(vals); end > start {
			values = vals[start:end:end]
			sortStrings(values)
		}
		reqs = append(reqs, Requirement{key: e.Key, op: op, values: values})
	}
	sortRequirements(reqs)
	return Selector{reqs: reqs, selectable: true}, nil
}

// invalidLabelSelector returns the validation errors of ls as one error.
func invalidLabelSelector(ls *LabelSelector) error {
	return ValidateLabelSelector(ls, LabelSelectorValidationOptions{}, nil).ToAggregate()
}

// sortStrings sorts a short list in place.
func sortStrings(vals []string) {
	if len(vals) > 12 {
		slices.Sort(vals)
		return
	}
	for i := 1; i < len(vals); i++ {
		for j := i; j > 0 && vals[j] < vals[j-1]; j-- {
			vals[j], vals[j-1] = vals[j-1], vals[j]
		}
	}
}
