package yamlread

import (
	"strings"
	"unicode/utf8"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// fastParse builds the node tree of the block YAML that manifests are
// made of (what kubectl and most people write) without goyaml.v3's
// general scanner: block mappings and sequences, plain and quoted
// one-line scalars, the empty flow collections {} and [], comments. It
// returns nil for anything else (anchors, aliases, tags, flow
// collections, block and multi-line scalars, escapes, tabs, document
// markers but a leading "---", directives, complex keys, any syntax
// error), which Parse then gives to goyaml.v3. The tree it builds is the
// one goyaml.v3 builds for the same text, kinds, values, styles, lines
// and columns (TestFastParseIsGoyamlV3s checks it); plain scalars are not
// given goyaml.v3's resolved tag, which nothing here reads.
func fastParse(data []byte) (*yaml.Node, int) {
	p := fastParser{data: data}
	if !p.checkText() {
		return nil, 0
	}
	p.text = string(data)
	return p.parse(), p.nodes
}

// frame is an open block collection: a mapping or a sequence whose
// entries start at column indent (0-based).
type frame struct {
	node   *yaml.Node
	indent int
}

type fastParser struct {
	data   []byte
	text   string // data as a string: scalars' values are its substrings
	nodes  int    // how many nodes were made
	ascii  bool
	stack  []frame
	slab   []yaml.Node
	line   int // 1-based number of the line being read
	start  int // offset of the line being read
	next   int // offset of the line after it (a block scalar moves it)
	root   *yaml.Node
	sawDoc bool // a leading "---" was read

	// pending is a mapping whose last key has no value on its line: the
	// value is the block that follows, or null.
	pending       *yaml.Node
	pendingIndent int
	pendingKey    *yaml.Node
	pendingKeyEnd int // the column just after the pending key's colon
}

// checkText refuses text with characters this parser does not handle:
// tabs, carriage returns, and anything YAML does not print (or reads as a
// line break: U+0085, U+2028, U+2029), a byte order mark.
func (p *fastParser) checkText() bool {
	p.ascii = true
	d := p.data
	for i := 0; i < len(d); {
		c := d[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		p.ascii = false
		r, size := utf8.DecodeRune(d[i:])
		if r == utf8.RuneError || r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r == 0xFFFE || r == 0xFFFF {
			return false
		}
		i += size
	}
	return true
}

func (p *fastParser) newNode() *yaml.Node {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]yaml.Node, 0, min(max(64, len(p.data)/24), 1024))
	}
	p.slab = p.slab[:len(p.slab)+1]
	p.nodes++
	return &p.slab[len(p.slab)-1]
}

// column returns the 1-based column, in characters, of offset i of the
// line being read.
func (p *fastParser) column(i int) int {
	if p.ascii {
		return i - p.start + 1
	}
	return utf8.RuneCount(p.data[p.start:i]) + 1
}

func (p *fastParser) parse() *yaml.Node {
	d := p.data
	for p.start = 0; p.start < len(d); {
		p.line++
		end := lineEnd(d, p.start)
		p.next = end + 1
		if !p.lineAt(p.start, end) {
			return nil
		}
		p.start = p.next
	}
	if p.pending != nil {
		p.pendingNull()
	}
	return p.root
}

// lineAt reads the line d[start:end].
func (p *fastParser) lineAt(start, end int) bool {
	d := p.data
	i := start
	for i < end && d[i] == ' ' {
		i++
	}
	if i == end || d[i] == '#' {
		return true // blank or a comment
	}
	indent := i - start
	if indent == 0 {
		switch d[i] {
		case '%':
			return false
		case '-', '.':
			if end-i >= 3 && (string(d[i:i+3]) == "---" || string(d[i:i+3]) == "...") && (end-i == 3 || d[i+3] == ' ') {
				if string(d[i:i+3]) == "---" && p.root == nil && !p.sawDoc && restIsComment(d[i+3:end]) {
					p.sawDoc = true
					return true
				}
				return false
			}
		}
	}
	// Strip a trailing comment and spaces here only for structure; the
	// scalars find their own ends.
	seqItem := d[i] == '-' && (i+1 == end || d[i+1] == ' ')
	if p.pending != nil {
		switch {
		case indent > p.pendingIndent || (indent == p.pendingIndent && seqItem):
			n := p.newNode()
			n.Line, n.Column = p.line, p.column(i)
			if seqItem {
				n.Kind, n.Tag = yaml.SequenceNode, "!!seq"
			} else {
				n.Kind, n.Tag = yaml.MappingNode, "!!map"
			}
			p.pending.Content = append(p.pending.Content, n)
			p.pending = nil
			p.stack = append(p.stack, frame{node: n, indent: indent})
		default:
			p.pendingNull()
		}
	}
	if p.root == nil {
		n := p.newNode()
		n.Line, n.Column = p.line, p.column(i)
		if seqItem {
			n.Kind, n.Tag = yaml.SequenceNode, "!!seq"
		} else {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
		}
		p.root = n
		p.stack = append(p.stack, frame{node: n, indent: indent})
	}
	for {
		if len(p.stack) == 0 {
			return false
		}
		f := p.stack[len(p.stack)-1]
		if indent > f.indent {
			return false
		}
		if indent < f.indent || (f.node.Kind == yaml.SequenceNode && !seqItem) {
			p.stack = p.stack[:len(p.stack)-1]
			continue
		}
		if f.node.Kind == yaml.SequenceNode {
			return p.item(f.node, i+1, end)
		}
		if seqItem {
			return false
		}
		return p.pair(f.node, indent, i, end)
	}
}

