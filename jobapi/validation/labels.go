package validation

import (
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The length limits of qualified names and label values, in bytes.
const (
	// QualifiedNameMaxLength is the longest name part of a qualified name
	// (the part after the optional prefix and '/'). The prefix may be as
	// long as a DNS subdomain, [DNSSubdomainMaxLength].
	QualifiedNameMaxLength = 63
	// LabelValueMaxLength is the longest label value.
	LabelValueMaxLength = 63
)

// Kubernetes' messages, word for word (apimachinery's
// api/validate/content IsLabelKey and IsLabelValue).
const (
	qualifiedNameRule = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	// qualifiedNameShape is what Kubernetes says of a value with more than
	// one '/'.
	qualifiedNameShape = "a valid label key " + qualifiedNameRule + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
	labelValueRule     = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	emptyProblem       = "must be non-empty"
	namePart           = "name part "
	prefixPart         = "prefix part "
)

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool { return (c|0x20)-'a' < 26 || c-'0' < 10 }

// isNameShape reports whether s is non-empty letters, digits, '-', '_'
// and '.', starting and ending with a letter or digit, whatever its
// length: the shape of a qualified name's name part and of a non-empty
// label value.
func isNameShape(s string) bool {
	n := len(s)
	if n == 0 || !isAlnum(s[0]) || !isAlnum(s[n-1]) {
		return false
	}
	for i := 1; i < n-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isName reports whether s is a valid name part of a qualified name.
func isName(s string) bool { return len(s) <= QualifiedNameMaxLength && isNameShape(s) }

// IsQualifiedName reports whether s is a qualified name, the form of a
// label key or an annotation key: a name of at most 63 bytes (letters,
// digits, '-', '_' and '.', starting and ending with a letter or digit),
// optionally preceded by a DNS subdomain ([IsDNSSubdomain]) and '/'. It
// does not allocate.
func IsQualifiedName(s string) bool {
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return isName(s)
	}
	name := s[slash+1:]
	return IsDNSSubdomain(s[:slash]) && strings.IndexByte(name, '/') < 0 && isName(name)
}

// QualifiedNameProblems says what keeps s from being a qualified name, in
// Kubernetes' words and as many as Kubernetes counts (apimachinery's
// IsQualifiedName): of the prefix part, an empty prefix or the problems of
// a DNS subdomain (its length worded in bytes); of the name part, empty or
// too long, and not of the allowed shape (an empty name has two
// problems); or, when s has more than one '/', that one message alone. It
// returns nil, without allocating, when s is a qualified name.
func QualifiedNameProblems(s string) []string {
	if IsQualifiedName(s) {
		return nil
	}
	name := s
	var p []string
	if slash := strings.IndexByte(s, '/'); slash >= 0 {
		prefix := s[:slash]
		name = s[slash+1:]
		if strings.IndexByte(name, '/') >= 0 {
			return []string{qualifiedNameShape}
		}
		if prefix == "" {
			p = append(p, prefixPart+emptyProblem)
		} else {
			p = appendDNSSubdomainProblems(p, prefix, prefixPart+maxLen253Bytes, prefixPart+dnsSubdomainRule)
		}
	}
	switch {
	case name == "":
		p = append(p, namePart+emptyProblem)
	case len(name) > QualifiedNameMaxLength:
		p = append(p, namePart+maxLen63Bytes)
	}
	if !isNameShape(name) {
		p = append(p, namePart+qualifiedNameRule)
	}
	return p
}

// ValidateQualifiedName checks that s is a qualified name: one Invalid
// error at path per problem [QualifiedNameProblems] finds, or nil.
func ValidateQualifiedName(s string, path *field.Path) field.ErrorList {
	return invalidEach(QualifiedNameProblems(s), s, path)
}

// IsLabelValue reports whether s is a label value: empty, or at most 63
// bytes of letters, digits, '-', '_' and '.', starting and ending with a
// letter or digit. It does not allocate.
func IsLabelValue(s string) bool { return s == "" || isName(s) }

// LabelValueProblems says what keeps s from being a label value, in
// Kubernetes' words (apimachinery's IsValidLabelValue): too long, not of
// the allowed shape, or both. It returns nil, without allocating, when s
// is a label value.
func LabelValueProblems(s string) []string {
	if IsLabelValue(s) {
		return nil
	}
	var p []string
	if len(s) > LabelValueMaxLength {
		p = append(p, maxLen63Bytes)
	}
	if !isNameShape(s) {
		p = append(p, labelValueRule)
	}
	return p
}

// ValidateLabelValue checks that s is a label value: one Invalid error at
// path per problem [LabelValueProblems] finds, or nil.
func ValidateLabelValue(s string, path *field.Path) field.ErrorList {
	return invalidEach(LabelValueProblems(s), s, path)
}
