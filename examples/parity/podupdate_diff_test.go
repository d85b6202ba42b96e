package parity

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	podutil "k8s.io/kubernetes/pkg/api/pod"
	api "k8s.io/kubernetes/pkg/apis/core"
	corevalidation "k8s.io/kubernetes/pkg/apis/core/validation"

	"github.com/jobkit/jobkit/jobapi/core"
)

// The pod update differential test compares Kubernetes' validation of an
// update and of a status update of a pod with jobkit's, on generated pods
// and generated changes.
//
// Kubernetes' side: both pods' v1 JSON decoded into k8s.io/api's Pod,
// defaulted by the legacy scheme, converted to the internal type, then
// corevalidation.ValidatePodUpdate (or ValidatePodStatusUpdate) with the
// options the pod strategy derives: podutil.GetValidationOptionsFromPodSpecAndMeta
// with both specs and metadata, ResourceIsPod set. jobkit's side: the JSON
// decoded into core.Pod, core.SetDefaultsPod, core.ValidatePodUpdate (or
// ValidatePodStatusUpdate) with core.PodUpdateValidationOptions of the old
// spec. What is compared are the validation functions the strategies
// call, not the strategies' PrepareForUpdate (which keeps the old status
// on an update and the old spec on a status update: the generator makes
// the new pod that way itself).
//
// A status update's new pod is the old one with a changed status. Both
// verdicts are reduced to sets of (error type, field path); errors about
// --allow-privileged ("by cluster policy") are left out, as in the pod
// validation parity test.

// podGen makes pods and changes to them from the Job generator's
// templates.
type podGen struct{ *jobGen }

// basePod returns a pod as a v1 JSON value: a template of the Job
// generator (mostly valid), a pod's metadata, and what the update rules
// look at — tolerations, scheduling gates, node constraints, deadlines,
// restart policies and rules, sidecars, annotations, owner references,
// finalizers, a deletion in progress — and a status written by a node.
func (g podGen) basePod() obj {
	g.bad = pick(g.jobGen, 0.0, 0.0, 0.02)
	tmpl, _ := g.template(obj{"app": "x"}, "p")
	spec := tmpl["spec"].(obj)
	md := obj{"name": "p-1", "namespace": "default", "uid": "00000000-0000-4000-8000-000000000001",
		"resourceVersion": "5", "generation": 1, "creationTimestamp": "2026-11-23T12:00:00Z", "labels": obj{"app": "x"}}
	if a, ok := tmpl["metadata"].(obj)["annotations"]; ok {
		md["annotations"] = a
	}
	pod := obj{"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec}
	if g.chance(0.15) {
		spec["restartPolicy"] = "Always"
	}
	if g.chance(0.4) {
		spec["tolerations"] = []any{
			obj{"key": "dedicated", "operator": "Equal", "value": "batch", "effect": "NoSchedule"},
			obj{"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
		}
	}
	if g.chance(0.4) {
		spec["schedulingGates"] = []any{obj{"name": "example.com/quota"}, obj{"name": "example.com/zone"}}
	}
	if g.chance(0.4) {
		spec["nodeSelector"] = obj{"disk": "ssd"}
	}
	if g.chance(0.3) {
		terms := []any{obj{"matchExpressions": []any{obj{"key": "zone", "operator": "In", "values": []any{"a", "b"}}}}}
		if g.chance(0.3) {
			terms = []any{obj{}}
		}
		spec["affinity"] = obj{"nodeAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": terms}}}
		if g.chance(0.3) {
			spec["affinity"].(obj)["podAffinity"] = obj{"requiredDuringSchedulingIgnoredDuringExecution": []any{
				obj{"topologyKey": "zone", "labelSelector": obj{"matchLabels": obj{"app": "x"}}}}}
		}
	}
	if g.chance(0.4) {
		spec["activeDeadlineSeconds"] = pick(g.jobGen, 60, 3600)
	}
	if g.chance(0.1) {
		spec["terminationGracePeriodSeconds"] = -1
	}
	if g.chance(0.3) {
		spec["nodeName"] = "node-1"
	}
	cs := spec["containers"].([]any)
	if len(cs) > 0 && g.chance(0.4) {
		c := cs[0].(obj)
		c["restartPolicy"] = pick(g.jobGen, "Never", "OnFailure", "Always")
		if g.chance(0.6) {
			c["restartPolicyRules"] = []any{obj{"action": pick(g.jobGen, "Restart", "RestartAllContainers"),
				"exitCodes": obj{"operator": pick(g.jobGen, "In", "NotIn"), "values": []any{42}}}}
		}
	}
	if g.chance(0.25) {
		inits, _ := spec["initContainers"].([]any)
		spec["initContainers"] = append(inits, obj{"name": "sidecar", "image": "envoy", "restartPolicy": "Always"})
	}
	if g.chance(0.3) {
		anns, _ := md["annotations"].(obj)
		if anns == nil {
			anns = obj{}
			md["annotations"] = anns
		}
		switch g.r.IntN(3) {
		case 0:
			if len(cs) > 0 {
				anns["container.apparmor.security.beta.kubernetes.io/"+cs[0].(obj)["name"].(string)] = "runtime/default"
			}
		case 1:
			anns["kubernetes.io/config.mirror"] = "abc"
			spec["nodeName"] = "node-1"
		case 2:
			anns["controller.kubernetes.io/pod-deletion-cost"] = pick(g.jobGen, "10", "x")
		}
	}
	if g.chance(0.3) {
		md["ownerReferences"] = []any{obj{"apiVersion": "batch/v1", "kind": "Job", "name": "p", "uid": "00000000-0000-4000-8000-000000000009", "controller": true}}
	}
	if g.chance(0.2) {
		md["finalizers"] = []any{"batch.kubernetes.io/job-tracking"}
		if g.chance(0.5) {
			md["deletionTimestamp"] = "2026-11-23T12:05:00Z"
			md["deletionGracePeriodSeconds"] = 30
		}
	}
	if g.chance(0.2) {
		md["managedFields"] = []any{obj{"manager": "kube-controller-manager", "operation": "Update", "apiVersion": "v1", "fieldsType": "FieldsV1", "fieldsV1": obj{}}}
	}
	if g.chance(0.25) {
		legacy(g, pod)
	}
	pod["status"] = g.status(spec)
	return pod
}

