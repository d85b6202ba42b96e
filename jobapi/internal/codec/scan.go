package codec

// A minimal scanner over JSON text that is already known to be valid (the
// entry points check it once with json.Valid). It finds the extent of
// values so that decoding can walk objects and arrays without building
// intermediate maps. It never panics on malformed text: it reports !ok.

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(d []byte, i int) int {
	for i < len(d) {
		switch d[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
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
		return stringEnd(d, i)
	case '{', '[':
		depth := 0
		for i < len(d) {
			switch d[i] {
			case '"':
				end, ok := stringEnd(d, i)
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
func stringEnd(d []byte, i int) (int, bool) {
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
	kEnd, ok := stringEnd(d, i)
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
