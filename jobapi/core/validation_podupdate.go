package core

import (
	"fmt"
	"maps"
	"net"
	"net/netip"
	"slices"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/equality"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// PodUpdateValidationOptions returns the options a Kubernetes v1.36 API
// server derives, under its default feature gates, when it validates an
// update of an object whose old pod spec (a pod's, or a pod template's)
// is old (pod.GetValidationOptionsFromPodSpecAndMeta with an old spec):
// what the old spec already holds stays acceptable.
//   - AllowInvalidLabelValueInSelector: a label selector of old's pod
//     (anti-)affinity terms is invalid (an invalid label value, as older
//     API servers accepted);
//   - AllowNonLocalProjectedTokenPath: a serviceAccountToken projection
//     of old has an absolute path or one with '..';
//   - AllowSELinuxChangePolicyMountOption: old sets
//     `securityContext.seLinuxChangePolicy` (any value);
//   - AllowTaintTolerationComparisonOperators: a toleration of old uses
//     the operator Lt or Gt;
//   - AllowInvalidLabelValueInRequiredNodeAffinity: a match expression of
//     old's required node affinity has an invalid label value;
//   - AllowNamespacedSysctlsForHostNetAndHostIPC: old has a sysctl of the
//     network (IPC) namespace with hostNetwork (hostIPC);
//   - AllowInvalidTopologySpreadConstraintLabelSelector: a topology spread
//     constraint of old has an invalid label selector;
//   - AllowIndivisibleHugePagesValues: a container of old, or its
//     overhead, asks for huge pages that are not a multiple of the page
//     size;
//   - AllowExistingRestartContainerForNonSidecarInitContainer: an init
//     container of old that is not a sidecar has a RestartContainer
//     resize policy;
//   - AllowUserNamespacesWithVolumeDevices: old has `hostUsers: false`
//     and a container with volume devices.
//
// AllowInvalidPodDeletionCost depends on the old object's annotations,
// not its spec: [ValidatePodTemplateSpecUpdate], [ValidatePodUpdate] and
// [ValidatePodStatusUpdate] set it from their old object. A nil old gives
// [JobPodValidationOptions], the options of a create. Not grandfathered:
// topology spread matchLabelKeys that broke the rules before v1.36's
// selector merge (no longer refused on create either).
func PodUpdateValidationOptions(old *PodSpec) PodValidationOptions {
	opts := JobPodValidationOptions()
	if old == nil {
		return opts
	}
	opts.AllowInvalidLabelValueInSelector = affinitySelectorInvalid(old.Affinity)
	opts.AllowNonLocalProjectedTokenPath = nonLocalProjectedTokenPath(old.Volumes)
	opts.AllowSELinuxChangePolicyMountOption = old.SecurityContext != nil && old.SecurityContext.SELinuxChangePolicy != nil
	opts.AllowTaintTolerationComparisonOperators = slices.ContainsFunc(old.Tolerations, func(t Toleration) bool {
		return t.Operator == TolerationOpLt || t.Operator == TolerationOpGt
	})
	opts.AllowInvalidLabelValueInRequiredNodeAffinity = requiredNodeAffinityValueInvalid(old.Affinity)
	opts.AllowNamespacedSysctlsForHostNetAndHostIPC = old.SecurityContext != nil &&
		slices.ContainsFunc(old.SecurityContext.Sysctls, func(sy Sysctl) bool { return hostSysctl(old, sy.Name) })
	opts.AllowInvalidTopologySpreadConstraintLabelSelector = slices.ContainsFunc(old.TopologySpreadConstraints, func(c TopologySpreadConstraint) bool {
		return len(selector.ValidateLabelSelector(c.LabelSelector, selector.LabelSelectorValidationOptions{}, nil)) > 0
	})
	opts.AllowIndivisibleHugePagesValues = usesIndivisibleHugePages(old)
	opts.AllowExistingRestartContainerForNonSidecarInitContainer = slices.ContainsFunc(old.InitContainers, func(c Container) bool {
		return !isSidecar(&c) && slices.ContainsFunc(c.ResizePolicy, func(p ContainerResizePolicy) bool {
			return p.RestartPolicy == RestartContainer
		})
	})
	opts.AllowUserNamespacesWithVolumeDevices = userNamespaceWithVolumeDevices(old)
	return opts
}

// withOldAnnotations returns opts with what the old object's annotations
// grandfather: an invalid pod deletion cost (AllowInvalidPodDeletionCost,
// as pod.GetValidationOptionsFromPodSpecAndMeta derives it from the old
// metadata).
func withOldAnnotations(opts PodValidationOptions, old map[string]string) PodValidationOptions {
	if v, ok := old[podDeletionCostAnnotation]; ok && !validDeletionCost(v) {
		opts.AllowInvalidPodDeletionCost = true
	}
	return opts
}

// requiredNodeAffinityValueInvalid reports whether a match expression of
// the required node affinity of a has an invalid label value.
func requiredNodeAffinityValueInvalid(a *Affinity) bool {
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return false
	}
	for _, term := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		for _, r := range term.MatchExpressions {
			for _, v := range r.Values {
				if !validation.IsLabelValue(v) {
					return true
				}
			}
		}
	}
	return false
}

