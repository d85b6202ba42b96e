package jobapi_test

// One test per use case of the selector-generation design. Each decodes a
// manifest as an API server would (conversion.Decode applies the version's
// defaults), runs create-time processing with a fixed uid and time, and
// compares the whole resulting Job with the expected one.

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

const (
	newUID  = "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11"
	oldUID  = "a8f1c0de-1111-4222-8333-944455556666"
	created = "2024-05-01T12:00:00Z"
)

var createdAt = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// podSpec is the pod spec of every manifest below, indented for
// `spec.template.spec`.
const podSpec = `
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
`

// defaultsV1 are the batch/v1 defaults of a Job that sets none of them,
// indented for `spec`.
const defaultsV1 = `
  backoffLimit: 6
  completionMode: NonIndexed
  completions: 1
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  suspend: false
`

// decodeJob decodes a manifest with its version's defaults, as an API
// server decodes a request.
func decodeJob(t *testing.T, manifest string) *jobapi.Job {
	t.Helper()
	job, err := conversion.Decode([]byte(manifest))
	require.NoError(t, err, "decoding the manifest")
	return job
}

// expectedJob decodes a manifest of the expected result exactly as
// written, without defaults, except that the pod spec `podSpec` gets the
// pod defaults decoding gives it (these tests are about labels and
// selectors; package conversion tests the pod defaults).
func expectedJob(t *testing.T, manifest string) *jobapi.Job {
	t.Helper()
	job, err := conversion.DecodeWith([]byte(manifest), conversion.WithoutDefaults())
	require.NoError(t, err, "decoding the expected Job")
	plain, err := conversion.DecodeWith([]byte("apiVersion: batch/v1\nkind: Job\nspec:\n  template:"+podSpec), conversion.WithoutDefaults())
	require.NoError(t, err)
	if cmp.Equal(plain.Spec.Template.Spec, job.Spec.Template.Spec) {
		job.Spec.Template.Spec = decodeJob(t, "apiVersion: batch/v1\nkind: Job\nspec:\n  template:"+podSpec).Spec.Template.Spec
	}
	return job
}

// createJob decodes manifest and runs create-time processing with the
// fixed uid and time (unless opts override them).
func createJob(t *testing.T, manifest string, opts ...jobapi.CreateOption) (*jobapi.Job, meta.Warnings) {
	t.Helper()
	job := decodeJob(t, manifest)
	all := append([]jobapi.CreateOption{jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt)}, opts...)
	w, err := jobapi.PrepareForCreate(job, all...)
	require.NoError(t, err)
	return job, w
}

func diffJob(t *testing.T, want, got *jobapi.Job) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("created Job (-want +got):\n%s", diff)
	}
}

func diffWarnings(t *testing.T, want, got meta.Warnings) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

// requireValid fails the test when job does not pass Validate.
func requireValid(t *testing.T, job *jobapi.Job, opts ...jobapi.ValidateOption) {
	t.Helper()
	if errs := mustValidate(t, job, opts...); len(errs) > 0 {
		t.Fatalf("Validate: %v", errs.ToAggregate())
	}
}

// typeAndField is what the tests compare field errors by.
type typeAndField struct {
	Type  field.ErrorType
	Field string
}

func typesAndFields(errs field.ErrorList) []typeAndField {
	var out []typeAndField
	for _, e := range errs {
		out = append(out, typeAndField{e.Type, e.Field})
	}
	return out
}

func mustSelector(t *testing.T, ls *selector.LabelSelector) selector.Selector {
	t.Helper()
	s, err := selector.FromLabelSelector(ls)
	require.NoError(t, err)
	return s
}

// requireSeparate fails when either Job selects the pods the other
// creates (pods carry their Job's template labels).
func requireSeparate(t *testing.T, a, b *jobapi.Job) {
	t.Helper()
	require.False(t, mustSelector(t, a.Spec.Selector).Matches(selector.Set(b.Spec.Template.ObjectMeta.Labels)),
		"Job %s selects the pods of Job %s", a.ObjectMeta.Name, b.ObjectMeta.Name)
	require.False(t, mustSelector(t, b.Spec.Selector).Matches(selector.Set(a.Spec.Template.ObjectMeta.Labels)),
		"Job %s selects the pods of Job %s", b.ObjectMeta.Name, a.ObjectMeta.Name)
}

// requireNotAliased fails when the Job's labels and its template's labels
// are the same map.
func requireNotAliased(t *testing.T, job *jobapi.Job) {
	t.Helper()
	if job.ObjectMeta.Labels == nil {
		return
	}
	job.ObjectMeta.Labels["probe-aliasing"] = "x"
	_, shared := job.Spec.Template.ObjectMeta.Labels["probe-aliasing"]
	delete(job.ObjectMeta.Labels, "probe-aliasing")
	require.False(t, shared, "metadata.labels and spec.template.metadata.labels are the same map")
}

// UC1: the user leaves every label and selector field blank; the system
// fills in a selector and the template's labels, and no two Jobs overlap.
// As in Kubernetes, a template without labels leaves the Job's own labels
// empty: batch/v1 defaulting has no template labels to point them at.
func TestUseCase1_BlankLabelsAndSelectorAreGenerated(t *testing.T) {
	const manifest = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:` + podSpec
	job, w := createJob(t, manifest)
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
spec:`+defaultsV1+`
  selector:
    matchLabels:
      controller-uid: `+newUID+`
  template:
    metadata:
      labels:
        controller-uid: `+newUID+`
        job-name: pi`+podSpec)
	diffJob(t, want, job)
	diffWarnings(t, nil, w)
	requireValid(t, job)
	requireNotAliased(t, job)

	// The same manifest created again (say, in another namespace, or
	// after the first was deleted) does not overlap the first.
	again, _ := createJob(t, manifest, jobapi.WithUID("5b0d6a57-3c1e-4f5e-8d2a-0c9b8a7f6e5d"))
	requireValid(t, again)
	requireSeparate(t, job, again)
}

