package conversion_test

import (
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// A 2016 extensions/v1beta1 Job, without autoSelector, is a
// manual-selector Job: its selector defaults to the template's labels,
// and in batch/v1 it says manualSelector: true.
func Example() {
	old := []byte(`apiVersion: extensions/v1beta1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels: {app: pi}
    spec:
      containers:
      - {name: pi, image: perl, resources: {limits: {cpu: "1"}}}
      restartPolicy: Never
`)
	job, err := conversion.Decode(old)
	if err != nil {
		panic(err)
	}
	fmt.Println("decoded from", job.APIVersion, "manual selector:", *job.Spec.ManualSelector)
	out, err := conversion.Encode(job, "batch/v1")
	if err != nil {
		panic(err)
	}
	fmt.Print(string(out))
	// Output:
	// decoded from extensions/v1beta1 manual selector: true
	// apiVersion: batch/v1
	// kind: Job
	// metadata:
	//   labels:
	//     app: pi
	//   name: pi
	// spec:
	//   completions: 1
	//   manualSelector: true
	//   parallelism: 1
	//   selector:
	//     matchLabels:
	//       app: pi
	//   template:
	//     metadata:
	//       labels:
	//         app: pi
	//     spec:
	//       containers:
	//       - image: perl
	//         imagePullPolicy: Always
	//         name: pi
	//         resources:
	//           limits:
	//             cpu: "1"
	//         terminationMessagePath: /dev/termination-log
	//         terminationMessagePolicy: File
	//       dnsPolicy: ClusterFirst
	//       restartPolicy: Never
	//       schedulerName: default-scheduler
	//       securityContext: {}
	//       terminationGracePeriodSeconds: 30
	// status: {}
}

// Decode reports every bad field with its path.
func ExampleDecode_errors() {
	_, err := conversion.Decode([]byte(`{"apiVersion": "batch/v1", "kind": "Job",
	  "spec": {"completions": "many", "parallelism": 3000000000}}`))
	for _, e := range field.AsErrorList(err) {
		fmt.Println(e)
	}
	// Output:
	// spec.completions: Invalid value: "many": must be an integer
	// spec.parallelism: Invalid value: 3000000000: must be less than or equal to 2147483647
}
