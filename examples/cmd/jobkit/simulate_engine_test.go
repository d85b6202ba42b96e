package main

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/kubelet"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// fakeClock is a clock that only the fake runner moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time { return c.t }

// simEpoch is when every fake simulation starts.
var simEpoch = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// fakeBehaviour is how one run of a container behaves in the fake runner.
type fakeBehaviour struct {
	took time.Duration
	code int
}

// fakeRunner runs no process: each container run takes the time and ends
// with the code its script says, on the fake clock, and runs end in the
// order of their end times (then of their starts). It records what the
// RunJob asked, and can cancel the simulation after a number of exits.
type fakeRunner struct {
	clock *fakeClock
	// script gives the runs of each index in order; past its end, or for
	// an index it does not list, a run takes 1s and succeeds.
	script map[int][]fakeBehaviour

	runs       map[int]int
	running    []fakeRun
	seq        int
	log        []string
	maxRunning int
	pods       map[int]string   // index → the name of its last pod
	env        map[int][]string // index → the env of its last run, "NAME=value"

	released []int // indexes whose pod was released, in order

	cancelAfter int // cancel after this many exits; 0: never
	cancel      context.CancelFunc
	exits       int
}

type fakeRun struct {
	a    *kubelet.Container
	end  time.Time
	code int
	seq  int
}

func newFakeRunner(c *fakeClock, script map[int][]fakeBehaviour) *fakeRunner {
	return &fakeRunner{clock: c, script: script, runs: map[int]int{}, pods: map[int]string{}, env: map[int][]string{}}
}

func (r *fakeRunner) Start(a *kubelet.Container) error {
	index := controller.CompletionIndex(a.Pod())
	n := r.runs[index]
	r.runs[index]++
	b := fakeBehaviour{took: time.Second}
	if s := r.script[index]; n < len(s) {
		b = s[n]
	}
	r.seq++
	r.running = append(r.running, fakeRun{a: a, end: r.clock.Now().Add(b.took), code: b.code, seq: r.seq})
	r.maxRunning = max(r.maxRunning, len(r.running))
	entry := fmt.Sprintf("start %d", index)
	switch prev, ok := r.pods[index]; {
	case ok && prev == a.Pod().ObjectMeta.Name:
		entry += " (same pod)"
	case ok:
		entry += " (new pod)"
	}
	r.pods[index] = a.Pod().ObjectMeta.Name
	r.log = append(r.log, entry)
	var env []string
	for _, v := range a.Plan().Env {
		env = append(env, v.Name+"="+v.Value)
	}
	r.env[index] = env
	return nil
}

func (r *fakeRunner) Wait(ctx context.Context, deadline time.Time) (kubelet.Exit, kubelet.WaitResult) {
	if r.cancelAfter > 0 && r.exits >= r.cancelAfter {
		r.cancel()
	}
	if ctx.Err() != nil {
		return kubelet.Exit{}, kubelet.Canceled
	}
	if len(r.running) == 0 {
		if !deadline.IsZero() {
			r.clock.t = deadline
			return kubelet.Exit{}, kubelet.DeadlineReached
		}
		// Nothing runs and nothing is awaited: RunJob does not wait
		// then. End the run rather than hang.
		r.log = append(r.log, "wait with nothing to wait for")
		return kubelet.Exit{}, kubelet.Canceled
	}
	sort.Slice(r.running, func(i, j int) bool {
		if !r.running[i].end.Equal(r.running[j].end) {
			return r.running[i].end.Before(r.running[j].end)
		}
		return r.running[i].seq < r.running[j].seq
	})
	next := r.running[0]
	if !deadline.IsZero() && next.end.After(deadline) {
		r.clock.t = deadline
		return kubelet.Exit{}, kubelet.DeadlineReached
	}
	r.running = r.running[1:]
	r.clock.t = next.end
	r.exits++
	return kubelet.Exit{Container: next.a, Code: next.code}, kubelet.Exited
}

func (r *fakeRunner) Release(a *kubelet.Container) {
	r.released = append(r.released, controller.CompletionIndex(a.Pod()))
}

