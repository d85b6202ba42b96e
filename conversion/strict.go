package conversion

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// FieldValidation says what decoding does with a field no type models (an
// unknown field) and with a field given twice in one object (a duplicate
// field). Its values are those of the API server's `fieldValidation`
// parameter, which kubectl sets from `--validate=strict|warn|ignore`.
type FieldValidation string

// The field validation modes.
const (
	// FieldValidationStrict makes every unknown or duplicate field an
	// error, a [*StrictError] naming each field's path, as the API server
	// does with fieldValidation=Strict (kubectl's default). The object is
	// still decoded in every other respect, as sigs.k8s.io/yaml's and
	// sigs.k8s.io/json's strict functions do.
	FieldValidationStrict FieldValidation = "Strict"
	// FieldValidationWarn reports every unknown or duplicate field as a
	// warning (`unknown field "spec.backofLimit"`) and decodes as the API
	// server does with fieldValidation=Warn: an unknown field is dropped,
	// and of a duplicate field the last value wins.
	FieldValidationWarn FieldValidation = "Warn"
	// FieldValidationIgnore says nothing about unknown and duplicate
	// fields: of a duplicate field the last value wins, and unknown
	// fields are kept in the types' Unknown maps and written back by
	// Encode (the API server would drop them; jobkit keeps what it does
	// not model rather than lose it).
	FieldValidationIgnore FieldValidation = "Ignore"
)

// ParseFieldValidation reads a mode as kubectl's --validate flag spells it
// (strict, warn, ignore; also true for strict and false for ignore) or as
// the API server's parameter does (Strict, Warn, Ignore).
func ParseFieldValidation(s string) (FieldValidation, bool) {
	switch s {
	case "strict", "Strict", "true":
		return FieldValidationStrict, true
	case "warn", "Warn":
		return FieldValidationWarn, true
	case "ignore", "Ignore", "false":
		return FieldValidationIgnore, true
	}
	return "", false
}

// WithFieldValidation sets what decoding does with unknown and duplicate
// fields. [DecodeAll] is strict unless told otherwise; [Decode] and
// [DecodeWith] keep unknown fields (FieldValidationIgnore) unless told
// otherwise, and always refuse a duplicate field.
func WithFieldValidation(v FieldValidation) Option {
	return func(o *options) { o.validation = v }
}

// StrictField is one field strict decoding refuses.
type StrictField struct {
	// Duplicate is true for a field given twice in one object, false for
	// an unknown field.
	Duplicate bool
	// Path is the field's path from the document's root, as Kubernetes
	// prints it: `spec.template.spec.containers[0].imagePullPolcy`.
	Path string
}

// String words the field as Kubernetes does: `unknown field "PATH"` or
// `duplicate field "PATH"`.
func (f StrictField) String() string {
	if f.Duplicate {
		return "duplicate field " + strconv.Quote(f.Path)
	}
	return "unknown field " + strconv.Quote(f.Path)
}

// StrictError is the error of strict decoding: the unknown and duplicate
// fields of one object, duplicates first, each in document order.
type StrictError struct {
	Fields []StrictField
}

