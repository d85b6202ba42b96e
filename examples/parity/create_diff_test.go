package parity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/batch"
	jobregistry "k8s.io/kubernetes/pkg/registry/batch/job"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// The create differential test sends the same batch/v1 manifest through
// the create path of a v1.36 API server and through jobkit's, under
// Kubernetes' label keys, and compares what each would store.
//
// Kubernetes' side: the JSON decoded into k8s.io/api's batch/v1 Job as
// the API server's default field validation (Warn) does it (unknown
// fields dropped, each a warning), the legacy scheme's defaults,
// conversion to the internal type, the request's namespace
// (rest.EnsureObjectNamespaceMatchesRequestNamespace), a fixed uid and
// creation time, a deep copy when the name is generated (the generic
// store's generate-name retry), the Job strategy's PrepareForCreate and
// Validate with v1.36's default feature gates; the Job converted back to
// batch/v1, through the storage round trip (protobuf, then decoded with
// batch/v1's defaults, as etcd3's store reads back what it wrote) and
// marshalled.
//
// jobkit's side: conversion.DecodeAll in Warn mode (the unknown-field
// warnings are the decoder's, as on the server), jobapi.PrepareForCreate with the same
// uid and time, Kubernetes' label keys and the request's namespace,
// jobapi.Validate, jobapi.ReadBack, conversion.EncodeJSON in batch/v1.
//
// The stored documents must be identical once the creation time, the
// resourceVersion and managedFields are removed; the verdicts (refused
// namespace, invalid, valid) must agree; and the unknown-field warnings
// must be the same.

// createdAtFixed is the creation time both sides give every Job.
var createdAtFixed = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// createResult is one side's answer for a manifest.
type createResult struct {
	// refused is set when the request's namespace contradicts the
	// manifest's: the Job never reaches the strategy.
	refused bool
	// invalid lists the validation errors (type and field).
	invalid verdict
	// stored is the JSON of the Job after create-time processing (the
	// stored object when invalid is empty).
	stored []byte
	// unknown lists the unknown-field warnings, sorted.
	unknown []string
	// panicked is set when Kubernetes' validation panics.
	panicked bool
}

// requestNamespace is the namespace the request goes to: the one given
// (kubectl's -n), else the manifest's, else "default".
func requestNamespace(given, manifest string) string {
	switch {
	case given != "":
		return given
	case manifest != "":
		return manifest
	}
	return "default"
}

// kubeCreateStored is Kubernetes' create path. given is the namespace
// kubectl would be given with -n ("" for none): kubectl refuses a
// manifest naming another one before it sends anything; without -n it
// sends the request to the manifest's namespace.
func kubeCreateStored(data []byte, uid, given string) (res createResult, err error) {
	var in batchv1.Job
	strictErrs, err := sigsjson.UnmarshalStrict(data, &in)
	if err != nil {
		return res, err
	}
	for _, e := range strictErrs {
		if msg := e.Error(); strings.HasPrefix(msg, "unknown field ") {
			res.unknown = append(res.unknown, msg)
		}
	}
	sort.Strings(res.unknown)
	legacyscheme.Scheme.Default(&in)
	var job batch.Job
	if err := legacyscheme.Scheme.Convert(&in, &job, nil); err != nil {
		return res, err
	}
	if given != "" && job.Namespace != "" && job.Namespace != given {
		res.refused = true // kubectl's own check
		return res, nil
	}
	ns := requestNamespace(given, job.Namespace)
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(ns, &job); err != nil {
		res.refused = true
		return res, nil
	}
	// The create handler wipes the system fields; the store fills them.
	rest.WipeObjectMetaSystemFields(&job)
	if job.Name == "" && job.GenerateName != "" {
		// The generic store's createWithGenerateNameRetry (RetryGenerateName,
		// GA and locked on since v1.32) creates from a deep copy: the Job's
		// labels no longer share the template's map.
		job = *job.DeepCopy()
	}
	job.UID = types.UID(uid)
	job.CreationTimestamp = metav1.NewTime(createdAtFixed)
	if job.Name == "" && job.GenerateName != "" {
		job.Name = jobregistry.Strategy.GenerateName(job.GenerateName)
	}
	ctx := genericapirequest.WithNamespace(genericapirequest.NewContext(), ns)
	jobregistry.Strategy.PrepareForCreate(ctx, &job)
	res.invalid, res.panicked = kubeValidate(ctx, &job)
	var out batchv1.Job
	if err := legacyscheme.Scheme.Convert(&job, &out, nil); err != nil {
		return res, err
	}
	back, err := storageRoundTrip(&out)
	if err != nil {
		return res, err
	}
	back.APIVersion, back.Kind = "batch/v1", "Job"
	res.stored, err = json.Marshal(back)
	return res, err
}

