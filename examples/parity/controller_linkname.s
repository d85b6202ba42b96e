// This file is empty on purpose: an assembly file in the package lets its
// tests declare, without a body, the unexported functions of Kubernetes'
// Job controller they reach with go:linkname (controller_diff_test.go).
