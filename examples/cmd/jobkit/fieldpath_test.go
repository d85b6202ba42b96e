package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// fieldpathPod is a pod of an Indexed Job as `kubectl get pod -o yaml`
// prints it, trimmed to what the downward API reads.
const fieldpathPod = `apiVersion: v1
kind: Pod
metadata:
  name: say-fruit-1-x7k2p
  namespace: work
  uid: 2b7e0f1c-6d41-4a4a-9c57-3f1e0b5a9d21
  labels:
    job-name: say-fruit
    batch.kubernetes.io/job-completion-index: "1"
  annotations:
    batch.kubernetes.io/job-completion-index: "1"
    example.com/note: "line one\nsay \"hi\""
spec:
  nodeName: node-a
  serviceAccountName: runner
  containers:
  - name: c
    image: busybox
status:
  podIP: 10.244.1.9
  podIPs:
  - ip: 10.244.1.9
  - ip: fd00::9
`

// fieldpathTypo is a pod with an unknown field.
const fieldpathTypo = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeNam: n\n  containers: [{name: c, image: busybox}]\n"

func TestFieldpath(t *testing.T) {
	dir := t.TempDir()
	podFile := filepath.Join(dir, "pod.yaml")
	require.NoError(t, os.WriteFile(podFile, []byte(fieldpathPod), 0o644))
	twoPods := fieldpathPod + "---\n" + fieldpathPod
	tests := []struct {
		name      string
		args      []string
		stdin     string
		wantOut   string
		wantCode  int
		wantInErr string
	}{
		{name: "name from a file", args: []string{"metadata.name", "-f", podFile}, wantOut: "say-fruit-1-x7k2p\n"},
		{name: "flags before the path", args: []string{"-f", podFile, "spec.nodeName"}, wantOut: "node-a\n"},
		{name: "from standard input", args: []string{"metadata.uid"}, stdin: fieldpathPod, wantOut: "2b7e0f1c-6d41-4a4a-9c57-3f1e0b5a9d21\n"},
		{name: "the completion index", args: []string{"metadata.annotations['batch.kubernetes.io/job-completion-index']", "-f", podFile}, wantOut: "1\n"},
		{name: "an annotation with a newline", args: []string{"metadata.annotations['example.com/note']", "-f", podFile}, wantOut: "line one\nsay \"hi\"\n"},
		{
			name: "the whole annotations file as the kubelet writes it", args: []string{"metadata.annotations", "-f", podFile},
			wantOut: "batch.kubernetes.io/job-completion-index=\"1\"\nexample.com/note=\"line one\\nsay \\\"hi\\\"\"\n",
		},
		{name: "pod IPs", args: []string{"status.podIPs", "-f", podFile}, wantOut: "10.244.1.9,fd00::9\n"},
		{name: "a missing label is empty", args: []string{"metadata.labels['tier']", "-f", podFile}, wantOut: "\n"},
		{name: "a missing label fails when strict", args: []string{"metadata.labels['tier']", "--strict", "-f", podFile}, wantCode: 1, wantInErr: "the pod has no label 'tier'"},
		{name: "the unquoted form shows what to write", args: []string{"metadata.annotations[batch.kubernetes.io/job-completion-index]", "-f", podFile}, wantCode: 2, wantInErr: "write metadata.annotations['batch.kubernetes.io/job-completion-index']"},
		{name: "an unknown field", args: []string{"metadata.generation", "-f", podFile}, wantCode: 2, wantInErr: `invalid fieldPath "metadata.generation"`},
		{name: "a field no pod may read", args: []string{"status.phase", "-f", podFile}, wantCode: 1, wantInErr: "does not expose"},
		{name: "no path", args: []string{"-f", podFile}, wantCode: 2, wantInErr: "must be given"},
		{name: "two paths", args: []string{"metadata.name", "metadata.uid", "-f", podFile}, wantCode: 2, wantInErr: `unexpected argument "metadata.uid"`},
		{name: "unknown flag", args: []string{"metadata.name", "--nope"}, wantCode: 2, wantInErr: "flag provided but not defined"},
		{name: "missing file", args: []string{"metadata.name", "-f", filepath.Join(dir, "nope.yaml")}, wantCode: 2, wantInErr: "nope.yaml"},
		{name: "two pods", args: []string{"metadata.name"}, stdin: twoPods, wantCode: 1, wantInErr: "exactly one Pod, not 2"},
		{name: "not a pod", args: []string{"metadata.name"}, stdin: "apiVersion: batch/v1\nkind: Job\n", wantCode: 1, wantInErr: `kind: Unsupported value: "Job"`},
		{name: "a pod field of the wrong type", args: []string{"metadata.name"}, stdin: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: [1]\n", wantCode: 1, wantInErr: `STDIN:4:3: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.name of type string`},
		{name: "a Pod of another apiVersion", args: []string{"metadata.name"}, stdin: "apiVersion: v2\nkind: Pod\nmetadata: {name: p}\n", wantCode: 1, wantInErr: `STDIN:1:1: apiVersion: Unsupported value: "v2": supported values: "v1"`},
		{name: "--validate=strict (the default) refuses an unknown field", args: []string{"metadata.name"}, stdin: fieldpathTypo, wantCode: 1, wantInErr: `STDIN: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.nodeNam"`},
		{name: "--validate=warn reads the pod after a warning", args: []string{"metadata.name", "--validate", "warn"}, stdin: fieldpathTypo, wantOut: "p\n", wantInErr: `STDIN: Warning: unknown field "spec.nodeNam"`},
		{name: "--validate=ignore reads the pod", args: []string{"metadata.name", "--validate=ignore"}, stdin: fieldpathTypo, wantOut: "p\n"},
		{name: "a wrong --validate", args: []string{"metadata.name", "--validate=maybe"}, stdin: fieldpathTypo, wantCode: 2, wantInErr: `jobkit fieldpath: --validate must be 'strict', 'warn' or 'ignore', not "maybe"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkit(tt.stdin, append([]string{"fieldpath"}, tt.args...)...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if tt.wantInErr != "" && !strings.Contains(errOut, tt.wantInErr) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.wantInErr)
			}
			if tt.wantCode == 0 && tt.wantInErr == "" && errOut != "" {
				t.Errorf("stderr is not empty: %q", errOut)
			}
		})
	}
}
