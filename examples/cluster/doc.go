// Package cluster holds jobkit's live tests: they run against a real
// v1.36.3 kube-apiserver and etcd started in the test process by package
// [github.com/jobkit/jobkit/examples/cluster/controlplane], one control
// plane per test binary (TestMain).
//
// The create differential (create_live_test.go) POSTs Jobs — a generated
// corpus, valid and invalid, and the repository's example manifests — to
// the real server with fieldValidation=Strict and =Warn, and compares each
// answer with jobkit's own for the same input (conversion.DecodeAll,
// jobapi.PrepareForCreate, jobapi.Validate under Kubernetes' label keys):
// the HTTP status code, the Status reason and causes, the Warning headers
// for unknown and duplicate fields, and the stored object.
//
// The controller tests run Jobs on the same server. controller_live_test.go
// runs jobkit's Job controller (examples/controller, in the mode for
// clusters without kube-controller-manager) with the fake kubelet of
// examples/controller/kubelet to scripted outcomes and checks the exact
// final statuses. The live differential (controller_diff_live_test.go)
// runs Kubernetes' own v1.36 Job controller (pkg/controller/job, with its
// informers) beside jobkit's: each scenario creates the same Job twice,
// one left to Kubernetes and one whose spec.managedBy names jobkit's
// controller, drives both with the same kubelet script in lockstep, and
// compares the Jobs' statuses and pods once both have settled, before
// every kubelet step and at the end.
//
// Non-goals: the package has no API of its own besides the wirefault
// round-tripper; no kube-controller-manager, scheduler, garbage collector
// or namespace controller runs (tests create each namespace's "default"
// ServiceAccount themselves, and what they create stays until the control
// plane stops).
package cluster
