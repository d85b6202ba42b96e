package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestExpandVars(t *testing.T) {
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
			if got := expandVars(tt.in, vars); got != tt.want {
				t.Errorf("expandVars(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// kubeletExpand is a direct transcription of the kubelet's expansion
// algorithm (a cursor, a checkpoint, and the three cases after a '$'),
// the reference expandVars must agree with.
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

// TestExpandVarsAgreesWithReference compares expandVars with the
// kubelet's algorithm on every string of up to six bytes over a small
// alphabet.
func TestExpandVarsAgreesWithReference(t *testing.T) {
	vars := map[string]string{"A": "<a>", "": "<empty name>"}
	alphabet := []byte("$()Ax")
	var walk func(prefix []byte)
	n := 0
	walk = func(prefix []byte) {
		s := string(prefix)
		if got, want := expandVars(s, vars), kubeletExpand(s, vars); got != want {
			t.Errorf("expandVars(%q) = %q, reference %q", s, got, want)
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

func FuzzExpandVars(f *testing.F) {
	for _, s := range []string{"", "$(A)", "$$(A)", "$$$(A)", "$(", "$(A", "a$", "$()", "$(B)x$(A)", "é$(A)☃", "$x"} {
		f.Add(s, "A", "v$(A)")
	}
	f.Fuzz(func(t *testing.T, s, name, value string) {
		if len(s) > 1024 || len(name) > 64 || len(value) > 64 {
			return
		}
		vars := map[string]string{name: value, "A": "<a>"}
		got := expandVars(s, vars)
		if want := kubeletExpand(s, vars); got != want {
			t.Fatalf("expandVars(%q) = %q, kubelet %q", s, got, want)
		}
		if !strings.Contains(s, "$") && got != s {
			t.Fatalf("expandVars(%q) = %q: a string without '$' must not change", s, got)
		}
	})
}

// naiveRewrite rewrites mount paths as rewriteMountPaths documents it,
// by trying every position against every mount.
func naiveRewrite(s string, mounts []hostMount) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		matched := false
		startsPath := i == 0 || !isPathByte(s[i-1]) && s[i-1] != '/'
		for _, m := range mounts { // longest first
			rest := s[i:]
			if startsPath && strings.HasPrefix(rest, m.mountPath) {
				after := rest[len(m.mountPath):]
				if after == "" || after[0] == '/' || !isPathByte(after[0]) {
					b.WriteString(m.hostPath)
					i += len(m.mountPath)
					matched = true
					break
				}
			}
		}
		if !matched {
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

func FuzzRewriteMountPaths(f *testing.F) {
	for _, s := range []string{"/etc/jobkit/params.sh", "sh /etc/jobkit", "/etc/jobkit2", "x/etc/jobkit", "//etc/jobkit", "--d=/a/b"} {
		f.Add(s)
	}
	mounts := []hostMount{{"/etc/jobkit/data", "/H2"}, {"/etc/jobkit", "/H1"}, {"/a", "/H3"}}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1024 {
			return
		}
		if got, want := rewriteMountPaths(s, mounts), naiveRewrite(s, mounts); got != want {
			t.Fatalf("rewriteMountPaths(%q) = %q, naive %q", s, got, want)
		}
	})
}

func BenchmarkExpandVars(b *testing.B) {
	vars := map[string]string{"JOB_COMPLETION_INDEX": "17", "F": "12342.dat"}
	for _, n := range []int{1, 10, 100} {
		s := strings.Repeat("process $(F) at $(JOB_COMPLETION_INDEX), $$ and $(NOPE); ", n)
		b.Run(fmt.Sprintf("refs=%d", 3*n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				expandVars(s, vars)
			}
		})
	}
}

func TestRewriteMountPaths(t *testing.T) {
	mounts := []hostMount{ // longest first
		{mountPath: "/etc/jobkit/data", hostPath: "/tmp/v2"},
		{mountPath: "/etc/jobkit", hostPath: "/tmp/v1"},
		{mountPath: "/out", hostPath: "/tmp/o"},
	}
	tests := []struct {
		name string
		in   string
		want string
	}{
		{name: "the whole string", in: "/etc/jobkit", want: "/tmp/v1"},
		{name: "a file under the mount", in: "/etc/jobkit/params.sh", want: "/tmp/v1/params.sh"},
		{name: "after a space", in: "sh /etc/jobkit/params.sh", want: "sh /tmp/v1/params.sh"},
		{name: "after '=' and inside quotes", in: `--dir=/etc/jobkit "/out/x"`, want: `--dir=/tmp/v1 "/tmp/o/x"`},
		{name: "the nested mount wins", in: "/etc/jobkit/data/f", want: "/tmp/v2/f"},
		{name: "every occurrence", in: "/out/a /out/b", want: "/tmp/o/a /tmp/o/b"},
		{name: "followed by a non-path byte", in: "/out; /out:", want: "/tmp/o; /tmp/o:"},
		{name: "not a longer name", in: "/etc/jobkit2 /outer /out.d", want: "/etc/jobkit2 /outer /out.d"},
		{name: "not inside another path", in: "/opt/etc/jobkit x/out ./out", want: "/opt/etc/jobkit x/out ./out"},
		{name: "not after a doubled slash", in: "//out", want: "//out"},
		{name: "no mount path", in: "echo hello", want: "echo hello"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rewriteMountPaths(tt.in, mounts); got != tt.want {
				t.Errorf("rewriteMountPaths(%q) = %q, want %q", tt.in, got, tt.want)
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
	plan, errs := planPod(planTestPod(), cms)
	require.Empty(t, errs)
	want := &podPlan{
		// The second I replaces the first; command and args see the
		// final value.
		argv:     []string{"/bin/sh", "/etc/jobkit/params.sh", "again 3", "/info/annotations"},
		env:      []envVar{{"MSG", "index 3"}, {"I", "again 3"}},
		hostname: "p-3",
		mounts: []mountPlan{
			{mountPath: "/etc/jobkit", volume: "params", files: []volumeFile{
				{path: "blob", data: []byte{0xff, 0}, mode: 0o644}, {path: "params.sh", data: []byte("echo hi\n"), mode: 0o644}}},
			{mountPath: "/info", volume: "info", files: []volumeFile{
				{path: "annotations", data: []byte("batch.kubernetes.io/job-completion-index=\"3\"\nnote=\"a\\\"b\""), mode: 0o600},
				{path: "sub/name", data: []byte("p-3-abcde"), mode: 0o600}}},
			{mountPath: "/scratch", volume: "scratch"},
			{mountPath: "/one", volume: "params", subPath: "dir", files: []volumeFile{
				{path: "blob", data: []byte{0xff, 0}, mode: 0o644}, {path: "params.sh", data: []byte("echo hi\n"), mode: 0o644}}},
		},
	}
	if diff := cmp.Diff(want, plan, cmp.AllowUnexported(podPlan{}, envVar{}, mountPlan{}, volumeFile{})); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}

	dir := t.TempDir()
	mounts, err := materialise(plan, dir)
	require.NoError(t, err)
	vol := func(name string) string { return filepath.Join(dir, "volumes", name) }
	wantMounts := []hostMount{
		{mountPath: "/etc/jobkit", hostPath: vol("params")},
		{mountPath: "/scratch", hostPath: vol("scratch")},
		{mountPath: "/info", hostPath: vol("info")},
		{mountPath: "/one", hostPath: filepath.Join(vol("params"), "dir")},
	}
	if diff := cmp.Diff(wantMounts, mounts, cmp.AllowUnexported(hostMount{})); diff != "" {
		t.Errorf("mounts (-want +got):\n%s", diff)
	}
	for _, f := range []struct {
		path string
		data string
		mode fs.FileMode
	}{
		{"params/params.sh", "echo hi\n", 0o644},
		{"params/blob", "\xff\x00", 0o644},
		{"info/annotations", "batch.kubernetes.io/job-completion-index=\"3\"\nnote=\"a\\\"b\"", 0o600},
		{"info/sub/name", "p-3-abcde", 0o600},
	} {
		p := filepath.Join(dir, "volumes", f.path)
		got, err := os.ReadFile(p)
		require.NoError(t, err)
		if string(got) != f.data {
			t.Errorf("%s holds %q, want %q", f.path, got, f.data)
		}
		fi, err := os.Stat(p)
		require.NoError(t, err)
		if fi.Mode().Perm() != f.mode {
			t.Errorf("%s has mode %v, want %v", f.path, fi.Mode().Perm(), f.mode)
		}
	}
	// Writing again (a restarted container) gives the same files.
	_, err = materialise(plan, dir)
	require.NoError(t, err)
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
			want: []string{`spec.template.spec.volumes[0].configMap.name: Invalid value: "cm": the ConfigMap's key "../escape" must consist of alphanumeric characters, '-', '_' or '.', and must not be '.' or '..'`},
		},
		{
			name: "an item path that leaves the volume",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Volumes[0].ConfigMap.Items = []core.KeyToPath{{Key: "params.sh", Path: "../x"}, {Key: "nope", Path: "y"}}
			},
			want: []string{
				`spec.template.spec.volumes[0].configMap.items[0].path: Invalid value: "../x": must be a relative path without '..'`,
				`spec.template.spec.volumes[0].configMap.items[1].key: Not found: "nope": ConfigMap 'cm' has no such key`,
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
				`spec.template.spec.containers[0].volumeMounts[0].name: Not found: "ghost"`,
				`spec.template.spec.containers[0].volumeMounts[1].mountPath: Invalid value: "rel": must be an absolute path`,
				`spec.template.spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/": must not be '/' to simulate: every path of the command would be rewritten`,
				`spec.template.spec.containers[0].volumeMounts[3].subPath: Invalid value: "a/../../b": must be a relative path without '..'`,
			},
		},
		{
			name: "a fieldRef the downward API refuses",
			change: func(p *core.Pod, cms map[string]*worklist.ConfigMap) {
				p.Spec.Containers[0].Env[0].ValueFrom.FieldRef.FieldPath = "status.phase"
			},
			want: []string{`spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "status.phase": ` +
				resolveErr(t, "status.phase")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pod := planTestPod()
			cms := map[string]*worklist.ConfigMap{"cm": {Data: map[string]string{"params.sh": "x"}}}
			tt.change(pod, cms)
			_, errs := planPod(pod, cms)
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
	_, err := resolveFieldRef(&core.Pod{}, fieldPath)
	require.Error(t, err)
	return err.Error()
}

func TestLineWriter(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, false, 80)
	w := &lineWriter{p: p, prefix: "index 2 | "}
	for _, chunk := range []string{"one\ntw", "o\n\nthr", "ee"} {
		n, err := w.Write([]byte(chunk))
		require.NoError(t, err)
		require.Equal(t, len(chunk), n)
	}
	w.flush()
	w.flush() // nothing left: no line
	long := strings.Repeat("x", maxLogLine+10)
	w.Write([]byte(long + "\n"))
	want := "index 2 | one\nindex 2 | two\nindex 2 | \nindex 2 | three\n" +
		"index 2 | " + long[:maxLogLine] + "\nindex 2 | " + long[maxLogLine:] + "\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

func TestProgressLive(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, true, 20)
	p.event("[1/3 complete] index 0 done")
	p.note("index 1 | hello")
	p.event("[2/3 complete]")
	p.done()
	want := "\r\x1b[K[1/3 complete] inde" +
		"\r\x1b[Kindex 1 | hello\n[1/3 complete] inde" +
		"\r\x1b[K[2/3 complete]" +
		"\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// planPod plans pod's first container; see planContainer.
func planPod(pod *core.Pod, configMaps map[string]*worklist.ConfigMap) (*podPlan, field.ErrorList) {
	if len(pod.Spec.Containers) == 0 {
		return nil, field.ErrorList{field.Required(templateSpecPath.Child("containers"), "must have a container to run")}
	}
	return planContainer(pod, &pod.Spec.Containers[0], templateSpecPath.Child("containers").Index(0), configMaps)
}
