package selector

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/jobapi/field"
)

// ignoreDetail compares field errors by type, field and value.
var ignoreDetail = cmpopts.IgnoreFields(field.Error{}, "Detail")

func TestNewRequirement(t *testing.T) {
	tests := []struct {
		name    string
		key     string
		op      Operator
		vals    []string
		want    Requirement
		print   string
		wantErr field.ErrorList
	}{
		{name: "equals", key: "a", op: Equals, vals: []string{"x"}, want: req("a", Equals, "x"), print: "a=x"},
		{name: "double equals", key: "a", op: DoubleEquals, vals: []string{"x"}, want: req("a", DoubleEquals, "x"), print: "a==x"},
		{name: "not equals with the empty value", key: "a", op: NotEquals, vals: []string{""}, want: req("a", NotEquals, ""), print: "a!="},
		{name: "in sorts values and keeps repeats", key: "a", op: In, vals: []string{"y", "x", "y"}, want: req("a", In, "x", "y", "y"), print: "a in (x,y,y)"},
		{name: "notin", key: "a", op: NotIn, vals: []string{"x"}, want: req("a", NotIn, "x"), print: "a notin (x)"},
		{name: "exists", key: "example.com/a", op: Exists, want: req("example.com/a", Exists), print: "example.com/a"},
		{name: "does not exist with an empty list", key: "a", op: DoesNotExist, vals: []string{}, want: req("a", DoesNotExist), print: "!a"},
		{name: "greater than", key: "a", op: GreaterThan, vals: []string{"10"}, want: req("a", GreaterThan, "10"), print: "a>10"},
		{name: "less than", key: "a", op: LessThan, vals: []string{"0"}, want: req("a", LessThan, "0"), print: "a<0"},
		{
			name: "invalid key", key: "a b", op: Exists,
			wantErr: field.ErrorList{field.Invalid(field.NewPath("key"), "a b", "")},
		},
		{
			name: "in without values", key: "a", op: In,
			wantErr: field.ErrorList{field.Required(field.NewPath("values"), "")},
		},
		{
			name: "equals with two values", key: "a", op: Equals, vals: []string{"x", "y"},
			wantErr: field.ErrorList{field.Invalid(field.NewPath("values"), []string{"x", "y"}, "")},
		},
		{
			name: "exists with a value", key: "a", op: Exists, vals: []string{"x"},
			wantErr: field.ErrorList{field.Forbidden(field.NewPath("values"), "")},
		},
		{
			name: "greater than a word", key: "a", op: GreaterThan, vals: []string{"x"},
			wantErr: field.ErrorList{field.Invalid(field.NewPath("values").Index(0), "x", "")},
		},
		{
			name: "less than without a value", key: "a", op: LessThan,
			wantErr: field.ErrorList{field.Invalid(field.NewPath("values"), []string(nil), "")},
		},
		{
			name: "less than a negative integer, which is not a label value", key: "a", op: LessThan, vals: []string{"-1"},
			wantErr: field.ErrorList{field.Invalid(field.NewPath("values").Index(0), "-1", "")},
		},
		{
			name: "unknown operator", key: "a", op: "In", vals: []string{"x"},
			wantErr: field.ErrorList{field.NotSupported(field.NewPath("operator"), Operator("In"), operators())},
		},
		{
			name: "invalid value", key: "a", op: In, vals: []string{"ok", strings.Repeat("v", 64)},
			wantErr: field.ErrorList{field.Invalid(field.NewPath("values").Index(1), strings.Repeat("v", 64), "")},
		},
		{
			name: "every problem is reported", key: "", op: NotEquals, vals: []string{"-", "x"},
			wantErr: field.ErrorList{
				// An empty key breaks two rules, as Kubernetes counts them.
				field.Invalid(field.NewPath("key"), "", ""),
				field.Invalid(field.NewPath("key"), "", ""),
				field.Invalid(field.NewPath("values"), []string{"-", "x"}, ""),
				field.Invalid(field.NewPath("values").Index(0), "-", ""),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewRequirement(tt.key, tt.op, tt.vals)
			if diff := cmp.Diff(tt.wantErr, field.AsErrorList(err), ignoreDetail); diff != "" {
				t.Fatalf("error (-want +got):\n%s", diff)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.print, got.String()); diff != "" {
				t.Errorf("String (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]any{tt.key, tt.op}, []any{got.Key(), got.Operator()}); diff != "" {
				t.Errorf("Key, Operator (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewRequirementCopiesValues(t *testing.T) {
	vals := []string{"b", "a"}
	r, err := NewRequirement("k", In, vals)
	if err != nil {
		t.Fatal(err)
	}
	vals[0] = "changed"
	if diff := cmp.Diff([]string{"a", "b"}, r.Values()); diff != "" {
		t.Errorf("changing the caller's slice changed the values (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("k in (a,b)", r.String()); diff != "" {
		t.Errorf("changing the caller's slice changed the requirement (-want +got):\n%s", diff)
	}
}

func TestRequirementValues(t *testing.T) {
	tests := []struct {
		name string
		r    Requirement
		want []string
	}{
		{name: "exists has none", r: req("a", Exists), want: nil},
		{name: "one value", r: req("a", Equals, ""), want: []string{""}},
		{name: "repeats are listed once", r: req("a", In, "x", "x", "y"), want: []string{"x", "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.r.Values()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestOperatorSpellings(t *testing.T) {
	// The spellings are those of k8s.io/apimachinery/pkg/selection.
	want := []string{"=", "==", "in", "!=", "notin", "exists", "!", "gt", "lt"}
	var got []string
	for _, op := range operators() {
		got = append(got, string(op))
		if back := opcodeOf(op).operator(); back != op {
			t.Errorf("operator %q does not survive its opcode: got %q", op, back)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
