package codec

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The typed decoder's runtime: the Decoder that the generated decodeJSON
// methods (see jobapi/internal/gen) walk the JSON text with, one value
// after the other, without reflection, without intermediate maps and
// without building a field path unless an error needs one (the path is a
// stack of segments, turned into a *field.Path only for an error).

// IntBits is the size of int in bits, for [Decoder.Int].
const IntBits = strconv.IntSize

// Decoder is the state of one typed decoding: the JSON text, the read
// position, the path to the value being decoded and the errors found so
// far. The generated code reads one value per call: each reader skips the
// space before the value and consumes it whole, also when it reports an
// error, so that decoding goes on with the next member and every error is
// reported. Its methods never panic, even on text that is not JSON.
//
// The text is checked in one of two ways. [Decoder.Start] checks it whole,
// up front, before anything is decoded: the readers then take it to be
// JSON. [Decoder.StartNew] checks it while it is read, each reader
// checking what it consumes (the value, and the comma, colon or bracket
// before it), for a target that is discarded when the text turns out not
// to be JSON: [Decoder.Checked] says whether it was.
type Decoder struct {
	data []byte
	i    int
	// The quoted name of the member Member returned last is
	// data[key:keyEnd] (indexes, not a slice: storing them costs no
	// write barrier).
	key, keyEnd int
	errs        field.ErrorList
	// checking: StartNew's mode, the readers check the text they
	// consume; bad: they found text that is not JSON (or that the fast
	// check of validValue does not accept), and decoding runs to the end
	// of the text without reading anything more. first: the object
	// BeginStruct or BeginObject started last has no member yet, so
	// that Member knows whether a comma must come before the next one.
	checking bool
	bad      bool
	first    bool
	// The path to the value being decoded: its first steps in buf, the
	// others in more. (No field points into the Decoder itself, so
	// that a Decoder can live on the caller's stack.)
	depth int
	buf   [16]step
	more  []step
	// The number of elements of every list, in the order the lists
	// start, when the validation of Start counted them (counted; with
	// StartNew, BeginArray counts them as they come): the first ones
	// in countBuf, the others in countMore. nCounts is how many there
	// are, ci the first one BeginArray has not passed.
	counted   bool
	noCount   bool // validValue counts nothing
	nCounts   int
	ci        int
	countBuf  [256]arrayCount
	countMore []arrayCount
	// The strings the decoder returns are parts of strs, written one
	// after the other, so that a document's strings take a few
	// allocations instead of one each (a string then keeps its chunk,
	// at most the size of the document, alive). strBytes is the bytes of
	// the document's string values as the validation counted them;
	// firstChunk the size of the first chunk (0: minChunk); chunk the
	// size of the last of the chunks that followed it.
	strs       strings.Builder
	strBytes   int
	firstChunk int
	chunk      int
}

// Start prepares d to decode the JSON document data, which it checks
// first: text that is not JSON is reported as a *json.SyntaxError. The
// generated UnmarshalJSON methods call Start, then their decodeJSON, then
// [Decoder.Err], with the Decoder on their stack.
func (d *Decoder) Start(data []byte) error {
	d.reset(data)
	if !d.valid() {
		var x any
		if err := json.Unmarshal(data, &x); err != nil {
			return err
		}
		return errors.New("codec.Decode: not a JSON document")
	}
	if d.counted {
		d.firstChunk = min(d.strBytes, maxFirstChunk)
	}
	return nil
}

// reset prepares d to decode data: every field but the buffers, which are
// written before they are read.
func (d *Decoder) reset(data []byte) {
	d.data, d.i, d.key, d.keyEnd, d.errs = data, 0, 0, 0, nil
	d.checking, d.bad, d.first = false, false, false
	d.depth, d.more = 0, nil
	d.counted, d.noCount, d.nCounts, d.ci, d.countMore = false, false, 0, 0, nil
	d.strs, d.strBytes, d.firstChunk, d.chunk = strings.Builder{}, 0, 0, 0
}

// StartNew prepares d to decode the JSON document data into a value that
// is discarded when data is not JSON (a new one): d checks the text while
// the generated decodeJSON reads it, instead of in a pass before. After
// decodeJSON, [Decoder.Checked] reports whether the text was JSON: if so,
// [Decoder.Err] has the errors, exactly those Start and the same
// decodeJSON give; if not, nothing d read counts, and the caller sets the
// value back to what it was and decodes again with Start, which reports
// the *json.SyntaxError. (Checked may also report false for valid JSON
// that the check does not follow, nested deeper than it goes; decoding
// again with Start then gives the result.) The generated
// UnmarshalNewJSON methods do that.
func (d *Decoder) StartNew(data []byte) {
	d.reset(data)
	d.checking, d.noCount = true, true
	// The document's strings are not counted: the first chunk takes a
	// share of the bytes that are not spaces (indented JSON has many),
	// which holds the strings of a manifest, and no more than when they
	// are counted. (Counting spaces reads a kilobyte in some ten
	// nanoseconds.)
	text := len(data) - bytes.Count(data, []byte{' '})
	d.firstChunk = min(text*newChunkShare/100, maxFirstChunk)
}

