package parity

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// TestStoreCreateDiff sends generated batch/v1 manifests, decoded without
// any defaults (as a Go program builds a Job), to jobtest.Store's Create
// under Kubernetes' label keys, and compares the Job it returns with what
// a v1.36 API server returns for the manifest (kubeCreateStored: decode
// with batch/v1's defaults, the Job strategy, the storage round trip):
// the Store must apply batch/v1's defaults itself, and return the Job read
// back from storage. Jobs either side refuses are skipped (validation
// parity is TestValidationDiffCreate's).
func TestStoreCreateDiff(t *testing.T) {
	const seed, n = 20261128, 3000
	g := newCreateGen(seed)
	var same, skipped, differences int
	for i := range n {
		data, given := g.manifest()
		job := new(jobapi.Job)
		if err := json.Unmarshal(data, job); err != nil {
			skipped++
			continue
		}
		ns := requestNamespace(given, job.ObjectMeta.Namespace)
		if given != "" && job.ObjectMeta.Namespace != "" && job.ObjectMeta.Namespace != given {
			skipped++
			continue
		}
		store := jobtest.NewStore(jobtest.WithClock(func() time.Time { return createdAtFixed }), jobtest.WithJobOptions(jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)))
		got, _, err := store.Jobs(ns).Create(job)
		if err != nil {
			skipped++
			continue
		}
		uid := string(got.ObjectMeta.UID)
		k, err := kubeCreateStored(data, uid, given)
		if err != nil || k.refused || k.panicked || len(k.invalid) > 0 {
			skipped++
			continue
		}
		j, err := conversion.EncodeJSON(got, "batch/v1")
		if err != nil {
			t.Fatal(err)
		}
		kname, gen := storedName(t, k.stored)
		if jname := got.ObjectMeta.Name; gen != "" && kname != jname {
			j = []byte(strings.ReplaceAll(string(j), strconv.Quote(jname), strconv.Quote(kname)))
		}
		if d := cmp.Diff(normalizeCreated(t, k.stored), normalizeCreated(t, j)); d != "" {
			differences++
			if differences <= 5 {
				t.Errorf("job %d: the Store's Job differs (-kubernetes +store):\n%s\ninput: %s", i, d, data)
			}
			continue
		}
		same++
	}
	t.Logf("seed %d, %d generated Jobs: %d created identically by the Store, %d skipped (refused by a side), %d differences", seed, n, same, skipped, differences)
	if same < n/5 {
		t.Errorf("only %d compared", same)
	}

}
