package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// Toleration lets a pod be scheduled on, or keep running on, nodes with a
// matching taint.
type Toleration struct {
	// Key is the taint key matched; empty with operator Exists matches
	// every taint.
	Key      string             `json:"key,omitempty"`
	Operator TolerationOperator `json:"operator,omitempty"`
	Value    string             `json:"value,omitempty"`
	// Effect is the taint effect matched; empty matches all effects.
	Effect TaintEffect `json:"effect,omitempty"`
	// TolerationSeconds is how long a NoExecute taint is tolerated before
	// the pod is evicted; nil tolerates it forever.
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// TolerationOperator relates a toleration's key to its value.
type TolerationOperator string

// The toleration operators.
const (
	TolerationOpExists TolerationOperator = "Exists"
	TolerationOpEqual  TolerationOperator = "Equal"
	TolerationOpLt     TolerationOperator = "Lt"
	TolerationOpGt     TolerationOperator = "Gt"
)

// TaintEffect is what a node taint does to pods that do not tolerate it.
type TaintEffect string

// The taint effects.
const (
	// TaintEffectNoSchedule: new pods are not scheduled there.
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	// TaintEffectPreferNoSchedule: the scheduler avoids the node.
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	// TaintEffectNoExecute: running pods are evicted too.
	TaintEffectNoExecute TaintEffect = "NoExecute"
)

// TopologySpreadConstraint says how evenly the pods LabelSelector matches
// spread over the domains of TopologyKey.
type TopologySpreadConstraint struct {
	// MaxSkew is the largest allowed difference between the number of
	// matching pods in a domain and in the emptiest eligible domain.
	MaxSkew int32 `json:"maxSkew"`
	// TopologyKey is the node label whose values are the domains.
	TopologyKey string `json:"topologyKey"`
	// WhenUnsatisfiable says what happens when no node meets MaxSkew.
	WhenUnsatisfiable UnsatisfiableConstraintAction `json:"whenUnsatisfiable"`
	// LabelSelector selects the pods counted.
	LabelSelector *selector.LabelSelector `json:"labelSelector,omitempty"`
	// MinDomains is the least number of eligible domains; fewer count as
	// having zero pods. Only with DoNotSchedule.
	MinDomains *int32 `json:"minDomains,omitempty"`
	// NodeAffinityPolicy says whether the pod's node affinity and node
	// selector limit the domains counted (default Honor).
	NodeAffinityPolicy *NodeInclusionPolicy `json:"nodeAffinityPolicy,omitempty"`
	// NodeTaintsPolicy says whether node taints limit the domains counted
	// (default Ignore).
	NodeTaintsPolicy *NodeInclusionPolicy `json:"nodeTaintsPolicy,omitempty"`
	// MatchLabelKeys are pod label keys whose values, taken from the
	// incoming pod, narrow LabelSelector.
	MatchLabelKeys []string `json:"matchLabelKeys,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// UnsatisfiableConstraintAction is what the scheduler does with a pod
// whose topology spread constraint cannot be met.
type UnsatisfiableConstraintAction string

// The unsatisfiable constraint actions.
const (
	// DoNotSchedule leaves the pod pending.
	DoNotSchedule UnsatisfiableConstraintAction = "DoNotSchedule"
	// ScheduleAnyway schedules it, preferring nodes that reduce the skew.
	ScheduleAnyway UnsatisfiableConstraintAction = "ScheduleAnyway"
)

// NodeInclusionPolicy says whether a node property limits the domains a
// topology spread constraint counts.
type NodeInclusionPolicy string

// The node inclusion policies.
const (
	// NodeInclusionPolicyIgnore counts every node.
	NodeInclusionPolicyIgnore NodeInclusionPolicy = "Ignore"
	// NodeInclusionPolicyHonor counts only the nodes the pod could run
	// on.
	NodeInclusionPolicyHonor NodeInclusionPolicy = "Honor"
)
