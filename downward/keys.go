package downward

import "strings"

// The rules and messages of Kubernetes' qualified names (label keys), as
// apimachinery's validation prints them, down to the doubled spaces its
// example list has.
const (
	labelKeyFmt      = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg   = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelKeyMaxLen   = 63
	subdomainFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"
	subdomainErrMsg  = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	subdomainMaxLen  = 253
	labelKeyExamples = " (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" + labelKeyFmt + "')"
)

// qualifiedNameErrors returns what is wrong with value as a qualified name,
// one message per broken rule, worded as Kubernetes words them; nil when it
// is valid.
func qualifiedNameErrors(value string) []string {
	var errs []string
	name := value
	if prefix, rest, found := strings.Cut(value, "/"); found {
		if strings.Contains(rest, "/") {
			return []string{"a valid label key " + labelKeyErrMsg + labelKeyExamples +
				" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
		}
		name = rest
		switch {
		case prefix == "":
			errs = append(errs, "prefix part must be non-empty")
		default:
			if len(prefix) > subdomainMaxLen {
				errs = append(errs, "prefix part must be no more than 253 bytes")
			}
			if !isSubdomain(prefix) {
				errs = append(errs, "prefix part "+subdomainErrMsg+" (e.g. 'example.com', regex used for validation is '"+subdomainFmt+"')")
			}
		}
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > labelKeyMaxLen {
		errs = append(errs, "name part must be no more than 63 bytes")
	}
	if !isLabelName(name) {
		errs = append(errs, "name part "+labelKeyErrMsg+labelKeyExamples)
	}
	return errs
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isLabelName matches labelKeyFmt (no length limit).
func isLabelName(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isSubdomain matches subdomainFmt (no length limit): dot-separated labels
// of lower-case alphanumerics and '-', each starting and ending alphanumeric.
func isSubdomain(s string) bool {
	for label := range strings.SplitSeq(s, ".") {
		if label == "" {
			return false
		}
		lowerAlnum := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
		if !lowerAlnum(label[0]) || !lowerAlnum(label[len(label)-1]) {
			return false
		}
		for i := 1; i < len(label)-1; i++ {
			if c := label[i]; !lowerAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}
