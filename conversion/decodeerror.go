package conversion

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

// The API server decodes a request body before anything else looks at it:
// a value that does not decode (a wrong JSON type, an integer out of range
// or with a fraction, a quantity that does not parse) fails the request
// with 400 BadRequest, `Job in version "v1" cannot be handled as a Job:
// <cause>`, where the cause is the first error of its JSON decoder
// (encoding/json's wording, as sigs.k8s.io/json keeps it). jobkit's
// decoder reports every such value as a field error with its path;
// serverDecodeCause words the one the API server would report.

// valueErrors reports whether errs are errors about values of the object
// (not about its apiVersion or kind), which the API server's decoder
// reports.
func valueErrors(errs field.ErrorList) bool {
	for _, e := range errs {
		if e.Field == "apiVersion" || e.Field == "kind" || e.Field == "" {
			return false
		}
	}
	return len(errs) > 0
}

// serverDecodeCause returns the cause the API server's JSON decoder gives
// for the first of errs it would meet in an object of the wire type root
// (batch/v1's Job, CronJob, core's Pod, ...): an error from a type's own
// decoder (a quantity) stops decoding at once, so the first such error
// wins; else the first value of a wrong type (encoding/json keeps the
// first UnmarshalTypeError and goes on).
func serverDecodeCause(errs field.ErrorList, root reflect.Type, rootName string) string {
	for _, e := range errs {
		if !isTypeError(e) {
			return e.Detail
		}
	}
	return typeErrorText(errs[0], root, rootName)
}

// wireType returns the wire type the API server decodes the document's
// kind into, for its decoding errors, and the Go name of that type:
// batch/v1's for Jobs, CronJobs, and core/v1's for Pods and PodTemplates.
// A kind jobkit does not decode can only fail in its metadata, which it
// reads as a Job's, under the kind's own name (Kubernetes' Go types are
// named after their kinds: `ConfigMap.metadata`).
func (d *Document) wireType() (reflect.Type, string) {
	if t, ok := typedKind(d.APIVersion, d.Kind); ok {
		return t, t.Name()
	}
	if !d.IsJob() && d.Kind != "" {
		return reflect.TypeFor[v1.Job](), d.Kind
	}
	return reflect.TypeFor[v1.Job](), "Job"
}

// typedKind returns the wire type of the kinds DecodeAll decodes besides
// Jobs: a batch/v1 CronJob, a v1 Pod or PodTemplate.
func typedKind(apiVersion, kind string) (reflect.Type, bool) {
	switch {
	case apiVersion == v1.GroupVersion && kind == v1.CronJobKind:
		return reflect.TypeFor[v1.CronJob](), true
	case apiVersion == "v1" && kind == "Pod":
		return reflect.TypeFor[core.Pod](), true
	case apiVersion == "v1" && kind == "PodTemplate":
		return reflect.TypeFor[core.PodTemplate](), true
	}
	return nil, false
}

// isTypeError reports whether e is a value of the wrong JSON type or an
// integer out of range: an UnmarshalTypeError for encoding/json.
func isTypeError(e *field.Error) bool {
	if e.Type == field.ErrorTypeTypeInvalid {
		return true
	}
	return strings.HasPrefix(e.Detail, "must be less than or equal to ") || strings.HasPrefix(e.Detail, "must be greater than or equal to ")
}

// typeErrorText words e as encoding/json's UnmarshalTypeError: `json:
// cannot unmarshal number 1e+23 into Go struct field JobSpec.spec.parallelism
// of type int32`.
func typeErrorText(e *field.Error, root reflect.Type, rootName string) string {
	what := "value"
	switch v := e.BadValue.(type) {
	case string:
		what = "string"
	case bool:
		what = "bool"
	case json.Number:
		what = "number " + string(v)
	case json.RawMessage:
		if len(v) > 0 && v[0] == '{' {
			what = "object"
		} else {
			what = "array"
		}
	case int, int32, int64, float64:
		what = fmt.Sprintf("number %v", v)
	}
	owner, stack, t := goField(e.Field, root)
	if owner == root.Name() {
		owner = rootName
	}
	if n, ok := e.BadValue.(json.Number); ok && t != nil {
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			what = "number " + string(n) // a number that does not fit
		default:
			what = "number" // a number where none may be
		}
	}
	if t == nil {
		return fmt.Sprintf("json: cannot unmarshal %s into Go value", what)
	}
	if owner == "" {
		return fmt.Sprintf("json: cannot unmarshal %s into Go value of type %s", what, kubeTypeName(t))
	}
	return fmt.Sprintf("json: cannot unmarshal %s into Go struct field %s.%s of type %s", what, owner, strings.Join(stack, "."), kubeTypeName(t))
}

// goField follows a field path through the wire type root: the name of
// the struct that declares the last field, the JSON names of the fields
// on the way (indexes and keys left out, as encoding/json's error
// context leaves them), and the type decoded into (pointers removed).
func goField(path string, root reflect.Type) (owner string, stack []string, t reflect.Type) {
	t = root
	for _, seg := range splitFieldPath(path) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if seg.index {
			switch t.Kind() {
			case reflect.Slice, reflect.Map:
				t = t.Elem()
				continue
			}
			return "", nil, nil
		}
		if t.Kind() != reflect.Struct {
			return "", nil, nil
		}
		f, ok := jsonField(t, seg.name)
		if !ok {
			return "", nil, nil
		}
		owner = f.owner
		stack = append(stack, seg.name)
		t = f.typ
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return owner, stack, t
}

type pathSegment struct {
	name  string
	index bool
}

// splitFieldPath splits `spec.template.spec.containers[0].image` into
// names and indexes.
func splitFieldPath(p string) []pathSegment {
	var out []pathSegment
	for len(p) > 0 {
		switch p[0] {
		case '.':
			p = p[1:]
		case '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return out
			}
			out = append(out, pathSegment{index: true})
			p = p[end+1:]
		default:
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			out = append(out, pathSegment{name: p[:end]})
			p = p[end:]
		}
	}
	return out
}

type structField struct {
	typ   reflect.Type
	owner string
}

// jsonField finds the field of struct t with JSON name name, in t or in
// a struct it embeds inline.
func jsonField(t reflect.Type, name string) (structField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && tag == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if sf, ok := jsonField(ft, name); ok {
					return sf, true
				}
			}
			continue
		}
		if tag == name && f.IsExported() {
			return structField{typ: f.Type, owner: t.Name()}, true
		}
	}
	return structField{}, false
}

// kubeTypeName prints t as encoding/json prints the Kubernetes type with
// the same name: jobkit's packages for core/v1, batch/v1 and meta/v1
// types are `v1`; resource.Quantity and intstr.IntOrString keep theirs.
func kubeTypeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice:
		return "[]" + kubeTypeName(t.Elem())
	case reflect.Pointer:
		return "*" + kubeTypeName(t.Elem())
	case reflect.Map:
		return "map[" + kubeTypeName(t.Key()) + "]" + kubeTypeName(t.Elem())
	}
	if t.PkgPath() == "" || t.Name() == "" {
		return t.String()
	}
	switch t.Name() {
	case "Quantity":
		return "resource.Quantity"
	case "IntOrString":
		return "intstr.IntOrString"
	case "Time":
		return "v1.Time"
	}
	if t.Kind() != reflect.Struct && strings.HasSuffix(t.PkgPath(), "/selector") {
		return "v1." + t.Name()
	}
	return "v1." + t.Name()
}