// UC2: the user labels the pod template for their own purposes; the
// system adds its labels, and the Job itself gets them all, so that
// `kubectl get jobs -l job-name=pi` finds it.
func TestUseCase2_UserTemplateLabelsAreKeptAndExtended(t *testing.T) {
	job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels:
        app: pi
        tier: batch`+podSpec)
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    app: pi
    tier: batch
    controller-uid: `+newUID+`
    job-name: pi
spec:`+defaultsV1+`
  selector:
    matchLabels:
      controller-uid: `+newUID+`
  template:
    metadata:
      labels:
        app: pi
        tier: batch
        controller-uid: `+newUID+`
        job-name: pi`+podSpec)
	diffJob(t, want, job)
	diffWarnings(t, nil, w)
	requireValid(t, job)
	requireNotAliased(t, job)
	require.True(t, selector.MustParse("job-name=pi").Matches(selector.Set(job.ObjectMeta.Labels)),
		"`kubectl get jobs -l job-name=pi` must find the Job")

	t.Run("labels the user gave the Job are theirs", func(t *testing.T) {
		job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  labels:
    team: numerics
spec:
  template:
    metadata:
      labels:
        app: pi`+podSpec)
		diffWarnings(t, nil, w)
		if diff := cmp.Diff(map[string]string{"team": "numerics"}, job.ObjectMeta.Labels); diff != "" {
			t.Errorf("metadata.labels (-want +got):\n%s", diff)
		}
		requireValid(t, job)
	})
}

// UC3: a user who wants to reparent pods to a new Job sets
// manualSelector and an explicit selector; nothing is generated, and the
// selector adopts the old pods.
func TestUseCase3_ManualSelectorIsLeftAlone(t *testing.T) {
	job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: reparent
spec:
  manualSelector: true
  selector:
    matchLabels:
      app: batch-worker
      generation: "7"
  template:
    metadata:
      labels:
        app: batch-worker
        generation: "7"`+podSpec)
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: reparent
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    app: batch-worker
    generation: "7"
spec:`+defaultsV1+`
  manualSelector: true
  selector:
    matchLabels:
      app: batch-worker
      generation: "7"
  template:
    metadata:
      labels:
        app: batch-worker
        generation: "7"`+podSpec)
	diffJob(t, want, job)
	diffWarnings(t, nil, w)
	requireValid(t, job)
	oldPod := selector.Set{"app": "batch-worker", "generation": "7", jobapi.ControllerUIDLabel: oldUID, jobapi.JobNameLabel: "old"}
	require.True(t, mustSelector(t, job.Spec.Selector).Matches(oldPod), "the manual selector must adopt the old Job's pods")
}

// UC4: a controller that makes Jobs (like a scheduled job) labels them
// its own way, such as with the date of the run.
func TestUseCase4_ControllerLabelsJobsItsOwnWay(t *testing.T) {
	run := func(name, date string) string {
		return `apiVersion: batch/v1
kind: Job
metadata:
  name: ` + name + `
spec:
  template:
    metadata:
      labels:
        cron: nightly
        run-date: "` + date + `"` + podSpec
	}
	t.Run("automatic mode keeps the controller's labels and still separates the runs", func(t *testing.T) {
		first, w := createJob(t, run("nightly-20160102", "20160102-0300"))
		diffWarnings(t, nil, w)
		want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-20160102
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    cron: nightly
    run-date: "20160102-0300"
    controller-uid: `+newUID+`
    job-name: nightly-20160102
spec:`+defaultsV1+`
  selector:
    matchLabels:
      controller-uid: `+newUID+`
  template:
    metadata:
      labels:
        cron: nightly
        run-date: "20160102-0300"
        controller-uid: `+newUID+`
        job-name: nightly-20160102`+podSpec)
		diffJob(t, want, first)
		requireValid(t, first)
		second, _ := createJob(t, run("nightly-20160103", "20160103-0300"), jobapi.WithUID("5b0d6a57-3c1e-4f5e-8d2a-0c9b8a7f6e5d"))
		requireValid(t, second)
		requireSeparate(t, first, second)
		require.True(t, selector.MustParse("cron=nightly").Matches(selector.Set(second.ObjectMeta.Labels)),
			"the controller finds its Jobs by its own labels")
	})
	t.Run("manual mode selects on the controller's labels", func(t *testing.T) {
		job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: nightly-20160102
spec:
  manualSelector: true
  selector:
    matchLabels:
      cron: nightly
      run-date: "20160102-0300"
  template:
    metadata:
      labels:
        cron: nightly
        run-date: "20160102-0300"`+podSpec)
		diffWarnings(t, nil, w)
		require.Equal(t, selector.Set{"cron": "nightly", "run-date": "20160102-0300"}, selector.Set(job.Spec.Template.ObjectMeta.Labels))
		requireValid(t, job)
	})
}

// selectorRefusal is the one error a selector written without
// manualSelector gets.
var selectorRefusal = []typeAndField{{field.ErrorTypeInvalid, "spec.selector"}}

// requireSelectorRefused checks that job is refused with exactly the
// selector error, and that the message tells the user what to do.
func requireSelectorRefused(t *testing.T, job *jobapi.Job) {
	t.Helper()
	errs := mustValidate(t, job)
	if diff := cmp.Diff(selectorRefusal, typesAndFields(errs)[:min(1, len(errs))]); diff != "" {
		t.Fatalf("Validate (-want +got):\n%s\n%v", diff, errs.ToAggregate())
	}
	msg := errs[0].Error()
	for _, advice := range []string{"set `spec.manualSelector: true`", "remove `spec.selector`"} {
		require.Contains(t, msg, advice, "the error must tell the user what to do")
	}
}

// UC5: a v1beta1 Job definition whose apiVersion was changed to batch/v1
// still carries the selector v1beta1 examples wrote; batch/v1 does not let
// it through silently.
func TestUseCase5_V1beta1DefinitionWithNewGroupIsRefused(t *testing.T) {
	const body = `
kind: Job
metadata:
  name: pi
spec:
  selector:
    matchLabels:
      app: pi
  template:
    metadata:
      labels:
        app: pi` + podSpec
	job, w := createJob(t, "apiVersion: batch/v1"+body)
	diffWarnings(t, nil, w)
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    app: pi
    controller-uid: `+newUID+`
    job-name: pi
spec:`+defaultsV1+`
  selector:
    matchLabels:
      app: pi
      controller-uid: `+newUID+`
  template:
    metadata:
      labels:
        app: pi
        controller-uid: `+newUID+`
        job-name: pi`+podSpec)
	diffJob(t, want, job)
	requireSelectorRefused(t, job)

	t.Run("the same definition as extensions/v1beta1 keeps its manual selector", func(t *testing.T) {
		job, w := createJob(t, "apiVersion: extensions/v1beta1"+body)
		diffWarnings(t, nil, w)
		require.True(t, *job.Spec.ManualSelector)
		require.Equal(t, map[string]string{"app": "pi"}, job.Spec.Template.ObjectMeta.Labels)
		requireValid(t, job)
	})
}

