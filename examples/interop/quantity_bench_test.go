package interop

import (
	"testing"

	"github.com/jobkit/jobkit/jobapi/resource"
	k8sresource "k8s.io/apimachinery/pkg/api/resource"
)

// quantityCases are typical requests and limits: two Kubernetes keeps as
// written, two it rewrites into their canonical form.
var quantityCases = []string{"100m", "1Gi", "0.5", "1.5e3"}

// BenchmarkQuantity parses a quantity and prints its canonical form, as
// decoding and encoding a pod's resources does, with each implementation
// ("impl=" as in the selector benchmarks).
func BenchmarkQuantity(b *testing.B) {
	for _, s := range quantityCases {
		b.Run("case="+s+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, err := resource.ParseQuantity(s)
				if err != nil {
					b.Fatal(err)
				}
				stringSink = q.String()
			}
		})
		b.Run("case="+s+"/impl=apimachinery", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, err := k8sresource.ParseQuantity(s)
				if err != nil {
					b.Fatal(err)
				}
				stringSink = q.String()
			}
		})
	}
}
