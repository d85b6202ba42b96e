package cluster

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	jobcontroller "github.com/jobkit/jobkit/examples/controller"
	"github.com/jobkit/jobkit/examples/controller/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// The live tests of jobkit's Job controller (examples/controller): on the
// shared API server, with no kube-controller-manager, each scenario
// starts the controller (in its own namespace), creates a Job, runs its
// pods with the fake kubelet (examples/controller/kubelet) to scripted
// outcomes, and checks the Job's final status exactly and that no pod
// keeps the tracking finalizer. The scenarios run in parallel; the
// longest waits for the pod failure backoff (10 s).

// liveTimeout bounds each wait of a scenario: a wait that times out
// fails the scenario (nothing is asserted about how long a wait took).
const liveTimeout = 2 * time.Minute

// conditionSummary is a Job condition without its times.
type conditionSummary struct {
	Type, Status, Reason, Message string
}

// jobSummary is what the scenarios assert of a Job's status: all of it
// but the times (whose presence is asserted) and with pod names in
// condition messages replaced by POD.
type jobSummary struct {
	Conditions                  []conditionSummary
	Active, Succeeded, Failed   int32
	Ready, Terminating          *int32
	CompletedIndexes            string
	FailedIndexes               *string
	Uncounted                   int
	HasStart, HasCompletionTime bool
}

// podInMessage matches the namespace/name of a pod in a condition message.
var podInMessage = regexp.MustCompile(`for pod [^ ]+ failed`)

func summarize(st batchv1.JobStatus) jobSummary {
	s := jobSummary{
		Active: st.Active, Succeeded: st.Succeeded, Failed: st.Failed,
		Ready: st.Ready, Terminating: st.Terminating,
		CompletedIndexes: st.CompletedIndexes, FailedIndexes: st.FailedIndexes,
		HasStart: st.StartTime != nil, HasCompletionTime: st.CompletionTime != nil,
	}
	if u := st.UncountedTerminatedPods; u != nil {
		s.Uncounted = len(u.Succeeded) + len(u.Failed)
	}
	for _, c := range st.Conditions {
		s.Conditions = append(s.Conditions, conditionSummary{
			Type: string(c.Type), Status: string(c.Status), Reason: c.Reason,
			Message: podInMessage.ReplaceAllString(c.Message, "for pod POD failed"),
		})
	}
	return s
}

func i32(n int32) *int32   { return &n }
func str(s string) *string { return &s }

// The conditions Kubernetes' Job controller writes, as summarized.
var (
	completed = []conditionSummary{
		{"SuccessCriteriaMet", "True", "CompletionsReached", "Reached expected number of succeeded pods"},
		{"Complete", "True", "CompletionsReached", "Reached expected number of succeeded pods"},
	}
	backoffLimitExceeded = []conditionSummary{
		{"FailureTarget", "True", "BackoffLimitExceeded", "Job has reached the specified backoff limit"},
		{"Failed", "True", "BackoffLimitExceeded", "Job has reached the specified backoff limit"},
	}
)

// liveJob returns a Job called name of one container "main" that never
// restarts, changed by mods.
func liveJob(name string, mods ...func(*batchv1.Job)) *batchv1.Job {
	j := &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
			RestartPolicy: corev1.RestartPolicyNever,
			Containers:    []corev1.Container{{Name: "main", Image: "busybox:1.36", Command: []string{"true"}}},
		}}},
	}
	for _, m := range mods {
		m(j)
	}
	return j
}

func completions(n int32) func(*batchv1.Job) { return func(j *batchv1.Job) { j.Spec.Completions = &n } }
func parallelism(n int32) func(*batchv1.Job) { return func(j *batchv1.Job) { j.Spec.Parallelism = &n } }
func backoffLimit(n int32) func(*batchv1.Job) {
	return func(j *batchv1.Job) { j.Spec.BackoffLimit = &n }
}
func indexed(j *batchv1.Job) {
	m := batchv1.IndexedCompletion
	j.Spec.CompletionMode = &m
}

// liveRun is one scenario's world: its namespace, clients, controller and
// kubelet.
type liveRun struct {
	t       *testing.T
	ctx     context.Context
	client  kubernetes.Interface
	ns      string
	kubelet *kubelet.Kubelet
	ctrl    *jobcontroller.Controller
	job     *batchv1.Job // as created
}