// newChunkShare is the share, in percent, of a document's bytes other
// than spaces that StartNew reserves for its strings as the first chunk:
// a little more than the strings of a manifest take (about a third of
// them in k8s.io/api's every-field Job, about two fifths in a kubectl
// manifest with its last-applied-configuration), so that most documents
// take one chunk.
const newChunkShare = 40

// Checked reports, after a decoding started with StartNew, whether the
// text was one JSON value, with space around it, read to its end: only
// then does the decoding count. After Start it reports true.
func (d *Decoder) Checked() bool {
	if !d.checking {
		return true
	}
	return !d.bad && skipSpace(d.data, d.i) == len(d.data)
}

// fail records, in a decoding started with StartNew, that the text is not
// JSON: the readers read nothing more (the position is the text's end).
func (d *Decoder) fail() {
	d.bad = true
	d.i = len(d.data)
}

// Err returns the errors found, as an ErrorList aggregate, or nil.
func (d *Decoder) Err() error { return d.errs.ToAggregate() }

// valid reports whether data is one JSON value, with space around it. A
// fast check first, which also counts the elements of every list for
// BeginArray; json.Valid decides what it does not accept (nesting deeper
// than it follows), and then the lists are counted when they are read.
func (d *Decoder) valid() bool {
	d.noCount = len(d.data) > math.MaxInt32
	i := skipSpace(d.data, 0)
	end, ok := d.validValue(d.data, i, 0)
	if ok && skipSpace(d.data, end) == len(d.data) {
		d.counted = !d.noCount
		return true
	}
	return json.Valid(d.data)
}

// addCount records a list that starts at pos and returns its slot.
func (d *Decoder) addCount(pos int) int {
	k := d.nCounts
	d.nCounts++
	if k < len(d.countBuf) {
		d.countBuf[k] = arrayCount{pos: int32(pos)}
	} else {
		d.countMore = append(d.countMore, arrayCount{pos: int32(pos)})
	}
	return k
}

// count returns the count in slot k.
func (d *Decoder) count(k int) *arrayCount {
	if k < len(d.countBuf) {
		return &d.countBuf[k]
	}
	return &d.countMore[k-len(d.countBuf)]
}

// arrayCount is the number of elements of the list that starts at pos.
type arrayCount struct {
	pos, n int32
}

// validValue is validCompact with insignificant space allowed: the index
// just past the JSON value at data[i]. It may report !ok for valid text
// nested deeper than maxCompactDepth, never ok for text that is not JSON.
// Unless noCount, it counts the elements of every list it passes.
func (d *Decoder) validValue(s []byte, i, depth int) (int, bool) {
	if i >= len(s) || depth > maxCompactDepth {
		return i, false
	}
	var ok bool
	switch s[i] {
	case '{':
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(s) || s[i] != '"' {
				return i, false
			}
			if i, ok = validString(s, i); !ok {
				return i, false
			}
			if i = skipSpace(s, i); i >= len(s) || s[i] != ':' {
				return i, false
			}
			// Most values are strings: no call to validValue for them.
			if i = skipSpace(s, i+1); i < len(s) && s[i] == '"' {
				i, ok = d.validStringValue(s, i)
			} else {
				i, ok = d.validValue(s, i, depth+1)
			}
			if !ok {
				return i, false
			}
			if i = skipSpace(s, i); i >= len(s) {
				return i, false
			}
			switch s[i] {
			case ',':
				i = skipSpace(s, i+1)
			case '}':
				return i + 1, true
			default:
				return i, false
			}
		}
	case '[':
		slot := -1
		if !d.noCount {
			slot = d.addCount(i)
		}
		i = skipSpace(s, i+1)
		if i < len(s) && s[i] == ']' {
			return i + 1, true
		}
		for n := 1; ; n++ {
			if i, ok = d.validValue(s, i, depth+1); !ok {
				return i, false
			}
			if i = skipSpace(s, i); i >= len(s) {
				return i, false
			}
			switch s[i] {
			case ',':
				i = skipSpace(s, i+1)
			case ']':
				if slot >= 0 {
					d.count(slot).n = int32(n)
				}
				return i + 1, true
			default:
				return i, false
			}
		}
	case '"':
		return d.validStringValue(s, i)
	case 't':
		return literal(s, i, "true")
	case 'f':
		return literal(s, i, "false")
	case 'n':
		return literal(s, i, "null")
	}
	return compactNumber(s, i)
}

// validStringValue is validValue for the string value at s[i] == '"': it
// adds its bytes to strBytes.
func (d *Decoder) validStringValue(s []byte, i int) (int, bool) {
	end, ok := validString(s, i)
	d.strBytes += end - i - 2
	return end, ok
}

// segment is one step of the path to the value being decoded.
type segment struct {
	name  string
	index int
	kind  uint8 // segMember, segKey, segIndex
}

