package core

// This file holds the core/v1 defaulting a Kubernetes v1.36 API server
// applies, with its default feature gates, to a pod template (as part of
// a Job, a PodTemplate, a Deployment, ...) and to a Pod.
//
// Kubernetes runs the same per-type defaulters on every PodSpec it finds;
// the only difference between a template and a Pod is SetDefaults_Pod,
// which runs on Pods alone (requests from limits, pod-level resources,
// enableServiceLinks, host ports in the host network). jobkit mirrors
// that split: [SetDefaultsPodTemplateSpec] for templates, [SetDefaultsPod]
// for pods.
//
// Every default fills in an unset field only: a value the user set, even
// a surprising one, is never overwritten.

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/resource"
)

// Default values the API server writes, under k8s.io/api's names. The
// container's default terminationMessagePath is
// [TerminationMessagePathDefault]; the volumes' default modes are
// [SecretVolumeSourceDefaultMode] and its siblings.
const (
	// DefaultTerminationGracePeriodSeconds is the pod's default
	// terminationGracePeriodSeconds.
	DefaultTerminationGracePeriodSeconds int64 = 30
	// DefaultSchedulerName is the pod's default schedulerName.
	DefaultSchedulerName = "default-scheduler"
	// DefaultEnableServiceLinks is a Pod's default enableServiceLinks.
	DefaultEnableServiceLinks = true
	// DefaultServiceAccountTokenExpirationSeconds is a projected service
	// account token's default expirationSeconds: one hour.
	DefaultServiceAccountTokenExpirationSeconds int64 = 3600
)

// Probe defaults, applied to a probe's fields left at zero.
const (
	DefaultProbeTimeoutSeconds   int32 = 1
	DefaultProbePeriodSeconds    int32 = 10
	DefaultProbeSuccessThreshold int32 = 1
	DefaultProbeFailureThreshold int32 = 3
)

// SetDefaultsPodTemplateSpec fills in what a pod template leaves unset,
// exactly as a Kubernetes v1.36 API server does when it decodes an object
// holding one (a Job's spec.template, a PodTemplate, ...) with its default
// feature gates. It never overwrites a value the user set. The template's
// metadata gets no defaults. See [SetDefaultsPodSpec] for the spec.
//
// It also makes the one change the API server's round trip through its
// internal version makes to template metadata: the annotations of the
// alpha and beta init containers (pod.beta.kubernetes.io/init-containers
// and its three siblings), which no kubelet reads any more, are removed.
//
// A template gets none of the Pod-only defaults of [SetDefaultsPod]: its
// containers' requests are not copied from their limits, enableServiceLinks
// stays unset and host ports stay unset in the host network; the API
// server applies those when the Job controller creates each pod.
func SetDefaultsPodTemplateSpec(t *PodTemplateSpec) {
	if t == nil {
		return
	}
	t.ObjectMeta.Annotations = dropInitContainerAnnotations(t.ObjectMeta.Annotations)
	SetDefaultsPodSpec(&t.Spec)
}

// initContainerAnnotations are the annotations init containers were
// declared in before the initContainers field.
var initContainerAnnotations = [...]string{
	"pod.beta.kubernetes.io/init-containers",
	"pod.alpha.kubernetes.io/init-containers",
	"pod.beta.kubernetes.io/init-container-statuses",
	"pod.alpha.kubernetes.io/init-container-statuses",
}

// dropInitContainerAnnotations returns annotations without the init
// container annotations: annotations itself when it has none of them, a
// changed copy otherwise (the caller's map is never changed).
func dropInitContainerAnnotations(annotations map[string]string) map[string]string {
	found := false
	for _, k := range initContainerAnnotations {
		if _, ok := annotations[k]; ok {
			found = true
			break
		}
	}
	if !found {
		return annotations
	}
	out := make(map[string]string, len(annotations))
	for k, v := range annotations {
		out[k] = v
	}
	for _, k := range initContainerAnnotations {
		delete(out, k)
	}
	return out
}

