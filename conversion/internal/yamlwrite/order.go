package yamlwrite

import (
	"unicode"
	"unicode/utf8"
)

// naturalLess is the order yaml.v2 prints string map keys in (and so
// kubectl): at the first rune where a and b differ, two letters compare as
// runes, a non-letter sorts before a letter, and otherwise the runs of
// digits that start there compare as numbers (a zero inside a number keeps
// its value; a shorter run of equal value sorts first), then the runes
// themselves. A string sorts before a longer one that starts with it.
//
// a and b must be UTF-8: equal runes then have equal encodings, so the
// first differing rune starts at the same byte offset in both.
func naturalLess(a, b []byte) bool {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	// Step back to the start of the rune holding the first difference.
	for i > 0 && i < len(a) && i < len(b) && !utf8.RuneStart(a[i]) {
		i--
	}
	if i >= len(a) || i >= len(b) {
		return len(a) < len(b)
	}
	x, _ := utf8.DecodeRune(a[i:])
	y, _ := utf8.DecodeRune(b[i:])
	xl, yl := unicode.IsLetter(x), unicode.IsLetter(y)
	if xl || yl {
		if xl && yl {
			return x < y
		}
		return yl
	}
	// A zero that follows a non-zero digit is part of a larger number: both
	// sides count as starting from 1 there.
	var xv, yv int64
	if x == '0' || y == '0' {
		for k := i; k > 0; {
			r, size := utf8.DecodeLastRune(a[:k])
			if !unicode.IsDigit(r) {
				break
			}
			if r != '0' {
				xv, yv = 1, 1
				break
			}
			k -= size
		}
	}
	xe, xv := digitRun(a, i, xv)
	ye, yv := digitRun(b, i, yv)
	switch {
	case xv != yv:
		return xv < yv
	case xe != ye:
		return xe < ye
	}
	return x < y
}

// digitRun reads the digits of s from byte i on into v (as base-10 digits,
// whatever the script) and returns how many runes it read and the value.
func digitRun(s []byte, i int, v int64) (int, int64) {
	n := 0
	for i < len(s) {
		r, size := utf8.DecodeRune(s[i:])
		if !unicode.IsDigit(r) {
			break
		}
		v = v*10 + int64(r-'0')
		i += size
		n++
	}
	return n, v
}
