package kubelet_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/kubelet"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestExpand(t *testing.T) {
	vars := map[string]string{"A": "a", "EMPTY": "", "REF": "$(A)", "DOLLAR": "$"}
	tests := []struct {
		name string
		in   string
		want string
	}{
		{name: "no reference", in: "plain text", want: "plain text"},
		{name: "a defined variable is replaced", in: "x$(A)y", want: "xay"},
		{name: "an empty value is replaced by nothing", in: "[$(EMPTY)]", want: "[]"},
		{name: "an undefined variable stays as written", in: "$(NOPE) and $(A)", want: "$(NOPE) and a"},
		{name: "$$ is a literal $", in: "cost: $$5", want: "cost: $5"},
		{name: "$$( escapes a reference", in: "$$(A)", want: "$(A)"},
		{name: "$$$( is a $ then a reference", in: "$$$(A)", want: "$a"},
		{name: "a shell variable stays for the shell", in: "echo $A ${A}", want: "echo $A ${A}"},
		{name: "a final $ stays", in: "end$", want: "end$"},
		{name: "an unclosed reference stays, and the rest is still read", in: "$(A $(A", want: "$(A $(A"},
		{name: "the closest ) ends a reference", in: "$(A))", want: "a)"},
		{name: "an empty name is undefined", in: "$()", want: "$()"},
		{name: "a value is not expanded again", in: "$(REF)", want: "$(A)"},
		{name: "a value $ is not an escape", in: "$(DOLLAR)$(A)", want: "$a"},
		{name: "$ before another byte keeps both", in: "$x$(A)", want: "$xa"},
		{name: "multi-byte text is kept", in: "é$(A)☃", want: "éa☃"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kubelet.Expand(tt.in, vars); got != tt.want {
				t.Errorf("Expand(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// kubeletExpand is a direct transcription of the kubelet's expansion
// algorithm (a cursor, a checkpoint, and the three cases after a '$'),
// the reference Expand must agree with.
func kubeletExpand(s string, vars map[string]string) string {
	var b strings.Builder
	checkpoint := 0
	for cursor := 0; cursor < len(s); cursor++ {
		if s[cursor] != '$' || cursor+1 >= len(s) {
			continue
		}
		b.WriteString(s[checkpoint:cursor])
		rest := s[cursor+1:]
		advance := 1
		switch rest[0] {
		case '$':
			b.WriteByte('$')
		case '(':
			if end := strings.IndexByte(rest, ')'); end > 0 {
				name := rest[1:end]
				if v, ok := vars[name]; ok {
					b.WriteString(v)
				} else {
					b.WriteString("$(" + name + ")")
				}
				advance = end + 1
			} else {
				b.WriteString("$(")
			}
		default:
			b.WriteString("$" + rest[:1])
		}
		cursor += advance
		checkpoint = cursor + 1
	}
	return b.String() + s[checkpoint:]
}

// TestExpandAgreesWithReference compares Expand with the
// kubelet's algorithm on every string of up to six bytes over a small
// alphabet.
func TestExpandAgreesWithReference(t *testing.T) {
	vars := map[string]string{"A": "<a>", "": "<empty name>"}
	alphabet := []byte("$()Ax")
	var walk func(prefix []byte)
	n := 0
	walk = func(prefix []byte) {
		s := string(prefix)
		if got, want := kubelet.Expand(s, vars), kubeletExpand(s, vars); got != want {
			t.Errorf("Expand(%q) = %q, reference %q", s, got, want)
		}
		n++
		if len(prefix) == 6 {
			return
		}
		for _, c := range alphabet {
			walk(append(prefix, c))
		}
	}
	walk(nil)
	if n != 19531 { // 1 + 5 + ... + 5^6
		t.Fatalf("checked %d strings", n)
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"", "$(A)", "$$(A)", "$$$(A)", "$(", "$(A", "a$", "$()", "$(B)x$(A)", "é$(A)☃", "$x"} {
		f.Add(s, "A", "v$(A)")
	}
	f.Fuzz(func(t *testing.T, s, name, value string) {
		if len(s) > 1024 || len(name) > 64 || len(value) > 64 {
			return
		}
		vars := map[string]string{name: value, "A": "<a>"}
		got := kubelet.Expand(s, vars)
		if want := kubeletExpand(s, vars); got != want {
			t.Fatalf("Expand(%q) = %q, kubelet %q", s, got, want)
		}
		if !strings.Contains(s, "$") && got != s {
			t.Fatalf("Expand(%q) = %q: a string without '$' must not change", s, got)
		}
	})
}

func BenchmarkExpand(b *testing.B) {
	vars := map[string]string{"JOB_COMPLETION_INDEX": "17", "F": "12342.dat"}
	for _, n := range []int{1, 10, 100} {
		s := strings.Repeat("process $(F) at $(JOB_COMPLETION_INDEX), $$ and $(NOPE); ", n)
		b.Run(fmt.Sprintf("refs=%d", 3*n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				kubelet.Expand(s, vars)
			}
		})
	}
}

// planTestPod is a pod as controller.NewPod makes it, with volumes.
func planTestPod() *core.Pod {
	mode := int32(0o600)
	yes := true
	return &core.Pod{
		ObjectMeta: meta.ObjectMeta{Name: "p-3-abcde", Namespace: "ns",
			Annotations: map[string]string{"batch.kubernetes.io/job-completion-index": "3", "note": "a\"b"},
			Labels:      map[string]string{"app": "x"}},
		Spec: core.PodSpec{
			Hostname: "p-3",
			Containers: []core.Container{{
				Name: "c", Command: []string{"/bin/sh", "/etc/jobkit/params.sh"}, Args: []string{"$(I)", "/info/annotations"},
				Env: []core.EnvVar{
					{Name: "I", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}},
					{Name: "MSG", Value: "index $(I)"},
					{Name: "I", Value: "again $(I)"},
				},
				VolumeMounts: []core.VolumeMount{
					{Name: "params", MountPath: "/etc/jobkit/"},
					{Name: "info", MountPath: "/info"},
					{Name: "scratch", MountPath: "/scratch"},
					{Name: "params", MountPath: "/one", SubPath: "dir"},
				},
			}},
			Volumes: []core.Volume{
				{Name: "params", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
					LocalObjectReference: core.LocalObjectReference{Name: "cm"}}}},
				{Name: "info", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{
					DefaultMode: &mode,
					Items: []core.DownwardAPIVolumeFile{
						{Path: "annotations", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.annotations"}},
						{Path: "sub/name", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}},
					}}}},
				{Name: "scratch", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}},
				{Name: "unused", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
					LocalObjectReference: core.LocalObjectReference{Name: "absent"}, Optional: &yes}}},
			},
		},
	}
}

