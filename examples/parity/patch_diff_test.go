package parity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// The patch differential test applies the same patch to the same object
// with Kubernetes' appliers — apimachinery's strategicpatch (with
// k8s.io/api's Pod and Job types for their patch strategies and merge
// keys) and gopkg.in/evanphx/json-patch.v4 (RFC 7386 merge patch and RFC
// 6902 JSON patch), which the API server's PATCH handler uses — and with
// jobtest.PatchJSON, and compares the results as JSON values (lists in
// order). Both sides must succeed or fail together.
//
// The objects are generated Pods (pod specs from the template generator,
// with labels, finalizers, owner references and a status) and generated
// batch/v1 Jobs. The patches are made from random changes of the object:
// strategic merge patches by strategicpatch.CreateTwoWayMergePatch (which
// writes $setElementOrder, $deleteFromPrimitiveList, $patch: delete and
// $retainKeys), plus hand-made directives ($patch: replace and delete on
// maps and list elements, $retainKeys); merge patches by
// jsonpatch.CreateMergePatch and by hand (nulls, replaced lists); JSON
// patches of random operations on the object's paths, some of which do
// not apply.

// patchGen makes objects and patches.
type patchGen struct {
	r    *rand.Rand
	tmpl *templateGen
	jobs *jobGen
}

func newPatchGen(seed uint64) *patchGen {
	t := newTemplateGen(seed)
	t.pSet = 0.3
	return &patchGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), tmpl: t, jobs: newJobGen(seed + 7)}
}

func (g *patchGen) chance(p float64) bool { return g.r.Float64() < p }

// pod returns the JSON of a generated Pod.
func (g *patchGen) pod(i int) []byte {
	t := g.tmpl.template()
	p := corev1.Pod{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("p-%d", i), Namespace: "ns", Labels: map[string]string{"app": "x", "n": strconv.Itoa(i % 3)}},
		Spec:       t.Spec,
	}
	if g.chance(0.6) {
		p.Finalizers = []string{"batch.kubernetes.io/job-tracking", "example.com/a"}[:1+g.r.IntN(2)]
	}
	if g.chance(0.5) {
		p.OwnerReferences = []metav1.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "j", UID: "u-1"}}
	}
	if g.chance(0.6) {
		p.Status = corev1.PodStatus{Phase: corev1.PodRunning, PodIPs: []corev1.PodIP{{IP: "10.0.0.1"}},
			Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue}, {Type: corev1.PodScheduled, Status: corev1.ConditionTrue}}}
	}
	data, err := json.Marshal(&p)
	if err != nil {
		panic(err)
	}
	return data
}

// job returns the JSON of a generated batch/v1 Job.
func (g *patchGen) job() []byte {
	m := g.jobs.job()
	if g.chance(0.5) {
		m["status"] = obj{"active": 1, "conditions": []any{obj{"type": "Suspended", "status": "False"}}}
	}
	return mustJSON(m)
}

// mutate changes a decoded object at random: scalars changed, members
// removed and added, list elements removed, added, reordered.
func (g *patchGen) mutate(v any, depth int) any {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch {
			case g.chance(0.05) && depth > 0 && k != "name" && k != "type" && k != "uid":
				delete(v, k)
			case g.chance(0.5):
				v[k] = g.mutate(v[k], depth+1)
			}
		}
		if depth > 0 && g.chance(0.1) {
			v[fmt.Sprintf("x%d", g.r.IntN(3))] = "added"
		}
		return v
	case []any:
		if len(v) > 1 && g.chance(0.2) {
			g.r.Shuffle(len(v), func(i, j int) { v[i], v[j] = v[j], v[i] })
		}
		if len(v) > 0 && g.chance(0.15) {
			i := g.r.IntN(len(v))
			v = append(v[:i:i], v[i+1:]...)
		}
		for i := range v {
			if g.chance(0.5) {
				v[i] = g.mutate(v[i], depth+1)
			}
		}
		if len(v) > 0 && g.chance(0.15) {
			switch e := v[0].(type) {
			case string:
				v = append(v, e+"-new")
			case map[string]any:
				c := patchCopyJSON(e).(map[string]any)
				for _, k := range []string{"name", "type", "uid", "mountPath", "ip", "devicePath", "topologyKey"} {
					if s, ok := c[k].(string); ok {
						c[k] = s + "-new"
					}
				}
				if p, ok := c["containerPort"].(float64); ok {
					c["containerPort"] = p + 1000
				}
				v = append(v, c)
			}
		}
		return v
	case string:
		if g.chance(0.3) {
			return v + "-m"
		}
	case float64:
		if g.chance(0.3) {
			return v + 1
		}
	case bool:
		if g.chance(0.3) {
			return !v
		}
	}
	return v
}

