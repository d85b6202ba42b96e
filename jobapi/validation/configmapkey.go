package validation

import (
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// Kubernetes' messages, word for word (apimachinery's IsConfigMapKey and
// hasChDirPrefix).
const (
	configMapKeyRule = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"
	dotProblem       = "must not be '.'"
	dotDotProblem    = "must not be '..'"
	dotDotPrefix     = "must not start with '..'"
)

// ConfigMapKeyMaxLength is the longest key of a ConfigMap's or a Secret's
// data, in bytes: a DNS subdomain's limit.
const ConfigMapKeyMaxLength = DNSSubdomainMaxLength

// isConfigMapKeyShape reports whether s is non-empty letters, digits,
// '-', '_' and '.', whatever its length.
func isConfigMapKeyShape(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// IsConfigMapKey reports whether s may be a key of a ConfigMap's or a
// Secret's data, and so the name of the file a volume projects it to: at
// most 253 letters, digits, '-', '_' and '.', neither '.' nor '..' nor
// starting with '..'. It does not allocate.
func IsConfigMapKey(s string) bool {
	return len(s) <= ConfigMapKeyMaxLength && isConfigMapKeyShape(s) && !strings.HasPrefix(s, "..") && s != "."
}

// ConfigMapKeyProblems says what keeps s from being a ConfigMap or Secret
// key, in Kubernetes' words and as many as Kubernetes counts
// (apimachinery's IsConfigMapKey): too long, not of the allowed
// characters, then '.', '..' or a '..' prefix. It returns nil, without
// allocating, when s is a key.
func ConfigMapKeyProblems(s string) []string {
	if IsConfigMapKey(s) {
		return nil
	}
	var p []string
	if len(s) > ConfigMapKeyMaxLength {
		p = append(p, maxLen253Characters)
	}
	if !isConfigMapKeyShape(s) {
		p = append(p, configMapKeyRule)
	}
	switch {
	case s == ".":
		p = append(p, dotProblem)
	case s == "..":
		p = append(p, dotDotProblem)
	case strings.HasPrefix(s, ".."):
		p = append(p, dotDotPrefix)
	}
	return p
}

// ValidateConfigMapKey checks that s is a ConfigMap or Secret key: one
// Invalid error at path per problem [ConfigMapKeyProblems] finds, or nil.
func ValidateConfigMapKey(s string, path *field.Path) field.ErrorList {
	return invalidEach(ConfigMapKeyProblems(s), s, path)
}
