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

// inputFlags are the flags that say what a subcommand reads: -f (files,
// directories or '-', repeatable), -R and, for the subcommands that check
// objects, --validate.
type inputFlags struct {
	files     []string
	recursive bool
	validate  string
}

// addInputFlags registers -f and -R, and --validate when withValidate is
// true.
func addInputFlags(fs *flag.FlagSet, withValidate bool) *inputFlags {
	in := &inputFlags{validate: "ignore"}
	fs.Func("f", "a `FILE` or directory to read (repeatable; '-' or none: standard input); a directory gives its .json, .yaml and .yml files", func(v string) error {
		in.files = append(in.files, v)
		return nil
	})
	fs.BoolVar(&in.recursive, "R", false, "read the directories given with -f recursively")
	if withValidate {
		in.validate = "strict"
		fs.StringVar(&in.validate, "validate", "strict", "what to do with unknown and duplicate fields, as kubectl: 'strict' (an error), 'warn' (a warning; the field is dropped) or 'ignore'")
	}
	return in
}

// mode returns the field validation mode of --validate, or false (after
// reporting it) when the flag is wrong.
func (in *inputFlags) mode(s streams, name string) (conversion.FieldValidation, bool) {
	m, ok := conversion.ParseFieldValidation(in.validate)
	if !ok {
		fmt.Fprintf(s.err, "jobkit %s: --validate must be 'strict', 'warn' or 'ignore', not %q\n", name, in.validate)
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
			d = []conversion.Document{{Source: conversion.Source{File: name, Document: 1, Line: 1, Item: -1, Only: true}, Err: errors.New(strings.TrimPrefix(err.Error(), "conversion: "))}}
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

// docErrorLines returns the lines that report a document's decoding error
// or its Job's validation errors errs: one per field error, each in
// kubectl's shape (`SOURCE: Job.batch "pi" is invalid: FIELD: ...`), the
// source naming the field's line and column when the document holds it
// (`job.yaml:12:5: Job.batch ...`, conversion.Source.At), or the one
// message of a document that does not decode (`SOURCE: Job in version
// "v1" cannot be handled as a Job: strict decoding error: ...`). It
// returns nil when there is nothing to report. Values that do not decode
// are reported as the API server's decoder reports them, before
// validation (`SOURCE: Job in version "v1" cannot be handled as a Job:
// json: cannot unmarshal string into Go struct field
// JobSpec.spec.completions of type int32`), one line each.
func docErrorLines(d *conversion.Document, errs field.ErrorList) []string {
	st := d.Status(errs)
	if st == nil {
		return nil
	}
	src := d.Source.String()
	if fe := field.AsErrorList(d.Err); d.Kind != "" && st.ErrStatus.Reason == field.StatusReasonBadRequest && len(fe) > 0 {
		// Values that do not decode: the API server's 400, one line per
		// value, each at its place.
		lines := make([]string, len(fe))
		for i, e := range fe {
			at := src
			if p, ok := d.Position(e.Field); ok {
				at = d.Source.At(p)
			}
			lines[i] = at + ": " + oneLine(d.DecodeErrorMessage(e))
		}
		return lines
	}
	if causes := field.AsErrorList(st); len(causes) > 0 {
		lines := make([]string, len(causes))
		for i, e := range causes {
			at := src
			if p, ok := d.Position(e.Field); ok {
				at = d.Source.At(p)
			}
			lines[i] = at + ": " + oneLine(field.NewInvalid(d.GroupKind(), d.Name, field.ErrorList{e}).Error())
		}
		return lines
	}
	return []string{src + ": " + oneLine(st.Error())}
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

// printDocWarnings writes a document's field warnings as kubectl does
// (`Warning: unknown field "spec.backofLimit"`), after its source.
func printDocWarnings(s streams, d *conversion.Document) {
	for _, w := range d.Warnings {
		fmt.Fprintf(s.err, "%s: Warning: %s\n", d.Source, w)
	}
}

// document is one object read by readDocuments, for the subcommands that
// still address documents as "FILE: document N" (simulate).
type document struct {
	source string // "FILE: document N" or "FILE: document N, items[i]"
	json   []byte
	doc    conversion.Document
}

// readDocuments reads every object in the input named by file ("" or
// "-": standard input) with conversion.DecodeAll, keeping unknown fields
// (no field validation). A document that does not parse is an error; other
// problems (a Job's field errors) are left to prepareJob.
func readDocuments(s streams, file string) ([]document, error) {
	if file == "" {
		file = "-"
	}
	name, data, err := readFile(s, file)
	if err != nil {
		return nil, err
	}
	if name == stdinName {
		name = "<stdin>"
	}
	docs, err := conversion.DecodeAll(name, data, conversion.WithFieldValidation(conversion.FieldValidationIgnore))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, strings.TrimPrefix(err.Error(), "conversion: "))
	}
	out := make([]document, 0, len(docs))
	for _, d := range docs {
		src := fmt.Sprintf("%s: document %d", d.Source.File, d.Source.Document)
		if d.Source.Item >= 0 {
			src += fmt.Sprintf(", items[%d]", d.Source.Item)
		}
		if d.JSON == nil {
			return nil, fmt.Errorf("%s: %v", src, d.Err)
		}
		out = append(out, document{source: src, json: d.JSON, doc: d})
	}
	return out, nil
}

// errNoInput is returned when a subcommand that needs objects got none.
var errNoInput = errors.New("the input holds no objects")
