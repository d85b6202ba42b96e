package jobtest_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// nextEvent returns the watcher's next event. The deadline only keeps a
// broken store from hanging the test; no test depends on timing.
func nextEvent[T jobtest.Object](t *testing.T, w *jobtest.Watcher[T]) jobtest.Event[T] {
	t.Helper()
	select {
	case ev, ok := <-w.ResultChan():
		if !ok {
			t.Fatal("the watch channel was closed")
		}
		return ev
	case <-time.After(time.Minute):
		t.Fatal("no event within a minute")
	}
	panic("unreachable")
}

// seen is what a test checks of an event: its type, the object's name,
// its resourceVersion and one label.
type seen struct {
	Type  jobtest.EventType
	Name  string
	RV    string
	Label string
}

func see(ev jobtest.Event[core.Pod]) seen {
	m := ev.Object.ObjectMeta
	return seen{ev.Type, m.Name, m.ResourceVersion, m.Labels["app"]}
}

// nextEvents returns the next n events, as seen.
func nextEvents(t *testing.T, w *jobtest.Watcher[core.Pod], n int) []seen {
	t.Helper()
	out := make([]seen, n)
	for i := range out {
		out[i] = see(nextEvent(t, w))
	}
	return out
}

func setApp(t *testing.T, pods *jobtest.Resource[core.Pod], name, app string) {
	t.Helper()
	p := must(pods.Get(name))
	p.ObjectMeta.Labels = map[string]string{"app": app}
	if _, err := pods.Update(p); err != nil {
		t.Fatal(err)
	}
}

