package controller

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/scoreboard"
)

// maxIndexDigits is the number of decimal digits of scoreboard.MaxIndex.
const maxIndexDigits = 10

// ProblemReason says why [RebuildScoreboard] could not use a pod, or part
// of the previous `status.completedIndexes`, as data.
type ProblemReason string

// The reasons of a [RebuildProblem].
const (
	// ProblemMissingIndex: the pod has no completion index annotation (or
	// the pod is nil).
	ProblemMissingIndex ProblemReason = "MissingIndex"
	// ProblemInvalidIndex: the annotation is not a decimal index.
	ProblemInvalidIndex ProblemReason = "InvalidIndex"
	// ProblemIndexOutOfRange: the index is not less than the completions.
	ProblemIndexOutOfRange ProblemReason = "IndexOutOfRange"
	// ProblemDuplicateActive: another active pod of the same index is kept.
	ProblemDuplicateActive ProblemReason = "DuplicateActive"
	// ProblemIndexComplete: the pod is active but its index is already
	// Complete; it does not make the index Running. Kubernetes lets such a
	// pod finish; it still counts against parallelism.
	ProblemIndexComplete ProblemReason = "IndexComplete"
	// ProblemIndexLabelMismatch: the completion index label disagrees with
	// the annotation, which wins.
	ProblemIndexLabelMismatch ProblemReason = "IndexLabelMismatch"
	// ProblemInvalidCompletedIndexes: the previous
	// `status.completedIndexes` is malformed or holds indexes past the
	// completions.
	ProblemInvalidCompletedIndexes ProblemReason = "InvalidCompletedIndexes"
)

// RebuildProblem is one thing [RebuildScoreboard] could not use as data.
type RebuildProblem struct {
	// Reason is the machine-readable cause.
	Reason ProblemReason
	// Pod is the pod, nil for a problem in the previous completedIndexes.
	Pod *core.Pod
	// Position is the position of Pod in the list given to
	// RebuildScoreboard, -1 for
	// a problem in the previous completedIndexes.
	Position int
	// Index is the completion index the pod claims, -1 when it has none
	// that could be read.
	Index int
	// Delete is true when a controller should delete the pod, as
	// Kubernetes' Job controller does: an active pod with no usable index,
	// or a duplicate of the active pod kept for its index.
	Delete bool
	// Err says what is wrong, and where: a field of the pod
	// (`metadata.annotations[batch.kubernetes.io/job-completion-index]`) or
	// `status.completedIndexes`.
	Err *field.Error
}

// String returns "pod NAMESPACE/NAME: <error>" or
// "status.completedIndexes: ...", with " (delete)" when Delete is set.
func (p RebuildProblem) String() string {
	s := p.Err.Error()
	if p.Position >= 0 {
		s = "pod " + podName(p.Pod) + ": " + s
	}
	if p.Delete {
		s += " (delete)"
	}
	return s
}

// podName returns "namespace/name" (or generateName, or the position when
// the pod has neither).
func podName(p *core.Pod) string {
	if p == nil {
		return "<nil>"
	}
	name := p.ObjectMeta.Name
	if name == "" {
		name = p.ObjectMeta.GenerateName + "<generated>"
	}
	if p.ObjectMeta.Namespace != "" {
		name = p.ObjectMeta.Namespace + "/" + name
	}
	return name
}

// RebuildReport is what [RebuildScoreboard] could not use as data, in a
// deterministic order: the problems of the previous completedIndexes
// first, then those of the pods in the order of the pods given.
type RebuildReport struct {
	Problems []RebuildProblem
}

// PodsToDelete returns the pods whose problem says Delete, in order.
func (r RebuildReport) PodsToDelete() []*core.Pod {
	var out []*core.Pod
	for _, p := range r.Problems {
		if p.Delete {
			out = append(out, p.Pod)
		}
	}
	return out
}

