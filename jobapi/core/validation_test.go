package core_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// validTemplateJSON is a valid Job pod template that uses every area the
// rules check: volumes of each validated kind, an init container and a
// sidecar, a container with ports, env, envFrom, mounts, resources,
// probes and hooks, tolerations, affinity, scheduling gates.
const validTemplateJSON = `{
  "metadata": {"labels": {"app": "x"}, "annotations": {"example.com/a": "b"}},
  "spec": {
    "restartPolicy": "OnFailure",
    "serviceAccountName": "runner",
    "hostname": "host",
    "subdomain": "sub",
    "nodeSelector": {"disk": "ssd"},
    "volumes": [
      {"name": "cache", "emptyDir": {}},
      {"name": "config", "configMap": {"name": "cfg", "items": [{"key": "a", "path": "dir/a", "mode": 420}], "defaultMode": 288}},
      {"name": "creds", "secret": {"secretName": "s", "items": [{"key": "token", "path": "token"}]}},
      {"name": "info", "downwardAPI": {"items": [
        {"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}},
        {"path": "cpu", "resourceFieldRef": {"containerName": "main", "resource": "limits.cpu", "divisor": "1m"}}]}},
      {"name": "all", "projected": {"sources": [
        {"configMap": {"name": "cfg", "items": [{"key": "a", "path": "p/a"}]}},
        {"secret": {"name": "s"}},
        {"serviceAccountToken": {"path": "token"}}]}},
      {"name": "host", "hostPath": {"path": "/var/log"}},
      {"name": "claim", "persistentVolumeClaim": {"claimName": "pvc"}}
    ],
    "initContainers": [
      {"name": "setup", "image": "busybox", "command": ["true"]},
      {"name": "proxy", "image": "envoy", "restartPolicy": "Always",
       "readinessProbe": {"tcpSocket": {"port": 15000}}}
    ],
    "containers": [{
      "name": "main", "image": "example.com/app:1.2",
      "ports": [{"name": "http", "containerPort": 8080}, {"name": "metrics", "containerPort": 9090}],
      "env": [
        {"name": "A", "value": "1"},
        {"name": "POD", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
        {"name": "CPU", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu"}}},
        {"name": "K", "valueFrom": {"configMapKeyRef": {"name": "cfg", "key": "a"}}},
        {"name": "S", "valueFrom": {"secretKeyRef": {"name": "s", "key": "token"}}}
      ],
      "envFrom": [{"prefix": "CFG_", "configMapRef": {"name": "cfg"}}],
      "volumeMounts": [
        {"name": "cache", "mountPath": "/cache"},
        {"name": "config", "mountPath": "/etc/config", "subPath": "dir"},
        {"name": "creds", "mountPath": "/creds", "readOnly": true}
      ],
      "resources": {
        "limits": {"cpu": "1", "memory": "1Gi", "example.com/gpu": "1"},
        "requests": {"cpu": "500m", "memory": "512Mi"}
      },
      "livenessProbe": {"httpGet": {"path": "/healthz", "port": "http"}},
      "startupProbe": {"exec": {"command": ["ok"]}, "failureThreshold": 30},
      "readinessProbe": {"grpc": {"port": 9000}},
      "lifecycle": {"preStop": {"sleep": {"seconds": 5}}, "postStart": {"httpGet": {"path": "/start", "port": 8080}}}
    }],
    "tolerations": [
      {"key": "dedicated", "operator": "Equal", "value": "batch", "effect": "NoSchedule"},
      {"operator": "Exists"},
      {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}
    ],
    "affinity": {
      "nodeAffinity": {
        "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
          {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a", "b"]}]}]},
        "preferredDuringSchedulingIgnoredDuringExecution": [
          {"weight": 10, "preference": {"matchExpressions": [{"key": "gpu", "operator": "Exists"}]}}]
      },
      "podAntiAffinity": {
        "requiredDuringSchedulingIgnoredDuringExecution": [
          {"labelSelector": {"matchLabels": {"app": "x"}}, "topologyKey": "kubernetes.io/hostname"}],
        "preferredDuringSchedulingIgnoredDuringExecution": [
          {"weight": 50, "podAffinityTerm": {"labelSelector": {"matchExpressions": [{"key": "tier", "operator": "NotIn", "values": ["db"]}]},
           "namespaces": ["default"], "topologyKey": "topology.kubernetes.io/zone"}}]
      }
    },
    "schedulingGates": [{"name": "example.com/quota"}]
  }
}`

// validTemplate returns the valid template, decoded and defaulted as the
// API server would before validating it.
func validTemplate(t testing.TB) *core.PodTemplateSpec {
	t.Helper()
	var tmpl core.PodTemplateSpec
	if err := json.Unmarshal([]byte(validTemplateJSON), &tmpl); err != nil {
		t.Fatal(err)
	}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	return &tmpl
}

// keys reduces errors to "Type field" strings, Type without the
// "FieldValue" prefix, sorted.
func keys(errs field.ErrorList) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, strings.TrimPrefix(string(e.Type), "FieldValue")+" "+e.Field)
	}
	sort.Strings(out)
	return out
}

func ptr[T any](v T) *T { return &v }

func q(s string) resource.Quantity {
	v, err := resource.ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return v
}

const sp = "spec.template.spec."

func c0(s *core.PodSpec) *core.Container { return &s.Containers[0] }

type ruleCase struct {
	name   string
	mutate func(s *core.PodSpec, m *metaLike)
	want   []string
}

// metaLike gives the cases access to the template's labels and
// annotations.
type metaLike struct {
	labels, annotations map[string]string
}

