package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const (
	createUID = "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11"
	staleUID  = "a8f1c0de-1111-4222-8333-944455556666"
)

// createPiJob is a Job as a user writes it: no selector.
const createPiJob = `apiVersion: batch/v1
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
        image: perl:5.34.0
      restartPolicy: Never
`

// createCopiedJob is a Job copied from `kubectl get job -o yaml`.
const createCopiedJob = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  uid: ` + staleUID + `
  resourceVersion: "48213"
  labels: {controller-uid: ` + staleUID + `, job-name: pi}
spec:
  selector: {matchLabels: {controller-uid: ` + staleUID + `}}
  template:
    metadata:
      labels: {controller-uid: ` + staleUID + `, job-name: pi}
    spec:
      containers: [{name: pi, image: perl:5.34.0}]
      restartPolicy: Never
status: {succeeded: 1}
`

// createdJob is what `jobkit create` prints for createPiJob (and
// createCopiedJob), the creation time aside: selectorKey is the key of the
// generated selector, labels the "key: value" lines of the final labels,
// in order.
func createdJob(selectorKey string, labels ...string) string {
	indent := func(n int) string {
		return strings.Repeat(" ", n) + strings.Join(labels, "\n"+strings.Repeat(" ", n)) + "\n"
	}
	return `apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: <now>
  generation: 1
  labels:
` + indent(4) + `  name: pi
  namespace: default
  uid: ` + createUID + `
spec:
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 1
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      ` + selectorKey + `: ` + createUID + `
  suspend: false
  template:
    metadata:
      labels:
` + indent(8) + `    spec:
      containers:
      - image: perl:5.34.0
        imagePullPolicy: IfNotPresent
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
}

// createdPi is what `jobkit create --uid createUID` prints for
// createPiJob.
var createdPi = createdJob("controller-uid", "app: pi", "controller-uid: "+createUID, "job-name: pi")

var creationTimestamp = regexp.MustCompile(`(?m)^(\s*creationTimestamp: )"([^"]+)"$`)

// runCommand runs a subcommand in process with stdin and returns its
// standard output (creation times replaced by <now>, after checking that
// they are times), standard error lines and status.
func runCommand(t *testing.T, run func(streams, []string) int, stdin string, args ...string) (string, []string, int) {
	t.Helper()
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	code := run(streams{in: strings.NewReader(stdin), out: out, err: errOut}, args)
	got := creationTimestamp.ReplaceAllStringFunc(out.String(), func(m string) string {
		ts := creationTimestamp.FindStringSubmatch(m)[2]
		if _, err := time.Parse(time.RFC3339, ts); err != nil {
			t.Errorf("creationTimestamp %q is not an RFC 3339 time: %v", ts, err)
		}
		return creationTimestamp.FindStringSubmatch(m)[1] + "<now>"
	})
	return got, stderrLines(errOut.String()), code
}

// requireLines checks that each line of got starts with the line of want
// at the same position.
func requireLines(t *testing.T, want, got []string) {
	t.Helper()
	if len(want) != len(got) {
		t.Errorf("standard error has %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
		return
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("standard error line %d:\n got %q\nwant %q...", i+1, got[i], want[i])
		}
	}
}

