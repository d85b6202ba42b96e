package jobapi

import (
	"strings"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// The length limits of DNS names (RFC 1123), in bytes.
const (
	dns1123LabelMaxLength     = 63
	dns1123SubdomainMaxLength = 253
)

func isLowerAlnum(c byte) bool { return c-'a' < 26 || c-'0' < 10 }

// dnsLabelProblems and dnsSubdomainProblems are package core's DNS name
// rules, so that a name is judged and worded the same everywhere.
func dnsLabelProblems(s string) []string     { return core.DNSLabelProblems(s) }
func dnsSubdomainProblems(s string) []string { return core.DNSSubdomainProblems(s) }

// maskTrailingDash lets a `generateName` prefix end in '-', as Kubernetes
// allows: random characters will follow it.
func maskTrailingDash(s string) string {
	if len(s) > 1 && s[len(s)-1] == '-' {
		return s[:len(s)-1] + "a"
	}
	return s
}

// isHTTPPathByte reports whether c may appear in the path part of a
// domain-prefixed path such as `spec.managedBy`.
func isHTTPPathByte(c byte) bool {
	return isLowerAlnum(c) || c-'A' < 26 || strings.IndexByte("/-._~%!$&'()*+,;=:", c) >= 0
}

// ValidateDNSLabel checks that value is a DNS label (RFC 1123: at most 63
// lower-case letters, digits and '-', starting and ending with a letter or
// digit), as Kubernetes checks container, volume and host names: one
// Invalid error at path per broken rule, or nothing. It is
// [core.ValidateDNSLabel].
func ValidateDNSLabel(value string, path *field.Path) field.ErrorList {
	return core.ValidateDNSLabel(value, path)
}

// ValidateDNSSubdomain checks that value is a DNS subdomain (RFC 1123:
// DNS-label-shaped parts joined by '.', at most 253 bytes), as Kubernetes
// checks object names: one Invalid error at path per broken rule, or
// nothing. It is [core.ValidateDNSSubdomain].
func ValidateDNSSubdomain(value string, path *field.Path) field.ErrorList {
	return core.ValidateDNSSubdomain(value, path)
}
