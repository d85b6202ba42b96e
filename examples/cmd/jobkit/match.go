package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// runMatch implements `jobkit match -l SELECTOR [-f FILE]... [-R]
// [--validate strict|warn|ignore]`: it prints the name of every object
// whose metadata.labels (as written: a Job's before its version's
// defaults) match SELECTOR, one per line, in input order, as
// "namespace/name", or just "name" for an object without a namespace. An
// empty SELECTOR matches every object. The input is decoded as create
// decodes it, with --validate as kubectl's (default strict: an unknown or
// duplicate field is an error). A missing or invalid SELECTOR, or an input
// that cannot be read, exits 2; a document that does not decode, or an
// object without a name, exits 1 after the other objects are listed.
func runMatch(s streams, args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(s.err)
	expr := fs.String("l", "", "the label selector, as kubectl -l takes it (e.g. 'app=web,tier in (db,cache)')")
	in := addInputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit match -l SELECTOR [-f FILE]... [-R] [--validate strict|warn|ignore]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		printCommandError(s, "match", fmt.Errorf("unexpected argument %q; give the selector with -l", fs.Arg(0)))
		return 2
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "l" })
	if !given {
		printCommandError(s, "match", errors.New("-l SELECTOR is required (use -l '' to match every object)"))
		return 2
	}
	sel, err := selector.Parse(*expr)
	if err != nil {
		printCommandError(s, "match", fmt.Errorf("-l: %v", err))
		return 2
	}
	mode, ok := in.mode(s, "match")
	if !ok {
		return 2
	}
	docs, err := readObjects(s, in, mode)
	if err != nil {
		printCommandError(s, "match", err)
		return 2
	}
	status := 0
	for i := range docs {
		d := &docs[i]
		if printDocument(s, d, nil) {
			status = 1
			continue
		}
		m, err := decodeMetadata(d)
		if err != nil {
			printDocError(s, d, err)
			status = 1
			continue
		}
		if !sel.Matches(m.labels) {
			continue
		}
		if m.namespace != "" {
			fmt.Fprintf(s.out, "%s/%s\n", m.namespace, m.name)
		} else {
			fmt.Fprintln(s.out, m.name)
		}
	}
	return status
}

// objectMeta is what match reads of an object.
type objectMeta struct {
	name, namespace string
	labels          selector.Set
}

// decodeMetadata reads metadata.name, metadata.namespace and
// metadata.labels of an object that decoded, as written (a Job's labels
// before its version's defaults), with the library's rules: wrong types
// are errors naming their field paths. An object without a name is an
// error: it cannot be listed.
func decodeMetadata(d *conversion.Document) (objectMeta, error) {
	meta, err := d.ObjectMeta()
	if err != nil {
		return objectMeta{}, err
	}
	if meta.Name == "" {
		return objectMeta{}, field.Required(field.NewPath("metadata", "name"), "every object must have a name to be listed")
	}
	return objectMeta{name: meta.Name, namespace: meta.Namespace, labels: selector.Set(meta.Labels)}, nil
}
