package conversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion/internal/yamlread"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

// Source says where a document of a stream came from.
type Source struct {
	// File names the stream: a path as given, or a name such as "STDIN".
	File string
	// Document is the number of the document in the stream, from 1,
	// counting only documents that hold something.
	Document int
	// Line is the line of the stream where the document starts, from 1.
	Line int
	// Item is the index of the object in its List's items, or -1 when the
	// document is not an item of a List.
	Item int
	// Only is true when the stream holds this one document (or this List,
	// for its items).
	Only bool
}

// String names the source for an error message: the file alone when it
// holds a single document, else `FILE:LINE (document N)`, with
// `, items[I]` for an item of a List.
func (s Source) String() string {
	return s.format(s.Line, 0, s.Only && s.Item < 0)
}

// At names a place inside the source, as compilers do, for the error
// about one field ([Document.Position] finds it): `FILE:LINE:COLUMN`,
// followed by ` (document N)` and `, items[I]` as in [Source.String].
func (s Source) At(p Position) string {
	return s.format(p.Line, p.Column, false)
}

// format writes the file, then `:LINE` and `:COLUMN` (when column > 0)
// unless fileOnly, then the document and item when they name more than
// the file does.
func (s Source) format(line, column int, fileOnly bool) string {
	var b strings.Builder
	b.WriteString(s.File)
	if fileOnly {
		return b.String()
	}
	b.WriteString(":")
	b.WriteString(strconv.Itoa(line))
	if column > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(column))
	}
	if s.Only && s.Item < 0 {
		return b.String()
	}
	b.WriteString(" (")
	if !s.Only {
		b.WriteString("document ")
		b.WriteString(strconv.Itoa(s.Document))
		if s.Item >= 0 {
			b.WriteString(", ")
		}
	}
	if s.Item >= 0 {
		b.WriteString("items[")
		b.WriteString(strconv.Itoa(s.Item))
		b.WriteString("]")
	}
	b.WriteString(")")
	return b.String()
}

// Document is one object of a manifest stream, as [DecodeAll] returns it.
type Document struct {
	// Source says where the object came from.
	Source Source
	// APIVersion and Kind are the object's own, as written ("" when it
	// has none or when it is not an object).
	APIVersion, Kind string
	// Name and Namespace are the object's metadata.name and
	// metadata.namespace, when they could be read.
	Name, Namespace string
	// JSON is the object as JSON, as written (compacted only where YAML
	// was converted): what to write back for an object that is not a Job.
	// It is nil when the document does not parse.
	JSON []byte
	// Job is the decoded hub Job, with its version's defaults applied,
	// for a Job (batch/v1 or extensions/v1beta1). It is nil for other
	// kinds and when the document does not decode; it is set, decoded in
	// every other respect, when Err is a [*StrictError].
	Job *jobapi.Job
	// CronJob is the decoded hub CronJob, with batch/v1's defaults
	// applied, for a batch/v1 CronJob; nil otherwise, as Job.
	CronJob *jobapi.CronJob
	// Pod is the decoded Pod, with core/v1's defaults applied
	// (core.SetDefaultsPod), for a v1 Pod; nil otherwise, as Job.
	Pod *core.Pod
	// PodTemplate is the decoded PodTemplate, its template with core/v1's
	// defaults applied (core.SetDefaultsPodTemplateSpec), for a v1
	// PodTemplate; nil otherwise, as Job.
	PodTemplate *core.PodTemplate
	// Warnings are the unknown and duplicate fields found under
	// FieldValidationWarn, each worded as [StrictField.String] does.
	Warnings []string
	// Err is why the document could not be decoded: a YAML or JSON error,
	// a document that is not an object, field errors (field.AsErrorList
	// returns them, with paths from the object's root), or a
	// [*StrictError]. Its text does not name the source.
	Err error

	// place is where the document's text is, for Position. The text is
	// the caller's input, not a copy.
	place textPlace
}

// Release lets go of what the document holds of the input: its Job, its
// JSON and the reference to the input's text that [Document.Position]
// reads (Position reports false afterwards). A tool that checks many files
// calls it once it has what it needs from a document, so that it holds
// one file in memory at a time.
func (d *Document) Release() {
	d.Job, d.CronJob, d.Pod, d.PodTemplate, d.JSON, d.place = nil, nil, nil, nil, nil, textPlace{}
}

// IsJob reports whether the document is a Job (decoded or not).
func (d *Document) IsJob() bool {
	return d.Kind == v1.Kind
}

