package conversion_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"

	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
)

// The bounds Decode puts on what it reads: the size of the input, the
// size of the JSON it expands to, the depth of nesting, and costs that
// grow linearly with the input.

// paddedJob returns a valid Job manifest of exactly n bytes (n at least
// 100), in YAML or JSON, padded with the value of an annotation.
func paddedJob(t *testing.T, n int, asJSON bool) []byte {
	t.Helper()
	var head, tail string
	if asJSON {
		head, tail = `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pad","annotations":{"pad":"`, `"}}}`
	} else {
		head, tail = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pad\n  annotations:\n    pad: ", "\n"
	}
	pad := n - len(head) - len(tail)
	require.Positive(t, pad)
	doc := head + strings.Repeat("x", pad) + tail
	require.Len(t, doc, n)
	return []byte(doc)
}

func TestDecodeSizeLimit(t *testing.T) {
	tests := []struct {
		name   string
		limit  int
		opts   []conversion.Option
		asJSON bool
	}{
		{name: "the default limit, YAML", limit: conversion.DefaultMaxBytes},
		{name: "the default limit, JSON", limit: conversion.DefaultMaxBytes, asJSON: true},
		{name: "WithMaxBytes", limit: 1000, opts: []conversion.Option{conversion.WithMaxBytes(1000)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := conversion.DecodeWith(paddedJob(t, tt.limit, tt.asJSON), tt.opts...)
			require.NoError(t, err, "a Job of exactly the limit must decode")
			require.Equal(t, "pad", job.ObjectMeta.Name)

			_, err = conversion.DecodeWith(paddedJob(t, tt.limit+1, tt.asJSON), tt.opts...)
			want := fmt.Sprintf("conversion: the input must be at most %d bytes; it is %d", tt.limit, tt.limit+1)
			if err == nil || err.Error() != want {
				t.Errorf("one byte over the limit: error %v, want %q", err, want)
			}
		})
	}
}

// TestDecodeExpansionLimit checks that YAML aliases cannot make Decode
// work on more JSON than 4 times its limit, and that an alias bomb is
// refused by the YAML parser before it expands.
func TestDecodeExpansionLimit(t *testing.T) {
	// 40 aliases of a 150-byte list: under 1000 bytes of YAML, about 6000
	// of JSON.
	anchor := "[" + strings.Repeat("aaaaaaaaa,", 14) + "a]"
	var b strings.Builder
	b.WriteString("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: x\nspec:\n  a: &a " + anchor + "\n  b: [")
	for i := range 40 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("*a")
	}
	b.WriteString("]\n")
	doc := b.String()
	require.Less(t, len(doc), 1000)
	_, err := conversion.DecodeWith([]byte(doc), conversion.WithMaxBytes(1000))
	require.Error(t, err)
	require.Contains(t, err.Error(), "conversion: the input must expand to at most 4000 bytes of JSON; it expands to ")

	// Under the default limit, the same document decodes (spec.a and
	// spec.b are kept as unknown members).
	_, err = conversion.Decode([]byte(doc))
	require.NoError(t, err)

	// Billion laughs: nine levels of ten aliases each.
	var bomb strings.Builder
	bomb.WriteString("apiVersion: batch/v1\nkind: Job\nspec:\n  l0: &l0 [lol,lol,lol,lol,lol,lol,lol,lol,lol,lol]\n")
	for l := 1; l <= 9; l++ {
		fmt.Fprintf(&bomb, "  l%d: &l%d [", l, l)
		for i := range 10 {
			if i > 0 {
				bomb.WriteString(",")
			}
			fmt.Fprintf(&bomb, "*l%d", l-1)
		}
		bomb.WriteString("]\n")
	}
	_, err = conversion.Decode([]byte(bomb.String()))
	require.Error(t, err)
	require.Contains(t, err.Error(), "excessive aliasing")
}