// UC6: a user downloads an existing Job (`kubectl get job pi -o yaml`),
// renames it and posts it. The new Job must not overlap the old one: the
// copied uid, resourceVersion, status, selector and uniquifying labels
// are all replaced.
func TestUseCase6_DownloadedJobDoesNotOverlapTheOriginal(t *testing.T) {
	// What `kubectl get job pi -o yaml` prints on Kubernetes 1.27 or
	// later, with the name changed to pi-2.
	const downloaded = `apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: "2024-04-01T09:30:00Z"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: ` + oldUID + `
    batch.kubernetes.io/job-name: pi
    controller-uid: ` + oldUID + `
    job-name: pi
  name: pi-2
  namespace: default
  resourceVersion: "48213"
  uid: ` + oldUID + `
spec:
  backoffLimit: 4
  completionMode: NonIndexed
  completions: 1
  manualSelector: false
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: ` + oldUID + `
  suspend: false
  template:
    metadata:
      creationTimestamp: null
      labels:
        batch.kubernetes.io/controller-uid: ` + oldUID + `
        batch.kubernetes.io/job-name: pi
        controller-uid: ` + oldUID + `
        job-name: pi` + podSpec + `status:
  completionTime: "2024-04-01T09:31:02Z"
  conditions:
  - lastProbeTime: "2024-04-01T09:31:02Z"
    lastTransitionTime: "2024-04-01T09:31:02Z"
    status: "True"
    type: Complete
  ready: 0
  startTime: "2024-04-01T09:30:00Z"
  succeeded: 1
  terminating: 0
  uncountedTerminatedPods: {}
`
	old := decodeJob(t, strings.Replace(downloaded, "name: pi-2", "name: pi", 1))
	oldPods := []selector.Set{
		selector.Set(old.Spec.Template.ObjectMeta.Labels),
		{jobapi.ControllerUIDLabel: oldUID, jobapi.JobNameLabel: "pi"},           // created by Kubernetes before 1.27
		{jobapi.KubernetesControllerUIDLabel: oldUID, jobapi.JobNameLabel: "pi"}, // any mix of the keys
	}
	tests := []struct {
		name     string
		opts     []jobapi.CreateOption
		selector string // the generated selector's key
		want     string // the expected template labels, indented
		warnings meta.Warnings
	}{
		{
			name:     "seed label keys",
			selector: jobapi.ControllerUIDLabel,
			want: `
        batch.kubernetes.io/controller-uid: ` + newUID + `
        batch.kubernetes.io/job-name: pi-2
        controller-uid: ` + newUID + `
        job-name: pi-2`,
		},
		{
			name:     "kubernetes label keys",
			opts:     []jobapi.CreateOption{jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)},
			selector: jobapi.KubernetesControllerUIDLabel,
			want: `
        batch.kubernetes.io/controller-uid: ` + newUID + `
        batch.kubernetes.io/job-name: pi-2
        controller-uid: ` + newUID + `
        job-name: pi-2`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, w := createJob(t, downloaded, tt.opts...)
			labels := strings.ReplaceAll(tt.want, "\n        ", "\n    ")
			want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi-2
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:`+labels+`
spec:
  backoffLimit: 4
  completionMode: NonIndexed
  completions: 1
  manualSelector: false
  parallelism: 1
  podReplacementPolicy: TerminatingOrFailed
  selector:
    matchLabels:
      `+tt.selector+`: `+newUID+`
  suspend: false
  template:
    metadata:
      labels:`+tt.want+podSpec)
			diffJob(t, want, job)
			label := func(k string) string { return "spec.template.metadata.labels[" + k + "]" }
			jobLabel := func(k string) string { return "metadata.labels[" + k + "]" }
			gotFields := make([]string, len(w))
			for i := range w {
				gotFields[i] = w[i].Field
			}
			wantFields := []string{
				"metadata.uid", "metadata.resourceVersion",
				label(jobapi.KubernetesControllerUIDLabel), label(jobapi.KubernetesJobNameLabel),
				label(jobapi.ControllerUIDLabel), label(jobapi.JobNameLabel),
				"spec.selector",
				// The Job's own labels, copied with the manifest, are kept
				// (as Kubernetes keeps them) with the system keys repaired.
				jobLabel(jobapi.KubernetesControllerUIDLabel), jobLabel(jobapi.KubernetesJobNameLabel),
				jobLabel(jobapi.ControllerUIDLabel), jobLabel(jobapi.JobNameLabel),
			}
			if diff := cmp.Diff(wantFields, gotFields); diff != "" {
				t.Errorf("warnings by field (-want +got):\n%s\n%v", diff, w)
			}
			var vopts []jobapi.ValidateOption
			for _, o := range tt.opts {
				vopts = append(vopts, o.(jobapi.ValidateOption))
			}
			requireValid(t, job, vopts...)

			sel := mustSelector(t, job.Spec.Selector)
			for _, pod := range oldPods {
				require.False(t, sel.Matches(pod), "the new Job selects the old Job's pod %v", pod)
			}
			require.False(t, mustSelector(t, old.Spec.Selector).Matches(selector.Set(job.Spec.Template.ObjectMeta.Labels)),
				"the old Job selects the new Job's pods")
		})
	}
}

// UC7: a user downloads an existing Job, removes the selector (it is
// generated) but keeps the uniquifying labels in the pod template, and
// posts it again under the same name. Kubernetes answers with five
// errors; jobkit replaces the stale values, says so, and the Job neither
// fails nor behaves erratically.
func TestUseCase7_CopiedUniquifyingLabelsAreReplacedWithWarnings(t *testing.T) {
	const copied = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  labels:
    batch.kubernetes.io/controller-uid: ` + oldUID + `
    batch.kubernetes.io/job-name: pi
    controller-uid: ` + oldUID + `
    job-name: pi
spec:
  template:
    metadata:
      labels:
        batch.kubernetes.io/controller-uid: ` + oldUID + `
        batch.kubernetes.io/job-name: pi
        controller-uid: ` + oldUID + `
        job-name: pi` + podSpec
	job, w := createJob(t, copied, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: `+newUID+`
    batch.kubernetes.io/job-name: pi
    controller-uid: `+newUID+`
    job-name: pi
spec:`+defaultsV1+`  manualSelector: false
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: `+newUID+`
  template:
    metadata:
      labels:
        batch.kubernetes.io/controller-uid: `+newUID+`
        batch.kubernetes.io/job-name: pi
        controller-uid: `+newUID+`
        job-name: pi`+podSpec)
	diffJob(t, want, job)
	stale := `replaced "` + oldUID + `" with "` + newUID + `": the key is owned by the system and holds the Job's uid (the copied value would tie the Job to another Job's pods)`
	diffWarnings(t, meta.Warnings{
		{Field: "spec.template.metadata.labels[batch.kubernetes.io/controller-uid]", Message: stale},
		{Field: "spec.template.metadata.labels[controller-uid]", Message: stale},
		{Field: "metadata.labels[batch.kubernetes.io/controller-uid]", Message: stale},
		{Field: "metadata.labels[controller-uid]", Message: stale},
	}, w)
	requireValid(t, job, jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))
	requireNotAliased(t, job)
	oldPod := selector.Set{jobapi.KubernetesControllerUIDLabel: oldUID, jobapi.KubernetesJobNameLabel: "pi", jobapi.ControllerUIDLabel: oldUID, jobapi.JobNameLabel: "pi"}
	require.False(t, mustSelector(t, job.Spec.Selector).Matches(oldPod), "the new Job selects the old Job's pods")

	t.Run("Job labels of the user's own keep them and get the new values", func(t *testing.T) {
		job, w := createJob(t, strings.Replace(copied, "  labels:\n", "  labels:\n    team: numerics\n", 1))
		wantLabels := map[string]string{
			"team":                              "numerics",
			jobapi.KubernetesControllerUIDLabel: newUID, jobapi.KubernetesJobNameLabel: "pi",
			jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: "pi",
		}
		if diff := cmp.Diff(wantLabels, job.ObjectMeta.Labels); diff != "" {
			t.Errorf("metadata.labels (-want +got):\n%s", diff)
		}
		diffWarnings(t, meta.Warnings{
			{Field: "spec.template.metadata.labels[batch.kubernetes.io/controller-uid]", Message: stale},
			{Field: "spec.template.metadata.labels[controller-uid]", Message: stale},
			{Field: "metadata.labels[batch.kubernetes.io/controller-uid]", Message: stale},
			{Field: "metadata.labels[controller-uid]", Message: stale},
		}, w)
		requireValid(t, job)
	})
}

// UC8: a user who read about `spec.selector` in the API reference sets
// it without knowing the risks; it is refused until they opt in with
// manualSelector.
func TestUseCase8_SelectorWithoutManualSelectorIsRefused(t *testing.T) {
	tests := []struct {
		name     string
		manual   string
		selector string
	}{
		{"matchLabels, manualSelector unset", "", "{matchLabels: {app: pi}}"},
		{"matchExpressions, manualSelector false", "manualSelector: false", "{matchExpressions: [{key: app, operator: In, values: [pi]}]}"},
		{"a uid key plus another term is not a generated selector", "", "{matchLabels: {controller-uid: " + oldUID + ", app: pi}}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  `+tt.manual+`
  selector: `+tt.selector+`
  template:
    metadata:
      labels:
        app: pi`+podSpec)
			diffWarnings(t, nil, w)
			requireSelectorRefused(t, job)
		})
	}
	// Kubernetes accepts these: selector generation adds the uid term,
	// and the result selects the labels generation writes.
	for _, sel := range []string{"{}", "{matchLabels: {job-name: pi}}", "{matchExpressions: [{key: job-name, operator: Exists}]}"} {
		t.Run("accepted as Kubernetes accepts it: "+sel, func(t *testing.T) {
			job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  selector: `+sel+`
  template:
    metadata:
      labels:
        app: pi`+podSpec)
			diffWarnings(t, nil, w)
			require.Equal(t, newUID, job.Spec.Selector.MatchLabels[jobapi.ControllerUIDLabel], "the uid term is added")
			requireValid(t, job)
		})
	}
	t.Run("with manualSelector the same selector is accepted", func(t *testing.T) {
		job, _ := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  manualSelector: true
  selector: {matchExpressions: [{key: app, operator: In, values: [pi]}]}
  template:
    metadata:
      labels:
        app: pi`+podSpec)
		requireValid(t, job)
	})
}

