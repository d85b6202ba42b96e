package main

import (
	"bytes"
	"strings"
	"testing"
)

// jobkit runs the tool in process, as a shell runs `jobkit ARGS...` with
// stdin as its standard input, and returns what it wrote to standard
// output and standard error and its exit status.
func jobkit(stdin string, args ...string) (stdout, stderr string, code int) {
	return jobkitOn(false, stdin, args...)
}

// jobkitOn is jobkit with standard error a terminal or not.
func jobkitOn(terminal bool, stdin string, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = run(streams{in: strings.NewReader(stdin), out: &out, err: &errOut, errIsTerminal: terminal}, args)
	return out.String(), errOut.String(), code
}

// stderrLines splits standard error into its lines; nil when it is empty.
func stderrLines(stderr string) []string {
	if s := strings.TrimSuffix(stderr, "\n"); s != "" {
		return strings.Split(s, "\n")
	}
	return nil
}

// checkStderrPrefixes checks that stderr has exactly one line per element
// of want, each starting with it: the tool's errors name the document and
// field first and then explain, and tests pin the part that names.
func checkStderrPrefixes(t *testing.T, stderr string, want []string) {
	t.Helper()
	lines := stderrLines(stderr)
	if len(lines) != len(want) {
		t.Errorf("stderr has %d lines, want %d:\n%s", len(lines), len(want), stderr)
	}
	for i, w := range want {
		if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
			t.Errorf("stderr line %d: want a line starting with %q; stderr:\n%s", i+1, w, stderr)
		}
	}
}
