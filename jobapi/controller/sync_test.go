package controller

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestSyncBuildsIndexedPodsAsTheControllerDoes(t *testing.T) {
	job := indexedJob(3, 2)
	job.Spec.BackoffLimitPerIndex = ptr(int32(1))
	job.Spec.Template.Spec.Subdomain = "svc"
	job.Spec.Template.ObjectMeta.Annotations = map[string]string{"a": "b"}
	c := newCluster(t, job)
	d, _ := c.sync()
	if len(d.Create) != 2 {
		t.Fatalf("created %d pods, want 2", len(d.Create))
	}
	yes := true
	want := &core.Pod{
		ObjectMeta: meta.ObjectMeta{
			GenerateName: "pi-1-",
			Namespace:    "ns",
			Labels: map[string]string{
				"batch.kubernetes.io/controller-uid": "job-uid", "batch.kubernetes.io/job-name": "pi",
				"controller-uid": "job-uid", "job-name": "pi",
				"batch.kubernetes.io/job-completion-index": "1",
			},
			Annotations: map[string]string{
				"a": "b", "batch.kubernetes.io/job-completion-index": "1",
				"batch.kubernetes.io/job-index-failure-count": "0",
			},
			Finalizers: []string{"batch.kubernetes.io/job-tracking"},
			OwnerReferences: []meta.OwnerReference{{
				APIVersion: "batch/v1", Kind: "Job", Name: "pi", UID: "job-uid", Controller: &yes, BlockOwnerDeletion: &yes,
			}},
		},
		Spec: core.PodSpec{
			RestartPolicy: core.RestartPolicyNever,
			Hostname:      "pi-1",
			Subdomain:     "svc",
			Containers: []core.Container{{Name: "main", Image: "busybox", Env: []core.EnvVar{{
				Name: "JOB_COMPLETION_INDEX",
				ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{
					FieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']",
				}},
			}}}},
		},
	}
	if diff := cmp.Diff(want, d.Create[1]); diff != "" {
		t.Errorf("pod of index 1 (-want +got):\n%s", diff)
	}
	if job.Spec.Template.Spec.Containers[0].Env != nil {
		t.Errorf("Sync changed the Job's template")
	}
}

func TestSyncBuildsNonIndexedPodsWithTheJobNameAsPrefix(t *testing.T) {
	c := newCluster(t, nonIndexedJob(3, 2))
	d, _ := c.sync()
	if len(d.Create) != 2 {
		t.Fatalf("created %d pods, want 2", len(d.Create))
	}
	p := d.Create[0]
	got := []any{p.ObjectMeta.GenerateName, p.Spec.Hostname, len(p.Spec.Containers[0].Env), p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation]}
	if diff := cmp.Diff([]any{"pi-", "", 0, ""}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSyncCutsLongJobNamesInGenerateName(t *testing.T) {
	job := indexedJob(12, 1)
	job.ObjectMeta.Name = "a-job-name-of-sixty-three-characters-which-is-the-longest-one-x"
	c := newCluster(t, job)
	d, _ := c.sync()
	if got, want := d.Create[0].ObjectMeta.GenerateName, job.ObjectMeta.Name[:55]+"-0-"; got != want {
		t.Errorf("generateName %q, want %q", got, want)
	}
}

// step is one event of a scenario and the status expected after the
// cluster settles.
type step struct {
	name string
	do   func(c *cluster)
	want counts
}

// runSteps settles the cluster, then plays the steps.
func runSteps(t *testing.T, c *cluster, steps []step) {
	t.Helper()
	for _, s := range steps {
		if s.do != nil {
			s.do(c)
		}
		c.settle()
		if diff := cmp.Diff(s.want, countsOf(c.job.Status)); diff != "" {
			t.Fatalf("after %s (-want +got):\n%s", s.name, diff)
		}
	}
}

// succeed ends the active pod of each index with success.
func succeed(ixs ...int) func(c *cluster) {
	return func(c *cluster) {
		for _, ix := range ixs {
			c.finish(c.byIndex(ix), 0)
		}
	}
}

// fail ends the active pod of each index with exit code 1.
func fail(ixs ...int) func(c *cluster) {
	return func(c *cluster) {
		for _, ix := range ixs {
			c.finish(c.byIndex(ix), 1)
		}
	}
}

// wait advances the clock.
func wait(d time.Duration) func(c *cluster) {
	return func(c *cluster) { c.now = c.now.Add(d) }
}

func TestSyncCompletesWhenEveryIndexSucceeded(t *testing.T) {
	c := newCluster(t, indexedJob(3, 2))
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"running", func(c *cluster) { c.run() }, counts{Active: 2, Ready: 2}},
		{"0 and 1 succeed", succeed(0, 1), counts{Active: 1, Succeeded: 2, CompletedIndexes: "0,1"}},
		{"2 succeeds", func(c *cluster) { c.now = c.now.Add(time.Second); c.finish(c.byIndex(2), 0) },
			counts{Succeeded: 3, CompletedIndexes: "0-2", Conditions: "SuccessCriteriaMet=True/CompletionsReached, Complete=True/CompletionsReached"}},
	})
	st := c.job.Status
	if st.CompletionTime == nil || !st.CompletionTime.Time.Equal(t0.Add(time.Second)) || !st.StartTime.Time.Equal(t0) {
		t.Errorf("startTime %v, completionTime %v", st.StartTime, st.CompletionTime)
	}
	if got := st.Conditions[1].Message; got != MessageCompletionsReached {
		t.Errorf("message %q", got)
	}
	if d := Sync(c.job, c.pods, c.now, c.backoff); d.Skipped != AlreadyFinished {
		t.Errorf("a finished Job is synced again: %+v", d)
	}
}

