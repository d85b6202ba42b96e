package worklist

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxListSize bounds one work list as given, in bytes: the text after
// `KEY=` or the content of the file named by `KEY=@FILE`. The script, which
// holds every list, must fit in a ConfigMap (1 MiB) anyway.
const MaxListSize = 1 << 20

// Param is one per-completion environment variable: its name and its value
// for each completion index, in order.
type Param struct {
	Name   string
	Values []string
}

// ParseOption changes how ParseParam reads its argument.
type ParseOption func(*parseOptions)

type parseOptions struct {
	open func(name string) (io.ReadCloser, error)
}

// WithOpenFile lets ParseParam read `KEY=@FILE` lists, opening FILE with
// open (such as a wrapper of os.Open). Without it the @ form is refused, so
// that a library caller never reads files by surprise.
func WithOpenFile(open func(name string) (io.ReadCloser, error)) ParseOption {
	return func(o *parseOptions) { o.open = open }
}

// ParseParam parses the value of one `--per-completion-env` flag:
//
//	KEY=VALUES   VALUES separated by ASCII white space (space, tab, newline,
//	             carriage return, vertical tab, form feed); leading and
//	             trailing white space separates nothing.
//	KEY=@FILE    one value per line of FILE, taken exactly: nothing is
//	             trimmed, an empty line is an empty value, and only a final
//	             newline adds no value. Needs WithOpenFile.
//
// A list whose first value starts with '@' can only be given in a file.
// KEY must be a name the shell can assign and Kubernetes accepts as an env
// var name ([CheckName]). The list must hold at least one value, no NUL
// byte, and at most MaxListSize bytes.
func ParseParam(arg string, opts ...ParseOption) (Param, error) {
	var o parseOptions
	for _, opt := range opts {
		opt(&o)
	}
	name, list, found := strings.Cut(arg, "=")
	if !found {
		return Param{}, fmt.Errorf("%q must be KEY=VALUES or KEY=@FILE", truncate(arg))
	}
	if err := CheckName(name); err != nil {
		return Param{}, err
	}
	var values []string
	if file, ok := strings.CutPrefix(list, "@"); ok {
		if o.open == nil {
			return Param{}, fmt.Errorf("%s: the @FILE form is not enabled here; give the values inline", name)
		}
		data, err := readList(o.open, file)
		if err != nil {
			return Param{}, fmt.Errorf("%s: %w", name, err)
		}
		if bytes.IndexByte(data, 0) >= 0 {
			return Param{}, fmt.Errorf("%s: file %q must not contain NUL bytes: no environment variable can hold one", name, file)
		}
		values = splitLines(string(data))
		if len(values) == 0 {
			return Param{}, fmt.Errorf("%s: file %q must hold at least one line", name, file)
		}
	} else {
		if len(list) > MaxListSize {
			return Param{}, fmt.Errorf("%s: the list must be at most %d bytes, not %d", name, MaxListSize, len(list))
		}
		if strings.IndexByte(list, 0) >= 0 {
			return Param{}, fmt.Errorf("%s: the list must not contain NUL bytes: no environment variable can hold one", name)
		}
		values = splitFields(list)
		if len(values) == 0 {
			return Param{}, fmt.Errorf("%s: the list must hold at least one value", name)
		}
	}
	return Param{Name: name, Values: values}, nil
}

func readList(open func(string) (io.ReadCloser, error), file string) ([]byte, error) {
	if file == "" {
		return nil, errors.New("@ must be followed by a file name")
	}
	rc, err := open(file)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, MaxListSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %q: %w", file, err)
	}
	if len(data) > MaxListSize {
		return nil, fmt.Errorf("file %q must be at most %d bytes", file, MaxListSize)
	}
	return data, nil
}

// splitLines splits a file into its lines: separated by "\n", nothing
// trimmed, a final newline ending the last line rather than starting an
// empty one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// splitFields splits s at runs of ASCII white space.
func splitFields(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

// CheckName reports whether name may be a per-completion variable or the
// completion index variable: a POSIX shell name ([A-Za-z_][A-Za-z0-9_]*),
// which is also a valid Kubernetes env var name, and not one of the names
// shells keep for themselves or the script relies on (PATH, IFS, PPID, UID,
// EUID, LINENO, OPTIND, OPTARG, PS4, RANDOM, SECONDS, SHELLOPTS, anything
// starting with BASH, ...): assigning those fails in some shells or changes
// how the command is found and run.
func CheckName(name string) error {
	if name == "" {
		return errors.New("the variable name must not be empty")
	}
	if !isShellName(name) {
		return fmt.Errorf("variable name %q must be a shell name: letters, digits and '_', not starting with a digit", truncate(name))
	}
	if reservedName(name) {
		return fmt.Errorf("variable name %q must not be one the shell reserves or the script relies on", name)
	}
	return nil
}

func isShellName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9' {
			continue
		}
		return false
	}
	return s != ""
}

func reservedName(s string) bool {
	if strings.HasPrefix(s, "BASH") {
		return true
	}
	switch s {
	case "CDPATH", "DIRSTACK", "ENV", "EPOCHREALTIME", "EPOCHSECONDS", "EUID", "FUNCNAME",
		"GROUPS", "HISTCMD", "IFS", "LINENO", "OLDPWD", "OPTARG", "OPTIND", "PATH", "PPID",
		"PS1", "PS2", "PS4", "PWD", "RANDOM", "SECONDS", "SHELLOPTS", "SRANDOM", "UID":
		return true
	}
	return false
}

// truncate shortens s for an error message.
func truncate(s string) string {
	const max = 64
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
