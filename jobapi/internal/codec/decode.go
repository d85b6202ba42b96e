package codec

import (
	"errors"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jobkit/jobkit/jobapi/field"
)

// ErrNotObject is the error of [ReadTypeMeta] for a document that is not a
// JSON object.
var ErrNotObject = errors.New("the document must be a JSON object")

// compactCopy returns valid JSON text without insignificant space, in new
// memory. UTF-16 surrogate escapes, which YAML cannot read, are replaced:
// a pair ("\ud83d\ude00") by the character it encodes, written as UTF-8;
// a lone surrogate ("\ud800") by "\ufffd", as encoding/json decodes it.
func compactCopy(val []byte) []byte {
	out := make([]byte, 0, len(val))
	inString := false
	for i := 0; i < len(val); i++ {
		c := val[i]
		if inString {
			switch c {
			case '\\':
				if i+1 < len(val) && val[i+1] == 'u' {
					r, n := surrogateEscapes(val[i:])
					switch {
					case n < 0:
						out = append(out, `\ufffd`...)
						i += 5
					case r >= 0:
						out = utf8.AppendRune(out, r)
						i += n - 1
					default:
						out = append(out, val[i:i+n]...)
						i += n - 1
					}
					continue
				}
				out = append(out, c)
				if i+1 < len(val) {
					i++
					out = append(out, val[i])
				}
			case '"':
				inString = false
				out = append(out, c)
			default:
				out = append(out, c)
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			inString = true
		}
		out = append(out, c)
	}
	return out
}

// surrogateEscapes looks at the \uXXXX escape at the start of s. For a
// surrogate pair it returns the character and 12, the pair's length; for
// a lone surrogate, n = -1; for any other escape, r = -1 and its length.
func surrogateEscapes(s []byte) (r rune, n int) {
	r, ok := hex4(s)
	switch {
	case !ok:
		return -1, 2
	case r >= 0xD800 && r < 0xDC00:
		if len(s) >= 12 {
			if r2, ok := hex4(s[6:]); ok && r2 >= 0xDC00 && r2 < 0xE000 {
				return utf16.DecodeRune(r, r2), 12
			}
		}
		return 0, -1
	case r >= 0xDC00 && r < 0xE000:
		return 0, -1
	}
	return -1, 6
}

// hex4 reads the four hex digits of a \uXXXX escape at the start of s.
func hex4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// ReadTypeMeta returns the top-level `apiVersion` and `kind` of the JSON
// object data without decoding the rest: it stops as soon as it has both.
// A member that is not a string is a field error naming it; a missing one
// is left empty. Text that is not an object (as far as it is read) is
// [ErrNotObject]. It does not check that the rest of data is valid JSON.
func ReadTypeMeta(data []byte) (apiVersion, kind string, err error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return "", "", ErrNotObject
	}
	var errs field.ErrorList
	haveKind, haveVersion := false, false
	it := newObjectIter(data, i)
	for !(haveKind && haveVersion) {
		key, val, done, ok := it.next()
		if done {
			break
		}
		if !ok {
			return "", "", ErrNotObject
		}
		var dst *string
		var name string
		switch string(key) {
		case `"kind"`:
			dst, name, haveKind = &kind, "kind", true
		case `"apiVersion"`:
			dst, name, haveVersion = &apiVersion, "apiVersion", true
		default:
			continue
		}
		if string(val) == "null" {
			continue
		}
		s, ok := unquote(val)
		if !ok {
			errs = append(errs, field.TypeInvalid(field.NewPath(name), badValue(val), "must be a string"))
			continue
		}
		*dst = s
	}
	return apiVersion, kind, errs.ToAggregate()
}
