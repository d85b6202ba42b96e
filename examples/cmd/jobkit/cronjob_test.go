package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// createCronJob is a CronJob as a user writes it.
const createCronJob = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: backup
            image: busybox:1.36
          restartPolicy: OnFailure
`

// createdCronJob is what `jobkit create --uid createUID` prints for
// createCronJob: batch/v1's defaults, the system fields, and the pod
// template's defaults; the job template gets none of a Job's defaults.
const createdCronJob = `apiVersion: batch/v1
kind: CronJob
metadata:
  creationTimestamp: <now>
  generation: 1
  name: nightly
  namespace: default
  uid: ` + createUID + `
spec:
  concurrencyPolicy: Allow
  failedJobsHistoryLimit: 1
  jobTemplate:
    metadata: {}
    spec:
      template:
        metadata: {}
        spec:
          containers:
          - image: busybox:1.36
            imagePullPolicy: IfNotPresent
            name: backup
            resources: {}
            terminationMessagePath: /dev/termination-log
            terminationMessagePolicy: File
          dnsPolicy: ClusterFirst
          restartPolicy: OnFailure
          schedulerName: default-scheduler
          securityContext: {}
          terminationGracePeriodSeconds: 30
  schedule: 0 3 * * *
  successfulJobsHistoryLimit: 3
  suspend: false
  timeZone: Europe/Berlin
status: {}
`

// TestCronJobs pins how validate and create judge whole CronJobs: the
// schedule as Kubernetes parses it, the time zone, the policies and the
// job template, with no false green.
func TestCronJobs(t *testing.T) {
	tests := []struct {
		name       string
		run        func(streams, []string) int
		args       []string
		stdin      string
		wantOut    string
		wantErr    []string // prefixes of the lines of standard error
		wantStatus int
	}{
		{
			name:    "create prints the CronJob as the API server stores it",
			run:     runCreate,
			args:    []string{"--uid", createUID},
			stdin:   createCronJob,
			wantOut: createdCronJob,
		},
		{
			name:  "validate accepts it",
			run:   runValidate,
			stdin: createCronJob,
		},
		{
			name:       "a bad minute and a misspelled field: the misspelling first, as the API server's decoder refuses it",
			run:        runValidate,
			stdin:      strings.Replace(strings.Replace(createCronJob, `"0 3 * * *"`, `"61 * * * *"`, 1), "  timeZone:", "  concurrencyPolity: Forbid\n  timeZone:", 1),
			wantErr:    []string{`STDIN: CronJob in version "v1" cannot be handled as a CronJob: strict decoding error: unknown field "spec.concurrencyPolity"`},
			wantStatus: 1,
		},
		{
			name:       "a bad minute is refused with the parser's words",
			run:        runValidate,
			stdin:      strings.Replace(createCronJob, `"0 3 * * *"`, `"61 * * * *"`, 1),
			wantErr:    []string{`STDIN:6:3: CronJob.batch "nightly" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61`},
			wantStatus: 1,
		},
		{
			name:  "TZ in the schedule, an unknown zone, a bad policy, a negative limit, a template error, a long name",
			run:   runValidate,
			stdin: strings.Replace(strings.Replace(strings.Replace(strings.Replace(createCronJob, `"0 3 * * *"`, `"TZ=UTC 0 3 * * *"`, 1), "Europe/Berlin", "Mars/Olympus", 1), "  jobTemplate:", "  concurrencyPolicy: Never\n  failedJobsHistoryLimit: -1\n  jobTemplate:", 1), "restartPolicy: OnFailure", "restartPolicy: Always", 1),
			wantErr: []string{
				`STDIN:6:3: CronJob.batch "nightly" is invalid: spec.schedule: Invalid value: "TZ=UTC 0 3 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`,
				`STDIN:7:3: CronJob.batch "nightly" is invalid: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus`,
				`STDIN:8:3: CronJob.batch "nightly" is invalid: spec.concurrencyPolicy: Unsupported value: "Never": supported values: "Allow", "Forbid", "Replace"`,
				`STDIN:17:11: CronJob.batch "nightly" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Required value: `,
				`STDIN:9:3: CronJob.batch "nightly" is invalid: spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0`,
			},
			wantStatus: 1,
		},
		{
			name:       "a name of 53 characters leaves no room for the Jobs' suffix",
			run:        runValidate,
			stdin:      strings.Replace(createCronJob, "name: nightly", "name: "+strings.Repeat("n", 53), 1),
			wantErr:    []string{`STDIN:4:3: CronJob.batch "` + strings.Repeat("n", 53) + `" is invalid: metadata.name: Invalid value: "` + strings.Repeat("n", 53) + `": must be no more than 52 characters`},
			wantStatus: 1,
		},
		{
			name:       "a bad quantity in the template is the API server's 400",
			run:        runValidate,
			stdin:      strings.Replace(createCronJob, "image: busybox:1.36", "image: busybox:1.36\n            resources: {limits: {cpu: 1.5.0}}", 1),
			wantErr:    []string{`STDIN:15:34: CronJob in version "v1" cannot be handled as a CronJob: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
			wantStatus: 1,
		},
		{
			name:       "the template may not choose its selector",
			run:        runCreate,
			stdin:      strings.Replace(createCronJob, "    spec:\n      template:", "    spec:\n      selector: {matchLabels: {app: x}}\n      template:", 1),
			wantErr:    []string{"STDIN:10:7: CronJob.batch \"nightly\" is invalid: spec.jobTemplate.spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"x\"}}: `selector` will be auto-generated"},
			wantStatus: 1,
		},
		{
			name:    "--validate=warn drops an unknown field with a warning",
			run:     runCreate,
			args:    []string{"--uid", createUID, "--validate=warn"},
			stdin:   strings.Replace(createCronJob, "  timeZone:", "  concurrencyPolity: Forbid\n  timeZone:", 1),
			wantOut: createdCronJob,
			wantErr: []string{`STDIN: Warning: unknown field "spec.concurrencyPolity"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errLines, code := runCommand(t, tt.run, tt.stdin, tt.args...)
			if code != tt.wantStatus {
				t.Errorf("status %d, want %d; standard error:\n%s", code, tt.wantStatus, strings.Join(errLines, "\n"))
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("standard output (-want +got):\n%s", diff)
			}
			requireLines(t, tt.wantErr, errLines)
		})
	}
}

func TestSummaryByKind(t *testing.T) {
	tests := []struct {
		name string
		sum  summary
		want string
	}{
		{"nothing", summary{}, "0 objects valid, 0 invalid"},
		{"judged kinds in a fixed order, others by name",
			summary{valid: kindCounts{"Pod": 1, "Job": 2, "CronJob": 1}, invalid: kindCounts{"PodTemplate": 1}, unchecked: kindCounts{"Service": 1, "Deployment": 2}},
			"2 Jobs, 1 CronJob and 1 Pod valid, 1 PodTemplate invalid, 2 Deployments and 1 Service not checked"},
		{"plurals", summary{unchecked: kindCounts{"NetworkPolicy": 2, "Ingress": 3, "Gateway": 2}},
			"0 objects valid, 0 invalid, 2 Gateways, 3 Ingresses and 2 NetworkPolicies not checked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.sum.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
