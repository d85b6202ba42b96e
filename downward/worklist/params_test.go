package worklist_test

import (
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward/worklist"
)

// files serves named contents to ParseParam's @FILE form.
func files(m map[string]string) worklist.ParseOption {
	return worklist.WithOpenFile(func(name string) (io.ReadCloser, error) {
		data, ok := m[name]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		return io.NopCloser(strings.NewReader(data)), nil
	})
}

func TestParseParam(t *testing.T) {
	fsys := files(map[string]string{
		"fruits.txt":      "apple\nbanana\ncherry\n",
		"no-final-nl.txt": "apple\nbanana",
		"exact.txt":       "  lead\ntrail  \n\n\ttab\r\nlast\n",
		"one-empty.txt":   "\n",
		"empty.txt":       "",
		"nul.txt":         "a\x00b\n",
		"big.txt":         strings.Repeat("x", worklist.MaxListSize+1),
		"at.txt":          "@a\n",
	})
	tests := []struct {
		name    string
		arg     string
		opts    []worklist.ParseOption
		want    worklist.Param
		wantErr string // a substring of the error; "" when none is expected
	}{
		{name: "space-separated list", arg: "FRUIT=apple banana cherry", want: worklist.Param{Name: "FRUIT", Values: []string{"apple", "banana", "cherry"}}},
		{name: "runs of ASCII white space separate", arg: "F=\t a\n\nb \r\v\fc  ", want: worklist.Param{Name: "F", Values: []string{"a", "b", "c"}}},
		{name: "non-ASCII spaces do not separate", arg: "F=a\u00a0b c", want: worklist.Param{Name: "F", Values: []string{"a\u00a0b", "c"}}},
		{name: "only the first equals sign splits", arg: "F=a=b c", want: worklist.Param{Name: "F", Values: []string{"a=b", "c"}}},
		{name: "shell metacharacters are plain values", arg: "F=$(x) `y` ;|& '\"", want: worklist.Param{Name: "F", Values: []string{"$(x)", "`y`", ";|&", `'"`}}},
		{name: "file with a final newline", arg: "FRUIT=@fruits.txt", opts: []worklist.ParseOption{fsys}, want: worklist.Param{Name: "FRUIT", Values: []string{"apple", "banana", "cherry"}}},
		{name: "file without a final newline", arg: "F=@no-final-nl.txt", opts: []worklist.ParseOption{fsys}, want: worklist.Param{Name: "F", Values: []string{"apple", "banana"}}},
		{name: "file lines are taken exactly", arg: "F=@exact.txt", opts: []worklist.ParseOption{fsys}, want: worklist.Param{Name: "F", Values: []string{"  lead", "trail  ", "", "\ttab\r", "last"}}},
		{name: "a file of one empty line is one empty value", arg: "F=@one-empty.txt", opts: []worklist.ParseOption{fsys}, want: worklist.Param{Name: "F", Values: []string{""}}},
		{name: "a value starting with @ from a file", arg: "F=@at.txt", opts: []worklist.ParseOption{fsys}, want: worklist.Param{Name: "F", Values: []string{"@a"}}},
		{name: "no equals sign", arg: "FRUIT", wantErr: "must be KEY=VALUES or KEY=@FILE"},
		{name: "empty name", arg: "=a b", wantErr: "must not be empty"},
		{name: "name starting with a digit", arg: "1X=a", wantErr: "must be a shell name"},
		{name: "name with a dash, valid for Kubernetes but not for sh", arg: "MY-VAR=a", wantErr: "must be a shell name"},
		{name: "name with a dot", arg: "my.var=a", wantErr: "must be a shell name"},
		{name: "reserved name", arg: "PATH=/bin", wantErr: "must not be one the shell reserves"},
		{name: "empty list", arg: "F=", wantErr: "at least one value"},
		{name: "list of spaces", arg: "F=  \t ", wantErr: "at least one value"},
		{name: "NUL in the list", arg: "F=a\x00b", wantErr: "NUL"},
		{name: "list too long", arg: "F=" + strings.Repeat("x ", worklist.MaxListSize/2+1), wantErr: "at most"},
		{name: "file form without WithOpenFile", arg: "F=@fruits.txt", wantErr: "not enabled"},
		{name: "missing file", arg: "F=@nope.txt", opts: []worklist.ParseOption{fsys}, wantErr: "nope.txt"},
		{name: "@ without a name", arg: "F=@", opts: []worklist.ParseOption{fsys}, wantErr: "file name"},
		{name: "empty file", arg: "F=@empty.txt", opts: []worklist.ParseOption{fsys}, wantErr: "at least one line"},
		{name: "NUL in the file", arg: "F=@nul.txt", opts: []worklist.ParseOption{fsys}, wantErr: "NUL"},
		{name: "file too large", arg: "F=@big.txt", opts: []worklist.ParseOption{fsys}, wantErr: "at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := worklist.ParseParam(tt.arg, tt.opts...)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseParam(%q) (-want +got):\n%s", tt.arg, diff)
			}
		})
	}
}

