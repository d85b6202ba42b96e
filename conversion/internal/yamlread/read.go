package yamlread

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/jobkit/jobkit/conversion/internal/yamlv2"
)

// Document is the node tree of one YAML document.
type Document struct {
	root *yaml.Node // nil for an empty document
	text []byte     // the input, to tell `! 12` from `12`
	bang bool       // the input holds a '!'
	// nodes is how many nodes the tree has (0 when not counted), to size
	// the reader's arrays.
	nodes int
}

// Parse reads the first document of data into a node tree. A syntax
// error is returned as goyaml.v3 words it ("yaml: line 3: ...").
//
// data must be UTF-8: the text of a manifest. (goyaml.v2 refuses invalid
// UTF-8 only where its reader reaches it; Parse refuses it anywhere.)
func Parse(data []byte) (*Document, error) {
	if !utf8.Valid(data) {
		return nil, &Error{Line: 1 + bytes.Count(data[:invalidUTF8(data)], []byte("\n")), Msg: "the text must be UTF-8"}
	}
	if root, nodes := fastParse(data); root != nil {
		return &Document{root: root, text: data, bang: bytes.IndexByte(data, '!') >= 0, nodes: nodes}, nil
	}
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		// goyaml.v3 reads a token or two beyond the end of the first
		// document (for comments), goyaml.v2 does not: text after a
		// document marker that the API server never reads must not make
		// the document an error.
		end := nextDocument(data)
		if end < 0 || !readable(data[end:]) || yaml.Unmarshal(data[:end], &n) != nil {
			return nil, parseError(data, err)
		}
	}
	d := &Document{text: data, bang: bytes.IndexByte(data, '!') >= 0}
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		d.root = n.Content[0]
	}
	return d, nil
}

// invalidUTF8 returns the offset of the first byte of data that is not
// UTF-8.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// readable reports whether the YAML reader accepts every character of
// text (it refuses control characters wherever they are).
func readable(text []byte) bool {
	for _, r := range string(text) {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		case r >= 0x20 && r <= 0x7E, r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000:
		default:
			return false
		}
	}
	return true
}

// nextDocument returns the offset of the first document marker ("---"
// or "..." at the start of a line, then a space or the line's end) after
// the first line of content of data, or -1.
func nextDocument(data []byte) int {
	content := false
	for i := 0; i < len(data); {
		e := breakAt(data, i)
		line := data[i:e]
		if len(line) >= 3 && (string(line[:3]) == "---" || string(line[:3]) == "...") && (len(line) == 3 || isBlank(line[3])) {
			if content {
				return i
			}
			rest := bytes.TrimSpace(line[3:])
			content = string(line[:3]) == "---" && len(rest) > 0 && rest[0] != '#'
		} else if t := bytes.TrimLeft(line, " \t\r"); len(t) > 0 && t[0] != '#' && t[0] != '%' {
			content = true
		}
		i = e + 1
		if e+1 < len(data) && data[e] == '\r' && data[e+1] == '\n' {
			i++
		}
	}
	return -1
}

// breakAt returns the offset of the first line break ("\n" or "\r") at or
// after i, or len(d).
func breakAt(d []byte, i int) int {
	for i < len(d) && d[i] != '\n' && d[i] != '\r' {
		i++
	}
	return i
}

// parseError turns goyaml.v3's parse error into an [*Error] with its
// line: the parser leaves the line out on the first line (both of its
// marks are there) and for an unknown anchor, whose alias is found here.
func parseError(data []byte, err error) error {
	msg, ok := strings.CutPrefix(err.Error(), "yaml: ")
	if !ok {
		return err
	}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		num, text, found := strings.Cut(rest, ": ")
		line, convErr := strconv.Atoi(num)
		if !found || convErr != nil {
			return err
		}
		return &Error{Line: line, Msg: text}
	}
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
		name, _, _ = strings.Cut(name, "'")
		if i := findAlias(data, name); i >= 0 {
			line := 1 + bytes.Count(data[:i], []byte("\n"))
			col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:i], '\n')+1:i])
			return &Error{Line: line, Column: col, Msg: msg}
		}
	}
	return &Error{Line: 1, Msg: msg}
}

