package parity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// jobGen makes batch/v1 Job manifests, mostly plausible, each with a few
// of the mistakes real manifests have, from a seeded source.
type jobGen struct {
	r *rand.Rand
	// bad is the chance of each mistake in the Job being made; every Job
	// draws its own, so that many Jobs are valid and many have a single
	// mistake.
	bad float64
}

// mistake reports whether to make the next mistake.
func (g *jobGen) mistake() bool { return g.r.Float64() < g.bad }

// either picks one of good, or, when a mistake is due, one of bad.
func either[T any](g *jobGen, good []T, bad ...T) T {
	if len(bad) > 0 && g.mistake() {
		return bad[g.r.IntN(len(bad))]
	}
	return good[g.r.IntN(len(good))]
}

func newJobGen(seed uint64) *jobGen {
	return &jobGen{r: rand.New(rand.NewPCG(seed, seed^0x5bd1e995))}
}

// pick returns one of xs.
func pick[T any](g *jobGen, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// chance is true with probability p.
func (g *jobGen) chance(p float64) bool { return g.r.Float64() < p }

type obj = map[string]any

func (g *jobGen) name() string {
	if !g.mistake() {
		return pick(g, "pi", "job-1", "worker", "etl-nightly", "a", strings.Repeat("n", 50))
	}
	switch g.r.IntN(8) {
	case 0:
		return strings.Repeat("long-job-name-", 5) // 70 bytes: a subdomain, not a label
	case 1:
		return "a.b"
	case 2:
		return "Pi"
	case 3:
		return ""
	case 4:
		return strings.Repeat("n", 60)
	case 5:
		return "-pi"
	case 6:
		return strings.Repeat("x", 254)
	}
	return pick(g, "pi", "job-1", "worker", "etl-nightly", "a")
}

func (g *jobGen) labelMap(invalid bool) obj {
	m := obj{}
	for range 1 + g.r.IntN(2) {
		m[pick(g, "app", "tier", "release", "example.com/team")] = pick(g, "x", "web", "batch-1", "")
	}
	if invalid || g.mistake() {
		switch g.r.IntN(5) {
		case 0:
			m[""] = "v"
		case 1:
			m["bad key"] = "v"
		case 2:
			m["app"] = "bad value!"
		case 3:
			m["Example.com/x"] = "v"
		case 4:
			m["a/b/c"] = "v"
		}
	}
	return m
}

func (g *jobGen) expression(templateLabels obj) obj {
	key := pick(g, "app", "tier", "release")
	n := 8 + g.r.IntN(4)
	if g.mistake() {
		n = g.r.IntN(8)
	}
	switch n {
	case 0:
		return obj{"key": key, "operator": "In"}
	case 1:
		return obj{"key": key, "operator": "Exists", "values": []any{"x"}}
	case 2:
		return obj{"key": key, "operator": "Bogus", "values": []any{"x"}}
	case 3:
		return obj{"key": "", "operator": "Exists"}
	case 4:
		return obj{"key": key, "operator": "NotIn", "values": []any{"nope"}}
	case 5:
		return obj{"key": "gone", "operator": "DoesNotExist"}
	case 6:
		return obj{"key": key, "operator": "in", "values": []any{"x"}}
	case 7:
		return obj{"key": key, "operator": "In", "values": []any{"bad value!"}}
	}
	if v, ok := templateLabels[key]; ok {
		return obj{"key": key, "operator": "In", "values": []any{v, "other"}}
	}
	return obj{"key": key, "operator": "Exists"}
}

func (g *jobGen) selector(manual bool, templateLabels obj, name string) any {
	if !manual {
		if !g.mistake() && g.chance(0.8) {
			return nil
		}
		switch g.r.IntN(10) {
		case 0:
			return obj{"matchLabels": obj{"app": "x"}}
		case 1:
			return obj{"matchLabels": obj{"batch.kubernetes.io/job-name": name}}
		case 2:
			return obj{"matchExpressions": []any{obj{"key": "job-name", "operator": "Exists"}}}
		case 3:
			return obj{}
		}
		return nil
	}
	switch g.r.IntN(14) {
	case 0:
		if g.mistake() {
			return nil
		}
	case 1:
		return obj{}
	case 2:
		if g.mistake() {
			return obj{"matchLabels": obj{"app": "other"}}
		}
	case 3:
		if g.mistake() {
			return obj{"matchLabels": g.labelMap(true)}
		}
	}
	sel := obj{}
	if len(templateLabels) > 0 && g.chance(0.7) {
		ml := obj{}
		for k, v := range templateLabels {
			ml[k] = v
		}
		sel["matchLabels"] = ml
	}
	if g.chance(0.3) || len(sel) == 0 {
		var exprs []any
		for range 1 + g.r.IntN(2) {
			exprs = append(exprs, g.expression(templateLabels))
		}
		sel["matchExpressions"] = exprs
	}
	return sel
}

func (g *jobGen) int32Field(vals ...any) any { return pick(g, vals...) }

func (g *jobGen) successPolicy() obj {
	var rules []any
	n := 1 + g.r.IntN(2)
	if g.mistake() {
		n = 0
	}
	for range n {
		r := obj{}
		if g.chance(0.7) {
			r["succeededIndexes"] = either(g, []string{"0", "01", "+1-3", "1-3", "0,2", "", "0-2,4", "007", "+0"}, "3-1", "a", "1,,2", "-1", "2,1", "0-1-2", strings.Repeat("1,", 33000)+"2", "9", "0-9")
		}
		if g.chance(0.6) {
			r["succeededCount"] = either(g, []int{1, 2, 0}, -1, 10)
		}
		rules = append(rules, r)
	}
	return obj{"rules": rules}
}

func (g *jobGen) podFailurePolicy(containers []string) obj {
	var rules []any
	for range 1 + g.r.IntN(2) {
		r := obj{"action": either(g, []string{"FailJob", "Ignore", "Count"}, "Bogus", "", "FailIndex")}
		switch g.r.IntN(5) {
		case 0, 1:
			ec := obj{"operator": either(g, []string{"In", "NotIn"}, "Bogus", ""), "values": either(g, [][]any{{1, 2}, {42}}, []any{0}, []any{}, []any{3, 1}, []any{2, 2})}
			if g.chance(0.3) && len(containers) > 0 {
				ec["containerName"] = pick(g, containers[0], "nope")
			}
			r["onExitCodes"] = ec
		case 2, 3:
			r["onPodConditions"] = []any{obj{"type": either(g, []string{"DisruptionTarget", "example.com/x"}, "bad type!"), "status": either(g, []string{"True", "False", "Unknown"}, "", "Maybe")}}
		case 4:
			if g.mistake() {
				r["onExitCodes"] = obj{"operator": "In", "values": []any{1}}
				r["onPodConditions"] = []any{obj{"type": "DisruptionTarget", "status": "True"}}
			}
		}
		rules = append(rules, r)
	}
	return obj{"rules": rules}
}

var envFieldPaths = []string{
	"metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels['app']",
	"metadata.annotations['example.com/x']", "spec.nodeName", "spec.serviceAccountName",
	"status.podIP", "status.hostIP", "status.podIPs", "status.hostIPs", "spec.host",
	"metadata.annotations['Example.COM/Key']",
}

var volumeFieldPaths = []string{
	"metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels['app']",
	"metadata.annotations['example.com/x']", "metadata.labels", "metadata.annotations",
}

var badFieldPaths = []string{
	"metadata.bogus", "spec.terminationGracePeriodSeconds", "status.phase", "metadata.labels['bad key']",
	"spec.restartPolicy", "", "metadata.annotations[example.com/x]", "spec.nodeName['x']", "metadata.labels['']",
	"spec.schedulerName", "metadata.generation",
}

func (g *jobGen) env() []any {
	var env []any
	for range g.r.IntN(3) {
		e := obj{"name": either(g, []string{"FOO", "MY_VAR", "1abc", "my.var", "x y"}, "", "A=B", "ünï")}
		n := g.r.IntN(4)
		if g.mistake() {
			n = 4 + g.r.IntN(2)
		}
		switch n {
		case 0, 1:
			e["value"] = "v"
		case 2, 3:
			fr := obj{"fieldPath": either(g, envFieldPaths, append(badFieldPaths, volumeFieldPaths[5:]...)...)}
			if g.chance(0.1) {
				fr["apiVersion"] = either(g, []string{"v1"}, "v2")
			}
			e["valueFrom"] = obj{"fieldRef": fr}
		case 4:
			e["valueFrom"] = obj{}
		case 5:
			e["value"] = "v"
			e["valueFrom"] = obj{"fieldRef": obj{"fieldPath": "metadata.name"}}
		}
		env = append(env, e)
	}
	return env
}

func (g *jobGen) container(name string, volumes []string) obj {
	c := obj{"name": name}
	if !g.mistake() {
		c["image"] = pick(g, "busybox", "perl:5.34.0", "registry.example.com/team/app@sha256:abc")
	}
	if g.chance(0.5) {
		c["command"] = []any{"sh", "-c", "echo hi"}
	}
	if env := g.env(); len(env) > 0 {
		c["env"] = env
	}
	if g.chance(0.3) {
		var mounts []any
		for range 1 + g.r.IntN(2) {
			vn := "nowhere"
			if len(volumes) > 0 && !g.mistake() {
				vn = pick(g, volumes...)
			}
			m := obj{"name": vn, "mountPath": either(g, []string{fmt.Sprintf("/mnt/%d", len(mounts))}, "", "/data")}
			if g.chance(0.15) {
				m["subPath"] = either(g, []string{"sub", "a/b", "..x"}, "/abs", "../up", "a/../b")
			}
			mounts = append(mounts, m)
		}
		c["volumeMounts"] = mounts
	}
	return c
}

func (g *jobGen) volume() (obj, string) {
	name := either(g, []string{"podinfo", "config", "data", "work"}, "Bad_Name", "")
	v := obj{"name": name}
	n := g.r.IntN(5)
	if g.mistake() {
		n = 5
	}
	switch n {
	case 0, 1:
		var items []any
		for range g.r.IntN(3) {
			it := obj{"path": either(g, []string{"labels", "name", "a/b", "x..y"}, "/abs", "../up", "a/..", "", "..hidden")}
			if !g.mistake() {
				it["fieldRef"] = obj{"fieldPath": either(g, volumeFieldPaths, append(badFieldPaths, "spec.nodeName", "status.podIP")...)}
			}
			if g.chance(0.1) {
				it["mode"] = either(g, []int{0o644, 0, 0o777}, 0o1000, -1)
			}
			items = append(items, it)
		}
		d := obj{"items": items}
		if g.chance(0.1) {
			d["defaultMode"] = either(g, []int{0o644}, 888, -1)
		}
		v["downwardAPI"] = d
	case 2, 3:
		cm := obj{"name": either(g, []string{"my-config", "Bad_Name"}, "")}
		if g.chance(0.5) {
			var items []any
			for range 1 + g.r.IntN(2) {
				items = append(items, obj{"key": either(g, []string{"a.txt", "bad key"}, ""), "path": either(g, []string{"a.txt", "x/y"}, "/abs", "../up", "")})
			}
			cm["items"] = items
		}
		if g.chance(0.1) {
			cm["defaultMode"] = either(g, []int{0o644}, 888, -1)
		}
		v["configMap"] = cm
	case 4:
		// No source: the API server defaults it to emptyDir.
	case 5:
		v["downwardAPI"] = obj{}
		v["configMap"] = obj{"name": "two"}
	}
	return v, name
}

func (g *jobGen) template(labels obj, jobName string) (obj, []string) {
	tmpl := obj{}
	if labels != nil {
		tmpl["metadata"] = obj{"labels": labels}
	}
	if g.chance(0.1) {
		md, _ := tmpl["metadata"].(obj)
		if md == nil {
			md = obj{}
		}
		md["annotations"] = obj{pick(g, "example.com/x", "bad key"): "v"}
		tmpl["metadata"] = md
	}
	spec := obj{"restartPolicy": either(g, []string{"Never", "OnFailure"}, "Always", "", "never")}
	if g.chance(0.1) {
		spec["serviceAccountName"] = either(g, []string{"builder", "team.sa"}, "Bad_SA")
	}
	if g.chance(0.05) {
		spec["hostname"] = either(g, []string{"worker-0"}, "a.b")
		spec["subdomain"] = either(g, []string{"svc"}, "Svc")
	}
	if g.chance(0.05) {
		spec["nodeName"] = either(g, []string{"node-1.example"}, "Node_1")
	}
	var volumes []any
	var volumeNames []string
	for i := range g.r.IntN(3) {
		v, n := g.volume()
		if !g.mistake() && n != "" {
			n = fmt.Sprintf("%s-%d", n, i) // unique unless a mistake is due
			v["name"] = n
		}
		volumes = append(volumes, v)
		volumeNames = append(volumeNames, n)
	}
	if len(volumes) > 0 {
		spec["volumes"] = volumes
	}
	var containers []any
	var names []string
	n := 1 + g.r.IntN(2)
	if g.mistake() && g.chance(0.2) {
		n = 0
	}
	for i := range n {
		name := either(g, []string{fmt.Sprintf("c%d", i), fmt.Sprintf("main-%d", i)}, "main", "Main", "")
		names = append(names, name)
		containers = append(containers, g.container(name, volumeNames))
	}
	spec["containers"] = containers
	if g.chance(0.2) {
		var inits []any
		for range 1 + g.r.IntN(2) {
			name := either(g, []string{"init", "setup"}, "main", "Init", "c0")
			names = append(names, name)
			inits = append(inits, g.container(name, volumeNames))
		}
		spec["initContainers"] = inits
	}
	tmpl["spec"] = spec
	_ = jobName
	return tmpl, names
}

// job makes one manifest.
func (g *jobGen) job() obj {
	g.bad = pick(g, 0.0, 0.0, 0.0, 0.02, 0.05, 0.1, 0.3)
	name := g.name()
	meta := obj{}
	if name == "" && g.chance(0.5) {
		meta["generateName"] = pick(g, "pi-", "Bad-", "x.")
	} else {
		meta["name"] = name
	}
	var tmplLabels obj
	if g.chance(0.75) {
		tmplLabels = g.labelMap(false)
	} else if g.chance(0.2) {
		tmplLabels = obj{}
	}
	switch g.r.IntN(5) {
	case 0:
		meta["labels"] = g.labelMap(false)
	case 1:
		if tmplLabels != nil {
			same := obj{}
			for k, v := range tmplLabels {
				same[k] = v
			}
			meta["labels"] = same
		}
	}
	if g.chance(0.1) {
		meta["annotations"] = obj{either(g, []string{"example.com/note", "Example.com/x"}, "bad key", ""): "v"}
	}
	spec := obj{}
	manual := false
	switch g.r.IntN(6) {
	case 0:
		spec["manualSelector"] = false
	case 1, 2:
		if tmplLabels != nil || g.mistake() {
			spec["manualSelector"] = true
			manual = true
		}
	}
	if sel := g.selector(manual, tmplLabels, name); sel != nil {
		spec["selector"] = sel
	}
	indexed := false
	switch g.r.IntN(6) {
	case 0, 1:
		spec["completionMode"] = "Indexed"
		indexed = true
	case 2:
		spec["completionMode"] = "NonIndexed"
	case 3:
		if g.mistake() {
			spec["completionMode"] = "indexed"
		}
	}
	if g.chance(0.8) || !indexed {
		if g.chance(0.8) {
			spec["completions"] = either(g, []int{1, 3, 5, 0, 10}, -1, 100001, 200000)
		}
	}
	if g.chance(0.6) {
		spec["parallelism"] = either(g, []int{1, 2, 3, 0}, -1, 100001, 20000)
	}
	if g.chance(0.4) {
		spec["backoffLimit"] = either(g, []int{0, 4, 6}, -1)
	}
	if indexed && g.chance(0.3) || g.mistake() {
		spec["backoffLimitPerIndex"] = either(g, []int{0, 1, 2}, -1)
		if g.chance(0.5) {
			spec["maxFailedIndexes"] = either(g, []int{0, 1, 3}, -1, 100001, 20000)
		}
	}
	if g.mistake() {
		spec["maxFailedIndexes"] = either(g, []int{0, 1}, -1)
	}
	if g.chance(0.1) {
		spec["activeDeadlineSeconds"] = either(g, []int{60, 0}, -5)
	}
	if g.chance(0.1) {
		spec["ttlSecondsAfterFinished"] = either(g, []int{100, 0}, -1)
	}
	if g.chance(0.3) {
		spec["suspend"] = g.chance(0.7)
	}
	if g.chance(0.08) {
		spec["managedBy"] = either(g, []string{"example.com/foo", "kubernetes.io/job-controller", "kueue.x-k8s.io/multikueue"}, "bad", "example.com/"+strings.Repeat("x", 60), "Example.com/x", "example.com/a b", "", "/x", "example.com/")
	}
	if g.chance(0.1) {
		spec["podReplacementPolicy"] = either(g, []string{"Failed", "TerminatingOrFailed"}, "Bogus")
	}
	tmpl, containers := g.template(tmplLabels, name)
	spec["template"] = tmpl
	if g.chance(0.15) {
		spec["podFailurePolicy"] = g.podFailurePolicy(containers)
		if !g.mistake() {
			tmpl["spec"].(obj)["restartPolicy"] = "Never"
			if p, ok := spec["podReplacementPolicy"]; ok && p != "Failed" {
				delete(spec, "podReplacementPolicy")
			}
		}
	}
	if indexed && g.chance(0.3) || g.mistake() {
		spec["successPolicy"] = g.successPolicy()
	}
	return obj{"apiVersion": "batch/v1", "kind": "Job", "metadata": meta, "spec": spec}
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}
