package jobapi_test

import (
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// PrepareForCreate does what the request does before the Job strategy
// runs: the namespace of the request (here kubectl's `-n team-a`), and
// the members the API server does not know, dropped with its warning.
func ExamplePrepareForCreate_unknownFieldsAndNamespace() {
	job, err := conversion.Decode([]byte(`apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  backofLimit: 3
  template:
    spec:
      restartPolicy: Never
      containers: [{name: pi, image: perl, imagePullPolcy: Always}]
`))
	if err != nil {
		panic(err)
	}
	w, err := jobapi.PrepareForCreate(job, jobapi.WithNamespace("team-a"), jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	if err != nil {
		panic(err)
	}
	for _, x := range w {
		fmt.Println("Warning:", x)
	}
	fmt.Println("namespace:", job.ObjectMeta.Namespace)
	fmt.Println("manualSelector:", *job.Spec.ManualSelector)

	_, err = jobapi.PrepareForCreate(&jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "pi", Namespace: "prod"}}, jobapi.WithNamespace("team-a"))
	fmt.Println(err)
	// Output:
	// Warning: unknown field "spec.backofLimit"
	// Warning: unknown field "spec.template.spec.containers[0].imagePullPolcy"
	// namespace: team-a
	// manualSelector: false
	// the namespace from the provided object "prod" does not match the namespace "team-a". You must pass '--namespace=prod' to perform this operation.
}
