package conversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/jobkit/jobkit/conversion/internal/yamlread"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// DefaultMaxBytes is the largest input Decode accepts: 3 MiB, the API
// server's limit on a request body.
const DefaultMaxBytes = 3 << 20

// version is one row of the conversion table: a supported apiVersion,
// how to decode its wire form (defaulted or not) into the hub, and how to
// turn the hub into its wire form for encoding.
type version struct {
	apiVersion string
	decode     func(data []byte, defaults bool) (*jobapi.Job, []string, error)
	encode     func(job *jobapi.Job) ([]byte, error)
	append     func(b []byte, job *jobapi.Job) ([]byte, error)
}

// versions is the conversion table, in the order errors list the
// versions. It is a function, not a variable, so that nothing in the
// package is mutable; its rows hold top-level functions only, so that
// building it allocates nothing.
func versions() [2]version {
	return [...]version{
		{apiVersion: v1.GroupVersion, decode: decodeV1, encode: encodeV1, append: appendV1},
		{apiVersion: v1beta1.GroupVersion, decode: decodeV1beta1, encode: encodeV1beta1, append: appendV1beta1},
	}
}

// SupportedVersions returns the apiVersions Decode reads and Encode
// writes.
func SupportedVersions() []string {
	vs := versions()
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.apiVersion
	}
	return out
}

func lookup(apiVersion string) (version, bool) {
	for _, v := range versions() {
		if v.apiVersion == apiVersion {
			return v, true
		}
	}
	return version{}, false
}

// decodeV1 decodes batch/v1: the wire Job lives on the stack, only the
// hub Job on the heap. The wire Job is new, and dropped on an error:
// UnmarshalNewJSON decodes it, checking the text as it goes, with the
// errors UnmarshalJSON gives.
func decodeV1(data []byte, defaults bool) (*jobapi.Job, []string, error) {
	var w v1.Job
	refused, err := splitRefused(w.UnmarshalNewJSON(data))
	if err != nil {
		return nil, nil, err
	}
	if errs := checkV1(&w); len(errs) > 0 {
		return nil, nil, errs.ToAggregate()
	}
	if defaults {
		v1.SetDefaults(&w)
	}
	return v1ToHub(&w), refused, nil
}

// decodeV1beta1 decodes extensions/v1beta1, as decodeV1.
func decodeV1beta1(data []byte, defaults bool) (*jobapi.Job, []string, error) {
	var w v1beta1.Job
	refused, err := splitRefused(w.UnmarshalNewJSON(data))
	if err != nil {
		return nil, nil, err
	}
	if errs := checkV1beta1(&w); len(errs) > 0 {
		return nil, nil, errs.ToAggregate()
	}
	if defaults {
		v1beta1.SetDefaults(&w)
	}
	return v1beta1ToHub(&w), refused, nil
}

// encodeV1 returns job's batch/v1 JSON.
func encodeV1(job *jobapi.Job) ([]byte, error) {
	return hubToV1(job).MarshalJSON()
}

// encodeV1beta1 returns job's extensions/v1beta1 JSON.
func encodeV1beta1(job *jobapi.Job) ([]byte, error) {
	return hubToV1beta1(job).MarshalJSON()
}

// appendV1 appends job's batch/v1 JSON to b.
func appendV1(b []byte, job *jobapi.Job) ([]byte, error) {
	return hubToV1(job).AppendJSON(b)
}

// appendV1beta1 appends job's extensions/v1beta1 JSON to b.
func appendV1beta1(b []byte, job *jobapi.Job) ([]byte, error) {
	return hubToV1beta1(job).AppendJSON(b)
}

// checkV1 rejects the other version's selector field, which would
// otherwise be kept as an unknown member and mean nothing.
func checkV1(j *v1.Job) field.ErrorList {
	if _, ok := j.Spec.Unknown["autoSelector"]; ok {
		return field.ErrorList{field.Forbidden(field.NewPath("spec", "autoSelector"),
			"may not be set in batch/v1: it is the extensions/v1beta1 field; use `manualSelector` (of opposite meaning)")}
	}
	return nil
}

