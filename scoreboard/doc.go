// Package scoreboard keeps the per-index state of an Indexed Job: the
// "scoreboard" of the Job controller, and the interval sets ("1,3-5,7") that
// Kubernetes writes to `status.completedIndexes` and `status.failedIndexes`.
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
// non-adjacent intervals. [ParseIndexes] reads the format strictly (see its
// documentation for the grammar) and [Indexes.String] prints exactly what
// Kubernetes prints.
//
// [Rebuild] reconstructs a Scoreboard from the pods of a Job, as a
// controller does after a restart, and reports the pods it could not use as
// data; [NewPod] builds the pod a controller creates for an index.
//
// # Non-goals
//
// The package does not talk to an API server, watch pods, create or delete
// anything, or apply a pod failure policy or per-index backoff limits: it is
// the bookkeeping a controller needs, not a controller. A Scoreboard is not
// safe for concurrent use when one goroutine calls Set; read-only methods
// may run concurrently with each other.
package scoreboard
