package jobtest

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Fill sets every exported field of *ptr, at every depth, to random data
// drawn from seed: strings that stress JSON and YAML quoting, extreme
// integers, times, Unknown members and opaque JSON. Property tests use it
// so that every field a type has is exercised: a field a DeepCopy, a
// converter or a codec forgets shows up as a difference.
//
// The values it makes survive a JSON round trip unchanged: slices and maps
// are nil or non-empty, a *Time never points to the zero Time nor a
// *RawJSON to empty JSON, and Unknown
// members never use a name their struct models. The same seed gives the
// same value. Fill fails the test if ptr is not a non-nil pointer or holds a
// field kind it cannot fill.
func Fill(t testing.TB, ptr any, seed uint64) {
	t.Helper()
	v := reflect.ValueOf(ptr)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		t.Fatalf("jobtest.Fill: want a non-nil pointer, got %T", ptr)
	}
	f := &filler{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	if err := f.fill(v.Elem()); err != nil {
		t.Fatalf("jobtest.Fill(%T): %v", ptr, err)
	}
}

// filler holds the random source of one Fill.
type filler struct {
	r *rand.Rand
}

var (
	unknownT = reflect.TypeFor[meta.Unknown]()
	rawT     = reflect.TypeFor[meta.RawJSON]()
	timeT    = reflect.TypeFor[meta.Time]()

	intOrStringT = reflect.TypeFor[core.IntOrString]()
)

// strs are strings that stress JSON and YAML quoting.
var strs = []string{
	"", "a", "job-1", "batch.kubernetes.io/job-completion-index", "true", "null", "123", "1.5",
	"yes", "~", "- x", "a: b", "#c", "quote\"d", "back\\slash", "<tag>&", "line\nbreak",
	"tab\there", "ünïcödé", "日本", "emoji 🙂", " lead", "trail ", "0x1F", "2024-01-01T00:00:00Z",
}

func (f *filler) str() string {
	if f.r.IntN(3) == 0 {
		return fmt.Sprintf("s%d", f.r.IntN(1000))
	}
	return strs[f.r.IntN(len(strs))]
}

