package kubelet_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/kubelet"
)

// scriptRunner runs no process: the n-th run of index i takes script[i][n]
// (1s and exit 0 past its end) on a clock that only it moves, and runs end
// in the order of their end times, then of their starts.
type scriptRunner struct {
	now     time.Time
	script  map[int][]run
	runs    map[int]int
	running []scripted
	seq     int
	started []string // "index/container", in order
}

type run struct {
	took time.Duration
	code int
}

type scripted struct {
	c   *kubelet.Container
	end time.Time
	run
	seq int
}

func newScriptRunner(script map[int][]run) *scriptRunner {
	return &scriptRunner{now: epoch, script: script, runs: map[int]int{}}
}

func (r *scriptRunner) Now() time.Time { return r.now }

func (r *scriptRunner) Start(c *kubelet.Container) error {
	ix := controller.CompletionIndex(c.Pod())
	b := run{took: time.Second}
	if s := r.script[ix]; r.runs[ix] < len(s) {
		b = s[r.runs[ix]]
	}
	r.runs[ix]++
	r.seq++
	r.running = append(r.running, scripted{c: c, end: r.now.Add(b.took), run: b, seq: r.seq})
	r.started = append(r.started, fmt.Sprintf("%d/%s", ix, c.Name()))
	return nil
}

func (r *scriptRunner) Wait(ctx context.Context, deadline time.Time) (kubelet.Exit, kubelet.WaitResult) {
	if ctx.Err() != nil {
		return kubelet.Exit{}, kubelet.Canceled
	}
	sort.Slice(r.running, func(i, j int) bool {
		if !r.running[i].end.Equal(r.running[j].end) {
			return r.running[i].end.Before(r.running[j].end)
		}
		return r.running[i].seq < r.running[j].seq
	})
	if len(r.running) == 0 || !deadline.IsZero() && r.running[0].end.After(deadline) {
		if deadline.IsZero() {
			return kubelet.Exit{}, kubelet.Canceled // nothing to wait for: end rather than hang
		}
		r.now = deadline
		return kubelet.Exit{}, kubelet.DeadlineReached
	}
	next := r.running[0]
	r.running = r.running[1:]
	r.now = next.end
	return kubelet.Exit{Container: next.c, Code: next.code}, kubelet.Exited
}

func (r *scriptRunner) Stop(cs []*kubelet.Container) {
	for _, c := range cs {
		for i, s := range r.running {
			if s.c == c {
				r.running = append(r.running[:i], r.running[i+1:]...)
				break
			}
		}
	}
}

func (r *scriptRunner) Release(*kubelet.Container) {}

// preparedJob decodes an Indexed Job of completions and parallelism, with
// extra lines under spec and under the pod spec, and creates it as the
// API server would.
func preparedJob(t testing.TB, completions, parallelism int, restart string, specLines, podLines string) *jobapi.Job {
	t.Helper()
	y := fmt.Sprintf(`apiVersion: batch/v1
kind: Job
metadata: {name: sim, namespace: default}
spec:
  completionMode: Indexed
  completions: %d
  parallelism: %d
%s  template:
    spec:
      restartPolicy: %s
%s      containers:
      - name: work
        image: busybox
        command: [work, "$(JOB_COMPLETION_INDEX)"]
`, completions, parallelism, specLines, restart, podLines)
	job, err := conversion.Decode([]byte(y))
	require.NoError(t, err)
	_, err = jobapi.PrepareForCreate(job)
	require.NoError(t, err)
	errs, err := jobapi.Validate(job)
	require.NoError(t, err)
	require.Empty(t, errs)
	return job
}

// eventLine is an event as the tests compare it.
func eventLine(e kubelet.Event) string {
	switch e.Type {
	case kubelet.JobFailed:
		return fmt.Sprintf("[%d done, %d active] Job failed: %s", e.Succeeded, e.Active, e.Condition.Reason)
	}
	what := map[kubelet.EventType]string{kubelet.PodSucceeded: "succeeded", kubelet.PodFailed: "failed", kubelet.ContainerRestarted: "restarted"}[e.Type]
	return fmt.Sprintf("[%d done, %d active] %d %s: exit %d%s after %s", e.Succeeded, e.Active,
		controller.CompletionIndex(e.Exit.Container.Pod()), what, e.Exit.Code, map[bool]string{true: " (" + e.Exit.Reason + ")"}[e.Exit.Reason != ""], e.Took)
}

