package downward_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestParseValid(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		field   downward.Field
		key     string
		hasKey  bool
		printed string
	}{
		{name: "name", in: "metadata.name", field: downward.MetadataName, printed: "metadata.name"},
		{name: "namespace", in: "metadata.namespace", field: downward.MetadataNamespace, printed: "metadata.namespace"},
		{name: "uid", in: "metadata.uid", field: downward.MetadataUID, printed: "metadata.uid"},
		{name: "whole label map", in: "metadata.labels", field: downward.MetadataLabels, printed: "metadata.labels"},
		{name: "whole annotation map", in: "metadata.annotations", field: downward.MetadataAnnotations, printed: "metadata.annotations"},
		{name: "node name", in: "spec.nodeName", field: downward.SpecNodeName, printed: "spec.nodeName"},
		{name: "legacy spec.host converts to spec.nodeName", in: "spec.host", field: downward.SpecNodeName, printed: "spec.nodeName"},
		{name: "service account", in: "spec.serviceAccountName", field: downward.SpecServiceAccountName, printed: "spec.serviceAccountName"},
		{name: "restart policy is a field label", in: "spec.restartPolicy", field: downward.SpecRestartPolicy, printed: "spec.restartPolicy"},
		{name: "scheduler name is a field label", in: "spec.schedulerName", field: downward.SpecSchedulerName, printed: "spec.schedulerName"},
		{name: "phase is a field label", in: "status.phase", field: downward.StatusPhase, printed: "status.phase"},
		{name: "host IP", in: "status.hostIP", field: downward.StatusHostIP, printed: "status.hostIP"},
		{name: "host IPs", in: "status.hostIPs", field: downward.StatusHostIPs, printed: "status.hostIPs"},
		{name: "pod IP", in: "status.podIP", field: downward.StatusPodIP, printed: "status.podIP"},
		{name: "pod IPs", in: "status.podIPs", field: downward.StatusPodIPs, printed: "status.podIPs"},
		{name: "one label", in: "metadata.labels['app']", field: downward.MetadataLabels, key: "app", hasKey: true, printed: "metadata.labels['app']"},
		{name: "prefixed label", in: "metadata.labels['app.kubernetes.io/name']", field: downward.MetadataLabels, key: "app.kubernetes.io/name", hasKey: true, printed: "metadata.labels['app.kubernetes.io/name']"},
		{
			name: "completion index annotation", in: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
			field: downward.MetadataAnnotations, key: "batch.kubernetes.io/job-completion-index", hasKey: true,
			printed: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
		},
		{
			name: "annotation prefix is checked lower-cased and keeps its case", in: "metadata.annotations['Example.COM/Key']",
			field: downward.MetadataAnnotations, key: "Example.COM/Key", hasKey: true, printed: "metadata.annotations['Example.COM/Key']",
		},
		{name: "upper-case label name part", in: "metadata.labels['MyName']", field: downward.MetadataLabels, key: "MyName", hasKey: true, printed: "metadata.labels['MyName']"},
		{name: "63-byte name part", in: "metadata.labels['" + strings.Repeat("a", 63) + "']", field: downward.MetadataLabels, key: strings.Repeat("a", 63), hasKey: true, printed: "metadata.labels['" + strings.Repeat("a", 63) + "']"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := downward.Parse(tt.in)
			require.NoError(t, err)
			key, hasKey := p.Key()
			got := []any{p.Field(), key, hasKey, p.String()}
			want := []any{tt.field, tt.key, tt.hasKey, tt.printed}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
			}
			again, err := downward.Parse(p.String())
			require.NoError(t, err)
			if !again.Equals(p) || again.Compare(p) != 0 {
				t.Errorf("Parse(%q).String() = %q parses to %v, not an equal path", tt.in, p.String(), again)
			}
		})
	}
}

