package parity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// k8s.io/api ships, for every type, a fixture with every field set
// (testdata/HEAD/batch.v1.Job.json and .yaml, made by its round-trip
// tests). These tests decode it with jobkit and send it through Encode
// and Decode in both versions.

// apiFixture reads a file of k8s.io/api's testdata/HEAD, finding the
// module through the go command, as the build resolved it.
func apiFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleDir(t, "k8s.io/api"), "testdata", "HEAD", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decodeFixture decodes data without defaults: the fixture as written.
func decodeFixture(t *testing.T, what string, data []byte) *jobapi.Job {
	t.Helper()
	job, err := conversion.DecodeWith(data, conversion.WithoutDefaults())
	if err != nil {
		t.Fatalf("%s: Decode: %v", what, err)
	}
	return job
}

// jsonValue parses JSON into a generic value, so that two documents
// compare by value (member order aside).
func jsonValue(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, data)
	}
	return v
}

func encodeFixture(t *testing.T, job *jobapi.Job, apiVersion string) []byte {
	t.Helper()
	data, err := conversion.EncodeJSON(job, apiVersion)
	if err != nil {
		t.Fatalf("Encode %s: %v", apiVersion, err)
	}
	return data
}

// TestFixtureEveryFieldJobDecodes checks that jobkit reads k8s.io/api's
// every-field Job, in JSON and in YAML, to the same object, and models
// every one of its fields (none is left in an Unknown map).
func TestFixtureEveryFieldJobDecodes(t *testing.T) {
	fromJSON := decodeFixture(t, "JSON", apiFixture(t, "batch.v1.Job.json"))
	fromYAML := decodeFixture(t, "YAML", apiFixture(t, "batch.v1.Job.yaml"))
	if d := cmp.Diff(fromJSON, fromYAML); d != "" {
		t.Errorf("the JSON and YAML fixtures decode differently (-json +yaml):\n%s", d)
	}
	if unknown := jobapi.UnknownFields(fromJSON, ""); len(unknown) > 0 {
		t.Errorf("fields of k8s.io/api's Job that jobkit does not model (%d):\n%s", len(unknown), strings.Join(unknown, "\n"))
	}
	if fromJSON.ObjectMeta.Name == "" || len(fromJSON.Spec.Template.Spec.Containers) == 0 {
		t.Errorf("the fixture decoded to a near-empty Job: %+v", fromJSON.ObjectMeta)
	}
}

// TestFixtureEveryFieldJobRoundTrips checks that the every-field Job
// survives Encode and Decode: in batch/v1 the encoded JSON is the
// fixture's, value for value; through extensions/v1beta1 and back, the
// decoded Job and the batch/v1 JSON are unchanged.
func TestFixtureEveryFieldJobRoundTrips(t *testing.T) {
	data := apiFixture(t, "batch.v1.Job.json")
	job := decodeFixture(t, "fixture", data)

	v1 := encodeFixture(t, job, "batch/v1")
	if d := cmp.Diff(jsonValue(t, data), jsonValue(t, v1)); d != "" {
		t.Errorf("batch/v1 Encode differs from the fixture (-fixture +encoded):\n%s", d)
	}
	again := decodeFixture(t, "batch/v1 encoding", v1)
	if d := cmp.Diff(job, again); d != "" {
		t.Errorf("batch/v1 Decode(Encode(job)) differs (-first +second):\n%s", d)
	}

	beta := encodeFixture(t, job, "extensions/v1beta1")
	fromBeta := decodeFixture(t, "extensions/v1beta1 encoding", beta)
	if got := fromBeta.TypeMeta.APIVersion; got != "extensions/v1beta1" {
		t.Errorf("the v1beta1 encoding decodes as %q", got)
	}
	fromBeta.TypeMeta = job.TypeMeta
	if d := cmp.Diff(job, fromBeta); d != "" {
		t.Errorf("through extensions/v1beta1 the Job differs (-batch/v1 +through v1beta1):\n%s", d)
	}
	back := encodeFixture(t, fromBeta, "batch/v1")
	if d := cmp.Diff(jsonValue(t, data), jsonValue(t, back)); d != "" {
		t.Errorf("batch/v1 → extensions/v1beta1 → batch/v1 differs from the fixture (-fixture +round trip):\n%s", d)
	}
}
