// Command jobkit is the command-line face of the jobkit library: it reads
// Kubernetes objects (YAML or JSON, several documents or a List) and does
// with them what an API server or the Job controller would, without a
// cluster.
//
// Every subcommand that reads objects reads them with one reader
// (conversion.DecodeAll) from -f FILE (repeatable; a directory gives its
// .json, .yaml and .yml files, -R those of its subdirectories too; -f - or
// no -f: standard input), decoding as kubectl does with --validate
// strict|warn|ignore (default strict, as kubectl's: an unknown or
// duplicate field is an error), writes YAML or plain lines to standard
// output and, on bad input, exits non-zero with the problems on standard
// error in one format, one per line: `PLACE: MESSAGE`, PLACE the
// document's source narrowed to the field's line and column where the
// text holds it (`job.yaml:12:5`), or `jobkit SUBCOMMAND` for what the
// command line gave; MESSAGE worded as Kubernetes words it (input.go).
// Exit status 1 means some input was invalid, 2 that the command line was
// wrong or an input could not be read.
//
// Run `jobkit help` for the list of subcommands.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// streams are the standard files a subcommand uses; tests substitute
// buffers.
type streams struct {
	in  io.Reader
	out io.Writer
	err io.Writer
	// errIsTerminal is true when standard error is a terminal: validate
	// then ends with a summary line.
	errIsTerminal bool
}

// command is one subcommand.
type command struct {
	name    string
	usage   string // the synopsis after "jobkit "
	summary string
	run     func(s streams, args []string) int
}

// commands lists the subcommands in the order `jobkit help` prints them.
func commands() []command {
	return []command{
		{"match", "match -l SELECTOR [-f FILE]... [-R] [--validate strict|warn|ignore]", "the namespace/name (just name when there is no namespace) of every object whose metadata.labels match SELECTOR", runMatch},
		{"overlaps", "overlaps [-f FILE]... [-R] [--validate strict|warn|ignore]", "every pair of Jobs (or other objects with spec.selector) in one namespace whose selectors can select the same pod, with such a pod's labels; exit 1 if any", runOverlaps},
		{"convert", "convert --to batch/v1|extensions/v1beta1 [-f FILE]... [-R] [--validate strict|warn|ignore]", "every Job of the input in the given version (with its version defaults applied); other objects unchanged, in order", runConvert},
		{"scoreboard", "scoreboard --completions N [--parallelism P] [--completed-indexes S] [-f PODS]... [-R] [--validate strict|warn|ignore]", "the scoreboard of an Indexed Job rebuilt from its pods: completedIndexes, counts, what to start next, problems", runScoreboard},
		{"fieldpath", "fieldpath PATH [-f POD] [--strict] [--validate strict|warn|ignore]", "the value the kubelet would expose for the downward API fieldPath PATH in the pod", runFieldpath},
		{"schedule", "schedule SCHEDULE [--time-zone ZONE] [--after RFC3339] [-n N]", "the next N times (default 5) a CronJob with this spec.schedule and spec.timeZone runs after the given time (default now), as the v1.36 CronJob controller computes them, one RFC 3339 time a line (in the time zone, else UTC); exit 1 with the error when the schedule or zone is refused", runSchedule},
		{"create", "create [-f FILE]... [-R] [--validate strict|warn|ignore] [--strict-kinds] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]", "every object of the input as the API server would store it: Jobs (batch/v1: uid, selector and labels generated, copied stale values replaced, warnings on standard error) and batch/v1 CronJobs created and validated, Pods and PodTemplates validated and written back; other objects unchanged (--strict-kinds: refused), in order", runCreate},
		{"validate", "validate [-f FILE]... [-R] [-o text|json] [--validate strict|warn|ignore] [--strict-kinds] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]", "exit 0 when the API server would accept every Job, CronJob, Pod and PodTemplate of the input on create; else exit 1 and the errors, in kubectl's shape (-o json: also a Status object per document); other kinds are passed over and counted (--strict-kinds: an error)", runValidate},
		{"run", "run NAME --image IMAGE [--completions N] [--parallelism N] [--completion-index-var-name VAR] [--per-completion-env KEY=VALUES]... [--restart OnFailure|Never] -- COMMAND [ARG]...", "an Indexed Job running COMMAND per completion index, and the ConfigMap holding its generated parameter script", runRun},
		{"simulate", "simulate [-f FILE] [--parallelism N] [--fail-rate P] [--seed S] [--logs DIR] [--label-keys seed|kubernetes] [--skip-backoff-wait]", "runs a Job (and the ConfigMaps it mounts, as `jobkit run` prints them) on this machine, driven by jobkit's Job controller core: every container of each pod as a process, at most N pods at a time, failures handled as Kubernetes would; progress on standard error, the Job's final status as YAML; exit 1 if the Job failed", runSimulate},
	}
}

func main() {
	os.Exit(run(streams{in: os.Stdin, out: os.Stdout, err: os.Stderr, errIsTerminal: isTerminal(os.Stderr)}, os.Args[1:]))
}

// run dispatches args[0] to its subcommand and returns the exit status.
func run(s streams, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(s.out)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(s, args[1:])
		}
	}
	fmt.Fprintf(s.err, "jobkit: unknown command %q; run 'jobkit help' for the list\n", args[0])
	return 2
}

func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("jobkit: Kubernetes Job API machinery on the command line.\n\nUsage:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  jobkit %s\n      %s\n", c.usage, c.summary)
	}
	io.WriteString(w, b.String())
}
