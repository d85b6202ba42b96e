package jobtest

import (
	"fmt"
	"slices"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Builders for what tests of failure handling and of the Job controller
// keep writing by hand: finalizers and grace periods, terminated
// containers and pod conditions, pod failure policies, backoff limits per
// index, success policies, and the pods of a Job.

// Finalizers adds finalizers to `metadata.finalizers` (each once).
func Finalizers(finalizers ...string) MetaOption {
	return func(m *meta.ObjectMeta) {
		for _, f := range finalizers {
			if !slices.Contains(m.Finalizers, f) {
				m.Finalizers = append(m.Finalizers, f)
			}
		}
	}
}

// TerminationGracePeriod sets `terminationGracePeriodSeconds`: the grace
// period a delete gives the pod unless it asks for another.
func TerminationGracePeriod(seconds int64) SpecOption {
	return func(s *core.PodSpec) { s.TerminationGracePeriodSeconds = ptr(seconds) }
}

// ContainerTerminated gives the Pod a status for its container called
// name (replacing one it has) that says it terminated with exitCode:
// reason `Completed` for 0, else `Error`, as the kubelet writes them.
// It does not change the phase: add [Phase].
func ContainerTerminated(name string, exitCode int32) PodFunc {
	return func(p *core.Pod) {
		reason := "Error"
		if exitCode == 0 {
			reason = "Completed"
		}
		st := core.ContainerStatus{Name: name, State: core.ContainerState{
			Terminated: &core.ContainerStateTerminated{ExitCode: exitCode, Reason: reason},
		}}
		if i := slices.IndexFunc(p.Status.ContainerStatuses, func(c core.ContainerStatus) bool { return c.Name == name }); i >= 0 {
			p.Status.ContainerStatuses[i] = st
			return
		}
		p.Status.ContainerStatuses = append(p.Status.ContainerStatuses, st)
	}
}

// Failed makes the Pod a failed one: `phase: Failed` and its first
// container (DefaultContainerName unless an option renamed it) terminated
// with exitCode.
func Failed(exitCode int32) PodFunc {
	return func(p *core.Pod) {
		p.Status.Phase = core.PodFailed
		name := DefaultContainerName
		if len(p.Spec.Containers) > 0 {
			name = p.Spec.Containers[0].Name
		}
		ContainerTerminated(name, exitCode)(p)
	}
}

// Succeeded makes the Pod a succeeded one: `phase: Succeeded` and its
// first container terminated with exit code 0.
func Succeeded() PodFunc {
	return func(p *core.Pod) {
		Failed(0)(p)
		p.Status.Phase = core.PodSucceeded
	}
}

// PodCondition sets the pod condition of type t (replacing one of the same
// type) to status, such as `DisruptionTarget: True`, which a
// podFailurePolicy rule matches with [OnPodCondition].
func PodCondition(t core.PodConditionType, status core.ConditionStatus) PodFunc {
	return func(p *core.Pod) {
		c := core.PodCondition{Type: t, Status: status}
		if i := slices.IndexFunc(p.Status.Conditions, func(c core.PodCondition) bool { return c.Type == t }); i >= 0 {
			p.Status.Conditions[i] = c
			return
		}
		p.Status.Conditions = append(p.Status.Conditions, c)
	}
}

// PodFailurePolicy gives the Job `spec.podFailurePolicy` with rules, in
// order (the first rule that matches a failed pod decides).
func PodFailurePolicy(rules ...jobapi.PodFailurePolicyRule) JobFunc {
	return func(j *jobapi.Job) {
		j.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: slices.Clone(rules)}
	}
}

// OnExitCodes is a podFailurePolicy rule that takes action when a
// container's exit code is among codes (operator In) or, with
// jobapi.PodFailurePolicyOnExitCodesOpNotIn, is not.
func OnExitCodes(action jobapi.PodFailurePolicyAction, op jobapi.PodFailurePolicyOnExitCodesOperator, codes ...int32) jobapi.PodFailurePolicyRule {
	return jobapi.PodFailurePolicyRule{Action: action, OnExitCodes: &jobapi.PodFailurePolicyOnExitCodesRequirement{
		Operator: op, Values: slices.Clone(codes),
	}}
}