// findAlias returns the offset of the first alias *name in data (the
// first "*name" when none ends where an alias ends), or -1.
func findAlias(data []byte, name string) int {
	first := bytes.Index(data, []byte("*"+name))
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte("*"+name))
		if i < 0 {
			return first
		}
		i += off
		end := i + 1 + len(name)
		if end == len(data) || isBlank(data[end]) || bytes.IndexByte([]byte(",]}"), data[end]) >= 0 {
			return i
		}
		off = i + 1
	}
}

// Error is an error about the document text, at its place: a syntax
// error, or a node that has no JSON form.
type Error struct {
	// Line is the line of the error, from 1.
	Line int
	// Column is the column of the node, from 1, or 0 when the parser
	// does not say it (syntax errors).
	Column int
	// Msg says what is wrong.
	Msg string
}

// Error words the error as "yaml: line L, column C: MSG", without the
// column when it is not known.
func (e *Error) Error() string {
	if e.Column == 0 {
		return "yaml: line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return "yaml: line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": " + e.Msg
}

// ExpansionError is the error of a document whose aliases expand it
// beyond the bound [Document.JSON] was given.
type ExpansionError struct {
	// Max is the bound, in bytes of JSON.
	Max int
	// Size is the size of the JSON, or, when AtLeast is set, a size it
	// exceeds (the expansion stopped there).
	Size    int
	AtLeast bool
}

// Error says the bound and the size.
func (e *ExpansionError) Error() string {
	more := ""
	if e.AtLeast {
		more = "more than "
	}
	return fmt.Sprintf("the document must expand to at most %d bytes of JSON; it expands to %s%d", e.Max, more, e.Size)
}

// Duplicate is a key given again in a mapping that holds it already
// (merged keys included).
type Duplicate struct {
	// Path is the member's path from the document's root, as Kubernetes
	// prints field paths: `spec.template.spec.containers[0].image`.
	Path string
	// Line and Column are where the repeated key is written.
	Line, Column int
	// converted is set when the two keys differ as YAML values (1 and
	// "1") but name the same JSON member: sigs.k8s.io/yaml keeps one at
	// random and does not call them duplicates.
	converted bool
}

// ToJSON is [Parse] then [Document.JSON].
func ToJSON(data []byte, maxBytes int) ([]byte, []Duplicate, error) {
	d, err := Parse(data)
	if err != nil {
		return nil, nil, err
	}
	return d.JSON(maxBytes)
}

// JSON writes the document as compact JSON, as sigs.k8s.io/yaml.YAMLToJSON
// does ("null" for an empty document), and returns the keys given twice.
// The JSON may hold at most maxBytes bytes (a bound on alias expansion);
// beyond it the error is an [*ExpansionError].
func (d *Document) JSON(maxBytes int) ([]byte, []Duplicate, error) {
	if d.root == nil {
		return []byte("null"), nil, nil
	}
	r := reader{doc: d, max: maxBytes}
	if d.nodes > 0 {
		r.vals = make([]val, 0, d.nodes)
		r.ents = make([]ent, 0, d.nodes/2)
		r.stack = make([]ent, 0, 64)
	}
	// The document node itself counts as one decode, as in goyaml.v2.
	r.decodes++
	v := r.value(d.root)
	if r.err == nil && r.vals[v].lazy != 0 {
		r.err = r.lazy[r.vals[v].lazy-1]
	}
	if r.err != nil {
		return nil, nil, r.err
	}
	out := make([]byte, 0, r.size+r.size/8+16)
	out = r.write(out, v)
	if len(out) > maxBytes {
		return nil, nil, &ExpansionError{Max: maxBytes, Size: len(out)}
	}
	return out, r.dups, nil
}

// kind is the kind of a JSON value.
type kind uint8

const (
	kNull kind = iota
	kFalse
	kTrue
	kString // text is the string
	kNumber // text is the JSON number
	kObject // members are ents[start : start+n]
	kArray  // items are items[start : start+n]
)

// val is one JSON value of the arena.
type val struct {
	kind     kind
	text     string
	start, n int32
	size     int // a lower bound of the size of its JSON
	// lazy is 1 + the index in reader.lazy of the first conversion error
	// inside the value, or 0.
	lazy int32
}

// ent is one member of an object.
type ent struct {
	key string
	v   int32
	// The key as a YAML value, to tell converted duplicates: its kind,
	// whether it is a float, and a float's bits.
	kkind  kind
	kfloat bool
	fbits  uint64
	// lazy is 1 + the index in reader.lazy of the key's conversion
	// error, or 0.
	lazy int32
}

// seg is one element of the path being visited.
type seg struct {
	key   string
	index int // -1 for a key
}

// reader turns the node tree into an arena of values, visiting it as
// goyaml.v2's decoder does, then writes the arena.
type reader struct {
	doc   *Document
	max   int
	err   error
	vals  []val
	ents  []ent
	items []int32
	stack []ent   // members of the objects being built
	istk  []int32 // items of the arrays being built
	path  []seg
	dups  []Duplicate
	// lazy holds the errors sigs.k8s.io/yaml meets only when it converts
	// goyaml.v2's result to JSON (a null or too large key, a value JSON
	// cannot hold): they count only when their value is still in the
	// document, not when a later key of the same mapping replaced it.
	lazy []*Error
	size int // a lower bound of the JSON's size

	// goyaml.v2's alias accounting.
	decodes, aliased, aliasDepth int
	active                       []*yaml.Node // aliases being expanded
	lines                        []int        // start of each line, built on demand

	// owner is the column of the key or the block sequence whose value
	// is being read (0 at the root): a non-specific tag on a later line
	// than an empty value's anchor is that value's only when indented
	// more, else it starts the next key or entry. An alias's target is
	// judged by the alias's owner.
	owner int
}

// later records a conversion error at n and returns its lazy mark.
func (r *reader) later(n *yaml.Node, format string, args ...any) int32 {
	r.lazy = append(r.lazy, &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)})
	return int32(len(r.lazy))
}

