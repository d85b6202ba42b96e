package jobapi_test

import (
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// The members the API server does not know are the decoder's business,
// as on the server: decoded under the server's default field validation
// (Warn), they are dropped with its warning each. PrepareForCreate then
// does what the request does before the Job strategy runs: here the
// namespace of the request (kubectl's `-n team-a`).
func ExamplePrepareForCreate_unknownFieldsAndNamespace() {
	docs, err := conversion.DecodeAll("job.yaml", []byte(`apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  backofLimit: 3
  template:
    spec:
      restartPolicy: Never
      containers: [{name: pi, image: perl, imagePullPolcy: Always}]
`), conversion.WithFieldValidation(conversion.FieldValidationWarn))
	if err != nil || docs[0].Err != nil {
		panic(fmt.Sprint(err, docs[0].Err))
	}
	for _, w := range docs[0].Warnings {
		fmt.Println("Warning:", w)
	}
	job := docs[0].Job
	w, err := jobapi.PrepareForCreate(job, jobapi.WithNamespace("team-a"), jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	if err != nil {
		panic(err)
	}
	fmt.Println("PrepareForCreate's warnings:", len(w))
	fmt.Println("namespace:", job.ObjectMeta.Namespace)
	fmt.Println("manualSelector:", *job.Spec.ManualSelector)

	_, err = jobapi.PrepareForCreate(&jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "pi", Namespace: "prod"}}, jobapi.WithNamespace("team-a"))
	fmt.Println(err)
	// Output:
	// Warning: unknown field "spec.backofLimit"
	// Warning: unknown field "spec.template.spec.containers[0].imagePullPolcy"
	// PrepareForCreate's warnings: 0
	// namespace: team-a
	// manualSelector: false
	// the namespace from the provided object "prod" does not match the namespace "team-a". You must pass '--namespace=prod' to perform this operation.
}

// Decoding keeps the members jobkit does not model unless told
// otherwise; DropUnknownFields drops them as an API server's default
// field validation does, with its warnings, in path order.
func ExampleDropUnknownFields() {
	cj, err := conversion.DecodeCronJob([]byte(`apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 3 * * *"
  concurrencyPolity: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          hostnme: x
          containers: [{name: c, image: busybox}]
`))
	if err != nil {
		panic(err)
	}
	for _, w := range jobapi.DropUnknownFields(cj) {
		fmt.Println("Warning:", w)
	}
	fmt.Println("left:", jobapi.UnknownFields(cj, ""))
	// Output:
	// Warning: unknown field "spec.concurrencyPolity"
	// Warning: unknown field "spec.jobTemplate.spec.template.spec.hostnme"
	// left: []
}
