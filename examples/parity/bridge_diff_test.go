package parity

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/batch"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi"
)

// The bridge differential test checks that validating a *batchv1.Job
// through conversion/k8sapi gives the verdict of Kubernetes' Job
// strategy on the same generated Jobs (the generator of
// TestValidationDiffCreate and TestValidationDiffUpdate), compared as
// (type, field) pairs of apimachinery's field.ErrorList.
//
// Kubernetes' side is kubeCreate and kubeUpdate. The bridge's side starts
// from the manifest as a client holds it: decoded into k8s.io/api's
// batch/v1 Job and defaulted with the legacy scheme's defaults (what a
// webhook or an informer sees), the namespace and the generated name set
// as kubeJob sets them. It is validated two ways:
//
//   - jobkit's create-time processing: k8sapi.JobFromAPI,
//     jobapi.PrepareForCreate under Kubernetes' label keys, k8sapi.JobToAPI,
//     then k8sapi.ValidateJob;
//   - Kubernetes' own create-time processing: the Job the strategy
//     validated (after its PrepareForCreate), converted to batch/v1 and
//     given to k8sapi.ValidateJob, which must judge it as the strategy did.
//
// Updates: Jobs both sides create, stored as Kubernetes stored them (with a
// status), changed by one or two mutations; k8sapi.ValidateJobUpdate of
// the defaulted new batch/v1 Job against the stored one.

// bridgeValidateOptions are the bridge's options under Kubernetes' label
// keys.
var bridgeValidateOptions = []k8sapi.ValidateOption{
	k8sapi.WithJobOptions(jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)),
}

// bridgeVerdict is the verdict of an apimachinery field.ErrorList.
func bridgeVerdict(errs field.ErrorList) verdict {
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys)
}

// clientJob decodes a manifest as a client of the API holds it: the
// batch/v1 Job, defaulted, with the namespace, uid and name the request
// gives it (as kubeJob does).
func clientJob(data []byte, uid string) (*batchv1.Job, error) {
	job := new(batchv1.Job)
	if err := json.Unmarshal(data, job); err != nil {
		return nil, err
	}
	legacyscheme.Scheme.Default(job)
	if job.Namespace == "" {
		job.Namespace = "default"
	}
	job.UID = types.UID(uid)
	if job.Name == "" && job.GenerateName != "" {
		job.Name = job.GenerateName + "abcde"
	}
	job.CreationTimestamp = metav1.NewTime(createdAtFixed)
	return job, nil
}

// bridgeCreate is the bridge's verdict on job after jobkit's create-time
// processing.
func bridgeCreate(job *batchv1.Job, uid string) (verdict, error) {
	j, err := k8sapi.JobFromAPI(job)
	if err != nil {
		return nil, fmt.Errorf("JobFromAPI: %w", err)
	}
	if _, err := jobapi.PrepareForCreate(j, jobkitCreateOptions(uid)...); err != nil {
		return nil, fmt.Errorf("PrepareForCreate: %w", err)
	}
	prepared, err := k8sapi.JobToAPI(j)
	if err != nil {
		return nil, fmt.Errorf("JobToAPI: %w", err)
	}
	errs, err := k8sapi.ValidateJob(prepared, bridgeValidateOptions...)
	if err != nil {
		return nil, fmt.Errorf("ValidateJob: %w", err)
	}
	return bridgeVerdict(errs), nil
}

// toV1 converts a Job of Kubernetes' internal type to batch/v1.
func toV1(t *testing.T, job *batch.Job) *batchv1.Job {
	t.Helper()
	out := new(batchv1.Job)
	if err := legacyscheme.Scheme.Convert(job, out, nil); err != nil {
		t.Fatal(err)
	}
	return out
}

// bridgeSamples collects the first differences for the failure message.
type bridgeSamples []string

func (s *bridgeSamples) add(format string, args ...any) {
	if len(*s) < 20 {
		*s = append(*s, fmt.Sprintf(format, args...))
	}
}

