package yamlread

import (
	"os"
	"testing"

	"sigs.k8s.io/yaml"
)

// BenchmarkToJSON converts the kubectl manifest of conversion/testdata
// with this package and with sigs.k8s.io/yaml.YAMLToJSONStrict, which
// conversion used before.
func BenchmarkToJSON(b *testing.B) {
	in, err := os.ReadFile("../../testdata/kubectl-indexed.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("impl=yamlread", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			if _, _, err := ToJSON(in, 1<<30); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=sigs.k8s.io-yaml", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			if _, err := yaml.YAMLToJSONStrict(in); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=yamlread-parse-only", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			if _, err := Parse(in); err != nil {
				b.Fatal(err)
			}
		}
	})
}
