package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/selector"
)

// TestFailureBuildersMakeValidJobs: the Jobs the failure-handling
// builders make are valid as the API server judges them (created in a
// Store), and have the fields the builders name.
func TestFailureBuildersMakeValidJobs(t *testing.T) {
	tests := []struct {
		name  string
		job   *jobapi.Job
		check func(*jobapi.Job) bool
	}{
		{"pod failure policy", jobtest.Job("pi",
			jobtest.PodFailurePolicy(jobtest.FailJobOnExitCodes(42), jobtest.IgnoreDisruptions(),
				jobtest.OnExitCodes(jobapi.PodFailurePolicyActionCount, jobapi.PodFailurePolicyOnExitCodesOpNotIn, 1, 2))),
			func(j *jobapi.Job) bool { return len(j.Spec.PodFailurePolicy.Rules) == 3 }},
		{"backoff limit per index", jobtest.Job("pi", jobtest.Indexed(5), jobtest.BackoffLimitPerIndex(1), jobtest.MaxFailedIndexes(2),
			jobtest.PodFailurePolicy(jobtest.OnExitCodes(jobapi.PodFailurePolicyActionFailIndex, jobapi.PodFailurePolicyOnExitCodesOpIn, 3))),
			func(j *jobapi.Job) bool { return *j.Spec.BackoffLimitPerIndex == 1 && *j.Spec.MaxFailedIndexes == 2 }},
		{"success policy", jobtest.Job("pi", jobtest.Indexed(5), jobtest.SuccessPolicy(jobtest.SucceededIndexes("0-2"), jobtest.SucceededCount(4))),
			func(j *jobapi.Job) bool { return len(j.Spec.SuccessPolicy.Rules) == 2 }},
		{"grace period and finalizers", jobtest.Job("pi", jobtest.TerminationGracePeriod(5), jobtest.Finalizers("example.com/x", "example.com/x")),
			func(j *jobapi.Job) bool {
				return *j.Spec.Template.Spec.TerminationGracePeriodSeconds == 5 && len(j.ObjectMeta.Finalizers) == 1
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := newStore().Jobs("ns").Create(tt.job)
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(got) {
				t.Errorf("the built fields are not there: %+v", got.Spec)
			}
		})
	}
}

// TestPodsOf: the pods of a Job are what its controller makes — selected
// by the Job, owned by it, tracked by its finalizer, indexed in an Indexed
// Job — and the failure builders set their status as the kubelet would.
func TestPodsOf(t *testing.T) {
	s := newStore()
	job := mustCreate(t, s.Jobs("ns"), jobtest.Job("pi", jobtest.Indexed(3)))
	pods := jobtest.PodsOf(job, 3, jobtest.NodeName("n"))
	sel, err := selector.FromLabelSelector(job.Spec.Selector)
	if err != nil {
		t.Fatal(err)
	}
	type seen struct {
		Name, Index string
		Selected    bool
		Owner       string
		Finalizers  []string
	}
	var got []seen
	for _, p := range pods {
		c := mustCreate(t, s.Pods("ns"), p)
		got = append(got, seen{c.ObjectMeta.Name, c.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation],
			sel.Matches(selector.Set(c.ObjectMeta.Labels)), string(c.ObjectMeta.OwnerReferences[0].UID), c.ObjectMeta.Finalizers})
	}
	uid := string(job.ObjectMeta.UID)
	fin := []string{jobapi.JobTrackingFinalizer}
	want := []seen{{"pi-0", "0", true, uid, fin}, {"pi-1", "1", true, uid, fin}, {"pi-2", "2", true, uid, fin}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pods of the Job (-want +got):\n%s", diff)
	}

	failed := jobtest.Pod("f", jobtest.Failed(42), jobtest.PodCondition(core.DisruptionTarget, core.ConditionTrue))
	term := failed.Status.ContainerStatuses[0].State.Terminated
	if failed.Status.Phase != core.PodFailed || term.ExitCode != 42 || term.Reason != "Error" || len(failed.Status.Conditions) != 1 {
		t.Errorf("Failed(42): %+v", failed.Status)
	}
	ok := jobtest.Pod("s", jobtest.Succeeded(), jobtest.ContainerTerminated("side", 1))
	if ok.Status.Phase != core.PodSucceeded || ok.Status.ContainerStatuses[0].State.Terminated.Reason != "Completed" || len(ok.Status.ContainerStatuses) != 2 {
		t.Errorf("Succeeded(): %+v", ok.Status)
	}
}