// userNamespaceWithVolumeDevices reports whether spec has `hostUsers:
// false` and a container (of any kind) with volume devices.
func userNamespaceWithVolumeDevices(spec *PodSpec) bool {
	if spec.HostUsers == nil || *spec.HostUsers {
		return false
	}
	found := false
	forEachContainer(spec, func(_ string, _ int, c containerView) {
		found = found || len(c.devices) > 0
	})
	return found
}

// affinitySelectorInvalid reports whether a label or namespace selector of
// a pod (anti-)affinity term of a is invalid.
func affinitySelectorInvalid(a *Affinity) bool {
	if a == nil {
		return false
	}
	bad := func(t *PodAffinityTerm) bool {
		return len(selector.ValidateLabelSelector(t.LabelSelector, selector.LabelSelectorValidationOptions{}, nil)) > 0 ||
			len(selector.ValidateLabelSelector(t.NamespaceSelector, selector.LabelSelectorValidationOptions{}, nil)) > 0
	}
	var terms [][]PodAffinityTerm
	var weighted [][]WeightedPodAffinityTerm
	if pa := a.PodAffinity; pa != nil {
		terms = append(terms, pa.RequiredDuringSchedulingIgnoredDuringExecution)
		weighted = append(weighted, pa.PreferredDuringSchedulingIgnoredDuringExecution)
	}
	if pa := a.PodAntiAffinity; pa != nil {
		terms = append(terms, pa.RequiredDuringSchedulingIgnoredDuringExecution)
		weighted = append(weighted, pa.PreferredDuringSchedulingIgnoredDuringExecution)
	}
	for _, ts := range terms {
		for i := range ts {
			if bad(&ts[i]) {
				return true
			}
		}
	}
	for _, ws := range weighted {
		for i := range ws {
			if bad(&ws[i].PodAffinityTerm) {
				return true
			}
		}
	}
	return false
}

// nonLocalProjectedTokenPath reports whether a serviceAccountToken
// projection of vols has a path that is absolute or holds '..'.
func nonLocalProjectedTokenPath(vols []Volume) bool {
	for i := range vols {
		p := vols[i].Projected
		if p == nil {
			continue
		}
		for j := range p.Sources {
			if t := p.Sources[j].ServiceAccountToken; t != nil &&
				len(validateLocalNonReservedPath(t.Path, func() *field.Path { return nil }, nil)) > 0 {
				return true
			}
		}
	}
	return false
}

// ValidatePodTemplateSpecUpdate checks t, the new pod template of an
// object whose stored template is old, as [ValidatePodTemplateSpec] does
// (at path) with opts, normally [PodUpdateValidationOptions] of old's
// spec, and AllowInvalidPodDeletionCost set when old's annotations hold
// an invalid pod deletion cost, as Kubernetes derives it from the old
// metadata. What old held stays acceptable through those options, each
// consulted by the rule it relaxes; nothing is removed afterwards.
//
// It is what a Job's update checks of its template (see jobapi.ValidateUpdate);
// whether the template may change at all is the owner's rule.
func ValidatePodTemplateSpecUpdate(t, old *PodTemplateSpec, path *field.Path, opts PodValidationOptions) field.ErrorList {
	return ValidatePodTemplateSpec(t, path, withOldAnnotations(opts, old.ObjectMeta.Annotations))
}

// isSidecar reports whether c, an init container, is a sidecar: its
// restartPolicy is Always.
func isSidecar(c *Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == ContainerRestartPolicyAlways
}

// hostSysctl reports whether the sysctl name is in a namespace spec shares
// with the host: the network one with hostNetwork, the IPC one with
// hostIPC.
func hostSysctl(spec *PodSpec, name string) bool {
	switch sysctlNamespace(name) {
	case "net":
		return spec.HostNetwork
	case "ipc":
		return spec.HostIPC
	}
	return false
}

// usesIndivisibleHugePages reports whether a container of spec, or its
// overhead, asks for huge pages in an amount that is not a multiple of
// the page size.
func usesIndivisibleHugePages(spec *PodSpec) bool {
	indivisible := func(l ResourceList) bool {
		for name, q := range l {
			if isHugePages(name) && !hugePagesDivisible(name, q) {
				return true
			}
		}
		return false
	}
	for _, cs := range [][]Container{spec.InitContainers, spec.Containers} {
		for i := range cs {
			if indivisible(cs[i].Resources.Limits) || indivisible(cs[i].Resources.Requests) {
				return true
			}
		}
	}
	for i := range spec.EphemeralContainers {
		r := &spec.EphemeralContainers[i].Resources
		if indivisible(r.Limits) || indivisible(r.Requests) {
			return true
		}
	}
	return indivisible(spec.Overhead)
}