// UC9 (deferred in the design): the user picks the name of the
// non-overlapping key, the `uniqueLabelKey` of the API conventions.
func TestUseCase9_UserChosenUniqueLabelKey(t *testing.T) {
	const key = "example.com/run-id"
	job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels:
        app: pi`+podSpec, jobapi.WithUniqueLabelKey(key))
	want := expectedJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  namespace: default
  uid: `+newUID+`
  creationTimestamp: "`+created+`"
  generation: 1
  labels:
    app: pi
    example.com/run-id: `+newUID+`
    job-name: pi
spec:`+defaultsV1+`
  selector:
    matchLabels:
      example.com/run-id: `+newUID+`
  template:
    metadata:
      labels:
        app: pi
        example.com/run-id: `+newUID+`
        job-name: pi`+podSpec)
	diffJob(t, want, job)
	diffWarnings(t, nil, w)
	requireValid(t, job, jobapi.WithUniqueLabelKey(key))
	require.NotEmpty(t, mustValidate(t, job), "without the option the Job does not carry the seed keys")

	t.Run("a copied value of the chosen key is replaced", func(t *testing.T) {
		job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  selector:
    matchLabels:
      example.com/run-id: `+oldUID+`
  template:
    metadata:
      labels:
        example.com/run-id: `+oldUID+podSpec, jobapi.WithUniqueLabelKey(key))
		require.Equal(t, map[string]string{key: newUID}, job.Spec.Selector.MatchLabels)
		require.Len(t, w, 2, "one warning for the label, one for the selector: %v", w)
		requireValid(t, job, jobapi.WithUniqueLabelKey(key))
	})

	bad := []struct {
		name string
		key  string
	}{
		{"not a label key", "Run ID"},
		{"a key that holds the name", jobapi.JobNameLabel},
	}
	for _, tt := range bad {
		t.Run("refused: "+tt.name, func(t *testing.T) {
			job := decodeJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:"+podSpec)
			before := job.DeepCopy()
			_, err := jobapi.PrepareForCreate(job, jobapi.WithUniqueLabelKey(tt.key))
			require.Error(t, err)
			diffJob(t, before, job)
			errs, err := jobapi.Validate(job, jobapi.WithUniqueLabelKey(tt.key))
			require.Error(t, err, "a bad option is misuse, not a field error")
			require.Nil(t, errs)
		})
	}
}

func TestPrepareForCreateSystemFields(t *testing.T) {
	t.Run("generateName gets five random characters", func(t *testing.T) {
		job := decodeJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: pi-}\nspec:\n  template:"+podSpec)
		_, err := jobapi.PrepareForCreate(job, jobapi.WithRandom(bytes.NewReader(bytes.Repeat([]byte{0, 1, 2, 3}, 16))))
		require.NoError(t, err)
		// The first 16 bytes make the uid; the next ones index the alphabet
		// "bcdfghjklmnpqrstvwxz2456789".
		require.Equal(t, "pi-bcdfb", job.ObjectMeta.Name)
		require.Equal(t, meta.UID("00010203-0001-4203-8001-020300010203"), job.ObjectMeta.UID)
		require.Equal(t, "pi-bcdfb", job.Spec.Template.ObjectMeta.Labels[jobapi.JobNameLabel])
		requireValid(t, job)
	})
	t.Run("a long generateName is cut to leave a DNS label", func(t *testing.T) {
		job := decodeJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: "+strings.Repeat("a", 70)+"}\nspec:\n  template:"+podSpec)
		_, err := jobapi.PrepareForCreate(job)
		require.NoError(t, err)
		require.Len(t, job.ObjectMeta.Name, 63)
		requireValid(t, job)
	})
	t.Run("a random uid is an RFC 4122 version 4 UUID", func(t *testing.T) {
		job := decodeJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:"+podSpec)
		_, err := jobapi.PrepareForCreate(job)
		require.NoError(t, err)
		require.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, string(job.ObjectMeta.UID))
		require.False(t, job.ObjectMeta.CreationTimestamp.IsZero())
	})
	t.Run("a name that is not a DNS label gets a warning", func(t *testing.T) {
		_, w := createJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi.v2}\nspec:\n  template:"+podSpec)
		require.Len(t, w, 1)
		require.Equal(t, "metadata.name", w[0].Field)
	})
	t.Run("deletion fields and selfLink are removed", func(t *testing.T) {
		job, w := createJob(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
  selfLink: /apis/batch/v1/namespaces/default/jobs/pi
  deletionTimestamp: "2024-04-01T09:30:00Z"
  deletionGracePeriodSeconds: 0
  annotations: {note: kept}
spec:
  template:`+podSpec)
		diffWarnings(t, nil, w)
		require.Nil(t, job.ObjectMeta.DeletionTimestamp)
		require.Nil(t, job.ObjectMeta.Unknown)
		require.Equal(t, map[string]string{"note": "kept"}, job.ObjectMeta.Annotations)
	})
	t.Run("labels shared with the template are copied in manual mode too", func(t *testing.T) {
		job := manualJob()
		job.ObjectMeta.Labels = job.Spec.Template.ObjectMeta.Labels
		w, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID))
		require.NoError(t, err)
		diffWarnings(t, nil, w)
		require.Equal(t, map[string]string{"app": "pi"}, job.ObjectMeta.Labels)
		requireNotAliased(t, job)
	})
	misuse := []struct {
		name string
		job  *jobapi.Job
		opts []jobapi.CreateOption
	}{
		{"nil Job", nil, nil},
		{"unknown label key policy", &jobapi.Job{}, []jobapi.CreateOption{jobapi.WithLabelKeys("k8s")}},
		{"nil random source", &jobapi.Job{}, []jobapi.CreateOption{jobapi.WithRandom(nil)}},
		{"failing random source", &jobapi.Job{}, []jobapi.CreateOption{jobapi.WithRandom(iotest.ErrReader(errors.New("no entropy")))}},
		{"random source too short for the name", &jobapi.Job{ObjectMeta: meta.ObjectMeta{GenerateName: "x-"}}, []jobapi.CreateOption{jobapi.WithRandom(bytes.NewReader(make([]byte, 20)))}},
	}
	for _, tt := range misuse {
		t.Run("misuse: "+tt.name, func(t *testing.T) {
			before := tt.job.DeepCopy()
			w, err := jobapi.PrepareForCreate(tt.job, tt.opts...)
			require.Error(t, err)
			require.Nil(t, w)
			diffJob(t, before, tt.job)
		})
	}
}

