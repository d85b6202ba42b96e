package jobapi_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// FuzzUnmarshal: decoding never panics, and what it accepts encodes to
// JSON that decodes to the same Pod (but for what JSON does not keep, see
// jobtest.EquateJSONRoundTrip) and encodes to the same bytes (or, once a
// zero time behind a pointer is dropped, to bytes that stay the same).
func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte(podWithUnknowns))
	f.Add([]byte(`{"spec":{"containers":[{"name":"c","env":[{"name":"a","value":"b"}]}]}}`))
	f.Add([]byte(`{"metadata":{"labels":{"a":"b"},"creationTimestamp":"2024-01-01T00:00:00Z"}}`))
	f.Add([]byte(`{"status":{"phase":"Running","x":[1,{"y":null}]}}`))
	f.Add([]byte(`{"a":1,"a":2}`))
	f.Add([]byte(`{"spec":{"nodeName":"\u00e9\ud800"}}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		var p core.Pod
		if err := p.UnmarshalJSON(data); err != nil {
			return
		}
		out, err := p.MarshalJSON()
		if err != nil {
			t.Fatalf("Marshal of a decoded pod failed: %v", err)
		}
		var q core.Pod
		if err := q.UnmarshalJSON(out); err != nil {
			t.Fatalf("Unmarshal of Marshal output failed: %v\n%s", err, out)
		}
		if diff := cmp.Diff(p, q, jobtest.EquateJSONRoundTrip()); diff != "" {
			t.Fatalf("round trip changed the pod (-first +second):\n%s", diff)
		}
		again, err := q.MarshalJSON()
		if err != nil {
			t.Fatalf("Marshal of a read-back pod failed: %v", err)
		}
		if bytes.Equal(out, again) {
			return
		}
		// A zero time behind a pointer was written null and is now left
		// out: from here on the encoding must not change.
		var r core.Pod
		if err := r.UnmarshalJSON(again); err != nil {
			t.Fatalf("Unmarshal of Marshal output failed: %v\n%s", err, again)
		}
		if third, err := r.MarshalJSON(); err != nil || !bytes.Equal(again, third) {
			t.Fatalf("Marshal is not stable: %v\n%s\n%s\n%s", err, out, again, third)
		}
	})
}
