package meta

import "github.com/jobkit/jobkit/jobapi/validation"

// The name functions of objects, as apimachinery's api/validation has
// them: whether a name (or a generateName prefix) is a DNS subdomain or a
// DNS label, in Kubernetes' words. The rules themselves, and every other
// format rule (qualified names, label values, paths), are package
// jobapi/validation's.

// NameFunc checks the name of an object (prefix false) or its
// `generateName` (prefix true: random characters will follow, so the
// value may end in '-') and says what is wrong, as Kubernetes'
// ValidateNameFunc. [NameIsDNSSubdomain] and [NameIsDNSLabel] are the two
// the kinds jobkit models use.
type NameFunc func(name string, prefix bool) []string

// NameIsDNSSubdomain is the [NameFunc] of names that must be DNS
// subdomains (Jobs, CronJobs, Pods, PodTemplates, ConfigMaps, Secrets):
// [validation.DNSSubdomainProblems] of name, or of its masked form when
// prefix.
func NameIsDNSSubdomain(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return validation.DNSSubdomainProblems(name)
}

// NameIsDNSLabel is the [NameFunc] of names that must be DNS labels
// (namespaces): [validation.DNSLabelProblems] of name, or of its masked
// form when prefix.
func NameIsDNSLabel(name string, prefix bool) []string {
	if prefix {
		name = maskTrailingDash(name)
	}
	return validation.DNSLabelProblems(name)
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
