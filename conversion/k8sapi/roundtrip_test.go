package k8sapi

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/randfill"
)

var roundTrips = flag.Int("roundtrips", 10000, "randomly filled objects per type in TestRoundTripRandom")

// quantityTexts are quantities as manifests write them, in every format
// and with the forms apimachinery keeps and rewrites.
var quantityTexts = []string{
	"0", "1", "100m", "1500m", "0.5", "2Gi", "1536Mi", "1e3", "1E6", "12e-3",
	"1k", "1M", "123456789", "1.5Gi", "0.25Ki", "7Ei", "100n", "3u", "9223372036854775807",
	"-5", "-1.5Mi", "1000m", "1024", "129e6", "0.1",
}

// apiFiller returns a randfill.Filler for k8s.io/api objects that fills
// them as Kubernetes' round-trip tests do, with values the API's JSON
// represents: times to the second (in time.Local, as decoding gives),
// quantities as decoded from the API server's canonical text, IntOrString holding one kind of value,
// fieldsV1 holding a JSON object.
func apiFiller(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.5).NumElements(0, 2).MaxDepth(20).Funcs(
		func(t *metav1.Time, c randfill.Continue) {
			if c.Intn(10) == 0 {
				*t = metav1.Time{}
				return
			}
			t.Time = time.Unix(c.Int63n(253402300799+62135596800)-62135596800, 0)
		},
		func(q *kresource.Quantity, c randfill.Continue) {
			var s string
			switch c.Intn(3) {
			case 0:
				s = quantityTexts[c.Intn(len(quantityTexts))]
			case 1:
				s = kresource.NewMilliQuantity(c.Int63n(1<<40)-(1<<39), kresource.DecimalSI).String()
			default:
				s = kresource.NewQuantity(c.Int63n(1<<50), []kresource.Format{kresource.BinarySI, kresource.DecimalSI, kresource.DecimalExponent}[c.Intn(3)]).String()
			}
			// What a client decodes: the canonical text the API server
			// writes, parsed.
			parsed := kresource.MustParse(s)
			*q = kresource.MustParse(parsed.String())
		},
		func(v *intstr.IntOrString, c randfill.Continue) {
			if c.Intn(2) == 0 {
				*v = intstr.FromInt32(c.Int31())
			} else {
				*v = intstr.FromString(c.String(0))
			}
		},
		func(f *metav1.FieldsV1, c randfill.Continue) {
			f.SetRawBytes([]byte(fmt.Sprintf(`{"f:metadata":{"f:labels":{"f:%d":{}}}}`, c.Intn(100))))
		},
	)
}

// jsonEqual reports whether a and b encode to equal JSON values
// (members in any order, numbers by value).
func jsonEqual(t *testing.T, a, b any) (string, string, bool) {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("encoding %T: %v", a, err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatalf("encoding %T: %v", b, err)
	}
	return string(ja), string(jb), meta.RawJSON(ja).Equal(meta.RawJSON(jb))
}

// checkJob converts in to jobkit and back, and back again, and reports
// every difference.
func checkJob(t *testing.T, in *batchv1.Job) {
	t.Helper()
	orig := in.DeepCopy()
	j, err := JobFromAPI(in)
	if err != nil {
		t.Fatalf("JobFromAPI: %v", err)
	}
	if !reflect.DeepEqual(orig, in) {
		t.Fatalf("JobFromAPI changed its input: %s", cmp.Diff(orig, in))
	}
	if a, b, ok := jsonEqual(t, in, j); !ok {
		t.Fatalf("JSON of the k8s.io/api Job and of the jobkit Job differ:\n%s\n%s", a, b)
	}
	back, err := JobToAPI(j)
	if err != nil {
		t.Fatalf("JobToAPI: %v", err)
	}
	// reflect.DeepEqual implies apiequality.Semantic.DeepEqual, which
	// is checked only to say which of the two fails.
	if !reflect.DeepEqual(in, back) {
		if !apiequality.Semantic.DeepEqual(in, back) {
			t.Fatalf("k8s.io/api → jobkit → k8s.io/api not semantically equal (-want +got):\n%s", cmp.Diff(in, back))
		}
		t.Fatalf("k8s.io/api → jobkit → k8s.io/api not deeply equal: %s", deepDiff(reflect.ValueOf(in), reflect.ValueOf(back), ""))
	}
	j2, err := JobFromAPI(back)
	if err != nil {
		t.Fatalf("JobFromAPI: %v", err)
	}
	if !reflect.DeepEqual(j, j2) {
		t.Fatalf("jobkit → k8s.io/api → jobkit not deeply equal (-want +got):\n%s", cmp.Diff(j, j2, cmp.Comparer(func(a, b meta.RawJSON) bool { return a.Equal(b) })))
	}
}

