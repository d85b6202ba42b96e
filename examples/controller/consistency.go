package jobcontroller

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/resourceversion"
	"k8s.io/client-go/tools/cache"
)

// This file is the read-your-writes guard of kube-controller-manager
// v1.36's Job controller (the StaleControllerConsistencyJob feature, on
// by default): after the controller writes a Job's pods or status, it
// does not sync the Job again until its informers have seen at least the
// resourceVersions those writes returned. A sync on an older cache would
// plan from a state the controller itself has already changed.

// writtenVersions are the newest resourceVersions of the controller's
// writes for one Job: of its pods (created or patched) and of the Job
// (its status). Empty: nothing is waited for. Guarded by the jobState's
// mutex.
type writtenVersions struct {
	pods, jobs string
}

// wrotePod records a pod write that returned resourceVersion rv.
func (w *writtenVersions) wrotePod(rv string) { w.pods = newerVersion(w.pods, rv) }

// wroteJob records a Job write that returned resourceVersion rv.
func (w *writtenVersions) wroteJob(rv string) { w.jobs = newerVersion(w.jobs, rv) }

// newerVersion returns the newer of the resourceVersions a and b (b when
// they cannot be compared).
func newerVersion(a, b string) string {
	if a == "" {
		return b
	}
	if c, err := resourceversion.CompareResourceVersion(a, b); err == nil && c >= 0 {
		return a
	}
	return b
}

// staleError says that an informer has not seen the controller's own
// last write yet.
type staleError struct {
	resource    string
	read, wrote string
}

func (e *staleError) Error() string {
	return fmt.Sprintf("read version: %s is not as new as written version: %s for group resource %s", e.read, e.wrote, e.resource)
}

// ready checks that the pod and Job stores have seen the versions of w;
// those they have seen are forgotten. A store that cannot tell its
// version (client-go's AtomicFIFO feature off, or a fake) or versions
// that cannot be compared are not waited for.
func (w *writtenVersions) ready(pods, jobs cache.Store) error {
	check := func(wrote *string, store cache.Store, resource string) error {
		if *wrote == "" {
			return nil
		}
		read := store.LastStoreSyncResourceVersion()
		if read == "" {
			*wrote = ""
			return nil
		}
		c, err := resourceversion.CompareResourceVersion(*wrote, read)
		if err == nil && c > 0 {
			return &staleError{resource: resource, read: read, wrote: *wrote}
		}
		*wrote = ""
		return nil
	}
	if err := check(&w.pods, pods, "pods"); err != nil {
		return err
	}
	return check(&w.jobs, jobs, "jobs.batch")
}