func patchCopyJSON(v any) any {
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// directives adds hand-made directives to a strategic merge patch.
func (g *patchGen) directives(patch map[string]any, doc map[string]any) {
	md, _ := patch["metadata"].(map[string]any)
	if md == nil {
		md = map[string]any{}
		patch["metadata"] = md
	}
	switch g.r.IntN(8) {
	case 0:
		md["labels"] = map[string]any{"$patch": "replace", "only": "this"}
	case 1:
		md["labels"] = map[string]any{"$patch": "delete"}
	case 2:
		md["finalizers"] = []any{"example.com/z"}
		md["$deleteFromPrimitiveList/finalizers"] = []any{"example.com/a"}
	case 3:
		md["$setElementOrder/finalizers"] = []any{"example.com/a", "batch.kubernetes.io/job-tracking"}
	case 4:
		md["ownerReferences"] = []any{map[string]any{"uid": "u-1", "$patch": "delete"}}
	case 5:
		if spec, ok := doc["spec"].(map[string]any); ok {
			if cs, ok := spec["containers"].([]any); ok && len(cs) > 0 {
				name := cs[0].(map[string]any)["name"]
				ps, _ := patch["spec"].(map[string]any)
				if ps == nil {
					ps = map[string]any{}
					patch["spec"] = ps
				}
				ps["containers"] = []any{map[string]any{"name": name, "env": []any{map[string]any{"name": "NEW", "value": "1"}, map[string]any{"$patch": "replace"}}}}
			}
		}
	case 6:
		ps, _ := patch["spec"].(map[string]any)
		if ps == nil {
			ps = map[string]any{}
			patch["spec"] = ps
		}
		ps["volumes"] = []any{map[string]any{"name": "v-new", "emptyDir": map[string]any{}, "$retainKeys": []any{"name", "emptyDir"}}}
	case 7:
		md["annotations"] = map[string]any{"a": nil, "b": "c"}
	}
}

// jsonPatchOps makes random JSON patch operations on doc's paths.
func (g *patchGen) jsonPatchOps(doc any) []byte {
	var paths []string
	var walk func(v any, p string)
	walk = func(v any, p string) {
		paths = append(paths, p)
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(x, p+"/"+strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
			}
		case []any:
			for i, x := range v {
				walk(x, p+"/"+strconv.Itoa(i))
			}
		}
	}
	walk(doc, "")
	paths = paths[1:]
	sort.Strings(paths)
	var ops []map[string]any
	for range 1 + g.r.IntN(4) {
		p := paths[g.r.IntN(len(paths))]
		switch g.r.IntN(9) {
		case 0:
			ops = append(ops, map[string]any{"op": "remove", "path": p})
		case 1:
			ops = append(ops, map[string]any{"op": "replace", "path": p, "value": "r"})
		case 2:
			ops = append(ops, map[string]any{"op": "add", "path": p, "value": map[string]any{"k": "v"}})
		case 3:
			ops = append(ops, map[string]any{"op": "add", "path": p + "/-", "value": "e"})
		case 4:
			ops = append(ops, map[string]any{"op": "test", "path": p, "value": "busybox"})
		case 5:
			ops = append(ops, map[string]any{"op": "copy", "from": p, "path": "/metadata/annotations"})
		case 6:
			ops = append(ops, map[string]any{"op": "move", "from": p, "path": paths[g.r.IntN(len(paths))]})
		case 7:
			ops = append(ops, map[string]any{"op": "add", "path": p + "/-1", "value": 7})
		case 8:
			ops = append(ops, map[string]any{"op": "remove", "path": p + "/0"})
		}
	}
	return mustJSON(ops)
}

// patchTally counts a run.
type patchTally struct {
	applied, refused, differences int
	samples                       []string
}

func (c *patchTally) compare(name string, k []byte, kerr error, j []byte, jerr error) {
	if (kerr == nil) != (jerr == nil) {
		c.differ("%s: Kubernetes error %v, jobkit error %v", name, kerr, jerr)
		return
	}
	if kerr != nil {
		c.refused++
		return
	}
	var kv, jv any
	if err := json.Unmarshal(k, &kv); err != nil {
		c.differ("%s: Kubernetes' result does not parse: %v", name, err)
		return
	}
	if err := json.Unmarshal(j, &jv); err != nil {
		c.differ("%s: jobkit's result does not parse: %v", name, err)
		return
	}
	if d := cmp.Diff(kv, jv); d != "" {
		c.differ("%s: results differ (-kubernetes +jobkit):\n%s", name, d)
		return
	}
	c.applied++
}

