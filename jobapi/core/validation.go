package core

import (
	"encoding/json"
	"net"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// PodValidationOptions are the choices a Kubernetes v1.36 API server makes
// when it validates a pod template. The zero value is what the Job strategy
// derives for a new Job under the default feature gates (see
// [JobPodValidationOptions]); each field relaxes or enables one rule.
//
// +jobkit:deepcopy=false
type PodValidationOptions struct {
	// AllowInvalidLabelValueInSelector accepts invalid label values in the
	// label selectors of pod (anti-)affinity terms: Kubernetes sets it on
	// an update when the old template already had one.
	AllowInvalidLabelValueInSelector bool
	// AllowNonLocalProjectedTokenPath accepts a serviceAccountToken
	// projection whose path is absolute or holds '..': Kubernetes sets it
	// on an update when the old template already had one.
	AllowNonLocalProjectedTokenPath bool
	// AllowSELinuxChangePolicyMountOption accepts
	// `securityContext.seLinuxChangePolicy: MountOption`, as Kubernetes
	// does when its SELinuxMount gate (beta, off in v1.36) is on or the old
	// template already set a policy. Without it only 'Recursive' is valid.
	AllowSELinuxChangePolicyMountOption bool
	// AllowInvalidPodDeletionCost accepts a
	// `controller.kubernetes.io/pod-deletion-cost` annotation that is not a
	// 32-bit integer, as Kubernetes' AllowInvalidPodDeletionCost: set on
	// an update when the old object's annotation was already invalid.
	AllowInvalidPodDeletionCost bool
	// AllowTaintTolerationComparisonOperators accepts the toleration
	// operators 'Lt' and 'Gt', whose `value` must then be a decimal
	// integer, as Kubernetes' AllowTaintTolerationComparisonOperators: its
	// TaintTolerationComparisonOperators gate is alpha (off) in v1.36, so
	// it is set on an update when the old spec already used them.
	AllowTaintTolerationComparisonOperators bool
	// AllowInvalidLabelValueInRequiredNodeAffinity accepts invalid label
	// values in the match expressions of the required node affinity, as
	// Kubernetes' AllowInvalidLabelValueInRequiredNodeAffinity: set on an
	// update when the old spec already had one.
	AllowInvalidLabelValueInRequiredNodeAffinity bool
	// AllowNamespacedSysctlsForHostNetAndHostIPC accepts sysctls of the
	// network namespace with `hostNetwork` and of the IPC namespace with
	// `hostIPC`, as Kubernetes' AllowNamespacedSysctlsForHostNetAndHostIPC:
	// set on an update when the old spec already had one.
	AllowNamespacedSysctlsForHostNetAndHostIPC bool
	// AllowInvalidTopologySpreadConstraintLabelSelector skips the
	// validation of topology spread constraints' label selectors, as
	// Kubernetes' AllowInvalidTopologySpreadConstraintLabelSelector: set on
	// an update when one of the old spec's was invalid.
	AllowInvalidTopologySpreadConstraintLabelSelector bool
	// AllowIndivisibleHugePagesValues accepts huge pages amounts that are
	// not a multiple of the page size, as Kubernetes'
	// AllowIndivisibleHugePagesValues: set on an update when the old spec
	// (its containers or overhead) already had one.
	AllowIndivisibleHugePagesValues bool
	// AllowExistingRestartContainerForNonSidecarInitContainer accepts the
	// resize restart policy 'RestartContainer' on init containers that are
	// not sidecars, as Kubernetes'
	// AllowExistingRestartContainerForNonSidecarInitContainer: set when
	// the old spec already had one.
	AllowExistingRestartContainerForNonSidecarInitContainer bool
	// AllowUserNamespacesWithVolumeDevices accepts `volumeDevices` in a
	// pod with `hostUsers: false` (they do not work there), as Kubernetes'
	// AllowUserNamespacesWithVolumeDevices: set on an update when the old
	// spec already had them.
	AllowUserNamespacesWithVolumeDevices bool
	// DisallowContainerRestartPolicyRules refuses `restartPolicy` on
	// regular containers and restart rules, as Kubernetes does when its
	// ContainerRestartRules feature gate (beta, on in v1.36) is off.
	DisallowContainerRestartPolicyRules bool
	// DisallowRestartAllContainers refuses the RestartAllContainers action
	// of restart rules, as Kubernetes does when its
	// RestartAllContainersOnContainerExits gate (beta, on in v1.36) is off.
	DisallowRestartAllContainers bool
}

// JobPodValidationOptions returns the options the Kubernetes v1.36 Job
// strategy passes when it validates a new Job's template under the default
// feature gates (pod.GetValidationOptionsFromPodTemplate with no old
// template): relaxed env var names (RelaxedEnvironmentVariableValidation,
// GA), zero-second sleep actions allowed (PodLifecycleSleepActionAllowZero,
// GA), restart rules and the RestartAllContainers action allowed
// (ContainerRestartRules and RestartAllContainersOnContainerExits, beta),
// fileKeyRef env sources (EnvFiles, beta), toleration operators Lt and Gt
// refused (TaintTolerationComparisonOperators, alpha), seLinuxChangePolicy
// 'Recursive' only (SELinuxMount, beta but off), and nothing the old
// template would grandfather. It is the zero value.
func JobPodValidationOptions() PodValidationOptions { return PodValidationOptions{} }

// ValidatePodTemplateSpec checks a pod template as a Kubernetes v1.36 API
// server does when it validates a Job's `spec.template` (path): the
// template's labels and annotations (reported at `<path>.labels` and
// `<path>.annotations`, as Kubernetes names them), its spec with
// [ValidatePodSpec] at `<path>.spec`, and no ephemeral containers. The
// template must have been defaulted ([SetDefaultsPodTemplateSpec]) first,
// as the API server defaults before it validates: an undefaulted template
// is missing the values defaulting fills in (`dnsPolicy`,
// `terminationMessagePolicy`, ...) and gets Required errors for them.
//
// It does not check the Job-specific rules on the template (such as
// `restartPolicy` OnFailure or Never, or the Job's generated labels): the
// Job's validation adds them. A valid template costs no allocation.
func ValidatePodTemplateSpec(t *PodTemplateSpec, path *field.Path, opts PodValidationOptions) field.ErrorList {
	var errs field.ErrorList
	if len(t.ObjectMeta.Labels) > 0 && len(selector.ValidateLabels(t.ObjectMeta.Labels, nil)) > 0 {
		errs = append(errs, selector.ValidateLabels(t.ObjectMeta.Labels, path.Child("labels"))...)
	}
	if len(t.ObjectMeta.Annotations) > 0 {
		if len(meta.ValidateAnnotations(t.ObjectMeta.Annotations, nil)) > 0 {
			errs = append(errs, meta.ValidateAnnotations(t.ObjectMeta.Annotations, path.Child("annotations"))...)
		}
		errs = validatePodAnnotations(t.ObjectMeta.Annotations, &t.Spec, path, opts, errs)
	}
	root := lazyPath{root: func() *field.Path { return path }}
	spec := root.child("spec")
	errs = validatePodSpec(&t.Spec, nil, &spec, opts, errs)
	if len(t.ObjectMeta.Annotations) > 0 {
		errs = validateProfileAnnotationsMatch(t.ObjectMeta.Annotations, &t.Spec, path, errs)
	}
	if len(t.Spec.EphemeralContainers) > 0 {
		errs = append(errs, field.Forbidden(spec.at("ephemeralContainers"),
			"may not be set in a pod template: ephemeral containers are added to running pods only"))
	}
	return errs
}

// ValidatePodSpec checks a defaulted pod spec (at path) as Kubernetes v1.36
// does for a pod template:
//   - `terminationGracePeriodSeconds` set (defaulting sets it);
//   - `volumes`: names DNS labels, unique, exactly one source each, and the
//     rules of every source (items with a key and a relative path without
//     '..', modes up to 0777, downwardAPI fields, projections, ephemeral
//     claim templates, the legacy in-tree sources);
//   - `containers` (at least one), `initContainers` and
//     `ephemeralContainers`: names, image, enums, ports, env and envFrom,
//     volume mounts and devices, resources (names, quantities, requests at
//     most limits, hugepages, extended resources, claims), resize and
//     restart policies, probes and lifecycle hooks (sidecars only among
//     init containers), security contexts;
//   - the pod's `resources` and `overhead`, security context and sysctls,
//     `os` and the Windows and Linux rules it brings, host namespaces with
//     `hostUsers`, HostProcess containers;
//   - `restartPolicy`, `dnsPolicy` (with `dnsConfig`) and
//     `preemptionPolicy` from their sets; `nodeSelector` a valid label
//     map; `activeDeadlineSeconds` between 1 and 2^31-1;
//   - `serviceAccountName`, `nodeName`, `priorityClassName` and
//     `runtimeClassName` DNS subdomains; `hostname` and `subdomain` DNS
//     labels; `hostAliases`, `readinessGates`, `resourceClaims`,
//     `schedulingGroup`, `hostnameOverride`;
//   - `tolerations`, `affinity`, `topologySpreadConstraints` and
//     `schedulingGates`.
//
// Not checked: the clusterTrustBundle and podCertificate projections, whose
// feature gates are off in v1.36 ([DropDisabledTemplateFields] removes
// them before validation, as the API server does).
// Privileged and Windows HostProcess containers are accepted: whether a
// cluster allows them is its API server's --allow-privileged flag.
//
// Errors have the (type, field) pairs Kubernetes reports; their detail says
// what to write instead.
func ValidatePodSpec(spec *PodSpec, path *field.Path, opts PodValidationOptions) field.ErrorList {
	at := lazyPath{root: func() *field.Path { return path }}
	return validatePodSpec(spec, nil, &at, opts, nil)
}

// validatePodSpec checks spec in the order of Kubernetes' ValidatePodSpec,
// so that the causes of a refusal come in the order the API server lists
// them.
//
// pod is the metadata of the Pod whose spec this is, nil for a pod
// template's (Kubernetes' podMeta; a Pod is what its ResourceIsPod option
// says too): a Pod's image volumes need a `reference`, its host ports
// match its container ports under hostNetwork, and its ephemeral volumes'
// claims are named after it.
func validatePodSpec(spec *PodSpec, pod *meta.ObjectMeta, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if spec.TerminationGracePeriodSeconds == nil {
		errs = append(errs, field.Required(at.at("terminationGracePeriodSeconds"),
			"must be set: defaulting sets it to 30"))
	}
	vols := at.child("volumes")
	var validBuf [16]bool
	valid := validBuf[:0]
	if len(spec.Volumes) > len(validBuf) {
		valid = make([]bool, 0, len(spec.Volumes))
	}
	errs, valid = validateVolumes(spec.Volumes, pod, &vols, opts, valid, errs)
	vs := volumeSet{vols: spec.Volumes, valid: valid}

	errs = validatePodResourceClaims(spec, at, errs)
	errs = validateContainers(spec, &vs, at, opts, errs)
	errs = validateInitContainers(spec, &vs, at, opts, errs)
	if len(spec.EphemeralContainers) > 0 {
		errs = validateEphemeralContainers(spec, &vs, at, opts, errs)
	}
	errs = validatePodResources(spec, at, opts, errs)
	errs = validateHostNetworkPorts(spec, pod != nil, at, errs)

	switch spec.RestartPolicy {
	case RestartPolicyAlways, RestartPolicyOnFailure, RestartPolicyNever:
	case "":
		errs = append(errs, field.Required(at.at("restartPolicy"), "must be set: one of 'Always', 'OnFailure' or 'Never'"))
	default:
		errs = append(errs, field.NotSupported(at.at("restartPolicy"), spec.RestartPolicy,
			[]RestartPolicy{RestartPolicyAlways, RestartPolicyOnFailure, RestartPolicyNever}))
	}
	switch spec.DNSPolicy {
	case DNSClusterFirstWithHostNet, DNSClusterFirst, DNSDefault, DNSNone:
	case "":
		errs = append(errs, field.Required(at.at("dnsPolicy"), "must be set: defaulting sets 'ClusterFirst'"))
	default:
		errs = append(errs, field.NotSupported(at.at("dnsPolicy"), spec.DNSPolicy,
			[]DNSPolicy{DNSClusterFirstWithHostNet, DNSClusterFirst, DNSDefault, DNSNone}))
	}
	if len(spec.NodeSelector) > 0 && len(selector.ValidateLabels(spec.NodeSelector, nil)) > 0 {
		errs = append(errs, selector.ValidateLabels(spec.NodeSelector, at.at("nodeSelector"))...)
	}
	errs = validatePodSecurityContext(spec, at, opts, errs)
	if spec.Affinity != nil {
		a := at.child("affinity")
		errs = validateAffinity(spec.Affinity, &a, opts, errs)
	}
	errs = validatePodDNSConfig(spec, at, errs)
	errs = validateReadinessGates(spec, at, errs)
	if len(spec.SchedulingGates) > 0 {
		errs = validateSchedulingGates(spec.SchedulingGates, at, errs)
	}
	if len(spec.TopologySpreadConstraints) > 0 {
		errs = validateTopologySpreadConstraints(spec.TopologySpreadConstraints, at, opts, errs)
	}
	errs = validateHostProcess(spec, at, errs)
	errs = validateHostUsers(spec, at, opts, errs)
	errs = validateHostnameOverride(spec, at, errs)
	if n := spec.ServiceAccountName; n != "" && !validation.IsDNSSubdomain(n) {
		errs = append(errs, validation.ValidateDNSSubdomain(n, at.at("serviceAccountName"))...)
	}
	if n := spec.NodeName; n != "" && !validation.IsDNSSubdomain(n) {
		errs = append(errs, validation.ValidateDNSSubdomain(n, at.at("nodeName"))...)
	}
	if d := spec.ActiveDeadlineSeconds; d != nil && (*d < 1 || *d > 1<<31-1) {
		errs = append(errs, field.Invalid(at.at("activeDeadlineSeconds"), *d,
			"must be between 1 and 2147483647, inclusive"))
	}
	if n := spec.Hostname; n != "" && !validation.IsDNSLabel(n) {
		errs = append(errs, validation.ValidateDNSLabel(n, at.at("hostname"))...)
	}
	if n := spec.Subdomain; n != "" && !validation.IsDNSLabel(n) {
		errs = append(errs, validation.ValidateDNSLabel(n, at.at("subdomain"))...)
	}
	if len(spec.Tolerations) > 0 {
		errs = validateTolerations(spec.Tolerations, at, opts, errs)
	}
	errs = validateHostAliases(spec, at, errs)
	if n := spec.PriorityClassName; n != "" && !validation.IsDNSSubdomain(n) {
		errs = append(errs, validation.ValidateDNSSubdomain(n, at.at("priorityClassName"))...)
	}
	if n := spec.RuntimeClassName; n != nil && !validation.IsDNSSubdomain(*n) {
		errs = append(errs, validation.ValidateDNSSubdomain(*n, at.at("runtimeClassName"))...)
	}
	if p := spec.PreemptionPolicy; p != nil {
		switch *p {
		case PreemptLowerPriority, PreemptNever:
		case "":
			errs = append(errs, field.Required(at.at("preemptionPolicy"), "must be 'PreemptLowerPriority' or 'Never'"))
		default:
			errs = append(errs, field.NotSupported(at.at("preemptionPolicy"), *p,
				[]PreemptionPolicy{PreemptLowerPriority, PreemptNever}))
		}
	}
	if len(spec.Overhead) > 0 {
		op := at.child("overhead")
		errs = validateRequirements(&ResourceRequirements{Limits: spec.Overhead}, false, &op, opts, errs)
	}
	errs = validateOS(spec, at, errs)
	if g := spec.SchedulingGroup; g != nil {
		if g.PodGroupName == nil {
			errs = append(errs, field.Invalid(at.at("schedulingGroup", "podGroupName"), "", "must specify one of: `podGroupName`"))
		} else if !validation.IsDNSSubdomain(*g.PodGroupName) {
			errs = append(errs, validation.ValidateDNSSubdomain(*g.PodGroupName, at.at("schedulingGroup", "podGroupName"))...)
		}
	}
	return validateFileKeyRefVolumes(spec, at, errs)
}

// validateHostNetworkPorts checks that under hostNetwork a container's
// hostPort, when set, is its containerPort.
func validateHostNetworkPorts(spec *PodSpec, isPod bool, at *lazyPath, errs field.ErrorList) field.ErrorList {
	if !spec.HostNetwork {
		return errs
	}
	for i := range spec.Containers {
		for j, p := range spec.Containers[i].Ports {
			// A template may leave hostPort unset: defaulting the pod sets
			// it to containerPort. A pod's must match.
			if (isPod || p.HostPort != 0) && p.HostPort != p.ContainerPort {
				errs = append(errs, field.Invalid(at.at("containers").Index(i).Child("ports").Index(j).Child("hostPort"), p.HostPort,
					"must match `containerPort` when `hostNetwork` is true"))
			}
		}
	}
	return errs
}

// validateReadinessGates checks that each readiness gate's conditionType
// is a qualified name.
func validateReadinessGates(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range spec.ReadinessGates {
		ct := string(spec.ReadinessGates[i].ConditionType)
		if !validation.IsQualifiedName(ct) {
			errs = append(errs, validation.ValidateQualifiedName(ct, at.at("readinessGates").Index(i).Child("conditionType"))...)
		}
	}
	return errs
}

// validateHostUsers checks what a pod without host users (`hostUsers`
// false) may not use: the host's network, PID and IPC namespaces, and
// volume devices.
func validateHostUsers(spec *PodSpec, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if spec.HostUsers == nil || *spec.HostUsers {
		return errs
	}
	const detail = "when `hostUsers` is false"
	if spec.HostNetwork {
		errs = append(errs, field.Forbidden(at.at("hostNetwork"), "may not be set "+detail))
	}
	// Kubernetes names these two with their Go names.
	if spec.HostPID {
		errs = append(errs, field.Forbidden(at.at("HostPID"), "may not be set "+detail))
	}
	if spec.HostIPC {
		errs = append(errs, field.Forbidden(at.at("HostIPC"), "may not be set "+detail))
	}
	if !opts.AllowUserNamespacesWithVolumeDevices {
		forEachContainer(spec, func(list string, i int, c containerView) {
			if len(c.devices) > 0 {
				errs = append(errs, field.Forbidden(at.at(list).Index(i).Child("volumeDevices"), "may not be set "+detail))
			}
		})
	}
	return errs
}

// validateHostnameOverride checks `hostnameOverride`: not with
// setHostnameAsFQDN nor hostNetwork, at most 64 characters, a DNS
// subdomain.
func validateHostnameOverride(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	h := spec.HostnameOverride
	if h == nil {
		return errs
	}
	if spec.SetHostnameAsFQDN != nil && *spec.SetHostnameAsFQDN {
		errs = append(errs, field.Forbidden(at.at("hostnameOverride"), "may not be specified when setHostnameAsFQDN is true"))
	}
	if spec.HostNetwork {
		errs = append(errs, field.Forbidden(at.at("hostnameOverride"), "may not be specified when hostNetwork is true"))
	}
	if len(*h) > 64 {
		errs = append(errs, field.TooLong(at.at("hostnameOverride"), "", 64))
	}
	if !validation.IsDNSSubdomain(*h) {
		errs = append(errs, validation.ValidateDNSSubdomain(*h, at.at("hostnameOverride"))...)
	}
	return errs
}

// validateHostAliases checks `hostAliases`: each IP an IP address (not an
// IPv4-mapped IPv6 one), each hostname a DNS subdomain.
func validateHostAliases(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range spec.HostAliases {
		h := &spec.HostAliases[i]
		if ip := net.ParseIP(h.IP); ip == nil {
			errs = append(errs, field.Invalid(at.at("hostAliases").Index(i).Child("ip"), h.IP,
				"must be a valid IP address without leading 0s (e.g. 10.9.8.7 or 2001:db8::ffff)"))
		} else if a, err := netip.ParseAddr(h.IP); err == nil && a.Is4In6() {
			errs = append(errs, field.Invalid(at.at("hostAliases").Index(i).Child("ip"), h.IP,
				"must not be an IPv4-mapped IPv6 address: write the IPv4 address"))
		}
		for j, name := range h.Hostnames {
			if !validation.IsDNSSubdomain(name) {
				errs = append(errs, validation.ValidateDNSSubdomain(name, at.at("hostAliases").Index(i).Child("hostnames").Index(j))...)
			}
		}
	}
	return errs
}

// validatePodResourceClaims checks `resourceClaims` (names DNS labels,
// unique, exactly one of resourceClaimName and resourceClaimTemplateName,
// each a DNS subdomain) and the containers' `resources.claims`, which
// must name them.
func validatePodResourceClaims(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	claims := spec.ResourceClaims
	for i := range claims {
		c := &claims[i]
		cp := func() *field.Path { return at.at("resourceClaims").Index(i) }
		switch {
		case c.Name == "":
			errs = append(errs, field.Required(cp().Child("name"), "must name the claim with a DNS label"))
		case claimNamedBefore(claims[:i], c.Name):
			errs = append(errs, field.Duplicate(cp().Child("name"), c.Name))
		case !validation.IsDNSLabel(c.Name):
			errs = append(errs, validation.ValidateDNSLabel(c.Name, cp().Child("name"))...)
		}
		if c.ResourceClaimName != nil && c.ResourceClaimTemplateName != nil {
			errs = append(errs, field.Invalid(cp(), c.Name, "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified"))
		}
		if c.ResourceClaimName == nil && c.ResourceClaimTemplateName == nil {
			errs = append(errs, field.Invalid(cp(), c.Name, "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"))
		}
		if n := c.ResourceClaimName; n != nil && !validation.IsDNSSubdomain(*n) {
			errs = append(errs, validation.ValidateDNSSubdomain(*n, cp().Child("resourceClaimName"))...)
		}
		if n := c.ResourceClaimTemplateName; n != nil && !validation.IsDNSSubdomain(*n) {
			errs = append(errs, validation.ValidateDNSSubdomain(*n, cp().Child("resourceClaimTemplateName"))...)
		}
	}
	return errs
}

// validateClaimRefs checks the `resources.claims` of a container or of
// the pod (at path): each names one of the pod's resourceClaims, with an
// optional request that is a DNS label, and no claim or request twice.
func validateClaimRefs(refs []ResourceClaim, claims []PodResourceClaim, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	for j := range refs {
		r := &refs[j]
		if r.Name == "" {
			errs = append(errs, field.Required(path().Index(j), "must name one of the pod's resourceClaims"))
			continue
		}
		if r.Request != "" && !validation.IsDNSLabel(r.Request) {
			errs = append(errs, validation.ValidateDNSLabel(r.Request, path().Index(j).Child("request"))...)
		}
		if claimRefConflicts(refs[:j], r) {
			errs = append(errs, field.Duplicate(path().Index(j), r.Name))
		}
		if !claimNamedBefore(claims, r.Name) {
			errs = append(errs, field.NotFound(path().Index(j), r.Name))
		}
	}
	return errs
}

func claimNamedBefore(claims []PodResourceClaim, name string) bool {
	for i := range claims {
		if claims[i].Name == name {
			return true
		}
	}
	return false
}

// claimRefConflicts reports whether r references what an earlier
// reference already does: the same claim and request, the whole claim
// again, or the whole claim after one of its requests.
func claimRefConflicts(before []ResourceClaim, r *ResourceClaim) bool {
	for i := range before {
		b := &before[i]
		if b.Name != r.Name {
			continue
		}
		if b.Request == "" || b.Request == r.Request || r.Request == "" {
			return true
		}
	}
	return false
}

// The limits of a pod's DNS configuration.
const (
	maxDNSNameservers     = 3
	maxDNSSearchPaths     = 32
	maxDNSSearchListChars = 2048
)

// validatePodDNSConfig checks `dnsConfig`: required with at least one
// nameserver when `dnsPolicy` is None; at most 3 nameservers, each an IP
// address; at most 32 search domains of 2048 characters in all, each a
// DNS subdomain (underscores allowed, a trailing '.' ignored); options
// named.
func validatePodDNSConfig(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	c := spec.DNSConfig
	if spec.DNSPolicy == DNSNone {
		if c == nil {
			return append(errs, field.Required(at.at("dnsConfig"), "must be set when `dnsPolicy` is 'None': give at least one nameserver"))
		}
		if len(c.Nameservers) == 0 {
			return append(errs, field.Required(at.at("dnsConfig", "nameservers"), "must have at least one nameserver when `dnsPolicy` is 'None'"))
		}
	}
	if c == nil {
		return errs
	}
	if len(c.Nameservers) > maxDNSNameservers {
		errs = append(errs, field.Invalid(at.at("dnsConfig", "nameservers"), c.Nameservers, "must not have more than 3 nameservers"))
	}
	for i, ns := range c.Nameservers {
		if ip := net.ParseIP(ns); ip == nil {
			errs = append(errs, field.Invalid(at.at("dnsConfig", "nameservers").Index(i), ns,
				"must be a valid IP address without leading 0s (e.g. 10.9.8.7 or 2001:db8::ffff)"))
		} else if a, err := netip.ParseAddr(ns); err == nil && a.Is4In6() {
			errs = append(errs, field.Invalid(at.at("dnsConfig", "nameservers").Index(i), ns,
				"must not be an IPv4-mapped IPv6 address: write the IPv4 address"))
		}
	}
	if len(c.Searches) > maxDNSSearchPaths {
		errs = append(errs, field.Invalid(at.at("dnsConfig", "searches"), c.Searches, "must not have more than 32 search paths"))
	}
	total := 0
	for i, s := range c.Searches {
		if i > 0 {
			total++
		}
		total += len(s)
	}
	if total > maxDNSSearchListChars {
		errs = append(errs, field.Invalid(at.at("dnsConfig", "searches"), c.Searches,
			"must not have more than 2048 characters (including spaces) in the search list"))
	}
	for i, s := range c.Searches {
		if s == "." {
			continue
		}
		if s = strings.TrimSuffix(s, "."); !validation.IsDNSSubdomainWithUnderscore(s) {
			errs = append(errs, validation.ValidateDNSSubdomainWithUnderscore(s, at.at("dnsConfig", "searches").Index(i))...)
		}
	}
	for i := range c.Options {
		if c.Options[i].Name == "" {
			errs = append(errs, field.Required(at.at("dnsConfig", "options").Index(i), "must name the resolver option"))
		}
	}
	return errs
}

// validateFileKeyRefVolumes checks that each fileKeyRef env var of the init
// and regular containers names a declared emptyDir volume.
func validateFileKeyRefVolumes(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	forEachContainer(spec, func(list string, i int, c containerView) {
		for j := range c.env {
			vf := c.env[j].ValueFrom
			if vf == nil || vf.FileKeyRef == nil {
				continue
			}
			name := vf.FileKeyRef.VolumeName
			vol := volumeNamed(spec.Volumes, name)
			switch {
			case vol == nil:
				errs = append(errs, field.NotFound(at.at(list).Index(i).Child("env").Index(j).Child("valueFrom", "fileKeyRef", "volumeName"), name))
			case vol.EmptyDir == nil:
				errs = append(errs, field.Invalid(at.at(list).Index(i).Child("env").Index(j).Child("valueFrom", "fileKeyRef", "volumeName"), name,
					"must name an emptyDir volume"))
			}
		}
	})
	return errs
}

// containerView is what the pod-wide rules read of a container of any
// kind: init, regular or ephemeral.
type containerView struct {
	name    string
	env     []EnvVar
	devices []VolumeDevice
	sc      *SecurityContext
}

// forEachContainer calls fn with each init, regular and ephemeral
// container, in that order (Kubernetes' VisitContainersWithPath), with the
// name of its list and its index there.
func forEachContainer(spec *PodSpec, fn func(list string, i int, c containerView)) {
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		fn("initContainers", i, containerView{c.Name, c.Env, c.VolumeDevices, c.SecurityContext})
	}
	for i := range spec.Containers {
		c := &spec.Containers[i]
		fn("containers", i, containerView{c.Name, c.Env, c.VolumeDevices, c.SecurityContext})
	}
	for i := range spec.EphemeralContainers {
		c := &spec.EphemeralContainers[i]
		fn("ephemeralContainers", i, containerView{c.Name, c.Env, c.VolumeDevices, c.SecurityContext})
	}
}