func TestSyncNonIndexedWithoutCompletionsCompletesOnFirstSuccess(t *testing.T) {
	c := newCluster(t, nonIndexedJob(-1, 2))
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"one succeeds", func(c *cluster) { c.finish(c.active()[0], 0) }, counts{Active: 1, Succeeded: 1}},
		{"the other succeeds", func(c *cluster) { c.finish(c.active()[0], 0) },
			counts{Succeeded: 2, Conditions: "SuccessCriteriaMet=True/CompletionsReached, Complete=True/CompletionsReached"}},
	})
}

func TestSyncBackoffDelaysTheReplacementOfFailedPods(t *testing.T) {
	c := newCluster(t, nonIndexedJob(1, 1))
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 1}},
		{"the pod fails", func(c *cluster) { c.finish(c.active()[0], 1) }, counts{Failed: 1}},
	})
	if c.requeue != 10*time.Second {
		t.Errorf("requeue after %v, want 10s", c.requeue)
	}
	runSteps(t, c, []step{
		{"9s later", wait(9 * time.Second), counts{Failed: 1}},
		{"10s later", wait(time.Second), counts{Active: 1, Failed: 1}},
		{"fails again", func(c *cluster) { c.finish(c.active()[0], 1) }, counts{Failed: 2}},
	})
	if c.requeue != 20*time.Second {
		t.Errorf("after 2 failures requeue after %v, want 20s", c.requeue)
	}
	runSteps(t, c, []step{
		{"20s later", wait(20 * time.Second), counts{Active: 1, Failed: 2}},
		{"succeeds", func(c *cluster) { c.finish(c.active()[0], 0) },
			counts{Succeeded: 1, Failed: 2, Conditions: "SuccessCriteriaMet=True/CompletionsReached, Complete=True/CompletionsReached"}},
	})
}

func TestBackoffRemainingDoublesUpToTheMaximum(t *testing.T) {
	tests := []struct {
		failures int32
		want     time.Duration
	}{{0, 0}, {1, 10 * time.Second}, {2, 20 * time.Second}, {3, 40 * time.Second}, {7, 10 * time.Minute}, {60, 10 * time.Minute}}
	for _, tt := range tests {
		b := Backoff{FailuresAfterLastSuccess: tt.failures, LastFailureTime: t0}
		if got := b.Remaining(t0); got != tt.want {
			t.Errorf("%d failures: %v, want %v", tt.failures, got, tt.want)
		}
	}
}

