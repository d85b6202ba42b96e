package parity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	kfield "k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	podutil "k8s.io/kubernetes/pkg/api/pod"
	"k8s.io/kubernetes/pkg/apis/batch"
	corevalidation "k8s.io/kubernetes/pkg/apis/core/validation"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// The pod validation parity test compares Kubernetes' pod template
// validation with core.ValidatePodTemplateSpec on the same template.
//
// Kubernetes' side: the template wrapped in a batch/v1 Job, decoded into
// k8s.io/api's types, defaulted by the legacy scheme, converted to the
// internal type, DropDisabledTemplateFields (the Job strategy's
// PrepareForCreate), then
// k8s.io/kubernetes/pkg/apis/core/validation.ValidatePodTemplateSpec at
// `spec.template` with the options the Job strategy derives on create:
// podutil.GetValidationOptionsFromPodTemplate(template, nil), which under
// v1.36's default gates is
//
//	AllowRelaxedEnvironmentVariableValidation: true  (GA)
//	AllowPodLifecycleSleepActionZeroValue:     true  (GA)
//	AllowContainerRestartPolicyRules:          true  (ContainerRestartRules, beta)
//	AllowRestartAllContainers:                 true  (beta in v1.36)
//	AllowEnvFilesValidation:                   true  (EnvFiles, beta)
//	AllowSidecarResizePolicy:                  true  (InPlacePodVerticalScaling, GA)
//	PodLevelResourcesEnabled:                  true  (beta)
//	AllowTaintTolerationComparisonOperators:   false (alpha)
//	every Allow... that grandfathers an old template: false
//
// (TestPodValidationOptionsOfTheJobStrategy checks the fields jobkit's
// rules depend on.) jobkit's side: the template JSON decoded into
// core.PodTemplateSpec, core.SetDefaultsPodTemplateSpec,
// core.DropDisabledTemplateFields, core.ValidatePodTemplateSpec with
// core.JobPodValidationOptions().
//
// Both verdicts are reduced to multisets of (error type, field path).

var pvTemplatePath = kfield.NewPath("spec", "template")

func kubeTemplateVerdict(t *testing.T, tmpl *corev1.PodTemplateSpec) verdict {
	t.Helper()
	return newVerdict(kubeTemplateKeys(t, tmpl))
}

