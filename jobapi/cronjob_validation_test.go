package jobapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// validCronJob returns a CronJob as batch/v1 defaulting and
// PrepareCronJobForCreate leave a valid one.
func validCronJob() *jobapi.CronJob {
	tmpl := core.PodTemplateSpec{Spec: core.PodSpec{
		RestartPolicy: core.RestartPolicyOnFailure,
		Containers:    []core.Container{{Name: "backup", Image: "busybox"}},
	}}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	return &jobapi.CronJob{
		ObjectMeta: meta.ObjectMeta{Name: "nightly", Namespace: "default", UID: "u-1", Generation: 1},
		Spec: jobapi.CronJobSpec{
			Schedule:                   "0 3 * * *",
			ConcurrencyPolicy:          jobapi.AllowConcurrent,
			Suspend:                    ptr(false),
			SuccessfulJobsHistoryLimit: ptr[int32](3),
			FailedJobsHistoryLimit:     ptr[int32](1),
			JobTemplate:                jobapi.JobTemplateSpec{Spec: jobapi.JobSpec{Template: tmpl}},
		},
	}
}

func TestValidateCronJob(t *testing.T) {
	schedule := field.NewPath("spec", "schedule")
	tz := field.NewPath("spec", "timeZone")
	tmplSpec := field.NewPath("spec", "jobTemplate", "spec")
	tests := []struct {
		name string
		edit func(cj *jobapi.CronJob)
		want field.ErrorList
	}{
		{name: "a defaulted CronJob is valid", edit: func(*jobapi.CronJob) {}},
		{name: "every descriptor and a time zone are valid", edit: func(cj *jobapi.CronJob) {
			cj.Spec.Schedule, cj.Spec.TimeZone = "@every 90m", ptr("America/Argentina/Buenos_Aires")
		}},
		{name: "a schedule is required", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "" },
			want: field.ErrorList{field.Required(schedule, "")}},
		{name: "a schedule that does not parse carries the parser's message", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "61 * * * *" },
			want: field.ErrorList{field.Invalid(schedule, "61 * * * *", "end of range (61) above maximum (59): 61")}},
		{name: "six fields", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "0 0 * * * *" },
			want: field.ErrorList{field.Invalid(schedule, "0 0 * * * *", "expected exactly 5 fields, found 6: [0 0 * * * *]")}},
		{name: "TZ in the schedule is refused, even when it parses", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "TZ=UTC 0 0 * * *" },
			want: field.ErrorList{field.Invalid(schedule, "TZ=UTC 0 0 * * *", "cannot use TZ or CRON_TZ in schedule, use timeZone field instead")}},
		{name: "a TZ that does not parse gives both errors", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "CRON_TZ=Mars/Olympus @daily" },
			want: field.ErrorList{
				field.Invalid(schedule, "CRON_TZ=Mars/Olympus @daily", "provided bad location Mars/Olympus: unknown time zone Mars/Olympus"),
				field.Invalid(schedule, "CRON_TZ=Mars/Olympus @daily", "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"),
			}},
		{name: "a negative starting deadline", edit: func(cj *jobapi.CronJob) { cj.Spec.StartingDeadlineSeconds = ptr[int64](-1) },
			want: field.ErrorList{field.Invalid(field.NewPath("spec", "startingDeadlineSeconds"), int64(-1), "must be greater than or equal to 0")}},
		{name: "an empty time zone", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("") },
			want: field.ErrorList{field.Invalid(tz, "", "timeZone must be nil or non-empty string")}},
		{name: "a time zone with a space", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Europe/Ber lin") },
			want: field.ErrorList{field.Invalid(tz, "Europe/Ber lin", "unknown time zone Europe/Ber lin")}},
		{name: "a time zone part longer than 14 characters", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Aaaaaaaaaaaaaaa/Berlin") },
			want: field.ErrorList{field.Invalid(tz, "Aaaaaaaaaaaaaaa/Berlin", "unknown time zone Aaaaaaaaaaaaaaa/Berlin")}},
		{name: "a time zone going up", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("../etc") },
			want: field.ErrorList{field.Invalid(tz, "../etc", "unknown time zone ../etc")}},
		{name: "a time zone part starting with '-'", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Europe/-Berlin") },
			want: field.ErrorList{field.Invalid(tz, "Europe/-Berlin", "unknown time zone Europe/-Berlin")}},
		{name: "Local is not an explicit zone", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Local") },
			want: field.ErrorList{field.Invalid(tz, "Local", "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones")}},
		{name: "local is neither explicit nor known", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("local") },
			want: field.ErrorList{
				field.Invalid(tz, "local", "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"),
				field.Invalid(tz, "local", "unknown time zone local"),
			}},
		{name: "a well-formed zone the database does not know", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Mars/Olympus") },
			want: field.ErrorList{field.Invalid(tz, "Mars/Olympus", "unknown time zone Mars/Olympus")}},
		{name: "a concurrency policy is required", edit: func(cj *jobapi.CronJob) { cj.Spec.ConcurrencyPolicy = "" },
			want: field.ErrorList{field.Required(field.NewPath("spec", "concurrencyPolicy"), "")}},
		{name: "an unknown concurrency policy", edit: func(cj *jobapi.CronJob) { cj.Spec.ConcurrencyPolicy = "forbid" },
			want: field.ErrorList{field.NotSupported(field.NewPath("spec", "concurrencyPolicy"), jobapi.ConcurrencyPolicy("forbid"),
				[]jobapi.ConcurrencyPolicy{jobapi.AllowConcurrent, jobapi.ForbidConcurrent, jobapi.ReplaceConcurrent})}},
		{name: "negative history limits", edit: func(cj *jobapi.CronJob) {
			cj.Spec.SuccessfulJobsHistoryLimit, cj.Spec.FailedJobsHistoryLimit = ptr[int32](-1), ptr[int32](-2)
		}, want: field.ErrorList{
			field.Invalid(field.NewPath("spec", "successfulJobsHistoryLimit"), int64(-1), "must be greater than or equal to 0"),
			field.Invalid(field.NewPath("spec", "failedJobsHistoryLimit"), int64(-2), "must be greater than or equal to 0"),
		}},
		{name: "the template may not choose its selector", edit: func(cj *jobapi.CronJob) {
			cj.Spec.JobTemplate.Spec.Selector = &selector.LabelSelector{MatchLabels: map[string]string{"a": "b"}}
			cj.Spec.JobTemplate.Spec.ManualSelector = ptr(true)
		}, want: field.ErrorList{
			field.Invalid(tmplSpec.Child("selector"), &selector.LabelSelector{MatchLabels: map[string]string{"a": "b"}}, "`selector` will be auto-generated"),
			field.NotSupported(tmplSpec.Child("manualSelector"), true, []string{"nil", "false"}),
		}},
		{name: "manualSelector false is fine", edit: func(cj *jobapi.CronJob) { cj.Spec.JobTemplate.Spec.ManualSelector = ptr(false) }},
		{name: "the template's spec is checked as a Job's, at its path", edit: func(cj *jobapi.CronJob) {
			cj.Spec.JobTemplate.Spec.Completions = ptr[int32](-1)
			cj.Spec.JobTemplate.Spec.Template.Spec.RestartPolicy = core.RestartPolicyAlways
		}, want: field.ErrorList{
			field.Invalid(tmplSpec.Child("completions"), int32(-1), "must be greater than or equal to 0"),
			field.Required(tmplSpec.Child("template", "spec", "restartPolicy"), "must be 'OnFailure' or 'Never' for the pods of a Job"),
		}},
		{name: "the template's metadata is not checked", edit: func(cj *jobapi.CronJob) {
			cj.Spec.JobTemplate.ObjectMeta.Labels = map[string]string{"bad key": "v"}
		}},
		{name: "a 52-character name is fine", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = strings.Repeat("c", 52) }},
		{name: "a 53-character name is too long for the Jobs' names", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = strings.Repeat("c", 53) },
			want: field.ErrorList{field.Invalid(field.NewPath("metadata", "name"), strings.Repeat("c", 53), "must be no more than 52 characters")}},
		{name: "the errors come in Kubernetes' order", edit: func(cj *jobapi.CronJob) {
			cj.ObjectMeta.Name = strings.Repeat("c", 53)
			cj.Spec.FailedJobsHistoryLimit = ptr[int32](-1)
			cj.Spec.Schedule = ""
		}, want: field.ErrorList{
			field.Required(schedule, ""),
			field.Invalid(field.NewPath("spec", "failedJobsHistoryLimit"), int64(-1), "must be greater than or equal to 0"),
			field.Invalid(field.NewPath("metadata", "name"), strings.Repeat("c", 53), "must be no more than 52 characters"),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cj := validCronJob()
			tt.edit(cj)
			got, err := jobapi.ValidateCronJob(cj)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateCronJobMetadata(t *testing.T) {
	cj := validCronJob()
	cj.ObjectMeta.Name = "Nightly"
	cj.ObjectMeta.Labels = map[string]string{"a": "bad value!"}
	got, err := jobapi.ValidateCronJob(cj)
	require.NoError(t, err)
	var paths []string
	for _, e := range got {
		paths = append(paths, string(e.Type)+" "+e.Field)
	}
	want := []string{"FieldValueInvalid metadata.name", "FieldValueInvalid metadata.labels"}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("the metadata is checked as any object's (-want +got):\n%s", diff)
	}
}

func TestValidateCronJobUpdate(t *testing.T) {
	schedule := field.NewPath("spec", "schedule")
	tests := []struct {
		name      string
		editOld   func(cj *jobapi.CronJob)
		edit      func(cj *jobapi.CronJob)
		want      field.ErrorList
		wantTypes []string // when set: only the types and paths are pinned
	}{
		{name: "an unchanged CronJob is valid", edit: func(*jobapi.CronJob) {}},
		{name: "the template may change in every respect", edit: func(cj *jobapi.CronJob) {
			cj.Spec.JobTemplate.Spec.Template.Spec.Containers[0].Image = "alpine"
			cj.Spec.JobTemplate.Spec.Completions = ptr[int32](4)
		}},
		{name: "a long name of an older CronJob may stay", editOld: func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = strings.Repeat("c", 60) },
			edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = strings.Repeat("c", 60) }},
		{name: "the name may not change", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Name = "other" },
			wantTypes: []string{"FieldValueInvalid metadata.name"}},
		{name: "TZ in a new schedule is refused", edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "TZ=UTC @daily" },
			want: field.ErrorList{field.Invalid(schedule, "TZ=UTC @daily", "cannot use TZ or CRON_TZ in schedule, use timeZone field instead")}},
		{name: "TZ the stored schedule had stays acceptable", editOld: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "TZ=UTC @daily" },
			edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "CRON_TZ=Europe/Berlin 0 9 * * *" }},
		{name: "but not together with a time zone", editOld: func(cj *jobapi.CronJob) { cj.Spec.Schedule = "TZ=UTC @daily" },
			edit: func(cj *jobapi.CronJob) { cj.Spec.Schedule, cj.Spec.TimeZone = "TZ=UTC @daily", ptr("UTC") },
			want: field.ErrorList{field.Invalid(schedule, "TZ=UTC @daily", "cannot use both timeZone field and TZ or CRON_TZ in schedule")}},
		{name: "an unchanged bad time zone is not checked again", editOld: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Mars/Olympus") },
			edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Mars/Olympus") }},
		{name: "a changed time zone is", edit: func(cj *jobapi.CronJob) { cj.Spec.TimeZone = ptr("Mars/Olympus") },
			want: field.ErrorList{field.Invalid(field.NewPath("spec", "timeZone"), "Mars/Olympus", "unknown time zone Mars/Olympus")}},
		{name: "invalid new labels", edit: func(cj *jobapi.CronJob) { cj.ObjectMeta.Labels = map[string]string{"bad key": "v"} },
			wantTypes: []string{"FieldValueInvalid metadata.labels"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := validCronJob()
			if tt.editOld != nil {
				tt.editOld(old)
			}
			cj := old.DeepCopy()
			tt.edit(cj)
			got, err := jobapi.ValidateCronJobUpdate(cj, old)
			require.NoError(t, err)
			if tt.wantTypes != nil {
				var types []string
				for _, e := range got {
					types = append(types, string(e.Type)+" "+e.Field)
				}
				if diff := cmp.Diff(tt.wantTypes, types); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateCronJobStatusUpdate(t *testing.T) {
	old := validCronJob()
	cj := old.DeepCopy()
	// Kubernetes checks nothing of a CronJob's status.
	cj.Status = jobapi.CronJobStatus{
		Active:           []core.ObjectReference{{Kind: "Job", Name: ""}},
		LastScheduleTime: ptr(meta.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))),
	}
	got, err := jobapi.ValidateCronJobStatusUpdate(cj, old)
	require.NoError(t, err)
	if len(got) > 0 {
		t.Errorf("a status is never refused; got %v", got)
	}
	cj.ObjectMeta.UID = "other"
	got, err = jobapi.ValidateCronJobStatusUpdate(cj, old)
	require.NoError(t, err)
	if diff := cmp.Diff(field.ErrorList{field.Invalid(field.NewPath("metadata", "uid"), "other", "may not be changed once the CronJob is created")}, got); diff != "" {
		t.Errorf("the metadata rules of every update apply (-want +got):\n%s", diff)
	}
}

func TestValidateCronJobMisuse(t *testing.T) {
	if _, err := jobapi.ValidateCronJob(nil); err == nil {
		t.Error("ValidateCronJob(nil): no error")
	}
	if _, err := jobapi.ValidateCronJobUpdate(validCronJob(), nil); err == nil {
		t.Error("ValidateCronJobUpdate with a nil old: no error")
	}
	if _, err := jobapi.ValidateCronJobStatusUpdate(nil, validCronJob()); err == nil {
		t.Error("ValidateCronJobStatusUpdate with a nil CronJob: no error")
	}
}

// FuzzValidateCronJob: any schedule and time zone are judged without a
// panic, the same way twice, and a schedule or zone refused is refused
// at its own path.
func FuzzValidateCronJob(f *testing.F) {
	for _, s := range []string{"0 3 * * *", "@every 1h", "TZ=UTC @daily", "TZ=", "61 * * * *", "*/0 * * * *", "", "\x00"} {
		f.Add(s, "Europe/Berlin")
	}
	for _, z := range []string{"", "Local", "../x", "a//b", "UTC+1", "Etc/GMT+15", "-x", "Aaaaaaaaaaaaaaa"} {
		f.Add("@daily", z)
	}
	f.Fuzz(func(t *testing.T, schedule, zone string) {
		cj := validCronJob()
		cj.Spec.Schedule, cj.Spec.TimeZone = schedule, &zone
		first, err := jobapi.ValidateCronJob(cj)
		if err != nil {
			t.Fatal(err)
		}
		second, _ := jobapi.ValidateCronJob(cj)
		if diff := cmp.Diff(first, second); diff != "" {
			t.Fatalf("two verdicts differ (-first +second):\n%s", diff)
		}
		for _, e := range first {
			if e.Field != "spec.schedule" && e.Field != "spec.timeZone" {
				t.Fatalf("an error outside the schedule and the zone: %v", e)
			}
		}
	})
}

func BenchmarkValidateCronJob(b *testing.B) {
	cj := validCronJob()
	cj.Spec.TimeZone = ptr("Europe/Berlin")
	b.ReportAllocs()
	for b.Loop() {
		if errs, _ := jobapi.ValidateCronJob(cj); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

func TestValidateCronJobSchedule(t *testing.T) {
	zone := func(z string) *string { return &z }
	tests := []struct {
		name     string
		schedule string
		timeZone *string
		want     []string
	}{
		{name: "a schedule and a zone", schedule: "*/15 9-17 * * MON-FRI", timeZone: zone("Europe/Berlin")},
		{name: "no zone", schedule: "@daily"},
		{name: "empty schedule", schedule: "", want: []string{"spec.schedule: Required value"}},
		{name: "unparseable", schedule: "61 * * * *", want: []string{`spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61`}},
		{name: "TZ in the schedule", schedule: "CRON_TZ=UTC @daily", want: []string{`spec.schedule: Invalid value: "CRON_TZ=UTC @daily": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`}},
		{name: "Local", schedule: "@daily", timeZone: zone("Local"), want: []string{`spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones`}},
		{name: "empty zone", schedule: "@daily", timeZone: zone(""), want: []string{`spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range jobapi.ValidateCronJobSchedule(tt.schedule, tt.timeZone) {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ValidateCronJobSchedule(%q) (-want +got):\n%s", tt.schedule, diff)
			}
		})
	}
}
