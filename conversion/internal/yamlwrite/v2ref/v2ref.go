// Package v2ref keeps jobkit's first JSON-to-YAML converter, which decodes
// the JSON with goyaml.v2 into a MapSlice, sorts the keys and marshals it
// back with goyaml.v2. It is the reference the streaming writer in
// package yamlwrite is compared with, byte for byte, by the differential
// tests and fuzz targets; nothing outside tests may import it, so goyaml.v2
// stays out of the run-time path.
//
// Non-goals: speed, and any behaviour of its own: it is frozen as it was
// when conversion.JSONToYAML used it.
package v2ref

import (
	"fmt"
	"sort"
	"unicode"
	"unicode/utf8"

	yamlv2 "sigs.k8s.io/yaml/goyaml.v2"
)

// JSONToYAML is the old conversion.JSONToYAML: it wraps j as {"v": j}
// (with the characters the YAML reader refuses written as \u escapes),
// decodes that with goyaml.v2 into a MapSlice, sorts every map's keys in
// yaml.v2's natural order (stable), and marshals the value with goyaml.v2.
func JSONToYAML(j []byte) ([]byte, error) {
	// Decoding into a MapSlice keeps the order of the keys, and yaml.v2
	// then decodes every nested map as a MapSlice too; the wrapper object
	// lets j be any JSON value, not only an object.
	wrapped := make([]byte, 0, len(j)+8)
	wrapped = append(append(append(wrapped, `{"v":`...), escapeForYAML(j)...), '}')
	var doc yamlv2.MapSlice
	if err := yamlv2.Unmarshal(wrapped, &doc); err != nil {
		return nil, fmt.Errorf("conversion: YAML: %w", err)
	}
	if len(doc) != 1 {
		return nil, fmt.Errorf("conversion: YAML: the input must be one JSON value")
	}
	v := doc[0].Value
	sortKeys(v)
	y, err := yamlv2.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("conversion: YAML: %w", err)
	}
	return y, nil
}

// sortKeys sorts the keys of every map in v, at every depth, with a stable
// sort: from the same input order it always gives the same result, even
// where naturalLess is not a strict weak order.
func sortKeys(v any) {
	switch v := v.(type) {
	case yamlv2.MapSlice:
		sort.SliceStable(v, func(i, j int) bool { return keyLess(v[i].Key, v[j].Key) })
		for i := range v {
			sortKeys(v[i].Value)
		}
	case []any:
		for _, e := range v {
			sortKeys(e)
		}
	}
}

// keyLess orders two map keys. Keys decoded from JSON are strings; any
// other key sorts by its printed form, after the strings.
func keyLess(a, b any) bool {
	as, aok := a.(string)
	bs, bok := b.(string)
	switch {
	case aok && bok:
		return naturalLess(as, bs)
	case aok != bok:
		return aok
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}

// naturalLess is the order yaml.v2 prints string map keys in (and so
// kubectl): at the first rune where a and b differ, two letters compare as
// runes, a non-letter sorts before a letter, and otherwise the runs of
// digits that start there compare as numbers (a zero inside a number keeps
// its value; a shorter run of equal value sorts first), then the runes
// themselves. A string sorts before a longer one that starts with it.
func naturalLess(a, b string) bool {
	ar, br := []rune(a), []rune(b)
	n := min(len(ar), len(br))
	for i := 0; i < n; i++ {
		x, y := ar[i], br[i]
		if x == y {
			continue
		}
		xl, yl := unicode.IsLetter(x), unicode.IsLetter(y)
		if xl || yl {
			if xl && yl {
				return x < y
			}
			return yl
		}
		// A zero that follows a non-zero digit of a is part of a larger
		// number: both sides count as starting from 1 there.
		var xv, yv int64
		if x == '0' || y == '0' {
			for k := i - 1; k >= 0 && unicode.IsDigit(ar[k]); k-- {
				if ar[k] != '0' {
					xv, yv = 1, 1
					break
				}
			}
		}
		xe, xv := digitRun(ar, i, xv)
		ye, yv := digitRun(br, i, yv)
		switch {
		case xv != yv:
			return xv < yv
		case xe != ye:
			return xe < ye
		}
		return x < y
	}
	return len(ar) < len(br)
}

// digitRun reads the digits of r from i on into v (as base-10 digits) and
// returns where they end and the value.
func digitRun(r []rune, i int, v int64) (int, int64) {
	for ; i < len(r) && unicode.IsDigit(r[i]); i++ {
		v = v*10 + int64(r[i]-'0')
	}
	return i, v
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