const (
	segMember uint8 = iota
	segKey
	segIndex
)

// pathOf returns the path the segments make.
func pathOf(segs []segment) *field.Path {
	var p *field.Path
	for _, s := range segs {
		switch s.kind {
		case segIndex:
			p = p.Index(s.index)
		case segKey:
			p = p.Key(s.name)
		default:
			if p == nil {
				p = field.NewPath(s.name)
			} else {
				p = p.Child(s.name)
			}
		}
	}
	return p
}

// step is one step of the path to the value being decoded, as the
// Decoder keeps it: a member or a map key, whose name is the JSON string
// data[at:end] (unquoted only when an error needs the path), or an
// element of a list, at its index. It holds no pointer, so that entering
// a step costs no write barrier.
type step struct {
	at, end int
	kind    uint8 // segMember, segKey, segIndex
}

// Enter enters the member that Member returned last, of the object being
// decoded.
func (d *Decoder) Enter() { d.push(step{at: d.key, end: d.keyEnd}) }

// EnterKey enters the value of the key that Key returned last, of the map
// being decoded.
func (d *Decoder) EnterKey() { d.push(step{at: d.key, end: d.keyEnd, kind: segKey}) }

// push enters the step s.
func (d *Decoder) push(s step) {
	if d.depth < len(d.buf) {
		d.buf[d.depth] = s
	} else {
		d.more = append(d.more[:d.depth-len(d.buf)], s)
	}
	d.depth++
}

// fieldPath returns the path to the value being decoded.
func (d *Decoder) fieldPath() *field.Path {
	segs := make([]segment, 0, d.depth)
	for k := range d.depth {
		var s step
		if k < len(d.buf) {
			s = d.buf[k]
		} else {
			s = d.more[k-len(d.buf)]
		}
		if s.kind == segIndex {
			segs = append(segs, segment{index: s.at, kind: segIndex})
			continue
		}
		q := d.data[s.at:s.end]
		name, ok := unquote(q)
		if !ok {
			name = string(q)
		}
		segs = append(segs, segment{name: name, kind: s.kind})
	}
	return pathOf(segs)
}

// Pop leaves the member, key or element entered last.
func (d *Decoder) Pop() {
	if d.depth > 0 {
		d.depth--
	}
}

// add records an error.
func (d *Decoder) add(err *field.Error) { d.errs = append(d.errs, err) }

// skip consumes the value at the position and returns its text. When
// checking, text that is not a JSON value fails the decoding: skip then
// returns null.
func (d *Decoder) skip() []byte {
	i := skipSpace(d.data, d.i)
	if d.checking {
		end, ok := d.validValue(d.data, i, 0)
		if !ok {
			d.fail()
			return []byte("null")
		}
		d.i = end
		return d.data[i:end]
	}
	end := skipValue(d.data, i)
	d.i = end
	return d.data[i:end]
}

// typeError consumes the value at the position and records it as a value
// of the wrong JSON type; want says what it must be.
func (d *Decoder) typeError(want string) {
	raw := d.skip()
	if d.bad {
		return
	}
	d.add(field.TypeInvalid(d.fieldPath(), badValue(raw), want))
}

// badValue is the rejected value as an error prints it.
func badValue(data []byte) any {
	if len(data) == 0 {
		return ""
	}
	switch data[0] {
	case '"':
		if s, ok := unquote(data); ok {
			return s
		}
	case 't':
		return true
	case 'f':
		return false
	case '{', '[':
		if len(data) <= 64 {
			return json.RawMessage(data)
		}
		return "<value omitted>"
	}
	if len(data) <= 64 {
		return json.Number(data)
	}
	return "<value omitted>"
}

// isNull reports whether the value at data[i] is null.
func isNull(data []byte, i int) bool {
	return len(data)-i >= 4 && string(data[i:i+4]) == "null"
}

// Null consumes the value at the position when it is null, and reports
// whether it was.
func (d *Decoder) Null() bool {
	i := skipSpace(d.data, d.i)
	if isNull(d.data, i) {
		d.i = i + 4
		return true
	}
	return false
}

// BeginStruct starts the object that a struct is decoded from: it
// consumes the '{' and reports true. A null is consumed and leaves the
// struct as it is (false); any other value is an error (false).
func (d *Decoder) BeginStruct() bool {
	i := skipSpace(d.data, d.i)
	if i < len(d.data) && d.data[i] == '{' {
		d.i, d.first = i+1, true
		return true
	}
	if isNull(d.data, i) {
		d.i = i + 4
		return false
	}
	d.typeError("must be an object")
	return false
}

// BeginObject starts an object that a map is decoded from: it consumes
// the '{' and reports true; any other value is an error (false). The
// caller handles null first.
func (d *Decoder) BeginObject() bool {
	i := skipSpace(d.data, d.i)
	if i < len(d.data) && d.data[i] == '{' {
		d.i, d.first = i+1, true
		return true
	}
	d.typeError("must be an object")
	return false
}

