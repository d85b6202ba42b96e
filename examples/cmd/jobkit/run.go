package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi/core"
)

// runEnvList is a flag that may be given several times.
type runEnvList []string

func (l *runEnvList) String() string     { return strings.Join(*l, " ") }
func (l *runEnvList) Set(v string) error { *l = append(*l, v); return nil }

// runInt32Flag is an int32 flag that remembers whether it was given.
type runInt32Flag struct {
	v   int32
	set bool
}

func (f *runInt32Flag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.Itoa(int(f.v))
}

func (f *runInt32Flag) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return fmt.Errorf("must be an integer between %d and %d", -1<<31, 1<<31-1)
	}
	f.v, f.set = int32(n), true
	return nil
}

func (f *runInt32Flag) ptr() *int32 {
	if !f.set {
		return nil
	}
	return &f.v
}

// runRun implements `jobkit run NAME --image IMAGE ... -- COMMAND [ARG]...`:
// the Indexed Job that runs COMMAND once per completion index and, with
// --per-completion-env, the ConfigMap holding the generated script that
// sets each variable to its value for the index; a YAML stream on
// standard output, the ConfigMap first.
func runRun(s streams, args []string) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(s.err)
	image := fs.String("image", "", "the container `IMAGE` (required)")
	namespace := fs.String("namespace", "", "the `NAMESPACE` of the Job and the ConfigMap")
	var completions, parallelism runInt32Flag
	fs.Var(&completions, "completions", "`N`, spec.completions; implied by the per-completion lists, required without them")
	fs.Var(&parallelism, "parallelism", "`N`, spec.parallelism; by default as many as completions")
	indexVar := fs.String("completion-index-var-name", worklist.DefaultIndexVar, "the env var `VAR` that holds the completion index")
	restart := fs.String("restart", string(core.RestartPolicyOnFailure), "the pods' restart policy: `OnFailure or Never`")
	var params runEnvList
	fs.Var(&params, "per-completion-env", "`KEY=VALUES` (white-space separated) or KEY=@FILE (one value per line); repeatable, all lists of one length")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit run NAME --image IMAGE [--completions N] [--parallelism N] [--completion-index-var-name VAR]")
		fmt.Fprintln(s.err, "           [--per-completion-env KEY=VALUES]... [--restart OnFailure|Never] [--namespace NS] -- COMMAND [ARG]...")
		fs.PrintDefaults()
	}
	usageError := func(format string, a ...any) int {
		printCommandError(s, "run", fmt.Errorf(format, a...))
		return 2
	}
	dash := slices.Index(args, "--")
	if dash < 0 {
		fs.Usage()
		return usageError("the command must follow --: jobkit run NAME --image IMAGE -- COMMAND [ARG]...")
	}
	flagArgs, command := args[:dash], args[dash+1:]
	positional, ok := parseInterspersed(fs, flagArgs)
	if !ok {
		return 2
	}
	switch {
	case len(positional) == 0:
		return usageError("the Job's NAME must be given")
	case len(positional) > 1:
		return usageError("unexpected argument %q before --", positional[1])
	}

	spec := worklist.Spec{
		Name:          positional[0],
		Namespace:     *namespace,
		Image:         *image,
		Command:       command,
		Completions:   completions.ptr(),
		Parallelism:   parallelism.ptr(),
		IndexVar:      *indexVar,
		RestartPolicy: core.RestartPolicy(*restart),
	}
	open := worklist.WithOpenFile(func(name string) (io.ReadCloser, error) { return os.Open(name) })
	failed := false
	for _, arg := range params {
		p, err := worklist.ParseParam(arg, open)
		if err != nil {
			printCommandError(s, "run", fmt.Errorf("--per-completion-env: %w", err))
			failed = true
			continue
		}
		spec.Params = append(spec.Params, p)
	}
	if failed {
		return 2
	}
	job, cm, err := worklist.Build(spec)
	if err != nil {
		printCommandError(s, "run", err)
		return 2
	}
	// The ConfigMap comes first, so that `kubectl apply -f -` creates it
	// before the Job's pods need to mount it.
	var out bytes.Buffer
	if cm != nil {
		cmYAML, err := conversion.MarshalYAML(cm)
		if err != nil {
			printCommandError(s, "run", err)
			return 1
		}
		out.Write(cmYAML)
		out.WriteString("---\n")
	}
	jobYAML, err := conversion.Encode(job, "batch/v1")
	if err != nil {
		printCommandError(s, "run", err)
		return 1
	}
	out.Write(jobYAML)
	s.out.Write(out.Bytes())
	return 0
}
