package parity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/runtime"
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
		if sameDecodeRefusal(t, ser, doc, &batchv1.Job{}) {
			same++
		}
	}
	t.Logf("%d of %d bodies that do not decode refused with the same 400 message", same, len(tests))
}

// sameDecodeRefusal reports whether Kubernetes' decoder (ser, decoding
// into into) and jobkit refuse the body doc with the same 400 message,
// reporting any difference.
func sameDecodeRefusal(t *testing.T, ser runtime.Decoder, doc string, into runtime.Object) bool {
	t.Helper()
	_, _, kerr := ser.Decode([]byte(doc), nil, into)
	if kerr == nil {
		t.Errorf("%s: Kubernetes decodes it", doc)
		return false
	}
	docs, err := conversion.DecodeAll("body", []byte(doc))
	if err != nil || len(docs) != 1 {
		t.Fatalf("DecodeAll: %v", err)
	}
	kind := docs[0].Kind
	want := fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", kind, "v1", kind, kerr)
	st := docs[0].Status(nil)
	if st == nil {
		t.Errorf("%s: jobkit decodes it", doc)
		return false
	}
	if st.Code() != 400 {
		t.Errorf("%s: jobkit answers %d, want 400", doc, st.Code())
	}
	if diff := cmp.Diff(want, st.Error()); diff != "" {
		t.Errorf("%s: message (-kubernetes +jobkit):\n%s", doc, diff)
		return false
	}
	return true
}