// legacy gives a pod one thing older API servers (or feature gates since
// turned off) accepted and today's create refuses, which an update must
// keep accepting.
func legacy(g podGen, p obj) {
	spec := podSpec(p)
	switch g.r.IntN(7) {
	case 0:
		ts, _ := spec["tolerations"].([]any)
		spec["tolerations"] = append(ts, obj{"key": "example.com/size", "operator": pick(g.jobGen, "Lt", "Gt"), "value": pick(g.jobGen, "4", "x")})
	case 1:
		spec["affinity"] = obj{"nodeAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": []any{
			obj{"matchExpressions": []any{obj{"key": "zone", "operator": "In", "values": []any{"-bad-"}}}}}}}}
	case 2:
		spec["affinity"] = obj{"podAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": []any{
			obj{"topologyKey": "zone", "labelSelector": obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{"-bad-"}}}}}}}}
	case 3:
		spec["hostNetwork"] = true
		spec["securityContext"] = obj{"sysctls": []any{obj{"name": "net.ipv4.ip_local_port_range", "value": "1024 65535"}}}
	case 4:
		spec["topologySpreadConstraints"] = []any{obj{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule",
			"labelSelector": obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{"-bad-"}}}}}}
	case 5:
		if c := podContainer(p, "containers", 0); len(c) > 0 {
			c["resources"] = obj{"limits": obj{"hugepages-2Mi": "3Mi", "memory": "1Gi", "cpu": "1"}}
		}
	case 6:
		spec["securityContext"] = obj{"seLinuxChangePolicy": "MountOption"}
	}
}

