package equality_test

import (
	"bytes"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/equality"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
)

// node is a type that can form a cycle.
type node struct {
	Next *node
	V    int
}

// hidden has only unexported fields, as a type from another package may.
type hidden struct {
	list []string
	m    map[string]int
	q    resource.Quantity
}

func ptr[T any](v T) *T { return &v }

func mustSelector(t *testing.T, s string) selector.Selector {
	t.Helper()
	sel, err := selector.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// template is a pod template with a bit of everything: labels, resources,
// a toleration, a time and unmodeled members.
func template(labels int) *core.PodTemplateSpec {
	t := &core.PodTemplateSpec{
		ObjectMeta: meta.ObjectMeta{
			Labels:            map[string]string{"app": "pi"},
			Annotations:       map[string]string{"note": "x"},
			CreationTimestamp: meta.NewTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)),
		},
		Spec: core.PodSpec{
			RestartPolicy: core.RestartPolicyNever,
			NodeSelector:  map[string]string{"disk": "ssd"},
			Tolerations:   []core.Toleration{{Key: "gpu", Operator: core.TolerationOpExists, TolerationSeconds: ptr[int64](30)}},
			Containers: []core.Container{{
				Name:    "pi",
				Image:   "perl:5.34",
				Command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"},
				Resources: core.ResourceRequirements{
					Requests: core.ResourceList{"cpu": resource.MustParse("500m"), "memory": resource.MustParse("64Mi")},
					Limits:   core.ResourceList{"cpu": resource.MustParse("1")},
				},
				Unknown: meta.Unknown{"x-future": meta.RawJSON(`{"a":1,"b":[true,null]}`)},
			}},
		},
	}
	for i := range labels {
		t.ObjectMeta.Labels["label-"+strconv.Itoa(i)] = "value-" + strconv.Itoa(i)
	}
	return t
}

