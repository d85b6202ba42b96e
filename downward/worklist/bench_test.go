package worklist_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/downward/worklist"
)

func benchParams(n int) []worklist.Param {
	a := worklist.Param{Name: "FILE"}
	b := worklist.Param{Name: "NOTE"}
	for i := range n {
		a.Values = append(a.Values, fmt.Sprintf("/data/input-%06d.dat", i))
		b.Values = append(b.Values, fmt.Sprintf("it's item %d; $(not run)", i))
	}
	return []worklist.Param{a, b}
}

func BenchmarkScript(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		params := benchParams(n)
		b.Run(fmt.Sprintf("completions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := worklist.Script("I", params); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseParam(b *testing.B) {
	for _, n := range []int{10, 1000, 40000} {
		values := benchParams(n)[0].Values
		inline := "FILE=" + strings.Join(values, " ")
		file := strings.Join(values, "\n") + "\n"
		open := worklist.WithOpenFile(func(string) (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(file)), nil
		})
		b.Run(fmt.Sprintf("values=%d/inline", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(inline)))
			for b.Loop() {
				if _, err := worklist.ParseParam(inline); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("values=%d/file", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(file)))
			for b.Loop() {
				if _, err := worklist.ParseParam("FILE=@f", open); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{10, 1000} {
		spec := worklist.Spec{Name: "bench", Image: "busybox", Command: []string{"true"}, Params: benchParams(n)}
		b.Run(fmt.Sprintf("completions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := worklist.Build(spec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
