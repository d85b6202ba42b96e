package downward_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/jobtest"

	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/field"
)

// The longest valid fieldPath: an annotation key with a prefix of 253
// bytes (a DNS subdomain of labels of at most 63) and a name of 63.
func longestFieldPath() (path, prefix, name string) {
	label := strings.Repeat("a", 63)
	prefix = label + "." + label + "." + label + "." + strings.Repeat("b", 61) // 253 bytes
	name = strings.Repeat("n", 63)
	return "metadata.annotations['" + prefix + "/" + name + "']", prefix, name
}

// TestFieldPathLength checks the bound on what Parse accepts: no valid
// fieldPath is longer than 341 bytes, the longest is accepted, every
// longer one is refused with an error that names the rule, and the error
// of a huge input stays short.
func TestFieldPathLength(t *testing.T) {
	longest, prefix, name := longestFieldPath()
	require.Len(t, longest, 341)
	p, err := fieldpath.Parse(longest)
	require.NoError(t, err)
	key, _ := p.Key()
	require.Equal(t, prefix+"/"+name, key)

	tests := []struct {
		name string
		in   string
		want string // in the error
	}{
		{name: "a prefix one byte too long", in: "metadata.annotations['c" + prefix + "/" + name + "']", want: "prefix part must be no more than 253 bytes"},
		{name: "a name one byte too long", in: "metadata.annotations['" + prefix + "/n" + name + "']", want: "name part must be no more than 63 bytes"},
		{name: "a label key one byte too long", in: "metadata.labels['" + prefix + "/n" + name + "']", want: "name part must be no more than 63 bytes"},
		{name: "1 MiB", in: "metadata.annotations['" + strings.Repeat("k", 1<<20) + "']", want: "name part must be no more than 63 bytes"},
		{name: "1 MiB without subscript", in: strings.Repeat("metadata.", 1<<17), want: "invalid fieldPath"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fieldpath.Parse(tt.in)
			var perr *fieldpath.ParseError
			require.True(t, errors.As(err, &perr), "error %v, want a *ParseError", err)
			require.Equal(t, tt.in, perr.FieldPath, "FieldPath must be the whole input")
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("error %q does not say %q", truncate(msg), tt.want)
			}
			if len(msg) > 1000 {
				t.Errorf("the error message is %d bytes long; it must not repeat the whole input", len(msg))
			}
			if len(tt.in) > 400 && !strings.Contains(msg, fmt.Sprintf("... (%d bytes)", len(tt.in))) {
				t.Errorf("error %q does not say the input was cut", truncate(msg))
			}
		})
	}
	// ValidateFieldRef keeps reporting what the API server reports: the
	// key's errors at the fieldRef.
	errs := fieldpath.ValidateFieldRef("v1", "metadata.annotations['c"+prefix+"/"+name+"']", fieldpath.EnvVar, field.NewPath("fieldRef"))
	require.Len(t, errs, 1)
	require.Equal(t, field.ErrorTypeInvalid, errs[0].Type)
	require.Equal(t, "fieldRef", errs[0].Field)
}

func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// mapFileOfSize returns a valid map file of exactly n bytes (n at least
// 10): one annotation whose value pads it.
func mapFileOfSize(t *testing.T, n int) string {
	t.Helper()
	s := `a="` + strings.Repeat("x", n-4) + `"`
	require.Len(t, s, n)
	return s
}

// TestMapFileSizeLimit checks the bound on the annotations file: a file
// of exactly MaxMapFileSize bytes is read, one byte more is refused with
// an error that says so, and ReadMap reads no more than one byte past the
// limit of an endless stream.
func TestMapFileSizeLimit(t *testing.T) {
	m, err := downward.ParseMap(mapFileOfSize(t, downward.MaxMapFileSize))
	require.NoError(t, err)
	require.Len(t, m["a"], downward.MaxMapFileSize-4)
	m, err = downward.ReadMap(strings.NewReader(mapFileOfSize(t, downward.MaxMapFileSize)))
	require.NoError(t, err)
	require.Len(t, m["a"], downward.MaxMapFileSize-4)

	want := fmt.Sprintf("downward: map file must be at most %d bytes, not %d", downward.MaxMapFileSize, downward.MaxMapFileSize+1)
	_, err = downward.ParseMap(mapFileOfSize(t, downward.MaxMapFileSize+1))
	require.EqualError(t, err, want)
	_, err = downward.ReadMap(strings.NewReader(mapFileOfSize(t, downward.MaxMapFileSize+1)))
	require.EqualError(t, err, want)

	endless := &countingReader{}
	_, err = downward.ReadMap(endless)
	require.EqualError(t, err, want)
	require.Equal(t, downward.MaxMapFileSize+1, endless.n, "bytes read from an endless stream")
}

// countingReader is an endless stream of 'x' that counts what is read.
type countingReader struct{ n int }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	r.n += len(p)
	return len(p), nil
}

var _ io.Reader = (*countingReader)(nil)

// TestParsersAreLinear reads inputs of size n and 4n: allocations and
// allocated bytes must grow about 4 times (under 8, with the doubling of
// growing maps), not 16.
func TestParsersAreLinear(t *testing.T) {
	mapFile := func(n int, value string) string {
		lines := make([]string, n)
		for i := range lines {
			lines[i] = fmt.Sprintf("example.com/key-%07d=%q", i, value)
		}
		return strings.Join(lines, "\n")
	}
	shapes := []struct {
		name  string
		parse func(n int) func()
	}{
		{"map file lines", func(n int) func() {
			s := mapFile(n, "v")
			return func() { _, _ = downward.ParseMap(s) }
		}},
		{"map file escapes", func(n int) func() {
			s := mapFile(n/10+1, strings.Repeat("\"\\\n\xff", 10))
			return func() { _, _ = downward.ParseMap(s) }
		}},
		{"map file with a duplicate at the end", func(n int) func() {
			s := mapFile(n, "v") + "\n" + fmt.Sprintf("example.com/key-%07d=%q", 0, "v")
			return func() { _, _ = downward.ParseMap(s) }
		}},
		{"fieldPath with a long key", func(n int) func() {
			s := "metadata.annotations['" + strings.Repeat("k.", 10*n) + "/x']"
			return func() { _, _ = fieldpath.Parse(s) }
		}},
		{"fieldPath with brackets", func(n int) func() {
			s := "metadata.annotations" + strings.Repeat("['", 5*n) + strings.Repeat("']", 5*n)
			return func() { _, _ = fieldpath.Parse(s) }
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			a1, b1 := jobtest.MeasureAllocs(s.parse(1000))
			a4, b4 := jobtest.MeasureAllocs(s.parse(4000))
			t.Logf("n=1000: %.0f allocs, %.0f bytes; n=4000: %.0f allocs, %.0f bytes", a1, b1, a4, b4)
			if a4 > 8*a1+20 {
				t.Errorf("allocations grow from %.0f to %.0f when the input grows 4 times", a1, a4)
			}
			if b4 > 8*b1+20000 {
				t.Errorf("allocated bytes grow from %.0f to %.0f when the input grows 4 times", b1, b4)
			}
		})
	}
}
