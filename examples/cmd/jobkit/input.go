package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// maxInput bounds what a subcommand reads from one file, so that a
// runaway file cannot exhaust memory.
const maxInput = 64 << 20

// stdinName names standard input in messages, as kubectl does.
const stdinName = "STDIN"

// inputFlags are the flags that say what a subcommand reads and how: -f
// (files, directories or '-', repeatable), -R and --validate, which every
// reading subcommand takes.
type inputFlags struct {
	files     []string
	recursive bool
	validate  string
}

// addInputFlags registers the flags of every reading subcommand: -f, -R
// and --validate (default strict, as kubectl's).
func addInputFlags(fs *flag.FlagSet) *inputFlags {
	in := &inputFlags{}
	fs.Func("f", "a `FILE` or directory to read (repeatable; '-' or none: standard input); a directory gives its .json, .yaml and .yml files", func(v string) error {
		in.files = append(in.files, v)
		return nil
	})
	fs.BoolVar(&in.recursive, "R", false, "read the directories given with -f recursively")
	fs.StringVar(&in.validate, "validate", "strict", "what to do with unknown and duplicate fields, as kubectl's --validate: 'strict' (an error; kubectl's default too), 'warn' (a warning; the field is dropped) or 'ignore' (nothing said)")
	return in
}

// mode returns the field validation mode of --validate, or false (after
// reporting it) when the flag is wrong.
func (in *inputFlags) mode(s streams, name string) (conversion.FieldValidation, bool) {
	m, ok := conversion.ParseFieldValidation(in.validate)
	if !ok {
		printCommandError(s, name, fmt.Errorf("--validate must be 'strict', 'warn' or 'ignore', not %q", in.validate))
	}
	return m, ok
}

// errUnreadable marks an input that could not be read at all: a path that
// does not exist, an I/O error, a file too large. Subcommands exit 2 on
// it.
var errUnreadable = errors.New("unreadable input")

// readObjects reads every document of the inputs named by -f (standard
// input when none) with conversion.DecodeAll, in the order given, files
// of a directory in lexical order. An error wrapping errUnreadable means
// an input could not be read; per-document problems are in each
// document's Err. A file that is not UTF-8 gives one document whose Err
// says so.
func readObjects(s streams, in *inputFlags, mode conversion.FieldValidation) ([]conversion.Document, error) {
	var docs []conversion.Document
	err := eachInput(s, in, mode, func(d []conversion.Document) { docs = append(docs, d...) })
	return docs, err
}

// eachInput is readObjects calling visit with the documents of one input
// at a time, so that a caller that is done with them can let them go
// before the next input is read.
func eachInput(s streams, in *inputFlags, mode conversion.FieldValidation, visit func([]conversion.Document)) error {
	files := in.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	var paths []string
	for _, f := range files {
		if f == "-" {
			paths = append(paths, f)
			continue
		}
		expanded, err := conversion.ManifestFiles([]string{f}, in.recursive)
		if err != nil {
			return fmt.Errorf("%w: %v", errUnreadable, err)
		}
		paths = append(paths, expanded...)
	}
	for _, p := range paths {
		name, data, err := readFile(s, p)
		if err != nil {
			return fmt.Errorf("%w: %v", errUnreadable, err)
		}
		d, err := conversion.DecodeAll(name, data, conversion.WithFieldValidation(mode))
		if err != nil {
			// The input as a whole is not text: one document that says so.
			d = []conversion.Document{{Source: conversion.Source{File: name, Document: 1, Line: 1, Item: -1, Only: true}, Err: err}}
		}
		visit(d)
	}
	return nil
}

// readFile reads one input ("-": standard input), at most maxInput bytes.
func readFile(s streams, file string) (string, []byte, error) {
	var r io.Reader = s.in
	name := stdinName
	size := 512
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return file, nil, err
		}
		defer f.Close()
		r, name = f, file
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() < maxInput {
			size = int(fi.Size()) + 1 // read it in one go, and see EOF
		}
	}
	data, err := readAll(io.LimitReader(r, maxInput+1), size)
	if err != nil {
		return name, nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > maxInput {
		return name, nil, fmt.Errorf("%s: input must be at most %d bytes", name, maxInput)
	}
	return name, data, nil
}

