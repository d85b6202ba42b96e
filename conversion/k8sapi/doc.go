// Package k8sapi is the bridge between k8s.io/api objects and jobkit:
// controllers, webhooks and operators that hold batch/v1 Jobs and core/v1
// Pods (from informers, client-go, controller-runtime or admission
// requests) convert them to jobkit's types, run jobkit's validation and
// Job controller on them, and get the results back in k8s.io/api and
// apimachinery shapes. It is a module of its own, so that jobkit itself
// never depends on k8s.io/api.
//
// # Model
//
// The conversions are generated (zz_generated.conversion.go, written by
// internal/gen and checked for staleness by its test): one typed function
// per pair of types and per direction, field by field, with no JSON and
// no reflection on the way. The pairs are every type a batch/v1 Job and a
// core/v1 Pod hold, matched by their JSON member names: ObjectMeta and
// its OwnerReference and ManagedFieldsEntry, LabelSelector, the Job's
// spec and status, the pod template, PodSpec and everything below it,
// PodStatus. The per-type functions are unexported: the public surface is
// one pair of functions per object ([JobFromAPI], [JobToAPI],
// [PodFromAPI], [PodToAPI], and the templates, metadata, selectors and
// quantities), which is what a caller converts.
//
// Conversions are lossless both ways:
//   - k8s.io/api → jobkit → k8s.io/api gives an object reflect.DeepEqual
//     to one decoded from the API server's JSON (times to the second in
//     time.Local, quantities as apimachinery parses their canonical text),
//     and apiequality.Semantic.DeepEqual to any other; an empty list or
//     map stays empty (not nil), as DeepCopy keeps it, though the JSON
//     leaves it out;
//   - jobkit → k8s.io/api → jobkit gives the same jobkit object;
//   - each side's JSON of the converted objects is the same.
//
// A member k8s.io/api types and jobkit does not would be kept, JSON-encoded,
// in jobkit's Unknown (today jobkit types every member of k8s.io/api
// v0.36). A member of a jobkit Unknown that k8s.io/api cannot hold (a
// field of a newer Kubernetes) is never dropped silently: the conversion
// returns the object and a *[DroppedError] that lists it.
//
// Quantities keep their value, their format and their canonical text.
// Times keep what the API's JSON keeps: the second. TypeMeta is copied as
// it is; objects from an informer have none, and jobkit does not need it.
// The inputs of a conversion are never changed and share no memory with
// its result, so an informer's cached objects can be given as they are.
// Within one object, a Job's labels that are its pod template's label map
// itself (as batch/v1's defaulting leaves a Job without labels, before
// create-time processing gives both the generated labels) stay one map in
// the result, so that jobapi.PrepareForCreate treats them as Kubernetes'
// create does; objects read from an API server never share maps.
//
// Field errors convert both ways ([ErrorListToAPI], [ErrorListFromAPI]),
// with their bad values converted to the other type tree, and a jobkit
// StatusError becomes the *apierrors.StatusError an API server returns
// ([StatusErrorToAPI], [NewInvalid]).
//
// [ValidateJob], [ValidateJobUpdate] and [ValidateJobStatusUpdate]
// validate a *batchv1.Job as a v1.36 API server does (reading the pod
// template's serviceAccount, the old spelling of serviceAccountName, as
// its conversion does), and [Sync] runs jobkit's Job controller on a
// *batchv1.Job and its []*corev1.Pod.
//
// Sync converts the Job and every pod at every call unless given a
// [PodCache] ([WithPodCache]): the cache keeps each pod's conversion by
// UID and resourceVersion (an informer's object never changes at a given
// resourceVersion), so that a sync converts only the pods new or changed
// since the sync before, and forgets the pods its Job no longer lists.
// One cache serves a controller, keeping each Job's pods apart; it is
// safe for concurrent use, holds no global state, and its conversions are
// shared read-only by the decisions that use them. [PodCache.Stats]
// counts its hits and conversions.
//
// # Non-goals
//
// The bridge does not talk to an API server, does not import client-go,
// and does not register anything in a runtime.Scheme: it converts values.
// It does not convert kinds jobkit does not type (jobkit has no CronJob,
// JobList or JobTemplateSpec types: [JobListFromAPI] and
// [JobTemplateSpecFromAPI] convert their Jobs). Validation errors carry
// jobkit's messages; apimachinery's Origin and declarative-validation
// markers are not reproduced.
package k8sapi
