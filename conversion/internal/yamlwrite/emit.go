package yamlwrite

import (
	"strconv"
	"unicode/utf8"
)

// The emitter's fixed settings, goyaml.v2's defaults.
const (
	bestIndent = 2
	bestWidth  = 80
	// maxSimpleKey is the longest key, in bytes, written as `key: value`.
	maxSimpleKey = 128
)

// style is a scalar style.
type style uint8

const (
	plainStyle style = iota
	singleQuotedStyle
	doubleQuotedStyle
	literalStyle
)

// emitter writes block YAML, tracking what goyaml.v2's emitter tracks to
// decide on spaces, line breaks and indentation: the column (in
// characters), the indentation of the current node, whether the last
// character written was whitespace and whether only indentation has been
// written on the current line.
type emitter struct {
	out        []byte
	column     int
	indent     int
	whitespace bool
	indention  bool
	t          *tree
	scratch    []byte
}

// node writes the value n. mapping reports whether n is a mapping's value
// (a block sequence there is written at the mapping's indentation).
func (e *emitter) node(n node, mapping bool) {
	switch n.kind {
	case kindObject:
		if n.off == n.end {
			e.emptyFlow("{}")
			return
		}
		e.mapping(n)
	case kindArray:
		if n.off == n.end {
			e.emptyFlow("[]")
			return
		}
		e.sequence(n, mapping)
	case kindString:
		e.str(e.t.bytes(n), false)
	case kindNumber:
		e.scratch = appendNumber(e.scratch[:0], e.t.bytes(n))
		e.plainWord(e.scratch)
	case kindTrue:
		e.plainWord([]byte("true"))
	case kindFalse:
		e.plainWord([]byte("false"))
	default:
		e.plainWord([]byte("null"))
	}
}

// appendNumber appends the JSON number num as goyaml.v2 wrote it after
// reading it as a plain scalar: an int64 or uint64 in decimal, else a
// float64 in strconv's shortest 'g' form, else (out of range) as it is.
func appendNumber(dst, num []byte) []byte {
	s := string(num)
	if v, err := strconv.ParseInt(s, 0, 64); err == nil {
		return strconv.AppendInt(dst, v, 10)
	}
	if v, err := strconv.ParseUint(s, 0, 64); err == nil {
		return strconv.AppendUint(dst, v, 10)
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.AppendFloat(dst, v, 'g', -1, 64)
	}
	return append(dst, num...)
}

func (e *emitter) emptyFlow(s string) {
	e.indicator(s[:1], true, true, false)
	e.indicator(s[1:], false, false, false)
}

func (e *emitter) mapping(n node) {
	saved := e.indent
	e.pushIndent(false)
	kids := e.t.kids[n.off:n.end]
	for i := 0; i < len(kids); i += 2 {
		key := e.t.bytes(e.t.nodes[kids[i]])
		e.writeIndent()
		a := analyze(key)
		if !a.multiline && len(key) <= maxSimpleKey {
			e.scalar(key, requestedStyle(key), a, true)
			e.indicator(":", false, false, false)
		} else {
			e.indicator("?", true, false, true)
			e.scalar(key, requestedStyle(key), a, false)
			e.writeIndent()
			e.indicator(":", true, false, true)
		}
		e.node(e.t.nodes[kids[i+1]], true)
	}
	e.indent = saved
}

func (e *emitter) sequence(n node, mapping bool) {
	saved := e.indent
	e.pushIndent(mapping && !e.indention)
	for _, k := range e.t.kids[n.off:n.end] {
		e.writeIndent()
		e.indicator("-", true, false, true)
		e.node(e.t.nodes[k], false)
	}
	e.indent = saved
}

// pushIndent indents a block collection: at 0 for the root, else by
// bestIndent unless indentless.
func (e *emitter) pushIndent(indentless bool) {
	if e.indent < 0 {
		e.indent = 0
	} else if !indentless {
		e.indent += bestIndent
	}
}

// writeIndent starts a new line at the current indentation unless the
// line holds only indentation up to it.
func (e *emitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.newline()
	}
	for e.column < indent {
		e.out = append(e.out, ' ')
		e.column++
	}
	e.whitespace = true
	e.indention = true
}