// kubeTemplateKeys are Kubernetes' errors on tmpl in the order it reports
// them.
func kubeTemplateKeys(t *testing.T, tmpl *corev1.PodTemplateSpec) []errKey {
	t.Helper()
	job := batchv1.Job{TypeMeta: metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"}}
	job.Spec.Template = *tmpl.DeepCopy()
	data, err := json.Marshal(&job)
	if err != nil {
		t.Fatal(err)
	}
	var in batchv1.Job
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	legacyscheme.Scheme.Default(&in)
	var internal batch.Job
	if err := legacyscheme.Scheme.Convert(&in, &internal, nil); err != nil {
		t.Fatal(err)
	}
	podutil.DropDisabledTemplateFields(&internal.Spec.Template, nil)
	opts := podutil.GetValidationOptionsFromPodTemplate(&internal.Spec.Template, nil)
	errs := corevalidation.ValidatePodTemplateSpec(&internal.Spec.Template, pvTemplatePath, opts)
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		// Whether privileged and HostProcess containers are allowed is
		// the API server's --allow-privileged flag (false in this test
		// process), not a rule of the API: jobkit accepts them.
		if strings.Contains(e.Detail, "by cluster policy") {
			continue
		}
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return keys
}

func jobkitTemplateVerdict(t *testing.T, tmpl *corev1.PodTemplateSpec) verdict {
	t.Helper()
	return newVerdict(jobkitTemplateKeys(t, tmpl))
}

// jobkitTemplateKeys are jobkit's errors on tmpl in the order it reports
// them.
func jobkitTemplateKeys(t *testing.T, tmpl *corev1.PodTemplateSpec) []errKey {
	t.Helper()
	data, err := json.Marshal(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	var ct core.PodTemplateSpec
	if err := json.Unmarshal(data, &ct); err != nil {
		t.Fatalf("jobkit does not decode the template: %v\n%s", err, data)
	}
	core.SetDefaultsPodTemplateSpec(&ct)
	core.DropDisabledTemplateFields(&ct, nil)
	errs := core.ValidatePodTemplateSpec(&ct, field.NewPath("spec", "template"), core.JobPodValidationOptions())
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return keys
}

// pvOrdered is a list of errors in the order they are reported, with each
// run of errors found while ranging over a map sorted: Kubernetes ranges
// over maps in random order. Those are the errors at a path with a
// non-numeric subscript (such as `resources.limits[cpu]`), and those at
// `resources.limits` and `resources.requests` (or `overhead.limits`),
// which its loops over limits and requests report among them, and those
// about containers' seccomp annotations (at `annotations.<key>`).
func pvOrdered(keys []errKey) []errKey {
	out := slices.Clone(keys)
	isMapMember := func(k errKey) bool {
		for _, suffix := range [...]string{"resources.limits", "resources.requests", "overhead.limits"} {
			if strings.HasSuffix(k.Field, suffix) {
				return true
			}
		}
		if strings.Contains(k.Field, "annotations.container.seccomp.security.alpha.kubernetes.io/") {
			return true // Kubernetes names these without a subscript
		}
		for rest := k.Field; ; {
			_, after, ok := strings.Cut(rest, "[")
			if !ok {
				return false
			}
			sub, tail, _ := strings.Cut(after, "]")
			if _, err := strconv.Atoi(sub); err != nil {
				return true
			}
			rest = tail
		}
	}
	for i := 0; i < len(out); {
		if !isMapMember(out[i]) {
			i++
			continue
		}
		j := i
		for j < len(out) && isMapMember(out[j]) {
			j++
		}
		slices.SortFunc(out[i:j], func(a, b errKey) int { return strings.Compare(a.String(), b.String()) })
		i = j
	}
	return out
}

func TestPodValidationOptionsOfTheJobStrategy(t *testing.T) {
	tmpl := pvBaseTemplate()
	var internalJob batch.Job
	in := batchv1.Job{Spec: batchv1.JobSpec{Template: tmpl}}
	legacyscheme.Scheme.Default(&in)
	if err := legacyscheme.Scheme.Convert(&in, &internalJob, nil); err != nil {
		t.Fatal(err)
	}
	o := podutil.GetValidationOptionsFromPodTemplate(&internalJob.Spec.Template, nil)
	got := fmt.Sprintf("relaxedEnv=%v sleepZero=%v restartRules=%v restartAll=%v envFiles=%v tolerationCmp=%v invalidSelectorValue=%v nonLocalToken=%v",
		o.AllowRelaxedEnvironmentVariableValidation, o.AllowPodLifecycleSleepActionZeroValue, o.AllowContainerRestartPolicyRules,
		o.AllowRestartAllContainers, o.AllowEnvFilesValidation, o.AllowTaintTolerationComparisonOperators,
		o.AllowInvalidLabelValueInSelector, o.AllowNonLocalProjectedTokenPath)
	want := "relaxedEnv=true sleepZero=true restartRules=true restartAll=true envFiles=true tolerationCmp=false invalidSelectorValue=false nonLocalToken=false"
	if got != want {
		t.Errorf("the Job strategy's pod validation options changed:\n got %s\nwant %s", got, want)
	}
}

func pvPtr[T any](v T) *T { return &v }

// pvBaseTemplate is a valid template that uses every area the mutations
// break: volumes of the validated kinds, a sidecar and an init container,
// a container with ports, env, envFrom, mounts, resources, probes and
// hooks, tolerations, affinity, scheduling gates.
func pvBaseTemplate() corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{
		ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "x"}, Annotations: map[string]string{"example.com/a": "b"}},
		Spec: corev1.PodSpec{
			RestartPolicy:      corev1.RestartPolicyOnFailure,
			ServiceAccountName: "runner",
			Hostname:           "host",
			Subdomain:          "sub",
			NodeSelector:       map[string]string{"disk": "ssd"},
			PriorityClassName:  "high",
			Volumes: []corev1.Volume{
				{Name: "cache", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}},
				{Name: "config", VolumeSource: corev1.VolumeSource{ConfigMap: &corev1.ConfigMapVolumeSource{
					LocalObjectReference: corev1.LocalObjectReference{Name: "cfg"},
					Items:                []corev1.KeyToPath{{Key: "a", Path: "dir/a", Mode: pvPtr[int32](0644)}},
					DefaultMode:          pvPtr[int32](0440)}}},
				{Name: "creds", VolumeSource: corev1.VolumeSource{Secret: &corev1.SecretVolumeSource{SecretName: "s",
					Items: []corev1.KeyToPath{{Key: "token", Path: "token"}}}}},
				{Name: "info", VolumeSource: corev1.VolumeSource{DownwardAPI: &corev1.DownwardAPIVolumeSource{Items: []corev1.DownwardAPIVolumeFile{
					{Path: "labels", FieldRef: &corev1.ObjectFieldSelector{FieldPath: "metadata.labels"}},
					{Path: "cpu", ResourceFieldRef: &corev1.ResourceFieldSelector{ContainerName: "main", Resource: "limits.cpu", Divisor: resource.MustParse("1m")}},
				}}}},
				{Name: "all", VolumeSource: corev1.VolumeSource{Projected: &corev1.ProjectedVolumeSource{Sources: []corev1.VolumeProjection{
					{ConfigMap: &corev1.ConfigMapProjection{LocalObjectReference: corev1.LocalObjectReference{Name: "cfg"}, Items: []corev1.KeyToPath{{Key: "a", Path: "p/a"}}}},
					{Secret: &corev1.SecretProjection{LocalObjectReference: corev1.LocalObjectReference{Name: "s"}}},
					{ServiceAccountToken: &corev1.ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: pvPtr[int64](3600)}},
				}}}},
				{Name: "host", VolumeSource: corev1.VolumeSource{HostPath: &corev1.HostPathVolumeSource{Path: "/var/log"}}},
				{Name: "claim", VolumeSource: corev1.VolumeSource{PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: "pvc"}}},
			},
			InitContainers: []corev1.Container{
				{Name: "setup", Image: "busybox", Command: []string{"true"}},
				{Name: "proxy", Image: "envoy", RestartPolicy: pvPtr(corev1.ContainerRestartPolicyAlways),
					ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{TCPSocket: &corev1.TCPSocketAction{Port: intstr.FromInt32(15000)}}}},
			},
			Containers: []corev1.Container{{
				Name: "main", Image: "example.com/app:1.2",
				Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}, {Name: "metrics", ContainerPort: 9090, Protocol: corev1.ProtocolTCP}},
				Env: []corev1.EnvVar{
					{Name: "A", Value: "1"},
					{Name: "POD", ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{FieldPath: "metadata.name"}}},
					{Name: "CPU", ValueFrom: &corev1.EnvVarSource{ResourceFieldRef: &corev1.ResourceFieldSelector{Resource: "limits.cpu"}}},
					{Name: "K", ValueFrom: &corev1.EnvVarSource{ConfigMapKeyRef: &corev1.ConfigMapKeySelector{LocalObjectReference: corev1.LocalObjectReference{Name: "cfg"}, Key: "a"}}},
					{Name: "S", ValueFrom: &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{LocalObjectReference: corev1.LocalObjectReference{Name: "s"}, Key: "token"}}},
				},
				EnvFrom: []corev1.EnvFromSource{{Prefix: "CFG_", ConfigMapRef: &corev1.ConfigMapEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: "cfg"}}}},
				VolumeMounts: []corev1.VolumeMount{
					{Name: "cache", MountPath: "/cache"},
					{Name: "config", MountPath: "/etc/config", SubPath: "dir"},
					{Name: "creds", MountPath: "/creds", ReadOnly: true},
				},
				Resources: corev1.ResourceRequirements{
					Limits:   corev1.ResourceList{"cpu": resource.MustParse("1"), "memory": resource.MustParse("1Gi"), "example.com/gpu": resource.MustParse("1")},
					Requests: corev1.ResourceList{"cpu": resource.MustParse("500m"), "memory": resource.MustParse("512Mi")},
				},
				LivenessProbe:  &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/healthz", Port: intstr.FromString("http")}}},
				StartupProbe:   &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"ok"}}}, FailureThreshold: 30},
				ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{GRPC: &corev1.GRPCAction{Port: 9000}}},
				Lifecycle: &corev1.Lifecycle{
					PreStop:   &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 5}},
					PostStart: &corev1.LifecycleHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/start", Port: intstr.FromInt32(8080)}},
				},
			}},
			Tolerations: []corev1.Toleration{
				{Key: "dedicated", Operator: corev1.TolerationOpEqual, Value: "batch", Effect: corev1.TaintEffectNoSchedule},
				{Operator: corev1.TolerationOpExists},
				{Key: "node.kubernetes.io/unreachable", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: pvPtr[int64](30)},
			},
			Affinity: &corev1.Affinity{
				NodeAffinity: &corev1.NodeAffinity{
					RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
						MatchExpressions: []corev1.NodeSelectorRequirement{{Key: "zone", Operator: corev1.NodeSelectorOpIn, Values: []string{"a", "b"}}},
					}}},
					PreferredDuringSchedulingIgnoredDuringExecution: []corev1.PreferredSchedulingTerm{{Weight: 10, Preference: corev1.NodeSelectorTerm{
						MatchExpressions: []corev1.NodeSelectorRequirement{{Key: "gpu", Operator: corev1.NodeSelectorOpExists}}}}},
				},
				PodAntiAffinity: &corev1.PodAntiAffinity{
					RequiredDuringSchedulingIgnoredDuringExecution: []corev1.PodAffinityTerm{{
						LabelSelector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "x"}},
						TopologyKey:   "kubernetes.io/hostname",
					}},
					PreferredDuringSchedulingIgnoredDuringExecution: []corev1.WeightedPodAffinityTerm{{Weight: 50, PodAffinityTerm: corev1.PodAffinityTerm{
						LabelSelector: &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "tier", Operator: metav1.LabelSelectorOpNotIn, Values: []string{"db"}}}},
						Namespaces:    []string{"default"},
						TopologyKey:   "topology.kubernetes.io/zone",
					}}},
				},
			},
			SchedulingGates: []corev1.PodSchedulingGate{{Name: "example.com/quota"}},
		},
	}
}

// podMutation breaks one rule of the base template.
type podMutation struct {
	name string
	f    func(s *corev1.PodSpec, m *metav1.ObjectMeta)
}

func pvMain(s *corev1.PodSpec) *corev1.Container { return &s.Containers[0] }

