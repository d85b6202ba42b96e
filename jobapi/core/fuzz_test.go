package core_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// FuzzPodTemplateSpecRoundTrip checks that any JSON a PodTemplateSpec
// accepts encodes to JSON that decodes to an equal value and re-encodes to
// the same bytes, or, once a zero time behind a pointer is dropped, to
// bytes that stay the same after. Equal but for what JSON does not keep, in
// k8s.io/api too (jobtest.EquateJSONRoundTrip): an empty list under
// omitempty reads back as nil, a pointer to the zero time as nil. (That
// the encoder leaves out exactly what encoding/json leaves out is
// FuzzTypedCodec's business.)
func FuzzPodTemplateSpecRoundTrip(f *testing.F) {
	for _, file := range []string{"testdata/podtemplate.json", "testdata/pod.json"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		`{}`,
		`{"spec":{"containers":[{"name":"c","livenessProbe":{"httpGet":{"port":"http"}}}]}}`,
		`{"spec":{"volumes":[{"name":"v","hostPath":{"path":"/x","type":""}},{"name":"w","future":{}}]}}`,
		`{"spec":{"containers":[{"name":"c","resources":{"limits":{"cpu":"0.5","memory":1e3}}}]}}`,
		`{"spec":{"affinity":{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{},"topologyKey":"k"}]}}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		var a core.PodTemplateSpec
		if err := json.Unmarshal(data, &a); err != nil {
			return
		}
		enc, err := json.Marshal(&a)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		var b core.PodTemplateSpec
		if err := json.Unmarshal(enc, &b); err != nil {
			t.Fatalf("Unmarshal(%s): %v", enc, err)
		}
		if diff := cmp.Diff(&a, &b, jobtest.EquateJSONRoundTrip()); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
		enc2, err := json.Marshal(&b)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(enc, enc2) {
			return
		}
		// A zero time behind a pointer was written null and is now left
		// out: from here on the encoding must not change.
		var c core.PodTemplateSpec
		if err := json.Unmarshal(enc2, &c); err != nil {
			t.Fatalf("Unmarshal(%s): %v", enc2, err)
		}
		if enc3, err := json.Marshal(&c); err != nil || !bytes.Equal(enc2, enc3) {
			t.Fatalf("re-encoding differs: %v\n%s\n%s\n%s", err, enc, enc2, enc3)
		}
	})
}