// IsTyped reports whether the document is of a kind DecodeAll decodes
// into a typed object (decoded or not): a Job of a supported version, a
// batch/v1 CronJob, a v1 Pod or a v1 PodTemplate. Every other kind is
// carried as JSON only.
func (d *Document) IsTyped() bool {
	if d.Kind == v1.Kind {
		return true
	}
	_, ok := typedKind(d.APIVersion, d.Kind)
	return ok
}

// Object returns the typed object the document holds — its *jobapi.Job,
// *jobapi.CronJob, *core.Pod or *core.PodTemplate — or nil when it holds
// none (another kind, or a document that did not decode). Every one is a
// jobapi.UnknownFieldHolder, so that what decoding kept of the members
// jobkit does not model can be listed or dropped whatever the kind.
func (d *Document) Object() jobapi.UnknownFieldHolder {
	switch {
	case d.Job != nil:
		return d.Job
	case d.CronJob != nil:
		return d.CronJob
	case d.Pod != nil:
		return d.Pod
	case d.PodTemplate != nil:
		return d.PodTemplate
	}
	return nil
}

// DecodeAll reads every object of a manifest stream, as kubectl reads
// `-f`: a multi-document YAML stream (documents separated by lines that
// start with "---"), or a stream of JSON objects when the input starts with
// '{'; the items of a List (any kind ending in "List" with an `items`
// array) are returned one by one. name names the stream in each
// document's [Source].
//
// Jobs (batch/v1, extensions/v1beta1) are decoded into the hub with their
// version's defaults, as [Decode] does; batch/v1 CronJobs likewise, as
// [DecodeCronJob] does, and v1 Pods and PodTemplates into package core's
// types with core/v1's defaults. Every other object is returned as it
// is, in JSON, with only its apiVersion, kind and metadata read (a
// metadata member of the wrong type, such as a label value that is not a
// string, is an error). A document without apiVersion or kind is an
// error.
//
// Field validation is strict unless [WithFieldValidation] says otherwise:
// an unknown field in a decoded object, or a field given twice anywhere
// in a document, makes the document's Err a [*StrictError] naming each
// field's path, as kubectl's default (--validate=strict) does.
//
// Errors about one document are in its Err, and the other documents are
// still read; a YAML stream whose document does not parse goes on with
// the next document, a JSON stream stops at the first error. The error
// result is only for the input as a whole: not UTF-8. Each document is
// bounded by [WithMaxBytes] ([DefaultMaxBytes] by default); empty
// documents are skipped.
func DecodeAll(name string, data []byte, opts ...Option) ([]Document, error) {
	o := options{maxBytes: DefaultMaxBytes, defaults: true, validation: FieldValidationStrict}
	for _, opt := range opts {
		opt(&o)
	}
	if !utf8.Valid(data) {
		return nil, errNotUTF8
	}
	var docs []Document
	st := &streamState{options: o}
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '{' {
		docs = decodeJSONStream(name, data, st)
	} else {
		docs = decodeYAMLStream(name, data, st)
	}
	if len(docs) > 0 {
		only := docs[len(docs)-1].Source.Document == 1
		for i := range docs {
			docs[i].Source.Only = only
		}
	}
	return docs, nil
}

// streamState is what the decoding of one stream shares: the options.
type streamState struct {
	options
}

// chunk is one document of a YAML stream and the line it starts on.
type chunk struct {
	text []byte
	line int
}

// splitYAML splits a YAML stream at lines that start with "---" followed
// by nothing, spaces or a comment, as kubectl does. Chunks that hold only
// blank lines and comments are left out.
func splitYAML(data []byte) []chunk {
	var out []chunk
	start, startLine, line := 0, 1, 1
	content := false
	flush := func(end int) {
		if content {
			out = append(out, chunk{text: data[start:end], line: startLine})
		}
	}
	for i := 0; i < len(data); line++ {
		end := bytes.IndexByte(data[i:], '\n')
		next := len(data)
		if end >= 0 {
			end += i
			next = end + 1
		} else {
			end = len(data)
		}
		l := data[i:end]
		if rest, ok := bytes.CutPrefix(l, []byte("---")); ok && isSeparatorRest(rest) {
			flush(i)
			start, startLine, content = next, line+1, false
		} else if t := bytes.TrimSpace(l); len(t) > 0 && t[0] != '#' {
			if !content {
				// Start the chunk at its first line of content, so that
				// its line is where the object starts.
				start, startLine = i, line
			}
			content = true
		}
		i = next
	}
	flush(len(data))
	return out
}