// SetDefaultsPodSpec fills in what a pod spec leaves unset, the defaults
// common to templates and pods, in Kubernetes' order:
//
//   - serviceAccountName and its deprecated alias serviceAccount: an empty
//     serviceAccountName takes serviceAccount's value, then serviceAccount
//     becomes a copy of serviceAccountName, as the API server's conversion
//     does (when both are set and differ, serviceAccountName wins and
//     serviceAccount is overwritten: Kubernetes stores them equal).
//   - dnsPolicy: ClusterFirst; restartPolicy: Always (a Job's template
//     must say OnFailure or Never: validation then rejects Always, as the
//     API server does); securityContext: {}; terminationGracePeriodSeconds:
//     30; schedulerName: default-scheduler.
//   - Volumes: see [SetDefaultsVolume].
//   - Init, regular and ephemeral containers: see [SetDefaultsContainer]
//     (sidecars, init containers with restartPolicy Always, are defaulted
//     like any other container; their restartPolicy is the user's).
//   - overhead and the pod-level resources' limits and requests: amounts
//     rounded up to a whole milli-unit (1n becomes 1m).
func SetDefaultsPodSpec(s *PodSpec) {
	if s == nil {
		return
	}
	if s.ServiceAccountName == "" {
		s.ServiceAccountName = s.DeprecatedServiceAccount
	}
	s.DeprecatedServiceAccount = s.ServiceAccountName
	if s.DNSPolicy == "" {
		s.DNSPolicy = DNSClusterFirst
	}
	if s.RestartPolicy == "" {
		s.RestartPolicy = RestartPolicyAlways
	}
	if s.SecurityContext == nil {
		s.SecurityContext = &PodSecurityContext{}
	}
	if s.TerminationGracePeriodSeconds == nil {
		s.TerminationGracePeriodSeconds = ptrTo(DefaultTerminationGracePeriodSeconds)
	}
	if s.SchedulerName == "" {
		s.SchedulerName = DefaultSchedulerName
	}
	for i := range s.Volumes {
		SetDefaultsVolume(&s.Volumes[i])
	}
	for i := range s.InitContainers {
		SetDefaultsContainer(&s.InitContainers[i])
	}
	for i := range s.Containers {
		SetDefaultsContainer(&s.Containers[i])
	}
	for i := range s.EphemeralContainers {
		SetDefaultsEphemeralContainer(&s.EphemeralContainers[i])
	}
	roundUpResourceList(s.Overhead)
	if s.Resources != nil {
		roundUpResourceList(s.Resources.Limits)
		roundUpResourceList(s.Resources.Requests)
	}
}

// SetDefaultsContainer fills in what a container leaves unset:
//
//   - imagePullPolicy: Always when the image's tag is latest, or when it
//     names neither a tag nor a digest (`busybox`, `registry:5000/app`);
//     IfNotPresent otherwise (`busybox:1.36`, `app@sha256:...`), and for
//     an image Kubernetes cannot parse (the API server defaults before it
//     validates).
//   - terminationMessagePath: /dev/termination-log;
//     terminationMessagePolicy: File.
//   - Each port's protocol: TCP.
//   - Each env fieldRef's apiVersion: v1; each fileKeyRef's optional:
//     false.
//   - resources' limits and requests: amounts rounded up to a whole
//     milli-unit.
//   - Liveness, readiness and startup probes: see [SetDefaultsProbe].
//   - The httpGet actions of the postStart and preStop hooks: see
//     [SetDefaultsHTTPGetAction].
func SetDefaultsContainer(c *Container) {
	if c == nil {
		return
	}
	setContainerDefaults(containerFields{
		image: c.Image, pullPolicy: &c.ImagePullPolicy,
		messagePath: &c.TerminationMessagePath, messagePolicy: &c.TerminationMessagePolicy,
		ports: c.Ports, env: c.Env, resources: &c.Resources,
		probes:    [3]*Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe},
		lifecycle: c.Lifecycle,
	})
}

// SetDefaultsEphemeralContainer fills in what an ephemeral container
// leaves unset: the defaults of [SetDefaultsContainer].
func SetDefaultsEphemeralContainer(c *EphemeralContainer) {
	if c == nil {
		return
	}
	e := &c.EphemeralContainerCommon
	setContainerDefaults(containerFields{
		image: e.Image, pullPolicy: &e.ImagePullPolicy,
		messagePath: &e.TerminationMessagePath, messagePolicy: &e.TerminationMessagePolicy,
		ports: e.Ports, env: e.Env, resources: &e.Resources,
		probes:    [3]*Probe{e.LivenessProbe, e.ReadinessProbe, e.StartupProbe},
		lifecycle: e.Lifecycle,
	})
}

