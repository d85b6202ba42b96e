// Package yamlv2 holds the rules of goyaml.v2 (the YAML library behind
// sigs.k8s.io/yaml, and so behind the API server) that jobkit's YAML
// reader and writer both follow: which plain scalars it reads as floats
// and as timestamps. The reader resolves scalars with them; the writer
// quotes the strings that would otherwise read back as something else.
//
// Non-goals: the rest of goyaml.v2's resolution (booleans, nulls,
// integers) is written where it is used, since the reader and the writer
// need different answers from it (a value, or only whether a string
// survives).
package yamlv2

import "time"

// timestampLayouts are the layouts goyaml.v2 reads timestamps with.
var timestampLayouts = [...]string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// ParseTimestamp reports whether goyaml.v2 reads the plain scalar s as a
// timestamp: four digits, a dash, and then one of its layouts.
func ParseTimestamp(s string) (time.Time, bool) {
	if len(s) <= 4 || s[4] != '-' {
		return time.Time{}, false
	}
	for _, c := range s[:4] {
		if c < '0' || c > '9' {
			return time.Time{}, false
		}
	}
	for _, layout := range timestampLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// IsFloat reports whether s has goyaml.v2's float form,
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ (underscores
// already removed); strconv.ParseFloat then decides its value.
func IsFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
