// Package jobtest is for the tests of code that uses jobkit: controllers,
// admission webhooks and CLIs that handle Jobs and their pods.
//
// It holds randomized fixtures for property tests: [Fill] sets every field
// of a value (hub or versioned Job, Pod, ...) to random data that survives a
// JSON round trip, and [SharedMemory] finds the places where two values
// alias each other, which a deep copy or a converter must never do.
//
// Non-goals: jobtest is not imported by jobkit's non-test code, and its
// random values are not valid Jobs (they exercise codecs and copies, not
// validation).
package jobtest