// firstLazy returns the earlier of two lazy marks (0 for none).
func firstLazy(a, b int32) int32 {
	if a == 0 || b != 0 && b < a {
		return b
	}
	return a
}

func (r *reader) fail(n *yaml.Node, format string, args ...any) {
	if r.err == nil {
		r.err = &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
	}
}

// count does goyaml.v2's accounting of one decode step, at the node n.
func (r *reader) count(n *yaml.Node) bool {
	r.decodes++
	if r.aliasDepth > 0 {
		r.aliased++
	}
	if r.aliased > 100 && r.decodes > 1000 && float64(r.aliased)/float64(r.decodes) > allowedAliasRatio(r.decodes) {
		r.fail(n, "the document must not expand its aliases this much: %d of its %d nodes come from aliases (excessive aliasing)", r.aliased, r.decodes)
		return false
	}
	return true
}

// allowedAliasRatio is goyaml.v2's: 99% of the decoded nodes may come
// from aliases up to 400,000 nodes, 10% from 4,000,000, linear between.
func allowedAliasRatio(decodes int) float64 {
	const low, high = 400000, 4000000
	switch {
	case decodes <= low:
		return 0.99
	case decodes >= high:
		return 0.10
	default:
		return 0.99 - 0.89*(float64(decodes-low)/float64(high-low))
	}
}

// grow adds n bytes to the JSON's size and checks the bound.
func (r *reader) grow(n int) bool {
	r.size += n
	if r.size > r.max {
		if r.err == nil {
			r.err = &ExpansionError{Max: r.max, Size: r.max, AtLeast: true}
		}
		return false
	}
	return true
}

func (r *reader) add(v val) int32 {
	r.vals = append(r.vals, v)
	return int32(len(r.vals) - 1)
}