// storageRoundTrip is what the API server returns for a Job it has just
// written: the generic store's Create answers with the object etcd3's
// store decodes from the bytes it wrote. Storage encodes built-in types
// as protobuf in their storage version (batch/v1), and its decoder
// applies the version's defaults again.
func storageRoundTrip(in *batchv1.Job) (*batchv1.Job, error) {
	data, err := in.Marshal()
	if err != nil {
		return nil, err
	}
	out := new(batchv1.Job)
	if err := out.Unmarshal(data); err != nil {
		return nil, err
	}
	legacyscheme.Scheme.Default(out)
	return out, nil
}

// kubeValidate is the strategy's Validate, which panics on some invalid
// Jobs (an Indexed Job with a success policy and no completions): the API
// server answers 500 and stores nothing.
func kubeValidate(ctx context.Context, job *batch.Job) (v verdict, panicked bool) {
	defer func() {
		if recover() != nil {
			v, panicked = nil, true
		}
	}()
	errs := jobregistry.Strategy.Validate(ctx, job)
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		if strings.Contains(e.Detail, "by cluster policy") {
			continue // --allow-privileged, as in the pod validation parity test
		}
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys), false
}

// kitDecodeWarn decodes one request body as an API server's decoder does
// under its default field validation (Warn): conversion.DecodeAll with
// FieldValidationWarn, which drops every unknown field with a warning
// (jobapi.DropUnknownFields). It returns the document, which must hold a
// typed object, and its unknown-field warnings, sorted.
func kitDecodeWarn(data []byte) (*conversion.Document, []string, error) {
	docs, err := conversion.DecodeAll("request", data, conversion.WithFieldValidation(conversion.FieldValidationWarn))
	if err != nil {
		return nil, nil, err
	}
	if len(docs) != 1 {
		return nil, nil, fmt.Errorf("%d documents in one request", len(docs))
	}
	d := &docs[0]
	if d.Err != nil {
		return nil, nil, d.Err
	}
	if !d.IsTyped() {
		return nil, nil, fmt.Errorf("not decoded: %s %s", d.APIVersion, d.Kind)
	}
	var unknown []string
	for _, w := range d.Warnings {
		if strings.HasPrefix(w, "unknown field ") {
			unknown = append(unknown, w)
		}
	}
	sort.Strings(unknown)
	return d, unknown, nil
}

// jobkitCreateStored is jobkit's create path.
func jobkitCreateStored(data []byte, uid, given string) (res createResult, err error) {
	d, unknown, err := kitDecodeWarn(data)
	if err != nil {
		return res, err
	}
	job := d.Job
	if job == nil {
		return res, fmt.Errorf("not a Job: %s %s", d.APIVersion, d.Kind)
	}
	opts := []jobapi.CreateOption{
		jobapi.WithUID(meta.UID(uid)),
		jobapi.WithCreationTime(createdAtFixed),
		jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys),
	}
	if given != "" {
		opts = append(opts, jobapi.WithNamespace(given))
	}
	_, err = jobapi.PrepareForCreate(job, opts...)
	var mismatch *jobapi.NamespaceMismatchError
	if errors.As(err, &mismatch) {
		res.refused = true
		return res, nil
	}
	if err != nil {
		return res, err
	}
	res.unknown = unknown
	errs, err := jobapi.Validate(job, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	if err != nil {
		return res, err
	}
	res.invalid = jobkitVerdict(errs)
	jobapi.ReadBack(job)
	res.stored, err = conversion.EncodeJSON(job, "batch/v1")
	return res, err
}

