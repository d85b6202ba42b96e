package jobapi_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

const cronJobManifest = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: backup, image: busybox}]
          restartPolicy: OnFailure
`

// decodeCronJob decodes a manifest with batch/v1's defaults, keeping
// unknown fields for PrepareCronJobForCreate to report.
func decodeCronJob(t *testing.T, manifest string) *jobapi.CronJob {
	t.Helper()
	cj, err := conversion.DecodeCronJob([]byte(manifest))
	require.NoError(t, err, "decoding the manifest")
	return cj
}

func TestPrepareCronJobForCreate(t *testing.T) {
	nameWarning := meta.Warning{Field: "metadata.name", Message: "is used in the names of the CronJob's Jobs and of their pods, and in the pods' hostnames, which must be DNS labels; a DNS label (at most 63 lower-case letters, digits and '-') is recommended"}
	indexedWarning := meta.Warning{Field: "spec.jobTemplate.spec", Message: "In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail"}
	tests := []struct {
		name     string
		manifest string
		opts     []jobapi.CreateOption
		// want edits the CronJob expected from the plain manifest.
		want         func(cj *jobapi.CronJob)
		wantWarnings meta.Warnings
	}{
		{
			name:     "the system fields are set and the namespace defaults",
			manifest: cronJobManifest,
			want:     func(*jobapi.CronJob) {},
		},
		{
			name:     "the request's namespace",
			manifest: cronJobManifest,
			opts:     []jobapi.CreateOption{jobapi.WithNamespace("team-a")},
			want:     func(cj *jobapi.CronJob) { cj.ObjectMeta.Namespace = "team-a" },
		},
		{
			name:     "unknown fields the decoder kept are dropped without a warning",
			manifest: strings.Replace(strings.Replace(cronJobManifest, "  schedule:", "  concurrencyPolity: Forbid\n  schedule:", 1), "restartPolicy: OnFailure", "restartPolicy: OnFailure\n          hostnme: x", 1),
			want:     func(*jobapi.CronJob) {},
		},
		{
			name:     "a copied uid and resourceVersion and a status are replaced",
			manifest: strings.Replace(cronJobManifest, "  name: nightly", "  name: nightly\n  uid: old\n  resourceVersion: \"7\"\n  generation: 4", 1) + "status:\n  lastScheduleTime: \"2026-01-01T00:00:00Z\"\n",
			want:     func(*jobapi.CronJob) {},
			wantWarnings: meta.Warnings{
				{Field: "metadata.uid", Message: `replaced "old" with the new CronJob's uid "` + newUID + `": every object gets its own uid when it is created`},
				{Field: "metadata.resourceVersion", Message: `removed "7": a new object has no resourceVersion (was the manifest copied from an existing CronJob?)`},
			},
		},
		{
			name:     "a name from generateName",
			manifest: strings.Replace(cronJobManifest, "name: nightly", "generateName: nightly-", 1),
			opts:     []jobapi.CreateOption{jobapi.WithRandom(bytes.NewReader(bytes.Repeat([]byte{0, 1, 2, 3, 4}, 20)))},
			want: func(cj *jobapi.CronJob) {
				cj.ObjectMeta.GenerateName = "nightly-"
				cj.ObjectMeta.Name = "nightly-bcdfg"
			},
		},
		{
			name:         "a name that is not a DNS label is warned about",
			manifest:     strings.Replace(cronJobManifest, "name: nightly", "name: nightly.db", 1),
			want:         func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = "nightly.db" },
			wantWarnings: meta.Warnings{nameWarning},
		},
		{
			name:     "an Indexed template beyond the tracking limits is warned about",
			manifest: strings.Replace(cronJobManifest, "    spec:\n      template:", "    spec:\n      completionMode: Indexed\n      completions: 100001\n      parallelism: 10001\n      template:", 1),
			want: func(cj *jobapi.CronJob) {
				s := &cj.Spec.JobTemplate.Spec
				s.CompletionMode, s.Completions, s.Parallelism = ptr(jobapi.IndexedCompletion), ptr[int32](100001), ptr[int32](10001)
			},
			wantWarnings: meta.Warnings{indexedWarning},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cj := decodeCronJob(t, tt.manifest)
			opts := append([]jobapi.CreateOption{jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt)}, tt.opts...)
			w, err := jobapi.PrepareCronJobForCreate(cj, opts...)
			require.NoError(t, err)
			want := decodeCronJob(t, cronJobManifest)
			want.ObjectMeta.Namespace = jobapi.DefaultNamespace
			want.ObjectMeta.UID = newUID
			want.ObjectMeta.CreationTimestamp = meta.NewTime(createdAt)
			want.ObjectMeta.Generation = 1
			tt.want(want)
			if diff := cmp.Diff(want, cj); diff != "" {
				t.Errorf("CronJob (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantWarnings, w); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			errs, err := jobapi.ValidateCronJob(cj)
			require.NoError(t, err)
			if len(errs) > 0 {
				t.Errorf("the prepared CronJob is invalid: %v", errs)
			}
		})
	}
}

func TestPrepareCronJobForCreateDefaultsAGoTemplate(t *testing.T) {
	cj := &jobapi.CronJob{ObjectMeta: meta.ObjectMeta{Name: "n"}, Spec: jobapi.CronJobSpec{
		JobTemplate: jobapi.JobTemplateSpec{Spec: jobapi.JobSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
			Containers: []core.Container{{Name: "c", Image: "i"}},
		}}}},
	}}
	_, err := jobapi.PrepareCronJobForCreate(cj, jobapi.WithUID(newUID))
	require.NoError(t, err)
	if got := cj.Spec.JobTemplate.Spec.Template.Spec.DNSPolicy; got != core.DNSClusterFirst {
		t.Errorf("dnsPolicy %q, want the core default", got)
	}
	if cj.Spec.ConcurrencyPolicy != "" {
		t.Errorf("the CronJob's own defaults are batch/v1's, not create's: concurrencyPolicy %q", cj.Spec.ConcurrencyPolicy)
	}
}