// TestJobLabelsAreKubernetesDefaultedOnes pins how the Job's own labels
// come out of create, as a v1.36 API server leaves them: batch/v1
// defaulting points empty Job labels at the template's label map, which
// selector generation then extends.
func TestJobLabelsAreKubernetesDefaultedOnes(t *testing.T) {
	const (
		withTemplateLabels = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    metadata:\n      labels: {app: pi}" + podSpec
		withOwnLabels      = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi, labels: {app: pi}}\nspec:\n  template:\n    metadata:\n      labels: {app: pi}" + podSpec
		withoutLabels      = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:" + podSpec
	)
	generated := map[string]string{"app": "pi", jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: "pi"}
	tests := []struct {
		name     string
		manifest string
		want     map[string]string
	}{
		{"empty Job labels get the template's, generated ones included", withTemplateLabels, generated},
		{"Job labels of the user's own, equal to the template's, are kept without the generated ones", withOwnLabels, map[string]string{"app": "pi"}},
		{"a template without labels leaves the Job's empty", withoutLabels, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, _ := createJob(t, tt.manifest)
			if diff := cmp.Diff(tt.want, job.ObjectMeta.Labels); diff != "" {
				t.Errorf("metadata.labels (-want +got):\n%s", diff)
			}
			requireNotAliased(t, job)
			requireValid(t, job)
		})
	}
	t.Run("a Job built in code with empty labels gets the template's", func(t *testing.T) {
		job := &jobapi.Job{ObjectMeta: meta.ObjectMeta{Name: "pi"}}
		job.Spec.Template.ObjectMeta.Labels = map[string]string{"app": "pi"}
		if _, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID)); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(generated, job.ObjectMeta.Labels); diff != "" {
			t.Errorf("metadata.labels (-want +got):\n%s", diff)
		}
	})
}