// volumeNamed returns the last volume named name, or nil.
func volumeNamed(vols []Volume, name string) *Volume {
	var found *Volume
	for i := range vols {
		if vols[i].Name == name {
			found = &vols[i]
		}
	}
	return found
}

// The pod annotations Kubernetes gives a meaning, and their values.
const (
	mirrorPodAnnotation           = "kubernetes.io/config.mirror"
	tolerationsAnnotation         = "scheduler.alpha.kubernetes.io/tolerations"
	podDeletionCostAnnotation     = "controller.kubernetes.io/pod-deletion-cost"
	seccompPodAnnotation          = "seccomp.security.alpha.kubernetes.io/pod"
	seccompContainerAnnotation    = "container.seccomp.security.alpha.kubernetes.io/"
	appArmorContainerAnnotation   = "container.apparmor.security.beta.kubernetes.io/"
	profileRuntimeDefault         = "runtime/default"
	profileDockerDefault          = "docker/default"
	profileUnconfined             = "unconfined"
	profileLocalhostPrefix        = "localhost/"
	appArmorProfileRuntimeDefault = "runtime/default"
)

// validatePodAnnotations checks the annotations Kubernetes reads on a pod:
// the mirror-pod annotation only with a nodeName, tolerations in their
// annotation, the pod deletion cost a 32-bit integer, seccomp and
// AppArmor profiles in their (deprecated) annotations.
func validatePodAnnotations(a map[string]string, spec *PodSpec, path *field.Path, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	anns := func() *field.Path { return path.Child("annotations") }
	if v, ok := a[mirrorPodAnnotation]; ok && spec.NodeName == "" {
		errs = append(errs, field.Invalid(anns().Key(mirrorPodAnnotation), v, "must set spec.nodeName if mirror pod annotation is set"))
	}
	if v := a[tolerationsAnnotation]; v != "" {
		var ts []Toleration
		if err := json.Unmarshal([]byte(v), &ts); err != nil {
			errs = append(errs, field.Invalid(anns(), tolerationsAnnotation, "must hold a JSON list of tolerations: "+err.Error()))
		} else if len(ts) > 0 {
			tp := lazyPath{root: func() *field.Path { return anns() }}
			ap := tp.child(tolerationsAnnotation)
			// validateTolerations appends "tolerations"; Kubernetes
			// reports these at annotations.<key>[i].
			errs = validateTolerationsAt(ts, &ap, opts, errs)
		}
	}
	if v, ok := a[podDeletionCostAnnotation]; ok && !opts.AllowInvalidPodDeletionCost && !validDeletionCost(v) {
		errs = append(errs, field.Invalid(anns().Key(podDeletionCostAnnotation), v, "must be a 32bit integer"))
	}
	// Then, as Kubernetes does, the seccomp annotations (the pod's first),
	// then the AppArmor ones. Kubernetes ranges over the annotations, in
	// random order; jobkit takes the keys in sorted order, one of those.
	seccomp := func(k, v string) {
		switch {
		case v == profileRuntimeDefault, v == profileDockerDefault, v == profileUnconfined:
		case strings.HasPrefix(v, profileLocalhostPrefix):
			errs = validateLocalDescendingPath(strings.TrimPrefix(v, profileLocalhostPrefix), func() *field.Path { return anns().Child(k) }, errs)
		default:
			errs = append(errs, field.Invalid(anns().Child(k), v, "must be a valid seccomp profile: 'runtime/default', 'unconfined' or 'localhost/<path>'"))
		}
	}
	if v, ok := a[seccompPodAnnotation]; ok {
		seccomp(seccompPodAnnotation, v)
	}
	var keys []string
	for k := range a {
		if strings.HasPrefix(k, seccompContainerAnnotation) || strings.HasPrefix(k, appArmorContainerAnnotation) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return errs
	}
	sort.Strings(keys)
	for _, k := range keys {
		if strings.HasPrefix(k, seccompContainerAnnotation) {
			seccomp(k, a[k])
		}
	}
	for _, k := range keys {
		name, ok := strings.CutPrefix(k, appArmorContainerAnnotation)
		if !ok {
			continue
		}
		if !podHasContainer(spec, name) {
			errs = append(errs, field.Invalid(anns().Key(k), name, "container not found"))
		}
		if v := a[k]; v != "" && v != appArmorProfileRuntimeDefault && v != profileUnconfined && !strings.HasPrefix(v, profileLocalhostPrefix) {
			errs = append(errs, field.Invalid(anns().Key(k), v, "must be a valid AppArmor profile: 'runtime/default', 'unconfined' or 'localhost/<name>'"))
		}
	}
	return errs
}

