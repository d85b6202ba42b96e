package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// runConvert implements `jobkit convert --to VERSION [-f FILE]`: it
// decodes every Job of the input (batch/v1 or extensions/v1beta1, with
// that version's defaults, as an API server would) and writes it in
// VERSION, as a multi-document YAML stream in input order. Objects of
// other kinds are written unchanged, so a whole manifest file can be
// converted. A missing or unsupported --to exits 2. If any Job cannot be
// decoded, nothing is written: every error goes to standard error, one
// per line, each naming the document and the field, and the exit status
// is 1.
func runConvert(s streams, args []string) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(s.err)
	versions := conversion.SupportedVersions()
	to := fs.String("to", "", "the apiVersion to write: "+strings.Join(versions, " or "))
	file := fs.String("f", "", "the file to read objects from; '-' or none: standard input")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit convert --to "+strings.Join(versions, "|")+" [-f FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.err, "jobkit convert: unexpected argument %q; give the input with -f\n", fs.Arg(0))
		return 2
	}
	if !slices.Contains(versions, *to) {
		fmt.Fprintf(s.err, "jobkit convert: --to must be one of '%s', not %q\n", strings.Join(versions, "', '"), *to)
		return 2
	}
	docs, err := readDocuments(s, *file)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit convert: %v\n", err)
		return 1
	}
	if len(docs) == 0 {
		fmt.Fprintf(s.err, "jobkit convert: %v\n", errNoInput)
		return 1
	}
	var out strings.Builder
	failed := false
	for i, d := range docs {
		y, err := convertDocument(d.json, *to)
		if err != nil {
			failed = true
			printConvertError(s, d.source, err)
			continue
		}
		if i > 0 {
			out.WriteString("---\n")
		}
		out.Write(y)
	}
	if failed {
		return 1
	}
	fmt.Fprint(s.out, out.String())
	return 0
}

// convertDocument converts one object: a Job to version to, anything else
// written back as it is.
func convertDocument(doc []byte, to string) ([]byte, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	// A kind that is not a string is left for Decode to report.
	if json.Unmarshal(doc, &head) == nil && head.Kind != "" && head.Kind != "Job" {
		return conversion.JSONToYAML(doc)
	}
	job, err := conversion.Decode(doc)
	if err != nil {
		return nil, err
	}
	return conversion.Encode(job, to)
}

// printConvertError writes err one field error per line, each prefixed by
// where the document came from.
func printConvertError(s streams, source string, err error) {
	if errs := field.AsErrorList(err); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(s.err, "jobkit convert: %s: %v\n", source, e)
		}
		return
	}
	fmt.Fprintf(s.err, "jobkit convert: %s: %v\n", source, err)
}
