package core

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// volumeSet answers whether a volume mount names a declared volume that
// validated without error, as Kubernetes only lets mounts refer to those.
type volumeSet struct {
	vols  []Volume
	valid []bool
}

func (s *volumeSet) has(name string) bool { return s.get(name) != nil }

// get returns the valid volume named name, or nil.
func (s *volumeSet) get(name string) *Volume {
	for i := range s.vols {
		if s.valid[i] && s.vols[i].Name == name {
			return &s.vols[i]
		}
	}
	return nil
}

// validateContainers checks `containers`: at least one, each valid, names
// unique, probes and lifecycle hooks, restart policies, host ports unique
// across containers.
func validateContainers(spec *PodSpec, vs *volumeSet, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	list := at.child("containers")
	if len(spec.Containers) == 0 {
		return append(errs, field.Required(list.path(), "must have at least one container"))
	}
	for i := range spec.Containers {
		c := &spec.Containers[i]
		cp := list.idx(i)
		errs = validateContainerCommon(c, spec, vs, &cp, opts, errs)
		if containerNamed(spec.Containers[:i], c.Name) {
			errs = append(errs, field.Duplicate(cp.at("name"), c.Name))
		}
		if c.Lifecycle != nil {
			lp := cp.child("lifecycle")
			errs = validateLifecycle(c.Lifecycle, spec, &lp, errs)
		}
		errs = validateProbes(c, spec, &cp, errs)
		if !opts.DisallowContainerRestartPolicyRules {
			errs = validateContainerRestartPolicy(c, &cp, opts, errs)
		} else if c.RestartPolicy != nil {
			errs = append(errs, field.Forbidden(cp.at("restartPolicy"), "may not be set for non-init containers"))
		}
	}
	return validateHostPorts(spec.Containers, &list, errs)
}

// validateInitContainers checks `initContainers`: each valid, names unique
// among init and regular containers (reported at the init container),
// restartPolicy Always (a sidecar) the only way to have probes and
// lifecycle hooks.
func validateInitContainers(spec *PodSpec, vs *volumeSet, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	list := at.child("initContainers")
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		cp := list.idx(i)
		errs = validateContainerCommon(c, spec, vs, &cp, opts, errs)
		errs = validateInitContainerRestartPolicy(c, &cp, opts, errs)
		sidecar := c.RestartPolicy != nil && *c.RestartPolicy == ContainerRestartPolicyAlways
		if containerNamed(spec.Containers, c.Name) || c.Name != "" && containerNamed(spec.InitContainers[:i], c.Name) {
			errs = append(errs, field.Duplicate(cp.at("name"), c.Name))
		}
		// Kubernetes checks each init container's host ports alone (they
		// run one by one) and reports them at initContainers[0].
		errs = validateHostPorts(spec.InitContainers[i:i+1], &list, errs)
		if sidecar {
			if c.Lifecycle != nil {
				lp := cp.child("lifecycle")
				errs = validateLifecycle(c.Lifecycle, spec, &lp, errs)
			}
			errs = validateProbes(c, spec, &cp, errs)
		} else {
			const detail = "may not be set for init containers without restartPolicy=Always: only sidecars have them"
			if c.Lifecycle != nil {
				errs = append(errs, field.Forbidden(cp.at("lifecycle"), detail))
			}
			if c.LivenessProbe != nil {
				errs = append(errs, field.Forbidden(cp.at("livenessProbe"), detail))
			}
			if c.ReadinessProbe != nil {
				errs = append(errs, field.Forbidden(cp.at("readinessProbe"), detail))
			}
			if c.StartupProbe != nil {
				errs = append(errs, field.Forbidden(cp.at("startupProbe"), detail))
			}
			for j := range c.ResizePolicy {
				if c.ResizePolicy[j].RestartPolicy == RestartContainer && !opts.AllowExistingRestartContainerForNonSidecarInitContainer {
					errs = append(errs, field.Invalid(cp.at("resizePolicy").Index(j).Child("restartPolicy"),
						c.ResizePolicy[j].RestartPolicy, "must not be 'RestartContainer' for an init container that is not a sidecar: use 'NotRequired'"))
				}
			}
		}
	}
	return errs
}

// validateEphemeralContainers checks `ephemeralContainers` as Kubernetes
// does besides refusing them in a template: the common container rules,
// an image without surrounding spaces, a name unique among all
// containers, a targetContainerName that exists, and none of the fields
// an ephemeral container may not have.
func validateEphemeralContainers(spec *PodSpec, vs *volumeSet, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	list := at.child("ephemeralContainers")
	for i := range spec.EphemeralContainers {
		ec := &spec.EphemeralContainers[i]
		cp := list.idx(i)
		e := &ec.EphemeralContainerCommon
		c := Container{Name: e.Name, Image: e.Image, Command: e.Command, Args: e.Args, WorkingDir: e.WorkingDir,
			Ports: e.Ports, EnvFrom: e.EnvFrom, Env: e.Env, Resources: e.Resources, ResizePolicy: e.ResizePolicy,
			RestartPolicy: e.RestartPolicy, RestartPolicyRules: e.RestartPolicyRules, VolumeMounts: e.VolumeMounts,
			VolumeDevices: e.VolumeDevices, LivenessProbe: e.LivenessProbe, ReadinessProbe: e.ReadinessProbe,
			StartupProbe: e.StartupProbe, Lifecycle: e.Lifecycle, TerminationMessagePath: e.TerminationMessagePath,
			TerminationMessagePolicy: e.TerminationMessagePolicy, ImagePullPolicy: e.ImagePullPolicy,
			SecurityContext: e.SecurityContext, Stdin: e.Stdin, StdinOnce: e.StdinOnce, TTY: e.TTY}
		errs = validateContainerCommon(&c, spec, vs, &cp, opts, errs)
		if strings.TrimSpace(e.Image) != e.Image {
			errs = append(errs, field.Invalid(cp.at("image"), e.Image, "must not have leading or trailing whitespace"))
		}
		named := containerNamed(spec.Containers, e.Name) || containerNamed(spec.InitContainers, e.Name)
		for j := 0; j < i && !named; j++ {
			named = spec.EphemeralContainers[j].Name == e.Name
		}
		if named {
			errs = append(errs, field.Duplicate(cp.at("name"), e.Name))
		}
		if t := ec.TargetContainerName; t != "" && !containerNamed(spec.Containers, t) && !containerNamed(spec.InitContainers, t) {
			errs = append(errs, field.NotFound(cp.at("targetContainerName"), t))
		}
		const detail = "cannot be set for an Ephemeral Container"
		for _, f := range [...]struct {
			name string
			set  bool
		}{
			{"ports", e.Ports != nil}, {"resources", e.Resources.Limits != nil || e.Resources.Requests != nil || e.Resources.Claims != nil},
			{"resizePolicy", e.ResizePolicy != nil}, {"restartPolicy", e.RestartPolicy != nil},
			{"restartPolicyRules", e.RestartPolicyRules != nil}, {"livenessProbe", e.LivenessProbe != nil},
			{"readinessProbe", e.ReadinessProbe != nil}, {"startupProbe", e.StartupProbe != nil}, {"lifecycle", e.Lifecycle != nil},
		} {
			if f.set {
				errs = append(errs, field.Forbidden(cp.at(f.name), detail))
			}
		}
		for j := range e.VolumeMounts {
			if e.VolumeMounts[j].SubPath != "" {
				errs = append(errs, field.Forbidden(cp.at("volumeMounts").Index(j).Child("subPath"), detail))
			}
			if e.VolumeMounts[j].SubPathExpr != "" {
				errs = append(errs, field.Forbidden(cp.at("volumeMounts").Index(j).Child("subPathExpr"), detail))
			}
		}
	}
	return errs
}

// containerNamed reports whether one of cs is named name.
func containerNamed(cs []Container, name string) bool {
	for i := range cs {
		if cs[i].Name == name {
			return true
		}
	}
	return false
}

// validateHostPorts reports a host port (with its protocol and host IP)
// used twice among cs, at `<list>[i].ports[j].hostPort`.
func validateHostPorts(cs []Container, list *lazyPath, errs field.ErrorList) field.ErrorList {
	for ci := range cs {
		for pi := range cs[ci].Ports {
			p := &cs[ci].Ports[pi]
			if p.HostPort == 0 || !hostPortSeen(cs, ci, pi) {
				continue
			}
			key := string(p.Protocol) + "/" + p.HostIP + "/" + strconv.Itoa(int(p.HostPort))
			errs = append(errs, field.Duplicate(list.path().Index(ci).Child("ports").Index(pi).Child("hostPort"), key))
		}
	}
	return errs
}

