package controller_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
)

// pod builds a pod with a name, a phase and, unless index is "", the
// completion index annotation.
func pod(name string, phase core.PodPhase, index string) *core.Pod {
	p := &core.Pod{ObjectMeta: meta.ObjectMeta{Name: name, Namespace: "ns"}, Status: core.PodStatus{Phase: phase}}
	if index != "" {
		p.ObjectMeta.Annotations = map[string]string{jobapi.CompletionIndexAnnotation: index}
	}
	return p
}

func withLabel(p *core.Pod, v string) *core.Pod {
	p.ObjectMeta.Labels = map[string]string{jobapi.CompletionIndexAnnotation: v}
	return p
}

func withNode(p *core.Pod, node string) *core.Pod {
	p.Spec.NodeName = node
	return p
}

func created(p *core.Pod, minute int) *core.Pod {
	p.ObjectMeta.CreationTimestamp = meta.NewTime(time.Date(2024, 5, 1, 12, minute, 0, 0, time.UTC))
	return p
}

func deleting(p *core.Pod) *core.Pod {
	t := meta.NewTime(time.Date(2024, 5, 1, 13, 0, 0, 0, time.UTC))
	p.ObjectMeta.DeletionTimestamp = &t
	return p
}

// problem is the comparable projection of a controller.RebuildProblem.
type problem struct {
	Reason   controller.ProblemReason
	Pod      string
	Position int
	Index    int
	Delete   bool
	Field    string
	Detail   string
}

func project(r controller.RebuildReport) []problem {
	var out []problem
	for _, p := range r.Problems {
		name := ""
		if p.Pod != nil {
			name = p.Pod.ObjectMeta.Name
		}
		out = append(out, problem{p.Reason, name, p.Position, p.Index, p.Delete, p.Err.Field, p.Err.Detail})
	}
	return out
}

// states prints each state's indexes.
func states(s *scoreboard.Scoreboard) map[string]string {
	return map[string]string{
		"NotStarted": s.Indexes(scoreboard.NotStarted).String(),
		"Running":    s.Indexes(scoreboard.Running).String(),
		"Complete":   s.Completed().String(),
	}
}

const annotationField = "metadata.annotations[batch.kubernetes.io/job-completion-index]"