// validDeletionCost reports whether v is a 32-bit integer without a '+'
// or leading zeros.
func validDeletionCost(v string) bool {
	if v == "" || v[0] == '+' || len(v) > 1 && v[0] == '0' {
		return false
	}
	_, err := strconv.ParseInt(v, 10, 32)
	return err == nil
}

func podHasContainer(spec *PodSpec, name string) bool {
	if containerNamed(spec.Containers, name) || containerNamed(spec.InitContainers, name) {
		return true
	}
	for i := range spec.EphemeralContainers {
		if spec.EphemeralContainers[i].Name == name {
			return true
		}
	}
	return false
}

// validateProfileAnnotationsMatch checks that seccomp and AppArmor profiles
// set both in an annotation and in a field agree, as Kubernetes does on
// create.
func validateProfileAnnotationsMatch(a map[string]string, spec *PodSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	sp := func() *field.Path { return path.Child("spec") }
	if spec.SecurityContext != nil && spec.SecurityContext.SeccompProfile != nil {
		if v, ok := a[seccompPodAnnotation]; ok {
			errs = seccompMatch(v, spec.SecurityContext.SeccompProfile, func() *field.Path { return sp().Child("securityContext", "seccompProfile") }, errs)
		}
	}
	// Look containers up only when an annotation names one: the keys are
	// built by concatenation.
	seccompKeys, appArmorKeys := false, false
	for k := range a {
		seccompKeys = seccompKeys || strings.HasPrefix(k, seccompContainerAnnotation)
		appArmorKeys = appArmorKeys || strings.HasPrefix(k, appArmorContainerAnnotation)
	}
	if !seccompKeys && !appArmorKeys {
		return errs
	}
	windows := spec.OS != nil && spec.OS.Name == Windows
	var podAppArmor *AppArmorProfile
	if spec.SecurityContext != nil {
		podAppArmor = spec.SecurityContext.AppArmorProfile
	}
	// Two passes over the containers, as Kubernetes makes: seccomp, then
	// AppArmor.
	if seccompKeys {
		forEachContainer(spec, func(list string, i int, c containerView) {
			if c.sc != nil && c.sc.SeccompProfile != nil {
				if v, ok := a[seccompContainerAnnotation+c.name]; ok {
					errs = seccompMatch(v, c.sc.SeccompProfile, func() *field.Path {
						return sp().Child(list).Index(i).Child("securityContext", "seccompProfile")
					}, errs)
				}
			}
		})
	}
	if windows || !appArmorKeys {
		return errs
	}
	forEachContainer(spec, func(list string, i int, c containerView) {
		{
			cp := func() *field.Path { return sp().Child(list).Index(i).Child("securityContext") }
			prof := podAppArmor
			if c.sc != nil && c.sc.AppArmorProfile != nil {
				prof = c.sc.AppArmorProfile
			}
			v, ok := a[appArmorContainerAnnotation+c.name]
			if prof == nil || !ok {
				return
			}
			const typeDetail = "apparmor type in annotation and field must match"
			switch prof.Type {
			case AppArmorProfileTypeUnconfined:
				if v != profileUnconfined {
					errs = append(errs, field.Forbidden(cp().Child("appArmorProfile", "type"), typeDetail))
				}
			case AppArmorProfileTypeRuntimeDefault:
				if v != appArmorProfileRuntimeDefault {
					errs = append(errs, field.Forbidden(cp().Child("appArmorProfile", "type"), typeDetail))
				}
			case AppArmorProfileTypeLocalhost:
				if !strings.HasPrefix(v, profileLocalhostPrefix) {
					errs = append(errs, field.Forbidden(cp().Child("appArmorProfile", "type"), typeDetail))
				} else if prof.LocalhostProfile == nil || strings.TrimPrefix(v, profileLocalhostPrefix) != *prof.LocalhostProfile {
					errs = append(errs, field.Forbidden(cp().Child("appArmorProfile", "localhostProfile"), "apparmor profile in annotation and field must match"))
				}
			}
		}
	})
	return errs
}

