package validation

import "github.com/jobkit/jobkit/jobapi/field"

// The length limits of DNS names (RFC 1123), in bytes.
const (
	// DNSLabelMaxLength is the longest DNS label: a namespace, a container
	// or volume name, a hostname.
	DNSLabelMaxLength = 63
	// DNSSubdomainMaxLength is the longest DNS subdomain: the name of most
	// objects, and the prefix of a qualified name.
	DNSSubdomainMaxLength = 253
)

// Kubernetes' messages, word for word (apimachinery's util/validation and
// api/validate/content, which word them alike).
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

// The messages of a value that is too long: util/validation's MaxLenError
// counts "characters", api/validate/content's "bytes". Constants, so that
// an error costs no formatting.
const (
	maxLen63Characters  = "must be no more than 63 characters"
	maxLen253Characters = "must be no more than 253 characters"
	maxLen63Bytes       = "must be no more than 63 bytes"
	maxLen253Bytes      = "must be no more than 253 bytes"
)

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
// '.', whatever its length. It reads s once: every label validation and
// every label key with a prefix passes through here.
func isDNSSubdomainShape(s string) bool {
	n := len(s)
	if n == 0 {
		return false
	}
	partStart := true
	for i := 0; i < n; i++ {
		switch c := s[i]; {
		case isLowerAlnum(c):
			partStart = false
		case c == '-':
			// Inside a part only: not first, not last, not before a dot.
			if partStart || i == n-1 || s[i+1] == '.' {
				return false
			}
		case c == '.':
			if partStart || i == n-1 {
				return false
			}
			partStart = true
		default:
			return false
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
		p = append(p, maxLen63Characters)
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
	return appendDNSSubdomainProblems(nil, s, maxLen253Characters, dnsSubdomainRule)
}

// appendDNSSubdomainProblems appends to p what keeps s from being a DNS
// subdomain: tooLong when it is, rule when it is not of the allowed shape.
func appendDNSSubdomainProblems(p []string, s, tooLong, rule string) []string {
	if IsDNSSubdomain(s) {
		return p
	}
	if len(s) > DNSSubdomainMaxLength {
		p = append(p, tooLong)
	}
	if !isDNSSubdomainShape(s) {
		p = append(p, rule)
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

// DNSSubdomainWithUnderscoreProblems says what keeps s from being a DNS
// subdomain as [IsDNSSubdomainWithUnderscore] has it, in Kubernetes' words
// (apimachinery's IsDNS1123SubdomainWithUnderscore): too long, not of the
// allowed shape, or both. It returns nil, without allocating, when s is
// valid.
func DNSSubdomainWithUnderscoreProblems(s string) []string {
	if IsDNSSubdomainWithUnderscore(s) {
		return nil
	}
	var p []string
	if len(s) > DNSSubdomainMaxLength {
		p = append(p, maxLen253Characters)
	}
	if !isDNSSubdomainWithUnderscoreShape(s) {
		p = append(p, dnsSubdomainUnderscoreRule)
	}
	return p
}

// ValidateDNSSubdomainWithUnderscore checks that s is a DNS subdomain as
// [IsDNSSubdomainWithUnderscore] has it: one Invalid error at path per
// problem [DNSSubdomainWithUnderscoreProblems] finds, or nil.
func ValidateDNSSubdomainWithUnderscore(s string, path *field.Path) field.ErrorList {
	return invalidEach(DNSSubdomainWithUnderscoreProblems(s), s, path)
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