// ruleCases lists one or more cases per rule; each breaks the valid
// template and names the exact (type, field) pairs Kubernetes v1.36
// reports, as TestPodValidationParityMutations in examples/parity checks.
var ruleCases = []ruleCase{
	{"valid", func(s *core.PodSpec, m *metaLike) {}, nil},
	// metadata and names
	{"template label value", func(s *core.PodSpec, m *metaLike) { m.labels["app"] = "-bad" }, []string{"Invalid spec.template.labels"}},
	{"template annotation key", func(s *core.PodSpec, m *metaLike) { m.annotations["a b"] = "x" }, []string{"Invalid spec.template.annotations"}},
	{"container name not a DNS label", func(s *core.PodSpec, m *metaLike) { c0(s).Name = "Main" },
		[]string{"Invalid " + sp + "containers[0].name"}},
	{"container name empty", func(s *core.PodSpec, m *metaLike) { c0(s).Name = "" }, []string{"Required " + sp + "containers[0].name"}},
	{"container name too long", func(s *core.PodSpec, m *metaLike) { c0(s).Name = strings.Repeat("a", 64) },
		[]string{"Invalid " + sp + "containers[0].name"}},
	{"container name duplicate", func(s *core.PodSpec, m *metaLike) {
		s.Containers = append(s.Containers, core.Container{Name: "main", Image: "x", TerminationMessagePolicy: "File", ImagePullPolicy: "Always"})
	}, []string{"Duplicate " + sp + "containers[1].name"}},
	{"init container repeats a container name", func(s *core.PodSpec, m *metaLike) { s.InitContainers[0].Name = "main" },
		[]string{"Duplicate " + sp + "initContainers[0].name"}},
	{"init containers repeat a name", func(s *core.PodSpec, m *metaLike) { s.InitContainers[1].Name = "setup" },
		[]string{"Duplicate " + sp + "initContainers[1].name"}},
	{"no containers", func(s *core.PodSpec, m *metaLike) { s.Containers = nil }, []string{"Required " + sp + "containers"}},
	{"image required", func(s *core.PodSpec, m *metaLike) { c0(s).Image = "" }, []string{"Required " + sp + "containers[0].image"}},
	{"serviceAccountName DNS subdomain", func(s *core.PodSpec, m *metaLike) { s.ServiceAccountName = "Runner_1" },
		[]string{"Invalid " + sp + "serviceAccountName"}},
	{"nodeName DNS subdomain", func(s *core.PodSpec, m *metaLike) { s.NodeName = "node..1" }, []string{"Invalid " + sp + "nodeName"}},
	{"hostname DNS label", func(s *core.PodSpec, m *metaLike) { s.Hostname = "host.example" }, []string{"Invalid " + sp + "hostname"}},
	{"subdomain DNS label", func(s *core.PodSpec, m *metaLike) { s.Subdomain = strings.Repeat("s", 64) },
		[]string{"Invalid " + sp + "subdomain"}},
	{"priorityClassName DNS subdomain", func(s *core.PodSpec, m *metaLike) { s.PriorityClassName = "High" },
		[]string{"Invalid " + sp + "priorityClassName"}},
	{"nodeSelector label value", func(s *core.PodSpec, m *metaLike) { s.NodeSelector["disk"] = "a b" }, []string{"Invalid " + sp + "nodeSelector"}},
	{"activeDeadlineSeconds positive", func(s *core.PodSpec, m *metaLike) { s.ActiveDeadlineSeconds = ptr[int64](0) },
		[]string{"Invalid " + sp + "activeDeadlineSeconds"}},
	{"terminationGracePeriodSeconds required", func(s *core.PodSpec, m *metaLike) { s.TerminationGracePeriodSeconds = nil },
		[]string{"Required " + sp + "terminationGracePeriodSeconds"}},
	{"ephemeral containers forbidden", func(s *core.PodSpec, m *metaLike) {
		s.EphemeralContainers = []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "dbg", Image: "x",
			TerminationMessagePolicy: "File", ImagePullPolicy: "Always"}}}
	}, []string{"Forbidden " + sp + "ephemeralContainers"}},
	{"ephemeral container rules", func(s *core.PodSpec, m *metaLike) {
		s.EphemeralContainers = []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "main", Image: " x",
			TerminationMessagePolicy: "File", ImagePullPolicy: "Always", Lifecycle: &core.Lifecycle{}}, TargetContainerName: "nope"}}
	}, []string{"Duplicate " + sp + "ephemeralContainers[0].name", "Forbidden " + sp + "ephemeralContainers",
		"Forbidden " + sp + "ephemeralContainers[0].lifecycle", "Invalid " + sp + "ephemeralContainers[0].image",
		"NotFound " + sp + "ephemeralContainers[0].targetContainerName"}},
	// enums
	{"imagePullPolicy enum", func(s *core.PodSpec, m *metaLike) { c0(s).ImagePullPolicy = "ifNotPresent" },
		[]string{"NotSupported " + sp + "containers[0].imagePullPolicy"}},
	{"terminationMessagePolicy enum", func(s *core.PodSpec, m *metaLike) { c0(s).TerminationMessagePolicy = "Log" },
		[]string{"NotSupported " + sp + "containers[0].terminationMessagePolicy"}},
	{"dnsPolicy enum", func(s *core.PodSpec, m *metaLike) { s.DNSPolicy = "clusterFirst" }, []string{"NotSupported " + sp + "dnsPolicy"}},
	{"dnsPolicy required", func(s *core.PodSpec, m *metaLike) { s.DNSPolicy = "" }, []string{"Required " + sp + "dnsPolicy"}},
	{"restartPolicy enum", func(s *core.PodSpec, m *metaLike) { s.RestartPolicy = "Sometimes" }, []string{"NotSupported " + sp + "restartPolicy"}},
	{"preemptionPolicy enum", func(s *core.PodSpec, m *metaLike) { s.PreemptionPolicy = ptr(core.PreemptionPolicy("Always")) },
		[]string{"NotSupported " + sp + "preemptionPolicy"}},
	// ports
	{"containerPort range", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].ContainerPort = 70000 },
		[]string{"Invalid " + sp + "containers[0].ports[0].containerPort"}},
	{"containerPort required", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].ContainerPort = 0 },
		[]string{"Required " + sp + "containers[0].ports[0].containerPort"}},
	{"hostPort range", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].HostPort = 70000 },
		[]string{"Invalid " + sp + "containers[0].ports[0].hostPort"}},
	{"port protocol enum", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].Protocol = "tcp" },
		[]string{"NotSupported " + sp + "containers[0].ports[0].protocol"}},
	{"port name IANA", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].Name = "HTTP--" },
		[]string{"Invalid " + sp + "containers[0].ports[0].name", "Invalid " + sp + "containers[0].ports[0].name",
			"Invalid " + sp + "containers[0].ports[0].name", "Invalid " + sp + "containers[0].ports[0].name"}},
	{"port name duplicate", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[1].Name = "http" },
		[]string{"Duplicate " + sp + "containers[0].ports[1].name"}},
	{"host port duplicate", func(s *core.PodSpec, m *metaLike) { c0(s).Ports[0].HostPort, c0(s).Ports[1].HostPort = 80, 80 },
		[]string{"Duplicate " + sp + "containers[0].ports[1].hostPort"}},
	{"init host port duplicate at initContainers[0]", func(s *core.PodSpec, m *metaLike) {
		s.InitContainers[1].Ports = []core.ContainerPort{{ContainerPort: 1, HostPort: 81, Protocol: "TCP"}, {ContainerPort: 2, HostPort: 81, Protocol: "TCP"}}
	}, []string{"Duplicate " + sp + "initContainers[0].ports[1].hostPort"}},
	// probes and hooks
	{"probe with two handlers", func(s *core.PodSpec, m *metaLike) {
		c0(s).LivenessProbe.Exec = &core.ExecAction{Command: []string{"x"}}
	},
		[]string{"Forbidden " + sp + "containers[0].livenessProbe.httpGet"}},
	{"probe without handler", func(s *core.PodSpec, m *metaLike) { c0(s).StartupProbe.Exec = nil },
		[]string{"Required " + sp + "containers[0].startupProbe"}},
	{"exec command required", func(s *core.PodSpec, m *metaLike) { c0(s).StartupProbe.Exec.Command = nil },
		[]string{"Required " + sp + "containers[0].startupProbe.exec.command"}},
	{"httpGet port name", func(s *core.PodSpec, m *metaLike) { c0(s).LivenessProbe.HTTPGet.Port = core.FromString("Not_A_Port") },
		[]string{"Invalid " + sp + "containers[0].livenessProbe.httpGet.port"}},
	{"httpGet port number", func(s *core.PodSpec, m *metaLike) { c0(s).LivenessProbe.HTTPGet.Port = core.FromInt32(0) },
		[]string{"Invalid " + sp + "containers[0].livenessProbe.httpGet.port"}},
	{"httpGet scheme enum", func(s *core.PodSpec, m *metaLike) { c0(s).LivenessProbe.HTTPGet.Scheme = "http" },
		[]string{"NotSupported " + sp + "containers[0].livenessProbe.httpGet.scheme"}},
	{"grpc port", func(s *core.PodSpec, m *metaLike) { c0(s).ReadinessProbe.GRPC.Port = 0 },
		[]string{"Invalid " + sp + "containers[0].readinessProbe.grpc.port"}},
	{"liveness successThreshold 1", func(s *core.PodSpec, m *metaLike) { c0(s).LivenessProbe.SuccessThreshold = 2 },
		[]string{"Invalid " + sp + "containers[0].livenessProbe.successThreshold"}},
	{"startup successThreshold 1", func(s *core.PodSpec, m *metaLike) { c0(s).StartupProbe.SuccessThreshold = 3 },
		[]string{"Invalid " + sp + "containers[0].startupProbe.successThreshold"}},
	{"probe numbers non-negative", func(s *core.PodSpec, m *metaLike) { c0(s).ReadinessProbe.TimeoutSeconds = -1 },
		[]string{"Invalid " + sp + "containers[0].readinessProbe.timeoutSeconds"}},
	{"readiness terminationGracePeriodSeconds", func(s *core.PodSpec, m *metaLike) {
		c0(s).ReadinessProbe.TerminationGracePeriodSeconds = ptr[int64](5)
	}, []string{"Invalid " + sp + "containers[0].readinessProbe.terminationGracePeriodSeconds"}},
	{"lifecycle handler exactly one", func(s *core.PodSpec, m *metaLike) { c0(s).Lifecycle.PreStop = &core.LifecycleHandler{} },
		[]string{"Required " + sp + "containers[0].lifecycle.preStop"}},
	{"sleep within grace period", func(s *core.PodSpec, m *metaLike) { c0(s).Lifecycle.PreStop.Sleep.Seconds = 31 },
		[]string{"Invalid " + sp + "containers[0].lifecycle.preStop.sleep"}},
	{"stopSignal needs os", func(s *core.PodSpec, m *metaLike) { c0(s).Lifecycle.StopSignal = ptr(core.SIGTERM) },
		[]string{"Forbidden " + sp + "containers[0].lifecycle.stopSignal"}},
	{"init container probes only for sidecars", func(s *core.PodSpec, m *metaLike) {
		s.InitContainers[0].LivenessProbe = &core.Probe{ProbeHandler: core.ProbeHandler{Exec: &core.ExecAction{Command: []string{"x"}}}}
	}, []string{"Forbidden " + sp + "initContainers[0].livenessProbe"}},
	{"sidecar probes validated", func(s *core.PodSpec, m *metaLike) {
		s.InitContainers[1].ReadinessProbe.TCPSocket.Port = core.FromInt32(99999)
	},
		[]string{"Invalid " + sp + "initContainers[1].readinessProbe.tcpSocket.port"}},
	{"container restartPolicy enum", func(s *core.PodSpec, m *metaLike) {
		c0(s).RestartPolicy = ptr(core.ContainerRestartPolicy("Sometimes"))
	}, []string{"NotSupported " + sp + "containers[0].restartPolicy"}},
	{"restart rules need restartPolicy", func(s *core.PodSpec, m *metaLike) {
		c0(s).RestartPolicyRules = []core.ContainerRestartRule{{Action: "Restart"}}
	}, []string{"Required " + sp + "containers[0].restartPolicy", "Required " + sp + "containers[0].restartPolicyRules[0].exitCodes"}},
	// resources
	{"requests at most limits", func(s *core.PodSpec, m *metaLike) { c0(s).Resources.Requests["cpu"] = q("2") },
		[]string{"Invalid " + sp + "containers[0].resources.requests"}},
	{"quantities non-negative", func(s *core.PodSpec, m *metaLike) { c0(s).Resources.Requests["memory"] = q("-1") },
		[]string{"Invalid " + sp + "containers[0].resources.requests[memory]"}},
	{"resource name standard", func(s *core.PodSpec, m *metaLike) { c0(s).Resources.Limits["gpu"] = q("1") },
		[]string{"Invalid " + sp + "containers[0].resources.limits[gpu]", "Invalid " + sp + "containers[0].resources.limits[gpu]"}},
	{"extended resources integer", func(s *core.PodSpec, m *metaLike) { c0(s).Resources.Limits["example.com/gpu"] = q("500m") },
		[]string{"Invalid " + sp + "containers[0].resources.limits[example.com/gpu]"}},
	{"extended resources need a limit", func(s *core.PodSpec, m *metaLike) { c0(s).Resources.Requests["example.com/fpga"] = q("1") },
		[]string{"Required " + sp + "containers[0].resources.limits"}},
	{"hugepages need cpu or memory", func(s *core.PodSpec, m *metaLike) {
		s.InitContainers[0].Resources.Limits = core.ResourceList{"hugepages-2Mi": q("4Mi")}
		s.InitContainers[0].Resources.Requests = core.ResourceList{"hugepages-2Mi": q("4Mi")}
	}, []string{"Forbidden " + sp + "initContainers[0].resources"}},
	// env
	{"env name required", func(s *core.PodSpec, m *metaLike) { c0(s).Env[0].Name = "" }, []string{"Required " + sp + "containers[0].env[0].name"}},
	{"env name without '='", func(s *core.PodSpec, m *metaLike) { c0(s).Env[0].Name = "A=B" }, []string{"Invalid " + sp + "containers[0].env[0].name"}},
	{"env name relaxed", func(s *core.PodSpec, m *metaLike) { c0(s).Env[0].Name = "1-my.var name" }, nil},
	{"env value and valueFrom exclusive", func(s *core.PodSpec, m *metaLike) { c0(s).Env[1].Value = "x" },
		[]string{"Invalid " + sp + "containers[0].env[1].valueFrom"}},
	{"env valueFrom one source", func(s *core.PodSpec, m *metaLike) { c0(s).Env[1].ValueFrom = &core.EnvVarSource{} },
		[]string{"Invalid " + sp + "containers[0].env[1].valueFrom"}},
	{"secretKeyRef key required", func(s *core.PodSpec, m *metaLike) { c0(s).Env[4].ValueFrom.SecretKeyRef.Key = "" },
		[]string{"Required " + sp + "containers[0].env[4].valueFrom.secretKeyRef.key"}},
	{"configMapKeyRef key valid", func(s *core.PodSpec, m *metaLike) { c0(s).Env[3].ValueFrom.ConfigMapKeyRef.Key = "..a/b" },
		[]string{"Invalid " + sp + "containers[0].env[3].valueFrom.configMapKeyRef.key", "Invalid " + sp + "containers[0].env[3].valueFrom.configMapKeyRef.key"}},
	{"fieldRef path known", func(s *core.PodSpec, m *metaLike) { c0(s).Env[1].ValueFrom.FieldRef.FieldPath = "metadata.bogus" },
		[]string{"Invalid " + sp + "containers[0].env[1].valueFrom.fieldRef.fieldPath"}},
	{"fieldRef path for env", func(s *core.PodSpec, m *metaLike) { c0(s).Env[1].ValueFrom.FieldRef.FieldPath = "metadata.labels" },
		[]string{"NotSupported " + sp + "containers[0].env[1].valueFrom.fieldRef.fieldPath"}},
	{"resourceFieldRef resource", func(s *core.PodSpec, m *metaLike) { c0(s).Env[2].ValueFrom.ResourceFieldRef.Resource = "limits.gpu" },
		[]string{"NotSupported " + sp + "containers[0].env[2].valueFrom.resourceFieldRef.resource"}},
	{"resourceFieldRef divisor", func(s *core.PodSpec, m *metaLike) { c0(s).Env[2].ValueFrom.ResourceFieldRef.Divisor = q("2") },
		[]string{"Invalid " + sp + "containers[0].env[2].valueFrom.resourceFieldRef.divisor"}},
	{"fileKeyRef", func(s *core.PodSpec, m *metaLike) {
		c0(s).Env[0] = core.EnvVar{Name: "F", ValueFrom: &core.EnvVarSource{FileKeyRef: &core.FileKeySelector{VolumeName: "config", Path: "../x", Key: "a=b"}}}
	}, []string{"Invalid " + sp + "containers[0].env[0].valueFrom.fileKeyRef.key", "Invalid " + sp + "containers[0].env[0].valueFrom.fileKeyRef.path",
		"Invalid " + sp + "containers[0].env[0].valueFrom.fileKeyRef.volumeName"}},
	{"envFrom prefix", func(s *core.PodSpec, m *metaLike) { c0(s).EnvFrom[0].Prefix = "A=" }, []string{"Invalid " + sp + "containers[0].envFrom[0].prefix"}},
	{"envFrom one source", func(s *core.PodSpec, m *metaLike) { c0(s).EnvFrom[0].ConfigMapRef = nil }, []string{"Invalid " + sp + "containers[0].envFrom"}},
	// volumes and mounts
	{"volume one source", func(s *core.PodSpec, m *metaLike) { s.Volumes[1].DownwardAPI = &core.DownwardAPIVolumeSource{} },
		[]string{"Forbidden " + sp + "volumes[1].configMap", "NotFound " + sp + "containers[0].volumeMounts[1].name"}},
	{"second volume source at Kubernetes' name", func(s *core.PodSpec, m *metaLike) { s.Volumes[6].DownwardAPI = &core.DownwardAPIVolumeSource{} },
		[]string{"Forbidden " + sp + "volumes[6].downwarAPI"}},
	{"volume source required", func(s *core.PodSpec, m *metaLike) { s.Volumes[6].PersistentVolumeClaim = nil },
		[]string{"Required " + sp + "volumes[6]"}},
	{"volume name duplicate", func(s *core.PodSpec, m *metaLike) { s.Volumes[6].Name = "cache" }, []string{"Duplicate " + sp + "volumes[6].name"}},
	{"item path relative", func(s *core.PodSpec, m *metaLike) { s.Volumes[1].ConfigMap.Items[0].Path = "/etc/a" },
		[]string{"Invalid " + sp + "volumes[1].configMap.items[0].path", "NotFound " + sp + "containers[0].volumeMounts[1].name"}},
	{"item path without '..'", func(s *core.PodSpec, m *metaLike) { s.Volumes[1].ConfigMap.Items[0].Path = "..a" },
		[]string{"Invalid " + sp + "volumes[1].configMap.items[0].path", "NotFound " + sp + "containers[0].volumeMounts[1].name"}},
	{"item key required", func(s *core.PodSpec, m *metaLike) { s.Volumes[2].Secret.Items[0].Key = "" },
		[]string{"Required " + sp + "volumes[2].secret.items[0].key", "NotFound " + sp + "containers[0].volumeMounts[2].name"}},
	{"defaultMode range", func(s *core.PodSpec, m *metaLike) { s.Volumes[1].ConfigMap.DefaultMode = ptr[int32](888) },
		[]string{"Invalid " + sp + "volumes[1].configMap.defaultMode", "NotFound " + sp + "containers[0].volumeMounts[1].name"}},
	{"downwardAPI item at the source", func(s *core.PodSpec, m *metaLike) { s.Volumes[3].DownwardAPI.Items[0].FieldRef = nil },
		[]string{"Required " + sp + "volumes[3].downwardAPI"}},
	{"projected duplicate paths", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[4].Projected.Sources[1].Secret.Items = []core.KeyToPath{{Key: "k", Path: "p/a"}}
	}, []string{"Invalid " + sp + "volumes[4].projected"}},
	{"projected token path at the source", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[4].Projected.Sources[2].ServiceAccountToken.Path = "/token"
	}, []string{"Invalid " + sp + "volumes[4].projected.path"}},
	{"mount of undeclared volume", func(s *core.PodSpec, m *metaLike) { c0(s).VolumeMounts[0].Name = "nope" },
		[]string{"NotFound " + sp + "containers[0].volumeMounts[0].name"}},
	{"mountPath required", func(s *core.PodSpec, m *metaLike) { c0(s).VolumeMounts[0].MountPath = "" },
		[]string{"Required " + sp + "containers[0].volumeMounts[0].mountPath"}},
	{"mountPath unique", func(s *core.PodSpec, m *metaLike) { c0(s).VolumeMounts[1].MountPath = "/cache" },
		[]string{"Invalid " + sp + "containers[0].volumeMounts[1].mountPath"}},
	{"subPath relative, reported without index", func(s *core.PodSpec, m *metaLike) { c0(s).VolumeMounts[1].SubPath = "/dir" },
		[]string{"Invalid " + sp + "containers[0].volumeMounts.subPath"}},
	// scheduling
	{"toleration operator enum", func(s *core.PodSpec, m *metaLike) { s.Tolerations[0].Operator = "Bogus" },
		[]string{"NotSupported " + sp + "tolerations[0].operator"}},
	{"toleration Exists without value", func(s *core.PodSpec, m *metaLike) { s.Tolerations[2].Value = "x" },
		[]string{"Invalid " + sp + "tolerations[2].operator"}},
	{"toleration effect enum", func(s *core.PodSpec, m *metaLike) { s.Tolerations[0].Effect = "noSchedule" },
		[]string{"NotSupported " + sp + "tolerations[0].effect"}},
	{"tolerationSeconds with NoExecute", func(s *core.PodSpec, m *metaLike) { s.Tolerations[2].Effect = "NoSchedule" },
		[]string{"Invalid " + sp + "tolerations[2].effect"}},
	{"node affinity operator", func(s *core.PodSpec, m *metaLike) {
		s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Operator = "in"
	}, []string{"Invalid " + sp + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator"}},
	{"pod affinity topologyKey", func(s *core.PodSpec, m *metaLike) {
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].TopologyKey = ""
	}, []string{"Invalid " + sp + "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey",
		"Invalid " + sp + "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey",
		"Required " + sp + "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey"}},
	{"scheduling gate qualified name", func(s *core.PodSpec, m *metaLike) { s.SchedulingGates[0].Name = "bad gate" },
		[]string{"Invalid " + sp + "schedulingGates[0]"}},
	{"scheduling gate duplicate", func(s *core.PodSpec, m *metaLike) {
		s.SchedulingGates = append(s.SchedulingGates, core.PodSchedulingGate{Name: "example.com/quota"})
	}, []string{"Duplicate " + sp + "schedulingGates[1]"}},
	{"dnsConfig required for None", func(s *core.PodSpec, m *metaLike) { s.DNSPolicy = core.DNSNone }, []string{"Required " + sp + "dnsConfig"}},
	{"dnsConfig nameservers and searches", func(s *core.PodSpec, m *metaLike) {
		s.DNSConfig = &core.PodDNSConfig{Nameservers: []string{"1.2.3.4", "010.0.0.1", "::ffff:1.2.3.4"},
			Searches: []string{"_srv.example.com.", "Bad"}, Options: []core.PodDNSConfigOption{{}}}
	}, []string{"Invalid " + sp + "dnsConfig.nameservers[1]", "Invalid " + sp + "dnsConfig.nameservers[2]",
		"Invalid " + sp + "dnsConfig.searches[1]", "Required " + sp + "dnsConfig.options[0]"}},
	// pod-level fields
	{"hostAliases", func(s *core.PodSpec, m *metaLike) {
		s.HostAliases = []core.HostAlias{{IP: "x", Hostnames: []string{"ok", "Bad_Host"}}}
	}, []string{"Invalid " + sp + "hostAliases[0].hostnames[1]", "Invalid " + sp + "hostAliases[0].ip"}},
	{"readinessGates", func(s *core.PodSpec, m *metaLike) {
		s.ReadinessGates = []core.PodReadinessGate{{ConditionType: "bad gate"}}
	}, []string{"Invalid " + sp + "readinessGates[0].conditionType"}},
	{"hostNetwork hostPort equals containerPort", func(s *core.PodSpec, m *metaLike) {
		s.HostNetwork = true
		c0(s).Ports[0].HostPort = 1234
	}, []string{"Invalid " + sp + "containers[0].ports[0].hostPort"}},
	{"hostUsers false without host namespaces", func(s *core.PodSpec, m *metaLike) {
		s.HostUsers, s.HostPID, s.HostIPC = ptr(false), true, true
	}, []string{"Forbidden " + sp + "HostIPC", "Forbidden " + sp + "HostPID"}},
	{"hostnameOverride", func(s *core.PodSpec, m *metaLike) {
		s.HostnameOverride, s.SetHostnameAsFQDN = ptr("Host"), ptr(true)
	}, []string{"Forbidden " + sp + "hostnameOverride", "Invalid " + sp + "hostnameOverride"}},
	{"resourceClaims", func(s *core.PodSpec, m *metaLike) {
		s.ResourceClaims = []core.PodResourceClaim{{Name: "gpu", ResourceClaimName: ptr("c")}, {Name: "gpu", ResourceClaimTemplateName: ptr("t")}, {Name: "x"}}
		c0(s).Resources.Claims = []core.ResourceClaim{{Name: "gpu"}, {Name: "gpu", Request: "r"}, {Name: "nope"}}
	}, []string{"Duplicate " + sp + "containers[0].resources.claims[1]", "Duplicate " + sp + "resourceClaims[1].name",
		"Invalid " + sp + "resourceClaims[2]", "NotFound " + sp + "containers[0].resources.claims[2]"}},
	{"runtimeClassName", func(s *core.PodSpec, m *metaLike) { s.RuntimeClassName = ptr("Kata") }, []string{"Invalid " + sp + "runtimeClassName"}},
	{"schedulingGroup", func(s *core.PodSpec, m *metaLike) { s.SchedulingGroup = &core.PodSchedulingGroup{} },
		[]string{"Invalid " + sp + "schedulingGroup.podGroupName"}},
	{"shareProcessNamespace not with hostPID", func(s *core.PodSpec, m *metaLike) { s.ShareProcessNamespace, s.HostPID = ptr(true), true },
		[]string{"Invalid " + sp + "securityContext.shareProcessNamespace"}},
	{"pod securityContext", func(s *core.PodSpec, m *metaLike) {
		s.SecurityContext = &core.PodSecurityContext{RunAsUser: ptr[int64](-1), SupplementalGroups: []int64{1, -1},
			SeccompProfile: &core.SeccompProfile{Type: "Localhost"}, SELinuxChangePolicy: ptr(core.SELinuxChangePolicyMountOption)}
	}, []string{"Invalid " + sp + "securityContext.runAsUser", "Invalid " + sp + "securityContext.supplementalGroups[1]",
		"NotSupported " + sp + "securityContext.seLinuxChangePolicy", "Required " + sp + "securityContext.seccompProfile.localhostProfile"}},
	{"container securityContext", func(s *core.PodSpec, m *metaLike) {
		c0(s).SecurityContext = &core.SecurityContext{ProcMount: ptr(core.UnmaskedProcMount), AllowPrivilegeEscalation: ptr(false),
			Privileged: ptr(true), AppArmorProfile: &core.AppArmorProfile{Type: "Localhost", LocalhostProfile: ptr(" p")}}
	}, []string{"Invalid " + sp + "containers[0].securityContext", "Invalid " + sp + "containers[0].securityContext.appArmorProfile.localhostProfile",
		"Invalid " + sp + "containers[0].securityContext.procMount"}},
	{"topology spread", func(s *core.PodSpec, m *metaLike) {
		s.TopologySpreadConstraints = []core.TopologySpreadConstraint{
			{MaxSkew: 0, TopologyKey: "zone", WhenUnsatisfiable: "DoNotSchedule"},
			{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: "DoNotSchedule", MinDomains: ptr[int32](2), MatchLabelKeys: []string{"app"}},
			{MaxSkew: 1, WhenUnsatisfiable: "never", MinDomains: ptr[int32](0)},
		}
	}, []string{"Duplicate " + sp + "topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}", "Forbidden " + sp + "topologySpreadConstraints[1].matchLabelKeys",
		"Invalid " + sp + "topologySpreadConstraints[0].maxSkew", "Invalid " + sp + "topologySpreadConstraints[2].minDomains",
		"Invalid " + sp + "topologySpreadConstraints[2].minDomains", "NotSupported " + sp + "topologySpreadConstraints[2].whenUnsatisfiable",
		"Required " + sp + "topologySpreadConstraints[2].topologyKey"}},
	{"matchLabelKeys repeated by the selector", func(s *core.PodSpec, m *metaLike) {
		t := &s.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm
		t.MatchLabelKeys, t.MismatchLabelKeys = []string{"tier"}, []string{"tier"}
		t.LabelSelector.MatchExpressions = append(t.LabelSelector.MatchExpressions, t.LabelSelector.MatchExpressions[0])
	}, []string{"Invalid " + sp + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.matchLabelKeys[0]",
		"Invalid " + sp + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm[0]"}},
	{"hugepages whole pages", func(s *core.PodSpec, m *metaLike) {
		c0(s).Resources.Limits["hugepages-2Mi"] = q("3Mi")
		c0(s).Resources.Requests["hugepages-2Mi"] = q("3Mi")
	}, []string{"Invalid " + sp + "containers[0].resources.limits[hugepages-2Mi]", "Invalid " + sp + "containers[0].resources.requests[hugepages-2Mi]"}},
	// A deliberate difference (README): Kubernetes refuses privileged
	// containers only when its API server runs with
	// --allow-privileged=false, a cluster's policy, not an API rule.
	{"a privileged container is accepted (cluster policy, not an API rule)", func(s *core.PodSpec, m *metaLike) {
		c0(s).SecurityContext = &core.SecurityContext{Privileged: ptr(true)}
	}, nil},
	{"bidirectional propagation privileged only", func(s *core.PodSpec, m *metaLike) {
		c0(s).VolumeMounts[0].MountPropagation = ptr(core.MountPropagationBidirectional)
	}, []string{"Forbidden " + sp + "containers[0].volumeMounts.mountPropagation"}},
	{"recursiveReadOnly needs readOnly", func(s *core.PodSpec, m *metaLike) {
		c0(s).VolumeMounts[0].RecursiveReadOnly = ptr(core.RecursiveReadOnlyEnabled)
	}, []string{"Forbidden " + sp + "containers[0].volumeMounts.recursiveReadOnly"}},
	{"volumeDevices", func(s *core.PodSpec, m *metaLike) {
		c0(s).VolumeDevices = []core.VolumeDevice{{Name: "claim", DevicePath: "/dev/a"}, {Name: "cache", DevicePath: "/cache"}}
	}, []string{"Invalid " + sp + "containers[0].volumeDevices[1].devicePath", "Invalid " + sp + "containers[0].volumeDevices[1].name",
		"Invalid " + sp + "containers[0].volumeDevices[1].name", "Invalid " + sp + "containers[0].volumeMounts[0].mountPath",
		"Invalid " + sp + "containers[0].volumeMounts[0].name"}},
	{"pod-level resources", func(s *core.PodSpec, m *metaLike) {
		s.Resources = &core.ResourceRequirements{Limits: core.ResourceList{"cpu": q("500m"), "pods": q("1")}, Requests: core.ResourceList{"cpu": q("100m")}}
	}, []string{"Invalid " + sp + "resources.containers[0][cpu].limits", "Invalid " + sp + "resources.requests[cpu]",
		"NotSupported " + sp + "resources.limits[pods]"}},
	{"overhead", func(s *core.PodSpec, m *metaLike) { s.Overhead = core.ResourceList{"cpu": q("-1")} },
		[]string{"Invalid " + sp + "overhead.limits[cpu]"}},
	{"os name", func(s *core.PodSpec, m *metaLike) { s.OS = &core.PodOS{Name: "Linux"} }, []string{"NotSupported " + sp + "os"}},
	// other volume sources
	{"nfs path absolute", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim, s.Volumes[6].NFS = nil, &core.NFSVolumeSource{Server: "nfs", Path: "data"}
	}, []string{"Invalid " + sp + "volumes[6].nfs.path"}},
	{"csi driver", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim, s.Volumes[6].CSI = nil, &core.CSIVolumeSource{Driver: "CSI_x"}
	}, []string{"Invalid " + sp + "volumes[6].csi.driver"}},
	{"cephfs reported at its own name", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim, s.Volumes[6].CephFS = nil, &core.CephFSVolumeSource{}
	}, []string{"Required " + sp + "volumes[6].cephfs.monitors"}},
	{"gcePersistentDisk reported at persistentDisk", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim, s.Volumes[6].GCEPersistentDisk = nil, &core.GCEPersistentDiskVolumeSource{PDName: "d", Partition: 256}
	}, []string{"Invalid " + sp + "volumes[6].persistentDisk.partition"}},
	{"iscsi names", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim, s.Volumes[6].ISCSI = nil, &core.ISCSIVolumeSource{TargetPortal: "p", IQN: "iqn.bad"}
	}, []string{"Invalid " + sp + "volumes[6].iscsi.iqn"}},
	{"ephemeral claim template", func(s *core.PodSpec, m *metaLike) {
		s.Volumes[6].PersistentVolumeClaim = nil
		s.Volumes[6].Ephemeral = &core.EphemeralVolumeSource{VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{}}
		s.Volumes[6].Ephemeral.VolumeClaimTemplate.ObjectMeta.Name = "x"
	}, []string{"Forbidden " + sp + "volumes[6].ephemeral.volumeClaimTemplate.metadata.name",
		"Required " + sp + "volumes[6].ephemeral.volumeClaimTemplate.spec.accessModes",
		"Required " + sp + "volumes[6].ephemeral.volumeClaimTemplate.spec.resources[storage]"}},
	{"sysctls", func(s *core.PodSpec, m *metaLike) {
		s.HostNetwork = true
		c0(s).Ports = nil
		s.SecurityContext = &core.PodSecurityContext{Sysctls: []core.Sysctl{{Name: "net.core.somaxconn"}, {Name: "Bad"}, {Name: "net.core.somaxconn"}}}
	}, []string{"Duplicate " + sp + "securityContext.sysctls[2].name", "Invalid " + sp + "securityContext.sysctls[0].name",
		"Invalid " + sp + "securityContext.sysctls[1].name", "Invalid " + sp + "securityContext.sysctls[2].name"}},
	// annotations
	{"pod annotations", func(s *core.PodSpec, m *metaLike) {
		m.annotations["controller.kubernetes.io/pod-deletion-cost"] = "+10"
		m.annotations["seccomp.security.alpha.kubernetes.io/pod"] = "bogus"
		m.annotations["container.apparmor.security.beta.kubernetes.io/nope"] = "unconfined"
		m.annotations["scheduler.alpha.kubernetes.io/tolerations"] = `[{"operator":"Exists","value":"x"}]`
	}, []string{"Invalid spec.template.annotations.scheduler.alpha.kubernetes.io/tolerations[0].operator",
		"Invalid spec.template.annotations.seccomp.security.alpha.kubernetes.io/pod",
		"Invalid spec.template.annotations[container.apparmor.security.beta.kubernetes.io/nope]",
		"Invalid spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]"}},
	{"profile annotation matches the field", func(s *core.PodSpec, m *metaLike) {
		m.annotations["container.seccomp.security.alpha.kubernetes.io/main"] = "unconfined"
		c0(s).SecurityContext = &core.SecurityContext{SeccompProfile: &core.SeccompProfile{Type: "RuntimeDefault"}}
	}, []string{"Forbidden " + sp + "containers[0].securityContext.seccompProfile.type"}},
}

