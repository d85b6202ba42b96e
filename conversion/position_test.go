package conversion_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// at is a document of a DecodeAll result and a path to find in it.
type at struct {
	doc  int
	path string
}

func TestDocumentPositionIsInTheStream(t *testing.T) {
	const cronJob = `apiVersion: batch/v1
kind: CronJob
metadata: {name: c}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      completions: 2
      template:
        spec:
          containers: [{name: c, image: busybox}]
          restartPolicy: Never
`
	const list = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: m}
- apiVersion: batch/v1
  kind: Job
  metadata:
    name: j
  spec:
    template:
      spec:
        containers:
        - name: a
          image: perl
        restartPolicy: Never
`
	tests := []struct {
		name string
		in   string
		at   at
		want conversion.Position
	}{
		{
			name: "a member of the first document",
			in:   jobYAML,
			at:   at{0, "spec.template.spec.restartPolicy"},
			want: conversion.Position{Line: 9, Column: 7, Path: "spec.template.spec.restartPolicy"},
		},
		{
			name: "an item in a flow sequence",
			in:   jobYAML,
			at:   at{0, "spec.template.spec.containers[0].image"},
			want: conversion.Position{Line: 8, Column: 31, Path: "spec.template.spec.containers[0].image"},
		},
		{
			name: "a missing field is found at its parent",
			in:   jobYAML,
			at:   at{0, "spec.completions"},
			want: conversion.Position{Line: 5, Column: 1, Path: "spec"},
		},
		{
			name: "lines count from the start of the stream",
			in:   "# two documents\n---\n" + jobYAML + "---\n" + jobYAML,
			at:   at{1, "metadata.name"},
			want: conversion.Position{Line: 16, Column: 3, Path: "metadata.name"},
		},
		{
			name: "a CronJob's Job, by the path FieldErrors gives",
			in:   cronJob,
			at:   at{0, "spec.jobTemplate.spec.completions"},
			want: conversion.Position{Line: 8, Column: 7, Path: "spec.jobTemplate.spec.completions"},
		},
		{
			name: "an item of a List, by its path from the item",
			in:   list,
			at:   at{1, "spec.template.spec.containers[0].image"},
			want: conversion.Position{Line: 16, Column: 11, Path: "spec.template.spec.containers[0].image"},
		},
		{
			name: "the item itself",
			in:   list,
			at:   at{1, ""},
			want: conversion.Position{Line: 7, Column: 3},
		},
		{
			name: "a JSON stream, with the column of an object that does not start its line",
			in:   `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}  {"apiVersion": "v1",` + "\n" + `"kind": "ConfigMap", "metadata": {"name": "b"}}`,
			at:   at{1, "apiVersion"},
			want: conversion.Position{Line: 1, Column: 72, Path: "apiVersion"},
		},
		{
			name: "a JSON stream, on a later line of the object",
			in:   `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}  {"apiVersion": "v1",` + "\n" + `"kind": "ConfigMap", "metadata": {"name": "b"}}`,
			at:   at{1, "metadata.name"},
			want: conversion.Position{Line: 2, Column: 35, Path: "metadata.name"},
		},
		{
			name: "an alias is found where its anchor is written",
			in:   "apiVersion: v1\nkind: ConfigMap\nx: &x {name: a}\nmetadata: *x\n",
			at:   at{0, "metadata.name"},
			want: conversion.Position{Line: 3, Column: 8, Path: "metadata.name"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := conversion.DecodeAll("a.yaml", []byte(tt.in))
			require.NoError(t, err)
			require.Greater(t, len(docs), tt.at.doc)
			got, ok := docs[tt.at.doc].Position(tt.at.path)
			require.True(t, ok)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("position (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFieldErrorPositions follows the way a tool finds the place of each
// error of a document: the field errors' text is unchanged, the position
// printed beside it.
func TestFieldErrorPositions(t *testing.T) {
	in := strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  completions: x\n  template:", 1)
	docs, err := conversion.DecodeAll("job.yaml", []byte("---\n"+in))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	d := docs[0]
	var lines []string
	for _, e := range field.AsErrorList(d.Err) {
		p, ok := d.Position(e.Field)
		require.True(t, ok)
		lines = append(lines, d.Source.String()+": "+p.String()+": "+e.Error())
	}
	want := []string{`job.yaml: line 7, column 3: spec.completions: Invalid value: "x": must be an integer`}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

func TestDocumentWithoutTextHasNoPosition(t *testing.T) {
	docs, err := conversion.DecodeAll("a.yaml", []byte("a: [\n"))
	require.NoError(t, err)
	require.Len(t, docs, 1)
	_, ok := docs[0].Position("a")
	require.False(t, ok)
	var zero conversion.Document
	_, ok = zero.Position("a")
	require.False(t, ok)
}

func TestPositionOfFindsDecodeErrors(t *testing.T) {
	in := []byte(strings.Replace(jobYAML, "restartPolicy: Never", "restartPolicy: Never\n      activeDeadlineSeconds: soon", 1))
	_, err := conversion.Decode(in)
	errs := field.AsErrorList(err)
	require.Len(t, errs, 1, "error: %v", err)
	got, ok := conversion.PositionOf(in, errs[0].Field)
	require.True(t, ok)
	want := conversion.Position{Line: 10, Column: 7, Path: "spec.template.spec.activeDeadlineSeconds"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("position (-want +got):\n%s", diff)
	}
	_, ok = conversion.PositionOf([]byte("a: ["), "a")
	require.False(t, ok)
}

// TestYAMLErrorsSayTheirLineInTheStream: a YAML error in a document of a
// stream names the stream's line, not the document's.
func TestYAMLErrorsSayTheirLineInTheStream(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a syntax error", jobYAML + "---\nkind: Job\nspec: [\n", "YAML: yaml: line 12: did not find expected node content"},
		{"a value JSON cannot hold", jobYAML + "---\nkind: Job\nspec: {x: .inf}\n", "YAML: yaml: line 12, column 11: the value .inf must be a number JSON can hold, not infinity or NaN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := conversion.DecodeAll("a.yaml", []byte(tt.in))
			require.NoError(t, err)
			require.Len(t, docs, 2)
			require.Error(t, docs[1].Err)
			if diff := cmp.Diff(tt.want, docs[1].Err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDecodeNamesDuplicateKeys: Decode refuses a key given twice, naming
// its path and place.
func TestDecodeNamesDuplicateKeys(t *testing.T) {
	in := strings.Replace(jobYAML, "kind: Job\n", "kind: Job\nkind: Job\n", 1) + "  parallelism: 1\n  parallelism: 2\n"
	_, err := conversion.Decode([]byte(in))
	require.Error(t, err)
	want := `conversion: YAML: a mapping must not give a key twice: duplicate field "kind" at line 3, column 1, duplicate field "spec.parallelism" at line 12, column 3`
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}