// Member moves to the next member of the object being decoded and returns
// its name as written, without the quotes (escape sequences kept); the
// position is then at the member's value. At the end of the object it
// consumes the '}' and reports false.
func (d *Decoder) Member() ([]byte, bool) {
	if d.checking {
		return d.checkedMember()
	}
	data := d.data
	i := skipSpace(data, d.i)
	if i < len(data) && data[i] == ',' {
		i = skipSpace(data, i+1)
	}
	if i >= len(data) || data[i] != '"' {
		d.i = i + 1
		return nil, false
	}
	end := stringEnd(data, i)
	d.key, d.keyEnd = i, end
	j := skipSpace(data, end)
	if j < len(data) && data[j] == ':' {
		j++
	}
	d.i = j
	if end-i < 2 {
		return nil, false
	}
	return data[i+1 : end-1], true
}

// checkedMember is Member when checking: the comma before the member,
// its name and the colon after it must be there, or the '}' that ends
// the object.
func (d *Decoder) checkedMember() ([]byte, bool) {
	data := d.data
	i := skipSpace(data, d.i)
	if i >= len(data) {
		d.fail()
		return nil, false
	}
	switch c := data[i]; {
	case c == '}':
		d.i, d.first = i+1, false
		return nil, false
	case d.first:
		d.first = false
	case c == ',':
		i = skipSpace(data, i+1)
	default:
		d.fail()
		return nil, false
	}
	if i >= len(data) || data[i] != '"' {
		d.fail()
		return nil, false
	}
	end, ok := validString(data, i)
	if !ok {
		d.fail()
		return nil, false
	}
	j := skipSpace(data, end)
	if j >= len(data) || data[j] != ':' {
		d.fail()
		return nil, false
	}
	d.key, d.keyEnd, d.i = i, end, j+1
	return data[i+1 : end-1], true
}

// keyName is the name of the member Member returned last, unescaped.
func (d *Decoder) keyName() string {
	key := d.data[d.key:d.keyEnd]
	if s, ok := d.unquoteStr(key); ok {
		return s
	}
	return string(key)
}

// Key moves to the next member of the object a map is decoded from and
// returns its name, unescaped; at the end of the object it consumes the
// '}' and reports false.
func (d *Decoder) Key() (string, bool) {
	if _, ok := d.Member(); !ok {
		return "", false
	}
	return d.keyName(), true
}

// Duplicate records the member name, given a second time, as an error and
// skips its value.
func (d *Decoder) Duplicate(name string) {
	d.Enter()
	d.add(field.Duplicate(d.fieldPath(), name))
	d.Pop()
	d.skip()
}

// DuplicateKey records the key entered last (with EnterKey), given a
// second time in a map that was empty, as an error and skips its value.
func (d *Decoder) DuplicateKey(key string) {
	d.add(field.Duplicate(d.fieldPath(), key))
	d.skip()
}

// escapedName records a member name written with escape sequences that
// names a modeled field, and skips its value.
func (d *Decoder) escapedName(name string) {
	d.Enter()
	d.add(field.Invalid(d.fieldPath(), name, "member names must not use escape sequences"))
	d.Pop()
	d.skip()
}

// plainValue is skipPlain for the value at data[i], also when checking:
// its end, and whether a copy of its bytes is its compact copy. (When
// checking, a value with a backslash followed by 'u' is said not to be
// plain, escaped or not: the compact copy is then made, which is the same
// text.)
func (d *Decoder) plainValue(i int) (int, bool) {
	if !d.checking {
		return skipPlain(d.data, i)
	}
	// Most such values are compact: validCompact checks them in one
	// pass; validValue decides on the others.
	if end, ok := validCompact(d.data, i, 0); ok {
		return end, !bytes.Contains(d.data[i:end], []byte(`\u`))
	}
	end, ok := d.validValue(d.data, i, 0)
	if !ok {
		d.fail()
	}
	return end, false
}

// Refuse handles a member, returned by Member, that a struct without an
// Unknown field does not model by its exact name: it is an error, naming
// the supported members, or the escape error when its unescaped name is
// one of them.
func (d *Decoder) Refuse(names func() []string) {
	name := d.keyName()
	list := names()
	if slices.Contains(list, name) {
		d.escapedName(name)
		return
	}
	d.Enter()
	d.add(field.NotSupported(d.fieldPath(), name, list).WithOrigin(field.OriginUnknownField))
	d.Pop()
	d.skip()
}

