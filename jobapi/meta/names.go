package meta

import (
	"strconv"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The name rules every object shares: DNS labels and subdomains (RFC
// 1123), as apimachinery's util/validation checks them, and the name
// functions of its api/validation. Is* answers yes or no without
// allocating (for hot paths, and to check before a field path is built);
// *Problems says what is wrong in Kubernetes' words, one message per
// problem as Kubernetes counts them (nil when valid), for callers that
// report at a value of their own, such as a name function; Validate*
// turns the problems into Invalid field errors. Label keys, label values
// and qualified names are package selector's rules.

// The length limits of DNS names (RFC 1123), in bytes.
const (
	// DNSLabelMaxLength is the longest DNS label: a namespace, a container
	// or volume name, a hostname.
	DNSLabelMaxLength = 63
	// DNSSubdomainMaxLength is the longest DNS subdomain: the name of most
	// objects.
	DNSSubdomainMaxLength = 253
)

// Kubernetes' messages, word for word (apimachinery's util/validation).
const (
	dnsLabelRule = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
	// dnsLabelDots is what Kubernetes says of a DNS subdomain that is not
	// a label: it has dots.
	dnsLabelDots     = "must not contain dots"
	dnsSubdomainRule = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	// dnsSubdomainUnderscoreRule is the rule of a DNS search domain,
	// whose parts may hold '_' (and start with one).
	dnsSubdomainUnderscoreRule = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')"
)

// maxLenProblem is Kubernetes' message for a value longer than n.
func maxLenProblem(n int) string {
	return "must be no more than " + strconv.Itoa(n) + " characters"
}

// isLowerAlnum reports whether c is a lower-case ASCII letter or a digit.
func isLowerAlnum(c byte) bool { return c-'a' < 26 || c-'0' < 10 }

// isDNSLabelShape reports whether s is non-empty lower-case letters,
// digits and '-', starting and ending with a letter or digit, whatever its
// length.
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

// isDNSSubdomainShape reports whether s is label-shaped parts joined by
// '.', whatever its length.
func isDNSSubdomainShape(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !isDNSLabelShape(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// IsDNSLabel reports whether s is a DNS label (RFC 1123): at most 63
// lower-case letters, digits and '-', starting and ending with a letter
// or digit. It does not allocate.
func IsDNSLabel(s string) bool { return len(s) <= DNSLabelMaxLength && isDNSLabelShape(s) }

// IsDNSSubdomain reports whether s is a DNS subdomain (RFC 1123): DNS
// labels joined by '.', at most 253 bytes in all. It does not allocate.
func IsDNSSubdomain(s string) bool {
	return len(s) <= DNSSubdomainMaxLength && isDNSSubdomainShape(s)
}

// DNSLabelProblems says what keeps s from being a DNS label, in
// Kubernetes' words and as many as Kubernetes counts (apimachinery's
// IsDNS1123Label): too long, then either 'must not contain dots' (s is a
// DNS subdomain) or the rule. It returns nil, without allocating, when s
// is a label.
func DNSLabelProblems(s string) []string {
	if IsDNSLabel(s) {
		return nil
	}
	var p []string
	if len(s) > DNSLabelMaxLength {
		p = append(p, maxLenProblem(DNSLabelMaxLength))
	}
	switch {
	case isDNSLabelShape(s):
	case isDNSSubdomainShape(s):
		p = append(p, dnsLabelDots)
	default:
		p = append(p, dnsLabelRule)
	}
	return p
}

// DNSSubdomainProblems says what keeps s from being a DNS subdomain, in
// Kubernetes' words (apimachinery's IsDNS1123Subdomain): too long, not of
// the allowed shape, or both. It returns nil, without allocating, when s
// is a subdomain.
func DNSSubdomainProblems(s string) []string {
	if IsDNSSubdomain(s) {
		return nil
	}
	var p []string
	if len(s) > DNSSubdomainMaxLength {
		p = append(p, maxLenProblem(DNSSubdomainMaxLength))
	}
	if !isDNSSubdomainShape(s) {
		p = append(p, dnsSubdomainRule)
	}
	return p
}

// ValidateDNSLabel checks that s is a DNS label: one Invalid error at
// path per problem [DNSLabelProblems] finds, or nil.
func ValidateDNSLabel(s string, path *field.Path) field.ErrorList {
	return invalidEach(DNSLabelProblems(s), s, path)
}

// ValidateDNSSubdomain checks that s is a DNS subdomain: one Invalid
// error at path per problem [DNSSubdomainProblems] finds, or nil.
func ValidateDNSSubdomain(s string, path *field.Path) field.ErrorList {
	return invalidEach(DNSSubdomainProblems(s), s, path)
}

// IsDNSSubdomainWithUnderscore reports whether s is a DNS subdomain whose
// parts may also hold '_' and start with one ('_srv.example.com'), at most
// 253 bytes: the rule of a pod's DNS search domains. It does not
// allocate.
func IsDNSSubdomainWithUnderscore(s string) bool {
	return len(s) <= DNSSubdomainMaxLength && isDNSSubdomainWithUnderscoreShape(s)
}

// isDNSSubdomainWithUnderscoreShape is [IsDNSSubdomainWithUnderscore]
// whatever the length.
func isDNSSubdomainWithUnderscoreShape(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		part := s[start:i]
		if len(part) > 0 && part[0] == '_' {
			part = part[1:]
		}
		n := len(part)
		if n == 0 || !isLowerAlnum(part[0]) || !isLowerAlnum(part[n-1]) {
			return false
		}
		for j := 1; j < n-1; j++ {
			if c := part[j]; !isLowerAlnum(c) && c != '-' && c != '_' {
				return false
			}
		}
		start = i + 1
	}
	return true
}

// ValidateDNSSubdomainWithUnderscore checks that s is a DNS subdomain as
// [IsDNSSubdomainWithUnderscore] has it, in Kubernetes' words
// (apimachinery's IsDNS1123SubdomainWithUnderscore): an Invalid error at
// path when s is too long, and one when it is not of the allowed shape,
// or nil.
func ValidateDNSSubdomainWithUnderscore(s string, path *field.Path) field.ErrorList {
	if IsDNSSubdomainWithUnderscore(s) {
		return nil
	}
	var p []string
	if len(s) > DNSSubdomainMaxLength {
		p = append(p, maxLenProblem(DNSSubdomainMaxLength))
	}
	if !isDNSSubdomainWithUnderscoreShape(s) {
		p = append(p, dnsSubdomainUnderscoreRule)
	}
	return invalidEach(p, s, path)
}

// invalidEach makes an Invalid error at path, of value s, per problem.
func invalidEach(problems []string, s string, path *field.Path) field.ErrorList {
	if len(problems) == 0 {
		return nil
	}
	errs := make(field.ErrorList, 0, len(problems))
	for _, p := range problems {
		errs = append(errs, field.Invalid(path, s, p))
	}
	return errs
}

// NameFunc checks the name of an object (prefix false) or its
// `generateName` (prefix true: random characters will follow, so the
// value may end in '-') and says what is wrong, as Kubernetes'
// ValidateNameFunc. [NameIsDNSSubdomain] and [NameIsDNSLabel] are the two
// the kinds jobkit models use.
type NameFunc func(name string, prefix bool) []string

// NameIsDNSSubdomain is the [NameFunc] of names that must be DNS
// subdomains (Jobs, CronJobs, Pods, PodTemplates, ConfigMaps, Secrets):
// [DNSSubdomainProblems] of name, or of its masked form when prefix.
func NameIsDNSSubdomain(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return DNSSubdomainProblems(name)
}

// NameIsDNSLabel is the [NameFunc] of names that must be DNS labels
// (namespaces): [DNSLabelProblems] of name, or of its masked form when
// prefix.
func NameIsDNSLabel(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return DNSLabelProblems(name)
}

// maskTrailingDash makes a prefix that ends in '-' checkable as a name,
// exactly as apimachinery does: the last two bytes become one 'a' (so
// 'pi-' is checked as 'pa', and a 254-byte prefix as 253 bytes). A
// prefix of one byte is left alone.
func maskTrailingDash(s string) string {
	if len(s) > 1 && s[len(s)-1] == '-' {
		return s[:len(s)-2] + "a"
	}
	return s
}