// updatablePodSpecFields is what the Forbidden error of a pod update
// lists.
const updatablePodSpecFields = "`spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, " +
	"`spec.tolerations` (only additions to existing tolerations), `spec.schedulingGates` (only removals), " +
	"`spec.terminationGracePeriodSeconds` (only to 1 when it was negative), and for a pod with scheduling gates " +
	"additions to `spec.nodeSelector` and to `spec.affinity.nodeAffinity`"

// ValidatePodUpdate checks p, the new state of the stored pod old, as a
// Kubernetes v1.36 API server checks an update of a pod (the pod
// strategy's ValidateUpdate, ValidatePodUpdate), both defaulted
// ([SetDefaultsPod]). opts are normally [PodUpdateValidationOptions] of
// old's spec. The rules:
//   - the metadata: [meta.ValidateObjectMetaUpdate] (name, namespace, uid,
//     creation and deletion fields unchanged, generation not decremented,
//     no finalizer added while deleting), then p's metadata as on create
//     (each problem once, where Kubernetes' update rules report it
//     again, as they report its spec errors twice):
//     `name` a DNS subdomain, `namespace` set and a DNS label, labels,
//     annotations, owner references, finalizers, managedFields, and the
//     pod's own annotations (mirror pod, tolerations, deletion cost — an
//     invalid cost old already had is kept —, seccomp and AppArmor);
//   - AppArmor (`container.apparmor.security.beta.kubernetes.io/*`) and
//     mirror pod (`kubernetes.io/config.mirror`) annotations neither added,
//     changed nor removed (Forbidden at `metadata.annotations[<key>]`);
//   - p's spec valid ([ValidatePodSpec] with the pod-only rules: no image
//     with leading or trailing blanks, no serviceAccountToken projection
//     without `serviceAccountName`, an image volume's `reference` set,
//     under hostNetwork every `hostPort` equal to its `containerPort`);
//   - as many containers and init containers as before (else Forbidden at
//     `spec.containers` or `spec.initContainers`, and nothing more is
//     checked);
//   - `activeDeadlineSeconds` between 0 and 2^31-1, not raised, and not
//     removed once set;
//   - existing tolerations kept (their `tolerationSeconds` may change;
//     else Forbidden at `spec.tolerations`), new ones valid;
//   - scheduling gates only removed (Forbidden at
//     `spec.schedulingGates[i].name` for a new one);
//   - while old has scheduling gates, `nodeSelector` only gains entries
//     (Invalid at `spec.nodeSelector`) and the required node affinity
//     only gains requirements in its existing terms (Invalid under
//     `spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`);
//   - nothing else of the spec changed (Forbidden at `spec`), except
//     `terminationGracePeriodSeconds` set to 1 from a negative value;
//   - what old held stays acceptable through opts, with
//     AllowInvalidPodDeletionCost set when old's deletion cost annotation
//     is invalid (see [PodUpdateValidationOptions]).
//
// Not covered: in-place resize (the `resize` subresource, which may change
// container resources) and the `ephemeralcontainers` subresource; an
// update through this function may change neither.
func ValidatePodUpdate(p, old *Pod, opts PodValidationOptions) field.ErrorList {
	opts = withOldAnnotations(opts, old.ObjectMeta.Annotations)
	mp := field.NewPath("metadata")
	errs := meta.ValidateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, mp, "Pod", meta.ObjectMetaUpdateOptions{ValidatedAsNew: true})
	errs = append(errs, validatePodMetadataAndSpec(p, opts)...)
	errs = validateAnnotationUpdates(p, old, mp.Child("annotations"), errs)

	sp := field.NewPath("spec")
	for _, list := range []struct {
		name     string
		now, was []Container
	}{{"containers", p.Spec.Containers, old.Spec.Containers}, {"initContainers", p.Spec.InitContainers, old.Spec.InitContainers}} {
		if len(list.now) != len(list.was) {
			return append(errs, field.Forbidden(sp.Child(list.name), "pod updates may not add or remove containers"))
		}
		// An empty image is Required, as ValidatePodSpec reported it.
	}

	ads := sp.Child("activeDeadlineSeconds")
	switch n, o := p.Spec.ActiveDeadlineSeconds, old.Spec.ActiveDeadlineSeconds; {
	case n != nil && (*n < 0 || *n > 1<<31-1):
		return append(errs, field.Invalid(ads, *n, "must be between 0 and 2147483647, inclusive"))
	case n != nil && o != nil && *o < *n:
		return append(errs, field.Invalid(ads, *n, fmt.Sprintf("must be less than or equal to the previous value (%d): a pod's deadline may only come closer", *o)))
	case n == nil && o != nil:
		errs = append(errs, field.Invalid(ads, nil, "must not be removed once set"))
	}

	errs = validateOnlyAddedTolerations(p.Spec.Tolerations, old.Spec.Tolerations, sp, errs)
	errs = validateOnlyDeletedSchedulingGates(p.Spec.SchedulingGates, old.Spec.SchedulingGates, sp.Child("schedulingGates"), errs)

	if equality.Semantic(&p.Spec, &old.Spec) {
		return errs
	}
	munged := p.Spec.DeepCopy()
	for i := range munged.Containers {
		munged.Containers[i].Image = old.Spec.Containers[i].Image
	}
	for i := range munged.InitContainers {
		munged.InitContainers[i].Image = old.Spec.InitContainers[i].Image
	}
	munged.ActiveDeadlineSeconds = old.Spec.ActiveDeadlineSeconds
	munged.SchedulingGates = old.Spec.SchedulingGates
	munged.Tolerations = old.Spec.Tolerations
	if g := old.Spec.TerminationGracePeriodSeconds; g != nil && *g < 0 &&
		munged.TerminationGracePeriodSeconds != nil && *munged.TerminationGracePeriodSeconds == 1 {
		munged.TerminationGracePeriodSeconds = g
	}
	if len(old.Spec.SchedulingGates) > 0 {
		errs = mungeGatedPod(munged, &old.Spec, sp, errs)
	}
	if !equality.Semantic(munged, &old.Spec) {
		errs = append(errs, field.Forbidden(sp, "pod updates may not change fields other than "+updatablePodSpecFields))
	}
	return errs
}