// startLive makes a namespace for the scenario, starts jobkit's
// controller on it (opts), and the fake kubelet; both stop when the test
// ends.
func startLive(t *testing.T, opts ...jobcontroller.Option) *liveRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	cfg := rest.CopyConfig(cp.Config)
	cfg.QPS, cfg.Burst = 200, 400
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ns, err := client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "jobkit-controller-"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := &liveRun{t: t, ctx: ctx, client: client, ns: ns.Name}
	// No service account controller runs here: make the namespace's
	// default service account, without which the API server admits no
	// pod.
	if _, err := client.CoreV1().ServiceAccounts(r.ns).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}

	// The three lines a controller author writes (here scoped to the
	// scenario's namespace).
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelError}))
	ctrl, err := jobcontroller.Start(ctx, cfg, append([]jobcontroller.Option{jobcontroller.WithNamespace(r.ns), jobcontroller.WithLogger(log)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ctrl.Stop)
	r.ctrl = ctrl

	var kerrs []error
	var kmu sync.Mutex
	r.kubelet = kubelet.New(client, kubelet.WithInterval(250*time.Millisecond), kubelet.WithErrorHandler(func(err error) {
		kmu.Lock()
		defer kmu.Unlock()
		kerrs = append(kerrs, err)
	}))
	kctx, kcancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = r.kubelet.Run(kctx)
	}()
	t.Cleanup(func() {
		kcancel()
		<-done
		kmu.Lock()
		defer kmu.Unlock()
		// Conflicts with the controller's patches are retried by the
		// next Step; anything else is a bug of the kubelet or the test.
		for _, err := range kerrs {
			t.Logf("kubelet: %v", err)
		}
	})
	return r
}

// testWriter writes to the test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}

// create creates job in the scenario's namespace and hands its pods to
// the kubelet with script.
func (r *liveRun) create(job *batchv1.Job, script kubelet.Script) *batchv1.Job {
	r.t.Helper()
	got, err := r.client.BatchV1().Jobs(r.ns).Create(r.ctx, job, metav1.CreateOptions{})
	if err != nil {
		r.t.Fatal(err)
	}
	if err := r.kubelet.Manage(got, script); err != nil {
		r.t.Fatal(err)
	}
	r.job = got
	return got
}

// wait polls the Job until cond holds, and returns it then.
func (r *liveRun) wait(what string, cond func(*batchv1.Job) bool) *batchv1.Job {
	r.t.Helper()
	deadline := time.Now().Add(liveTimeout)
	var last *batchv1.Job
	for time.Now().Before(deadline) {
		j, err := r.client.BatchV1().Jobs(r.ns).Get(r.ctx, r.job.Name, metav1.GetOptions{})
		if err != nil {
			r.t.Fatal(err)
		}
		last = j
		if cond(j) {
			return j
		}
		time.Sleep(200 * time.Millisecond)
	}
	r.t.Fatalf("Job %s/%s: gave up waiting until %s; status: %+v; controller: %+v", r.ns, r.job.Name, what, summarize(last.Status), r.ctrl.Stats())
	return nil
}

// finished waits until the Job has finished.
func (r *liveRun) finished() *batchv1.Job {
	r.t.Helper()
	return r.wait("it finishes", func(j *batchv1.Job) bool {
		for _, c := range j.Status.Conditions {
			if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
				return true
			}
		}
		return false
	})
}