// containerFields points at the fields Container and
// EphemeralContainerCommon share and defaulting touches.
type containerFields struct {
	image         string
	pullPolicy    *PullPolicy
	messagePath   *string
	messagePolicy *TerminationMessagePolicy
	ports         []ContainerPort
	env           []EnvVar
	resources     *ResourceRequirements
	probes        [3]*Probe
	lifecycle     *Lifecycle
}

func setContainerDefaults(c containerFields) {
	if *c.pullPolicy == "" {
		*c.pullPolicy = defaultPullPolicy(c.image)
	}
	if *c.messagePath == "" {
		*c.messagePath = TerminationMessagePathDefault
	}
	if *c.messagePolicy == "" {
		*c.messagePolicy = TerminationMessageReadFile
	}
	for i := range c.ports {
		if c.ports[i].Protocol == "" {
			c.ports[i].Protocol = ProtocolTCP
		}
	}
	for i := range c.env {
		from := c.env[i].ValueFrom
		if from == nil {
			continue
		}
		if from.FieldRef != nil {
			SetDefaultsObjectFieldSelector(from.FieldRef)
		}
		if from.FileKeyRef != nil && from.FileKeyRef.Optional == nil {
			from.FileKeyRef.Optional = ptrTo(false)
		}
	}
	roundUpResourceList(c.resources.Limits)
	roundUpResourceList(c.resources.Requests)
	for _, p := range c.probes {
		SetDefaultsProbe(p)
	}
	if lc := c.lifecycle; lc != nil {
		for _, h := range []*LifecycleHandler{lc.PostStart, lc.PreStop} {
			if h != nil {
				SetDefaultsHTTPGetAction(h.HTTPGet)
			}
		}
	}
}

// SetDefaultsProbe fills in what a probe leaves unset (zero): timeoutSeconds
// 1, periodSeconds 10, successThreshold 1, failureThreshold 3; its httpGet
// action's defaults ([SetDefaultsHTTPGetAction]); a grpc action's service:
// "" (set explicitly, so it is stored as `service: ""`).
// initialDelaySeconds and terminationGracePeriodSeconds get none.
func SetDefaultsProbe(p *Probe) {
	if p == nil {
		return
	}
	if p.TimeoutSeconds == 0 {
		p.TimeoutSeconds = DefaultProbeTimeoutSeconds
	}
	if p.PeriodSeconds == 0 {
		p.PeriodSeconds = DefaultProbePeriodSeconds
	}
	if p.SuccessThreshold == 0 {
		p.SuccessThreshold = DefaultProbeSuccessThreshold
	}
	if p.FailureThreshold == 0 {
		p.FailureThreshold = DefaultProbeFailureThreshold
	}
	SetDefaultsHTTPGetAction(p.HTTPGet)
	if p.GRPC != nil && p.GRPC.Service == nil {
		p.GRPC.Service = ptrTo("")
	}
}

// SetDefaultsHTTPGetAction fills in an HTTP GET action's path (/) and
// scheme (HTTP) when they are empty.
func SetDefaultsHTTPGetAction(a *HTTPGetAction) {
	if a == nil {
		return
	}
	if a.Path == "" {
		a.Path = "/"
	}
	if a.Scheme == "" {
		a.Scheme = URISchemeHTTP
	}
}

// SetDefaultsObjectFieldSelector fills in a field selector's apiVersion:
// v1.
func SetDefaultsObjectFieldSelector(f *ObjectFieldSelector) {
	if f != nil && f.APIVersion == "" {
		f.APIVersion = "v1"
	}
}

