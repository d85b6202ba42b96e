package parity

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kubernetes/pkg/apis/batch"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// jobkitCreateOptions are the options of jobkit's create path under
// Kubernetes' label keys.
func jobkitCreateOptions(uid string) []jobapi.CreateOption {
	return []jobapi.CreateOption{jobapi.WithUID(meta.UID(uid)), jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)}
}

func jobkitValidate(job *jobapi.Job) (field.ErrorList, error) {
	return jobapi.Validate(job, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
}

const diffJobs = 20000

// jobkitCreateSeed is jobkit's create verdict under the seed's label keys.
func jobkitCreateSeed(data []byte, uid string) (verdict, error) {
	job, err := jobkitDecode(data)
	if err != nil {
		return nil, err
	}
	if job.ObjectMeta.Name == "" && job.ObjectMeta.GenerateName != "" {
		job.ObjectMeta.Name = job.ObjectMeta.GenerateName + "abcde"
	}
	if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID(meta.UID(uid))); err != nil {
		return nil, err
	}
	errs, err := jobapi.Validate(job)
	return jobkitVerdict(errs), err
}

func TestValidationDiffCreate(t *testing.T) {
	g := newJobGen(1)
	var diffs, accepted, refused, panics int
	byKind := map[string]int{}
	var samples []string
	for i := range diffJobs {
		m := g.job()
		data := mustJSON(m)
		uid := fmt.Sprintf("0000000-%04d-4000-8000-000000000000", i)
		kv, _, kerr := kubeCreate(data, uid)
		jv, _, jerr := jobkitCreate(data, uid)
		if errors.Is(kerr, errKubePanic) {
			// The API server answers 500: the Job is not created.
			panics++
			if jerr == nil && len(jv) == 0 {
				diffs++
				samples = append(samples, fmt.Sprintf("%s\n  k8s: panics (500), jobkit: accepted", data))
			}
			continue
		}
		if kerr != nil || jerr != nil {
			if (kerr == nil) != (jerr == nil) {
				diffs++
				samples = append(samples, fmt.Sprintf("%s\n  decode: k8s %v, jobkit %v", data, kerr, jerr))
			}
			continue
		}
		if len(kv) == 0 {
			accepted++
		} else {
			refused++
		}
		// Under the seed's label keys the verdict differs only in the
		// names of the generated keys: accepted and refused alike, unless
		// the manifest itself names Kubernetes' keys (which the seed's
		// generation does not write).
		sv, err := jobkitCreateSeed(data, uid)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "batch.kubernetes.io/") && (len(sv) == 0) != (len(kv) == 0) {
			diffs++
			byKind["seed label keys: accept/refuse"]++
			samples = append(samples, fmt.Sprintf("%s\n  k8s:         %s\n  jobkit seed: %s", data, kv, sv))
		}
		if !kv.equal(jv) {
			diffs++
			byKind[diffKind(kv, jv)]++
			if len(samples) < 40 {
				samples = append(samples, fmt.Sprintf("%s\n  k8s:    %s\n  jobkit: %s", data, kv, jv))
			}
		}
	}
	t.Logf("create: %d Jobs, %d accepted and %d refused by Kubernetes, %d where its validation panics (refused by jobkit), %d differences", diffJobs, accepted, refused, panics, diffs)
	if diffs > 0 {
		var kinds []string
		for k, n := range byKind {
			kinds = append(kinds, fmt.Sprintf("%5d %s", n, k))
		}
		sort.Strings(kinds)
		if os.Getenv("PARITY_VERBOSE") != "" {
			t.Logf("kinds:\n%s", strings.Join(kinds, "\n"))
		}
		t.Errorf("%d differences; first:\n%s", diffs, strings.Join(samples, "\n"))
	}
}

// diffKind names a difference by the pairs only one side has.
func diffKind(k, j verdict) string {
	in := func(v verdict, x errKey) bool {
		for _, y := range v {
			if x == y {
				return true
			}
		}
		return false
	}
	var parts []string
	for _, x := range k {
		if !in(j, x) {
			parts = append(parts, "k8s only: "+x.String())
		}
	}
	for _, x := range j {
		if !in(k, x) {
			parts = append(parts, "jobkit only: "+x.String())
		}
	}
	return strings.Join(parts, " | ")
}

// storedManifest is m as the stored Job reads after create: the uid, the
// generated selector and the labels Kubernetes wrote, taken from its
// stored object.
func storedManifest(m obj, stored *batch.Job) obj {
	out := deepCopyJSON(m)
	meta := out["metadata"].(obj)
	meta["uid"] = string(stored.UID)
	meta["name"] = stored.Name
	delete(meta, "generateName")
	if stored.Labels != nil {
		meta["labels"] = toJSONValue(stored.Labels)
	}
	spec := out["spec"].(obj)
	spec["selector"] = toJSONValue(stored.Spec.Selector)
	tmpl := spec["template"].(obj)
	md, _ := tmpl["metadata"].(obj)
	if md == nil {
		md = obj{}
		tmpl["metadata"] = md
	}
	md["labels"] = toJSONValue(stored.Spec.Template.Labels)
	return out
}