// hostPortSeen reports whether the port cs[ci].Ports[pi] appears earlier.
func hostPortSeen(cs []Container, ci, pi int) bool {
	p := &cs[ci].Ports[pi]
	for i := 0; i <= ci; i++ {
		n := len(cs[i].Ports)
		if i == ci {
			n = pi
		}
		for j := 0; j < n; j++ {
			q := &cs[i].Ports[j]
			if q.HostPort == p.HostPort && q.Protocol == p.Protocol && q.HostIP == p.HostIP {
				return true
			}
		}
	}
	return false
}

// validateContainerCommon applies the rules every container has.
func validateContainerCommon(c *Container, spec *PodSpec, vs *volumeSet, cp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if c.Name == "" {
		errs = append(errs, field.Required(cp.at("name"), "must name the container with a DNS label"))
	} else if !validation.IsDNSLabel(c.Name) {
		errs = append(errs, validation.ValidateDNSLabel(c.Name, cp.at("name"))...)
	}
	if c.Image == "" {
		errs = append(errs, field.Required(cp.at("image"), "must name the container image to run"))
	}
	switch c.TerminationMessagePolicy {
	case TerminationMessageReadFile, TerminationMessageFallbackToLogsOnError:
	case "":
		errs = append(errs, field.Required(cp.at("terminationMessagePolicy"), "must be set: defaulting sets 'File'"))
	default:
		errs = append(errs, field.NotSupported(cp.at("terminationMessagePolicy"), c.TerminationMessagePolicy,
			[]TerminationMessagePolicy{TerminationMessageReadFile, TerminationMessageFallbackToLogsOnError}))
	}
	if len(c.Ports) > 0 {
		errs = validateContainerPorts(c.Ports, cp, errs)
	}
	if len(c.Env) > 0 {
		errs = validateEnv(c.Env, cp, errs)
	}
	if len(c.EnvFrom) > 0 {
		errs = validateEnvFrom(c.EnvFrom, cp, errs)
	}
	if len(c.VolumeMounts) > 0 {
		errs = validateVolumeMounts(c, vs, cp, errs)
	}
	if len(c.VolumeDevices) > 0 {
		errs = validateVolumeDevices(c, vs, cp, errs)
	}
	switch c.ImagePullPolicy {
	case PullAlways, PullIfNotPresent, PullNever:
	case "":
		errs = append(errs, field.Required(cp.at("imagePullPolicy"), "must be set: defaulting sets it from the image tag"))
	default:
		errs = append(errs, field.NotSupported(cp.at("imagePullPolicy"), c.ImagePullPolicy,
			[]PullPolicy{PullAlways, PullIfNotPresent, PullNever}))
	}
	if len(c.Resources.Limits) > 0 || len(c.Resources.Requests) > 0 {
		rp := cp.child("resources")
		errs = validateResourceRequirements(&c.Resources, &rp, opts, errs)
	}
	if len(c.Resources.Claims) > 0 {
		errs = validateClaimRefs(c.Resources.Claims, spec.ResourceClaims, func() *field.Path { return cp.at("resources", "claims") }, errs)
	}
	if len(c.ResizePolicy) > 0 {
		errs = validateResizePolicy(c.ResizePolicy, spec.RestartPolicy, cp, errs)
	}
	hostUsers := spec.HostUsers == nil || *spec.HostUsers
	return validateSecurityContext(c.SecurityContext, hostUsers, cp, errs)
}

// validateContainerPorts checks each port: a valid, unique name, a port
// number between 1 and 65535, an optional valid host port, a protocol.
func validateContainerPorts(ports []ContainerPort, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range ports {
		p := &ports[i]
		if p.Name != "" {
			if msgs := portNameProblems(p.Name); len(msgs) > 0 {
				for _, m := range msgs {
					errs = append(errs, field.Invalid(cp.at("ports").Index(i).Child("name"), p.Name, m))
				}
			} else if portNamedBefore(ports[:i], p.Name) {
				errs = append(errs, field.Duplicate(cp.at("ports").Index(i).Child("name"), p.Name))
			}
		}
		if p.ContainerPort == 0 {
			errs = append(errs, field.Required(cp.at("ports").Index(i).Child("containerPort"), "must be a port number between 1 and 65535"))
		} else if !validPortNum(int64(p.ContainerPort)) {
			errs = append(errs, field.Invalid(cp.at("ports").Index(i).Child("containerPort"), p.ContainerPort, portNumRule))
		}
		if p.HostPort != 0 && !validPortNum(int64(p.HostPort)) {
			errs = append(errs, field.Invalid(cp.at("ports").Index(i).Child("hostPort"), p.HostPort, portNumRule))
		}
		switch p.Protocol {
		case ProtocolTCP, ProtocolUDP, ProtocolSCTP:
		case "":
			errs = append(errs, field.Required(cp.at("ports").Index(i).Child("protocol"), "must be set: defaulting sets 'TCP'"))
		default:
			errs = append(errs, field.NotSupported(cp.at("ports").Index(i).Child("protocol"), p.Protocol,
				[]Protocol{ProtocolSCTP, ProtocolTCP, ProtocolUDP}))
		}
	}
	return errs
}

// portNamedBefore reports whether a valid port name repeats an earlier one.
func portNamedBefore(ports []ContainerPort, name string) bool {
	for i := range ports {
		if ports[i].Name == name {
			return true
		}
	}
	return false
}

const portNumRule = "must be a port number between 1 and 65535, inclusive"

func validPortNum(n int64) bool { return n >= 1 && n <= 65535 }

// portNameProblems says what keeps s from being an IANA service name (a
// port name), one sentence per broken rule as Kubernetes counts them.
func portNameProblems(s string) []string {
	var p []string
	if len(s) > 15 {
		p = append(p, "must be no more than 15 bytes")
	}
	charset, letter := s != "", false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c-'a' < 26:
			letter = true
		case c-'0' < 10, c == '-':
		default:
			charset = false
		}
	}
	if !charset {
		p = append(p, "must contain only lower-case letters (a-z), digits (0-9) and '-'")
	}
	if !letter {
		p = append(p, "must contain at least one letter (a-z)")
	}
	if strings.Contains(s, "--") {
		p = append(p, "must not contain consecutive hyphens")
	}
	if s != "" && (s[0] == '-' || s[len(s)-1] == '-') {
		p = append(p, "must not begin or end with a hyphen")
	}
	return p
}

// validatePortNumOrName checks an IntOrString port: a number between 1 and
// 65535, or a port name.
func validatePortNumOrName(port IntOrString, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if port.Type == StringType {
		for _, m := range portNameProblems(port.StrVal) {
			errs = append(errs, field.Invalid(path(), port.StrVal, m))
		}
		return errs
	}
	if !validPortNum(int64(port.IntVal)) {
		errs = append(errs, field.Invalid(path(), port.IntVal, portNumRule))
	}
	return errs
}

// validateEnv checks env vars: a name of printable ASCII other than '='
// (Kubernetes v1.36's relaxed rule), and a valid valueFrom.
func validateEnv(env []EnvVar, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range env {
		ev := &env[i]
		if ev.Name == "" {
			errs = append(errs, field.Required(cp.at("env").Index(i).Child("name"), "must name the variable"))
		} else if !isRelaxedEnvVarName(ev.Name) {
			errs = append(errs, field.Invalid(cp.at("env").Index(i).Child("name"), ev.Name, envVarNameRule))
		}
		if ev.ValueFrom != nil {
			errs = validateEnvVarValueFrom(ev, func() *field.Path { return cp.at("env").Index(i).Child("valueFrom") }, errs)
		}
	}
	return errs
}

const envVarNameRule = "must consist only of printable ASCII characters other than '='"

// isRelaxedEnvVarName reports whether s is printable ASCII without '='.
func isRelaxedEnvVarName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '=' {
			return false
		}
	}
	return true
}

// The fields a container's resourceFieldRef may read.
var containerResourceFields = []string{
	"limits.cpu", "limits.ephemeral-storage", "limits.memory",
	"requests.cpu", "requests.ephemeral-storage", "requests.memory",
}

