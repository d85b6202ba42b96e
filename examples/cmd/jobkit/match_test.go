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
  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "ns", "labels": {"team": "x"}}},
  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "b", "namespace": "ns"}},
  {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "namespace": "ns", "labels": {"team": "y"}}}
]}`

// matchJobTypo is a Job with an unknown field.
const matchJobTypo = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  backofLimit: 2\n  template:\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"

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
			wantErr:    []string{"flag provided but not defined: -x", "usage: jobkit match -l SELECTOR [-f FILE]... [-R] [--validate strict|warn|ignore]", "  -R\tread the directories", "  -f FILE", "    \ta FILE or directory to read", "  -l string", "    \tthe label selector", "  -validate string", "    \twhat to do with unknown and duplicate fields"},
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
			wantErr:    []string{"STDIN: YAML: yaml: line 1: "},
			wantStatus: 1,
		},
		{
			name:       "document that is not an object exits 1",
			args:       []string{"-l", "a"},
			stdin:      "[1, 2]\n",
			wantErr:    []string{"STDIN: the document must be an object, not a list or a scalar"},
			wantStatus: 1,
		},
		{
			name:    "objects with bad metadata are reported, the others still listed",
			args:    []string{"-l", ""},
			stdin:   "kind: ConfigMap\napiVersion: v1\nmetadata: {name: ok}\n---\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: p, labels: {replicas: 3}}\n---\nkind: ConfigMap\napiVersion: v1\nmetadata: {labels: {a: b}}\n---\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: [x]}\n---\n{apiVersion: v1, kind: List, items: [1]}\n---\nkind: ConfigMap\napiVersion: v1\nmetadata: 5\n---\nkind: Deployment\napiVersion: apps/v1\nmetadata: {name: q, labels: [a]}\n---\nmetadata: {name: r}\n",
			wantOut: "ok\n",
			wantErr: []string{
				`STDIN:7:30 (document 2): ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`,
				"STDIN:11:1 (document 3): metadata.name: Required value: every object must have a name to be listed",
				`STDIN:15:12 (document 4): ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.name of type string`,
				"STDIN:17 (document 5, items[0]): the document must be an object, not a list or a scalar",
				`STDIN:21:1 (document 6): ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field `,
				`STDIN:25:21 (document 7): Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string`,
				"STDIN:27:1 (document 8): apiVersion: Required value: every object must name its version",
				"STDIN:27:1 (document 8): kind: Required value: every object must name its kind",
			},
			wantStatus: 1,
		},
		{
			name:       "--validate=strict (the default) refuses an unknown field of a Job",
			args:       []string{"-l", ""},
			stdin:      matchJobTypo,
			wantErr:    []string{`STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"`},
			wantStatus: 1,
		},
		{
			name:    "--validate=warn lists the object after a warning",
			args:    []string{"-l", "", "--validate", "warn"},
			stdin:   matchJobTypo,
			wantOut: "pi\n",
			wantErr: []string{`STDIN: Warning: unknown field "spec.backofLimit"`},
		},
		{
			name:    "--validate=ignore lists the object without a word",
			args:    []string{"-l", "", "--validate=ignore"},
			stdin:   matchJobTypo,
			wantOut: "pi\n",
		},
		{
			name:       "--validate=strict refuses a duplicate field of any kind",
			args:       []string{"-l", ""},
			stdin:      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\ndata: {a: c}\n",
			wantErr:    []string{`STDIN: ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: duplicate field "data"`},
			wantStatus: 1,
		},
		{
			name:       "a wrong --validate exits 2",
			args:       []string{"-l", "", "--validate", "lax"},
			stdin:      matchJobTypo,
			wantErr:    []string{`jobkit match: --validate must be 'strict', 'warn' or 'ignore', not "lax"`},
			wantStatus: 2,
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