func (c *patchTally) differ(format string, args ...any) {
	c.differences++
	if len(c.samples) < 5 {
		c.samples = append(c.samples, fmt.Sprintf(format, args...))
	}
}

func (c *patchTally) report(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d applied identically, %d refused by both, %d differences", what, c.applied, c.refused, c.differences)
	if c.differences > 0 {
		t.Errorf("%d differences; first:\n%s", c.differences, strings.Join(c.samples, "\n\n"))
	}
}

// kubeSMP applies a strategic merge patch as the API server does.
func kubeSMP(doc, patch []byte, schema any) ([]byte, error) {
	return strategicpatch.StrategicMergePatch(doc, patch, schema)
}

func TestPatchDiffGenerated(t *testing.T) {
	const seed, n = 20261127, 3000
	g := newPatchGen(seed)
	smp, merge, jp := patchTally{}, patchTally{}, patchTally{}
	directives := map[string]int{}
	count := func(patch []byte) {
		for _, d := range []string{"$setElementOrder/", "$deleteFromPrimitiveList/", `"$patch":"delete"`, `"$patch":"replace"`, "$retainKeys"} {
			if strings.Contains(string(patch), d) {
				directives[d]++
			}
		}
	}
	for i := range n {
		isPod := i%2 == 0
		var doc []byte
		var schema any
		if isPod {
			doc, schema = g.pod(i), &corev1.Pod{}
		} else {
			doc, schema = g.job(), &batchv1.Job{}
		}
		var orig map[string]any
		if err := json.Unmarshal(doc, &orig); err != nil {
			t.Fatal(err)
		}
		modified := mustJSON(g.mutate(patchCopyJSON(orig), 0))
		name := fmt.Sprintf("object %d", i)
		apply := func(pt jobtest.PatchType, patch []byte) ([]byte, error) {
			if isPod {
				return jobtest.PatchJSON[core.Pod](doc, pt, patch)
			}
			return jobtest.PatchJSON[jobapi.Job](doc, pt, patch)
		}

		// Strategic merge patch: a two-way patch, then with directives.
		if patch, err := strategicpatch.CreateTwoWayMergePatch(doc, modified, schema); err == nil {
			count(patch)
			k, kerr := kubeSMP(doc, patch, schema)
			j, jerr := apply(jobtest.StrategicMergePatchType, patch)
			smp.compare(name+" (two-way patch "+string(patch)+")", k, kerr, j, jerr)
			var pm map[string]any
			if json.Unmarshal(patch, &pm) == nil {
				g.directives(pm, orig)
				patch = mustJSON(pm)
				count(patch)
				k, kerr := kubeSMP(doc, patch, schema)
				j, jerr := apply(jobtest.StrategicMergePatchType, patch)
				smp.compare(name+" (with directives "+string(patch)+")", k, kerr, j, jerr)
			}
		}

		// Merge patch: made by the library, and by hand.
		if patch, err := jsonpatch.CreateMergePatch(doc, modified); err == nil {
			k, kerr := jsonpatch.MergePatch(doc, patch)
			j, jerr := apply(jobtest.MergePatchType, patch)
			merge.compare(name+" (merge patch "+string(patch)+")", k, kerr, j, jerr)
		}
		hand := mustJSON(map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": nil, "new": map[string]any{"x": nil}}, "finalizers": []any{"a", nil}}, "spec": map[string]any{"x": nil}})
		k, kerr := jsonpatch.MergePatch(doc, hand)
		j, jerr := apply(jobtest.MergePatchType, hand)
		merge.compare(name+" (hand-made merge patch)", k, kerr, j, jerr)

		// JSON patch.
		ops := g.jsonPatchOps(orig)
		if p, err := jsonpatch.DecodePatch(ops); err == nil {
			k, kerr := p.Apply(doc)
			j, jerr := apply(jobtest.JSONPatchType, ops)
			jp.compare(name+" (JSON patch "+string(ops)+")", k, kerr, j, jerr)
		}
	}
	smp.report(t, fmt.Sprintf("seed %d, strategic merge patch", seed))
	t.Logf("strategic merge patches with each directive: %v", directives)
	merge.report(t, fmt.Sprintf("seed %d, JSON merge patch", seed))
	jp.report(t, fmt.Sprintf("seed %d, JSON patch", seed))
	if smp.applied < n || merge.applied < n || jp.applied < n/4 || jp.refused < n/4 {
		t.Errorf("too few comparisons: %d, %d, %d (%d refused)", smp.applied, merge.applied, jp.applied, jp.refused)
	}
}
