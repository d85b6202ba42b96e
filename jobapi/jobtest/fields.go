package jobtest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// MatchingFields keeps the objects whose fields match expr, a field
// selector in the syntax of `kubectl get --field-selector`
// (apimachinery's fields.ParseSelector): terms `path=value`,
// `path==value` or `path!=value`, separated by commas, all of which must
// hold; `\`, `,` and `=` in a value are escaped with `\`. An empty expr
// selects everything.
//
// The paths are those the API server supports for the kind, read from
// the object as stored with the server's defaults:
//
//   - Jobs: `metadata.name`, `metadata.namespace`, `status.successful`
//     (the count, in decimal).
//   - Pods: `metadata.name`, `metadata.namespace`, `spec.nodeName` (also
//     written `spec.host`), `spec.restartPolicy`, `spec.schedulerName`
//     (`default-scheduler` when unset), `spec.serviceAccountName`,
//     `spec.hostNetwork` (`true` or `false`), `status.phase`,
//     `status.podIP` (the first of `status.podIPs`),
//     `status.nominatedNodeName`; `status.podIPs` is accepted and, as in
//     Kubernetes, reads as empty.
//
// An expr that does not parse, or names another path, makes the List or
// Watch fail with 400 BadRequest and the API server's message (`field
// label not supported: spec.x` for Pods, `field label "spec.x" not
// supported for Job` for Jobs).
func MatchingFields(expr string) ListOption {
	return func(o *listOptions) { o.fieldExprs = append(o.fieldExprs, expr) }
}

// fieldTerm is one term of a field selector.
type fieldTerm struct {
	path, value string
	negated     bool
}

// parseFieldSelector parses a field selector as fields.ParseSelector
// does and checks its paths with the kind's field label conversion,
// supported (which may rename a path). Its errors are the API server's
// words.
func parseFieldSelector(expr string, supported func(string) (string, error)) ([]fieldTerm, error) {
	parts := splitFieldTerms(expr)
	slices.Sort(parts)
	var terms []fieldTerm
	for _, part := range parts {
		if part == "" {
			continue
		}
		lhs, op, rhs, ok := splitFieldTerm(part)
		if !ok {
			return nil, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", expr, part)
		}
		value, err := unescapeFieldValue(rhs)
		if err != nil {
			return nil, err
		}
		terms = append(terms, fieldTerm{path: lhs, value: value, negated: op == "!="})
	}
	for i := range terms {
		p, err := supported(terms[i].path)
		if err != nil {
			return nil, err
		}
		terms[i].path = p
	}
	return terms, nil
}

// splitFieldTerms splits at the commas that are not escaped.
func splitFieldTerms(s string) []string {
	if s == "" {
		return nil
	}
	var terms []string
	start, inSlash := 0, false
	for i, c := range s {
		switch {
		case inSlash:
			inSlash = false
		case c == '\\':
			inSlash = true
		case c == ',':
			terms = append(terms, s[start:i])
			start = i + 1
		}
	}
	return append(terms, s[start:])
}

// splitFieldTerm finds the first operator of a term, trying `!=`, `==`
// and `=` at each position in turn.
func splitFieldTerm(term string) (lhs, op, rhs string, ok bool) {
	for i := range term {
		rest := term[i:]
		for _, op := range [...]string{"!=", "==", "="} {
			if strings.HasPrefix(rest, op) {
				return term[:i], op, term[i+len(op):], true
			}
		}
	}
	return "", "", "", false
}

// unescapeFieldValue is fields.UnescapeValue.
func unescapeFieldValue(s string) (string, error) {
	if !strings.ContainsAny(s, `\,=`) {
		return s, nil
	}
	var b strings.Builder
	inSlash := false
	for _, c := range s {
		if inSlash {
			switch c {
			case '\\', ',', '=':
				b.WriteRune(c)
			default:
				return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", string([]rune{'\\', c}))
			}
			inSlash = false
			continue
		}
		switch c {
		case '\\':
			inSlash = true
		case ',', '=':
			return "", fmt.Errorf("invalid field selector: unescaped character in value: %v", c)
		default:
			b.WriteRune(c)
		}
	}
	if inSlash {
		return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", `\`)
	}
	return b.String(), nil
}

// jobFieldLabel is batch/v1's field label conversion for Jobs.
func jobFieldLabel(path string) (string, error) {
	switch path {
	case "metadata.name", "metadata.namespace", "status.successful":
		return path, nil
	}
	return "", fmt.Errorf("field label %q not supported for Job", path)
}

// podFieldLabel is core/v1's field label conversion for Pods.
func podFieldLabel(path string) (string, error) {
	switch path {
	case "metadata.name", "metadata.namespace", "spec.nodeName", "spec.restartPolicy",
		"spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork",
		"status.phase", "status.podIP", "status.podIPs", "status.nominatedNodeName":
		return path, nil
	case "spec.host":
		return "spec.nodeName", nil
	}
	return "", fmt.Errorf("field label not supported: %s", path)
}

// jobFields is the Job strategy's JobToSelectableFields.
func jobFields(j *jobapi.Job) map[string]string {
	return map[string]string{
		"metadata.name":      j.ObjectMeta.Name,
		"metadata.namespace": j.ObjectMeta.Namespace,
		"status.successful":  strconv.Itoa(int(j.Status.Succeeded)),
	}
}

// podFields is the pod strategy's ToSelectableFields, on the pod with
// the defaults the API server would have stored it with.
func podFields(p *core.Pod) map[string]string {
	d := defaultedPod(p)
	ip := ""
	if len(d.Status.PodIPs) > 0 {
		ip = d.Status.PodIPs[0].IP
	}
	return map[string]string{
		"metadata.name":            d.ObjectMeta.Name,
		"metadata.namespace":       d.ObjectMeta.Namespace,
		"spec.nodeName":            d.Spec.NodeName,
		"spec.restartPolicy":       string(d.Spec.RestartPolicy),
		"spec.schedulerName":       d.Spec.SchedulerName,
		"spec.serviceAccountName":  d.Spec.ServiceAccountName,
		"spec.hostNetwork":         strconv.FormatBool(d.Spec.HostNetwork),
		"status.phase":             string(d.Status.Phase),
		"status.podIP":             ip,
		"status.nominatedNodeName": d.Status.NominatedNodeName,
	}
}

// compileFields parses the field selectors of lo for kind k.
func compileFields[T Object](lo *listOptions, k *kind[T]) error {
	supported := jobFieldLabel
	if k.resource == podsResource {
		supported = podFieldLabel
	}
	for _, expr := range lo.fieldExprs {
		terms, err := parseFieldSelector(expr, supported)
		if err != nil {
			return field.NewBadRequest(err.Error())
		}
		lo.fields = append(lo.fields, terms...)
	}
	return nil
}

// matchFields reports whether the object's fields satisfy every term.
func matchFields(terms []fieldTerm, fields map[string]string) bool {
	for _, t := range terms {
		if (fields[t.path] == t.value) == t.negated {
			return false
		}
	}
	return true
}