// json returns random compact JSON of depth at most d.
func (f *filler) json(d int) string {
	k := f.r.IntN(7)
	if d <= 0 {
		k = f.r.IntN(4)
	}
	switch k {
	case 0:
		return fmt.Sprintf("%d", f.r.IntN(2000)-1000)
	case 1:
		b, _ := json.Marshal(f.str())
		return string(b)
	case 2:
		return []string{"true", "false", "null", "1.5"}[f.r.IntN(4)]
	case 3:
		return "{}"
	case 4, 5:
		n := 1 + f.r.IntN(3)
		parts := make([]string, 0, n)
		seen := map[string]bool{}
		for i := 0; i < n; i++ {
			k := f.str()
			if seen[k] {
				continue
			}
			seen[k] = true
			kb, _ := json.Marshal(k)
			parts = append(parts, string(kb)+":"+f.json(d-1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	default:
		n := f.r.IntN(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f.json(d - 1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
}

// unknown returns random members whose names no field of t uses.
func (f *filler) unknown(t reflect.Type) meta.Unknown {
	if f.r.IntN(3) == 0 {
		return nil
	}
	known := jsonNames(t)
	u := meta.Unknown{}
	for i := 0; i < 1+f.r.IntN(3); i++ {
		name := []string{"affinity", "tolerations", "x-new", "resources", "f:odd name", "ünknown"}[f.r.IntN(6)]
		if slices.Contains(known, name) {
			continue
		}
		u[name] = meta.RawJSON(f.json(3))
	}
	return u
}

// jsonNames lists the JSON member names of struct type t, inline structs
// included.
func jsonNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			out = append(out, jsonNames(sf.Type)...)
			continue
		}
		out = append(out, name)
	}
	return out
}

func (f *filler) fill(v reflect.Value) error {
	t := v.Type()
	switch t {
	case timeT:
		if f.r.IntN(4) == 0 {
			v.Set(reflect.ValueOf(meta.Time{}))
			return nil
		}
		v.Set(reflect.ValueOf(f.time()))
		return nil
	case rawT:
		if f.r.IntN(2) == 0 {
			v.SetZero()
			return nil
		}
		v.Set(reflect.ValueOf(meta.RawJSON("[" + f.json(3) + "]")))
		return nil
	case intOrStringT:
		// Only IntType and StringType encode.
		if f.r.IntN(2) == 0 {
			v.Set(reflect.ValueOf(core.FromInt32(f.r.Int32() - f.r.Int32())))
		} else {
			v.Set(reflect.ValueOf(core.FromString(f.str())))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !t.Field(i).IsExported() {
				continue
			}
			if t.Field(i).Type == unknownT {
				v.Field(i).Set(reflect.ValueOf(f.unknown(t)))
				continue
			}
			if err := f.fill(v.Field(i)); err != nil {
				return err
			}
			if sf := t.Field(i); sf.Anonymous && sf.Tag.Get("json") == "" && sf.Type.Kind() == reflect.Struct {
				// Inline, a struct's own Unknown is not used: the
				// enclosing struct's keeps the members.
				if u := v.Field(i).FieldByName("Unknown"); u.IsValid() && u.Type() == unknownT {
					u.SetZero()
				}
			}
		}
	case reflect.Pointer:
		if f.r.IntN(3) == 0 {
			v.SetZero()
			return nil
		}
		p := reflect.New(t.Elem())
		switch {
		case t.Elem() == timeT:
			p.Elem().Set(reflect.ValueOf(f.time()))
		case t.Elem() == rawT:
			// Empty JSON behind a pointer is written null, which reads
			// back as a nil pointer.
			p.Elem().Set(reflect.ValueOf(meta.RawJSON("[" + f.json(3) + "]")))
		default:
			if err := f.fill(p.Elem()); err != nil {
				return err
			}
		}
		v.Set(p)
	case reflect.Slice:
		if f.r.IntN(3) == 0 {
			v.SetZero()
			return nil
		}
		n := 1 + f.r.IntN(3)
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			if err := f.fill(s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Map:
		if f.r.IntN(3) == 0 {
			v.SetZero()
			return nil
		}
		m := reflect.MakeMap(t)
		for i := 0; i < 1+f.r.IntN(3); i++ {
			k := reflect.New(t.Key()).Elem()
			e := reflect.New(t.Elem()).Elem()
			if err := f.fill(k); err != nil {
				return err
			}
			if err := f.fill(e); err != nil {
				return err
			}
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString(f.str())
	case reflect.Bool:
		v.SetBool(f.r.IntN(2) == 0)
	case reflect.Int32:
		v.SetInt([]int64{0, 1, 6, -1, math.MaxInt32, math.MinInt32, int64(f.r.Int32())}[f.r.IntN(7)])
	case reflect.Int64:
		v.SetInt([]int64{0, 1, 30, -1, math.MaxInt64, math.MinInt64, f.r.Int64()}[f.r.IntN(7)])
	default:
		return fmt.Errorf("cannot fill a field of type %s", t)
	}
	return nil
}

func (f *filler) time() meta.Time {
	return meta.NewTime(time.Unix(int64(f.r.IntN(2_000_000_000))+1, 0))
}

// SharedMemory lists the places, as Go selector paths from "a", where a and
// b hold the same pointer, slice array or map: what a deep copy or a
// converter must never do. It returns nil when they share nothing. a and b
// may have different types (a versioned Job and the hub Job): struct fields
// are paired by name.
func SharedMemory(a, b any) []string {
	return sharedMemory(reflect.ValueOf(a), reflect.ValueOf(b), "a")
}

func sharedMemory(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		out = append(out, sharedMemory(a.Elem(), b.Elem(), "(*"+path+")")...)
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for i := 0; i < a.Len() && i < b.Len(); i++ {
			out = append(out, sharedMemory(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return nil
		}
		if a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for _, k := range a.MapKeys() {
			if bv := b.MapIndex(k); bv.IsValid() {
				out = append(out, sharedMemory(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k))...)
			}
		}
	case reflect.Struct:
		if b.Kind() != reflect.Struct {
			return nil
		}
		for i := 0; i < a.NumField(); i++ {
			sf := a.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			if bf := b.FieldByName(sf.Name); bf.IsValid() {
				out = append(out, sharedMemory(a.Field(i), bf, path+"."+sf.Name)...)
			}
		}
	}
	return out
}
