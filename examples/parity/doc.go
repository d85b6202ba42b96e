// Package parity proves jobkit's claim against Kubernetes' own code: it
// imports k8s.io/kubernetes v1.36 (the API server's defaulting, Job
// strategy and validation, and the Job controller) and runs it beside
// jobkit on the same generated inputs. It holds only tests; nothing
// imports it, and the main module never depends on Kubernetes.
package parity
