// Package v1beta1 holds the wire form of an `extensions/v1beta1` Job, the
// Job of Kubernetes 1.2 to 1.5, and its version defaults ([SetDefaults]).
//
// The v1beta1 Job differs from batch/v1 in one field: it has
// `spec.autoSelector` (true: generate the selector) where batch/v1 has
// `spec.manualSelector` (true: the user chose it), and the two default
// the other way round: a v1beta1 Job without autoSelector takes its
// selector from the pod template's labels, as Jobs did before selector
// generation. So that nothing is lost between versions, JobSpec also
// carries the fields batch/v1 gained after v1beta1 was frozen
// (backoffLimit, completionMode, podFailurePolicy, ...); v1beta1 applies
// no defaults to them.
//
// The object metadata, pod template and status are jobapi's types, as in
// package v1 (an accepted deviation from DESIGN.md's dependency table,
// which lists only `selector`). Job and JobSpec keep the members they do
// not model in Unknown.
//
// Non-goals: conversion to and from the hub is package conversion's;
// validation is jobapi's.
package v1beta1
