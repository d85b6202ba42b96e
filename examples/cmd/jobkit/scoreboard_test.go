package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const scoreboardPods = `kind: PodList
apiVersion: v1
items:
- kind: Pod
  apiVersion: v1
  metadata:
    name: job-2-a
    namespace: ns
    annotations: {batch.kubernetes.io/job-completion-index: "2"}
  status: {phase: Succeeded}
- kind: Pod
  apiVersion: v1
  metadata:
    name: job-3-b
    namespace: ns
    annotations: {batch.kubernetes.io/job-completion-index: "3"}
  spec: {nodeName: n1}
  status: {phase: Running}
---
kind: Pod
apiVersion: v1
metadata:
  name: job-3-c
  namespace: ns
  annotations: {batch.kubernetes.io/job-completion-index: "3"}
status: {phase: Pending}
---
{"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "stray", "namespace": "ns"}, "status": {"phase": "Running"}}
`

// scoreboardTypo is a pod of index 0 with a misspelt status field, and
// scoreboardTypoOut the scoreboard once the field is dropped: the pod
// has no phase, so it counts as running.
const (
	scoreboardTypo    = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, annotations: {batch.kubernetes.io/job-completion-index: \"0\"}}\nstatus: {phaze: Succeeded}\n"
	scoreboardTypoOut = "completedIndexes: \"\"\ncompletions: 1\ncounts:\n  complete: 0\n  notStarted: 0\n  running: 1\ndone: false\nnext: []\nparallelism: 1\nproblems: []\n"
)

func TestScoreboardCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantOut  string
		wantErr  string
		wantCode int
	}{
		{
			name:  "pods and previous completedIndexes",
			args:  []string{"scoreboard", "--completions", "6", "--parallelism", "3", "--completed-indexes", "0,1,9"},
			stdin: scoreboardPods,
			wantOut: `completedIndexes: 0-2
completions: 6
counts:
  complete: 3
  notStarted: 2
  running: 1
done: false
next:
- 4
- 5
parallelism: 3
problems:
- delete: false
  error: 'status.completedIndexes: Invalid value: "9": must be less than 6, the completions;
    these indexes are dropped'
  index: 9
  reason: InvalidCompletedIndexes
  source: --completed-indexes
- delete: true
  error: 'metadata.annotations[batch.kubernetes.io/job-completion-index]: Duplicate
    value: "3": another active pod of the index, ''ns/job-3-b'', is kept'
  index: 3
  pod: ns/job-3-c
  reason: DuplicateActive
  source: STDIN:20 (document 2)
- delete: true
  error: 'metadata.annotations[batch.kubernetes.io/job-completion-index]: Required
    value: a pod of an Indexed Job must have its completion index'
  pod: ns/stray
  reason: MissingIndex
  source: STDIN:28 (document 3)
`,
		},
		{
			name:  "no pods: every index to start, parallelism 1 by default",
			args:  []string{"scoreboard", "--completions", "3"},
			stdin: "",
			wantOut: `completedIndexes: ""
completions: 3
counts:
  complete: 0
  notStarted: 3
  running: 0
done: false
next:
- 0
parallelism: 1
problems: []
`,
		},
		{
			name:  "all complete",
			args:  []string{"scoreboard", "--completions", "3", "--parallelism", "2", "--completed-indexes", "0-2"},
			stdin: "",
			wantOut: `completedIndexes: 0-2
completions: 3
counts:
  complete: 3
  notStarted: 0
  running: 0
done: true
next: []
parallelism: 2
problems: []
`,
		},
		{
			name:     "a document that is not a pod",
			args:     []string{"scoreboard", "--completions", "3"},
			stdin:    "kind: Job\napiVersion: batch/v1\nmetadata: {name: j}\n",
			wantErr:  "STDIN:1:1: kind: Unsupported value: \"Job\": supported values: \"Pod\"\n",
			wantCode: 1,
		},
		{
			name:     "malformed YAML",
			args:     []string{"scoreboard", "--completions", "3"},
			stdin:    "kind: [Pod\n",
			wantErr:  "STDIN: YAML: yaml: line 1: did not find expected ',' or ']'\n",
			wantCode: 1,
		},
		{
			name:     "--validate=strict (the default) refuses a pod with an unknown field",
			args:     []string{"scoreboard", "--completions", "1"},
			stdin:    scoreboardTypo,
			wantErr:  "STDIN: Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"status.phaze\"\n",
			wantCode: 1,
		},
		{
			name:    "--validate=warn reads it after a warning, the field dropped",
			args:    []string{"scoreboard", "--completions", "1", "--validate", "warn"},
			stdin:   scoreboardTypo,
			wantErr: "STDIN: Warning: unknown field \"status.phaze\"\n",
			wantOut: scoreboardTypoOut,
		},
		{
			name:    "--validate=ignore reads it without a word",
			args:    []string{"scoreboard", "--completions", "1", "--validate=ignore"},
			stdin:   scoreboardTypo,
			wantOut: scoreboardTypoOut,
		},
		{
			name:     "a wrong --validate",
			args:     []string{"scoreboard", "--completions", "1", "--validate=off"},
			stdin:    scoreboardTypo,
			wantErr:  "jobkit scoreboard: --validate must be 'strict', 'warn' or 'ignore', not \"off\"\n",
			wantCode: 2,
		},
		{
			name:     "a Pod of another apiVersion",
			args:     []string{"scoreboard", "--completions", "1"},
			stdin:    "apiVersion: v2\nkind: Pod\nmetadata: {name: p}\n",
			wantErr:  "STDIN:1:1: apiVersion: Unsupported value: \"v2\": supported values: \"v1\"\n",
			wantCode: 1,
		},
		{
			name:     "completions is required",
			args:     []string{"scoreboard"},
			wantErr:  "jobkit scoreboard: --completions: must be given, greater than or equal to 0\n",
			wantCode: 2,
		},
		{
			name:     "negative parallelism",
			args:     []string{"scoreboard", "--completions", "3", "--parallelism", "-1"},
			wantErr:  "jobkit scoreboard: --parallelism: must be greater than or equal to 0\n",
			wantCode: 2,
		},
		{
			name:     "strict completedIndexes",
			args:     []string{"scoreboard", "--completions", "9", "--completed-indexes", "5,3"},
			wantErr:  "jobkit scoreboard: --completed-indexes: fragment '3' at offset 2: must be greater than the previous fragment '5': indexes must be in increasing order\n",
			wantCode: 2,
		},
		{
			name:     "stray argument",
			args:     []string{"scoreboard", "--completions", "3", "pods.yaml"},
			wantErr:  "jobkit scoreboard: unexpected argument \"pods.yaml\"\n",
			wantCode: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkit(tt.stdin, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit code = %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestScoreboardCommandReadsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pods.yaml")
	pod := "apiVersion: v1\nkind: Pod\nmetadata: {name: p, annotations: {batch.kubernetes.io/job-completion-index: \"0\"}}\nstatus: {phase: Succeeded}\n"
	if err := os.WriteFile(path, []byte(pod), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := run(streams{in: strings.NewReader("not read"), out: &out, err: &errOut}, []string{"scoreboard", "--completions", "1", "-f", path})
	if code != 0 {
		t.Fatalf("exit code %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "done: true\n") {
		t.Errorf("stdout does not say done:\n%s", out.String())
	}
}