// RebuildOption changes how [RebuildScoreboard] reads pods.
type RebuildOption func(*rebuildOptions)

type rebuildOptions struct {
	terminatingRuns bool
}

// WithPodReplacementPolicy reads pods as a Job with the given
// `spec.podReplacementPolicy` does. With [jobapi.Failed], a pod being
// deleted (it has a deletionTimestamp) that has not finished keeps its
// index Running, since the controller waits for it to fail before
// replacing it. With [jobapi.TerminatingOrFailed], the default, such a pod
// leaves its index NotStarted.
func WithPodReplacementPolicy(p jobapi.PodReplacementPolicy) RebuildOption {
	return func(o *rebuildOptions) { o.terminatingRuns = p == jobapi.Failed }
}

// podKind is how RebuildScoreboard reads a pod's phase.
type podKind uint8

const (
	podActive      podKind = iota // Pending, Running, Unknown or no phase yet
	podTerminating                // active, but being deleted
	podSucceeded
	podFailed
)

func kindOf(p *core.Pod) podKind {
	switch p.Status.Phase {
	case core.PodSucceeded:
		return podSucceeded
	case core.PodFailed:
		return podFailed
	}
	if p.ObjectMeta.DeletionTimestamp != nil {
		return podTerminating
	}
	return podActive
}

// indexPath is the field path of the completion index annotation.
var indexPath = field.NewPath("metadata", "annotations").Key(jobapi.CompletionIndexAnnotation)