func TestBridgeValidationDiffCreate(t *testing.T) {
	const n = 3000
	g := newJobGen(26)
	var compared, accepted, refused, panics, decodeErrs, diffsJobkit, diffsKube int
	var samples bridgeSamples
	for i := range n {
		data := mustJSON(g.job())
		uid := fmt.Sprintf("2600000-%04d-4000-8000-000000000000", i)
		kv, kjob, kerr := kubeCreate(data, uid)
		job, err := clientJob(data, uid)
		if errors.Is(kerr, errKubePanic) {
			// The API server answers 500 and stores nothing: the bridge
			// must refuse the Job.
			panics++
			if err != nil {
				t.Fatalf("%s: the API server decodes it, the client does not: %v", data, err)
			}
			bv, err := bridgeCreate(job, uid)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			if len(bv) == 0 {
				diffsJobkit++
				samples.add("%s\n  k8s: panics (500), bridge: accepted", data)
			}
			continue
		}
		if kerr != nil || err != nil {
			if (kerr == nil) != (err == nil) {
				t.Fatalf("%s: decode: k8s %v, client %v", data, kerr, err)
			}
			decodeErrs++
			continue
		}
		compared++
		if len(kv) == 0 {
			accepted++
		} else {
			refused++
		}
		bv, err := bridgeCreate(job, uid)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if !kv.equal(bv) {
			diffsJobkit++
			samples.add("jobkit's create processing: %s\n  k8s:    %s\n  bridge: %s\n  %s", data, kv, bv, diffKind(kv, bv))
		}
		// The very Job the strategy validated, through the bridge.
		errs, err := k8sapi.ValidateJob(toV1(t, kjob), bridgeValidateOptions...)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if kbv := bridgeVerdict(errs); !kv.equal(kbv) {
			diffsKube++
			samples.add("Kubernetes' create processing: %s\n  k8s:    %s\n  bridge: %s\n  %s", data, kv, kbv, diffKind(kv, kbv))
		}
	}
	t.Logf("bridge create: %d generated Jobs, %d compared (%d accepted and %d refused by Kubernetes), %d where its validation panics, %d that do not decode; differences: %d after jobkit's create processing, %d on the Job Kubernetes validated",
		n, compared, accepted, refused, panics, decodeErrs, diffsJobkit, diffsKube)
	if accepted < n/10 || refused < n/10 {
		t.Errorf("%d accepted, %d refused: the generator no longer exercises both verdicts", accepted, refused)
	}
	if diffsJobkit+diffsKube > 0 {
		t.Errorf("%d differences; first:\n%s", diffsJobkit+diffsKube, strings.Join(samples, "\n"))
	}
}

func TestBridgeValidationDiffUpdate(t *testing.T) {
	const want = 1000
	g := newJobGen(27)
	var compared, accepted, panics, diffs int
	var samples bridgeSamples
	for i := 0; compared < want && i < 20*want; i++ {
		m := g.job()
		if g.chance(0.5) {
			specOf(m)["suspend"] = true
		}
		data := mustJSON(m)
		uid := fmt.Sprintf("2700000-%04d-4000-8000-000000000000", i)
		kv, kold, kerr := kubeCreate(data, uid)
		if kerr != nil || len(kv) > 0 {
			continue // only Jobs Kubernetes stores
		}
		st := pick(g, oldStatuses...)
		if st.started {
			kold.Status.StartTime = &metav1.Time{Time: kold.CreationTimestamp.Time}
		}
		kold.Status.Active = st.active
		if st.suspended {
			kold.Status.Conditions = []batch.JobCondition{{Type: batch.JobSuspended, Status: "True"}}
		}
		nm := storedManifest(m, kold)
		var names []string
		for range 1 + g.r.IntN(2) {
			mu := pick(g, mutations...)
			mu.apply(g, nm)
			names = append(names, mu.name)
		}
		ndata := mustJSON(nm)
		// The bridge's stored Job is converted before kubeUpdate, whose
		// PrepareForUpdate may change old.
		old := toV1(t, kold)
		kuv, kerr := kubeUpdate(kold, ndata)
		if kerr != nil && !errors.Is(kerr, errKubePanic) {
			t.Fatalf("kubernetes update of %s: %v", ndata, kerr)
		}
		job, err := clientJob(ndata, string(old.UID))
		if err != nil {
			t.Fatalf("client decode of %s: %v", ndata, err)
		}
		// What an update body carries and the status subresource keeps.
		job.CreationTimestamp = old.CreationTimestamp
		job.Generation = old.Generation
		job.ResourceVersion = "1"
		job.Status = *old.Status.DeepCopy()
		errs, err := k8sapi.ValidateJobUpdate(job, old, bridgeValidateOptions...)
		if err != nil {
			t.Fatal(err)
		}
		buv := bridgeVerdict(errs)
		if kerr != nil {
			// Kubernetes' validation panics: the API server answers 500
			// and stores nothing; the bridge must refuse the update.
			panics++
			if len(buv) == 0 {
				diffs++
				samples.add("%s (old: %s)\n  %s\n  k8s: panics (500), bridge: accepted", strings.Join(names, " + "), st.name, ndata)
			}
			continue
		}
		compared++
		if len(kuv) == 0 {
			accepted++
		}
		if !kuv.equal(buv) {
			diffs++
			samples.add("%s (old: %s)\n  %s\n  k8s:    %s\n  bridge: %s", strings.Join(names, " + "), st.name, ndata, kuv, buv)
		}
	}
	t.Logf("bridge update: %d updates of stored Jobs compared, %d accepted by Kubernetes, %d more where its validation panics (refused by the bridge), %d differences", compared, accepted, panics, diffs)
	if compared < want {
		t.Errorf("compared %d updates, want %d", compared, want)
	}
	if diffs > 0 {
		t.Errorf("%d differences; first:\n%s", diffs, strings.Join(samples, "\n"))
	}
}
