// Package selector implements Kubernetes label selectors: label sets, the
// selector grammar, matching, printing, the LabelSelector wire struct and
// its validation.
package selector