// status is what a kubelet writes: a phase, conditions, IPs, the QoS
// class and a status per container, some terminated.
func (g podGen) status(spec obj) obj {
	st := obj{"phase": "Running", "qosClass": pick(g.jobGen, "BestEffort", "Burstable"),
		"conditions": []any{obj{"type": "Ready", "status": "True"}, obj{"type": "PodScheduled", "status": "True"}}}
	if g.chance(0.7) {
		st["podIP"] = "10.1.2.3"
		st["podIPs"] = []any{obj{"ip": "10.1.2.3"}}
		st["hostIP"] = "192.168.0.1"
		st["hostIPs"] = []any{obj{"ip": "192.168.0.1"}}
	}
	for _, list := range [][2]string{{"containers", "containerStatuses"}, {"initContainers", "initContainerStatuses"}} {
		cs, _ := spec[list[0]].([]any)
		var out []any
		for _, c := range cs {
			name, _ := c.(obj)["name"].(string)
			s := obj{"name": name, "ready": false, "restartCount": 0, "image": "img", "imageID": ""}
			if g.chance(0.5) {
				s["state"] = obj{"terminated": obj{"exitCode": pick(g.jobGen, 0, 1, 42)}}
			} else {
				s["state"] = obj{"running": obj{"startedAt": "2026-11-23T12:00:01Z"}}
			}
			out = append(out, s)
		}
		if len(out) > 0 {
			st[list[1]] = out
		}
	}
	return st
}

// podChange changes the new state of a pod.
type podChange struct {
	name  string
	apply func(g podGen, p obj)
}

func podSpec(p obj) obj { return p["spec"].(obj) }
func podMeta(p obj) obj { return p["metadata"].(obj) }
func podStatus(p obj) obj {
	st, _ := p["status"].(obj)
	if st == nil {
		st = obj{}
		p["status"] = st
	}
	return st
}
func podContainer(p obj, list string, i int) obj {
	cs, _ := podSpec(p)[list].([]any)
	if i >= len(cs) {
		return obj{}
	}
	return cs[i].(obj)
}

// requiredNodeAffinity returns the pod's required node affinity, when it
// has one with terms.
func requiredNodeAffinity(p obj) (obj, bool) {
	aff, _ := podSpec(p)["affinity"].(obj)
	na, _ := aff["nodeAffinity"].(obj)
	req, _ := na["requiredDuringSchedulingIgnoredDuringExecution"].(obj)
	terms, _ := req["nodeSelectorTerms"].([]any)
	return req, len(terms) > 0
}

func podAnnotations(p obj) obj {
	a, _ := podMeta(p)["annotations"].(obj)
	if a == nil {
		a = obj{}
		podMeta(p)["annotations"] = a
	}
	return a
}