// String reads a string. null is consumed and reported as !ok, as is a
// value of another type, which is an error.
func (d *Decoder) String() (string, bool) {
	data := d.data
	i := skipSpace(data, d.i)
	if i >= len(data) {
		if d.checking {
			d.fail() // the text ends where a value must be
		}
		return "", false
	}
	switch data[i] {
	case '"':
		j := specialRun(data, i+1, true)
		if j < len(data) && data[j] == '"' {
			d.i = j + 1
			return d.str(data[i+1 : j]), true
		}
		s, end, ok := d.stringValue(i, j)
		if !ok {
			if d.checking {
				// Only the text of a JSON string unquotes.
				d.fail()
				return "", false
			}
			end = stringEnd(data, i)
		}
		d.i = end
		return s, ok
	case 'n':
		if isNull(data, i) {
			d.i = i + 4
			return "", false
		}
	}
	d.i = i
	d.typeError("must be a string")
	return "", false
}

// stringValue reads the string at data[i] == '"', whose bytes from i+1
// to j are plain ASCII (specialRun stopped at j on another byte than the
// closing quote), as unquote decodes it, in one pass: it returns the
// string, a part of the chunk, the index just past its closing quote and
// true; or false for text that is not a JSON string. It decodes into a
// buffer on its stack, copying eight plain bytes at a time, as
// appendUnquoted does, and writes the buffer to the chunk when it fills.
func (d *Decoder) stringValue(i, j int) (string, int, bool) {
	data := d.data
	var buf [256]byte
	start := -1 // where the string starts in the chunk, once written there
	p, k := i+1, 0
	if j-p > len(buf)-16 {
		// A long plain start: to the chunk at once.
		start = d.spill(start, data[p:j])
		p = j
	}
	for {
		if k > len(buf)-16 {
			start = d.spill(start, buf[:k])
			k = 0
		}
		if p+8 <= len(data) {
			// Copy eight bytes, keep those before the first special one.
			x := binary.LittleEndian.Uint64(data[p:])
			binary.LittleEndian.PutUint64(buf[k:], x)
			m := specialMask(x, true)
			if m == 0 {
				p, k = p+8, k+8
				continue
			}
			n := bits.TrailingZeros64(m) >> 3
			p, k = p+n, k+n
		} else if p < len(data) {
			if c := data[p]; c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
				buf[k] = c
				p, k = p+1, k+1
				continue
			}
		}
		if p >= len(data) {
			return "", p, false // no closing quote
		}
		c := data[p]
		if c == '"' {
			start = d.spill(start, buf[:k])
			return d.strs.String()[start:], p + 1, true
		}
		if c >= utf8.RuneSelf {
			// A multi-byte sequence holds no quote: decoding it from
			// data is decoding it from the string's bytes.
			k, p = decodeRune(buf[:], k, data, p)
			continue
		}
		if c != '\\' || p+1 >= len(data) {
			return "", p, false // a control byte, or the text ends
		}
		var ok bool
		if k, p, ok = decodeEscape(buf[:], k, data, p); !ok {
			return "", p, false
		}
	}
}

// spill writes b, the next bytes of a string that stringValue decodes,
// to the chunk, where the string starts at start (-1: nothing of it is
// written yet), and returns where the string starts. When the chunk has
// no room for b, the string moves to a new chunk with room for twice
// what it holds then.
func (d *Decoder) spill(start int, b []byte) int {
	if d.strs.Cap()-d.strs.Len() < len(b) {
		var done string
		if start >= 0 {
			done = d.strs.String()[start:]
		}
		d.reserve(2 * (len(done) + len(b)))
		start = d.strs.Len()
		d.strs.WriteString(done)
	} else if start < 0 {
		start = d.strs.Len()
	}
	d.strs.Write(b)
	return start
}

// unquote decodes the JSON string q (with its quotes) as encoding/json
// does: invalid UTF-8 and lone surrogates become U+FFFD. It reports !ok
// for text that is not a JSON string.
func unquote(q []byte) (string, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	inner := q[1 : len(q)-1]
	if specialRun(inner, 0, true) == len(inner) {
		return string(inner), true
	}
	var b strings.Builder
	b.Grow(len(inner) + 8)
	if !appendUnquoted(&b, inner) {
		return "", false
	}
	return b.String(), true
}

// minChunk is the size of the first chunk of strings when the validation
// did not count them, and of the first chunk after the one it counted.
const minChunk = 256

// maxFirstChunk bounds the size of the chunk the validation counted: a
// document whose strings are mostly kept as text (in Unknown members) does
// not reserve their size a second time.
const maxFirstChunk = 32 << 10

// reserve starts a chunk of strings with room for n bytes, the chunk in
// use having less (the callers check, saving a call per string). The first
// chunk holds the bytes of the document's string values, as the
// validation counted them; the next ones (for map keys, or when the
// validation did not count) double in size.
func (d *Decoder) reserve(n int) {
	var size int
	if d.strs.Cap() == 0 && d.firstChunk > 0 {
		size = d.firstChunk
	} else {
		d.chunk = max(2*d.chunk, minChunk)
		size = d.chunk
	}
	d.strs = strings.Builder{}
	d.strs.Grow(max(size, n))
}

// str returns a string holding the bytes b, a part of the chunk.
func (d *Decoder) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if d.strs.Cap()-d.strs.Len() < len(b) {
		d.reserve(len(b))
	}
	start := d.strs.Len()
	d.strs.Write(b)
	return d.strs.String()[start:]
}