// Error words the error as the API server does: `strict decoding error:
// unknown field "spec.backofLimit", duplicate field "metadata.name"`.
func (e *StrictError) Error() string {
	var b strings.Builder
	b.WriteString("strict decoding error: ")
	for i, f := range e.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// UnknownFields returns the path of every member kept in an Unknown map
// anywhere in v (a pointer to a jobapi or version-package object), sorted.
// prefix is the path of v itself ("" for a document's root). It walks
// exported struct fields by reflection, naming them by their `json` tags.
func UnknownFields(v any, prefix string) []string {
	return newUnknownWalker().unknownFields(v, prefix)
}

// unknownFields is UnknownFields with the walker's type plans.
func (w *unknownWalker) unknownFields(v any, prefix string) []string {
	var out []string
	w.found = func(m reflect.Value, path string) {
		for _, k := range m.MapKeys() {
			out = append(out, joinPath(path, k.String()))
		}
	}
	w.path = w.path[:0]
	if prefix != "" {
		w.path = append(w.path, pathSegment{name: prefix})
	}
	w.walk(reflect.ValueOf(v))
	slices.Sort(out)
	return out
}

// dropUnknown empties every Unknown map in v, as the API server drops the
// fields it does not know.
func dropUnknown(v any) {
	w := newUnknownWalker()
	w.found = func(m reflect.Value, _ string) {
		m.Set(reflect.Zero(m.Type()))
	}
	w.walk(reflect.ValueOf(v))
}

// pathSegment is one step of the path to a value: a member name, or an
// index when name is "".
type pathSegment struct {
	name  string
	index int
}

// unknownWalker finds the non-empty Unknown maps (fields named Unknown of
// a map type) reachable from a value. It keeps the path as segments and
// prints it only for a map it finds, so that a Job without unknown fields
// costs no string building; it remembers, per struct type, which fields
// to visit, so that a stream of Jobs reads each type's tags once.
type unknownWalker struct {
	path  []pathSegment
	found func(m reflect.Value, path string)
	plans map[reflect.Type]*structPlan
}

func newUnknownWalker() *unknownWalker {
	return &unknownWalker{plans: map[reflect.Type]*structPlan{}}
}

// structPlan lists the fields of a struct type the walker visits.
type structPlan struct {
	unknown int // index of the Unknown map field, or -1
	fields  []fieldPlan
}

// fieldPlan is one field to visit: its index and JSON name ("" when its
// members are inlined).
type fieldPlan struct {
	index int
	name  string
}

// plan returns the plan of struct type t.
func (w *unknownWalker) plan(t reflect.Type) *structPlan {
	if p, ok := w.plans[t]; ok {
		return p
	}
	p := &structPlan{unknown: -1}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || !mayHoldUnknown(f.Type) {
			continue
		}
		if f.Name == "Unknown" && f.Type.Kind() == reflect.Map {
			p.unknown = i
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
			continue
		case f.Anonymous && name == "":
			// Inlined, as encoding/json does.
		case name == "":
			name = f.Name
		}
		p.fields = append(p.fields, fieldPlan{index: i, name: name})
	}
	w.plans[t] = p
	return p
}

// pathString prints the current path.
func (w *unknownWalker) pathString() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.name == "" {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}

func (w *unknownWalker) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			w.walk(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if !mayHoldUnknown(v.Type().Elem()) {
			return // strings, numbers, RawJSON bytes
		}
		for i := 0; i < v.Len(); i++ {
			w.path = append(w.path, pathSegment{index: i})
			w.walk(v.Index(i))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Map:
		if v.Len() == 0 || v.Type().Key().Kind() != reflect.String || !mayHoldUnknown(v.Type().Elem()) {
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			w.path = append(w.path, pathSegment{name: k.String()})
			w.walk(v.MapIndex(k))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Struct:
		p := w.plan(v.Type())
		if p.unknown >= 0 {
			if m := v.Field(p.unknown); m.Len() > 0 {
				w.found(m, w.pathString())
			}
		}
		for _, f := range p.fields {
			if f.name == "" {
				w.walk(v.Field(f.index))
				continue
			}
			w.path = append(w.path, pathSegment{name: f.name})
			w.walk(v.Field(f.index))
			w.path = w.path[:len(w.path)-1]
		}
	}
}

// mayHoldUnknown reports whether values of type t can hold an Unknown map:
// structs, interfaces, and pointers, slices and maps of them (maps whose
// values are strings are not walked key by key).
func mayHoldUnknown(t reflect.Type) bool {
	for {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
		case reflect.Map:
			if t.Elem().Kind() == reflect.String {
				return false
			}
			// An Unknown map itself holds RawJSON values.
			if t.Elem().Kind() == reflect.Slice && t.Elem().Elem().Kind() == reflect.Uint8 {
				return true
			}
			t = t.Elem()
		case reflect.Struct, reflect.Interface:
			return true
		default:
			return false
		}
	}
}

// joinPath appends a member name to a path.
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
