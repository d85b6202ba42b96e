package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden from what the tool prints now")

// checkGolden compares got with testdata/golden/name, or rewrites it
// under -update-golden.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *updateGolden {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update-golden to write it)", err, t.Name())
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-golden +got):\n%s", path, diff)
	}
}

// TestValidateMixedDirectory runs validate over testdata/mixed, a
// directory as a real repository holds one: a Helm-rendered multi-kind
// file, a List, CronJobs, JSON, a misspelled field, a duplicated key,
// files that are not manifests, and a subdirectory.
func TestValidateMixedDirectory(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		terminal   bool
		wantStatus int
	}{
		{"text", []string{"-f", "testdata/mixed"}, true, 1},
		{"recursive-warn", []string{"-R", "--validate=warn", "-f", "testdata/mixed"}, true, 1},
		{"ignore-not-a-terminal", []string{"-f", "testdata/mixed", "--validate", "ignore"}, false, 1},
		{"json", []string{"-f", "testdata/mixed", "-o", "json"}, false, 1},
		{"valid-files", []string{"-f", "testdata/mixed/chart.yaml", "-f", "testdata/mixed/job.json", "-f", "testdata/mixed/nested"}, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkitOn(tt.terminal, "", append([]string{"validate"}, tt.args...)...)
			if code != tt.wantStatus {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantStatus, errOut)
			}
			checkGolden(t, "validate-"+tt.name+".stderr", errOut)
			checkGolden(t, "validate-"+tt.name+".stdout", out)
		})
	}
}

// TestCreateAndConvertMixedDirectory: create and convert write every
// object back, in order, Jobs processed and everything else unchanged.
func TestCreateAndConvertMixedDirectory(t *testing.T) {
	const uid = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	tests := []struct {
		name       string
		args       []string
		wantStatus int
	}{
		{"convert-v1beta1", []string{"convert", "--to", "extensions/v1beta1", "-f", "testdata/mixed/chart.yaml", "-R", "-f", "testdata/mixed/nested"}, 0},
		{"create-chart", []string{"create", "--uid", uid, "-f", "testdata/mixed/chart.yaml"}, 0},
		{"create-cronjobs-count-for-uid", []string{"create", "--uid", uid, "-f", "testdata/mixed/chart.yaml", "-f", "testdata/mixed/cronjobs.yaml"}, 2},
		{"create-cronjobs", []string{"create", "-f", "testdata/mixed/cronjobs.yaml"}, 1},
		{"create-warn-drops-the-field", []string{"create", "--uid", uid, "--validate=warn", "-f", "testdata/mixed/typo.yaml"}, 0},
		{"create-two-jobs-one-uid", []string{"create", "--uid", uid, "-f", "testdata/mixed/chart.yaml", "-f", "testdata/mixed/job.json"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkit("", tt.args...)
			if code != tt.wantStatus {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantStatus, errOut)
			}
			out = creationTimestamp.ReplaceAllString(out, "${1}<now>")
			checkGolden(t, tt.name+".stderr", errOut)
			checkGolden(t, tt.name+".stdout", out)
		})
	}
}

const serviceYAML = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
`

const piJob = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Never
`

