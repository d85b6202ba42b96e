package codec_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/internal/gen/fixture"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// The codec's own fixture types: an object with an Unknown field, nested
// values of every kind the API types use, and a struct without Unknown.
type (
	object struct {
		Name    string            `json:"name,omitempty"`
		Count   *int32            `json:"count,omitempty"`
		Small   int8              `json:"small,omitempty"`
		Flag    bool              `json:"flag,omitempty"`
		Labels  map[string]string `json:"labels,omitempty"`
		Items   []item            `json:"items,omitempty"`
		Closed  closed            `json:"closed,omitzero"`
		When    zeroer            `json:"when,omitzero"`
		Raw     meta.RawJSON      `json:"raw,omitempty"`
		Inline  `json:""`
		Unknown meta.Unknown `json:"-"`
	}
	item struct {
		ID      int64        `json:"id"`
		Unknown meta.Unknown `json:"-"`
	}
	// closed has no Unknown field: members it does not model are errors.
	closed struct {
		A string `json:"a,omitempty"`
	}
	// Inline is flattened into its parent, as encoding/json flattens
	// embedded structs.
	Inline struct {
		Extra string `json:"extra,omitempty"`
	}
	// zeroer is omitted by omitzero when its IsZero method says so.
	zeroer struct {
		N int `json:"n"`
	}
)

func (z zeroer) IsZero() bool { return z.N == 0 || z.N == -1 }

