package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/downward/worklist"
)

// runJobkit runs `jobkit run ARGS...` in process.
func runJobkit(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return jobkit("", append([]string{"run"}, args...)...)
}

// splitRunOutput splits `jobkit run` output into its ConfigMap (nil when
// there is none) and its Job document.
func splitRunOutput(t *testing.T, out string) (*worklist.ConfigMap, string) {
	t.Helper()
	docs := strings.Split(out, "\n---\n")
	switch len(docs) {
	case 1:
		return nil, docs[0]
	case 2:
		var cm worklist.ConfigMap
		require.NoError(t, yaml.UnmarshalStrict([]byte(docs[0]), &cm))
		return &cm, docs[1]
	}
	t.Fatalf("output has %d documents:\n%s", len(docs), out)
	return nil, ""
}

const sayFruitJob = `apiVersion: batch/v1
kind: Job
metadata:
  name: say-fruit
spec:
  completionMode: Indexed
  completions: 3
  parallelism: 3
  template:
    metadata: {}
    spec:
      containers:
      - command:
        - /bin/sh
        - /etc/jobkit/params.sh
        - sh
        - -c
        - echo "Have a nice $COLOR $FRUIT"
        env:
        - name: JOB_COMPLETION_INDEX
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: metadata.annotations['batch.kubernetes.io/job-completion-index']
        image: busybox
        name: say-fruit
        resources: {}
        volumeMounts:
        - mountPath: /etc/jobkit
          name: jobkit-params
          readOnly: true
      restartPolicy: OnFailure
      volumes:
      - configMap:
          name: say-fruit-params
        name: jobkit-params
status: {}
`

func TestRunSayFruit(t *testing.T) {
	dir := t.TempDir()
	fruits := filepath.Join(dir, "fruits.txt")
	require.NoError(t, os.WriteFile(fruits, []byte("apple\nbanana\ncherry\n"), 0o644))
	out, stderr, code := runJobkit(t, "say-fruit", "--image", "busybox",
		"--per-completion-env=FRUIT=@"+fruits, "--per-completion-env", "COLOR=green yellow red",
		"--", "sh", "-c", `echo "Have a nice $COLOR $FRUIT"`)
	require.Equal(t, 0, code, stderr)
	cm, job := splitRunOutput(t, out)
	if diff := cmp.Diff(sayFruitJob, job); diff != "" {
		t.Errorf("Job (-want +got):\n%s", diff)
	}
	wantScript, err := worklist.Script("JOB_COMPLETION_INDEX", []worklist.Param{
		{Name: "FRUIT", Values: []string{"apple", "banana", "cherry"}},
		{Name: "COLOR", Values: []string{"green", "yellow", "red"}},
	})
	require.NoError(t, err)
	immutable := true
	want := &worklist.ConfigMap{
		APIVersion: "v1", Kind: "ConfigMap", Metadata: worklist.ConfigMapMeta{Name: "say-fruit-params"},
		Immutable: &immutable, Data: map[string]string{"params.sh": string(wantScript)},
	}
	if diff := cmp.Diff(want, cm); diff != "" {
		t.Errorf("ConfigMap (-want +got):\n%s", diff)
	}
}