func TestValidatePodSpec(t *testing.T) {
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			tmpl := validTemplate(t)
			tc.mutate(&tmpl.Spec, &metaLike{labels: tmpl.ObjectMeta.Labels, annotations: tmpl.ObjectMeta.Annotations})
			got := keys(core.ValidatePodTemplateSpec(tmpl, field.NewPath("spec", "template"), core.JobPodValidationOptions()))
			want := append([]string{}, tc.want...)
			sort.Strings(want)
			if len(want) == 0 {
				want = []string{}
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("errors (-want +got):\n%s", d)
			}
		})
	}
}

// TestValidatePodSpecPath checks that ValidatePodSpec reports at the path
// it is given.
func TestValidatePodSpecPath(t *testing.T) {
	tmpl := validTemplate(t)
	tmpl.Spec.Containers[0].Image = ""
	got := keys(core.ValidatePodSpec(&tmpl.Spec, field.NewPath("spec"), core.JobPodValidationOptions()))
	if d := cmp.Diff([]string{"Required spec.containers[0].image"}, got); d != "" {
		t.Errorf("errors (-want +got):\n%s", d)
	}
}

// TestValidatePodSpecOptions checks the options that change a verdict.
func TestValidatePodSpecOptions(t *testing.T) {
	tmpl := validTemplate(t)
	tmpl.Spec.Containers[0].RestartPolicy = ptr(core.ContainerRestartPolicyNever)
	tmpl.Spec.Containers[0].RestartPolicyRules = []core.ContainerRestartRule{{Action: core.ContainerRestartRuleActionRestartAllContainers,
		ExitCodes: &core.ContainerRestartRuleOnExitCodes{Operator: "In", Values: []int32{42}}}}
	tmpl.Spec.Volumes[4].Projected.Sources[2].ServiceAccountToken.Path = "/token"
	tmpl.Spec.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm.LabelSelector.MatchExpressions[0].Values[0] = "a b"
	path := field.NewPath("spec", "template")
	if d := cmp.Diff([]string{
		"Invalid " + sp + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].values[0]",
		"Invalid " + sp + "volumes[4].projected.path",
	}, keys(core.ValidatePodTemplateSpec(tmpl, path, core.JobPodValidationOptions()))); d != "" {
		t.Errorf("default options (-want +got):\n%s", d)
	}
	relaxed := core.PodValidationOptions{AllowNonLocalProjectedTokenPath: true, AllowInvalidLabelValueInSelector: true}
	if d := cmp.Diff([]string{}, keys(core.ValidatePodTemplateSpec(tmpl, path, relaxed))); d != "" {
		t.Errorf("relaxed options (-want +got):\n%s", d)
	}
	strict := core.PodValidationOptions{DisallowContainerRestartPolicyRules: true}
	if d := cmp.Diff([]string{
		"Forbidden " + sp + "containers[0].restartPolicy",
		"Invalid " + sp + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].values[0]",
		"Invalid " + sp + "volumes[4].projected.path",
	}, keys(core.ValidatePodTemplateSpec(tmpl, path, strict))); d != "" {
		t.Errorf("without restart rules (-want +got):\n%s", d)
	}
	noRestartAll := core.PodValidationOptions{DisallowRestartAllContainers: true, AllowNonLocalProjectedTokenPath: true, AllowInvalidLabelValueInSelector: true}
	if d := cmp.Diff([]string{"NotSupported " + sp + "containers[0].restartPolicyRules[0].action"},
		keys(core.ValidatePodTemplateSpec(tmpl, path, noRestartAll))); d != "" {
		t.Errorf("without RestartAllContainers (-want +got):\n%s", d)
	}
}

