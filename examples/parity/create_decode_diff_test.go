package parity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	"github.com/jobkit/jobkit/conversion"
)

// TestCreateDecodeErrors compares the 400 BadRequest of a create whose
// body does not decode: Kubernetes' JSON serializer (the API server's
// decoder for application/json) decoding into batch/v1's Job, worded as
// the create handler's transformDecodeError words it, against jobkit's
// Document.Status for the same document.
func TestCreateDecodeErrors(t *testing.T) {
	base := `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{SPEC"template":{"metadata":{META},"spec":{"restartPolicy":"Never","containers":[{"name":"pi","image":"perl"CONTAINER}]}}}}`
	tests := []struct{ spec, meta, container string }{
		{spec: `"completions":"x",`},
		{spec: `"parallelism":3000000000,`},
		{spec: `"parallelism":1e23,`},
		{spec: `"parallelism":1.5,`},
		{spec: `"backoffLimit":true,`},
		{spec: `"suspend":"yes",`},
		{spec: `"activeDeadlineSeconds":"10",`},
		{spec: `"completionMode":5,`},
		{spec: `"selector":{"matchLabels":[1]},`},
		{meta: `"labels":{"a":1}`},
		{meta: `"labels":[1]`},
		{container: `,"image":5`},
		{container: `,"ports":[{"containerPort":"80"}]`},
		{container: `,"env":{"name":"A"}`},
		{container: `,"resources":{"limits":{"cpu":"1.5.0"}}`},
		{container: `,"resources":{"requests":{"memory":"1Qi"}}`},
		{spec: `"completions":"x",`, container: `,"resources":{"limits":{"cpu":"1.5.0"}}`},
		{spec: `"completions":"x","parallelism":"y",`},
		{container: `,"securityContext":{"runAsUser":"root"}`},
		{container: `,"terminationMessagePolicy":false`},
	}
	ser := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, legacyscheme.Scheme, legacyscheme.Scheme, kjson.SerializerOptions{})
	same := 0
	for _, tt := range tests {
		doc := strings.NewReplacer("SPEC", tt.spec, "META", tt.meta, "CONTAINER", tt.container).Replace(base)
		_, _, kerr := ser.Decode([]byte(doc), nil, &batchv1.Job{})
		if kerr == nil {
			t.Errorf("%s: Kubernetes decodes it", doc)
			continue
		}
		want := fmt.Sprintf("Job in version %q cannot be handled as a Job: %v", "v1", kerr)
		docs, err := conversion.DecodeAll("body", []byte(doc))
		if err != nil || len(docs) != 1 {
			t.Fatalf("DecodeAll: %v", err)
		}
		st := docs[0].Status(nil)
		if st == nil {
			t.Errorf("%s: jobkit decodes it", doc)
			continue
		}
		if st.Code() != 400 {
			t.Errorf("%s: jobkit answers %d, want 400", doc, st.Code())
		}
		if diff := cmp.Diff(want, st.Error()); diff != "" {
			t.Errorf("%s: message (-kubernetes +jobkit):\n%s", doc, diff)
			continue
		}
		same++
	}
	t.Logf("%d of %d bodies that do not decode refused with the same 400 message", same, len(tests))
}
