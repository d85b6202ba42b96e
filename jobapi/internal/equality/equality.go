// Package equality decides whether two values of jobkit's API types mean
// the same, as Kubernetes' apiequality.Semantic.DeepEqual (package
// k8s.io/apimachinery/pkg/api/equality over the forked reflect.DeepEqual
// of third_party/forked/golang/reflect) decides it for Kubernetes' types.
// It is the one equality that update validation (jobapi's Job, CronJob and
// status updates, core's pod updates) uses to tell "unchanged" from
// "changed".
//
// The model: a deep, reflective walk of two values of the same type, with
// these rules, each named after the Kubernetes rule it mirrors:
//   - a [resource.Quantity] by value ([resource.Quantity.Cmp] is 0):
//     "1Ki" equals "1024", and the zero Quantity equals "0";
//   - a [meta.Time], or a [time.Time], by instant (Kubernetes compares
//     their UTC forms): two zero times are equal;
//   - a [selector.Selector] by its String form;
//   - [meta.Unknown], the members a type does not model, and
//     [meta.RawJSON] by the meaning of their JSON ([meta.Unknown.Equal],
//     [meta.RawJSON.Equal]: members in any order, numbers by value), so
//     that a value differing only in a member jobkit does not model is
//     still changed, and one whose unmodeled members were merely reordered
//     is not;
//   - an empty slice or map equals a nil one; otherwise slices are equal
//     element by element and maps key by key;
//   - pointers and interfaces are equal when both are nil, or both point
//     to (hold) equal values of the same type; a nil pointer never equals a
//     pointer to a zero value;
//   - structs field by field, unexported fields too; everything else with
//     == (so a NaN float equals nothing, as in Kubernetes); functions are
//     equal only when both are nil.
//
// [ChangedMembers] names the JSON members in which two structs differ,
// for the value of an "immutable" error.
//
// Non-goals: this is not a general deep equality, nor a fast one.
// Update validation is not the decode path, and Kubernetes uses
// reflection here too; still, comparing two pointers to API structs
// allocates nothing, except to compare a map other than
// map[string]string and Unknown (a resource list, say: its entries are
// copied out) and unmodeled JSON that differs in its text (it is decoded
// to be compared by meaning). It never panics; a special type (Quantity,
// Time, Selector) reached only through an unexported field cannot have
// its method called, so it is compared field by field there (no jobkit
// API type stores one that way). Cyclic values are compared as Go's
// reflect.DeepEqual compares them: a pair of references seen again, deep
// in the walk, counts as equal.
package equality

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
)

// Semantic reports whether a and b mean the same under the package's
// rules (see the package comment): Kubernetes'
// apiequality.Semantic.DeepEqual on jobkit's types. Pass pointers to
// structs (Semantic(&job.Spec, &old.Spec)): the walk then reads the values
// in place, where a struct passed by value is copied into an interface
// first.
func Semantic[T any](a, b T) bool {
	va, vb := reflect.ValueOf(any(a)), reflect.ValueOf(any(b))
	if !va.IsValid() || !vb.IsValid() {
		// T is an interface type holding nil on at least one side.
		return va.IsValid() == vb.IsValid()
	}
	if va.Type() != vb.Type() {
		return false
	}
	var w walker
	return w.equal(va, vb)
}

// untrackedDepth is how deep a walk goes before it starts remembering
// the references it compares: API objects are trees far shallower than
// this, so only a cyclic value pays for the bookkeeping.
const untrackedDepth = 100

// visit is a pair of references of one type being compared.
type visit struct {
	a, b uintptr
	t    reflect.Type
}

// walker holds the state of one comparison.
type walker struct {
	depth   int
	visited map[visit]bool
}

// equal compares a and b, two valid values of the same type.
func (w *walker) equal(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Struct:
		if eq, ok := specialStruct(a, b); ok {
			return eq
		}
		w.depth++
		eq := true
		for i, n := 0, a.NumField(); eq && i < n; i++ {
			eq = w.equal(a.Field(i), b.Field(i))
		}
		w.depth--
		return eq
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.UnsafePointer() == b.UnsafePointer() || w.seen(a, b) {
			return true
		}
		w.depth++
		eq := w.equal(a.Elem(), b.Elem())
		w.depth--
		return eq
	case reflect.Slice:
		return w.slice(a, b)
	case reflect.Map:
		return w.mapEqual(a, b)
	case reflect.Array:
		return w.elements(a, b)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		ea, eb := a.Elem(), b.Elem()
		if ea.Type() != eb.Type() {
			return false
		}
		w.depth++
		eq := w.equal(ea, eb)
		w.depth--
		return eq
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	case reflect.Chan, reflect.UnsafePointer:
		return a.UnsafePointer() == b.UnsafePointer()
	}
	return false // reflect.Invalid: not reached, values are valid
}

// slice compares two slices: empty equals nil, [meta.RawJSON] by meaning.
func (w *walker) slice(a, b reflect.Value) bool {
	if a.Type() == reflect.TypeFor[meta.RawJSON]() {
		if x, y, ok := values[meta.RawJSON](a, b); ok {
			return x.Equal(*y)
		}
	}
	if a.Len() != b.Len() {
		return false
	}
	if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() || w.seen(a, b) {
		return true
	}
	return w.elements(a, b)
}

// elements compares two slices or arrays of the same length element by
// element.
func (w *walker) elements(a, b reflect.Value) bool {
	w.depth++
	eq := true
	for i, n := 0, a.Len(); eq && i < n; i++ {
		eq = w.equal(a.Index(i), b.Index(i))
	}
	w.depth--
	return eq
}

