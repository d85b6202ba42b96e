package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/field"
)

// runValidate implements `jobkit validate [-f FILE]... [-R] [-o text|json]
// [--validate strict|warn|ignore] [--uid UID] [--label-keys
// seed|kubernetes] [--unique-label-key KEY]`: it answers "would the API
// server accept these Jobs if I created them?", for a file, a directory
// (-R: and its subdirectories) or standard input, such as the output of
// `helm template` or `kustomize build`. So it does exactly what `jobkit
// create` does — decoding with the version's defaults and strict field
// validation, create-time processing, validation, the downward API
// checks — and prints no Job: a manifest without a selector is valid,
// because the selector is generated on create, while one with a selector
// written without `manualSelector: true` is not. A batch/v1 CronJob's
// spec.jobTemplate is validated as the Job it makes. Other objects are
// passed over.
//
// Standard error gets every warning and every error, one per line,
// starting with where the document came from, in kubectl's shape:
//
//	manifests/a.yaml: Job.batch "pi" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0
//	manifests/b.yaml:12 (document 2): Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"
//
// and, when standard error is a terminal, a summary line (`12 Jobs valid,
// 1 invalid, 3 other objects skipped`). With -o json, standard output
// gets a Status object per document, as an API server would answer it
// (Success, code 200, for a valid Job and, with a note, for an object that
// is not one; 422 Invalid with the field errors as causes; 400 BadRequest
// with the reason for a document that does not decode), as a List of
// Status objects when the input holds several documents.
//
// Exit status: 0 when every document is valid, 1 when some document is
// invalid or does not decode, 2 for a wrong command line or an input that
// cannot be read (a path that does not exist).
func runValidate(s streams, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs, true)
	output := fs.String("o", "text", "the output format: 'text' (errors on standard error) or 'json' (also a Status object per document on standard output)")
	cf := addCreateFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit validate [-f FILE]... [-R] [-o text|json] [--validate strict|warn|ignore] [-n NAMESPACE] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]")
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
	checked, status := checkDocuments(s, "validate", in, cf, opts, false)
	if status != 0 {
		return status
	}
	var sum summary
	statuses := make([]any, 0, len(checked))
	for _, c := range checked {
		printChecked(s, c)
		sum.add(c)
		statuses = append(statuses, statusObject(c))
	}
	if *output == "json" {
		var v any = statuses[0]
		if len(statuses) > 1 {
			v = statusList{Kind: "List", APIVersion: "v1", Items: statuses}
		}
		b, err := json.MarshalIndent(v, "", "    ")
		if err != nil {
			fmt.Fprintf(s.err, "jobkit validate: %v\n", err)
			return 1
		}
		fmt.Fprintf(s.out, "%s\n", b)
	}
	if s.errIsTerminal {
		fmt.Fprintln(s.err, sum)
	}
	if sum.invalid > 0 {
		return 1
	}
	return 0
}

// summary counts the documents of a validate run.
type summary struct {
	valid, invalid, skipped int
}

func (m *summary) add(c checkedDoc) {
	switch {
	case c.invalid():
		m.invalid++
	case c.doc.IsJob():
		m.valid++
	default:
		m.skipped++
	}
}

// String prints `12 Jobs valid, 1 invalid, 3 other objects skipped`.
func (m summary) String() string {
	jobs, objects := "Jobs", "objects"
	if m.valid == 1 {
		jobs = "Job"
	}
	if m.skipped == 1 {
		objects = "object"
	}
	return fmt.Sprintf("%d %s valid, %d invalid, %d other %s skipped", m.valid, jobs, m.invalid, m.skipped, objects)
}

// statusList is the List of Status objects -o json prints for several
// documents.
type statusList struct {
	Kind       string   `json:"kind"`
	APIVersion string   `json:"apiVersion"`
	Metadata   struct{} `json:"metadata"`
	Items      []any    `json:"items"`
}

// statusObject returns the Status an API server would answer for one
// document: its error, or Success.
func statusObject(c checkedDoc) any {
	if c.err != nil {
		// Refused before any request, as kubectl refuses it; the Status
		// says which object.
		st := field.NewBadRequest(c.err.Error())
		gk := c.doc.GroupKind()
		st.ErrStatus.Details = &field.StatusDetails{Name: c.doc.Name, Group: gk.Group, Kind: gk.Kind}
		return st
	}
	if st := c.doc.Status(c.errs); st != nil {
		return st
	}
	ok := field.Status{
		Kind: "Status", APIVersion: "v1", Status: field.StatusSuccess, Code: 200,
		Details: &field.StatusDetails{Name: c.doc.Name, Group: c.doc.GroupKind().Group, Kind: c.doc.Kind},
	}
	if !c.doc.IsJob() {
		ok.Message = fmt.Sprintf("%s %q is not a Job: not validated", c.doc.GroupKind(), c.doc.Name)
	}
	return ok
}