func TestSyncBackoffLimitExceededFailsTheJob(t *testing.T) {
	job := indexedJob(4, 2)
	job.Spec.BackoffLimit = ptr(int32(1))
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", func(c *cluster) {}, counts{Active: 2}},
		{"running", func(c *cluster) { c.run() }, counts{Active: 2, Ready: 2}},
		{"0 fails", fail(0), counts{Active: 1, Ready: 1, Failed: 1}},
		{"10s later", wait(10 * time.Second), counts{Active: 2, Ready: 1, Failed: 1}},
		{"1 fails", fail(1), counts{Terminating: 1, Failed: 3,
			Conditions: "FailureTarget=True/BackoffLimitExceeded"}},
		{"the kubelet kills the last pod", func(c *cluster) { c.kill() }, counts{Failed: 3,
			Conditions: "FailureTarget=True/BackoffLimitExceeded, Failed=True/BackoffLimitExceeded"}},
	})
	if got := c.job.Status.Conditions[1].Message; got != MessageBackoffLimitExceeded {
		t.Errorf("message %q", got)
	}
}

func TestSyncOnFailureRestartsCountTowardTheBackoffLimit(t *testing.T) {
	job := indexedJob(1, 1)
	job.Spec.BackoffLimit = ptr(int32(2))
	job.Spec.Template.Spec.RestartPolicy = core.RestartPolicyOnFailure
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", func(c *cluster) { c.settle(); c.run() }, counts{Active: 1, Ready: 1}},
		{"one restart", func(c *cluster) {
			setUnknown(c.active()[0], "containerStatuses", []map[string]any{{"name": "main", "restartCount": 1}})
		}, counts{Active: 1, Ready: 1}},
		{"two restarts", func(c *cluster) {
			setUnknown(c.active()[0], "containerStatuses", []map[string]any{{"name": "main", "restartCount": 2}})
		}, counts{Terminating: 1, Failed: 1, Conditions: "FailureTarget=True/BackoffLimitExceeded"}},
		{"killed", func(c *cluster) { c.kill() }, counts{Failed: 1, Conditions: "FailureTarget=True/BackoffLimitExceeded, Failed=True/BackoffLimitExceeded"}},
	})
}

func TestSyncBackoffLimitPerIndexCountsFailuresPerIndex(t *testing.T) {
	job := indexedJob(3, 3)
	job.Spec.BackoffLimitPerIndex = ptr(int32(1))
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 3, FailedIndexes: "[]"}},
		{"1 fails", fail(1), counts{Active: 2, FailedIndexes: "[]"}},
		{"10s later", wait(10 * time.Second), counts{Active: 3, Failed: 1, FailedIndexes: "[]"}},
	})
	if got := c.byIndex(1).ObjectMeta.Annotations[IndexFailureCountAnnotation]; got != "1" {
		t.Errorf("the replacement's failure count is %q, want 1", got)
	}
	runSteps(t, c, []step{
		{"1 fails again", fail(1), counts{Active: 2, Failed: 2, FailedIndexes: "[1]"}},
		{"0 succeeds", succeed(0), counts{Active: 1, Succeeded: 1, Failed: 2, CompletedIndexes: "0", FailedIndexes: "[1]"}},
		{"2 succeeds", succeed(2), counts{Succeeded: 2, Failed: 2, CompletedIndexes: "0,2", FailedIndexes: "[1]",
			Conditions: "FailureTarget=True/FailedIndexes, Failed=True/FailedIndexes"}},
	})
}

func TestSyncMaxFailedIndexesExceededFailsTheJob(t *testing.T) {
	job := indexedJob(4, 4)
	job.Spec.BackoffLimitPerIndex = ptr(int32(0))
	job.Spec.MaxFailedIndexes = ptr(int32(1))
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 4, FailedIndexes: "[]"}},
		{"0 fails", fail(0), counts{Active: 3, Failed: 1, FailedIndexes: "[0]"}},
		{"1 fails", fail(1), counts{Failed: 4, Terminating: 2, FailedIndexes: "[0,1]", Conditions: "FailureTarget=True/MaxFailedIndexesExceeded"}},
		{"killed", func(c *cluster) { c.kill() }, counts{Failed: 4, FailedIndexes: "[0,1]",
			Conditions: "FailureTarget=True/MaxFailedIndexesExceeded, Failed=True/MaxFailedIndexesExceeded"}},
	})
}

func TestSyncActiveDeadlineSecondsFailsTheJob(t *testing.T) {
	job := indexedJob(2, 1)
	job.Spec.ActiveDeadlineSeconds = ptr(int64(30))
	c := newCluster(t, job)
	runSteps(t, c, []step{{"start", nil, counts{Active: 1}}})
	if c.requeue != 30*time.Second {
		t.Errorf("requeue after %v, want 30s", c.requeue)
	}
	runSteps(t, c, []step{
		{"29s", wait(29 * time.Second), counts{Active: 1}},
		{"30s", wait(time.Second), counts{Terminating: 1, Failed: 1, Conditions: "FailureTarget=True/DeadlineExceeded"}},
		{"killed", func(c *cluster) { c.kill() }, counts{Failed: 1, Conditions: "FailureTarget=True/DeadlineExceeded, Failed=True/DeadlineExceeded"}},
	})
}