// mapEqual compares two maps: empty equals nil, [meta.Unknown] by
// meaning, the string maps of labels and annotations without reflection.
func (w *walker) mapEqual(a, b reflect.Value) bool {
	if a.Len() == 0 || b.Len() == 0 {
		return a.Len() == b.Len()
	}
	if a.CanInterface() && b.CanInterface() {
		switch x := a.Interface().(type) {
		case meta.Unknown:
			return x.Equal(b.Interface().(meta.Unknown))
		case map[string]string:
			y := b.Interface().(map[string]string)
			if len(x) != len(y) {
				return false
			}
			for k, v := range x {
				if u, ok := y[k]; !ok || u != v {
					return false
				}
			}
			return true
		}
	}
	if a.Len() != b.Len() {
		return false
	}
	if a.UnsafePointer() == b.UnsafePointer() || w.seen(a, b) {
		return true
	}
	w.depth++
	eq := true
	it := a.MapRange()
	if a.CanInterface() {
		// One key and one value for the whole walk, not one per entry.
		key := reflect.New(a.Type().Key()).Elem()
		val := reflect.New(a.Type().Elem()).Elem()
		for eq && it.Next() {
			key.SetIterKey(it)
			val.SetIterValue(it)
			other := b.MapIndex(key)
			eq = other.IsValid() && w.equal(val, other)
		}
	} else {
		// A map reached through an unexported field: its entries cannot
		// be copied into settable values.
		for eq && it.Next() {
			other := b.MapIndex(it.Key())
			eq = other.IsValid() && w.equal(it.Value(), other)
		}
	}
	w.depth--
	return eq
}

// seen reports whether the walk, deep enough to suspect a cycle, already
// compares the references a and b (pointers, slices or maps of one
// type); it remembers them otherwise.
func (w *walker) seen(a, b reflect.Value) bool {
	if w.depth < untrackedDepth {
		return false
	}
	x, y := uintptr(a.UnsafePointer()), uintptr(b.UnsafePointer())
	if x > y {
		x, y = y, x
	}
	v := visit{x, y, a.Type()}
	if w.visited[v] {
		return true
	}
	if w.visited == nil {
		w.visited = make(map[visit]bool)
	}
	w.visited[v] = true
	return false
}

// specialStruct compares a and b by the rule of their type when it has
// one (Quantity, Time, Selector); ok is false for any other struct, or
// when the values cannot be read as their type (reached through an
// unexported field).
func specialStruct(a, b reflect.Value) (eq, ok bool) {
	switch a.Type() {
	case reflect.TypeFor[resource.Quantity]():
		if x, y, ok := values[resource.Quantity](a, b); ok {
			return x.Cmp(*y) == 0, true
		}
	case reflect.TypeFor[meta.Time]():
		if x, y, ok := values[meta.Time](a, b); ok {
			return x.Equal(*y), true
		}
	case reflect.TypeFor[time.Time]():
		if x, y, ok := values[time.Time](a, b); ok {
			return x.Equal(*y), true
		}
	case reflect.TypeFor[selector.Selector]():
		if x, y, ok := values[selector.Selector](a, b); ok {
			return x.String() == y.String(), true
		}
	}
	return false, false
}

// values returns a and b, values of type T, as pointers: to the values
// themselves when they are addressable (no copy), to copies otherwise.
// ok is false when they cannot be read (reached through an unexported
// field).
func values[T any](a, b reflect.Value) (x, y *T, ok bool) {
	if !a.CanInterface() || !b.CanInterface() {
		return nil, nil, false
	}
	return pointer[T](a), pointer[T](b), true
}

// pointer returns v, a readable value of type T, as a pointer.
func pointer[T any](v reflect.Value) *T {
	if v.CanAddr() {
		return v.Addr().Interface().(*T)
	}
	c := v.Interface().(T)
	return &c
}

// ChangedMembers returns the names of the JSON members in which *a and *b,
// two values of a struct type T, are not [Semantic]ally equal, sorted:
// each field by the name its json tag gives it (the Go name without one;
// the fields of an untagged embedded struct as members of T), and each
// member of an [meta.Unknown] field by its own name. Fields tagged
// `json:"-"` other than Unknown are compared under the Go name. A nil a or
// b, or a T that is not a struct, gives nil.
func ChangedMembers[T any](a, b *T) []string {
	if a == nil || b == nil {
		return nil
	}
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	if va.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	changedFields(va, vb, &out)
	slices.Sort(out)
	return slices.Compact(out)
}

// changedFields appends to out the members of the structs a and b that
// differ.
func changedFields(a, b reflect.Value, out *[]string) {
	t := a.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		fa, fb := a.Field(i), b.Field(i)
		if f.Type == reflect.TypeFor[meta.Unknown]() && fa.CanInterface() {
			*out = append(*out, changedUnknown(fa.Interface().(meta.Unknown), fb.Interface().(meta.Unknown))...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			changedFields(fa, fb, out)
			continue
		}
		if name == "" || name == "-" {
			name = f.Name
		}
		var w walker
		if !w.equal(fa, fb) {
			*out = append(*out, name)
		}
	}
}

// changedUnknown returns the names of the members of a and b whose values
// differ, or that only one holds.
func changedUnknown(a, b meta.Unknown) []string {
	var out []string
	for k, v := range a {
		if u, ok := b[k]; !ok || !v.Equal(u) {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	return out
}