// noTrackingFinalizers waits until no pod of the namespace has the
// tracking finalizer, and returns the pods left.
func (r *liveRun) noTrackingFinalizers() []corev1.Pod {
	r.t.Helper()
	deadline := time.Now().Add(liveTimeout)
	for {
		list, err := r.client.CoreV1().Pods(r.ns).List(r.ctx, metav1.ListOptions{})
		if err != nil {
			r.t.Fatal(err)
		}
		var held []string
		for _, p := range list.Items {
			if slices.Contains(p.Finalizers, batchv1.JobTrackingFinalizer) {
				held = append(held, p.Name)
			}
		}
		if len(held) == 0 {
			return list.Items
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("pods still holding the tracking finalizer: %v", held)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// setSuspend sets the Job's spec.suspend.
func (r *liveRun) setSuspend(suspend bool) {
	r.t.Helper()
	patch := fmt.Appendf(nil, `{"spec":{"suspend":%t}}`, suspend)
	if _, err := r.client.BatchV1().Jobs(r.ns).Patch(r.ctx, r.job.Name, types.MergePatchType, patch, metav1.PatchOptions{}); err != nil {
		r.t.Fatal(err)
	}
}

func hasCondition(j *batchv1.Job, t batchv1.JobConditionType, s corev1.ConditionStatus) bool {
	for _, c := range j.Status.Conditions {
		if c.Type == t && c.Status == s {
			return true
		}
	}
	return false
}

// TestControllerLiveScenarios runs Jobs to their end with jobkit's
// controller in the mode for clusters without kube-controller-manager.
func TestControllerLiveScenarios(t *testing.T) {
	tests := []struct {
		name   string
		job    *batchv1.Job
		script kubelet.Script
		// drive, when set, takes the scenario from the Job's creation
		// to its end; by default the test waits until it finishes.
		drive func(r *liveRun) *batchv1.Job
		want  jobSummary
	}{
		{
			name:   "NonIndexed Job with parallelism completes, its ready pods counted",
			job:    liveJob("nonindexed", completions(3), parallelism(2)),
			script: kubelet.Attempts(kubelet.Running(), kubelet.Running(), kubelet.Succeed()),
			drive: func(r *liveRun) *batchv1.Job {
				r.wait("both pods are active and ready", func(j *batchv1.Job) bool {
					return j.Status.Active == 2 && j.Status.Ready != nil && *j.Status.Ready == 2
				})
				r.kubelet.Finish(r.job, kubelet.Succeed())
				return r.finished()
			},
			want: jobSummary{Conditions: completed, Succeeded: 3, Ready: i32(0), Terminating: i32(0), HasStart: true, HasCompletionTime: true},
		},
		{
			name:   "Indexed Job completes every index",
			job:    liveJob("indexed", indexed, completions(4), parallelism(4)),
			script: kubelet.Always(kubelet.Succeed()),
			want:   jobSummary{Conditions: completed, Succeeded: 4, Ready: i32(0), Terminating: i32(0), CompletedIndexes: "0-3", HasStart: true, HasCompletionTime: true},
		},
		{
			name:   "failures beyond backoffLimit fail the Job",
			job:    liveJob("backofflimit", completions(2), parallelism(2), backoffLimit(1)),
			script: kubelet.Always(kubelet.Fail(1)),
			want:   jobSummary{Conditions: backoffLimitExceeded, Failed: 2, Ready: i32(0), Terminating: i32(0), HasStart: true},
		},
		{
			name:   "backoffLimit 0 fails the Job at its first failure",
			job:    liveJob("backofflimit0", backoffLimit(0)),
			script: kubelet.Always(kubelet.Fail(2)),
			want:   jobSummary{Conditions: backoffLimitExceeded, Failed: 1, Ready: i32(0), Terminating: i32(0), HasStart: true},
		},
		{
			name: "podFailurePolicy FailJob on an exit code fails the Job and ends the other pods",
			job: liveJob("failjob", indexed, completions(3), parallelism(3), func(j *batchv1.Job) {
				j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{{
					Action:      batchv1.PodFailurePolicyActionFailJob,
					OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{Operator: batchv1.PodFailurePolicyOnExitCodesOpIn, Values: []int32{42}},
				}}}
			}),
			script: kubelet.PerIndex(map[int]kubelet.Script{1: kubelet.Always(kubelet.Fail(42))}, kubelet.Always(kubelet.Running())),
			want: jobSummary{
				Conditions: []conditionSummary{
					{"FailureTarget", "True", "PodFailurePolicy", "Container main for pod POD failed with exit code 42 matching FailJob rule at index 0"},
					{"Failed", "True", "PodFailurePolicy", "Container main for pod POD failed with exit code 42 matching FailJob rule at index 0"},
				},
				Failed: 3, Ready: i32(0), Terminating: i32(0), HasStart: true,
			},
		},
		{
			name: "podFailurePolicy Ignore on DisruptionTarget does not count the disrupted pod",
			job: liveJob("ignore", backoffLimit(0), func(j *batchv1.Job) {
				j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{{
					Action:          batchv1.PodFailurePolicyActionIgnore,
					OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}},
				}}}
			}),
			script: kubelet.Attempts(kubelet.Disrupted(137), kubelet.Succeed()),
			want:   jobSummary{Conditions: completed, Succeeded: 1, Ready: i32(0), Terminating: i32(0), HasStart: true, HasCompletionTime: true},
		},
		{
			name: "backoffLimitPerIndex fails an index and the Job once the others succeed",
			job: liveJob("perindex", indexed, completions(3), parallelism(3), func(j *batchv1.Job) {
				j.Spec.BackoffLimitPerIndex = i32(0)
			}),
			script: kubelet.PerIndex(map[int]kubelet.Script{1: kubelet.Always(kubelet.Fail(3))}, kubelet.Always(kubelet.Succeed().For(5))),
			want: jobSummary{
				Conditions: []conditionSummary{
					{"FailureTarget", "True", "FailedIndexes", "Job has failed indexes"},
					{"Failed", "True", "FailedIndexes", "Job has failed indexes"},
				},
				Succeeded: 2, Failed: 1, Ready: i32(0), Terminating: i32(0), CompletedIndexes: "0,2", FailedIndexes: str("1"), HasStart: true,
			},
		},
		{
			name: "successPolicy completes the Job when its indexes succeed, ending the others",
			job: liveJob("successpolicy", indexed, completions(3), parallelism(3), func(j *batchv1.Job) {
				j.Spec.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededIndexes: str("0")}}}
			}),
			script: kubelet.PerIndex(map[int]kubelet.Script{0: kubelet.Always(kubelet.Succeed())}, kubelet.Always(kubelet.Running())),
			want: jobSummary{
				Conditions: []conditionSummary{
					{"SuccessCriteriaMet", "True", "SuccessPolicy", "Matched rules at index 0"},
					{"Complete", "True", "SuccessPolicy", "Matched rules at index 0"},
				},
				// The other pods lose their finalizer as they are deleted,
				// before they fail: a Job that met its success criteria
				// does not count them as failed.
				Succeeded: 1, Ready: i32(0), Terminating: i32(0), CompletedIndexes: "0", HasStart: true, HasCompletionTime: true,
			},
		},
		{
			name: "activeDeadlineSeconds fails a Job that runs too long",
			job: liveJob("deadline", func(j *batchv1.Job) {
				s := int64(2)
				j.Spec.ActiveDeadlineSeconds = &s
			}),
			script: kubelet.Always(kubelet.Running()),
			want: jobSummary{
				Conditions: []conditionSummary{
					{"FailureTarget", "True", "DeadlineExceeded", "Job was active longer than specified deadline"},
					{"Failed", "True", "DeadlineExceeded", "Job was active longer than specified deadline"},
				},
				Failed: 1, Ready: i32(0), Terminating: i32(0), HasStart: true,
			},
		},
		{
			name: "a Job created suspended starts when resumed",
			job: liveJob("suspended", indexed, completions(2), parallelism(2), func(j *batchv1.Job) {
				yes := true
				j.Spec.Suspend = &yes
			}),
			script: kubelet.Always(kubelet.Succeed()),
			drive: func(r *liveRun) *batchv1.Job {
				j := r.wait("it is suspended", func(j *batchv1.Job) bool { return hasCondition(j, batchv1.JobSuspended, corev1.ConditionTrue) })
				if j.Status.Active != 0 || j.Status.StartTime != nil {
					r.t.Errorf("a suspended Job: active %d, startTime %v; want 0, none", j.Status.Active, j.Status.StartTime)
				}
				r.setSuspend(false)
				return r.finished()
			},
			want: jobSummary{
				Conditions: append([]conditionSummary{{"Suspended", "False", "JobResumed", "Job resumed"}}, completed...),
				Succeeded:  2, Ready: i32(0), Terminating: i32(0), CompletedIndexes: "0,1", HasStart: true, HasCompletionTime: true,
			},
		},
		{
			name:   "suspending a running Job ends its pods; resumed, it completes",
			job:    liveJob("suspendrunning"),
			script: kubelet.Attempts(kubelet.Running(), kubelet.Succeed()),
			drive: func(r *liveRun) *batchv1.Job {
				r.wait("its pod is ready", func(j *batchv1.Job) bool { return j.Status.Ready != nil && *j.Status.Ready == 1 })
				r.setSuspend(true)
				// The controller removes the pod's finalizer before it
				// deletes it: the pod is not counted as failed, and the
				// Job's startTime is reset.
				j := r.wait("it is suspended with no pod left", func(j *batchv1.Job) bool {
					return hasCondition(j, batchv1.JobSuspended, corev1.ConditionTrue) && j.Status.Active == 0 &&
						j.Status.Terminating != nil && *j.Status.Terminating == 0
				})
				if diff := cmp.Diff(jobSummary{
					Conditions: []conditionSummary{{"Suspended", "True", "JobSuspended", "Job suspended"}},
					Ready:      i32(0), Terminating: i32(0),
				}, summarize(j.Status)); diff != "" {
					r.t.Errorf("suspended status (-want +got):\n%s", diff)
				}
				r.setSuspend(false)
				return r.finished()
			},
			want: jobSummary{
				Conditions: append([]conditionSummary{{"Suspended", "False", "JobResumed", "Job resumed"}}, completed...),
				Succeeded:  1, Ready: i32(0), Terminating: i32(0), HasStart: true, HasCompletionTime: true,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := startLive(t, jobcontroller.ManageUnmanaged())
			r.create(tt.job, tt.script)
			var got *batchv1.Job
			if tt.drive != nil {
				got = tt.drive(r)
			} else {
				got = r.finished()
			}
			if diff := cmp.Diff(tt.want, summarize(got.Status)); diff != "" {
				t.Errorf("final status (-want +got):\n%s", diff)
			}
			r.noTrackingFinalizers()
			if st := r.ctrl.Stats(); st.Syncs == 0 || st.Writes == 0 {
				t.Errorf("controller stats %+v: want syncs and writes", st)
			}
		})
	}
}