// unquoteStr is unquote returning a part of the chunk.
func (d *Decoder) unquoteStr(q []byte) (string, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	inner := q[1 : len(q)-1]
	if specialRun(inner, 0, true) == len(inner) {
		// Plain ASCII (most member names): a copy.
		return d.str(inner), true
	}
	if d.strs.Cap()-d.strs.Len() < len(inner) {
		d.reserve(len(inner))
	}
	start := d.strs.Len()
	if !appendUnquoted(&d.strs, inner) {
		return "", false
	}
	return d.strs.String()[start:], true
}

// appendUnquoted writes the text of the JSON string whose bytes between
// the quotes are inner to b, as unquote decodes it, and reports false
// for text that is not the inside of a JSON string. It decodes into a
// buffer on its stack, copying eight plain bytes at a time, and writes
// the buffer to b when it fills.
func appendUnquoted(b *strings.Builder, inner []byte) bool {
	var buf [256]byte
	k := 0
	for i := 0; i < len(inner); {
		if k > len(buf)-16 {
			b.Write(buf[:k])
			k = 0
		}
		if i+8 <= len(inner) {
			// Copy eight bytes, keep those before the first special one.
			x := binary.LittleEndian.Uint64(inner[i:])
			binary.LittleEndian.PutUint64(buf[k:], x)
			m := specialMask(x, true)
			if m == 0 {
				i, k = i+8, k+8
				continue
			}
			n := bits.TrailingZeros64(m) >> 3
			i, k = i+n, k+n
		} else if c := inner[i]; c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
			buf[k] = c
			i, k = i+1, k+1
			continue
		}
		c := inner[i]
		if c >= utf8.RuneSelf {
			k, i = decodeRune(buf[:], k, inner, i)
			continue
		}
		if c != '\\' || i+1 >= len(inner) {
			return false // a quote or a control byte inside
		}
		var ok bool
		if k, i, ok = decodeEscape(buf[:], k, inner, i); !ok {
			return false
		}
	}
	b.Write(buf[:k])
	return true
}

// decodeRune writes the multi-byte sequence at s[i] to buf at k as
// encoding/json decodes it (invalid UTF-8 as U+FFFD), and returns the
// indexes after it in buf and s. buf has room for four bytes at k.
func decodeRune(buf []byte, k int, s []byte, i int) (int, int) {
	r, size := utf8.DecodeRune(s[i:])
	if r == utf8.RuneError && size == 1 {
		return k + utf8.EncodeRune(buf[k:], utf8.RuneError), i + 1
	}
	return k + copy(buf[k:], s[i:i+size]), i + size
}

// decodeEscape writes the character the escape at s[i] (a backslash and
// at least one byte) stands for to buf at k, as encoding/json decodes it
// (a lone surrogate as U+FFFD), and returns the indexes after it in buf
// and s, or !ok and i when it is no JSON escape. buf has room for four
// bytes at k.
func decodeEscape(buf []byte, k int, s []byte, i int) (int, int, bool) {
	switch e := s[i+1]; e {
	case '"', '\\', '/':
		buf[k] = e
	case 'b':
		buf[k] = '\b'
	case 'f':
		buf[k] = '\f'
	case 'n':
		buf[k] = '\n'
	case 'r':
		buf[k] = '\r'
	case 't':
		buf[k] = '\t'
	case 'u':
		// hex4 stops at a closing quote, which is no hex digit.
		r, ok := hex4(s[i:])
		if !ok {
			return k, i, false
		}
		j := i + 6
		if utf16.IsSurrogate(r) {
			if r2, ok := hex4(s[j:]); ok {
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					return k + utf8.EncodeRune(buf[k:], dec), j + 6, true
				}
			}
			r = utf8.RuneError
		}
		return k + utf8.EncodeRune(buf[k:], r), j, true
	default:
		return k, i, false
	}
	return k + 1, i + 2, true
}

// Bool reads true or false. null is consumed and reported as !ok, as is a
// value of another type, which is an error.
func (d *Decoder) Bool() (bool, bool) {
	data := d.data
	i := skipSpace(data, d.i)
	if len(data)-i >= 4 {
		switch string(data[i : i+4]) {
		case "true":
			d.i = i + 4
			return true, true
		case "fals":
			if len(data)-i >= 5 && data[i+4] == 'e' {
				d.i = i + 5
				return false, true
			}
		case "null":
			d.i = i + 4
			return false, false
		}
	}
	d.i = i
	d.typeError("must be a boolean ('true' or 'false')")
	return false, false
}

