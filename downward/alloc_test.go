package downward_test

import (
	"testing"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestParseDoesNotAllocate counts allocations: a valid path is parsed
// without allocating, whatever its length.
func TestParseDoesNotAllocate(t *testing.T) {
	for _, s := range []string{"metadata.name", "spec.host", "metadata.annotations['batch.kubernetes.io/job-completion-index']"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = fieldpath.Parse(s) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times", s, n)
		}
	}
}

// TestFormatMapAllocationsDoNotGrowWithTheMap counts allocations: the key
// list, the buffer and the string, however many entries.
func TestFormatMapAllocationsDoNotGrowWithTheMap(t *testing.T) {
	for _, n := range []int{1, 10, 1000} {
		m := annotations(n)
		if got := testing.AllocsPerRun(20, func() { downward.FormatMap(m) }); got > 3 {
			t.Errorf("FormatMap of %d entries allocates %v times, want at most 3", n, got)
		}
	}
}

// TestResolveOneKeyDoesNotAllocate: reading one annotation is a map lookup.
func TestResolveOneKeyDoesNotAllocate(t *testing.T) {
	pod := &core.Pod{ObjectMeta: meta.ObjectMeta{Annotations: annotations(1000)}}
	p := fieldpath.MustParse("metadata.annotations['example.com/key-00500']")
	if got := testing.AllocsPerRun(100, func() { _, _ = downward.Resolve(p, pod) }); got != 0 {
		t.Errorf("Resolve of one key allocates %v times", got)
	}
}
