package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// TestOneErrorFormat pins the one format every subcommand writes its
// problems in (input.go): the same problem gives the same line, whichever
// subcommand meets it: `PLACE: MESSAGE`, PLACE the document's source
// narrowed to the field's line and column, or `jobkit SUBCOMMAND` for
// what the command line gave.
func TestOneErrorFormat(t *testing.T) {
	const (
		badJob  = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  completions: many\n  template:\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"
		typoJob = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  backofLimit: 2\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"
		badPod  = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {app: 1}\n"
		typoPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeNam: n\n  containers: [{name: c, image: busybox}]\n"
	)
	jobReaders := [][]string{
		{"validate"},
		{"create"},
		{"convert", "--to", "batch/v1"},
		{"match", "-l", ""},
		{"overlaps"},
	}
	podReaders := [][]string{
		{"scoreboard", "--completions", "1"},
		{"fieldpath", "metadata.name"},
	}
	type problem struct {
		name    string
		readers [][]string
		extra   []string // flags after the subcommand's own
		stdin   string
		want    string // the line every reader writes
	}
	problems := []problem{
		{
			name:    "a value that does not decode, at its line and column",
			readers: jobReaders,
			stdin:   badJob,
			want:    `STDIN:5:3: Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.completions of type int32`,
		},
		{
			name:    "a pod's value that does not decode, at its line and column",
			readers: podReaders,
			stdin:   badPod,
			want:    `STDIN:5:12: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`,
		},
		{
			name:    "an unknown field under the default --validate=strict",
			readers: jobReaders,
			stdin:   typoJob,
			want:    `STDIN: Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"`,
		},
		{
			name:    "an unknown pod field under the default --validate=strict",
			readers: podReaders,
			stdin:   typoPod,
			want:    `STDIN: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.nodeNam"`,
		},
		{
			name:    "an unknown field under --validate=warn is a warning",
			readers: jobReaders,
			extra:   []string{"--validate=warn"},
			stdin:   typoJob,
			want:    `STDIN: Warning: unknown field "spec.backofLimit"`,
		},
		{
			name:    "an unknown pod field under --validate=warn is a warning",
			readers: podReaders,
			extra:   []string{"--validate=warn"},
			stdin:   typoPod,
			want:    `STDIN: Warning: unknown field "spec.nodeNam"`,
		},
		{
			name:    "input that is not UTF-8",
			readers: append(append([][]string{}, jobReaders...), podReaders...),
			stdin:   "\xff\xfe",
			want:    "STDIN: the input must be UTF-8 text",
		},
	}
	for _, p := range problems {
		for _, r := range p.readers {
			args := append(append([]string{}, r...), p.extra...)
			t.Run(p.name+"/"+r[0], func(t *testing.T) {
				_, stderr, _ := jobkit(p.stdin, args...)
				if diff := cmp.Diff([]string{p.want}, stderrLines(stderr)); diff != "" {
					t.Errorf("jobkit %s: standard error (-want +got):\n%s", strings.Join(args, " "), diff)
				}
			})
		}
	}

	// What the command line gave: `jobkit SUBCOMMAND: MESSAGE`, a line
	// per field error.
	commandLine := []struct {
		name string
		args []string
		want []string
	}{
		{
			name: "an input that cannot be read",
			args: []string{"match", "-l", "", "-f", "testdata/no-such-file.yaml"},
			want: []string{`jobkit match: unreadable input: the path "testdata/no-such-file.yaml" does not exist`},
		},
		{
			name: "a wrong --validate",
			args: []string{"overlaps", "--validate=sometimes"},
			want: []string{`jobkit overlaps: --validate must be 'strict', 'warn' or 'ignore', not "sometimes"`},
		},
		{
			name: "a schedule that is refused",
			args: []string{"schedule", "61 * * * *"},
			want: []string{`jobkit schedule: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61`},
		},
		{
			name: "a Job built from flags that is invalid, a line per field error",
			args: []string{"run", "Bad_Name", "--image", "busybox", "--completions", "1", "--", "true"},
			want: []string{`jobkit run: name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of`},
		},
	}
	for _, tt := range commandLine {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, _ := jobkit("", tt.args...)
			checkStderrPrefixes(t, stderr, tt.want)
		})
	}
}