func TestSyncSuspendDeletesActivePodsAndResumeResetsStartTime(t *testing.T) {
	job := indexedJob(2, 2)
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"0 succeeds", succeed(0), counts{Active: 1, Succeeded: 1, CompletedIndexes: "0"}},
		{"suspend", func(c *cluster) { c.job.Spec.Suspend = ptr(true) },
			counts{Terminating: 1, Succeeded: 1, CompletedIndexes: "0", Conditions: "Suspended=True/JobSuspended"}},
	})
	if c.job.Status.StartTime != nil {
		t.Errorf("startTime %v after suspension, want none", c.job.Status.StartTime)
	}
	runSteps(t, c, []step{
		{"killed", func(c *cluster) { c.kill() }, counts{Succeeded: 1, CompletedIndexes: "0", Conditions: "Suspended=True/JobSuspended"}},
		{"resume", func(c *cluster) { c.now = c.now.Add(time.Minute); c.job.Spec.Suspend = ptr(false) },
			counts{Active: 1, Succeeded: 1, CompletedIndexes: "0", Conditions: "Suspended=False/JobResumed"}},
	})
	if st := c.job.Status.StartTime; st == nil || !st.Time.Equal(t0.Add(time.Minute)) {
		t.Errorf("startTime %v after resuming, want %v", st, t0.Add(time.Minute))
	}
}

func TestSyncCreatesNothingForAJobCreatedSuspended(t *testing.T) {
	job := indexedJob(2, 2)
	job.Spec.Suspend = ptr(true)
	c := newCluster(t, job)
	runSteps(t, c, []step{{"start", nil, counts{Conditions: "Suspended=True/JobSuspended"}}})
	if c.job.Status.StartTime != nil || len(c.created) != 0 {
		t.Errorf("startTime %v, %d pods", c.job.Status.StartTime, len(c.created))
	}
}

func TestSyncLeavesJobsManagedByAnotherController(t *testing.T) {
	job := indexedJob(2, 2)
	job.Spec.ManagedBy = ptr("example.com/queue")
	c := newCluster(t, job)
	d := Sync(c.job, nil, t0, Backoff{})
	if diff := cmp.Diff(Decision{Skipped: ManagedElsewhere}, d, cmpopts.IgnoreFields(Decision{}, "Input")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	job.Spec.ManagedBy = ptr(ControllerName)
	if d := Sync(job, nil, t0, Backoff{}); d.Skipped != "" || len(d.Create) != 2 {
		t.Errorf("managedBy %s: %+v", ControllerName, d)
	}
}

func TestSyncSkipsUnknownCompletionModes(t *testing.T) {
	job := indexedJob(2, 2)
	m := jobapi.CompletionMode("Sometimes")
	job.Spec.CompletionMode = &m
	if d := Sync(job, nil, t0, Backoff{}); d.Skipped != UnknownCompletionMode {
		t.Errorf("%+v", d)
	}
}

func TestSyncDeletesDuplicatesOfAnIndexAndIndexesOutOfRange(t *testing.T) {
	c := newCluster(t, indexedJob(2, 2))
	c.settle()
	c.run()
	dup := c.byIndex(0).DeepCopy()
	dup.ObjectMeta.UID, dup.ObjectMeta.Name = "dup", "pi-0-dup"
	dup.ObjectMeta.CreationTimestamp = meta.Time{Time: t0.Add(time.Second)}
	out := c.byIndex(1).DeepCopy()
	out.ObjectMeta.UID, out.ObjectMeta.Name = "out", "pi-5-out"
	out.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = "5"
	c.pods = append(c.pods, dup, out)
	d, _ := c.sync()
	var got []string
	for _, p := range d.Delete {
		got = append(got, string(p.ObjectMeta.UID))
	}
	if diff := cmp.Diff([]string{"dup", "out"}, got); diff != "" {
		t.Errorf("deleted (-want +got):\n%s", diff)
	}
}

func TestSyncDeletesExcessPodsWhenParallelismShrinks(t *testing.T) {
	c := newCluster(t, nonIndexedJob(5, 3))
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 3}},
		{"parallelism 1", func(c *cluster) { c.job.Spec.Parallelism = ptr(int32(1)) }, counts{Active: 1, Terminating: 2}},
		{"killed", func(c *cluster) { c.kill() }, counts{Active: 1}},
	})
}