// validatePodMetadataAndSpec checks a pod's metadata and spec as on
// create (Kubernetes' validatePodMetadataAndSpec), with opts.
func validatePodMetadataAndSpec(p *Pod, opts PodValidationOptions) field.ErrorList {
	mp := field.NewPath("metadata")
	m := &p.ObjectMeta
	errs := meta.ValidateObjectMeta(m, mp, meta.ObjectMetaOptions{RequireNamespace: true})
	if len(m.Annotations) > 0 {
		errs = validatePodAnnotations(m.Annotations, &p.Spec, mp, opts, errs)
	}

	sp := field.NewPath("spec")
	at := lazyPath{root: func() *field.Path { return sp }}
	errs = validatePodSpec(&p.Spec, m, &at, opts, errs)
	errs = validatePodOnly(&p.Spec, sp, errs)
	return errs
}

// validatePodOnly adds the rules Kubernetes applies to the spec of a pod
// and not to a pod template's.
func validatePodOnly(s *PodSpec, sp *field.Path, errs field.ErrorList) field.ErrorList {
	if s.ServiceAccountName == "" {
		for i := range s.Volumes {
			pv := s.Volumes[i].Projected
			if pv == nil {
				continue
			}
			for j := range pv.Sources {
				if pv.Sources[j].ServiceAccountToken != nil {
					errs = append(errs, field.Forbidden(sp.Child("volumes").Index(i).Child("projected", "sources").Index(j).Child("serviceAccountToken"),
						"must not be specified when `serviceAccountName` is not set"))
				}
			}
		}
	}
	for _, list := range []struct {
		name string
		cs   []Container
	}{{"containers", s.Containers}, {"initContainers", s.InitContainers}} {
		for i := range list.cs {
			if img := list.cs[i].Image; len(img) != len(strings.TrimSpace(img)) {
				errs = append(errs, field.Invalid(sp.Child(list.name).Index(i).Child("image"), img, "must not have leading or trailing whitespace"))
			}
		}
	}
	return errs
}