// TestControllerLiveManagedBy runs jobkit's controller as it runs beside
// kube-controller-manager: it manages the Job whose spec.managedBy names
// it, and leaves alone the one without (which, with no
// kube-controller-manager here, gets no pods and no status).
func TestControllerLiveManagedBy(t *testing.T) {
	t.Parallel()
	r := startLive(t)
	other, err := r.client.BatchV1().Jobs(r.ns).Create(r.ctx, liveJob("unmanaged"), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Deleted, so that no controller run later in the binary (in the
		// mode that manages it) picks it up.
		bg := metav1.DeletePropagationBackground
		if err := r.client.BatchV1().Jobs(r.ns).Delete(context.Background(), other.Name, metav1.DeleteOptions{PropagationPolicy: &bg}); err != nil {
			t.Error(err)
		}
	})
	name := jobcontroller.DefaultName
	r.create(liveJob("managed", indexed, completions(2), parallelism(2), func(j *batchv1.Job) { j.Spec.ManagedBy = &name }), kubelet.Always(kubelet.Succeed()))
	got := r.finished()
	want := jobSummary{Conditions: completed, Succeeded: 2, Ready: i32(0), Terminating: i32(0), CompletedIndexes: "0,1", HasStart: true, HasCompletionTime: true}
	if diff := cmp.Diff(want, summarize(got.Status)); diff != "" {
		t.Errorf("final status (-want +got):\n%s", diff)
	}
	pods := r.noTrackingFinalizers()
	for _, p := range pods {
		if ref := metav1.GetControllerOf(&p); ref == nil || ref.UID != r.job.UID {
			t.Errorf("pod %s is not the managed Job's: owner %v", p.Name, ref)
		}
	}
	o, err := r.client.BatchV1().Jobs(r.ns).Get(r.ctx, other.Name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(batchv1.JobStatus{}, o.Status); diff != "" {
		t.Errorf("the Job without managedBy was touched (-want +got):\n%s", diff)
	}
}