// readAll is io.ReadAll starting with a buffer of size bytes, so that a
// file whose size is known is read without growing the buffer.
func readAll(r io.Reader, size int) ([]byte, error) {
	b := make([]byte, 0, size)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// The problems of every subcommand go to standard error in one format,
// one per line:
//
//	PLACE: MESSAGE
//
// PLACE says where the problem is. For a document of the input it is the
// document's source (conversion.Source: `FILE`, or `FILE:LINE (document
// N)` in a stream of several, with `, items[I]` for an item of a List),
// narrowed to the line and column of the field at fault when the
// document's text holds it (`FILE:LINE:COLUMN`, conversion.Source.At);
// for what the command line gave, it is `jobkit SUBCOMMAND`. MESSAGE is
// the problem as Kubernetes words it: what the API server would refuse as
// it answers (`Job.batch "pi" is invalid: spec.completions: Invalid
// value: -1: must be greater than or equal to 0`, `Job in version "v1"
// cannot be handled as a Job: strict decoding error: ...`), a warning as
// kubectl prints one (`Warning: unknown field "spec.backofLimit"`), and
// any other error as its text, one line for each field error it holds
// (`kind: Unsupported value: "Deployment": supported values: "Pod"`).
// Messages are printed as the library words them, never edited; a
// multi-line message (YAML errors list their lines) is folded into one.

// docErrorLines returns the lines that report a document's decoding error
// or the validation errors errs of its object (paths from the object's
// root), in the API server's words: one per field error, each at the
// field's place (`job.yaml:12:5: Job.batch "pi" is invalid: FIELD: ...`),
// or the one message of a document that does not decode (`SOURCE: Job in
// version "v1" cannot be handled as a Job: strict decoding error: ...`).
// Values that do not decode are reported as the API server's decoder
// reports them, before validation, one line each at its place (`SOURCE:
// Job in version "v1" cannot be handled as a Job: json: cannot unmarshal
// string into Go struct field JobSpec.spec.completions of type int32`).
// It returns nil when there is nothing to report.
func docErrorLines(d *conversion.Document, errs field.ErrorList) []string {
	st := d.Status(errs)
	if st == nil {
		return nil
	}
	fe := field.AsErrorList(d.Err)
	if d.Kind == "" && len(fe) > 0 {
		// No kind to name the object by (a missing apiVersion or kind):
		// the field errors, one per line, at their places.
		lines := make([]string, len(fe))
		for i, e := range fe {
			lines[i] = line(docPlace(d, e.Field), e.Error())
		}
		return lines
	}
	if d.Kind != "" && st.ErrStatus.Reason == field.StatusReasonBadRequest && len(fe) > 0 {
		// Values that do not decode: the API server's 400, one line per
		// value, each at its place.
		lines := make([]string, len(fe))
		for i, e := range fe {
			lines[i] = line(docPlace(d, e.Field), d.DecodeErrorMessage(e))
		}
		return lines
	}
	if causes := field.AsErrorList(st); len(causes) > 0 {
		lines := make([]string, len(causes))
		for i, e := range causes {
			lines[i] = line(docPlace(d, e.Field), field.NewInvalid(d.GroupKind(), d.Name, field.ErrorList{e}).Error())
		}
		return lines
	}
	return []string{line(d.Source.String(), st.Error())}
}

// docPlace names the place of the field at path in a document: its line
// and column when the document's text is at hand and holds the field,
// else the document's source.
func docPlace(d *conversion.Document, path string) string {
	if p, ok := d.Position(path); ok && path != "" {
		return d.Source.At(p)
	}
	return d.Source.String()
}

// line is one line of standard error: PLACE: MESSAGE, the message on one
// line.
func line(place, message string) string {
	return place + ": " + oneLine(message)
}

// oneLine folds a multi-line message (YAML errors list their lines) into
// one line.
func oneLine(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	parts := strings.Split(s, "\n")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return strings.Join(parts, " ")
}

// errorLines returns the lines of err, an error found at place or, for
// each field error it holds, at the place placeOf gives for the field's
// path: one line per field error, else one.
func errorLines(err error, place string, placeOf func(path string) string) []string {
	errs := field.AsErrorList(err)
	if len(errs) == 0 {
		return []string{line(place, err.Error())}
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = line(placeOf(e.Field), e.Error())
	}
	return lines
}

// printLines writes lines to standard error.
func printLines(s streams, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(s.err, l)
	}
}

// printDocument writes a document's field warnings (unknown and duplicate
// fields under --validate=warn) and its problems (docErrorLines: its
// decoding error, or errs, the validation errors of its object) to
// standard error, and reports whether it had problems.
func printDocument(s streams, d *conversion.Document, errs field.ErrorList) bool {
	printDocWarnings(s, d)
	lines := docErrorLines(d, errs)
	printLines(s, lines)
	return len(lines) > 0
}

// printDocWarnings writes a document's field warnings as kubectl does
// (`Warning: unknown field "spec.backofLimit"`), after its source.
func printDocWarnings(s streams, d *conversion.Document) {
	for _, w := range d.Warnings {
		printDocWarning(s, d, w)
	}
}

// printDocWarning writes one warning about a document.
func printDocWarning(s streams, d *conversion.Document, warning string) {
	fmt.Fprintln(s.err, line(d.Source.String(), "Warning: "+warning))
}

// printDocError writes err, why a subcommand cannot use a document that
// decoded (not a Pod where one is needed, no name to list it by), to
// standard error: a line per field error, at the field's place.
func printDocError(s streams, d *conversion.Document, err error) {
	printLines(s, errorLines(err, d.Source.String(), func(path string) string { return docPlace(d, path) }))
}

// printCommandError writes err, a problem with what the command line
// gave (an input that cannot be read, an object built from flags that is
// invalid), to standard error after `jobkit NAME`: a line per field
// error.
func printCommandError(s streams, name string, err error) {
	place := "jobkit " + name
	printLines(s, errorLines(err, place, func(string) string { return place }))
}

// errNoInput is returned when a subcommand that needs objects got none.
var errNoInput = errors.New("the input holds no objects")
