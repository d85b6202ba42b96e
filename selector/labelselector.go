package selector

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
// nil.
func (ls *LabelSelector) DeepCopy() *LabelSelector {
	if ls == nil {
		return nil
	}
	out := &LabelSelector{}
	if ls.MatchLabels != nil {
		out.MatchLabels = make(map[string]string, len(ls.MatchLabels))
		for k, v := range ls.MatchLabels {
			out.MatchLabels[k] = v
		}
	}
	if ls.MatchExpressions != nil {
		out.MatchExpressions = make([]LabelSelectorRequirement, len(ls.MatchExpressions))
		for i, r := range ls.MatchExpressions {
			out.MatchExpressions[i] = r
			if r.Values != nil {
				out.MatchExpressions[i].Values = append([]string(nil), r.Values...)
			}
		}
	}
	return out
}
