package yamlwrite

import (
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/conversion/internal/yamlv2"
)

// resolvesToString reports whether goyaml.v2 would read s, written as a
// plain scalar, back as the string s (and so may write it plain): not as a
// bool, null, int, float, timestamp or merge key under its YAML 1.1 rules,
// and not a base-60 float, which it quotes for older readers.
func resolvesToString(s []byte) bool {
	if len(s) == 0 {
		return false // null
	}
	switch c := s[0]; {
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		if !mayBeNumberOrTime(s) {
			return true // strconv would fail, and allocate its error
		}
		str := string(s)
		return !isBase60Float(str) && !resolvesToNumberOrTime(str)
	case c == '.':
		if oneOf(s, ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF") {
			return false
		}
		_, err := strconv.ParseFloat(string(s), 64)
		return err != nil
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		return !oneOf(s, "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
			"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF",
			"~", "null", "Null", "NULL")
	}
	return true
}

// oneOf reports whether s is one of words.
func oneOf(s []byte, words ...string) bool {
	for _, w := range words {
		if string(s) == w {
			return true
		}
	}
	return false
}

// mayBeNumberOrTime is a quick test that s (starting with a sign or a
// digit) is not a timestamp, base-60 float, int, uint or float for
// resolvesToNumberOrTime and isBase60Float: false when s has a byte none
// of them accept, or a sign past the start that follows neither an
// exponent's e nor a binary int's 0b.
func mayBeNumberOrTime(s []byte) bool {
	if len(s) >= 5 && s[4] == '-' {
		return true // maybe a timestamp
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
		case c == 'x' || c == 'X' || c == 'o' || c == 'O' || c == '_' || c == '.' || c == ':':
		case c == '+' || c == '-':
			// A sign may follow an exponent's e, and the 0b of a binary
			// int (yaml.v2 parses "0b-101" as -5), underscores between.
			if i > 0 && strings.IndexByte("eEbB_", s[i-1]) < 0 {
				return false
			}
		case c == 'i' || c == 'n' || c == 'I' || c == 'N':
			// "+.inf", "-.INF" and the like.
		default:
			return false
		}
	}
	return true
}

// resolvesToNumberOrTime is yaml.v2's resolution of a plain scalar that
// starts with a sign or a digit: "+.inf" and "-.inf" spellings, a
// timestamp, then, with underscores removed, an int in any Go base prefix,
// a uint, a YAML-style float and a 0b binary int.
func resolvesToNumberOrTime(s string) bool {
	switch s {
	case "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF":
		return true
	}
	if _, ok := yamlv2.ParseTimestamp(s); ok {
		return true
	}
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	if yamlv2.IsFloat(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(plain, "0b"); ok {
		if _, err := strconv.ParseInt(rest, 2, 64); err == nil {
			return true
		}
		if _, err := strconv.ParseUint(rest, 2, 64); err == nil {
			return true
		}
	} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
		if _, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
			return true
		}
	}
	return false
}

// isBase60Float matches ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
// (s starts with a sign or a digit).
func isBase60Float(s string) bool {
	if strings.IndexByte(s, ':') < 0 {
		return false
	}
	i := 0
	if s[i] == '-' || s[i] == '+' {
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return false
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	groups := 0
	for i < len(s) && s[i] == ':' {
		i++
		// [0-5]?[0-9]: one or two digits, the first of two at most 5.
		switch {
		case i+1 < len(s) && s[i] >= '0' && s[i] <= '5' && s[i+1] >= '0' && s[i+1] <= '9':
			i += 2
		case i < len(s) && s[i] >= '0' && s[i] <= '9':
			i++
		default:
			return false
		}
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
			i++
		}
	}
	return i == len(s)
}