func seccompMatch(v string, f *SeccompProfile, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	const typeDetail = "seccomp type in annotation and field must match"
	switch f.Type {
	case SeccompProfileTypeUnconfined:
		if v != profileUnconfined {
			errs = append(errs, field.Forbidden(path().Child("type"), typeDetail))
		}
	case SeccompProfileTypeRuntimeDefault:
		if v != profileRuntimeDefault && v != profileDockerDefault {
			errs = append(errs, field.Forbidden(path().Child("type"), typeDetail))
		}
	case SeccompProfileTypeLocalhost:
		if !strings.HasPrefix(v, profileLocalhostPrefix) {
			errs = append(errs, field.Forbidden(path().Child("type"), typeDetail))
		} else if f.LocalhostProfile == nil || strings.TrimPrefix(v, profileLocalhostPrefix) != *f.LocalhostProfile {
			errs = append(errs, field.Forbidden(path().Child("localhostProfile"), "seccomp profile in annotation and field must match"))
		}
	}
	return errs
}

// lazyPath is a field path that is only turned into a [field.Path] when an
// error needs it, so that validating a valid pod allocates nothing. Values
// live on the stack; each names its parent.
type lazyPath struct {
	parent *lazyPath
	// root returns the root path; set on the root only. A function
	// rather than the *field.Path, so that building a path does not make
	// the compiler move the chain to the heap.
	root  func() *field.Path
	name  string
	index int
	kind  uint8 // 0 root, 1 child, 2 index, 3 key
}

