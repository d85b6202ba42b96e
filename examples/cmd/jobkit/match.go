package main

import (
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// runMatch implements `jobkit match -l SELECTOR [-f FILE]... [-R]`: it prints the
// name of every object whose metadata.labels match SELECTOR, one per line,
// in input order, as "namespace/name", or just "name" for an object
// without a namespace. An empty SELECTOR matches every object. A missing
// or invalid SELECTOR, or an input that cannot be read, exits 2; a
// document that does not decode, or an object whose metadata is malformed
// or has no name, exits 1 after the other objects are listed.
func runMatch(s streams, args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(s.err)
	expr := fs.String("l", "", "the label selector, as kubectl -l takes it (e.g. 'app=web,tier in (db,cache)')")
	in := addInputFlags(fs, false)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit match -l SELECTOR [-f FILE]... [-R]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.err, "jobkit match: unexpected argument %q; give the selector with -l\n", fs.Arg(0))
		return 2
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "l" })
	if !given {
		fmt.Fprintln(s.err, "jobkit match: -l SELECTOR is required (use -l '' to match every object)")
		return 2
	}
	sel, err := selector.Parse(*expr)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit match: -l: %v\n", err)
		return 2
	}
	docs, err := readObjects(s, in, conversion.FieldValidationIgnore)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit match: %v\n", err)
		return 2
	}
	status := 0
	for i := range docs {
		d := &docs[i]
		m, err := decodeMetadata(d)
		if err != nil {
			fmt.Fprintf(s.err, "jobkit match: %s: %v\n", d.Source, err)
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
// metadata.labels of one object as written (a Job's labels before its
// version's defaults), with the library's rules: wrong types are errors
// naming their field paths.
func decodeMetadata(d *conversion.Document) (objectMeta, error) {
	if d.JSON == nil {
		return objectMeta{}, d.Err
	}
	meta, err := d.ObjectMeta()
	if err != nil {
		return objectMeta{}, err
	}
	if meta.Name == "" {
		return objectMeta{}, field.Required(field.NewPath("metadata", "name"), "every object must have a name to be listed")
	}
	return objectMeta{name: meta.Name, namespace: meta.Namespace, labels: selector.Set(meta.Labels)}, nil
}
