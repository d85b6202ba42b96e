package jobapi_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// A Job copied from `kubectl get job pi -o yaml` still carries the old
// Job's uid in its pod template labels and selector. Create-time
// processing replaces the stale values, reports each replacement, and the
// result selects only the new Job's pods.
func ExamplePrepareForCreate() {
	job, err := conversion.Decode([]byte(`
apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  uid: 3e0f1c56-old
  resourceVersion: "48213"
spec:
  selector:
    matchLabels: {controller-uid: 3e0f1c56-old}
  template:
    metadata:
      labels: {app: pi, controller-uid: 3e0f1c56-old, job-name: pi}
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Never
`))
	if err != nil {
		panic(err)
	}
	warnings, err := jobapi.PrepareForCreate(job,
		jobapi.WithUID("7c9e6679-new"),
		jobapi.WithCreationTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)))
	if err != nil {
		panic(err)
	}
	for _, w := range warnings {
		fmt.Println("warning:", w.Field)
	}
	fmt.Println("selector:", job.Spec.Selector.MatchLabels)
	fmt.Println("template labels:", job.Spec.Template.ObjectMeta.Labels)
	fmt.Println("Job labels:", job.ObjectMeta.Labels)
	errs, err := jobapi.Validate(job)
	if err != nil {
		panic(err)
	}
	fmt.Println("errors:", len(errs))
	// Output:
	// warning: metadata.uid
	// warning: metadata.resourceVersion
	// warning: spec.template.metadata.labels[controller-uid]
	// warning: spec.selector
	// selector: map[controller-uid:7c9e6679-new]
	// template labels: map[app:pi controller-uid:7c9e6679-new job-name:pi]
	// Job labels: map[app:pi controller-uid:7c9e6679-new job-name:pi]
	// errors: 0
}

// A selector written without `manualSelector: true` is refused, with a
// message that says what to do instead.
func ExampleValidate() {
	job, err := conversion.Decode([]byte(`
apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  selector:
    matchLabels: {app: pi}
  template:
    metadata:
      labels: {app: pi}
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Always
`))
	if err != nil {
		panic(err)
	}
	if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID("7c9e6679")); err != nil {
		panic(err)
	}
	errs, err := jobapi.Validate(job)
	if err != nil {
		panic(err)
	}
	for _, e := range errs {
		fmt.Println(e)
	}
	// Output:
	// spec.selector: Invalid value: {"matchLabels":{"app":"pi","controller-uid":"7c9e6679"}}: must select the labels selector generation writes (controller-uid=7c9e6679,job-name=pi) when `spec.manualSelector` is unset or false: remove `spec.selector` to have one generated, or set `spec.manualSelector: true` to choose the selector yourself
	// spec.template.spec.restartPolicy: Required value: must be 'OnFailure' or 'Never' for the pods of a Job
}

// The errors of Validate become the Status object an API server returns.
func ExampleValidate_status() {
	job, err := conversion.Decode([]byte(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},
		"spec":{"parallelism":-1,"template":{"spec":{"containers":[{"name":"pi","image":"perl"}],"restartPolicy":"Never"}}}}`))
	if err != nil {
		panic(err)
	}
	if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID("7c9e6679")); err != nil {
		panic(err)
	}
	errs, err := jobapi.Validate(job)
	if err != nil {
		panic(err)
	}
	status := field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, job.ObjectMeta.Name, errs)
	out, _ := json.Marshal(status)
	fmt.Println(string(out))
	// Output:
	// {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Job.batch \"pi\" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"pi","group":"batch","kind":"Job","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.parallelism"}]},"code":422}
}

// A user who wants their own name for the non-overlapping key chooses it
// (the `uniqueLabelKey` of the API conventions).
func ExampleWithUniqueLabelKey() {
	job := &jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "pi"}}
	if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID("7c9e6679"), jobapi.WithUniqueLabelKey("example.com/run")); err != nil {
		panic(err)
	}
	fmt.Println(job.Spec.Selector.MatchLabels)
	fmt.Println(job.Spec.Template.ObjectMeta.Labels)
	// Output:
	// map[example.com/run:7c9e6679]
	// map[example.com/run:7c9e6679 job-name:pi]
}
