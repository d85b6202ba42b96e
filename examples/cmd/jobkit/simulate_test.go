package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/jobapi"
)

// These tests run real processes with sh. The clock is a fake one that
// never moves, so every duration prints as 0.0s and every time as
// simEpoch: the output is exact whatever the machine's speed.

func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh: %v", err)
	}
}

// simulateReal runs `jobkit simulate` in-process with real processes.
func simulateReal(ctx context.Context, t *testing.T, input string, force <-chan struct{}, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = simulate(ctx, streams{in: strings.NewReader(input), out: &out, err: &errOut}, args, simulateEnv{
		now:      (&fakeClock{t: simEpoch}).Now,
		width:    80,
		workDir:  t.TempDir(),
		nodeName: "node-1",
		force:    force,
	})
	return out.String(), errOut.String(), code
}

// readStatus parses the status simulate printed.
func readStatus(t *testing.T, out string) jobapi.JobStatus {
	t.Helper()
	var doc struct {
		Status jobapi.JobStatus `json:"status"`
	}
	require.NoError(t, yaml.UnmarshalStrict([]byte(out), &doc), out)
	return doc.Status
}

// jobkitRun runs `jobkit run` in-process and returns its output.
func jobkitRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := jobkit("", append([]string{"run"}, args...)...)
	require.Equal(t, 0, code, errOut)
	return out
}

// TestSimulateWorkListEndToEnd pipes `jobkit run` into `jobkit simulate`:
// the ConfigMap's script is written to a temporary directory, the
// container's command is rewritten to it, and every index writes its own
// value to a file, byte for byte, whatever the value holds; no value runs
// anything.
func TestSimulateWorkListEndToEnd(t *testing.T) {
	needSh(t)
	dir := t.TempDir()
	canary := filepath.Join(dir, "CANARY")
	values := []string{"12342.dat", "two words", "$(touch " + canary + ")", "`touch " + canary + "`", "it's", `"q"`, "", "é ☃", "-n", "$(JOB_COMPLETION_INDEX)"}
	list := filepath.Join(dir, "values.txt")
	require.NoError(t, os.WriteFile(list, []byte(strings.Join(values, "\n")+"\n"), 0o644))
	outDir := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(outDir, 0o755))
	manifest := jobkitRun(t, "values", "--image", "busybox", "--parallelism", "3", "--per-completion-env", "V=@"+list,
		"--", "sh", "-c", `printf %s "$V" > "$0/$JOB_COMPLETION_INDEX"`, outDir)

	out, errOut, code := simulateReal(context.Background(), t, manifest, nil)
	require.Equal(t, 0, code, errOut)
	st := readStatus(t, out)
	if st.CompletedIndexes != fmt.Sprintf("0-%d", len(values)-1) || st.Succeeded != int32(len(values)) || st.Failed != 0 {
		t.Errorf("status: completedIndexes %q, succeeded %d, failed %d; want 0-%d, %d, 0", st.CompletedIndexes, st.Succeeded, st.Failed, len(values)-1, len(values))
	}
	if n := len(st.Conditions); n != 2 || st.Conditions[1].Type != jobapi.JobComplete {
		t.Errorf("conditions %+v, want SuccessCriteriaMet and Complete", st.Conditions)
	}
	for i, want := range values {
		got, err := os.ReadFile(filepath.Join(outDir, fmt.Sprint(i)))
		require.NoError(t, err)
		if string(got) != want {
			t.Errorf("index %d wrote %q, want %q", i, got, want)
		}
	}
	if _, err := os.Stat(canary); !os.IsNotExist(err) {
		t.Errorf("a value ran a command: %s exists (%v)", canary, err)
	}
	// One progress line per index, in some order; no other output.
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	sort.Strings(lines)
	var want []string
	for i := range values {
		want = append(want, fmt.Sprintf("index %d succeeded in 0.0s", i))
	}
	sort.Strings(want)
	for i, l := range lines {
		if _, rest, ok := strings.Cut(l, "] "); ok {
			lines[i] = rest
		}
	}
	sort.Strings(lines)
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}

// shJob is an Indexed Job whose container runs script with sh -c.
func shJob(completions, parallelism int, restart, script string, extra ...string) string {
	return strings.Replace(simJob(completions, parallelism, restart, extra...),
		`command: [work, "$(JOB_COMPLETION_INDEX)"]`, "command: [sh, -c, "+quoteYAML(script)+"]", 1)
}

