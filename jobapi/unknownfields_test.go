package jobapi_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// unknownManifest has members jobkit does not model at many levels: the
// root, metadata, the spec, list items, a map of objects (a resource
// list's neighbour), a pod template, a volume source, an env source and
// the status.
const unknownManifest = `apiVersion: batch/v1
kind: Job
metadata: {name: pi, colour: blue, ownerReferences: [{apiVersion: v1, kind: X, name: x, uid: u, extra: 1}]}
zzz: last
aaa: first
spec:
  backofLimit: 3
  podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget, status: "True", since: 1}]}]}
  template:
    metadata: {labels: {app: pi}, bogus: 1}
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
        imagePullPolcy: Always
        env: [{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name, api: v1}}}]
        resources: {limits: {cpu: "1"}, extra: {}}
      volumes:
      - {name: v, emptyDir: {medium: Memory, speed: fast}}
status: {active: 1, mood: good}
`

var unknownPaths = []string{
	"aaa",
	"metadata.colour",
	"metadata.ownerReferences[0].extra",
	"spec.backofLimit",
	"spec.podFailurePolicy.rules[0].onPodConditions[0].since",
	"spec.template.metadata.bogus",
	"spec.template.spec.containers[0].env[0].valueFrom.fieldRef.api",
	"spec.template.spec.containers[0].imagePullPolcy",
	"spec.template.spec.containers[0].resources.extra",
	"spec.template.spec.volumes[0].emptyDir.speed",
	"status.mood",
	"zzz",
}

func TestUnknownFieldsFindsEveryLevelInPathOrder(t *testing.T) {
	job := decodeJob(t, unknownManifest)
	require.Equal(t, unknownPaths, jobapi.UnknownFields(job, ""))
	// The walker conversion's strict decoding uses names them alike.
	require.Equal(t, conversion.UnknownFields(job, ""), jobapi.UnknownFields(job, ""))
	// A value, not a pointer, works for reading too.
	require.Equal(t, unknownPaths, jobapi.UnknownFields(*job, ""))
	// A part of a Job, with the prefix of its place.
	require.Equal(t, []string{
		"spec.template.metadata.bogus",
		"spec.template.spec.containers[0].env[0].valueFrom.fieldRef.api",
		"spec.template.spec.containers[0].imagePullPolcy",
		"spec.template.spec.containers[0].resources.extra",
		"spec.template.spec.volumes[0].emptyDir.speed",
	}, jobapi.UnknownFields(&job.Spec.Template, "spec.template"))
	require.Empty(t, jobapi.UnknownFields(nil, ""))
	require.Empty(t, jobapi.UnknownFields(&core.PodTemplateSpec{}, ""))
}

func TestDropUnknownFieldsLeavesTheRestAlone(t *testing.T) {
	job := decodeJob(t, unknownManifest)
	want := decodeJob(t, unknownManifest)
	w := jobapi.DropUnknownFields(job)
	wantWarnings := make(meta.Warnings, len(unknownPaths))
	for i, p := range unknownPaths {
		wantWarnings[i] = meta.Warning{Message: fmt.Sprintf("unknown field %q", p)}
	}
	diffWarnings(t, wantWarnings, w)
	require.Empty(t, jobapi.UnknownFields(job, ""))
	// Everything but the unknown members is as decoded.
	if d := cmp.Diff(want, job, cmp.Transformer("noUnknown", func(u meta.Unknown) meta.Unknown { return nil })); d != "" {
		t.Errorf("DropUnknownFields changed modelled fields (-before +after):\n%s", d)
	}
	// Encoding writes none of them back.
	out, err := conversion.EncodeJSON(job, "batch/v1")
	require.NoError(t, err)
	again, err := conversion.DecodeWith(out, conversion.WithoutDefaults())
	require.NoError(t, err)
	require.Empty(t, jobapi.UnknownFields(again, ""))
}

func TestUnknownFieldMessageIsTheAPIServersWording(t *testing.T) {
	require.Equal(t, `unknown field "spec.template.spec.containers[0].imagePullPolcy"`, jobapi.UnknownFieldMessage("spec.template.spec.containers[0].imagePullPolcy"))
	require.Equal(t, `unknown field "spec.backofLimit"`, meta.Warning{Message: jobapi.UnknownFieldMessage("spec.backofLimit")}.String())
}

// BenchmarkUnknownFields measures the walk PrepareForCreate makes over
// every Job: a decoded kubectl-sized Job without unknown members (the
// common case) and one with twelve.
func BenchmarkUnknownFields(b *testing.B) {
	clean, err := conversion.Decode([]byte("apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:" + podSpec))
	if err != nil {
		b.Fatal(err)
	}
	dirty, err := conversion.Decode([]byte(unknownManifest))
	if err != nil {
		b.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		job  *jobapi.Job
	}{{"none", clean}, {"twelve", dirty}} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if n := len(jobapi.UnknownFields(tt.job, "")); n > 12 {
					b.Fatal(n)
				}
			}
		})
	}
}
