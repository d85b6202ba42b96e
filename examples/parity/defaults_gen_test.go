package parity

import (
	"math/rand/v2"
	"reflect"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// templateGen fills k8s.io/api's core/v1 PodTemplateSpec from a seeded
// source by walking the type with reflection, so every field the type has
// (and any a later k8s.io/api adds) is set in some of the templates it
// makes: each optional field is set with a probability, strings come from
// per-field vocabularies (images with and without tags, digests,
// registries with ports; enumerations; names), quantities from a list
// that includes non-canonical and sub-milli amounts. The one-of structs
// (volume sources, probe and lifecycle handlers, env sources, projected
// sources) get at most one member, so volumes without a source occur.
type templateGen struct {
	r *rand.Rand
	// pSet is the probability an optional field is set.
	pSet float64
}

func newTemplateGen(seed uint64) *templateGen {
	return &templateGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), pSet: 0.35}
}

func (g *templateGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *templateGen) oneOf(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// hex returns n lower-case hex digits.
func (g *templateGen) hex(n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[g.r.IntN(16)]
	}
	return string(b)
}

// image returns an image reference: mostly plausible, some hostile to the
// reference grammar.
func (g *templateGen) image() string {
	d64 := "sha256:" + g.hex(64)
	switch g.r.IntN(40) {
	case 0:
		return ""
	case 1:
		return "Busybox"
	case 2:
		return "busybox:LATEST"
	case 3:
		return g.hex(64)
	case 4:
		return strings.Repeat("a", 250)
	case 5:
		return "example.com/" + strings.Repeat("b", 256)
	case 6:
		return "app@sha256:" + g.hex(10)
	case 7:
		return "app@md5:" + g.hex(32)
	case 8:
		return "app@sha256:" + strings.ToUpper(g.hex(64))
	case 9:
		return "busybox:"
	case 10:
		return " busybox"
	case 11:
		return "img:latest:latest"
	case 12:
		return "a--b__c.d/e:latest"
	case 13:
		return "a..b"
	case 14:
		return "UPPER.example.com/app"
	case 15:
		return "[::1]:5000/app:latest"
	case 16:
		return "app:tag@sha512:" + g.hex(128)
	case 17:
		return "app@sha384:" + g.hex(96)
	case 18:
		return "busybox:latest@" + d64
	case 19:
		return "busybox:1.2@" + d64
	case 20:
		return "busybox@" + d64
	case 21:
		return "index.docker.io/busybox:latest"
	case 22:
		return "localhost/app:v1"
	case 23:
		return "localhost:5000/app"
	case 24:
		return "Localhost/app"
	case 25:
		return "library/" + strings.Repeat("c", 248)
	case 26:
		return "example.com/App:latest"
	case 27:
		return "-app"
	case 28:
		return "app:" + strings.Repeat("t", 129)
	}
	return g.oneOf("busybox", "busybox:latest", "busybox:1.36", "registry.example.com:5000/team/app",
		"registry.example.com:5000/team/app:latest", "gcr.io/proj/img:1.0", "docker.io/library/busybox",
		"perl:5.34.0", "python", "ubuntu:22.04", "example.com/app:latest", "nginx:stable")
}

// quantity returns a quantity string, canonical or not.
func (g *templateGen) quantity() resource.Quantity {
	s := g.oneOf("1", "0", "100m", "0.5", "1.5", "1000m", "1n", "1500n", "2500u", "-1n", "1e3", "1e-9",
		"1Gi", "0.5Gi", "512Mi", "1000Mi", "1024Ki", "0.0001Ki", "1.0001", "100", "2k", "1M", "1.5e3",
		"0.001", "0.0001", "123456789012345678901234567890n", "64Mi", "250m", "1e-4", "+1", ".5")
	return resource.MustParse(s)
}

func (g *templateGen) resourceName() corev1.ResourceName {
	return corev1.ResourceName(g.oneOf("cpu", "memory", "ephemeral-storage", "hugepages-2Mi",
		"example.com/gpu", "storage", "nvidia.com/gpu"))
}

