package interop

// The codec benchmarks: JSON and YAML, decode and encode, and deep copy,
// done by jobkit and by k8s.io/api the way Kubernetes does them, on two
// Jobs: the kubectl manifest of conversion_test.go and k8s.io/api's own
// every-field fixture (testdata/HEAD/batch.v1.Job.json). Each benchmark
// names its implementation with an "impl=" element, so that benchstat puts
// them side by side:
//
//	go test -run '^$' -bench 'Job$' -benchmem -count 10 > codec.txt
//	benchstat -col /impl codec.txt
//
// The work is not identical, and the difference favours k8s.io/api:
// jobkit's Decode also reads apiVersion and kind, applies the batch/v1
// defaults and converts to the hub type, and its types keep every member
// they do not model; jobkit's Encode converts from the hub first. Neither
// side validates.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// codecCase is one Job the codec benchmarks run on, in both forms.
type codecCase struct {
	name       string
	json, yaml []byte
}

// codecCases returns the kubectl manifest and k8s.io/api's every-field
// fixture, found through the go command as the build resolved the module.
func codecCases(b *testing.B) []codecCase {
	b.Helper()
	kubectlJSON, err := yaml.YAMLToJSON([]byte(kubectlIndexedJob))
	if err != nil {
		b.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/api").Output()
	if err != nil {
		b.Fatalf("locating k8s.io/api: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "testdata", "HEAD")
	fixtureJSON, err := os.ReadFile(filepath.Join(dir, "batch.v1.Job.json"))
	if err != nil {
		b.Fatal(err)
	}
	fixtureYAML, err := os.ReadFile(filepath.Join(dir, "batch.v1.Job.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return []codecCase{
		{name: "kubectl-manifest", json: kubectlJSON, yaml: []byte(kubectlIndexedJob)},
		{name: "every-field", json: fixtureJSON, yaml: fixtureYAML},
	}
}

// Typed sinks keep results alive without boxing them.
var (
	convJobkitSink *jobapi.Job
	convK8sSink    *batchv1.Job
	convBytesSink  []byte
)

// decodeBoth returns the case's Job decoded by both implementations.
func decodeBoth(b *testing.B, c codecCase) (*jobapi.Job, *batchv1.Job) {
	b.Helper()
	job, err := conversion.Decode(c.json)
	if err != nil {
		b.Fatal(err)
	}
	k8sJob := new(batchv1.Job)
	if err := kjson.UnmarshalCaseSensitivePreserveInts(c.json, k8sJob); err != nil {
		b.Fatal(err)
	}
	return job, k8sJob
}

// BenchmarkDecodeJSONJob decodes JSON, the form a controller or an
// admission webhook receives: jobkit's Decode against k8s.io/api decoded
// the way the API server does, with sigs.k8s.io/json's case-sensitive
// decoder.
func BenchmarkDecodeJSONJob(b *testing.B) {
	for _, c := range codecCases(b) {
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.json)))
			for b.Loop() {
				job, err := conversion.Decode(c.json)
				if err != nil {
					b.Fatal(err)
				}
				convJobkitSink = job
			}
		})
		b.Run("case="+c.name+"/impl=k8s", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.json)))
			for b.Loop() {
				job := new(batchv1.Job)
				if err := kjson.UnmarshalCaseSensitivePreserveInts(c.json, job); err != nil {
					b.Fatal(err)
				}
				convK8sSink = job
			}
		})
	}
}

// BenchmarkEncodeJSONJob encodes JSON: jobkit's EncodeJSON (hub to
// batch/v1, then the generated encoder) against encoding/json on
// k8s.io/api.
//
// A column impl=copy is the least an encoder that returns fresh bytes can
// do: allocate the encoded length and copy the text in. In this
// small-heap process every allocated byte costs garbage-collector work,
// so that floor, which both implementations pay, is a large share of
// their times, and it caps the ratio between them. A column
// impl=jobkit-reuse is conversion.AppendJSON into one buffer passed again
// each time, as a controller encoding many Jobs can: no floor at all.
func BenchmarkEncodeJSONJob(b *testing.B) {
	for _, c := range codecCases(b) {
		job, k8sJob := decodeBoth(b, c)
		encoded, err := json.Marshal(k8sJob)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := conversion.EncodeJSON(job, "batch/v1")
				if err != nil {
					b.Fatal(err)
				}
				convBytesSink = out
			}
		})
		b.Run("case="+c.name+"/impl=jobkit-reuse", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				out, err := conversion.AppendJSON(buf[:0], job, "batch/v1")
				if err != nil {
					b.Fatal(err)
				}
				buf = out
			}
			convBytesSink = buf
		})
		b.Run("case="+c.name+"/impl=k8s", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := json.Marshal(k8sJob)
				if err != nil {
					b.Fatal(err)
				}
				convBytesSink = out
			}
		})
		b.Run("case="+c.name+"/impl=copy", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				convBytesSink = append([]byte(nil), encoded...)
			}
		})
	}
}

// BenchmarkDecodeJob decodes YAML: jobkit's Decode against
// sigs.k8s.io/yaml.Unmarshal into k8s.io/api.
func BenchmarkDecodeJob(b *testing.B) {
	for _, c := range codecCases(b) {
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.yaml)))
			for b.Loop() {
				job, err := conversion.Decode(c.yaml)
				if err != nil {
					b.Fatal(err)
				}
				convJobkitSink = job
			}
		})
		b.Run("case="+c.name+"/impl=k8s", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.yaml)))
			for b.Loop() {
				job := new(batchv1.Job)
				if err := yaml.Unmarshal(c.yaml, job); err != nil {
					b.Fatal(err)
				}
				convK8sSink = job
			}
		})
	}
}

// BenchmarkEncodeJob encodes YAML: jobkit's Encode against
// sigs.k8s.io/yaml.Marshal of k8s.io/api.
func BenchmarkEncodeJob(b *testing.B) {
	for _, c := range codecCases(b) {
		job, k8sJob := decodeBoth(b, c)
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := conversion.Encode(job, "batch/v1")
				if err != nil {
					b.Fatal(err)
				}
				convBytesSink = out
			}
		})
		b.Run("case="+c.name+"/impl=k8s", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := yaml.Marshal(k8sJob)
				if err != nil {
					b.Fatal(err)
				}
				convBytesSink = out
			}
		})
	}
}

// BenchmarkDeepCopyJob copies the decoded Job: jobkit's generated DeepCopy
// of the hub Job against k8s.io/api's generated DeepCopy.
func BenchmarkDeepCopyJob(b *testing.B) {
	for _, c := range codecCases(b) {
		job, k8sJob := decodeBoth(b, c)
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				convJobkitSink = job.DeepCopy()
			}
		})
		b.Run("case="+c.name+"/impl=k8s", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				convK8sSink = k8sJob.DeepCopy()
			}
		})
	}
}