func TestRunJob(t *testing.T) {
	tests := []struct {
		name         string
		job          *jobapi.Job
		cfg          kubelet.Config
		script       map[int][]run
		wantFinished jobapi.JobConditionType
		wantStatus   string // succeeded/failed/completedIndexes
		wantEvents   []string
		wantStarted  []string
	}{
		{
			name:         "indexes start lowest first, at most parallelism at once, and the Job completes",
			job:          preparedJob(t, 3, 2, "Never", "", ""),
			script:       map[int][]run{0: {{3 * time.Second, 0}}},
			wantFinished: jobapi.JobComplete,
			wantStatus:   "succeeded=3 failed=0 completed=0-2",
			wantEvents: []string{
				"[1 done, 1 active] 1 succeeded: exit 0 after 1s",
				"[2 done, 1 active] 2 succeeded: exit 0 after 1s",
				"[3 done, 0 active] 0 succeeded: exit 0 after 3s",
			},
			wantStarted: []string{"0/work", "1/work", "2/work"},
		},
		{
			name:         "restartPolicy OnFailure: the container restarts in its pod",
			job:          preparedJob(t, 1, 1, "OnFailure", "", ""),
			script:       map[int][]run{0: {{time.Second, 4}, {time.Second, 0}}},
			wantFinished: jobapi.JobComplete,
			wantStatus:   "succeeded=1 failed=0 completed=0",
			wantEvents: []string{
				"[0 done, 1 active] 0 restarted: exit 4 after 1s",
				"[1 done, 0 active] 0 succeeded: exit 0 after 1s",
			},
			wantStarted: []string{"0/work", "0/work"},
		},
		{
			name:         "restartPolicy Never with backoffLimit 0: the failed pod fails the Job",
			job:          preparedJob(t, 2, 1, "Never", "  backoffLimit: 0\n", ""),
			script:       map[int][]run{0: {{time.Second, 2}}},
			wantFinished: jobapi.JobFailed,
			wantStatus:   "succeeded=0 failed=1 completed=",
			wantEvents: []string{
				"[0 done, 0 active] 0 failed: exit 2 after 1s",
				"[0 done, 0 active] Job failed: BackoffLimitExceeded",
			},
			wantStarted: []string{"0/work"},
		},
		{
			name:         "SkipBackoffWait replaces a failed pod at once, and the init container runs first in every pod",
			job:          preparedJob(t, 1, 1, "Never", "", "      initContainers: [{name: init, image: busybox, command: [prepare]}]\n"),
			cfg:          kubelet.Config{SkipBackoffWait: true},
			script:       map[int][]run{0: {{time.Second, 0}, {time.Second, 1}}},
			wantFinished: jobapi.JobComplete,
			wantStatus:   "succeeded=1 failed=1 completed=0",
			wantEvents: []string{
				"[0 done, 0 active] 0 failed: exit 1 after 1s",
				"[1 done, 0 active] 0 succeeded: exit 0 after 1s",
			},
			wantStarted: []string{"0/init", "0/work", "0/init", "0/work"},
		},
		{
			name:         "FailRate 1 injects exit code 137 instead of starting the container",
			job:          preparedJob(t, 1, 1, "Never", "  backoffLimit: 0\n", ""),
			cfg:          kubelet.Config{FailRate: 1, Seed: 3},
			wantFinished: jobapi.JobFailed,
			wantStatus:   "succeeded=0 failed=1 completed=",
			wantEvents: []string{
				"[0 done, 0 active] 0 failed: exit 137 (injected) after 0s",
				"[0 done, 0 active] Job failed: BackoffLimitExceeded",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newScriptRunner(tt.script)
			var events []string
			cfg := tt.cfg
			cfg.Runner, cfg.Now, cfg.NodeName = r, r.Now, "node-1"
			cfg.OnEvent = func(e kubelet.Event) { events = append(events, eventLine(e)) }
			res, err := kubelet.RunJob(context.Background(), tt.job, cfg)
			require.NoError(t, err)
			if res.Finished != tt.wantFinished {
				t.Errorf("finished %q, want %q", res.Finished, tt.wantFinished)
			}
			st := res.Status
			if got := fmt.Sprintf("succeeded=%d failed=%d completed=%s", st.Succeeded, st.Failed, st.CompletedIndexes); got != tt.wantStatus {
				t.Errorf("status %s, want %s", got, tt.wantStatus)
			}
			if diff := cmp.Diff(tt.wantEvents, events); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantStarted, r.started); diff != "" {
				t.Errorf("started (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRunJobRefuses(t *testing.T) {
	tests := []struct {
		name string
		job  *jobapi.Job
		cfg  kubelet.Config
		want []string
	}{
		{
			name: "a suspended Job",
			job:  preparedJob(t, 1, 1, "Never", "  suspend: true\n", ""),
			want: []string{"spec.suspend: Invalid value: true: must be false to simulate: a suspended Job starts no pod"},
		},
		{
			name: "parallelism 0",
			job:  preparedJob(t, 1, 0, "Never", "", ""),
			want: []string{"spec.parallelism: Invalid value: 0: must be greater than 0 to simulate (or give --parallelism): with 0 no pod ever starts"},
		},
		{
			name: "a pod the model cannot plan, named at its field in the Job",
			job:  preparedJob(t, 1, 1, "Never", "", "      volumes: [{name: v, hostPath: {path: /x}}]\n      initContainers: [{name: i, image: busybox, command: [x], volumeMounts: [{name: v, mountPath: /v}]}]\n"),
			want: []string{`spec.template.spec.volumes[0]: Unsupported value: "hostPath": supported values: "configMap", "downwardAPI", "emptyDir", "projected"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newScriptRunner(nil)
			cfg := tt.cfg
			cfg.Runner, cfg.Now = r, r.Now
			_, err := kubelet.RunJob(context.Background(), tt.job, cfg)
			var ke *kubelet.Error
			require.True(t, errors.As(err, &ke), "error %v", err)
			var got []string
			for _, e := range ke.Errs {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if len(r.started) > 0 {
				t.Errorf("containers started: %q", r.started)
			}
		})
	}
	if _, err := kubelet.RunJob(context.Background(), preparedJob(t, 1, 1, "Never", "", ""), kubelet.Config{}); err == nil || !strings.Contains(err.Error(), "Runner") {
		t.Errorf("RunJob without a Runner: error %v, want one naming Config.Runner", err)
	}
}

// TestRunJobCanceled cancels the run while pods run: they are stopped and
// counted, and the status has no finished condition.
func TestRunJobCanceled(t *testing.T) {
	r := newScriptRunner(nil)
	ctx, cancel := context.WithCancel(context.Background())
	cfg := kubelet.Config{Runner: r, Now: r.Now, OnEvent: func(kubelet.Event) { cancel() }}
	res, err := kubelet.RunJob(ctx, preparedJob(t, 5, 3, "Never", "", ""), cfg)
	require.NoError(t, err)
	if res.Finished != "" || res.Interrupted != 3 || res.Status.Succeeded != 1 || res.Status.Active != 0 {
		t.Errorf("result %+v: want unfinished, 3 interrupted (indexes 1 and 2, and 3 that replaced 0), 1 succeeded, 0 active", res)
	}
}

// BenchmarkRunJob measures RunJob over a scripted runner: building,
// planning and scheduling each pod and the bookkeeping of its exit (every
// tenth run fails once).
func BenchmarkRunJob(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("completions=%d", n), func(b *testing.B) {
			script := map[int][]run{}
			for ix := 0; ix < n; ix += 10 {
				script[ix] = []run{{time.Second, 1}}
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				job := preparedJob(b, n, 50, "Never", "  backoffLimit: 100000\n", "")
				r := newScriptRunner(script)
				b.StartTimer()
				res, err := kubelet.RunJob(context.Background(), job, kubelet.Config{Runner: r, Now: r.Now, SkipBackoffWait: true})
				if err != nil || res.Finished != jobapi.JobComplete {
					b.Fatalf("RunJob: %v, %v", res.Finished, err)
				}
			}
		})
	}
}
