// Package jobapi holds the internal ("hub") form of Jobs: the only Job
// types jobkit's logic works on; their pod templates are package core's
// types and their metadata package meta's. Manifests in any supported version
// are decoded into them by package conversion and written back from them.
//
// The types mirror Kubernetes' Go names and JSON tags (core/v1, batch/v1,
// meta/v1), so a Job printed by `kubectl get job -o json` decodes straight
// into a [Job] with encoding/json or sigs.k8s.io/yaml. Optional fields are
// pointers with `omitempty`; API integers are int32 (int64 where
// Kubernetes uses it); times are [meta.Time], RFC 3339 in UTC to the second.
//
// Object metadata ([meta.ObjectMeta], [meta.TypeMeta], [meta.Unknown], ...)
// lives in package jobapi/meta and the pod types in jobapi/core; each name
// has that one home and is spelled with its package's name everywhere.
//
// Nothing a user wrote is lost. jobapi and jobapi/core type every field of
// a Job and its pod template as of Kubernetes v1.36; every object type
// also has an Unknown field that keeps the JSON members a newer Kubernetes
// adds and writes them back when the object is encoded. Each type's JSON
// methods are generated (zz_generated.json.go): MarshalJSON is a typed
// encoder and UnmarshalJSON a typed decoder, neither using reflection;
// the decoder diverts every member its type does not model to Unknown. Decoding reports wrong types, fractions and
// out-of-range integers as field errors that name the path
// (`spec.completions`); use json.Unmarshal or the methods themselves.
// [TypeMetaOf] reads just `apiVersion` and `kind`. Every type has a
// DeepCopy that shares nothing (generated, in zz_generated.deepcopy.go;
// `go generate ./jobapi` rewrites both files).
//
// What a user of the types sees: Unknown fields are filled by decoding and
// written back by encoding; they compare with go-cmp and == semantics of
// JSON (member order does not matter), so tests can compare whole objects
// with cmp.Diff. As with Kubernetes' own types, an empty list or map is
// not written (`omitempty`) and so comes back nil, a zero [meta.Time] is not
// written, and JSON null means "unset".
//
// What an API server does to a new Job is [PrepareForCreate]: it sets the
// namespace, uid, creation time and generation, drops the members the API
// server does not know (quietly: as on a server, the decoder reports them
// under its field validation, and [DropUnknownFields] is its Warn mode) and
// the pod template's fields whose feature gate is off, and, in automatic mode
// (the default: `spec.manualSelector` unset or false), generates the
// selector and the template labels that make the Job's pods its own,
// replacing stale values copied from another Job with [meta.Warnings] rather
// than errors. [Validate] and [ValidateUpdate] then return a
// field.ErrorList with Kubernetes' error types and field paths. The label
// keys follow a policy ([SeedLabelKeys] by default, [KubernetesLabelKeys],
// or a user-chosen unique key).
//
// Non-goals: jobapi does not model every Kubernetes field (it keeps what
// it does not model as raw JSON), and it does not register types in a
// scheme: conversion between versions is package conversion's, and
// decoding by apiVersion and kind too.
package jobapi