// normalizeCreated parses a stored Job for comparison, removing what the
// comparison leaves out: creation times (the Job's and the null one of
// the pod template's metadata), resourceVersion and managedFields.
func normalizeCreated(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("stored JSON does not parse: %v\n%s", err, data)
	}
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
		delete(md, "resourceVersion")
		delete(md, "managedFields")
	}
	dropNullTimestamps(m)
	return m
}

// storedName returns the name and generateName of a stored Job.
func storedName(t *testing.T, data []byte) (name, generateName string) {
	t.Helper()
	var m struct {
		Metadata struct {
			Name         string `json:"name"`
			GenerateName string `json:"generateName"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("stored JSON does not parse: %v", err)
	}
	return m.Metadata.Name, m.Metadata.GenerateName
}

// createTally counts the outcomes of a run.
type createTally struct {
	stored, invalid, refused, panics, differences int
	// verdicts counts the Jobs created identically that the two sides'
	// validation judges differently, by kind.
	verdicts int
	// warned counts the Jobs with unknown fields (warnings compared).
	warned int
	// readBack counts the Jobs compared whose returned labels come from
	// the storage round trip (no Job labels, no template labels);
	// generated those with a name from generateName whose labels the deep
	// copy separates from the template's (no Job labels, template labels).
	readBack, generated int
	verdictKinds        map[string]int
	samples             []string
}

func (c *createTally) differ(format string, args ...any) {
	c.differences++
	if len(c.samples) < 8 {
		c.samples = append(c.samples, fmt.Sprintf(format, args...))
	}
}

// compare runs both sides on one manifest and records the outcome. It
// reports whether both sides created the Job, identically.
func (c *createTally) compare(t *testing.T, name string, data []byte, uid, given string) (same bool) {
	t.Helper()
	k, kerr := kubeCreateStored(data, uid, given)
	j, jerr := jobkitCreateStored(data, uid, given)
	if kerr != nil || jerr != nil {
		if (kerr == nil) != (jerr == nil) {
			c.differ("%s: decoding: Kubernetes %v, jobkit %v\n%s", name, kerr, jerr, data)
		}
		return false
	}
	if k.refused || j.refused {
		// kubectl refuses before it sends anything: no warnings either.
		if k.refused != j.refused {
			c.differ("%s (namespace %q): refused by Kubernetes %v, by jobkit %v", name, given, k.refused, j.refused)
			return false
		}
		c.refused++
		return false
	}
	if len(k.unknown) > 0 {
		c.warned++
	}
	if !slices.Equal(k.unknown, j.unknown) {
		c.differ("%s: unknown-field warnings differ (-kubernetes +jobkit):\n%s", name, cmp.Diff(k.unknown, j.unknown))
	}
	// A name made from generateName is random on both sides: check that
	// both have the shape of one, then compare as if they were the same.
	kname, gen := storedName(t, k.stored)
	jname, _ := storedName(t, j.stored)
	if gen != "" && kname != jname {
		if !jobapi.IsGeneratedName(kname, gen) || !jobapi.IsGeneratedName(jname, gen) {
			c.differ("%s: names generated from %q: Kubernetes %q, jobkit %q", name, gen, kname, jname)
			return false
		}
		j.stored = []byte(strings.ReplaceAll(string(j.stored), strconv.Quote(jname), strconv.Quote(kname)))
	}
	// An invalid Job is not stored, but what create-time processing made
	// of it must agree all the same.
	if d := cmp.Diff(normalizeCreated(t, k.stored), normalizeCreated(t, j.stored)); d != "" {
		c.differ("%s: created Job differs (-kubernetes +jobkit):\n%s\ninput: %s", name, d, data)
		return false
	}
	var in struct {
		Metadata struct {
			Labels       map[string]string `json:"labels"`
			GenerateName string            `json:"generateName"`
			Name         string            `json:"name"`
		} `json:"metadata"`
		Spec struct {
			Template struct {
				Metadata struct {
					Labels map[string]string `json:"labels"`
				} `json:"metadata"`
			} `json:"template"`
		} `json:"spec"`
	}
	if json.Unmarshal(data, &in) == nil && len(in.Metadata.Labels) == 0 {
		switch {
		case in.Spec.Template.Metadata.Labels == nil:
			c.readBack++
		case in.Metadata.Name == "" && in.Metadata.GenerateName != "":
			c.generated++
		}
	}
	switch {
	case k.panicked:
		// The API server answers 500; TestValidationDiffCreate compares
		// jobkit's verdict on these.
		c.panics++
	case !k.invalid.equal(j.invalid):
		// Validation parity is TestValidationDiffCreate's subject; here a
		// differing verdict is counted by kind and logged.
		c.verdicts++
		c.verdictKinds[verdictDiffKind(k.invalid, j.invalid)]++
		if os.Getenv("PARITY_VERBOSE") != "" {
			t.Logf("%s: validated differently: %s", name, diffKind(k.invalid, j.invalid))
		}
	case len(k.invalid) > 0:
		c.invalid++
	default:
		c.stored++
	}
	return true
}

// verdictDiffKind names a verdict difference: who accepts, and the first
// error only one side reports.
func verdictDiffKind(k, j verdict) string {
	switch {
	case len(k) == 0:
		return "accepted by Kubernetes only"
	case len(j) == 0:
		return "accepted by jobkit only"
	}
	return "refused by both, for different errors"
}

func (c *createTally) report(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d stored identically, %d invalid on both sides (created objects identical), %d refused for their namespace by both, %d created identically where Kubernetes' validation panics, %d differences",
		what, c.stored, c.invalid, c.refused, c.panics, c.differences)
	t.Logf("%s: %d with unknown fields, dropped with the same warnings", what, c.warned)
	t.Logf("%s: %d compared whose Job labels come from the read back from storage, %d with a generated name whose Job labels the generate-name deep copy separates from the template's", what, c.readBack, c.generated)
	if c.verdicts > 0 {
		t.Logf("%d created identically but validated differently (see TestValidationDiffCreate): %v", c.verdicts, c.verdictKinds)
	}
	if c.differences > 0 {
		t.Errorf("%d differences; first:\n%s", c.differences, strings.Join(c.samples, "\n\n"))
	}
}

// createGen makes batch/v1 Job manifests for the create comparison: the
// Job's own fields from the validation generator (labels absent, present
// or equal to the template's; automatic and manual selectors; modes,
// completions and parallelism, podFailurePolicy, successPolicy, suspend),
// and most pod specs from the template generator, which covers every
// field of k8s.io/api's PodSpec. On top: namespaces, and unknown fields.
type createGen struct {
	jobs *jobGen
	// sparse sets few fields, so that many of its templates are valid;
	// dense sets as many as the defaults tests do, so that every field
	// is set in some template.
	sparse, dense *templateGen
}

func newCreateGen(seed uint64) *createGen {
	sparse := newTemplateGen(seed)
	sparse.pSet = 0.15
	return &createGen{jobs: newJobGen(seed), sparse: sparse, dense: newTemplateGen(seed + 1)}
}

// manifest returns one manifest and the namespace kubectl is given ("" for
// none).
func (g *createGen) manifest() ([]byte, string) {
	m := g.jobs.job()
	spec := m["spec"].(obj)
	tmpl := spec["template"].(obj)
	if g.jobs.chance(0.7) {
		tg := g.sparse
		if g.jobs.chance(0.6) {
			tg = g.dense
		}
		generated := tg.template()
		ps := toJSONValue(generated.Spec).(map[string]any)
		ps["restartPolicy"] = tmpl["spec"].(obj)["restartPolicy"]
		if pfp, ok := spec["podFailurePolicy"].(obj); ok {
			// Point container-specific rules at a container that exists.
			for _, r := range pfp["rules"].([]any) {
				if ec, ok := r.(obj)["onExitCodes"].(obj); ok && ec["containerName"] != nil {
					ec["containerName"] = generated.Spec.Containers[0].Name
				}
			}
		}
		tmpl["spec"] = ps
		if len(generated.Annotations) > 0 && g.jobs.chance(0.5) {
			md, _ := tmpl["metadata"].(obj)
			if md == nil {
				md = obj{}
				tmpl["metadata"] = md
			}
			md["annotations"] = toJSONValue(generated.Annotations)
		}
	}
	meta := m["metadata"].(obj)
	switch g.jobs.r.IntN(3) {
	case 1:
		meta["namespace"] = "default"
	case 2:
		meta["namespace"] = "team-a"
	}
	var given string
	switch g.jobs.r.IntN(10) {
	case 0, 1, 2:
		given = "team-a"
	case 3:
		given = "default"
	}
	if g.jobs.chance(0.2) {
		switch g.jobs.r.IntN(6) {
		case 0:
			m["colour"] = "blue"
		case 1:
			spec["backofLimit"] = 3
		case 2:
			meta["labelz"] = obj{"a": "b"}
		case 3:
			if cs, ok := tmpl["spec"].(obj)["containers"].([]any); ok && len(cs) > 0 {
				cs[0].(obj)["imagePullPolcy"] = "Always"
			}
		case 4:
			// A member a label selector does not model.
			sel, _ := spec["selector"].(obj)
			if sel == nil {
				sel = obj{}
				spec["selector"] = sel
			}
			sel["matchLabel"] = obj{"a": "b"}
		case 5:
			sel, _ := spec["selector"].(obj)
			if sel == nil {
				sel = obj{"matchLabels": obj{"app": "x"}}
				spec["selector"] = sel
			}
			exprs, _ := sel["matchExpressions"].([]any)
			sel["matchExpressions"] = append(exprs, obj{"key": "tier", "operator": "Exists", "value": "x"})
		}
	}
	return mustJSON(m), given
}

func TestCreateDiffGenerated(t *testing.T) {
	const seed, n = 20261123, 10000
	g := newCreateGen(seed)
	c := createTally{verdictKinds: map[string]int{}}
	seen := map[string]bool{}
	for i := range n {
		data, given := g.manifest()
		if c.compare(t, fmt.Sprintf("job %d", i), data, fmt.Sprintf("00000000-%04d-4000-8000-000000000000", i), given) {
			var in map[string]any
			if err := json.Unmarshal(data, &in); err != nil {
				t.Fatal(err)
			}
			collectJSONPaths(in["spec"].(map[string]any)["template"], "", seen)
		}
	}
	c.report(t, fmt.Sprintf("seed %d, %d generated Jobs", seed, n))
	// The Jobs created identically cover every field of the pod template.
	all := map[string]bool{}
	collectTypePaths(reflect.TypeOf(corev1.PodTemplateSpec{}), "", all)
	var missing []string
	for p := range all {
		if !seen[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	t.Logf("the Jobs created identically set %d of the %d field paths of PodTemplateSpec", len(all)-len(missing), len(all))
	if len(missing) > 0 {
		t.Errorf("no Job created identically sets these %d fields of PodTemplateSpec: %v", len(missing), missing)
	}
}

// TestCreateDiffManifests compares hand-written manifests
// (testdata/create/*.yaml), each created without -n and with -n set to
// the namespace it names (or team-a).
func TestCreateDiffManifests(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "create", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no manifests in testdata/create")
	}
	c := createTally{verdictKinds: map[string]int{}}
	for i, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := yaml.YAMLToJSON(text) // as kubectl sends it
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		uid := fmt.Sprintf("11111111-%04d-4000-8000-000000000000", i)
		for _, given := range []string{"", "team-a", "default"} {
			c.compare(t, fmt.Sprintf("%s (-n %q)", filepath.Base(f), given), data, uid, given)
		}
	}
	// k8s.io/api's every-field Job: invalid (its values are placeholders),
	// but what create makes of every field must agree.
	fixture := apiFixture(t, "batch.v1.Job.json")
	c.compare(t, "k8s.io/api testdata/HEAD/batch.v1.Job.json", fixture, "22222222-0000-4000-8000-000000000000", "")
	c.report(t, fmt.Sprintf("%d manifests, 3 namespaces each, and k8s.io/api's every-field Job", len(files)))
	if c.stored == 0 {
		t.Error("no manifest was stored: the comparison compared nothing")
	}
}
