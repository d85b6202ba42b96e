package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/selector"
)

// overlapJob returns a batch/v1 Job in namespace ns with the given
// spec.selector (YAML flow text; "" for none) and template labels.
func overlapJob(name, ns, sel, labels string) string {
	var b strings.Builder
	b.WriteString("apiVersion: batch/v1\nkind: Job\nmetadata: {name: " + name)
	if ns != "" {
		b.WriteString(", namespace: " + ns)
	}
	b.WriteString("}\nspec:\n")
	if sel != "" {
		b.WriteString("  manualSelector: true\n  selector: " + sel + "\n")
	}
	b.WriteString("  template:\n    metadata: {labels: " + labels + "}\n    spec: {containers: [{name: c, image: busybox}], restartPolicy: Never}\n")
	return b.String()
}

// overlapInput is a manifest of Jobs of both versions and a ReplicaSet.
var overlapInput = strings.Join([]string{
	overlapJob("pi", "batch", "{matchLabels: {app: pi}}", "{app: pi}"),
	// extensions/v1beta1 without autoSelector: the selector defaults to
	// the template's labels.
	`apiVersion: extensions/v1beta1
kind: Job
metadata: {name: pi-legacy, namespace: batch}
spec:
  template:
    metadata: {labels: {app: pi, tier: compute}}
    spec: {containers: [{name: c, image: perl}], restartPolicy: Never}
`,
	overlapJob("fresh", "batch", "", "{app: pi}"),
	`apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: batch}
spec:
  selector:
    matchExpressions:
    - {key: app, operator: In, values: [web, pi]}
    - {key: legacy, operator: DoesNotExist}
`,
	overlapJob("other-ns", "other", "{matchLabels: {app: pi}}", "{app: pi}"),
}, "---\n")

// overlapTypo is two Deployments, the second with `matchlabels` for
// `matchLabels`.
const overlapTypo = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\nspec: {selector: {matchLabels: {app: x}}}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: b}\nspec: {selector: {matchlabels: {app: y}}}\n"

func TestOverlapsCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "jobs.yaml")
	if err := os.WriteFile(file, []byte(overlapInput), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErr    []string // prefixes of the lines of standard error, in order
		wantStatus int
	}{
		{
			name: "pairs in one namespace across versions and kinds, a Job without selector skipped",
			args: []string{"-f", file},
			wantOut: `- namespace: batch
  objects:
  - Job/pi
  - Job/pi-legacy
  selectors:
  - app=pi
  - app=pi,tier=compute
  witness:
    app: pi
    tier: compute
- namespace: batch
  objects:
  - Job/pi
  - ReplicaSet/web
  selectors:
  - app=pi
  - app in (pi,web),!legacy
  witness:
    app: pi
- namespace: batch
  objects:
  - Job/pi-legacy
  - ReplicaSet/web
  selectors:
  - app=pi,tier=compute
  - app in (pi,web),!legacy
  witness:
    app: pi
    tier: compute
`,
			wantErr:    []string{file + ":19 (document 3): Warning: Job batch/fresh is skipped: `spec.selector` is not set: the API server generates one, unique to the Job, when it creates it"},
			wantStatus: 1,
		},
		{
			name:    "generated selectors never overlap: an empty list and exit 0",
			stdin:   overlapJob("a", "ns", "{matchLabels: {controller-uid: 1a2b}}", "{controller-uid: 1a2b}") + "---\n" + overlapJob("b", "ns", "{matchLabels: {controller-uid: 3c4d}}", "{controller-uid: 3c4d}"),
			wantOut: "[]\n",
		},
		{
			name:    "negative requirements: disjoint when the values exclude each other",
			stdin:   overlapJob("a", "ns", "{matchLabels: {app: web, env: prod}}", "{app: web, env: prod}") + "---\n" + overlapJob("b", "ns", "{matchLabels: {app: web}, matchExpressions: [{key: env, operator: NotIn, values: [prod]}]}", "{app: web}"),
			wantOut: "[]\n",
		},
		{
			name:  "objects without a namespace are compared with each other, an empty selector overlaps all",
			stdin: overlapJob("a", "", "{}", "{x: z}") + "---\n" + overlapJob("b", "", "{matchExpressions: [{key: tier, operator: Exists}, {key: app, operator: NotIn, values: [other]}]}", "{tier: t}") + "---\n" + overlapJob("c", "ns", "{}", "{x: z}"),
			wantOut: `- objects:
  - Job/a
  - Job/b
  selectors:
  - ""
  - app notin (other),tier
  witness:
    tier: other
`,
			wantStatus: 1,
		},
		{
			name:  "a List is expanded; objects of other kinds are read by spec.selector",
			stdin: `{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": {"selector": {"matchLabels": {"app": "x"}}}}, {"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "e"}, "spec": {"selector": {"matchLabels": {"app": "x"}}}}, {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cm"}}]}`,
			wantOut: `- objects:
  - Deployment/d
  - StatefulSet/e
  selectors:
  - app=x
  - app=x
  witness:
    app: x
`,
			wantErr:    []string{"STDIN:1 (items[2]): Warning: ConfigMap cm is skipped: `spec.selector` is not set"},
			wantStatus: 1,
		},
		{
			name: "bad objects are reported by field, the pairs among the others still printed",
			stdin: strings.Join([]string{
				overlapJob("a", "ns", "{matchLabels: {app: x}}", "{app: x}"),
				overlapJob("bad-value", "ns", "{matchLabels: {app: -x}}", "{app: x}"),
				overlapJob("bad-op", "ns", "{matchExpressions: [{key: app, operator: Gt, values: ['1']}]}", "{app: x}"),
				"apiVersion: batch/v1\nkind: Job\nmetadata: {name: manual, namespace: ns}\nspec:\n  manualSelector: true\n  template: {metadata: {labels: {app: x}}}\n",
				"apiVersion: batch/v9\nkind: Job\nmetadata: {name: future}\n",
				"apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: {name: rs, namespace: ns}\nspec: {selector: {matchLabels: {app: 5}}}\n",
				"apiVersion: v1\nkind: Service\nmetadata: {name: svc, namespace: ns}\nspec: {selector: {app: x}}\n",
				"apiVersion: batch/v1\nkind: Job\nmetadata: {namespace: ns}\nspec: {selector: {}}\n",
				overlapJob("b", "ns", "{matchLabels: {app: x}}", "{app: x}"),
			}, "---\n"),
			wantOut: `- namespace: ns
  objects:
  - Job/a
  - Job/b
  selectors:
  - app=x
  - app=x
  witness:
    app: x
`,
			wantErr: []string{
				`STDIN:16:14 (document 2): Job.batch "bad-value" is invalid: spec.selector.matchLabels: Invalid value: "-x": a valid label must be an empty string or consist of`,
				`STDIN:26:44 (document 3): Job.batch "bad-op" is invalid: spec.selector.matchExpressions[0].operator: Invalid value: "Gt": not a valid selector operator`,
				"STDIN:34:1 (document 4): Job.batch \"manual\" is invalid: spec.selector: Required value: must be set when `manualSelector` is true",
				`STDIN:38:1 (document 5): Job.batch "future" is invalid: apiVersion: Unsupported value: "batch/v9": supported values: "batch/v1", "extensions/v1beta1"`,
				`STDIN:45:33 (document 6): ReplicaSet in version "v1" cannot be handled as a ReplicaSet: json: cannot unmarshal number into Go struct field LabelSelector.spec.selector.matchLabels of type string`,
				`STDIN:47 (document 7): Service in version "v1" cannot be handled as a Service: strict decoding error: unknown field "spec.selector.app"`,
				"STDIN:54:1 (document 8): metadata.name: Required value: every object must have a name to be reported",
			},
			wantStatus: 1,
		},
		{
			name:       "--validate=strict (the default) refuses an unknown member of a selector, names being case-sensitive",
			stdin:      overlapTypo,
			wantErr:    []string{`STDIN:6 (document 2): Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.selector.matchlabels"`},
			wantOut:    "[]\n",
			wantStatus: 1,
		},
		{
			name:       "--validate=warn drops it with a warning",
			args:       []string{"--validate", "warn"},
			stdin:      overlapTypo,
			wantErr:    []string{`STDIN:6 (document 2): Warning: unknown field "spec.selector.matchlabels"`},
			wantOut:    "- objects:\n  - Deployment/a\n  - Deployment/b\n  selectors:\n  - app=x\n  - \"\"\n  witness:\n    app: x\n",
			wantStatus: 1,
		},
		{
			name:       "--validate=ignore drops it without a word",
			args:       []string{"--validate=ignore"},
			stdin:      overlapTypo,
			wantOut:    "- objects:\n  - Deployment/a\n  - Deployment/b\n  selectors:\n  - app=x\n  - \"\"\n  witness:\n    app: x\n",
			wantStatus: 1,
		},
		{
			name:       "a wrong --validate exits 2",
			args:       []string{"--validate=no"},
			stdin:      overlapTypo,
			wantErr:    []string{`jobkit overlaps: --validate must be 'strict', 'warn' or 'ignore', not "no"`},
			wantStatus: 2,
		},
		{
			name:       "no objects exits 1",
			stdin:      "# nothing\n",
			wantErr:    []string{"jobkit overlaps: the input holds no objects"},
			wantStatus: 1,
		},
		{
			name:       "positional argument exits 2",
			args:       []string{"jobs.yaml"},
			wantErr:    []string{`jobkit overlaps: unexpected argument "jobs.yaml"; give the input with -f`},
			wantStatus: 2,
		},
		{
			name:       "unknown flag exits 2",
			args:       []string{"-l", "a"},
			wantErr:    []string{"flag provided but not defined: -l", "usage: jobkit overlaps [-f FILE]... [-R] [--validate strict|warn|ignore]", "  -R\tread the directories", "  -f FILE", "    \ta FILE or directory to read", "  -validate string", "    \twhat to do with unknown and duplicate fields"},
			wantStatus: 2,
		},
		{
			name:       "missing file exits 2",
			args:       []string{"-f", filepath.Join(dir, "absent.yaml")},
			wantErr:    []string{"jobkit overlaps: unreadable input: the path \"" + filepath.Join(dir, "absent.yaml") + "\" does not exist"},
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := jobkit(tt.stdin, append([]string{"overlaps"}, tt.args...)...)
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

// TestOverlapsWitnessesSelect reads the output back: every witness is
// selected by both selectors printed next to it.
func TestOverlapsWitnessesSelect(t *testing.T) {
	out, _, _ := jobkit(overlapInput, "overlaps")
	var pairs []struct {
		Selectors [2]string    `json:"selectors"`
		Witness   selector.Set `json:"witness"`
	}
	if err := yaml.Unmarshal([]byte(out), &pairs); err != nil {
		t.Fatalf("output is not YAML: %v\n%s", err, out)
	}
	if len(pairs) == 0 {
		t.Fatalf("no pairs in the output:\n%s", out)
	}
	for _, p := range pairs {
		for _, s := range p.Selectors {
			if !selector.MustParse(s).Matches(p.Witness) {
				t.Errorf("witness %v is not selected by %q", p.Witness, s)
			}
		}
	}
}
