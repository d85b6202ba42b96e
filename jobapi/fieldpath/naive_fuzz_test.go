package fieldpath_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// naiveKey is the qualified-name grammar as one regular expression, with
// the length limits checked apart: the reference for subscript keys.
var naiveKey = regexp.MustCompile(`^(([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`)

func naiveKeyOK(key string) bool {
	m := naiveKey.FindStringSubmatch(key)
	return m != nil && len(m[2]) <= 253 && len(m[6]) <= 63
}

// naiveSubscript is the reference split of a subscripted fieldPath.
var naiveSubscript = regexp.MustCompile(`^(metadata\.labels|metadata\.annotations)\['(.*)'\]$`)

// naiveParse says whether the API server accepts s, and the canonical form.
func naiveParse(s string) (string, bool) {
	switch s {
	case "metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels", "metadata.annotations",
		"spec.nodeName", "spec.serviceAccountName", "spec.restartPolicy", "spec.schedulerName",
		"spec.terminationGracePeriodSeconds", "status.phase", "status.hostIP", "status.hostIPs",
		"status.podIP", "status.podIPs":
		return s, true
	case "spec.host":
		return "spec.nodeName", true
	}
	m := naiveSubscript.FindStringSubmatch(s)
	if m == nil || strings.Contains(m[1], "['") {
		return "", false
	}
	key := m[2]
	check := key
	if m[1] == "metadata.annotations" {
		check = strings.ToLower(key)
	}
	if !naiveKeyOK(check) {
		return "", false
	}
	return s, true
}

// FuzzParseAgainstNaiveReference checks that Parse never panics, agrees with a naive reference on
// what it accepts and how it prints it, and that String round trips.
func FuzzParseAgainstNaiveReference(f *testing.F) {
	for _, s := range []string{
		"metadata.name", "spec.host", "status.podIPs", "metadata.labels['app']",
		"metadata.annotations['Example.COM/Key']", "metadata.annotations[x]", "metadata.labels['a']['b']",
		"['x']", "metadata.labels['']", "metadata.labels['a/b/c']", `metadata.labels["x"]`, "",
		"metadata.annotations['" + strings.Repeat("a", 64) + "']",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1024 {
			return
		}
		p, err := fieldpath.Parse(s)
		want, ok := naiveParse(s)
		if (err == nil) != ok {
			t.Fatalf("Parse(%q) error = %v, the naive reference accepts: %t", s, err, ok)
		}
		if err != nil {
			return
		}
		if p.String() != want {
			t.Fatalf("Parse(%q).String() = %q, want %q", s, p.String(), want)
		}
		q, err := fieldpath.Parse(p.String())
		if err != nil || !q.Equals(p) {
			t.Fatalf("Parse(%q) = %v, %v; not equal to %v", p.String(), q, err, p)
		}
	})
}
