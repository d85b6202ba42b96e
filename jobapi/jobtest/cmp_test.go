package jobtest_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

func TestIgnoreServerFields(t *testing.T) {
	s := newStore()
	job := mustCreate(t, s.Jobs("ns"), jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.Indexed(2)))
	tests := []struct {
		name      string
		want, got any
		wantEqual bool
	}{
		{"a created Job equals its fixture",
			jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.Indexed(2)), job, true},
		{"with the Kubernetes label keys too",
			jobtest.Job("pi", jobtest.Namespace("ns")),
			mustCreate(t, jobtest.NewStore(jobtest.WithJobOptions(jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys))).Jobs("ns"), jobtest.Job("pi")),
			true},
		{"a created Pod equals a fixture with only a generateName",
			jobtest.Pod("", jobtest.GenerateName("pi-0-"), jobtest.Namespace("ns"), jobtest.Phase(core.PodPending)),
			mustCreate(t, s.Pods("ns"), jobtest.Pod("", jobtest.GenerateName("pi-0-"))), true},
		{"the uid of an owner reference is ignored, its name is not",
			jobtest.Pod("p", jobtest.OwnedBy(jobtest.Job("pi", jobtest.UID("a")))),
			jobtest.Pod("p", jobtest.OwnedBy(jobtest.Job("pi", jobtest.UID("b")))), true},
		{"an owner of another name differs",
			jobtest.Pod("p", jobtest.OwnedBy(jobtest.Job("pi", jobtest.UID("a")))),
			jobtest.Pod("p", jobtest.OwnedBy(jobtest.Job("e", jobtest.UID("a")))), false},
		{"a spec difference is reported",
			jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.Indexed(3)), job, false},
		{"a user label is compared",
			jobtest.Job("pi", jobtest.Namespace("ns"), jobtest.Indexed(2), jobtest.Labels(map[string]string{"app": "pi"})), job, false},
		{"a chosen selector is compared",
			jobtest.Job("pi", jobtest.ManualSelector(&selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}})),
			jobtest.Job("pi"), false},
		{"a name that generateName could not have made is compared",
			jobtest.Pod("", jobtest.GenerateName("pi-")),
			jobtest.Pod("", jobtest.GenerateName("pi-"), jobtest.PodFunc(func(p *core.Pod) { p.ObjectMeta.Name = "pi-aaaaa" })), false},
		{"the status is compared",
			jobtest.Pod("p", jobtest.Phase(core.PodRunning)), jobtest.Pod("p", jobtest.Phase(core.PodPending)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cmp.Equal(tt.want, tt.got, jobtest.IgnoreServerFields()); got != tt.wantEqual {
				t.Errorf("Equal = %v, want %v; diff (-want +got):\n%s", got, tt.wantEqual, cmp.Diff(tt.want, tt.got, jobtest.IgnoreServerFields()))
			}
		})
	}
}

// fieldsV1 returns metadata with one managedFields entry whose fieldsV1
// points to raw (a string) or is nil.
func fieldsV1(raw any) meta.ObjectMeta {
	e := meta.ManagedFieldsEntry{Operation: "Apply"}
	if s, ok := raw.(string); ok {
		r := meta.RawJSON(s)
		e.FieldsV1 = &r
	}
	return meta.ObjectMeta{ManagedFields: []meta.ManagedFieldsEntry{e}}
}

func TestEquateJSONRoundTrip(t *testing.T) {
	zero, set := meta.Time{}, meta.NewTime(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC))
	withDeletion := func(tm *meta.Time) *jobapi.Job {
		return jobtest.Job("pi", jobtest.MetaOption(func(m *meta.ObjectMeta) { m.DeletionTimestamp = tm }))
	}
	tests := []struct {
		name      string
		a, b      any
		wantEqual bool
	}{
		{"a pointer to the zero time equals nil", withDeletion(&zero), withDeletion(nil), true},
		{"a pointer to a set time does not equal nil", withDeletion(&set), withDeletion(nil), false},
		{"a pointer to the zero time does not equal one to a set time", withDeletion(&zero), withDeletion(&set), false},
		{"an empty list equals nil", core.PodSpec{Volumes: []core.Volume{}}, core.PodSpec{}, true},
		{"an empty map equals nil", meta.ObjectMeta{Labels: map[string]string{}}, meta.ObjectMeta{}, true},
		{"a list with an item does not equal nil", core.PodSpec{Volumes: []core.Volume{{Name: "v"}}}, core.PodSpec{}, false},
		{"a pointer to empty JSON equals nil", fieldsV1(""), fieldsV1(nil), true},
		{"a pointer to null equals nil", fieldsV1("null"), fieldsV1(nil), true},
		{"a pointer to JSON does not equal nil", fieldsV1("{}"), fieldsV1(nil), false},
		{"pointers to different JSON differ", fieldsV1(`{"f:a":{}}`), fieldsV1("{}"), false},
		{"other fields are compared", withDeletion(nil), jobtest.Job("e"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cmp.Equal(tt.a, tt.b, jobtest.EquateJSONRoundTrip()); got != tt.wantEqual {
				t.Errorf("Equal = %v, want %v; diff:\n%s", got, tt.wantEqual, cmp.Diff(tt.a, tt.b, jobtest.EquateJSONRoundTrip()))
			}
		})
	}
}
