package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// runOverlaps implements `jobkit overlaps [-f FILE]... [-R]`: it reads Jobs (any
// version conversion.Decode supports, with that version's defaults, so
// an extensions/v1beta1 Job without autoSelector selects by its
// template's labels) and other objects whose `spec.selector` is a label
// selector (Deployments, ReplicaSets and the like: kind other than Job),
// and prints, as a YAML list, every pair of objects in the same
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
// A Job without `spec.selector` is skipped with a note on standard error:
// the API server gives it a generated selector, unique to it, when it is
// created. Other objects without one are skipped with a note too.
//
// Exit status: 0 when no pair overlaps; 1 when some pair overlaps, or
// when an object could not be read (its errors on standard error, one
// per line with the field path; the pairs among the others still print);
// 2 for a wrong command line or an input that cannot be read.
func runOverlaps(s streams, args []string) int {
	fs := flag.NewFlagSet("overlaps", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs, false)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit overlaps [-f FILE]... [-R]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.err, "jobkit overlaps: unexpected argument %q; give the input with -f\n", fs.Arg(0))
		return 2
	}
	docs, err := readObjects(s, in, conversion.FieldValidationIgnore)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit overlaps: %v\n", err)
		return 2
	}
	if len(docs) == 0 {
		fmt.Fprintf(s.err, "jobkit overlaps: %v\n", errNoInput)
		return 1
	}
	failed := false
	var objs []selecting
	for i := range docs {
		d := &docs[i]
		o, err := readSelecting(d)
		switch {
		case errors.Is(err, errNoSelector):
			fmt.Fprintf(s.err, "jobkit overlaps: %s: %s: skipped: %v\n", d.Source, o.describe(), err)
		case err != nil:
			failed = true
			if errs := field.AsErrorList(err); len(errs) > 0 {
				for _, e := range errs {
					fmt.Fprintf(s.err, "jobkit overlaps: %s: %v\n", d.Source, e)
				}
			} else {
				fmt.Fprintf(s.err, "jobkit overlaps: %s: %v\n", d.Source, err)
			}
		default:
			objs = append(objs, o)
		}
	}
	pairs := overlappingPairs(objs)
	out, err := conversion.MarshalYAML(pairs)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit overlaps: %v\n", err)
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

// readSelecting reads a Job as conversion.DecodeAll decoded it, or any
// other object's metadata and `spec.selector`. An object without a
// selector gives errNoSelector (with the object's names filled in).
func readSelecting(d *conversion.Document) (selecting, error) {
	if d.Kind == "Job" || d.JSON == nil {
		return readJob(d)
	}
	return readPlain(d)
}

// readJob reads the selector of a decoded Job.
func readJob(d *conversion.Document) (selecting, error) {
	if d.Err != nil {
		return selecting{}, d.Err
	}
	job := d.Job
	o := selecting{kind: "Job", name: job.ObjectMeta.Name, namespace: job.ObjectMeta.Namespace}
	if o.name == "" {
		return o, field.Required(field.NewPath("metadata", "name"), "every object must have a name to be reported")
	}
	ls := job.Spec.Selector
	if ls == nil {
		if job.Spec.ManualSelector != nil && *job.Spec.ManualSelector {
			return o, field.Required(field.NewPath("spec", "selector"), "must be set when `manualSelector` is true")
		}
		return o, errNoJobSelector
	}
	var err error
	o.sel, err = toSelector(ls)
	return o, err
}

// readPlain reads metadata.name, metadata.namespace and `spec.selector`
// (a label selector) of an object that is not a Job.
func readPlain(d *conversion.Document) (selecting, error) {
	m, err := decodeMetadata(d)
	if err != nil {
		return selecting{}, err
	}
	kind := d.Kind
	if kind == "" {
		kind = "Object"
	}
	o := selecting{kind: kind, name: m.name, namespace: m.namespace}
	var obj struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	if err := json.Unmarshal(d.JSON, &obj); err != nil {
		return o, field.Invalid(field.NewPath("spec"), nil, "must be an object")
	}
	raw := obj.Spec["selector"]
	if len(raw) == 0 || string(raw) == "null" {
		return o, errNoSelector
	}
	path := field.NewPath("spec", "selector")
	var ls selector.LabelSelector
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ls); err != nil {
		return o, field.Invalid(path, string(raw), "must be a label selector with only `matchLabels` (a map of label keys to values) and `matchExpressions` (a list of key, operator and values)")
	}
	o.sel, err = toSelector(&ls)
	return o, err
}

// toSelector validates ls as `spec.selector` and converts it.
func toSelector(ls *selector.LabelSelector) (selector.Selector, error) {
	if errs := selector.ValidateLabelSelector(ls, selector.LabelSelectorValidationOptions{}, field.NewPath("spec", "selector")); len(errs) > 0 {
		return selector.Selector{}, errs.ToAggregate()
	}
	return selector.FromLabelSelector(ls)
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
