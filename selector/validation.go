package selector

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The length limits of label keys and values, in bytes.
const (
	// MaxNameLength is the longest name part of a label key, and the
	// longest label value.
	MaxNameLength = 63
	// MaxPrefixLength is the longest prefix (the DNS subdomain before '/')
	// of a label key.
	MaxPrefixLength = 253
)

// The rules, as sentences that say what may be written. They are shared by
// the field errors of the Validate functions and the errors of Parse.
const (
	nameRule   = "must consist of letters, digits, '-', '_' and '.', and must start and end with a letter or digit (e.g. 'MyName', 'my.name', '123-abc')"
	valueRule  = "must be empty or consist of letters, digits, '-', '_' and '.', and must start and end with a letter or digit (e.g. 'MyValue', 'my_value', '12345')"
	prefixRule = "must be a lower-case DNS subdomain: parts of lower-case letters, digits and '-' joined by '.', each part starting and ending with a letter or digit (e.g. 'example.com')"
	keyShape   = "a label key is a name of 1 to 63 bytes, optionally preceded by a DNS subdomain prefix and '/' (e.g. 'app', 'example.com/app')"
)

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return (c|0x20)-'a' < 26 || c-'0' < 10
}

// isNameByte reports whether c may appear inside a name or a value.
func isNameByte(c byte) bool {
	return isAlnum(c) || c == '-' || c == '_' || c == '.'
}

// isLowerAlnum reports whether c is a lower-case ASCII letter or a digit.
func isLowerAlnum(c byte) bool {
	return c-'a' < 26 || c-'0' < 10
}

// validName reports whether s is a valid name: the part of a label key
// after the prefix, or a non-empty label value.
func validName(s string) bool {
	n := len(s)
	if n == 0 || n > MaxNameLength || !isAlnum(s[0]) || !isAlnum(s[n-1]) {
		return false
	}
	for i := 1; i < n-1; i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// validValue reports whether s is a valid label value.
func validValue(s string) bool {
	return s == "" || validName(s)
}

// validPrefix reports whether s is a lower-case DNS subdomain (RFC 1123)
// of at most 253 bytes.
func validPrefix(s string) bool {
	n := len(s)
	if n == 0 || n > MaxPrefixLength {
		return false
	}
	// Every part between dots is non-empty and starts and ends with a
	// lower-case letter or digit; inside a part '-' is allowed too.
	start := true
	for i := 0; i < n; i++ {
		c := s[i]
		switch {
		case isLowerAlnum(c):
			start = false
		case c == '-':
			if start || i == n-1 || s[i+1] == '.' {
				return false
			}
		case c == '.':
			if start || i == n-1 {
				return false
			}
			start = true
		default:
			return false
		}
	}
	return true
}

// validKey reports whether s is a valid label key (a qualified name).
func validKey(s string) bool {
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return validName(s)
	}
	name := s[slash+1:]
	return validPrefix(s[:slash]) && strings.IndexByte(name, '/') < 0 && validName(name)
}

// nameProblem says what is wrong with a name (the part of a key after the
// prefix), or returns "".
func nameProblem(s string) string {
	switch {
	case s == "":
		return "must not be empty"
	case len(s) > MaxNameLength:
		return "must be at most 63 bytes (it has " + strconv.Itoa(len(s)) + ")"
	case !validName(s):
		return nameRule
	}
	return ""
}

// keyProblem says what is wrong with a label key, or returns "" when it is
// valid.
func keyProblem(s string) string {
	if validKey(s) {
		return ""
	}
	if s == "" {
		return "must not be empty: " + keyShape
	}
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return nameProblem(s)
	}
	prefix, name := s[:slash], s[slash+1:]
	if strings.IndexByte(name, '/') >= 0 {
		return "must contain at most one '/': " + keyShape
	}
	var problems []string
	switch {
	case prefix == "":
		problems = append(problems, "prefix before '/' must not be empty")
	case len(prefix) > MaxPrefixLength:
		problems = append(problems, "prefix before '/' must be at most 253 bytes (it has "+strconv.Itoa(len(prefix))+")")
	case !validPrefix(prefix):
		problems = append(problems, "prefix before '/' "+prefixRule)
	}
	if p := nameProblem(name); p != "" {
		problems = append(problems, "name after '/' "+p)
	}
	return strings.Join(problems, "; ")
}

// valueProblem says what is wrong with a label value, or returns "" when
// it is valid.
func valueProblem(s string) string {
	switch {
	case validValue(s):
		return ""
	case len(s) > MaxNameLength:
		return "must be at most 63 bytes (it has " + strconv.Itoa(len(s)) + ")"
	}
	return valueRule
}

