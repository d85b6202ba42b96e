package conversion_test

import (
	"fmt"
	"time"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// A CronJob goes through what an API server does on create: decoding
// with batch/v1's defaults, create-time processing, validation. The
// schedule is read as Kubernetes reads it, so a minute of 61 and a TZ=
// prefix are refused with its messages, and the job template is checked
// as a Job's.
func ExampleDecodeCronJob() {
	manifest := []byte(`apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "TZ=Europe/Berlin 61 9 * * MON-FRI"
  jobTemplate:
    spec:
      completions: -1
      template:
        spec:
          containers: [{name: report, image: busybox}]
          restartPolicy: Never
`)
	cj, err := conversion.DecodeCronJob(manifest)
	if err != nil {
		panic(err)
	}
	fmt.Println("concurrencyPolicy:", cj.Spec.ConcurrencyPolicy, "successfulJobsHistoryLimit:", *cj.Spec.SuccessfulJobsHistoryLimit)
	if _, err := jobapi.PrepareCronJobForCreate(cj, jobapi.WithUID("3f1c9a52-0000-4000-8000-000000000001"),
		jobapi.WithCreationTime(time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC))); err != nil {
		panic(err)
	}
	errs, err := jobapi.ValidateCronJob(cj)
	if err != nil {
		panic(err)
	}
	for _, e := range errs {
		fmt.Println(e)
	}

	cj.Spec.Schedule = "1 9 * * MON-FRI"
	cj.Spec.TimeZone = ptr("Europe/Berlin")
	cj.Spec.JobTemplate.Spec.Completions = nil
	errs, _ = jobapi.ValidateCronJob(cj)
	fmt.Println("fixed:", len(errs), "errors")
	out, err := conversion.EncodeCronJob(cj, "batch/v1")
	if err != nil {
		panic(err)
	}
	fmt.Print(string(out[:len("apiVersion: batch/v1\nkind: CronJob\n")]))
	// Output:
	// concurrencyPolicy: Allow successfulJobsHistoryLimit: 3
	// spec.schedule: Invalid value: "TZ=Europe/Berlin 61 9 * * MON-FRI": end of range (61) above maximum (59): 61
	// spec.schedule: Invalid value: "TZ=Europe/Berlin 61 9 * * MON-FRI": cannot use TZ or CRON_TZ in schedule, use timeZone field instead
	// spec.jobTemplate.spec.completions: Invalid value: -1: must be greater than or equal to 0
	// fixed: 0 errors
	// apiVersion: batch/v1
	// kind: CronJob
}
