package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi/kubelet"
)

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

// TestMaterialise writes the volumes of a planned container and checks
// the files, their modes and where each mount path is on this machine.
func TestMaterialise(t *testing.T) {
	params := []kubelet.File{{Path: "params.sh", Data: []byte("echo hi\n"), Mode: 0o644}, {Path: "blob", Data: []byte{0xff, 0}, Mode: 0o644}}
	plan := &kubelet.Plan{Mounts: []kubelet.Mount{
		{MountPath: "/etc/jobkit", Volume: "params", Files: params},
		{MountPath: "/info", Volume: "info", Files: []kubelet.File{
			{Path: "annotations", Data: []byte("batch.kubernetes.io/job-completion-index=\"3\"\nnote=\"a\\\"b\""), Mode: 0o600},
			{Path: "sub/name", Data: []byte("p-3-abcde"), Mode: 0o600},
		}},
		{MountPath: "/scratch", Volume: "scratch"},
		{MountPath: "/one", Volume: "params", SubPath: "dir", Files: params},
	}}

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
