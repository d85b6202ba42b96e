package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jobkit/jobkit/jobapi/kubelet"
)

// This file puts a container's volumes on this machine: the files
// jobapi/kubelet planned, written to a directory per volume, and the
// mount paths in the command, env and working directory rewritten to
// those directories.

// hostMount is where a mount path of the container is on this machine.
type hostMount struct {
	mountPath string // in the container
	hostPath  string
}

// materialise writes the files of every volume plan mounts into a
// directory of its own under dir (dir/volumes/NAME) and returns where each
// mount path is on this machine, longest mount path first.
func materialise(plan *kubelet.Plan, dir string) ([]hostMount, error) {
	done := map[string]string{}
	var mounts []hostMount
	for _, m := range plan.Mounts {
		vdir, ok := done[m.Volume]
		if !ok {
			vdir = filepath.Join(dir, "volumes", m.Volume)
			if err := os.MkdirAll(vdir, 0o755); err != nil {
				return nil, err
			}
			for _, f := range m.Files {
				p := filepath.Join(vdir, filepath.FromSlash(f.Path))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return nil, err
				}
				if err := os.WriteFile(p, f.Data, f.Mode|0o200); err != nil {
					return nil, err
				}
				// WriteFile keeps the mode of an existing file (a restarted
				// container); make it exact.
				if err := os.Chmod(p, f.Mode); err != nil {
					return nil, err
				}
			}
			done[m.Volume] = vdir
		}
		host := vdir
		if m.SubPath != "" {
			host = filepath.Join(vdir, filepath.FromSlash(m.SubPath))
		}
		mounts = append(mounts, hostMount{mountPath: m.MountPath, hostPath: host})
	}
	sort.SliceStable(mounts, func(i, j int) bool { return len(mounts[i].mountPath) > len(mounts[j].mountPath) })
	return mounts, nil
}

// isPathByte reports whether b may be part of a path name: a letter, a
// digit, '.', '_', '-' or '~'.
func isPathByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' ||
		b == '.' || b == '_' || b == '-' || b == '~'
}

// rewriteMountPaths replaces, in s, every occurrence of a mount path that
// stands as a path of its own by where it is on this machine. An
// occurrence counts when it starts s or follows a byte that is neither a
// path byte nor '/', and ends s or is followed by '/' or a byte that is not
// a path byte: in `/bin/sh /etc/jobkit/params.sh`, `--dir=/etc/jobkit` and
// `"/etc/jobkit"` the mount path /etc/jobkit is rewritten; in
// `/etc/jobkit2` and `/opt/etc/jobkit` it is not. mounts must be longest
// mount path first, so that a nested mount wins.
func rewriteMountPaths(s string, mounts []hostMount) string {
	if len(mounts) == 0 || !strings.Contains(s, "/") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '/' && (i == 0 || !isPathByte(s[i-1]) && s[i-1] != '/') {
			if m, ok := mountAt(s[i:], mounts); ok {
				if b.Len() == 0 {
					b.Grow(len(s))
				}
				b.WriteString(m.hostPath)
				i += len(m.mountPath)
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// mountAt returns the mount whose path s starts with, as a whole path.
func mountAt(s string, mounts []hostMount) (hostMount, bool) {
	for _, m := range mounts {
		if !strings.HasPrefix(s, m.mountPath) {
			continue
		}
		if rest := s[len(m.mountPath):]; rest == "" || rest[0] == '/' || !isPathByte(rest[0]) {
			return m, true
		}
	}
	return hostMount{}, false
}
