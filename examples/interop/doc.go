// Package interop proves that jobkit behaves as Kubernetes does, by
// running both on the same generated inputs and comparing the results,
// and measures both side by side. It is a separate module so that only
// it, and never jobkit itself, depends on k8s.io/apimachinery.
//
// Run the comparison with `go test ./...` and the measurements with
// `go test -run '^$' -bench . -benchmem -count 10` in this directory.
package interop
