package fieldpath_test

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

	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestParseValid(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		field   fieldpath.Field
		key     string
		hasKey  bool
		printed string
	}{
		{name: "name", in: "metadata.name", field: fieldpath.MetadataName, printed: "metadata.name"},
		{name: "namespace", in: "metadata.namespace", field: fieldpath.MetadataNamespace, printed: "metadata.namespace"},
		{name: "uid", in: "metadata.uid", field: fieldpath.MetadataUID, printed: "metadata.uid"},
		{name: "whole label map", in: "metadata.labels", field: fieldpath.MetadataLabels, printed: "metadata.labels"},
		{name: "whole annotation map", in: "metadata.annotations", field: fieldpath.MetadataAnnotations, printed: "metadata.annotations"},
		{name: "node name", in: "spec.nodeName", field: fieldpath.SpecNodeName, printed: "spec.nodeName"},
		{name: "legacy spec.host converts to spec.nodeName", in: "spec.host", field: fieldpath.SpecNodeName, printed: "spec.nodeName"},
		{name: "service account", in: "spec.serviceAccountName", field: fieldpath.SpecServiceAccountName, printed: "spec.serviceAccountName"},
		{name: "restart policy is a field label", in: "spec.restartPolicy", field: fieldpath.SpecRestartPolicy, printed: "spec.restartPolicy"},
		{name: "scheduler name is a field label", in: "spec.schedulerName", field: fieldpath.SpecSchedulerName, printed: "spec.schedulerName"},
		{name: "phase is a field label", in: "status.phase", field: fieldpath.StatusPhase, printed: "status.phase"},
		{name: "host IP", in: "status.hostIP", field: fieldpath.StatusHostIP, printed: "status.hostIP"},
		{name: "host IPs", in: "status.hostIPs", field: fieldpath.StatusHostIPs, printed: "status.hostIPs"},
		{name: "pod IP", in: "status.podIP", field: fieldpath.StatusPodIP, printed: "status.podIP"},
		{name: "pod IPs", in: "status.podIPs", field: fieldpath.StatusPodIPs, printed: "status.podIPs"},
		{name: "one label", in: "metadata.labels['app']", field: fieldpath.MetadataLabels, key: "app", hasKey: true, printed: "metadata.labels['app']"},
		{name: "prefixed label", in: "metadata.labels['app.kubernetes.io/name']", field: fieldpath.MetadataLabels, key: "app.kubernetes.io/name", hasKey: true, printed: "metadata.labels['app.kubernetes.io/name']"},
		{
			name: "completion index annotation", in: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
			field: fieldpath.MetadataAnnotations, key: "batch.kubernetes.io/job-completion-index", hasKey: true,
			printed: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
		},
		{
			name: "annotation prefix is checked lower-cased and keeps its case", in: "metadata.annotations['Example.COM/Key']",
			field: fieldpath.MetadataAnnotations, key: "Example.COM/Key", hasKey: true, printed: "metadata.annotations['Example.COM/Key']",
		},
		{name: "upper-case label name part", in: "metadata.labels['MyName']", field: fieldpath.MetadataLabels, key: "MyName", hasKey: true, printed: "metadata.labels['MyName']"},
		{name: "63-byte name part", in: "metadata.labels['" + strings.Repeat("a", 63) + "']", field: fieldpath.MetadataLabels, key: strings.Repeat("a", 63), hasKey: true, printed: "metadata.labels['" + strings.Repeat("a", 63) + "']"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := fieldpath.Parse(tt.in)
			require.NoError(t, err)
			key, hasKey := p.Key()
			got := []any{p.Field(), key, hasKey, p.String()}
			want := []any{tt.field, tt.key, tt.hasKey, tt.printed}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
			}
			again, err := fieldpath.Parse(p.String())
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
			p, err := fieldpath.Parse(tt.in)
			var perr *fieldpath.ParseError
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
		p, err := fieldpath.Parse(in)
		if err != nil {
			fmt.Fprintf(&b, "%q\terror: %v\n", in, err)
			continue
		}
		fmt.Fprintf(&b, "%q\t%s\tenv=%t volume=%t\n", in, p, p.AllowedIn(fieldpath.EnvVar), p.AllowedIn(fieldpath.VolumeFile))
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
		use  fieldpath.Use
		want []string
	}{
		{name: "env vars read identity, node, IPs and single keys", use: fieldpath.EnvVar, want: env},
		{name: "volume items read identity, whole maps and single keys", use: fieldpath.VolumeFile, want: volume},
		{name: "an unknown use reads nothing", use: fieldpath.Use(0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, s := range all {
				if fieldpath.MustParse(s).AllowedIn(tt.use) {
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
	if (fieldpath.Path{}).AllowedIn(fieldpath.EnvVar) || (fieldpath.Path{}).AllowedIn(fieldpath.VolumeFile) {
		t.Error("the zero Path is allowed in an env var")
	}
}

func TestConstructors(t *testing.T) {
	tests := []struct {
		name    string
		make    func() (fieldpath.Path, error)
		want    string // the printed path; "" when an error is expected
		wantErr bool
	}{
		{name: "plain field", make: func() (fieldpath.Path, error) { return fieldpath.NewPath(fieldpath.StatusPodIPs) }, want: "status.podIPs"},
		{name: "whole label map", make: func() (fieldpath.Path, error) { return fieldpath.NewPath(fieldpath.MetadataLabels) }, want: "metadata.labels"},
		{name: "unknown field", make: func() (fieldpath.Path, error) { return fieldpath.NewPath("metadata.generation") }, wantErr: true},
		{name: "legacy spelling is not a Field", make: func() (fieldpath.Path, error) { return fieldpath.NewPath("spec.host") }, wantErr: true},
		{name: "label", make: func() (fieldpath.Path, error) { return fieldpath.Label("app") }, want: "metadata.labels['app']"},
		{name: "invalid label key", make: func() (fieldpath.Path, error) { return fieldpath.Label("Example.com/app") }, wantErr: true},
		{name: "annotation with upper-case prefix", make: func() (fieldpath.Path, error) { return fieldpath.Annotation("Example.com/app") }, want: "metadata.annotations['Example.com/app']"},
		{name: "annotation key with a quote", make: func() (fieldpath.Path, error) { return fieldpath.Annotation("a'b") }, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.make()
			if tt.wantErr {
				var perr *fieldpath.ParseError
				if !errors.As(err, &perr) {
					t.Fatalf("got %v, %v; want a *ParseError", p, err)
				}
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, p.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
			if q := fieldpath.MustParse(p.String()); !q.Equals(p) {
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
	paths := make([]fieldpath.Path, 0, len(want))
	for i := len(want) - 1; i >= 0; i-- {
		paths = append(paths, fieldpath.MustParse(want[i]))
	}
	slices.SortFunc(paths, fieldpath.Path.Compare)
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
		use    fieldpath.Use
		str    string
		fields []fieldpath.Field
	}{
		{name: "env var", use: fieldpath.EnvVar, str: "env var", fields: []fieldpath.Field{
			"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName",
			"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs",
		}},
		{name: "volume item", use: fieldpath.VolumeFile, str: "downwardAPI volume item", fields: []fieldpath.Field{
			"metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid",
		}},
		{name: "unknown", use: fieldpath.Use(9), str: "Use(9)"},
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
	fieldpath.MustParse("metadata.annotations[x]")
}
