package conversion_test

import (
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// ExampleDocument_Position prints each field error of a document with the
// line and column of its field, the error's own text unchanged.
func ExampleDocument_Position() {
	manifest := `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: many
  template:
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Never
`
	docs, err := conversion.DecodeAll("job.yaml", []byte(manifest))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range docs {
		for _, e := range field.AsErrorList(d.Err) {
			if p, ok := d.Position(e.Field); ok {
				fmt.Printf("%s: %s: %s\n", d.Source, p, e)
			}
		}
	}
	// Output:
	// job.yaml: line 6, column 3: spec.completions: Invalid value: "many": must be an integer
}
