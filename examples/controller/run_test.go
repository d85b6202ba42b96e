package jobcontroller

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/examples/controller/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestRunOverFake runs the controller (informers, queues, workers) and
// the fake kubelet against a fake clientset until an Indexed Job
// completes, then stops both. The fake stores no resourceVersions, so
// that the informers report no pod update: a short resync makes the
// controller look again.
func TestRunOverFake(t *testing.T) {
	three := int32(3)
	indexed := batchv1.IndexedCompletion
	job := testJob(func(j *batchv1.Job) {
		j.Spec.Completions, j.Spec.Parallelism, j.Spec.CompletionMode = &three, &three, &indexed
	})
	cs := newFake(job)
	goroutines := runtime.NumGoroutine()
	c, err := New(cs, ManageUnmanaged(), WithResync(time.Second), WithBatchPeriod(10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error)
	go func() { done <- c.Run(ctx, 2) }()
	k := kubelet.New(cs, kubelet.WithInterval(5*time.Millisecond))
	if err := k.Manage(job, kubelet.Always(kubelet.Succeed())); err != nil {
		t.Fatal(err)
	}
	kdone := make(chan error)
	go func() { kdone <- k.Run(ctx) }()

	var got *batchv1.Job
	for {
		got, err = cs.BatchV1().Jobs("ns").Get(ctx, "pi", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Status.CompletionTime != nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the Job did not complete: status %+v, controller %+v", got.Status, c.Stats())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	if err := <-kdone; err != nil {
		t.Errorf("kubelet Run: %v", err)
	}
	var conds []string
	for _, cd := range got.Status.Conditions {
		conds = append(conds, string(cd.Type)+"="+string(cd.Status)+"/"+cd.Reason)
	}
	if diff := cmp.Diff([]string{"SuccessCriteriaMet=True/CompletionsReached", "Complete=True/CompletionsReached"}, conds); diff != "" {
		t.Errorf("conditions (-want +got):\n%s", diff)
	}
	if got.Status.Succeeded != 3 || got.Status.CompletedIndexes != "0-2" {
		t.Errorf("succeeded %d, completedIndexes %q; want 3, 0-2", got.Status.Succeeded, got.Status.CompletedIndexes)
	}
	pods, err := cs.CoreV1().Pods("ns").List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pods.Items {
		if hasTrackingFinalizer(&p) || p.Status.Phase != corev1.PodSucceeded {
			t.Errorf("pod %s: phase %s, finalizers %v", p.Name, p.Status.Phase, p.Finalizers)
		}
	}
	if err := c.Run(context.Background(), 1); err == nil {
		t.Error("a second Run: no error")
	}
	// Every goroutine Run and the kubelet started has ended (some only
	// after Run returned: the work queues' timers).
	for i := 0; runtime.NumGoroutine() > goroutines; i++ {
		if i == 500 {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left running, %d before:\n%s", runtime.NumGoroutine(), goroutines, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestNewRefuses checks New's refusals.
func TestNewRefuses(t *testing.T) {
	if _, err := New(nil); err == nil {
		t.Error("New(nil): no error")
	}
	if _, err := New(newFake(), WithName("")); err == nil {
		t.Error("New with an empty name: no error")
	}
	c, err := New(newFake())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Run(context.Background(), 0); err == nil {
		t.Error("Run with no worker: no error")
	}
	if c.Name() != DefaultName {
		t.Errorf("Name() = %q, want %q", c.Name(), DefaultName)
	}
	c.Stop() // made by New: nothing to stop
}

// TestStartRefuses checks Start's refusal of a nil config.
func TestStartRefuses(t *testing.T) {
	if _, err := Start(context.Background(), nil); err == nil {
		t.Error("Start(nil): no error")
	}
}