func validateEnvVarValueFrom(ev *EnvVar, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	vf := ev.ValueFrom
	n := 0
	if vf.FieldRef != nil {
		n++
		if !fieldRefValid(vf.FieldRef, fieldpath.EnvVar) {
			errs = append(errs, fieldpath.ValidateFieldRef(vf.FieldRef.APIVersion, vf.FieldRef.FieldPath, fieldpath.EnvVar, path().Child("fieldRef"))...)
		}
	}
	if vf.ResourceFieldRef != nil {
		n++
		errs = validateResourceFieldRef(vf.ResourceFieldRef, false, func() *field.Path { return path().Child("resourceFieldRef") }, errs)
	}
	if vf.ConfigMapKeyRef != nil {
		n++
		errs = validateKeySelector(vf.ConfigMapKeyRef.Name, vf.ConfigMapKeyRef.Key, func() *field.Path { return path().Child("configMapKeyRef") }, errs)
	}
	if vf.SecretKeyRef != nil {
		n++
		errs = validateKeySelector(vf.SecretKeyRef.Name, vf.SecretKeyRef.Key, func() *field.Path { return path().Child("secretKeyRef") }, errs)
	}
	if vf.FileKeyRef != nil {
		n++
		errs = validateFileKeySelector(vf.FileKeyRef, func() *field.Path { return path().Child("fileKeyRef") }, errs)
	}
	switch {
	case n == 0:
		errs = append(errs, field.Invalid(path(), "", "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"))
	case ev.Value != "":
		errs = append(errs, field.Invalid(path(), "", "may not be specified when `value` is not empty: set either `value` or `valueFrom`"))
	case n > 1:
		errs = append(errs, field.Invalid(path(), "", "may not have more than one field specified at a time: keep one source"))
	}
	return errs
}

// fieldRefValid reports, without allocating, whether a fieldRef is one
// the API server accepts for u.
func fieldRefValid(ref *ObjectFieldSelector, u fieldpath.Use) bool {
	if ref.APIVersion != "v1" {
		return false
	}
	p, err := fieldpath.Parse(ref.FieldPath)
	return err == nil && p.AllowedIn(u)
}

// validateResourceFieldRef checks a resourceFieldRef: a resource a
// container can read (hugepages included), with containerName required in
// a volume, and a divisor the resource supports.
func validateResourceFieldRef(r *ResourceFieldSelector, volume bool, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	switch {
	case volume && r.ContainerName == "":
		errs = append(errs, field.Required(path().Child("containerName"), "must name the container whose resources are read"))
	case r.Resource == "":
		errs = append(errs, field.Required(path().Child("resource"), "must name the resource to read, such as 'limits.cpu'"))
	case !containsString(containerResourceFields, r.Resource) &&
		!strings.HasPrefix(r.Resource, "requests.hugepages-") && !strings.HasPrefix(r.Resource, "limits.hugepages-"):
		errs = append(errs, field.NotSupported(path().Child("resource"), r.Resource, containerResourceFields))
	}
	if r.Divisor.IsZero() {
		return errs
	}
	d := r.Divisor.String()
	switch r.Resource {
	case "limits.cpu", "requests.cpu":
		if d != "1m" && d != "1" {
			errs = append(errs, field.Invalid(path().Child("divisor"), r.Resource, "must be 1m or 1 for the cpu resource"))
		}
	case "limits.memory", "requests.memory", "limits.ephemeral-storage", "requests.ephemeral-storage":
		if !containsString(byteDivisors, d) {
			errs = append(errs, field.Invalid(path().Child("divisor"), r.Resource, byteDivisorRule))
		}
	}
	if strings.HasPrefix(r.Resource, "requests.hugepages-") || strings.HasPrefix(r.Resource, "limits.hugepages-") {
		if !containsString(byteDivisors, d) {
			errs = append(errs, field.Invalid(path().Child("divisor"), r.Resource, byteDivisorRule))
		}
	}
	return errs
}

var byteDivisors = []string{"1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"}

const byteDivisorRule = "must be one of 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei for this resource"

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// validateKeySelector checks a configMapKeyRef or secretKeyRef: the name a
// DNS subdomain, the key set and a valid ConfigMap/Secret key.
func validateKeySelector(name, key string, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if !validation.IsDNSSubdomain(name) {
		errs = append(errs, validation.ValidateDNSSubdomain(name, path().Child("name"))...)
	}
	if key == "" {
		errs = append(errs, field.Required(path().Child("key"), "must name the key to read"))
	} else if !validation.IsConfigMapKey(key) {
		errs = append(errs, validation.ValidateConfigMapKey(key, path().Child("key"))...)
	}
	return errs
}

// validateFileKeySelector checks a fileKeyRef: a key (an env var name), a
// volumeName (a DNS label) and a path without '..'.
func validateFileKeySelector(s *FileKeySelector, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if s.Key == "" {
		errs = append(errs, field.Required(path().Child("key"), "must name the key to read"))
	} else if !isRelaxedEnvVarName(s.Key) {
		errs = append(errs, field.Invalid(path().Child("key"), s.Key, envVarNameRule))
	}
	if s.VolumeName == "" {
		errs = append(errs, field.Required(path().Child("volumeName"), "must name an emptyDir volume"))
	} else if !validation.IsDNSLabel(s.VolumeName) {
		errs = append(errs, validation.ValidateDNSLabel(s.VolumeName, path().Child("volumeName"))...)
	}
	if s.Path == "" {
		errs = append(errs, field.Required(path().Child("path"), "must name the file to read"))
	} else if validation.HasBackstep(s.Path) {
		errs = append(errs, field.Invalid(path().Child("path"), s.Path, "must not contain '..'"))
	}
	return errs
}

// validateEnvFrom checks envFrom sources: a valid prefix, exactly one of
// configMapRef and secretRef, with a valid name.
func validateEnvFrom(list []EnvFromSource, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range list {
		ef := &list[i]
		if ef.Prefix != "" && !isRelaxedEnvVarName(ef.Prefix) {
			errs = append(errs, field.Invalid(cp.at("envFrom").Index(i).Child("prefix"), ef.Prefix, envVarNameRule))
		}
		n := 0
		if ef.ConfigMapRef != nil {
			n++
			errs = validateEnvSourceName(ef.ConfigMapRef.Name, func() *field.Path { return cp.at("envFrom").Index(i).Child("configMapRef", "name") }, errs)
		}
		if ef.SecretRef != nil {
			n++
			errs = validateEnvSourceName(ef.SecretRef.Name, func() *field.Path { return cp.at("envFrom").Index(i).Child("secretRef", "name") }, errs)
		}
		// Kubernetes reports these at `envFrom`, not at the item.
		if n == 0 {
			errs = append(errs, field.Invalid(cp.at("envFrom"), "", "must specify one of: `configMapRef` or `secretRef`"))
		} else if n > 1 {
			errs = append(errs, field.Invalid(cp.at("envFrom"), "", "may not have more than one field specified at a time: keep one of `configMapRef` and `secretRef`"))
		}
	}
	return errs
}

func validateEnvSourceName(name string, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if name == "" {
		return append(errs, field.Required(path(), "must name the ConfigMap or Secret"))
	}
	// ConfigMap and Secret names are DNS subdomains, checked as a prefix
	// (Kubernetes' ValidateConfigMapName(name, true)).
	if !validation.IsDNSSubdomain(name) {
		for _, p := range meta.NameIsDNSSubdomain(name, true) {
			errs = append(errs, field.Invalid(path(), name, p))
		}
	}
	return errs
}