// Int reads an integer that must fit in a signed integer of bits bits.
// null is consumed and reported as !ok, as are a value of another type, a
// fraction and an integer out of range, which are errors.
func (d *Decoder) Int(bits int) (int64, bool) {
	data := d.data
	i := skipSpace(data, d.i)
	d.i = i
	if i >= len(data) {
		if d.checking {
			d.fail() // the text ends where a value must be
		}
		return 0, false
	}
	c := data[i]
	if c != '-' && (c < '0' || c > '9') {
		if isNull(data, i) {
			d.i = i + 4
			return 0, false
		}
		d.typeError("must be an integer")
		return 0, false
	}
	end := i
	for end < len(data) {
		c := data[end]
		if c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			end++
			continue
		}
		break
	}
	num := data[i:end]
	d.i = end
	if d.checking {
		// The bytes a number may hold, written as JSON's grammar says.
		if e, ok := compactNumber(data, i); !ok || e != end {
			d.fail()
			return 0, false
		}
	}
	digits := num
	neg := digits[0] == '-'
	if neg {
		digits = digits[1:]
	}
	var n int64
	fast := len(digits) > 0 && len(digits) <= 18
	for _, c := range digits {
		if c < '0' || c > '9' {
			fast = false
			break
		}
		n = n*10 + int64(c-'0')
	}
	if fast {
		if neg {
			n = -n
		}
		lo, hi := int64(-1)<<(bits-1), int64(math.MaxInt64)>>(64-bits)
		if n >= lo && n <= hi {
			return n, true
		}
		d.rangeError(num, bits)
		return 0, false
	}
	n, err := strconv.ParseInt(string(num), 10, bits)
	if err == nil {
		return n, true
	}
	if errors.Is(err, strconv.ErrRange) {
		d.rangeError(num, bits)
		return 0, false
	}
	d.add(field.TypeInvalid(d.fieldPath(), badValue(num), "must be an integer"))
	return 0, false
}

// rangeError records the integer num as out of the range of bits bits.
func (d *Decoder) rangeError(num []byte, bits int) {
	lo, hi := int64(-1)<<(bits-1), int64(math.MaxInt64)>>(64-bits)
	detail := fmt.Sprintf("must be less than or equal to %d", hi)
	if num[0] == '-' {
		detail = fmt.Sprintf("must be greater than or equal to %d", lo)
	}
	d.add(field.Invalid(d.fieldPath(), badValue(num), detail))
}

// Raw consumes the value at the position and returns its text, for a type
// with its own UnmarshalJSON method.
func (d *Decoder) Raw() []byte { return d.skip() }

// RawJSON consumes the value at the position and returns it compacted in
// new memory: what meta.RawJSON.UnmarshalJSON stores, without checking the
// text again.
func (d *Decoder) RawJSON() []byte {
	i := skipSpace(d.data, d.i)
	end, plain := d.plainValue(i)
	if d.bad {
		return nil
	}
	d.i = end
	if plain {
		return append([]byte(nil), d.data[i:end]...)
	}
	return compactSpace(d.data[i:end])
}

// compactSpace returns the valid JSON text src without insignificant
// space, in new memory: what json.Compact writes for it.
func compactSpace(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			end := stringEnd(src, i)
			out = append(out, src[i:end]...)
			i = end - 1
		default:
			out = append(out, c)
		}
	}
	return out
}

// UnmarshalError records err, returned by the UnmarshalJSON method of a
// value's type for the text raw, as an error of the value.
func (d *Decoder) UnmarshalError(raw []byte, err error) {
	d.add(field.Invalid(d.fieldPath(), badValue(raw), err.Error()))
}

// ViaJSON decodes the value at the position into v, a pointer, with
// encoding/json: the types jobkit's API types do not use on hot paths
// (floats, unsigned integers, byte slices, arrays). want says what the
// value must be, for a value of the wrong type.
func (d *Decoder) ViaJSON(v any, want string) {
	raw := d.skip()
	if d.bad {
		return
	}
	if err := json.Unmarshal(raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			d.add(field.TypeInvalid(d.fieldPath(), badValue(raw), want))
			return
		}
		d.add(field.Invalid(d.fieldPath(), badValue(raw), err.Error()))
	}
}

// BeginArray starts a list: it consumes the '[' and returns the number
// of its elements, which the caller reads with More and Pop. Any other
// value is an error (false). The caller handles null first.
//
// The number is exact when the validation of Start counted the lists;
// otherwise (StartNew) it is that of the elements that start in the
// list's first countAhead bytes, fewer than the list has when it goes on
// past them: the caller makes room for more when More reports one.
func (d *Decoder) BeginArray() (int, bool) {
	data := d.data
	i := skipSpace(data, d.i)
	if i >= len(data) || data[i] != '[' {
		d.i = i
		d.typeError("must be a list")
		return 0, false
	}
	d.i = i + 1
	if d.counted {
		for d.ci < d.nCounts && int(d.count(d.ci).pos) < i {
			d.ci++
		}
		if d.ci < d.nCounts && int(d.count(d.ci).pos) == i {
			d.ci++
			return int(d.count(d.ci - 1).n), true
		}
	}
	return countElements(data, i), true
}