func (r *fakeRunner) Stop(as []*kubelet.Container) {
	for _, a := range as {
		for i, fr := range r.running {
			if fr.a == a {
				r.running = append(r.running[:i], r.running[i+1:]...)
				r.log = append(r.log, fmt.Sprintf("stop %d", controller.CompletionIndex(a.Pod())))
				break
			}
		}
	}
}

// simJob is an Indexed Job for the engine tests, with extra lines under
// spec.
func simJob(completions, parallelism int, restart string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `apiVersion: batch/v1
kind: Job
metadata:
  name: sim
spec:
  completionMode: Indexed
  completions: %d
  parallelism: %d
`, completions, parallelism)
	for _, l := range extra {
		b.WriteString("  " + l + "\n")
	}
	fmt.Fprintf(&b, `  template:
    spec:
      restartPolicy: %s
      containers:
      - name: work
        image: busybox
        command: [work, "$(JOB_COMPLETION_INDEX)"]
`, restart)
	return b.String()
}

// simulateFake runs simulate on input with a fake runner and clock.
func simulateFake(t *testing.T, input string, r *fakeRunner, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.cancel = cancel
	var out, errOut bytes.Buffer
	code = simulate(ctx, streams{in: strings.NewReader(input), out: &out, err: &errOut}, args, simulateEnv{
		now:       r.clock.Now,
		width:     80,
		nodeName:  "node-1",
		newRunner: func(string, string, *progress) kubelet.Runner { return r },
	})
	return out.String(), errOut.String(), code
}

// wantStatus is an expected final status; String prints it as simulate
// does.
type wantStatus struct {
	end           time.Duration // after simEpoch
	completed     string
	succeeded     int32
	failed        int32
	failedIndexes *string
	final         jobapi.JobConditionType // JobComplete or JobFailed
	reason        string
	message       string
}

func (w wantStatus) String() string {
	end := meta.NewTime(simEpoch.Add(w.end))
	start := meta.NewTime(simEpoch)
	zero := int32(0)
	st := jobapi.JobStatus{
		StartTime: &start, Succeeded: w.succeeded, Failed: w.failed, CompletedIndexes: w.completed,
		FailedIndexes: w.failedIndexes, Ready: &zero, Terminating: &zero,
		UncountedTerminatedPods: &jobapi.UncountedTerminatedPods{},
	}
	interim := jobapi.JobFailureTarget
	if w.final == jobapi.JobComplete {
		interim = jobapi.JobSuccessCriteriaMet
		st.CompletionTime = &end
	}
	for _, t := range []jobapi.JobConditionType{interim, w.final} {
		st.Conditions = append(st.Conditions, jobapi.JobCondition{Type: t, Status: jobapi.ConditionTrue,
			LastProbeTime: end, LastTransitionTime: end, Reason: w.reason, Message: w.message})
	}
	out, err := yaml.Marshal(struct {
		Status jobapi.JobStatus `json:"status"`
	}{st})
	if err != nil {
		panic(err)
	}
	return string(out)
}

func ptrTo[T any](v T) *T { return &v }

const (
	msgComplete = "Reached expected number of succeeded pods"
	msgBackoff  = "Job has reached the specified backoff limit"
)

// completed is the status of a Job that completed at end.
func completed(end time.Duration, indexes string, succeeded, failed int32) wantStatus {
	return wantStatus{end: end, completed: indexes, succeeded: succeeded, failed: failed,
		final: jobapi.JobComplete, reason: "CompletionsReached", message: msgComplete}
}

