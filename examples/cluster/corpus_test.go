package cluster

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// obj is a JSON object under construction.
type obj = map[string]any

// manifest is one request of the corpus: a batch/v1 Job as JSON (as
// kubectl sends it) and the namespace kubectl is given with -n ("" for
// none: the request goes to the manifest's namespace, else "default").
type manifest struct {
	name  string
	data  []byte
	given string
}

// jobGen makes batch/v1 Job manifests, valid and invalid: a small valid
// Job, then each of many independent changes with some probability — the
// Job's own fields (modes, counts, policies, selectors, labels, names and
// namespaces), the pod template's (containers, restart policy, resources,
// environment, volumes, security context), unknown and duplicate fields.
// Most changes keep the Job valid; some break one rule, so that many Jobs
// are refused for one or two reasons each, as users' mistakes are.
type jobGen struct {
	r *rand.Rand
	n int
}

func newJobGen(seed uint64) *jobGen {
	return &jobGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *jobGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *jobGen) pick(vs ...any) any { return vs[g.r.IntN(len(vs))] }

// manifest returns the next manifest.
func (g *jobGen) manifest() manifest {
	g.n++
	i := g.n
	name := fmt.Sprintf("gen-%d", i)
	container := obj{"name": "main", "image": "busybox:1.36", "command": []any{"sh", "-c", "exit 0"}}
	podSpec := obj{"restartPolicy": "Never", "containers": []any{container}}
	tmpl := obj{"spec": podSpec}
	spec := obj{"template": tmpl}
	md := obj{"name": name}
	m := obj{"apiVersion": "batch/v1", "kind": "Job", "metadata": md, "spec": spec}

	// Names and namespaces.
	switch {
	case g.chance(0.1):
		delete(md, "name")
		md["generateName"] = name + "-"
	case g.chance(0.03):
		md["name"] = "Gen_" + fmt.Sprint(i) // not a DNS subdomain
	case g.chance(0.03):
		md["name"] = fmt.Sprintf("gen.%d", i) // a subdomain, not a label
	case g.chance(0.02):
		md["name"] = name + "-" + strings.Repeat("x", 60) // too long for the hostname / label
	}
	switch g.r.IntN(4) {
	case 1:
		md["namespace"] = "default"
	case 2:
		md["namespace"] = "team-a"
	}
	var given string
	switch g.r.IntN(10) {
	case 0, 1:
		given = "team-a"
	case 2:
		given = "default"
	}

	// Labels and annotations.
	appLabels := obj{"app": fmt.Sprintf("a%d", i%7)}
	if g.chance(0.5) {
		tm := obj{"labels": cloneObj(appLabels)}
		tmpl["metadata"] = tm
		if g.chance(0.08) {
			tm["labels"].(obj)["job-name"] = "someone-else"
		}
		if g.chance(0.05) {
			tm["labels"].(obj)["batch.kubernetes.io/controller-uid"] = "3f1c7a2e-0000-4000-8000-000000000001"
		}
		if g.chance(0.1) {
			tm["annotations"] = obj{"example.com/note": "hello"}
		}
	}
	switch g.r.IntN(5) {
	case 1:
		md["labels"] = cloneObj(appLabels)
	case 2:
		md["labels"] = obj{"team": "blue"}
	case 3:
		if g.chance(0.3) {
			md["labels"] = obj{"bad key!": "x"}
		}
	}
	if g.chance(0.1) {
		md["annotations"] = obj{"example.com/owner": "me"}
	}

	// Counts and modes.
	if g.chance(0.5) {
		spec["completions"] = g.r.IntN(6) - g.boolInt(0.05)
	}
	if g.chance(0.5) {
		spec["parallelism"] = g.r.IntN(6) - g.boolInt(0.05)
	}
	if g.chance(0.3) {
		spec["backoffLimit"] = g.r.IntN(7) - g.boolInt(0.1)
	}
	if g.chance(0.15) {
		spec["activeDeadlineSeconds"] = g.pick(0, 100, -5)
	}
	if g.chance(0.15) {
		spec["ttlSecondsAfterFinished"] = g.pick(0, 100, -1)
	}
	if g.chance(0.15) {
		spec["suspend"] = g.chance(0.5)
	}
	indexed := false
	if g.chance(0.35) {
		mode := g.pick("Indexed", "Indexed", "Indexed", "NonIndexed", "Sometimes").(string)
		spec["completionMode"] = mode
		indexed = mode == "Indexed"
	}
	if indexed {
		if _, ok := spec["completions"]; !ok && g.chance(0.8) {
			spec["completions"] = 1 + g.r.IntN(5)
		}
		if g.chance(0.3) {
			spec["backoffLimitPerIndex"] = g.r.IntN(3) - g.boolInt(0.1)
			if g.chance(0.5) {
				spec["maxFailedIndexes"] = g.r.IntN(4)
			}
		}
		if c, ok := spec["completions"].(int); ok && c > 0 && g.chance(0.3) {
			rule := obj{}
			if g.chance(0.6) {
				rule["succeededIndexes"] = g.pick("0", "0-1", fmt.Sprintf("0-%d", c-1), "1,0", "x", fmt.Sprint(c+3)).(string)
			}
			if g.chance(0.5) {
				rule["succeededCount"] = g.r.IntN(c+2) - g.boolInt(0.1)
			}
			spec["successPolicy"] = obj{"rules": []any{rule}}
		}
	} else if g.chance(0.05) {
		spec["backoffLimitPerIndex"] = 1 // only for Indexed Jobs
	}
	if g.chance(0.1) {
		spec["podReplacementPolicy"] = g.pick("Failed", "TerminatingOrFailed", "Whenever").(string)
	}
	if g.chance(0.08) {
		spec["managedBy"] = g.pick("kubernetes.io/job-controller", "example.com/jobkit", "jobkit", strings.Repeat("a", 70)+".example.com/x").(string)
	}

	// The pod failure policy.
	if g.chance(0.2) {
		var rules []any
		for range 1 + g.r.IntN(3) {
			action := g.pick("FailJob", "Ignore", "Count", "FailIndex", "Retry").(string)
			rule := obj{"action": action}
			if g.chance(0.7) {
				vals := []any{1, 2}
				switch g.r.IntN(5) {
				case 1:
					vals = []any{0}
				case 2:
					vals = []any{3, 2}
				case 3:
					vals = []any{42}
				}
				ec := obj{"operator": g.pick("In", "NotIn", "Above").(string), "values": vals}
				if g.chance(0.2) {
					ec["containerName"] = g.pick("main", "other").(string)
				}
				rule["onExitCodes"] = ec
			} else {
				rule["onPodConditions"] = []any{obj{"type": g.pick("DisruptionTarget", "ConfigIssue").(string), "status": g.pick("True", "False", "Maybe").(string)}}
			}
			rules = append(rules, rule)
		}
		spec["podFailurePolicy"] = obj{"rules": rules}
	}

	// Selectors.
	switch {
	case g.chance(0.08):
		spec["manualSelector"] = true
		if tm, ok := tmpl["metadata"].(obj); ok && g.chance(0.7) {
			spec["selector"] = obj{"matchLabels": cloneObj(tm["labels"].(obj))}
		} else if g.chance(0.5) {
			spec["selector"] = obj{"matchLabels": obj{"app": "elsewhere"}}
		}
	case g.chance(0.05):
		spec["selector"] = obj{"matchExpressions": []any{obj{"key": "app", "operator": g.pick("In", "Exists", "Near").(string), "values": []any{"a1"}}}}
	case g.chance(0.03):
		spec["manualSelector"] = false
	}

	// The pod template.
	switch {
	case g.chance(0.05):
		podSpec["restartPolicy"] = "Always"
	case g.chance(0.03):
		delete(podSpec, "restartPolicy")
	case g.chance(0.3):
		podSpec["restartPolicy"] = "OnFailure"
	}
	if g.chance(0.02) {
		podSpec["containers"] = []any{}
	}
	if g.chance(0.04) {
		container["name"] = "Main_1"
	}
	if g.chance(0.04) {
		delete(container, "image")
	}
	if g.chance(0.1) {
		container["imagePullPolicy"] = g.pick("Always", "IfNotPresent", "Sometimes").(string)
	}
	if g.chance(0.15) {
		env := []any{obj{"name": "MODE", "value": "fast"}}
		if g.chance(0.2) {
			env = append(env, obj{"name": "1BAD=", "value": "x"})
		}
		if indexed && g.chance(0.5) {
			env = append(env, obj{"name": "INDEX", "valueFrom": obj{"fieldRef": obj{"fieldPath": g.pick(
				"metadata.annotations['batch.kubernetes.io/job-completion-index']",
				"metadata.labels['batch.kubernetes.io/job-completion-index']",
				"status.podIP", "spec.nodeName", "metadata.bogus").(string)}}})
		}
		container["env"] = env
	}
	if g.chance(0.15) {
		res := obj{"requests": obj{"cpu": g.pick("100m", "1", "0.5", "lots").(string), "memory": g.pick("64Mi", "1G", "-1").(string)}}
		if g.chance(0.5) {
			res["limits"] = obj{"cpu": g.pick("50m", "2").(string)}
		}
		container["resources"] = res
	}
	if g.chance(0.08) {
		container["ports"] = []any{obj{"containerPort": g.pick(8080, 0, 70000).(int), "protocol": g.pick("TCP", "UDP", "HTTP").(string)}}
	}
	if g.chance(0.06) {
		container["securityContext"] = obj{"privileged": true}
	}
	if g.chance(0.06) {
		container["securityContext"] = obj{"runAsNonRoot": true, "runAsUser": g.pick(1000, 0, -1).(int), "capabilities": obj{"drop": []any{"ALL"}}}
	}
	if g.chance(0.15) {
		vol := obj{"name": "data"}
		switch g.r.IntN(4) {
		case 0:
			vol["emptyDir"] = obj{}
		case 1:
			vol["configMap"] = obj{"name": "cm", "defaultMode": g.pick(0o644, 0o1000).(int)}
		case 2:
			vol["downwardAPI"] = obj{"items": []any{obj{"path": g.pick("labels", "../up", "a/b").(string), "fieldRef": obj{"fieldPath": g.pick("metadata.labels", "metadata.name", "status.phase").(string)}}}}
		case 3:
			vol["emptyDir"] = obj{"sizeLimit": "1Gi"}
			vol["hostPath"] = obj{"path": "/tmp"} // two sources
		}
		podSpec["volumes"] = []any{vol}
		mountName := "data"
		if g.chance(0.15) {
			mountName = "missing"
		}
		container["volumeMounts"] = []any{obj{"name": mountName, "mountPath": g.pick("/data", "data", "/data").(string)}}
	}
	if g.chance(0.08) {
		podSpec["initContainers"] = []any{obj{"name": g.pick("init", "main").(string), "image": "busybox:1.36"}}
	}
	if g.chance(0.05) {
		podSpec["activeDeadlineSeconds"] = g.pick(30, 0).(int)
	}
	if g.chance(0.05) {
		podSpec["nodeSelector"] = obj{"disktype": "ssd"}
		podSpec["tolerations"] = []any{obj{"key": "k", "operator": g.pick("Exists", "Equal", "Maybe").(string), "effect": "NoSchedule"}}
	}
	if g.chance(0.04) {
		podSpec["hostname"] = g.pick("worker", "Worker_1").(string)
	}
	if g.chance(0.04) {
		podSpec["terminationGracePeriodSeconds"] = g.pick(30, -1).(int)
	}

	// Unknown fields, which Strict refuses and Warn drops with a warning.
	if g.chance(0.12) {
		switch g.r.IntN(6) {
		case 0:
			m["colour"] = "blue"
		case 1:
			spec["backofLimit"] = 3
		case 2:
			md["labelz"] = obj{"a": "b"}
		case 3:
			container["imagePullPolcy"] = "Always"
		case 4:
			podSpec["restartPolcy"] = "Never"
			tmpl["extra"] = obj{"x": 1}
		case 5:
			// Members a label selector does not model.
			if sel, ok := spec["selector"].(obj); ok {
				sel["matchLabel"] = obj{"a": "b"}
			} else {
				spec["selector"] = obj{"matchExpressions": []any{obj{"key": "k", "operator": "Exists", "value": "x"}}}
			}
		}
	}
	// Values of the wrong JSON type, which the server cannot decode.
	if g.chance(0.05) {
		switch g.r.IntN(5) {
		case 0:
			spec["completions"] = "3"
		case 1:
			spec["suspend"] = "yes"
		case 2:
			container["command"] = "echo hi"
		case 3:
			md["labels"] = obj{"tier": 1}
		case 4:
			spec["parallelism"] = 1.5
		}
	}
	data, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	// Duplicate fields, which Strict refuses and Warn resolves (the last
	// value wins) with a warning.
	if g.chance(0.04) {
		data = []byte(strings.Replace(string(data), `"spec":{`, `"spec":{"parallelism":7,`, 1))
		if _, ok := spec["parallelism"]; !ok {
			data = []byte(strings.Replace(string(data), `"spec":{"parallelism":7,`, `"spec":{"parallelism":7,"parallelism":2,`, 1))
		}
	}
	return manifest{name: fmt.Sprintf("generated %d", i), data: data, given: given}
}

func (g *jobGen) boolInt(p float64) int {
	if g.chance(p) {
		return 1 + g.r.IntN(3)
	}
	return 0
}

func cloneObj(o obj) obj {
	c := make(obj, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}