// podMutations lists, per implemented rule, a change that breaks it.
var podMutations = []podMutation{
	// a volume with several sources: the first in Kubernetes' order is
	// validated, the later ones refused, and iSCSI's initiator name makes
	// the volume name checked with the target portal
	{"volume with gcePersistentDisk, secret and iscsi", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes = append(s.Volumes, corev1.Volume{Name: "a-volume-name-long-enough-to-overflow-sixty-four-characters", VolumeSource: corev1.VolumeSource{
			Secret:            &corev1.SecretVolumeSource{SecretName: "s", Items: []corev1.KeyToPath{{Key: "k", Path: "/abs", Mode: pvPtr[int32](-1)}}},
			GCEPersistentDisk: &corev1.GCEPersistentDiskVolumeSource{PDName: "pd", Partition: -1},
			ISCSI: &corev1.ISCSIVolumeSource{TargetPortal: "10.0.0.1:3260", IQN: "iqn.2001-04.com.example:storage",
				InitiatorName: pvPtr("iqn.2001-04.com.example:node")},
		}})
	}},
	{"volume with awsElasticBlockStore and downwardAPI", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes = append(s.Volumes, corev1.Volume{Name: "multi", VolumeSource: corev1.VolumeSource{
			AWSElasticBlockStore: &corev1.AWSElasticBlockStoreVolumeSource{VolumeID: "v", Partition: 300},
			DownwardAPI: &corev1.DownwardAPIVolumeSource{Items: []corev1.DownwardAPIVolumeFile{{Path: "p",
				FieldRef: &corev1.ObjectFieldSelector{APIVersion: "v1", FieldPath: "bogus"}, Mode: pvPtr[int32](-1)}}},
		}})
	}},
	{"hostPath type with other sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		t := corev1.HostPathType("bogus")
		s.Volumes = append(s.Volumes, corev1.Volume{Name: "hp", VolumeSource: corev1.VolumeSource{
			HostPath: &corev1.HostPathVolumeSource{Path: "/x", Type: &t},
			GitRepo:  &corev1.GitRepoVolumeSource{Repository: "r"},
			Secret:   &corev1.SecretVolumeSource{SecretName: "s"},
		}})
	}},
	// names and metadata
	{"template label value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { m.Labels["app"] = "-bad" }},
	{"template annotation key", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { m.Annotations["a b"] = "x" }},
	{"container name not DNS label", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Name = "Main" }},
	{"container name empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Name = "" }},
	{"container name too long", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Name = strings.Repeat("a", 64) }},
	{"container name duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Containers = append(s.Containers, corev1.Container{Name: "main", Image: "x"})
	}},
	{"init container repeats container name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.InitContainers[0].Name = "main" }},
	{"init containers repeat a name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.InitContainers[1].Name = "setup" }},
	{"no containers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Containers = nil }},
	{"image empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Image = "" }},
	{"serviceAccountName", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.ServiceAccountName = "Runner_1" }},
	{"nodeName", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.NodeName = "node..1" }},
	{"hostname", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Hostname = "host.example" }},
	{"subdomain", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Subdomain = strings.Repeat("s", 64) }},
	{"priorityClassName", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.PriorityClassName = "High" }},
	{"nodeSelector value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.NodeSelector["disk"] = "a b" }},
	{"activeDeadlineSeconds zero", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.ActiveDeadlineSeconds = pvPtr[int64](0) }},
	{"dnsPolicy None without dnsConfig", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.DNSPolicy = corev1.DNSNone }},
	{"dnsPolicy None without nameservers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.DNSPolicy, s.DNSConfig = corev1.DNSNone, &corev1.PodDNSConfig{Searches: []string{"a.b"}}
	}},
	{"dnsConfig bad", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.DNSConfig = &corev1.PodDNSConfig{Nameservers: []string{"1.2.3.4", "010.0.0.1", "::ffff:1.2.3.4", "x"},
			Searches: []string{"_srv.example.com.", "Bad", ".", "a..b", strings.Repeat("a", 64)},
			Options:  []corev1.PodDNSConfigOption{{Name: ""}, {Name: "ndots", Value: pvPtr("2")}}}
	}},
	{"dnsConfig too many searches", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.DNSConfig = &corev1.PodDNSConfig{Searches: strings.Split(strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789 ", 40), " ")[:40]}
	}},
	{"ephemeral containers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.EphemeralContainers = []corev1.EphemeralContainer{{EphemeralContainerCommon: corev1.EphemeralContainerCommon{Name: "dbg", Image: "x"}}}
	}},
	// enums
	{"imagePullPolicy case", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).ImagePullPolicy = "ifNotPresent" }},
	{"terminationMessagePolicy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).TerminationMessagePolicy = "Log" }},
	{"dnsPolicy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.DNSPolicy = "clusterFirst" }},
	{"restartPolicy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.RestartPolicy = "Sometimes" }},
	{"preemptionPolicy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.PreemptionPolicy = pvPtr(corev1.PreemptionPolicy("Always"))
	}},
	// ports
	{"containerPort 70000", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].ContainerPort = 70000 }},
	{"containerPort 0", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].ContainerPort = 0 }},
	{"containerPort negative", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].ContainerPort = -1 }},
	{"hostPort 70000", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].HostPort = 70000 }},
	{"port protocol", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].Protocol = "tcp" }},
	{"port name invalid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].Name = "HTTP--" }},
	{"port name too long", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[0].Name = "a234567890123456" }},
	{"port name duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Ports[1].Name = "http" }},
	{"host port duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Ports[0].HostPort, pvMain(s).Ports[1].HostPort = 80, 80
	}},
	{"init host port duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[1].Ports = []corev1.ContainerPort{{ContainerPort: 1, HostPort: 81}, {ContainerPort: 2, HostPort: 81}}
	}},
	// probes and hooks
	{"probe two handlers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).LivenessProbe.Exec = &corev1.ExecAction{Command: []string{"x"}}
	}},
	{"probe three handlers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).ReadinessProbe.Exec = &corev1.ExecAction{Command: []string{"x"}}
		pvMain(s).ReadinessProbe.TCPSocket = &corev1.TCPSocketAction{Port: intstr.FromInt32(1)}
	}},
	{"probe no handler", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).StartupProbe.Exec = nil }},
	{"probe exec without command", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).StartupProbe.Exec.Command = nil }},
	{"httpGet port name invalid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).LivenessProbe.HTTPGet.Port = intstr.FromString("Not_A_Port")
	}},
	{"httpGet port number", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).LivenessProbe.HTTPGet.Port = intstr.FromInt32(0)
	}},
	{"httpGet scheme", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).LivenessProbe.HTTPGet.Scheme = "http" }},
	{"httpGet header name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).LivenessProbe.HTTPGet.HTTPHeaders = []corev1.HTTPHeader{{Name: "X Bad", Value: "1"}}
	}},
	{"tcpSocket port", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[1].ReadinessProbe.TCPSocket.Port = intstr.FromInt32(99999)
	}},
	{"grpc port", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).ReadinessProbe.GRPC.Port = 0 }},
	{"liveness successThreshold 2", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).LivenessProbe.SuccessThreshold = 2 }},
	{"startup successThreshold 3", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).StartupProbe.SuccessThreshold = 3 }},
	{"probe negative numbers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		p := pvMain(s).ReadinessProbe
		p.InitialDelaySeconds, p.TimeoutSeconds, p.PeriodSeconds, p.FailureThreshold = -1, -1, -1, -1
	}},
	{"readiness terminationGracePeriodSeconds", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).ReadinessProbe.TerminationGracePeriodSeconds = pvPtr[int64](5)
	}},
	{"liveness terminationGracePeriodSeconds 0", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).LivenessProbe.TerminationGracePeriodSeconds = pvPtr[int64](0)
	}},
	{"lifecycle two handlers", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Lifecycle.PostStart.Exec = &corev1.ExecAction{Command: []string{"x"}}
	}},
	{"lifecycle no handler", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Lifecycle.PreStop = &corev1.LifecycleHandler{}
	}},
	{"sleep longer than grace period", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Lifecycle.PreStop.Sleep.Seconds = 31 }},
	{"sleep negative", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Lifecycle.PreStop.Sleep.Seconds = -1 }},
	{"stopSignal without os", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Lifecycle.StopSignal = pvPtr(corev1.SIGTERM) }},
	{"init container with probe", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[0].LivenessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"x"}}}}
		s.InitContainers[0].Lifecycle = &corev1.Lifecycle{}
	}},
	{"sidecar probe bad", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[1].LivenessProbe = &corev1.Probe{SuccessThreshold: 2}
	}},
	// container restart policy
	{"container restartPolicy bogus", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).RestartPolicy = pvPtr(corev1.ContainerRestartPolicy("Sometimes"))
	}},
	{"init restartPolicy bogus", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[0].RestartPolicy = pvPtr(corev1.ContainerRestartPolicy("always"))
	}},
	{"restart rules without policy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).RestartPolicyRules = []corev1.ContainerRestartRule{{Action: "Restart"}}
	}},
	{"restart rule bad action and operator", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).RestartPolicy = pvPtr(corev1.ContainerRestartPolicyNever)
		pvMain(s).RestartPolicyRules = []corev1.ContainerRestartRule{{Action: "Explode", ExitCodes: &corev1.ContainerRestartRuleOnExitCodes{Operator: "Gt"}}}
	}},
	// resources
	{"requests above limits", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Requests["cpu"] = resource.MustParse("2")
	}},
	{"negative request", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Requests["memory"] = resource.MustParse("-1")
	}},
	{"negative limit", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["ephemeral-storage"] = resource.MustParse("-1Gi")
	}},
	{"unknown resource name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["gpu"] = resource.MustParse("1")
	}},
	{"quota resource name in container", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["pods"] = resource.MustParse("1")
	}},
	{"resource name not qualified", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Requests["a b"] = resource.MustParse("1")
	}},
	{"extended resource fractional", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["example.com/gpu"] = resource.MustParse("500m")
	}},
	{"extended resource request without limit", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Requests["example.com/fpga"] = resource.MustParse("1")
	}},
	{"extended resource request differs", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Requests["example.com/gpu"] = resource.MustParse("2")
	}},
	{"hugepages without cpu or memory", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[0].Resources.Limits = corev1.ResourceList{"hugepages-2Mi": resource.MustParse("4Mi")}
	}},
	{"kubernetes.io resource", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["kubernetes.io/foo"] = resource.MustParse("1")
	}},
	{"resizePolicy", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).ResizePolicy = []corev1.ContainerResizePolicy{{ResourceName: "cpu", RestartPolicy: "RestartContainer"}, {ResourceName: "cpu", RestartPolicy: "Never"}, {ResourceName: "gpu", RestartPolicy: "NotRequired"}}
	}},
	{"init resizePolicy RestartContainer", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[0].ResizePolicy = []corev1.ContainerResizePolicy{{ResourceName: "memory", RestartPolicy: "RestartContainer"}}
	}},
	// env
	{"env name empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[0].Name = "" }},
	{"env name with =", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[0].Name = "A=B" }},
	{"env name with tab", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[0].Name = "A\tB" }},
	{"env name relaxed ok", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[0].Name = "1-my.var name" }},
	{"env value and valueFrom", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[1].Value = "x" }},
	{"env valueFrom empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[1].ValueFrom = &corev1.EnvVarSource{} }},
	{"env valueFrom two sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[3].ValueFrom.SecretKeyRef = &corev1.SecretKeySelector{LocalObjectReference: corev1.LocalObjectReference{Name: "s"}, Key: "k"}
	}},
	{"secretKeyRef without key", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[4].ValueFrom.SecretKeyRef.Key = "" }},
	{"configMapKeyRef bad key and name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[3].ValueFrom.ConfigMapKeyRef.Key = "..a/b"
		pvMain(s).Env[3].ValueFrom.ConfigMapKeyRef.Name = ""
	}},
	{"fieldRef unknown", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[1].ValueFrom.FieldRef.FieldPath = "metadata.bogus"
	}},
	{"fieldRef not for env", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[1].ValueFrom.FieldRef.FieldPath = "metadata.labels"
	}},
	{"fieldRef apiVersion", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).Env[1].ValueFrom.FieldRef.APIVersion = "v2" }},
	{"fieldRef label key", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[1].ValueFrom.FieldRef.FieldPath = "metadata.labels['-x']"
	}},
	{"resourceFieldRef unknown", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[2].ValueFrom.ResourceFieldRef.Resource = "limits.gpu"
	}},
	{"resourceFieldRef empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[2].ValueFrom.ResourceFieldRef.Resource = ""
	}},
	{"resourceFieldRef divisor", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[2].ValueFrom.ResourceFieldRef.Divisor = resource.MustParse("2")
	}},
	{"resourceFieldRef hugepages", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[2].ValueFrom.ResourceFieldRef.Resource = "limits.hugepages-2Mi"
		pvMain(s).Env[2].ValueFrom.ResourceFieldRef.Divisor = resource.MustParse("1m")
	}},
	{"fileKeyRef", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Env[0] = corev1.EnvVar{Name: "F", ValueFrom: &corev1.EnvVarSource{FileKeyRef: &corev1.FileKeySelector{VolumeName: "Cache", Path: "../x", Key: "a=b"}}}
	}},
	{"envFrom prefix", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).EnvFrom[0].Prefix = "A=" }},
	{"envFrom no source", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).EnvFrom[0].ConfigMapRef = nil }},
	{"envFrom two sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).EnvFrom[0].SecretRef = &corev1.SecretEnvSource{LocalObjectReference: corev1.LocalObjectReference{Name: "Bad_Name"}}
	}},
	{"envFrom empty name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).EnvFrom[0].ConfigMapRef.Name = "" }},
	// volumes and mounts
	{"volume two sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[0].ConfigMap = &corev1.ConfigMapVolumeSource{LocalObjectReference: corev1.LocalObjectReference{Name: "c"}}
	}},
	{"volume three sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[1].DownwardAPI = &corev1.DownwardAPIVolumeSource{}
		s.Volumes[1].CephFS = &corev1.CephFSVolumeSource{Monitors: []string{"m"}}
	}},
	{"volume no source", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[6].PersistentVolumeClaim = nil }},
	{"volume name invalid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[6].Name = "Claim" }},
	{"volume name duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[6].Name = "cache" }},
	{"volume name empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[6].Name = "" }},
	{"configMap item absolute path", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.Items[0].Path = "/etc/a" }},
	{"configMap item dotdot", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.Items[0].Path = "a/../../b" }},
	{"configMap item starts with ..", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.Items[0].Path = "..a" }},
	{"configMap item without key and path", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[1].ConfigMap.Items[0].Key, s.Volumes[1].ConfigMap.Items[0].Path = "", ""
	}},
	{"configMap defaultMode 888", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.DefaultMode = pvPtr[int32](888) }},
	{"configMap item mode negative", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.Items[0].Mode = pvPtr[int32](-1) }},
	{"configMap without name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[1].ConfigMap.Name = "" }},
	{"secret without name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[2].Secret.SecretName = "" }},
	{"secret item path absolute", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[2].Secret.Items[0].Path = "/t" }},
	{"secret defaultMode", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[2].Secret.DefaultMode = pvPtr[int32](01000) }},
	{"downwardAPI item path", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[3].DownwardAPI.Items[0].Path = "" }},
	{"downwardAPI item both refs", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[3].DownwardAPI.Items[0].ResourceFieldRef = &corev1.ResourceFieldSelector{ContainerName: "main", Resource: "limits.cpu"}
	}},
	{"downwardAPI item no ref", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[3].DownwardAPI.Items[0].FieldRef = nil }},
	{"downwardAPI item fieldRef env-only", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[3].DownwardAPI.Items[0].FieldRef.FieldPath = "status.podIP"
	}},
	{"downwardAPI resourceFieldRef no container", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[3].DownwardAPI.Items[1].ResourceFieldRef.ContainerName = ""
	}},
	{"downwardAPI resourceFieldRef memory divisor", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[3].DownwardAPI.Items[1].ResourceFieldRef.Resource = "requests.memory"
	}},
	{"downwardAPI modes", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[3].DownwardAPI.DefaultMode = pvPtr[int32](-1)
		s.Volumes[3].DownwardAPI.Items[0].Mode = pvPtr[int32](01000)
	}},
	{"projected duplicate paths", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[4].Projected.Sources[1].Secret.Items = []corev1.KeyToPath{{Key: "k", Path: "p/a"}}
	}},
	{"projected source with two kinds", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[4].Projected.Sources[0].DownwardAPI = &corev1.DownwardAPIProjection{Items: []corev1.DownwardAPIVolumeFile{{Path: "p/a", FieldRef: &corev1.ObjectFieldSelector{FieldPath: "metadata.name"}}}}
	}},
	{"projected token short and absolute", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[4].Projected.Sources[2].ServiceAccountToken.ExpirationSeconds = pvPtr[int64](60)
		s.Volumes[4].Projected.Sources[2].ServiceAccountToken.Path = "/token"
	}},
	{"projected secret without name", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[4].Projected.Sources[1].Secret.Name = "" }},
	{"projected defaultMode", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[4].Projected.DefaultMode = pvPtr[int32](4096) }},
	{"hostPath dotdot and type", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[5].HostPath.Path = "/var/../etc"
		s.Volumes[5].HostPath.Type = pvPtr(corev1.HostPathType("Dir"))
	}},
	{"hostPath empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[5].HostPath.Path = "" }},
	{"pvc without claimName", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Volumes[6].PersistentVolumeClaim.ClaimName = "" }},
	{"emptyDir negative sizeLimit", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[0].EmptyDir.SizeLimit = pvPtr(resource.MustParse("-1"))
	}},
	{"mount of undeclared volume", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[0].Name = "nope" }},
	{"mount of invalid volume", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes[0].EmptyDir.SizeLimit = pvPtr(resource.MustParse("-1"))
	}},
	{"mount name empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[0].Name = "" }},
	{"mountPath empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[0].MountPath = "" }},
	{"mountPath duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[1].MountPath = "/cache" }},
	{"subPath absolute", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[1].SubPath = "/dir" }},
	{"subPath dotdot", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[1].SubPath = "../dir" }},
	{"subPathExpr with subPath", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { pvMain(s).VolumeMounts[1].SubPathExpr = "$(POD)" }},
	{"mountPropagation", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).VolumeMounts[0].MountPropagation = pvPtr(corev1.MountPropagationMode("Shared"))
	}},
	// scheduling
	{"toleration operator bogus", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[0].Operator = "Bogus" }},
	{"toleration operator Lt", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[0].Operator = "Lt" }},
	{"toleration Exists with value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[2].Value = "x" }},
	{"toleration empty key with Equal", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[1].Operator = "Equal" }},
	{"toleration effect", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[0].Effect = "noSchedule" }},
	{"toleration seconds without NoExecute", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[2].Effect = "NoSchedule" }},
	{"toleration key", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[0].Key = "-bad" }},
	{"toleration value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.Tolerations[0].Value = "a b" }},
	{"node affinity operator in", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Operator = "in"
	}},
	{"node affinity In without values", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Values = nil
	}},
	{"node affinity Exists with values", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].Preference.MatchExpressions[0].Values = []string{"a b"}
	}},
	{"node affinity Gt two values", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		r := &s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0]
		r.Operator = "Gt"
	}},
	{"node affinity bad key and value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		r := &s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0]
		r.Key, r.Values = "a b", []string{"-x"}
	}},
	{"node affinity no terms", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms = nil
	}},
	{"node affinity matchFields", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		t := &s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0]
		t.MatchFields = []corev1.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"Node_1"}}, {Key: "spec.x", Operator: "Exists"}}
	}},
	{"preferred weight", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].Weight = 0
		s.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].Weight = 101
	}},
	{"pod affinity topologyKey empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].TopologyKey = ""
	}},
	{"pod affinity selector operator", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm.LabelSelector.MatchExpressions[0].Operator = "notin"
	}},
	{"pod affinity selector value", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].LabelSelector.MatchLabels["app"] = "a b"
	}},
	{"pod affinity namespace", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm.Namespaces = []string{"Default"}
	}},
	{"pod affinity namespaceSelector", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].NamespaceSelector = &metav1.LabelSelector{
			MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "team", Operator: "Exists", Values: []string{"x"}}}}
	}},
	{"scheduling gate invalid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.SchedulingGates[0].Name = "bad gate" }},
	{"scheduling gate duplicate", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.SchedulingGates = append(s.SchedulingGates, corev1.PodSchedulingGate{Name: "example.com/quota"})
	}},
	// pod-level extras
	{"hostAliases", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.HostAliases = []corev1.HostAlias{{IP: "10.0.0.1", Hostnames: []string{"ok.example"}}, {IP: "010.1.1.1", Hostnames: []string{"Bad_Host"}}, {IP: "x"}}
	}},
	{"readinessGates", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.ReadinessGates = []corev1.PodReadinessGate{{ConditionType: "example.com/ready"}, {ConditionType: "bad gate"}}
	}},
	{"hostNetwork hostPort mismatch", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.HostNetwork = true
		pvMain(s).Ports[0].HostPort = 1234
	}},
	{"hostUsers false with host namespaces", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.HostUsers = pvPtr(false)
		s.HostPID, s.HostIPC, s.HostNetwork = true, true, true
	}},
	{"hostnameOverride", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.HostnameOverride = pvPtr(strings.Repeat("H", 65))
		s.SetHostnameAsFQDN = pvPtr(true)
	}},
	{"resourceClaims", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.ResourceClaims = []corev1.PodResourceClaim{{Name: "gpu", ResourceClaimName: pvPtr("c")}, {Name: "gpu", ResourceClaimTemplateName: pvPtr("T")},
			{Name: "Bad"}, {Name: "both", ResourceClaimName: pvPtr("a"), ResourceClaimTemplateName: pvPtr("b")}}
		pvMain(s).Resources.Claims = []corev1.ResourceClaim{{Name: "gpu"}, {Name: "gpu", Request: "r"}, {Name: "nope"}, {Name: ""}, {Name: "both", Request: "Bad"}}
	}},
	{"runtimeClassName", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.RuntimeClassName = pvPtr("Kata") }},
	{"schedulingGroup", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.SchedulingGroup = &corev1.PodSchedulingGroup{} }},
	{"shareProcessNamespace with hostPID", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.ShareProcessNamespace, s.HostPID = pvPtr(true), true
	}},
	{"pod securityContext", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.SecurityContext = &corev1.PodSecurityContext{RunAsUser: pvPtr[int64](-1), RunAsGroup: pvPtr[int64](1 << 32), FSGroup: pvPtr[int64](-2),
			SupplementalGroups: []int64{1, -1}, FSGroupChangePolicy: pvPtr(corev1.PodFSGroupChangePolicy("Never")),
			SeccompProfile:           &corev1.SeccompProfile{Type: "Localhost"},
			AppArmorProfile:          &corev1.AppArmorProfile{Type: "RuntimeDefault", LocalhostProfile: pvPtr("p")},
			SupplementalGroupsPolicy: pvPtr(corev1.SupplementalGroupsPolicy("Loose")),
			SELinuxChangePolicy:      pvPtr(corev1.SELinuxChangePolicyMountOption)}
	}},
	{"container securityContext", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).SecurityContext = &corev1.SecurityContext{RunAsUser: pvPtr[int64](-1), ProcMount: pvPtr(corev1.UnmaskedProcMount),
			AllowPrivilegeEscalation: pvPtr(false), Capabilities: &corev1.Capabilities{Add: []corev1.Capability{"CAP_SYS_ADMIN"}},
			SeccompProfile:  &corev1.SeccompProfile{Type: "Localhost", LocalhostProfile: pvPtr("../p")},
			AppArmorProfile: &corev1.AppArmorProfile{Type: "Localhost", LocalhostProfile: pvPtr(" p")}}
	}},
	{"container securityContext enums", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.InitContainers[0].SecurityContext = &corev1.SecurityContext{ProcMount: pvPtr(corev1.ProcMountType("Masked")),
			SeccompProfile: &corev1.SeccompProfile{Type: "runtimeDefault"}, AppArmorProfile: &corev1.AppArmorProfile{}}
	}},
	{"topology spread", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		sel := &metav1.LabelSelector{MatchLabels: map[string]string{"app": "x"}, MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "app", Operator: "Exists"}}}
		s.TopologySpreadConstraints = []corev1.TopologySpreadConstraint{
			{MaxSkew: 0, TopologyKey: "zone", WhenUnsatisfiable: "DoNotSchedule", LabelSelector: sel, MatchLabelKeys: []string{"app", "bad key"}},
			{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: "DoNotSchedule", MinDomains: pvPtr[int32](0)},
			{MaxSkew: 1, TopologyKey: "", WhenUnsatisfiable: "scheduleAnyway", MinDomains: pvPtr[int32](2), NodeAffinityPolicy: pvPtr(corev1.NodeInclusionPolicy("honor")),
				MatchLabelKeys: []string{"x"}},
		}
	}},
	{"pod affinity matchLabelKeys", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		t := &s.Affinity.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution[0].PodAffinityTerm
		t.MatchLabelKeys, t.MismatchLabelKeys = []string{"tier", "a", "-b"}, []string{"a"}
		t.LabelSelector.MatchExpressions = append(t.LabelSelector.MatchExpressions, metav1.LabelSelectorRequirement{Key: "tier", Operator: "Exists"})
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].LabelSelector = nil
		s.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0].MismatchLabelKeys = []string{"z"}
	}},
	{"hugepages not a whole number of pages", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).Resources.Limits["hugepages-2Mi"] = resource.MustParse("3Mi")
		pvMain(s).Resources.Requests["hugepages-1Gi"] = resource.MustParse("1Gi")
		pvMain(s).Resources.Limits["hugepages-1Gi"] = resource.MustParse("1Gi")
		pvMain(s).Resources.Limits["hugepages-x"] = resource.MustParse("1")
	}},
	{"bidirectional propagation unprivileged", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).VolumeMounts[0].MountPropagation = pvPtr(corev1.MountPropagationBidirectional)
	}},
	{"recursiveReadOnly", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).VolumeMounts[0].RecursiveReadOnly = pvPtr(corev1.RecursiveReadOnlyEnabled)
		pvMain(s).VolumeMounts[0].MountPropagation = pvPtr(corev1.MountPropagationHostToContainer)
		pvMain(s).VolumeMounts[2].RecursiveReadOnly = pvPtr(corev1.RecursiveReadOnlyMode("Always"))
	}},
	{"volumeDevices", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).VolumeDevices = []corev1.VolumeDevice{{Name: "claim", DevicePath: "/dev/a"}, {Name: "claim", DevicePath: "/dev/a"},
			{Name: "cache", DevicePath: "/cache"}, {Name: "", DevicePath: "/dev/../x"}, {Name: "nope", DevicePath: ""}}
	}},
	{"pod-level resources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Resources = &corev1.ResourceRequirements{
			Limits:   corev1.ResourceList{"cpu": resource.MustParse("500m"), "example.com/gpu": resource.MustParse("1"), "pods": resource.MustParse("1"), "hugepages-2Mi": resource.MustParse("2Mi")},
			Requests: corev1.ResourceList{"cpu": resource.MustParse("100m"), "memory": resource.MustParse("100Mi"), "bogus": resource.MustParse("1")},
			Claims:   []corev1.ResourceClaim{{Name: "x"}},
		}
		s.InitContainers[0].Resources.Limits = corev1.ResourceList{"hugepages-2Mi": resource.MustParse("4Mi"), "cpu": resource.MustParse("1")}
		s.InitContainers[0].Resources.Requests = corev1.ResourceList{"hugepages-2Mi": resource.MustParse("4Mi")}
	}},
	{"pod-level resources valid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Resources = &corev1.ResourceRequirements{Limits: corev1.ResourceList{"cpu": resource.MustParse("4"), "memory": resource.MustParse("4Gi")}}
	}},
	{"overhead", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Overhead = corev1.ResourceList{"cpu": resource.MustParse("-1"), "gpu": resource.MustParse("1")}
	}},
	{"os", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.OS = &corev1.PodOS{Name: "Linux"} }},
	{"os linux with windows options", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.OS = &corev1.PodOS{Name: "linux"}
		s.SecurityContext = &corev1.PodSecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{}}
		pvMain(s).SecurityContext = &corev1.SecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{}}
		pvMain(s).Lifecycle.StopSignal = pvPtr(corev1.Signal("SIGBOGUS"))
	}},
	{"pod annotations", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		m.Annotations["kubernetes.io/config.mirror"] = "x"
		m.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "+10"
		m.Annotations["seccomp.security.alpha.kubernetes.io/pod"] = "bogus"
		m.Annotations["container.seccomp.security.alpha.kubernetes.io/main"] = "localhost/../x"
		m.Annotations["container.apparmor.security.beta.kubernetes.io/nope"] = "bad"
		m.Annotations["scheduler.alpha.kubernetes.io/tolerations"] = `[{"key":"a b","operator":"Exists","value":"x"}]`
	}},
	{"pod annotations valid", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		m.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "-5"
		m.Annotations["seccomp.security.alpha.kubernetes.io/pod"] = "runtime/default"
		m.Annotations["container.apparmor.security.beta.kubernetes.io/main"] = "localhost/p"
	}},
	{"tolerations annotation not JSON", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		m.Annotations["scheduler.alpha.kubernetes.io/tolerations"] = "{"
		m.Annotations["controller.kubernetes.io/pod-deletion-cost"] = "99999999999"
	}},
	{"profile annotations disagree with fields", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		m.Annotations["seccomp.security.alpha.kubernetes.io/pod"] = "unconfined"
		m.Annotations["container.seccomp.security.alpha.kubernetes.io/main"] = "localhost/a"
		m.Annotations["container.apparmor.security.beta.kubernetes.io/main"] = "localhost/a"
		m.Annotations["container.apparmor.security.beta.kubernetes.io/setup"] = "unconfined"
		s.SecurityContext = &corev1.PodSecurityContext{SeccompProfile: &corev1.SeccompProfile{Type: "RuntimeDefault"},
			AppArmorProfile: &corev1.AppArmorProfile{Type: "RuntimeDefault"}}
		pvMain(s).SecurityContext = &corev1.SecurityContext{SeccompProfile: &corev1.SeccompProfile{Type: "Localhost", LocalhostProfile: pvPtr("b")},
			AppArmorProfile: &corev1.AppArmorProfile{Type: "Localhost", LocalhostProfile: pvPtr("b")}}
	}},
	{"sysctls", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.HostNetwork, s.HostIPC = true, true
		pvMain(s).Ports = nil
		s.SecurityContext = &corev1.PodSecurityContext{Sysctls: []corev1.Sysctl{{Name: "net.ipv4.ip_forward"}, {Name: "kernel/shm_rmid_forced"},
			{Name: "net.ipv4.ip_forward"}, {Name: ""}, {Name: "Bad..name"}, {Name: "fs/mqueue/msg_max"}, {Name: "kernel.domainname"}}}
	}},
	{"volume sources", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes = append(s.Volumes,
			corev1.Volume{Name: "nfs", VolumeSource: corev1.VolumeSource{NFS: &corev1.NFSVolumeSource{Path: "data"}}},
			corev1.Volume{Name: "csi", VolumeSource: corev1.VolumeSource{CSI: &corev1.CSIVolumeSource{Driver: "CSI.Example_com", NodePublishSecretRef: &corev1.LocalObjectReference{Name: "Bad"}}}},
			corev1.Volume{Name: "csi2", VolumeSource: corev1.VolumeSource{CSI: &corev1.CSIVolumeSource{NodePublishSecretRef: &corev1.LocalObjectReference{}}}},
			corev1.Volume{Name: "gluster", VolumeSource: corev1.VolumeSource{Glusterfs: &corev1.GlusterfsVolumeSource{}}},
			corev1.Volume{Name: "rbd", VolumeSource: corev1.VolumeSource{RBD: &corev1.RBDVolumeSource{}}},
			corev1.Volume{Name: "cinder", VolumeSource: corev1.VolumeSource{Cinder: &corev1.CinderVolumeSource{SecretRef: &corev1.LocalObjectReference{}}}},
			corev1.Volume{Name: "ceph", VolumeSource: corev1.VolumeSource{CephFS: &corev1.CephFSVolumeSource{}}},
			corev1.Volume{Name: "azf", VolumeSource: corev1.VolumeSource{AzureFile: &corev1.AzureFileVolumeSource{}}},
			corev1.Volume{Name: "vs", VolumeSource: corev1.VolumeSource{VsphereVolume: &corev1.VsphereVirtualDiskVolumeSource{}}},
			corev1.Volume{Name: "gce", VolumeSource: corev1.VolumeSource{GCEPersistentDisk: &corev1.GCEPersistentDiskVolumeSource{Partition: 300}}},
			corev1.Volume{Name: "ebs", VolumeSource: corev1.VolumeSource{AWSElasticBlockStore: &corev1.AWSElasticBlockStoreVolumeSource{Partition: -1}}},
			corev1.Volume{Name: "photon", VolumeSource: corev1.VolumeSource{PhotonPersistentDisk: &corev1.PhotonPersistentDiskVolumeSource{}}},
			corev1.Volume{Name: "pwx", VolumeSource: corev1.VolumeSource{PortworxVolume: &corev1.PortworxVolumeSource{}}},
			corev1.Volume{Name: "flocker", VolumeSource: corev1.VolumeSource{Flocker: &corev1.FlockerVolumeSource{DatasetName: "a/b", DatasetUUID: "u"}}},
			corev1.Volume{Name: "flocker2", VolumeSource: corev1.VolumeSource{Flocker: &corev1.FlockerVolumeSource{}}},
			corev1.Volume{Name: "iscsi", VolumeSource: corev1.VolumeSource{ISCSI: &corev1.ISCSIVolumeSource{IQN: "iqn.2001-04.com.example", Lun: 300,
				SessionCHAPAuth: true, InitiatorName: pvPtr("eui.123")}}},
			corev1.Volume{Name: "iscsi2", VolumeSource: corev1.VolumeSource{ISCSI: &corev1.ISCSIVolumeSource{TargetPortal: "p", IQN: "x"}}},
			corev1.Volume{Name: "flex", VolumeSource: corev1.VolumeSource{FlexVolume: &corev1.FlexVolumeSource{Options: map[string]string{"kubernetes.io/x": "1", "a.k8s.io": "2", "ok": "3"}}}},
			corev1.Volume{Name: "fc", VolumeSource: corev1.VolumeSource{FC: &corev1.FCVolumeSource{TargetWWNs: []string{"a"}, WWIDs: []string{"b"}}}},
			corev1.Volume{Name: "fc2", VolumeSource: corev1.VolumeSource{FC: &corev1.FCVolumeSource{}}},
			corev1.Volume{Name: "azd", VolumeSource: corev1.VolumeSource{AzureDisk: &corev1.AzureDiskVolumeSource{DataDiskURI: "x", Kind: pvPtr(corev1.AzureDataDiskKind("Managed")),
				CachingMode: pvPtr(corev1.AzureDataDiskCachingMode("All"))}}},
			corev1.Volume{Name: "azd2", VolumeSource: corev1.VolumeSource{AzureDisk: &corev1.AzureDiskVolumeSource{DiskName: "d", DataDiskURI: "x"}}},
			corev1.Volume{Name: "qb", VolumeSource: corev1.VolumeSource{Quobyte: &corev1.QuobyteVolumeSource{Registry: "a:1,b"}}},
			corev1.Volume{Name: "sio", VolumeSource: corev1.VolumeSource{ScaleIO: &corev1.ScaleIOVolumeSource{}}},
			corev1.Volume{Name: "sos", VolumeSource: corev1.VolumeSource{StorageOS: &corev1.StorageOSVolumeSource{VolumeNamespace: "NS", SecretRef: &corev1.LocalObjectReference{}}}},
		)
	}},
	{"ephemeral volumes", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.Volumes = append(s.Volumes,
			corev1.Volume{Name: "eph", VolumeSource: corev1.VolumeSource{Ephemeral: &corev1.EphemeralVolumeSource{}}},
			corev1.Volume{Name: "eph2", VolumeSource: corev1.VolumeSource{Ephemeral: &corev1.EphemeralVolumeSource{VolumeClaimTemplate: &corev1.PersistentVolumeClaimTemplate{
				ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "y", UID: "u", Finalizers: []string{"f"}, Labels: map[string]string{"a": "-"}},
				Spec: corev1.PersistentVolumeClaimSpec{AccessModes: []corev1.PersistentVolumeAccessMode{"ReadWriteOncePod", "ReadWriteOnce", "rwo"},
					Resources:        corev1.VolumeResourceRequirements{Requests: corev1.ResourceList{"storage": resource.MustParse("0")}},
					StorageClassName: pvPtr("Fast"), VolumeMode: pvPtr(corev1.PersistentVolumeMode("Raw")),
					DataSource:    &corev1.TypedLocalObjectReference{Kind: "Snapshot"},
					DataSourceRef: &corev1.TypedObjectReference{APIGroup: pvPtr("Bad_Group"), Kind: "K", Name: "n"},
					Selector:      &metav1.LabelSelector{MatchLabels: map[string]string{"a": "b c"}}}}}}},
			corev1.Volume{Name: "eph3", VolumeSource: corev1.VolumeSource{Ephemeral: &corev1.EphemeralVolumeSource{VolumeClaimTemplate: &corev1.PersistentVolumeClaimTemplate{
				Spec: corev1.PersistentVolumeClaimSpec{
					DataSource:    &corev1.TypedLocalObjectReference{Kind: "PersistentVolumeClaim", Name: "a"},
					DataSourceRef: &corev1.TypedObjectReference{Kind: "PersistentVolumeClaim", Name: "a", Namespace: pvPtr("Other")}}}}}},
		)
		pvMain(s).VolumeDevices = []corev1.VolumeDevice{{Name: "eph", DevicePath: "/dev/e"}}
	}},
	{"windows pod", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.OS = &corev1.PodOS{Name: corev1.Windows}
		s.HostPID, s.ShareProcessNamespace, s.HostUsers = true, pvPtr(false), pvPtr(true)
		s.SecurityContext = &corev1.PodSecurityContext{RunAsUser: pvPtr[int64](1), FSGroup: pvPtr[int64](1), Sysctls: []corev1.Sysctl{{Name: "a.b"}},
			SELinuxOptions: &corev1.SELinuxOptions{}, SupplementalGroups: []int64{}}
		pvMain(s).SecurityContext = &corev1.SecurityContext{Capabilities: &corev1.Capabilities{}, Privileged: pvPtr(false),
			ReadOnlyRootFilesystem: pvPtr(true), ProcMount: pvPtr(corev1.DefaultProcMount)}
	}},
	{"windows options", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.SecurityContext = &corev1.PodSecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{
			GMSACredentialSpecName: pvPtr("Bad_Name"), GMSACredentialSpec: pvPtr(""), RunAsUserName: pvPtr("a\\b\\c")}}
		pvMain(s).SecurityContext = &corev1.SecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{RunAsUserName: pvPtr(".dom\\..")}}
		s.InitContainers[0].SecurityContext = &corev1.SecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{RunAsUserName: pvPtr("dom\\a@b")}}
		s.InitContainers[1].SecurityContext = &corev1.SecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{RunAsUserName: pvPtr("x\tb")}}
	}},
	{"hostProcess", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.SecurityContext = &corev1.PodSecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{HostProcess: pvPtr(true)}}
		pvMain(s).SecurityContext = &corev1.SecurityContext{WindowsOptions: &corev1.WindowsSecurityContextOptions{HostProcess: pvPtr(false)}}
	}},
	{"privileged accepted", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		pvMain(s).SecurityContext = &corev1.SecurityContext{Privileged: pvPtr(true)}
		pvMain(s).VolumeMounts[0].MountPropagation = pvPtr(corev1.MountPropagationBidirectional)
	}},
	{"ephemeral container rules", func(s *corev1.PodSpec, m *metav1.ObjectMeta) {
		s.EphemeralContainers = []corev1.EphemeralContainer{
			{EphemeralContainerCommon: corev1.EphemeralContainerCommon{Name: "main", Image: " x ", Ports: []corev1.ContainerPort{{ContainerPort: 1}},
				VolumeMounts: []corev1.VolumeMount{{Name: "cache", MountPath: "/c", SubPath: "a"}},
				Lifecycle:    &corev1.Lifecycle{}, Resources: corev1.ResourceRequirements{Limits: corev1.ResourceList{"cpu": resource.MustParse("1")}}},
				TargetContainerName: "nope"},
			{EphemeralContainerCommon: corev1.EphemeralContainerCommon{Name: "dbg", ImagePullPolicy: "sometimes"}},
		}
	}},
	{"scheduling gate empty", func(s *corev1.PodSpec, m *metav1.ObjectMeta) { s.SchedulingGates[0].Name = "" }},
}

