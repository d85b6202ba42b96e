package parity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/batch"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	jobregistry "k8s.io/kubernetes/pkg/registry/batch/job"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

// The validation harness runs the same JSON manifest through the create
// path of a v1.36 API server and through jobkit's, and reduces each
// verdict to the set of (error type, field path) pairs.
//
// Kubernetes' side is the real registry code: the JSON decoded into
// k8s.io/api's batch/v1 Job, defaulted by the legacy scheme (the
// defaulting functions the API server registers for batch/v1 and core/v1),
// converted to the internal type, the system fields the generic store sets
// before BeforeCreate (namespace, uid, a name from generateName), then the
// Job strategy's PrepareForCreate and Validate with the default feature
// gates of v1.36. Everything the strategy derives (label keys, pod
// validation options) is its own.

// errKey is one error reduced to what the comparison looks at.
type errKey struct {
	Type  string
	Field string
}

func (k errKey) String() string { return k.Type + " " + k.Field }

// verdict is a sorted multiset of errKeys: an error reported twice is
// listed twice, as in the API server's answer. Neither BeforeCreate nor
// BeforeUpdate (k8s.io/apiserver/pkg/registry/rest) removes duplicates:
// errors.NewInvalid makes a cause of every error of the list, and
// RecordDuplicateValidationErrors, on update, only logs and counts them.
//
// equal compares verdicts as sets (what most comparisons of the module
// were written for); equalCounts compares them as multisets, the server's
// answer exactly. The create comparisons of the pod validation parity
// tests and TestValidationDiffCreateCounts use equalCounts.
type verdict []errKey

func (v verdict) String() string {
	if len(v) == 0 {
		return "accepted"
	}
	parts := make([]string, len(v))
	for i, k := range v {
		parts[i] = k.String()
	}
	return strings.Join(parts, "; ")
}

func newVerdict(keys []errKey) verdict {
	slices.SortFunc(keys, func(a, b errKey) int {
		if c := strings.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return strings.Compare(a.Type, b.Type)
	})
	return keys
}

// equal reports whether v and w hold the same keys, however often.
func (v verdict) equal(w verdict) bool {
	return slices.Equal(slices.Compact(v.clone()), slices.Compact(w.clone()))
}

// equalCounts reports whether v and w hold the same keys as often.
func (v verdict) equalCounts(w verdict) bool { return slices.Equal(v, w) }

func (v verdict) clone() verdict { return slices.Clone(v) }

// kubeJob decodes a batch/v1 manifest as the API server does, and returns
// the internal Job after defaulting, with the system fields set.
func kubeJob(data []byte, uid string) (*batch.Job, error) {
	var v1 batchv1.Job
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, err
	}
	legacyscheme.Scheme.Default(&v1)
	var job batch.Job
	if err := legacyscheme.Scheme.Convert(&v1, &job, nil); err != nil {
		return nil, err
	}
	if job.Namespace == "" {
		job.Namespace = "default"
	}
	job.UID = types.UID(uid)
	if job.Name == "" && job.GenerateName != "" {
		job.Name = job.GenerateName + "abcde"
	}
	job.CreationTimestamp = metav1.Now()
	return &job, nil
}

func kubeCtx() context.Context {
	return genericapirequest.WithNamespace(context.Background(), "default")
}

// errKubePanic is Kubernetes' validation panicking (an Indexed Job with a
// success policy and no completions dereferences nil): the API server
// answers 500.
var errKubePanic = errors.New("kubernetes' validation panicked")

// kubeCreate is Kubernetes' create verdict on a manifest.
func kubeCreate(data []byte, uid string) (v verdict, j *batch.Job, err error) {
	keys, j, err := kubeCreateKeys(data, uid)
	return newVerdict(keys), j, err
}

// kubeCreateKeys are Kubernetes' create errors on a manifest, in the order
// the API server lists them.
func kubeCreateKeys(data []byte, uid string) (keys []errKey, j *batch.Job, err error) {
	job, err := kubeJob(data, uid)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if recover() != nil {
			keys, j, err = nil, nil, errKubePanic
		}
	}()
	jobregistry.Strategy.PrepareForCreate(kubeCtx(), job)
	errs := jobregistry.Strategy.Validate(kubeCtx(), job)
	keys = make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return keys, job, nil
}

