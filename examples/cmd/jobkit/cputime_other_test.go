//go:build !unix

package main

import "time"

// processCPUTime is not available here: benchmarks report wall-clock
// rates only.
func processCPUTime() (time.Duration, bool) { return 0, false }
