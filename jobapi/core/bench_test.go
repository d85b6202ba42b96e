package core_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/jobkit/jobkit/jobapi/core"
)

func benchTemplate(b *testing.B) ([]byte, *core.PodTemplateSpec) {
	b.Helper()
	data, err := os.ReadFile("testdata/podtemplate.json")
	if err != nil {
		b.Fatal(err)
	}
	var tmpl core.PodTemplateSpec
	if err := json.Unmarshal(data, &tmpl); err != nil {
		b.Fatal(err)
	}
	return data, &tmpl
}

// The fixture sets every field of a pod template: the worst case of
// decoding, encoding and copying one.
func BenchmarkPodTemplateSpec(b *testing.B) {
	data, tmpl := benchTemplate(b)
	b.Run("Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			var t core.PodTemplateSpec
			if err := t.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := tmpl.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("DeepCopy", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = tmpl.DeepCopy()
		}
	})
}