// FuzzValidatePodTemplateSpec checks that validation never panics on any
// template the decoder accepts, and gives the same errors twice.
func FuzzValidatePodTemplateSpec(f *testing.F) {
	f.Add([]byte(validTemplateJSON))
	f.Add([]byte(`{"spec":{"containers":[{"name":"a","image":"b","ports":[{"containerPort":70000,"name":"--"}]}],"volumes":[{"name":"v","configMap":{"items":[{"path":"../x"}]},"secret":{}}]}}`))
	f.Add([]byte(`{"spec":{"containers":[{"name":"a","env":[{"name":"=","valueFrom":{}}],"resources":{"limits":{"hugepages-x":"1"},"requests":{"cpu":"-1"}}}],"dnsPolicy":"None","tolerations":[{"operator":"Lt"}]}}`))
	f.Add([]byte(`{"metadata":{"annotations":{"scheduler.alpha.kubernetes.io/tolerations":"[{}]","container.apparmor.security.beta.kubernetes.io/a":"x"}},"spec":{"resources":{"limits":{"cpu":"1"}},"containers":[{"name":"a","resources":{"limits":{"cpu":"2"}}}]}}`))
	path := field.NewPath("spec", "template")
	f.Fuzz(func(t *testing.T, data []byte) {
		var tmpl core.PodTemplateSpec
		if err := json.Unmarshal(data, &tmpl); err != nil {
			return
		}
		core.SetDefaultsPodTemplateSpec(&tmpl)
		first := keys(core.ValidatePodTemplateSpec(&tmpl, path, core.JobPodValidationOptions()))
		second := keys(core.ValidatePodTemplateSpec(&tmpl, path, core.JobPodValidationOptions()))
		if d := cmp.Diff(first, second); d != "" {
			t.Errorf("validation is not deterministic (-first +second):\n%s", d)
		}
	})
}