// quoteYAML writes s as a YAML string: a JSON string is one.
func quoteYAML(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestSimulateProcess checks what a process gets, through what it prints
// (parallelism 1, so the output is in order): its environment is the
// container's env, HOSTNAME, PATH and HOME, and nothing else of jobkit's;
// the downward API volume holds the pod's annotations in the kubelet's
// format at the rewritten mount path; the exit codes of a process killed
// by a signal and of a command that cannot start are those a container
// runtime reports.
func TestSimulateProcess(t *testing.T) {
	needSh(t)
	t.Setenv("JOBKIT_TEST_SECRET", "must not leak")
	tests := []struct {
		name     string
		input    string
		wantCode int
		wantErr  string
	}{
		{
			name: "a clean environment with the container's variables",
			input: strings.Replace(simJob(1, 1, "Never"), `command: [work, "$(JOB_COMPLETION_INDEX)"]`,
				`command: [sh, -c, 'for v in $(env | sed "s/=.*//" | sort); do case $v in PWD|SHLVL|_|OLDPWD) ;; *) echo $v;; esac; done']
        env: [{name: GREETING, value: "hi $(JOB_COMPLETION_INDEX)"}]`, 1),
			wantErr: "index 0 | GREETING\nindex 0 | HOME\nindex 0 | HOSTNAME\nindex 0 | JOB_COMPLETION_INDEX\nindex 0 | PATH\n[1/1 complete, 0 running] index 0 succeeded in 0.0s\n",
		},
		{
			name:    "the index, the hostname and $(VAR) in the command",
			input:   shJob(2, 1, "Never", `echo "$JOB_COMPLETION_INDEX $HOSTNAME $(JOB_COMPLETION_INDEX)" '$$(NOT)'`),
			wantErr: "index 0 | 0 sim-0 0 $(NOT)\n[1/2 complete, 0 running] index 0 succeeded in 0.0s\nindex 1 | 1 sim-1 1 $(NOT)\n[2/2 complete, 0 running] index 1 succeeded in 0.0s\n",
		},
		{
			name: "a downwardAPI volume at a rewritten mount path",
			input: strings.Replace(shJob(1, 1, "Never", `cat /podinfo/annotations; echo; cat /podinfo/labels/all; echo`),
				"        command:", "        volumeMounts: [{name: podinfo, mountPath: /podinfo}]\n        command:", 1) +
				`      volumes:
      - name: podinfo
        downwardAPI:
          items:
          - {path: annotations, fieldRef: {fieldPath: metadata.annotations}}
          - {path: labels/all, fieldRef: {fieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']"}}
`,
			wantErr: "index 0 | batch.kubernetes.io/job-completion-index=\"0\"\nindex 0 | 0\n[1/1 complete, 0 running] index 0 succeeded in 0.0s\n",
		},
		{
			name:     "killed by SIGKILL: exit code 137 ($$ is the kubelet's escape of $)",
			input:    shJob(1, 1, "Never", `kill -9 $$$$`, "backoffLimit: 0"),
			wantCode: 1,
			wantErr:  "[0/1 complete, 0 running] index 0 failed with exit code 137 in 0.0s\n[0/1 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit\n",
		},
		{
			name:     "a command that is not found: exit code 128",
			input:    strings.Replace(simJob(1, 1, "Never", "backoffLimit: 0"), `command: [work, "$(JOB_COMPLETION_INDEX)"]`, "command: [no-such-command-jobkit]", 1),
			wantCode: 1,
			wantErr:  "[0/1 complete, 0 running] index 0 failed with exit code 128 (StartError: exec: \"no-such-command-jobkit\": executable file not found in $PATH) in 0.0s\n[0/1 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit\n",
		},
		{
			name:    "a process that leaves a background process holding its output ends with its main process",
			input:   shJob(1, 1, "Never", `(sleep 600 &); echo started`),
			wantErr: "index 0 | started\n[1/1 complete, 0 running] index 0 succeeded in 0.0s\n",
		},
		{
			name: "a failing container restarts in its pod with restartPolicy OnFailure, and finds its emptyDir as it left it",
			input: strings.Replace(shJob(1, 1, "OnFailure", `f=/scratch/count; n=$$(cat $f 2>/dev/null || echo 0); echo $$((n+1)) > $f; echo run $n; [ $n -ge 2 ]`),
				"        command:", "        volumeMounts: [{name: scratch, mountPath: /scratch}]\n        command:", 1) +
				"      volumes: [{name: scratch, emptyDir: {}}]\n",
			wantErr: "index 0 | run 0\n[0/1 complete, 1 running] index 0 failed with exit code 1 in 0.0s; restarting the container (restart 1)\nindex 0 | run 1\n[0/1 complete, 1 running] index 0 failed with exit code 1 in 0.0s; restarting the container (restart 2)\nindex 0 | run 2\n[1/1 complete, 0 running] index 0 succeeded in 0.0s\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := simulateReal(context.Background(), t, tt.input, nil, "--skip-backoff-wait")
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d", code, tt.wantCode)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSimulateLogs checks that --logs writes each pod's output to a file
// named after the pod, and nothing to standard error.
func TestSimulateLogs(t *testing.T) {
	needSh(t)
	logs := filepath.Join(t.TempDir(), "logs")
	_, errOut, code := simulateReal(context.Background(), t, shJob(2, 2, "Never", `echo "out $JOB_COMPLETION_INDEX"; echo "err $JOB_COMPLETION_INDEX" >&2`), nil, "--logs", logs)
	require.Equal(t, 0, code, errOut)
	if strings.Contains(errOut, "|") {
		t.Errorf("pod output on standard error:\n%s", errOut)
	}
	entries, err := os.ReadDir(logs)
	require.NoError(t, err)
	require.Len(t, entries, 2)
	for _, e := range entries {
		var ix int
		var suffix string
		_, err := fmt.Sscanf(e.Name(), "sim-%d-%s", &ix, &suffix)
		require.NoError(t, err, e.Name())
		require.Equal(t, 5+len(".log"), len(suffix), e.Name())
		got, err := os.ReadFile(filepath.Join(logs, e.Name()))
		require.NoError(t, err)
		if want := fmt.Sprintf("out %d\nerr %d\n", ix, ix); string(got) != want {
			t.Errorf("%s holds %q, want %q", e.Name(), got, want)
		}
	}
}

func TestSimulateHelpListsIt(t *testing.T) {
	var out bytes.Buffer
	run(streams{out: &out, err: &out}, []string{"help"})
	if !strings.Contains(out.String(), "jobkit simulate [-f FILE] [--parallelism N] [--fail-rate P] [--seed S] [--logs DIR] [--label-keys seed|kubernetes] [--skip-backoff-wait]\n") {
		t.Errorf("help does not list simulate:\n%s", out.String())
	}
}

// TestSimulateRunsEveryContainer checks the kubelet's part: init
// containers run in order, each after the previous one succeeded; a
// sidecar (an init container with restartPolicy Always) starts in its turn
// and runs beside the main containers until they have ended; every main
// container runs; the volumes are shared by the pod's containers.
func TestSimulateRunsEveryContainer(t *testing.T) {
	needSh(t)
	input := `apiVersion: batch/v1
kind: Job
metadata: {name: every}
spec:
  completions: 1
  template:
    spec:
      restartPolicy: Never
      volumes: [{name: scratch, emptyDir: {}}]
      initContainers:
      - {name: first, image: busybox, command: [sh, -c, "echo first > /s/log"], volumeMounts: [{name: scratch, mountPath: /s}]}
      - {name: side, image: busybox, restartPolicy: Always, command: [sh, -c, "echo side >> /s/log; exec sleep 600"], volumeMounts: [{name: scratch, mountPath: /s}]}
      - {name: second, image: busybox, command: [sh, -c, "sleep 0.2; echo second >> /s/log"], volumeMounts: [{name: scratch, mountPath: /s}]}
      containers:
      - {name: a, image: busybox, command: [sh, -c, "cat /s/log"], volumeMounts: [{name: scratch, mountPath: /s}]}
      - {name: b, image: busybox, command: [sh, -c, "sleep 0.5; echo b"]}
`
	out, errOut, code := simulateReal(context.Background(), t, input, nil)
	require.Equal(t, 0, code, errOut)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(errOut), "\n") {
		if !strings.HasPrefix(l, "[") {
			lines = append(lines, strings.SplitN(l, " | ", 2)[1])
		}
	}
	if diff := cmp.Diff([]string{"first", "side", "second", "b"}, lines); diff != "" {
		t.Errorf("output of the containers (-want +got):\n%s\nstderr:\n%s", diff, errOut)
	}
	if st := readStatus(t, out); st.Succeeded != 1 || st.Failed != 0 {
		t.Errorf("status %+v", st)
	}
}

// TestSimulateNonIndexedWithPodFailurePolicy runs a NonIndexed Job whose
// pod failure policy ignores exit code 3 and fails the Job on 4, with the
// Kubernetes label keys.
func TestSimulateNonIndexedWithPodFailurePolicy(t *testing.T) {
	needSh(t)
	input := `apiVersion: batch/v1
kind: Job
metadata: {name: flaky}
spec:
  completions: 3
  parallelism: 1
  backoffLimit: 0
  podReplacementPolicy: Failed
  podFailurePolicy:
    rules:
    - {action: Ignore, onExitCodes: {operator: In, values: [3]}}
    - {action: FailJob, onExitCodes: {containerName: main, operator: In, values: [4]}}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        command: [sh, -c, "n=$$(cat ` + "{{DIR}}" + `/n 2>/dev/null || echo 0); echo $$((n+1)) > ` + "{{DIR}}" + `/n; case $n in 0) exit 3;; 3) exit 4;; esac"]
`
	dir := t.TempDir()
	input = strings.ReplaceAll(input, "{{DIR}}", dir)
	out, errOut, code := simulateReal(context.Background(), t, input, nil, "--skip-backoff-wait", "--label-keys", "kubernetes")
	require.Equal(t, 1, code, errOut)
	st := readStatus(t, out)
	got := []any{st.Succeeded, st.Failed, st.Conditions[len(st.Conditions)-1].Reason}
	if diff := cmp.Diff([]any{int32(2), int32(1), "PodFailurePolicy"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s\nstderr:\n%s", diff, errOut)
	}
	if msg := st.Conditions[len(st.Conditions)-1].Message; !strings.HasPrefix(msg, "Container main for pod default/flaky-") || !strings.HasSuffix(msg, " failed with exit code 4 matching FailJob rule at index 1") {
		t.Errorf("message %q", msg)
	}
}
