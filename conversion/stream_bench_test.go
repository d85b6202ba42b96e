package conversion_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/conversion"
)

// streamOf returns a YAML stream of n small Jobs.
func streamOf(n int) []byte {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "---\n%s", strings.Replace(jobYAML, "name: pi\n", fmt.Sprintf("name: pi-%d\n", i), 1))
	}
	return []byte(b.String())
}

// BenchmarkDecodeAll measures DecodeAll per Job of a 100-Job stream,
// against Decode of each Job alone: the difference is what reading a
// stream (splitting, kind sniffing, strict field validation) costs.
func BenchmarkDecodeAll(b *testing.B) {
	const n = 100
	stream := streamOf(n)
	single := []byte(jobYAML)
	b.Run("DecodeAll", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			docs, err := conversion.DecodeAll("bench", stream)
			if err != nil || len(docs) != n || docs[n-1].Err != nil {
				b.Fatalf("%v, %d documents", err, len(docs))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/Job")
	})
	b.Run("Decode", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for j := 0; j < n; j++ {
				if _, err := conversion.Decode(single); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/Job")
	})
}