// podUpdateMutations change what an update of a pod may and may not
// change.
var podUpdateMutations = []podChange{
	{"nothing", func(podGen, obj) {}},
	{"new image", func(g podGen, p obj) {
		podContainer(p, "containers", 0)["image"] = pick(g.jobGen, "busybox:2", "busybox")
	}},
	{"image pull policy kept", func(g podGen, p obj) {
		c := podContainer(p, "containers", 0)
		c["image"], c["imagePullPolicy"] = "busybox:1.36", "Always"
	}},
	{"empty image", func(g podGen, p obj) { podContainer(p, "containers", 0)["image"] = "" }},
	{"image with blanks", func(g podGen, p obj) { podContainer(p, "containers", 0)["image"] = " busybox" }},
	{"new init image", func(g podGen, p obj) { podContainer(p, "initContainers", 0)["image"] = "envoy:2" }},
	{"new command", func(g podGen, p obj) { podContainer(p, "containers", 0)["command"] = []any{"true"} }},
	{"container added", func(g podGen, p obj) {
		cs, _ := podSpec(p)["containers"].([]any)
		podSpec(p)["containers"] = append(cs, obj{"name": "extra", "image": "busybox"})
	}},
	{"container removed", func(g podGen, p obj) {
		cs, _ := podSpec(p)["containers"].([]any)
		if len(cs) > 0 {
			podSpec(p)["containers"] = cs[1:]
		}
	}},
	{"init container removed", func(g podGen, p obj) { delete(podSpec(p), "initContainers") }},
	{"activeDeadlineSeconds", func(g podGen, p obj) {
		switch g.r.IntN(4) {
		case 0:
			podSpec(p)["activeDeadlineSeconds"] = 30
		case 1:
			podSpec(p)["activeDeadlineSeconds"] = 7200
		case 2:
			delete(podSpec(p), "activeDeadlineSeconds")
		case 3:
			podSpec(p)["activeDeadlineSeconds"] = pick(g.jobGen, -1, 0, 1<<31)
		}
	}},
	{"toleration added", func(g podGen, p obj) {
		ts, _ := podSpec(p)["tolerations"].([]any)
		op := pick(g.jobGen, "Exists", "Exists", "Bogus")
		podSpec(p)["tolerations"] = append(ts, obj{"key": "gpu", "operator": op, "effect": "NoSchedule"})
	}},
	{"toleration removed", func(g podGen, p obj) {
		if ts, _ := podSpec(p)["tolerations"].([]any); len(ts) > 0 {
			podSpec(p)["tolerations"] = ts[1:]
		}
	}},
	{"toleration seconds changed", func(g podGen, p obj) {
		if ts, _ := podSpec(p)["tolerations"].([]any); len(ts) > 1 {
			ts[1].(obj)["tolerationSeconds"] = 10
		}
	}},
	{"toleration value changed", func(g podGen, p obj) {
		if ts, _ := podSpec(p)["tolerations"].([]any); len(ts) > 0 {
			ts[0].(obj)["value"] = "other"
		}
	}},
	{"scheduling gate removed", func(g podGen, p obj) {
		if gs, _ := podSpec(p)["schedulingGates"].([]any); len(gs) > 0 {
			podSpec(p)["schedulingGates"] = gs[1:]
		}
	}},
	{"scheduling gates cleared", func(g podGen, p obj) { delete(podSpec(p), "schedulingGates") }},
	{"scheduling gate added", func(g podGen, p obj) {
		gs, _ := podSpec(p)["schedulingGates"].([]any)
		name := pick(g.jobGen, "example.com/new", "example.com/quota", "Bad Gate")
		gs = append(gs, obj{"name": name})
		if g.chance(0.3) {
			gs = append(gs, obj{"name": name})
		}
		podSpec(p)["schedulingGates"] = gs
	}},
	{"nodeSelector entry added", func(g podGen, p obj) {
		ns, _ := podSpec(p)["nodeSelector"].(obj)
		if ns == nil {
			ns = obj{}
			podSpec(p)["nodeSelector"] = ns
		}
		ns["zone"] = "a"
	}},
	{"nodeSelector entry changed", func(g podGen, p obj) { podSpec(p)["nodeSelector"] = obj{"disk": "hdd"} }},
	{"nodeSelector removed", func(g podGen, p obj) { delete(podSpec(p), "nodeSelector") }},
	{"node affinity requirement added", func(g podGen, p obj) {
		aff, _ := podSpec(p)["affinity"].(obj)
		if aff == nil {
			podSpec(p)["affinity"] = obj{"nodeAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": []any{
				obj{"matchExpressions": []any{obj{"key": "zone", "operator": "Exists"}}}}}}}
			return
		}
		req, ok := requiredNodeAffinity(p)
		if !ok {
			aff["nodeAffinity"] = obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": []any{obj{}}}}
			req, _ = requiredNodeAffinity(p)
		}
		t := req["nodeSelectorTerms"].([]any)[0].(obj)
		es, _ := t["matchExpressions"].([]any)
		t["matchExpressions"] = append(es, obj{"key": "arch", "operator": "In", "values": []any{"arm64"}})
	}},
	{"node affinity term added", func(g podGen, p obj) {
		req, ok := requiredNodeAffinity(p)
		if !ok {
			return
		}
		req["nodeSelectorTerms"] = append(req["nodeSelectorTerms"].([]any), obj{"matchFields": []any{obj{"key": "metadata.name", "operator": "In", "values": []any{"n"}}}})
	}},
	{"node affinity requirement changed", func(g podGen, p obj) {
		req, ok := requiredNodeAffinity(p)
		if !ok {
			return
		}
		terms := req["nodeSelectorTerms"].([]any)
		terms[0] = obj{"matchExpressions": []any{obj{"key": "zone", "operator": "NotIn", "values": []any{"c"}}}}
	}},
	{"affinity removed", func(g podGen, p obj) { delete(podSpec(p), "affinity") }},
	{"grace period", func(g podGen, p obj) { podSpec(p)["terminationGracePeriodSeconds"] = pick(g.jobGen, 1, 5) }},
	{"node name changed", func(g podGen, p obj) { podSpec(p)["nodeName"] = "node-2" }},
	{"restart policy changed", func(g podGen, p obj) { podSpec(p)["restartPolicy"] = "OnFailure" }},
	{"service account removed", func(g podGen, p obj) {
		delete(podSpec(p), "serviceAccountName")
		vs, _ := podSpec(p)["volumes"].([]any)
		podSpec(p)["volumes"] = append(vs, obj{"name": "tok", "projected": obj{"sources": []any{obj{"serviceAccountToken": obj{"path": "t"}}}}})
	}},
	{"label added", func(g podGen, p obj) {
		podMeta(p)["labels"].(obj)[pick(g.jobGen, "team", "bad key")] = pick(g.jobGen, "a", "-bad-")
	}},
	{"AppArmor annotation added or changed", func(g podGen, p obj) {
		anns := podAnnotations(p)
		for k := range anns {
			if strings.HasPrefix(k, "container.apparmor.security.beta.kubernetes.io/") {
				anns[k] = "unconfined"
				return
			}
		}
		name, _ := podContainer(p, "containers", 0)["name"].(string)
		anns["container.apparmor.security.beta.kubernetes.io/"+name] = "runtime/default"
	}},
	{"mirror annotation changed", func(g podGen, p obj) {
		anns := podAnnotations(p)
		if _, ok := anns["kubernetes.io/config.mirror"]; ok && g.chance(0.5) {
			delete(anns, "kubernetes.io/config.mirror")
			return
		}
		anns["kubernetes.io/config.mirror"] = "def"
	}},
	{"deletion cost", func(g podGen, p obj) {
		podAnnotations(p)["controller.kubernetes.io/pod-deletion-cost"] = pick(g.jobGen, "5", "x", "01")
	}},
	{"annotations removed", func(g podGen, p obj) { delete(podMeta(p), "annotations") }},
	{"name changed", func(g podGen, p obj) { podMeta(p)["name"] = pick(g.jobGen, "p-2", "P_2") }},
	{"namespace changed", func(g podGen, p obj) { podMeta(p)["namespace"] = pick(g.jobGen, "other", "") }},
	{"uid changed", func(g podGen, p obj) { podMeta(p)["uid"] = "00000000-0000-4000-8000-000000000002" }},
	{"generation", func(g podGen, p obj) { podMeta(p)["generation"] = pick(g.jobGen, 0, 2, -1) }},
	{"creationTimestamp changed", func(g podGen, p obj) { podMeta(p)["creationTimestamp"] = "2026-11-23T13:00:00Z" }},
	{"deletionTimestamp", func(g podGen, p obj) {
		if _, ok := podMeta(p)["deletionTimestamp"]; ok && g.chance(0.5) {
			delete(podMeta(p), "deletionTimestamp")
			return
		}
		podMeta(p)["deletionTimestamp"] = "2026-11-23T12:10:00Z"
	}},
	{"deletionGracePeriodSeconds", func(g podGen, p obj) { podMeta(p)["deletionGracePeriodSeconds"] = 5 }},
	{"finalizer added", func(g podGen, p obj) {
		fs, _ := podMeta(p)["finalizers"].([]any)
		podMeta(p)["finalizers"] = append(fs, pick[any](g.jobGen, "example.com/keep", "bad finalizer", "orphan"))
	}},
	{"finalizers removed", func(g podGen, p obj) { delete(podMeta(p), "finalizers") }},
	{"owner reference", func(g podGen, p obj) {
		refs := []any{obj{"apiVersion": pick(g.jobGen, "batch/v1", "", "a/b/c"), "kind": pick(g.jobGen, "Job", ""), "name": "p", "uid": pick(g.jobGen, "u", ""), "controller": true}}
		if g.chance(0.3) {
			refs = append(refs, obj{"apiVersion": "v1", "kind": "Event", "name": "e", "uid": "u2", "controller": true})
		}
		podMeta(p)["ownerReferences"] = refs
	}},
	{"legacy content", func(g podGen, p obj) { legacy(g, p) }},
	{"managedFields", func(g podGen, p obj) {
		podMeta(p)["managedFields"] = []any{obj{"manager": pick(g.jobGen, "kubectl", strings.Repeat("m", 129), "tab\there"),
			"operation": pick(g.jobGen, "Apply", "Update", "Patch", ""), "fieldsType": pick(g.jobGen, "FieldsV1", "", "FieldsV2"),
			"subresource": pick(g.jobGen, "", "status", strings.Repeat("s", 257))}}
	}},
}

