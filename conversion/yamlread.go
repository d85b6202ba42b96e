package conversion

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jobkit/jobkit/conversion/internal/yamlread"
)

// yamlToJSON converts one YAML document to JSON, as the API server does
// (sigs.k8s.io/yaml.YAMLToJSON, read by conversion/internal/yamlread from
// goyaml.v3's node tree), with the JSON bounded at 4 times maxBytes
// (aliases may make it larger than the YAML). It returns the keys given
// twice; of each, the last value is kept. The lines of its errors are
// counted from firstLine, the line of the stream where text starts. what
// names the text in the error about its expansion ("input",
// "document").
func yamlToJSON(text []byte, maxBytes, firstLine int, what string) ([]byte, []yamlread.Duplicate, error) {
	doc, err := yamlread.Parse(text)
	if err != nil {
		return nil, nil, fmt.Errorf("YAML: %w", shiftLines(err, firstLine))
	}
	j, dups, err := doc.JSON(4 * maxBytes)
	if err != nil {
		var ee *yamlread.ExpansionError
		if errors.As(err, &ee) {
			more := ""
			if ee.AtLeast {
				more = "more than "
			}
			return nil, nil, fmt.Errorf("the %s must expand to at most %d bytes of JSON; it expands to %s%d", what, ee.Max, more, ee.Size)
		}
		return nil, nil, fmt.Errorf("YAML: %w", shiftLines(err, firstLine))
	}
	for i := range dups {
		if firstLine > 1 {
			dups[i].Line += firstLine - 1
		}
	}
	return j, dups, nil
}

// shiftLines moves the line of a YAML error from the document's first
// line to the stream's line firstLine.
func shiftLines(err error, firstLine int) error {
	var ye *yamlread.Error
	if firstLine <= 1 || !errors.As(err, &ye) {
		return err
	}
	c := *ye
	c.Line += firstLine - 1
	return &c
}

// duplicateKeys is the error of a YAML document that gives a key twice in
// one mapping, which Decode refuses as the API server's strict YAML
// decoding does.
func duplicateKeys(dups []yamlread.Duplicate) error {
	var b strings.Builder
	b.WriteString("a mapping must not give a key twice: ")
	for i, d := range dups {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("duplicate field ")
		b.WriteString(strconv.Quote(d.Path))
		b.WriteString(" at line ")
		b.WriteString(strconv.Itoa(d.Line))
		b.WriteString(", column ")
		b.WriteString(strconv.Itoa(d.Column))
	}
	return errors.New(b.String())
}

// duplicatePaths returns the paths of dups.
func duplicatePaths(dups []yamlread.Duplicate) []string {
	if len(dups) == 0 {
		return nil
	}
	out := make([]string, len(dups))
	for i, d := range dups {
		out[i] = d.Path
	}
	return out
}

// Position is where a field is written in a manifest.
type Position struct {
	// Line and Column start at 1; the column counts characters.
	Line, Column int
	// Path is the part of the path asked for that the document holds:
	// the whole path, or the nearest ancestor written (a required field
	// that is missing is found at its parent). "" is the object itself.
	Path string
}

// String words the position as "line L, column C", the form error
// messages use after the source: `job.yaml: line 12, column 9: ...`.
func (p Position) String() string {
	return "line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column)
}

// textPlace is where the text of a document is in its stream, for
// [Document.Position].
type textPlace struct {
	text   []byte // the document's text: YAML, or a JSON value
	line   int    // the line of the stream where text starts
	column int    // the column where text starts, on that line
	prefix string // the path of the object in the text ("items[2]" for a List's item)
}

// Position returns where the field at path is written in the stream: the
// key of a member (`spec.completions`), the start of an item
// (`spec.template.spec.containers[0]`). path is a field path from the
// object's root, as validation and [StrictField] give them
// (the paths of field errors in Err are already so); a subscript is an
// index in a list and a key in a map (`metadata.labels[app]`). Aliases
// and merge keys are followed as decoding follows them; of a key given
// twice the last is found. When the document does not hold the whole
// path, the position is that of the nearest ancestor it holds, named by
// Position.Path. ok is false when the document's text is not at hand (it
// did not parse, or was empty).
//
// A field error's text stays as Kubernetes words it; a tool prints the
// position beside it:
//
//	for _, e := range errs {
//		if p, ok := d.Position(e.Field); ok {
//			fmt.Printf("%s: %s: %s\n", d.Source, p, e)
//		}
//	}
func (d *Document) Position(path string) (Position, bool) {
	t := d.place
	if t.text == nil {
		return Position{}, false
	}
	p, ok := findPosition(t.text, t.fullPath(path))
	if !ok {
		return Position{}, false
	}
	if t.prefix != "" {
		rel, found := strings.CutPrefix(p.Path, t.prefix)
		if !found {
			return Position{}, false
		}
		p.Path = strings.TrimPrefix(rel, ".")
	}
	if p.Line == 1 {
		p.Column += t.column - 1
	}
	p.Line += t.line - 1
	return p, true
}

// PositionOf returns where the field at path is written in data, one
// document as [Decode] reads it (YAML, or JSON): see [Document.Position].
// Decode's errors name fields by path; PositionOf finds them in the
// input:
//
//	_, err := conversion.Decode(data)
//	for _, e := range field.AsErrorList(err) {
//		if p, ok := conversion.PositionOf(data, e.Field); ok {
//			fmt.Printf("job.yaml: %s: %s\n", p, e)
//		}
//	}
func PositionOf(data []byte, path string) (Position, bool) {
	if !utf8.Valid(data) {
		return Position{}, false
	}
	return findPosition(data, path)
}

// fullPath is path, a path from the document's root, as a path from the
// root of the text the document is in (an item of a List is under
// `items[i]`).
func (t textPlace) fullPath(path string) string {
	if t.prefix == "" {
		return path
	}
	if path == "" {
		return t.prefix
	}
	if path[0] == '[' {
		return t.prefix + path
	}
	return t.prefix + "." + path
}

// findPosition parses text (YAML, or JSON, which goyaml.v3 reads too) and
// finds path in it.
func findPosition(text []byte, path string) (Position, bool) {
	doc, err := yamlread.Parse(text)
	if err != nil {
		return Position{}, false
	}
	p, ok := doc.Find(path)
	if !ok {
		return Position{}, false
	}
	return Position{Line: p.Line, Column: p.Column, Path: p.Path}, true
}

// columnAt returns the column (in characters, from 1) of the offset i of
// data.
func columnAt(data []byte, i int) int {
	return 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:i], '\n')+1:i])
}
