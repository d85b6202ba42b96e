package cluster

import (
	"fmt"
	"testing"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// TestCreateLiveFilled sends Jobs whose pod spec jobtest.Fill sets at
// every depth to random data (unknown members included): almost all are
// refused, Strict for their unknown fields, Warn for many validation
// errors at once, so the two sides' causes are compared over every field
// of the pod spec, not only the ones the corpus generator writes.
func TestCreateLiveFilled(t *testing.T) {
	const seed, n = 20261127, 100
	lc := newLiveClient(t)
	c := newTally()
	for i := range n {
		job := &jobapi.Job{}
		job.APIVersion, job.Kind = "batch/v1", "Job"
		jobtest.Fill(t, &job.Spec.Template.Spec, seed+uint64(i))
		job.ObjectMeta.Name = fmt.Sprintf("filled-%d", i)
		job.Spec.Template.Spec.RestartPolicy = core.RestartPolicyNever
		data, err := conversion.EncodeJSON(job, "batch/v1")
		if err != nil {
			t.Fatal(err)
		}
		c.compare(t, lc, manifest{name: fmt.Sprintf("filled %d", i), data: data})
	}
	c.report(t, fmt.Sprintf("seed %d, %d filled pod specs", seed, n), lc, openFilled)
}