// SetDefaultsVolume fills in what a volume leaves unset:
//
//   - A volume naming no source becomes an emptyDir volume (`emptyDir:
//     {}`). jobkit leaves a volume alone when its Unknown holds members: a
//     source a newer Kubernetes added may be among them.
//   - image: pullPolicy as a container's imagePullPolicy, from the
//     reference (the ImageVolume gate is on in v1.36).
//   - hostPath: type "" (set explicitly, so it is stored as `type: ""`).
//   - secret, configMap, downwardAPI, projected: defaultMode 0644 (420).
//     Their items get no mode.
//   - downwardAPI items, and the downwardAPI items of projected sources:
//     fieldRef apiVersion v1.
//   - projected serviceAccountToken sources: expirationSeconds 3600.
//   - iscsi: iscsiInterface default. rbd: pool rbd, user admin, keyring
//     /etc/ceph/keyring. azureDisk: cachingMode ReadWrite, fsType ext4,
//     readOnly false, kind Shared. scaleIO: storageMode ThinProvisioned,
//     fsType xfs.
//   - ephemeral: the claim template's volumeMode Filesystem, and its
//     resource amounts rounded up to a whole milli-unit.
func SetDefaultsVolume(v *Volume) {
	if v == nil {
		return
	}
	s := &v.VolumeSource
	if len(v.Unknown) == 0 && noVolumeSource(s) {
		s.EmptyDir = &EmptyDirVolumeSource{}
	}
	if s.Image != nil && s.Image.PullPolicy == "" {
		s.Image.PullPolicy = defaultPullPolicy(s.Image.Reference)
	}
	if s.HostPath != nil && s.HostPath.Type == nil {
		s.HostPath.Type = ptrTo(HostPathUnset)
	}
	if s.Secret != nil && s.Secret.DefaultMode == nil {
		s.Secret.DefaultMode = ptrTo(SecretVolumeSourceDefaultMode)
	}
	if s.ISCSI != nil && s.ISCSI.ISCSIInterface == "" {
		s.ISCSI.ISCSIInterface = "default"
	}
	if r := s.RBD; r != nil {
		if r.RBDPool == "" {
			r.RBDPool = "rbd"
		}
		if r.RadosUser == "" {
			r.RadosUser = "admin"
		}
		if r.Keyring == "" {
			r.Keyring = "/etc/ceph/keyring"
		}
	}
	if d := s.DownwardAPI; d != nil {
		if d.DefaultMode == nil {
			d.DefaultMode = ptrTo(DownwardAPIVolumeSourceDefaultMode)
		}
		for i := range d.Items {
			SetDefaultsObjectFieldSelector(d.Items[i].FieldRef)
		}
	}
	if s.ConfigMap != nil && s.ConfigMap.DefaultMode == nil {
		s.ConfigMap.DefaultMode = ptrTo(ConfigMapVolumeSourceDefaultMode)
	}
	if a := s.AzureDisk; a != nil {
		if a.CachingMode == nil {
			a.CachingMode = ptrTo(AzureDataDiskCachingReadWrite)
		}
		if a.FSType == nil {
			a.FSType = ptrTo("ext4")
		}
		if a.ReadOnly == nil {
			a.ReadOnly = ptrTo(false)
		}
		if a.Kind == nil {
			a.Kind = ptrTo(AzureSharedBlobDisk)
		}
	}
	if p := s.Projected; p != nil {
		if p.DefaultMode == nil {
			p.DefaultMode = ptrTo(ProjectedVolumeSourceDefaultMode)
		}
		for i := range p.Sources {
			src := &p.Sources[i]
			if src.DownwardAPI != nil {
				for j := range src.DownwardAPI.Items {
					SetDefaultsObjectFieldSelector(src.DownwardAPI.Items[j].FieldRef)
				}
			}
			if t := src.ServiceAccountToken; t != nil && t.ExpirationSeconds == nil {
				t.ExpirationSeconds = ptrTo(DefaultServiceAccountTokenExpirationSeconds)
			}
		}
	}
	if sc := s.ScaleIO; sc != nil {
		if sc.StorageMode == "" {
			sc.StorageMode = "ThinProvisioned"
		}
		if sc.FSType == "" {
			sc.FSType = "xfs"
		}
	}
	if e := s.Ephemeral; e != nil && e.VolumeClaimTemplate != nil {
		spec := &e.VolumeClaimTemplate.Spec
		if spec.VolumeMode == nil {
			spec.VolumeMode = ptrTo(PersistentVolumeFilesystem)
		}
		roundUpResourceList(spec.Resources.Limits)
		roundUpResourceList(spec.Resources.Requests)
	}
}

// noVolumeSource reports whether s names no source at all.
func noVolumeSource(s *VolumeSource) bool {
	return s.HostPath == nil && s.EmptyDir == nil && s.GCEPersistentDisk == nil &&
		s.AWSElasticBlockStore == nil && s.GitRepo == nil && s.Secret == nil &&
		s.NFS == nil && s.ISCSI == nil && s.Glusterfs == nil &&
		s.PersistentVolumeClaim == nil && s.RBD == nil && s.FlexVolume == nil &&
		s.Cinder == nil && s.CephFS == nil && s.Flocker == nil &&
		s.DownwardAPI == nil && s.FC == nil && s.AzureFile == nil &&
		s.ConfigMap == nil && s.VsphereVolume == nil && s.Quobyte == nil &&
		s.AzureDisk == nil && s.PhotonPersistentDisk == nil && s.Projected == nil &&
		s.PortworxVolume == nil && s.ScaleIO == nil && s.StorageOS == nil &&
		s.CSI == nil && s.Ephemeral == nil && s.Image == nil
}

