package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// runMatch implements `jobkit match -l SELECTOR [-f FILE]`: it prints the
// name of every object whose metadata.labels match SELECTOR, one per line,
// in input order, as "namespace/name", or just "name" for an object
// without a namespace. An empty SELECTOR matches every object. A missing
// or invalid SELECTOR exits 2; an unreadable input, or an object whose
// metadata is malformed or has no name, exits 1 after the other objects
// are listed.
func runMatch(s streams, args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(s.err)
	expr := fs.String("l", "", "the label selector, as kubectl -l takes it (e.g. 'app=web,tier in (db,cache)')")
	file := fs.String("f", "", "the file to read objects from; '-' or none: standard input")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit match -l SELECTOR [-f FILE]")
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
	docs, err := readDocuments(s, *file)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit match: %v\n", err)
		return 1
	}
	status := 0
	for _, d := range docs {
		m, err := decodeMetadata(d.json)
		if err != nil {
			fmt.Fprintf(s.err, "jobkit match: %s: %v\n", d.source, err)
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
// metadata.labels of one object, reporting wrong types with their field
// paths.
func decodeMetadata(doc []byte) (objectMeta, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(doc, &obj); err != nil {
		return objectMeta{}, errors.New("must be an object")
	}
	metaPath := field.NewPath("metadata")
	var meta map[string]json.RawMessage
	if raw := obj["metadata"]; !isNull(raw) {
		if err := json.Unmarshal(raw, &meta); err != nil {
			return objectMeta{}, field.Invalid(metaPath, raw, "must be an object")
		}
	}
	var m objectMeta
	if err := decodeString(meta["name"], metaPath.Child("name"), &m.name); err != nil {
		return objectMeta{}, err
	}
	if m.name == "" {
		return objectMeta{}, field.Required(metaPath.Child("name"), "every object must have a name to be listed")
	}
	if err := decodeString(meta["namespace"], metaPath.Child("namespace"), &m.namespace); err != nil {
		return objectMeta{}, err
	}
	labelsPath := metaPath.Child("labels")
	var labels map[string]json.RawMessage
	if raw := meta["labels"]; !isNull(raw) {
		if err := json.Unmarshal(raw, &labels); err != nil {
			return objectMeta{}, field.Invalid(labelsPath, raw, "must be a map of label keys to values")
		}
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	m.labels = make(selector.Set, len(labels))
	for _, k := range keys {
		var v string
		if err := decodeString(labels[k], labelsPath.Key(k), &v); err != nil {
			return objectMeta{}, err
		}
		m.labels[k] = v
	}
	return m, nil
}

// isNull reports whether a JSON value is absent or null.
func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || bytes.Equal(raw, []byte("null"))
}

// decodeString reads the JSON string at path into v; an absent value or
// null leaves v empty.
func decodeString(raw json.RawMessage, path *field.Path, v *string) error {
	if isNull(raw) {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return field.Invalid(path, raw, "must be a string (quote it in YAML)")
	}
	return nil
}
