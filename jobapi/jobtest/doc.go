// Package jobtest is for the tests of code that uses jobkit: controllers,
// admission webhooks and CLIs that handle Jobs and their pods. It lets a
// controller author test a Job controller without a cluster, in ordinary
// table-driven tests.
//
// # The store
//
// A [Store] is an in-memory API server for Jobs and Pods. [Store.Jobs] and
// [Store.Pods] return a [Resource] in a namespace, whose verbs (Create, Get,
// List, Update, UpdateStatus, Patch, PatchStatus, Delete, Watch) follow the
// API conventions as Kubernetes v1.36 implements them: name idempotency and
// generated names, server-set metadata, the spec/status split, optimistic
// concurrency on `resourceVersion`, the generation that counts spec
// changes, watches from a resourceVersion, label and field selectors, and
// errors that are `Status` objects (*field.StatusError) with Kubernetes'
// reasons, HTTP codes and messages. Objects go in and out as copies; one
// store-wide counter orders every write, as etcd's revision does. The
// store is safe for concurrent use, so tests of code that retries on
// Conflict can run writers in parallel.
//
// # What the store does to a Job and a Pod
//
// A Job is decoded as the API server decodes it: batch/v1's defaults
// (jobapi/v1.SetDefaults: completions and parallelism, backoffLimit,
// completionMode, suspend, podReplacementPolicy, the status of
// podFailurePolicy condition patterns, the copy of the template's labels,
// and the pod template's core/v1 defaults), on create and on every update
// and patch; then, on create, package jobapi's create-time processing
// (generated selector and labels, dropped fields) and validation; the Job
// it stores and returns is the one the API server returns, read back from
// storage (jobapi.ReadBack). A name made from `generateName` is made on a
// deep copy, as the generic store's generate-name retry does. manualSelector
// stays unset under jobapi's default label keys (false under
// jobapi.KubernetesLabelKeys, through [WithJobOptions]). A Pod is validated
// with the core/v1 defaults applied on a copy but stored as it was written
// (a test compares what it wrote), except that its status starts as
// `phase: Pending`; its field selectors and its grace period read it with
// the defaults (`schedulerName: default-scheduler`,
// `terminationGracePeriodSeconds: 30`).
//
// # Graceful deletion, finalizers and garbage collection
//
// A delete ([Resource.Delete], [Resource.DeleteObject]) is the generic
// store's:
//
//   - A Pod is deleted gracefully, as the pod strategy's
//     CheckGracefulDelete says: a scheduled pod that has not succeeded or
//     failed gets the grace period of [GracePeriod], else its
//     `terminationGracePeriodSeconds` (30 by default);
//     `deletionTimestamp` becomes now plus the grace period,
//     `deletionGracePeriodSeconds` the grace period, the generation is
//     incremented, and the pod stays, terminating, until a delete with
//     [GracePeriod](0) — what the kubelet sends once its containers have
//     stopped (the store has no kubelet: a test sends it). A later delete
//     may only shorten the grace period. An unscheduled or finished pod is
//     marked with grace period 0 and removed at once.
//   - An object with finalizers is only marked (`deletionTimestamp` now,
//     `deletionGracePeriodSeconds: 0`, unless a pod's grace period is
//     running) and stays until an update or patch removes its last
//     finalizer, which removes it (the update answers with the object;
//     watchers see DELETED). A terminating object may not gain a
//     finalizer (422 Forbidden); other updates are allowed.
//   - Propagation: a Job is deleted with [DeletePropagationOrphan] unless
//     [Propagation] says otherwise (batch/v1's default); a Pod with
//     [DeletePropagationBackground]. Orphan adds the `orphan` finalizer,
//     Foreground the `foregroundDeletion` finalizer; an object's own
//     `orphan` or `foregroundDeletion` finalizer chooses the policy when the
//     delete does not.
//   - The garbage collector runs synchronously, in the store, at the end of
//     each verb that removed an object or marked one for orphan or
//     foreground deletion, and does what kube-controller-manager's does
//     for the owner references between the store's objects (each of its
//     changes a write with its own resourceVersion and watch event):
//     orphaning removes the owner references to the object from its
//     dependents, then the `orphan` finalizer; the dependents of a
//     removed object, or of one deleted in the foreground, are deleted
//     (in the background, with their own grace period) unless another of
//     their owners still exists, in which case only the reference goes; an
//     object deleted in the foreground loses its `foregroundDeletion`
//     finalizer, and so goes, once no dependent with
//     `blockOwnerDeletion: true` is left. Owner references to uids the
//     store never held are left alone (a real garbage collector would
//     delete such dependents).
//   - Preconditions ([PreconditionUID], [PreconditionResourceVersion])
//     and an unknown propagation policy are refused with the API server's
//     409 Conflict and 422 Invalid (DeleteOptions).
//
// # PATCH and selectors
//
// [Resource.Patch] and [Resource.PatchStatus] apply JSON merge patch
// (RFC 7386), JSON patch (RFC 6902) and strategic merge patch, with the
// patch strategies and merge keys k8s.io/api declares for the fields of
// Jobs and Pods, then update as a PUT would; [PatchJSON] is the appliers
// alone. Server-side apply is not modelled. [MatchingLabels] and
// [MatchingSelector] select by labels, [MatchingFields] by the fields the
// API server supports for the kind (Jobs: metadata.name,
// metadata.namespace, status.successful; Pods: metadata.name,
// metadata.namespace, spec.nodeName, spec.restartPolicy,
// spec.schedulerName, spec.serviceAccountName, spec.hostNetwork,
// status.phase, status.podIP, status.nominatedNodeName).
//
// # Fixtures and comparisons
//
// [Job] and [Pod] build objects from functional options ([Indexed],
// [Parallelism], [Labels], [Index], [Phase], [OwnedBy], [Finalizers] ...),
// valid unless an option makes them otherwise. For failure handling:
// [Failed], [Succeeded], [ContainerTerminated] and [PodCondition] for pods;
// [PodFailurePolicy] with [OnExitCodes], [FailJobOnExitCodes],
// [OnPodCondition] and [IgnoreDisruptions], [BackoffLimitPerIndex],
// [MaxFailedIndexes], [SuccessPolicy] with [SucceededIndexes] and
// [SucceededCount] for Jobs; [PodsOf] makes the pods of a Job as its
// controller does. The pod's common fields have options too,
// all usable on a Job (for its pod template) and on a Pod: a
// [ContainerOption] ([Requests], [Limits], [Env], [EnvFromField], [Port],
// [ReadinessProbe], [VolumeMount] ...) changes the first container when
// given to Job or Pod, or the container [Container] builds; [WithContainer],
// [InitContainer] and [Sidecar] add built containers (replacing one of the
// same name); [EmptyDirVolume], [ConfigMapVolume], [SecretVolume],
// [DownwardAPIVolume], [NodeSelector] and [Toleration] change the pod spec.
// Their arguments are typed (a core.ResourceList, a core.Probe, a map), so
// no option can be given a bad value and none panics or needs a
// testing.TB: quantities are written with resource.MustParse, which panics
// on a bad one where it is written. Options copy what they are given when
// applied, so fixtures built from the same option share no memory.
// [IgnoreServerFields] is the cmp.Option that
// makes an object as stored equal to the fixture it came from, and
// [EquateJSONRoundTrip] the one that makes an object equal to itself read
// back from its JSON (an empty list is nil, a pointer to the zero time is
// nil). The Require
// functions ([RequireEqual], [RequireFieldError], [RequireFieldErrors],
// [RequireStatusReason]) stop a test with a message that shows the
// difference, every field error or the whole Status.
//
// # A fake kubelet
//
// [NewKubelet] plays a kubelet over the store for a Job's pods: each
// [Kubelet.Step] starts the scheduled pods or ends the running ones with
// the exit codes [ExitCodes] scripts per index and attempt, and writes the
// pod status package kubelet computes (phases, container states, exit
// codes, restarts; deleted pods killed, then gone), so that a controller
// test needs no hand-written statuses.
//
// # Randomized values
//
// For property tests, [Fill] sets every field of a value (hub or versioned
// Job, Pod, ...) to random data that survives a JSON round trip, and
// [SharedMemory] finds the places where two values alias each other, which
// a deep copy, a converter or the store must never do.
//
// # Non-goals
//
// jobtest is not imported by jobkit's non-test code. The store is not a
// Kubernetes API server: it has no admission, namespaces as objects (any
// namespace exists), server-side apply, managed fields, watch bookmarks or
// timeouts, scheduler, kubelet of its own ([Kubelet] is one a test
// drives) or kinds other than Jobs and Pods; it does not default Pods it stores. Its pod validation covers
// the fields jobkit models. [Fill]'s random values are not valid Jobs (they
// exercise codecs and copies, not validation).
package jobtest
