package meta_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// Kubernetes' messages, as apimachinery's util/validation words them.
const (
	subdomainRule = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	subdomain253  = "must be no more than 253 characters"
	dots          = "must not contain dots"
)

func TestNameFuncsMaskATrailingDashAsKubernetes(t *testing.T) {
	tests := []struct {
		name   string
		fn     meta.NameFunc
		s      string
		prefix bool
		want   []string
	}{
		{"a prefix may end in a dash", meta.NameIsDNSSubdomain, "pi-", true, nil},
		{"a name may not", meta.NameIsDNSSubdomain, "pi-", false, []string{subdomainRule}},
		// Kubernetes replaces the last two bytes with one 'a': the byte
		// before the dash is never looked at.
		{"the byte before the dash is dropped", meta.NameIsDNSSubdomain, "pi_-", true, nil},
		{"a prefix of 254 bytes is checked as 253", meta.NameIsDNSSubdomain, strings.Repeat("a", 253) + "-", true, nil},
		{"a prefix of 255 bytes is too long", meta.NameIsDNSSubdomain, strings.Repeat("a", 254) + "-", true, []string{subdomain253}},
		{"a lone dash is not masked", meta.NameIsDNSSubdomain, "-", true, []string{subdomainRule}},
		{"two dashes become 'a'", meta.NameIsDNSSubdomain, "--", true, nil},
		{"the rest is still checked", meta.NameIsDNSSubdomain, "Pi-x-", true, []string{subdomainRule}},
		{"a label prefix", meta.NameIsDNSLabel, "ns-", true, nil},
		{"a label name with dots", meta.NameIsDNSLabel, "n.s", false, []string{dots}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.fn(tt.s, tt.prefix)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidNameCostsNoAllocation(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = meta.NameIsDNSSubdomain("my-job-123", false)
		_ = meta.NameIsDNSSubdomain("example.com", false)
		_ = meta.NameIsDNSLabel("ns", false)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}