func TestParseParamClosesTheFile(t *testing.T) {
	closed := false
	open := worklist.WithOpenFile(func(string) (io.ReadCloser, error) {
		return readCloser{strings.NewReader("a\n"), func() { closed = true }}, nil
	})
	_, err := worklist.ParseParam("F=@x", open)
	require.NoError(t, err)
	if !closed {
		t.Error("the file was not closed")
	}
}

type readCloser struct {
	io.Reader
	close func()
}

func (r readCloser) Close() error { r.close(); return nil }

func TestCheckName(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
	}{
		{name: "upper case", in: "FRUIT", ok: true},
		{name: "lower case", in: "fruit", ok: true},
		{name: "underscore first", in: "_x1", ok: true},
		{name: "the default index variable", in: "JOB_COMPLETION_INDEX", ok: true},
		{name: "HOME is not special to the script", in: "HOME", ok: true},
		{name: "empty", in: ""},
		{name: "digit first", in: "9A"},
		{name: "dash", in: "A-B"},
		{name: "dot", in: "A.B"},
		{name: "space", in: "A B"},
		{name: "non-ASCII letter", in: "É"},
		{name: "PATH changes how the command is found", in: "PATH"},
		{name: "IFS", in: "IFS"},
		{name: "bash read-only UID", in: "UID"},
		{name: "bash read-only EUID", in: "EUID"},
		{name: "PPID", in: "PPID"},
		{name: "SHELLOPTS", in: "SHELLOPTS"},
		{name: "BASH prefix", in: "BASH_ENV"},
		{name: "RANDOM", in: "RANDOM"},
		{name: "LINENO", in: "LINENO"},
		{name: "OPTIND", in: "OPTIND"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := worklist.CheckName(tt.in)
			if got := err == nil; got != tt.ok {
				t.Errorf("CheckName(%q) = %v, want ok=%t", tt.in, err, tt.ok)
			}
		})
	}
}

// naiveFields splits s at ASCII white space, the reference for the list
// form.
func naiveFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && strings.ContainsRune(" \t\n\r\v\f", r) })
}

// FuzzParseParam checks both list forms against naive references: the
// inline list splits exactly as FieldsFunc over ASCII white space, and the
// values of a file joined by newlines give back the file (less one final
// newline).
func FuzzParseParam(f *testing.F) {
	f.Add("a b  c", []byte("x\ny\n"))
	f.Add(" \t", []byte("\n\n"))
	f.Add("$(x) `y` '", []byte("  lead\r\ntrail \n"))
	f.Add("a\x00", []byte("\xff\xfe\n\x00"))
	f.Fuzz(func(t *testing.T, list string, file []byte) {
		if len(list) > 4096 || len(file) > 4096 {
			return
		}
		p, err := worklist.ParseParam("K=" + list)
		want := naiveFields(list)
		switch {
		case strings.HasPrefix(list, "@"):
			if err == nil {
				t.Fatalf("ParseParam(%q) read a file without WithOpenFile", list)
			}
		case strings.IndexByte(list, 0) >= 0 || len(want) == 0:
			if err == nil {
				t.Fatalf("ParseParam(%q) = %q, want an error", list, p.Values)
			}
		default:
			if err != nil {
				t.Fatalf("ParseParam(%q): %v", list, err)
			}
			if diff := cmp.Diff(want, p.Values); diff != "" {
				t.Fatalf("ParseParam(%q) (-naive +got):\n%s", list, diff)
			}
		}

		p, err = worklist.ParseParam("K=@f", files(map[string]string{"f": string(file)}))
		if err != nil {
			if len(file) != 0 && strings.IndexByte(string(file), 0) < 0 {
				t.Fatalf("ParseParam of file %q: %v", file, err)
			}
			return
		}
		if got := strings.Join(p.Values, "\n"); got != strings.TrimSuffix(string(file), "\n") {
			t.Fatalf("file %q read as %q", file, p.Values)
		}
	})
}
