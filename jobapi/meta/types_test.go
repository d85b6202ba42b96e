package meta_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// Every member of metav1.ObjectMeta is typed, so that strict decoding (an
// unknown member is an error) accepts whatever an API server accepts,
// including the deprecated selfLink and a deletion in progress.
func TestObjectMetaTypesEveryMember(t *testing.T) {
	in := `{"name":"pi","generateName":"pi-","namespace":"default","selfLink":"/apis/batch/v1/namespaces/default/jobs/pi",` +
		`"uid":"u","resourceVersion":"7","generation":2,"creationTimestamp":"2026-11-23T10:00:00Z",` +
		`"deletionTimestamp":"2026-11-23T11:00:00Z","deletionGracePeriodSeconds":30,"labels":{"a":"b"},` +
		`"annotations":{"c":"d"},"ownerReferences":[{"apiVersion":"v1","kind":"X","name":"x","uid":"v"}],` +
		`"finalizers":["f"],"managedFields":[{"manager":"kubectl"}]}`
	var m meta.ObjectMeta
	if err := m.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if len(m.Unknown) != 0 {
		t.Errorf("members left unknown: %v", m.Unknown)
	}
	grace := int64(30)
	if diff := cmp.Diff(&grace, m.DeletionGracePeriodSeconds); diff != "" {
		t.Errorf("deletionGracePeriodSeconds (-want +got):\n%s", diff)
	}
	if m.SelfLink != "/apis/batch/v1/namespaces/default/jobs/pi" {
		t.Errorf("selfLink = %q", m.SelfLink)
	}
	out, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, string(out)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}
