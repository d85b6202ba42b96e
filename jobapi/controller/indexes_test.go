package controller

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestIndexesOutsideCompletionsDoNotHideBusyIndexes: a terminating pod
// (which keeps its index busy under podReplacementPolicy Failed) whose
// completion index is past completions, even past an int32, neither
// counts nor hides the index of the active pod: the one pod parallelism
// leaves room for is created for the lowest index no pod holds.
func TestIndexesOutsideCompletionsDoNotHideBusyIndexes(t *testing.T) {
	for _, junk := range []string{"3", "2147483648", "99999999999999"} {
		t.Run(junk, func(t *testing.T) {
			job := indexedJob(3, 3)
			job.Spec.PodReplacementPolicy = ptr(jobapi.Failed)
			c := newCluster(t, job)
			for i, ix := range []int{0, 7} {
				p := newPod(c.job, ix, false, nil)
				p.ObjectMeta.Name = fmt.Sprintf("pi-%d", i)
				p.ObjectMeta.UID = meta.UID("uid-" + p.ObjectMeta.Name)
				p.Status.Phase = core.PodRunning
				if ix == 7 {
					p.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation] = junk
					p.ObjectMeta.DeletionTimestamp = &meta.Time{Time: t0}
				}
				c.pods = append(c.pods, p)
			}
			d := Sync(c.job, c.pods, t0, Backoff{})
			var created []int
			for _, p := range d.Create {
				created = append(created, CompletionIndex(p))
			}
			slices.Sort(created)
			if diff := cmp.Diff([]int{1}, created); diff != "" {
				t.Errorf("created indexes (-want +got):\n%s", diff)
			}
		})
	}
}
