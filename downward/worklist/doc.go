// Package worklist turns work lists into an Indexed Job, as the
// `--per-completion-env` flags of the Indexed Job design describe: one
// completion per item, each pod running the same command with its own
// values in environment variables.
//
// The model: a [Param] is a variable name and its list of values, one per
// completion; every list has the same length, which is the number of
// completions. [ParseParam] reads the flag form `KEY=VALUES` (a list
// separated by white space) or `KEY=@FILE` (one value per line, taken
// exactly). [Script] generates a POSIX sh script that reads the pod's
// completion index from an environment variable, checks it, selects each
// variable's value with a `case`, exports the variables and runs its
// arguments with `exec "$@"`. Every value is written single-quoted, so no
// value can run a command, whatever it holds; values with NUL bytes are
// refused because no environment variable can hold one. [Build] wraps the
// script in a ConfigMap and returns the Indexed Job that mounts it and runs
// `/bin/sh <script> COMMAND ARG...`, the index coming from the pod's
// `batch.kubernetes.io/job-completion-index` annotation through the downward
// API.
//
// The script needs nothing but a POSIX shell (dash, bash, busybox sh): no
// arrays, no `[[`, no `eval`, no `echo` of data, no other programs.
//
// Non-goals: creating the objects in a cluster, and work lists that do not
// fit in one ConfigMap (1 MiB).
package worklist