// TestInputBehaviours pins each rule of reading and reporting, one
// behaviour per row, with exact standard error and exit status.
func TestInputBehaviours(t *testing.T) {
	withTypo := strings.Replace(piJob, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1)
	tests := []struct {
		name       string
		stdin      string
		args       []string
		terminal   bool
		wantOut    string
		wantErr    string
		wantStatus int
	}{
		{
			name:    "validate passes over other kinds and counts them",
			stdin:   serviceYAML + "---\n" + piJob,
			args:    []string{"validate"},
			wantErr: "1 Job valid, 0 invalid, 1 Service not checked\n", terminal: true,
		},
		{
			name:       "a misspelled field is refused as kubectl refuses it",
			stdin:      withTypo,
			args:       []string{"validate"},
			wantErr:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"` + "\n",
			wantStatus: 1,
		},
		{
			name:    "--validate=warn: a warning line, and the Job is valid",
			stdin:   withTypo,
			args:    []string{"validate", "--validate=warn"},
			wantErr: `STDIN: Warning: unknown field "spec.backofLimit"` + "\n",
		},
		{
			name:  "--validate=ignore: nothing said",
			stdin: withTypo,
			args:  []string{"validate", "--validate", "ignore"},
		},
		{
			name:       "--validate with a wrong value is a usage error",
			stdin:      piJob,
			args:       []string{"validate", "--validate", "lenient"},
			wantErr:    "jobkit validate: --validate must be 'strict', 'warn' or 'ignore', not \"lenient\"\n",
			wantStatus: 2,
		},
		{
			name:       "a duplicated key is refused with its path",
			stdin:      strings.Replace(piJob, "  name: pi\n", "  name: pi\n  name: pi2\n", 1),
			args:       []string{"validate"},
			wantErr:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: duplicate field "metadata.name"` + "\n",
			wantStatus: 1,
		},
		{
			name:       "errors name the Job and the document, in kubectl's shape",
			stdin:      serviceYAML + "---\n" + strings.Replace(piJob, "spec:\n  template:", "spec:\n  completions: -1\n  template:", 1),
			args:       []string{"validate"},
			wantErr:    `STDIN:13:3 (document 2): Job.batch "pi" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0` + "\n",
			wantStatus: 1,
		},
		{
			name:       "a document without kind is one error",
			stdin:      "apiVersion: apps/v1\nmetadata: {name: web}\n",
			args:       []string{"validate"},
			wantErr:    "STDIN:1:1: kind: Required value: every object must name its kind, such as 'Job'\n",
			wantStatus: 1,
		},
		{
			name:       "a Deployment is not checked: counted by kind, not two errors",
			stdin:      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: nginx-deployment}\n",
			args:       []string{"validate"},
			terminal:   true,
			wantErr:    "0 objects valid, 0 invalid, 1 Deployment not checked\n",
			wantStatus: 0,
		},
		{
			name:     "--strict-kinds: a kind jobkit does not check is an error",
			stdin:    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: nginx-deployment}\n---\n" + piJob,
			args:     []string{"validate", "--strict-kinds"},
			terminal: true,
			wantErr: `STDIN:1 (document 1): Deployment.apps "nginx-deployment" is of a kind jobkit does not check (it judges Jobs, batch/v1 CronJobs, Pods and PodTemplates), and --strict-kinds refuses it` + "\n" +
				"1 Job valid, 1 Deployment invalid\n",
			wantStatus: 1,
		},
		{
			name:       "truncated JSON is reported as JSON",
			stdin:      `{"apiVersion": "batch/v1", "kind": "Job", "metadata": {`,
			args:       []string{"validate"},
			wantErr:    "STDIN: JSON: unexpected end of input: the JSON value is truncated\n",
			wantStatus: 1,
		},
		{
			name:       "UTF-16 is refused as not UTF-8",
			stdin:      "\xff\xfea\x00p\x00",
			args:       []string{"validate"},
			wantErr:    "STDIN: the input must be UTF-8 text\n",
			wantStatus: 1,
		},
		{
			name:       "a member given twice in JSON is refused with its path",
			stdin:      `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"completions":1,"completions":2,"template":{"spec":{"containers":[{"name":"pi","image":"perl"}],"restartPolicy":"Never"}}}}`,
			args:       []string{"validate"},
			wantErr:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: duplicate field "spec.completions"` + "\n",
			wantStatus: 1,
		},
		{
			name:  "a stream of JSON objects is read object by object",
			stdin: "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"web\"}}\n{\"apiVersion\":\"batch/v1\",\"kind\":\"Job\",\"metadata\":{\"name\":\"pi\"},\"spec\":{\"completions\":-1,\"template\":{\"spec\":{\"containers\":[{\"name\":\"pi\",\"image\":\"perl\"}],\"restartPolicy\":\"Never\"}}}}\n",
			args:  []string{"validate"},
			wantErr: `STDIN:2:72 (document 2): Job.batch "pi" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0` + "\n" +
				"0 objects valid, 1 Job invalid, 1 Service not checked\n",
			terminal:   true,
			wantStatus: 1,
		},
		{
			name:  "-o json: a document that does not decode gets a 400 Status",
			stdin: "a: [\n",
			args:  []string{"validate", "-o", "json"},
			wantOut: `{
    "kind": "Status",
    "apiVersion": "v1",
    "metadata": {},
    "status": "Failure",
    "message": "YAML: yaml: line 1: did not find expected node content",
    "reason": "BadRequest",
    "code": 400
}
`,
			wantErr:    "STDIN: YAML: yaml: line 1: did not find expected node content\n",
			wantStatus: 1,
		},
		{
			name:       "a path that does not exist exits 2",
			args:       []string{"validate", "-f", "testdata/no-such-dir"},
			wantErr:    "jobkit validate: unreadable input: the path \"testdata/no-such-dir\" does not exist\n",
			wantStatus: 2,
		},
		{
			name:       "create --uid counts only the objects jobkit creates",
			stdin:      serviceYAML + "---\n" + piJob,
			args:       []string{"create", "--uid", "u-1"},
			wantOut:    "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n---\n" + createdPiWithUID,
			wantStatus: 0,
		},
		{
			name:       "create --uid refuses two Jobs",
			stdin:      piJob + "---\n" + strings.Replace(piJob, "name: pi\n", "name: pi2\n", 1),
			args:       []string{"create", "--uid", "u-1"},
			wantErr:    "jobkit create: --uid may only be given when the input holds a single object to create (a Job, CronJob, Pod or PodTemplate), and it holds 2: two objects never share a uid, and Jobs that do select each other's pods\n",
			wantStatus: 2,
		},
		{
			name:       "convert keeps other kinds as they are, in order",
			stdin:      serviceYAML + "---\n" + piJob,
			args:       []string{"convert", "--to", "batch/v1", "--validate=ignore"},
			wantOut:    "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n---\n" + convertedPi,
			wantStatus: 0,
		},
		{
			name:       "convert refuses an unknown field by default",
			stdin:      withTypo,
			args:       []string{"convert", "--to", "batch/v1"},
			wantErr:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"` + "\n",
			wantStatus: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkitOn(tt.terminal, tt.stdin, tt.args...)
			out = creationTimestamp.ReplaceAllString(out, "${1}<now>")
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if code != tt.wantStatus {
				t.Errorf("exit status %d, want %d", code, tt.wantStatus)
			}
		})
	}
}