// defaultPullPolicy is the imagePullPolicy Kubernetes gives a container
// running image: Always when the reference's tag is latest or it has
// neither tag nor digest, IfNotPresent otherwise, including for a
// reference that does not parse.
func defaultPullPolicy(image string) PullPolicy {
	tag, digest, ok := parseImageReference(image)
	if ok && (tag == "latest" || (tag == "" && digest == "")) {
		return PullAlways
	}
	return PullIfNotPresent
}

// parseImageReference parses image as Kubernetes does before it defaults
// a pull policy (the distribution project's reference grammar,
// [domain[:port]/]path[:tag][@digest], after docker's normalization: a
// name without a domain is on docker.io, a single-component path there
// is under library/). It returns the tag and digest, and false when image
// does not parse.
func parseImageReference(image string) (tag, digest string, ok bool) {
	if isHex64(image) {
		return "", "", false // a bare image ID
	}
	domain, rest := splitImageDomain(image)
	remote := rest
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		remote = rest[:i]
	}
	if strings.ToLower(remote) != remote {
		return "", "", false
	}
	name := domain + "/" + rest
	if i := strings.IndexByte(name, '@'); i >= 0 {
		name, digest = name[:i], name[i+1:]
		if !isKnownDigest(digest) {
			return "", "", false
		}
	}
	// A colon with no slash after it can only start the tag: a colon in
	// the name is a port's, and a domain is always followed by a slash.
	if i := strings.LastIndexByte(name, ':'); i >= 0 && !strings.Contains(name[i:], "/") {
		name, tag = name[:i], name[i+1:]
		if !isTag(tag) {
			return "", "", false
		}
	}
	// The name is a domain and a path, or (when its first component is
	// not a domain) a path alone; the path may not pass 255 bytes.
	path := name
	if first, after, found := strings.Cut(name, "/"); found && isDomain(first) && isPath(after) {
		path = after
	} else if !isPath(name) {
		return "", "", false
	}
	const maxPathLength = 255
	if len(path) > maxPathLength {
		return "", "", false
	}
	return tag, digest, true
}

// isHex64 reports whether s is 64 lower-case hex digits.
func isHex64(s string) bool {
	return len(s) == 64 && isLowerHex(s)
}

func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// isKnownDigest reports whether s is a digest the reference parser
// accepts: an algorithm it knows and that algorithm's number of lower-case
// hex digits.
func isKnownDigest(s string) bool {
	alg, hex, _ := strings.Cut(s, ":")
	var n int
	switch alg {
	case "sha256":
		n = 64
	case "sha384":
		n = 96
	case "sha512":
		n = 128
	default:
		return false
	}
	return len(hex) == n && isLowerHex(hex)
}

func isWordByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// isTag reports whether s is a tag: a word character, then up to 127
// word characters, dots and dashes.
func isTag(s string) bool {
	if len(s) == 0 || len(s) > 128 || !isWordByte(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isWordByte(c) && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// isPath reports whether s is a repository path: components of lower-case
// letters and digits, separated inside by one dot, one or two
// underscores, or any number of dashes, joined by slashes.
func isPath(s string) bool {
	for {
		comp, rest, more := strings.Cut(s, "/")
		if !isPathComponent(comp) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func isPathComponent(s string) bool {
	isAlnum := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' }
	i := 0
	for {
		start := i
		for i < len(s) && isAlnum(s[i]) {
			i++
		}
		if i == start {
			return false // empty, or a separator not between alphanumerics
		}
		if i == len(s) {
			return true
		}
		switch {
		case s[i] == '.':
			i++
		case s[i] == '_':
			i++
			if i < len(s) && s[i] == '_' {
				i++
			}
		case s[i] == '-':
			for i < len(s) && s[i] == '-' {
				i++
			}
		default:
			return false
		}
	}
}

// isDomain reports whether s is a registry domain: a host name (labels
// of letters, digits and inner dashes, joined by dots) or a bracketed
// IPv6 address, and an optional numeric port.
func isDomain(s string) bool {
	host, port := s, ""
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return false
		}
		host, port = s[:end+1], s[end+1:]
		inner := host[1:end]
		if inner == "" || strings.Trim(inner, "0123456789abcdefABCDEF:") != "" {
			return false
		}
	} else {
		if i := strings.IndexByte(s, ':'); i >= 0 {
			host, port = s[:i], s[i:]
		}
		for _, label := range strings.Split(host, ".") {
			if !isHostLabel(label) {
				return false
			}
		}
	}
	if port == "" {
		return true
	}
	digits := port[1:]
	return port[0] == ':' && digits != "" && strings.Trim(digits, "0123456789") == ""
}

func isHostLabel(s string) bool {
	isAlnum := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// splitImageDomain splits a reference into its registry domain and the
// rest, with docker's defaults: the first component is a domain when it
// is localhost, holds a dot or a colon, or has an upper-case letter;
// otherwise the domain is docker.io, and a single-component path there
// is put under library/.
func splitImageDomain(image string) (domain, rest string) {
	const dockerHub, official = "docker.io", "library/"
	first, after, found := strings.Cut(image, "/")
	switch {
	case !found:
		return dockerHub, official + image
	case first == "localhost":
		domain, rest = first, after
	case first == "index.docker.io":
		domain, rest = dockerHub, after
	case strings.ContainsAny(first, ".:"), strings.ToLower(first) != first:
		domain, rest = first, after
	default:
		domain, rest = dockerHub, image
	}
	if domain == dockerHub && !strings.Contains(rest, "/") {
		rest = official + rest
	}
	return domain, rest
}

// roundUpResourceList rounds every amount of rl up (away from zero) to a
// whole milli-unit, as Kubernetes' SetDefaults_ResourceList does: 1n
// becomes 1m, 1500u becomes 2m, -1n becomes -1m. Amounts already in whole
// milli-units are left exactly as they are.
func roundUpResourceList(rl ResourceList) {
	for name, q := range rl {
		if r, changed := roundUpToMilli(q); changed {
			rl[name] = r
		}
	}
}

// roundUpToMilli returns q rounded away from zero to a multiple of 10⁻³,
// in q's format, and whether it had to round; a q that is already a
// multiple is returned as it is (with the text it was parsed from, when
// it keeps it), as Kubernetes' RoundUp leaves it.
func roundUpToMilli(q resource.Quantity) (resource.Quantity, bool) {
	neg, digits, exponent, ok := decimalParts(q.String())
	if !ok || exponent >= -3 {
		return q, false
	}
	mag, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return q, false
	}
	div := new(big.Int).Exp(big.NewInt(10), big.NewInt(-3-exponent), nil)
	quo, rem := new(big.Int).QuoRem(mag, div, new(big.Int))
	if rem.Sign() == 0 {
		return q, false
	}
	quo.Add(quo, big.NewInt(1))
	text := quo.String() + "000u" // never canonical, so never kept as the text
	if neg {
		text = "-" + text
	}
	r, err := resource.ParseQuantity(text)
	if err != nil {
		return q, false
	}
	r.Format = q.Format
	return r, true
}

// decimalParts reads a quantity's text, canonical or as written (Kubernetes
// keeps some texts as written, such as 3654.274e-3): its value is
// ±digits×10^exponent. A binary suffix (Ki, Mi, ...) reports exponent 0:
// such a text is always a whole number. ok is false for text that is not
// a quantity.
func decimalParts(s string) (neg bool, digits string, exponent int64, ok bool) {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	whole, frac := s[:i], ""
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		frac, i = s[i+1:j], j
	}
	if whole == "" && frac == "" {
		return false, "", 0, false
	}
	digits = whole + frac
	suffix := s[i:]
	var exp int64
	if e, isDecimal := decimalSuffixes[suffix]; isDecimal {
		exp = e
	} else if strings.HasSuffix(suffix, "i") && len(suffix) == 2 && strings.Contains("KMGTPE", suffix[:1]) {
		if frac != "" {
			return false, "", 0, false // not a decimal number; never the text of a quantity's String
		}
		return neg, digits, 0, true
	} else if suffix != "" && (suffix[0] == 'e' || suffix[0] == 'E') {
		e, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return false, "", 0, false
		}
		exp = e
	} else {
		return false, "", 0, false
	}
	return neg, digits, exp - int64(len(frac)), true
}

// decimalSuffixes are the powers of ten of the DecimalSI suffixes.
var decimalSuffixes = map[string]int64{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}

func ptrTo[T any](v T) *T { return &v }
