// Package controller is Kubernetes' Job controller (v1.36, default feature
// gates) as a pure function: [Sync] takes a Job, the pods an informer
// sees for it, the time and the failure record of the previous sync, and
// returns a [Decision] — the pods to create (built exactly as the
// controller builds them), the pods to delete, the pods whose tracking
// finalizer to remove, the Job's new status and when to look again. It
// starts no goroutine, reads no clock and does no I/O: the same input
// gives the same Decision, so a controller, a local runner or a test
// drives it with its own store and clock.
//
// The model is one sync of the real controller whose writes all succeed:
// finished pods are counted (through status.uncountedTerminatedPods, empty
// again at the end), the interim conditions FailureTarget and
// SuccessCriteriaMet come before Failed and Complete, and the final
// condition waits until no pod is terminating. What Sync covers: Indexed
// and NonIndexed Jobs; backoffLimit (and, for restartPolicy OnFailure,
// container restarts); backoffLimitPerIndex and maxFailedIndexes;
// podFailurePolicy (FailJob, FailIndex, Ignore, Count; onExitCodes,
// onPodConditions); successPolicy; podReplacementPolicy; suspend and
// resume; activeDeadlineSeconds; the pod failure backoff (10 s doubling
// per consecutive failure up to 10 minutes, per index with
// backoffLimitPerIndex); managedBy naming another controller (left
// alone) and finished Jobs (left alone).
//
// Non-goals: adopting orphan pods and releasing pods that no longer match
// (Sync ignores pods another object controls; the caller lists the Job's
// pods), the expectations that guard a real controller against its own
// stale cache (the caller gives Sync the pods its last Decision produced),
// events and metrics, Workload and PodGroup objects (alpha), and retrying
// failed writes.
package controller
