package worklist_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward/worklist"
)

// When the test binary runs with dumpDirEnv set, it is the command the
// generated script execs: it writes the value of each variable named in
// dumpVarsEnv to a file of that name in the directory, and its arguments,
// each ended by a NUL byte, to the file "args". Nothing is interpreted, so
// the files hold exactly the bytes the script exported and passed.
const (
	dumpDirEnv  = "JOBKIT_WORKLIST_DUMP_DIR"
	dumpVarsEnv = "JOBKIT_WORKLIST_DUMP_VARS"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(dumpDirEnv); dir != "" {
		os.Exit(dump(dir))
	}
	os.Exit(m.Run())
}

func dump(dir string) int {
	for _, name := range strings.Fields(os.Getenv(dumpVarsEnv)) {
		if v, ok := os.LookupEnv(name); ok {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(v), 0o600); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
	}
	var args bytes.Buffer
	for _, a := range os.Args[1:] {
		args.WriteString(a)
		args.WriteByte(0)
	}
	if err := os.WriteFile(filepath.Join(dir, "args"), args.Bytes(), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// shell is a way to run a script with a POSIX shell.
type shell struct {
	name string
	argv []string
}

// shells lists the shells the script is run with; those not installed are
// skipped with the reason logged, but at least one must run.
func shells() []shell {
	return []shell{
		{name: "dash", argv: []string{"dash"}},
		{name: "bash --posix", argv: []string{"bash", "--posix"}},
		{name: "busybox sh", argv: []string{"busybox", "sh"}},
		{name: "/bin/sh", argv: []string{"/bin/sh"}},
		{name: "mksh", argv: []string{"mksh"}},
		{name: "ksh", argv: []string{"ksh"}},
		{name: "posh", argv: []string{"posh"}},
		{name: "yash --posix", argv: []string{"yash", "--posix"}},
		{name: "zsh --emulate sh", argv: []string{"zsh", "--emulate", "sh"}},
	}
}

// available resolves the shell's program or skips the test saying why.
func (sh shell) available(t *testing.T) []string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("no POSIX shell on Windows")
	}
	path, err := exec.LookPath(sh.argv[0])
	if err != nil {
		hint := ""
		if sh.argv[0] == "busybox" {
			hint = " (CI installs it with apt-get install -y busybox)"
		}
		t.Skipf("%s is not installed%s: %v", sh.name, hint, err)
	}
	if sh.argv[0] == "busybox" {
		// Debian's busybox without the sh applet would run something else.
		if out, err := exec.Command(path, "sh", "-c", "printf ok").Output(); err != nil || string(out) != "ok" {
			t.Skipf("busybox has no working sh applet: %v", err)
		}
	}
	return append([]string{path}, sh.argv[1:]...)
}

// hostile returns values that would run commands, expand, split, glob or be
// mangled by echo or printf if the script ever let the shell interpret
// them. Those that could run something touch canary.
func hostile(canary string) []string {
	return []string{
		"$(touch " + canary + ")",
		"`touch " + canary + "`",
		"'; touch " + canary + "; '",
		`"; touch ` + canary + `; "`,
		"'$(touch " + canary + ")'",
		`\'; touch ` + canary + `; \'`,
		"; touch " + canary,
		"| touch " + canary,
		"&& touch " + canary + " &",
		"\ntouch " + canary + "\n",
		"$((1+1))", "${HOME}", "$HOME", "$0", "$@", "$*", "$1", "~", "~root", "!", "!!",
		`\`, `\\`, `\c`, `\n`, `\0101`, "-n", "-e", "--", "-", "*", "?", "[a-z]*", "/*",
		"%s", "%n", "%%", "%d", "%b",
		"'", "''", `'\''`, `"`, `""`, `"'"`,
		"\t", " lead", "trail ", "  both  ", "a  b", "", " ",
		"héllo ☃ 日本語", "\u2028", "\xff\xfe\x80", "\x1b[31mred", "\x7f", "\r\n", "\r",
		";|&", "<>", "()", "{}", "#not a comment", "a=b", "IFS=x",
		"line1\nline2\n", "\n",
	}
}

// hostileParams spreads the hostile values over many variables so that each
// of the three indexes sees every value somewhere: variable j holds value
// (j+i) mod len at index i. ORDER holds the index itself.
func hostileParams(values []string) []worklist.Param {
	const n = 3
	params := []worklist.Param{{Name: "ORDER", Values: []string{"0", "1", "2"}}}
	for j := range values {
		p := worklist.Param{Name: fmt.Sprintf("V%d", j)}
		for i := range n {
			p.Values = append(p.Values, values[(j+i)%len(values)])
		}
		params = append(params, p)
	}
	return params
}

