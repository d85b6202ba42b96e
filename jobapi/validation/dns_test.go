package validation_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Kubernetes' messages, as apimachinery's util/validation words them.
const (
	labelRule      = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
	subdomainRule  = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	label63        = "must be no more than 63 characters"
	subdomain253   = "must be no more than 253 characters"
	dots           = "must not contain dots"
	underscoreRule = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')"
)

func TestDNSLabelProblems(t *testing.T) {
	tests := []struct {
		name string
		s    string
		want []string
	}{
		{"one letter", "a", nil},
		{"letters, digits and inner dashes", "my-name-123", nil},
		{"starting with a digit", "123-abc", nil},
		{"63 bytes", strings.Repeat("a", 63), nil},
		{"empty", "", []string{labelRule}},
		{"upper-case letter", "My-name", []string{labelRule}},
		{"underscore", "my_name", []string{labelRule}},
		{"starting with a dash", "-a", []string{labelRule}},
		{"ending with a dash", "a-", []string{labelRule}},
		{"a subdomain: dots are named", "my.name", []string{dots}},
		{"64 bytes", strings.Repeat("a", 64), []string{label63}},
		{"too long and a subdomain", strings.Repeat("a", 60) + ".bcd", []string{label63, dots}},
		{"too long and bad characters", strings.Repeat("A", 64), []string{label63, labelRule}},
		{"non-ASCII", "caf\u00e9", []string{labelRule}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validation.DNSLabelProblems(tt.s)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DNSLabelProblems(%q) (-want +got):\n%s", tt.s, diff)
			}
			if is := validation.IsDNSLabel(tt.s); is != (tt.want == nil) {
				t.Errorf("IsDNSLabel(%q) = %v, want %v", tt.s, is, tt.want == nil)
			}
		})
	}
}

func TestDNSSubdomainProblems(t *testing.T) {
	long := strings.Repeat(strings.Repeat("a", 62)+".", 4) // 252 bytes, ends in '.'
	tests := []struct {
		name string
		s    string
		want []string
	}{
		{"one label", "pi", nil},
		{"dotted", "example.com", nil},
		{"253 bytes", long + "a", nil},
		{"254 bytes", long + "ab", []string{subdomain253}},
		{"254 bytes with a bad character", long + "A_", []string{subdomain253, subdomainRule}},
		{"empty", "", []string{subdomainRule}},
		{"empty part", "example..com", []string{subdomainRule}},
		{"leading dot", ".example", []string{subdomainRule}},
		{"trailing dot", "example.", []string{subdomainRule}},
		{"part ending in a dash", "example-.com", []string{subdomainRule}},
		{"upper-case letter", "Example.com", []string{subdomainRule}},
		{"underscore", "my_job", []string{subdomainRule}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validation.DNSSubdomainProblems(tt.s)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DNSSubdomainProblems(%q) (-want +got):\n%s", tt.s, diff)
			}
			if is := validation.IsDNSSubdomain(tt.s); is != (tt.want == nil) {
				t.Errorf("IsDNSSubdomain(%q) = %v, want %v", tt.s, is, tt.want == nil)
			}
		})
	}
}

func TestValidateDNSSubdomainWithUnderscore(t *testing.T) {
	p := field.NewPath("spec", "dnsConfig", "searches").Index(0)
	long := strings.Repeat(strings.Repeat("a", 62)+".", 4) // 252 bytes, ends in '.'
	tests := []struct {
		name string
		s    string
		want field.ErrorList
	}{
		{"plain subdomain", "example.com", nil},
		{"service record", "_srv._tcp.example.com", nil},
		{"underscore inside a part", "my_zone.example", nil},
		{"253 bytes", long + "a", nil},
		{"254 bytes", long + "ab", field.ErrorList{field.Invalid(p, long+"ab", subdomain253)}},
		{"two leading underscores", "__srv.example", field.ErrorList{field.Invalid(p, "__srv.example", underscoreRule)}},
		{"part ending in an underscore", "srv_.example", field.ErrorList{field.Invalid(p, "srv_.example", underscoreRule)}},
		{"a lone underscore", "_", field.ErrorList{field.Invalid(p, "_", underscoreRule)}},
		{"empty", "", field.ErrorList{field.Invalid(p, "", underscoreRule)}},
		{"upper-case", "Example.com", field.ErrorList{field.Invalid(p, "Example.com", underscoreRule)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validation.ValidateDNSSubdomainWithUnderscore(tt.s, p)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if is := validation.IsDNSSubdomainWithUnderscore(tt.s); is != (tt.want == nil) {
				t.Errorf("IsDNSSubdomainWithUnderscore(%q) = %v, want %v", tt.s, is, tt.want == nil)
			}
		})
	}
}

