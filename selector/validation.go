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

// nameProblems says what is wrong with a name (the part of a key after
// the prefix), one sentence per broken rule as Kubernetes counts them (an
// empty name breaks two: it is empty and it does not start with a letter
// or digit), or nothing.
func nameProblems(s string, problems []string) []string {
	switch {
	case s == "":
		return append(problems, "must not be empty", nameRule)
	case len(s) > MaxNameLength:
		problems = append(problems, "must be at most 63 bytes (it has "+strconv.Itoa(len(s))+")")
	}
	if !validNameShape(s) {
		problems = append(problems, nameRule)
	}
	return problems
}

// validNameShape reports whether s has the shape of a name, whatever its
// length.
func validNameShape(s string) bool {
	n := len(s)
	if n == 0 || !isAlnum(s[0]) || !isAlnum(s[n-1]) {
		return false
	}
	for i := 1; i < n-1; i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// keyProblems says what is wrong with a label key, one sentence per rule
// it breaks (as Kubernetes counts them), or returns nil when it is valid.
func keyProblems(s string) []string {
	if validKey(s) {
		return nil
	}
	if s == "" {
		return []string{"must not be empty: " + keyShape, nameRule}
	}
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return nameProblems(s, nil)
	}
	prefix, name := s[:slash], s[slash+1:]
	if strings.IndexByte(name, '/') >= 0 {
		return []string{"must contain at most one '/': " + keyShape}
	}
	var problems []string
	switch {
	case prefix == "":
		problems = append(problems, "prefix before '/' must not be empty")
	default:
		if len(prefix) > MaxPrefixLength {
			problems = append(problems, "prefix before '/' must be at most 253 bytes (it has "+strconv.Itoa(len(prefix))+")")
		}
		if !validPrefixShape(prefix) {
			problems = append(problems, "prefix before '/' "+prefixRule)
		}
	}
	for _, p := range nameProblems(name, nil) {
		problems = append(problems, "name after '/' "+p)
	}
	return problems
}

// validPrefixShape reports whether s has the shape of a DNS subdomain,
// whatever its length.
func validPrefixShape(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		n := len(part)
		if n == 0 || !isLowerAlnum(part[0]) || !isLowerAlnum(part[n-1]) {
			return false
		}
		for i := 1; i < n-1; i++ {
			if c := part[i]; !isLowerAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

// keyProblem says what is wrong with a label key in one sentence, or
// returns "" when it is valid.
func keyProblem(s string) string { return strings.Join(keyProblems(s), "; ") }

// valueProblems says what is wrong with a label value, one sentence per
// rule it breaks (too long; not of the allowed characters), or nil.
func valueProblems(s string) []string {
	if validValue(s) {
		return nil
	}
	var problems []string
	if len(s) > MaxNameLength {
		problems = append(problems, "must be at most 63 bytes (it has "+strconv.Itoa(len(s))+")")
	}
	if !validNameShape(s) {
		problems = append(problems, valueRule)
	}
	return problems
}

// valueProblem says what is wrong with a label value in one sentence, or
// returns "" when it is valid.
func valueProblem(s string) string { return strings.Join(valueProblems(s), "; ") }

// ValidateQualifiedName checks that s is a valid label key: a name of at
// most 63 bytes (letters, digits, '-', '_' and '.', starting and ending
// with a letter or digit), optionally preceded by a lower-case DNS
// subdomain of at most 253 bytes and '/'. Like Kubernetes, it returns one
// Invalid error at path for each rule s breaks (an empty key breaks two),
// or nothing.
func ValidateQualifiedName(s string, path *field.Path) field.ErrorList {
	if validKey(s) {
		return nil
	}
	problems := keyProblems(s)
	errs := make(field.ErrorList, 0, len(problems))
	for _, p := range problems {
		errs = append(errs, field.Invalid(path, s, p))
	}
	return errs
}

// ValidateLabelValue checks that v is a valid label value: empty, or at
// most 63 bytes of letters, digits, '-', '_' and '.', starting and ending
// with a letter or digit. It returns one Invalid error at path for each
// rule v breaks (too long; not of the allowed characters), or nothing.
func ValidateLabelValue(v string, path *field.Path) field.ErrorList {
	if validValue(v) {
		return nil
	}
	problems := valueProblems(v)
	errs := make(field.ErrorList, 0, len(problems))
	for _, p := range problems {
		errs = append(errs, field.Invalid(path, v, p))
	}
	return errs
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

// LabelSelectorValidationOptions are the choices [ValidateLabelSelector]
// makes, as apimachinery's metav1 validation.LabelSelectorValidationOptions.
// The zero value checks everything, as on create.
type LabelSelectorValidationOptions struct {
	// AllowInvalidLabelValueInSelector accepts invalid label values in
	// `matchExpressions` (not in `matchLabels`), as apimachinery's field of
	// the same name: an API server sets it on an update when the stored
	// object's selector already had one, which older servers accepted.
	AllowInvalidLabelValueInSelector bool
}

// ValidateLabelSelector checks a LabelSelector as the API server checks a
// `spec.selector` (path): the keys and values of `matchLabels`, and for
// each of `matchExpressions` its key, a supported operator (else Invalid
// at `operator`, as Kubernetes reports it), values present exactly when
// the operator is 'In' or 'NotIn' (else Required or Forbidden at `values`,
// as Kubernetes v1.36 reports them), and each value unless opts allow
// invalid ones. A nil selector is valid. With the zero opts the result is
// empty exactly when [FromLabelSelector] succeeds. A valid selector costs
// no allocation.
func ValidateLabelSelector(ls *LabelSelector, opts LabelSelectorValidationOptions, path *field.Path) field.ErrorList {
	if ls == nil {
		return nil
	}
	var errs field.ErrorList
	if !labelsValid(ls.MatchLabels) {
		errs = ValidateLabels(ls.MatchLabels, path.Child("matchLabels"))
	}
	for i := range ls.MatchExpressions {
		if e := &ls.MatchExpressions[i]; !expressionValid(e, opts) {
			errs = append(errs, validateRequirement(e, opts, path.Child("matchExpressions").Index(i))...)
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
func expressionValid(e *LabelSelectorRequirement, opts LabelSelectorValidationOptions) bool {
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
	if opts.AllowInvalidLabelValueInSelector {
		return true
	}
	for _, v := range e.Values {
		if !validValue(v) {
			return false
		}
	}
	return true
}

// validateRequirement checks one element of `matchExpressions`.
func validateRequirement(r *LabelSelectorRequirement, opts LabelSelectorValidationOptions, path *field.Path) field.ErrorList {
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
		errs = append(errs, field.Invalid(path.Child("operator"), r.Operator, "must be 'In', 'NotIn', 'Exists' or 'DoesNotExist'"))
	}
	errs = append(errs, ValidateQualifiedName(r.Key, path.Child("key"))...)
	if opts.AllowInvalidLabelValueInSelector {
		return errs
	}
	for i, v := range r.Values {
		errs = append(errs, ValidateLabelValue(v, path.Child("values").Index(i))...)
	}
	return errs
}