// locales the script is run in: a byte locale and, where the C library has
// it, a UTF-8 one, since shells read multi-byte text differently in each.
var locales = []string{"C", "C.UTF-8"}

// runScript runs the script file with sh and the given index environment
// (unset when index is nil), then the command line, in workDir.
func runScript(t *testing.T, argv []string, script, workDir, locale string, index *string, dumpDir string, vars []string, command ...string) (stderr string, exitCode int) {
	t.Helper()
	args := append(append(append([]string{}, argv[1:]...), script), command...)
	cmd := exec.Command(argv[0], args...)
	cmd.Dir = workDir
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=/nonexistent-home",
		"LC_ALL=" + locale,
		dumpDirEnv + "=" + dumpDir,
		dumpVarsEnv + "=" + strings.Join(vars, " "),
	}
	if index != nil {
		cmd.Env = append(cmd.Env, worklist.DefaultIndexVar+"="+*index)
	}
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	err := cmd.Run()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return errBuf.String(), ee.ExitCode()
		}
		t.Fatalf("run %v: %v", argv, err)
	}
	return errBuf.String(), 0
}

// TestScriptRunsTheCommandWithExactValues executes the generated script in
// every installed shell and locale, for every index, with hostile values and
// hostile arguments: each variable must reach the command byte for byte,
// the arguments unchanged, and no value may run anything.
func TestScriptRunsTheCommandWithExactValues(t *testing.T) {
	base := t.TempDir()
	canary := filepath.Join(base, "CANARY")
	values := hostile(canary)
	params := hostileParams(values)
	script, err := worklist.Script(worklist.DefaultIndexVar, params)
	require.NoError(t, err)
	scriptPath := filepath.Join(base, "params.sh")
	require.NoError(t, os.WriteFile(scriptPath, script, 0o644))
	var names []string
	for _, p := range params {
		names = append(names, p.Name)
	}
	self, err := os.Executable()
	require.NoError(t, err)
	extraArgs := []string{"$(touch " + canary + ")", "two words", "", "'", "*", "-n", "\\c", "%s", "\xff"}

	ran := 0
	defer func() {
		if ran == 0 && runtime.GOOS != "windows" {
			t.Error("no POSIX shell is installed: the script was never run")
		}
	}()
	for _, sh := range shells() {
		t.Run(sh.name, func(t *testing.T) {
			argv := sh.available(t)
			ran++
			for _, locale := range locales {
				for i := range 3 {
					t.Run(fmt.Sprintf("%s/index %d", locale, i), func(t *testing.T) {
						work := t.TempDir()
						dumpDir := t.TempDir()
						index := strconv.Itoa(i)
						stderr, code := runScript(t, argv, scriptPath, work, locale, &index, dumpDir, names, append([]string{self}, extraArgs...)...)
						if code != 0 {
							t.Fatalf("exit status %d, stderr:\n%s", code, stderr)
						}
						for _, p := range params {
							got, err := os.ReadFile(filepath.Join(dumpDir, p.Name))
							if err != nil {
								t.Errorf("%s was not exported: %v", p.Name, err)
								continue
							}
							if want := p.Values[i]; string(got) != want {
								t.Errorf("%s = %q, want %q", p.Name, got, want)
							}
						}
						gotArgs, err := os.ReadFile(filepath.Join(dumpDir, "args"))
						require.NoError(t, err)
						wantArgs := strings.Join(extraArgs, "\x00") + "\x00"
						if diff := cmp.Diff(wantArgs, string(gotArgs)); diff != "" {
							t.Errorf("arguments (-want +got):\n%s", diff)
						}
						entries, err := os.ReadDir(work)
						require.NoError(t, err)
						if len(entries) != 0 {
							t.Errorf("the script created files in its working directory: %v", entries)
						}
					})
				}
			}
			if _, err := os.Stat(canary); !os.IsNotExist(err) {
				t.Fatalf("a value ran a command: %s exists (%v)", canary, err)
			}
		})
	}
}