// ValidateQualifiedName checks that s is a valid label key: a name of at
// most 63 bytes (letters, digits, '-', '_' and '.', starting and ending
// with a letter or digit), optionally preceded by a lower-case DNS
// subdomain of at most 253 bytes and '/'. It returns one Invalid error at
// path, or nothing.
func ValidateQualifiedName(s string, path *field.Path) field.ErrorList {
	if p := keyProblem(s); p != "" {
		return field.ErrorList{field.Invalid(path, s, p)}
	}
	return nil
}

// ValidateLabelValue checks that v is a valid label value: empty, or at
// most 63 bytes of letters, digits, '-', '_' and '.', starting and ending
// with a letter or digit. It returns one Invalid error at path, or
// nothing.
func ValidateLabelValue(v string, path *field.Path) field.ErrorList {
	if p := valueProblem(v); p != "" {
		return field.ErrorList{field.Invalid(path, v, p)}
	}
	return nil
}

// ValidateLabels checks every key and value of a label map, such as
// `metadata.labels` or `spec.selector.matchLabels` (path). Like
// Kubernetes, it reports an invalid key and an invalid value both at path
// (the key or the value is the error's BadValue), so errors name the same
// field an API server names. Errors come in the order of the sorted keys. A
// valid map costs no allocation.
func ValidateLabels(labels map[string]string, path *field.Path) field.ErrorList {
	if labelsValid(labels) {
		return nil
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var errs field.ErrorList
	for _, k := range keys {
		errs = append(errs, ValidateQualifiedName(k, path)...)
		errs = append(errs, ValidateLabelValue(labels[k], path)...)
	}
	return errs
}

// ValidateLabelSelector checks a LabelSelector as the API server checks a
// `spec.selector` (path): the keys and values of `matchLabels`, and for
// each of `matchExpressions` its key, a supported operator, values present
// exactly when the operator is 'In' or 'NotIn', and each value. A nil
// selector is valid. The result is empty exactly when [FromLabelSelector]
// succeeds. A valid selector costs no allocation.
func ValidateLabelSelector(ls *LabelSelector, path *field.Path) field.ErrorList {
	if ls == nil {
		return nil
	}
	var errs field.ErrorList
	if !labelsValid(ls.MatchLabels) {
		errs = ValidateLabels(ls.MatchLabels, path.Child("matchLabels"))
	}
	for i := range ls.MatchExpressions {
		if e := &ls.MatchExpressions[i]; !expressionValid(e) {
			errs = append(errs, validateRequirement(e, path.Child("matchExpressions").Index(i))...)
		}
	}
	return errs
}

// labelsValid reports whether every key and value of labels is valid.
func labelsValid(labels map[string]string) bool {
	for k, v := range labels {
		if !validKey(k) || !validValue(v) {
			return false
		}
	}
	return true
}

// expressionValid reports whether validateRequirement finds nothing wrong
// with e, without building any field path.
func expressionValid(e *LabelSelectorRequirement) bool {
	switch e.Operator {
	case LabelSelectorOpIn, LabelSelectorOpNotIn:
		if len(e.Values) == 0 {
			return false
		}
	case LabelSelectorOpExists, LabelSelectorOpDoesNotExist:
		if len(e.Values) > 0 {
			return false
		}
	default:
		return false
	}
	if !validKey(e.Key) {
		return false
	}
	for _, v := range e.Values {
		if !validValue(v) {
			return false
		}
	}
	return true
}

// labelSelectorOperators lists the supported LabelSelectorOperators, for
// NotSupported errors.
func labelSelectorOperators() []LabelSelectorOperator {
	return []LabelSelectorOperator{LabelSelectorOpIn, LabelSelectorOpNotIn, LabelSelectorOpExists, LabelSelectorOpDoesNotExist}
}

// validateRequirement checks one element of `matchExpressions`.
func validateRequirement(r *LabelSelectorRequirement, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch r.Operator {
	case LabelSelectorOpIn, LabelSelectorOpNotIn:
		if len(r.Values) == 0 {
			errs = append(errs, field.Required(path.Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
		}
	case LabelSelectorOpExists, LabelSelectorOpDoesNotExist:
		if len(r.Values) > 0 {
			errs = append(errs, field.Forbidden(path.Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
		}
	default:
		errs = append(errs, field.NotSupported(path.Child("operator"), r.Operator, labelSelectorOperators()))
	}
	errs = append(errs, ValidateQualifiedName(r.Key, path.Child("key"))...)
	for i, v := range r.Values {
		errs = append(errs, ValidateLabelValue(v, path.Child("values").Index(i))...)
	}
	return errs
}
