package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConvert(t *testing.T) {
	const v1beta1Job = `apiVersion: extensions/v1beta1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels:
        app: pi
    spec:
      containers:
      - name: pi
        image: perl
        resources: {limits: {cpu: "1"}}
      restartPolicy: Never
`
	const v1Job = `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"q"},"spec":{"completions":2,"manualSelector":true,"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"busybox"}],"restartPolicy":"OnFailure"}}}}`
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErr    string // lines of standard error
		wantStatus int
	}{
		{
			name:  "an extensions/v1beta1 Job becomes a batch/v1 manual-selector Job, fields jobkit does not model kept under --validate=ignore",
			args:  []string{"--to", "batch/v1", "--validate=ignore"},
			stdin: v1beta1Job,
			wantOut: `apiVersion: batch/v1
kind: Job
metadata:
  labels:
    app: pi
  name: pi
spec:
  completions: 1
  manualSelector: true
  parallelism: 1
  selector:
    matchLabels:
      app: pi
  template:
    metadata:
      labels:
        app: pi
    spec:
      containers:
      - image: perl
        imagePullPolicy: Always
        name: pi
        resources:
          limits:
            cpu: "1"
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}
`,
		},
		{
			name:  "several Jobs and other objects, in order, as a YAML stream",
			args:  []string{"-to=extensions/v1beta1"},
			stdin: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\ndata: {k: v}\n---\n" + v1Job + "\n",
			wantOut: `apiVersion: v1
data:
  k: v
kind: ConfigMap
metadata:
  name: cm
---
apiVersion: extensions/v1beta1
kind: Job
metadata:
  labels:
    a: b
  name: q
spec:
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 2
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      a: b
  suspend: false
  template:
    metadata:
      labels:
        a: b
    spec:
      containers:
      - image: busybox
        imagePullPolicy: Always
        name: c
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: OnFailure
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}
`,
		},
		{
			name:  "bad Jobs: nothing is written, every error on its own line with the document and the field",
			args:  []string{"--to", "batch/v1", "--validate=ignore"},
			stdin: "apiVersion: batch/v1\nkind: Job\nspec:\n  completions: many\n  parallelism: 3000000000\n---\napiVersion: batch/v2\nkind: Job\nmetadata: {name: v2}\n---\n" + v1beta1Job,
			wantErr: `STDIN:4:3 (document 1): Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.completions of type int32
STDIN:5:3 (document 1): Job in version "v1" cannot be handled as a Job: json: cannot unmarshal number 3000000000 into Go struct field JobSpec.spec.parallelism of type int32
STDIN:7:1 (document 2): Job.batch "v2" is invalid: apiVersion: Unsupported value: "batch/v2": supported values: "batch/v1", "extensions/v1beta1"
`,
			wantStatus: 1,
		},
		{
			name:       "no input",
			args:       []string{"--to", "batch/v1"},
			stdin:      "",
			wantErr:    "jobkit convert: the input holds no objects\n",
			wantStatus: 1,
		},
		{
			name:       "--to is required",
			args:       nil,
			wantErr:    "jobkit convert: --to must be one of 'batch/v1', 'extensions/v1beta1', not \"\"\n",
			wantStatus: 2,
		},
		{
			name:       "an unsupported --to",
			args:       []string{"--to", "batch/v2"},
			wantErr:    "jobkit convert: --to must be one of 'batch/v1', 'extensions/v1beta1', not \"batch/v2\"\n",
			wantStatus: 2,
		},
		{
			name:       "a stray argument",
			args:       []string{"--to", "batch/v1", "job.yaml"},
			wantErr:    "jobkit convert: unexpected argument \"job.yaml\"; give the input with -f\n",
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := jobkit(tt.stdin, append([]string{"convert"}, tt.args...)...)
			if diff := cmp.Diff(tt.wantStatus, status); diff != "" {
				t.Errorf("status (-want +got):\n%s\nstderr: %s", diff, errOut)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConvertReadsAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "job.yaml")
	if err := os.WriteFile(path, []byte("apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec: {manualSelector: true, template: {spec: {containers: [{name: c}]}}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := jobkit("", "convert", "--to", "extensions/v1beta1", "-f", path)
	if status != 0 {
		t.Fatalf("status %d, stderr: %s", status, errOut)
	}
	if strings.Contains(out, "autoSelector") || strings.Contains(out, "manualSelector") {
		t.Errorf("manualSelector: true must become an unset autoSelector:\n%s", out)
	}
}

// TestConvertValidate pins --validate on convert: strict by default, as
// kubectl's, warn drops the unknown field with a warning, ignore keeps it
// (jobkit writes back what it does not model).
func TestConvertValidate(t *testing.T) {
	const typo = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  backofLimit: 2\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"
	tests := []struct {
		name       string
		args       []string
		wantErr    string
		wantStatus int
		wantField  bool // whether the output keeps spec.backofLimit
	}{
		{
			name:       "strict by default: the unknown field is an error, nothing is written",
			wantErr:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"` + "\n",
			wantStatus: 1,
		},
		{
			name:    "warn: a warning, and the Job without the field",
			args:    []string{"--validate", "warn"},
			wantErr: `STDIN: Warning: unknown field "spec.backofLimit"` + "\n",
		},
		{
			name:      "ignore: the field is written back",
			args:      []string{"--validate=ignore"},
			wantField: true,
		},
		{
			name:       "a wrong --validate exits 2",
			args:       []string{"--validate=loose"},
			wantErr:    `jobkit convert: --validate must be 'strict', 'warn' or 'ignore', not "loose"` + "\n",
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := jobkit(typo, append([]string{"convert", "--to", "extensions/v1beta1"}, tt.args...)...)
			if diff := cmp.Diff(tt.wantStatus, status); diff != "" {
				t.Errorf("status (-want +got):\n%s\nstderr: %s", diff, errOut)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if tt.wantStatus == 0 && !strings.HasPrefix(out, "apiVersion: extensions/v1beta1\n") {
				t.Errorf("stdout is not the converted Job:\n%s", out)
			}
			if got := strings.Contains(out, "backofLimit: 2"); got != tt.wantField {
				t.Errorf("stdout has backofLimit: %v, want %v:\n%s", got, tt.wantField, out)
			}
		})
	}
}