// applies applies m, and reports false when m needs something an earlier
// mutation removed (such as the first container).
func applies(m podMutation, tmpl *corev1.PodTemplateSpec) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	m.f(&tmpl.Spec, &tmpl.ObjectMeta)
	return true
}

// TestPodValidationParityMutations validates the base template, each
// podMutation alone, and seeded combinations of two to four mutations, with
// Kubernetes and with jobkit, and compares the (type, field) multisets and
// the order of the errors.
func TestPodValidationParityMutations(t *testing.T) {
	base := pvBaseTemplate()
	if v := kubeTemplateVerdict(t, &base); len(v) != 0 {
		t.Fatalf("the base template is not valid in Kubernetes: %v", v)
	}
	var agree, disagree int
	check := func(name string, tmpl *corev1.PodTemplateSpec) {
		wantKeys, gotKeys := kubeTemplateKeys(t, tmpl), jobkitTemplateKeys(t, tmpl)
		want, got := newVerdict(slices.Clone(wantKeys)), newVerdict(slices.Clone(gotKeys))
		if want.equalCounts(got) {
			agree++
			if ko, jo := pvOrdered(wantKeys), pvOrdered(gotKeys); !slices.Equal(ko, jo) {
				t.Errorf("%s: the same errors in another order:\nkubernetes: %v\njobkit:     %v", name, ko, jo)
			}
			return
		}
		disagree++
		t.Errorf("%s:\nkubernetes: %v\njobkit:     %v", name, want, got)
	}
	check("base", &base)
	for _, m := range podMutations {
		tmpl := pvBaseTemplate()
		m.f(&tmpl.Spec, &tmpl.ObjectMeta)
		check(m.name, &tmpl)
	}
	r := rand.New(rand.NewPCG(13, 36))
	for i := range 400 {
		tmpl := pvBaseTemplate()
		var names []string
		ok := true
		for range 2 + r.IntN(3) {
			m := podMutations[r.IntN(len(podMutations))]
			names = append(names, m.name)
			ok = ok && applies(m, &tmpl)
		}
		if !ok {
			// A mutation needs what an earlier one removed.
			continue
		}
		check(fmt.Sprintf("combination %d (%s)", i, strings.Join(names, " + ")), &tmpl)
	}
	t.Logf("%d mutations, 400 combinations: %d verdicts agree, %d disagree", len(podMutations), agree, disagree)
}

