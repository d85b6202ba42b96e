package field_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
)

// MarshalIndent writes what MarshalJSON writes, indented: every member on
// its own line, each line after the first starting with the prefix, one
// indent per level, as kubectl's JSON printer writes objects.
func TestStatusMarshalIndent(t *testing.T) {
	inv := field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, "pi",
		field.ErrorList{field.Invalid(field.NewPath("spec", "completions"), -1, "must be greater than or equal to 0")})
	tests := []struct {
		name           string
		prefix, indent string
		want           string
	}{
		{
			name:   "four spaces, no prefix",
			indent: "    ",
			want: `{
    "kind": "Status",
    "apiVersion": "v1",
    "metadata": {},
    "status": "Failure",
    "message": "Job.batch \"pi\" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0",
    "reason": "Invalid",
    "details": {
        "name": "pi",
        "group": "batch",
        "kind": "Job",
        "causes": [
            {
                "reason": "FieldValueInvalid",
                "message": "Invalid value: -1: must be greater than or equal to 0",
                "field": "spec.completions"
            }
        ]
    },
    "code": 422
}`,
		},
		{
			name:   "a prefix starts every line but the first",
			prefix: ">",
			indent: "\t",
			want: "{\n>\t\"kind\": \"Status\",\n>\t\"apiVersion\": \"v1\",\n>\t\"metadata\": {},\n>\t\"status\": \"Failure\",\n" +
				">\t\"message\": \"Job.batch \\\"pi\\\" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0\",\n" +
				">\t\"reason\": \"Invalid\",\n>\t\"details\": {\n>\t\t\"name\": \"pi\",\n>\t\t\"group\": \"batch\",\n>\t\t\"kind\": \"Job\",\n" +
				">\t\t\"causes\": [\n>\t\t\t{\n>\t\t\t\t\"reason\": \"FieldValueInvalid\",\n" +
				">\t\t\t\t\"message\": \"Invalid value: -1: must be greater than or equal to 0\",\n>\t\t\t\t\"field\": \"spec.completions\"\n" +
				">\t\t\t}\n>\t\t]\n>\t},\n>\t\"code\": 422\n>}",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := inv.MarshalIndent(tt.prefix, tt.indent)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("MarshalIndent (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAsErrorListOfNilAllocatesNothing: decoders call AsErrorList on every
// result, most of them nil.
func TestAsErrorListOfNilAllocatesNothing(t *testing.T) {
	if got := testing.AllocsPerRun(100, func() { _ = field.AsErrorList(nil) }); got != 0 {
		t.Errorf("AsErrorList(nil) allocates %v times, want 0", got)
	}
}