// isSeparatorRest reports whether what follows "---" on a line leaves it a
// document separator.
func isSeparatorRest(rest []byte) bool {
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// decodeYAMLStream decodes every document of a YAML stream.
func decodeYAMLStream(name string, data []byte, o *streamState) []Document {
	var docs []Document
	n := 0
	for _, c := range splitYAML(data) {
		src := Source{File: name, Line: c.line, Item: -1}
		if len(c.text) > o.maxBytes {
			n++
			src.Document = n
			docs = append(docs, Document{Source: src, Err: fmt.Errorf("the document must be at most %d bytes; it is %d", o.maxBytes, len(c.text))})
			continue
		}
		// A key given twice in one mapping is not an error here: it is a
		// duplicate field, and its last value is kept.
		j, dups, err := yamlToJSON(c.text, o.maxBytes, c.line, "document")
		if err == nil && isNull(j) {
			continue // a document holding only null, as `---` then `~`
		}
		n++
		src.Document = n
		if err != nil {
			docs = append(docs, Document{Source: src, Err: err})
			continue
		}
		docs = decodeObject(docs, src, textPlace{text: c.text, line: c.line, column: 1}, j, duplicatePaths(dups), o)
	}
	return docs
}

// decodeJSONStream decodes a stream of JSON values. It stops at the first
// value that does not parse: there is no telling where the next one
// starts.
func decodeJSONStream(name string, data []byte, o *streamState) []Document {
	var docs []Document
	dec := json.NewDecoder(bytes.NewReader(data))
	line, counted := 1, 0
	for n := 1; ; n++ {
		start := int(dec.InputOffset())
		for start < len(data) && isSpace(data[start]) {
			start++
		}
		line += bytes.Count(data[counted:start], []byte("\n"))
		counted = start
		src := Source{File: name, Document: n, Line: line, Item: -1}
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				err = errors.New("unexpected end of input: the JSON value is truncated")
			}
			docs = append(docs, Document{Source: src, Err: fmt.Errorf("JSON: %w", err)})
			break
		}
		if len(raw) > o.maxBytes {
			docs = append(docs, Document{Source: src, Err: fmt.Errorf("the document must be at most %d bytes; it is %d", o.maxBytes, len(raw))})
			continue
		}
		j := []byte(raw)
		dups := jsonDuplicates(j)
		if len(dups) > 0 {
			// Keep the last value of each duplicate, as the API server
			// does; jobapi's decoder refuses duplicates outright.
			if j, err = yaml.YAMLToJSON(j); err != nil {
				docs = append(docs, Document{Source: src, Err: fmt.Errorf("JSON: %w", err)})
				continue
			}
		}
		docs = decodeObject(docs, src, textPlace{text: raw, line: line, column: columnAt(data, start)}, j, dups, o)
	}
	return docs
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isNull(j []byte) bool { return len(j) == 0 || string(j) == "null" }

// decodeObject decodes one JSON value of a stream, found at src (its text
// at place), and appends what it holds to docs: one document, or the
// items of a List. dups are the paths of its duplicate fields.
func decodeObject(docs []Document, src Source, place textPlace, j []byte, dups []string, o *streamState) []Document {
	d := Document{Source: src, place: place}
	if isNull(j) || j[0] != '{' {
		d.Err = errors.New("the document must be an object, not a list or a scalar")
		return append(docs, d)
	}
	d.JSON = j
	tm, err := jobapi.TypeMetaOf(j)
	if err != nil {
		d.Err = err
		return append(docs, d)
	}
	d.APIVersion, d.Kind = tm.APIVersion, tm.Kind
	if strings.HasSuffix(tm.Kind, "List") && src.Item < 0 {
		var list struct {
			Items []json.RawMessage `json:"items"`
		}
		if json.Unmarshal(j, &list) == nil && list.Items != nil {
			for i, item := range list.Items {
				isrc := src
				isrc.Item = i
				iplace := place
				iplace.prefix = "items[" + strconv.Itoa(i) + "]"
				docs = decodeObject(docs, isrc, iplace, bytes.TrimSpace(item), underPath(dups, iplace.prefix), o)
			}
			return docs
		}
	}
	var missing field.ErrorList
	if tm.APIVersion == "" {
		missing = append(missing, field.Required(field.NewPath("apiVersion"), "every object must name its version, such as 'batch/v1' for a Job"))
	}
	if tm.Kind == "" {
		missing = append(missing, field.Required(field.NewPath("kind"), "every object must name its kind, such as 'Job'"))
	}
	switch {
	case len(missing) > 0:
		d.Err = missing.ToAggregate()
		d.Name, d.Namespace = readName(j)
	case tm.Kind == v1.Kind:
		decodeJob(&d, j, dups, o)
	case tm.Kind == v1.CronJobKind && tm.APIVersion == v1.GroupVersion:
		decodeCronJob(&d, j, dups, o)
	case tm.APIVersion == "v1" && (tm.Kind == "Pod" || tm.Kind == "PodTemplate"):
		decodePodKind(&d, j, dups, o)
	default:
		meta, err := d.ObjectMeta()
		if err != nil {
			d.Err = err
			d.Name, d.Namespace = readName(j)
		} else {
			d.Name, d.Namespace = meta.Name, meta.Namespace
		}
		if fields := strictFields(dups, nil); len(fields) > 0 {
			switch o.validation {
			case FieldValidationStrict:
				if d.Err == nil {
					d.Err = &StrictError{Fields: fields}
				}
			case FieldValidationWarn:
				d.Warnings = fieldWarnings(fields)
			}
		}
	}
	return append(docs, d)
}

