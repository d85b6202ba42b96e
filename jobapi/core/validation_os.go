package core

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// The limits of Windows security options.
const (
	maxGMSACredentialSpecLength  = 64 * 1024
	maxRunAsUserNameDomainLength = 256
	maxRunAsUserNameUserLength   = 104
)

// The shapes of a Windows user name's parts.
var (
	netBIOSDomainPattern = regexp.MustCompile(`^[^\\/:\*\?"<>|\.][^\\/:\*\?"<>|]{0,14}$`)
	dnsDomainPattern     = regexp.MustCompile(`^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$`)
)

// validateWindowsOptions checks a pod's or container's windowsOptions (at
// scp): a DNS-subdomain GMSA credential spec name, a non-empty credential
// spec under 64 KiB, and a runAsUserName of at most one backslash, a valid
// domain and user.
func validateWindowsOptions(w *WindowsSecurityContextOptions, scp *lazyPath, errs field.ErrorList) field.ErrorList {
	if w == nil {
		return errs
	}
	if n := w.GMSACredentialSpecName; n != nil && !validation.IsDNSSubdomain(*n) {
		errs = append(errs, validation.ValidateDNSSubdomain(*n, scp.at("windowsOptions", "gmsaCredentialSpecName"))...)
	}
	if s := w.GMSACredentialSpec; s != nil {
		if len(*s) == 0 {
			errs = append(errs, field.Invalid(scp.at("windowsOptions", "gmsaCredentialSpec"), "", "gmsaCredentialSpec cannot be an empty string"))
		} else if len(*s) > maxGMSACredentialSpecLength {
			errs = append(errs, field.Invalid(scp.at("windowsOptions", "gmsaCredentialSpec"), "", "gmsaCredentialSpec size must be under 64 KiB"))
		}
	}
	if u := w.RunAsUserName; u != nil {
		for _, p := range runAsUserNameProblems(*u) {
			errs = append(errs, field.Invalid(scp.at("windowsOptions", "runAsUserName"), *u, p))
		}
	}
	return errs
}

// runAsUserNameProblems says what is wrong with a Windows user name
// ([DOMAIN\]USER), one sentence per broken rule as Kubernetes counts them.
func runAsUserNameProblems(name string) []string {
	if name == "" {
		return []string{"runAsUserName cannot be an empty string"}
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return []string{"runAsUserName cannot contain control characters"}
		}
	}
	parts := strings.Split(name, "\\")
	if len(parts) > 2 {
		return []string{"runAsUserName cannot contain more than one backslash"}
	}
	var p []string
	domain, user, hasDomain := "", parts[0], false
	if len(parts) == 2 {
		domain, user, hasDomain = parts[0], parts[1], true
	}
	if len(domain) >= maxRunAsUserNameDomainLength {
		p = append(p, "runAsUserName's Domain length must be under "+strconv.Itoa(maxRunAsUserNameDomainLength)+" characters")
	}
	if hasDomain && !netBIOSDomainPattern.MatchString(domain) && !dnsDomainPattern.MatchString(domain) {
		p = append(p, "runAsUserName's Domain doesn't match the NetBios nor the DNS format")
	}
	if user == "" {
		p = append(p, "runAsUserName's User cannot be empty")
	} else if len(user) > maxRunAsUserNameUserLength {
		p = append(p, "runAsUserName's User length must not be longer than "+strconv.Itoa(maxRunAsUserNameUserLength)+" characters")
	}
	if user != "" && strings.Trim(user, ". ") == "" {
		p = append(p, "runAsUserName's User cannot contain only periods or spaces")
	}
	if strings.ContainsAny(user, "\"/\\:;|=,+*?<>@[]") {
		p = append(p, `runAsUserName's User cannot contain the following characters: "/\:;|=,+*?<>@[]`)
	}
	return p
}