func TestValidateDNSNamesReportEachProblemAtThePath(t *testing.T) {
	p := field.NewPath("spec", "hostname")
	tests := []struct {
		name string
		got  field.ErrorList
		want field.ErrorList
	}{
		{"valid label", validation.ValidateDNSLabel("pi", p), nil},
		{"valid subdomain", validation.ValidateDNSSubdomain("pi.example", p), nil},
		{"label with dots", validation.ValidateDNSLabel("pi.example", p), field.ErrorList{field.Invalid(p, "pi.example", dots)}},
		{"label too long and dotted", validation.ValidateDNSLabel(strings.Repeat("a", 63)+".b", p),
			field.ErrorList{field.Invalid(p, strings.Repeat("a", 63)+".b", label63), field.Invalid(p, strings.Repeat("a", 63)+".b", dots)}},
		{"subdomain with an underscore", validation.ValidateDNSSubdomain("a_b", p), field.ErrorList{field.Invalid(p, "a_b", subdomainRule)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The reference: Kubernetes' regular expressions and length limits.
var (
	labelRE      = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	subdomainRE  = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	underscoreRE = regexp.MustCompile(`^_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*$`)
)

// referenceLabelProblems is apimachinery's IsDNS1123Label, by regexp.
func referenceLabelProblems(s string) []string {
	var p []string
	if len(s) > 63 {
		p = append(p, label63)
	}
	if !labelRE.MatchString(s) {
		if subdomainRE.MatchString(s) {
			p = append(p, dots)
		} else {
			p = append(p, labelRule)
		}
	}
	return p
}

// referenceSubdomainProblems is apimachinery's IsDNS1123Subdomain, by
// regexp.
func referenceSubdomainProblems(s string) []string {
	var p []string
	if len(s) > 253 {
		p = append(p, subdomain253)
	}
	if !subdomainRE.MatchString(s) {
		p = append(p, subdomainRule)
	}
	return p
}

// referenceUnderscoreProblems is apimachinery's
// IsDNS1123SubdomainWithUnderscore, by regexp.
func referenceUnderscoreProblems(s string) []string {
	var p []string
	if len(s) > 253 {
		p = append(p, subdomain253)
	}
	if !underscoreRE.MatchString(s) {
		p = append(p, underscoreRule)
	}
	return p
}

// FuzzDNSNames checks the DNS rules against Kubernetes' regular
// expressions, and the yes-or-no forms against the problem lists.
func FuzzDNSNames(f *testing.F) {
	for _, s := range []string{
		"", "a", "-", "a-", "-a", "a.b", "a..b", ".a", "a.", "A", "a_b", "my-name", "123-abc",
		"example.com", strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a.", 127),
		strings.Repeat("a", 254), "caf\u00e9", "a\x00b", "a-.b", "a.-b", "_srv._tcp.example.com", "__a", "a_", "_",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 600 {
			return
		}
		if diff := cmp.Diff(referenceLabelProblems(s), validation.DNSLabelProblems(s)); diff != "" {
			t.Fatalf("DNSLabelProblems(%q) (-reference +got):\n%s", s, diff)
		}
		if diff := cmp.Diff(referenceSubdomainProblems(s), validation.DNSSubdomainProblems(s)); diff != "" {
			t.Fatalf("DNSSubdomainProblems(%q) (-reference +got):\n%s", s, diff)
		}
		if got, want := validation.IsDNSLabel(s), labelRE.MatchString(s) && len(s) <= 63; got != want {
			t.Fatalf("IsDNSLabel(%q) = %v, want %v", s, got, want)
		}
		if got, want := validation.IsDNSSubdomain(s), subdomainRE.MatchString(s) && len(s) <= 253; got != want {
			t.Fatalf("IsDNSSubdomain(%q) = %v, want %v", s, got, want)
		}
		if got, want := validation.IsDNSSubdomainWithUnderscore(s), underscoreRE.MatchString(s) && len(s) <= 253; got != want {
			t.Fatalf("IsDNSSubdomainWithUnderscore(%q) = %v, want %v", s, got, want)
		}
		if n := len(validation.ValidateDNSSubdomainWithUnderscore(s, nil)); n != len(referenceUnderscoreProblems(s)) {
			t.Fatalf("ValidateDNSSubdomainWithUnderscore(%q): %d errors, want %d", s, n, len(referenceUnderscoreProblems(s)))
		}
		if validation.IsDNSLabel(s) && !validation.IsDNSSubdomain(s) {
			t.Fatalf("%q is a DNS label and not a DNS subdomain", s)
		}
	})
}

func TestValidDNSNamesCostNoAllocation(t *testing.T) {
	names := []string{"pi", "my-job-123", strings.Repeat("a", 63), "example.com"}
	allocs := testing.AllocsPerRun(100, func() {
		for _, s := range names {
			_ = validation.DNSSubdomainProblems(s)
			_ = validation.ValidateDNSSubdomain(s, nil)
			_ = validation.DNSLabelProblems(s[:min(len(s), 6)])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func BenchmarkDNSNames(b *testing.B) {
	for _, bc := range []struct {
		name string
		s    string
	}{
		{"label-short", "pi"},
		{"label-63", strings.Repeat("a", 62) + "1"},
		{"subdomain-3-parts", "batch.example.com"},
		{"subdomain-253", strings.Repeat(strings.Repeat("a", 62)+".", 4) + "a"},
		{"invalid", "My_Job"},
	} {
		b.Run("IsDNSSubdomain/"+bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = validation.IsDNSSubdomain(bc.s)
			}
		})
		b.Run("DNSLabelProblems/"+bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = validation.DNSLabelProblems(bc.s)
			}
		})
	}
}
