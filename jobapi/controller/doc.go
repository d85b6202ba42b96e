// Package controller is Kubernetes' Job controller (v1.36, default feature
// gates) as a pure function and a small applier. [Sync] takes a Job, the
// pods an informer sees in its namespace, the time, the failure record of
// the previous sync and, optionally, the writes still in flight
// ([Expectations]), and returns a [Decision]: every write of that sync, in
// the real controller's order, and when to look again. It starts no
// goroutine, reads no clock and does no I/O: the same input gives the same
// Decision. [Apply] carries a Decision out through a [Writer] (create and
// delete pods, remove the tracking finalizer, adopt and release pods,
// write the Job's status) as the real controller does, including what it
// does when a write fails.
//
// The model is the real controller's write protocol, with
// status.uncountedTerminatedPods as a write-ahead log. One sync makes, in
// order ([WriteKind]): the claims (adopting orphans that match the
// selector, releasing pods that no longer match); either deletions (the
// tracking finalizer removed first) or creations in slow-start batches of
// 1, 2, 4, ... pods; the interim status, listing the newly finished pods
// in uncountedTerminatedPods (Indexed Jobs: their indexes in
// completedIndexes) with the interim condition FailureTarget or
// SuccessCriteriaMet; the removal of those pods' finalizers; and the
// final status, moving them into succeeded and failed and, once nothing
// is uncounted or terminating, adding Failed or Complete. At most
// [MaxUncountedPods] pods are counted and [MaxPodCreateDeletePerSync]
// created or deleted per sync. Whatever prefix of these writes succeeds
// (or the process dies after), the next Sync on the state they left goes
// on where they stopped: a pod whose finalizer is gone is counted once,
// through the log or the counters, never lost and never twice.
//
// The controller's pieces are the library's own: the index sets it reads
// and writes (completedIndexes, failedIndexes, a success policy's
// succeededIndexes) are [scoreboard.Indexes], read as Kubernetes' Job
// controller reads them ([scoreboard.ParseIndexesLenient]); every pod it
// creates is built by [NewPod]'s builder; one ranking of pod phases
// decides which pods it deletes first and which duplicate
// [RebuildScoreboard] keeps.
//
// For controllers that keep their own bookkeeping of an Indexed Job,
// [RebuildScoreboard] reconstructs a [scoreboard.Scoreboard] from the
// Job's pods and its previous completedIndexes, as after a restart, and
// reports every pod and index it could not use ([RebuildReport]); [NewPod]
// is the pod for an index, checked against the Job.
//
// What Sync covers: Indexed and NonIndexed Jobs; backoffLimit (and, for
// restartPolicy OnFailure, container restarts); backoffLimitPerIndex and
// maxFailedIndexes; podFailurePolicy (FailJob, FailIndex, Ignore, Count;
// onExitCodes, onPodConditions); successPolicy; podReplacementPolicy;
// suspend and resume; activeDeadlineSeconds; the pod failure backoff (10 s
// doubling per consecutive failure up to 10 minutes, per index with
// backoffLimitPerIndex); spec.managedBy (a controller's own name with
// [WithControllerName]); expectations of creations, deletions and
// finalizer removals in flight, which keep a stale cache from making it
// act twice; adoption and release of pods as ControllerRefManager does;
// finished Jobs (left alone).
//
// Non-goals: the informers, the work queue and its rate limit (Apply
// returns the error; the caller requeues), the orphan-pod worker that
// removes the finalizer of pods no Job owns, the fresh read of the Job
// the real controller makes before adopting, the per-Job cache of
// finished Jobs whose final status the informer has not seen yet, events
// and metrics, Workload and PodGroup objects (alpha), and concurrency:
// the real controller makes the writes of one step in parallel, Apply in
// order (the outcome of a step is the same).
package controller
