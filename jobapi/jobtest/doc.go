// Package jobtest is for the tests of code that uses jobkit: controllers,
// admission webhooks and CLIs that handle Jobs and their pods. It lets a
// controller author test a Job controller without a cluster, in ordinary
// table-driven tests.
//
// # The store
//
// A [Store] is an in-memory API server for Jobs and Pods. [Store.Jobs] and
// [Store.Pods] return a [Resource] in a namespace, whose verbs (Create, Get,
// List, Update, UpdateStatus, Delete, Watch) follow the API conventions as
// Kubernetes implements them: name idempotency and generated names,
// server-set metadata, the spec/status split, optimistic concurrency on
// `resourceVersion`, the generation that counts spec changes, watches from a
// resourceVersion, and errors that are `Status` objects
// (*field.StatusError) with Kubernetes' reasons and HTTP codes. Jobs get the
// create-time processing and the validation of package jobapi, so a store
// refuses exactly the Jobs an API server would refuse, with the same causes.
// Objects go in and out as copies; one store-wide counter orders every
// write, as etcd's revision does. The store is safe for concurrent use, so
// tests of code that retries on Conflict can run writers in parallel.
//
// # Fixtures and comparisons
//
// [Job] and [Pod] build objects from functional options ([Indexed],
// [Parallelism], [Labels], [Index], [Phase], [OwnedBy] ...), valid unless an
// option makes them otherwise. The pod's common fields have options too,
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
// Kubernetes API server: it has no defaulting (decode manifests with package
// conversion for that), admission, namespaces as objects, PATCH, field
// selectors, graceful deletion, finalizers or garbage collection, and it
// keeps no kinds other than Jobs and Pods. Its pod validation covers the
// fields jobkit models. [Fill]'s random values are not valid Jobs (they
// exercise codecs and copies, not validation).
package jobtest
