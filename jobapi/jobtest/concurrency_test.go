package jobtest_test

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

func itoa(i int) string { return strconv.Itoa(i) }

const counterKey = "example.com/counter"

// increment adds one to the Job's counter annotation, read-modify-write,
// retrying on Conflict as the conventions say: get again, apply the change
// again, submit again. It counts the Conflicts. When ready is not nil,
// the first read waits for it to be closed before it writes, so that every
// writer starts from the same resourceVersion.
func increment(jobs *jobtest.Resource[jobapi.Job], conflicts *atomic.Int64, arrived *sync.WaitGroup, ready <-chan struct{}) error {
	for {
		j, err := jobs.Get("counter")
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(j.ObjectMeta.Annotations[counterKey])
		if err != nil {
			return err
		}
		j.ObjectMeta.Annotations[counterKey] = strconv.Itoa(n + 1)
		if ready != nil {
			arrived.Done()
			<-ready
			ready = nil
		}
		_, err = jobs.Update(j)
		if field.IsConflict(err) {
			conflicts.Add(1)
			continue
		}
		return err
	}
}

// TestNoLostUpdates is the lost-update test of the conventions: N writers
// each increment a counter M times, read-modify-write with the
// resourceVersion as precondition, retrying on Conflict. Every increment
// counts. The first round starts every writer from the same read, so
// Conflicts are certain, not left to the scheduler.
func TestNoLostUpdates(t *testing.T) {
	const writers, increments = 8, 50
	s := jobtest.NewStore()
	jobs := s.Jobs("ns")
	mustCreate(t, jobs, jobtest.Job("counter", jobtest.Annotations(map[string]string{counterKey: "0"})))

	var conflicts atomic.Int64
	var arrived, done sync.WaitGroup
	ready := make(chan struct{})
	errs := make(chan error, writers)
	arrived.Add(writers)
	for range writers {
		done.Add(1)
		go func() {
			defer done.Done()
			if err := increment(jobs, &conflicts, &arrived, ready); err != nil {
				errs <- err
				return
			}
			for range increments - 1 {
				if err := increment(jobs, &conflicts, nil, nil); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	arrived.Wait()
	close(ready)
	done.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a writer failed: %v", err)
	}

	j := must(jobs.Get("counter"))
	if got, want := j.ObjectMeta.Annotations[counterKey], strconv.Itoa(writers*increments); got != want {
		t.Errorf("counter = %s, want %s: updates were lost", got, want)
	}
	if c := conflicts.Load(); c < writers-1 {
		t.Errorf("%d Conflicts, want at least %d: the writers of the first round all read the same resourceVersion", c, writers-1)
	}
	// Every successful update was one write: the create, then N×M updates.
	if got, want := j.ObjectMeta.ResourceVersion, strconv.Itoa(2+writers*increments); got != want {
		t.Errorf("resourceVersion %s, want %s", got, want)
	}
	if j.ObjectMeta.Generation != 1 {
		t.Errorf("generation %d: annotations are not the spec", j.ObjectMeta.Generation)
	}
	t.Logf("%d Conflicts retried", conflicts.Load())
}

// TestUnconditionalUpdatesLoseWrites shows why the precondition matters:
// writers that read the same state and update without a resourceVersion
// all succeed, and all but one increment is lost.
func TestUnconditionalUpdatesLoseWrites(t *testing.T) {
	const writers = 8
	s := jobtest.NewStore()
	jobs := s.Jobs("ns")
	mustCreate(t, jobs, jobtest.Job("counter", jobtest.Annotations(map[string]string{counterKey: "0"})))

	var arrived, done sync.WaitGroup
	ready := make(chan struct{})
	errs := make(chan error, writers)
	arrived.Add(writers)
	for range writers {
		done.Add(1)
		go func() {
			defer done.Done()
			j, err := jobs.Get("counter")
			if err != nil {
				errs <- err
				return
			}
			n, _ := strconv.Atoi(j.ObjectMeta.Annotations[counterKey])
			j.ObjectMeta.Annotations[counterKey] = strconv.Itoa(n + 1)
			j.ObjectMeta.ResourceVersion = "" // unconditional
			arrived.Done()
			<-ready
			if _, err := jobs.Update(j); err != nil {
				errs <- err
			}
		}()
	}
	arrived.Wait()
	close(ready)
	done.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("an unconditional update failed: %v", err)
	}
	if got := must(jobs.Get("counter")).ObjectMeta.Annotations[counterKey]; got != "1" {
		t.Errorf("counter = %s, want 1: %d writers read 0 and each wrote 1", got, writers)
	}
}
