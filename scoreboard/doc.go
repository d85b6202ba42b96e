// Package scoreboard keeps the per-index state of an Indexed Job, the
// "scoreboard" of a Job controller, and owns jobkit's one index-list
// type: the sets of completion indexes ("1,3-5,7") that Kubernetes writes
// to `status.completedIndexes` and `status.failedIndexes` and reads from
// a success policy's `succeededIndexes`. It is a leaf: it imports only
// the standard library, and knows nothing of Jobs or pods.
//
// # Model
//
// An Indexed Job with `spec.completions` = n has the completion indexes
// 0, 1, …, n-1. Indexes are 0-based everywhere in this package, as in
// Kubernetes (the original design document counts from 1 in one sentence and
// from 0 in its examples; Kubernetes settled on 0). Each index is in one
// [State]: [NotStarted] (the zero value), [Running] (a pod for it exists and
// has not finished) or [Complete] (a pod for it succeeded).
//
// A [Scoreboard] stores two bits per index, packed 32 to a 64-bit word, plus
// three small summaries (one bit per word and state, arranged as a 64-ary
// tree) that let it skip words: counts are O(1), [Scoreboard.Set] and
// [Scoreboard.State] are O(1), [Scoreboard.Next] costs O(k) for the k indexes
// it returns (amortized, whatever the pattern of completed indexes), and
// [Scoreboard.Completed] costs O(r) for r runs of consecutive complete
// indexes, not O(n). A million indexes take about 2.1 bits each.
//
// [Indexes] is an immutable set of indexes stored as sorted, disjoint,
// non-adjacent intervals, with set operations whose cost grows with the
// number of runs ([Indexes.Union], [Indexes.Intersection],
// [Indexes.IntersectionCount], [Indexes.Difference], [Indexes.Below]).
// [Indexes.String] prints exactly what Kubernetes prints.
//
// # Reading index lists
//
// One scanner reads the list syntax; each caller's policy is a function
// of its own, because Kubernetes reads the same text differently in
// different places:
//
//   - [ParseIndexes] is jobkit's strict reading: canonical decimal
//     indexes, fragments in increasing order, every mistake a
//     [*ParseError] naming the fragment. Use it for input you check.
//   - [ValidateIndexes] and [IndexesOverlap] are the API server's checks of
//     the lists a client writes, with its verdicts, counts and messages:
//     jobapi's Job validation calls them.
//   - [ParseIndexesLenient] is the Job controller's reading of the lists
//     it finds in a Job, which never fails: jobapi/controller calls it.
//
// # Non-goals
//
// The package does not read or build pods, talk to an API server, create
// or delete anything, or apply a pod failure policy or per-index backoff
// limits: it is the bookkeeping a controller needs, not a controller.
// Rebuilding a scoreboard from a Job's pods, and the pod for an index,
// are jobapi/controller's (RebuildScoreboard, NewPod). A Scoreboard is not
// safe for concurrent use when one goroutine calls Set; read-only methods
// may run concurrently with each other.
package scoreboard
