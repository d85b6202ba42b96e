package jobapi

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// Every object type of jobkit's API packages keeps the JSON members it
// does not model in a field of type [Unknown]. The functions in this file
// find those members anywhere in an object and name them by their path
// from the document's root, as an API server names the fields it does
// not know (`spec.template.spec.containers[0].imagePullPolcy`), and drop
// them as its default field validation (Warn) does.

// UnknownFields returns the path of every member kept in an [Unknown]
// map anywhere in v, sorted. v is a pointer to an object of jobkit's API
// packages (a [Job], a version package's wire Job, a core pod template,
// ...) or such an object itself; prefix is the path of v in its document
// ("" for the document's root, `spec.template` for a template embedded in
// a Job). v is not changed.
//
// Paths are built from the fields' `json` names: members joined with
// '.', list items as `[i]`, members of a map of objects as `.key`;
// embedded structs without a JSON name are inlined, as encoding/json
// does.
func UnknownFields(v any, prefix string) []string {
	var out []string
	walkUnknown(reflect.ValueOf(v), prefix, func(m reflect.Value, path string) {
		for _, k := range m.MapKeys() {
			out = append(out, joinFieldPath(path, k.String()))
		}
	})
	slices.Sort(out)
	return out
}

// DropUnknown empties every [Unknown] map in v, which must be a pointer
// (or hold its objects through pointers, slices or maps), and returns the
// path of each member it dropped, sorted, as [UnknownFields] names them.
func DropUnknown(v any, prefix string) []string {
	var out []string
	walkUnknown(reflect.ValueOf(v), prefix, func(m reflect.Value, path string) {
		for _, k := range m.MapKeys() {
			out = append(out, joinFieldPath(path, k.String()))
		}
		if m.CanSet() {
			m.Set(reflect.Zero(m.Type()))
		} else {
			m.Clear()
		}
	})
	slices.Sort(out)
	return out
}

// DropUnknownFields removes every member of job that jobkit does not
// model — what an API server does not know either, and drops from a new
// object with its default field validation (Warn) — and returns one
// warning per member, in path order, worded as the API server's:
// `unknown field "spec.template.spec.containers[0].imagePullPolcy"`
// (the warning's Field is empty; its Message is that text, so that it
// prints alone, as kubectl prints `Warning: unknown field ...`).
//
// Decoding and encoding keep such members (conversion between versions
// is lossless); creating a Job drops them: [PrepareForCreate] calls this
// unless given [KeepUnknownFields].
func DropUnknownFields(job *Job) meta.Warnings {
	if job == nil {
		return nil
	}
	paths := DropUnknown(job, "")
	if len(paths) == 0 {
		return nil
	}
	w := make(meta.Warnings, len(paths))
	for i, p := range paths {
		w[i] = meta.Warning{Message: UnknownFieldMessage(p)}
	}
	return w
}

// UnknownFieldMessage words an unknown field as the API server does in its
// warnings and its strict decoding errors: `unknown field "PATH"`.
func UnknownFieldMessage(path string) string {
	return "unknown field " + strconv.Quote(path)
}

// unknownType is the type of every Unknown field.
var unknownType = reflect.TypeFor[meta.Unknown]()

// typePlans caches, per struct type, the fields the walker visits: a
// write-once cache of derived type information, shared by every walk.
var typePlans sync.Map // reflect.Type → *typePlan

// typeHolds caches, per type, whether its values can reach an Unknown
// map (write-once derived type information, like typePlans).
var typeHolds sync.Map // reflect.Type → bool

// typePlan lists the fields of a struct type that hold, or may lead to,
// an Unknown map.
type typePlan struct {
	unknown []int // indexes of the Unknown fields
	fields  []planField
}

// planField is a field to descend into: its index and JSON name ("" when
// it is inlined).
type planField struct {
	index int
	name  string
}

// planOf returns the plan of struct type t.
func planOf(t reflect.Type) *typePlan {
	if p, ok := typePlans.Load(t); ok {
		return p.(*typePlan)
	}
	p := &typePlan{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Type == unknownType {
			p.unknown = append(p.unknown, i)
			continue
		}
		if !holdsUnknown(f.Type) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
			continue
		case name == "" && f.Anonymous:
			// Inlined, as encoding/json does.
		case name == "":
			name = f.Name
		}
		p.fields = append(p.fields, planField{index: i, name: name})
	}
	actual, _ := typePlans.LoadOrStore(t, p)
	return actual.(*typePlan)
}

// holdsUnknown is mayHoldUnknown, cached per type.
func holdsUnknown(t reflect.Type) bool {
	if h, ok := typeHolds.Load(t); ok {
		return h.(bool)
	}
	h := mayHoldUnknown(t, map[reflect.Type]bool{})
	typeHolds.Store(t, h)
	return h
}

// mayHoldUnknown reports whether a value of type t can reach an Unknown
// map through exported fields, pointers, slices, arrays, maps and
// interfaces. seen guards against recursive types.
func mayHoldUnknown(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == unknownType {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return mayHoldUnknown(t.Elem(), seen)
	case reflect.Map:
		return mayHoldUnknown(t.Elem(), seen)
	case reflect.Interface:
		return true
	case reflect.Struct:
		if seen[t] {
			return false // the type is being looked at further up
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && mayHoldUnknown(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// walkUnknown calls found with every non-empty Unknown map reachable from
// v and its path. Paths are built only for the maps found.
func walkUnknown(v reflect.Value, prefix string, found func(m reflect.Value, path string)) {
	var buf [16]pathStep
	w := unknownWalk{found: found, path: buf[:0]}
	if prefix != "" {
		w.path = append(w.path, pathStep{name: prefix})
	}
	w.walk(v)
}

// pathStep is one step of a path: a member name, or a list index when
// isIndex.
type pathStep struct {
	name    string
	index   int
	isIndex bool
}

type unknownWalk struct {
	path  []pathStep
	found func(m reflect.Value, path string)
}

func (w *unknownWalk) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			w.walk(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if !holdsUnknown(v.Type().Elem()) {
			return
		}
		for i := range v.Len() {
			w.path = append(w.path, pathStep{index: i, isIndex: true})
			w.walk(v.Index(i))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Map:
		if v.Len() == 0 || v.Type().Key().Kind() != reflect.String || !holdsUnknown(v.Type().Elem()) {
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			// Map values are not addressable; the Unknown maps inside
			// them are references, which DropUnknown clears in place.
			w.path = append(w.path, pathStep{name: k.String()})
			w.walk(v.MapIndex(k))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Struct:
		p := planOf(v.Type())
		for _, i := range p.unknown {
			if m := v.Field(i); m.Len() > 0 {
				w.found(m, w.pathString())
			}
		}
		for _, f := range p.fields {
			if f.name == "" {
				w.walk(v.Field(f.index))
				continue
			}
			w.path = append(w.path, pathStep{name: f.name})
			w.walk(v.Field(f.index))
			w.path = w.path[:len(w.path)-1]
		}
	}
}

// pathString prints the current path.
func (w *unknownWalk) pathString() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.isIndex {
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

// joinFieldPath appends a member name to a path.
func joinFieldPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
