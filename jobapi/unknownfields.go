package jobapi

import (
	"reflect"
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// Every object type of jobkit's API packages keeps the JSON members it
// does not model in a field of type [meta.Unknown]. Generated methods
// (jobapi/internal/gen) find those members anywhere in an object, without
// reflection, and name them by their path from the document's root, as an
// API server names the fields it does not know
// (`spec.template.spec.containers[0].imagePullPolcy`); they drop them as
// its default field validation (Warn) does. The functions here are their
// one public entry. The unknown-field policy itself (refuse, warn or keep)
// belongs to the step that decodes a body, package conversion's
// FieldValidation, as it belongs to an API server's request decoder; the
// create strategy ([PrepareForCreate]) only drops what is left, quietly.

// UnknownFieldHolder is an object whose generated methods find and drop
// the members it and the objects it holds keep in their Unknown maps: a
// pointer to any document type of jobkit ([Job], [CronJob], core.Pod,
// core.PodTemplate, the version packages' wire types) or to a type that
// other packages hold (meta.ObjectMeta, core.PodTemplateSpec, [JobStatus],
// ...). A nil pointer holds nothing.
type UnknownFieldHolder interface {
	// HasUnknownFields reports whether there is any such member; it
	// allocates nothing.
	HasUnknownFields() bool
	// AppendUnknownFields appends the path of each, below prefix, in no
	// particular order.
	AppendUnknownFields(dst []string, prefix string) []string
	// DropUnknownFields empties the Unknown maps and appends the path of
	// each member it dropped, below prefix, in no particular order.
	DropUnknownFields(dst []string, prefix string) []string
}

// UnknownFields returns the path of every member kept in an Unknown map
// anywhere in v, sorted; nil when there is none. prefix is the path of v
// in its document ("" for the document's root, `spec.template` for a
// template embedded in a Job). v is not changed.
//
// Paths are built from the fields' `json` names: members joined with
// '.', list items as `[i]`, members of a map of objects as `.key`;
// embedded structs without a JSON name are inlined, as encoding/json
// does.
func UnknownFields(v UnknownFieldHolder, prefix string) []string {
	if v == nil || !v.HasUnknownFields() {
		return nil
	}
	out := v.AppendUnknownFields(nil, prefix)
	slices.Sort(out)
	return out
}

// DropUnknown empties every Unknown map in v and returns the path of each
// member it dropped, sorted, as [UnknownFields] names them; nil when there
// was none.
func DropUnknown(v UnknownFieldHolder, prefix string) []string {
	if v == nil || !v.HasUnknownFields() {
		return nil
	}
	out := v.DropUnknownFields(nil, prefix)
	slices.Sort(out)
	return out
}

// DropUnknownFields drops every member of v that jobkit does not model,
// as an API server's request decoder does with its default field
// validation (`fieldValidation=Warn`), and returns one warning per member
// dropped, worded as the server's: `unknown field
// "spec.template.spec.containers[0].imagePullPolcy"` (the warning's Field
// is empty and its Message is that text, so that it prints alone, as
// kubectl prints `Warning: unknown field ...`). The warnings are in path
// order, the order of [UnknownFields]' paths; nil when there was none.
//
// It is the one implementation of that rule: package conversion's
// FieldValidationWarn calls it for every kind it decodes, and so does
// jobtest's Store on the objects it is sent. Decoding without field
// validation keeps such members (conversion between versions is
// lossless); [PrepareForCreate] and [PrepareCronJobForCreate] drop any
// still kept quietly, since the typed object an API server's strategy
// sees has no place for them.
func DropUnknownFields(v UnknownFieldHolder) meta.Warnings {
	paths := DropUnknown(v, "")
	if len(paths) == 0 {
		return nil
	}
	w := make(meta.Warnings, len(paths))
	for i, p := range paths {
		w[i] = meta.Warning{Message: UnknownFieldMessage(p)}
	}
	return w
}

// UnknownFieldMessage words an unknown field as the API server does in its
// warnings and its strict decoding errors: `unknown field "PATH"`. It is
// the one wording of both: [DropUnknownFields] and package conversion's
// StrictField use it.
func UnknownFieldMessage(path string) string {
	return "unknown field " + strconv.Quote(path)
}

// unknownType is the type of every Unknown field, whose members
// [ReadBack]'s walk leaves as they are.
var unknownType = reflect.TypeFor[meta.Unknown]()