// TestLongNameIsReportedWhereKubernetesReportsIt: a name longer than 63
// bytes makes the generated job-name label values invalid. Like
// Kubernetes, the Job's own labels are reported only when they are the
// template's (the template had labels and the Job none).
func TestLongNameIsReportedWhereKubernetesReportsIt(t *testing.T) {
	name := strings.Repeat("long-name-", 7) + "x" // 71 bytes, a DNS subdomain
	tests := []struct {
		name     string
		manifest string
		want     []typeAndField
	}{
		{"template without labels", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: " + name + "}\nspec:\n  template:" + podSpec, []typeAndField{
			{field.ErrorTypeInvalid, "spec.template.labels"},
		}},
		{"template with labels, Job without", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: " + name + "}\nspec:\n  template:\n    metadata:\n      labels: {app: pi}" + podSpec, []typeAndField{
			{field.ErrorTypeInvalid, "metadata.labels"},
			{field.ErrorTypeInvalid, "spec.template.labels"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, _ := createJob(t, tt.manifest)
			errs := mustValidate(t, job)
			got := typesAndFields(errs)
			slices.SortFunc(got, func(a, b typeAndField) int { return strings.Compare(a.Field, b.Field) })
			got = slices.Compact(got)
			// metadata.name is a DNS subdomain: no error there.
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Validate (-want +got):\n%s\n%v", diff, errs.ToAggregate())
			}
		})
	}
}

// TestEmptyManualSelectorIsAcceptedWithAWarning: Kubernetes accepts an
// empty selector in manual mode, and real manifests use it; jobkit
// accepts it too and warns that it selects every pod in the namespace.
func TestEmptyManualSelectorIsAcceptedWithAWarning(t *testing.T) {
	job, w := createJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  manualSelector: true\n  selector: {}\n  template:\n    metadata:\n      labels: {app: pi}"+podSpec)
	requireValid(t, job)
	require.Len(t, w, 1)
	require.Equal(t, "spec.selector", w[0].Field)
	require.Contains(t, w[0].Message, "selects every pod in the namespace")
}

// TestValidateAcceptsWhatPrepareForCreateMakes: under either label key
// choice, the Job create-time processing makes from a plain manifest is
// valid under the same choice.
func TestValidateAcceptsWhatPrepareForCreateMakes(t *testing.T) {
	for _, keys := range []jobapi.LabelKeyPolicy{jobapi.SeedLabelKeys, jobapi.KubernetesLabelKeys} {
		t.Run(string(keys), func(t *testing.T) {
			job, _ := createJob(t, "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:"+podSpec, jobapi.WithLabelKeys(keys))
			requireValid(t, job, jobapi.WithLabelKeys(keys))
		})
	}
}

// TestOptionsAreCheckedAsMisuse: a bad option is an error of
// PrepareForCreate, not a field error.
func TestOptionsAreCheckedAsMisuse(t *testing.T) {
	for _, opt := range []jobapi.CreateOption{jobapi.WithLabelKeys("k8s"), jobapi.WithUniqueLabelKey("a b"), jobapi.WithRandom(nil)} {
		_, err := jobapi.PrepareForCreate(&jobapi.Job{}, opt)
		require.Error(t, err)
	}
}