func TestRebuild(t *testing.T) {
	tests := []struct {
		name        string
		completions int
		completed   string
		pods        []*core.Pod
		opts        []controller.RebuildOption
		want        map[string]string
		problems    []problem
	}{
		{
			name: "previous completedIndexes alone", completions: 10, completed: "1,3-5",
			want: map[string]string{"NotStarted": "0,2,6-9", "Running": "", "Complete": "1,3-5"},
		},
		{
			name: "phases map to states", completions: 8,
			pods: []*core.Pod{
				pod("pending", core.PodPending, "0"),
				pod("running", core.PodRunning, "1"),
				pod("succeeded", core.PodSucceeded, "2"),
				pod("failed", core.PodFailed, "3"),
				pod("unknown", core.PodUnknown, "4"),
				pod("no-phase-yet", "", "5"),
			},
			want: map[string]string{"NotStarted": "3,6,7", "Running": "0,1,4,5", "Complete": "2"},
		},
		{
			name: "a failed pod does not undo a running or succeeded one", completions: 3,
			pods: []*core.Pod{
				pod("failed-0", core.PodFailed, "0"),
				pod("retry-0", core.PodRunning, "0"),
				pod("failed-1", core.PodFailed, "1"),
				pod("retry-1", core.PodSucceeded, "1"),
				pod("failed-2", core.PodFailed, "2"),
				pod("failed-2-again", core.PodFailed, "2"),
			},
			want: map[string]string{"NotStarted": "2", "Running": "0", "Complete": "1"},
		},
		{
			name: "pods with no usable index are reported, active ones for deletion", completions: 10,
			pods: []*core.Pod{
				pod("no-annotation", core.PodRunning, ""),
				withLabel(pod("label-only", core.PodRunning, ""), "4"),
				pod("no-annotation-done", core.PodSucceeded, ""),
				pod("signed", core.PodRunning, "+1"),
				pod("leading-zero", core.PodPending, "01"),
				pod("word", core.PodFailed, "one"),
				pod("overflow", core.PodRunning, "99999999999"),
				pod("past-completions", core.PodRunning, "10"),
				pod("past-completions-done", core.PodSucceeded, "12"),
			},
			want: map[string]string{"NotStarted": "0-9", "Running": "", "Complete": ""},
			problems: []problem{
				{controller.ProblemMissingIndex, "no-annotation", 0, -1, true, annotationField, "a pod of an Indexed Job must have its completion index"},
				{controller.ProblemMissingIndex, "label-only", 1, -1, true, annotationField, "a pod of an Indexed Job must have its completion index; the label of the same key ('4') is not read, as in Kubernetes"},
				{controller.ProblemMissingIndex, "no-annotation-done", 2, -1, false, annotationField, "a pod of an Indexed Job must have its completion index"},
				{controller.ProblemInvalidIndex, "signed", 3, -1, true, annotationField, "must not have a sign"},
				{controller.ProblemInvalidIndex, "leading-zero", 4, -1, true, annotationField, "must not have leading zeros"},
				{controller.ProblemInvalidIndex, "word", 5, -1, false, annotationField, "must be a decimal integer"},
				{controller.ProblemInvalidIndex, "overflow", 6, -1, true, annotationField, "must be less than or equal to 2147483647"},
				{controller.ProblemIndexOutOfRange, "past-completions", 7, 10, true, annotationField, "must be less than 10, the completions"},
				{controller.ProblemIndexOutOfRange, "past-completions-done", 8, 12, false, annotationField, "must be less than 10, the completions"},
			},
		},
		{
			name: "duplicate active pods: the scheduled, running, oldest one is kept", completions: 4,
			pods: []*core.Pod{
				pod("pending", core.PodPending, "2"),
				created(withNode(pod("running-new", core.PodRunning, "2"), "n1"), 30),
				created(withNode(pod("running-old", core.PodRunning, "2"), "n1"), 10),
				created(withNode(pod("pending-scheduled", core.PodPending, "2"), "n1"), 1),
				pod("alone", core.PodRunning, "3"),
			},
			want: map[string]string{"NotStarted": "0,1", "Running": "2,3", "Complete": ""},
			problems: []problem{
				{controller.ProblemDuplicateActive, "pending", 0, 2, true, annotationField, "another active pod of the index, 'ns/running-old', is kept"},
				{controller.ProblemDuplicateActive, "running-new", 1, 2, true, annotationField, "another active pod of the index, 'ns/running-old', is kept"},
				{controller.ProblemDuplicateActive, "pending-scheduled", 3, 2, true, annotationField, "another active pod of the index, 'ns/running-old', is kept"},
			},
		},
		{
			name: "a pod with no phase yet ranks as Pending, as Sync ranks it", completions: 1,
			pods: []*core.Pod{
				created(pod("pending-new", core.PodPending, "0"), 5),
				created(pod("no-phase-old", "", "0"), 1),
			},
			want: map[string]string{"NotStarted": "", "Running": "0", "Complete": ""},
			problems: []problem{
				{controller.ProblemDuplicateActive, "pending-new", 0, 0, true, annotationField, "another active pod of the index, 'ns/no-phase-old', is kept"},
			},
		},
		{
			name: "duplicates that tie on everything keep the first name", completions: 1,
			pods: []*core.Pod{
				pod("b", core.PodRunning, "0"),
				pod("a", core.PodRunning, "0"),
			},
			want: map[string]string{"NotStarted": "", "Running": "0", "Complete": ""},
			problems: []problem{
				{controller.ProblemDuplicateActive, "b", 0, 0, true, annotationField, "another active pod of the index, 'ns/a', is kept"},
			},
		},
		{
			name: "an active pod on a complete index is reported, not deleted", completions: 3, completed: "0",
			pods: []*core.Pod{
				pod("late", core.PodRunning, "0"),
				pod("done", core.PodSucceeded, "1"),
				pod("also-late", core.PodPending, "1"),
			},
			want: map[string]string{"NotStarted": "2", "Running": "", "Complete": "0,1"},
			problems: []problem{
				{controller.ProblemIndexComplete, "late", 0, 0, false, annotationField, "the index is already complete: the pod does not make it Running"},
				{controller.ProblemIndexComplete, "also-late", 2, 1, false, annotationField, "the index is already complete: the pod does not make it Running"},
			},
		},
		{
			name: "a label that disagrees is reported and the annotation used", completions: 3,
			pods: []*core.Pod{withLabel(pod("mixed", core.PodRunning, "1"), "2")},
			want: map[string]string{"NotStarted": "0,2", "Running": "1", "Complete": ""},
			problems: []problem{
				{controller.ProblemIndexLabelMismatch, "mixed", 0, 1, false, "metadata.labels[batch.kubernetes.io/job-completion-index]", "must equal the annotation of the same key ('1'), which is used"},
			},
		},
		{
			name: "malformed completedIndexes is ignored, the pods still count", completions: 6, completed: "0-3,2-5",
			pods: []*core.Pod{pod("done", core.PodSucceeded, "4")},
			want: map[string]string{"NotStarted": "0-3,5", "Running": "", "Complete": "4"},
			problems: []problem{
				{controller.ProblemInvalidCompletedIndexes, "", -1, -1, false, "status.completedIndexes", "must not overlap the previous fragment '0-3' (the fragment at offset 4); the whole value is ignored"},
			},
		},
		{
			name: "completedIndexes past completions are dropped and reported", completions: 5, completed: "1,3-7,9",
			want: map[string]string{"NotStarted": "0,2", "Running": "", "Complete": "1,3,4"},
			problems: []problem{
				{controller.ProblemInvalidCompletedIndexes, "", -1, 5, false, "status.completedIndexes", "must be less than 5, the completions; these indexes are dropped"},
			},
		},
		{
			name: "a terminating pod leaves its index to be replaced by default", completions: 2,
			pods: []*core.Pod{deleting(pod("going", core.PodRunning, "0")), deleting(pod("going-too", core.PodRunning, ""))},
			want: map[string]string{"NotStarted": "0,1", "Running": "", "Complete": ""},
			problems: []problem{
				{controller.ProblemMissingIndex, "going-too", 1, -1, false, annotationField, "a pod of an Indexed Job must have its completion index"},
			},
		},
		{
			name: "a terminating pod keeps its index with podReplacementPolicy Failed", completions: 2,
			pods: []*core.Pod{deleting(pod("going", core.PodRunning, "0"))},
			opts: []controller.RebuildOption{controller.WithPodReplacementPolicy(jobapi.Failed)},
			want: map[string]string{"NotStarted": "1", "Running": "0", "Complete": ""},
		},
		{
			name: "a nil pod is reported", completions: 1,
			pods: []*core.Pod{nil},
			want: map[string]string{"NotStarted": "0", "Running": "", "Complete": ""},
			problems: []problem{
				{controller.ProblemMissingIndex, "", 0, -1, false, "metadata", "must be a pod, not nil"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, r := controller.RebuildScoreboard(tt.completions, tt.completed, tt.pods, tt.opts...)
			if diff := cmp.Diff(tt.want, states(s)); diff != "" {
				t.Errorf("states mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.problems, project(r)); diff != "" {
				t.Errorf("problems mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRebuildKeepsTheSameDuplicateInAnyOrder: the pod kept for an index
// does not depend on the order of the list.
func TestRebuildKeepsTheSameDuplicateInAnyOrder(t *testing.T) {
	base := []*core.Pod{
		pod("p", core.PodPending, "0"),
		created(withNode(pod("r2", core.PodRunning, "0"), "n"), 2),
		created(withNode(pod("r1", core.PodRunning, "0"), "n"), 1),
		withNode(pod("r0-unset-time", core.PodRunning, "0"), "n"),
		created(withNode(pod("r1-twin", core.PodRunning, "0"), "n"), 1),
	}
	perms := [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3}, {3, 4, 0, 2, 1}}
	for _, perm := range perms {
		pods := make([]*core.Pod, len(perm))
		for i, k := range perm {
			pods[i] = base[k]
		}
		_, r := controller.RebuildScoreboard(1, "", pods)
		deleted := map[string]bool{}
		for _, p := range r.PodsToDelete() {
			deleted[p.ObjectMeta.Name] = true
		}
		want := map[string]bool{"p": true, "r2": true, "r0-unset-time": true, "r1-twin": true}
		if diff := cmp.Diff(want, deleted); diff != "" {
			t.Errorf("order %v: deleted mismatch (-want +got):\n%s", perm, diff)
		}
	}
}

func TestProblemString(t *testing.T) {
	_, r := controller.RebuildScoreboard(2, "0-5", []*core.Pod{pod("x", core.PodRunning, "7")})
	var got []string
	for _, p := range r.Problems {
		got = append(got, p.String())
	}
	want := []string{
		`status.completedIndexes: Invalid value: "2-5": must be less than 2, the completions; these indexes are dropped`,
		`pod ns/x: metadata.annotations[batch.kubernetes.io/job-completion-index]: Invalid value: "7": must be less than 2, the completions (delete)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("String() mismatch (-want +got):\n%s", diff)
	}
}

// TestRebuildAgainstModel compares RebuildScoreboard on random pods with a naive
// reading of the same rules.
func TestRebuildAgainstModel(t *testing.T) {
	phases := []core.PodPhase{core.PodPending, core.PodRunning, core.PodSucceeded, core.PodFailed, core.PodUnknown}
	for seed := range 200 {
		n := 1 + seed%37
		var pods []*core.Pod
		for i := range seed % 50 {
			ix := fmt.Sprint((seed*7 + i*13) % (n + 3))
			pods = append(pods, pod(fmt.Sprintf("p%d", i), phases[(seed+i*i)%len(phases)], ix))
		}
		s, r := controller.RebuildScoreboard(n, "", pods)
		want := make([]scoreboard.State, n)
		active := map[int]int{}
		for _, p := range pods {
			var ix int
			fmt.Sscan(p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation], &ix)
			if ix >= n {
				continue
			}
			switch p.Status.Phase {
			case core.PodSucceeded:
				want[ix] = scoreboard.Complete
			case core.PodFailed:
			default:
				active[ix]++
			}
		}
		wantDeleted := 0
		for ix, k := range active {
			if want[ix] != scoreboard.Complete {
				want[ix] = scoreboard.Running
				wantDeleted += k - 1
			}
		}
		for _, p := range pods {
			var ix int
			fmt.Sscan(p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation], &ix)
			if ix >= n && p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed {
				wantDeleted++
			}
		}
		for i := range n {
			if s.State(i) != want[i] {
				t.Fatalf("seed %d: State(%d) = %v, want %v", seed, i, s.State(i), want[i])
			}
		}
		if got := len(r.PodsToDelete()); got != wantDeleted {
			t.Fatalf("seed %d: %d pods to delete, want %d", seed, got, wantDeleted)
		}
	}
}

// TestRebuildReportsOverlongCompletedIndexes: a completedIndexes longer
// than scoreboard.MaxIndexesLength is reported as a problem, with the
// parser's message, and the pods still count.
func TestRebuildReportsOverlongCompletedIndexes(t *testing.T) {
	over := "1" + strings.Repeat(",1", scoreboard.MaxIndexesLength/2)
	s, report := controller.RebuildScoreboard(3, over, []*core.Pod{pod("done", core.PodSucceeded, "2")})
	want := fmt.Sprintf("the indexes must be at most %d bytes long, not %d", scoreboard.MaxIndexesLength, len(over))
	if len(report.Problems) != 1 || !strings.Contains(report.Problems[0].String(), want) {
		t.Fatalf("problems %v, want one saying %q", report.Problems, want)
	}
	if diff := cmp.Diff(map[string]string{"NotStarted": "0,1", "Running": "", "Complete": "2"}, states(s)); diff != "" {
		t.Errorf("states mismatch (-want +got):\n%s", diff)
	}
}
