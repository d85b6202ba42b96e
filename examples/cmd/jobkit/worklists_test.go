package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite examples/worklists/*/job.yaml from the commands in their README.md")

// repoRoot is the root of the repository, where the README commands run.
const repoRoot = "../../.."

// worklists are the design's five work lists in examples/worklists, each
// with the command lines its pods must print, in index order: the work
// list itself, as the design writes it.
var worklists = []struct {
	dir  string
	want []string
}{
	{"files-to-process", []string{
		"/usr/local/bin/process_file 12342.dat",
		"/usr/local/bin/process_file 97283.dat",
		"/usr/local/bin/process_file 38732.dat",
	}},
	{"matrix-blocks", []string{
		"/usr/local/bin/process_matrix_block -start_row 0 -end_row 15 -start_col 0 --end_col 15",
		"/usr/local/bin/process_matrix_block -start_row 16 -end_row 31 -start_col 0 --end_col 15",
		"/usr/local/bin/process_matrix_block -start_row 0 -end_row 15 -start_col 16 --end_col 31",
		"/usr/local/bin/process_matrix_block -start_row 16 -end_row 31 -start_col 16 --end_col 31",
	}},
	{"git-commits", []string{
		"git checkout 3cab5cb4a && make clean && make VERSION=3cab5cb4a",
		"git checkout fe97ef90b && make clean && make VERSION=fe97ef90b",
		"git checkout a8b5e34c5 && make clean && make VERSION=a8b5e34c5",
	}},
	{"movie-frames", []string{
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### -f 1",
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### -f 2",
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### -f 3",
	}},
	{"frame-blocks", []string{
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### --frame-start 1 --frame-end 100",
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### --frame-start 101 --frame-end 200",
		"./blender /vol1/mymodel.blend -o /vol2/frame_#### --frame-start 201 --frame-end 300",
	}},
}

// TestWorklists keeps examples/worklists from rotting: for each work
// list, the `jobkit run` command of its README, run now, must print its
// job.yaml byte for byte (go test -run TestWorklists -update rewrites
// them), the README must show how to simulate that file, and simulating
// it must complete every index, each pod printing its line of the work
// list.
func TestWorklists(t *testing.T) {
	needSh(t)
	for _, wl := range worklists {
		t.Run(wl.dir, func(t *testing.T) {
			dir := filepath.Join(repoRoot, "examples", "worklists", wl.dir)
			readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
			require.NoError(t, err)
			args, outFile := readmeRunCommand(t, string(readme))
			require.Equal(t, "examples/worklists/"+wl.dir+"/job.yaml", outFile, "the README's command must write job.yaml")
			for i, a := range args {
				// @FILE is relative to the root of the repository.
				if k, file, ok := strings.Cut(a, "=@"); ok && !strings.HasPrefix(a, "-") {
					args[i] = k + "=@" + filepath.Join(repoRoot, file)
				}
			}
			generated := jobkitRun(t, args...)
			jobFile := filepath.Join(dir, "job.yaml")
			if *update {
				require.NoError(t, os.WriteFile(jobFile, []byte(generated), 0o644))
			}
			committed, err := os.ReadFile(jobFile)
			require.NoError(t, err)
			if diff := cmp.Diff(generated, string(committed)); diff != "" {
				t.Errorf("%s is not what its README's command prints now (go test -run TestWorklists -update) (-now +committed):\n%s", jobFile, diff)
			}
			simulateCmd := "go run ./examples/cmd/jobkit simulate -f examples/worklists/" + wl.dir + "/job.yaml"
			if !strings.Contains(string(readme), simulateCmd) {
				t.Errorf("README.md does not show %q", simulateCmd)
			}

			// Parallelism 1, so that the output is in index order.
			out, errOut, code := simulateReal(context.Background(), t, string(committed), nil, "--parallelism", "1")
			require.Equal(t, 0, code, errOut)
			st := readStatus(t, out)
			n := len(wl.want)
			if want := fmt.Sprintf("0-%d", n-1); st.CompletedIndexes != want || st.Succeeded != int32(n) {
				t.Errorf("completedIndexes %q, succeeded %d; want %q, %d", st.CompletedIndexes, st.Succeeded, want, n)
			}
			var want strings.Builder
			for i, line := range wl.want {
				fmt.Fprintf(&want, "index %d | %s\n[%d/%d complete, 0 running] index %d succeeded in 0.0s\n", i, line, i+1, n, i)
			}
			if diff := cmp.Diff(want.String(), errOut); diff != "" {
				t.Errorf("simulate's standard error (-want +got):\n%s", diff)
			}
		})
	}
}

// readmeRunCommand finds the `go run ./examples/cmd/jobkit run` command
// of a README (with its backslash-newline continuations) and returns its
// arguments after `run` and the file it redirects to.
func readmeRunCommand(t *testing.T, readme string) (args []string, outFile string) {
	t.Helper()
	const prefix = "go run ./examples/cmd/jobkit run "
	i := strings.Index(readme, prefix)
	require.GreaterOrEqual(t, i, 0, "README.md has no %q command", prefix)
	var cmd strings.Builder
	for _, line := range strings.Split(readme[i+len(prefix):], "\n") {
		if rest, ok := strings.CutSuffix(line, "\\"); ok {
			cmd.WriteString(rest)
			continue
		}
		cmd.WriteString(line)
		break
	}
	words, err := shellWords(cmd.String())
	require.NoError(t, err)
	for k, w := range words {
		if w == ">" {
			require.Equal(t, k+2, len(words), "one file must follow >: %q", words)
			return words[:k], words[k+1]
		}
	}
	return words, ""
}

// shellWords splits a POSIX shell command line into words: blanks
// separate them, single quotes keep everything, double quotes keep
// everything but `\"`, `\\`, `\$` and "\`", a backslash outside quotes
// escapes the next byte, and an unquoted '>' is a word of its own.
// Expansions are not done: a README command must not need them.
func shellWords(s string) ([]string, error) {
	var words []string
	var w bytes.Buffer
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '>':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			words = append(words, ">")
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unclosed ' at byte %d", i)
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				} else if s[i] == '$' || s[i] == '`' {
					return nil, fmt.Errorf("expansion in double quotes at byte %d", i)
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \"")
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			inWord = true
		case c == '$' || c == '`' || c == '|' || c == ';' || c == '&' || c == '<':
			return nil, fmt.Errorf("unquoted %q at byte %d: a README command must be plain words", c, i)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string
		wantErr bool
	}{
		{name: "blanks separate words", in: " a  b\tc ", want: []string{"a", "b", "c"}},
		{name: "single quotes keep everything", in: `'a "$F" \' b`, want: []string{`a "$F" \`, "b"}},
		{name: "double quotes join and unescape", in: `X="0 16"y "a\"b\\c"`, want: []string{"X=0 16y", `a"b\c`}},
		{name: "a redirection is a word", in: "a > f", want: []string{"a", ">", "f"}},
		{name: "an unclosed quote", in: "'a", wantErr: true},
		{name: "an expansion", in: "echo $HOME", wantErr: true},
		{name: "an expansion in double quotes", in: `"$HOME"`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := shellWords(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("shellWords(%q) error %v, want error %v", tt.in, err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("shellWords(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