// value reads the node n (counted as one decode step).
func (r *reader) value(n *yaml.Node) int32 {
	if !r.count(n) {
		return 0
	}
	switch n.Kind {
	case yaml.AliasNode:
		if !r.enter(n) {
			return 0
		}
		v := r.value(n.Alias)
		r.leave()
		return v
	case yaml.ScalarNode:
		s := r.scalar(n)
		if s.kind == kNumber && s.float && (math.IsNaN(s.f) || math.IsInf(s.f, 0)) {
			// encoding/json refuses it when it writes the result.
			return r.add(val{kind: kNull, lazy: r.later(n, "the value %s must be a number JSON can hold, not infinity or NaN", n.Value)})
		}
		size := len(s.text)
		switch s.kind {
		case kString:
			size += 2
		case kNull, kTrue:
			size = 4
		case kFalse:
			size = 5
		}
		if !r.grow(size) {
			return 0
		}
		return r.add(val{kind: s.kind, text: s.text, size: size})
	case yaml.MappingNode:
		mark := len(r.stack)
		r.pairs(n, mark)
		if r.err != nil {
			return 0
		}
		start := len(r.ents)
		members := r.stack[mark:]
		sortMembers(members)
		r.ents = append(r.ents, members...)
		size := 1 + len(members)
		var lazy int32
		for _, m := range members {
			size += len(m.key) + 3 + r.vals[m.v].size
			lazy = firstLazy(lazy, firstLazy(m.lazy, r.vals[m.v].lazy))
		}
		clear(r.stack[mark:])
		r.stack = r.stack[:mark]
		if !r.grow(1 + len(members)) {
			return 0
		}
		return r.add(val{kind: kObject, start: int32(start), n: int32(len(members)), size: size, lazy: lazy})
	case yaml.SequenceNode:
		mark := len(r.istk)
		owner := r.owner
		r.owner = n.Column
		for i, c := range n.Content {
			r.path = append(r.path, seg{index: i})
			v := r.value(c)
			r.path = r.path[:len(r.path)-1]
			if r.err != nil {
				return 0
			}
			r.istk = append(r.istk, v)
		}
		r.owner = owner
		start := len(r.items)
		r.items = append(r.items, r.istk[mark:]...)
		cnt := len(r.istk) - mark
		size := 1 + max(cnt, 1)
		var lazy int32
		for _, it := range r.istk[mark:] {
			size += r.vals[it].size
			lazy = firstLazy(lazy, r.vals[it].lazy)
		}
		r.istk = r.istk[:mark]
		if !r.grow(1 + max(cnt, 1)) {
			return 0
		}
		return r.add(val{kind: kArray, start: int32(start), n: int32(cnt), size: size, lazy: lazy})
	}
	r.fail(n, "unexpected YAML node")
	return 0
}

// enter starts the expansion of the alias n, refusing one that is being
// expanded already (an anchored node that holds its own alias).
func (r *reader) enter(n *yaml.Node) bool {
	for _, a := range r.active {
		if a == n {
			r.fail(n, "anchor '%s' value contains itself", n.Value)
			return false
		}
	}
	if n.Alias == nil {
		r.fail(n, "unknown anchor '%s' referenced", n.Value)
		return false
	}
	r.active = append(r.active, n)
	r.aliasDepth++
	return true
}

func (r *reader) leave() {
	r.active = r.active[:len(r.active)-1]
	r.aliasDepth--
}

// pairs adds the pairs of the mapping n to the object whose members start
// at r.stack[mark].
func (r *reader) pairs(n *yaml.Node, mark int) {
	c := n.Content
	for i := 0; i+1 < len(c) && r.err == nil; i += 2 {
		k, v := c[i], c[i+1]
		if isMerge(k) {
			r.merge(v, mark)
			continue
		}
		_, key := r.key(k)
		if r.err != nil {
			return
		}
		r.path = append(r.path, seg{key: key.key, index: -1})
		owner := r.owner
		r.owner = k.Column
		key.v = r.value(v)
		r.owner = owner
		r.path = r.path[:len(r.path)-1]
		if r.err != nil {
			return
		}
		if !r.grow(len(key.key) + 3) {
			return
		}
		r.set(mark, key, k)
	}
}