// kubeUpdate is Kubernetes' update verdict: the stored Job old (after
// create), the manifest of the new state decoded and defaulted as the API
// server does an update body, then the strategy's PrepareForUpdate and
// ValidateUpdate.
func kubeUpdate(old *batch.Job, data []byte) (v verdict, err error) {
	job, err := kubeJob(data, string(old.UID))
	if err != nil {
		return nil, err
	}
	defer func() {
		if recover() != nil {
			v, err = nil, errKubePanic
		}
	}()
	job.CreationTimestamp = old.CreationTimestamp
	job.Generation = old.Generation // the body of an update carries it
	job.ResourceVersion = "1"
	jobregistry.Strategy.PrepareForUpdate(kubeCtx(), job, old)
	errs := jobregistry.Strategy.ValidateUpdate(kubeCtx(), job, old)
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys), nil
}

// jobkitDecode decodes a manifest with jobkit and sets the namespace the
// request would.
func jobkitDecode(data []byte) (*jobapi.Job, error) {
	job, err := conversion.Decode(data)
	if err != nil {
		return nil, err
	}
	if job.ObjectMeta.Namespace == "" {
		job.ObjectMeta.Namespace = "default"
	}
	return job, nil
}

func jobkitVerdict(errs field.ErrorList) verdict {
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys)
}

// jobkitCreate is jobkit's create verdict on a manifest: Decode,
// PrepareForCreate with Kubernetes' label keys, Validate.
func jobkitCreate(data []byte, uid string) (verdict, *jobapi.Job, error) {
	keys, job, err := jobkitCreateKeys(data, uid)
	return newVerdict(keys), job, err
}

// jobkitCreateKeys are jobkit's create errors on a manifest, in order.
func jobkitCreateKeys(data []byte, uid string) ([]errKey, *jobapi.Job, error) {
	job, err := jobkitDecode(data)
	if err != nil {
		return nil, nil, err
	}
	if job.ObjectMeta.Name == "" && job.ObjectMeta.GenerateName != "" {
		job.ObjectMeta.Name = job.ObjectMeta.GenerateName + "abcde"
	}
	if _, err := jobapi.PrepareForCreate(job, jobkitCreateOptions(uid)...); err != nil {
		return nil, nil, fmt.Errorf("PrepareForCreate: %w", err)
	}
	errs, err := jobkitValidate(job)
	if err != nil {
		return nil, nil, err
	}
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return keys, job, nil
}

// TestValidationDiffCreateCounts compares the create verdicts of generated
// Jobs as multisets: an error the API server reports twice (or once) must
// be reported as often by jobkit (TestValidationDiffCreate compares them
// as sets); and where they agree, the order of the errors, which is the
// order of the causes in the server's answer (see pvOrdered for the
// errors found ranging over maps, whose order is random).
func TestValidationDiffCreateCounts(t *testing.T) {
	const n = 5000
	g := newJobGen(7)
	var compared, diffs, misordered int
	for i := range n {
		data := mustJSON(g.job())
		uid := fmt.Sprintf("0000000-%04d-4000-8000-000000000000", i)
		kk, _, kerr := kubeCreateKeys(data, uid)
		jk, _, jerr := jobkitCreateKeys(data, uid)
		if kerr != nil || jerr != nil {
			continue // TestValidationDiffCreate compares these
		}
		compared++
		kv, jv := newVerdict(slices.Clone(kk)), newVerdict(slices.Clone(jk))
		if !kv.equalCounts(jv) {
			diffs++
			if diffs <= 10 {
				t.Errorf("%s\n  k8s:    %s\n  jobkit: %s", data, kv, jv)
			}
			continue
		}
		if ko, jo := pvOrdered(kk), pvOrdered(jk); !slices.Equal(ko, jo) {
			misordered++
			if misordered <= 10 {
				t.Errorf("the same errors in another order: %s\n  k8s:    %v\n  jobkit: %v", data, ko, jo)
			}
		}
	}
	t.Logf("%d generated Jobs, %d compared: %d verdicts differ as multisets, %d in order", n, compared, diffs, misordered)
}
