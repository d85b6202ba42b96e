package kubelet

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

var testNow = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

func testJob(name string, uid types.UID) *batchv1.Job {
	return &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns", UID: uid}}
}

// testPod is a pending pod of the Job job, created at created, with
// completion index ix (NoIndex: none), changed by mods.
func testPod(name string, job *batchv1.Job, ix int, created time.Duration, mods ...func(*corev1.Pod)) *corev1.Pod {
	yes := true
	p := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{
			Name: name, Namespace: "ns", UID: types.UID("uid-" + name),
			CreationTimestamp: metav1.NewTime(testNow.Add(created)),
			Finalizers:        []string{batchv1.JobTrackingFinalizer},
			OwnerReferences:   []metav1.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: job.Name, UID: job.UID, Controller: &yes}},
		},
		Spec: corev1.PodSpec{
			RestartPolicy: corev1.RestartPolicyNever,
			Containers:    []corev1.Container{{Name: "main", Image: "busybox"}},
		},
		Status: corev1.PodStatus{Phase: corev1.PodPending},
	}
	if ix != NoIndex {
		p.Annotations = map[string]string{"batch.kubernetes.io/job-completion-index": string(rune('0' + ix))}
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// podSummary is what the tests check of a pod's status.
type podSummary struct {
	Phase      corev1.PodPhase
	Conditions []string // "Type=Status/Reason"
	Containers []string // "name running ready", "name exit N Reason" or "name waiting Reason", then " restarts N" when it restarted
	Started    bool
}

func summarize(p *corev1.Pod) podSummary {
	s := podSummary{Phase: p.Status.Phase, Started: p.Status.StartTime != nil}
	for _, c := range p.Status.Conditions {
		s.Conditions = append(s.Conditions, string(c.Type)+"="+string(c.Status)+"/"+c.Reason)
	}
	for _, c := range append(slices.Clone(p.Status.InitContainerStatuses), p.Status.ContainerStatuses...) {
		var r string
		switch {
		case c.State.Running != nil:
			r = c.Name + " running"
			if c.Ready {
				r += " ready"
			}
		case c.State.Terminated != nil:
			t := c.State.Terminated
			r = c.Name + " exit " + itoa(t.ExitCode) + " " + t.Reason
		case c.State.Waiting != nil:
			r = c.Name + " waiting " + c.State.Waiting.Reason
		}
		if c.RestartCount > 0 {
			r += " restarts " + itoa(c.RestartCount)
		}
		s.Containers = append(s.Containers, r)
	}
	return s
}

func itoa(n int32) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

var (
	running = podSummary{Phase: corev1.PodRunning, Started: true,
		Conditions: []string{"PodReadyToStartContainers=True/", "Initialized=True/", "Ready=False/ContainersNotReady", "ContainersReady=False/ContainersNotReady", "PodScheduled=True/"},
		Containers: []string{"main running"}}
	runningReady = podSummary{Phase: corev1.PodRunning, Started: true,
		Conditions: []string{"PodReadyToStartContainers=True/", "Initialized=True/", "Ready=True/", "ContainersReady=True/", "PodScheduled=True/"},
		Containers: []string{"main running ready"}}
)

// finishedConditions are the conditions of a pod finished in phase, after
// the extra ones.
func finishedConditions(phase corev1.PodPhase, extra ...string) []string {
	reason, initialized := "PodFailed", "Initialized=True/"
	if phase == corev1.PodSucceeded {
		reason, initialized = "PodCompleted", "Initialized=True/PodCompleted"
	}
	return append(slices.Clone(extra), "PodReadyToStartContainers=False/", initialized, "Ready=False/"+reason, "ContainersReady=False/"+reason, "PodScheduled=True/")
}

// restarting is a pod whose main container failed for the n-th time and
// restarts in it.
func restarting(n int32) podSummary {
	return withContainers(running, "main waiting ContainerCreating restarts "+itoa(n))
}

// withContainers returns s with the container summaries cs.
func withContainers(s podSummary, cs ...string) podSummary {
	s.Containers = cs
	return s
}

func finished(phase corev1.PodPhase, container string, extra ...string) podSummary {
	return podSummary{Phase: phase, Started: true, Conditions: finishedConditions(phase, extra...), Containers: []string{container}}
}

// TestStep checks how each Step moves the pods of a managed Job.
func TestStep(t *testing.T) {
	job := testJob("pi", "job-uid")
	other := testJob("other", "other-uid")
	tests := []struct {
		name   string
		pods   []*corev1.Pod
		script Script
		// want is each pod's state after each Step, by Step.
		want [][]podSummary
		// wantWrites is the writes of each Step.
		wantWrites []int
	}{
		{
			name:       "a pod starts, then succeeds, then stays",
			pods:       []*corev1.Pod{testPod("a", job, NoIndex, 0)},
			script:     Always(Succeed()),
			want:       [][]podSummary{{running}, {finished(corev1.PodSucceeded, "main exit 0 Completed")}, {finished(corev1.PodSucceeded, "main exit 0 Completed")}},
			wantWrites: []int{1, 1, 0},
		},
		{
			name:       "a ready pod runs for the Steps asked, then fails",
			pods:       []*corev1.Pod{testPod("a", job, NoIndex, 0)},
			script:     Always(Fail(3).WithReady().For(2)),
			want:       [][]podSummary{{runningReady}, {runningReady}, {runningReady}, {finished(corev1.PodFailed, "main exit 3 Error")}},
			wantWrites: []int{1, 0, 0, 1},
		},
		{
			name:   "a disrupted pod fails with the DisruptionTarget condition",
			pods:   []*corev1.Pod{testPod("a", job, NoIndex, 0)},
			script: Always(Disrupted(137)),
			want:   [][]podSummary{{running}, {finished(corev1.PodFailed, "main exit 137 Error", "DisruptionTarget=True/TerminationByKubelet")}},
		},
		{
			name: "attempts are counted per index, in creation order",
			pods: []*corev1.Pod{
				testPod("i0-second", job, 0, time.Second), testPod("i0-first", job, 0, 0), testPod("i1-first", job, 1, 0),
			},
			script: Attempts(Fail(1), Succeed()),
			want: [][]podSummary{
				{running, running, running},
				// i0-first is attempt 0 of index 0, i0-second attempt 1.
				{finished(corev1.PodSucceeded, "main exit 0 Completed"), finished(corev1.PodFailed, "main exit 1 Error"), finished(corev1.PodFailed, "main exit 1 Error")},
			},
		},
		{
			name:   "per-index scripts, the other indexes by the default",
			pods:   []*corev1.Pod{testPod("i0", job, 0, 0), testPod("i1", job, 1, 0)},
			script: PerIndex(map[int]Script{1: Always(Fail(42))}, nil),
			want: [][]podSummary{
				{running, running},
				{finished(corev1.PodSucceeded, "main exit 0 Completed"), finished(corev1.PodFailed, "main exit 42 Error")},
			},
		},
		{
			name:   "restartPolicy OnFailure: a failed container restarts in its pod, and fails again at the same pace",
			pods:   []*corev1.Pod{testPod("a", job, NoIndex, 0, func(p *corev1.Pod) { p.Spec.RestartPolicy = corev1.RestartPolicyOnFailure })},
			script: Always(Fail(2).WithReady().For(1)),
			want: [][]podSummary{
				{runningReady},
				{runningReady},
				{restarting(1)},
				{withContainers(runningReady, "main running ready restarts 1")},
				{withContainers(runningReady, "main running ready restarts 1")},
				{restarting(2)},
			},
			wantWrites: []int{1, 0, 1, 1, 0, 1},
		},
		{
			name:   "restartPolicy OnFailure: a disrupted pod is terminated, not restarted",
			pods:   []*corev1.Pod{testPod("a", job, NoIndex, 0, func(p *corev1.Pod) { p.Spec.RestartPolicy = corev1.RestartPolicyOnFailure })},
			script: Always(Disrupted(137)),
			want:   [][]podSummary{{running}, {finished(corev1.PodFailed, "main exit 137 Error", "DisruptionTarget=True/TerminationByKubelet")}},
		},
		{
			name: "init containers exit 0 in order and a sidecar runs beside the main container, stopped with exit 0 when it ends",
			pods: []*corev1.Pod{testPod("a", job, NoIndex, 0, func(p *corev1.Pod) {
				always := corev1.ContainerRestartPolicyAlways
				p.Spec.InitContainers = []corev1.Container{{Name: "setup", Image: "busybox"}, {Name: "proxy", Image: "busybox", RestartPolicy: &always}}
			})},
			script: Always(Fail(1)),
			want: [][]podSummary{
				{{Phase: corev1.PodRunning, Started: true,
					Conditions: []string{"PodReadyToStartContainers=True/", "Initialized=True/", "Ready=False/ContainersNotReady", "ContainersReady=False/ContainersNotReady", "PodScheduled=True/"},
					Containers: []string{"setup exit 0 Completed", "proxy running", "main running"}}},
				{{Phase: corev1.PodFailed, Started: true, Conditions: finishedConditions(corev1.PodFailed),
					Containers: []string{"setup exit 0 Completed", "proxy exit 0 Completed", "main exit 1 Error"}}},
			},
		},
		{
			name:       "the pods of a Job not managed are left alone",
			pods:       []*corev1.Pod{testPod("theirs", other, NoIndex, 0)},
			script:     Always(Succeed()),
			want:       [][]podSummary{{{Phase: corev1.PodPending}}},
			wantWrites: []int{0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var objs []runtime.Object
			for _, p := range tt.pods {
				objs = append(objs, p)
			}
			cs := fake.NewClientset(objs...)
			k := New(cs, WithClock(func() time.Time { return testNow }))
			if err := k.Manage(job, tt.script); err != nil {
				t.Fatal(err)
			}
			for step, want := range tt.want {
				n, err := k.Step(context.Background())
				if err != nil {
					t.Fatalf("Step %d: %v", step, err)
				}
				if step < len(tt.wantWrites) && n != tt.wantWrites[step] {
					t.Errorf("Step %d made %d writes, want %d", step, n, tt.wantWrites[step])
				}
				var got []podSummary
				for _, p := range tt.pods {
					cur, err := cs.CoreV1().Pods("ns").Get(context.Background(), p.Name, metav1.GetOptions{})
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, summarize(cur))
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("after Step %d (-want +got):\n%s", step, diff)
				}
			}
		})
	}
}

