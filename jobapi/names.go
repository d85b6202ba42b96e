package jobapi

import (
	"strconv"
	"strings"
)

// The length limits of DNS names (RFC 1123), in bytes.
const (
	dns1123LabelMaxLength     = 63
	dns1123SubdomainMaxLength = 253
)

// The rules, as the detail of a field error.
const (
	dnsLabelRule     = "must be a DNS label: lower-case letters, digits and '-', starting and ending with a letter or digit (e.g. 'my-name', '123-abc')"
	dnsSubdomainRule = "must be a DNS subdomain: lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (e.g. 'example.com')"
)

func isLowerAlnum(c byte) bool { return c-'a' < 26 || c-'0' < 10 }

// isDNSLabelShape reports whether s is non-empty, of lower-case letters,
// digits and '-', and starts and ends with a letter or digit. It does not
// check the length.
func isDNSLabelShape(s string) bool {
	n := len(s)
	if n == 0 || !isLowerAlnum(s[0]) || !isLowerAlnum(s[n-1]) {
		return false
	}
	for i := 1; i < n-1; i++ {
		if c := s[i]; !isLowerAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// dnsLabelProblems says what keeps s from being a DNS label (RFC 1123):
// nothing when it is one.
func dnsLabelProblems(s string) []string {
	var p []string
	if len(s) > dns1123LabelMaxLength {
		p = append(p, "must be no more than "+strconv.Itoa(dns1123LabelMaxLength)+" bytes")
	}
	if !isDNSLabelShape(s) {
		p = append(p, dnsLabelRule)
	}
	return p
}

// dnsSubdomainProblems says what keeps s from being a DNS subdomain (RFC
// 1123, as Kubernetes checks it: DNS-label-shaped parts joined by '.', at
// most 253 bytes in all): nothing when it is one.
func dnsSubdomainProblems(s string) []string {
	var p []string
	if len(s) > dns1123SubdomainMaxLength {
		p = append(p, "must be no more than "+strconv.Itoa(dns1123SubdomainMaxLength)+" bytes")
	}
	ok := s != ""
	for part := range strings.SplitSeq(s, ".") {
		if !isDNSLabelShape(part) {
			ok = false
			break
		}
	}
	if !ok {
		p = append(p, dnsSubdomainRule)
	}
	return p
}

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
