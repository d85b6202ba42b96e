package k8sapi

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

// fuzzSeeds adds the fixtures and a few hand-written objects to f.
func fuzzSeeds(f *testing.F, fixtures ...string) {
	for _, name := range fixtures {
		f.Add(fixtureBytes(f, name))
	}
	for _, s := range []string{
		`{}`,
		`{"metadata":{"creationTimestamp":"2024-05-01T12:00:00.999Z","labels":{"a":"b"}}}`,
		`{"spec":{"template":{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"1000m","memory":"1.5Gi"}}}]}}}}`,
		`{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80}],"livenessProbe":{"httpGet":{"port":"http"}}}],"overhead":{"cpu":"0.5"}}}`,
		`{"metadata":{"managedFields":[{"manager":"kubectl","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{}}}]}}`,
		`{"metadata":{"labels":{},"finalizers":[],"managedFields":[]},"status":{"conditions":[]}}`,
	} {
		f.Add([]byte(s))
	}
}

// fuzzRoundTrip decodes data as client-go would into K, and checks that
// jobkit's JSON of the converted object is the object's JSON, that the
// conversion to jobkit and back gives an object of the same JSON (the
// text may leave out what the wire form cannot keep: sub-second times,
// or an empty list or map that omitempty leaves out, which the
// conversion keeps as empty), that an object in the wire form (decoded
// from the API's JSON of it) comes back reflect.DeepEqual, and that
// jobkit → k8s.io/api → jobkit gives the same jobkit object.
func fuzzRoundTrip[K, J any](t *testing.T, data []byte, from func(*K) (*J, error), to func(*J) (*K, error)) {
	in := new(K)
	if json.Unmarshal(data, in) != nil {
		return
	}
	wire, err := json.Marshal(in)
	if err != nil {
		return // not representable on the wire (a time past year 9999, ...)
	}
	canon := new(K)
	if err := json.Unmarshal(wire, canon); err != nil {
		return // apimachinery cannot read back what it wrote: not our concern
	}
	j, err := from(in)
	if err != nil {
		t.Fatalf("from API: %v", err)
	}
	jwire, err := json.Marshal(j)
	if err != nil {
		t.Fatalf("jobkit cannot encode the converted object: %v", err)
	}
	if _, _, ok := jsonEqual(t, canon, j); !ok {
		t.Fatalf("JSON differs:\nk8s.io/api %s\njobkit     %s", wire, jwire)
	}
	back, err := to(j)
	if err != nil {
		t.Fatalf("to API: %v", err)
	}
	if a, b, ok := jsonEqual(t, in, back); !ok {
		t.Fatalf("k8s.io/api → jobkit → k8s.io/api changes the JSON:\n%s\n%s", a, b)
	}
	// The wire form, converted, comes back as it is.
	cj, err := from(canon)
	if err != nil {
		t.Fatalf("from API: %v", err)
	}
	cback, err := to(cj)
	if err != nil {
		t.Fatalf("to API: %v", err)
	}
	if !reflect.DeepEqual(canon, cback) {
		t.Fatalf("k8s.io/api → jobkit → k8s.io/api differs from the wire form: %s\n%s", deepDiff(reflect.ValueOf(canon), reflect.ValueOf(cback), ""), cmp.Diff(canon, cback))
	}
	j2, err := from(back)
	if err != nil {
		t.Fatalf("from API: %v", err)
	}
	if !reflect.DeepEqual(j, j2) {
		t.Fatalf("jobkit → k8s.io/api → jobkit differs: %s", deepDiff(reflect.ValueOf(j), reflect.ValueOf(j2), ""))
	}
}

func FuzzConvertJob(f *testing.F) {
	fuzzSeeds(f, "batch.v1.Job.json", "kubectl-job.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		fuzzRoundTrip[batchv1.Job, jobapi.Job](t, data, JobFromAPI, JobToAPI)
	})
}

func FuzzConvertPod(f *testing.F) {
	fuzzSeeds(f, "core.v1.Pod.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		fuzzRoundTrip[corev1.Pod, core.Pod](t, data, PodFromAPI, PodToAPI)
	})
}
