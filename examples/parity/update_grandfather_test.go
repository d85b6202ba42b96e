package parity

import (
	"fmt"
	"testing"

	"k8s.io/kubernetes/pkg/apis/batch"

	"github.com/jobkit/jobkit/jobapi"
)

// The grandfathering test: Jobs stored under laxer historical rules (an
// older API server, or a feature gate since turned off) must stay
// updatable. Kubernetes' Job strategy derives its validation options on
// an update from the old Job (validationOptionsForJob: the old template's
// pod options, invalid label values the old selector already had); jobkit's
// ValidateUpdate must derive the same.
//
// Each case makes a manifest that today's create validation refuses for
// one grandfathered reason, stores it on both sides as create-time
// processing leaves it (the refusal is checked: both sides refuse it
// today), then applies updates that keep the problem: the Job's own
// fields, its labels, and the pod template of the suspended, never
// started Job (node selector, template labels, container resources),
// which Kubernetes validates again in full. All must be accepted. For
// contrast, the same problem brought into a Job that did not have it is
// refused. Both verdicts are compared as (type, field) sets.

// grandfatherBase is a valid Job whose template the cases change.
func grandfatherBase() obj {
	return obj{
		"apiVersion": "batch/v1", "kind": "Job",
		"metadata": obj{"name": "legacy", "namespace": "default"},
		"spec": obj{
			"suspend":     true,
			"completions": 1,
			"template": obj{
				"metadata": obj{"labels": obj{"app": "legacy"}},
				"spec": obj{
					"restartPolicy":      "Never",
					"serviceAccountName": "runner",
					"containers":         []any{obj{"name": "main", "image": "busybox"}},
				},
			},
		},
	}
}

// grandfatherCase is one historical rule.
type grandfatherCase struct {
	name string
	// old makes the stored Job hold what today's rules refuse.
	old func(m obj)
}

// storedPair is a Job stored on both sides, and its manifest as read back.
type storedPair struct {
	kube     *batch.Job
	jobkit   *jobapi.Job
	manifest obj
}

func affinityWithValue(v string) obj {
	return obj{"podAntiAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": []any{obj{
		"topologyKey":   "kubernetes.io/hostname",
		"labelSelector": obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{v}}}},
	}}}}
}

func tokenVolume(path string) obj {
	return obj{"name": "token", "projected": obj{"sources": []any{obj{"serviceAccountToken": obj{"path": path}}}}}
}

var grandfatherCases = []grandfatherCase{
	{name: "invalid label value in a pod affinity selector",
		old: func(m obj) { podSpecOf(m)["affinity"] = affinityWithValue("-bad-") },
	},
	{name: "invalid label value in spec.selector (manual selector)",
		old: func(m obj) {
			specOf(m)["manualSelector"] = true
			specOf(m)["selector"] = obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{"legacy", "-bad-"}}}}
		},
	},
	{name: "absolute serviceAccountToken path",
		old: func(m obj) { podSpecOf(m)["volumes"] = []any{tokenVolume("/var/run/token")} },
	},
	{name: "invalid pod deletion cost in the template",
		old: func(m obj) {
			tmplMetaOf(m)["annotations"] = obj{"controller.kubernetes.io/pod-deletion-cost": "high"}
		},
	},
	{name: "toleration operator Gt (TaintTolerationComparisonOperators once on)",
		old: func(m obj) {
			podSpecOf(m)["tolerations"] = []any{obj{"key": "example.com/gpu-count", "operator": "Gt", "value": "4", "effect": "NoSchedule"}}
		},
	},
	{name: "invalid label value in the required node affinity",
		old: func(m obj) {
			podSpecOf(m)["affinity"] = obj{"nodeAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": []any{
				obj{"matchExpressions": []any{obj{"key": "zone", "operator": "In", "values": []any{"-bad-"}}}}}}}}
		},
	},
	{name: "hugepages limit not a multiple of the page size (AllowIndivisibleHugePagesValues)",
		old: func(m obj) {
			podSpecOf(m)["containers"].([]any)[0].(obj)["resources"] = obj{"limits": obj{"hugepages-2Mi": "3Mi", "memory": "1Gi", "cpu": "1"}}
		},
	},
	{name: "namespaced sysctl with hostNetwork (AllowNamespacedSysctlsForHostNetAndHostIPC)",
		old: func(m obj) {
			podSpecOf(m)["hostNetwork"] = true
			podSpecOf(m)["securityContext"] = obj{"sysctls": []any{obj{"name": "net.ipv4.ip_local_port_range", "value": "1024 65535"}}}
		},
	},
	{name: "invalid label value in a topology spread constraint (AllowInvalidTopologySpreadConstraintLabelSelector)",
		old: func(m obj) {
			podSpecOf(m)["topologySpreadConstraints"] = []any{obj{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule",
				"labelSelector": obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{"-bad-"}}}}}}
		},
	},
	{name: "RestartContainer resize policy on a non-sidecar init container",
		old: func(m obj) {
			podSpecOf(m)["restartPolicy"] = "OnFailure"
			podSpecOf(m)["initContainers"] = []any{obj{"name": "init", "image": "busybox",
				"resizePolicy": []any{obj{"resourceName": "cpu", "restartPolicy": "RestartContainer"}}}}
		},
	},
	{name: "volume devices with hostUsers false",
		old: func(m obj) {
			podSpecOf(m)["hostUsers"] = false
			podSpecOf(m)["volumes"] = []any{obj{"name": "blk", "persistentVolumeClaim": obj{"claimName": "disk"}}}
			podSpecOf(m)["containers"].([]any)[0].(obj)["volumeDevices"] = []any{obj{"name": "blk", "devicePath": "/dev/xvda"}}
		},
	},
	{name: "seLinuxChangePolicy MountOption (SELinuxMount gate once on)",
		old: func(m obj) { podSpecOf(m)["securityContext"] = obj{"seLinuxChangePolicy": "MountOption"} },
	},
}