func TestParseInvalid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		// detail is the exact Detail when the wording is part of the
		// contract (the form to write); otherwise only a ParseError is
		// required.
		detail string
	}{
		{name: "empty", in: "", detail: "must not be empty"},
		{name: "unknown field", in: "metadata.generation"},
		{name: "spec.terminationGracePeriodSeconds, which the API server does not convert", in: "spec.terminationGracePeriodSeconds"},
		{name: "status alone", in: "status"},
		{name: "surrounding spaces", in: " metadata.name"},
		{name: "wrong case", in: "metadata.Name"},
		{name: "subscript on a plain field", in: "spec.nodeName['x']"},
		{name: "subscript on an unknown field", in: "metadata.labelz['x']"},
		{name: "subscript with no field", in: "['app']"},
		{name: "empty key", in: "metadata.labels['']"},
		{name: "key with a space", in: "metadata.labels['a b']"},
		{name: "key with two slashes", in: "metadata.labels['a/b/c']"},
		{name: "key with an empty prefix", in: "metadata.labels['/app']"},
		{name: "key with an upper-case label prefix", in: "metadata.labels['Example.com/app']"},
		{name: "64-byte name part", in: "metadata.labels['" + strings.Repeat("a", 64) + "']"},
		{name: "second subscript becomes part of the key", in: "metadata.labels['a']['b']"},
		{
			name: "unquoted annotation key shows the form to write", in: "metadata.annotations[batch.kubernetes.io/job-completion-index]",
			detail: "must quote the key in single quotes inside square brackets: write metadata.annotations['batch.kubernetes.io/job-completion-index']",
		},
		{
			name: "design's unquoted key with two slashes shows the generic form", in: "metadata.annotations[kubernetes.io/job/completion-index]",
			detail: "must quote the key in single quotes inside square brackets: write metadata.annotations['KEY']",
		},
		{
			name: "double-quoted label key shows the form to write", in: `metadata.labels["app"]`,
			detail: "must quote the key in single quotes inside square brackets: write metadata.labels['app']",
		},
		{
			name: "dotted quoted key shows the form to write", in: `metadata.annotations."kubernetes.io/job-idx"`,
			detail: "must quote the key in single quotes inside square brackets: write metadata.annotations['kubernetes.io/job-idx']",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := downward.Parse(tt.in)
			var perr *downward.ParseError
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) = %v, %v; want a *ParseError", tt.in, p, err)
			}
			if !p.IsZero() {
				t.Errorf("Parse(%q) returned %v with its error; want the zero Path", tt.in, p)
			}
			if perr.FieldPath != tt.in {
				t.Errorf("ParseError.FieldPath = %q, want %q", perr.FieldPath, tt.in)
			}
			if tt.detail != "" {
				if diff := cmp.Diff(tt.detail, perr.Detail); diff != "" {
					t.Errorf("ParseError.Detail (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestParseGolden pins the printed result of Parse, path or error, for a
// corpus of fieldPaths. Run with -update to rewrite testdata/parse.golden.
func TestParseGolden(t *testing.T) {
	inputs := []string{
		"metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels", "metadata.annotations",
		"spec.nodeName", "spec.host", "spec.serviceAccountName", "spec.restartPolicy", "spec.schedulerName",
		"spec.terminationGracePeriodSeconds", "status.phase", "status.hostIP", "status.hostIPs",
		"status.podIP", "status.podIPs",
		"metadata.labels['app']", "metadata.annotations['Example.COM/Key']",
		"metadata.annotations['batch.kubernetes.io/job-completion-index']",
		"metadata.annotations[batch.kubernetes.io/job-completion-index]",
		"metadata.annotations[kubernetes.io/job/completion-index]",
		`metadata.annotations."kubernetes.io/job-idx"`,
		"metadata.labels['']", "metadata.labels['a b']", "metadata.labels['/x']", "spec.nodeName['x']",
		"metadata.generation", "",
	}
	var b strings.Builder
	for _, in := range inputs {
		p, err := downward.Parse(in)
		if err != nil {
			fmt.Fprintf(&b, "%q\terror: %v\n", in, err)
			continue
		}
		fmt.Fprintf(&b, "%q\t%s\tenv=%t volume=%t\n", in, p, p.AllowedIn(downward.EnvVar), p.AllowedIn(downward.VolumeFile))
	}
	golden := filepath.Join("testdata", "parse.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test -run TestParseGolden -update ./downward to create it")
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("Parse results differ from %s (-want +got):\n%s", golden, diff)
	}
}

func TestAllowedIn(t *testing.T) {
	env := []string{
		"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName",
		"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs",
		"metadata.labels['a']", "metadata.annotations['a']", "spec.host",
	}
	volume := []string{
		"metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels", "metadata.annotations",
		"metadata.labels['a']", "metadata.annotations['a']",
	}
	all := []string{
		"metadata.name", "metadata.namespace", "metadata.uid", "metadata.labels", "metadata.annotations",
		"spec.nodeName", "spec.host", "spec.serviceAccountName", "spec.restartPolicy", "spec.schedulerName",
		"status.phase", "status.hostIP", "status.hostIPs",
		"status.podIP", "status.podIPs", "metadata.labels['a']", "metadata.annotations['a']",
	}
	tests := []struct {
		name string
		use  downward.Use
		want []string
	}{
		{name: "env vars read identity, node, IPs and single keys", use: downward.EnvVar, want: env},
		{name: "volume items read identity, whole maps and single keys", use: downward.VolumeFile, want: volume},
		{name: "an unknown use reads nothing", use: downward.Use(0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range all {
				if downward.MustParse(s).AllowedIn(tt.use) {
					got = append(got, s)
				}
			}
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("paths allowed in %v (-want +got):\n%s", tt.use, diff)
			}
		})
	}
	if (downward.Path{}).AllowedIn(downward.EnvVar) || (downward.Path{}).AllowedIn(downward.VolumeFile) {
		t.Error("the zero Path is allowed in an env var")
	}
}

func TestConstructors(t *testing.T) {
	tests := []struct {
		name    string
		make    func() (downward.Path, error)
		want    string // the printed path; "" when an error is expected
		wantErr bool
	}{
		{name: "plain field", make: func() (downward.Path, error) { return downward.NewPath(downward.StatusPodIPs) }, want: "status.podIPs"},
		{name: "whole label map", make: func() (downward.Path, error) { return downward.NewPath(downward.MetadataLabels) }, want: "metadata.labels"},
		{name: "unknown field", make: func() (downward.Path, error) { return downward.NewPath("metadata.generation") }, wantErr: true},
		{name: "legacy spelling is not a Field", make: func() (downward.Path, error) { return downward.NewPath("spec.host") }, wantErr: true},
		{name: "label", make: func() (downward.Path, error) { return downward.Label("app") }, want: "metadata.labels['app']"},
		{name: "invalid label key", make: func() (downward.Path, error) { return downward.Label("Example.com/app") }, wantErr: true},
		{name: "annotation with upper-case prefix", make: func() (downward.Path, error) { return downward.Annotation("Example.com/app") }, want: "metadata.annotations['Example.com/app']"},
		{name: "annotation key with a quote", make: func() (downward.Path, error) { return downward.Annotation("a'b") }, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.make()
			if tt.wantErr {
				var perr *downward.ParseError
				if !errors.As(err, &perr) {
					t.Fatalf("got %v, %v; want a *ParseError", p, err)
				}
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, p.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
			if q := downward.MustParse(p.String()); !q.Equals(p) {
				t.Errorf("MustParse(%q) = %v, want an equal path", p.String(), q)
			}
		})
	}
}

func TestCompareOrdersByFieldThenWholeMapThenKey(t *testing.T) {
	want := []string{
		"metadata.annotations",
		"metadata.annotations['a']",
		"metadata.annotations['b']",
		"metadata.labels",
		"metadata.labels['A']",
		"metadata.labels['a']",
		"metadata.name",
		"spec.nodeName",
		"status.podIP",
	}
	paths := make([]downward.Path, 0, len(want))
	for i := len(want) - 1; i >= 0; i-- {
		paths = append(paths, downward.MustParse(want[i]))
	}
	slices.SortFunc(paths, downward.Path.Compare)
	got := make([]string, len(paths))
	for i, p := range paths {
		got[i] = p.String()
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sorted paths (-want +got):\n%s", diff)
	}
	for i := range paths {
		for j := range paths {
			c, e := paths[i].Compare(paths[j]), paths[i].Equals(paths[j])
			if (c == 0) != e || (i == j) != e || c != -paths[j].Compare(paths[i]) {
				t.Errorf("Compare(%v, %v) = %d, Equals = %t: not a consistent order", paths[i], paths[j], c, e)
			}
		}
	}
}

func TestUse(t *testing.T) {
	tests := []struct {
		name   string
		use    downward.Use
		str    string
		fields []downward.Field
	}{
		{name: "env var", use: downward.EnvVar, str: "env var", fields: []downward.Field{
			"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName",
			"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs",
		}},
		{name: "volume item", use: downward.VolumeFile, str: "downwardAPI volume item", fields: []downward.Field{
			"metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid",
		}},
		{name: "unknown", use: downward.Use(9), str: "Use(9)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []any{tt.use.String(), tt.use.Fields()}
			want := []any{tt.str, tt.fields}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestMustParsePanicsOnInvalidPaths(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse of an invalid path did not panic")
		}
	}()
	downward.MustParse("metadata.annotations[x]")
}