// decodeJob decodes the Job j into d.
func decodeJob(d *Document, j []byte, dups []string, o *streamState) {
	v, err := versionOf(meta.TypeMeta{APIVersion: d.APIVersion, Kind: d.Kind})
	if err != nil {
		d.Err = err
		d.Name, d.Namespace = readName(j)
		return
	}
	job, refused, err := v.decode(j, o.defaults)
	if err != nil {
		d.Err = err
		d.Name, d.Namespace = readName(j)
		return
	}
	d.Job, d.Name, d.Namespace = job, job.ObjectMeta.Name, job.ObjectMeta.Namespace
	applyFieldValidation(d, dups, refused, o.validation)
}

// applyFieldValidation applies the stream's field validation mode to the
// object d holds, decoded from a document whose duplicate fields are dups
// and whose members the decoder refused (see [splitRefused]) are refused.
// Strict makes the unknown and duplicate fields d.Err; Warn drops the
// unknown members with jobapi.DropUnknownFields, the one implementation
// of the server's Warn, and makes its warnings, those of the refused
// members and those of the duplicates d.Warnings; Ignore keeps the
// unknown members (the refused ones are gone). Errors and warnings are
// ordered as the API server reports them ([Document.serverOrder]).
func applyFieldValidation(d *Document, dups, refused []string, mode FieldValidation) {
	if mode != FieldValidationStrict && mode != FieldValidationWarn {
		return
	}
	obj := d.Object()
	kept := jobapi.UnknownFields(obj, "")
	if len(dups)+len(kept)+len(refused) == 0 {
		return
	}
	fields := strictFields(dups, append(kept, refused...))
	order := d.serverOrder(fields)
	if mode == FieldValidationStrict {
		ordered := make([]StrictField, len(order))
		for i, j := range order {
			ordered[i] = fields[j]
		}
		d.Err = &StrictError{Fields: ordered}
		return
	}
	// One warning per field, in the order of fields: the duplicates',
	// then DropUnknownFields' own, one per path of unknown and in its
	// order (both are path order).
	msgs := make([]string, 0, len(fields))
	for _, f := range fields[:len(dups)] {
		msgs = append(msgs, f.String())
	}
	for _, w := range jobapi.DropUnknownFields(obj) {
		msgs = append(msgs, w.Message)
	}
	for _, p := range refused {
		msgs = append(msgs, jobapi.UnknownFieldMessage(p))
	}
	d.Warnings = make([]string, len(order))
	for i, j := range order {
		d.Warnings[i] = msgs[j]
	}
}

// maxStrictFields is how many unknown and duplicate fields the API
// server's strict decoder (sigs.k8s.io/json) reports at most: it stops
// collecting them there.
const maxStrictFields = 100