// set adds a member to the object at mark; a member of the same name is
// replaced, and recorded as a duplicate.
func (r *reader) set(mark int, e ent, keyNode *yaml.Node) {
	members := r.stack[mark:]
	for i := range members {
		if members[i].key == e.key {
			d := Duplicate{Path: r.pathString(e.key), Line: keyNode.Line, Column: keyNode.Column}
			d.converted = members[i].kkind != e.kkind || members[i].kfloat != e.kfloat ||
				e.kfloat && (members[i].fbits != e.fbits || math.IsNaN(math.Float64frombits(e.fbits)))
			r.addDup(d)
			r.size -= len(members[i].key) + 3 + r.vals[members[i].v].size
			if d.converted {
				// goyaml.v2 keeps both; sigs.k8s.io/yaml converts both
				// before it keeps one.
				e.lazy = firstLazy(e.lazy, firstLazy(members[i].lazy, r.vals[members[i].v].lazy))
			}
			members[i] = e
			return
		}
	}
	r.stack = append(r.stack, e)
}

// addDup records a duplicate, each path once.
func (r *reader) addDup(d Duplicate) {
	for i := range r.dups {
		if r.dups[i].Path == d.Path {
			r.dups[i].converted = r.dups[i].converted || d.converted
			return
		}
	}
	r.dups = append(r.dups, d)
}

// pathString returns the path of the member key of the object being
// visited.
func (r *reader) pathString(key string) string {
	var b strings.Builder
	for _, s := range r.path {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.WriteString(key)
	return b.String()
}

// merge adds the pairs of the merge key's value n to the object at mark,
// as goyaml.v2 does: a mapping, an alias of one, or a sequence of them
// (merged last to first, so that earlier ones win).
func (r *reader) merge(n *yaml.Node, mark int) {
	const want = "a merge key (<<) must have a mapping or a sequence of mappings as its value"
	switch n.Kind {
	case yaml.MappingNode:
		r.mergeOne(n, mark)
	case yaml.AliasNode:
		if n.Alias != nil && n.Alias.Kind != yaml.MappingNode {
			r.fail(n, want)
			return
		}
		r.mergeOne(n, mark)
	case yaml.SequenceNode:
		for i := len(n.Content) - 1; i >= 0 && r.err == nil; i-- {
			c := n.Content[i]
			if c.Kind == yaml.AliasNode {
				if c.Alias != nil && c.Alias.Kind != yaml.MappingNode {
					r.fail(c, want)
					return
				}
			} else if c.Kind != yaml.MappingNode {
				r.fail(c, want)
				return
			}
			r.mergeOne(c, mark)
		}
	default:
		r.fail(n, want)
	}
}

// mergeOne adds the pairs of the mapping (or alias of one) n to the object
// at mark, counted as goyaml.v2 counts it.
func (r *reader) mergeOne(n *yaml.Node, mark int) {
	if !r.count(n) {
		return
	}
	if n.Kind == yaml.AliasNode {
		if !r.enter(n) {
			return
		}
		r.mergeOne(n.Alias, mark)
		r.leave()
		return
	}
	r.pairs(n, mark)
}

// isMerge reports whether k is a merge key, as goyaml.v2 tells: the plain
// scalar << or a scalar << tagged !!merge.
func isMerge(k *yaml.Node) bool {
	if k.Kind != yaml.ScalarNode || k.Value != "<<" {
		return false
	}
	if k.Style&yaml.TaggedStyle != 0 {
		return k.Tag == "!!merge"
	}
	return k.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
}

// key reads the key node k (counted as a decode step) into a member
// without a value.
func (r *reader) key(k *yaml.Node) (*yaml.Node, ent) {
	if !r.count(k) {
		return k, ent{}
	}
	for k.Kind == yaml.AliasNode {
		a := k
		if !r.enter(a) {
			return k, ent{}
		}
		k = a.Alias
		ok := r.count(k)
		r.leave()
		if !ok {
			return k, ent{}
		}
	}
	if k.Kind != yaml.ScalarNode {
		r.fail(k, "a mapping key must be a string, a number or a boolean, not a %s", kindName(k.Kind))
		return k, ent{}
	}
	s := r.scalar(k)
	if r.err != nil {
		return k, ent{}
	}
	switch {
	case s.kind == kNull:
		return k, ent{kkind: kNull, lazy: r.later(k, "a mapping key must be a string, a number or a boolean, not null")}
	case s.kind == kString:
		return k, ent{key: s.text, kkind: kString}
	case s.kind == kTrue:
		return k, ent{key: "true", kkind: kTrue}
	case s.kind == kFalse:
		return k, ent{key: "false", kkind: kFalse}
	case s.uint:
		return k, ent{key: s.text, kkind: kNumber,
			lazy: r.later(k, "a mapping key must be an integer of at most 64 bits with a sign; %s is too large", k.Value)}
	case s.float:
		t := strconv.FormatFloat(s.f, 'g', -1, 32)
		switch t {
		case "+Inf":
			t = ".inf"
		case "-Inf":
			t = "-.inf"
		case "NaN":
			t = ".nan"
		}
		return k, ent{key: t, kkind: kNumber, fbits: math.Float64bits(s.f), kfloat: true}
	}
	// An integer.
	return k, ent{key: s.text, kkind: kNumber}
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "sequence"
	}
	return "node"
}