// A valid template costs no allocation to validate.
func BenchmarkValidatePodTemplateSpec(b *testing.B) {
	tmpl := validTemplate(b)
	path := field.NewPath("spec", "template")
	opts := core.JobPodValidationOptions()
	if errs := core.ValidatePodTemplateSpec(tmpl, path, opts); len(errs) > 0 {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if errs := core.ValidatePodTemplateSpec(tmpl, path, opts); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// TestValidatePodSpecOrder checks that errors come in the order Kubernetes
// lists them, where it is fixed: the first volume source set (in
// Kubernetes' order, not the order of the struct) is validated where it is
// met, before the later ones are refused; resourceClaims come before the
// containers; the pod's security context after its nodeSelector, with
// shareProcessNamespace after the IDs.
func TestValidatePodSpecOrder(t *testing.T) {
	tmpl := validTemplate(t)
	s := &tmpl.Spec
	name := "a-volume-name-long-enough-to-overflow-sixty-four-characters"
	s.Volumes = append(s.Volumes, core.Volume{Name: name, VolumeSource: core.VolumeSource{
		Secret:            &core.SecretVolumeSource{SecretName: "s"},
		GCEPersistentDisk: &core.GCEPersistentDiskVolumeSource{PDName: "pd", Partition: -1},
		ISCSI:             &core.ISCSIVolumeSource{TargetPortal: "10.0.0.1:3260", IQN: "iqn.2001-04.com.example:storage", InitiatorName: ptr("iqn.2001-04.com.example:node")},
	}})
	v := fmt.Sprintf("volumes[%d]", len(s.Volumes)-1)
	s.ResourceClaims = []core.PodResourceClaim{{Name: "Bad_Name", ResourceClaimName: ptr("c")}}
	s.Containers[0].TerminationMessagePolicy = "bogus"
	s.NodeSelector = map[string]string{"bad key": "v"}
	s.HostPID, s.ShareProcessNamespace = true, ptr(true)
	if s.SecurityContext == nil {
		s.SecurityContext = &core.PodSecurityContext{}
	}
	s.SecurityContext.FSGroup = ptr[int64](-1)
	var got []string
	for _, e := range core.ValidatePodSpec(s, field.NewPath("spec"), core.JobPodValidationOptions()) {
		got = append(got, strings.TrimPrefix(string(e.Type), "FieldValue")+" "+e.Field)
	}
	want := []string{
		"Invalid spec." + v + ".persistentDisk.partition",
		"Forbidden spec." + v + ".secret",
		"Forbidden spec." + v + ".iscsi",
		"Invalid spec." + v + ".name",
		"Invalid spec.resourceClaims[0].name",
		"NotSupported spec.containers[0].terminationMessagePolicy",
		"Invalid spec.nodeSelector",
		"Invalid spec.securityContext.fsGroup",
		"Invalid spec.securityContext.shareProcessNamespace",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("errors (-want +got):\n%s", d)
	}
}
