package conversion

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"sigs.k8s.io/yaml"
)

// JSONToYAML converts JSON to YAML as sigs.k8s.io/yaml.JSONToYAML does
// (and so as kubectl prints objects), except that it first writes as a
// \u escape, inside JSON strings, every character the YAML reader refuses
// to read raw: DEL and the C1 control characters, U+FFFE and U+FFFF, and
// NEL (U+0085), which the reader would fold into a space. JSON allows all
// of them, and sigs.k8s.io/yaml fails on them ("control characters are not
// allowed") or changes them; escaped, they come out of the YAML emitter
// as escapes and read back unchanged. Bytes that are not UTF-8 become
// U+FFFD, as encoding/json makes them when it decodes.
func JSONToYAML(j []byte) ([]byte, error) {
	y, err := yaml.JSONToYAML(escapeForYAML(j))
	if err != nil {
		return nil, fmt.Errorf("conversion: YAML: %w", err)
	}
	return y, nil
}

// MarshalYAML writes v as YAML: encoding/json, then [JSONToYAML].
func MarshalYAML(v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("conversion: JSON: %w", err)
	}
	return JSONToYAML(j)
}

// escapeForYAML returns j with the characters YAML cannot hold raw written
// as \u escapes. Outside strings JSON is ASCII, so every such character is
// inside a string, where an escape means the same. j is returned as it is
// when it has none (the common case: one scan, no allocation).
func escapeForYAML(j []byte) []byte {
	i := 0
	for i < len(j) {
		if j[i] < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(j[i:])
		if yamlUnsafe(r, size) {
			break
		}
		i += size
	}
	if i == len(j) {
		return j
	}
	out := make([]byte, 0, len(j)+32)
	out = append(out, j[:i]...)
	for i < len(j) {
		r, size := utf8.DecodeRune(j[i:])
		if yamlUnsafe(r, size) {
			// For bytes that are not UTF-8, r is already U+FFFD.
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, j[i:i+size]...)
		}
		i += size
	}
	return out
}

// yamlUnsafe reports whether the rune r (of size bytes) must be escaped:
// it is not printable for YAML 1.1, or it is NEL, or the bytes are not
// UTF-8. C0 control characters never reach here: JSON escapes them.
func yamlUnsafe(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0xfffe, r == 0xffff:
		return true
	}
	return false
}