func TestCreate(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErr    []string // prefixes of the lines of standard error
		wantStatus int
	}{
		{
			name:    "a Job without selector gets one generated",
			args:    []string{"--uid", createUID},
			stdin:   createPiJob,
			wantOut: createdPi,
		},
		{
			name:  "kubernetes label keys",
			args:  []string{"--uid", createUID, "--label-keys", "kubernetes"},
			stdin: createPiJob,
			// The API server stores manualSelector: false (batch/v1
			// defaulting); the seed's choice leaves it unset.
			wantOut: strings.Replace(createdJob("batch.kubernetes.io/controller-uid", "app: pi",
				"batch.kubernetes.io/controller-uid: "+createUID, "batch.kubernetes.io/job-name: pi",
				"controller-uid: "+createUID, "job-name: pi"), "  completions: 1\n", "  completions: 1\n  manualSelector: false\n", 1),
		},
		{
			name:    "-n sets the namespace of a Job that has none",
			args:    []string{"--uid", createUID, "-n", "team-a"},
			stdin:   createPiJob,
			wantOut: strings.Replace(createdPi, "  namespace: default\n", "  namespace: team-a\n", 1),
		},
		{
			name:    "a unique label key of the user's",
			args:    []string{"--uid", createUID, "--unique-label-key", "example.com/run-id"},
			stdin:   createPiJob,
			wantOut: createdJob("example.com/run-id", "app: pi", "example.com/run-id: "+createUID, "job-name: pi"),
		},
		{
			name:    "a copied Job has its stale values replaced, with warnings",
			args:    []string{"--uid", createUID},
			stdin:   createCopiedJob,
			wantOut: createdJob("controller-uid", "controller-uid: "+createUID, "job-name: pi"),
			wantErr: []string{
				"STDIN: Warning: metadata.uid: ",
				"STDIN: Warning: metadata.resourceVersion: ",
				"STDIN: Warning: spec.template.metadata.labels[controller-uid]: ",
				"STDIN: Warning: spec.selector: ",
				"STDIN: Warning: metadata.labels[controller-uid]: ",
			},
		},
		{
			name:       "-n refuses a Job that names another namespace, as kubectl does",
			args:       []string{"-n", "team-b"},
			stdin:      strings.Replace(createPiJob, "  name: pi\n", "  name: pi\n  namespace: team-a\n", 1),
			wantErr:    []string{`STDIN: the namespace from the provided object "team-a" does not match the namespace "team-b". You must pass '--namespace=team-a' to perform this operation.`},
			wantStatus: 1,
		},
		{
			name:       "a selector without manualSelector is refused",
			stdin:      strings.Replace(createPiJob, "  template:\n", "  selector: {matchLabels: {app: pi}}\n  template:\n", 1),
			wantErr:    []string{`STDIN:6:3: Job.batch "pi" is invalid: spec.selector: Invalid value: `},
			wantStatus: 1,
		},
		{
			name:  "every error on its own line, nothing printed",
			stdin: createPiJob + "---\n" + strings.NewReplacer("name: pi\n", "name: Pi\n", "restartPolicy: Never", "restartPolicy: Always").Replace(createPiJob),
			wantErr: []string{
				`STDIN:19:3 (document 2): Job.batch "Pi" is invalid: metadata.name: Invalid value: "Pi": `,
				`STDIN:27:9 (document 2): Job.batch "Pi" is invalid: spec.template.spec.containers[0].name: Invalid value: "Pi": `,
				`STDIN:29:7 (document 2): Job.batch "Pi" is invalid: spec.template.spec.restartPolicy: Required value: `,
			},
			wantStatus: 1,
		},
		{
			name:       "the downward API is checked",
			stdin:      strings.Replace(createPiJob, "        image: perl:5.34.0\n", "        image: perl:5.34.0\n        env: [{name: X, valueFrom: {fieldRef: {fieldPath: spec.hostname}}}]\n", 1),
			wantErr:    []string{`STDIN:14:48: Job.batch "pi" is invalid: spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: `},
			wantStatus: 1,
		},
		{
			name:  "decoding errors name the field",
			stdin: strings.Replace(createPiJob, "spec:\n  template", "spec:\n  completions: many\n  template", 1),
			// The API server's decoder refuses it (400) before validation.
			wantErr:    []string{`STDIN:6:3: Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.completions of type int32`},
			wantStatus: 1,
		},
		{
			name:    "objects of kinds jobkit does not judge are written back unchanged",
			stdin:   "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {a: b}\n",
			wantOut: "apiVersion: v1\ndata:\n  a: b\nkind: ConfigMap\nmetadata:\n  name: x\n",
		},
		{
			name:       "--strict-kinds refuses them",
			args:       []string{"--strict-kinds"},
			stdin:      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
			wantErr:    []string{`STDIN: ConfigMap "x" is of a kind jobkit does not check (it judges Jobs, batch/v1 CronJobs, Pods and PodTemplates), and --strict-kinds refuses it`},
			wantStatus: 1,
		},
		{
			name:    "a valid Pod is validated and written back as given",
			stdin:   "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containers: [{name: c, image: busybox}]}\n",
			wantOut: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - image: busybox\n    name: c\n",
		},
		{
			name:       "an invalid Pod is refused with core's rules",
			stdin:      "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containers: [{name: C, image: busybox}]}\n",
			wantErr:    []string{`STDIN:4:22: Pod "x" is invalid: spec.containers[0].name: Invalid value: "C": `},
			wantStatus: 1,
		},
		{
			name:       "a bad quantity in a Pod is the API server's 400",
			stdin:      "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containers: [{name: c, image: busybox, resources: {limits: {cpu: 1.5.0}}}]}\n",
			wantErr:    []string{`STDIN:4:68: Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression`},
			wantStatus: 1,
		},
		{
			name:       "a PodTemplate is validated with core's rules, any restartPolicy allowed",
			stdin:      "apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate: {spec: {restartPolicy: Always, containers: [{name: c, image: busybox, ports: [{containerPort: 0}]}]}}\n",
			wantErr:    []string{`STDIN:4:90: PodTemplate "t" is invalid: template.spec.containers[0].ports[0].containerPort: `},
			wantStatus: 1,
		},
		{
			name:       "empty input",
			stdin:      "# nothing\n",
			wantErr:    []string{"jobkit create: the input holds no objects"},
			wantStatus: 1,
		},
		{
			name:       "--uid for several objects",
			args:       []string{"--uid", createUID},
			stdin:      createPiJob + "---\n" + createCronJob,
			wantErr:    []string{"jobkit create: --uid may only be given when the input holds a single object to create (a Job, CronJob, Pod or PodTemplate), and it holds 2: "},
			wantStatus: 2,
		},
		{
			name:       "unknown label key policy",
			args:       []string{"--label-keys", "k8s"},
			stdin:      createPiJob,
			wantErr:    []string{`jobkit create: --label-keys must be 'seed' or 'kubernetes', not "k8s"`},
			wantStatus: 2,
		},
		{
			name:       "invalid unique label key",
			args:       []string{"--unique-label-key", "job-name"},
			stdin:      createPiJob,
			wantErr:    []string{"jobkit create: --unique-label-key: unique label key must not be 'job-name'"},
			wantStatus: 2,
		},
		{
			name:       "positional argument",
			args:       []string{"job.yaml"},
			wantErr:    []string{`jobkit create: unexpected argument "job.yaml"; give the input with -f`},
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errLines, code := runCommand(t, runCreate, tt.stdin, tt.args...)
			if code != tt.wantStatus {
				t.Errorf("status %d, want %d; standard error:\n%s", code, tt.wantStatus, strings.Join(errLines, "\n"))
			}
			if tt.wantOut != "" {
				if diff := cmp.Diff(tt.wantOut, out); diff != "" {
					t.Errorf("standard output (-want +got):\n%s", diff)
				}
			}
			if tt.wantStatus != 0 && out != "" {
				t.Errorf("standard output must be empty on failure, got:\n%s", out)
			}
			requireLines(t, tt.wantErr, errLines)
		})
	}
}