// validateVolumeMounts checks a container's volume mounts: the name of a
// declared, valid volume, a mountPath set and unique in the container,
// relative subPath and subPathExpr without '..', not both, and a known
// mountPropagation.
func validateVolumeMounts(c *Container, vs *volumeSet, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range c.VolumeMounts {
		m := &c.VolumeMounts[i]
		idx := func() *field.Path { return cp.at("volumeMounts").Index(i) }
		if m.Name == "" {
			errs = append(errs, field.Required(idx().Child("name"), "must name one of the pod's volumes"))
		}
		if !vs.has(m.Name) {
			errs = append(errs, field.NotFound(idx().Child("name"), m.Name))
		}
		if m.MountPath == "" {
			errs = append(errs, field.Required(idx().Child("mountPath"), "must say where the volume appears in the container"))
		}
		if mountPathBefore(c.VolumeMounts[:i], m.MountPath) {
			errs = append(errs, field.Invalid(idx().Child("mountPath"), m.MountPath, "must be unique: another mount of this container uses it"))
		}
		if deviceNamed(c.VolumeDevices, m.Name) {
			errs = append(errs, field.Invalid(idx().Child("name"), m.Name, "must not already exist in volumeDevices"))
		}
		if devicePathUsed(c.VolumeDevices, m.MountPath) {
			errs = append(errs, field.Invalid(idx().Child("mountPath"), m.MountPath, "must not already exist as a path in volumeDevices"))
		}
		// Kubernetes reports these at `volumeMounts.subPath`, without the
		// index.
		if m.SubPath != "" {
			errs = validateLocalDescendingPath(m.SubPath, func() *field.Path { return cp.at("volumeMounts", "subPath") }, errs)
		}
		if m.SubPathExpr != "" {
			if m.SubPath != "" {
				errs = append(errs, field.Invalid(idx().Child("subPathExpr"), m.SubPathExpr, "may not be set with `subPath`: keep one"))
			}
			errs = validateLocalDescendingPath(m.SubPathExpr, func() *field.Path { return cp.at("volumeMounts", "subPathExpr") }, errs)
		}
		if mp := m.MountPropagation; mp != nil {
			switch *mp {
			case MountPropagationBidirectional, MountPropagationHostToContainer, MountPropagationNone:
			default:
				errs = append(errs, field.NotSupported(cp.at("volumeMounts", "mountPropagation"), *mp,
					[]MountPropagationMode{MountPropagationBidirectional, MountPropagationHostToContainer, MountPropagationNone}))
			}
			privileged := c.SecurityContext != nil && c.SecurityContext.Privileged != nil && *c.SecurityContext.Privileged
			if *mp == MountPropagationBidirectional && !privileged {
				errs = append(errs, field.Forbidden(cp.at("volumeMounts", "mountPropagation"),
					"Bidirectional mount propagation is available only to privileged containers"))
			}
		}
		// Kubernetes reports recursiveReadOnly at `volumeMounts`, without
		// the index, too.
		if r := m.RecursiveReadOnly; r != nil {
			switch *r {
			case RecursiveReadOnlyDisabled:
			case RecursiveReadOnlyEnabled, RecursiveReadOnlyIfPossible:
				if !m.ReadOnly {
					errs = append(errs, field.Forbidden(cp.at("volumeMounts", "recursiveReadOnly"), "may only be specified when readOnly is true"))
				}
				if m.MountPropagation != nil && *m.MountPropagation != MountPropagationNone {
					errs = append(errs, field.Forbidden(cp.at("volumeMounts", "recursiveReadOnly"), "may only be specified when mountPropagation is None or not specified"))
				}
			default:
				errs = append(errs, field.NotSupported(cp.at("volumeMounts", "recursiveReadOnly"), *r,
					[]RecursiveReadOnlyMode{RecursiveReadOnlyDisabled, RecursiveReadOnlyEnabled, RecursiveReadOnlyIfPossible}))
			}
		}
	}
	return errs
}

func deviceNamed(ds []VolumeDevice, name string) bool {
	for i := range ds {
		if ds[i].Name == name {
			return true
		}
	}
	return false
}

func devicePathUsed(ds []VolumeDevice, p string) bool {
	for i := range ds {
		if ds[i].DevicePath == p {
			return true
		}
	}
	return false
}

// validateVolumeDevices checks a container's volume devices: a unique
// name of a declared persistentVolumeClaim or ephemeral volume, not also
// mounted, and a unique devicePath without '..' not also a mountPath.
func validateVolumeDevices(c *Container, vs *volumeSet, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range c.VolumeDevices {
		d := &c.VolumeDevices[i]
		idx := func() *field.Path { return cp.at("volumeDevices").Index(i) }
		if d.Name == "" {
			errs = append(errs, field.Required(idx().Child("name"), "must name a persistentVolumeClaim or ephemeral volume"))
		}
		// Kubernetes remembers only non-empty names.
		if d.Name != "" && deviceNamed(c.VolumeDevices[:i], d.Name) {
			errs = append(errs, field.Invalid(idx().Child("name"), d.Name, "must be unique"))
		}
		if v := vs.get(d.Name); v == nil {
			errs = append(errs, field.NotFound(idx().Child("name"), d.Name))
		} else if v.PersistentVolumeClaim == nil && v.Ephemeral == nil {
			errs = append(errs, field.Invalid(idx().Child("name"), d.Name, "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode"))
		}
		if d.DevicePath == "" {
			errs = append(errs, field.Required(idx().Child("devicePath"), "must say where the device appears in the container"))
		}
		if devicePathSeen(c.VolumeDevices[:i], d.DevicePath) {
			errs = append(errs, field.Invalid(idx().Child("devicePath"), d.DevicePath, "must be unique"))
		}
		if d.DevicePath != "" && validation.HasBackstep(d.DevicePath) {
			errs = append(errs, field.Invalid(idx().Child("devicePath"), d.DevicePath, "can not contain backsteps ('..')"))
		}
		if mountNamed(c.VolumeMounts, d.Name) {
			errs = append(errs, field.Invalid(idx().Child("name"), d.Name, "must not already exist in volumeMounts"))
		}
		if mountPathBefore(c.VolumeMounts, d.DevicePath) {
			errs = append(errs, field.Invalid(idx().Child("devicePath"), d.DevicePath, "must not already exist as a path in volumeMounts"))
		}
	}
	return errs
}

// devicePathSeen reports whether an earlier device without '..' in its
// path uses p (Kubernetes remembers only those).
func devicePathSeen(ds []VolumeDevice, p string) bool {
	for i := range ds {
		q := ds[i].DevicePath
		if q == p && !(q != "" && validation.HasBackstep(q)) {
			return true
		}
	}
	return false
}

func mountNamed(ms []VolumeMount, name string) bool {
	for i := range ms {
		if ms[i].Name == name {
			return true
		}
	}
	return false
}

func mountPathBefore(ms []VolumeMount, p string) bool {
	for i := range ms {
		if ms[i].MountPath == p {
			return true
		}
	}
	return false
}

// validateResourceRequirements checks a container's limits and requests:
// resource names a container may use, non-negative quantities, integer
// extended resources, requests at most the limits (equal for hugepages and
// extended resources, which also need a limit), and hugepages only with
// cpu or memory.
func validateResourceRequirements(r *ResourceRequirements, rp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	return validateRequirements(r, false, rp, opts, errs)
}

// validateRequirements is [validateResourceRequirements] for a container
// (podLevel false) or for the pod's `resources` (podLevel true: cpu,
// memory and hugepages only).
func validateRequirements(r *ResourceRequirements, podLevel bool, rp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	// Kubernetes ranges over the maps, in random order; jobkit takes the
	// names in sorted order, one of the orders Kubernetes can report.
	cpuOrMemory, hugePages := false, false
	hugePageValue := func(name ResourceName, q resource.Quantity, list string) {
		if isHugePages(name) {
			hugePages = true
			if !opts.AllowIndivisibleHugePagesValues && !hugePagesDivisible(name, q) {
				errs = append(errs, field.Invalid(rp.at(list).Key(string(name)), q.String(),
					"must be a positive integer multiple of the page size "+strings.TrimPrefix(string(name), "hugepages-")))
			}
		}
		if name == ResourceCPU || name == ResourceMemory {
			cpuOrMemory = true
		}
	}
	var buf [8]ResourceName
	for _, name := range sortedResourceNames(r.Limits, buf[:0]) {
		q := r.Limits[name]
		errs = validateResourceEntry(name, q, "limits", podLevel, rp, errs)
		hugePageValue(name, q, "limits")
	}
	for _, name := range sortedResourceNames(r.Requests, buf[:0]) {
		q := r.Requests[name]
		errs = validateResourceEntry(name, q, "requests", podLevel, rp, errs)
		if limit, ok := r.Limits[name]; ok {
			c := q.Cmp(limit)
			if c != 0 && !isOvercommitAllowed(name) {
				errs = append(errs, field.Invalid(rp.at("requests"), q.String(),
					"must be equal to "+string(name)+" limit of "+limit.String()))
			} else if c > 0 {
				errs = append(errs, field.Invalid(rp.at("requests"), q.String(),
					"must be less than or equal to "+string(name)+" limit of "+limit.String()))
			}
		} else if !isOvercommitAllowed(name) {
			errs = append(errs, field.Required(rp.at("limits"),
				"must set a limit for "+string(name)+": extended resources and hugepages cannot be overcommitted"))
		}
		hugePageValue(name, q, "requests")
	}
	if hugePages && !cpuOrMemory {
		errs = append(errs, field.Forbidden(rp.path(), "HugePages require cpu or memory: request or limit one of them too"))
	}
	return errs
}

