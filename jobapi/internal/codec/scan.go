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
		switch d[i] {
		case ' ', '\t', '\n', '\r':
		default:
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
		x := binary.LittleEndian.Uint64(s[j:])
		q := x ^ (swarOnes * '"')
		b := x ^ (swarOnes * '\\')
		m := (q-swarOnes)&^q | (b-swarOnes)&^b | (x - swarOnes*0x20)
		if ascii {
			m |= x
		} else {
			m &^= x
		}
		if m&swarHighs != 0 {
			break
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