// pendingNull gives the pending key the null value of an empty scalar,
// placed where goyaml.v3 places it: right after the key's colon.
func (p *fastParser) pendingNull() {
	n := p.newNode()
	n.Kind, n.Tag = yaml.ScalarNode, "!!null"
	n.Line, n.Column = p.pendingKey.Line, p.pendingKeyEnd
	p.pending.Content = append(p.pending.Content, n)
	p.pending = nil
}

// item reads a sequence item whose "-" is just before d[i].
func (p *fastParser) item(seq *yaml.Node, i, end int) bool {
	d := p.data
	for i < end && d[i] == ' ' {
		i++
	}
	if i == end || d[i] == '#' {
		return false // an empty item, or a block on the next lines
	}
	if d[i] == '-' && (i+1 == end || d[i+1] == ' ') {
		return false // a sequence in a sequence
	}
	if keyEnd, ok := p.findKey(i, end); ok && keyEnd >= 0 {
		m := p.newNode()
		m.Kind, m.Tag = yaml.MappingNode, "!!map"
		m.Line, m.Column = p.line, p.column(i)
		seq.Content = append(seq.Content, m)
		indent := i - p.start
		p.stack = append(p.stack, frame{node: m, indent: indent})
		return p.pair(m, indent, i, end)
	} else if !ok {
		return false
	}
	n, next, ok := p.scalar(i, end, false)
	if !ok || !restIsComment(d[next:end]) {
		return false
	}
	seq.Content = append(seq.Content, n)
	return true
}

// findKey reports whether d[i:end] starts with a key: it returns the
// offset just after the key's colon, or -1 when the line holds no key;
// ok is false when the line is beyond this parser.
func (p *fastParser) findKey(i, end int) (after int, ok bool) {
	d := p.data
	switch d[i] {
	case '"', '\'':
		q := d[i]
		j := i + 1
		for j < end && d[j] != q {
			if d[j] == '\\' && q == '"' {
				return 0, false
			}
			j++
		}
		if j == end {
			return 0, false
		}
		if q == '\'' && j+1 < end && d[j+1] == '\'' {
			return 0, false // an escaped quote: leave it to goyaml.v3
		}
		k := j + 1
		for k < end && d[k] == ' ' {
			k++
		}
		if k < end && d[k] == ':' && (k+1 == end || d[k+1] == ' ') {
			return k + 1, true
		}
		return -1, true
	}
	for j := i; j < end; j++ {
		switch d[j] {
		case ':':
			if j+1 == end || d[j+1] == ' ' {
				return j + 1, true
			}
		case '#':
			if d[j-1] == ' ' {
				return -1, true
			}
		}
	}
	return -1, true
}

// pair reads "key: value" at d[i:end] into the mapping m.
func (p *fastParser) pair(m *yaml.Node, indent, i, end int) bool {
	d := p.data
	after, ok := p.findKey(i, end)
	if !ok || after < 0 {
		return false
	}
	colon := after - 1
	k, next, ok := p.scalar(i, colon, true)
	if !ok || k.Kind != yaml.ScalarNode || !blank(d[next:colon]) || next-i > 1024 {
		return false
	}
	m.Content = append(m.Content, k)
	j := after
	for j < end && d[j] == ' ' {
		j++
	}
	if j == end || d[j] == '#' {
		p.pending, p.pendingIndent, p.pendingKey = m, indent, k
		p.pendingKeyEnd = p.column(after)
		return true
	}
	if d[j] == '|' {
		v, ok := p.literal(indent, j, end)
		if !ok {
			return false
		}
		m.Content = append(m.Content, v)
		return true
	}
	v, next, ok := p.scalar(j, end, false)
	if !ok || !restIsComment(d[next:end]) {
		return false
	}
	m.Content = append(m.Content, v)
	return true
}