func TestSyncPodReplacementPolicyFailedWaitsForTerminatingPods(t *testing.T) {
	job := nonIndexedJob(3, 2)
	job.Spec.PodReplacementPolicy = ptr(jobapi.Failed)
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"a pod is deleted", func(c *cluster) {
			c.active()[0].ObjectMeta.DeletionTimestamp = &meta.Time{Time: c.now}
		}, counts{Active: 1, Terminating: 1}},
		{"it fails", func(c *cluster) { c.kill() }, counts{Active: 1, Failed: 1}},
		{"10s later", wait(10 * time.Second), counts{Active: 2, Failed: 1}},
	})
}

func TestSyncPodReplacementPolicyTerminatingOrFailedReplacesAtOnce(t *testing.T) {
	c := newCluster(t, nonIndexedJob(3, 2))
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"a pod is deleted", func(c *cluster) {
			c.active()[0].ObjectMeta.DeletionTimestamp = &meta.Time{Time: c.now}
		}, counts{Active: 1, Terminating: 1, Failed: 1}},
		{"10s later", wait(10 * time.Second), counts{Active: 2, Terminating: 1, Failed: 1}},
	})
}

// exitCodeRule is a pod failure policy rule on exit codes.
func exitCodeRule(action jobapi.PodFailurePolicyAction, op jobapi.PodFailurePolicyOnExitCodesOperator, container *string, codes ...int32) jobapi.PodFailurePolicyRule {
	return jobapi.PodFailurePolicyRule{Action: action, OnExitCodes: &jobapi.PodFailurePolicyOnExitCodesRequirement{ContainerName: container, Operator: op, Values: codes}}
}

func TestSyncPodFailurePolicyFailJobOnExitCode(t *testing.T) {
	job := indexedJob(2, 2)
	job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
		exitCodeRule(jobapi.PodFailurePolicyActionFailJob, jobapi.PodFailurePolicyOnExitCodesOpIn, ptr("main"), 42),
	}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"0 exits 42", func(c *cluster) { c.finish(c.byIndex(0), 42) }, counts{Terminating: 1, Failed: 2, Conditions: "FailureTarget=True/PodFailurePolicy"}},
		{"killed", func(c *cluster) { c.kill() }, counts{Failed: 2, Conditions: "FailureTarget=True/PodFailurePolicy, Failed=True/PodFailurePolicy"}},
	})
	want := "Container main for pod ns/pi-0-00001 failed with exit code 42 matching FailJob rule at index 0"
	if got := c.job.Status.Conditions[1].Message; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

func TestSyncPodFailurePolicyIgnoreDoesNotCount(t *testing.T) {
	job := nonIndexedJob(1, 1)
	job.Spec.BackoffLimit = ptr(int32(0))
	job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
		{Action: jobapi.PodFailurePolicyActionIgnore, OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{{Type: jobapi.DisruptionTarget, Status: jobapi.ConditionTrue}}},
	}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 1}},
		{"disrupted", func(c *cluster) {
			p := c.active()[0]
			c.finish(p, 137)
			addCondition(p, "DisruptionTarget", "True")
		}, counts{}},
		{"10s later", wait(10 * time.Second), counts{Active: 1}},
		{"fails for real", func(c *cluster) { c.finish(c.active()[0], 1) },
			counts{Failed: 1, Conditions: "FailureTarget=True/BackoffLimitExceeded, Failed=True/BackoffLimitExceeded"}},
	})
}

func TestSyncPodFailurePolicyNotInCountsOtherExitCodes(t *testing.T) {
	job := nonIndexedJob(1, 1)
	job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
		exitCodeRule(jobapi.PodFailurePolicyActionFailJob, jobapi.PodFailurePolicyOnExitCodesOpNotIn, nil, 1, 2),
	}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 1}},
		{"exit 2: counted", func(c *cluster) { c.finish(c.active()[0], 2) }, counts{Failed: 1}},
		{"10s", wait(10 * time.Second), counts{Active: 1, Failed: 1}},
		{"exit 3: fails the Job", func(c *cluster) { c.finish(c.active()[0], 3) },
			counts{Failed: 2, Conditions: "FailureTarget=True/PodFailurePolicy, Failed=True/PodFailurePolicy"}},
	})
}

