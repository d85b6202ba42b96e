package controller

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// bigJob returns an Indexed Job with completions 100,000 and parallelism
// 10,000, half done, and its 10,000 pods: 9,000 running (ready), 500
// succeeded and 500 failed, not counted yet. One sync counts 500 of the
// finished pods (MaxUncountedPods) and removes their finalizers, and
// creates 500 pods (MaxPodCreateDeletePerSync).
func bigJob(tb testing.TB) (*jobapi.Job, []*core.Pod) {
	c := newCluster(tb, indexedJob(100000, 10000))
	c.job.Spec.BackoffLimit = ptr(int32(1000000))
	c.job.Status.CompletedIndexes = "0-49999"
	c.job.Status.Succeeded = 50000
	c.job.Status.StartTime = &meta.Time{Time: t0}
	pods := make([]*core.Pod, 0, 10000)
	for i := range 10000 {
		p := newPod(c.job, 50000+i, false, nil)
		p.ObjectMeta.Name = fmt.Sprintf("pi-%d-abcde", 50000+i)
		p.ObjectMeta.UID = meta.UID(fmt.Sprintf("uid-%d", i))
		p.ObjectMeta.CreationTimestamp = meta.Time{Time: t0}
		p.Spec.NodeName = "node"
		switch {
		case i < 500:
			setExit(p, 0, t0.Add(time.Minute))
		case i < 1000:
			setExit(p, 1, t0.Add(time.Minute))
		default:
			p.Status.Phase = core.PodRunning
			setUnknown(p, "conditions", []map[string]any{{"type": "Ready", "status": "True"}})
		}
		pods = append(pods, p)
	}
	return c.job, pods
}

func BenchmarkSync(b *testing.B) {
	job, pods := bigJob(b)
	now := t0.Add(2 * time.Minute)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		d := Sync(job, pods, now, Backoff{})
		if d.Status.Active != 9500 || len(d.Create) != MaxPodCreateDeletePerSync || len(d.RemoveFinalizer) != MaxUncountedPods {
			b.Fatalf("active %d, %d created, %d finalizers removed", d.Status.Active, len(d.Create), len(d.RemoveFinalizer))
		}
	}
}

// rebuildPods returns n pods of an Indexed Job with completions indexes:
// a third succeeded, a third failed, a third running, one in a hundred a
// duplicate of another running pod.
func rebuildPods(n, completions int) []*core.Pod {
	pods := make([]*core.Pod, n)
	phases := []core.PodPhase{core.PodSucceeded, core.PodFailed, core.PodRunning}
	for i := range pods {
		ix := i % completions
		if i%100 == 99 {
			ix = (i - 1) % completions // same index as the pod before
		}
		pods[i] = &core.Pod{
			ObjectMeta: meta.ObjectMeta{
				Name:        fmt.Sprintf("job-%d-x%d", ix, i),
				Annotations: map[string]string{jobapi.CompletionIndexAnnotation: strconv.Itoa(ix)},
			},
			Status: core.PodStatus{Phase: phases[i%3]},
		}
		if i%100 == 99 {
			pods[i].Status.Phase = pods[i-1].Status.Phase
		}
	}
	return pods
}

func BenchmarkRebuildScoreboard(b *testing.B) {
	const pods = 100_000
	for _, completions := range []int{pods, 1_000_000} {
		ps := rebuildPods(pods, completions)
		b.Run(fmt.Sprintf("pods=%d/n=%d", pods, completions), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, _ := RebuildScoreboard(completions, "", ps)
				_ = s
			}
		})
	}
}
