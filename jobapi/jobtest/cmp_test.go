package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/jobtest"
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
			jobtest.Pod("", jobtest.GenerateName("pi-0-"), jobtest.Namespace("ns"), jobtest.Phase(jobapi.PodPending)),
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
			jobtest.Pod("", jobtest.GenerateName("pi-"), jobtest.PodFunc(func(p *jobapi.Pod) { p.ObjectMeta.Name = "pi-aaaaa" })), false},
		{"the status is compared",
			jobtest.Pod("p", jobtest.Phase(jobapi.PodRunning)), jobtest.Pod("p", jobtest.Phase(jobapi.PodPending)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cmp.Equal(tt.want, tt.got, jobtest.IgnoreServerFields()); got != tt.wantEqual {
				t.Errorf("Equal = %v, want %v; diff (-want +got):\n%s", got, tt.wantEqual, cmp.Diff(tt.want, tt.got, jobtest.IgnoreServerFields()))
			}
		})
	}
}
