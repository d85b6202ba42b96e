// Package v1 holds the wire form of a `batch/v1` Job, as users and the
// API server write it, and its version defaults ([SetDefaults]).
//
// Only the Job and its spec are version-specific; the object metadata,
// the pod template and the status are the same in every version, so they
// are jobapi's types, the way Kubernetes' batch/v1 imports core/v1 and
// meta/v1. (DESIGN.md lists `selector` as this package's only
// dependency; importing jobapi for these shared parts is a deliberate
// deviation that avoids a second copy of the pod and metadata types.)
// Like every jobapi type, Job and JobSpec keep the members they do not
// model in Unknown.
//
// Non-goals: conversion to and from the hub is package conversion's;
// validation is jobapi's.
package v1