// podStatusMutations change what a kubelet-like status writer writes.
var podStatusMutations = []podChange{
	{"nothing", func(podGen, obj) {}},
	{"metadata changed", func(g podGen, p obj) {
		m := podMeta(p)
		switch g.r.IntN(6) {
		case 0:
			m["labels"].(obj)[pick(g.jobGen, "team", "bad key")] = pick(g.jobGen, "a", "-bad-")
		case 1:
			podAnnotations(p)[pick(g.jobGen, "example.com/note", "bad key!")] = "x"
		case 2:
			m["finalizers"] = []any{pick(g.jobGen, "cleanup", "example.com/cleanup", "bad finalizer", "orphan")}
		case 3:
			m["ownerReferences"] = []any{obj{"apiVersion": "batch/v1", "kind": "Job", "name": "j", "uid": pick(g.jobGen, "", "u1")}}
		case 4:
			m["managedFields"] = []any{obj{"manager": "m", "operation": pick(g.jobGen, "Update", "Patch", "")}}
		default:
			m["generation"] = pick(g.jobGen, 0, 2)
		}
	}},
	{"phase", func(g podGen, p obj) { podStatus(p)["phase"] = pick(g.jobGen, "Succeeded", "Failed") }},
	{"condition added", func(g podGen, p obj) {
		cs, _ := podStatus(p)["conditions"].([]any)
		c := obj{"type": pick(g.jobGen, "DisruptionTarget", "example.com/ready", "bad type", "Ready"), "status": "True"}
		if g.chance(0.3) {
			c["observedGeneration"] = pick(g.jobGen, 1, -1)
		}
		podStatus(p)["conditions"] = append(cs, c)
	}},
	{"observedGeneration", func(g podGen, p obj) { podStatus(p)["observedGeneration"] = pick(g.jobGen, 1, -1) }},
	{"nominatedNodeName", func(g podGen, p obj) { podStatus(p)["nominatedNodeName"] = pick(g.jobGen, "node-3", "Node_3") }},
	{"qosClass changed", func(g podGen, p obj) { podStatus(p)["qosClass"] = "Guaranteed" }},
	{"container back from terminated", func(g podGen, p obj) {
		for _, list := range []string{"containerStatuses", "initContainerStatuses"} {
			ss, _ := podStatus(p)[list].([]any)
			for _, s := range ss {
				st := s.(obj)["state"].(obj)
				if _, ok := st["terminated"]; ok && g.chance(0.7) {
					s.(obj)["state"] = obj{"running": obj{"startedAt": "2026-11-23T12:01:00Z"}}
				}
			}
		}
	}},
	{"container terminated", func(g podGen, p obj) {
		ss, _ := podStatus(p)["containerStatuses"].([]any)
		for _, s := range ss {
			s.(obj)["state"] = obj{"terminated": obj{"exitCode": 1}}
		}
	}},
	{"ephemeral container back from terminated", func(g podGen, p obj) {
		podStatus(p)["ephemeralContainerStatuses"] = []any{obj{"name": "debug", "ready": false, "restartCount": 0, "image": "i", "imageID": "",
			"state": obj{"waiting": obj{}}}}
	}},
	{"pod IPs", func(g podGen, p obj) {
		ips := pick(g.jobGen,
			[]string{"10.1.2.4"}, []string{"10.1.2.4", "fd00::1"}, []string{"10.1.2.4", "10.1.2.5"},
			[]string{"010.1.2.4"}, []string{"::ffff:10.1.2.4"}, []string{"bad"}, []string{"fd00::1", "10.1.2.4", "fd00::2"})
		var list []any
		for _, ip := range ips {
			list = append(list, obj{"ip": ip})
		}
		podStatus(p)["podIPs"] = list
		if g.chance(0.8) {
			podStatus(p)["podIP"] = ips[0]
		} else {
			podStatus(p)["podIP"] = "10.9.9.9"
		}
	}},
	{"host IPs", func(g podGen, p obj) {
		ips := pick(g.jobGen, []string{"192.168.0.2"}, []string{"192.168.0.2", "fd00::9"}, []string{"192.168.0.256"}, []string{"192.168.0.2", "192.168.0.3"})
		var list []any
		for _, ip := range ips {
			list = append(list, obj{"ip": ip})
		}
		podStatus(p)["hostIPs"] = list
		podStatus(p)["hostIP"] = pick(g.jobGen, ips[0], ips[0], "192.168.7.7")
	}},
	{"resource claim statuses", func(g podGen, p obj) {
		podStatus(p)["resourceClaimStatuses"] = []any{obj{"name": pick(g.jobGen, "gpu", "missing"), "resourceClaimName": pick(g.jobGen, "gpu-claim", "Bad_Name")}}
	}},
}

