package jobcontroller

import (
	"context"
	"fmt"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// BenchmarkSyncJob measures one sync of a Job whose status is up to date
// (no write): the read of the Job and its pods from the informer's
// cache, jobkit's Sync over them (the pods' conversions kept by the
// controller's PodCache) and the decision that nothing is to be done.
func BenchmarkSyncJob(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			size := int32(n)
			job := testJob(func(j *batchv1.Job) { j.Spec.Parallelism, j.Spec.Completions = &size, &size })
			objs := []runtime.Object{job}
			for i := range n {
				objs = append(objs, testPod(fmt.Sprintf("pi-%d", i), func(p *corev1.Pod) {
					p.Status.Phase = corev1.PodRunning
					p.ResourceVersion = fmt.Sprint(100 + i)
				}))
			}
			cs := newFake(objs...)
			c := newTestController(b, cs, objs, ManageUnmanaged())
			ctx := context.Background()
			// The first sync writes the status; the cache then holds it.
			if _, err := c.syncJob(ctx, "ns/pi"); err != nil {
				b.Fatal(err)
			}
			stored, err := cs.BatchV1().Jobs("ns").Get(ctx, "pi", metav1.GetOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := c.jobInformer.GetIndexer().Update(stored); err != nil {
				b.Fatal(err)
			}
			before := len(cs.Actions())
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := c.syncJob(ctx, "ns/pi"); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if got := requests(cs, before); len(got) != 0 {
				b.Fatalf("a sync of an up-to-date Job made requests: %v", got)
			}
		})
	}
}
