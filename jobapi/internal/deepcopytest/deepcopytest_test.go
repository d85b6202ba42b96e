package deepcopytest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type inner struct {
	N    int
	Tags []string
}

type sample struct {
	Name   string
	Ptr    *int64
	Raw    []byte
	Inner  inner
	Parts  []inner
	ByName map[string]*inner
	Sets   map[string][]string
	Grid   [2][]int32
	hidden *int
}

func newSample() *sample {
	n := int64(7)
	return &sample{
		Name:   "a",
		Ptr:    &n,
		Raw:    []byte(`{"a":1}`),
		Inner:  inner{N: 1, Tags: []string{"x"}},
		Parts:  []inner{{N: 2, Tags: []string{"y", "z"}}},
		ByName: map[string]*inner{"p": {N: 3, Tags: []string{"w"}}},
		Sets:   map[string][]string{"s": {"v"}},
		Grid:   [2][]int32{{1, 2}, nil},
	}
}

// deep is a correct deep copy of sample, written out by hand.
func deep(in *sample) *sample {
	out := *in
	if in.Ptr != nil {
		p := *in.Ptr
		out.Ptr = &p
	}
	out.Raw = append([]byte(nil), in.Raw...)
	out.Inner.Tags = append([]string(nil), in.Inner.Tags...)
	out.Parts = make([]inner, len(in.Parts))
	for i, p := range in.Parts {
		out.Parts[i] = inner{N: p.N, Tags: append([]string(nil), p.Tags...)}
	}
	out.ByName = map[string]*inner{}
	for k, v := range in.ByName {
		out.ByName[k] = &inner{N: v.N, Tags: append([]string(nil), v.Tags...)}
	}
	out.Sets = map[string][]string{}
	for k, v := range in.Sets {
		out.Sets[k] = append([]string(nil), v...)
	}
	for i, r := range in.Grid {
		if r != nil {
			out.Grid[i] = append([]int32(nil), r...)
		}
	}
	return &out
}

// TestIndependentFindsEverySharedReference breaks a correct deep copy in
// one place at a time: each break must be reported, and the correct copy
// must pass.
func TestIndependentFindsEverySharedReference(t *testing.T) {
	tests := []struct {
		name  string
		copy  func(*sample) *sample
		wantE string
	}{
		{"a correct deep copy", deep, ""},
		{"a shared pointer", func(in *sample) *sample { out := deep(in); out.Ptr = in.Ptr; return out }, "changed the original"},
		{"shared bytes", func(in *sample) *sample { out := deep(in); out.Raw = in.Raw; return out }, "changed the original"},
		{"a shared slice in a struct field", func(in *sample) *sample { out := deep(in); out.Inner.Tags = in.Inner.Tags; return out }, "changed the original"},
		{"a slice over the same array", func(in *sample) *sample { out := deep(in); out.Inner.Tags = in.Inner.Tags[:1:1]; return out }, "changed the original"},
		{"a shared slice in a slice element", func(in *sample) *sample {
			out := deep(in)
			out.Parts[0].Tags = in.Parts[0].Tags
			return out
		}, "changed the original"},
		{"a shared map", func(in *sample) *sample { out := deep(in); out.Sets = in.Sets; return out }, "changed the original"},
		{"a shared pointer in a map value", func(in *sample) *sample {
			out := deep(in)
			out.ByName["p"] = in.ByName["p"]
			return out
		}, "changed the original"},
		{"a shared slice in a map value", func(in *sample) *sample {
			out := deep(in)
			out.Sets["s"] = in.Sets["s"]
			return out
		}, "changed the original"},
		{"a shared slice in an array", func(in *sample) *sample { out := deep(in); out.Grid[0] = in.Grid[0]; return out }, "changed the original"},
		{"a shallow copy", func(in *sample) *sample { out := *in; return &out }, "changed the original"},
		{"a copy that differs", func(in *sample) *sample { out := deep(in); out.Name = "b"; return out }, "DeepCopy differs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := newSample()
			err := Independent(in, tt.copy, cmp.AllowUnexported(sample{}))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.wantE == "" {
				if err != nil {
					t.Fatalf("Independent: %v", err)
				}
				if diff := cmp.Diff(newSample(), in, cmp.AllowUnexported(sample{})); diff != "" {
					t.Errorf("the original changed (-want +got):\n%s", diff)
				}
				return
			}
			if !strings.Contains(got, tt.wantE) {
				t.Errorf("Independent error = %q, want it to contain %q", got, tt.wantE)
			}
		})
	}
}