// TestPrepareForCreateDoesWhatTheRequestDoes pins the part of create that
// comes from the request rather than the Job strategy: the namespace, as
// kubectl and the API server set it, and the members the API server does
// not know, dropped with its warning.
func TestPrepareForCreateDoesWhatTheRequestDoes(t *testing.T) {
	const withNamespace = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi, namespace: team-a}\nspec:\n  template:" + podSpec
	const noNamespace = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:" + podSpec
	namespaces := []struct {
		name     string
		manifest string
		opts     []jobapi.CreateOption
		want     string
	}{
		{"no namespace anywhere: default", noNamespace, nil, "default"},
		{"the request's namespace fills an empty one", noNamespace, []jobapi.CreateOption{jobapi.WithNamespace("team-b")}, "team-b"},
		{"the manifest's namespace is kept", withNamespace, nil, "team-a"},
		{"the same namespace in both", withNamespace, []jobapi.CreateOption{jobapi.WithNamespace("team-a")}, "team-a"},
		{"an empty WithNamespace is no WithNamespace", withNamespace, []jobapi.CreateOption{jobapi.WithNamespace("")}, "team-a"},
	}
	for _, tt := range namespaces {
		t.Run("namespace: "+tt.name, func(t *testing.T) {
			job, w := createJob(t, tt.manifest, tt.opts...)
			diffWarnings(t, nil, w)
			require.Equal(t, tt.want, job.ObjectMeta.Namespace)
		})
	}
	t.Run("namespace: a manifest that names another namespace is refused as kubectl refuses it", func(t *testing.T) {
		job := decodeJob(t, withNamespace)
		before := job.DeepCopy()
		w, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID), jobapi.WithNamespace("team-b"))
		require.Nil(t, w)
		var mismatch *jobapi.NamespaceMismatchError
		require.ErrorAs(t, err, &mismatch)
		require.Equal(t, jobapi.NamespaceMismatchError{Object: "team-a", Request: "team-b"}, *mismatch)
		require.EqualError(t, err, `the namespace from the provided object "team-a" does not match the namespace "team-b". You must pass '--namespace=team-a' to perform this operation.`)
		diffJob(t, before, job)
	})

	const unknown = `apiVersion: batch/v1
kind: Job
metadata: {name: pi, resourceVersion: "7", colour: blue}
spec:
  backofLimit: 3
  template:
    metadata: {labels: {app: pi}, bogus: 1}
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        imagePullPolcy: Always
        resources: {limits: {cpu: "1"}, extra: {}}
      restartPolicy: Never
      volumes:
      - name: v
        emptyDir: {}
        mystery: {a: b}
`
	// The unknown-field policy is the decoder's (conversion's
	// FieldValidation): under Warn it drops the members with
	// DropUnknownFields' warnings before PrepareForCreate runs; under
	// Ignore it keeps them, and PrepareForCreate, like the server's
	// strategy, drops them without a word.
	rvWarning := meta.Warning{Field: "metadata.resourceVersion", Message: `removed "7": a new object has no resourceVersion (was the manifest copied from an existing Job?)`}
	tests := []struct {
		name   string
		decode func(jobapi.UnknownFieldHolder) meta.Warnings // nil: the members are kept
		want   meta.Warnings                                 // the decoder's, then PrepareForCreate's
	}{
		{
			name: "kept by the decoder: PrepareForCreate drops them without a warning",
			want: meta.Warnings{rvWarning},
		},
		{
			name:   "dropped by DropUnknownFields with the API server's warning each, in path order",
			decode: jobapi.DropUnknownFields,
			want: meta.Warnings{
				{Message: `unknown field "metadata.colour"`},
				{Message: `unknown field "spec.backofLimit"`},
				{Message: `unknown field "spec.template.metadata.bogus"`},
				{Message: `unknown field "spec.template.spec.containers[0].imagePullPolcy"`},
				{Message: `unknown field "spec.template.spec.containers[0].resources.extra"`},
				{Message: `unknown field "spec.template.spec.volumes[0].mystery"`},
				rvWarning,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := decodeJob(t, unknown)
			require.Len(t, jobapi.UnknownFields(job, ""), 6)
			var w meta.Warnings
			if tt.decode != nil {
				w = tt.decode(job)
			}
			created, err := jobapi.PrepareForCreate(job, jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt))
			require.NoError(t, err)
			diffWarnings(t, tt.want, append(w, created...))
			require.Empty(t, jobapi.UnknownFields(job, ""))
			requireValid(t, job)
		})
	}
}

// TestPrepareForCreateManualSelectorFollowsTheLabelKeyPolicy pins
// `spec.manualSelector` after create: false, as Kubernetes' batch/v1
// defaults store it, under Kubernetes' label keys; as written under the
// seed's.
func TestPrepareForCreateManualSelectorFollowsTheLabelKeyPolicy(t *testing.T) {
	f, tr := false, true
	tests := []struct {
		name   string
		spec   string
		policy jobapi.LabelKeyPolicy
		want   *bool
	}{
		{"seed, unset: stays unset", "", jobapi.SeedLabelKeys, nil},
		{"seed, false: kept", "\n  manualSelector: false", jobapi.SeedLabelKeys, &f},
		{"kubernetes, unset: false", "", jobapi.KubernetesLabelKeys, &f},
		{"kubernetes, false: kept", "\n  manualSelector: false", jobapi.KubernetesLabelKeys, &f},
		{"kubernetes, true: kept", "\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}", jobapi.KubernetesLabelKeys, &tr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			manifest := "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:" + tt.spec + "\n  template:\n    metadata: {labels: {app: pi}}" + podSpec
			job, _ := createJob(t, manifest, jobapi.WithLabelKeys(tt.policy))
			require.Equal(t, tt.want, job.Spec.ManualSelector)
			requireValid(t, job, jobapi.WithLabelKeys(tt.policy))
		})
	}
}

