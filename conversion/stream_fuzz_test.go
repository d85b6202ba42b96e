package conversion_test

import (
	"strings"
	"testing"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// FuzzDecodeAll checks that any input decodes without a panic into
// documents that each either hold their JSON or say why not, that a Job
// without an error is decoded, and that every document's Status can be
// made.
func FuzzDecodeAll(f *testing.F) {
	seeds := []string{
		jobYAML,
		"---\n" + jobYAML + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n",
		`{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a","name":"b"}}]}`,
		"{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\"}\n{\"apiVersion\":",
		"apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {jobTemplate: {spec: {completionz: 1}}}\n",
		"a: &x [*x]\n",
		"- 1\n- 2\n",
		"apiVersion: v1\nkind: List\nitems: [1, {kind: Job}]\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mode := range []conversion.FieldValidation{conversion.FieldValidationStrict, conversion.FieldValidationWarn} {
			docs, err := conversion.DecodeAll("in", data, conversion.WithFieldValidation(mode))
			if err != nil {
				continue
			}
			for _, d := range docs {
				if d.JSON == nil && d.Err == nil {
					t.Fatalf("%s: neither JSON nor an error", d.Source)
				}
				if d.Kind == "Job" && d.Err == nil && d.Job == nil {
					t.Fatalf("%s: a Job without error was not decoded", d.Source)
				}
				if d.Err != nil && strings.Contains(d.Err.Error(), "panic") {
					t.Fatalf("%s: %v", d.Source, d.Err)
				}
				_ = d.Status(field.ErrorList{field.Required(field.NewPath("spec"), "x")})
			}
		}
	})
}
