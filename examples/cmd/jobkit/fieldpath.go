package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// runFieldpath implements `jobkit fieldpath PATH [-f POD] [--strict]
// [--validate strict|warn|ignore]`: the value the kubelet exposes for the
// downward API fieldPath PATH in the pod, followed by a newline. The pod
// is decoded as create decodes it, with core/v1's defaults and --validate
// as kubectl's (default strict: an unknown or duplicate field is an
// error).
func runFieldpath(s streams, args []string) int {
	fs := flag.NewFlagSet("fieldpath", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs)
	strict := fs.Bool("strict", false, "fail when the pod has no label or annotation of the requested key, instead of printing an empty value")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit fieldpath PATH [-f POD] [--strict] [--validate strict|warn|ignore]")
		fmt.Fprintln(s.err, "PATH is a downward API fieldPath, such as metadata.name or metadata.annotations['batch.kubernetes.io/job-completion-index'].")
		fs.PrintDefaults()
	}
	positional, ok := parseInterspersed(fs, args)
	if !ok {
		return 2
	}
	usageError := func(format string, a ...any) int {
		printCommandError(s, "fieldpath", fmt.Errorf(format, a...))
		return 2
	}
	switch {
	case len(positional) == 0:
		return usageError("the fieldPath must be given, such as metadata.name")
	case len(positional) > 1:
		return usageError("unexpected argument %q", positional[1])
	}
	path, err := fieldpath.Parse(positional[0])
	if err != nil {
		printCommandError(s, "fieldpath", err)
		return 2
	}
	mode, ok := in.mode(s, "fieldpath")
	if !ok {
		return 2
	}
	docs, err := readObjects(s, in, mode)
	if err != nil {
		printCommandError(s, "fieldpath", err)
		return 2
	}
	if len(docs) != 1 {
		printCommandError(s, "fieldpath", fmt.Errorf("the input must hold exactly one Pod, not %d objects", len(docs)))
		return 1
	}
	d := &docs[0]
	pod, ok := readPod(s, d)
	if !ok {
		return 1
	}
	var opts []downward.ResolveOption
	if *strict {
		opts = append(opts, downward.Strict())
	}
	value, err := downward.Resolve(path, pod, opts...)
	if err != nil {
		printDocError(s, d, err)
		return 1
	}
	io.WriteString(s.out, value+"\n")
	return 0
}

// parseInterspersed parses fs from args, letting positional arguments stand
// between flags (`PATH -f FILE` as well as `-f FILE PATH`); "--" ends the
// flags. It returns the positional arguments, or false after a flag error.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, bool) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, true
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), true
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}