func (p *lazyPath) child(name string) lazyPath { return lazyPath{parent: p, name: name, kind: 1} }
func (p *lazyPath) idx(i int) lazyPath         { return lazyPath{parent: p, index: i, kind: 2} }

// path builds the [field.Path]. It walks the chain without recursion so
// that the compiler keeps lazy paths on the stack; chains are short and
// this runs only when there is an error.
func (p *lazyPath) path() *field.Path {
	depth := 0
	q := p
	for ; q.kind != 0; q = q.parent {
		depth++
	}
	fp := q.root()
	for level := depth - 1; level >= 0; level-- {
		e := p
		for range level {
			e = e.parent
		}
		switch e.kind {
		case 1:
			fp = fp.Child(strings.Clone(e.name))
		case 2:
			fp = fp.Index(e.index)
		default:
			fp = fp.Key(strings.Clone(e.name))
		}
	}
	return fp
}

// at returns the path of p's descendant named names.
func (p *lazyPath) at(names ...string) *field.Path {
	fp := p.path()
	for _, n := range names {
		fp = fp.Child(n)
	}
	return fp
}

// sortFrom sorts errs[from:] by field, so that errors found while ranging
// over a map come in a stable order.
func sortFrom(errs field.ErrorList, from int) {
	if len(errs)-from > 1 {
		tail := errs[from:]
		sort.SliceStable(tail, func(i, j int) bool { return tail[i].Field < tail[j].Field })
	}
}

// isLowerAlnum reports whether c is a lower-case ASCII letter or a digit.
func isLowerAlnum(c byte) bool { return c-'a' < 26 || c-'0' < 10 }