// scalarValue is a resolved scalar.
type scalarValue struct {
	kind  kind
	text  string  // the string, or the JSON number
	float bool    // a float: f holds it
	uint  bool    // an integer beyond int64
	f     float64 // the float
}

// Tags goyaml.v3 writes in short form.
const (
	tagStr       = "!!str"
	tagBool      = "!!bool"
	tagInt       = "!!int"
	tagFloat     = "!!float"
	tagNull      = "!!null"
	tagTimestamp = "!!timestamp"
	tagBinary    = "!!binary"
)

// scalar resolves the scalar node n as goyaml.v2 resolves it into an
// interface value.
func (r *reader) scalar(n *yaml.Node) scalarValue {
	tag := ""
	if n.Style&yaml.TaggedStyle != 0 {
		tag = n.Tag
	} else if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return scalarValue{kind: kString, text: n.Value}
	}
	switch tag {
	case "", tagStr, tagBool, tagInt, tagFloat, tagNull, tagTimestamp:
	case tagBinary:
		b, err := base64.StdEncoding.DecodeString(n.Value)
		if err != nil {
			r.fail(n, "a !!binary value must be base64 data")
			return scalarValue{}
		}
		return scalarValue{kind: kString, text: string(b)}
	default:
		// goyaml.v2 leaves a scalar with any other tag a string.
		return scalarValue{kind: kString, text: n.Value}
	}
	rtag, v := resolve(tag, n.Value)
	if tag == "" && rtag != tagStr && r.doc.bang && r.nonSpecific(n) {
		// `! 12`: the non-specific tag makes a plain scalar a string.
		return scalarValue{kind: kString, text: n.Value}
	}
	switch tag {
	case "", rtag, tagStr:
	case tagFloat:
		if rtag == tagInt && !v.uint {
			f, _ := strconv.ParseFloat(v.text, 64)
			return scalarValue{kind: kNumber, text: formatFloat(f), float: true, f: f}
		}
		fallthrough
	default:
		r.fail(n, "cannot decode %s `%s` as a %s", rtag, n.Value, tag)
		return scalarValue{}
	}
	if rtag == tagTimestamp {
		return scalarValue{kind: kString, text: n.Value}
	}
	return v
}

