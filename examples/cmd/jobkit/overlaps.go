package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// runOverlaps implements `jobkit overlaps [-f FILE]... [-R] [--validate
// strict|warn|ignore]`: it reads Jobs (any version conversion.Decode
// supports, with that version's defaults, so an extensions/v1beta1 Job
// without autoSelector selects by its template's labels) and other
// objects whose `spec.selector` is a label selector (Deployments,
// ReplicaSets and the like: kind other than Job; read by
// conversion.Document.SpecSelector), decoded with --validate as
// kubectl's (default strict: an unknown or duplicate field, in the
// selector too, is an error), and prints, as a YAML list, every pair of objects in the same
// namespace whose selectors can select the same pod:
//
//	# one element per pair (shown in flow style; the output is block style)
//	- namespace: batch                       # omitted when there is none
//	  objects: [Job/pi, ReplicaSet/web]      # as "Kind/name", in input order
//	  selectors: ['app=pi', 'app,!legacy']   # as kubectl prints them
//	  witness: {app: pi}                     # the labels of a pod both select
//
// The witness holds only labels the selectors mention (selector.Witness).
// Pairs come in input order; objects without a namespace are compared
// with each other only. No pair prints "[]".
//
// A Job without `spec.selector` is skipped with a warning on standard
// error: the API server gives it a generated selector, unique to it, when
// it is created. Other objects without one are skipped with a warning
// too.
//
// Exit status: 0 when no pair overlaps; 1 when some pair overlaps, or
// when an object could not be read (its errors on standard error, one
// per line with the field path; the pairs among the others still print);
// 2 for a wrong command line or an input that cannot be read.
func runOverlaps(s streams, args []string) int {
	fs := flag.NewFlagSet("overlaps", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit overlaps [-f FILE]... [-R] [--validate strict|warn|ignore]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		printCommandError(s, "overlaps", fmt.Errorf("unexpected argument %q; give the input with -f", fs.Arg(0)))
		return 2
	}
	mode, ok := in.mode(s, "overlaps")
	if !ok {
		return 2
	}
	docs, err := readObjects(s, in, mode)
	if err != nil {
		printCommandError(s, "overlaps", err)
		return 2
	}
	if len(docs) == 0 {
		printCommandError(s, "overlaps", errNoInput)
		return 1
	}
	failed := false
	var objs []selecting
	for i := range docs {
		d := &docs[i]
		if printDocument(s, d, nil) {
			failed = true
			continue
		}
		o, err := readSelecting(s, d, mode)
		switch {
		case errors.Is(err, errNoSelector):
			printDocWarning(s, d, o.describe()+" is skipped: "+err.Error())
		case err != nil:
			failed = true
		default:
			objs = append(objs, o)
		}
	}
	pairs := overlappingPairs(objs)
	out, err := conversion.MarshalYAML(pairs)
	if err != nil {
		printCommandError(s, "overlaps", err)
		return 1
	}
	s.out.Write(out)
	if failed || len(pairs) > 0 {
		return 1
	}
	return 0
}

// selecting is an object that selects pods.
type selecting struct {
	kind, name, namespace string
	sel                   selector.Selector
}

// describe names the object for messages: "Job ns/name" or "Job name".
func (o selecting) describe() string {
	if o.namespace == "" {
		return o.kind + " " + o.name
	}
	return o.kind + " " + o.namespace + "/" + o.name
}

// errNoSelector marks an object that has no `spec.selector`.
var errNoSelector = errors.New("`spec.selector` is not set")

// errNoJobSelector is errNoSelector for a Job, with what happens to it.
var errNoJobSelector = fmt.Errorf("%w: the API server generates one, unique to the Job, when it creates it", errNoSelector)

// errReported marks an object whose problems readSelecting has printed.
var errReported = errors.New("reported")

// readSelecting reads the names and `spec.selector` of an object that
// decoded (conversion.Document.SpecSelector: a Job's as decoded, with its
// version's defaults; any other object's as the API server's decoder of
// a LabelSelector reads it, under mode), printing its warnings. An object
// without a selector gives errNoSelector, with the object's names filled
// in. Any other problem is printed, and gives errReported: a selector
// that does not decode or is invalid, in the API server's words, an
// object without a name.
func readSelecting(s streams, d *conversion.Document, mode conversion.FieldValidation) (selecting, error) {
	o := selecting{kind: d.Kind, name: d.Name, namespace: d.Namespace}
	if o.name == "" {
		printDocError(s, d, field.Required(field.NewPath("metadata", "name"), "every object must have a name to be reported"))
		return o, errReported
	}
	ls, warnings, err := d.SpecSelector(mode)
	for _, w := range warnings {
		printDocWarning(s, d, w)
	}
	if err != nil {
		// spec.selector is part of the object, which does not decode.
		d.Err = err
		printDocument(s, d, nil)
		return o, errReported
	}
	path := field.NewPath("spec", "selector")
	if ls == nil {
		if d.Job == nil {
			return o, errNoSelector
		}
		if m := d.Job.Spec.ManualSelector; m != nil && *m {
			printDocument(s, d, field.ErrorList{field.Required(path, "must be set when `manualSelector` is true")})
			return o, errReported
		}
		return o, errNoJobSelector
	}
	if errs := selector.ValidateLabelSelector(ls, selector.LabelSelectorValidationOptions{}, path); len(errs) > 0 {
		printDocument(s, d, errs)
		return o, errReported
	}
	if o.sel, err = selector.FromLabelSelector(ls); err != nil {
		printDocError(s, d, err)
		return o, errReported
	}
	return o, nil
}

// overlap is one line of the output: two objects whose selectors
// overlap, and a label set both select. The YAML keys print sorted, in
// the order of the fields.
type overlap struct {
	Namespace string       `json:"namespace,omitempty"`
	Objects   [2]string    `json:"objects"`
	Selectors [2]string    `json:"selectors"`
	Witness   selector.Set `json:"witness"`
}

// overlappingPairs returns every pair of objs in the same namespace whose
// selectors overlap, in input order. It compares each pair: quadratic in
// the number of objects per namespace, linear in selector size.
func overlappingPairs(objs []selecting) []overlap {
	pairs := []overlap{}
	for i, a := range objs {
		for _, b := range objs[i+1:] {
			if a.namespace != b.namespace {
				continue
			}
			w, ok := selector.Witness(a.sel, b.sel)
			if !ok {
				continue
			}
			pairs = append(pairs, overlap{
				Namespace: a.namespace,
				Objects:   [2]string{a.kind + "/" + a.name, b.kind + "/" + b.name},
				Selectors: [2]string{a.sel.String(), b.sel.String()},
				Witness:   w,
			})
		}
	}
	return pairs
}