func TestSimulateEngine(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		args     []string
		script   map[int][]fakeBehaviour
		wantCode int
		wantErr  string // progress and messages on standard error
		wantOut  wantStatus
		wantLog  []string // what the runner was asked, in order
		// wantReleased, when set, lists the indexes whose pods were
		// released, in order.
		wantReleased []int
	}{
		{
			name:  "indexes start lowest first, at most parallelism at once, and the Job completes",
			input: simJob(5, 2, "Never"),
			script: map[int][]fakeBehaviour{
				0: {{3 * time.Second, 0}}, 1: {{1 * time.Second, 0}}, 2: {{1 * time.Second, 0}},
				3: {{2 * time.Second, 0}}, 4: {{1500 * time.Millisecond, 0}},
			},
			wantErr: `[1/5 complete, 1 running] index 1 succeeded in 1.0s
[2/5 complete, 1 running] index 2 succeeded in 1.0s
[3/5 complete, 1 running] index 0 succeeded in 3.0s
[4/5 complete, 1 running] index 3 succeeded in 2.0s
[5/5 complete, 0 running] index 4 succeeded in 1.5s
`,
			wantOut:      completed(4500*time.Millisecond, "0-4", 5, 0),
			wantLog:      []string{"start 0", "start 1", "start 2", "start 3", "start 4"},
			wantReleased: []int{1, 2, 0, 3, 4},
		},
		{
			name:    "--parallelism overrides spec.parallelism",
			input:   simJob(3, 1, "Never"),
			args:    []string{"--parallelism", "3"},
			wantErr: "[1/3 complete, 2 running] index 0 succeeded in 1.0s\n[2/3 complete, 1 running] index 1 succeeded in 1.0s\n[3/3 complete, 0 running] index 2 succeeded in 1.0s\n",
			wantOut: completed(time.Second, "0-2", 3, 0),
			wantLog: []string{"start 0", "start 1", "start 2"},
		},
		{
			name:   "restartPolicy Never: a failed pod is replaced by a new pod and counted in failed; a success since ends the backoff",
			input:  simJob(3, 3, "Never"),
			script: map[int][]fakeBehaviour{1: {{time.Second / 2, 2}, {time.Second, 0}}},
			// Index 1 fails at 0.5s; the pod failure backoff (10s) would
			// delay its replacement, but indexes 0 and 2 succeed at 1s,
			// which resets it, as in Kubernetes.
			wantErr: `[0/3 complete, 2 running] index 1 failed with exit code 2 in 0.5s
[1/3 complete, 1 running] index 0 succeeded in 1.0s
[2/3 complete, 1 running] index 2 succeeded in 1.0s
[3/3 complete, 0 running] index 1 succeeded in 1.0s
`,
			wantOut: completed(2*time.Second, "0-2", 3, 1),
			wantLog: []string{"start 0", "start 1", "start 2", "start 1 (new pod)"},
		},
		{
			name:   "restartPolicy Never: more failed pods than backoffLimit fail the Job; its running pods are stopped and counted as failed",
			input:  simJob(3, 2, "Never", "backoffLimit: 1"),
			script: map[int][]fakeBehaviour{0: {{time.Second, 1}, {time.Second, 1}}, 1: {{5 * time.Second, 0}}, 2: {{5 * time.Second, 0}}},
			// Index 0 fails at 1s and waits out the backoff (10s) until
			// index 1 succeeds at 5s; its new pod fails at 6s: 2 failed
			// pods exceed backoffLimit 1, and the pod of index 2 is
			// stopped and counted as failed.
			wantErr: `[0/3 complete, 1 running] index 0 failed with exit code 1 in 1.0s
[1/3 complete, 0 running] index 1 succeeded in 5.0s
[1/3 complete, 0 running] index 0 failed with exit code 1 in 1.0s
[1/3 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit
`,
			wantOut:      wantStatus{end: 6 * time.Second, completed: "1", succeeded: 1, failed: 3, final: jobapi.JobFailed, reason: "BackoffLimitExceeded", message: msgBackoff},
			wantCode:     1,
			wantLog:      []string{"start 0", "start 1", "start 0 (new pod)", "start 2", "stop 2"},
			wantReleased: []int{0, 1, 0, 2},
		},
		{
			name:   "restartPolicy OnFailure: the container restarts in its pod; restarts count while the pod is active",
			input:  simJob(2, 2, "OnFailure", "backoffLimit: 2"),
			script: map[int][]fakeBehaviour{0: {{time.Second, 1}, {time.Second, 0}}, 1: {{3 * time.Second, 1}, {3 * time.Second, 1}}},
			// The restart of index 0 stops counting when its pod succeeds,
			// as in Kubernetes, so the Job fails once the kubelet has
			// restarted index 1 twice; its pod is then counted as failed.
			wantErr: `[0/2 complete, 2 running] index 0 failed with exit code 1 in 1.0s; restarting the container (restart 1)
[1/2 complete, 1 running] index 0 succeeded in 1.0s
[1/2 complete, 1 running] index 1 failed with exit code 1 in 3.0s; restarting the container (restart 1)
[1/2 complete, 1 running] index 1 failed with exit code 1 in 3.0s; restarting the container (restart 2)
[1/2 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit
`,
			wantOut: wantStatus{end: 6 * time.Second, completed: "0", succeeded: 1, failed: 1,
				final: jobapi.JobFailed, reason: "BackoffLimitExceeded", message: msgBackoff},
			wantCode:     1,
			wantLog:      []string{"start 0", "start 1", "start 0 (same pod)", "start 1 (same pod)", "start 1 (same pod)", "stop 1"},
			wantReleased: []int{0, 1},
		},
		{
			name:   "restartPolicy OnFailure with backoffLimit 0: the first failure fails the Job",
			input:  simJob(1, 1, "OnFailure", "backoffLimit: 0"),
			script: map[int][]fakeBehaviour{0: {{time.Second, 9}}},
			wantErr: "[0/1 complete, 1 running] index 0 failed with exit code 9 in 1.0s; restarting the container (restart 1)\n" +
				"[0/1 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit\n",
			wantOut: wantStatus{end: time.Second, failed: 1,
				final: jobapi.JobFailed, reason: "BackoffLimitExceeded", message: msgBackoff},
			wantCode: 1,
			wantLog:  []string{"start 0", "start 0 (same pod)", "stop 0"},
		},
		{
			name:   "backoffLimitPerIndex: an index that fails too often fails alone, and the Job fails once every index is done",
			input:  simJob(3, 3, "Never", "backoffLimitPerIndex: 1"),
			script: map[int][]fakeBehaviour{1: {{time.Second, 1}, {time.Second, 1}}, 2: {{3 * time.Second, 0}}},
			// Index 1 fails at 1s and is replaced after its own backoff
			// (10s); the new pod fails at 12s, and the index has failed.
			wantErr: `[1/3 complete, 2 running] index 0 succeeded in 1.0s
[1/3 complete, 1 running] index 1 failed with exit code 1 in 1.0s
[2/3 complete, 0 running] index 2 succeeded in 3.0s
[2/3 complete, 0 running] index 1 failed with exit code 1 in 1.0s
[2/3 complete, 0 running] the Job failed: FailedIndexes: Job has failed indexes
`,
			wantOut: wantStatus{end: 12 * time.Second, completed: "0,2", succeeded: 2, failed: 2, failedIndexes: ptrTo("1"),
				final: jobapi.JobFailed, reason: "FailedIndexes", message: "Job has failed indexes"},
			wantCode: 1,
			wantLog:  []string{"start 0", "start 1", "start 2", "start 1 (new pod)"},
		},
		{
			name:    "backoffLimitPerIndex: failedIndexes is empty, not missing, when no index failed",
			input:   simJob(2, 2, "Never", "backoffLimitPerIndex: 1"),
			wantErr: "[1/2 complete, 1 running] index 0 succeeded in 1.0s\n[2/2 complete, 0 running] index 1 succeeded in 1.0s\n",
			wantOut: func() wantStatus {
				w := completed(time.Second, "0,1", 2, 0)
				w.failedIndexes = ptrTo("")
				return w
			}(),
			wantLog: []string{"start 0", "start 1"},
		},
		{
			name:   "maxFailedIndexes exceeded fails the Job at once",
			input:  simJob(3, 2, "Never", "backoffLimitPerIndex: 0", "maxFailedIndexes: 0"),
			script: map[int][]fakeBehaviour{0: {{time.Second, 1}}, 1: {{2 * time.Second, 0}}},
			wantErr: "[0/3 complete, 0 running] index 0 failed with exit code 1 in 1.0s\n" +
				"[0/3 complete, 0 running] the Job failed: MaxFailedIndexesExceeded: Job has exceeded the specified maximal number of failed indexes\n",
			wantOut: wantStatus{end: time.Second, failed: 2, failedIndexes: ptrTo("0"),
				final: jobapi.JobFailed, reason: "MaxFailedIndexesExceeded", message: "Job has exceeded the specified maximal number of failed indexes"},
			wantCode: 1,
			wantLog:  []string{"start 0", "start 1", "stop 1"},
		},
		{
			name:   "activeDeadlineSeconds fails the Job when it passes",
			input:  simJob(2, 1, "Never", "activeDeadlineSeconds: 5"),
			script: map[int][]fakeBehaviour{0: {{3 * time.Second, 0}}, 1: {{10 * time.Second, 0}}},
			wantErr: `[1/2 complete, 0 running] index 0 succeeded in 3.0s
[1/2 complete, 0 running] the Job failed: DeadlineExceeded: Job was active longer than specified deadline
`,
			wantOut: wantStatus{end: 5 * time.Second, completed: "0", succeeded: 1, failed: 1,
				final: jobapi.JobFailed, reason: "DeadlineExceeded", message: "Job was active longer than specified deadline"},
			wantCode: 1,
			wantLog:  []string{"start 0", "start 1", "stop 1"},
		},
		{
			name:  "--fail-rate 1 fails every run with exit code 137 instead of running it",
			input: simJob(2, 2, "Never", "backoffLimit: 2"),
			args:  []string{"--fail-rate", "1", "--seed", "7"},
			// Two failures: the third pod waits out 20s of backoff.
			wantErr: `[0/2 complete, 1 running] index 0 failed with exit code 137 (injected) in 0.0s
[0/2 complete, 0 running] index 1 failed with exit code 137 (injected) in 0.0s
[0/2 complete, 0 running] index 0 failed with exit code 137 (injected) in 0.0s
[0/2 complete, 0 running] the Job failed: BackoffLimitExceeded: Job has reached the specified backoff limit
`,
			wantOut:  wantStatus{end: 20 * time.Second, failed: 4, final: jobapi.JobFailed, reason: "BackoffLimitExceeded", message: msgBackoff},
			wantCode: 1,
			wantLog:  nil,
		},
		{
			name:    "no completions: the Job completes at once",
			input:   simJob(0, 1, "Never"),
			wantOut: completed(0, "", 0, 0),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClock{t: simEpoch}
			r := newFakeRunner(c, tt.script)
			out, errOut, code := simulateFake(t, tt.input, r, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantOut.String(), out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantLog, r.log, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("runner calls (-want +got):\n%s", diff)
			}
			if tt.wantReleased != nil {
				if diff := cmp.Diff(tt.wantReleased, r.released); diff != "" {
					t.Errorf("released pods (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestSimulateFailRateIsReproducible checks that fault injection depends
// on the seed, the index and the attempt only: whatever the parallelism
// (and so the order in which runs end), the same runs fail.
func TestSimulateFailRateIsReproducible(t *testing.T) {
	failures := func(parallelism int, seed string) map[int]int {
		c := &fakeClock{t: simEpoch}
		r := newFakeRunner(c, map[int][]fakeBehaviour{})
		// Later indexes end first, so the order of ends differs with
		// the parallelism.
		for ix := range 20 {
			r.script[ix] = []fakeBehaviour{{time.Duration(20-ix) * time.Second, 0}}
		}
		_, errOut, code := simulateFake(t, simJob(20, 1, "Never", "backoffLimit: 1000"), r,
			"--parallelism", fmt.Sprint(parallelism), "--fail-rate", "0.4", "--seed", seed)
		if code != 0 {
			t.Fatalf("exit status %d:\n%s", code, errOut)
		}
		got := map[int]int{}
		for _, l := range strings.Split(errOut, "\n") {
			var done, total, running, ix int
			if n, _ := fmt.Sscanf(l, "[%d/%d complete, %d running] index %d failed", &done, &total, &running, &ix); n == 4 {
				got[ix]++
			}
		}
		return got
	}
	want := failures(1, "42")
	if len(want) == 0 {
		t.Fatal("--fail-rate 0.4 injected no failure in 20 indexes")
	}
	for _, p := range []int{3, 20} {
		if diff := cmp.Diff(want, failures(p, "42")); diff != "" {
			t.Errorf("failures per index with parallelism %d differ from parallelism 1 (-want +got):\n%s", p, diff)
		}
	}
	if cmp.Equal(want, failures(1, "43")) {
		t.Errorf("seeds 42 and 43 inject the same failures %v", want)
	}
}

// TestSimulateInterrupted cancels the simulation while pods run: they
// are stopped, the status so far is printed without a finished condition,
// and the exit status is 130.
func TestSimulateInterrupted(t *testing.T) {
	c := &fakeClock{t: simEpoch}
	r := newFakeRunner(c, map[int][]fakeBehaviour{0: {{time.Second, 0}}, 1: {{9 * time.Second, 0}}, 2: {{9 * time.Second, 0}}})
	r.cancelAfter = 1
	out, errOut, code := simulateFake(t, simJob(4, 3, "Never"), r)
	if code != 130 {
		t.Errorf("exit status %d, want 130", code)
	}
	wantErr := "[1/4 complete, 2 running] index 0 succeeded in 1.0s\njobkit simulate: interrupted: stopped 3 running pods; the Job did not finish\n"
	if diff := cmp.Diff(wantErr, errOut); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	start := meta.NewTime(simEpoch)
	zero := int32(0)
	want, err := yaml.Marshal(struct {
		Status jobapi.JobStatus `json:"status"`
	}{jobapi.JobStatus{StartTime: &start, Succeeded: 1, CompletedIndexes: "0", Ready: &zero, Terminating: &zero,
		UncountedTerminatedPods: &jobapi.UncountedTerminatedPods{}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), out); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"start 0", "start 1", "start 2", "start 3", "stop 1", "stop 2", "stop 3"}, r.log); diff != "" {
		t.Errorf("runner calls (-want +got):\n%s", diff)
	}
}

// TestSimulatePodEnv checks what a container sees, through the env the
// fake runner records: the completion index from the annotation and the
// label, the pod's own name, namespace, uid, node and hostname through
// fieldRefs, and, with backoffLimitPerIndex, the failure count of the
// index, which grows with each retry.
func TestSimulatePodEnv(t *testing.T) {
	c := &fakeClock{t: simEpoch}
	r := newFakeRunner(c, map[int][]fakeBehaviour{1: {{time.Second, 1}, {time.Second, 0}}})
	input := simJob(2, 2, "Never", "backoffLimitPerIndex: 3")
	input = strings.Replace(input, "        command:", `        env:
        - name: FROM_ANNOTATION
          valueFrom: {fieldRef: {fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}
        - name: FAILURES
          valueFrom: {fieldRef: {fieldPath: "metadata.annotations['batch.kubernetes.io/job-index-failure-count']"}}
        - name: POD
          valueFrom: {fieldRef: {fieldPath: metadata.name}}
        - name: NS
          valueFrom: {fieldRef: {fieldPath: metadata.namespace}}
        - name: NODE
          valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
        - name: SAY
          value: "index $(JOB_COMPLETION_INDEX) of pod $(POD), $$(POD) stays"
        command:`, 1)
	_, errOut, code := simulateFake(t, input, r)
	if code != 0 {
		t.Fatalf("exit status %d:\n%s", code, errOut)
	}
	// JOB_COMPLETION_INDEX comes last: NewPod appends it. SAY is
	// expanded before it is defined, so its reference stays.
	want := func(ix, failures int, pod string) []string {
		return []string{
			"FROM_ANNOTATION=" + fmt.Sprint(ix), "FAILURES=" + fmt.Sprint(failures), "POD=" + pod, "NS=default", "NODE=node-1",
			"SAY=index $(JOB_COMPLETION_INDEX) of pod " + pod + ", $(POD) stays", "JOB_COMPLETION_INDEX=" + fmt.Sprint(ix),
		}
	}
	for ix, failures := range []int{0, 1} {
		env := r.env[ix]
		if len(env) != 7 {
			t.Fatalf("index %d: env %q", ix, env)
		}
		pod := strings.TrimPrefix(env[2], "POD=")
		if !strings.HasPrefix(pod, fmt.Sprintf("sim-%d-", ix)) || len(pod) != len("sim-0-")+5 {
			t.Errorf("index %d: pod name %q, want sim-%d- and 5 characters", ix, pod, ix)
		}
		if diff := cmp.Diff(want(ix, failures, pod), env); diff != "" {
			t.Errorf("index %d: env (-want +got):\n%s", ix, diff)
		}
	}
}

// TestSimulateRefuses lists the input simulate refuses before it runs
// anything, each with the error that says why.
func TestSimulateRefuses(t *testing.T) {
	job := simJob(2, 2, "Never")
	tests := []struct {
		name     string
		input    string
		args     []string
		wantCode int
		wantErr  string
	}{
		{
			name:     "no Job",
			input:    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
			wantCode: 1,
			wantErr:  "jobkit simulate: the input must hold exactly one Job, not 0\n",
		},
		{
			name:     "two Jobs",
			input:    job + "---\n" + job,
			wantCode: 1,
			wantErr:  "jobkit simulate: the input must hold exactly one Job, not 2\n",
		},
		{
			name:     "a Job the API server refuses",
			input:    strings.Replace(job, "restartPolicy: Never", "restartPolicy: Always", 1),
			wantCode: 1,
			// Reported as create reports it: the one error printer.
			wantErr: "STDIN:11:7: Job.batch \"sim\" is invalid: spec.template.spec.restartPolicy: Required value: must be 'OnFailure' or 'Never' for the pods of a Job\n",
		},
		{
			name:     "a suspended Job",
			input:    simJob(2, 2, "Never", "suspend: true"),
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.suspend: Invalid value: true: must be false to simulate: a suspended Job starts no pod\n",
		},
		{
			name:     "parallelism 0",
			input:    simJob(2, 0, "Never"),
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.parallelism: Invalid value: 0: must be greater than 0 to simulate (or give --parallelism): with 0 no pod ever starts\n",
		},
		{
			name:     "a container without command",
			input:    strings.Replace(job, `        command: [work, "$(JOB_COMPLETION_INDEX)"]`+"\n", "        args: [x]\n", 1),
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.template.spec.containers[0].command: Required value: must be set to simulate: the image's entrypoint is only known to a container runtime\n",
		},
		{
			name: "a configMap volume whose ConfigMap is not in the input",
			input: job + `      volumes:
      - name: params
        configMap: {name: missing}
` + strings.Repeat("", 0),
			wantCode: 0, // not mounted: not needed
		},
		{
			name: "a mounted configMap volume whose ConfigMap is not in the input",
			input: strings.Replace(job, "        command:", "        volumeMounts: [{name: params, mountPath: /etc/params}]\n        command:", 1) + `      volumes:
      - name: params
        configMap: {name: missing}
`,
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.template.spec.volumes[0].configMap.name: Not found: \"missing\": the input must hold this ConfigMap, in the same stream as the Job (`jobkit run` prints both)\n",
		},
		{
			name: "a mounted volume of a kind simulate cannot make",
			input: strings.Replace(job, "        command:", "        volumeMounts: [{name: data, mountPath: /data}]\n        command:", 1) + `      volumes:
      - name: data
        persistentVolumeClaim: {claimName: data}
`,
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.template.spec.volumes[0]: Unsupported value: \"persistentVolumeClaim\": supported values: \"configMap\", \"downwardAPI\", \"emptyDir\", \"projected\"\n",
		},
		{
			name:     "an env var from a secret",
			input:    strings.Replace(job, "        command:", "        env: [{name: TOKEN, valueFrom: {secretKeyRef: {name: s, key: k}}}]\n        command:", 1),
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.template.spec.containers[0].env[0].valueFrom: Unsupported value: \"secretKeyRef\": supported values: \"fieldRef\"\n",
		},
		{
			name:     "envFrom",
			input:    strings.Replace(job, "        command:", "        envFrom: [{configMapRef: {name: c}}]\n        command:", 1),
			wantCode: 1,
			wantErr:  "jobkit simulate: spec.template.spec.containers[0].envFrom: Forbidden: may not be used with simulate, which resolves `env` only\n",
		},
		{name: "--parallelism 0", input: job, args: []string{"--parallelism", "0"}, wantCode: 2,
			wantErr: "jobkit simulate: --parallelism must be between 1 and 100000, not 0\n"},
		{name: "--fail-rate above 1", input: job, args: []string{"--fail-rate", "1.5"}, wantCode: 2,
			wantErr: "jobkit simulate: --fail-rate must be between 0 and 1, not 1.5\n"},
		{name: "an argument", input: job, args: []string{"job.yaml"}, wantCode: 2,
			wantErr: "jobkit simulate: unexpected argument \"job.yaml\"; give the input with -f\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClock{t: simEpoch}
			r := newFakeRunner(c, nil)
			_, errOut, code := simulateFake(t, tt.input, r, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if tt.wantCode == 0 {
				return
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if len(r.log) > 0 {
				t.Errorf("the runner was called: %q", r.log)
			}
		})
	}
}

// BenchmarkSimulateEngine measures the simulated controller alone, with
// the fake runner: building, planning and scheduling each pod, and the
// bookkeeping of its exit, for Jobs of several sizes (every tenth run
// fails once).
func BenchmarkSimulateEngine(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("completions=%d", n), func(b *testing.B) {
			input := simJob(n, 50, "Never", "backoffLimit: 100000")
			script := map[int][]fakeBehaviour{}
			for ix := 0; ix < n; ix += 10 {
				script[ix] = []fakeBehaviour{{time.Second, 1}}
			}
			b.ReportAllocs()
			for b.Loop() {
				r := newFakeRunner(&fakeClock{t: simEpoch}, script)
				ctx := context.Background()
				var out, errOut bytes.Buffer
				code := simulate(ctx, streams{in: strings.NewReader(input), out: &out, err: &errOut}, nil, simulateEnv{
					now: r.clock.Now, width: 80, newRunner: func(string, string, *progress) kubelet.Runner { return r },
				})
				if code != 0 {
					b.Fatalf("exit status %d: %s", code, errOut.String())
				}
			}
		})
	}
}

// TestSimulateReadsAsCreate checks that simulate reads its input as the
// other subcommands do: --validate decides what an unknown field is, and
// problems are printed by the one printer, after the document's source.
func TestSimulateReadsAsCreate(t *testing.T) {
	job := strings.Replace(simJob(1, 1, "Never"), "  completions: 1\n", "  completions: 1\n  backofLimit: 2\n", 1)
	tests := []struct {
		name     string
		args     []string
		input    string
		wantCode int
		wantErr  string
	}{
		{
			name:     "--validate strict (the default) refuses an unknown field",
			input:    job,
			wantCode: 1,
			wantErr:  "STDIN: Job in version \"v1\" cannot be handled as a Job: strict decoding error: unknown field \"spec.backofLimit\"\n",
		},
		{
			name:    "--validate warn warns and runs",
			args:    []string{"--validate", "warn"},
			input:   job,
			wantErr: "STDIN: Warning: unknown field \"spec.backofLimit\"\n[1/1 complete, 0 running] index 0 succeeded in 1.0s\n",
		},
		{
			name:    "--validate ignore runs",
			args:    []string{"--validate", "ignore"},
			input:   job,
			wantErr: "[1/1 complete, 0 running] index 0 succeeded in 1.0s\n",
		},
		{
			name:     "a bad --validate",
			args:     []string{"--validate", "loose"},
			input:    job,
			wantCode: 2,
			wantErr:  "jobkit simulate: --validate must be 'strict', 'warn' or 'ignore', not \"loose\"\n",
		},
		{
			name:     "a ConfigMap whose data is not a map of strings",
			input:    simJob(1, 1, "Never") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\ndata: {k: [1]}\n",
			wantCode: 1,
			wantErr:  "STDIN:17 (document 2): ConfigMap: data[k]: cannot decode a JSON array into string\n",
		},
		{
			name:     "a ConfigMap given twice",
			input:    simJob(1, 1, "Never") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\n",
			wantCode: 1,
			wantErr:  "STDIN:21 (document 3): ConfigMap 'p' must be given once\n",
		},
		{
			name:  "other kinds, and ConfigMaps of another namespace, are ignored with a warning",
			input: simJob(1, 1, "Never") + "---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p, namespace: other}\n",
			wantErr: "STDIN:17 (document 2): Warning: ignored: kind 'Service' (apiVersion 'v1') is neither a Job nor a v1 ConfigMap\n" +
				"STDIN:21 (document 3): Warning: ignored: ConfigMap 'p' is in namespace 'other', the Job in 'default'\n" +
				"[1/1 complete, 0 running] index 0 succeeded in 1.0s\n",
		},
		{
			name:    "member names of a ConfigMap match exactly",
			input:   simJob(1, 1, "Never") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p}\nDATA: {k: [1]}\n",
			wantErr: "[1/1 complete, 0 running] index 0 succeeded in 1.0s\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFakeRunner(&fakeClock{t: simEpoch}, nil)
			_, errOut, code := simulateFake(t, tt.input, r, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if diff := cmp.Diff(tt.wantErr, errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}