func TestWatchFromAListMissesNothing(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	mustCreate(t, pods, jobtest.Pod("before"))
	list := must(pods.List())

	// Changes between the List and the Watch are delivered too.
	mustCreate(t, pods, jobtest.Pod("a", jobtest.Labels(map[string]string{"app": "x"}))) // rv 3
	w, err := pods.Watch(list.ResourceVersion)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	setApp(t, pods, "a", "y") // rv 4
	noop := must(pods.Get("a"))
	if _, err := pods.Update(noop); err != nil { // not a write: no event
		t.Fatal(err)
	}
	// An unscheduled pod is deleted gracefully with a grace period of 0:
	// marked (rv 5), then removed (rv 6), as by the generic store.
	if _, err := pods.Delete("a"); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s.Pods("other"), jobtest.Pod("elsewhere")) // rv 7, another namespace
	mustCreate(t, s.Jobs("ns"), jobtest.Job("job"))          // rv 8, another kind
	mustCreate(t, pods, jobtest.Pod("last"))                 // rv 9

	want := []seen{
		{jobtest.Added, "a", "3", "x"},
		{jobtest.Modified, "a", "4", "y"},
		{jobtest.Modified, "a", "5", "y"},
		{jobtest.Deleted, "a", "6", "y"},
		{jobtest.Added, "last", "9", ""},
	}
	if diff := cmp.Diff(want, nextEvents(t, w, len(want))); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestWatchFromNowStartsWithTheCurrentState(t *testing.T) {
	for _, rv := range []string{"", "0"} {
		t.Run("resourceVersion "+rv, func(t *testing.T) {
			s := newStore()
			pods := s.Pods("")
			mustCreate(t, s.Pods("ns"), jobtest.Pod("b"))
			mustCreate(t, s.Pods("ns"), jobtest.Pod("a"))
			mustCreate(t, s.Pods("alpha"), jobtest.Pod("z"))
			if _, err := s.Pods("ns").Delete("b"); err != nil {
				t.Fatal(err)
			}
			w, err := pods.Watch(rv)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Stop()
			mustCreate(t, s.Pods("ns"), jobtest.Pod("c"))
			want := []seen{
				{jobtest.Added, "z", "4", ""},
				{jobtest.Added, "a", "3", ""},
				{jobtest.Added, "c", "7", ""}, // the delete of b wrote twice
			}
			if diff := cmp.Diff(want, nextEvents(t, w, len(want))); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWatchWithASelectorSeesObjectsEnterAndLeave(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	w, err := pods.Watch("1", jobtest.MatchingLabels("app=x"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	mustCreate(t, pods, jobtest.Pod("a", jobtest.Labels(map[string]string{"app": "x"}))) // 2 ADDED
	mustCreate(t, pods, jobtest.Pod("b", jobtest.Labels(map[string]string{"app": "y"}))) // 3 unseen
	setApp(t, pods, "a", "y")                                                            // 4 leaves: DELETED, last matching state
	setApp(t, pods, "b", "x")                                                            // 5 enters: ADDED
	setApp(t, pods, "a", "z")                                                            // 6 unseen
	if _, err := pods.Delete("b"); err != nil {                                          // 7 marked, 8 DELETED
		t.Fatal(err)
	}
	want := []seen{
		{jobtest.Added, "a", "2", "x"},
		{jobtest.Deleted, "a", "4", "x"},
		{jobtest.Added, "b", "5", "x"},
		{jobtest.Modified, "b", "7", "x"},
		{jobtest.Deleted, "b", "8", "x"},
	}
	if diff := cmp.Diff(want, nextEvents(t, w, len(want))); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestStatus410Expired(t *testing.T) {
	s := newStore(jobtest.WithWatchHistory(2))
	pods := s.Pods("ns")
	for _, name := range []string{"a", "b", "c"} { // rv 2, 3, 4; the history keeps 3 and 4
		mustCreate(t, pods, jobtest.Pod(name))
	}
	tests := []struct {
		name      string
		rv        string
		wantErr   string
		wantNames []string
	}{
		{"a resourceVersion older than the history", "1", "too old resource version: 1 (2)", nil},
		{"the oldest resourceVersion the history serves", "2", "", []string{"b", "c"}},
		{"the latest resourceVersion", "4", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := pods.Watch(tt.rv)
			if tt.wantErr != "" {
				se := jobtest.RequireStatusReason(t, err, field.StatusReasonExpired)
				if se.Code() != http.StatusGone || se.Error() != tt.wantErr {
					t.Errorf("got %d %q, want 410 %q", se.Code(), se.Error(), tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer w.Stop()
			var got []string
			for range tt.wantNames {
				got = append(got, nextEvent(t, w).Object.ObjectMeta.Name)
			}
			if diff := cmp.Diff(tt.wantNames, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestWatchStop(t *testing.T) {
	s := newStore()
	w, err := s.Jobs("ns").Watch("")
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s.Jobs("ns"), jobtest.Job("queued")) // queued, never read
	w.Stop()
	w.Stop() // twice is fine
	for range w.ResultChan() {
		// A queued event may or may not arrive before the close.
	}
	// The store does not block on, or deliver to, a stopped watcher.
	mustCreate(t, s.Jobs("ns"), jobtest.Job("after"))
}

func TestWatchDoesNotBlockWriters(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	w, err := pods.Watch("")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	const n = 500
	for i := range n {
		mustCreate(t, pods, jobtest.Pod("", jobtest.GenerateName("p-"), jobtest.Index(i)))
	}
	for i := range n {
		ev := nextEvent(t, w)
		if got := ev.Object.ObjectMeta.Labels["batch.kubernetes.io/job-completion-index"]; got != itoa(i) {
			t.Fatalf("event %d is for index %s", i, got)
		}
	}
}

func TestWatchFromAFutureResourceVersionWaitsForIt(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	w, err := pods.Watch("3")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	for _, name := range []string{"a", "b", "c"} { // rv 2, 3, 4
		mustCreate(t, pods, jobtest.Pod(name))
	}
	if diff := cmp.Diff([]seen{{jobtest.Added, "c", "4", ""}}, nextEvents(t, w, 1)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
