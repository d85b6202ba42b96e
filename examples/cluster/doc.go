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
// Non-goals: the package has no API of its own; no Job controller runs
// against the server here (Jobs get no pods), and nothing but Jobs and
// namespaces is created.
package cluster