// nonSpecific reports whether the untagged plain scalar n is written with
// the non-specific tag "!" (which goyaml.v3 drops from the node).
func (r *reader) nonSpecific(n *yaml.Node) bool {
	text := r.doc.text
	if r.lines == nil {
		r.lines = lineStarts(text)
	}
	if n.Line < 1 || n.Line > len(r.lines) {
		return false
	}
	i := r.lines[n.Line-1]
	for col := 1; col < n.Column && i < len(text); col++ {
		_, size := decodeRune(text[i:])
		i += size
	}
	// Properties come in either order: an anchor, then the tag, or the
	// reverse.
	line := n.Line - 1
	for range 2 {
		if i >= len(text) {
			return false
		}
		switch text[i] {
		case '!':
			if !(i+1 == len(text) || isBlank(text[i+1]) || isWideBreak(text[i+1:])) {
				return false
			}
			// An empty value has no text of its own: a tag on a later
			// line at its owner's indentation or less is the next key's
			// or entry's (`b: &y` then `! c: 1`).
			return line == n.Line-1 || n.Value != "" || r.column(line, i) > r.owner
		case '&':
			// The node's anchor: skip the name the parser read, which
			// may end at a character that is not blank (in `&0: !` the
			// anchored empty key ends at the colon, and the tag is the
			// value's).
			a := n.Anchor
			if a == "" || len(text)-i-1 < len(a) || string(text[i+1:i+1+len(a)]) != a {
				return false
			}
			i += 1 + len(a)
			for {
				for i < len(text) && isBlank(text[i]) {
					i++
				}
				if i >= len(text) || text[i] != '#' {
					break
				}
				// A comment after the anchor runs to the end of its line
				// (`&a # note` then `!` below).
				for i < len(text) && text[i] != '\n' && text[i] != '\r' {
					i++
				}
			}
			for line+1 < len(r.lines) && r.lines[line+1] <= i {
				line++
			}
		default:
			return false
		}
	}
	return false
}

// column returns the column, counted in characters from 1 as libyaml
// counts, of the byte at offset i of line (0-based).
func (r *reader) column(line, i int) int {
	col := 1
	for j := r.lines[line]; j < i; col++ {
		_, size := decodeRune(r.doc.text[j:])
		j += size
	}
	return col
}

// lineStarts returns the offset of the start of each line of text, with
// YAML's line breaks: LF, CR LF, CR, NEL, LS and PS.
func lineStarts(text []byte) []int {
	out := []int{0}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			out = append(out, i+1)
		case c == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			out = append(out, i+1)
		case c == 0xC2 && i+1 < len(text) && text[i+1] == 0x85:
			i++
			out = append(out, i+1)
		case c == 0xE2 && i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0xA8 || text[i+2] == 0xA9):
			i += 2
			out = append(out, i+1)
		}
	}
	return out
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isWideBreak reports whether b starts with one of the line breaks
// goyaml.v2 reads beyond CR and LF: NEL (U+0085), LS (U+2028) and PS
// (U+2029).
func isWideBreak(b []byte) bool {
	return len(b) >= 2 && b[0] == 0xC2 && b[1] == 0x85 ||
		len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x80 && (b[2] == 0xA8 || b[2] == 0xA9)
}

// decodeRune returns the size of the first character of b (libyaml
// counts columns in characters).
func decodeRune(b []byte) (rune, int) {
	c := b[0]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c&0xE0 == 0xC0:
		return 0, min(2, len(b))
	case c&0xF0 == 0xE0:
		return 0, min(3, len(b))
	default:
		return 0, min(4, len(b))
	}
}

