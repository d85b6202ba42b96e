// Package deepcopytest checks deep copies by their effects: Independent
// changes every value reachable from a copy and requires the original to
// stay as it was.
//
// The model: a copy shares memory with its original exactly when some
// write through the copy shows in the original. Independent therefore
// snapshots the original with its own reflective clone (never with the
// copy function under test), writes through the copy everywhere it can
// (each pointed-to value, each slice and array element, each map entry,
// to which it also adds one, every string, number and boolean, Unknown
// members and opaque JSON bytes included) and compares the original with
// the snapshot. Unlike an address comparison (jobtest.SharedMemory), this
// also catches two different slices over one array and memory reached
// only through a map value.
//
// Non-goals: unexported fields are neither written nor walked, since
// reflection cannot set them (the only ones in jobkit's API types are a
// quantity's, which are never changed in place, and time.Time's);
// interfaces, channels and functions are not walked.
package deepcopytest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// Check returns a test of deepCopy, for t.Run: for 20 values of T filled
// at random (jobtest.Fill, Unknown members at every level included) that
// hold something to write, Independent must hold. A value filled with
// nothing but nils is skipped: the seeds run on until 20 values were
// tested, and the test fails if 200 seeds do not give them.
//
//	t.Run("Job", deepcopytest.Check((*jobapi.Job).DeepCopy))
func Check[T any](deepCopy func(*T) *T) func(t *testing.T) {
	return func(t *testing.T) {
		t.Helper()
		tested := 0
		for seed := uint64(0); seed < 200 && tested < 20; seed++ {
			in := new(T)
			jobtest.Fill(t, in, seed)
			err := Independent(in, deepCopy)
			if errors.Is(err, ErrNothingToWrite) {
				continue
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			tested++
		}
		if tested < 20 {
			t.Fatalf("only %d of 200 random values held something to write; want 20", tested)
		}
	}
}

// ErrNothingToWrite is Independent's error for a value that holds nothing
// Mutate can change, whose test could not fail.
var ErrNothingToWrite = errors.New("writing through the copy changed nothing: the value holds nothing to write")

// Independent copies in with deepCopy, writes through the copy everywhere
// and reports an error when the original changed, when two values of the
// copy overlap in memory while the original's do not (see [Overlaps]: a
// copy that packs values together must keep them apart), or when the
// writes changed nothing (ErrNothingToWrite: a test that writes nothing cannot fail). in is left as
// it was when Independent returns nil. opts are the cmp options that
// compare values of T (for types with unexported fields).
func Independent[T any](in *T, deepCopy func(*T) *T, opts ...cmp.Option) error {
	snapshot := Clone(reflect.ValueOf(in)).Interface().(*T)
	out := deepCopy(in)
	if out == nil {
		return fmt.Errorf("DeepCopy returned nil for a non-nil value")
	}
	if diff := cmp.Diff(snapshot, out, opts...); diff != "" {
		return fmt.Errorf("DeepCopy differs from the original (-original +copy):\n%s", diff)
	}
	if Overlaps(reflect.ValueOf(in)) == nil {
		if err := Overlaps(reflect.ValueOf(out)); err != nil {
			return fmt.Errorf("the copy's own values overlap where the original's do not: %w", err)
		}
	}
	Mutate(reflect.ValueOf(out).Elem())
	if diff := cmp.Diff(snapshot, in, opts...); diff != "" {
		return fmt.Errorf("writing through the copy changed the original (-before +after):\n%s", diff)
	}
	if cmp.Equal(snapshot, out, opts...) {
		return ErrNothingToWrite
	}
	return nil
}

// span is the memory of one value reached through a pointer or a slice.
type span struct {
	start, end uintptr
	path       string
}

// Overlaps reports an error naming two values reachable from v whose
// memory overlaps: the targets of two pointers, or the arrays of two
// slices up to their capacity (so that appending to one can never write
// into the other), or one of each. The same pointer or slice reached
// twice counts as an overlap too. Strings, map internals and unexported
// fields are not looked at; zero-size values take no memory.
func Overlaps(v reflect.Value) error {
	var spans []span
	collectSpans(v, "", &spans, map[uintptr]bool{})
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			return fmt.Errorf("%s and %s share memory", spans[i-1].path, spans[i].path)
		}
	}
	return nil
}