// sortedResourceNames are the names of l, sorted, in buf when it has
// room.
func sortedResourceNames(l ResourceList, buf []ResourceName) []ResourceName {
	if len(l) == 0 {
		return nil
	}
	names := buf[:0]
	for name := range l {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// isNativeResource reports whether name is in Kubernetes' default
// namespace: no '/', or a kubernetes.io/ prefix.
// hugePagesDivisible reports whether q is a whole number of the pages
// name is of (hugepages-<size>).
func hugePagesDivisible(name ResourceName, q resource.Quantity) bool {
	size, err := resource.ParseQuantity(strings.TrimPrefix(string(name), "hugepages-"))
	if err != nil || size.Sign() <= 0 || size.MilliValue()%1000 != 0 {
		return false
	}
	return q.Value()%size.Value() == 0
}

func isNativeResource(name ResourceName) bool {
	return !strings.Contains(string(name), "/") || strings.Contains(string(name), "kubernetes.io/")
}

// isExtendedResource reports whether name is an extended resource (such as
// example.com/gpu).
func isExtendedResource(name ResourceName) bool {
	s := string(name)
	if isNativeResource(name) || strings.HasPrefix(s, "requests.") {
		return false
	}
	// Kubernetes checks "requests."+name as a qualified name: name itself
	// is one, with room for "requests." in its 253-byte prefix.
	return validation.IsQualifiedName(s) && strings.IndexByte(s, '/')+len("requests.") <= validation.DNSSubdomainMaxLength
}

// standardResources are the names without '/' Kubernetes knows.
var standardResources = []ResourceName{
	"cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
	"limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods", "resourcequotas", "services",
	"replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "storage",
	"requests.storage", "services.nodeports", "services.loadbalancers",
}

func validateResourceEntry(name ResourceName, q resource.Quantity, list string, podLevel bool, rp *lazyPath, errs field.ErrorList) field.ErrorList {
	if podLevel {
		errs = validatePodResourceName(name, func() *field.Path { return rp.at(list).Key(string(name)) }, errs)
	} else {
		errs = validateContainerResourceName(name, func() *field.Path { return rp.at(list).Key(string(name)) }, errs)
	}
	if q.Sign() < 0 {
		errs = append(errs, field.Invalid(rp.at(list).Key(string(name)), q.String(), "must be greater than or equal to 0"))
	}
	if isExtendedResource(name) && q.MilliValue()%1000 != 0 {
		errs = append(errs, field.Invalid(rp.at(list).Key(string(name)), q.String(), "must be an integer"))
	}
	return errs
}

// validateContainerResourceName checks that a container may request name:
// cpu, memory, ephemeral-storage, hugepages-<size>, or a qualified
// extended resource name.
func validateContainerResourceName(name ResourceName, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	s := string(name)
	slash := strings.Contains(s, "/")
	if !slash && (name == ResourceCPU || name == ResourceMemory || name == ResourceEphemeralStorage || isHugePages(name)) ||
		slash && (isNativeResource(name) || isExtendedResource(name)) && validation.IsQualifiedName(s) {
		return errs
	}
	qerrs := validation.ValidateQualifiedName(s, path())
	errs = append(errs, qerrs...)
	if len(qerrs) == 0 && !slash && !containsResource(standardResources, name) &&
		!strings.HasPrefix(s, "requests.hugepages-") && !isHugePages(name) {
		errs = append(errs, field.Invalid(path(), name, "must be a standard resource type or fully qualified"))
	}
	if !slash {
		if !(name == ResourceCPU || name == ResourceMemory || name == ResourceEphemeralStorage || isHugePages(name)) {
			errs = append(errs, field.Invalid(path(), name, "must be a standard resource for containers: cpu, memory, ephemeral-storage or hugepages-<size>"))
		}
	} else if !isNativeResource(name) && !isExtendedResource(name) {
		errs = append(errs, field.Invalid(path(), name, "must follow the extended resource name standard, such as 'example.com/gpu'"))
	}
	return errs
}

// validatePodResourceName checks that the pod level may set name: a valid
// resource name, and cpu, memory or hugepages-<size>.
func validatePodResourceName(name ResourceName, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	s := string(name)
	if name == ResourceCPU || name == ResourceMemory || isHugePages(name) {
		return errs
	}
	if qerrs := validation.ValidateQualifiedName(s, path()); len(qerrs) > 0 {
		return append(errs, qerrs...)
	}
	if !strings.Contains(s, "/") && !containsResource(standardResources, name) && !strings.HasPrefix(s, "requests.hugepages-") {
		return append(errs, field.Invalid(path(), name, "must be a standard resource type or fully qualified"))
	}
	return append(errs, field.NotSupported(path(), name, []ResourceName{ResourceCPU, "hugepages-", ResourceMemory}))
}

// validatePodResources checks the pod-level `resources` (PodLevelResources,
// beta, on in v1.36): not for a Windows pod, no claims, the container
// rules with pod-level names, requests at least what the containers
// request together, hugepage limits at least the containers' together,
// and each container's limit at most the pod's.
func validatePodResources(spec *PodSpec, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	r := spec.Resources
	if r == nil {
		return errs
	}
	rp := at.child("resources")
	if spec.OS != nil && spec.OS.Name == Windows {
		return append(errs, field.Forbidden(rp.path(), "may not be set for a windows pod"))
	}
	if r.Claims != nil {
		errs = append(errs, field.Forbidden(rp.at("claims"), "claims may not be set for Resources at pod-level"))
	}
	errs = validateRequirements(r, true, &rp, opts, errs)
	errs = validateClaimRefs(r.Claims, spec.ResourceClaims, func() *field.Path { return rp.at("claims") }, errs)
	start := len(errs)
	if len(r.Requests) > 0 {
		for name, sum := range aggregateContainers(spec, func(c *ResourceRequirements) ResourceList { return c.Requests }) {
			if req, ok := r.Requests[name]; ok && sum.Cmp(req) > 0 {
				errs = append(errs, field.Invalid(rp.at("requests").Key(string(name)), req.String(),
					"must be greater than or equal to aggregate container requests of "+sum.String()))
			}
		}
	}
	if len(r.Limits) > 0 {
		for name, sum := range aggregateContainers(spec, func(c *ResourceRequirements) ResourceList { return c.Limits }) {
			if lim, ok := r.Limits[name]; ok && isHugePages(name) && sum.Cmp(lim) > 0 {
				errs = append(errs, field.Invalid(rp.at("limits").Key(string(name)), lim.String(),
					"must be greater than or equal to aggregate container limits of "+sum.String()))
			}
		}
		for i := range spec.Containers {
			for name, cl := range spec.Containers[i].Resources.Limits {
				if lim, ok := r.Limits[name]; ok && cl.Cmp(lim) > 0 {
					// Kubernetes names the field this way.
					errs = append(errs, field.Invalid(rp.at("containers").Index(i).Key(string(name)).Child("limits"), cl.String(),
						"must be less than or equal to pod limits of "+lim.String()))
				}
			}
		}
	}
	sortFrom(errs, start)
	return errs
}

// validateOS checks `os.name` and, for Linux, that no Windows options are
// set.
func validateOS(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	os := spec.OS
	if os == nil {
		return errs
	}
	switch os.Name {
	case "":
		return append(errs, field.Required(at.at("os", "name"), "must be 'linux' or 'windows'"))
	case Linux:
		if spec.SecurityContext != nil && spec.SecurityContext.WindowsOptions != nil {
			errs = append(errs, field.Forbidden(at.at("securityContext", "windowsOptions"), "windows options cannot be set for a linux pod"))
		}
		forEachContainer(spec, func(list string, i int, c containerView) {
			if c.sc != nil && c.sc.WindowsOptions != nil {
				errs = append(errs, field.Forbidden(at.at(list).Index(i).Child("securityContext", "windowsOptions"),
					"windows options cannot be set for a linux pod"))
			}
		})
	case Windows:
		errs = validateWindowsPod(spec, at, errs)
	default:
		errs = append(errs, field.NotSupported(at.at("os"), os.Name, []OSName{Linux, Windows}))
	}
	return errs
}

func containsResource(list []ResourceName, n ResourceName) bool {
	for _, v := range list {
		if v == n {
			return true
		}
	}
	return false
}

// validateResizePolicy checks a container's resizePolicy.
func validateResizePolicy(list []ContainerResizePolicy, podRestart RestartPolicy, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	for i := range list {
		p := &list[i]
		for j := 0; j < i; j++ {
			if list[j].ResourceName == p.ResourceName {
				errs = append(errs, field.Duplicate(cp.at("resizePolicy").Index(i), p.ResourceName))
				break
			}
		}
		switch p.ResourceName {
		case ResourceCPU, ResourceMemory:
		case "":
			errs = append(errs, field.Required(cp.at("resizePolicy"), "must name 'cpu' or 'memory'"))
		default:
			errs = append(errs, field.NotSupported(cp.at("resizePolicy"), p.ResourceName, []ResourceName{ResourceCPU, ResourceMemory}))
		}
		switch p.RestartPolicy {
		case NotRequired, RestartContainer:
		case "":
			errs = append(errs, field.Required(cp.at("resizePolicy"), "must be 'NotRequired' or 'RestartContainer'"))
		default:
			errs = append(errs, field.NotSupported(cp.at("resizePolicy"), p.RestartPolicy,
				[]ResourceResizeRestartPolicy{NotRequired, RestartContainer}))
		}
		if podRestart == RestartPolicyNever && p.RestartPolicy != NotRequired {
			errs = append(errs, field.Invalid(cp.at("resizePolicy"), p.RestartPolicy, "must be 'NotRequired' when pod `restartPolicy` is 'Never'"))
		}
	}
	return errs
}

// validateProbes checks a container's liveness, readiness and startup
// probes.
func validateProbes(c *Container, spec *PodSpec, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	if p := c.LivenessProbe; p != nil {
		pp := cp.child("livenessProbe")
		errs = validateProbe(p, spec, &pp, errs)
		if p.SuccessThreshold != 1 {
			errs = append(errs, field.Invalid(pp.at("successThreshold"), p.SuccessThreshold, "must be 1 for a liveness probe"))
		}
	}
	if p := c.ReadinessProbe; p != nil {
		pp := cp.child("readinessProbe")
		errs = validateProbe(p, spec, &pp, errs)
		if p.TerminationGracePeriodSeconds != nil {
			errs = append(errs, field.Invalid(pp.at("terminationGracePeriodSeconds"), *p.TerminationGracePeriodSeconds, "must not be set for readiness probes"))
		}
	}
	if p := c.StartupProbe; p != nil {
		pp := cp.child("startupProbe")
		errs = validateProbe(p, spec, &pp, errs)
		if p.SuccessThreshold != 1 {
			errs = append(errs, field.Invalid(pp.at("successThreshold"), p.SuccessThreshold, "must be 1 for a startup probe"))
		}
	}
	return errs
}

func validateProbe(p *Probe, spec *PodSpec, pp *lazyPath, errs field.ErrorList) field.ErrorList {
	h := handler{exec: p.Exec, httpGet: p.HTTPGet, tcpSocket: p.TCPSocket, grpc: p.GRPC}
	errs = validateHandler(&h, spec, pp, errs)
	nonNegative := func(v int32, name string) {
		if v < 0 {
			errs = append(errs, field.Invalid(pp.at(name), int64(v), "must be greater than or equal to 0"))
		}
	}
	nonNegative(p.InitialDelaySeconds, "initialDelaySeconds")
	nonNegative(p.TimeoutSeconds, "timeoutSeconds")
	nonNegative(p.PeriodSeconds, "periodSeconds")
	nonNegative(p.SuccessThreshold, "successThreshold")
	nonNegative(p.FailureThreshold, "failureThreshold")
	if g := p.TerminationGracePeriodSeconds; g != nil && *g <= 0 {
		errs = append(errs, field.Invalid(pp.at("terminationGracePeriodSeconds"), *g, "must be greater than 0"))
	}
	return errs
}

// handler is a probe's or a lifecycle hook's action.
type handler struct {
	exec      *ExecAction
	httpGet   *HTTPGetAction
	tcpSocket *TCPSocketAction
	grpc      *GRPCAction
	sleep     *SleepAction
}

// validateHandler checks that exactly one action is set (a second is
// Forbidden at its own name, in Kubernetes' order) and that it is valid.
func validateHandler(h *handler, spec *PodSpec, hp *lazyPath, errs field.ErrorList) field.ErrorList {
	n := 0
	const more = "may not specify more than 1 handler type: keep one of exec, httpGet, tcpSocket, grpc and sleep"
	if h.exec != nil {
		n++
		if len(h.exec.Command) == 0 {
			errs = append(errs, field.Required(hp.at("exec", "command"), "must give the command to run"))
		}
	}
	if h.httpGet != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(hp.at("httpGet"), more))
		} else {
			n++
			g := h.httpGet
			if g.Path == "" {
				errs = append(errs, field.Required(hp.at("httpGet", "path"), "must be set: defaulting sets '/'"))
			}
			errs = validatePortNumOrName(g.Port, func() *field.Path { return hp.at("httpGet", "port") }, errs)
			if g.Scheme != URISchemeHTTP && g.Scheme != URISchemeHTTPS {
				errs = append(errs, field.NotSupported(hp.at("httpGet", "scheme"), g.Scheme, []URIScheme{URISchemeHTTP, URISchemeHTTPS}))
			}
			for i := range g.HTTPHeaders {
				if !isHTTPHeaderName(g.HTTPHeaders[i].Name) {
					errs = append(errs, field.Invalid(hp.at("httpGet", "httpHeaders"), g.HTTPHeaders[i].Name,
						"must consist of letters, digits and '-' (e.g. 'X-Header-Name')"))
				}
			}
		}
	}
	if h.tcpSocket != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(hp.at("tcpSocket"), more))
		} else {
			n++
			errs = validatePortNumOrName(h.tcpSocket.Port, func() *field.Path { return hp.at("tcpSocket", "port") }, errs)
		}
	}
	if h.grpc != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(hp.at("grpc"), more))
		} else {
			n++
			if !validPortNum(int64(h.grpc.Port)) {
				errs = append(errs, field.Invalid(hp.at("grpc", "port"), int(h.grpc.Port), portNumRule))
			}
		}
	}
	if h.sleep != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(hp.at("sleep"), more))
		} else {
			n++
			g := spec.TerminationGracePeriodSeconds
			if g != nil && (h.sleep.Seconds < 0 || h.sleep.Seconds > *g) {
				errs = append(errs, field.Invalid(hp.at("sleep"), h.sleep.Seconds,
					"must be between 0 and terminationGracePeriodSeconds ("+strconv.FormatInt(*g, 10)+")"))
			}
		}
	}
	if n == 0 {
		errs = append(errs, field.Required(hp.path(), "must specify a handler type: one of exec, httpGet, tcpSocket, grpc or sleep"))
	}
	return errs
}

func isHTTPHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c-'a' < 26 || c-'A' < 26 || c-'0' < 10 || c == '-') {
			return false
		}
	}
	return true
}

// validateLifecycle checks postStart and preStop hooks and the stop signal.
func validateLifecycle(l *Lifecycle, spec *PodSpec, lp *lazyPath, errs field.ErrorList) field.ErrorList {
	if l.PostStart != nil {
		h := handlerOf(l.PostStart)
		p := lp.child("postStart")
		errs = validateHandler(&h, spec, &p, errs)
	}
	if l.PreStop != nil {
		h := handlerOf(l.PreStop)
		p := lp.child("preStop")
		errs = validateHandler(&h, spec, &p, errs)
	}
	if s := l.StopSignal; s != nil {
		switch {
		case spec.OS == nil:
			errs = append(errs, field.Forbidden(lp.at("stopSignal"), "may not be set for containers with empty `spec.os.name`: set `spec.os.name`"))
		case spec.OS.Name == Windows:
			if *s != SIGKILL && *s != SIGTERM {
				errs = append(errs, field.NotSupported(lp.at("stopSignal"), *s, []Signal{SIGKILL, SIGTERM}))
			}
		case spec.OS.Name == Linux:
			if !linuxSignal(*s) {
				errs = append(errs, field.NotSupported(lp.at("stopSignal"), *s, []Signal{SIGTERM, SIGKILL, SIGINT, SIGQUIT, "..."}))
			}
		}
	}
	return errs
}

func handlerOf(h *LifecycleHandler) handler {
	return handler{exec: h.Exec, httpGet: h.HTTPGet, tcpSocket: h.TCPSocket, sleep: h.Sleep}
}