func TestPlanPod(t *testing.T) {
	cms := map[string]*worklist.ConfigMap{"cm": {
		Data:       map[string]string{"params.sh": "echo hi\n"},
		BinaryData: map[string][]byte{"blob": {0xff, 0}},
	}}
	plans, errs := kubelet.PlanPod(planTestPod(), cms)
	require.Empty(t, errs)
	plan := plans.Containers[0]
	want := &kubelet.Plan{
		// The second I replaces the first; command and args see the
		// final value.
		Argv:     []string{"/bin/sh", "/etc/jobkit/params.sh", "again 3", "/info/annotations"},
		Env:      []kubelet.EnvVar{{"MSG", "index 3"}, {"I", "again 3"}},
		Hostname: "p-3",
		Mounts: []kubelet.Mount{
			{MountPath: "/etc/jobkit", Volume: "params", Files: []kubelet.File{
				{Path: "blob", Data: []byte{0xff, 0}, Mode: 0o644}, {Path: "params.sh", Data: []byte("echo hi\n"), Mode: 0o644}}},
			{MountPath: "/info", Volume: "info", Files: []kubelet.File{
				{Path: "annotations", Data: []byte("batch.kubernetes.io/job-completion-index=\"3\"\nnote=\"a\\\"b\""), Mode: 0o600},
				{Path: "sub/name", Data: []byte("p-3-abcde"), Mode: 0o600}}},
			{MountPath: "/scratch", Volume: "scratch"},
			{MountPath: "/one", Volume: "params", SubPath: "dir", Files: []kubelet.File{
				{Path: "blob", Data: []byte{0xff, 0}, Mode: 0o644}, {Path: "params.sh", Data: []byte("echo hi\n"), Mode: 0o644}}},
		},
	}
	if diff := cmp.Diff(want, plan); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
}

func TestPlanPodErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(p *core.Pod, cms map[string]*worklist.ConfigMap)
		want   []string
	}{
		{
			name: "a ConfigMap key that is not a file name",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				cms["cm"].Data["../escape"] = "x"
			},
			want: []string{`spec.volumes[0].configMap.name: Invalid value: "cm": the ConfigMap's key "../escape": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+'); must not start with '..'`},
		},
		{
			name: "an item path that leaves the volume",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Volumes[0].ConfigMap.Items = []core.KeyToPath{{Key: "params.sh", Path: "../x"}, {Key: "nope", Path: "y"}}
			},
			want: []string{
				`spec.volumes[0].configMap.items[0].path: Invalid value: "../x": must be a relative path without '..'`,
				`spec.volumes[0].configMap.items[1].key: Not found: "nope": ConfigMap 'cm' has no such key`,
			},
		},
		{
			name: "a mount of no volume, a relative mount path, '/' and a subPath that leaves the volume",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Containers[0].VolumeMounts = []core.VolumeMount{
					{Name: "ghost", MountPath: "/g"}, {Name: "info", MountPath: "rel"},
					{Name: "info", MountPath: "/"}, {Name: "info", MountPath: "/s", SubPath: "a/../../b"},
				}
			},
			want: []string{
				`spec.containers[0].volumeMounts[0].name: Not found: "ghost"`,
				`spec.containers[0].volumeMounts[1].mountPath: Invalid value: "rel": must be an absolute path`,
				`spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/": must not be '/' to simulate: every path of the command would be rewritten`,
				`spec.containers[0].volumeMounts[3].subPath: Invalid value: "a/../../b": must be a relative path without '..'`,
			},
		},
		{
			name: "a pod without containers",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Containers = nil
			},
			want: []string{`spec.containers: Required value: must have a container to run`},
		},
		{
			name: "a projection of a kind the model cannot make, and a missing ConfigMap in a projection",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Volumes[2].EmptyDir = nil
				p.Spec.Volumes[2].Projected = &core.ProjectedVolumeSource{Sources: []core.VolumeProjection{
					{Secret: &core.SecretProjection{LocalObjectReference: core.LocalObjectReference{Name: "s"}}},
					{ConfigMap: &core.ConfigMapProjection{LocalObjectReference: core.LocalObjectReference{Name: "gone"}}},
				}}
			},
			want: []string{
				`spec.volumes[2].projected.sources[0]: Unsupported value: "secret": supported values: "configMap", "downwardAPI"`,
				"spec.volumes[2].projected.sources[1].configMap.name: Not found: \"gone\": the input must hold this ConfigMap, in the same stream as the Job (`jobkit run` prints both)",
			},
		},
		{
			name: "a volume of a kind the model cannot make",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Volumes[2].EmptyDir = nil
				p.Spec.Volumes[2].HostPath = &core.HostPathVolumeSource{Path: "/x"}
			},
			want: []string{`spec.volumes[2]: Unsupported value: "hostPath": supported values: "configMap", "downwardAPI", "emptyDir", "projected"`},
		},
		{
			name: "a fieldRef the downward API refuses",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Containers[0].Env[0].ValueFrom.FieldRef.FieldPath = "status.phase"
			},
			want: []string{`spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "status.phase": ` +
				resolveErr(t, "status.phase")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pod := planTestPod()
			cms := map[string]*worklist.ConfigMap{"cm": {Data: map[string]string{"params.sh": "x"}}}
			tt.change(pod, cms)
			_, errs := kubelet.PlanPod(pod, cms)
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

// resolveErr is the error downward gives for fieldPath in a pod.
func resolveErr(t *testing.T, fieldPath string) string {
	t.Helper()
	p, err := fieldpath.Parse(fieldPath)
	require.NoError(t, err)
	_, err = downward.Resolve(p, &core.Pod{})
	require.Error(t, err)
	return err.Error()
}

// TestPlanPodProjected plans a projected volume: the files of each
// source in turn, the volume's defaultMode unless an item has its own,
// optional ConfigMaps that are missing left out.
func TestPlanPodProjected(t *testing.T) {
	mode, own := int32(0o640), int32(0o400)
	yes := true
	pod := planTestPod()
	pod.Spec.Volumes[2].EmptyDir = nil
	pod.Spec.Volumes[2].Projected = &core.ProjectedVolumeSource{DefaultMode: &mode, Sources: []core.VolumeProjection{
		{ConfigMap: &core.ConfigMapProjection{LocalObjectReference: core.LocalObjectReference{Name: "cm"},
			Items: []core.KeyToPath{{Key: "params.sh", Path: "bin/params.sh", Mode: &own}}}},
		{DownwardAPI: &core.DownwardAPIProjection{Items: []core.DownwardAPIVolumeFile{
			{Path: "ns", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.namespace"}}}}},
		{ConfigMap: &core.ConfigMapProjection{LocalObjectReference: core.LocalObjectReference{Name: "absent"}, Optional: &yes}},
	}}
	plans, errs := kubelet.PlanPod(pod, map[string]*worklist.ConfigMap{"cm": {Data: map[string]string{"params.sh": "x"}}})
	require.Empty(t, errs)
	want := kubelet.Mount{MountPath: "/scratch", Volume: "scratch", Files: []kubelet.File{
		{Path: "bin/params.sh", Data: []byte("x"), Mode: 0o400},
		{Path: "ns", Data: []byte("ns"), Mode: 0o640},
	}}
	if diff := cmp.Diff(want, plans.Containers[0].Mounts[2]); diff != "" {
		t.Errorf("projected mount (-want +got):\n%s", diff)
	}
}

// TestPlanPodOrder checks that every container is planned, init
// containers apart, in the order of the spec, each over its own env.
func TestPlanPodOrder(t *testing.T) {
	pod := &core.Pod{Spec: core.PodSpec{
		InitContainers: []core.Container{
			{Name: "i0", Command: []string{"init", "$(A)"}, Env: []core.EnvVar{{Name: "A", Value: "one"}}},
			{Name: "i1", Command: []string{"side", "$(A)"}},
		},
		Containers: []core.Container{{Name: "m", Command: []string{"main"}, Args: []string{"$(B)", "$$(B)"}, WorkingDir: "/w",
			Env: []core.EnvVar{{Name: "B", Value: "two"}}}},
	}}
	plans, errs := kubelet.PlanPod(pod, nil)
	require.Empty(t, errs)
	got := [][]string{}
	for _, p := range append(plans.InitContainers, plans.Containers...) {
		got = append(got, p.Argv)
	}
	want := [][]string{{"init", "one"}, {"side", "$(A)"}, {"main", "two", "$(B)"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("argv (-want +got):\n%s", diff)
	}
	if plans.Containers[0].WorkingDir != "/w" {
		t.Errorf("workingDir %q, want /w", plans.Containers[0].WorkingDir)
	}
}

// BenchmarkPlanPod measures planning a pod as a Job's pods are planned:
// env with fieldRefs and expansion, a configMap volume and a downwardAPI
// volume, for pods of several sizes.
func BenchmarkPlanPod(b *testing.B) {
	cms := map[string]*worklist.ConfigMap{"cm": {Data: map[string]string{"params.sh": strings.Repeat("x", 4096)}}}
	for _, n := range []int{1, 10, 50} {
		pod := planTestPod()
		c := &pod.Spec.Containers[0]
		for i := range n {
			c.Env = append(c.Env, core.EnvVar{Name: fmt.Sprintf("V%d", i), Value: fmt.Sprintf("value $(I) and $(V%d)", max(i-1, 0))})
			c.Args = append(c.Args, fmt.Sprintf("--v%d=$(V%d)", i, i))
		}
		b.Run(fmt.Sprintf("env=%d", n+3), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := kubelet.PlanPod(pod, cms); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}
