package main

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// runValidate implements `jobkit validate [-f FILE]... [-R] [-o text|json]
// [--validate strict|warn|ignore] [--strict-kinds] [--uid UID]
// [--label-keys seed|kubernetes] [--unique-label-key KEY]`: it answers
// "would the API server accept these objects if I created them?", for a
// file, a directory (-R: and its subdirectories) or standard input, such
// as the output of `helm template` or `kustomize build`. So it does
// exactly what `jobkit create` does — decoding with the version's
// defaults and strict field validation, create-time processing,
// validation — and prints no object. Jobs, batch/v1 CronJobs (whole: the
// schedule, time zone, policies and limits as well as the job template),
// Pods and PodTemplates are judged; a Job manifest without a selector is
// valid, because the selector is generated on create, while one with a
// selector written without `manualSelector: true` is not. Objects of
// other kinds are passed over and counted as not checked; with
// --strict-kinds each is an error.
//
// Standard error gets every warning and every error, one per line,
// starting with where the document came from, in kubectl's shape:
//
//	manifests/a.yaml: Job.batch "pi" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0
//	manifests/b.yaml:12 (document 2): Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"
//
// and, when standard error is a terminal, a summary line by kind (`2 Jobs
// and 1 CronJob valid, 1 Pod invalid, 2 Deployments not checked`). With
// -o json, standard output gets a Status object per document, as an API
// server would answer it (Success, code 200, for a valid object and, with
// a note, for an object not checked; 422 Invalid with the field errors as
// causes; 400 BadRequest with the reason for a document that does not
// decode), as a List of Status objects when the input holds several
// documents, indented with four spaces as `kubectl ... -o json` prints.
//
// Exit status: 0 when every document is valid, 1 when some document is
// invalid or does not decode (or, with --strict-kinds, is of a kind jobkit
// does not check), 2 for a wrong command line or an input that cannot be
// read (a path that does not exist).
func runValidate(s streams, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs)
	output := fs.String("o", "text", "the output format: 'text' (errors on standard error) or 'json' (also a Status object per document on standard output)")
	cf := addCreateFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit validate [-f FILE]... [-R] [-o text|json] [--validate strict|warn|ignore] [--strict-kinds] [-n NAMESPACE] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]")
		fs.PrintDefaults()
	}
	opts, status := parseCreateFlags(s, "validate", fs, cf, args)
	if status != 0 {
		return status
	}
	if *output != "text" && *output != "json" {
		printCommandError(s, "validate", fmt.Errorf("-o must be 'text' or 'json', not %q", *output))
		return 2
	}
	checked, status := checkDocuments(s, "validate", in, cf, opts, false)
	if status != 0 {
		return status
	}
	var sum summary
	statuses := make([]*field.StatusError, 0, len(checked))
	for _, c := range checked {
		printChecked(s, c)
		sum.add(c)
		statuses = append(statuses, statusObject(c))
	}
	if *output == "json" {
		b, err := statusJSON(statuses)
		if err != nil {
			printCommandError(s, "validate", err)
			return 1
		}
		s.out.Write(append(b, '\n'))
	}
	if s.errIsTerminal {
		fmt.Fprintln(s.err, sum)
	}
	if len(sum.invalid) > 0 {
		return 1
	}
	return 0
}

// summary counts the documents of a validate run by kind: valid,
// invalid, and not checked (kinds jobkit does not judge).
type summary struct {
	valid, invalid, unchecked kindCounts
}

func (m *summary) add(c checkedDoc) {
	kind := c.doc.Kind
	switch {
	case c.invalid():
		if kind == "" {
			kind = "document"
		}
		m.invalid.add(kind)
	case c.doc.IsTyped():
		m.valid.add(kind)
	default:
		m.unchecked.add(kind)
	}
}

// String prints `2 Jobs and 1 CronJob valid, 1 Pod invalid, 2 Deployments
// not checked`: the kinds jobkit judges first, in a fixed order, then the
// others by name; nothing valid is `0 objects valid`, nothing invalid `0
// invalid`, and the part about kinds not checked is left out when there
// are none.
func (m summary) String() string {
	valid := m.valid.String()
	if valid == "" {
		valid = "0 objects"
	}
	invalid := m.invalid.String()
	if invalid == "" {
		invalid = "0"
	}
	out := valid + " valid, " + invalid + " invalid"
	if u := m.unchecked.String(); u != "" {
		out += ", " + u + " not checked"
	}
	return out
}

// kindCounts counts documents by kind.
type kindCounts map[string]int

func (k *kindCounts) add(kind string) {
	if *k == nil {
		*k = kindCounts{}
	}
	(*k)[kind]++
}

// typedKinds returns the kinds jobkit judges, in the order summaries
// list them.
func typedKinds() []string { return []string{"Job", "CronJob", "Pod", "PodTemplate"} }

// String lists the counts, `2 Jobs, 1 CronJob and 1 Pod`.
func (k kindCounts) String() string {
	typed := typedKinds()
	kinds := make([]string, 0, len(k))
	for kind := range k {
		if !slices.Contains(typed, kind) {
			kinds = append(kinds, kind)
		}
	}
	sort.Strings(kinds)
	var parts []string
	for _, kind := range append(typed, kinds...) {
		if n := k[kind]; n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+plural(kind, n))
		}
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// plural spells n of a kind: `1 Job`, `2 Jobs`, `2 NetworkPolicies`,
// `2 Ingresses`.
func plural(kind string, n int) string {
	switch {
	case n == 1:
		return kind
	case strings.HasSuffix(kind, "y") && len(kind) > 1 && !strings.ContainsRune("aeiou", rune(kind[len(kind)-2])):
		return kind[:len(kind)-1] + "ies"
	case strings.HasSuffix(kind, "s"), strings.HasSuffix(kind, "x"), strings.HasSuffix(kind, "ch"), strings.HasSuffix(kind, "sh"):
		return kind + "es"
	}
	return kind + "s"
}

// jsonIndent is the indent of one level of -o json's output: kubectl's
// JSON printer (k8s.io/cli-runtime/pkg/printers) indents by four spaces.
const jsonIndent = "    "

// statusJSON returns the Status objects as JSON, indented as kubectl
// prints objects: the one object (field.StatusError's encoder), or a List
// of them when there are none or several.
func statusJSON(statuses []*field.StatusError) ([]byte, error) {
	if len(statuses) == 1 {
		return statuses[0].MarshalIndent("", jsonIndent)
	}
	b := []byte("{\n" + jsonIndent + `"kind": "List",` + "\n" + jsonIndent + `"apiVersion": "v1",` + "\n" + jsonIndent + `"metadata": {},` + "\n" + jsonIndent + `"items": [`)
	if len(statuses) == 0 {
		return append(b, "]\n}"...), nil
	}
	item := jsonIndent + jsonIndent
	for i, st := range statuses {
		j, err := st.MarshalIndent(item, jsonIndent)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '\n')
		b = append(b, item...)
		b = append(b, j...)
	}
	return append(b, "\n"+jsonIndent+"]\n}"...), nil
}

// statusObject returns the Status an API server would answer for one
// document: its error, or Success (as a StatusError, whose encoder
// writes the Status).
func statusObject(c checkedDoc) *field.StatusError {
	if c.err != nil {
		// Refused before any request, as kubectl refuses it (or, with
		// --strict-kinds, by jobkit); the Status says which object.
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
	if !c.doc.IsTyped() {
		ok.Message = fmt.Sprintf("%s %q is of a kind jobkit does not check: not validated", c.doc.GroupKind(), c.doc.Name)
	}
	return &field.StatusError{ErrStatus: ok}
}