// TestStepAttempt checks the index and attempt the kubelet gives pods.
func TestStepAttempt(t *testing.T) {
	job := testJob("pi", "job-uid")
	cs := fake.NewClientset(testPod("b", job, NoIndex, time.Second), testPod("a", job, NoIndex, time.Second), testPod("c", job, 2, 0))
	k := New(cs)
	if err := k.Manage(job, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	type attempt struct{ Index, Attempt int }
	got := map[string]attempt{}
	for _, name := range []string{"a", "b", "c"} {
		ix, at, ok := k.Attempt(types.UID("uid-" + name))
		if !ok {
			t.Fatalf("pod %s not seen", name)
		}
		got[name] = attempt{ix, at}
	}
	want := map[string]attempt{"a": {NoIndex, 0}, "b": {NoIndex, 1}, "c": {2, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("attempts (-want +got):\n%s", diff)
	}
	if _, _, ok := k.Attempt("unknown"); ok {
		t.Error("Attempt of a pod never seen: ok")
	}
}

// TestStepDeletedPod checks what the kubelet does with a pod being
// deleted: it finishes it (its running containers stopped with the exit
// code of a SIGTERM, or of WithDeletedExitCode; a pod not started yet
// ends without running its containers) and deletes it with grace period
// 0 and its uid as precondition, once.
func TestStepDeletedPod(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		// started: the pod runs (one Step) before it is deleted.
		started    bool
		wantWrites []int
		want       podSummary
	}{
		{
			name:       "deleted before it started: Failed, its container never run",
			wantWrites: []int{2, 0},
			want: podSummary{Phase: corev1.PodFailed, Started: true, Containers: []string{"main waiting ContainerCreating"},
				Conditions: []string{"PodReadyToStartContainers=False/", "Initialized=True/", "Ready=False/PodFailed", "ContainersReady=False/PodFailed", "PodScheduled=True/"}},
		},
		{
			name:       "deleted while running: its container ends on SIGTERM, exit 143",
			started:    true,
			wantWrites: []int{1, 2, 0},
			want:       finished(corev1.PodFailed, "main exit 143 Error"),
		},
		{
			name:       "deleted while running, its process ignoring SIGTERM: killed, exit 137",
			opts:       []Option{WithDeletedExitCode(137)},
			started:    true,
			wantWrites: []int{1, 2, 0},
			want:       finished(corev1.PodFailed, "main exit 137 Error"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := testJob("pi", "job-uid")
			cs := fake.NewClientset(testPod("a", job, NoIndex, 0))
			// The API server keeps a pod with finalizers, its grace
			// period set to 0, when it is deleted; the fake would remove
			// it.
			cs.PrependReactor("delete", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
				obj, err := cs.Tracker().Get(a.GetResource(), "ns", "a")
				if err != nil {
					return true, nil, err
				}
				p := obj.(*corev1.Pod)
				if p.DeletionTimestamp == nil {
					now, grace := metav1.NewTime(testNow), int64(30)
					p.DeletionTimestamp, p.DeletionGracePeriodSeconds = &now, &grace
				} else {
					zero := int64(0)
					p.DeletionGracePeriodSeconds = &zero
				}
				return true, nil, cs.Tracker().Update(a.GetResource(), p, "ns")
			})
			k := New(cs, append([]Option{WithClock(func() time.Time { return testNow })}, tt.opts...)...)
			if err := k.Manage(job, Always(Running())); err != nil {
				t.Fatal(err)
			}
			steps := tt.wantWrites
			if tt.started {
				n, err := k.Step(context.Background())
				if err != nil || n != steps[0] {
					t.Fatalf("first Step: %d writes, %v; want %d", n, err, steps[0])
				}
				steps = steps[1:]
			}
			if err := cs.CoreV1().Pods("ns").Delete(context.Background(), "a", metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			cs.ClearActions()
			for step, wantWrites := range steps {
				n, err := k.Step(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if n != wantWrites {
					t.Errorf("Step %d after the deletion made %d writes, want %d", step, n, wantWrites)
				}
			}
			var deletes []metav1.DeleteOptions
			for _, a := range cs.Actions() {
				if d, ok := a.(k8stesting.DeleteAction); ok {
					deletes = append(deletes, d.GetDeleteOptions())
				}
			}
			zero, uid := int64(0), types.UID("uid-a")
			want := []metav1.DeleteOptions{{GracePeriodSeconds: &zero, Preconditions: &metav1.Preconditions{UID: &uid}}}
			if diff := cmp.Diff(want, deletes); diff != "" {
				t.Errorf("deletions (-want +got):\n%s", diff)
			}
			got, err := cs.CoreV1().Pods("ns").Get(context.Background(), "a", metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, summarize(got)); diff != "" {
				t.Errorf("the deleted pod (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFinish checks that Finish ends pods held running.
func TestFinish(t *testing.T) {
	job := testJob("pi", "job-uid")
	cs := fake.NewClientset(testPod("a", job, NoIndex, 0))
	k := New(cs, WithClock(func() time.Time { return testNow }))
	if err := k.Manage(job, Always(Running())); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := k.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	k.Finish(job, Fail(7))
	if _, err := k.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, err := cs.CoreV1().Pods("ns").Get(context.Background(), "a", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(finished(corev1.PodFailed, "main exit 7 Error"), summarize(got)); diff != "" {
		t.Errorf("the finished pod (-want +got):\n%s", diff)
	}
}

// TestManageNeedsACreatedJob checks Manage's refusal of a Job without uid.
func TestManageNeedsACreatedJob(t *testing.T) {
	k := New(fake.NewClientset())
	if err := k.Manage(&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "ns"}}, nil); err == nil {
		t.Error("Manage of a Job without uid: no error")
	}
	if err := k.Manage(nil, nil); err == nil {
		t.Error("Manage of nil: no error")
	}
}

// TestRunStops checks that Run steps until its context is done.
func TestRunStops(t *testing.T) {
	job := testJob("pi", "job-uid")
	cs := fake.NewClientset(testPod("a", job, NoIndex, 0))
	k := New(cs, WithInterval(time.Millisecond))
	if err := k.Manage(job, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- k.Run(ctx) }()
	for {
		p, err := cs.CoreV1().Pods("ns").Get(context.Background(), "a", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Status.Phase == corev1.PodSucceeded {
			break
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestStepPodsMovesOnlyTheKeptPods checks that StepPods leaves the pods
// keep refuses as they are, and that they are moved, from where they
// were, by a later Step.
func TestStepPodsMovesOnlyTheKeptPods(t *testing.T) {
	job := testJob("pi", "job-uid")
	cs := fake.NewClientset(testPod("a", job, 0, 0), testPod("b", job, 1, 0))
	k := New(cs, WithClock(func() time.Time { return testNow }))
	if err := k.Manage(job, Always(Succeed())); err != nil {
		t.Fatal(err)
	}
	phases := func() []corev1.PodPhase {
		var out []corev1.PodPhase
		for _, name := range []string{"a", "b"} {
			p, err := cs.CoreV1().Pods("ns").Get(context.Background(), name, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p.Status.Phase)
		}
		return out
	}
	onlyA := func(p *corev1.Pod) bool { return p.Name == "a" }
	steps := []struct {
		name string
		step func() (int, error)
		want []corev1.PodPhase
	}{
		{"a starts, b is left pending", func() (int, error) { return k.StepPods(context.Background(), onlyA) }, []corev1.PodPhase{corev1.PodRunning, corev1.PodPending}},
		{"a finishes, b is still pending", func() (int, error) { return k.StepPods(context.Background(), onlyA) }, []corev1.PodPhase{corev1.PodSucceeded, corev1.PodPending}},
		{"b starts at the first Step that keeps it", func() (int, error) { return k.StepPods(context.Background(), nil) }, []corev1.PodPhase{corev1.PodSucceeded, corev1.PodRunning}},
	}
	for _, s := range steps {
		if _, err := s.step(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if diff := cmp.Diff(s.want, phases()); diff != "" {
			t.Errorf("%s: phases of a and b (-want +got):\n%s", s.name, diff)
		}
	}
}

// TestStepWritesAgainAfterAFailedWrite checks that a status write the API
// server refused is made again at the next Step, before the pod moves
// on.
func TestStepWritesAgainAfterAFailedWrite(t *testing.T) {
	job := testJob("pi", "job-uid")
	cs := fake.NewClientset(testPod("a", job, NoIndex, 0))
	refuse := true
	cs.PrependReactor("update", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() == "status" && refuse {
			refuse = false
			return true, nil, errors.New("the API server is unavailable")
		}
		return false, nil, nil
	})
	k := New(cs, WithClock(func() time.Time { return testNow }))
	if err := k.Manage(job, Always(Succeed())); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name    string
		wantErr bool
		writes  int
		want    podSummary
	}{
		{"the start is refused", true, 0, podSummary{Phase: corev1.PodPending}},
		{"the start is written again", false, 1, running},
		{"the pod then succeeds", false, 1, finished(corev1.PodSucceeded, "main exit 0 Completed")},
	}
	for _, s := range steps {
		n, err := k.Step(context.Background())
		if (err != nil) != s.wantErr || n != s.writes {
			t.Errorf("%s: %d writes, error %v; want %d writes, an error: %v", s.name, n, err, s.writes, s.wantErr)
		}
		got, err := cs.CoreV1().Pods("ns").Get(context.Background(), "a", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(s.want, summarize(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", s.name, diff)
		}
	}
}