// TestUnmarshalRules and TestUnmarshalErrors check the reflection decoder,
// the reference of the typed decoders (see typed_decode_test.go), on the
// codec's own fixture types.
func TestUnmarshalRules(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want object
	}{
		{"modeled members, nested and inline", `{"name":"a","count":3,"small":-128,"flag":true,"labels":{"k":"v"},"items":[{"id":1},{"id":2,"x":[1, 2]}],"closed":{"a":"b"},"extra":"e","raw":{ "r" : 1 }}`,
			object{Name: "a", Count: ptr[int32](3), Small: -128, Flag: true, Labels: map[string]string{"k": "v"},
				Items:  []item{{ID: 1}, {ID: 2, Unknown: meta.Unknown{"x": meta.RawJSON("[1,2]")}}},
				Closed: closed{A: "b"}, Inline: Inline{Extra: "e"}, Raw: meta.RawJSON(`{"r":1}`)}},
		{"member names are case-sensitive", `{"Name":"x","name":"y"}`,
			object{Name: "y", Unknown: meta.Unknown{"Name": meta.RawJSON(`"x"`)}}},
		{"unknown members are kept compact, in any order", `{"z": [ 1 ], "a": {"b" : null}}`,
			object{Unknown: meta.Unknown{"z": meta.RawJSON("[1]"), "a": meta.RawJSON(`{"b":null}`)}}},
		{"null leaves a field unset", `{"count":null,"labels":null,"items":null,"closed":null}`, object{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got object
			require.NoError(t, codec.ReflectUnmarshal([]byte(tt.in), &got))
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(object{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// fieldErr is what tests compare of a field error.
type fieldErr struct {
	Type  field.ErrorType
	Field string
}

func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []fieldErr
	}{
		{"wrong types, fractions and out-of-range integers, every one reported",
			`{"name":1,"count":1.5,"small":128,"flag":"yes","items":[{"id":"x"}],"labels":{"a":1}}`,
			[]fieldErr{
				{field.ErrorTypeTypeInvalid, "name"},
				{field.ErrorTypeTypeInvalid, "count"},
				{field.ErrorTypeInvalid, "small"},
				{field.ErrorTypeTypeInvalid, "flag"},
				{field.ErrorTypeTypeInvalid, "items[0].id"},
				{field.ErrorTypeTypeInvalid, "labels[a]"},
			}},
		{"duplicates: modeled, unknown and map keys", `{"name":"a","name":"b","x":1,"x":2,"labels":{"k":"1","k":"2"}}`,
			[]fieldErr{{field.ErrorTypeDuplicate, "name"}, {field.ErrorTypeDuplicate, "x"}, {field.ErrorTypeDuplicate, "labels[k]"}}},
		{"an unknown member where it cannot be kept", `{"closed":{"b":1}}`,
			[]fieldErr{{field.ErrorTypeNotSupported, "closed.b"}}},
		{"an escaped name of a modeled member", `{"n\u0061me":"a"}`,
			[]fieldErr{{field.ErrorTypeInvalid, "name"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got object
			err := codec.ReflectUnmarshal([]byte(tt.in), &got)
			var errs []fieldErr
			for _, e := range field.AsErrorList(err) {
				errs = append(errs, fieldErr{e.Type, e.Field})
			}
			if diff := cmp.Diff(tt.want, errs); diff != "" {
				t.Errorf("(-want +got):\n%s\n%v", diff, err)
			}
		})
	}
}

func TestUnmarshalMisuse(t *testing.T) {
	var w fixture.Widget
	var syn *json.SyntaxError
	if err := w.UnmarshalJSON([]byte(`{"name":`)); !errors.As(err, &syn) {
		t.Errorf("truncated JSON: got %v, want a *json.SyntaxError", err)
	}
	var o object
	if err := codec.ReflectUnmarshal([]byte(`{"name":`), &o); !errors.As(err, &syn) {
		t.Errorf("reference, truncated JSON: got %v, want a *json.SyntaxError", err)
	}
	if err := codec.ReflectUnmarshal([]byte(`{}`), o); err == nil || !strings.Contains(err.Error(), "non-nil pointer") {
		t.Errorf("reference, a non-pointer target: got %v, want an error asking for a pointer", err)
	}
}

func TestMarshal(t *testing.T) {
	tests := []struct {
		name string
		in   object
		want string
	}{
		{"empty: omitempty and omitzero members are left out", object{}, `{}`},
		{"omitzero asks IsZero", object{When: zeroer{N: -1}}, `{}`},
		{"members in field order, inline flattened, then unknown members sorted",
			object{Name: "a", Count: ptr[int32](0), Items: []item{{ID: 7, Unknown: meta.Unknown{"b": meta.RawJSON("1"), "a": nil}}},
				When: zeroer{N: 2}, Inline: Inline{Extra: "e"}, Unknown: meta.Unknown{"zz": meta.RawJSON(`{"y": 1}`), "aa": meta.RawJSON(`true`)}},
			`{"name":"a","count":0,"items":[{"id":7,"a":null,"b":1}],"when":{"n":2},"extra":"e","aa":true,"zz":{"y":1}}`},
		{"strings escaped as encoding/json escapes them", object{Name: "<a&b>\u2028é"}, `{"name":"\u003ca\u0026b\u003e\u2028é"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := codec.ReflectMarshal(&tt.in)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestMarshalErrors(t *testing.T) {
	tests := []struct {
		name string
		in   object
		want string
	}{
		{"an unknown member that names a modeled field", object{Items: []item{{Unknown: meta.Unknown{"id": meta.RawJSON("1")}}}},
			`encoding JSON: items[0]: Unknown holds "id", a field this type models: set the field instead`},
		{"an unknown member that is not JSON", object{Unknown: meta.Unknown{"x": meta.RawJSON("{")}},
			`encoding JSON: Unknown member "x" must be valid JSON`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := codec.ReflectMarshal(&tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

func TestReadTypeMeta(t *testing.T) {
	tests := []struct {
		name                   string
		in                     string
		wantVersion, wantKind  string
		wantErr, wantNotObject bool
	}{
		{"both", `{"kind":"Job","spec":{"x":"}"},"apiVersion":"batch/v1"}`, "batch/v1", "Job", false, false},
		{"stops once both are read", `{"apiVersion":"v1","kind":"Pod",`, "v1", "Pod", false, false},
		{"a kind that is not a string", `{"kind":1}`, "", "", true, false},
		{"not an object", `[]`, "", "", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, k, err := codec.ReadTypeMeta([]byte(tt.in))
			if diff := cmp.Diff([2]string{tt.wantVersion, tt.wantKind}, [2]string{v, k}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if (err != nil) != tt.wantErr || errors.Is(err, codec.ErrNotObject) != tt.wantNotObject {
				t.Errorf("error %v; want an error %v, not an object %v", err, tt.wantErr, tt.wantNotObject)
			}
		})
	}
}

// FuzzUnmarshal: the reference decoder never panics, and what it accepts encodes to
// JSON that decodes to an equal value and encodes to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte(`{"name":"a","count":3,"items":[{"id":1,"x":{}}],"closed":{"a":"b"},"extra":"e","z":[1,"\ud800"]}`))
	f.Add([]byte(`{"labels":{"a":"b","a":"c"}}`))
	f.Add([]byte(`{"small":300,"raw":null}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16<<10 {
			return
		}
		var a object
		if err := codec.ReflectUnmarshal(data, &a); err != nil {
			return
		}
		out, err := codec.ReflectMarshal(&a)
		if err != nil {
			t.Fatalf("Marshal of a decoded value failed: %v", err)
		}
		var b object
		if err := codec.ReflectUnmarshal(out, &b); err != nil {
			t.Fatalf("Unmarshal of Marshal output failed: %v\n%s", err, out)
		}
		if diff := cmp.Diff(a, b, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("round trip changed the value (-first +second):\n%s", diff)
		}
		again, err := codec.ReflectMarshal(&b)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("Marshal is not stable: %v\n%s\n%s", err, out, again)
		}
	})
}

func ptr[T any](v T) *T { return &v }