func TestSemantic(t *testing.T) {
	oneKi, kilo := resource.MustParse("1Ki"), resource.MustParse("1024")
	noon := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	paris := time.FixedZone("CEST", 2*60*60)
	tests := []struct {
		name string
		eq   func() bool
		want bool
	}{
		// resource.Quantity by Cmp.
		{"a quantity equals another spelling of its value", func() bool { return equality.Semantic(&oneKi, &kilo) }, true},
		{"a quantity in millis equals the whole number", func() bool {
			return equality.Semantic(resource.MustParse("1000m"), resource.MustParse("1"))
		}, true},
		{"the zero quantity equals 0", func() bool { return equality.Semantic(resource.Quantity{}, resource.MustParse("0")) }, true},
		{"quantities of different values differ", func() bool {
			return equality.Semantic(resource.MustParse("1"), resource.MustParse("1001m"))
		}, false},
		{"resource lists compare their quantities by value", func() bool {
			return equality.Semantic(core.ResourceList{"cpu": resource.MustParse("1000m")}, core.ResourceList{"cpu": resource.MustParse("1")})
		}, true},
		{"resource lists with different names differ", func() bool {
			return equality.Semantic(core.ResourceList{"cpu": resource.MustParse("1")}, core.ResourceList{"memory": resource.MustParse("1")})
		}, false},
		// meta.Time and time.Time by instant.
		{"a time equals the same instant in another zone", func() bool {
			return equality.Semantic(meta.Time{Time: noon}, meta.Time{Time: noon.In(paris)})
		}, true},
		{"times of different instants differ", func() bool {
			return equality.Semantic(meta.NewTime(noon), meta.NewTime(noon.Add(time.Second)))
		}, false},
		{"two zero times are equal", func() bool { return equality.Semantic(meta.Time{}, meta.Time{}) }, true},
		{"a zero time differs from a set one", func() bool { return equality.Semantic(meta.Time{}, meta.NewTime(noon)) }, false},
		{"a time.Time equals the same instant in another zone", func() bool { return equality.Semantic(noon, noon.In(paris)) }, true},
		// selector.Selector by String.
		{"selectors with the same requirements in another order are equal", func() bool {
			return equality.Semantic(mustSelector(t, "a=b,c in (d)"), mustSelector(t, "c in (d),a=b"))
		}, true},
		{"selectors with different requirements differ", func() bool {
			return equality.Semantic(mustSelector(t, "a=b"), mustSelector(t, "a!=b"))
		}, false},
		// meta.Unknown and meta.RawJSON by meaning.
		{"unmodeled members in another order are equal", func() bool {
			return equality.Semantic(meta.Unknown{"x": meta.RawJSON(`{"a":1,"b":2}`)}, meta.Unknown{"x": meta.RawJSON(`{"b":2,"a":1}`)})
		}, true},
		{"unmodeled numbers are compared by value", func() bool {
			return equality.Semantic(meta.Unknown{"x": meta.RawJSON(`1`)}, meta.Unknown{"x": meta.RawJSON(`1.0`)})
		}, true},
		{"an unmodeled member that changed counts", func() bool {
			return equality.Semantic(meta.Unknown{"x": meta.RawJSON(`1`)}, meta.Unknown{"x": meta.RawJSON(`2`)})
		}, false},
		{"an unmodeled member that was added counts", func() bool {
			return equality.Semantic(meta.Unknown(nil), meta.Unknown{"x": meta.RawJSON(`null`)})
		}, false},
		{"a nil Unknown equals an empty one", func() bool { return equality.Semantic(meta.Unknown(nil), meta.Unknown{}) }, true},
		{"an empty RawJSON equals null", func() bool { return equality.Semantic(meta.RawJSON(nil), meta.RawJSON(`null`)) }, true},
		{"a struct differing only in an unmodeled member differs", func() bool {
			a := template(0)
			b := a.DeepCopy()
			b.Spec.Containers[0].Unknown["x-future"] = meta.RawJSON(`{"a":2,"b":[true,null]}`)
			return equality.Semantic(a, b)
		}, false},
		// Nil and empty slices and maps.
		{"a nil slice equals an empty one", func() bool { return equality.Semantic([]string(nil), []string{}) }, true},
		{"a nil map equals an empty one", func() bool { return equality.Semantic(map[string]string(nil), map[string]string{}) }, true},
		{"an empty slice differs from a non-empty one", func() bool { return equality.Semantic([]string{}, []string{""}) }, false},
		{"slices of different lengths differ", func() bool { return equality.Semantic([]int{1}, []int{1, 1}) }, false},
		{"string maps compare by key and value", func() bool {
			return equality.Semantic(map[string]string{"a": "1", "b": "2"}, map[string]string{"a": "1", "c": "2"})
		}, false},
		{"maps of other types compare by key and value", func() bool {
			return equality.Semantic(map[int][]string{1: nil}, map[int][]string{1: {}})
		}, true},
		{"a nil list in a struct equals an empty one", func() bool {
			return equality.Semantic(&core.PodSpec{Tolerations: []core.Toleration{}}, &core.PodSpec{})
		}, true},
		// Pointers, interfaces, functions and the rest.
		{"two nil pointers are equal", func() bool { return equality.Semantic((*core.Affinity)(nil), nil) }, true},
		{"a nil pointer differs from a pointer to a zero value", func() bool { return equality.Semantic(nil, &core.Affinity{}) }, false},
		{"pointers compare what they point to", func() bool { return equality.Semantic(ptr[int32](3), ptr[int32](3)) }, true},
		{"interfaces holding different types differ", func() bool { return equality.Semantic[any](int32(1), int64(1)) }, false},
		{"interfaces holding equal values are equal", func() bool { return equality.Semantic[any]([]string{}, []string(nil)) }, true},
		{"two nil interfaces are equal", func() bool { return equality.Semantic[any](nil, nil) }, true},
		{"a nil interface differs from a set one", func() bool { return equality.Semantic[any](nil, 0) }, false},
		{"NaN equals nothing", func() bool { return equality.Semantic(math.NaN(), math.NaN()) }, false},
		{"two nil functions are equal", func() bool { return equality.Semantic[func()](nil, nil) }, true},
		{"functions are never equal", func() bool { f := func() {}; return equality.Semantic(f, f) }, false},
		{"arrays compare element by element", func() bool { return equality.Semantic([2]string{"a", "b"}, [2]string{"a", "c"}) }, false},
		{"unexported fields are compared too", func() bool {
			return equality.Semantic(hidden{m: map[string]int{}}, hidden{list: []string{}})
		}, true},
		{"unexported maps compare their entries", func() bool {
			return equality.Semantic(&hidden{m: map[string]int{"a": 1}}, &hidden{m: map[string]int{"a": 2}})
		}, false},
		{"cyclic values of the same shape are equal", func() bool {
			a, b := &node{V: 1}, &node{V: 1}
			a.Next, b.Next = a, b
			return equality.Semantic(a, b)
		}, true},
		{"cyclic values of different shapes differ", func() bool {
			a, b := &node{V: 1}, &node{V: 1, Next: &node{V: 2}}
			a.Next, b.Next.Next = a, b
			return equality.Semantic(a, b)
		}, false},
		// Whole objects.
		{"a pod template equals its deep copy", func() bool { a := template(8); return equality.Semantic(a, a.DeepCopy()) }, true},
		{"a pod template with another image differs", func() bool {
			a := template(8)
			b := a.DeepCopy()
			b.Spec.Containers[0].Image = "perl:5.36"
			return equality.Semantic(a, b)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.eq(); got != tt.want {
				t.Errorf("Semantic = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestChangedMembers(t *testing.T) {
	type inner struct {
		A int `json:"a,omitempty"`
	}
	type outer struct {
		inner
		B       []int `json:"b"`
		C       int
		D       int          `json:"-"`
		Unknown meta.Unknown `json:"-"`
	}
	tests := []struct {
		name string
		got  func() []string
		want []string
	}{
		{"equal values have no changed members", func() []string {
			a := template(2)
			return equality.ChangedMembers(&a.Spec, &a.DeepCopy().Spec)
		}, nil},
		{"fields by their json names, unmodeled members by theirs, sorted", func() []string {
			a := template(0)
			b := a.DeepCopy()
			b.Spec.NodeSelector["disk"] = "hdd"
			b.Spec.Containers[0].Image = "perl:6"
			b.Spec.Unknown = meta.Unknown{"hostUsersV2": meta.RawJSON(`true`)}
			return equality.ChangedMembers(&a.Spec, &b.Spec)
		}, []string{"containers", "hostUsersV2", "nodeSelector"}},
		{"members are compared semantically", func() []string {
			a := template(0)
			b := a.DeepCopy()
			b.ObjectMeta.Annotations = nil
			a.ObjectMeta.Annotations = map[string]string{}
			b.ObjectMeta.CreationTimestamp = meta.Time{Time: a.ObjectMeta.CreationTimestamp.In(time.FixedZone("X", 3600))}
			return equality.ChangedMembers(&a.ObjectMeta, &b.ObjectMeta)
		}, nil},
		{"an embedded struct's fields are members, untagged fields go by their Go names", func() []string {
			return equality.ChangedMembers(&outer{inner: inner{A: 1}, C: 1, D: 1}, &outer{B: []int{}})
		}, []string{"C", "D", "a"}},
		{"an unmodeled member removed or added counts", func() []string {
			return equality.ChangedMembers(
				&outer{Unknown: meta.Unknown{"gone": meta.RawJSON(`1`), "same": meta.RawJSON(`{"a":1,"b":2}`)}},
				&outer{Unknown: meta.Unknown{"new": meta.RawJSON(`1`), "same": meta.RawJSON(`{"b":2,"a":1}`)}})
		}, []string{"gone", "new"}},
		{"a nil value has no members", func() []string { return equality.ChangedMembers(nil, &outer{C: 1}) }, nil},
		{"a value that is not a struct has no members", func() []string { return equality.ChangedMembers(ptr(1), ptr(2)) }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got()); diff != "" {
				t.Errorf("ChangedMembers (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSemanticDoesNotAllocateOnEqualTemplates counts allocations: two
// equal pod templates, passed as pointers, are compared in place,
// whatever the size of their label maps (the resource lists' entries
// aside, which reflection copies).
func TestSemanticDoesNotAllocateOnEqualTemplates(t *testing.T) {
	for _, n := range []int{0, 64} {
		a := template(n)
		a.Spec.Containers[0].Resources = core.ResourceRequirements{}
		b := a.DeepCopy()
		if got := testing.AllocsPerRun(20, func() {
			if !equality.Semantic(a, b) {
				t.Fatal("templates differ")
			}
		}); got > 0 {
			t.Errorf("Semantic of templates with %d labels allocates %v times, want 0", n, got)
		}
	}
}

func BenchmarkSemantic(b *testing.B) {
	for _, n := range []int{0, 8, 64} {
		x := template(n)
		same := x.DeepCopy()
		other := x.DeepCopy()
		other.Spec.Containers[0].Unknown["x-future"] = meta.RawJSON(`{"a":1,"b":[true,false]}`)
		b.Run("equal/labels="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !equality.Semantic(x, same) {
					b.Fatal("want equal")
				}
			}
		})
		b.Run("unmodeled member differs/labels="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if equality.Semantic(x, other) {
					b.Fatal("want different")
				}
			}
		})
	}
}

// FuzzSemantic checks properties of Semantic on decoded pod templates: a
// template equals its deep copy, the relation is symmetric, and two
// templates that encode to the same bytes are equal.
func FuzzSemantic(f *testing.F) {
	seed, err := template(2).MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed, seed)
	f.Add(seed, bytes.Replace(seed, []byte(`"500m"`), []byte(`"0.5"`), 1))
	f.Add([]byte(`{"spec":{"tolerations":[]}}`), []byte(`{"spec":{}}`))
	f.Add([]byte(`{"metadata":{"x":{"a":1,"b":2}}}`), []byte(`{"metadata":{"x":{"b":2,"a":1.0}}}`))
	f.Add([]byte(`{"spec":{"affinity":{}}}`), []byte(`{"spec":{"affinity":null}}`))
	f.Fuzz(func(t *testing.T, da, db []byte) {
		if len(da) > 1<<14 || len(db) > 1<<14 {
			return
		}
		var a, b core.PodTemplateSpec
		if a.UnmarshalJSON(da) != nil || b.UnmarshalJSON(db) != nil {
			return
		}
		if !equality.Semantic(&a, a.DeepCopy()) {
			t.Errorf("a template differs from its deep copy: %s", da)
		}
		ab, ba := equality.Semantic(&a, &b), equality.Semantic(&b, &a)
		if ab != ba {
			t.Errorf("Semantic(a, b) = %v but Semantic(b, a) = %v", ab, ba)
		}
		ea, errA := a.MarshalJSON()
		eb, errB := b.MarshalJSON()
		if errA == nil && errB == nil && bytes.Equal(ea, eb) && !ab {
			t.Errorf("templates encoding to the same %s differ", ea)
		}
		if !ab && len(equality.ChangedMembers(&a, &b)) == 0 {
			t.Errorf("templates differ but ChangedMembers names no member")
		}
	})
}