// checkV1beta1 is checkV1 for extensions/v1beta1.
func checkV1beta1(j *v1beta1.Job) field.ErrorList {
	if _, ok := j.Spec.Unknown["manualSelector"]; ok {
		return field.ErrorList{field.Forbidden(field.NewPath("spec", "manualSelector"),
			"may not be set in extensions/v1beta1: it is the batch/v1 field; use `autoSelector` (of opposite meaning)")}
	}
	return nil
}

// Option changes how [DecodeWith] decodes.
type Option func(*options)

type options struct {
	maxBytes   int
	defaults   bool
	validation FieldValidation // see strict.go
}

// WithMaxBytes bounds the input at n bytes instead of [DefaultMaxBytes].
func WithMaxBytes(n int) Option { return func(o *options) { o.maxBytes = n } }

// WithoutDefaults skips the version's defaults: the hub Job holds only
// what the manifest says (converted).
func WithoutDefaults() Option { return func(o *options) { o.defaults = false } }

// Decode reads one Job, as YAML or JSON, in any supported version, applies
// that version's defaults and returns its hub form. The Job's TypeMeta
// records the version it was written in. It is DecodeWith without
// options.
func Decode(data []byte) (*jobapi.Job, error) {
	return DecodeWith(data)
}

// DecodeWith is [Decode] with options.
//
// The input must hold exactly one document. JSON (text starting with
// '{') is read as JSON; anything else as YAML, with duplicate keys an
// error. Errors about a field are field.Errors naming its path
// (field.AsErrorList returns them); every error's text starts with
// "conversion: ".
func DecodeWith(data []byte, opts ...Option) (*jobapi.Job, error) {
	o := decodeOptions(opts)
	j, err := toJSON(data, o.maxBytes)
	if err != nil {
		return nil, err
	}
	tm, err := jobapi.TypeMetaOf(j)
	if err != nil {
		if len(field.AsErrorList(err)) == 0 {
			return nil, syntaxError(j)
		}
		return nil, fmt.Errorf("conversion: %w", err)
	}
	v, err := versionOf(tm)
	if err != nil {
		return nil, fmt.Errorf("conversion: %w", err)
	}
	job, refused, err := v.decode(j, o.defaults)
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("conversion: JSON: %w", err)
		}
		return nil, fmt.Errorf("conversion: %w", err)
	}
	return job, checkFields(job, refused, o.validation)
}

// decodeOptions returns DecodeWith's options. Without options it builds
// them on the stack (an Option may keep its argument, so applying one
// moves the options to the heap).
func decodeOptions(opts []Option) options {
	if len(opts) == 0 {
		return options{maxBytes: DefaultMaxBytes, defaults: true}
	}
	o := &options{maxBytes: DefaultMaxBytes, defaults: true}
	for _, opt := range opts {
		opt(o)
	}
	return *o
}

// syntaxError describes what is wrong with text that is not JSON.
func syntaxError(j []byte) error {
	var x any
	if err := json.Unmarshal(j, &x); err != nil {
		return fmt.Errorf("conversion: JSON: %w", err)
	}
	return errNotObject
}

// versionOf finds the table row for a document's apiVersion and kind.
func versionOf(tm meta.TypeMeta) (version, error) {
	var errs field.ErrorList
	var v version
	if tm.APIVersion == "" {
		errs = append(errs, field.Required(field.NewPath("apiVersion"), "must name the version of the Job, such as 'batch/v1'"))
	} else {
		var ok bool
		if v, ok = lookup(tm.APIVersion); !ok {
			errs = append(errs, field.NotSupported(field.NewPath("apiVersion"), tm.APIVersion, SupportedVersions()))
		}
	}
	switch {
	case tm.Kind == "":
		errs = append(errs, field.Required(field.NewPath("kind"), "must be 'Job'"))
	case tm.Kind != v1.Kind:
		errs = append(errs, field.NotSupported(field.NewPath("kind"), tm.Kind, []string{v1.Kind}))
	}
	if len(errs) > 0 {
		return version{}, errs.ToAggregate()
	}
	return v, nil
}

// Errors about the input as a whole.
var (
	errEmpty = errors.New("conversion: the input must hold a Job; it is empty")
	// errNotUTF8 carries no package prefix: DecodeAll returns it as it
	// is, worded as its documents' errors are, and Decode wraps it.
	errNotUTF8   = errors.New("the input must be UTF-8 text")
	errNotObject = errors.New("conversion: the document must be an object (a Job), not a list or a scalar")
)

