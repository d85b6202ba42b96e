//go:build race

package worklist_test

// raceEnabled is true when the race detector is on: it changes allocation
// counts (sync.Pool drops items at random), so allocation assertions skip.
const raceEnabled = true
