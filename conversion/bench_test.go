package conversion_test

import (
	"fmt"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// benchInputs are the kubectl manifest, as YAML and as JSON, and a Job
// whose template has many containers.
func benchInputs(b *testing.B) []struct {
	name string
	data []byte
} {
	manifest := readTestdata(b, "kubectl-indexed.yaml")
	asJSON, err := yaml.YAMLToJSON(manifest)
	if err != nil {
		b.Fatal(err)
	}
	job, err := conversion.Decode(manifest)
	if err != nil {
		b.Fatal(err)
	}
	c := job.Spec.Template.Spec.Containers[0]
	job.Spec.Template.Spec.Containers = nil
	for i := 0; i < 50; i++ {
		c := *c.DeepCopy()
		c.Name = fmt.Sprintf("c%d", i)
		job.Spec.Template.Spec.Containers = append(job.Spec.Template.Spec.Containers, c)
	}
	big, err := conversion.Encode(job, "batch/v1")
	if err != nil {
		b.Fatal(err)
	}
	return []struct {
		name string
		data []byte
	}{
		{"kubectl-manifest/yaml", manifest},
		{"kubectl-manifest/json", asJSON},
		{"containers=50/yaml", big},
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.data)))
			for i := 0; i < b.N; i++ {
				if _, err := conversion.Decode(in.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, in := range benchInputs(b) {
		job, err := conversion.Decode(in.data)
		if err != nil {
			b.Fatal(err)
		}
		for _, enc := range []struct {
			name string
			fn   func(*jobapi.Job, string) ([]byte, error)
		}{{"yaml", conversion.Encode}, {"json", conversion.EncodeJSON}} {
			b.Run(in.name+"/to-"+enc.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := enc.fn(job, "batch/v1"); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
