package jobtest_test

import (
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"
)

var sink []byte

func TestMeasureAllocsCountsOneCall(t *testing.T) {
	tests := []struct {
		name       string
		f          func()
		wantAllocs float64
		minBytes   float64
	}{
		{"nothing allocated", func() {}, 0, 0},
		{"one 4 KiB buffer per call", func() { sink = make([]byte, 4096) }, 1, 4096},
		{"three buffers per call", func() {
			for range 3 {
				sink = make([]byte, 1024)
			}
		}, 3, 3 * 1024},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			allocs, bytes := jobtest.MeasureAllocs(tt.f)
			// Other goroutines (the test framework's) may allocate during
			// the calls: allow two allocations per call of slack.
			if allocs < tt.wantAllocs || allocs > tt.wantAllocs+2 || bytes < tt.minBytes {
				t.Errorf("MeasureAllocs = %v allocs, %v bytes; want %v allocs (+2), at least %v bytes", allocs, bytes, tt.wantAllocs, tt.minBytes)
			}
		})
	}
}
