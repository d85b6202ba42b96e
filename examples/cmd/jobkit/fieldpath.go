package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// runFieldpath implements `jobkit fieldpath PATH [-f POD]`: the value the
// kubelet exposes for the downward API fieldPath PATH in the pod, followed
// by a newline.
func runFieldpath(s streams, args []string) int {
	fs := flag.NewFlagSet("fieldpath", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs, false)
	strict := fs.Bool("strict", false, "fail when the pod has no label or annotation of the requested key, instead of printing an empty value")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit fieldpath PATH [-f POD] [--strict]")
		fmt.Fprintln(s.err, "PATH is a downward API fieldPath, such as metadata.name or metadata.annotations['batch.kubernetes.io/job-completion-index'].")
		fs.PrintDefaults()
	}
	positional, ok := parseInterspersed(fs, args)
	if !ok {
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(s.err, "jobkit fieldpath: "+format+"\n", a...)
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
		return usageError("%v", err)
	}

	docs, err := readObjects(s, in, conversion.FieldValidationIgnore)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit fieldpath: %v\n", err)
		return 2
	}
	if len(docs) != 1 {
		fmt.Fprintf(s.err, "jobkit fieldpath: the input must hold exactly one Pod, not %d objects\n", len(docs))
		return 1
	}
	d := &docs[0]
	pod, err := readPod(d)
	if err != nil {
		fmt.Fprintf(s.err, "%s: %v\n", d.Source, err)
		return 1
	}
	var opts []downward.ResolveOption
	if *strict {
		opts = append(opts, downward.Strict())
	}
	value, err := downward.Resolve(path, pod, opts...)
	if err != nil {
		fmt.Fprintf(s.err, "%s: %v\n", d.Source, err)
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
