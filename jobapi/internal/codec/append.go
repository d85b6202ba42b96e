package codec

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The typed encoder's runtime: the helpers the generated AppendJSON methods
// (see jobapi/internal/gen) call. They append to one growing buffer and
// write exactly the bytes [Marshal] writes, without reflection. Errors are
// *EncodeError values whose path the generated code completes on the way
// out (InMember, InIndex, InKey), so that a successful encoding spends
// nothing on paths.

// EncodeError is an error of the typed encoder: its message and the path
// to the value that caused it. Its text is the one [Marshal] gives for the
// same value.
type EncodeError struct {
	rev []segment // the path, innermost segment first
	msg string
}

// Error returns "encoding JSON: <path>: <message>", or "encoding JSON:
// <message>" at the root.
func (e *EncodeError) Error() string {
	var p *field.Path
	for i := len(e.rev) - 1; i >= 0; i-- {
		s := e.rev[i]
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
	if p == nil {
		return "encoding JSON: " + e.msg
	}
	return "encoding JSON: " + p.String() + ": " + e.msg
}

func encodeError(format string, args ...any) error {
	return &EncodeError{msg: fmt.Sprintf(format, args...)}
}

// within adds the segment s in front of the path of err.
func within(err error, s segment) error {
	if e, ok := err.(*EncodeError); ok {
		e.rev = append(e.rev, s)
		return e
	}
	return err
}

// InMember returns err, raised inside the member name of an object, with
// that member in front of its path.
func InMember(err error, name string) error { return within(err, segment{name: name}) }

// InIndex returns err, raised inside element i of a list, with that index
// in front of its path.
func InIndex(err error, i int) error { return within(err, segment{index: i, kind: segIndex}) }

// InKey returns err, raised inside the value of key of a map, with that key
// in front of its path.
func InKey(err error, key string) error { return within(err, segment{name: key, kind: segKey}) }

// AppendString appends s as a JSON string, escaped exactly as
// encoding/json escapes it (HTML-safe: <, > and & as \u003c, \u003e and
// \u0026; U+2028 and U+2029 escaped; invalid UTF-8 as \ufffd).
func AppendString(b []byte, s string) []byte {
	if cap(b)-len(b) < len(s)+2 {
		b = grow(b, len(s)+2)
	}
	b = append(b, '"')
	// Most strings need no escape: find the plain prefix and copy it at
	// once.
	i := plainPrefix(s)
	b = append(b, s[:i]...)
	for i < len(s) {
		// After an escape: up to eight plain bytes copied one by one
		// (in JSON inside a string the next quote is near), then the
		// rest of a long run found a word at a time and copied at once.
		n := min(len(s), i+8)
		for ; i < n && escapeTable[s[i]] == 0; i++ {
			b = append(b, s[i])
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if escapeTable[c] == 0 {
			j := plainRun(s, i)
			b = append(b, s[i:j]...)
			i = j
			continue
		}
		if c < utf8.RuneSelf {
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// plainPrefix returns the index of the first byte of s that needs an
// escape (see escapeTable), or len(s). It tests eight bytes at a time (four
// in a string shorter than eight), the last word overlapping the one
// before it rather than ending in a byte loop: the strings of an object
// are mostly a dozen bytes long, and a loop over their bytes was a quarter
// of encoding.
func plainPrefix(s string) int {
	n := len(s)
	if n < 8 {
		if n < 4 {
			i := 0
			for i < n && escapeTable[s[i]] == 0 {
				i++
			}
			return i
		}
		x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[n-4])<<32 | uint64(s[n-3])<<40 | uint64(s[n-2])<<48 | uint64(s[n-1])<<56
		m := specialBytes(x)
		if m == 0 {
			return n
		}
		// The low half holds bytes 0-3, the high half bytes n-4..n-1; a
		// borrow never crosses from a plain byte, so the lowest flag is
		// the first special byte of each half.
		k := bits.TrailingZeros64(m) >> 3
		if k < 4 {
			return k
		}
		return n - 8 + k
	}
	i := 0
	for ; i+8 <= n; i += 8 {
		if m := specialBytes(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i == n {
		return n
	}
	// The bytes of the last word below i are plain, so its lowest flag
	// is the first special byte at or after i.
	if m := specialBytes(load64(s, n-8)); m != 0 {
		return n - 8 + bits.TrailingZeros64(m)>>3
	}
	return n
}

// plainRun returns the index of the first byte at or after s[i] that
// needs an escape (see escapeTable), or len(s), eight bytes at a time.
func plainRun(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := specialBytes(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(s) && escapeTable[s[i]] == 0 {
		i++
	}
	return i
}

// load64 returns the eight bytes of s at i as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// specialBytes flags, with its high bit, each byte of x that needs an
// escape: a byte >= 0x80 (its own high bit), below 0x20 (x - 0x20
// wraps), or equal to one of the five special characters (x xor the
// character is zero there, which the subtraction turns to 0xff). The
// subtractions borrow only out of a byte they flag, so the lowest flag is
// exact; flags above a special byte may be false.
func specialBytes(x uint64) uint64 {
	return (x | (x - swarOnes*0x20) |
		(x ^ swarOnes*'"' - swarOnes) | (x ^ swarOnes*'\\' - swarOnes) |
		(x ^ swarOnes*'<' - swarOnes) | (x ^ swarOnes*'>' - swarOnes) |
		(x ^ swarOnes*'&' - swarOnes)) & swarHighs
}

// escapeTable flags, for every byte value, the bytes AppendString does
// not copy as they are: control characters, '"', '&', '<', '>', '\\'
// and the bytes of multi-byte sequences.
const escapeTable = "" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x01\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"

const hexDigits = "0123456789abcdef"

// AppendStringMap appends m as a JSON object with its keys sorted, or null
// for a nil map, as encoding/json writes a map[string]string.
func AppendStringMap(b []byte, m map[string]string) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	if len(m) == 1 {
		// A selector's matchLabels, a Job's labels: one pass, no sort.
		for k, v := range m {
			b = AppendString(b, k)
			b = append(b, ':')
			b = AppendString(b, v)
		}
		return append(b, '}')
	}
	// The entries, read in one pass (no lookup per key), sorted by key;
	// a small map's stay on the stack.
	var arr [16]stringEntry
	entries := arr[:0]
	for k, v := range m {
		entries = append(entries, stringEntry{k, v})
	}
	slices.SortFunc(entries, func(x, y stringEntry) int { return strings.Compare(x.key, y.key) })
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, e.key)
		b = append(b, ':')
		b = AppendString(b, e.value)
	}
	return append(b, '}')
}

// stringEntry is one entry of a map[string]string.
type stringEntry struct{ key, value string }

// Buffer returns an empty buffer for an object whose SizeJSON is size:
// what a generated MarshalJSON encodes into, so that encoding allocates
// once, the result. Its capacity is size and ReserveSize more, which keeps
// the nested AppendJSON calls near its end from growing it, plus room for
// escapes, which SizeJSON does not count: a sixteenth of size (a
// manifest's last-applied-configuration annotation is JSON inside a
// string, its every quote escaped), less where that much would land the
// buffer in one of Go's 8, 16, 24 or 32 KiB size classes. Those hold one
// object per span, so each such buffer costs the allocator a fresh span:
// encoding the kubectl manifest took a fifth longer in an 8 KiB buffer
// than in the 6.6 KiB one below it. An object with more escapes than the
// room grows the buffer once.
func Buffer(size int) []byte {
	need := size + ReserveSize
	n := need + size/16
	// Go's size classes holding one object per span, each with the
	// largest size of the class below it.
	oneObjectClasses := [...]struct{ below, size int }{
		{6912, 8192}, {14336, 16384}, {21760, 24576}, {28672, 32768},
	}
	for _, c := range oneObjectClasses {
		if n > c.below && n <= c.size {
			n = max(need, c.below)
			break
		}
	}
	return make([]byte, 0, n)
}

// Finish returns b, or nil and err when encoding failed.
func Finish(b []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return b, nil
}

// The sizes below are what the generated SizeJSON methods add up: the
// length of the JSON text the matching Append writes, exact when no string
// needs escaping and every RawJSON is compact.

// SizeInt returns the length of v written in decimal.
func SizeInt(v int64) int {
	if v < 0 {
		if v == -1<<63 {
			return 20
		}
		return 1 + SizeUint(uint64(-v))
	}
	return SizeUint(uint64(v))
}

// SizeUint returns the length of v written in decimal.
func SizeUint(v uint64) int {
	n := 1
	for v >= 10000 {
		v /= 10000
		n += 4
	}
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

// SizeBool returns the length of true or false.
func SizeBool(v bool) int {
	if v {
		return 4
	}
	return 5
}

// SizeString returns the length of s as a JSON string when it needs no
// escape.
func SizeString(s string) int { return len(s) + 2 }

// SizeStringMap returns the length of what AppendStringMap writes for m.
func SizeStringMap(m map[string]string) int {
	if m == nil {
		return 4
	}
	n := 1
	for k, v := range m {
		n += len(k) + len(v) + 6
	}
	if len(m) == 0 {
		n++
	}
	return n
}

// SizeUnknown returns the length of what AppendUnknown writes for u, each
// member's separator included.
func SizeUnknown[U ~map[string]R, R ~[]byte](u U) int {
	n := 0
	for k, raw := range u {
		n += len(k) + 4 + SizeRawJSON(raw)
	}
	return n
}

// SizeBytes returns the length of a byte slice of n bytes as
// encoding/json writes it: a base64 string.
func SizeBytes(n int) int { return (n+2)/3*4 + 2 }

// SizeFloat is the room counted for a float, whose length SizeJSON does not
// work out: the longest float64 encoding/json writes.
const SizeFloat = 24

// AppendRawJSON appends the JSON text r compacted, or null when r is
// empty; it is an error when r is not JSON (meta.RawJSON.AppendJSON).
func AppendRawJSON(b, r []byte) ([]byte, error) {
	if len(r) == 0 {
		return append(b, "null"...), nil
	}
	b, err := appendCompact(b, r)
	if err != nil {
		return b, encodeError("must be valid JSON: %v", err)
	}
	return b, nil
}

// SizeRawJSON returns the length of what AppendRawJSON writes when r is
// compact.
func SizeRawJSON(r []byte) int {
	if len(r) == 0 {
		return 4
	}
	return len(r)
}

// ReserveSize is the room [Reserve] makes.
const ReserveSize = 256

// Reserve returns b with room for at least ReserveSize more bytes,
// doubling its capacity when it has less. Every generated AppendJSON
// starts with it, so that encoding a large object grows its buffer
// geometrically instead of by append's quarters.
func Reserve(b []byte) []byte {
	if cap(b)-len(b) < ReserveSize {
		return grow(b, ReserveSize)
	}
	return b
}

// grow returns b with room for at least n more bytes, doubling its
// capacity: append grows large slices by a quarter at a time, which
// made encoding a large object copy its output about six times over.
func grow(b []byte, n int) []byte {
	c := 2 * cap(b)
	if c < len(b)+n {
		c = len(b) + n
	}
	nb := make([]byte, len(b), c)
	copy(nb, b)
	return nb
}

// appendCompact appends the JSON text src as encoding/json writes a
// json.RawMessage: without insignificant space, and with <, >, &, U+2028
// and U+2029 in its strings escaped. It returns json.Compact's error when
// src is not JSON.
func appendCompact(b, src []byte) ([]byte, error) {
	if end, ok := validCompact(src, 0, 0); ok && end == len(src) && !htmlUnsafe(src) {
		return append(b, src...), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, src); err != nil {
		return b, err
	}
	if !htmlUnsafe(buf.Bytes()) {
		return append(b, buf.Bytes()...), nil
	}
	out := bytes.NewBuffer(b)
	json.HTMLEscape(out, buf.Bytes())
	return out.Bytes(), nil
}

// htmlUnsafe reports whether the JSON text s holds a byte encoding/json
// escapes in strings when it writes raw JSON: <, >, &, or the first byte
// of U+2028 or U+2029 (valid JSON has none of them outside strings). It
// tests eight bytes at a time while they are ASCII, as plainRun does.
func htmlUnsafe(s []byte) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64(s[i:])
		// A byte equal to one of the three characters has its high bit
		// set in m (so may an ordinary byte, through a borrow); a word
		// with a byte >= 0x80 goes to the byte loop too.
		m := x | (x ^ swarOnes*'<' - swarOnes) | (x ^ swarOnes*'>' - swarOnes) |
			(x ^ swarOnes*'&' - swarOnes)
		if m&swarHighs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case '<', '>', '&':
			return true
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

// Leaf returns what a leaf type's own AppendJSON method (meta.Time, a
// quantity, IntOrString, RawJSON) returned, its error made an
// *EncodeError so that the generated code can put the path in front.
func Leaf(b []byte, err error) ([]byte, error) {
	if err == nil {
		return b, nil
	}
	if _, ok := err.(*EncodeError); ok {
		return b, err
	}
	return b, encodeError("%v", err)
}

// AppendViaJSON appends v as encoding/json writes it: the types jobkit's
// API types do not use on hot paths (floats, byte slices).
func AppendViaJSON(b []byte, v any) ([]byte, error) {
	out, err := json.Marshal(v)
	if err != nil {
		return b, encodeError("%v", err)
	}
	return append(b, out...), nil
}

// AppendUnknown appends the members of u sorted by name, each preceded by
// sep, which becomes ',' after the first; it returns the separator for
// what follows. modeled reports the member names the struct models: u
// holding one is an error, as is a value that is not JSON.
func AppendUnknown[U ~map[string]R, R ~[]byte](b []byte, sep byte, u U, modeled func(string) bool) ([]byte, byte, error) {
	var arr [16]string
	names := arr[:0]
	for k := range u {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, name := range names {
		if modeled(name) {
			return b, sep, encodeError("Unknown holds %q, a field this type models: set the field instead", name)
		}
		raw := u[name]
		b = append(b, sep)
		sep = ','
		b = AppendString(b, name)
		b = append(b, ':')
		if len(raw) == 0 {
			b = append(b, "null"...)
			continue
		}
		var err error
		if b, err = appendCompact(b, raw); err != nil {
			return b, sep, encodeError("Unknown member %q must be valid JSON: %v", name, err)
		}
	}
	return b, sep, nil
}

// maxCompactDepth bounds validCompact's recursion; deeper values take the
// slow path.
const maxCompactDepth = 512

func literal(s []byte, i int, lit string) (int, bool) {
	if len(s)-i >= len(lit) && string(s[i:i+len(lit)]) == lit {
		return i + len(lit), true
	}
	return i, false
}

// compactNumber returns the index just past the JSON number at s[i].
func compactNumber(s []byte, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i >= len(s):
		return i, false
	case s[i] == '0':
		i++
	case s[i] >= '1' && s[i] <= '9':
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}
