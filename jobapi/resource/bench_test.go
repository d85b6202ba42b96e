package resource_test

import (
	"testing"

	"github.com/jobkit/jobkit/jobapi/resource"
)

// benchQuantities are typical requests and limits.
var benchQuantities = []string{"100m", "1Gi", "0.5", "1.5e3"}

var (
	quantitySink resource.Quantity
	stringSink   string
)

func BenchmarkParseQuantity(b *testing.B) {
	for _, s := range benchQuantities {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, err := resource.ParseQuantity(s)
				if err != nil {
					b.Fatal(err)
				}
				quantitySink = q
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for _, s := range benchQuantities {
		q := resource.MustParse(s)
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				stringSink = q.String()
			}
		})
	}
}

func BenchmarkCmp(b *testing.B) {
	x, y := resource.MustParse("100m"), resource.MustParse("1")
	b.ReportAllocs()
	for b.Loop() {
		if x.Cmp(y) >= 0 {
			b.Fatal("100m >= 1")
		}
	}
}