// TestPodValidationParityGenerated compares the verdicts on generated
// templates (every field of k8s.io/api's PodTemplateSpec filled at random,
// see templateGen), nothing removed. (The clusterTrustBundle and
// podCertificate projections, which jobkit does not validate, are dropped
// on both sides by DropDisabledTemplateFields: their gates are off in
// v1.36.)
func TestPodValidationParityGenerated(t *testing.T) {
	const seed, n = 1336, 6000
	g := newTemplateGen(seed)
	var agree, disagree, rejected, misordered int
	diffs, order := map[string]int{}, map[string]int{}
	for i := range n {
		tmpl := g.template()
		wantKeys, gotKeys := kubeTemplateKeys(t, &tmpl), jobkitTemplateKeys(t, &tmpl)
		want, got := newVerdict(slices.Clone(wantKeys)), newVerdict(slices.Clone(gotKeys))
		if len(want) > 0 {
			rejected++
		}
		if want.equalCounts(got) {
			agree++
			if ko, jo := pvOrdered(wantKeys), pvOrdered(gotKeys); !slices.Equal(ko, jo) {
				misordered++
				i := 0
				for ko[i] == jo[i] {
					i++
				}
				order[fmt.Sprintf("kubernetes %s / jobkit %s", pvStripIndexes(ko[i].String()), pvStripIndexes(jo[i].String()))]++
			}
			continue
		}
		disagree++
		for _, k := range pvSymmetricDiff(want, got) {
			diffs[k]++
		}
		if disagree <= 5 {
			data, _ := json.Marshal(&tmpl)
			t.Errorf("template %d:\nkubernetes: %v\njobkit:     %v\ntemplate: %s", i, want, got, data)
		}
	}
	var lines []string
	for k, c := range diffs {
		lines = append(lines, fmt.Sprintf("%5d %s", c, k))
	}
	sort.Strings(lines)
	t.Logf("seed %d: %d generated templates (%d refused by Kubernetes): %d verdicts agree, %d disagree\n%s",
		seed, n, rejected, agree, disagree, strings.Join(lines, "\n"))
	// The API server lists the causes in the order validation finds them:
	// of the verdicts that agree, those whose errors come in another order
	// (map members aside), by the first place they part.
	lines = lines[:0]
	for k, c := range order {
		lines = append(lines, fmt.Sprintf("%5d first apart at %s", c, k))
	}
	sort.Strings(lines)
	if misordered > 0 {
		t.Errorf("%d agreeing verdicts list their errors in another order:\n%s", misordered, strings.Join(lines, "\n"))
	}
}

// pvSymmetricDiff lists the keys in one verdict only, marked with the side
// that has them, with list indexes removed so that counts group by rule.
// Verdicts are multisets: a key one side reports twice and the other once
// is listed once, for the side with more.
func pvSymmetricDiff(want, got verdict) []string {
	minus := func(a, b verdict) []errKey {
		left := make(map[errKey]int, len(b))
		for _, k := range b {
			left[k]++
		}
		var out []errKey
		for _, k := range a {
			if left[k] > 0 {
				left[k]--
				continue
			}
			out = append(out, k)
		}
		return out
	}
	var out []string
	for _, k := range minus(want, got) {
		out = append(out, "kubernetes only: "+k.Type+" "+pvStripIndexes(k.Field))
	}
	for _, k := range minus(got, want) {
		out = append(out, "jobkit only:     "+k.Type+" "+pvStripIndexes(k.Field))
	}
	return out
}

func pvStripIndexes(s string) string {
	var b strings.Builder
	skip := false
	for _, r := range s {
		switch {
		case r == '[':
			skip = true
			b.WriteString("[]")
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}
