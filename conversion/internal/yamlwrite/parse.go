package yamlwrite

import (
	"fmt"
	"unicode/utf8"
)

// kind is the type of a JSON value in the tree.
type kind uint8

const (
	kindNull kind = iota
	kindTrue
	kindFalse
	kindNumber
	kindString
	kindObject
	kindArray
)

// node is one JSON value. A string or number is the byte range [off, end)
// of the input, or of tree.buf for a string that had to be decoded; an
// object or array is the range [off, end) of tree.kids, which holds the
// node indexes of its elements, or of its members' names and values in
// turn.
type node struct {
	kind     kind
	decoded  bool
	off, end int
}

// tree is a parsed JSON value: node 0 is the root.
type tree struct {
	in    []byte
	buf   []byte
	nodes []node
	kids  []int
	stack []int
}

// bytes returns the text of the string or number n.
func (t *tree) bytes(n node) []byte {
	if n.decoded {
		return t.buf[n.off:n.end]
	}
	return t.in[n.off:n.end]
}

// The limits of goyaml.v2's scanner that valid JSON can reach, kept so
// that this package fails exactly where the reference does.
const (
	// maxDepth is how deep JSON may nest: the scanner allows 10000 flow
	// levels, and the reference wraps the value in one more mapping.
	maxDepth = 9999
	// maxKeyChars is how many characters a member name may take with its
	// quotes, in the reference's escaped compact JSON: a YAML simple key's
	// lookahead limit (1024 characters from its start to the colon).
	maxKeyChars = 1024
)

