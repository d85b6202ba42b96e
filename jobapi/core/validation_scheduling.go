package core

import (
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// validateTolerations checks `tolerations`: a qualified-name key, operator
// Exists when the key is empty, effect NoExecute with tolerationSeconds,
// a label-value value with Equal, none with Exists, a decimal integer with
// Lt and Gt (which only opts.AllowTaintTolerationComparisonOperators
// allows), and a known effect. Kubernetes reports a bad value at
// `operator`, except that of Lt and Gt, at `value`.
func validateTolerations(ts []Toleration, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	list := at.child("tolerations")
	return validateTolerationsAt(ts, &list, opts, errs)
}

// validateTolerationsAt is [validateTolerations] with the path of the list.
func validateTolerationsAt(ts []Toleration, list *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	for i := range ts {
		t := &ts[i]
		tp := func(name string) *field.Path { return list.path().Index(i).Child(name) }
		if t.Key != "" && !validation.IsQualifiedName(t.Key) {
			errs = append(errs, validation.ValidateQualifiedName(t.Key, tp("key"))...)
		}
		if t.Key == "" && t.Operator != TolerationOpExists {
			errs = append(errs, field.Invalid(tp("operator"), t.Operator,
				"must be 'Exists' when `key` is empty, which means \"match all values and all keys\""))
		}
		if t.TolerationSeconds != nil && t.Effect != TaintEffectNoExecute {
			errs = append(errs, field.Invalid(tp("effect"), t.Effect, "must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch t.Operator {
		case TolerationOpEqual, "":
			if !validation.IsLabelValue(t.Value) {
				// Kubernetes joins the problems with ';' into one error.
				errs = append(errs, field.Invalid(tp("operator"), t.Value, strings.Join(validation.LabelValueProblems(t.Value), ";")))
			}
		case TolerationOpExists:
			if t.Value != "" {
				errs = append(errs, field.Invalid(tp("operator"), t.Value, "value must be empty when `operator` is 'Exists'"))
			}
		case TolerationOpLt, TolerationOpGt:
			// TaintTolerationComparisonOperators is alpha in v1.36.
			if !opts.AllowTaintTolerationComparisonOperators {
				errs = append(errs, field.NotSupported(tp("operator"), t.Operator,
					[]TolerationOperator{TolerationOpEqual, TolerationOpExists, TolerationOpLt, TolerationOpGt}))
			} else if !isDecimalInteger(t.Value) {
				errs = append(errs, field.Invalid(tp("value"), t.Value, "must be a decimal integer without leading zeros (e.g. '42' or '-7') when `operator` is 'Lt' or 'Gt'"))
			} else if _, err := strconv.ParseInt(t.Value, 10, 64); err != nil {
				errs = append(errs, field.Invalid(tp("value"), t.Value, "must fit in a 64-bit integer"))
			}
		default:
			errs = append(errs, field.NotSupported(tp("operator"), t.Operator, []TolerationOperator{TolerationOpEqual, TolerationOpExists}))
		}
		switch t.Effect {
		case "", TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute:
		default:
			errs = append(errs, field.NotSupported(tp("effect"), t.Effect,
				[]TaintEffect{TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute}))
		}
	}
	return errs
}

// isDecimalInteger reports whether s is a decimal integer as Kubernetes
// reads one: an optional '-', then '0' or digits not starting with '0'.
func isDecimalInteger(s string) bool {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if s == "" || s[0] == '0' && (len(s) > 1 || neg) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validateSchedulingGates checks that each gate is a qualified name, and
// unique.
func validateSchedulingGates(gates []PodSchedulingGate, at *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range gates {
		name := gates[i].Name
		if !validation.IsQualifiedName(name) {
			errs = append(errs, validation.ValidateQualifiedName(name, at.at("schedulingGates").Index(i))...)
		}
		for j := 0; j < i; j++ {
			if gates[j].Name == name {
				errs = append(errs, field.Duplicate(at.at("schedulingGates").Index(i), name))
				break
			}
		}
	}
	return errs
}

// validateAffinity checks node affinity (selector terms and their
// operators, keys and values, weights 1-100), and pod (anti-)affinity
// terms (label and namespace selectors, namespaces, a topologyKey).
func validateAffinity(a *Affinity, ap *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if na := a.NodeAffinity; na != nil {
		np := ap.child("nodeAffinity")
		if req := na.RequiredDuringSchedulingIgnoredDuringExecution; req != nil {
			rp := np.child("requiredDuringSchedulingIgnoredDuringExecution")
			tp := rp.child("nodeSelectorTerms")
			if len(req.NodeSelectorTerms) == 0 {
				errs = append(errs, field.Required(tp.path(), "must have at least one node selector term"))
			}
			for i := range req.NodeSelectorTerms {
				ip := tp.idx(i)
				errs = validateNodeSelectorTerm(&req.NodeSelectorTerms[i], opts.AllowInvalidLabelValueInRequiredNodeAffinity, &ip, errs)
			}
		}
		pp := np.child("preferredDuringSchedulingIgnoredDuringExecution")
		for i := range na.PreferredDuringSchedulingIgnoredDuringExecution {
			t := &na.PreferredDuringSchedulingIgnoredDuringExecution[i]
			ip := pp.idx(i)
			if t.Weight <= 0 || t.Weight > 100 {
				errs = append(errs, field.Invalid(ip.at("weight"), t.Weight, "must be in the range 1-100"))
			}
			// Kubernetes always accepts invalid label values in preferred
			// terms.
			prefp := ip.child("preference")
			errs = validateNodeSelectorTerm(&t.Preference, true, &prefp, errs)
		}
	}
	if pa := a.PodAffinity; pa != nil {
		p := ap.child("podAffinity")
		errs = validatePodAffinityTerms(pa.RequiredDuringSchedulingIgnoredDuringExecution, pa.PreferredDuringSchedulingIgnoredDuringExecution, &p, opts, errs)
	}
	if pa := a.PodAntiAffinity; pa != nil {
		p := ap.child("podAntiAffinity")
		errs = validatePodAffinityTerms(pa.RequiredDuringSchedulingIgnoredDuringExecution, pa.PreferredDuringSchedulingIgnoredDuringExecution, &p, opts, errs)
	}
	return errs
}

func validateNodeSelectorTerm(t *NodeSelectorTerm, allowInvalidValues bool, tp *lazyPath, errs field.ErrorList) field.ErrorList {
	for j := range t.MatchExpressions {
		r := &t.MatchExpressions[j]
		rp := func() *field.Path { return tp.at("matchExpressions").Index(j) }
		switch r.Operator {
		case NodeSelectorOpIn, NodeSelectorOpNotIn:
			if len(r.Values) == 0 {
				errs = append(errs, field.Required(rp().Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
			}
		case NodeSelectorOpExists, NodeSelectorOpDoesNotExist:
			if len(r.Values) > 0 {
				errs = append(errs, field.Forbidden(rp().Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
			}
		case NodeSelectorOpGt, NodeSelectorOpLt:
			if len(r.Values) != 1 {
				errs = append(errs, field.Required(rp().Child("values"), "must be a single value when `operator` is 'Lt' or 'Gt'"))
			}
		default:
			errs = append(errs, field.Invalid(rp().Child("operator"), r.Operator,
				"must be one of 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt' or 'Lt' (case matters)"))
		}
		if !validation.IsQualifiedName(r.Key) {
			errs = append(errs, validation.ValidateQualifiedName(r.Key, rp().Child("key"))...)
		}
		if !allowInvalidValues {
			for k, v := range r.Values {
				if !validation.IsLabelValue(v) {
					errs = append(errs, validation.ValidateLabelValue(v, rp().Child("values").Index(k))...)
				}
			}
		}
	}
	for j := range t.MatchFields {
		r := &t.MatchFields[j]
		rp := func() *field.Path { return tp.at("matchFields").Index(j) }
		switch r.Operator {
		case NodeSelectorOpIn, NodeSelectorOpNotIn:
			if len(r.Values) != 1 {
				errs = append(errs, field.Required(rp().Child("values"), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"))
			}
		default:
			errs = append(errs, field.Invalid(rp().Child("operator"), r.Operator, "must be 'In' or 'NotIn' for a node field selector"))
		}
		if r.Key != "metadata.name" {
			errs = append(errs, field.Invalid(rp().Child("key"), r.Key, "must be 'metadata.name', the only node field a selector may use"))
			continue
		}
		for k, v := range r.Values {
			if !validation.IsDNSSubdomain(v) {
				errs = append(errs, validation.ValidateDNSSubdomain(v, rp().Child("values").Index(k))...)
			}
		}
	}
	return errs
}

func validatePodAffinityTerms(req []PodAffinityTerm, pref []WeightedPodAffinityTerm, p *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	rp := p.child("requiredDuringSchedulingIgnoredDuringExecution")
	for i := range req {
		ip := rp.idx(i)
		errs = validatePodAffinityTerm(&req[i], &ip, opts, errs)
	}
	pp := p.child("preferredDuringSchedulingIgnoredDuringExecution")
	for i := range pref {
		ip := pp.idx(i)
		if w := pref[i].Weight; w <= 0 || w > 100 {
			errs = append(errs, field.Invalid(ip.at("weight"), w, "must be in the range 1-100"))
		}
		tp := ip.child("podAffinityTerm")
		errs = validatePodAffinityTerm(&pref[i].PodAffinityTerm, &tp, opts, errs)
	}
	return errs
}

func validatePodAffinityTerm(t *PodAffinityTerm, tp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	lsOpts := selector.LabelSelectorValidationOptions{AllowInvalidLabelValueInSelector: opts.AllowInvalidLabelValueInSelector}
	if t.LabelSelector != nil && len(selector.ValidateLabelSelector(t.LabelSelector, lsOpts, nil)) > 0 {
		errs = append(errs, selector.ValidateLabelSelector(t.LabelSelector, lsOpts, tp.at("labelSelector"))...)
	}
	if t.NamespaceSelector != nil && len(selector.ValidateLabelSelector(t.NamespaceSelector, lsOpts, nil)) > 0 {
		errs = append(errs, selector.ValidateLabelSelector(t.NamespaceSelector, lsOpts, tp.at("namespaceSelector"))...)
	}
	for _, ns := range t.Namespaces {
		if !validation.IsDNSLabel(ns) {
			// Kubernetes reports these at `namespace`, singular.
			errs = append(errs, validation.ValidateDNSLabel(ns, tp.at("namespace"))...)
		}
	}
	errs = validateMatchLabelKeys(t.MatchLabelKeys, t.MismatchLabelKeys, t.LabelSelector, func() *field.Path { return tp.path() }, errs)
	if t.TopologyKey == "" {
		errs = append(errs, field.Required(tp.at("topologyKey"), "must name a node label, such as 'kubernetes.io/hostname'"))
	}
	if !validation.IsQualifiedName(t.TopologyKey) {
		errs = append(errs, validation.ValidateQualifiedName(t.TopologyKey, tp.at("topologyKey"))...)
	}
	return errs
}

// validateTopologySpreadConstraints checks `topologySpreadConstraints`: a
// positive maxSkew, a topologyKey, whenUnsatisfiable and the node
// policies from their sets, no two constraints with the same topologyKey
// and whenUnsatisfiable, minDomains positive and only with DoNotSchedule,
// matchLabelKeys and the label selector.
func validateTopologySpreadConstraints(cs []TopologySpreadConstraint, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	for i := range cs {
		c := &cs[i]
		cp := func() *field.Path { return at.at("topologySpreadConstraints").Index(i) }
		if c.MaxSkew <= 0 {
			errs = append(errs, field.Invalid(cp().Child("maxSkew"), c.MaxSkew, "must be greater than zero"))
		}
		if c.TopologyKey == "" {
			errs = append(errs, field.Required(cp().Child("topologyKey"), "must name a node label, such as 'topology.kubernetes.io/zone'"))
		}
		if c.WhenUnsatisfiable != DoNotSchedule && c.WhenUnsatisfiable != ScheduleAnyway {
			errs = append(errs, field.NotSupported(cp().Child("whenUnsatisfiable"), c.WhenUnsatisfiable,
				[]UnsatisfiableConstraintAction{DoNotSchedule, ScheduleAnyway}))
		}
		for j := i + 1; j < len(cs); j++ {
			if cs[j].TopologyKey == c.TopologyKey && cs[j].WhenUnsatisfiable == c.WhenUnsatisfiable {
				// Kubernetes names the pair this way.
				errs = append(errs, field.Duplicate(cp().Child("{topologyKey, whenUnsatisfiable}"),
					"{"+c.TopologyKey+", "+string(c.WhenUnsatisfiable)+"}"))
				break
			}
		}
		if m := c.MinDomains; m != nil {
			if *m <= 0 {
				errs = append(errs, field.Invalid(cp().Child("minDomains"), *m, "must be greater than zero"))
			}
			if c.WhenUnsatisfiable != DoNotSchedule {
				errs = append(errs, field.Invalid(cp().Child("minDomains"), *m, "can only be set when whenUnsatisfiable is 'DoNotSchedule'"))
			}
		}
		for _, np := range [2]struct {
			name string
			p    *NodeInclusionPolicy
		}{{"nodeAffinityPolicy", c.NodeAffinityPolicy}, {"nodeTaintsPolicy", c.NodeTaintsPolicy}} {
			if np.p != nil && *np.p != NodeInclusionPolicyHonor && *np.p != NodeInclusionPolicyIgnore {
				errs = append(errs, field.NotSupported(cp().Child(np.name), *np.p, []NodeInclusionPolicy{NodeInclusionPolicyHonor, NodeInclusionPolicyIgnore}))
			}
		}
		errs = validateMatchLabelKeys(c.MatchLabelKeys, nil, c.LabelSelector, cp, errs)
		if !opts.AllowInvalidTopologySpreadConstraintLabelSelector && c.LabelSelector != nil &&
			len(selector.ValidateLabelSelector(c.LabelSelector, selector.LabelSelectorValidationOptions{}, nil)) > 0 {
			errs = append(errs, selector.ValidateLabelSelector(c.LabelSelector, selector.LabelSelectorValidationOptions{}, cp().Child("labelSelector"))...)
		}
	}
	return errs
}

// validateMatchLabelKeys checks matchLabelKeys and mismatchLabelKeys as
// Kubernetes v1.36 does for pod affinity terms and (with
// MatchLabelKeysInPodTopologySpreadSelectorMerge, beta) topology spread
// constraints: only with a label selector, each a qualified name, not in
// both lists, and not a key the selector's matchExpressions repeat from
// its matchLabels. Kubernetes reports that last error at `<parent>[i]`.
func validateMatchLabelKeys(match, mismatch []string, sel *selector.LabelSelector, parent func() *field.Path, errs field.ErrorList) field.ErrorList {
	for _, l := range [2]struct {
		name string
		keys []string
	}{{"matchLabelKeys", match}, {"mismatchLabelKeys", mismatch}} {
		if len(l.keys) == 0 {
			continue
		}
		if sel == nil {
			errs = append(errs, field.Forbidden(parent().Child(l.name), "must not be specified when labelSelector is not set"))
			continue
		}
		for i, k := range l.keys {
			if !validation.IsQualifiedName(k) {
				errs = append(errs, validation.ValidateQualifiedName(k, parent().Child(l.name).Index(i))...)
			}
		}
	}
	if sel != nil && len(match) > 0 {
		for j := range sel.MatchExpressions {
			key := sel.MatchExpressions[j].Key
			i := lastIndex(match, key)
			if i < 0 {
				continue
			}
			_, inLabels := sel.MatchLabels[key]
			if inLabels || expressionKeyBefore(sel.MatchExpressions[:j], key) {
				errs = append(errs, field.Invalid(parent().Index(i), key, "exists in both matchLabelKeys and labelSelector"))
			}
		}
	}
	for i, k := range match {
		if lastIndex(mismatch, k) >= 0 {
			errs = append(errs, field.Invalid(parent().Child("matchLabelKeys").Index(i), k, "exists in both matchLabelKeys and mismatchLabelKeys"))
		}
	}
	return errs
}

func lastIndex(list []string, s string) int {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == s {
			return i
		}
	}
	return -1
}

func expressionKeyBefore(es []selector.LabelSelectorRequirement, key string) bool {
	for i := range es {
		if es[i].Key == key {
			return true
		}
	}
	return false
}