// TestScriptRefusesBadIndexes runs the script with every kind of wrong
// index and with no command: each must exit with status 2, name the
// problem, and run nothing.
func TestScriptRefusesBadIndexes(t *testing.T) {
	base := t.TempDir()
	script, err := worklist.Script(worklist.DefaultIndexVar, []worklist.Param{{Name: "F", Values: []string{"a", "b", "c"}}})
	require.NoError(t, err)
	scriptPath := filepath.Join(base, "params.sh")
	require.NoError(t, os.WriteFile(scriptPath, script, 0o644))
	self, err := os.Executable()
	require.NoError(t, err)
	str := func(s string) *string { return &s }
	tests := []struct {
		name      string
		index     *string
		noCommand bool
		message   string
	}{
		{name: "unset", index: nil, message: "JOB_COMPLETION_INDEX is not set"},
		{name: "empty", index: str(""), message: "JOB_COMPLETION_INDEX is empty"},
		{name: "leading zero", index: str("01"), message: "must be a decimal integer without sign, spaces or leading zeros, not '01'"},
		{name: "double zero", index: str("00"), message: "leading zeros"},
		{name: "plus sign", index: str("+1"), message: "leading zeros"},
		{name: "minus sign", index: str("-1"), message: "leading zeros"},
		{name: "leading space", index: str(" 1"), message: "leading zeros"},
		{name: "trailing newline", index: str("1\n"), message: "leading zeros"},
		{name: "letters", index: str("x"), message: "leading zeros"},
		{name: "glob that would match a digit", index: str("[0-9]"), message: "leading zeros"},
		{name: "pattern star", index: str("*"), message: "leading zeros"},
		{name: "non-ASCII digit", index: str("١"), message: "leading zeros"},
		{name: "command substitution", index: str("$(touch CANARY)"), message: "leading zeros"},
		{name: "equal to completions", index: str("3"), message: "must be less than 3, the number of completions, not 3"},
		{name: "far out of range", index: str("99999999999999999999999999"), message: "must be less than 3"},
		{name: "no command", index: str("1"), noCommand: true, message: "a command must be given"},
	}
	ran := 0
	defer func() {
		if ran == 0 && runtime.GOOS != "windows" {
			t.Error("no POSIX shell is installed: the script was never run")
		}
	}()
	for _, sh := range shells() {
		t.Run(sh.name, func(t *testing.T) {
			argv := sh.available(t)
			ran++
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					work, dumpDir := t.TempDir(), t.TempDir()
					var command []string
					if !tt.noCommand {
						command = []string{self}
					}
					stderr, code := runScript(t, argv, scriptPath, work, "C", tt.index, dumpDir, []string{"F"}, command...)
					if code != 2 {
						t.Errorf("exit status %d, want 2; stderr:\n%s", code, stderr)
					}
					if !strings.Contains(stderr, tt.message) {
						t.Errorf("stderr %q does not say %q", stderr, tt.message)
					}
					for _, dir := range []string{work, dumpDir} {
						entries, err := os.ReadDir(dir)
						require.NoError(t, err)
						if len(entries) != 0 {
							t.Errorf("something ran: %s holds %v", dir, entries)
						}
					}
				})
			}
		})
	}
}

func TestScriptText(t *testing.T) {
	script, err := worklist.Script("I", []worklist.Param{
		{Name: "FRUIT", Values: []string{"apple", "it's"}},
		{Name: "COLOR", Values: []string{"green", "a\nb"}},
	})
	require.NoError(t, err)
	want := `#!/bin/sh
# Generated by jobkit. Runs the command given as arguments with each
# per-completion variable set to its value for the completion index in
# $I (2 completions). Variables: FRUIT COLOR.
if [ -z "${I+set}" ]; then
  printf '%s: I is not set; it must hold the completion index of this pod\n' "$0" >&2
  exit 2
fi
case "$I" in
'')
  printf '%s: I is empty; it must hold the completion index of this pod (annotation batch.kubernetes.io/job-completion-index of an Indexed Job)\n' "$0" >&2
  exit 2
  ;;
*[!0123456789]* | 0?*)
  printf '%s: I must be a decimal integer without sign, spaces or leading zeros, not '\''%s'\''\n' "$0" "$I" >&2
  exit 2
  ;;
esac
if [ "$#" -eq 0 ]; then
  printf '%s: a command must be given: %s COMMAND [ARG]...\n' "$0" "$0" >&2
  exit 2
fi
case "$I" in
0)
  FRUIT='apple'
  COLOR='green'
  ;;
1)
  FRUIT='it'\''s'
  COLOR='a
b'
  ;;
*)
  printf '%s: I must be less than 2, the number of completions, not %s\n' "$0" "$I" >&2
  exit 2
  ;;
esac
export FRUIT COLOR
exec "$@"
`
	if diff := cmp.Diff(want, string(script)); diff != "" {
		t.Errorf("script (-want +got):\n%s", diff)
	}
	for _, bashism := range []string{"[[", "eval", "echo", "local ", "function ", "$'", "declare", "source ", "=(", "<<<", "==", "$(", "`"} {
		if strings.Contains(string(script), bashism) {
			t.Errorf("the script uses %q, which is not plain POSIX sh or runs code", bashism)
		}
	}
}