// linuxSignal reports whether s is one of the signals a Linux container may
// stop with: every constant of [Signal].
func linuxSignal(s Signal) bool {
	switch s {
	case SIGABRT, SIGALRM, SIGBUS, SIGCHLD, SIGCLD, SIGCONT, SIGFPE, SIGHUP, SIGILL, SIGINT, SIGIO, SIGIOT,
		SIGKILL, SIGPIPE, SIGPOLL, SIGPROF, SIGPWR, SIGQUIT, SIGSEGV, SIGSTKFLT, SIGSTOP, SIGSYS, SIGTERM,
		SIGTRAP, SIGTSTP, SIGTTIN, SIGTTOU, SIGURG, SIGUSR1, SIGUSR2, SIGVTALRM, SIGWINCH, SIGXCPU, SIGXFSZ,
		SIGRTMIN, SIGRTMINPLUS1, SIGRTMINPLUS2, SIGRTMINPLUS3, SIGRTMINPLUS4, SIGRTMINPLUS5, SIGRTMINPLUS6,
		SIGRTMINPLUS7, SIGRTMINPLUS8, SIGRTMINPLUS9, SIGRTMINPLUS10, SIGRTMINPLUS11, SIGRTMINPLUS12,
		SIGRTMINPLUS13, SIGRTMINPLUS14, SIGRTMINPLUS15, SIGRTMAXMINUS14, SIGRTMAXMINUS13, SIGRTMAXMINUS12,
		SIGRTMAXMINUS11, SIGRTMAXMINUS10, SIGRTMAXMINUS9, SIGRTMAXMINUS8, SIGRTMAXMINUS7, SIGRTMAXMINUS6,
		SIGRTMAXMINUS5, SIGRTMAXMINUS4, SIGRTMAXMINUS3, SIGRTMAXMINUS2, SIGRTMAXMINUS1, SIGRTMAX:
		return true
	}
	return false
}

// validateContainerRestartPolicy checks a container's restartPolicy and
// restartPolicyRules (ContainerRestartRules, on in v1.36).
func validateContainerRestartPolicy(c *Container, cp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if c.RestartPolicy == nil {
		if len(c.RestartPolicyRules) == 0 {
			return errs
		}
		errs = append(errs, field.Required(cp.at("restartPolicy"), "must be set when `restartPolicyRules` are"))
	} else {
		switch *c.RestartPolicy {
		case ContainerRestartPolicyAlways, ContainerRestartPolicyNever, ContainerRestartPolicyOnFailure:
		default:
			errs = append(errs, field.NotSupported(cp.at("restartPolicy"), *c.RestartPolicy,
				[]ContainerRestartPolicy{ContainerRestartPolicyAlways, ContainerRestartPolicyNever, ContainerRestartPolicyOnFailure}))
		}
	}
	if len(c.RestartPolicyRules) > 20 {
		errs = append(errs, field.TooMany(cp.at("restartPolicyRules"), len(c.RestartPolicyRules), 20))
	}
	for i := range c.RestartPolicyRules {
		r := &c.RestartPolicyRules[i]
		rp := func() *field.Path { return cp.at("restartPolicyRules").Index(i) }
		actions := []ContainerRestartRuleAction{ContainerRestartRuleActionRestart, ContainerRestartRuleActionRestartAllContainers}
		if opts.DisallowRestartAllContainers {
			actions = actions[:1]
		}
		if r.Action != ContainerRestartRuleActionRestart && (opts.DisallowRestartAllContainers || r.Action != ContainerRestartRuleActionRestartAllContainers) {
			errs = append(errs, field.NotSupported(rp().Child("action"), r.Action, actions))
		}
		if r.ExitCodes == nil {
			errs = append(errs, field.Required(rp().Child("exitCodes"), "must be specified"))
			continue
		}
		if op := r.ExitCodes.Operator; op != ContainerRestartRuleOnExitCodesOpIn && op != ContainerRestartRuleOnExitCodesOpNotIn {
			errs = append(errs, field.NotSupported(rp().Child("exitCodes", "operator"), op,
				[]ContainerRestartRuleOnExitCodesOperator{ContainerRestartRuleOnExitCodesOpIn, ContainerRestartRuleOnExitCodesOpNotIn}))
		}
		if len(r.ExitCodes.Values) > 255 {
			errs = append(errs, field.TooMany(rp().Child("exitCodes", "values"), len(r.ExitCodes.Values), 255))
		}
	}
	return errs
}

// validateInitContainerRestartPolicy checks an init container's
// restartPolicy and rules.
func validateInitContainerRestartPolicy(c *Container, cp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if c.RestartPolicy == nil {
		if len(c.RestartPolicyRules) > 0 {
			errs = append(errs, field.Required(cp.at("restartPolicy"), "must be set when `restartPolicyRules` are"))
		}
		return errs
	}
	if opts.DisallowContainerRestartPolicyRules {
		if *c.RestartPolicy != ContainerRestartPolicyAlways {
			errs = append(errs, field.NotSupported(cp.at("restartPolicy"), *c.RestartPolicy, []ContainerRestartPolicy{ContainerRestartPolicyAlways}))
		}
		return errs
	}
	if *c.RestartPolicy == ContainerRestartPolicyAlways && opts.DisallowRestartAllContainers {
		if len(c.RestartPolicyRules) > 0 {
			errs = append(errs, field.Forbidden(cp.at("restartPolicyRules"), "may not be set for init containers with restartPolicy Always"))
		}
		return errs
	}
	return validateContainerRestartPolicy(c, cp, opts, errs)
}

// validateSysctl checks sysctl i of the pod: a name of at most 253 bytes
// of dot- or slash-separated segments, not repeated, and not in the
// network namespace with hostNetwork or the IPC namespace with hostIPC.
func validateSysctl(spec *PodSpec, i int, scp *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	list := spec.SecurityContext.Sysctls
	name := list[i].Name
	np := func() *field.Path { return scp.at("sysctls").Index(i).Child("name") }
	switch {
	case name == "":
		errs = append(errs, field.Required(np(), "must name the sysctl, such as 'net.ipv4.ip_local_port_range'"))
	case !validSysctlName(name):
		errs = append(errs, field.Invalid(np(), name,
			"must have at most 253 characters and be segments of lower-case letters, digits, '-' and '_' (starting and ending with a letter or digit) separated by '.' or '/'"))
	default:
		for j := 0; j < i; j++ {
			if list[j].Name == name {
				errs = append(errs, field.Duplicate(np(), name))
				break
			}
		}
	}
	if opts.AllowNamespacedSysctlsForHostNetAndHostIPC {
		return errs
	}
	switch sysctlNamespace(name) {
	case "net":
		if spec.HostNetwork {
			errs = append(errs, field.Invalid(np(), name, "may not be specified when 'hostNetwork' is true"))
		}
	case "ipc":
		if spec.HostIPC {
			errs = append(errs, field.Invalid(np(), name, "may not be specified when 'hostIPC' is true"))
		}
	}
	return errs
}

// validSysctlName reports whether s is at most 253 bytes of segments (a
// lower-case letter or digit, then letters, digits, '-' and '_', ending
// with a letter or digit) separated by '.' or '/'.
func validSysctlName(s string) bool {
	if len(s) > 253 || s == "" {
		return false
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' && s[i] != '/' {
			continue
		}
		seg := s[start:i]
		n := len(seg)
		if n == 0 || !isLowerAlnum(seg[0]) || !isLowerAlnum(seg[n-1]) {
			return false
		}
		for j := 1; j < n-1; j++ {
			if c := seg[j]; !isLowerAlnum(c) && c != '-' && c != '_' {
				return false
			}
		}
		start = i + 1
	}
	return true
}

// sysctlNamespace returns "net" or "ipc" for the sysctls of those kernel
// namespaces, "" for others. A name written with '/' separators first is
// read with '.' and '/' swapped, as the kubelet does.
func sysctlNamespace(name string) string {
	if i := strings.IndexAny(name, "./"); i >= 0 && name[i] == '/' {
		name = strings.Map(func(r rune) rune {
			switch r {
			case '.':
				return '/'
			case '/':
				return '.'
			}
			return r
		}, name)
	}
	if i := strings.IndexByte(name, '*'); i >= 0 {
		name = name[:i]
	}
	switch name {
	case "kernel.sem", "kernel.shmall", "kernel.shmmax", "kernel.shmmni", "kernel.shm_rmid_forced",
		"kernel.shm", "kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.msg":
		return "ipc"
	}
	switch {
	case strings.HasPrefix(name, "net."):
		return "net"
	case strings.HasPrefix(name, "fs.mqueue."):
		return "ipc"
	}
	return ""
}

const idRule = "must be between 0 and 2147483647, inclusive"

func validID(id int64) bool { return id >= 0 && id <= 1<<31-1 }