// TestIndependentRefusesAValueWithNothingToWrite: a copy of a value that
// holds nothing Mutate can change would pass without testing anything.
func TestIndependentRefusesAValueWithNothingToWrite(t *testing.T) {
	type empty struct{ hidden int }
	err := Independent(&empty{}, func(in *empty) *empty { out := *in; return &out }, cmp.AllowUnexported(empty{}))
	if err == nil || !strings.Contains(err.Error(), "changed nothing") {
		t.Errorf("Independent = %v, want an error saying the writes changed nothing", err)
	}
}

// TestMutateChangesEveryKind checks each kind Mutate writes.
func TestMutateChangesEveryKind(t *testing.T) {
	in := newSample()
	before := Clone(reflectValue(in)).Interface().(*sample)
	Mutate(reflectValue(in).Elem())
	want := &sample{
		Name:   "a~",
		Ptr:    ptr(int64(6)),
		Raw:    []byte{'{' ^ 1, '"' ^ 1, 'a' ^ 1, '"' ^ 1, ':' ^ 1, '1' ^ 1, '}' ^ 1},
		Inner:  inner{N: 0, Tags: []string{"x~"}},
		Parts:  []inner{{N: 3, Tags: []string{"y~", "z~"}}},
		ByName: map[string]*inner{"p": {N: 2, Tags: []string{"w~"}}, addedKey: nil},
		Sets:   map[string][]string{"s": {"v~"}, addedKey: nil},
		Grid:   [2][]int32{{0, 3}, nil},
	}
	if diff := cmp.Diff(want, in, cmp.AllowUnexported(sample{})); diff != "" {
		t.Errorf("Mutate (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(newSample(), before, cmp.AllowUnexported(sample{})); diff != "" {
		t.Errorf("Clone shares memory with its source (-want +got):\n%s", diff)
	}
}

func ptr[T any](v T) *T { return &v }

func reflectValue(v any) reflect.Value { return reflect.ValueOf(v) }

// pair has two pointers and two slices of one type, which a copy may
// pack into one allocation.
type pair struct {
	A, B *int64
	X, Y []string
}

// TestOverlapsFindsValuesThatShareMemory: values packed into one
// allocation pass as long as they stay apart; a pointer or slice reached
// twice, or a slice whose capacity runs into another's array, does not.
func TestOverlapsFindsValuesThatShareMemory(t *testing.T) {
	block := new(struct{ a, b int64 })
	arr := []string{"x", "y", "z"}
	n := int64(1)
	tests := []struct {
		name string
		in   *pair
		want string
	}{
		{"separate allocations", &pair{A: ptr(int64(1)), B: ptr(int64(2)), X: []string{"x"}, Y: []string{"y"}}, ""},
		{"two fields of one block", &pair{A: &block.a, B: &block.b}, ""},
		{"two slices of one array, capacities apart", &pair{X: arr[0:1:1], Y: arr[1:3:3]}, ""},
		{"nil and empty values take no memory", &pair{X: []string{}, Y: arr[:0:0]}, ""},
		{"one pointer twice", &pair{A: &n, B: &n}, "*.A and *.B share memory"},
		{"a capacity that runs into the next slice", &pair{X: arr[0:1], Y: arr[1:3]}, ".X[:cap] and .Y[:cap] share memory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if err := Overlaps(reflect.ValueOf(*tt.in)); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Overlaps = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestIndependentRefusesACopyWhoseValuesOverlap: a copy that gives two
// pointers one target shares nothing with its original, yet a write to
// one field of the copy shows in the other.
func TestIndependentRefusesACopyWhoseValuesOverlap(t *testing.T) {
	in := &pair{A: ptr(int64(1)), B: ptr(int64(1))}
	aliased := func(in *pair) *pair {
		v := *in.A
		return &pair{A: &v, B: &v}
	}
	err := Independent(in, aliased)
	if err == nil || !strings.Contains(err.Error(), "*.A and *.B share memory") {
		t.Errorf("Independent = %v, want an error naming A and B", err)
	}
	packed := func(in *pair) *pair {
		block := new(struct{ a, b int64 })
		block.a, block.b = *in.A, *in.B
		return &pair{A: &block.a, B: &block.b}
	}
	if err := Independent(in, packed); err != nil {
		t.Errorf("Independent of a copy packing its targets apart: %v", err)
	}
}