func TestScriptInvalid(t *testing.T) {
	abc := []string{"a", "b", "c"}
	tests := []struct {
		name     string
		indexVar string
		params   []worklist.Param
		wantErr  string
	}{
		{name: "no params", indexVar: "I", wantErr: "at least one"},
		{name: "bad index variable", indexVar: "1I", params: []worklist.Param{{Name: "F", Values: abc}}, wantErr: "completion index variable"},
		{name: "reserved index variable", indexVar: "PATH", params: []worklist.Param{{Name: "F", Values: abc}}, wantErr: "completion index variable"},
		{name: "param named as the index", indexVar: "I", params: []worklist.Param{{Name: "I", Values: abc}}, wantErr: "must not be the completion index variable"},
		{name: "bad param name", indexVar: "I", params: []worklist.Param{{Name: "A-B", Values: abc}}, wantErr: "shell name"},
		{name: "duplicate", indexVar: "I", params: []worklist.Param{{Name: "F", Values: abc}, {Name: "F", Values: abc}}, wantErr: "twice"},
		{name: "different lengths", indexVar: "I", params: []worklist.Param{{Name: "F", Values: abc}, {Name: "G", Values: abc[:2]}}, wantErr: "as many values as F's (3), not 2"},
		{name: "empty list", indexVar: "I", params: []worklist.Param{{Name: "F"}}, wantErr: "at least one value"},
		{name: "NUL byte", indexVar: "I", params: []worklist.Param{{Name: "F", Values: []string{"a\x00"}}}, wantErr: "NUL"},
		{name: "too large for a ConfigMap", indexVar: "I", params: []worklist.Param{{Name: "F", Values: []string{strings.Repeat("'", worklist.MaxScriptSize/4)}}}, wantErr: "too large"},
		{name: "just too large for a ConfigMap", indexVar: "I", params: []worklist.Param{{Name: "F", Values: []string{strings.Repeat("x", worklist.MaxScriptSize-500)}}}, wantErr: "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := worklist.Script(tt.indexVar, tt.params)
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

// unquoteSh reads one shell word made of single-quoted strings and
// backslash-escaped characters, the POSIX rules for the only two quoting
// forms the script writes, and reports whether it was exactly that.
func unquoteSh(w string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(w); {
		switch w[i] {
		case '\'':
			j := strings.IndexByte(w[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(w[i+1 : i+1+j])
			i += j + 2
		case '\\':
			if i+1 >= len(w) {
				return "", false
			}
			b.WriteByte(w[i+1])
			i += 2
		default:
			return "", false
		}
	}
	return b.String(), true
}

// FuzzScriptQuoting checks that every value the script assigns reads back,
// by the POSIX quoting rules, as exactly the value, with nothing outside the
// quotes the shell could expand.
func FuzzScriptQuoting(f *testing.F) {
	for _, v := range hostile("/tmp/CANARY") {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if len(v) > 4096 {
			return
		}
		script, err := worklist.Script("I", []worklist.Param{{Name: "V", Values: []string{v}}})
		if strings.IndexByte(v, 0) >= 0 {
			if err == nil {
				t.Fatalf("value %q with NUL accepted", v)
			}
			return
		}
		require.NoError(t, err)
		_, rest, ok := strings.Cut(string(script), "\n0)\n  V=")
		require.True(t, ok, "no assignment in:\n%s", script)
		word, _, ok := strings.Cut(rest, "\n  ;;\n*)\n")
		require.True(t, ok, "no end of the branch in:\n%s", script)
		got, ok := unquoteSh(word)
		if !ok || got != v {
			t.Fatalf("value %q written as %q, which reads back as %q (well-formed: %t)", v, word, got, ok)
		}
	})
}

// TestScriptAllocationsDoNotGrowWithTheLists counts allocations: the
// script is written into one buffer sized in advance, so a thousand
// completions cost no more allocations than ten.
func TestScriptAllocationsDoNotGrowWithTheLists(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	small, large := benchParams(10), benchParams(1000)
	a := testing.AllocsPerRun(10, func() { _, _ = worklist.Script("I", small) })
	b := testing.AllocsPerRun(10, func() { _, _ = worklist.Script("I", large) })
	if b > a+4 {
		t.Errorf("Script allocates %v times for 10 completions and %v for 1000", a, b)
	}
}