// FailJobOnExitCodes is the rule that fails the Job when a container
// exits with one of codes.
func FailJobOnExitCodes(codes ...int32) jobapi.PodFailurePolicyRule {
	return OnExitCodes(jobapi.PodFailurePolicyActionFailJob, jobapi.PodFailurePolicyOnExitCodesOpIn, codes...)
}

// OnPodCondition is a podFailurePolicy rule that takes action when a
// failed pod has the condition t with status True.
func OnPodCondition(action jobapi.PodFailurePolicyAction, t jobapi.PodConditionType) jobapi.PodFailurePolicyRule {
	return jobapi.PodFailurePolicyRule{Action: action, OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{
		{Type: t, Status: jobapi.ConditionTrue},
	}}
}

// IgnoreDisruptions is the rule that does not count the failures of pods
// with the condition `DisruptionTarget: True` (evictions, preemptions).
func IgnoreDisruptions() jobapi.PodFailurePolicyRule {
	return OnPodCondition(jobapi.PodFailurePolicyActionIgnore, jobapi.PodConditionType(core.DisruptionTarget))
}

// BackoffLimitPerIndex sets `spec.backoffLimitPerIndex` (for an Indexed
// Job): the failures each index may have before it is failed.
func BackoffLimitPerIndex(n int32) JobFunc {
	return func(j *jobapi.Job) { j.Spec.BackoffLimitPerIndex = ptr(n) }
}

// MaxFailedIndexes sets `spec.maxFailedIndexes`: the failed indexes after
// which the Job fails (with BackoffLimitPerIndex).
func MaxFailedIndexes(n int32) JobFunc {
	return func(j *jobapi.Job) { j.Spec.MaxFailedIndexes = ptr(n) }
}

// SuccessPolicy gives an Indexed Job `spec.successPolicy` with rules:
// the Job succeeds as soon as one rule holds.
func SuccessPolicy(rules ...jobapi.SuccessPolicyRule) JobFunc {
	return func(j *jobapi.Job) {
		j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: slices.Clone(rules)}
	}
}

// SucceededIndexes is the success policy rule that holds when the indexes
// of indexes (an interval list, "0,2-4") have succeeded.
func SucceededIndexes(indexes string) jobapi.SuccessPolicyRule {
	return jobapi.SuccessPolicyRule{SucceededIndexes: ptr(indexes)}
}

// SucceededCount is the success policy rule that holds when n indexes
// have succeeded.
func SucceededCount(n int32) jobapi.SuccessPolicyRule {
	return jobapi.SuccessPolicyRule{SucceededCount: ptr(n)}
}

// PodsOf returns n pods of job as its controller makes them, each changed
// by opts: in the Job's namespace, with the template's labels, metadata
// and spec, an owner reference naming the Job as controller (when it has
// a uid, as a Job from a Store does) and the tracking finalizer
// (jobapi.JobTrackingFinalizer). Pod i is named `<job>-<i>`; in an
// Indexed Job it has completion index i (see [Index]). The pods are not
// stored: create them, or give them to a controller's Sync.
func PodsOf(job *jobapi.Job, n int, opts ...PodOption) []*core.Pod {
	indexed := job.Spec.CompletionMode != nil && *job.Spec.CompletionMode == jobapi.IndexedCompletion
	pods := make([]*core.Pod, 0, n)
	for i := range n {
		tmpl := job.Spec.Template.DeepCopy()
		p := &core.Pod{
			ObjectMeta: *tmpl.ObjectMeta.DeepCopy(),
			Spec:       tmpl.Spec,
		}
		p.ObjectMeta.Name = fmt.Sprintf("%s-%d", job.ObjectMeta.Name, i)
		OwnedBy(job)(p)
		Finalizers(jobapi.JobTrackingFinalizer)(&p.ObjectMeta)
		if indexed {
			Index(i)(p)
		}
		for _, opt := range opts {
			if opt != nil {
				opt.applyPod(p)
			}
		}
		pods = append(pods, p)
	}
	return pods
}