// grandfatherUpdates are the updates applied to a stored Job.
var grandfatherUpdates = []struct {
	name  string
	apply func(m obj)
}{
	{"nothing", func(obj) {}},
	{"parallelism", func(m obj) { specOf(m)["parallelism"] = 2 }},
	{"the Job's labels", func(m obj) { m["metadata"].(obj)["labels"] = obj{"team": "b"} }},
	{"resumed", func(m obj) { specOf(m)["suspend"] = false }},
	{"template node selector (suspended)", func(m obj) { podSpecOf(m)["nodeSelector"] = obj{"disk": "ssd"} }},
	{"template labels (suspended)", func(m obj) { tmplMetaOf(m)["labels"].(obj)["team"] = "a" }},
	{"template toleration added (suspended)", func(m obj) {
		ts, _ := podSpecOf(m)["tolerations"].([]any)
		podSpecOf(m)["tolerations"] = append(ts, obj{"key": "dedicated", "operator": "Exists", "effect": "NoSchedule"})
	}},
	{"container resources (suspended)", func(m obj) {
		podSpecOf(m)["containers"].([]any)[0].(obj)["resources"] = obj{"requests": obj{"cpu": "100m"}}
	}},
}

// storeUnvalidated stores a manifest on both sides as create-time
// processing leaves it, whatever validation says, and returns both
// sides' create verdicts with the stored Jobs.
func storeUnvalidated(t *testing.T, m obj, uid string) (kv, jv verdict, s storedPair) {
	t.Helper()
	data := mustJSON(m)
	kv, kold, err := kubeCreate(data, uid)
	if err != nil {
		t.Fatalf("Kubernetes create: %v", err)
	}
	jv, jold, err := jobkitCreate(data, uid)
	if err != nil {
		t.Fatalf("jobkit create: %v", err)
	}
	return kv, jv, storedPair{kube: kold, jobkit: jold, manifest: storedManifest(m, kold)}
}

// compareUpdate applies change to the stored manifest and returns both
// sides' update verdicts.
func compareUpdate(t *testing.T, s storedPair, change func(m obj)) (k, j verdict) {
	t.Helper()
	nm := deepCopyJSON(s.manifest)
	change(nm)
	ndata := mustJSON(nm)
	k, err := kubeUpdate(s.kube, ndata)
	if err != nil {
		t.Fatalf("Kubernetes update: %v", err)
	}
	job, err := jobkitDecode(ndata)
	if err != nil {
		t.Fatal(err)
	}
	job.ObjectMeta.CreationTimestamp = s.jobkit.ObjectMeta.CreationTimestamp
	job.ObjectMeta.Generation = s.jobkit.ObjectMeta.Generation
	job.Status = *s.jobkit.Status.DeepCopy()
	errs, err := jobapi.ValidateUpdate(job, s.jobkit, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	if err != nil {
		t.Fatal(err)
	}
	return k, jobkitVerdict(errs)
}

func TestUpdateGrandfathersOldJobs(t *testing.T) {
	for i, c := range grandfatherCases {
		t.Run(c.name, func(t *testing.T) {
			m := grandfatherBase()
			c.old(m)
			kv, jv, stored := storeUnvalidated(t, m, fmt.Sprintf("30000000-%04d-4000-8000-000000000000", i))
			if len(kv) == 0 || !kv.equal(jv) {
				t.Fatalf("today's create must refuse the old Job on both sides:\n k8s:    %s\n jobkit: %s", kv, jv)
			}
			for _, u := range grandfatherUpdates {
				k, j := compareUpdate(t, stored, u.apply)
				if len(k) != 0 {
					t.Errorf("%s: Kubernetes refuses the update of the old Job: %s (the case does not test grandfathering)", u.name, k)
				}
				if !k.equal(j) {
					t.Errorf("%s: k8s %s, jobkit %s", u.name, k, j)
				}
			}
			// A comparison toleration with a value that is not an integer:
			// refused either way (NotSupported operator, or an Invalid value
			// where the old Job grandfathers Lt and Gt).
			k, j := compareUpdate(t, stored, func(m obj) {
				ts, _ := podSpecOf(m)["tolerations"].([]any)
				podSpecOf(m)["tolerations"] = append(ts, obj{"key": "example.com/size", "operator": "Lt", "value": "big", "effect": "NoSchedule"})
			})
			if len(k) == 0 || !k.equal(j) {
				t.Errorf("Lt toleration with a bad value: k8s %s, jobkit %s", k, j)
			}
			// The same problem brought into a valid stored Job is refused.
			_, _, valid := storeUnvalidated(t, grandfatherBase(), fmt.Sprintf("31000000-%04d-4000-8000-000000000000", i))
			k, j = compareUpdate(t, valid, c.old)
			if len(k) == 0 {
				t.Errorf("Kubernetes accepts bringing the problem into a valid Job (the case is not a grandfathered rule)")
			}
			if !k.equal(j) {
				t.Errorf("bringing the problem in: k8s %s, jobkit %s", k, j)
			}
		})
	}
}
