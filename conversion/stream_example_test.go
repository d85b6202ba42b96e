package conversion_test

import (
	"fmt"

	"github.com/jobkit/jobkit/conversion"
)

func ExampleDecodeAll() {
	stream := []byte(`# Source: chart/templates/service.yaml
apiVersion: v1
kind: Service
metadata: {name: web}
---
# Source: chart/templates/job.yaml
apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  backofLimit: 4
  template:
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Never
`)
	docs, err := conversion.DecodeAll("chart.yaml", stream)
	if err != nil {
		panic(err)
	}
	for _, d := range docs {
		fmt.Printf("%s: %s %q, decoded Job: %v\n", d.Source, d.Kind, d.Name, d.Job != nil)
		if st := d.Status(nil); st != nil {
			fmt.Printf("  %d %s\n", st.Code(), st.Error())
		}
	}
	// Output:
	// chart.yaml:2 (document 1): Service "web", decoded Job: false
	// chart.yaml:7 (document 2): Job "pi", decoded Job: true
	//   400 Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"
}
