package core_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// fixture is a manifest in testdata and the type it decodes into.
type fixture struct {
	file string
	new  func() any
}

var fixtures = []fixture{
	{"testdata/podtemplate.json", func() any { return new(core.PodTemplateSpec) }},
	{"testdata/pod.json", func() any { return new(core.Pod) }},
}

func readFixture(t *testing.T, f fixture) ([]byte, any) {
	t.Helper()
	data, err := os.ReadFile(f.file)
	if err != nil {
		t.Fatal(err)
	}
	v := f.new()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %s: %v", f.file, err)
	}
	return data, v
}

// TestFixturesRoundTrip decodes each fixture, checks that every member was
// modeled (no Unknown anywhere), encodes it back to the same JSON value,
// decodes that to an equal value, and encodes that to the same bytes.
func TestFixturesRoundTrip(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.file, func(t *testing.T) {
			data, v := readFixture(t, f)
			if u := unknownPaths(reflect.ValueOf(v), "x"); len(u) != 0 {
				t.Errorf("members kept in Unknown instead of typed fields:\n%s", strings.Join(u, "\n"))
			}
			enc, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if !meta.RawJSON(compact(t, data)).Equal(enc) {
				t.Errorf("encoding differs from the fixture:\n%s", jsonDiff(t, data, enc))
			}
			v2 := f.new()
			if err := json.Unmarshal(enc, v2); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(v, v2); diff != "" {
				t.Errorf("decode(encode(x)) != x (-want +got):\n%s", diff)
			}
			enc2, err := json.Marshal(v2)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, enc2) {
				t.Errorf("re-encoding is not byte-identical:\n%s\n%s", enc, enc2)
			}
		})
	}
}

// TestFixturesSetEveryField checks that the fixtures, together, give every
// field of every struct type a Pod or a PodTemplateSpec can hold a
// non-zero value: a round trip of the fixtures then exercises all of them.
func TestFixturesSetEveryField(t *testing.T) {
	covered := map[string]bool{}
	for _, f := range fixtures {
		_, v := readFixture(t, f)
		markCovered(reflect.ValueOf(v), covered)
	}
	all := map[string]bool{}
	listFields(reflect.TypeFor[core.Pod](), all)
	listFields(reflect.TypeFor[core.PodTemplateSpec](), all)
	var missing []string
	for name := range all {
		if !covered[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) != 0 {
		t.Errorf("fields no fixture sets:\n%s", strings.Join(missing, "\n"))
	}
	if len(all) < 400 {
		t.Errorf("only %d fields reachable from Pod; the walk is broken", len(all))
	}
}

// isLeaf reports whether values of t are checked as a whole rather than
// field by field.
func isLeaf(t reflect.Type) bool {
	switch t {
	case reflect.TypeFor[meta.Time](), reflect.TypeFor[resource.Quantity](),
		reflect.TypeFor[meta.Unknown](), reflect.TypeFor[meta.RawJSON]():
		return true
	}
	return false
}

// listFields adds "Type.Field" for every field of every struct type
// reachable from t, except Unknown, to out.
func listFields(t reflect.Type, out map[string]bool) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			if t.Kind() == reflect.Map {
				walk(t.Key())
			}
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || isLeaf(t) || seen[t] {
			return
		}
		seen[t] = true
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() || sf.Name == "Unknown" {
				continue
			}
			out[t.Name()+"."+sf.Name] = true
			walk(sf.Type)
		}
	}
	walk(t)
}

// markCovered records "Type.Field" for every non-zero field under v.
func markCovered(v reflect.Value, covered map[string]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			markCovered(v.Elem(), covered)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			markCovered(v.Index(i), covered)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			markCovered(v.MapIndex(k), covered)
		}
	case reflect.Struct:
		if isLeaf(v.Type()) {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			if !sf.IsExported() || sf.Name == "Unknown" {
				continue
			}
			fv := v.Field(i)
			if !fv.IsZero() || isFalseBoolPointer(fv) {
				covered[v.Type().Name()+"."+sf.Name] = true
			}
			markCovered(fv, covered)
		}
	}
}

// isFalseBoolPointer: a *bool set to false is set.
func isFalseBoolPointer(v reflect.Value) bool {
	return v.Kind() == reflect.Pointer && !v.IsNil()
}

// unknownPaths lists the paths under v whose Unknown is not empty.
func unknownPaths(v reflect.Value, path string) []string {
	var out []string
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out = append(out, unknownPaths(v.Elem(), path)...)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			out = append(out, unknownPaths(v.Index(i), path+"["+strconv.Itoa(i)+"]")...)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			out = append(out, unknownPaths(v.MapIndex(k), path+"[…]")...)
		}
	case reflect.Struct:
		if isLeaf(v.Type()) {
			return nil
		}
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			if u, ok := v.Field(i).Interface().(meta.Unknown); ok {
				for name := range u {
					out = append(out, path+": "+name)
				}
				continue
			}
			out = append(out, unknownPaths(v.Field(i), path+"."+sf.Name)...)
		}
	}
	return out
}

func compact(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// jsonDiff shows the difference between two JSON documents as decoded
// values.
func jsonDiff(t *testing.T, want, got []byte) string {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(want, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &b); err != nil {
		t.Fatal(err)
	}
	return cmp.Diff(a, b)
}