func (e *emitter) newline() {
	e.out = append(e.out, '\n')
	e.column = 0
}

// indicator writes an ASCII indicator, after a space if needWhitespace and
// the last character was not whitespace.
func (e *emitter) indicator(s string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.out = append(e.out, ' ')
		e.column++
	}
	e.out = append(e.out, s...)
	e.column += len(s)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}

// plainWord writes a plain scalar with no spaces or breaks.
func (e *emitter) plainWord(s []byte) {
	if !e.whitespace {
		e.out = append(e.out, ' ')
		e.column++
	}
	e.out = append(e.out, s...)
	e.column += utf8.RuneCount(s)
	e.whitespace = false
	e.indention = false
}

// str writes a string value or key as goyaml.v2's encoder asks for it and
// its emitter then styles it.
func (e *emitter) str(s []byte, simpleKey bool) {
	e.scalar(s, requestedStyle(s), analyze(s), simpleKey)
}

// requestedStyle is the style goyaml.v2's encoder asks for a string in: a
// literal block if it holds a newline, plain if it reads back as a string,
// else double-quoted.
func requestedStyle(s []byte) style {
	for _, c := range s {
		if c == '\n' {
			return literalStyle
		}
	}
	if resolvesToString(s) {
		return plainStyle
	}
	return doubleQuotedStyle
}

// scalar writes s in the style the emitter settles on from the requested
// one and the analysis of s.
func (e *emitter) scalar(s []byte, st style, a analysis, simpleKey bool) {
	if simpleKey && a.multiline {
		st = doubleQuotedStyle
	}
	if st == plainStyle {
		if !a.blockPlainAllowed || len(s) == 0 && simpleKey {
			st = singleQuotedStyle
		}
	}
	if st == singleQuotedStyle && !a.singleQuotedAllowed {
		st = doubleQuotedStyle
	}
	if st == literalStyle && (!a.blockAllowed || simpleKey) {
		st = doubleQuotedStyle
	}
	saved := e.indent
	if e.indent < 0 {
		e.indent = bestIndent
	} else {
		e.indent += bestIndent
	}
	switch st {
	case plainStyle:
		e.plain(s, !simpleKey)
	case singleQuotedStyle:
		e.singleQuoted(s, !simpleKey)
	case doubleQuotedStyle:
		e.doubleQuoted(s, !simpleKey)
	default:
		e.literal(s)
	}
	e.indent = saved
}

// put appends the character of s at i and returns its width.
func (e *emitter) put(s []byte, i int) int {
	w := charWidth(s[i])
	e.out = append(e.out, s[i:i+w]...)
	e.column++
	return w
}

// charWidth is the length of the UTF-8 sequence that starts with b.
func charWidth(b byte) int {
	switch {
	case b < 0x80:
		return 1
	case b&0xe0 == 0xc0:
		return 2
	case b&0xf0 == 0xe0:
		return 3
	}
	return 4
}

// putBreak copies the line break of s at i: a newline, or the break
// character itself, which also ends the line.
func (e *emitter) putBreak(s []byte, i int) int {
	if s[i] == '\n' {
		e.newline()
		return 1
	}
	w := e.put(s, i)
	e.column = 0
	return w
}

