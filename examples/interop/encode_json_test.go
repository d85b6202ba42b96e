package interop

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	kjson "sigs.k8s.io/json"

	"github.com/jobkit/jobkit/conversion"
)

// TestEncodeJSONAgreesWithEncodingJSON: the JSON jobkit's generated
// encoder writes for a Job is, byte for byte, what encoding/json writes
// for the same Job in k8s.io/api, on the benchmark Jobs and on variants
// whose strings need escapes, in typed fields and in the opaque
// managedFields alike (encoding/json escapes <, > and & inside raw JSON
// too).
func TestEncodeJSONAgreesWithEncodingJSON(t *testing.T) {
	cases := codecCases(&testing.B{})
	everyField := string(cases[1].json)
	escaped := strings.NewReplacer(
		`"manager": "managerValue"`, `"manager": "manager <value> & \u2028 more"`,
		`"fieldsV1": {}`, `"fieldsV1": {"f:x<y>": {}, "f:a&b": {}}`,
		`"message": "messageValue"`, `"message": "a \"quoted\" <tag> & more\n"`,
	).Replace(everyField)
	if escaped == everyField {
		t.Fatal("the replacements changed nothing: the fixture no longer has the fields they edit")
	}
	// Every typed time made the zero time: metav1.Time writes it as null,
	// so a pointer to one is written "deletionTimestamp":null, and a time
	// held by value is left out under omitzero and written null under
	// omitempty; so is a managedFields entry's time.
	zeroTimes := regexp.MustCompile(`("(?:[a-zA-Z]+(?:Time|Timestamp)|time)": )"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"`).
		ReplaceAll(cases[1].json, []byte(`${1}"0001-01-01T00:00:00Z"`))
	if string(zeroTimes) == everyField {
		t.Fatal("the fixture no longer has times to make zero")
	}
	inputs := map[string][]byte{
		// As YAMLToJSON gives it, members sorted (managedFields' too),
		// and as an API server sends it.
		"kubectl-manifest":            cases[0].json,
		"kubectl-manifest as served":  serverJSON(t, cases[0].json),
		"every-field":                 cases[1].json,
		"every-field with escapes":    []byte(escaped),
		"every-field with zero times": zeroTimes,
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			job, err := conversion.DecodeWith(in, conversion.WithoutDefaults())
			if err != nil {
				t.Fatal(err)
			}
			got, err := conversion.EncodeJSON(job, "batch/v1")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(serverJSON(t, in)), string(got)); diff != "" {
				t.Errorf("EncodeJSON (-encoding/json on k8s.io/api +jobkit):\n%s", diff)
			}
		})
	}
}

// serverJSON returns the Job in data as Kubernetes writes it: decoded into
// k8s.io/api and encoded with encoding/json.
func serverJSON(t *testing.T, data []byte) []byte {
	t.Helper()
	var k8sJob batchv1.Job
	if err := kjson.UnmarshalCaseSensitivePreserveInts(data, &k8sJob); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(&k8sJob)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