func TestRunWithoutWorkLists(t *testing.T) {
	out, stderr, code := runJobkit(t, "say-number", "--image=busybox", "--completions=3", "--completion-index-var-name=I",
		"--restart", "Never", "--parallelism", "2", "--namespace", "work", "--", "sh", "-c", `echo "My index is $I"`)
	require.Equal(t, 0, code, stderr)
	want := `apiVersion: batch/v1
kind: Job
metadata:
  name: say-number
  namespace: work
spec:
  completionMode: Indexed
  completions: 3
  parallelism: 2
  template:
    metadata: {}
    spec:
      containers:
      - command:
        - sh
        - -c
        - echo "My index is $I"
        env:
        - name: I
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: metadata.annotations['batch.kubernetes.io/job-completion-index']
        image: busybox
        name: say-number
        resources: {}
      restartPolicy: Never
status: {}
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// TestRunScriptEndToEnd takes the script out of `jobkit run`'s YAML, as
// the kubelet would mount it, and runs it for every index with a command
// that writes the variables to files: each must hold exactly the value of
// its line in the work-list file, hostile or not UTF-8, and nothing may
// run. Lists that are not UTF-8 travel in the ConfigMap's binaryData; the
// others in data, as YAML strings, where characters the YAML reader refuses
// raw (DEL, C1 controls, NEL, U+FFFE) must come back unchanged too.
func TestRunScriptEndToEnd(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh: %v", err)
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "CANARY")
	hostile := []string{
		"$(touch " + canary + ")", "`touch " + canary + "`", "'; touch " + canary + "; '", `"; touch ` + canary + `; "`,
		`\c`, "-n", "*", "$HOME", "%s", "\ttab", " lead", "trail ", "é ☃", ";|&", "", "'",
	}
	tests := []struct {
		name       string
		lines      []string
		wantBinary bool
	}{
		{"a list that is not UTF-8 goes to binaryData", append([]string{"\xff\xfe"}, hostile...), true},
		{"a UTF-8 list with characters YAML cannot hold raw goes to data", append([]string{"a\x7fb", "\u0080\u009f", "\u0085nel", "\ufffe\uffff", "\u2028"}, hostile...), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := filepath.Join(t.TempDir(), "list.txt")
			require.NoError(t, os.WriteFile(list, []byte(strings.Join(tt.lines, "\n")+"\n"), 0o644))
			out, stderr, code := runJobkit(t, "hostile", "--image", "busybox", "--per-completion-env", "V=@"+list,
				"--", "sh", "-c", `printf %s "$V" > "$OUT/V"; printf %s "$JOB_COMPLETION_INDEX" > "$OUT/I"`)
			require.Equal(t, 0, code, stderr)
			cm, job := splitRunOutput(t, out)
			require.NotNil(t, cm)
			require.Contains(t, job, "completions: "+strconv.Itoa(len(tt.lines))+"\n")
			script, inBinary := cm.BinaryData["params.sh"]
			if !inBinary {
				script = []byte(cm.Data["params.sh"])
			}
			require.Equal(t, tt.wantBinary, inBinary, "where the script travels: %+v", cm)
			scriptPath := filepath.Join(t.TempDir(), "params.sh")
			require.NoError(t, os.WriteFile(scriptPath, script, 0o644))
			for i, want := range tt.lines {
				outDir := t.TempDir()
				cmd := exec.Command(sh, scriptPath, "sh", "-c", `printf %s "$V" > "$OUT/V"; printf %s "$JOB_COMPLETION_INDEX" > "$OUT/I"`)
				cmd.Dir = outDir
				cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "JOB_COMPLETION_INDEX=" + strconv.Itoa(i), "OUT=" + outDir}
				msg, err := cmd.CombinedOutput()
				require.NoError(t, err, "index %d: %s", i, msg)
				got, err := os.ReadFile(filepath.Join(outDir, "V"))
				require.NoError(t, err)
				if string(got) != want {
					t.Errorf("index %d: V = %q, want %q", i, got, want)
				}
			}
			if _, err := os.Stat(canary); !os.IsNotExist(err) {
				t.Fatalf("a value ran a command: %s exists (%v)", canary, err)
			}
		})
	}
}

func TestRunInvalid(t *testing.T) {
	dir := t.TempDir()
	nul := filepath.Join(dir, "nul.txt")
	require.NoError(t, os.WriteFile(nul, []byte("a\x00\n"), 0o644))
	tests := []struct {
		name     string
		args     []string
		wantErrs []string // each must appear on its own line of stderr
	}{
		{name: "no --", args: []string{"x", "--image", "busybox", "true"}, wantErrs: []string{"jobkit run: the command must follow --"}},
		{name: "no name", args: []string{"--image", "busybox", "--", "true"}, wantErrs: []string{"jobkit run: the Job's NAME must be given"}},
		{name: "two names", args: []string{"x", "y", "--image", "busybox", "--", "true"}, wantErrs: []string{`jobkit run: unexpected argument "y" before --`}},
		{name: "unknown flag", args: []string{"x", "--nope", "--", "true"}, wantErrs: []string{"flag provided but not defined: -nope"}},
		{name: "completions not a number", args: []string{"x", "--completions", "three", "--", "true"}, wantErrs: []string{"must be an integer"}},
		{
			name: "every problem with the Job at once, each with its field",
			args: []string{"Bad_Name", "--completions", "4", "--per-completion-env", "A=1 2 3", "--per-completion-env", "B=1", "--restart", "Always", "--", "true"},
			wantErrs: []string{
				`jobkit run: name: Invalid value: "Bad_Name": a lowercase RFC 1123 label`,
				`jobkit run: image: Required value`,
				`jobkit run: perCompletionEnv[1].values: Invalid value: 1: must hold 3 values, as many as A's list`,
				`jobkit run: completions: Invalid value: 4: must be 3, the length of the per-completion lists, or be left out`,
				`jobkit run: restart: Unsupported value: "Always": supported values: "OnFailure", "Never"`,
			},
		},
		{name: "no command after --", args: []string{"x", "--image", "busybox", "--completions", "1", "--"}, wantErrs: []string{"jobkit run: command: Required value"}},
		{name: "no completions and no lists", args: []string{"x", "--image", "busybox", "--", "true"}, wantErrs: []string{"jobkit run: completions: Required value"}},
		{name: "bad KEY", args: []string{"x", "--image", "i", "--per-completion-env", "MY-VAR=a", "--", "true"}, wantErrs: []string{`jobkit run: --per-completion-env: variable name "MY-VAR" must be a shell name`}},
		{name: "no equals sign", args: []string{"x", "--image", "i", "--per-completion-env", "FRUIT", "--", "true"}, wantErrs: []string{`jobkit run: --per-completion-env: "FRUIT" must be KEY=VALUES or KEY=@FILE`}},
		{name: "missing file", args: []string{"x", "--image", "i", "--per-completion-env", "F=@" + filepath.Join(dir, "nope.txt"), "--", "true"}, wantErrs: []string{"nope.txt"}},
		{name: "NUL in a file", args: []string{"x", "--image", "i", "--per-completion-env", "F=@" + nul, "--", "true"}, wantErrs: []string{"must not contain NUL bytes"}},
		{name: "KEY is the index variable", args: []string{"x", "--image", "i", "--per-completion-env", "JOB_COMPLETION_INDEX=1", "--", "true"}, wantErrs: []string{"jobkit run: perCompletionEnv[0].name: Invalid value"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runJobkit(t, tt.args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout is not empty:\n%s", out)
			}
			lines := strings.Split(stderr, "\n")
			for _, want := range tt.wantErrs {
				found := false
				for _, l := range lines {
					if strings.HasPrefix(l, want) || strings.Contains(l, want) {
						found = true
					}
				}
				if !found {
					t.Errorf("stderr has no line with %q:\n%s", want, stderr)
				}
			}
		})
	}
}