// toJSON checks the size and the shape of the input and returns it as one
// JSON object.
func toJSON(data []byte, maxBytes int) ([]byte, error) {
	if len(data) > maxBytes {
		return nil, fmt.Errorf("conversion: the input must be at most %d bytes; it is %d", maxBytes, len(data))
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("conversion: %w", errNotUTF8)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errEmpty
	}
	var j []byte
	switch trimmed[0] {
	case '{', '[':
		// Read as JSON; the wire type's UnmarshalJSON checks that it is valid.
		j = trimmed
	default:
		if n := countDocuments(data); n > 1 {
			return nil, fmt.Errorf("conversion: the input must hold one document; it holds %d (decode them one by one)", n)
		}
		var dups []yamlread.Duplicate
		var err error
		j, dups, err = yamlToJSON(data, maxBytes, 1, "input")
		if err != nil {
			return nil, fmt.Errorf("conversion: %w", err)
		}
		if len(dups) > 0 {
			return nil, fmt.Errorf("conversion: YAML: %w", duplicateKeys(dups))
		}
	}
	j = bytes.TrimSpace(j)
	if len(j) == 0 || string(j) == "null" {
		return nil, errEmpty
	}
	if j[0] != '{' {
		return nil, errNotObject
	}
	return j, nil
}

// countDocuments counts the non-empty documents of a YAML stream: the
// parts between lines that start with "---" (followed by nothing, space or
// a comment).
func countDocuments(data []byte) int {
	n := 0
	nonEmpty := false
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if rest, ok := bytes.CutPrefix(line, []byte("---")); ok {
			if r := bytes.TrimSpace(rest); len(r) == 0 || r[0] == '#' {
				if nonEmpty {
					n++
				}
				nonEmpty = false
				continue
			}
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			nonEmpty = true
		}
	}
	if nonEmpty {
		n++
	}
	return n
}

// Encode writes job as YAML in the version apiVersion (one of
// [SupportedVersions]), with `apiVersion` and `kind` set. Members jobkit
// does not model are written back where they were. Keys are sorted, as
// kubectl prints them. job is not changed.
func Encode(job *jobapi.Job, apiVersion string) ([]byte, error) {
	j, err := EncodeJSON(job, apiVersion)
	if err != nil {
		return nil, err
	}
	return JSONToYAML(j)
}

// EncodeJSON is [Encode] writing compact JSON: members in the order of the
// wire type's fields, then unknown members sorted by name. The result is
// allocated once, sized by a walk of the Job with room for escapes (a Job
// whose strings need more escapes than that room grows it once more).
func EncodeJSON(job *jobapi.Job, apiVersion string) ([]byte, error) {
	v, err := encoderFor(job, apiVersion)
	if err != nil {
		return nil, err
	}
	j, err := v.encode(job)
	if err != nil {
		return nil, fmt.Errorf("conversion: %w", err)
	}
	return j, nil
}

// AppendJSON appends the JSON [EncodeJSON] returns to b and returns the
// extended buffer. A caller that encodes many Jobs can pass the same
// buffer again (b[:0]): once it is large enough, encoding allocates
// nothing. On an error it returns b as given, with the same error as
// EncodeJSON.
func AppendJSON(b []byte, job *jobapi.Job, apiVersion string) ([]byte, error) {
	v, err := encoderFor(job, apiVersion)
	if err != nil {
		return b, err
	}
	out, err := v.append(b, job)
	if err != nil {
		return b, fmt.Errorf("conversion: %w", err)
	}
	return out, nil
}

// encoderFor checks the arguments of the encoders and returns the row of
// apiVersion.
func encoderFor(job *jobapi.Job, apiVersion string) (version, error) {
	if job == nil {
		return version{}, errors.New("conversion: Encode: the Job must not be nil")
	}
	v, ok := lookup(apiVersion)
	if !ok {
		return version{}, fmt.Errorf("conversion: %w", field.NotSupported(field.NewPath("apiVersion"), apiVersion, SupportedVersions()))
	}
	return v, nil
}
