package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/field"
)

// runValidate implements `jobkit validate [-f FILE] [-o text|json]
// [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]`:
// it answers "would the API server accept these Jobs if I created them?".
// So it does exactly what `jobkit create` does — decoding with the
// version's defaults, create-time processing, validation, the downward
// API checks — and prints no Job: a manifest without a selector is
// valid, because the selector is generated on create, while one with a
// selector written without `manualSelector: true` is not.
//
// Valid input: exit 0, nothing on standard output (warnings, if any, on
// standard error). Invalid input: exit 1, and every error on standard
// error, one per line, naming the document and the field. With -o json,
// standard output also gets, for each invalid Job, the Status object an
// API server would return for it (kind Status, reason Invalid, code 422,
// details.causes with each field error, decoding errors included; reason
// BadRequest, code 400, should a document fail to decode without naming a
// field), as one line of JSON.
func runValidate(s streams, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(s.err)
	file := fs.String("f", "", "the file to read Jobs from; '-' or none: standard input")
	output := fs.String("o", "text", "the output format: 'text' (errors on standard error) or 'json' (also a Status object per invalid Job on standard output)")
	cf := addCreateFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit validate [-f FILE] [-o text|json] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]")
		fs.PrintDefaults()
	}
	opts, status := parseCreateFlags(s, "validate", fs, cf, args)
	if status != 0 {
		return status
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(s.err, "jobkit validate: -o must be 'text' or 'json', not %q\n", *output)
		return 2
	}
	jobs, status := prepareJobs(s, "validate", *file, cf, opts)
	if status != 0 {
		return status
	}
	for _, j := range jobs {
		printWarnings(s, "validate", j)
		if !printFieldErrors(s, "validate", j) {
			continue
		}
		status = 1
		if *output == "json" {
			b, err := json.Marshal(statusOf(j))
			if err != nil {
				fmt.Fprintf(s.err, "jobkit validate: %s: %v\n", j.source, err)
				continue
			}
			fmt.Fprintf(s.out, "%s\n", b)
		}
	}
	return status
}

// statusOf returns the Status an API server returns for an invalid Job.
func statusOf(j preparedJob) *field.StatusError {
	if j.err != nil {
		return field.NewBadRequest(j.err.Error())
	}
	return field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, j.name, j.errs)
}