func TestCreateStream(t *testing.T) {
	second := strings.Replace(createPiJob, "name: pi\n", "name: e\n", 1)
	out, errLines, code := runCommand(t, runCreate, createPiJob+"---\n"+second)
	if code != 0 || len(errLines) > 0 {
		t.Fatalf("status %d, standard error %q", code, errLines)
	}
	docs := strings.Split(out, "---\n")
	if len(docs) != 2 {
		t.Fatalf("want 2 documents, got %d:\n%s", len(docs), out)
	}
	uids := regexp.MustCompile(`(?m)^  uid: (.+)$`)
	a, b := uids.FindStringSubmatch(docs[0]), uids.FindStringSubmatch(docs[1])
	if a == nil || b == nil || a[1] == b[1] {
		t.Fatalf("each Job must get its own uid: %q and %q", a, b)
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(a[1]) {
		t.Errorf("uid %q is not a random (version 4) UUID", a[1])
	}
	if !strings.Contains(docs[1], "  name: e\n") {
		t.Errorf("documents out of order:\n%s", out)
	}
}

func TestCreateReadsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pi.yaml")
	if err := os.WriteFile(file, []byte(createPiJob), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errLines, code := runCommand(t, runCreate, "", "-f", file, "--uid", createUID)
	if code != 0 || len(errLines) > 0 {
		t.Fatalf("status %d, standard error %q", code, errLines)
	}
	if diff := cmp.Diff(createdPi, out); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