// validateAnnotationUpdates forbids adding, changing or removing the
// AppArmor and mirror pod annotations.
func validateAnnotationUpdates(p, old *Pod, ap *field.Path, errs field.ErrorList) field.ErrorList {
	guarded := func(k string) (string, bool) {
		switch {
		case strings.HasPrefix(k, appArmorContainerAnnotation):
			return "AppArmor annotations", true
		case k == mirrorPodAnnotation:
			return "the mirror pod annotation", true
		}
		return "", false
	}
	na, oa := p.ObjectMeta.Annotations, old.ObjectMeta.Annotations
	for _, k := range sortedKeys(oa) {
		if v, ok := na[k]; ok && v == oa[k] {
			continue
		}
		if what, ok := guarded(k); ok {
			errs = append(errs, field.Forbidden(ap.Key(k), "may not change or remove "+what))
		}
	}
	for _, k := range sortedKeys(na) {
		if _, ok := oa[k]; ok {
			continue
		}
		if what, ok := guarded(k); ok {
			errs = append(errs, field.Forbidden(ap.Key(k), "may not add "+what))
		}
	}
	return errs
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// validateOnlyAddedTolerations checks that each toleration of old is
// still in now (its tolerationSeconds aside).
func validateOnlyAddedTolerations(now, old []Toleration, sp *field.Path, errs field.ErrorList) field.ErrorList {
	for i := range old {
		found := false
		for j := range now {
			o := old[i]
			o.TolerationSeconds = now[j].TolerationSeconds
			if tolerationsEqual(&o, &now[j]) {
				found = true
				break
			}
		}
		if !found {
			return append(errs, field.Forbidden(sp.Child("tolerations"), "existing tolerations may not be changed or removed, except their `tolerationSeconds`"))
		}
	}
	// The new tolerations are valid: ValidatePodSpec checked them.
	return errs
}

// tolerationsEqual compares two tolerations field by field (the
// TolerationSeconds pointers by value).
func tolerationsEqual(a, b *Toleration) bool {
	if a.Key != b.Key || a.Operator != b.Operator || a.Value != b.Value || a.Effect != b.Effect {
		return false
	}
	if (a.TolerationSeconds == nil) != (b.TolerationSeconds == nil) {
		return false
	}
	if a.TolerationSeconds != nil && *a.TolerationSeconds != *b.TolerationSeconds {
		return false
	}
	return a.Unknown.Equal(b.Unknown)
}

// validateOnlyDeletedSchedulingGates forbids scheduling gates old does
// not have.
func validateOnlyDeletedSchedulingGates(now, old []PodSchedulingGate, path *field.Path, errs field.ErrorList) field.ErrorList {
	for i := range now {
		name := now[i].Name
		if slices.ContainsFunc(old, func(g PodSchedulingGate) bool { return g.Name == name }) {
			continue
		}
		// Kubernetes reports a name given twice once, at its last place.
		if slices.ContainsFunc(now[i+1:], func(g PodSchedulingGate) bool { return g.Name == name }) {
			continue
		}
		errs = append(errs, field.Forbidden(path.Index(i).Child("name"), fmt.Sprintf("only removals are allowed, but '%s' is a new scheduling gate", name)))
	}
	return errs
}

// mungeGatedPod checks the changes a pod with scheduling gates may make to
// its node selector and required node affinity, and gives munged old's
// values of both so that the final comparison ignores them.
func mungeGatedPod(munged, old *PodSpec, sp *field.Path, errs field.ErrorList) field.ErrorList {
	if !maps.Equal(munged.NodeSelector, old.NodeSelector) {
		for k, v := range old.NodeSelector {
			if nv, ok := munged.NodeSelector[k]; !ok || nv != v {
				errs = append(errs, field.Invalid(sp.Child("nodeSelector"), munged.NodeSelector, "may only gain entries while the pod has scheduling gates (no changes or removals)"))
				break
			}
		}
		munged.NodeSelector = old.NodeSelector
	}
	var oldNA, newNA *NodeAffinity
	if old.Affinity != nil {
		oldNA = old.Affinity.NodeAffinity
	}
	if munged.Affinity != nil {
		newNA = munged.Affinity.NodeAffinity
	}
	if equality.Semantic(oldNA, newNA) {
		return errs
	}
	errs = validateNodeAffinityMutation(newNA, oldNA, sp.Child("affinity", "nodeAffinity"), errs)
	switch {
	case munged.Affinity == nil && oldNA == nil:
	case munged.Affinity == nil:
		munged.Affinity = &Affinity{NodeAffinity: oldNA}
	case old.Affinity == nil && munged.Affinity.PodAffinity == nil && munged.Affinity.PodAntiAffinity == nil &&
		len(munged.Affinity.Unknown) == 0:
		// Node affinity was all the new affinity held: old had none.
		munged.Affinity = nil
	default:
		munged.Affinity.NodeAffinity = oldNA
	}
	return errs
}

// validateNodeAffinityMutation checks that the required node affinity of
// a gated pod only gains requirements: no term added or removed when
// there were some, and in each term the old match expressions and fields
// kept as a prefix.
func validateNodeAffinityMutation(now, old *NodeAffinity, path *field.Path, errs field.ErrorList) field.ErrorList {
	if old == nil || old.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return errs
	}
	oldTerms := old.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	var newTerms []NodeSelectorTerm
	if now != nil && now.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		newTerms = now.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	}
	tp := path.Child("requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms")
	if len(oldTerms) > 0 && len(oldTerms) != len(newTerms) {
		return append(errs, field.Invalid(tp, len(newTerms), fmt.Sprintf("must keep its %d terms while the pod has scheduling gates: terms may gain requirements, not be added or removed", len(oldTerms))))
	}
	for i := range oldTerms {
		if !termOnlyGained(&newTerms[i], &oldTerms[i]) {
			errs = append(errs, field.Invalid(tp.Index(i), "", "may only gain requirements while the pod has scheduling gates (no changes or removals)"))
		}
	}
	return errs
}