// kubePod decodes a v1 pod as the API server does: k8s.io/api's Pod,
// the legacy scheme's defaults, the internal type.
func kubePod(t *testing.T, data []byte) *api.Pod {
	t.Helper()
	var v1 corev1.Pod
	if err := json.Unmarshal(data, &v1); err != nil {
		t.Fatalf("Kubernetes does not decode the pod: %v\n%s", err, data)
	}
	legacyscheme.Scheme.Default(&v1)
	var p api.Pod
	if err := legacyscheme.Scheme.Convert(&v1, &p, nil); err != nil {
		t.Fatal(err)
	}
	return &p
}

// jobkitPod decodes a v1 pod with jobkit and defaults it.
func jobkitPod(t *testing.T, data []byte) *core.Pod {
	t.Helper()
	var p core.Pod
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("jobkit does not decode the pod: %v\n%s", err, data)
	}
	core.SetDefaultsPod(&p)
	return &p
}

// podUpdateVerdicts validates the update of the pod old to the pod now
// (both v1 JSON) on both sides; status selects the status update.
func podUpdateVerdicts(t *testing.T, oldJSON, newJSON []byte, status bool) (k, j verdict, panicked bool) {
	t.Helper()
	kold, knew := kubePod(t, oldJSON), kubePod(t, newJSON)
	jold, jnew := jobkitPod(t, oldJSON), jobkitPod(t, newJSON)
	func() {
		defer func() {
			if recover() != nil {
				panicked = true
			}
		}()
		opts := podutil.GetValidationOptionsFromPodSpecAndMeta(&knew.Spec, &kold.Spec, &knew.ObjectMeta, &kold.ObjectMeta)
		opts.ResourceIsPod = true
		validate := corevalidation.ValidatePodUpdate
		if status {
			validate = corevalidation.ValidatePodStatusUpdate
		}
		var keys []errKey
		for _, e := range validate(knew, kold, opts) {
			if strings.Contains(e.Detail, "by cluster policy") {
				continue // --allow-privileged, not a rule of the API
			}
			keys = append(keys, errKey{string(e.Type), e.Field})
		}
		k = newVerdict(keys)
	}()
	opts := core.PodUpdateValidationOptions(&jold.Spec)
	if status {
		j = jobkitVerdict(core.ValidatePodStatusUpdate(jnew, jold, opts))
	} else {
		j = jobkitVerdict(core.ValidatePodUpdate(jnew, jold, opts))
	}
	return k, j, panicked
}

