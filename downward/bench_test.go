package downward_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func BenchmarkParse(b *testing.B) {
	for _, s := range []string{
		"metadata.name",
		"metadata.labels['app']",
		"metadata.annotations['batch.kubernetes.io/job-completion-index']",
		"metadata.annotations['" + strings.Repeat("a", 200) + ".example.com/" + strings.Repeat("b", 63) + "']",
	} {
		b.Run(fmt.Sprintf("len=%d", len(s)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := fieldpath.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func annotations(n int) map[string]string {
	m := make(map[string]string, n)
	for i := range n {
		m[fmt.Sprintf("example.com/key-%05d", i)] = fmt.Sprintf("value %d with \"quotes\"\nand a newline", i)
	}
	return m
}

func BenchmarkResolve(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000} {
		pod := &core.Pod{ObjectMeta: meta.ObjectMeta{Name: "p", Annotations: annotations(n)}}
		pod.ObjectMeta.Annotations["batch.kubernetes.io/job-completion-index"] = "7"
		for _, path := range []string{"metadata.name", "metadata.annotations['batch.kubernetes.io/job-completion-index']", "metadata.annotations"} {
			p := fieldpath.MustParse(path)
			b.Run(fmt.Sprintf("annotations=%d/%s", n, path), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := downward.Resolve(p, pod); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkFormatMap(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000} {
		m := annotations(n)
		b.Run(fmt.Sprintf("entries=%d/jobkit", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				downward.FormatMap(m)
			}
		})
		b.Run(fmt.Sprintf("entries=%d/kubelet-algorithm", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kubeletFormatMap(m)
			}
		})
	}
}

func BenchmarkParseMap(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000} {
		file := downward.FormatMap(annotations(n))
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(file)))
			for b.Loop() {
				if _, err := downward.ParseMap(file); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
