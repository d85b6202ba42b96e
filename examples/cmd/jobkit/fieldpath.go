package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi"
)

// runFieldpath implements `jobkit fieldpath PATH [-f POD]`: the value the
// kubelet exposes for the downward API fieldPath PATH in the pod, followed
// by a newline.
func runFieldpath(s streams, args []string) int {
	fs := flag.NewFlagSet("fieldpath", flag.ContinueOnError)
	fs.SetOutput(s.err)
	file := fs.String("f", "", "`FILE` holding one Pod (YAML or JSON; - or none: standard input)")
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
	path, err := downward.Parse(positional[0])
	if err != nil {
		return usageError("%v", err)
	}

	docs, err := readDocuments(s, *file)
	if err != nil {
		fmt.Fprintln(s.err, err)
		return 1
	}
	if len(docs) != 1 {
		fmt.Fprintf(s.err, "jobkit fieldpath: the input must hold exactly one Pod, not %d objects\n", len(docs))
		return 1
	}
	d := docs[0]
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(d.json, &head); err != nil || head.Kind != "Pod" {
		fmt.Fprintf(s.err, "%s: kind: Unsupported value: %q: supported values: \"Pod\"\n", d.source, head.Kind)
		return 1
	}
	pod := new(jobapi.Pod)
	if err := json.Unmarshal(d.json, pod); err != nil {
		fmt.Fprintf(s.err, "%s: %v\n", d.source, err)
		return 1
	}
	var opts []downward.ResolveOption
	if *strict {
		opts = append(opts, downward.Strict())
	}
	value, err := path.Resolve(pod, opts...)
	if err != nil {
		fmt.Fprintf(s.err, "%s: %v\n", d.source, err)
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