// convertedPi is piJob as convert writes it in batch/v1.
const convertedPi = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 1
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  suspend: false
  template:
    metadata: {}
    spec:
      containers:
      - image: perl
        imagePullPolicy: Always
        name: pi
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}
`

// createdPiWithUID is piJob as create stores it with --uid u-1.
const createdPiWithUID = `apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: <now>
  generation: 1
  labels:
    controller-uid: u-1
    job-name: pi
  name: pi
  namespace: default
  uid: u-1
spec:
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 1
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      controller-uid: u-1
  suspend: false
  template:
    metadata:
      labels:
        controller-uid: u-1
        job-name: pi
    spec:
      containers:
      - image: perl
        imagePullPolicy: Always
        name: pi
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}
`

// TestReadingFunctionsAreTheLibrarys checks that the CLI reads with
// conversion.DecodeAll: the documents it sees are the library's, source
// and all.
func TestReadingFunctionsAreTheLibrarys(t *testing.T) {
	in := &inputFlags{files: []string{"testdata/mixed/list.yaml"}}
	docs, err := readObjects(streams{}, in, conversion.FieldValidationStrict)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/mixed/list.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want, err := conversion.DecodeAll("testdata/mixed/list.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, docs, cmp.Comparer(func(a, b error) bool { return fmt.Sprint(a) == fmt.Sprint(b) }),
		cmp.Comparer(func(a, b *jobapi.Job) bool { return (a == nil) == (b == nil) }),
		cmpopts.IgnoreUnexported(conversion.Document{})); diff != "" {
		t.Errorf("(-DecodeAll +readObjects):\n%s", diff)
	}
}