// resolve is goyaml.v2's resolve for a resolvable tag ("" for a plain
// scalar): it returns the tag the text resolves to and its value.
func resolve(tag, in string) (string, scalarValue) {
	str := scalarValue{kind: kString, text: in}
	if tag == tagStr {
		return tagStr, str
	}
	hint := byte('N') // null: the empty string
	if in != "" {
		hint = resolveHint(in[0])
	}
	if hint == 0 {
		return tagStr, str
	}
	switch in {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return tagBool, scalarValue{kind: kTrue}
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return tagBool, scalarValue{kind: kFalse}
	case "", "~", "null", "Null", "NULL":
		return tagNull, scalarValue{kind: kNull}
	case ".nan", ".NaN", ".NAN":
		return tagFloat, scalarValue{kind: kNumber, text: in, float: true, f: math.NaN()}
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return tagFloat, scalarValue{kind: kNumber, text: in, float: true, f: math.Inf(1)}
	case "-.inf", "-.Inf", "-.INF":
		return tagFloat, scalarValue{kind: kNumber, text: in, float: true, f: math.Inf(-1)}
	case "<<":
		return "!!merge", str
	}
	switch hint {
	case '.':
		if f, err := strconv.ParseFloat(in, 64); err == nil {
			return tagFloat, floatValue(f)
		}
	case 'D', 'S':
		if tag == "" || tag == tagTimestamp {
			if _, ok := yamlv2.ParseTimestamp(in); ok {
				return tagTimestamp, str
			}
		}
		plain := in
		if strings.IndexByte(in, '_') >= 0 {
			plain = strings.ReplaceAll(in, "_", "")
		}
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return tagInt, intValue(i)
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return tagInt, scalarValue{kind: kNumber, text: strconv.FormatUint(u, 10), uint: true}
		}
		if yamlv2.IsFloat(plain) {
			if f, err := strconv.ParseFloat(plain, 64); err == nil {
				return tagFloat, floatValue(f)
			}
		}
		if rest, ok := strings.CutPrefix(plain, "0b"); ok {
			if i, err := strconv.ParseInt(rest, 2, 64); err == nil {
				return tagInt, intValue(i)
			}
			if u, err := strconv.ParseUint(rest, 2, 64); err == nil {
				return tagInt, scalarValue{kind: kNumber, text: strconv.FormatUint(u, 10), uint: true}
			}
		} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
			if i, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
				return tagInt, intValue(i)
			}
		}
	}
	return tagStr, str
}

func intValue(i int64) scalarValue {
	return scalarValue{kind: kNumber, text: strconv.FormatInt(i, 10)}
}

func floatValue(f float64) scalarValue {
	v := scalarValue{kind: kNumber, float: true, f: f}
	if !math.IsNaN(f) && !math.IsInf(f, 0) {
		v.text = formatFloat(f)
	}
	return v
}

// resolveHint is goyaml.v2's resolve table: what the first character of a
// plain scalar says it may be.
func resolveHint(c byte) byte {
	switch {
	case c == '+' || c == '-':
		return 'S'
	case c >= '0' && c <= '9':
		return 'D'
	case c == '.':
		return '.'
	}
	switch c {
	case 'y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O', '~':
		return 'M'
	}
	return 0
}

// formatFloat writes f as encoding/json writes a float64.
func formatFloat(f float64) string {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(make([]byte, 0, 24), f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return string(b)
}

// sortMembers sorts an object's members by name, as encoding/json sorts
// map keys. Manifests are mostly sorted already: insertion sort is linear
// on them.
func sortMembers(m []ent) {
	if len(m) > 64 {
		slices.SortFunc(m, func(a, b ent) int { return strings.Compare(a.key, b.key) })
		return
	}
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && m[j].key < m[j-1].key; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}

// write appends the JSON of the value v.
func (r *reader) write(out []byte, v int32) []byte {
	x := r.vals[v]
	switch x.kind {
	case kNull:
		return append(out, "null"...)
	case kTrue:
		return append(out, "true"...)
	case kFalse:
		return append(out, "false"...)
	case kNumber:
		return append(out, x.text...)
	case kString:
		return appendString(out, x.text)
	case kObject:
		out = append(out, '{')
		for i, e := range r.ents[x.start : x.start+x.n] {
			if i > 0 {
				out = append(out, ',')
			}
			out = appendString(out, e.key)
			out = append(out, ':')
			out = r.write(out, e.v)
		}
		return append(out, '}')
	case kArray:
		out = append(out, '[')
		for i, it := range r.items[x.start : x.start+x.n] {
			if i > 0 {
				out = append(out, ',')
			}
			out = r.write(out, it)
		}
		return append(out, ']')
	}
	return out
}
