package jobapi

import (
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
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

// isDNSLabel reports whether s is a DNS label (RFC 1123), without
// allocating.
func isDNSLabel(s string) bool {
	return len(s) <= dns1123LabelMaxLength && isDNSLabelShape(s)
}

// isDNSSubdomain reports whether s is a DNS subdomain (RFC 1123), without
// allocating.
func isDNSSubdomain(s string) bool {
	if s == "" || len(s) > dns1123SubdomainMaxLength {
		return false
	}
	for part := range strings.SplitSeq(s, ".") {
		if !isDNSLabelShape(part) {
			return false
		}
	}
	return true
}

// ValidateDNSLabel checks that value is a DNS label (RFC 1123: at most 63
// lower-case letters, digits and '-', starting and ending with a letter or
// digit), as Kubernetes checks container, volume and host names: one
// Invalid error at path per broken rule, or nothing. Packages that name
// pods or hosts use it so that every DNS check says the same.
func ValidateDNSLabel(value string, path *field.Path) field.ErrorList {
	if isDNSLabel(value) {
		return nil
	}
	return appendProblems(nil, path, value, dnsLabelProblems(value))
}

// ValidateDNSSubdomain checks that value is a DNS subdomain (RFC 1123:
// DNS-label-shaped parts joined by '.', at most 253 bytes), as Kubernetes
// checks object names: one Invalid error at path per broken rule, or
// nothing.
func ValidateDNSSubdomain(value string, path *field.Path) field.ErrorList {
	if isDNSSubdomain(value) {
		return nil
	}
	return appendProblems(nil, path, value, dnsSubdomainProblems(value))
}