// termOnlyGained reports whether now keeps old's match expressions and
// fields as a prefix (an empty old term must stay empty).
func termOnlyGained(now, old *NodeSelectorTerm) bool {
	if len(old.MatchExpressions) == 0 && len(old.MatchFields) == 0 && (len(now.MatchExpressions) > 0 || len(now.MatchFields) > 0) {
		return false
	}
	if l := len(old.MatchExpressions); l > 0 && (len(now.MatchExpressions) < l || !equality.Semantic(now.MatchExpressions[:l], old.MatchExpressions)) {
		return false
	}
	if l := len(old.MatchFields); l > 0 && (len(now.MatchFields) < l || !equality.Semantic(now.MatchFields[:l], old.MatchFields)) {
		return false
	}
	return true
}

// ValidatePodStatusUpdate checks p, the new state of the stored pod old
// after a write to its `status` subresource, as a Kubernetes v1.36 API
// server does (the pod status strategy's ValidateUpdate,
// ValidatePodStatusUpdate). The status strategy keeps old's spec and
// owner references and clears the deletion timestamp first ([Pod] status
// writers such as jobtest's Store do so). opts are normally
// [PodUpdateValidationOptions] of old's spec. The rules:
//   - the metadata: [meta.ValidateObjectMetaUpdate] (what may not change;
//     labels, annotations, owner references, managedFields and finalizer
//     names valid); AppArmor and mirror pod annotations unchanged; the
//     pod's own
//     annotations valid (an invalid deletion cost old already had is
//     kept);
//   - `status.conditions`: `observedGeneration` not negative, the type of
//     a condition other than PodScheduled, Ready and Initialized a
//     qualified name (Invalid at `status.conditions[i].Type`, as
//     Kubernetes spells it);
//   - `spec.nodeName` unchanged (Forbidden at `status.nodeName`);
//   - a new `status.nominatedNodeName` a DNS subdomain, and not set on a
//     pod bound to a node (ClearingNominatedNodeNameAfterBinding, beta and
//     on in v1.36);
//   - `status.observedGeneration` not negative; `status.qosClass`
//     unchanged;
//   - no container, init container or ephemeral container back from
//     terminated to another state unless it may restart: its restart rules
//     (ContainerRestartRules, beta and on) and restart policy, else the
//     pod's; a RestartAllContainers rule anywhere lets every container
//     restart; a sidecar (an init container with restartPolicy Always)
//     always may (Forbidden at `status.<list>[i].state`);
//   - `status.resourceClaimStatuses`: names of `spec.resourceClaims`, not
//     repeated, `resourceClaimName` a DNS subdomain;
//   - `status.podIPs[i]` and `status.hostIPs[i]` valid IP addresses (a
//     value old already had is kept), at most one of each family;
//     `hostIPs[0].ip` equal to `hostIP`. A `podIP` that is not
//     `podIPs[0]` stands for the whole list, as in Kubernetes' conversion
//     of a v1 status.
//
// Not covered: `containerStatuses[*].user`, `allocatedResourcesStatus`,
// `volumeMounts[*].volumeStatus`, `extendedResourceClaimStatus` and
// `nodeAllocatableResourceClaimStatuses` — what a device plugin or DRA
// driver writes, not a Job controller or kubelet-like status writer.
func ValidatePodStatusUpdate(p, old *Pod, opts PodValidationOptions) field.ErrorList {
	opts = withOldAnnotations(opts, old.ObjectMeta.Annotations)
	mp := field.NewPath("metadata")
	errs := meta.ValidateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, mp, "Pod", meta.ObjectMetaUpdateOptions{})
	errs = validateAnnotationUpdates(p, old, mp.Child("annotations"), errs)
	if len(p.ObjectMeta.Annotations) > 0 {
		errs = validatePodAnnotations(p.ObjectMeta.Annotations, &p.Spec, mp, opts, errs)
	}
	st := field.NewPath("status")
	s := &p.Status
	for i := range s.Conditions {
		c := &s.Conditions[i]
		if c.ObservedGeneration < 0 {
			errs = append(errs, field.Invalid(st.Child("conditions").Index(i).Child("observedGeneration"), c.ObservedGeneration, "must be greater than or equal to 0"))
		}
		switch c.Type {
		case PodScheduled, PodReady, PodInitialized:
		default:
			errs = append(errs, validation.ValidateQualifiedName(string(c.Type), st.Child("conditions").Index(i).Child("Type"))...)
		}
	}
	if p.Spec.NodeName != old.Spec.NodeName {
		errs = append(errs, field.Forbidden(st.Child("nodeName"), "may not be changed directly: a pod is bound to a node by its binding"))
	}
	if n := s.NominatedNodeName; n != old.Status.NominatedNodeName && n != "" {
		errs = append(errs, validation.ValidateDNSSubdomain(n, st.Child("nominatedNodeName"))...)
		if old.Spec.NodeName != "" {
			errs = append(errs, field.Forbidden(st.Child("nominatedNodeName"), "may not be set on a pod already bound to a node"))
		}
	}
	if s.ObservedGeneration < 0 {
		errs = append(errs, field.Invalid(st.Child("observedGeneration"), s.ObservedGeneration, "must be greater than or equal to 0"))
	}
	if s.QOSClass != old.Status.QOSClass {
		errs = append(errs, field.Invalid(st.Child("qosClass"), s.QOSClass, "may not be changed: the API server sets it when the pod is created"))
	}
	spec := &old.Spec
	errs = validateStateTransitions(s.ContainerStatuses, old.Status.ContainerStatuses, st.Child("containerStatuses"), spec, spec.Containers, errs)
	errs = validateStateTransitions(s.InitContainerStatuses, old.Status.InitContainerStatuses, st.Child("initContainerStatuses"), spec, spec.InitContainers, errs)
	errs = validateEphemeralTransitions(s.EphemeralContainerStatuses, old.Status.EphemeralContainerStatuses, st.Child("ephemeralContainerStatuses"), errs)
	errs = validateClaimStatuses(s.ResourceClaimStatuses, p.Spec.ResourceClaims, st.Child("resourceClaimStatuses"), errs)
	errs = validateStatusIPs(effectivePodIPs(s), effectivePodIPs(&old.Status), st.Child("podIPs"), errs)
	if len(s.HostIPs) > 0 && s.HostIP != s.HostIPs[0].IP {
		errs = append(errs, field.Invalid(st.Child("hostIPs").Index(0).Child("ip"), s.HostIPs[0].IP, "must be equal to `hostIP`"))
	}
	errs = validateStatusIPs(hostIPsOf(s.HostIPs), hostIPsOf(old.Status.HostIPs), st.Child("hostIPs"), errs)
	return errs
}

