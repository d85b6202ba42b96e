package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const matchPods = `apiVersion: v1
kind: Pod
metadata:
  name: pi-abcde
  namespace: batch
  labels:
    job-name: pi
    controller-uid: 0f6bb3b2
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  namespace: default
  labels:
    app: web
    tier: frontend
---
# a comment-only document is skipped
---
apiVersion: v1
kind: Pod
metadata:
  name: pi-fghij
  labels:
    job-name: pi
`

const matchList = `{"apiVersion": "v1", "kind": "List", "items": [
  {"kind": "Job", "metadata": {"name": "a", "namespace": "ns", "labels": {"team": "x"}}},
  {"kind": "Job", "metadata": {"name": "b", "namespace": "ns"}},
  {"kind": "Job", "metadata": {"name": "c", "namespace": "ns", "labels": {"team": "y"}}}
]}`

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	podsFile := filepath.Join(dir, "pods.yaml")
	if err := os.WriteFile(podsFile, []byte(matchPods), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErr    []string // substrings of standard error, in order, one per line
		wantStatus int
	}{
		{
			name:    "equality selector from a file, names with and without namespace",
			args:    []string{"-l", "job-name=pi", "-f", podsFile},
			wantOut: "batch/pi-abcde\npi-fghij\n",
		},
		{
			name:    "set-based selector from standard input",
			args:    []string{"-l", "tier notin (backend),app"},
			stdin:   matchPods,
			wantOut: "default/web-1\n",
		},
		{
			name:    "dash reads standard input",
			args:    []string{"-f", "-", "-l", "!app"},
			stdin:   matchPods,
			wantOut: "batch/pi-abcde\npi-fghij\n",
		},
		{
			name:    "items of a List, objects without labels match negative requirements",
			args:    []string{"-l", "team!=y"},
			stdin:   matchList,
			wantOut: "ns/a\nns/b\n",
		},
		{
			name:    "empty selector matches every object",
			args:    []string{"-l", ""},
			stdin:   matchList,
			wantOut: "ns/a\nns/b\nns/c\n",
		},
		{
			name:  "nothing matches",
			args:  []string{"-l", "job-name=other"},
			stdin: matchPods,
		},
		{
			name:       "invalid selector exits 2",
			args:       []string{"-l", "job-name in pi"},
			stdin:      matchPods,
			wantErr:    []string{`jobkit match: -l: invalid selector "job-name in pi" at byte 12: found 'pi' after 'in', expected '('`},
			wantStatus: 2,
		},
		{
			name:       "missing selector exits 2",
			args:       []string{"-f", podsFile},
			wantErr:    []string{"jobkit match: -l SELECTOR is required"},
			wantStatus: 2,
		},
		{
			name:       "positional argument exits 2",
			args:       []string{"-l", "a", "b"},
			wantErr:    []string{`jobkit match: unexpected argument "b"; give the selector with -l`},
			wantStatus: 2,
		},
		{
			name:       "unknown flag exits 2",
			args:       []string{"-x"},
			wantErr:    []string{"flag provided but not defined: -x", "usage: jobkit match -l SELECTOR [-f FILE]... [-R]", "  -R\tread the directories", "  -f FILE", "    \ta FILE or directory to read", "  -l string", "    \tthe label selector"},
			wantStatus: 2,
		},
		{
			name:       "missing file exits 2",
			args:       []string{"-l", "a", "-f", filepath.Join(dir, "absent.yaml")},
			wantErr:    []string{"jobkit match: unreadable input: the path \"" + filepath.Join(dir, "absent.yaml") + "\" does not exist"},
			wantStatus: 2,
		},
		{
			name:       "malformed YAML exits 1",
			args:       []string{"-l", "a"},
			stdin:      "metadata: [unclosed\n",
			wantErr:    []string{"jobkit match: STDIN: YAML: yaml: line 1: "},
			wantStatus: 1,
		},
		{
			name:       "document that is not an object exits 1",
			args:       []string{"-l", "a"},
			stdin:      "[1, 2]\n",
			wantErr:    []string{"jobkit match: STDIN: the document must be an object, not a list or a scalar"},
			wantStatus: 1,
		},
		{
			name:    "objects with bad metadata are reported, the others still listed",
			args:    []string{"-l", ""},
			stdin:   "metadata: {name: ok}\n---\nmetadata: {name: p, labels: {replicas: 3}}\n---\nmetadata: {labels: {a: b}}\n---\nmetadata: {name: [x]}\n---\n{kind: List, items: [1]}\n---\nmetadata: 5\n---\nmetadata: {name: q, labels: [a]}\n",
			wantOut: "ok\n",
			wantErr: []string{
				"jobkit match: STDIN:3 (document 2): metadata.labels[replicas]: Invalid value: 3: must be a string",
				"jobkit match: STDIN:5 (document 3): metadata.name: Required value: every object must have a name to be listed",
				`jobkit match: STDIN:7 (document 4): metadata.name: Invalid value: ["x"]: must be a string`,
				"jobkit match: STDIN:9 (document 5, items[0]): the document must be an object, not a list or a scalar",
				"jobkit match: STDIN:11 (document 6): metadata: Invalid value: 5: must be an object",
				`jobkit match: STDIN:13 (document 7): metadata.labels: Invalid value: ["a"]: must be an object`,
			},
			wantStatus: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := jobkit(tt.stdin, append([]string{"match"}, tt.args...)...)
			if diff := cmp.Diff(tt.wantStatus, status); diff != "" {
				t.Errorf("exit status (-want +got):\n%s\nstderr:\n%s", diff, errOut)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			checkStderrPrefixes(t, errOut, tt.wantErr)
		})
	}
}
