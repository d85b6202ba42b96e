package worklist_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"

	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward/worklist"
)

// listOfSize returns a list of exactly n bytes: values "v" separated by
// spaces (or newlines for a file), the last value padded.
func listOfSize(t *testing.T, n int, sep string) string {
	t.Helper()
	s := strings.Repeat("v"+sep, n/4) // half the bytes in short values
	s += strings.Repeat("x", n-len(s))
	require.Len(t, s, n)
	return s
}

// TestListSizeLimit checks the bound on one work list, inline and in a
// file: exactly MaxListSize bytes are read, one byte more is refused with
// an error that says so, and no more than one byte past the limit is read
// from an endless file.
func TestListSizeLimit(t *testing.T) {
	files := map[string]string{
		"at-limit.txt": listOfSize(t, worklist.MaxListSize, "\n"),
		"over.txt":     listOfSize(t, worklist.MaxListSize+1, "\n"),
	}
	var endless *countingReader
	open := worklist.WithOpenFile(func(name string) (io.ReadCloser, error) {
		if name == "endless" {
			endless = &countingReader{}
			return io.NopCloser(endless), nil
		}
		return io.NopCloser(strings.NewReader(files[name])), nil
	})

	p, err := worklist.ParseParam("F=" + listOfSize(t, worklist.MaxListSize, " "))
	require.NoError(t, err)
	require.Len(t, p.Values, worklist.MaxListSize/4+1)
	p, err = worklist.ParseParam("F=@at-limit.txt", open)
	require.NoError(t, err)
	require.Len(t, p.Values, worklist.MaxListSize/4+1)

	_, err = worklist.ParseParam("F=" + listOfSize(t, worklist.MaxListSize+1, " "))
	require.EqualError(t, err, fmt.Sprintf("F: the list must be at most %d bytes, not %d", worklist.MaxListSize, worklist.MaxListSize+1))
	_, err = worklist.ParseParam("F=@over.txt", open)
	require.EqualError(t, err, fmt.Sprintf("F: file \"over.txt\" must be at most %d bytes", worklist.MaxListSize))
	_, err = worklist.ParseParam("F=@endless", open)
	require.EqualError(t, err, fmt.Sprintf("F: file \"endless\" must be at most %d bytes", worklist.MaxListSize))
	require.Equal(t, worklist.MaxListSize+1, endless.n, "bytes read from an endless file")
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

// TestScriptSizeLimit checks the bound on the script, which must fit in
// a ConfigMap: a script of exactly MaxScriptSize bytes is generated, one
// byte more is refused with an error that says so.
func TestScriptSizeLimit(t *testing.T) {
	params := func(pad int) []worklist.Param {
		return []worklist.Param{
			{Name: "A", Values: []string{"a", "it's", strings.Repeat("x", 1+pad)}},
			{Name: "B", Values: []string{"1", "2", "3"}},
		}
	}
	small, err := worklist.Script("I", params(0))
	require.NoError(t, err)
	pad := worklist.MaxScriptSize - len(small)

	script, err := worklist.Script("I", params(pad))
	require.NoError(t, err)
	require.Len(t, script, worklist.MaxScriptSize)

	_, err = worklist.Script("I", params(pad+1))
	require.EqualError(t, err, fmt.Sprintf("the work lists are too large for a ConfigMap: the script must be at most %d bytes, not %d", worklist.MaxScriptSize, worklist.MaxScriptSize+1))
}

// TestWorkListsAreLinear reads lists and writes scripts of n and 4n values:
// allocations and allocated bytes must grow about 4 times (under 8, with
// the doubling of growing arrays), not 16.
func TestWorkListsAreLinear(t *testing.T) {
	values := func(n int, v string) []string {
		vs := make([]string, n)
		for i := range vs {
			vs[i] = fmt.Sprintf("%s%d", v, i)
		}
		return vs
	}
	shapes := []struct {
		name string
		work func(n int) func()
	}{
		{"an inline list", func(n int) func() {
			arg := "F=" + strings.Join(values(n, "v"), " \t ")
			return func() { _, _ = worklist.ParseParam(arg) }
		}},
		{"a file", func(n int) func() {
			data := strings.Join(values(n, "line "), "\n") + "\n"
			open := worklist.WithOpenFile(func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(data)), nil })
			return func() { _, _ = worklist.ParseParam("F=@f", open) }
		}},
		{"a script", func(n int) func() {
			ps := []worklist.Param{{Name: "A", Values: values(n, "it's ")}, {Name: "B", Values: values(n, "b")}}
			return func() { _, _ = worklist.Script("I", ps) }
		}},
		{"a script with a repeated name", func(n int) func() {
			ps := []worklist.Param{{Name: "A", Values: values(n, "a")}, {Name: "A", Values: values(n, "b")}}
			return func() { _, _ = worklist.Script("I", ps) }
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			a1, b1 := jobtest.MeasureAllocs(s.work(2000))
			a4, b4 := jobtest.MeasureAllocs(s.work(8000))
			t.Logf("n=2000: %.0f allocs, %.0f bytes; n=8000: %.0f allocs, %.0f bytes", a1, b1, a4, b4)
			if a4 > 8*a1+20 {
				t.Errorf("allocations grow from %.0f to %.0f when the input grows 4 times", a1, a4)
			}
			if b4 > 8*b1+20000 {
				t.Errorf("allocated bytes grow from %.0f to %.0f when the input grows 4 times", b1, b4)
			}
		})
	}
}