// validateStateTransitions forbids a container status going from
// terminated to another state when the container may not restart.
// containers are the spec's containers of the list; a sidecar (an init
// container with restartPolicy Always) restarts by that policy.
func validateStateTransitions(now, old []ContainerStatus, path *field.Path, spec *PodSpec, containers []Container, errs field.ErrorList) field.ErrorList {
	if allContainersCouldRestart(spec) {
		return errs
	}
	for i := range old {
		t := old[i].State.Terminated
		if t == nil {
			continue
		}
		for j := range now {
			if now[j].Name != old[i].Name || now[j].State.Terminated != nil {
				continue
			}
			allowed := false
			for k := range containers {
				if containers[k].Name == old[i].Name {
					allowed = containerShouldRestart(&containers[k], spec, t.ExitCode)
					break
				}
			}
			if !allowed {
				errs = append(errs, field.Forbidden(path.Index(i).Child("state"), "may not go back from terminated to another state: the container does not restart"))
			}
			break
		}
	}
	return errs
}

// validateEphemeralTransitions forbids an ephemeral container going from
// terminated to another state: they never restart.
func validateEphemeralTransitions(now, old []ContainerStatus, path *field.Path, errs field.ErrorList) field.ErrorList {
	for i := range old {
		if old[i].State.Terminated == nil {
			continue
		}
		for j := range now {
			if now[j].Name == old[i].Name && now[j].State.Terminated == nil {
				errs = append(errs, field.Forbidden(path.Index(i).Child("state"), "may not go back from terminated to another state: ephemeral containers do not restart"))
			}
		}
	}
	return errs
}

// allContainersCouldRestart reports whether a container of spec has a
// RestartAllContainers restart rule.
func allContainersCouldRestart(spec *PodSpec) bool {
	for _, cs := range [][]Container{spec.InitContainers, spec.Containers} {
		for i := range cs {
			for _, r := range cs[i].RestartPolicyRules {
				if r.Action == ContainerRestartRuleActionRestartAllContainers {
					return true
				}
			}
		}
	}
	return false
}