func TestPrepareCronJobForCreateMisuse(t *testing.T) {
	tests := []struct {
		name string
		cj   *jobapi.CronJob
		opts []jobapi.CreateOption
	}{
		{"nil CronJob", nil, nil},
		{"nil random source", &jobapi.CronJob{}, []jobapi.CreateOption{jobapi.WithRandom(nil)}},
		{"failing random source", &jobapi.CronJob{}, []jobapi.CreateOption{jobapi.WithRandom(iotest.ErrReader(errors.New("no entropy")))}},
		{"random source too short for the name", &jobapi.CronJob{ObjectMeta: meta.ObjectMeta{GenerateName: "x-"}}, []jobapi.CreateOption{jobapi.WithUID(newUID), jobapi.WithRandom(bytes.NewReader(make([]byte, 2)))}},
		{"another namespace than the request's", &jobapi.CronJob{ObjectMeta: meta.ObjectMeta{Namespace: "a"}}, []jobapi.CreateOption{jobapi.WithNamespace("b")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.cj.DeepCopy()
			if _, err := jobapi.PrepareCronJobForCreate(tt.cj, tt.opts...); err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(before, tt.cj); diff != "" {
				t.Errorf("a refused CronJob changed (-before +after):\n%s", diff)
			}
		})
	}
}

func TestReadBackCronJob(t *testing.T) {
	cj := validCronJob()
	cj.ObjectMeta.Labels = map[string]string{}
	cj.Spec.JobTemplate.Spec.Template.Spec.Volumes = []core.Volume{}
	jobapi.ReadBackCronJob(cj)
	want := validCronJob()
	if diff := cmp.Diff(want, cj); diff != "" {
		t.Errorf("empty lists and maps come back nil (-want +got):\n%s", diff)
	}
	jobapi.ReadBackCronJob(nil) // no panic
}

func TestPrepareCronJobForUpdate(t *testing.T) {
	tzWarning := meta.Warning{Message: "cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details"}
	lastRun := meta.NewTime(time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC))
	tests := []struct {
		name           string
		edit           func(cj *jobapi.CronJob)
		wantGeneration int64
		wantWarnings   meta.Warnings
	}{
		{name: "no change keeps the generation", edit: func(*jobapi.CronJob) {}, wantGeneration: 1},
		{name: "a metadata change keeps the generation", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Labels = map[string]string{"a": "b"} }, wantGeneration: 1},
		{name: "an empty list equals a missing one", edit: func(cj *jobapi.CronJob) { cj.Spec.JobTemplate.Spec.Template.Spec.Volumes = []core.Volume{} }, wantGeneration: 1},
		{name: "a spec change bumps it", edit: func(cj *jobapi.CronJob) { cj.Spec.Suspend = ptr(true) }, wantGeneration: 2},
		{name: "the generation written is ignored", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Generation = 9 }, wantGeneration: 1},
		{name: "a schedule with TZ is warned about", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "TZ=UTC 0 3 * * *" },
			wantGeneration: 2, wantWarnings: meta.Warnings{tzWarning}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := validCronJob()
			old.ObjectMeta.CreationTimestamp = meta.NewTime(createdAt)
			old.Status.LastScheduleTime = &lastRun
			cj := old.DeepCopy()
			cj.Status = jobapi.CronJobStatus{}
			cj.ObjectMeta.UID = ""
			cj.ObjectMeta.CreationTimestamp = meta.Time{}
			tt.edit(cj)
			before := old.DeepCopy()
			w := jobapi.PrepareCronJobForUpdate(cj, old)
			if diff := cmp.Diff(tt.wantWarnings, w); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if cj.ObjectMeta.Generation != tt.wantGeneration {
				t.Errorf("generation %d, want %d", cj.ObjectMeta.Generation, tt.wantGeneration)
			}
			if diff := cmp.Diff(old.Status, cj.Status); diff != "" {
				t.Errorf("the status is the stored one (-want +got):\n%s", diff)
			}
			if cj.ObjectMeta.UID != old.ObjectMeta.UID || !cj.ObjectMeta.CreationTimestamp.Equal(old.ObjectMeta.CreationTimestamp) {
				t.Errorf("uid %q and creation time %v are not the stored ones", cj.ObjectMeta.UID, cj.ObjectMeta.CreationTimestamp)
			}
			if diff := cmp.Diff(before, old); diff != "" {
				t.Errorf("old changed (-before +after):\n%s", diff)
			}
		})
	}
}

func TestPrepareCronJobForStatusUpdate(t *testing.T) {
	old := validCronJob()
	cj := old.DeepCopy()
	cj.Spec.Schedule = "@hourly"
	cj.ObjectMeta.Generation = 7
	now := meta.NewTime(time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC))
	cj.Status.LastSuccessfulTime = &now
	jobapi.PrepareCronJobForStatusUpdate(cj, old)
	want := old.DeepCopy()
	want.Status.LastSuccessfulTime = &now
	if diff := cmp.Diff(want, cj); diff != "" {
		t.Errorf("only the status is the writer's (-want +got):\n%s", diff)
	}
}