// podUpdateTally counts the outcomes of one comparison.
type podUpdateTally struct {
	compared, accepted, differences, panics int
	// countDifferences are the updates refused for the same errors that
	// are reported a different number of times, counted when counts is
	// set: on a status update, where every error is reported as often as
	// Kubernetes reports it (an invalid label once, by the metadata's
	// update rules). A pod update is compared as sets: Kubernetes reports
	// many of its spec errors twice.
	countDifferences int
	counts           bool
	perMutation      map[string][2]int
	samples          []string
}

func (c *podUpdateTally) add(t *testing.T, names []string, oldJSON, newJSON []byte, status bool) {
	t.Helper()
	k, j, panicked := podUpdateVerdicts(t, oldJSON, newJSON, status)
	if panicked {
		c.panics++
		return
	}
	c.compared++
	if len(k) == 0 {
		c.accepted++
	}
	differ := !k.equal(j)
	for _, name := range names {
		n := c.perMutation[name]
		n[0]++
		if differ {
			n[1]++
		}
		c.perMutation[name] = n
	}
	if c.counts && !differ && !k.equalCounts(j) {
		c.countDifferences++
		if len(c.samples) < 12 {
			c.samples = append(c.samples, fmt.Sprintf("%s: the same errors, counted differently\n  k8s:    %s\n  jobkit: %s", strings.Join(names, " + "), k, j))
		}
	}
	if differ {
		c.differences++
		switch {
		case len(c.samples) < 2:
			c.samples = append(c.samples, fmt.Sprintf("%s: %s\n  old: %s\n  new: %s", strings.Join(names, " + "), diffKind(k, j), oldJSON, newJSON))
		case len(c.samples) < 12:
			c.samples = append(c.samples, fmt.Sprintf("%s: %s", strings.Join(names, " + "), diffKind(k, j)))
		}
	}
}

