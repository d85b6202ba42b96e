package yamlwrite

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/conversion/internal/yamlwrite/v2ref"
)

// BenchmarkAppend writes every fixture of package conversion as YAML: the
// streaming writer against the goyaml.v2 path it replaces.
func BenchmarkAppend(b *testing.B) {
	paths, _ := filepath.Glob("../../testdata/*.yaml")
	docs := fixtures(b)
	for i, doc := range docs {
		name := strings.TrimSuffix(filepath.Base(paths[i]), ".yaml")
		b.Run("case="+name+"/impl=yamlwrite", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			var out []byte
			for b.Loop() {
				var err error
				if out, err = Append(out[:0], doc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("case="+name+"/impl=goyaml.v2", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := v2ref.JSONToYAML(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
