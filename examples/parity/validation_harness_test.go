package parity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

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

// verdict is a sorted set of errKeys.
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
	return slices.Compact(keys)
}

func (v verdict) equal(w verdict) bool { return slices.Equal(v, w) }

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
	job, err := kubeJob(data, uid)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if recover() != nil {
			v, j, err = nil, nil, errKubePanic
		}
	}()
	jobregistry.Strategy.PrepareForCreate(kubeCtx(), job)
	errs := jobregistry.Strategy.Validate(kubeCtx(), job)
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys), job, nil
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
	return jobkitVerdict(errs), job, nil
}