// countAhead is how far past its '[' countElements looks for the
// elements of a list: a list that goes on further is counted while it
// is read (an element is then added to its slice at a time, with room
// for twice as many), so that counting a list reads at most countAhead
// bytes of it (and the string it ends in) a second time. Most lists of a
// manifest end within it, so that their slices are allocated once.
const countAhead = 256

// countElements returns the number of elements of the list at data[i] ==
// '[' that start in its first countAhead bytes: all of them when it ends
// there. It does not check the text: on text that is not JSON, the
// readers of the elements do (the number is then any up to countAhead).
func countElements(data []byte, i int) int {
	j := skipSpace(data, i+1)
	if j >= len(data) || data[j] == ']' {
		return 0
	}
	limit := i + countAhead
	n := 1
	for {
		e := skipWithin(data, j, limit)
		if e <= j {
			return n
		}
		if j = skipSpace(data, e); j >= len(data) || data[j] != ',' {
			return n
		}
		j = skipSpace(data, j+1)
		n++
	}
}

// skipWithin is skipValue for a value that starts at data[i] before
// limit: it returns -1 when the value is an object or a list that goes on
// past limit.
func skipWithin(data []byte, i, limit int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			if i > limit {
				return -1
			}
			switch data[i] {
			case '"':
				i = stringEnd(data, i)
				continue
			case ' ', '\n', '\t', '\r':
				// Indented text: the runs of spaces eight bytes at a time.
				i = skipSpace(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	return skipValue(data, i)
}

// More moves to element i of the list being decoded, past the comma
// before it, and enters it (Pop leaves it): it reports true. At the end of
// the list it consumes the ']' and reports false.
func (d *Decoder) More(i int) bool {
	data := d.data
	j := skipSpace(data, d.i)
	switch {
	case j < len(data) && data[j] == ']':
		d.i = j + 1
		return false
	case i == 0 && j < len(data):
	case i > 0 && j < len(data) && data[j] == ',':
		j++
	default:
		// The text ends, or no comma follows an element: not JSON.
		if d.checking {
			d.fail()
		}
		d.i = j
		return false
	}
	d.i = j
	d.push(step{at: i, kind: segIndex})
	return true
}

// StringMap reads an object into the map[string]string *m: null makes it
// nil; into a map that holds keys, the members are added (replacing equal
// keys); into an empty one, a key given twice is an error. A null member
// value is stored as "", as encoding/json does.
func (d *Decoder) StringMap(m *map[string]string) {
	if d.Null() {
		*m = nil
		return
	}
	if !d.BeginObject() {
		return
	}
	fresh := len(*m) == 0
	if *m == nil {
		*m = make(map[string]string)
	}
	mm := *m
	for {
		k, ok := d.Key()
		if !ok {
			return
		}
		if _, dup := mm[k]; dup && fresh {
			d.EnterKey()
			d.DuplicateKey(k)
			d.Pop()
			continue
		}
		i := skipSpace(d.data, d.i)
		if i < len(d.data) && d.data[i] == '"' {
			if v, ok := d.String(); ok {
				mm[k] = v
			}
			continue
		}
		if isNull(d.data, i) {
			d.i = i + 4
			mm[k] = ""
			continue
		}
		d.EnterKey()
		d.typeError("must be a string")
		d.Pop()
	}
}

// skipValue returns the index just past the JSON value at data[i], which
// is taken to be valid; on text that is not, it stops somewhere without
// panicking.
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = stringEnd(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	j := i
	for j < len(data) {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return j
		}
		j++
	}
	return j
}

// stringEnd returns the index just past the string at data[i] == '"', or
// len(data) when it does not end.
func stringEnd(data []byte, i int) int {
	j := i + 1
	for {
		// specialRun, inlined: most strings end in their first word.
		for j+8 <= len(data) {
			if m := specialMask(binary.LittleEndian.Uint64(data[j:]), false); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto special
			}
			j += 8
		}
		for j < len(data) && data[j] >= 0x20 && data[j] != '"' && data[j] != '\\' {
			j++
		}
		if j >= len(data) {
			return len(data)
		}
	special:
		switch data[j] {
		case '"':
			return j + 1
		case '\\':
			j += 2
		default: // a control byte, in text that is not JSON
			j++
		}
	}
}

// skipPlain is skipValue that also reports whether the value is plain: no
// space outside its strings and no \u escape inside them, so that a
// compact copy of it is a copy of its bytes.
func skipPlain(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return i, true
	}
	switch data[i] {
	case '"', '{', '[':
	default:
		return skipValue(data, i), true
	}
	plain := true
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			j := i + 1
			for j < len(data) {
				j = specialRun(data, j, false)
				if j >= len(data) || data[j] == '"' {
					break
				}
				if data[j] == '\\' {
					if j+1 < len(data) && data[j+1] == 'u' {
						plain = false
					}
					j++
				}
				j++
			}
			i = j + 1
			if depth == 0 {
				return min(i, len(data)), plain
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, plain
			}
		case ' ', '\t', '\n', '\r':
			plain = false
		}
		i++
	}
	return i, plain
}
