package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// Affinity holds a pod's scheduling constraints relative to nodes and to
// other pods.
type Affinity struct {
	NodeAffinity    *NodeAffinity    `json:"nodeAffinity,omitempty"`
	PodAffinity     *PodAffinity     `json:"podAffinity,omitempty"`
	PodAntiAffinity *PodAntiAffinity `json:"podAntiAffinity,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeAffinity constrains, or weighs, the nodes a pod is scheduled to by
// their labels and fields.
type NodeAffinity struct {
	// RequiredDuringSchedulingIgnoredDuringExecution must hold for a node
	// to be chosen; it is not rechecked once the pod runs.
	RequiredDuringSchedulingIgnoredDuringExecution *NodeSelector `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	// PreferredDuringSchedulingIgnoredDuringExecution adds each matching
	// term's weight to a node's score.
	PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeSelector matches the nodes that match any of its terms (the terms
// are ORed).
type NodeSelector struct {
	NodeSelectorTerms []NodeSelectorTerm `json:"nodeSelectorTerms"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeSelectorTerm matches the nodes that meet all its requirements on
// labels (MatchExpressions) and on fields (MatchFields). An empty term
// matches nothing.
type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeSelectorRequirement relates a node label or field, Key, to Values
// through Operator.
type NodeSelectorRequirement struct {
	Key      string               `json:"key"`
	Operator NodeSelectorOperator `json:"operator"`
	// Values is non-empty for In and NotIn, empty for Exists and
	// DoesNotExist, and a single integer for Gt and Lt.
	Values []string `json:"values,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// NodeSelectorOperator relates a key to values in a
// [NodeSelectorRequirement].
type NodeSelectorOperator string

// The node selector operators.
const (
	NodeSelectorOpIn           NodeSelectorOperator = "In"
	NodeSelectorOpNotIn        NodeSelectorOperator = "NotIn"
	NodeSelectorOpExists       NodeSelectorOperator = "Exists"
	NodeSelectorOpDoesNotExist NodeSelectorOperator = "DoesNotExist"
	NodeSelectorOpGt           NodeSelectorOperator = "Gt"
	NodeSelectorOpLt           NodeSelectorOperator = "Lt"
)

// PreferredSchedulingTerm is a node selector term with the Weight (1-100)
// a node matching it gains.
type PreferredSchedulingTerm struct {
	Weight     int32            `json:"weight"`
	Preference NodeSelectorTerm `json:"preference"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodAffinity places a pod in the same topology domain as other pods.
type PodAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodAntiAffinity keeps a pod out of the topology domains of other pods.
type PodAntiAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// PodAffinityTerm selects a set of pods, by labels and namespaces, and the
// topology key whose domains the rule is about.
type PodAffinityTerm struct {
	// LabelSelector selects the pods; nil selects none.
	LabelSelector *selector.LabelSelector `json:"labelSelector,omitempty"`
	// Namespaces are searched in addition to those NamespaceSelector
	// selects; both empty means the pod's own namespace.
	Namespaces []string `json:"namespaces,omitempty"`
	// TopologyKey is the node label whose values are the domains.
	TopologyKey string `json:"topologyKey"`
	// NamespaceSelector selects namespaces by their labels; an empty
	// selector selects all.
	NamespaceSelector *selector.LabelSelector `json:"namespaceSelector,omitempty"`
	// MatchLabelKeys are pod label keys whose values, taken from the
	// incoming pod, are added to LabelSelector as In requirements.
	MatchLabelKeys []string `json:"matchLabelKeys,omitempty"`
	// MismatchLabelKeys are added to LabelSelector as NotIn
	// requirements the same way.
	MismatchLabelKeys []string `json:"mismatchLabelKeys,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// WeightedPodAffinityTerm is a pod affinity term with the Weight (1-100) a
// node gains when the term holds there.
type WeightedPodAffinityTerm struct {
	Weight          int32           `json:"weight"`
	PodAffinityTerm PodAffinityTerm `json:"podAffinityTerm"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
