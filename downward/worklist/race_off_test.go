//go:build !race

package worklist_test

// raceEnabled is true when the race detector is on.
const raceEnabled = false