func toJSONValue(v any) any {
	var out any
	if err := json.Unmarshal(mustJSON(v), &out); err != nil {
		panic(err)
	}
	return out
}

func deepCopyJSON(m obj) obj { return toJSONValue(m).(map[string]any) }

// mutation changes one thing in a stored manifest, as an update would.
type mutation struct {
	name  string
	apply func(g *jobGen, m obj)
}

func specOf(m obj) obj     { return m["spec"].(obj) }
func podSpecOf(m obj) obj  { return specOf(m)["template"].(obj)["spec"].(obj) }
func tmplMetaOf(m obj) obj { return specOf(m)["template"].(obj)["metadata"].(obj) }
func firstContainer(m obj) obj {
	return podSpecOf(m)["containers"].([]any)[0].(obj)
}

var mutations = []mutation{
	{"parallelism", func(g *jobGen, m obj) { specOf(m)["parallelism"] = pick(g, 0, 2, 7) }},
	{"completions", func(g *jobGen, m obj) { specOf(m)["completions"] = pick(g, 2, 9) }},
	{"completions and parallelism together", func(g *jobGen, m obj) {
		n := pick(g, 2, 9)
		specOf(m)["completions"], specOf(m)["parallelism"] = n, n
	}},
	{"suspend", func(g *jobGen, m obj) { specOf(m)["suspend"] = g.chance(0.5) }},
	{"backoffLimit", func(g *jobGen, m obj) { specOf(m)["backoffLimit"] = pick(g, 1, 10) }},
	{"activeDeadlineSeconds", func(g *jobGen, m obj) { specOf(m)["activeDeadlineSeconds"] = 30 }},
	{"completionMode", func(g *jobGen, m obj) { specOf(m)["completionMode"] = pick(g, "Indexed", "NonIndexed") }},
	{"selector", func(g *jobGen, m obj) { specOf(m)["selector"] = obj{"matchLabels": obj{"app": "other"}} }},
	{"podFailurePolicy", func(g *jobGen, m obj) {
		specOf(m)["podFailurePolicy"] = obj{"rules": []any{obj{"action": "FailJob", "onExitCodes": obj{"operator": "In", "values": []any{3}}}}}
	}},
	{"managedBy", func(g *jobGen, m obj) { specOf(m)["managedBy"] = "example.com/other" }},
	{"successPolicy", func(g *jobGen, m obj) { specOf(m)["successPolicy"] = obj{"rules": []any{obj{"succeededCount": 1}}} }},
	{"backoffLimitPerIndex", func(g *jobGen, m obj) { specOf(m)["backoffLimitPerIndex"] = 3 }},
	{"job labels", func(g *jobGen, m obj) { m["metadata"].(obj)["labels"] = obj{"new": "label"} }},
	{"template labels", func(g *jobGen, m obj) { tmplMetaOf(m)["labels"].(map[string]any)["extra"] = "x" }},
	{"template annotations", func(g *jobGen, m obj) { tmplMetaOf(m)["annotations"] = obj{"example.com/a": "b"} }},
	{"nodeSelector", func(g *jobGen, m obj) { podSpecOf(m)["nodeSelector"] = obj{"disk": "ssd"} }},
	{"tolerations", func(g *jobGen, m obj) {
		podSpecOf(m)["tolerations"] = []any{obj{"key": "k", "operator": "Exists", "effect": "NoSchedule"}}
	}},
	{"schedulingGates", func(g *jobGen, m obj) { podSpecOf(m)["schedulingGates"] = []any{obj{"name": "example.com/gate"}} }},
	{"node affinity", func(g *jobGen, m obj) {
		podSpecOf(m)["affinity"] = obj{"nodeAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{
			"nodeSelectorTerms": []any{obj{"matchExpressions": []any{obj{"key": "zone", "operator": "In", "values": []any{"a"}}}}}}}}
	}},
	{"pod affinity", func(g *jobGen, m obj) {
		podSpecOf(m)["affinity"] = obj{"podAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": []any{
			obj{"topologyKey": "zone", "labelSelector": obj{"matchLabels": obj{"a": "b"}}}}}}
	}},
	{"container image", func(g *jobGen, m obj) { firstContainer(m)["image"] = "busybox:2" }},
	{"container resources", func(g *jobGen, m obj) {
		firstContainer(m)["resources"] = obj{"limits": obj{"cpu": "2"}, "requests": obj{"cpu": "1"}}
	}},
	{"container resources and name", func(g *jobGen, m obj) {
		c := firstContainer(m)
		c["resources"] = obj{"requests": obj{"memory": "1Gi"}}
		c["name"] = "renamed"
	}},
	{"container env", func(g *jobGen, m obj) {
		firstContainer(m)["env"] = []any{obj{"name": "NEW", "value": "1"}}
	}},
	{"container args", func(g *jobGen, m obj) { firstContainer(m)["args"] = []any{"x"} }},
	{"restartPolicy", func(g *jobGen, m obj) { podSpecOf(m)["restartPolicy"] = pick(g, "Never", "OnFailure") }},
	{"serviceAccountName", func(g *jobGen, m obj) { podSpecOf(m)["serviceAccountName"] = "other" }},
	{"added container", func(g *jobGen, m obj) {
		ps := podSpecOf(m)
		ps["containers"] = append(ps["containers"].([]any), obj{"name": "extra", "image": "busybox"})
	}},
	{"name", func(g *jobGen, m obj) { m["metadata"].(obj)["name"] = "renamed" }},
}