// RebuildScoreboard reconstructs the [scoreboard.Scoreboard] of an Indexed
// Job with completions indexes from the previous `status.completedIndexes`
// and the Job's pods, as a controller does after a restart. The pods must
// be the Job's own (matched by its selector and owned by it);
// RebuildScoreboard does not check.
//
// Each pod's index is read from the annotation [jobapi.CompletionIndexAnnotation]
// alone, as Kubernetes does; the label of the same key is only compared
// with it. A pod whose phase is Pending, Running, Unknown or not yet set
// makes its index Running; Succeeded makes it Complete; Failed leaves it
// NotStarted unless another pod of the index is active or succeeded. A pod
// being deleted counts as failed, unless [WithPodReplacementPolicy] says
// otherwise. Indexes of the previous completedIndexes are Complete.
//
// The previous completedIndexes is read strictly
// ([scoreboard.ParseIndexes]), not leniently as [Sync] reads it, so that
// everything wrong with it is reported. Everything RebuildScoreboard could
// not use is in the report, never dropped silently: a malformed
// completedIndexes (ignored as a whole, the pods still count) or one with
// indexes past completions (those are dropped, as when
// `spec.completions` shrinks); pods with no index, a malformed one, or one
// past completions; active pods on an index that is already complete;
// and duplicate active pods of one index, of which
// RebuildScoreboard keeps one and marks the others Delete. The kept pod
// is, in order of preference: one assigned to a node, then Running before
// Unknown before Pending (or no phase yet), the ranking Sync deletes by,
// then the oldest creationTimestamp (unset counts as newest), then the
// first name in byte order, then the first in the list. Kubernetes
// prefers a ready pod, too, and breaks remaining ties arbitrarily.
//
// The cost is O(pods + runs of completedIndexes + completions/32).
func RebuildScoreboard(completions int, completedIndexes string, pods []*core.Pod, opts ...RebuildOption) (*scoreboard.Scoreboard, RebuildReport) {
	var o rebuildOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	s := scoreboard.New(completions)
	n := s.Len()
	var r RebuildReport
	statusPath := field.NewPath("status", "completedIndexes")
	prev, err := scoreboard.ParseIndexes(completedIndexes)
	if pe, ok := err.(*scoreboard.ParseError); ok {
		r.Problems = append(r.Problems, RebuildProblem{
			Reason: ProblemInvalidCompletedIndexes, Position: -1, Index: -1,
			Err: field.Invalid(statusPath, pe.Fragment, fmt.Sprintf("%s (the fragment at offset %d); the whole value is ignored", pe.Detail, pe.Offset)),
		})
	}
	in, out := prev.Below(n)
	if !out.Empty() {
		first, _ := out.Next(0)
		r.Problems = append(r.Problems, RebuildProblem{
			Reason: ProblemInvalidCompletedIndexes, Position: -1, Index: first,
			Err: field.Invalid(statusPath, out.String(), fmt.Sprintf("must be less than %d, the completions; these indexes are dropped", n)),
		})
	}
	_ = s.SetIndexes(in, scoreboard.Complete) // in is below n: cannot fail

	// Pass 1: read every pod once; succeeded pods complete their index.
	// Later passes read only the compact entries.
	entries := make([]rebuildEntry, len(pods))
	for i, p := range pods {
		ix, prob := readIndex(p, n)
		e := rebuildEntry{index: int32(ix)}
		if p != nil {
			e.kind = kindOf(p)
		}
		entries[i] = e
		if prob != nil {
			prob.Position = i
			prob.Delete = p != nil && prob.Reason != ProblemIndexLabelMismatch && e.kind == podActive
			r.Problems = append(r.Problems, *prob)
		}
		if ix >= 0 && e.kind == podSucceeded {
			_ = s.Set(ix, scoreboard.Complete)
		}
	}
	// Pass 2: active pods make their index Running; a second active pod of
	// an index marks it duplicated.
	var dup map[int32]int // index → position of the pod kept so far
	for i, e := range entries {
		if e.index < 0 || e.kind != podActive {
			continue
		}
		ix := int(e.index)
		switch s.State(ix) {
		case scoreboard.NotStarted:
			_ = s.Set(ix, scoreboard.Running)
		case scoreboard.Running:
			if dup == nil {
				dup = map[int32]int{}
			}
			dup[e.index] = -1
		case scoreboard.Complete:
			r.Problems = append(r.Problems, RebuildProblem{
				Reason: ProblemIndexComplete, Pod: pods[i], Position: i, Index: ix,
				Err: &field.Error{Type: field.ErrorTypeDuplicate, Field: indexPath.String(), BadValue: strconv.Itoa(ix),
					Detail: "the index is already complete: the pod does not make it Running"},
			})
		}
	}
	if o.terminatingRuns {
		for _, e := range entries {
			if e.index >= 0 && e.kind == podTerminating && s.State(int(e.index)) == scoreboard.NotStarted {
				_ = s.Set(int(e.index), scoreboard.Running)
			}
		}
	}
	if dup != nil {
		r.Problems = append(r.Problems, duplicates(pods, entries, dup)...)
	}
	sortProblems(r.Problems)
	return s, r
}

// rebuildEntry is what RebuildScoreboard keeps of a pod after reading it:
// its index (-1 when unusable) and how its phase counts.
type rebuildEntry struct {
	index int32
	kind  podKind
}

// readIndex returns the completion index of p, or -1 with the problem.
// A label that disagrees with a usable annotation is a problem too, and
// the index is still returned.
func readIndex(p *core.Pod, n int) (int, *RebuildProblem) {
	if p == nil {
		return -1, &RebuildProblem{Reason: ProblemMissingIndex, Index: -1,
			Err: field.Required(field.NewPath("metadata"), "must be a pod, not nil")}
	}
	v, ok := p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation]
	label, hasLabel := p.ObjectMeta.Labels[jobapi.CompletionIndexAnnotation]
	if !ok {
		detail := "a pod of an Indexed Job must have its completion index"
		if hasLabel {
			detail += "; the label of the same key ('" + label + "') is not read, as in Kubernetes"
		}
		return -1, &RebuildProblem{Reason: ProblemMissingIndex, Pod: p, Index: -1, Err: field.Required(indexPath, detail)}
	}
	ix, detail := parseCompletionIndex(v)
	if detail != "" {
		return -1, &RebuildProblem{Reason: ProblemInvalidIndex, Pod: p, Index: -1, Err: field.Invalid(indexPath, v, detail)}
	}
	if ix >= n {
		return -1, &RebuildProblem{Reason: ProblemIndexOutOfRange, Pod: p, Index: ix,
			Err: field.Invalid(indexPath, v, fmt.Sprintf("must be less than %d, the completions", n))}
	}
	if hasLabel && label != v {
		return ix, &RebuildProblem{Reason: ProblemIndexLabelMismatch, Pod: p, Index: ix,
			Err: field.Invalid(field.NewPath("metadata", "labels").Key(jobapi.CompletionIndexAnnotation), label,
				"must equal the annotation of the same key ('"+v+"'), which is used")}
	}
	return ix, nil
}