// checkPod is checkJob for a Pod.
func checkPod(t *testing.T, in *corev1.Pod) {
	t.Helper()
	orig := in.DeepCopy()
	p, err := PodFromAPI(in)
	if err != nil {
		t.Fatalf("PodFromAPI: %v", err)
	}
	if !reflect.DeepEqual(orig, in) {
		t.Fatalf("PodFromAPI changed its input: %s", cmp.Diff(orig, in))
	}
	if a, b, ok := jsonEqual(t, in, p); !ok {
		t.Fatalf("JSON of the k8s.io/api Pod and of the jobkit Pod differ:\n%s\n%s", a, b)
	}
	back, err := PodToAPI(p)
	if err != nil {
		t.Fatalf("PodToAPI: %v", err)
	}
	// reflect.DeepEqual implies apiequality.Semantic.DeepEqual, which
	// is checked only to say which of the two fails.
	if !reflect.DeepEqual(in, back) {
		if !apiequality.Semantic.DeepEqual(in, back) {
			t.Fatalf("k8s.io/api → jobkit → k8s.io/api not semantically equal (-want +got):\n%s", cmp.Diff(in, back))
		}
		t.Fatalf("k8s.io/api → jobkit → k8s.io/api not deeply equal: %s", deepDiff(reflect.ValueOf(in), reflect.ValueOf(back), ""))
	}
	p2, err := PodFromAPI(back)
	if err != nil {
		t.Fatalf("PodFromAPI: %v", err)
	}
	if !reflect.DeepEqual(p, p2) {
		t.Fatalf("jobkit → k8s.io/api → jobkit not deeply equal (-want +got):\n%s", cmp.Diff(p, p2, cmp.Comparer(func(a, b meta.RawJSON) bool { return a.Equal(b) })))
	}
}

func TestRoundTripRandom(t *testing.T) {
	n := *roundTrips
	if testing.Short() {
		n = 500
	}
	seed := time.Now().UnixNano()
	if s := os.Getenv("K8SAPI_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (set K8SAPI_SEED to repeat), %d objects per type", seed, n)
	tests := []struct {
		name  string
		check func(t *testing.T, f *randfill.Filler)
	}{
		{"Job", func(t *testing.T, f *randfill.Filler) {
			var job batchv1.Job
			f.Fill(&job)
			checkJob(t, &job)
		}},
		{"Pod", func(t *testing.T, f *randfill.Filler) {
			var pod corev1.Pod
			f.Fill(&pod)
			checkPod(t, &pod)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := apiFiller(seed)
			for i := 0; i < n; i++ {
				tt.check(t, f)
			}
		})
	}
}

// fixtureBytes reads a fixture: kubectl-job.json is this module's own;
// every other name is one of k8s.io/api's every-field fixtures, read from
// its testdata/HEAD where the go command resolved the module, so the
// tests use the fixtures of exactly the k8s.io/api they build with.
func fixtureBytes(t testing.TB, name string) []byte {
	t.Helper()
	path := filepath.Join("testdata", name)
	if name != "kubectl-job.json" {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/api").Output()
		if err != nil {
			t.Fatalf("locating k8s.io/api: %v", err)
		}
		path = filepath.Join(strings.TrimSpace(string(out)), "testdata", "HEAD", name)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readFixture decodes a fixture (see fixtureBytes) as client-go decodes
// it.
func readFixture[T any](t testing.TB, name string) *T {
	t.Helper()
	b := fixtureBytes(t, name)
	v := new(T)
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRoundTripEveryField(t *testing.T) {
	tests := []struct {
		name  string
		check func(t *testing.T)
	}{
		{"batch.v1.Job", func(t *testing.T) { checkJob(t, readFixture[batchv1.Job](t, "batch.v1.Job.json")) }},
		{"core.v1.Pod", func(t *testing.T) { checkPod(t, readFixture[corev1.Pod](t, "core.v1.Pod.json")) }},
		{"batch.v1.Job without TypeMeta (from an informer)", func(t *testing.T) {
			job := readFixture[batchv1.Job](t, "batch.v1.Job.json")
			job.TypeMeta = metav1.TypeMeta{}
			checkJob(t, job)
		}},
		{"core.v1.PodTemplate's template", func(t *testing.T) {
			pt := readFixture[corev1.PodTemplate](t, "core.v1.PodTemplate.json")
			tmpl, err := PodTemplateSpecFromAPI(&pt.Template)
			if err != nil {
				t.Fatal(err)
			}
			back, err := PodTemplateSpecToAPI(tmpl)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&pt.Template, back); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.check)
	}
}

// TestEveryFieldIsTyped checks that jobkit types every member of the
// every-field fixtures: nothing of them lands in an Unknown.
func TestEveryFieldIsTyped(t *testing.T) {
	j, err := JobFromAPI(readFixture[batchv1.Job](t, "batch.v1.Job.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := PodFromAPI(readFixture[corev1.Pod](t, "core.v1.Pod.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{j, p} {
		b, _ := json.Marshal(v)
		var direct any
		switch v.(type) {
		case *jobapi.Job:
			direct = new(jobapi.Job)
		case *core.Pod:
			direct = new(core.Pod)
		}
		if err := json.Unmarshal(b, direct); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(v, direct, cmp.Comparer(func(a, b meta.RawJSON) bool { return a.Equal(b) })); diff != "" {
			t.Errorf("%T: the conversion and jobkit's JSON decoding differ (-conversion +decoded):\n%s", v, diff)
		}
	}
}