// TestPrepareForCreateDropsDisabledTemplateFields checks that create drops
// what a v1.36 API server drops from a new Job's pod template because its
// feature gate is off by default: a container's lifecycle.stopSignal.
func TestPrepareForCreateDropsDisabledTemplateFields(t *testing.T) {
	job, _ := createJob(t, `apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34.0
        lifecycle:
          stopSignal: SIGTERM
          preStop: {exec: {command: [sh, -c, "sleep 1"]}}
`)
	lc := job.Spec.Template.Spec.Containers[0].Lifecycle
	require.NotNil(t, lc)
	require.Empty(t, lc.StopSignal)
	require.NotNil(t, lc.PreStop)
}

// TestUnknownFieldsNamesEveryLevel checks the paths of UnknownFields and
// DropUnknown on the hub types directly: list items, nested objects and
// the Job's own level.
func TestUnknownFieldsNamesEveryLevel(t *testing.T) {
	job := decodeJob(t, `apiVersion: batch/v1
kind: Job
metadata: {name: pi}
top: 1
spec:
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {operator: In, values: [1], odd: true}
  template:
    spec:
      restartPolicy: Never
      containers:
      - {name: a, image: x}
      - {name: b, image: x, ports: [{containerPort: 80, weird: 1}]}
status:
  gone: 1
`)
	want := []string{
		"spec.podFailurePolicy.rules[0].onExitCodes.odd",
		"spec.template.spec.containers[1].ports[0].weird",
		"status.gone",
		"top",
	}
	require.Equal(t, want, jobapi.UnknownFields(job, ""))
	require.Equal(t, []string{"x.top"}, jobapi.UnknownFields(&jobapi.Job{Unknown: meta.Unknown{"top": meta.RawJSON("1")}}, "x"))
	require.Equal(t, want, jobapi.DropUnknown(job, ""))
	require.Empty(t, jobapi.UnknownFields(job, ""))
	require.Nil(t, jobapi.DropUnknownFields(nil))
	require.Nil(t, jobapi.DropUnknownFields((*jobapi.Job)(nil)))
	require.Nil(t, jobapi.DropUnknownFields(job))
}

// TestWhatTheServerReturns pins the labels of the Job an API server
// returns for a create: the generic store's generate-name retry creates
// from a deep copy (k8s.io/apiserver's createWithGenerateNameRetry), and
// the answer is the Job read back from storage, decoded with batch/v1's
// defaults again (SetDefaults_Job's label copy), after validation.
func TestWhatTheServerReturns(t *testing.T) {
	const (
		withTemplateLabels = "apiVersion: batch/v1\nkind: Job\nmetadata: {NAME}\nspec:\n  template:\n    metadata:\n      labels: {app: pi}" + podSpec
		withoutLabels      = "apiVersion: batch/v1\nkind: Job\nmetadata: {NAME}\nspec:\n  template:" + podSpec
		manualWith         = "apiVersion: batch/v1\nkind: Job\nmetadata: {NAME}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n    metadata:\n      labels: {app: pi}" + podSpec
	)
	generated := func(name string) map[string]string {
		return map[string]string{jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: name}
	}
	withApp := generated("pi")
	withApp["app"] = "pi"
	tests := []struct {
		name       string
		manifest   string
		nameOrGen  string
		beforeRead map[string]string // metadata.labels after PrepareForCreate
		want       map[string]string // after ReadBack
	}{
		{"template labels shared: generated labels reach the Job", withTemplateLabels, "name: pi", withApp, withApp},
		{"no labels anywhere: the read back copies the generated ones", withoutLabels, "name: pi", nil, generated("pi")},
		{"generateName: the deep copy keeps the user's labels only", withTemplateLabels, "generateName: pi-", map[string]string{"app": "pi"}, map[string]string{"app": "pi"}},
		{"generateName, no labels anywhere: the read back copies the generated ones", withoutLabels, "generateName: pi-", nil, nil /* set below */},
		{"manual selector: the Job's labels are the template's", manualWith, "name: pi", map[string]string{"app": "pi"}, map[string]string{"app": "pi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, _ := createJob(t, strings.Replace(tt.manifest, "NAME", tt.nameOrGen, 1))
			if diff := cmp.Diff(tt.beforeRead, job.ObjectMeta.Labels); diff != "" {
				t.Errorf("metadata.labels after PrepareForCreate (-want +got):\n%s", diff)
			}
			want := tt.want
			if tt.want == nil {
				want = generated(job.ObjectMeta.Name)
			}
			if len(mustValidate(t, job)) > 0 {
				t.Fatalf("not valid: %v", mustValidate(t, job))
			}
			jobapi.ReadBack(job)
			if diff := cmp.Diff(want, job.ObjectMeta.Labels); diff != "" {
				t.Errorf("metadata.labels after ReadBack (-want +got):\n%s", diff)
			}
			requireNotAliased(t, job)
		})
	}
}

// TestReadBackEmptiesAsProtobuf: storage keeps built-in objects as
// protobuf, which has no empty lists, so a podFailurePolicy rule's
// `values: []` comes back null.
func TestReadBackEmptiesAsProtobuf(t *testing.T) {
	job := &jobapi.Job{}
	job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{{
		Action:      jobapi.PodFailurePolicyActionCount,
		OnExitCodes: &jobapi.PodFailurePolicyOnExitCodesRequirement{Operator: jobapi.PodFailurePolicyOnExitCodesOpNotIn, Values: []int32{}},
	}}}
	job.Spec.Template.ObjectMeta.Annotations = map[string]string{}
	jobapi.ReadBack(job)
	if v := job.Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values; v != nil {
		t.Errorf("values = %#v, want nil", v)
	}
	if a := job.Spec.Template.ObjectMeta.Annotations; a != nil {
		t.Errorf("annotations = %#v, want nil", a)
	}
	jobapi.ReadBack(nil) // no panic
}
