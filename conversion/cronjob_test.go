package conversion_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

const cronJobYAML = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  timeZone: Europe/Berlin
  jobTemplate:
    metadata:
      labels: {app: backup}
    spec:
      backoffLimit: 2
      template:
        spec:
          containers: [{name: backup, image: busybox}]
          restartPolicy: OnFailure
`

func randomV1CronJob(t testing.TB, seed uint64) *v1.CronJob {
	return randomWire(t, seed, func(c *v1.CronJob) {
		c.TypeMeta = meta.TypeMeta{Kind: v1.CronJobKind, APIVersion: v1.GroupVersion}
	})
}

// TestCronJobV1RoundTripIsIdentity: batch/v1 → hub → batch/v1 gives back
// every input exactly (every field filled at random, unknown members at
// every level), in memory and through JSON and YAML; the converters share
// no memory with their arguments.
func TestCronJobV1RoundTripIsIdentity(t *testing.T) {
	rt := roundTrip[v1.CronJob, jobapi.CronJob]{version: v1.GroupVersion, from: conversion.CronJobFromV1, to: conversion.CronJobToV1,
		encoders: []encoder[jobapi.CronJob]{{"JSON", conversion.EncodeCronJobJSON}, {"YAML", conversion.EncodeCronJob}},
		decode: func(data []byte) (*jobapi.CronJob, error) {
			return conversion.DecodeCronJob(data, conversion.WithoutDefaults())
		},
		throughText: []cmp.Option{jobtest.EquateJSONRoundTrip()}}
	for seed := uint64(0); seed < 100; seed++ {
		in := randomV1CronJob(t, seed)
		rt.check(t, seed, in, in)
	}
}

func TestCronJobConvertersOfNil(t *testing.T) {
	if conversion.CronJobFromV1(nil) != nil || conversion.CronJobToV1(nil) != nil {
		t.Error("the converters must map nil to nil")
	}
}

func TestDecodeCronJobAppliesBatchV1Defaults(t *testing.T) {
	got, err := conversion.DecodeCronJob([]byte(cronJobYAML))
	require.NoError(t, err)
	// The CronJob's own defaults and the pod template's; none of a Job's.
	want := &jobapi.CronJob{
		TypeMeta:   meta.TypeMeta{Kind: "CronJob", APIVersion: "batch/v1"},
		ObjectMeta: meta.ObjectMeta{Name: "nightly"},
		Spec: jobapi.CronJobSpec{
			Schedule:          "0 3 * * *",
			TimeZone:          ptr("Europe/Berlin"),
			ConcurrencyPolicy: jobapi.AllowConcurrent,
			Suspend:           ptr(false),
			JobTemplate: jobapi.JobTemplateSpec{
				ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "backup"}},
				Spec:       jobapi.JobSpec{BackoffLimit: ptr[int32](2)},
			},
			SuccessfulJobsHistoryLimit: ptr[int32](3),
			FailedJobsHistoryLimit:     ptr[int32](1),
		},
	}
	want.Spec.JobTemplate.Spec.Template = got.Spec.JobTemplate.Spec.Template // core's defaults, tested there
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got.Spec.JobTemplate.Spec.Template.Spec.DNSPolicy != "ClusterFirst" {
		t.Errorf("the pod template was not defaulted: dnsPolicy %q", got.Spec.JobTemplate.Spec.Template.Spec.DNSPolicy)
	}
	raw, err := conversion.DecodeCronJob([]byte(cronJobYAML), conversion.WithoutDefaults())
	require.NoError(t, err)
	if raw.Spec.ConcurrencyPolicy != "" || raw.Spec.JobTemplate.Spec.Template.Spec.DNSPolicy != "" {
		t.Errorf("WithoutDefaults applied defaults: %+v", raw.Spec)
	}
}

func TestDecodeCronJobErrors(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		opts      []conversion.Option
		wantField []string // the paths of the field errors, if any
		wantText  string   // a part of the error text
	}{
		{name: "a Job is not a CronJob", in: jobYAML, wantField: []string{"kind"}, wantText: `Unsupported value: "Job"`},
		{name: "another version", in: strings.Replace(cronJobYAML, "batch/v1", "batch/v1beta1", 1), wantField: []string{"apiVersion"}, wantText: `supported values: "batch/v1"`},
		{name: "no apiVersion or kind", in: "metadata: {name: a}\n", wantField: []string{"apiVersion", "kind"}},
		{name: "a wrong type names its path", in: strings.Replace(cronJobYAML, "backoffLimit: 2", "backoffLimit: two", 1),
			wantField: []string{"spec.jobTemplate.spec.backoffLimit"}},
		{name: "a bad quantity names its path", in: strings.Replace(cronJobYAML, "image: busybox}", "image: busybox, resources: {limits: {cpu: 1.5.0}}}", 1),
			wantField: []string{"spec.jobTemplate.spec.template.spec.containers[0].resources.limits[cpu]"}},
		{name: "strict: unknown fields everywhere", in: strings.Replace(strings.Replace(cronJobYAML, "  schedule:", "  concurrencyPolity: Forbid\n  schedule:", 1), "backoffLimit: 2", "backofLimit: 2", 1),
			opts:     []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationStrict)},
			wantText: `strict decoding error: unknown field "spec.concurrencyPolity", unknown field "spec.jobTemplate.spec.backofLimit"`},
		{name: "a duplicate key", in: cronJobYAML + "spec: {}\n", wantText: "duplicate"},
		{name: "two documents", in: cronJobYAML + "---\n" + cronJobYAML, wantText: "holds 2"},
		{name: "not an object", in: "[1]", wantText: "must be an object"},
		{name: "too large", in: cronJobYAML, opts: []conversion.Option{conversion.WithMaxBytes(10)}, wantText: "at most 10 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := conversion.DecodeCronJob([]byte(tt.in), tt.opts...)
			require.Error(t, err)
			if !strings.HasPrefix(err.Error(), "conversion: ") {
				t.Errorf("error %q does not start with %q", err, "conversion: ")
			}
			var got []string
			for _, e := range field.AsErrorList(err) {
				got = append(got, e.Field)
			}
			if diff := cmp.Diff(tt.wantField, got); diff != "" {
				t.Errorf("field errors (-want +got):\n%s\n%v", diff, err)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not contain %q", err, tt.wantText)
			}
		})
	}
}

func TestDecodeCronJobFieldValidation(t *testing.T) {
	in := []byte(strings.Replace(cronJobYAML, "  schedule:", "  concurrencyPolity: Forbid\n  schedule:", 1))
	kept, err := conversion.DecodeCronJob(in)
	require.NoError(t, err)
	if diff := cmp.Diff([]string{"spec.concurrencyPolity"}, jobapi.UnknownFields(kept, "")); diff != "" {
		t.Errorf("ignore keeps unknown fields (-want +got):\n%s", diff)
	}
	dropped, err := conversion.DecodeCronJob(in, conversion.WithFieldValidation(conversion.FieldValidationWarn))
	require.NoError(t, err)
	if got := jobapi.UnknownFields(dropped, ""); len(got) > 0 {
		t.Errorf("warn must drop unknown fields; kept %v", got)
	}
}

func TestEncodeCronJob(t *testing.T) {
	cj, err := conversion.DecodeCronJob([]byte(cronJobYAML), conversion.WithoutDefaults())
	require.NoError(t, err)
	before := cj.DeepCopy()
	out, err := conversion.EncodeCronJob(cj, "batch/v1")
	require.NoError(t, err)
	want := `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  jobTemplate:
    metadata:
      labels:
        app: backup
    spec:
      backoffLimit: 2
      template:
        metadata: {}
        spec:
          containers:
          - image: busybox
            name: backup
            resources: {}
          restartPolicy: OnFailure
  schedule: 0 3 * * *
  timeZone: Europe/Berlin