// collectSpans appends the spans of the values reachable from v, at path;
// seen holds the pointers walked, so that a cycle ends.
func collectSpans(v reflect.Value, path string, spans *[]span, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if size := v.Type().Elem().Size(); size > 0 {
			*spans = append(*spans, span{v.Pointer(), v.Pointer() + size, "*" + path})
		}
		if seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		collectSpans(v.Elem(), path, spans, seen)
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if size := uintptr(v.Cap()) * v.Type().Elem().Size(); size > 0 {
			*spans = append(*spans, span{v.Pointer(), v.Pointer() + size, path + "[:cap]"})
		}
		for i := 0; i < v.Len(); i++ {
			collectSpans(v.Index(i), fmt.Sprintf("%s[%d]", path, i), spans, seen)
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			collectSpans(v.Index(i), fmt.Sprintf("%s[%d]", path, i), spans, seen)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		it := v.MapRange()
		for it.Next() {
			collectSpans(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), spans, seen)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				collectSpans(v.Field(i), path+"."+f.Name, spans, seen)
			}
		}
	}
}

// Clone returns a deep copy of v made by reflection: new pointed-to
// values, slices and maps at every depth. Unexported fields are copied by
// assignment with the struct that holds them.
func Clone(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	cloneInto(out, v)
	return out
}

// cloneInto sets dst, settable and of src's type, to a deep copy of src.
func cloneInto(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		cloneInto(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			cloneInto(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		it := src.MapRange()
		for it.Next() {
			m.SetMapIndex(it.Key(), Clone(it.Value()))
		}
		dst.Set(m)
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			cloneInto(dst.Index(i), src.Index(i))
		}
	case reflect.Struct:
		dst.Set(src)
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() {
				cloneInto(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// addedKey is the member Mutate adds to every map with string keys.
const addedKey = "deepcopytest-added"

// Mutate writes to every value reachable from v, which must be settable:
// it changes each string, number and boolean, walks into each pointed-to
// value, slice and array element and map value (writing the changed value
// back), and adds a member to each map with string keys.
func Mutate(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			Mutate(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			Mutate(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		for _, k := range v.MapKeys() {
			// A map value is not addressable: change a copy of it,
			// which writes through whatever it points to, and store
			// the copy back.
			c := reflect.New(v.Type().Elem()).Elem()
			c.Set(v.MapIndex(k))
			Mutate(c)
			v.SetMapIndex(k, c)
		}
		if v.Type().Key().Kind() == reflect.String {
			v.SetMapIndex(reflect.ValueOf(addedKey).Convert(v.Type().Key()), reflect.New(v.Type().Elem()).Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				Mutate(v.Field(i))
			}
		}
	case reflect.String:
		v.SetString(v.String() + "~")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() ^ 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(v.Uint() ^ 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	}
}

// Case is one row of a package's deep-copy table: a type's name and the
// test of its deep copy (usually [Check]).
type Case struct {
	Name string
	Run  func(t *testing.T)
}

// Type returns the case of type name, whose generated deep copy is
// deepCopy: [Check] on it.
func Type[T any](name string, deepCopy func(*T) *T) Case {
	return Case{Name: name, Run: Check(deepCopy)}
}

// RunAll runs every case as a subtest named after its type, and fails
// unless the cases name, in order, every type of the package's
// zz_generated.deepcopy.go (in the test's working directory), so that a
// newly generated type cannot be left out.
func RunAll(t *testing.T, cases []Case) {
	t.Helper()
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
		t.Run(c.Name, c.Run)
	}
	if diff := cmp.Diff(GeneratedTypes(t, "zz_generated.deepcopy.go"), names); diff != "" {
		t.Errorf("the table must name every type of zz_generated.deepcopy.go, in order (-generated +table):\n%s", diff)
	}
}

// GeneratedTypes returns, sorted, the receiver types of the DeepCopy
// methods in the Go file at path (a package's zz_generated.deepcopy.go),
// so that a test can check its table of types is complete.
func GeneratedTypes(t testing.TB, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Name.Name != "DeepCopy" || len(fd.Recv.List) != 1 {
			continue
		}
		if star, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
			if id, ok := star.X.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}