func (e *emitter) plain(s []byte, allowBreaks bool) {
	if !e.whitespace {
		e.out = append(e.out, ' ')
		e.column++
	}
	if !allowBreaks || e.column+len(s) <= bestWidth {
		// Nothing to fold (plain scalars never hold line breaks).
		e.out = append(e.out, s...)
		e.column += utf8.RuneCount(s)
		e.whitespace = false
		e.indention = false
		return
	}
	spaces, breaks := false, false
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && !(i+1 < len(s) && s[i+1] == ' ') {
				e.writeIndent()
				i++
			} else {
				i += e.put(s, i)
			}
			spaces = true
		case isBreak(s, i):
			if !breaks && s[i] == '\n' {
				e.newline()
			}
			i += e.putBreak(s, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			i += e.put(s, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.whitespace = false
	e.indention = false
}

func (e *emitter) singleQuoted(s []byte, allowBreaks bool) {
	e.indicator("'", true, false, false)
	spaces, breaks := false, false
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(s)-1 && s[i+1] != ' ' {
				e.writeIndent()
				i++
			} else {
				i += e.put(s, i)
			}
			spaces = true
		case isBreak(s, i):
			if !breaks && s[i] == '\n' {
				e.newline()
			}
			i += e.putBreak(s, i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if s[i] == '\'' {
				e.out = append(e.out, '\'')
				e.column++
			}
			i += e.put(s, i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.indicator("'", false, false, false)
	e.whitespace = false
	e.indention = false
}

func (e *emitter) doubleQuoted(s []byte, allowBreaks bool) {
	spaces := false
	e.indicator(`"`, true, false, false)
	bom := len(s) >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf
	for i := 0; i < len(s); {
		c := s[i]
		if bom || !isPrintable(s, i) || isBreak(s, i) || c == '"' || c == '\\' {
			r, w := utf8.DecodeRune(s[i:])
			i += w
			e.escape(r)
			spaces = false
			continue
		}
		if c == ' ' {
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(s)-1 {
				e.writeIndent()
				if s[i+1] == ' ' {
					e.out = append(e.out, '\\')
					e.column++
				}
				i++
			} else {
				i += e.put(s, i)
			}
			spaces = true
			continue
		}
		i += e.put(s, i)
		spaces = false
	}
	e.indicator(`"`, false, false, false)
	e.whitespace = false
	e.indention = false
}

// escape writes r as a double-quoted escape.
func (e *emitter) escape(r rune) {
	var c byte
	switch r {
	case 0:
		c = '0'
	case 0x07:
		c = 'a'
	case 0x08:
		c = 'b'
	case 0x09:
		c = 't'
	case 0x0a:
		c = 'n'
	case 0x0b:
		c = 'v'
	case 0x0c:
		c = 'f'
	case 0x0d:
		c = 'r'
	case 0x1b:
		c = 'e'
	case '"':
		c = '"'
	case '\\':
		c = '\\'
	case 0x85:
		c = 'N'
	case 0xa0:
		c = '_'
	case 0x2028:
		c = 'L'
	case 0x2029:
		c = 'P'
	}
	if c != 0 {
		e.out = append(e.out, '\\', c)
		e.column += 2
		return
	}
	digits := 8
	switch {
	case r <= 0xff:
		e.out = append(e.out, '\\', 'x')
		digits = 2
	case r <= 0xffff:
		e.out = append(e.out, '\\', 'u')
		digits = 4
	default:
		e.out = append(e.out, '\\', 'U')
	}
	for k := (digits - 1) * 4; k >= 0; k -= 4 {
		e.out = append(e.out, "0123456789ABCDEF"[(r>>uint(k))&0xf])
	}
	e.column += 2 + digits
}

func (e *emitter) literal(s []byte) {
	e.indicator("|", true, false, false)
	if len(s) > 0 && (s[0] == ' ' || isBreak(s, 0)) {
		e.indicator(string(rune('0'+bestIndent)), false, false, false)
	}
	if chomp := chompHint(s); chomp != 0 {
		e.indicator(string(rune(chomp)), false, false, false)
	}
	e.newline()
	e.indention = true
	e.whitespace = true
	breaks := true
	for i := 0; i < len(s); {
		if isBreak(s, i) {
			i += e.putBreak(s, i)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		i += e.put(s, i)
		e.indention = false
		breaks = false
	}
}

// chompHint is a literal block's chomping indicator: '-' when s does not
// end with a line break, '+' when it ends with two or is one, else none.
func chompHint(s []byte) byte {
	if len(s) == 0 {
		return '-'
	}
	i := len(s) - 1
	for s[i]&0xc0 == 0x80 {
		i--
	}
	if !isBreak(s, i) {
		return '-'
	}
	if i == 0 {
		return '+'
	}
	i--
	for s[i]&0xc0 == 0x80 {
		i--
	}
	if isBreak(s, i) {
		return '+'
	}
	return 0
}

// isBreak reports whether s[i:] starts with a YAML line break: CR, LF,
// NEL, U+2028 or U+2029.
func isBreak(s []byte, i int) bool {
	switch s[i] {
	case '\r', '\n':
		return true
	case 0xc2:
		return i+1 < len(s) && s[i+1] == 0x85
	case 0xe2:
		return i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9)
	}
	return false
}

// isPrintable reports whether the character at s[i] may be written raw:
// LF, printable ASCII, and U+00A0 to U+FFFD except U+FEFF and the
// surrogates. Characters beyond the Basic Multilingual Plane are escaped.
func isPrintable(s []byte, i int) bool {
	b := s[i]
	switch {
	case b == 0x0a || b >= 0x20 && b <= 0x7e:
		return true
	case b == 0xc2:
		return s[i+1] >= 0xa0
	case b > 0xc2 && b < 0xed, b == 0xee:
		return true
	case b == 0xed:
		return s[i+1] < 0xa0
	case b == 0xef:
		return !(s[i+1] == 0xbb && s[i+2] == 0xbf) && !(s[i+1] == 0xbf && (s[i+2] == 0xbe || s[i+2] == 0xbf))
	}
	return false
}

// analysis is what goyaml.v2's emitter learns about a scalar before it
// picks a style (flow contexts never hold scalars here).
type analysis struct {
	multiline           bool
	blockPlainAllowed   bool
	singleQuotedAllowed bool
	blockAllowed        bool
}

// analyze is goyaml.v2's scalar analysis.
func analyze(s []byte) analysis {
	if len(s) == 0 {
		return analysis{blockPlainAllowed: true, singleQuotedAllowed: true}
	}
	var (
		blockIndicators, lineBreaks, special      bool
		leadingSpace, leadingBreak, trailingSpace bool
		trailingBreak, breakSpace, spaceBreak     bool
		previousSpace, previousBreak              bool
	)
	if len(s) >= 3 && (s[0] == '-' && s[1] == '-' && s[2] == '-' || s[0] == '.' && s[1] == '.' && s[2] == '.') {
		blockIndicators = true
	}
	precededByWhitespace := true
	for i, w := 0, 0; i < len(s); i += w {
		w = charWidth(s[i])
		followedByWhitespace := i+w >= len(s) || s[i+w] == ' ' || s[i+w] == '\t'
		c := s[i]
		if i == 0 {
			switch c {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				blockIndicators = true
			case '?', ':', '-':
				if followedByWhitespace {
					blockIndicators = true
				}
			}
		} else {
			switch c {
			case ':':
				if followedByWhitespace {
					blockIndicators = true
				}
			case '#':
				if precededByWhitespace {
					blockIndicators = true
				}
			}
		}
		var brk bool
		if c < 0x80 {
			special = special || !(c == '\n' || c >= 0x20 && c <= 0x7e)
			brk = c == '\n' || c == '\r'
		} else {
			special = special || !isPrintable(s, i)
			brk = isBreak(s, i)
		}
		switch {
		case c == ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+w == len(s)
			breakSpace = breakSpace || previousBreak
			previousSpace, previousBreak = true, false
		case brk:
			lineBreaks = true
			leadingBreak = leadingBreak || i == 0
			trailingBreak = trailingBreak || i+w == len(s)
			spaceBreak = spaceBreak || previousSpace
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = brk || c == ' ' || c == '\t' || c == 0
	}
	a := analysis{
		multiline:           lineBreaks,
		blockPlainAllowed:   true,
		singleQuotedAllowed: true,
		blockAllowed:        true,
	}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.blockPlainAllowed = false
	}
	if trailingSpace {
		a.blockAllowed = false
	}
	if breakSpace {
		a.blockPlainAllowed = false
		a.singleQuotedAllowed = false
	}
	if spaceBreak || special {
		a.blockPlainAllowed = false
		a.singleQuotedAllowed = false
		a.blockAllowed = false
	}
	if lineBreaks || blockIndicators {
		a.blockPlainAllowed = false
	}
	return a
}