// lineEnd returns the offset of the end of the line that starts at i.
func lineEnd(d []byte, i int) int {
	for i < len(d) && d[i] != '\n' {
		i++
	}
	return i
}

// literal reads a literal block scalar whose header, "|" or "|-", is at
// d[i:end], the value of a key in a mapping at column indent, with the
// lines that follow (moving p.next past them). Indentation indicators,
// keep chomping (|+), blank lines before the first line of text and
// blank lines with more spaces than the text's indentation are left to
// goyaml.v3.
func (p *fastParser) literal(indent, i, end int) (*yaml.Node, bool) {
	d := p.data
	n := p.newNode()
	n.Kind, n.Tag, n.Style = yaml.ScalarNode, "!!str", yaml.LiteralStyle
	n.Line, n.Column = p.line, p.column(i)
	strip := false
	h := i + 1
	if h < end && d[h] == '-' {
		strip = true
		h++
	}
	if h < end && d[h] != ' ' {
		return nil, false
	}
	if !restIsComment(d[h:end]) {
		return nil, false
	}
	var b []byte
	textIndent := -1
	pendingBlank := 0
	line := p.line
	for s := p.next; s < len(d); {
		e := lineEnd(d, s)
		k := s
		for k < e && d[k] == ' ' {
			k++
		}
		if k == e { // a blank line
			if textIndent < 0 || k-s > textIndent {
				return nil, false
			}
			pendingBlank++
		} else {
			if textIndent < 0 {
				if k-s <= indent {
					return nil, false // an empty block scalar
				}
				textIndent = k - s
			}
			if k-s < textIndent {
				break
			}
			for ; pendingBlank > 0; pendingBlank-- {
				b = append(b, '\n')
			}
			b = append(b, d[s+textIndent:e]...)
			if e < len(d) {
				b = append(b, '\n')
			}
		}
		line++
		s = e + 1
		p.next = s
		if e == len(d) {
			p.next = len(d)
		}
	}
	if textIndent < 0 {
		return nil, false
	}
	p.line = line
	if strip && len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	n.Value = string(b)
	return n, true
}

// scalar reads a one-line scalar, or an empty flow collection, starting at
// d[i] and ending by end; it returns the node and the offset after it.
func (p *fastParser) scalar(i, end int, key bool) (*yaml.Node, int, bool) {
	d := p.data
	if i >= end {
		return nil, 0, false // an empty key
	}
	n := p.newNode()
	n.Line, n.Column = p.line, p.column(i)
	switch c := d[i]; c {
	case '"', '\'':
		j := i + 1
		for j < end && d[j] != c {
			if c == '"' && d[j] == '\\' {
				return nil, 0, false
			}
			j++
		}
		if j == end || (c == '\'' && j+1 < end && d[j+1] == '\'') {
			return nil, 0, false
		}
		n.Kind, n.Tag, n.Value = yaml.ScalarNode, "!!str", string(d[i+1:j])
		if c == '"' {
			n.Style = yaml.DoubleQuotedStyle
		} else {
			n.Style = yaml.SingleQuotedStyle
		}
		return n, j + 1, true
	case '{', '[':
		if key || i+1 >= end || (c == '{' && d[i+1] != '}') || (c == '[' && d[i+1] != ']') {
			return nil, 0, false
		}
		n.Style = yaml.FlowStyle
		if c == '{' {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
		} else {
			n.Kind, n.Tag = yaml.SequenceNode, "!!seq"
		}
		return n, i + 2, true
	case ',', ']', '}', '#', '&', '*', '!', '|', '>', '%', '@', '`':
		return nil, 0, false
	case '-', '?', ':':
		if i+1 == end || d[i+1] == ' ' {
			return nil, 0, false
		}
	}
	// A plain scalar: up to a comment, or the end; ": " inside would be a
	// second key.
	j := i
	for ; j < end; j++ {
		switch d[j] {
		case ':':
			if !key && (j+1 == end || d[j+1] == ' ') {
				return nil, 0, false
			}
		case '#':
			if d[j-1] == ' ' {
				goto done
			}
		}
	}
done:
	k := j
	for k > i && d[k-1] == ' ' {
		k--
	}
	n.Kind, n.Value = yaml.ScalarNode, p.text[i:k]
	if n.Value == "<<" {
		return nil, 0, false // a merge key: leave it to goyaml.v3
	}
	return n, k, true
}

// restIsComment reports whether b holds only spaces and a comment.
func restIsComment(b []byte) bool {
	for i, c := range b {
		switch c {
		case ' ':
		case '#':
			return i > 0 // a comment follows a space
		default:
			return false
		}
	}
	return true
}

func blank(b []byte) bool {
	return strings.TrimLeft(string(b), " ") == ""
}
