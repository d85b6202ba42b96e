package parity

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	_ "unsafe" // go:linkname

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kubernetes/pkg/apis/batch"
	batchvalidation "k8s.io/kubernetes/pkg/apis/batch/validation"
	api "k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/controller/job"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

// Kubernetes' readers of index lists are unexported: the API server's
// format and overlap checks, and the Job controller's lenient reading with
// its interval arithmetic.

//go:linkname validateIndexesFormat k8s.io/kubernetes/pkg/apis/batch/validation.validateIndexesFormat
func validateIndexesFormat(indexesStr string, completions int32) (int32, error)

//go:linkname validateFailedIndexesNotOverlapCompleted k8s.io/kubernetes/pkg/apis/batch/validation.validateFailedIndexesNotOverlapCompleted
func validateFailedIndexesNotOverlapCompleted(completed, failed string, completions int32) error

// kInterval has the layout of the controller's interval.
type kInterval struct{ First, Last int }

//go:linkname parseIndexesFromString k8s.io/kubernetes/pkg/controller/job.parseIndexesFromString
func parseIndexesFromString(logger logr.Logger, indexesStr string, completions int) []kInterval

//go:linkname kString k8s.io/kubernetes/pkg/controller/job.orderedIntervals.String
func kString(oi []kInterval) string

//go:linkname kTotal k8s.io/kubernetes/pkg/controller/job.orderedIntervals.total
func kTotal(oi []kInterval) int

//go:linkname kHas k8s.io/kubernetes/pkg/controller/job.orderedIntervals.has
func kHas(oi []kInterval, ix int) bool

//go:linkname kMerge k8s.io/kubernetes/pkg/controller/job.orderedIntervals.merge
func kMerge(oi, newOi []kInterval) []kInterval

//go:linkname kWithOrderedIndexes k8s.io/kubernetes/pkg/controller/job.orderedIntervals.withOrderedIndexes
func kWithOrderedIndexes(oi []kInterval, newIndexes []int) []kInterval

//go:linkname matchSucceededIndexesRule k8s.io/kubernetes/pkg/controller/job.matchSucceededIndexesRule
func matchSucceededIndexesRule(ruleIndexes, succeededIndexes []kInterval, succeededCount *int32) bool

var junk = []string{"", " ", "x", "+3", "007", "-2", "1--2", "1-2-3", "1-", "-", "+", "0x1",
	"99999999999999999999", "2147483647", "2147483648", "3-1", "4-4", "1 ", "+0-+2", "00-01"}

var completionsChoices = []int{0, 1, 2, 3, 5, 10, 50, 1000, math.MaxInt32}

// genList writes an index list: half of the time one an API server
// accepts (increasing, with adjacent fragments and sometimes Atoi's
// spellings), else with any fragment at all.
func genList(r *rand.Rand, completions int) string {
	limit := min(completions+3, 2000)
	if completions == math.MaxInt32 {
		limit = 2000
	}
	n := r.IntN(8)
	frags := make([]string, 0, n)
	valid := r.IntN(2) == 0
	cur := r.IntN(3)
	spell := func(x int) string {
		if r.IntN(10) == 0 {
			return "+" + strconv.Itoa(x)
		}
		if r.IntN(10) == 0 {
			return "0" + strconv.Itoa(x)
		}
		return strconv.Itoa(x)
	}
	for range n {
		if valid {
			if r.IntN(3) == 0 {
				frags = append(frags, spell(cur))
				cur += 1 + r.IntN(3)
			} else {
				last := cur + 1 + r.IntN(6)
				frags = append(frags, spell(cur)+"-"+spell(last))
				cur = last + 1 + r.IntN(3)
			}
			continue
		}
		switch r.IntN(4) {
		case 0:
			frags = append(frags, junk[r.IntN(len(junk))])
		case 1:
			frags = append(frags, strconv.Itoa(r.IntN(limit)))
		default:
			a, b := r.IntN(limit), r.IntN(limit)
			frags = append(frags, strconv.Itoa(a)+"-"+strconv.Itoa(b))
		}
	}
	return strings.Join(frags, ",")
}

const indexCases = 200_000

// TestValidateIndexesDiff: the API server's verdict, count and message.
func TestValidateIndexesDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	diffs, rejected := 0, 0
	for range indexCases {
		c := completionsChoices[r.IntN(len(completionsChoices))]
		s := genList(r, c)
		wantN, wantErr := validateIndexesFormat(s, int32(c))
		gotN, gotErr := scoreboard.ValidateIndexes(s, c)
		if wantErr != nil {
			rejected++
		}
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || int(wantN) != gotN {
			diffs++
			if diffs <= 10 {
				t.Errorf("%q, %d: Kubernetes %d, %v; jobkit %d, %v", s, c, wantN, wantErr, gotN, gotErr)
			}
		}
	}
	t.Logf("%d lists (%d rejected): %d differences", indexCases, rejected, diffs)
}

