package core_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
)

// FuzzPodTemplateSpecRoundTrip checks that any JSON a PodTemplateSpec
// accepts encodes to JSON that decodes to an equal value and re-encodes to
// the same bytes.
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
		if diff := cmp.Diff(&a, &b); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
		enc2, err := json.Marshal(&b)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("re-encoding differs:\n%s\n%s", enc, enc2)
		}
	})
}
