package controller

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestFinishedTime(t *testing.T) {
	created := meta.Time{Time: t0}
	deleted := meta.Time{Time: t0.Add(time.Hour)}
	grace := func(s int64) *int64 { return &s }
	tests := []struct {
		name string
		pod  core.Pod
		want time.Time
	}{
		{
			name: "no signal: the creation time",
			pod:  core.Pod{ObjectMeta: meta.ObjectMeta{CreationTimestamp: created}},
			want: t0,
		},
		{
			name: "deleted without a grace period: the deletion timestamp",
			pod:  core.Pod{ObjectMeta: meta.ObjectMeta{CreationTimestamp: created, DeletionTimestamp: &deleted}},
			want: t0.Add(time.Hour),
		},
		{
			name: "deleted gracefully: the deletion timestamp less the grace period",
			pod: core.Pod{ObjectMeta: meta.ObjectMeta{
				CreationTimestamp: created, DeletionTimestamp: &deleted, DeletionGracePeriodSeconds: grace(30),
			}},
			want: t0.Add(time.Hour - 30*time.Second),
		},
		{
			name: "deleted with grace period 0",
			pod: core.Pod{ObjectMeta: meta.ObjectMeta{
				CreationTimestamp: created, DeletionTimestamp: &deleted, DeletionGracePeriodSeconds: grace(0),
			}},
			want: t0.Add(time.Hour),
		},
		{
			name: "a Ready=False condition comes before the deletion",
			pod: core.Pod{
				ObjectMeta: meta.ObjectMeta{CreationTimestamp: created, DeletionTimestamp: &deleted, DeletionGracePeriodSeconds: grace(30)},
				Status: core.PodStatus{Conditions: []core.PodCondition{{
					Type: core.PodReady, Status: core.ConditionFalse, LastTransitionTime: meta.Time{Time: t0.Add(time.Minute)},
				}}},
			},
			want: t0.Add(time.Minute),
		},
		{
			name: "terminated containers come first",
			pod: core.Pod{
				ObjectMeta: meta.ObjectMeta{CreationTimestamp: created, DeletionTimestamp: &deleted, DeletionGracePeriodSeconds: grace(30)},
				Status: core.PodStatus{ContainerStatuses: []core.ContainerStatus{{
					Name:  "main",
					State: core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: 1, FinishedAt: meta.Time{Time: t0.Add(2 * time.Minute)}}},
				}}},
			},
			want: t0.Add(2 * time.Minute),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, finishedTime(&tt.pod)); diff != "" {
				t.Errorf("finishedTime (-want +got):\n%s", diff)
			}
		})
	}
}
