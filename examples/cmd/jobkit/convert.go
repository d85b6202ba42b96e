package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/jobkit/jobkit/conversion"
)

// runConvert implements `jobkit convert --to VERSION [-f FILE]... [-R]
// [--validate strict|warn|ignore]`: it decodes every Job of the input
// (batch/v1 or extensions/v1beta1, with that version's defaults, as an API
// server would, and strict field validation unless --validate says
// otherwise) and writes it in VERSION, as a multi-document YAML stream in
// input order. Objects of other kinds are written unchanged, so a whole
// manifest file can be converted. A missing or unsupported --to exits 2,
// as does an input that cannot be read. If any document cannot be
// decoded, nothing is written: every error goes to standard error, one
// per line, each naming the document and the field, and the exit status
// is 1.
func runConvert(s streams, args []string) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(s.err)
	versions := conversion.SupportedVersions()
	to := fs.String("to", "", "the apiVersion to write: "+strings.Join(versions, " or "))
	in := addInputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit convert --to "+strings.Join(versions, "|")+" [-f FILE]... [-R] [--validate strict|warn|ignore]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		printCommandError(s, "convert", fmt.Errorf("unexpected argument %q; give the input with -f", fs.Arg(0)))
		return 2
	}
	if !slices.Contains(versions, *to) {
		printCommandError(s, "convert", fmt.Errorf("--to must be one of '%s', not %q", strings.Join(versions, "', '"), *to))
		return 2
	}
	mode, ok := in.mode(s, "convert")
	if !ok {
		return 2
	}
	docs, err := readObjects(s, in, mode)
	if err != nil {
		printCommandError(s, "convert", err)
		return 2
	}
	if len(docs) == 0 {
		printCommandError(s, "convert", errNoInput)
		return 1
	}
	var out strings.Builder
	failed := false
	for i := range docs {
		d := &docs[i]
		if printDocument(s, d, nil) {
			failed = true
			continue
		}
		var y []byte
		if d.Kind == "Job" {
			y, err = conversion.Encode(d.Job, *to)
		} else {
			y, err = conversion.JSONToYAML(d.JSON)
		}
		if err != nil {
			failed = true
			printDocError(s, d, err)
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
