package conversion

import (
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

// FieldValidation says what decoding does with a field no type models (an
// unknown field) and with a field given twice in one object (a duplicate
// field). Its values are those of the API server's `fieldValidation`
// parameter, which kubectl sets from `--validate=strict|warn|ignore`.
type FieldValidation string

// The field validation modes.
const (
	// FieldValidationStrict makes every unknown or duplicate field an
	// error, a [*StrictError] naming each field's path, as the API server
	// does with fieldValidation=Strict (kubectl's default). The object is
	// still decoded in every other respect, as sigs.k8s.io/yaml's and
	// sigs.k8s.io/json's strict functions do.
	FieldValidationStrict FieldValidation = "Strict"
	// FieldValidationWarn reports every unknown or duplicate field as a
	// warning (`unknown field "spec.backofLimit"`) and decodes as the API
	// server does with fieldValidation=Warn: an unknown field is dropped
	// (by jobapi.DropUnknownFields, whose warnings they are), and of a
	// duplicate field the last value wins. The API server's default.
	FieldValidationWarn FieldValidation = "Warn"
	// FieldValidationIgnore says nothing about unknown and duplicate
	// fields: of a duplicate field the last value wins, and unknown
	// fields are kept in the types' Unknown maps and written back by
	// Encode (the API server would drop them; jobkit keeps what it does
	// not model rather than lose it). jobapi.PrepareForCreate drops what
	// is kept quietly, as a server under fieldValidation=Ignore does.
	FieldValidationIgnore FieldValidation = "Ignore"
)

// ParseFieldValidation reads a mode as kubectl's --validate flag spells it
// (strict, warn, ignore; also true for strict and false for ignore) or as
// the API server's parameter does (Strict, Warn, Ignore).
func ParseFieldValidation(s string) (FieldValidation, bool) {
	switch s {
	case "strict", "Strict", "true":
		return FieldValidationStrict, true
	case "warn", "Warn":
		return FieldValidationWarn, true
	case "ignore", "Ignore", "false":
		return FieldValidationIgnore, true
	}
	return "", false
}

// WithFieldValidation sets what decoding does with unknown and duplicate
// fields. [DecodeAll] is strict unless told otherwise; [Decode] and
// [DecodeWith] keep unknown fields (FieldValidationIgnore) unless told
// otherwise, and always refuse a duplicate field.
func WithFieldValidation(v FieldValidation) Option {
	return func(o *options) { o.validation = v }
}

// StrictField is one field strict decoding refuses.
type StrictField struct {
	// Duplicate is true for a field given twice in one object, false for
	// an unknown field.
	Duplicate bool
	// Path is the field's path from the document's root, as Kubernetes
	// prints it: `spec.template.spec.containers[0].imagePullPolcy`.
	Path string
}

// String words the field as Kubernetes does: `unknown field "PATH"`
// (jobapi.UnknownFieldMessage, the wording of every unknown-field warning
// too) or `duplicate field "PATH"`.
func (f StrictField) String() string {
	if f.Duplicate {
		return "duplicate field " + strconv.Quote(f.Path)
	}
	return jobapi.UnknownFieldMessage(f.Path)
}

// StrictError is the error of strict decoding: the unknown and duplicate
// fields of one object, as the API server's strict decoder reports them:
// in the order it meets them in the document (a duplicate where its key
// is given again), at most 100.
type StrictError struct {
	Fields []StrictField
}

// Error words the error as the API server does: `strict decoding error:
// unknown field "spec.backofLimit", duplicate field "metadata.name"`.
func (e *StrictError) Error() string {
	var b strings.Builder
	b.WriteString("strict decoding error: ")
	for i, f := range e.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// joinPath appends a member name to a path.
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// splitRefused takes from err, the error of a typed decoder, the members
// it refused because the struct they are in keeps no Unknown map (a label
// selector's: package selector sits below the codec), and returns their
// paths, in the order the decoder met them, and the rest of the error: nil
// when nothing else was wrong. Such members are unknown fields like any
// other, which field validation decides on; only they cannot be kept.
func splitRefused(err error) (refused []string, rest error) {
	errs := field.AsErrorList(err)
	if len(errs) == 0 {
		return nil, err
	}
	var others field.ErrorList
	for _, e := range errs {
		if refusedMember(e) {
			refused = append(refused, e.Field)
		} else {
			others = append(others, e)
		}
	}
	switch {
	case len(refused) == 0:
		return nil, err
	case len(others) > 0:
		// A value the decoder could not read fails the request (a 400),
		// before any field validation.
		return nil, others.ToAggregate()
	}
	return refused, nil
}

// refusedMember reports whether e is the typed decoder's refusal of a
// member a struct without an Unknown map does not model (its Origin says
// so: field.OriginUnknownField).
func refusedMember(e *field.Error) bool { return e.Origin == field.OriginUnknownField }
