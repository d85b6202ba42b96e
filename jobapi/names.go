package jobapi

import (
	"strings"

	"github.com/jobkit/jobkit/jobapi/core"
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