// TestDecodeDepthLimit finds the deepest nesting Decode accepts, in YAML
// and in JSON: one level more must give an error that says so, and the
// limit must be the parsers' 10000 levels, so that no input can exhaust
// the stack.
func TestDecodeDepthLimit(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		t.Run(fmt.Sprintf("json=%v", asJSON), func(t *testing.T) {
			doc := func(depth int) []byte {
				nest := strings.Repeat("[", depth) + strings.Repeat("]", depth)
				if asJSON {
					return []byte(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"annotations":{"a":"b"}},"spec":{"x":` + nest + `}}`)
				}
				return []byte("apiVersion: batch/v1\nkind: Job\nspec:\n  x: " + nest + "\n")
			}
			tooDeep := func(depth int) bool {
				// spec.x is kept as an unknown member when it decodes.
				_, err := conversion.Decode(doc(depth))
				if err != nil && !strings.Contains(err.Error(), "max depth") {
					t.Fatalf("depth %d: %v", depth, err)
				}
				return err != nil
			}
			require.False(t, tooDeep(100))
			require.True(t, tooDeep(20000))
			lo, hi := 100, 20000 // lo is accepted, hi is too deep
			for hi-lo > 1 {
				mid := (lo + hi) / 2
				if tooDeep(mid) {
					hi = mid
				} else {
					lo = mid
				}
			}
			if lo < 9990 || lo > 10000 {
				t.Errorf("the deepest nesting accepted is %d levels, want about 10000", lo)
			}
			_, err := conversion.Decode(doc(hi))
			require.ErrorContains(t, err, "exceeded max depth")
		})
	}
}

// TestDecodeIsLinear decodes inputs of size n and 4n of each shape a
// manifest can grow in, and checks that allocations and allocated bytes
// grow about 4 times (under 8, with the doubling of growing arrays),
// not 16: no path of Decode is quadratic in them.
func TestDecodeIsLinear(t *testing.T) {
	shapes := []struct {
		name string
		doc  func(n int) string
	}{
		{"annotations", func(n int) string {
			var b strings.Builder
			b.WriteString("apiVersion: batch/v1\nkind: Job\nmetadata:\n  annotations:\n")
			for i := range n {
				fmt.Fprintf(&b, "    k%d: v%d\n", i, i)
			}
			return b.String()
		}},
		{"env vars", func(n int) string {
			var b strings.Builder
			b.WriteString(`{"apiVersion":"batch/v1","kind":"Job","spec":{"template":{"spec":{"containers":[{"name":"c","env":[`)
			for i := range n {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"name":"E%d","value":"v"}`, i)
			}
			b.WriteString("]}]}}}}")
			return b.String()
		}},
		{"unknown members", func(n int) string {
			var b strings.Builder
			b.WriteString("apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      tolerations:\n")
			for i := range n {
				fmt.Fprintf(&b, "      - {key: k%d, operator: Exists}\n", i)
			}
			return b.String()
		}},
		{"one long string", func(n int) string {
			return "apiVersion: batch/v1\nkind: Job\nmetadata:\n  annotations:\n    a: " + strings.Repeat("x", 40*n) + "\n"
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			run := func(n int) (float64, float64) {
				doc := []byte(s.doc(n))
				return jobtest.MeasureAllocs(func() {
					if _, err := conversion.Decode(doc); err != nil {
						t.Fatal(err)
					}
				})
			}
			a1, b1 := run(1000)
			a4, b4 := run(4000)
			t.Logf("n=1000: %.0f allocs, %.0f bytes; n=4000: %.0f allocs, %.0f bytes", a1, b1, a4, b4)
			if a4 > 8*a1+50 {
				t.Errorf("allocations grow from %.0f to %.0f when the input grows 4 times", a1, a4)
			}
			if b4 > 8*b1+50000 {
				t.Errorf("allocated bytes grow from %.0f to %.0f when the input grows 4 times", b1, b4)
			}
		})
	}
}