func TestSyncPodFailurePolicyFailIndexFailsTheIndexAtOnce(t *testing.T) {
	job := indexedJob(2, 2)
	job.Spec.BackoffLimitPerIndex = ptr(int32(3))
	job.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
		exitCodeRule(jobapi.PodFailurePolicyActionFailIndex, jobapi.PodFailurePolicyOnExitCodesOpIn, nil, 7),
		exitCodeRule(jobapi.PodFailurePolicyActionCount, jobapi.PodFailurePolicyOnExitCodesOpIn, nil, 7, 8),
	}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2, FailedIndexes: "[]"}},
		{"0 exits 7", func(c *cluster) { c.finish(c.byIndex(0), 7) }, counts{Active: 1, Failed: 1, FailedIndexes: "[0]"}},
		{"1 succeeds", succeed(1), counts{Succeeded: 1, Failed: 1, CompletedIndexes: "1", FailedIndexes: "[0]",
			Conditions: "FailureTarget=True/FailedIndexes, Failed=True/FailedIndexes"}},
	})
}

func TestSyncSuccessPolicySucceededIndexesEndsTheJob(t *testing.T) {
	job := indexedJob(3, 3)
	job.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{SucceededCount: ptr(int32(5))}, {SucceededIndexes: ptr("0")}}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 3}},
		{"0 succeeds", succeed(0), counts{Terminating: 2, Succeeded: 1, CompletedIndexes: "0", Conditions: "SuccessCriteriaMet=True/SuccessPolicy"}},
		{"killed", func(c *cluster) { c.kill() }, counts{Succeeded: 1, CompletedIndexes: "0",
			Conditions: "SuccessCriteriaMet=True/SuccessPolicy, Complete=True/SuccessPolicy"}},
	})
	if got := c.job.Status.Conditions[1].Message; got != "Matched rules at index 1" {
		t.Errorf("message %q", got)
	}
}

func TestSyncSuccessPolicySucceededCountEndsTheJob(t *testing.T) {
	job := indexedJob(4, 2)
	job.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{SucceededIndexes: ptr("1-3"), SucceededCount: ptr(int32(1))}}}
	c := newCluster(t, job)
	runSteps(t, c, []step{
		{"start", nil, counts{Active: 2}},
		{"0 succeeds", succeed(0), counts{Active: 2, Succeeded: 1, CompletedIndexes: "0"}},
		{"1 succeeds", succeed(1), counts{Terminating: 1, Succeeded: 2, CompletedIndexes: "0,1", Conditions: "SuccessCriteriaMet=True/SuccessPolicy"}},
	})
}

func TestSyncIgnoresPodsOfOtherControllers(t *testing.T) {
	c := newCluster(t, nonIndexedJob(1, 1))
	c.settle()
	other := c.active()[0].DeepCopy()
	other.ObjectMeta.UID = "other"
	other.ObjectMeta.OwnerReferences[0].UID = "another-job"
	d := Sync(c.job, append(c.pods, other), c.now, c.backoff)
	if len(d.Delete) != 0 || d.Status.Active != 1 {
		t.Errorf("a pod of another Job counts: %+v", d)
	}
}

func TestSyncIsDeterministicAndChangesNoInput(t *testing.T) {
	c := newCluster(t, indexedJob(5, 3))
	c.settle()
	c.finish(c.byIndex(0), 1)
	job, pods := c.job.DeepCopy(), make([]*core.Pod, len(c.pods))
	for i, p := range c.pods {
		pods[i] = p.DeepCopy()
	}
	a := Sync(c.job, c.pods, c.now, c.backoff)
	b := Sync(c.job, c.pods, c.now, c.backoff)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("two syncs differ (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(job, c.job); diff != "" {
		t.Errorf("Sync changed the Job (-before +after):\n%s", diff)
	}
	for i := range pods {
		if diff := cmp.Diff(pods[i], c.pods[i]); diff != "" {
			t.Errorf("Sync changed a pod (-before +after):\n%s", diff)
		}
	}
}