// enumValues are the values generated for enumeration types, by type name;
// "" is always possible too (the field left unset).
var enumValues = map[string][]string{
	"PullPolicy":                              {"Always", "Never", "IfNotPresent"},
	"Protocol":                                {"TCP", "UDP", "SCTP"},
	"TerminationMessagePolicy":                {"File", "FallbackToLogsOnError"},
	"RestartPolicy":                           {"Always", "OnFailure", "Never"},
	"DNSPolicy":                               {"ClusterFirst", "ClusterFirstWithHostNet", "Default", "None"},
	"URIScheme":                               {"HTTP", "HTTPS"},
	"ContainerRestartPolicy":                  {"Always", "Never", "OnFailure"},
	"HostPathType":                            {"Directory", "DirectoryOrCreate", "File", "Socket"},
	"StorageMedium":                           {"Memory", "HugePages"},
	"PersistentVolumeMode":                    {"Filesystem", "Block"},
	"AzureDataDiskCachingMode":                {"None", "ReadOnly", "ReadWrite"},
	"AzureDataDiskKind":                       {"Shared", "Dedicated", "Managed"},
	"MountPropagationMode":                    {"None", "HostToContainer", "Bidirectional"},
	"RecursiveReadOnlyMode":                   {"Disabled", "IfPossible", "Enabled"},
	"Signal":                                  {"SIGTERM", "SIGKILL", "SIGINT"},
	"TolerationOperator":                      {"Exists", "Equal"},
	"TaintEffect":                             {"NoSchedule", "NoExecute", "PreferNoSchedule"},
	"NodeSelectorOperator":                    {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"},
	"LabelSelectorOperator":                   {"In", "NotIn", "Exists", "DoesNotExist"},
	"UnsatisfiableConstraintAction":           {"DoNotSchedule", "ScheduleAnyway"},
	"NodeInclusionPolicy":                     {"Honor", "Ignore"},
	"PreemptionPolicy":                        {"PreemptLowerPriority", "Never"},
	"OSName":                                  {"linux", "windows"},
	"ResourceResizeRestartPolicy":             {"NotRequired", "RestartContainer"},
	"ProcMountType":                           {"Default", "Unmasked"},
	"SeccompProfileType":                      {"RuntimeDefault", "Unconfined", "Localhost"},
	"AppArmorProfileType":                     {"RuntimeDefault", "Unconfined", "Localhost"},
	"Capability":                              {"NET_ADMIN", "SYS_TIME"},
	"PodFSGroupChangePolicy":                  {"OnRootMismatch", "Always"},
	"SupplementalGroupsPolicy":                {"Merge", "Strict"},
	"PodSELinuxChangePolicy":                  {"Recursive", "MountOption"},
	"PodConditionType":                        {"Ready", "example.com/gate"},
	"ContainerRestartRuleAction":              {"Restart", "RestartAllContainers"},
	"ContainerRestartRuleOnExitCodesOperator": {"In", "NotIn"},
	"PersistentVolumeAccessMode":              {"ReadWriteOnce", "ReadOnlyMany"},
	"ResourceName":                            {"cpu", "memory", "example.com/gpu"},
}

// stringValues are the values generated for plain string fields, by Go
// field name.
var stringValues = map[string][]string{
	"Path":        {"/", "/healthz", "", "data", "/tmp/x"},
	"FieldPath":   {"metadata.name", "metadata.labels['app']", "status.podIP", "spec.nodeName"},
	"Resource":    {"limits.cpu", "requests.memory", "limits.ephemeral-storage"},
	"MountPath":   {"/data", "/etc/config", "/var/run"},
	"TopologyKey": {"kubernetes.io/hostname", "topology.kubernetes.io/zone"},
	"Key":         {"app", "key", "example.com/k"},
	"APIVersion":  {"v1", "apps/v1", ""},
	"Host":        {"", "localhost", "10.0.0.1"},
	"Name":        {"a", "main", "data", "config", "worker-1"},
	"ClaimName":   {"claim", "pvc-1"},
	"Driver":      {"csi.example.com"},
	"FSType":      {"ext4", "xfs", ""},
	"Service":     {"", "grpc.health.v1.Health"},
	"Signal":      {"SIGTERM"},
}

// fill sets v (settable) to a generated value of its type. depth guards
// against runaway nesting.
func (g *templateGen) fill(v reflect.Value, fieldName string, depth int) {
	switch v.Interface().(type) {
	case resource.Quantity:
		v.Set(reflect.ValueOf(g.quantity()))
		return
	case intstr.IntOrString:
		if g.chance(0.5) {
			v.Set(reflect.ValueOf(intstr.FromInt32(int32(g.r.IntN(9000)))))
		} else {
			v.Set(reflect.ValueOf(intstr.FromString(g.oneOf("http", "metrics", "8080", ""))))
		}
		return
	case metav1.ObjectMeta:
		m := metav1.ObjectMeta{}
		if g.chance(0.5) {
			m.Labels = map[string]string{"app": g.oneOf("x", "y")}
		}
		if g.chance(0.3) {
			m.Annotations = map[string]string{"note": "n"}
		}
		if g.chance(0.2) {
			m.Name = "tmpl"
		}
		v.Set(reflect.ValueOf(m))
		return
	case metav1.Time, *metav1.Time:
		return
	}
	t := v.Type()
	switch t.Kind() {
	case reflect.String:
		if vals, ok := enumValues[t.Name()]; ok && t.Name() != "string" {
			if g.chance(0.85) {
				v.SetString(vals[g.r.IntN(len(vals))])
			}
			return
		}
		if fieldName == "Image" || fieldName == "Reference" {
			v.SetString(g.image())
			return
		}
		if vals, ok := stringValues[fieldName]; ok {
			v.SetString(vals[g.r.IntN(len(vals))])
			return
		}
		if t.Name() != "string" {
			v.SetString(g.oneOf("X", "Y"))
			return
		}
		v.SetString(g.oneOf("a", "b", "value", "x-1", ""))
	case reflect.Bool:
		v.SetBool(g.chance(0.5))
	case reflect.Int32, reflect.Int64, reflect.Int:
		v.SetInt(int64(g.oneOfInt(0, 0, 1, 2, 3, 5, 10, 30, 420, 493, 3600, 8080, -1)))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(g.r.IntN(8)))
	case reflect.Pointer:
		if depth > 40 {
			return
		}
		p := reflect.New(t.Elem())
		g.fill(p.Elem(), fieldName, depth+1)
		v.Set(p)
	case reflect.Slice:
		if depth > 40 {
			return
		}
		n := 1 + g.r.IntN(2)
		if fieldName == "Volumes" || fieldName == "Sources" {
			n = 1 + g.r.IntN(4)
		}
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			g.fill(s.Index(i), fieldName, depth+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(t)
		for range 1 + g.r.IntN(2) {
			k := reflect.New(t.Key()).Elem()
			if t.Key() == reflect.TypeOf(corev1.ResourceName("")) {
				k.Set(reflect.ValueOf(g.resourceName()))
			} else {
				k.SetString(g.oneOf("app", "tier", "example.com/k", "k"))
			}
			e := reflect.New(t.Elem()).Elem()
			g.fill(e, fieldName, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		g.fillStruct(v, depth)
	}
}

func (g *templateGen) oneOfInt(xs ...int) int { return xs[g.r.IntN(len(xs))] }

// oneOfStructs are the structs of which at most one member is set.
var oneOfStructs = map[reflect.Type]bool{
	reflect.TypeOf(corev1.VolumeSource{}):     true,
	reflect.TypeOf(corev1.ProbeHandler{}):     true,
	reflect.TypeOf(corev1.LifecycleHandler{}): true,
	reflect.TypeOf(corev1.EnvVarSource{}):     true,
	reflect.TypeOf(corev1.VolumeProjection{}): true,
}

// fillStruct sets the struct v's fields: required ones (no omitempty)
// always, optional ones with probability pSet, one-of structs one member
// at most.
func (g *templateGen) fillStruct(v reflect.Value, depth int) {
	t := v.Type()
	if oneOfStructs[t] {
		// A volume without a source, a handler without an action, ...:
		// one time in eight.
		if g.chance(0.125) {
			return
		}
		i := g.r.IntN(t.NumField())
		g.fill(v.Field(i), t.Field(i).Name, depth+1)
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		if f.Anonymous && oneOfStructs[f.Type] {
			g.fillStruct(v.Field(i), depth+1)
			continue
		}
		required := !strings.Contains(tag, "omitempty") && f.Type.Kind() != reflect.Pointer
		// Deep fields are set more often, so that every field is reached
		// in a few thousand templates.
		p := g.pSet
		if depth > 6 {
			p = 0.6
		}
		if required || g.chance(p) {
			g.fill(v.Field(i), f.Name, depth+1)
		}
	}
}

// template returns a generated pod template. It always has a container,
// and one time in two a restartPolicy a Job accepts.
func (g *templateGen) template() corev1.PodTemplateSpec {
	var t corev1.PodTemplateSpec
	g.fill(reflect.ValueOf(&t).Elem(), "", 0)
	if len(t.Spec.Containers) == 0 {
		t.Spec.Containers = []corev1.Container{{Name: "main", Image: g.image()}}
	}
	if g.chance(0.5) {
		t.Spec.RestartPolicy = corev1.RestartPolicy(g.oneOf("OnFailure", "Never"))
	}
	return t
}