// parseCompletionIndex reads a completion index written as Kubernetes
// writes it: decimal digits, no sign, no leading zero, at most
// scoreboard.MaxIndex, and says which rule a value breaks. Kubernetes
// itself (and Sync, through completionIndex) also accepts a sign and
// leading zeros.
func parseCompletionIndex(v string) (int, string) {
	if v == "" {
		return 0, "must be a decimal integer"
	}
	if v[0] == '+' || v[0] == '-' {
		return 0, "must not have a sign"
	}
	n := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return 0, "must be a decimal integer"
		}
		if i >= maxIndexDigits {
			return 0, "must be less than or equal to " + strconv.Itoa(scoreboard.MaxIndex)
		}
		n = n*10 + int(c-'0')
	}
	if len(v) > 1 && v[0] == '0' {
		return 0, "must not have leading zeros"
	}
	if n > scoreboard.MaxIndex {
		return 0, "must be less than or equal to " + strconv.Itoa(scoreboard.MaxIndex)
	}
	return n, ""
}

// duplicates chooses, for every index in dup, the active pod to keep, and
// reports the others.
func duplicates(pods []*core.Pod, entries []rebuildEntry, dup map[int32]int) []RebuildProblem {
	for i, e := range entries {
		if e.index < 0 || e.kind != podActive {
			continue
		}
		if k, ok := dup[e.index]; ok && (k < 0 || preferred(pods[i], pods[k])) {
			dup[e.index] = i
		}
	}
	var out []RebuildProblem
	for i, e := range entries {
		if e.index < 0 || e.kind != podActive {
			continue
		}
		ix := e.index
		if k, ok := dup[ix]; ok && k != i {
			out = append(out, RebuildProblem{
				Reason: ProblemDuplicateActive, Pod: pods[i], Position: i, Index: int(ix), Delete: true,
				Err: &field.Error{Type: field.ErrorTypeDuplicate, Field: indexPath.String(), BadValue: strconv.Itoa(int(ix)),
					Detail: "another active pod of the index, '" + podName(pods[k]) + "', is kept"},
			})
		}
	}
	return out
}

// preferred reports whether a is a better pod to keep than b, which comes
// before it in the list.
func preferred(a, b *core.Pod) bool {
	if x, y := a.Spec.NodeName != "", b.Spec.NodeName != ""; x != y {
		return x
	}
	if x, y := phaseRank(a.Status.Phase), phaseRank(b.Status.Phase); x != y {
		return x > y
	}
	ta, tb := a.ObjectMeta.CreationTimestamp, b.ObjectMeta.CreationTimestamp
	if ta.IsZero() != tb.IsZero() {
		return tb.IsZero()
	}
	if !ta.Equal(tb) {
		return ta.Before(tb.Time)
	}
	return a.ObjectMeta.Name < b.ObjectMeta.Name
}

// sortProblems puts the problems in the order of the report: status
// first, then by pod position; for one pod, in the order found.
func sortProblems(ps []RebuildProblem) {
	slices.SortStableFunc(ps, func(a, b RebuildProblem) int { return cmp.Compare(a.Position, b.Position) })
}
