package interop

import (
	"encoding/json"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
)

// kubectlIndexedJobJSON is the kubectl manifest as JSON, the form a
// controller or an admission webhook receives.
func kubectlIndexedJobJSON(b *testing.B) []byte {
	data, err := yaml.YAMLToJSON([]byte(kubectlIndexedJob))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeJSONJob decodes the kubectl manifest from JSON: jobkit's
// Decode (which also applies the version defaults and converts to the
// hub) against k8s.io/api decoded the way the API server does, with
// sigs.k8s.io/json's case-sensitive decoder.
func BenchmarkDecodeJSONJob(b *testing.B) {
	data := kubectlIndexedJobJSON(b)
	b.Run("case=kubectl-manifest/impl=jobkit", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			job, err := conversion.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			convJobkitSink = job
		}
	})
	b.Run("case=kubectl-manifest/impl=k8s", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			job := new(batchv1.Job)
			if err := kjson.UnmarshalCaseSensitivePreserveInts(data, job); err != nil {
				b.Fatal(err)
			}
			convK8sSink = job
		}
	})
}

// BenchmarkEncodeJSONJob encodes the kubectl manifest as JSON: jobkit's
// EncodeJSON (hub to batch/v1, then the generated encoder) against
// encoding/json on k8s.io/api.
func BenchmarkEncodeJSONJob(b *testing.B) {
	data := kubectlIndexedJobJSON(b)
	job, err := conversion.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	var k8sJob batchv1.Job
	if err := json.Unmarshal(data, &k8sJob); err != nil {
		b.Fatal(err)
	}
	b.Run("case=kubectl-manifest/impl=jobkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, err := conversion.EncodeJSON(job, "batch/v1")
			if err != nil {
				b.Fatal(err)
			}
			convBytesSink = out
		}
	})
	b.Run("case=kubectl-manifest/impl=k8s", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, err := json.Marshal(&k8sJob)
			if err != nil {
				b.Fatal(err)
			}
			convBytesSink = out
		}
	})
}