status: {}
`
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(before, cj); diff != "" {
		t.Errorf("EncodeCronJob changed its argument (-before +after):\n%s", diff)
	}
	if _, err := conversion.EncodeCronJob(cj, "batch/v1beta1"); err == nil || !strings.Contains(err.Error(), `supported values: "batch/v1"`) {
		t.Errorf("batch/v1beta1: error %v, want one naming batch/v1", err)
	}
	if _, err := conversion.EncodeCronJobJSON(nil, "batch/v1"); err == nil {
		t.Error("a nil CronJob must be an error")
	}
}

// FuzzDecodeCronJob: DecodeCronJob never panics, and a CronJob it accepts
// encodes to YAML that decodes to the same CronJob and encodes to the
// same bytes (allowing what JSON does not keep, as FuzzDecode does).
func FuzzDecodeCronJob(f *testing.F) {
	f.Add([]byte(cronJobYAML))
	f.Add([]byte(`{"apiVersion":"batch/v1","kind":"CronJob","spec":{"schedule":"@daily","jobTemplate":{"spec":{"completions":"x"}}}}`))
	f.Add([]byte(`{"apiVersion":"batch/v1","kind":"CronJob","status":{"active":[{"name":"a","x":1}],"lastScheduleTime":null}}`))
	f.Add([]byte("apiVersion: batch/v1\nkind: CronJob\nspec: {jobTemplate: {metadata: &m {labels: {a: b}}, spec: {template: {metadata: *m}}}}\n"))
	f.Add([]byte("apiVersion: batch/v1\nkind: CronJob\nspec: {timeZone: null, startingDeadlineSeconds: 1e3}\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 32<<10 {
			return
		}
		cj, err := conversion.DecodeCronJob(data)
		if err != nil {
			return
		}
		out, err := conversion.EncodeCronJob(cj, "batch/v1")
		if err != nil {
			t.Fatalf("EncodeCronJob of a decoded CronJob failed: %v", err)
		}
		again, err := conversion.DecodeCronJob(out)
		if err != nil {
			t.Fatalf("DecodeCronJob of EncodeCronJob output failed: %v\n%s", err, out)
		}
		if diff := cmp.Diff(cj, again, jobtest.EquateJSONRoundTrip(), cmp.FilterValues(bothSet, cmp.Comparer(yamlEqual)),
			cmp.FilterValues(eitherSet, cmp.Comparer(unknownYAMLEqual))); diff != "" {
			t.Fatalf("DecodeCronJob(EncodeCronJob(x)) differs from x (-x +again):\n%s\n%s", diff, out)
		}
		out2, err := conversion.EncodeCronJob(again, "batch/v1")
		if err != nil {
			t.Fatalf("EncodeCronJob of a read-back CronJob failed: %v", err)
		}
		if bytes.Equal(out, out2) {
			return
		}
		third, err := conversion.DecodeCronJob(out2)
		if err != nil {
			t.Fatalf("DecodeCronJob of EncodeCronJob output failed: %v\n%s", err, out2)
		}
		if out3, err := conversion.EncodeCronJob(third, "batch/v1"); err != nil || !bytes.Equal(out2, out3) {
			t.Fatalf("EncodeCronJob is not stable: %v\n%s\n---\n%s\n---\n%s", err, out, out2, out3)
		}
	})
}

func BenchmarkDecodeCronJob(b *testing.B) {
	data := []byte(cronJobYAML)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := conversion.DecodeCronJob(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeCronJobJSON(b *testing.B) {
	cj, err := conversion.DecodeCronJob([]byte(cronJobYAML))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := conversion.EncodeCronJobJSON(cj, "batch/v1"); err != nil {
			b.Fatal(err)
		}
	}
}
