package meta

import (
	"errors"
	"time"
)

// Time is a timestamp as the API writes it: an RFC 3339 string in UTC with
// second precision ("2024-05-01T12:00:00Z"), like Kubernetes' metav1.Time.
// The zero Time is "unset": it encodes as null and fields of type Time are
// omitted when zero. Decoding accepts null and "" as unset, and any RFC
// 3339 time, which it converts to UTC and truncates to the second (as
// Kubernetes does when it writes the time back).
type Time struct {
	time.Time
}

// NewTime returns t in UTC truncated to the second, the form Time keeps.
func NewTime(t time.Time) Time {
	if t.IsZero() {
		return Time{}
	}
	return Time{t.UTC().Truncate(time.Second)}
}

// Equal reports whether t and u are the same instant; two zero Times are
// equal.
func (t Time) Equal(u Time) bool { return t.Time.Equal(u.Time) }

// DeepCopy returns a copy of t, which shares nothing with it.
func (t *Time) DeepCopy() *Time {
	if t == nil {
		return nil
	}
	out := *t
	return &out
}

// errTimeFormat is the detail of a malformed timestamp.
var errTimeFormat = errors.New("must be a timestamp in RFC 3339 format, such as '2006-01-02T15:04:05Z'")

// UnmarshalJSON reads an RFC 3339 string, null or "".
func (t *Time) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" || s == `""` {
		*t = Time{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return errTimeFormat
	}
	pt, err := time.Parse(time.RFC3339, s[1:len(s)-1])
	if err != nil {
		return errTimeFormat
	}
	*t = NewTime(pt)
	return nil
}

// MarshalJSON writes the RFC 3339 string in UTC, or null for the zero
// Time.
func (t Time) MarshalJSON() ([]byte, error) {
	return t.AppendJSON(make([]byte, 0, t.SizeJSON()))
}

// AppendJSON appends what MarshalJSON writes to b.
func (t Time) AppendJSON(b []byte) ([]byte, error) {
	if t.IsZero() {
		return append(b, "null"...), nil
	}
	u := t.UTC()
	if !fourDigitYear(u) {
		b = append(b, '"')
		b = u.AppendFormat(b, time.RFC3339)
		return append(b, '"'), nil
	}
	// What AppendFormat writes for RFC 3339 in UTC, without parsing
	// the layout: "2006-01-02T15:04:05Z".
	year, month, day := u.Date()
	hour, minute, second := u.Clock()
	return append(b, '"',
		byte('0'+year/1000), byte('0'+year/100%10), byte('0'+year/10%10), byte('0'+year%10), '-',
		byte('0'+int(month)/10), byte('0'+int(month)%10), '-',
		byte('0'+day/10), byte('0'+day%10), 'T',
		byte('0'+hour/10), byte('0'+hour%10), ':',
		byte('0'+minute/10), byte('0'+minute%10), ':',
		byte('0'+second/10), byte('0'+second%10), 'Z', '"'), nil
}

// SizeJSON returns the length of what MarshalJSON writes.
func (t Time) SizeJSON() int {
	if t.IsZero() {
		return 4
	}
	if fourDigitYear(t.Time) {
		return len(`"2006-01-02T15:04:05Z"`)
	}
	var buf [64]byte
	return len(t.UTC().AppendFormat(buf[:0], time.RFC3339)) + 2
}

// fourDigitYear reports whether t falls in the years 0 to 9999 in UTC,
// the times RFC 3339 writes in twenty bytes.
func fourDigitYear(t time.Time) bool {
	const first, last = -62167219200, 253402300799 // 0000-01-01T00:00:00Z, 9999-12-31T23:59:59Z
	u := t.Unix()
	return u >= first && u <= last
}