// TestIndexesOverlapDiff: the API server's overlap check.
func TestIndexesOverlapDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	diffs, found := 0, 0
	for range indexCases {
		c := completionsChoices[r.IntN(len(completionsChoices))]
		a, b := genList(r, c), genList(r, c)
		want := ""
		if err := validateFailedIndexesNotOverlapCompleted(a, b, int32(c)); err != nil {
			want = err.Error()
			found++
		}
		got := ""
		if at, ok := scoreboard.IndexesOverlap(a, b, c); ok {
			got = "failedIndexes and completedIndexes overlap at index: " + strconv.Itoa(at)
		}
		if want != got {
			diffs++
			if diffs <= 10 {
				t.Errorf("%q, %q, %d: Kubernetes %q, jobkit %q", a, b, c, want, got)
			}
		}
	}
	t.Logf("%d pairs (%d overlapping): %d differences", indexCases, found, diffs)
}

// TestParseIndexesLenientDiff: the controller's reading. On lists the API
// server accepts, the same printed form and count as the controller's
// own intervals; on every list, the indexes those intervals print as.
func TestParseIndexesLenientDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	diffs, accepted := 0, 0
	for range indexCases {
		c := completionsChoices[r.IntN(len(completionsChoices))]
		s := genList(r, c)
		k := parseIndexesFromString(logr.Discard(), s, c)
		got := scoreboard.ParseIndexesLenient(s, c)
		var printed scoreboard.Indexes
		for _, iv := range k {
			one, err := scoreboard.IndexesFromIntervals(scoreboard.Interval{First: iv.First, Last: max(iv.First, iv.Last)})
			if err != nil {
				t.Fatal(err)
			}
			printed = printed.Union(one)
		}
		bad := !got.Equal(printed)
		if _, err := validateIndexesFormat(s, math.MaxInt32); err == nil {
			accepted++
			bad = bad || got.String() != kString(k) || got.Count() != kTotal(k)
		}
		if bad {
			diffs++
			if diffs <= 10 {
				t.Errorf("%q, %d: Kubernetes %v (%q, %d); jobkit %q (%d)", s, c, k, kString(k), kTotal(k), got, got.Count())
			}
		}
	}
	t.Logf("%d lists (%d an API server accepts): %d differences", indexCases, accepted, diffs)
}

// toK returns the controller's intervals of a set.
func toK(x scoreboard.Indexes) []kInterval {
	var out []kInterval
	for iv := range x.Intervals() {
		out = append(out, kInterval{iv.First, iv.Last})
	}
	return out
}

// TestSetOperationsDiff: the controller's interval arithmetic against
// Indexes' methods on the sets the controller reads.
func TestSetOperationsDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	diffs := 0
	report := func(format string, a ...any) {
		diffs++
		if diffs <= 10 {
			t.Errorf(format, a...)
		}
	}
	for range indexCases {
		c := 1 + r.IntN(300)
		x := scoreboard.ParseIndexesLenient(genList(r, c), c)
		y := scoreboard.ParseIndexesLenient(genList(r, c), c)
		kx, ky := toK(x), toK(y)
		if got, want := x.Union(y).String(), kString(kMerge(kx, ky)); got != want {
			report("merge %q %q: Kubernetes %q, jobkit %q", x, y, want, got)
		}
		var ixs []int
		for range r.IntN(6) {
			ixs = append(ixs, r.IntN(c))
		}
		slices.Sort(ixs)
		ixs = slices.Compact(ixs)
		add, err := scoreboard.IndexesOf(ixs...)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := x.Union(add).String(), kString(kWithOrderedIndexes(kx, ixs)); got != want {
			report("withOrderedIndexes %q %v: Kubernetes %q, jobkit %q", x, ixs, want, got)
		}
		if x.Count() != kTotal(kx) {
			report("total %q: Kubernetes %d, jobkit %d", x, kTotal(kx), x.Count())
		}
		for range 4 {
			ix := r.IntN(c+2) - 1
			if x.Has(ix) != kHas(kx, ix) {
				report("has %q %d: Kubernetes %v, jobkit %v", x, ix, kHas(kx, ix), x.Has(ix))
			}
		}
		var count *int32
		if r.IntN(2) == 0 {
			n := int32(r.IntN(c + 1))
			count = &n
		}
		if !x.Empty() {
			n := x.IntersectionCount(y)
			got := n == x.Count() || (count != nil && n >= int(*count))
			if want := matchSucceededIndexesRule(kx, ky, count); got != want {
				report("matchSucceededIndexesRule %q %q %v: Kubernetes %v, jobkit %v", x, y, count, want, got)
			}
		}
	}
	t.Logf("%d pairs of sets: %d differences", indexCases, diffs)
}