// parser reads JSON (RFC 8259, as encoding/json accepts it) into a tree,
// decoding strings as goyaml.v2 decoded the reference's escaped input when
// that input is compact JSON. Whitespace between tokens is ignored: on
// JSON with line breaks between tokens goyaml.v2's scanner loses track of
// possible keys and fails or misreads members, which is not reproduced.
type parser struct {
	tree
	pos   int
	depth int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("JSON at byte %d: "+format, append([]any{p.pos}, args...)...)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// parse reads the whole input as one JSON value.
func (p *parser) parse() error {
	p.skipSpace()
	if _, err := p.value(); err != nil {
		return err
	}
	p.skipSpace()
	if p.pos != len(p.in) {
		return p.errorf("must be the end of the input after the JSON value, found %q", p.in[p.pos])
	}
	return nil
}

func (p *parser) add(n node) int {
	p.nodes = append(p.nodes, n)
	return len(p.nodes) - 1
}

// value reads one value at p.pos and returns its node index.
func (p *parser) value() (int, error) {
	if p.pos >= len(p.in) {
		return 0, p.errorf("must be a JSON value, found the end of the input")
	}
	switch c := p.in[p.pos]; {
	case c == '{' || c == '[':
		return p.container(c)
	case c == '"':
		i, _, _, err := p.str()
		return i, err
	case c == 't':
		return p.literal("true", kindTrue)
	case c == 'f':
		return p.literal("false", kindFalse)
	case c == 'n':
		return p.literal("null", kindNull)
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return 0, p.errorf("must be a JSON value, found %q", p.in[p.pos])
}

func (p *parser) literal(word string, k kind) (int, error) {
	if len(p.in)-p.pos < len(word) || string(p.in[p.pos:p.pos+len(word)]) != word {
		return 0, p.errorf("must be %s", word)
	}
	p.pos += len(word)
	return p.add(node{kind: k}), nil
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?.
func (p *parser) number() (int, error) {
	start := p.pos
	in := p.in
	i := p.pos
	if in[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(in) && in[i] >= '0' && in[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case digits() == 0:
		p.pos = i
		return 0, p.errorf("must be a digit in a number")
	}
	if i < len(in) && in[i] == '.' {
		i++
		if digits() == 0 {
			p.pos = i
			return 0, p.errorf("must be a digit after the decimal point")
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.pos = i
			return 0, p.errorf("must be a digit in the exponent")
		}
	}
	p.pos = i
	return p.add(node{kind: kindNumber, off: start, end: i}), nil
}

// container reads an object or an array.
func (p *parser) container(open byte) (int, error) {
	p.depth++
	if p.depth > maxDepth {
		return 0, p.errorf("must nest at most %d levels deep (the YAML reader's limit)", maxDepth)
	}
	k, close := kindArray, byte(']')
	if open == '{' {
		k, close = kindObject, '}'
	}
	idx := p.add(node{kind: k})
	base := len(p.stack)
	p.pos++
	p.skipSpace()
	if p.pos < len(p.in) && p.in[p.pos] == close {
		p.pos++
	} else {
		for {
			if k == kindObject {
				if err := p.member(); err != nil {
					return 0, err
				}
			} else {
				v, err := p.value()
				if err != nil {
					return 0, err
				}
				p.stack = append(p.stack, v)
			}
			p.skipSpace()
			if p.pos >= len(p.in) {
				return 0, p.errorf("must be ',' or %q, found the end of the input", close)
			}
			c := p.in[p.pos]
			p.pos++
			if c == close {
				break
			}
			if c != ',' {
				p.pos--
				return 0, p.errorf("must be ',' or %q, found %q", close, c)
			}
			p.skipSpace()
		}
	}
	p.nodes[idx].off = len(p.kids)
	p.kids = append(p.kids, p.stack[base:]...)
	p.nodes[idx].end = len(p.kids)
	p.stack = p.stack[:base]
	p.depth--
	return idx, nil
}

// member reads `"name": value` and pushes both node indexes.
func (p *parser) member() error {
	if p.pos >= len(p.in) || p.in[p.pos] != '"' {
		if p.pos >= len(p.in) {
			return p.errorf("must be a member name, found the end of the input")
		}
		return p.errorf("must be a member name, found %q", p.in[p.pos])
	}
	start := p.pos
	k, chars, broken, err := p.str()
	if err != nil {
		return err
	}
	// Whitespace does not count: the output is the reference's for the
	// compact form of the JSON.
	p.skipSpace()
	if p.pos >= len(p.in) || p.in[p.pos] != ':' {
		return p.errorf("must be ':' after a member name")
	}
	if broken {
		p.pos = start
		return p.errorf("member name must not hold a raw U+2028 or U+2029 (the YAML reader's rule for keys): escape it")
	}
	if chars > maxKeyChars {
		p.pos = start
		return p.errorf("member name must take at most %d characters with its quotes, escapes included (the YAML reader's limit for keys)", maxKeyChars)
	}
	p.pos++
	p.skipSpace()
	v, err := p.value()
	if err != nil {
		return err
	}
	p.stack = append(p.stack, k, v)
	return nil
}

// str reads a string at p.pos and returns its node index, how many
// characters the reference's YAML reader saw for it (quotes included; a
// character the reference writes as a \u escape counts 6) and whether it
// holds a raw line break (U+2028 or U+2029).
func (p *parser) str() (idx, chars int, broken bool, err error) {
	in := p.in
	start := p.pos
	for i := start + 1; i < len(in); i++ {
		c := in[i]
		if c == '"' {
			p.pos = i + 1
			return p.add(node{kind: kindString, off: start + 1, end: i}), i + 1 - start, false, nil
		}
		if c < 0x20 || c >= 0x7f || c == '\\' {
			break
		}
	}
	return p.slowStr(start)
}

// slowStr is str for strings with escapes, characters beyond ASCII or
// DEL: it decodes them into p.buf.
func (p *parser) slowStr(start int) (idx, chars int, broken bool, err error) {
	in := p.in
	off := len(p.buf)
	chars = 1
	spaces := 0         // raw spaces not written yet
	inBreak := false    // a raw line break since the last non-blank
	afterBreak := false // the previous character was a raw line break
	i := start + 1
	for {
		if i >= len(in) {
			p.pos = i
			return 0, 0, false, p.errorf("must be the end of the string, found the end of the input")
		}
		c := in[i]
		if c == ' ' {
			if !inBreak {
				spaces++
			}
			afterBreak = false
			chars++
			i++
			continue
		}
		if isRawBreak(in, i) {
			// goyaml.v2 folds a run of blanks holding line breaks in a
			// quoted scalar into its breaks; U+2028 and U+2029 are kept.
			spaces = 0
			p.buf = append(p.buf, in[i:i+3]...)
			inBreak, afterBreak, broken = true, true, true
			chars++
			i += 3
			continue
		}
		if afterBreak && len(in)-i >= 4 && (string(in[i:i+3]) == "---" || string(in[i:i+3]) == "...") &&
			(in[i+3] == ' ' || isRawBreak(in, i+3)) {
			p.pos = i
			return 0, 0, false, p.errorf("string must not hold %q right after a raw line separator (the YAML reader takes it for a document marker)", in[i:i+3])
		}
		if !inBreak {
			for ; spaces > 0; spaces-- {
				p.buf = append(p.buf, ' ')
			}
		}
		spaces, inBreak, afterBreak = 0, false, false
		switch {
		case c == '"':
			p.pos = i + 1
			idx = p.add(node{kind: kindString, decoded: true, off: off, end: len(p.buf)})
			return idx, chars + 1, broken, nil
		case c < 0x20:
			p.pos = i
			return 0, 0, false, p.errorf("string must not hold the control character %q unescaped", c)
		case c == '\\':
			n, err := p.escape(i)
			if err != nil {
				return 0, 0, false, err
			}
			chars += n
			i += n
		case c < 0x7f:
			p.buf = append(p.buf, c)
			chars++
			i++
		default:
			r, size := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && size == 1 {
				p.buf = utf8.AppendRune(p.buf, utf8.RuneError)
			} else {
				p.buf = append(p.buf, in[i:i+size]...)
			}
			if unsafeForYAML(r, size) {
				chars += 6
			} else {
				chars++
			}
			i += size
		}
	}
}

// escape decodes the escape sequence at in[i] into p.buf and returns its
// length.
func (p *parser) escape(i int) (int, error) {
	in := p.in
	if i+1 >= len(in) {
		p.pos = i + 1
		return 0, p.errorf("must be an escape character, found the end of the input")
	}
	var b byte
	switch e := in[i+1]; e {
	case '"', '\\':
		b = e
	case 'b':
		b = '\b'
	case 'f':
		b = '\f'
	case 'n':
		b = '\n'
	case 'r':
		b = '\r'
	case 't':
		b = '\t'
	case '/':
		p.pos = i
		return 0, p.errorf(`string must not use the escape \/ (the YAML reader refuses it): write / instead`)
	case 'u':
		if len(in)-i < 6 {
			p.pos = i
			return 0, p.errorf(`\u must be followed by 4 hexadecimal digits`)
		}
		var v rune
		for _, h := range in[i+2 : i+6] {
			switch {
			case h >= '0' && h <= '9':
				v = v<<4 | rune(h-'0')
			case h >= 'a' && h <= 'f':
				v = v<<4 | rune(h-'a'+10)
			case h >= 'A' && h <= 'F':
				v = v<<4 | rune(h-'A'+10)
			default:
				p.pos = i
				return 0, p.errorf(`\u must be followed by 4 hexadecimal digits`)
			}
		}
		if v >= 0xd800 && v <= 0xdfff {
			p.pos = i
			return 0, p.errorf(`string must not escape the surrogate U+%04X (the YAML reader refuses it): write the character as UTF-8`, v)
		}
		p.buf = utf8.AppendRune(p.buf, v)
		return 6, nil
	default:
		p.pos = i
		return 0, p.errorf("must be a valid escape, found %q", `\`+string(rune(e)))
	}
	p.buf = append(p.buf, b)
	return 2, nil
}

// isRawBreak reports whether in[i:] starts with U+2028 or U+2029, the
// only YAML line breaks JSON allows raw inside a string.
func isRawBreak(in []byte, i int) bool {
	return i+2 < len(in) && in[i] == 0xe2 && in[i+1] == 0x80 && (in[i+2] == 0xa8 || in[i+2] == 0xa9)
}

// unsafeForYAML reports whether the reference wrote the rune r (of size
// bytes) as a \u escape before handing the JSON to the YAML reader: it is
// not printable for YAML 1.1 (DEL, C1 controls, U+FFFE, U+FFFF), it is NEL,
// or the bytes are not UTF-8 (r is then U+FFFD).
func unsafeForYAML(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0xfffe, r == 0xffff:
		return true
	}
	return false
}
