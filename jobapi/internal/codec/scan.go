package codec

import (
	"encoding/binary"
	"math/bits"
)

// Scanning helpers over JSON text: space skipping and the plain runs of
// strings, eight bytes at a time, shared by the Decoder and the
// validation; and iterators over the members of an object and the
// elements of an array, which ReadTypeMeta (and the reflection reference
// of the tests) walk without building intermediate maps. They never panic
// on malformed text: the iterators report !ok.

// skipSpace returns the index of the first non-space byte at or after i.
// Indented text has runs of spaces after each newline: they are skipped
// eight bytes at a time.
func skipSpace(d []byte, i int) int {
	for i < len(d) {
		// Most calls find no space: one comparison says so for any
		// byte above ' '.
		if c := d[i]; c > ' ' || spaceBits&(1<<c) == 0 {
			return i
		}
		i++
		for i+8 <= len(d) {
			x := binary.LittleEndian.Uint64(d[i:]) ^ 0x2020202020202020
			if x != 0 {
				i += bits.TrailingZeros64(x) >> 3
				break
			}
			i += 8
		}
	}
	return i
}

// spaceBits has bit c set for each byte c that is JSON's insignificant
// space.
const spaceBits uint64 = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r'

// valueEnd returns the index just past the JSON value that starts at d[i].
func valueEnd(d []byte, i int) (int, bool) {
	if i >= len(d) {
		return i, false
	}
	switch d[i] {
	case '"':
		return scanStringEnd(d, i)
	case '{', '[':
		depth := 0
		for i < len(d) {
			switch d[i] {
			case '"':
				end, ok := scanStringEnd(d, i)
				if !ok {
					return end, false
				}
				i = end
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return i, false
	default: // number, true, false, null
		j := i
		for j < len(d) {
			switch d[j] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return j, j > i
			}
			j++
		}
		return j, j > i
	}
}

// stringEnd returns the index just past the string that starts at d[i].
func scanStringEnd(d []byte, i int) (int, bool) {
	for j := i + 1; j < len(d); j++ {
		switch d[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return len(d), false
}

// objectIter walks the members of a JSON object.
type objectIter struct {
	d     []byte
	i     int
	first bool
}

// newObjectIter starts at d[i] == '{'.
func newObjectIter(d []byte, i int) objectIter {
	return objectIter{d: d, i: i + 1, first: true}
}

// next returns the next member's quoted key and value; done at '}'.
func (it *objectIter) next() (key, val []byte, done, ok bool) {
	d := it.d
	i := skipSpace(d, it.i)
	if i < len(d) && d[i] == '}' {
		return nil, nil, true, true
	}
	if !it.first {
		if i >= len(d) || d[i] != ',' {
			return nil, nil, false, false
		}
		i = skipSpace(d, i+1)
	}
	it.first = false
	if i >= len(d) || d[i] != '"' {
		return nil, nil, false, false
	}
	kEnd, ok := scanStringEnd(d, i)
	if !ok {
		return nil, nil, false, false
	}
	key = d[i:kEnd]
	i = skipSpace(d, kEnd)
	if i >= len(d) || d[i] != ':' {
		return nil, nil, false, false
	}
	i = skipSpace(d, i+1)
	vEnd, ok := valueEnd(d, i)
	if !ok {
		return nil, nil, false, false
	}
	it.i = vEnd
	return key, d[i:vEnd], false, true
}

// arrayIter walks the elements of a JSON array.
type arrayIter struct {
	d     []byte
	i     int
	first bool
}

// newArrayIter starts at d[i] == '['.
func newArrayIter(d []byte, i int) arrayIter {
	return arrayIter{d: d, i: i + 1, first: true}
}

// next returns the next element; done at ']'.
func (it *arrayIter) next() (val []byte, done, ok bool) {
	d := it.d
	i := skipSpace(d, it.i)
	if i < len(d) && d[i] == ']' {
		return nil, true, true
	}
	if !it.first {
		if i >= len(d) || d[i] != ',' {
			return nil, false, false
		}
		i = skipSpace(d, i+1)
	}
	it.first = false
	vEnd, ok := valueEnd(d, i)
	if !ok {
		return nil, false, false
	}
	it.i = vEnd
	return d[i:vEnd], false, true
}

// SWAR constants: a byte repeated in each of the eight bytes of a word.
const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// specialRun returns the first index at or after j of a byte that ends a
// plain run inside a JSON string: '"', '\\' or a control byte (below
// 0x20); or len(s). With ascii, a byte of 0x80 and above ends it too. It
// looks at eight bytes at a time.
func specialRun(s []byte, j int, ascii bool) int {
	for j+8 <= len(s) {
		if m := specialMask(binary.LittleEndian.Uint64(s[j:]), ascii); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
		j += 8
	}
	for j < len(s) {
		c := s[j]
		if c == '"' || c == '\\' || c < 0x20 || ascii && c >= 0x80 {
			return j
		}
		j++
	}
	return j
}

// specialMask flags, with its high bit, each of the eight bytes of x (in
// little-endian order) that ends a plain run as specialRun says, except
// that a byte above a flagged one may be flagged too (a borrow): the
// lowest flag is exact.
func specialMask(x uint64, ascii bool) uint64 {
	// A byte's high bit in q-1 is set where q's byte is 0 (x's is '"'),
	// or where x's byte is 0x80 and above (q's high bit is x's); in
	// x-0x20 where x's byte is below 0x20, or 0xA0 and above. Those of
	// 0x80 and above are then cleared, or all flagged with ascii.
	q := x ^ (swarOnes * '"')
	b := x ^ (swarOnes * '\\')
	m := (q - swarOnes) | (b - swarOnes) | (x - swarOnes*0x20)
	if ascii {
		m |= x
	} else {
		m &^= x
	}
	return m & swarHighs
}

// validString returns the index just past the JSON string at s[i] == '"'
// and whether it is one: no control byte inside, every escape one that
// JSON has. Bytes of 0x80 and above are taken as they are (JSON's
// validity does not depend on UTF-8), eight bytes at a time.
func validString(s []byte, i int) (int, bool) {
	j := i + 1
	for j+8 <= len(s) {
		if m := specialMask(binary.LittleEndian.Uint64(s[j:]), false); m != 0 {
			if j += bits.TrailingZeros64(m) >> 3; s[j] == '"' {
				return j + 1, true
			}
			return validEscaped(s, j)
		}
		j += 8
	}
	return validStringTail(s, j)
}

// validEscaped is validString from s[j], a '\\' or a control byte inside
// the string: escapes come in runs (JSON text inside a string), so the
// special bytes of a word are flagged exactly and read one after the
// other without loading the word again after each escape.
func validEscaped(s []byte, j int) (int, bool) {
words:
	for j+8 <= len(s) {
		m := exactSpecials(binary.LittleEndian.Uint64(s[j:]))
		for m != 0 {
			p := bits.TrailingZeros64(m) >> 3
			switch s[j+p] {
			case '"':
				return j + p + 1, true
			case '\\':
				e := j + p + 1
				if e >= len(s) {
					return e, false
				}
				switch s[e] {
				case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
					if p == 7 {
						j = e + 1
						continue words
					}
					// The escaped byte is not special.
					m &^= 0x80 << (8 * (p + 1))
				case 'u':
					if !fourHex(s, e+1) {
						return e, false
					}
					j = e + 5
					continue words
				default:
					return e, false
				}
			default: // a control byte
				return j + p, false
			}
			m &= m - 1
		}
		j += 8
	}
	return validStringTail(s, j)
}

// exactSpecials flags, with its high bit, each of the eight bytes of x
// that is '"', '\\' or below 0x20: exactly, unlike specialMask (no borrow
// from one byte to the next).
func exactSpecials(x uint64) uint64 {
	const lo7 = swarOnes * 0x7F
	q := x ^ (swarOnes * '"')
	b := x ^ (swarOnes * '\\')
	// A byte's high bit in (y&0x7F)+0x7F is set unless y's low seven
	// bits are 0; with y's own high bit, unless y is 0.
	zq := ((q & lo7) + lo7) | q
	zb := ((b & lo7) + lo7) | b
	// Set unless x's byte is below 0x20.
	ge := ((x & lo7) + swarOnes*0x60) | x
	return ^(zq & zb & ge) & swarHighs
}

// fourHex reports whether s holds four hex digits from index i.
func fourHex(s []byte, i int) bool {
	if len(s)-i < 4 {
		return false
	}
	for _, h := range s[i : i+4] {
		if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
			return false
		}
	}
	return true
}

// validStringTail is validString for the last bytes of s, from j (inside
// the string, not after a backslash), one at a time.
func validStringTail(s []byte, j int) (int, bool) {
	for j < len(s) {
		switch c := s[j]; {
		case c == '"':
			return j + 1, true
		case c < 0x20:
			return j, false
		case c == '\\':
			e := j + 1
			if e >= len(s) {
				return e, false
			}
			switch s[e] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j = e + 1
			case 'u':
				if !fourHex(s, e+1) {
					return e, false
				}
				j = e + 5
			default:
				return e, false
			}
		default:
			j++
		}
	}
	return j, false
}

// validCompact is validValue for a value written without insignificant
// space (the members a decoder keeps as text, and the raw JSON an encoder
// writes, mostly): the index just past the JSON value at s[i], which must
// hold no space outside its strings, that is, text json.Compact leaves
// unchanged. It reports !ok for space, for text that is not JSON and for
// nesting deeper than maxCompactDepth; never ok for text that is not
// JSON.
func validCompact(s []byte, i, depth int) (int, bool) {
	if i >= len(s) || depth > maxCompactDepth {
		return i, false
	}
	var ok bool
	switch s[i] {
	case '{':
		i++
		if i < len(s) && s[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(s) || s[i] != '"' {
				return i, false
			}
			if i, ok = validString(s, i); !ok || i >= len(s) || s[i] != ':' {
				return i, false
			}
			i++
			if i < len(s) && s[i] == '"' {
				i, ok = validString(s, i)
			} else {
				i, ok = validCompact(s, i, depth+1)
			}
			if !ok || i >= len(s) {
				return i, false
			}
			switch s[i] {
			case ',':
				i++
			case '}':
				return i + 1, true
			default:
				return i, false
			}
		}
	case '[':
		i++
		if i < len(s) && s[i] == ']' {
			return i + 1, true
		}
		for {
			if i, ok = validCompact(s, i, depth+1); !ok || i >= len(s) {
				return i, false
			}
			switch s[i] {
			case ',':
				i++
			case ']':
				return i + 1, true
			default:
				return i, false
			}
		}
	case '"':
		return validString(s, i)
	case 't':
		return literal(s, i, "true")
	case 'f':
		return literal(s, i, "false")
	case 'n':
		return literal(s, i, "null")
	}
	return compactNumber(s, i)
}
