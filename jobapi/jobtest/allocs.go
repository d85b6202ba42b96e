package jobtest

import "runtime"

// MeasureAllocs returns the number of allocations and the bytes allocated
// by one call of f, averaged over five calls after a warm-up call. Tests
// use it to assert complexity by counting work instead of timing it: call
// it at sizes n and 4n and compare (linear growth is about 4 times,
// quadratic 16). Unlike testing.AllocsPerRun it also reports bytes, and it
// does not round. The counts are the process's: allocations by other
// goroutines during the calls count too, so compare with a margin.
func MeasureAllocs(f func()) (allocs, bytes float64) {
	const runs = 5
	f()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / runs, float64(after.TotalAlloc-before.TotalAlloc) / runs
}