func (c *podUpdateTally) report(t *testing.T, what string, mutations []podChange) {
	t.Helper()
	t.Logf("%s: %d updates compared, %d accepted by Kubernetes, %d where Kubernetes panics, %d differences, %d differently counted", what, c.compared, c.accepted, c.panics, c.differences, c.countDifferences)
	var lines []string
	for _, m := range mutations {
		n, ok := c.perMutation[m.name]
		if !ok {
			t.Errorf("%s: mutation %q was never compared", what, m.name)
			continue
		}
		lines = append(lines, fmt.Sprintf("%s: %d (%d differ)", m.name, n[0], n[1]))
	}
	sort.Strings(lines)
	if testing.Verbose() {
		t.Logf("per mutation: %s", strings.Join(lines, "; "))
	}
	if c.differences > 0 || c.countDifferences > 0 {
		t.Errorf("%d differences, %d differently counted; first:\n%s", c.differences, c.countDifferences, strings.Join(c.samples, "\n"))
	}
}

// podUpdates is the number of generated updates of each kind.
const podUpdates = 4000

// validBasePod returns, most of the time, a base pod Kubernetes finds
// valid (a no-op update is accepted), so that most comparisons are about
// the update rules; else any base pod.
func (g podGen) validBasePod(t *testing.T) obj {
	t.Helper()
	if g.chance(0.2) {
		return g.basePod()
	}
	for range 50 {
		p := g.basePod()
		data := mustJSON(p)
		if k, _, panicked := podUpdateVerdicts(t, data, data, false); !panicked && len(k) == 0 {
			return p
		}
	}
	return g.basePod()
}

func TestPodUpdateDiff(t *testing.T) {
	g := podGen{newJobGen(20261124)}
	c := podUpdateTally{perMutation: map[string][2]int{}}
	for range podUpdates {
		old := g.validBasePod(t)
		oldJSON := mustJSON(old)
		now := deepCopyJSON(old)
		var names []string
		for range 1 + g.r.IntN(2) {
			m := pick(g.jobGen, podUpdateMutations...)
			m.apply(g, now)
			names = append(names, m.name)
		}
		c.add(t, names, oldJSON, mustJSON(now), false)
	}
	c.report(t, "pod update", podUpdateMutations)
}

func TestPodStatusUpdateDiff(t *testing.T) {
	g := podGen{newJobGen(20261125)}
	c := podUpdateTally{perMutation: map[string][2]int{}, counts: true}
	for range podUpdates {
		old := g.validBasePod(t)
		oldJSON := mustJSON(old)
		now := deepCopyJSON(old)
		m := pick(g.jobGen, podStatusMutations...)
		m.apply(g, now)
		c.add(t, []string{m.name}, oldJSON, mustJSON(now), true)
	}
	c.report(t, "pod status update", podStatusMutations)
}