// serverOrder returns the indexes of fields in the order the API server's
// strict decoder reports them, the order it meets them in the document (a
// duplicate where the key is given again), the first maxStrictFields
// only. A field whose place in the text cannot be found (the text is not
// at hand) keeps its place after the others.
func (d *Document) serverOrder(fields []StrictField) []int {
	idx := make([]int, len(fields))
	for i := range idx {
		idx[i] = i
	}
	if t := d.place; t.text != nil && len(fields) > 1 {
		if doc, err := yamlread.Parse(t.text); err == nil {
			type placed struct {
				line, col int
				found     bool
			}
			at := make([]placed, len(fields))
			for i, f := range fields {
				full := t.fullPath(f.Path)
				if p, ok := doc.Find(full); ok && p.Path == full {
					at[i] = placed{p.Line, p.Column, true}
				}
			}
			sort.SliceStable(idx, func(a, b int) bool {
				pa, pb := at[idx[a]], at[idx[b]]
				switch {
				case pa.found != pb.found:
					return pa.found
				case pa.line != pb.line:
					return pa.line < pb.line
				}
				return pa.col < pb.col
			})
		}
	}
	if len(idx) > maxStrictFields {
		idx = idx[:maxStrictFields]
	}
	return idx
}

// strictFields lists the duplicate fields, then the unknown ones (see
// serverOrder for the order they are reported in).
func strictFields(dups, unknown []string) []StrictField {
	out := make([]StrictField, 0, len(dups)+len(unknown))
	for _, p := range dups {
		out = append(out, StrictField{Duplicate: true, Path: p})
	}
	for _, p := range unknown {
		out = append(out, StrictField{Path: p})
	}
	return out
}

func fieldWarnings(fields []StrictField) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.String()
	}
	return out
}

// underPath returns the paths of paths that lie under prefix, relative to
// it.
func underPath(paths []string, prefix string) []string {
	var out []string
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, prefix); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			out = append(out, strings.TrimPrefix(rest, "."))
		}
	}
	return out
}

// checkFields applies a field validation mode to an object decoded by
// DecodeWith or DecodeCronJob (the zero mode is FieldValidationIgnore),
// whose members the decoder refused are refused (see [splitRefused]):
// Strict refuses its unknown and refused members, Warn drops the unknown
// ones (these functions return no warnings: DecodeAll's documents carry
// them), Ignore keeps them; the refused ones are gone in both.
func checkFields(obj jobapi.UnknownFieldHolder, refused []string, mode FieldValidation) error {
	switch mode {
	case FieldValidationStrict:
		if unknown := append(jobapi.UnknownFields(obj, ""), refused...); len(unknown) > 0 {
			slices.Sort(unknown)
			return fmt.Errorf("conversion: %w", &StrictError{Fields: strictFields(nil, unknown)})
		}
	case FieldValidationWarn:
		jobapi.DropUnknown(obj, "")
	}
	return nil
}

// ObjectMeta decodes the document's metadata (with jobapi's rules: wrong
// types are errors naming the field, such as `metadata.labels[app]`).
// Absent metadata gives an empty ObjectMeta.
func (d *Document) ObjectMeta() (*meta.ObjectMeta, error) {
	meta := &meta.ObjectMeta{}
	var top struct {
		Metadata json.RawMessage `json:"metadata"`
	}
	if err := json.Unmarshal(d.JSON, &top); err != nil {
		return nil, errors.New("the document must be an object")
	}
	if isNull(top.Metadata) {
		return meta, nil
	}
	if err := meta.UnmarshalJSON(top.Metadata); err != nil {
		return nil, prefixErrors(err, "metadata")
	}
	return meta, nil
}

// readName reads metadata.name and metadata.namespace of a document that
// does not decode, for its error message; what cannot be read is "".
func readName(j []byte) (name, namespace string) {
	var head struct {
		Metadata struct {
			Name      any `json:"name"`
			Namespace any `json:"namespace"`
		} `json:"metadata"`
	}
	_ = json.Unmarshal(j, &head) // a malformed document has no name
	name, _ = head.Metadata.Name.(string)
	namespace, _ = head.Metadata.Namespace.(string)
	return name, namespace
}

// prefixErrors returns err with the path of each field error moved under
// prefix; other errors are returned as they are.
func prefixErrors(err error, prefix string) error {
	errs := field.AsErrorList(err)
	if len(errs) == 0 {
		return err
	}
	return prefixFieldErrors(errs, prefix).ToAggregate()
}

// prefixFieldErrors returns copies of errs with paths under prefix.
func prefixFieldErrors(errs field.ErrorList, prefix string) field.ErrorList {
	if prefix == "" {
		return errs
	}
	out := make(field.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		switch {
		case c.Field == "":
			c.Field = prefix
		case c.Field[0] == '[':
			c.Field = prefix + c.Field
		default:
			c.Field = prefix + "." + c.Field
		}
		out[i] = &c
	}
	return out
}