// statusErrors returns the errors at status.completedIndexes and
// status.failedIndexes as their full text.
func statusErrors(errs []string) []string {
	var out []string
	for _, e := range errs {
		if strings.HasPrefix(e, "status.completedIndexes:") || strings.HasPrefix(e, "status.failedIndexes:") {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out
}

// TestStatusUpdateIndexErrorsDiff: the errors a status update gets for
// completedIndexes and failedIndexes, word for word, from jobapi and
// from Kubernetes' ValidateJobUpdateStatus with the options the status
// strategy derives.
func TestStatusUpdateIndexErrorsDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const n = 50_000
	diffs, withErrors := 0, 0
	for range n {
		c := completionsChoices[r.IntN(len(completionsChoices)-1)] // an int32 the spec can hold
		indexed := r.IntN(4) != 0
		perIndex := r.IntN(2) == 0
		completed := genList(r, c)
		oldCompleted := completed
		if r.IntN(3) != 0 {
			oldCompleted = genList(r, c)
		}
		var failed, oldFailed *string
		if r.IntN(3) != 0 {
			f := genList(r, c)
			failed = &f
		}
		oldFailed = failed
		if r.IntN(2) == 0 {
			f := genList(r, c)
			oldFailed = &f
		}

		mode := batch.NonIndexedCompletion
		jmode := jobapi.NonIndexedCompletion
		if indexed {
			mode, jmode = batch.IndexedCompletion, jobapi.IndexedCompletion
		}
		completions := int32(c)
		var limit *int32
		if perIndex {
			l := int32(1)
			limit = &l
		}
		kjob := func(completedIndexes string, failedIndexes *string) *batch.Job {
			return &batch.Job{
				ObjectMeta: metav1.ObjectMeta{Name: "j", Namespace: "ns", ResourceVersion: "1"},
				Spec:       batch.JobSpec{Completions: &completions, CompletionMode: &mode, BackoffLimitPerIndex: limit, Template: api.PodTemplateSpec{}},
				Status:     batch.JobStatus{CompletedIndexes: completedIndexes, FailedIndexes: failedIndexes},
			}
		}
		jjob := func(completedIndexes string, failedIndexes *string) *jobapi.Job {
			return &jobapi.Job{
				ObjectMeta: meta.ObjectMeta{Name: "j", Namespace: "ns", ResourceVersion: "1"},
				Spec:       jobapi.JobSpec{Completions: &completions, CompletionMode: &jmode, BackoffLimitPerIndex: limit, Template: core.PodTemplateSpec{}},
				Status:     jobapi.JobStatus{CompletedIndexes: completedIndexes, FailedIndexes: failedIndexes},
			}
		}
		completedChanged := completed != oldCompleted
		failedChanged := (failed == nil) != (oldFailed == nil) || (failed != nil && *failed != *oldFailed)
		opts := batchvalidation.JobStatusValidationOptions{
			RejectInvalidCompletedIndexes:                completedChanged,
			RejectInvalidFailedIndexes:                   failedChanged,
			RejectCompletedIndexesForNonIndexedJob:       completedChanged,
			RejectFailedIndexesForNoBackoffLimitPerIndex: failedChanged,
			RejectFailedIndexesOverlappingCompleted:      completedChanged || failedChanged,
		}
		var want []string
		for _, e := range batchvalidation.ValidateJobUpdateStatus(kjob(completed, failed), kjob(oldCompleted, oldFailed), opts) {
			want = append(want, e.Error())
		}
		jerrs, err := jobapi.ValidateStatusUpdate(jjob(completed, failed), jjob(oldCompleted, oldFailed))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range jerrs {
			got = append(got, e.Error())
		}
		want, got = statusErrors(want), statusErrors(got)
		if len(want) > 0 {
			withErrors++
		}
		// The messages of the non-Indexed and no-backoffLimitPerIndex
		// rules are jobkit's; the index-list ones are Kubernetes'.
		keep := func(errs []string) []string {
			var out []string
			for _, e := range errs {
				if strings.Contains(e, "error parsing") || strings.Contains(e, "overlap at index") {
					out = append(out, e)
				} else {
					out = append(out, strings.SplitN(e, ": ", 2)[0]+": (jobkit's wording)")
				}
			}
			return out
		}
		w, g := keep(want), keep(got)
		slices.Sort(w)
		slices.Sort(g)
		if !slices.Equal(w, g) {
			diffs++
			if diffs <= 10 {
				t.Errorf("completed %q (was %q), failed %v (was %v), completions %d, indexed %v, perIndex %v:\nKubernetes %q\njobkit     %q",
					completed, oldCompleted, deref(failed), deref(oldFailed), c, indexed, perIndex, want, got)
			}
		}
	}
	t.Logf("%d status updates (%d with index-list errors): %d differences", n, withErrors, diffs)
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return strconv.Quote(*s)
}

// TestSucceededIndexesErrorsDiff: the errors a success policy's
// succeededIndexes gets on create, word for word, from jobapi.Validate
// and Kubernetes' ValidateJob.
func TestSucceededIndexesErrorsDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const n = 20_000
	diffs, withErrors := 0, 0
	for range n {
		c := []int{1, 3, 5, 10, 50}[r.IntN(5)]
		s := genList(r, c)
		completions := int32(c)
		var count *int32
		if r.IntN(2) == 0 {
			v := int32(r.IntN(c + 2))
			count = &v
		}
		mode := batch.IndexedCompletion
		kj := &batch.Job{
			ObjectMeta: metav1.ObjectMeta{Name: "j", Namespace: "ns"},
			Spec: batch.JobSpec{
				Completions: &completions, Parallelism: &completions, CompletionMode: &mode,
				SuccessPolicy: &batch.SuccessPolicy{Rules: []batch.SuccessPolicyRule{{SucceededIndexes: &s, SucceededCount: count}}},
				Selector:      &metav1.LabelSelector{MatchLabels: map[string]string{"a": "b"}},
				Template: api.PodTemplateSpec{
					ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"a": "b"}},
					Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever, DNSPolicy: api.DNSClusterFirst,
						TerminationGracePeriodSeconds: ptr(int64(30)), SchedulerName: "default-scheduler",
						Containers: []api.Container{{Name: "c", Image: "i", ImagePullPolicy: api.PullIfNotPresent, TerminationMessagePolicy: api.TerminationMessageReadFile}}},
				},
			},
		}
		jmode := jobapi.IndexedCompletion
		jj := &jobapi.Job{
			ObjectMeta: meta.ObjectMeta{Name: "j", Namespace: "ns"},
			Spec: jobapi.JobSpec{
				Completions: &completions, Parallelism: &completions, CompletionMode: &jmode,
				SuccessPolicy: &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{SucceededIndexes: &s, SucceededCount: count}}},
				Selector:      &selector.LabelSelector{MatchLabels: map[string]string{"a": "b"}},
				Template: core.PodTemplateSpec{
					ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"a": "b"}},
					Spec: core.PodSpec{RestartPolicy: core.RestartPolicyNever, DNSPolicy: core.DNSClusterFirst,
						TerminationGracePeriodSeconds: ptr(int64(30)), SchedulerName: "default-scheduler",
						Containers: []core.Container{{Name: "c", Image: "i", ImagePullPolicy: core.PullIfNotPresent, TerminationMessagePolicy: core.TerminationMessageReadFile}}},
				},
			},
		}
		pick := func(field, detail, full string) string {
			if strings.HasSuffix(field, ".succeededIndexes") {
				return full
			}
			return field + " (jobkit's wording)"
		}
		var want, got []string
		for _, e := range batchvalidation.ValidateJob(kj, batchvalidation.JobValidationOptions{}) {
			if strings.HasPrefix(e.Field, "spec.successPolicy") {
				want = append(want, pick(e.Field, e.Detail, e.Error()))
			}
		}
		jerrs, err := jobapi.Validate(jj)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range jerrs {
			if strings.HasPrefix(e.Field, "spec.successPolicy") {
				got = append(got, pick(e.Field, e.Detail, e.Error()))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if len(want) > 0 {
			withErrors++
		}
		if !slices.Equal(want, got) {
			diffs++
			if diffs <= 10 {
				t.Errorf("succeededIndexes %q, count %v, completions %d:\nKubernetes %q\njobkit     %q", s, count, c, want, got)
			}
		}
	}
	t.Logf("%d success policies (%d with errors): %d differences", n, withErrors, diffs)
}

func ptr[T any](v T) *T { return &v }