// validateWindowsPod checks a pod whose `os.name` is windows: none of the
// Linux-only pod and container security settings.
func validateWindowsPod(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	const detail = "cannot be set for a windows pod"
	// In Kubernetes' order: its internal pod keeps hostUsers, hostPID,
	// hostIPC and shareProcessNamespace in the security context, which its
	// conversion always sets.
	sc := spec.SecurityContext
	if sc == nil {
		sc = &PodSecurityContext{}
	}
	for _, f := range [...]struct {
		path []string
		set  bool
	}{
		{[]string{"securityContext", "appArmorProfile"}, sc.AppArmorProfile != nil},
		{[]string{"securityContext", "seLinuxOptions"}, sc.SELinuxOptions != nil},
		{[]string{"hostUsers"}, spec.HostUsers != nil},
		{[]string{"hostPID"}, spec.HostPID},
		{[]string{"hostIPC"}, spec.HostIPC},
		{[]string{"securityContext", "seccompProfile"}, sc.SeccompProfile != nil},
		{[]string{"securityContext", "fsGroup"}, sc.FSGroup != nil},
		{[]string{"securityContext", "fsGroupChangePolicy"}, sc.FSGroupChangePolicy != nil},
		{[]string{"securityContext", "sysctls"}, len(sc.Sysctls) > 0},
		{[]string{"shareProcessNamespace"}, spec.ShareProcessNamespace != nil},
		{[]string{"securityContext", "runAsUser"}, sc.RunAsUser != nil},
		{[]string{"securityContext", "runAsGroup"}, sc.RunAsGroup != nil},
		{[]string{"securityContext", "supplementalGroups"}, sc.SupplementalGroups != nil},
		{[]string{"securityContext", "supplementalGroupsPolicy"}, sc.SupplementalGroupsPolicy != nil},
		{[]string{"securityContext", "seLinuxChangePolicy"}, sc.SELinuxChangePolicy != nil},
	} {
		if f.set {
			errs = append(errs, field.Forbidden(at.at(f.path...), detail))
		}
	}
	forEachContainer(spec, func(list string, i int, c containerView) {
		{
			sc := c.sc
			if sc == nil {
				return
			}
			for _, f := range [...]struct {
				name string
				set  bool
			}{
				{"appArmorProfile", sc.AppArmorProfile != nil}, {"seLinuxOptions", sc.SELinuxOptions != nil},
				{"seccompProfile", sc.SeccompProfile != nil}, {"capabilities", sc.Capabilities != nil},
				{"readOnlyRootFilesystem", sc.ReadOnlyRootFilesystem != nil}, {"privileged", sc.Privileged != nil},
				{"allowPrivilegeEscalation", sc.AllowPrivilegeEscalation != nil}, {"procMount", sc.ProcMount != nil},
				{"runAsUser", sc.RunAsUser != nil}, {"runAsGroup", sc.RunAsGroup != nil},
			} {
				if f.set {
					errs = append(errs, field.Forbidden(at.at(list).Index(i).Child("securityContext", f.name), detail))
				}
			}
		}
	})
	return errs
}

// validateHostProcess checks Windows HostProcess containers: the pod's and
// a container's hostProcess agree, all containers or none are HostProcess,
// and such a pod uses the host network. Whether a cluster allows them is
// its API server's --allow-privileged flag, not a rule of the API.
func validateHostProcess(spec *PodSpec, at *lazyPath, errs field.ErrorList) field.ErrorList {
	var podHP *bool
	if sc := spec.SecurityContext; sc != nil && sc.WindowsOptions != nil {
		podHP = sc.WindowsOptions.HostProcess
	}
	containers, hostProcess := 0, 0
	forEachContainer(spec, func(list string, i int, c containerView) {
		containers++
		var hp *bool
		if c.sc != nil && c.sc.WindowsOptions != nil {
			hp = c.sc.WindowsOptions.HostProcess
		}
		if podHP != nil && hp != nil && *podHP != *hp {
			errs = append(errs, field.Invalid(at.at(list).Index(i).Child("securityContext", "windowsOptions", "hostProcess"), *hp,
				"must be identical to the pod's hostProcess ("+strconv.FormatBool(*podHP)+") when both are set"))
		}
		if hp != nil && *hp || hp == nil && podHP != nil && *podHP {
			hostProcess++
		}
	})
	if hostProcess > 0 {
		if hostProcess != containers {
			errs = append(errs, field.Invalid(at.path(), "", "If pod contains any hostProcess containers then all containers must be HostProcess containers"))
		}
		if !spec.HostNetwork {
			errs = append(errs, field.Invalid(at.at("hostNetwork"), false, "hostNetwork must be true if pod contains any hostProcess containers"))
		}
	}
	return errs
}