// containerShouldRestart reports whether c restarts after exiting with
// exitCode: its first matching restart rule, else its restart policy, else
// the pod's (Always when unset).
func containerShouldRestart(c *Container, spec *PodSpec, exitCode int32) bool {
	if c.RestartPolicy != nil {
		for _, r := range c.RestartPolicyRules {
			if r.ExitCodes == nil {
				continue
			}
			in := slices.Contains(r.ExitCodes.Values, exitCode)
			matched := r.ExitCodes.Operator == ContainerRestartRuleOnExitCodesOpIn && in ||
				r.ExitCodes.Operator == ContainerRestartRuleOnExitCodesOpNotIn && !in
			if !matched {
				continue
			}
			if r.Action == ContainerRestartRuleActionRestart || r.Action == ContainerRestartRuleActionRestartAllContainers {
				return true
			}
			break
		}
		switch *c.RestartPolicy {
		case ContainerRestartPolicyAlways:
			return true
		case ContainerRestartPolicyOnFailure:
			return exitCode != 0
		case ContainerRestartPolicyNever:
			return false
		}
	}
	switch spec.RestartPolicy {
	case RestartPolicyOnFailure:
		return exitCode != 0
	case RestartPolicyNever:
		return false
	}
	return true
}

// validateClaimStatuses checks `status.resourceClaimStatuses`.
func validateClaimStatuses(statuses []PodResourceClaimStatus, claims []PodResourceClaim, path *field.Path, errs field.ErrorList) field.ErrorList {
	for i := range statuses {
		s := &statuses[i]
		ip := path.Index(i)
		if !slices.ContainsFunc(claims, func(c PodResourceClaim) bool { return c.Name == s.Name }) {
			errs = append(errs, field.Invalid(ip.Child("name"), s.Name, "must be the name of an entry of `spec.resourceClaims`"))
		}
		if slices.ContainsFunc(statuses[:i], func(o PodResourceClaimStatus) bool { return o.Name == s.Name }) {
			errs = append(errs, field.Duplicate(ip.Child("name"), s.Name))
		}
		if n := s.ResourceClaimName; n != nil {
			errs = append(errs, validation.ValidateDNSSubdomain(*n, ip.Child("resourceClaimName"))...)
		}
	}
	return errs
}

// effectivePodIPs returns the pod IPs an API server validates: `podIPs`,
// unless `podIP` is set and is not `podIPs[0]` — then `podIP` alone, as
// Kubernetes' conversion of a v1 pod status makes it (podIP is
// authoritative, for older kubelets).
func effectivePodIPs(s *PodStatus) []string {
	if s.PodIP != "" && (len(s.PodIPs) == 0 || s.PodIP != s.PodIPs[0].IP) {
		return []string{s.PodIP}
	}
	out := make([]string, len(s.PodIPs))
	for i := range s.PodIPs {
		out[i] = s.PodIPs[i].IP
	}
	return out
}

func hostIPsOf(l []HostIP) []string {
	out := make([]string, len(l))
	for i := range l {
		out[i] = l[i].IP
	}
	return out
}

// validateStatusIPs checks the IPs of `status.podIPs` or `status.hostIPs`
// (at path): each a valid IP address (no leading zeros, no IPv4-mapped
// IPv6 address) unless old already held it, and at most one per family.
func validateStatusIPs(now, old []string, path *field.Path, errs field.ErrorList) field.ErrorList {
	for i, s := range now {
		if slices.Contains(old, s) {
			continue
		}
		switch ip := net.ParseIP(s); {
		case ip == nil:
			errs = append(errs, field.Invalid(path.Index(i), s, "must be a valid IP address without leading 0s (e.g. 10.9.8.7 or 2001:db8::ffff)"))
		default:
			if a, err := netip.ParseAddr(s); err == nil && a.Is4In6() {
				errs = append(errs, field.Invalid(path.Index(i), s, "must not be an IPv4-mapped IPv6 address: write the IPv4 address"))
			}
		}
	}
	if len(now) < 2 {
		return errs
	}
	v4, v6, bad := 0, 0, false
	for _, s := range now {
		ip := parseIPSloppy(s)
		switch {
		case ip == nil:
			bad = true
		case ip.To4() != nil:
			v4++
		default:
			v6++
		}
	}
	if bad {
		errs = append(errs, field.InternalError(path, fmt.Errorf("cannot tell the IP families of %q: one is not an IP address", now)))
	}
	if bad || len(now) > 2 || v4 != 1 || v6 != 1 {
		errs = append(errs, field.Invalid(path, now, "may hold no more than one IP address of each family (IPv4, IPv6)"))
	}
	return errs
}

// parseIPSloppy parses an IP address as Kubernetes' netutils.ParseIPSloppy
// does: IPv4 octets may have leading zeros (read as decimal).
func parseIPSloppy(s string) net.IP {
	if ip := net.ParseIP(s); ip != nil {
		return ip
	}
	if strings.Count(s, ".") != 3 || strings.Contains(s, ":") {
		return nil
	}
	var b [4]byte
	for i, part := range strings.Split(s, ".") {
		if part == "" {
			return nil
		}
		n := 0
		for _, c := range part {
			if c < '0' || c > '9' {
				return nil
			}
			n = n*10 + int(c-'0')
			if n > 255 {
				return nil
			}
		}
		b[i] = byte(n)
	}
	return net.IPv4(b[0], b[1], b[2], b[3])
}