// oldStatus gives the stored Job a status: running, never started,
// suspended by a condition, or with active pods.
type oldStatus struct {
	name      string
	started   bool
	active    int32
	suspended bool // a Suspended=True condition
}

var oldStatuses = []oldStatus{
	{name: "never started"},
	{name: "started", started: true},
	{name: "started, suspended by a condition", started: true, suspended: true},
	{name: "active pods", started: true, active: 1},
}

func TestValidationDiffUpdate(t *testing.T) {
	g := newJobGen(2)
	var compared, accepted, diffs int
	perMutation := map[string][2]int{}
	var samples []string
	for i := 0; compared < diffUpdates && i < 20*diffUpdates; i++ {
		m := g.job()
		if g.chance(0.5) {
			specOf(m)["suspend"] = true
		}
		data := mustJSON(m)
		uid := fmt.Sprintf("1000000-%04d-4000-8000-000000000000", i)
		kv, kold, kerr := kubeCreate(data, uid)
		jv, jold, jerr := jobkitCreate(data, uid)
		if kerr != nil || jerr != nil || len(kv) > 0 || len(jv) > 0 {
			continue // only Jobs both create
		}
		st := pick(g, oldStatuses...)
		if st.started {
			kold.Status.StartTime = &metav1.Time{Time: kold.CreationTimestamp.Time}
			jold.Status.StartTime = &meta.Time{Time: kold.CreationTimestamp.Time}
		}
		kold.Status.Active, jold.Status.Active = st.active, st.active
		if st.suspended {
			kold.Status.Conditions = []batch.JobCondition{{Type: batch.JobSuspended, Status: "True"}}
			jold.Status.Conditions = []jobapi.JobCondition{{Type: jobapi.JobSuspended, Status: jobapi.ConditionTrue}}
		}
		nm := storedManifest(m, kold)
		var names []string
		for range 1 + g.r.IntN(2) {
			mu := pick(g, mutations...)
			mu.apply(g, nm)
			names = append(names, mu.name)
		}
		ndata := mustJSON(nm)
		kuv, err := kubeUpdate(kold, ndata)
		if err != nil {
			t.Fatalf("kubernetes update of %s: %v", ndata, err)
		}
		job, err := jobkitDecode(ndata)
		if err != nil {
			t.Fatalf("jobkit decode of %s: %v", ndata, err)
		}
		job.ObjectMeta.CreationTimestamp = jold.ObjectMeta.CreationTimestamp
		job.ObjectMeta.Generation = jold.ObjectMeta.Generation
		job.Status = *jold.Status.DeepCopy()
		errs, err := jobapi.ValidateUpdate(job, jold, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
		if err != nil {
			t.Fatal(err)
		}
		juv := jobkitVerdict(errs)
		compared++
		if len(kuv) == 0 {
			accepted++
		}
		key := strings.Join(names, " + ")
		c := perMutation[key]
		c[0]++
		if !kuv.equal(juv) {
			diffs++
			c[1]++
			if len(samples) < 20 {
				samples = append(samples, fmt.Sprintf("%s (old: %s)\n  %s\n  k8s:    %s\n  jobkit: %s", key, st.name, ndata, kuv, juv))
			}
		}
		perMutation[key] = c
	}
	t.Logf("update: %d updates of created Jobs (%d mutation kinds), %d accepted by Kubernetes, %d differences", compared, len(perMutation), accepted, diffs)
	if compared < diffUpdates {
		t.Errorf("compared %d updates, want %d", compared, diffUpdates)
	}
	if diffs > 0 {
		t.Errorf("%d differences; first:\n%s", diffs, strings.Join(samples, "\n"))
	}
}

const diffUpdates = 3000
