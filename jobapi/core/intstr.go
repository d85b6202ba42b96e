package core

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/jobkit/jobkit/jobapi/internal/codec"
)

// IntOrString is a value that is either a 32-bit integer or a string, such
// as a probe's port: 8080 or "http". Its JSON is a number when Type is
// IntType and a string when Type is StringType, like Kubernetes'
// intstr.IntOrString. The zero value is the integer 0.
type IntOrString struct {
	Type   IntOrStringType
	IntVal int32
	StrVal string
}

// IntOrStringType says which member of an [IntOrString] holds its value.
type IntOrStringType int64

// The kinds of IntOrString value.
const (
	// IntType: the value is IntVal.
	IntType IntOrStringType = iota
	// StringType: the value is StrVal.
	StringType
)

// FromInt32 returns the IntOrString holding the integer i.
func FromInt32(i int32) IntOrString {
	return IntOrString{Type: IntType, IntVal: i}
}

// FromString returns the IntOrString holding the string s.
func FromString(s string) IntOrString {
	return IntOrString{Type: StringType, StrVal: s}
}

// String returns the string, or the integer in decimal.
func (v IntOrString) String() string {
	if v.Type == StringType {
		return v.StrVal
	}
	return strconv.FormatInt(int64(v.IntVal), 10)
}

// IntValue returns the integer, or the string parsed as a decimal integer
// (0 when it is not one).
func (v IntOrString) IntValue() int {
	if v.Type == StringType {
		i, _ := strconv.Atoi(v.StrVal)
		return i
	}
	return int(v.IntVal)
}

// MarshalJSON writes a JSON number or a JSON string according to Type.
func (v IntOrString) MarshalJSON() ([]byte, error) {
	return codec.Finish(v.AppendJSON(make([]byte, 0, v.SizeJSON())))
}

// AppendJSON appends what MarshalJSON writes to b.
func (v IntOrString) AppendJSON(b []byte) ([]byte, error) {
	switch v.Type {
	case IntType:
		return strconv.AppendInt(b, int64(v.IntVal), 10), nil
	case StringType:
		return codec.AppendString(b, v.StrVal), nil
	default:
		return b, errors.New("IntOrString: Type must be IntType or StringType")
	}
}

// SizeJSON returns the length of what MarshalJSON writes when the string
// needs no escape.
func (v IntOrString) SizeJSON() int {
	if v.Type == StringType {
		return codec.SizeString(v.StrVal)
	}
	return codec.SizeInt(int64(v.IntVal))
}

// UnmarshalJSON reads a JSON string as a string and anything else as a
// 32-bit integer, as Kubernetes does: a fraction or a number out of the
// int32 range is an error, and null leaves the integer 0.
func (v *IntOrString) UnmarshalJSON(b []byte) error {
	if s, ok := plainJSONString(b); ok {
		*v = IntOrString{Type: StringType, StrVal: s}
		return nil
	}
	if i, ok := smallJSONInt(b); ok {
		*v = IntOrString{Type: IntType, IntVal: i}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*v = IntOrString{Type: StringType, StrVal: s}
		return nil
	}
	var i int32
	if err := json.Unmarshal(b, &i); err != nil {
		return err
	}
	*v = IntOrString{Type: IntType, IntVal: i}
	return nil
}

// plainJSONString returns the value of b when b is a JSON string of
// printable ASCII without escapes (`"http"`, `"8080"`), the form ports and
// percentages take: its value is its text. ok is false for anything
// else, which encoding/json decodes.
func plainJSONString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	for _, c := range b[1 : len(b)-1] {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return "", false
		}
	}
	return string(b[1 : len(b)-1]), true
}

// smallJSONInt returns the value of b when b is a JSON integer of at most
// nine digits, which always fits an int32. ok is false for anything else
// (fractions, exponents, larger numbers), which encoding/json decodes and
// reports.
func smallJSONInt(b []byte) (int32, bool) {
	digits := b
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		digits = b[1:]
	}
	if len(digits) == 0 || len(digits) > 9 || len(digits) > 1 && digits[0] == '0' {
		return 0, false
	}
	var n int32
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int32(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