// validatePodSecurityContext checks the pod's security context: user and
// group IDs, shareProcessNamespace not with hostPID, enums, seccomp and
// AppArmor profiles.
func validatePodSecurityContext(spec *PodSpec, at *lazyPath, opts PodValidationOptions, errs field.ErrorList) field.ErrorList {
	// Kubernetes' internal pod keeps shareProcessNamespace and hostPID in
	// its security context, which its conversion always sets: this check
	// comes after the IDs, with or without a securityContext.
	shareProcessNamespace := func(errs field.ErrorList) field.ErrorList {
		if spec.ShareProcessNamespace != nil && *spec.ShareProcessNamespace && spec.HostPID {
			errs = append(errs, field.Invalid(at.at("securityContext", "shareProcessNamespace"), true,
				"may not be true when `hostPID` is: the pod shares the host's process namespace already"))
		}
		return errs
	}
	sc := spec.SecurityContext
	if sc == nil {
		return shareProcessNamespace(errs)
	}
	scp := at.child("securityContext")
	if sc.FSGroup != nil && !validID(*sc.FSGroup) {
		errs = append(errs, field.Invalid(scp.at("fsGroup"), *sc.FSGroup, idRule))
	}
	if sc.RunAsUser != nil && !validID(*sc.RunAsUser) {
		errs = append(errs, field.Invalid(scp.at("runAsUser"), *sc.RunAsUser, idRule))
	}
	if sc.RunAsGroup != nil && !validID(*sc.RunAsGroup) {
		errs = append(errs, field.Invalid(scp.at("runAsGroup"), *sc.RunAsGroup, idRule))
	}
	for i, g := range sc.SupplementalGroups {
		if !validID(g) {
			errs = append(errs, field.Invalid(scp.at("supplementalGroups").Index(i), g, idRule))
		}
	}
	errs = shareProcessNamespace(errs)
	for i := range sc.Sysctls {
		errs = validateSysctl(spec, i, &scp, opts, errs)
	}
	if p := sc.FSGroupChangePolicy; p != nil && *p != FSGroupChangeOnRootMismatch && *p != FSGroupChangeAlways {
		errs = append(errs, field.NotSupported(scp.at("fsGroupChangePolicy"), *p, []PodFSGroupChangePolicy{FSGroupChangeAlways, FSGroupChangeOnRootMismatch}))
	}
	errs = validateSeccompProfile(sc.SeccompProfile, &scp, errs)
	errs = validateWindowsOptions(sc.WindowsOptions, &scp, errs)
	errs = validateAppArmorProfile(sc.AppArmorProfile, &scp, errs)
	if p := sc.SupplementalGroupsPolicy; p != nil && *p != SupplementalGroupsPolicyMerge && *p != SupplementalGroupsPolicyStrict {
		errs = append(errs, field.NotSupported(scp.at("supplementalGroupsPolicy"), *p,
			[]SupplementalGroupsPolicy{SupplementalGroupsPolicyMerge, SupplementalGroupsPolicyStrict}))
	}
	if p := sc.SELinuxChangePolicy; p != nil {
		switch {
		case opts.AllowSELinuxChangePolicyMountOption && *p != SELinuxChangePolicyRecursive && *p != SELinuxChangePolicyMountOption:
			errs = append(errs, field.NotSupported(scp.at("seLinuxChangePolicy"), *p,
				[]PodSELinuxChangePolicy{SELinuxChangePolicyMountOption, SELinuxChangePolicyRecursive}))
		case !opts.AllowSELinuxChangePolicyMountOption && *p != SELinuxChangePolicyRecursive:
			errs = append(errs, field.NotSupported(scp.at("seLinuxChangePolicy"), *p, []PodSELinuxChangePolicy{SELinuxChangePolicyRecursive}))
		}
	}
	return errs
}

// validateSecurityContext checks a container's security context: user and
// group IDs, procMount (Unmasked only with hostUsers false), profiles,
// and allowPrivilegeEscalation false not with privileged or CAP_SYS_ADMIN.
// Privileged containers are accepted: whether a cluster allows them is its
// API server's --allow-privileged flag, not a rule of the API.
func validateSecurityContext(sc *SecurityContext, hostUsers bool, cp *lazyPath, errs field.ErrorList) field.ErrorList {
	if sc == nil {
		return errs
	}
	scp := cp.child("securityContext")
	if sc.RunAsUser != nil && !validID(*sc.RunAsUser) {
		errs = append(errs, field.Invalid(scp.at("runAsUser"), *sc.RunAsUser, idRule))
	}
	if sc.RunAsGroup != nil && !validID(*sc.RunAsGroup) {
		errs = append(errs, field.Invalid(scp.at("runAsGroup"), *sc.RunAsGroup, idRule))
	}
	if pm := sc.ProcMount; pm != nil {
		if *pm != DefaultProcMount && *pm != UnmaskedProcMount {
			errs = append(errs, field.NotSupported(scp.at("procMount"), *pm, []ProcMountType{DefaultProcMount, UnmaskedProcMount}))
		}
		if hostUsers && *pm == UnmaskedProcMount {
			errs = append(errs, field.Invalid(scp.at("procMount"), *pm, "may be 'Unmasked' only when `hostUsers` is false"))
		}
	}
	errs = validateSeccompProfile(sc.SeccompProfile, &scp, errs)
	if sc.AllowPrivilegeEscalation != nil && !*sc.AllowPrivilegeEscalation {
		if sc.Privileged != nil && *sc.Privileged {
			errs = append(errs, field.Invalid(scp.path(), "", "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"))
		}
		if sc.Capabilities != nil {
			for _, c := range sc.Capabilities.Add {
				if c == "CAP_SYS_ADMIN" {
					errs = append(errs, field.Invalid(scp.path(), "", "cannot set `allowPrivilegeEscalation` to false and `capabilities.add` CAP_SYS_ADMIN"))
				}
			}
		}
	}
	errs = validateWindowsOptions(sc.WindowsOptions, &scp, errs)
	return validateAppArmorProfile(sc.AppArmorProfile, &scp, errs)
}

func validateSeccompProfile(sp *SeccompProfile, scp *lazyPath, errs field.ErrorList) field.ErrorList {
	if sp == nil {
		return errs
	}
	switch sp.Type {
	case SeccompProfileTypeLocalhost, SeccompProfileTypeRuntimeDefault, SeccompProfileTypeUnconfined:
	case "":
		errs = append(errs, field.Required(scp.at("seccompProfile", "type"), "must be set when seccompProfile is"))
	default:
		errs = append(errs, field.NotSupported(scp.at("seccompProfile", "type"), sp.Type,
			[]SeccompProfileType{SeccompProfileTypeLocalhost, SeccompProfileTypeRuntimeDefault, SeccompProfileTypeUnconfined}))
	}
	if sp.Type == SeccompProfileTypeLocalhost {
		if sp.LocalhostProfile == nil {
			errs = append(errs, field.Required(scp.at("seccompProfile", "localhostProfile"), "must be set when seccomp type is Localhost"))
		} else {
			errs = validateLocalDescendingPath(*sp.LocalhostProfile, func() *field.Path { return scp.at("seccompProfile", "localhostProfile") }, errs)
		}
	} else if sp.LocalhostProfile != nil {
		errs = append(errs, field.Invalid(scp.at("seccompProfile", "localhostProfile"), *sp.LocalhostProfile, "can only be set when seccomp type is Localhost"))
	}
	return errs
}

func validateAppArmorProfile(p *AppArmorProfile, scp *lazyPath, errs field.ErrorList) field.ErrorList {
	if p == nil {
		return errs
	}
	switch p.Type {
	case AppArmorProfileTypeLocalhost:
		lp := p.LocalhostProfile
		switch {
		case lp == nil:
			errs = append(errs, field.Required(scp.at("appArmorProfile", "localhostProfile"), "must be set when AppArmor type is Localhost"))
		case strings.TrimSpace(*lp) != *lp:
			errs = append(errs, field.Invalid(scp.at("appArmorProfile", "localhostProfile"), *lp, "must not be padded with whitespace"))
		case *lp == "":
			errs = append(errs, field.Required(scp.at("appArmorProfile", "localhostProfile"), "must be set when AppArmor type is Localhost"))
		}
		if lp != nil && len(*lp) > 4095 {
			errs = append(errs, field.TooLong(scp.at("appArmorProfile", "localhostProfile"), "", 4095))
		}
	case AppArmorProfileTypeRuntimeDefault, AppArmorProfileTypeUnconfined:
		if p.LocalhostProfile != nil {
			errs = append(errs, field.Invalid(scp.at("appArmorProfile", "localhostProfile"), *p.LocalhostProfile, "can only be set when AppArmor type is Localhost"))
		}
	case "":
		errs = append(errs, field.Required(scp.at("appArmorProfile", "type"), "must be set when appArmorProfile is"))
	default:
		errs = append(errs, field.NotSupported(scp.at("appArmorProfile", "type"), p.Type,
			[]AppArmorProfileType{AppArmorProfileTypeLocalhost, AppArmorProfileTypeRuntimeDefault, AppArmorProfileTypeUnconfined}))
	}
	return errs
}
