package downward

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxMapFileSize is the largest map file ParseMap and ReadMap accept, in
// bytes. The API server caps a pod's annotations at 256 KiB; Go quoting at
// most quadruples a byte (`\xff`), so 2 MiB holds any file the kubelet writes
// for a valid pod.
const MaxMapFileSize = 2 << 20

// FormatMap writes m as the kubelet writes the file of a `metadata.labels` or
// `metadata.annotations` downwardAPI volume item: one `key="value"` line per
// entry, keys sorted byte-wise, the value quoted as Go's %q quotes it
// (strconv.Quote: escapes for quotes, backslashes, control characters and
// bytes that are not UTF-8), lines joined by "\n" with no newline after the
// last. An empty or nil map is the empty string.
//
// Keys are written as they are; ParseMap reads back every map whose keys
// contain neither '=' nor a newline, which holds for all valid label and
// annotation keys.
func FormatMap(m map[string]string) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	n := 0
	for k, v := range m {
		keys = append(keys, k)
		// key, '=', two quotes, a newline, and room for some escapes.
		n += len(k) + len(v) + len(v)/4 + 8
	}
	slices.Sort(keys)
	buf := make([]byte, 0, n)
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, '\n')
		}
		buf = append(buf, k...)
		buf = append(buf, '=')
		buf = strconv.AppendQuote(buf, m[k])
	}
	return string(buf)
}

// ParseMap reads a file written by FormatMap (or by the kubelet) back into
// the map it was written from, byte for byte: values with '=', quotes,
// backslashes, newlines and bytes that are not UTF-8 come back exactly.
//
// Each line is a key, '=', and a double-quoted Go string that ends the line;
// the key is everything before the first '='. A single final newline is
// allowed (the kubelet writes none). The empty file is the empty map.
// Refused, with the line number: a line without '=', a value that is not
// exactly one double-quoted Go string, raw bytes that are not UTF-8 inside
// the quotes (the kubelet escapes them), a key given twice, and a file larger
// than MaxMapFileSize.
func ParseMap(s string) (map[string]string, error) {
	if len(s) > MaxMapFileSize {
		return nil, fmt.Errorf("downward: map file must be at most %d bytes, not %d", MaxMapFileSize, len(s))
	}
	m := make(map[string]string, strings.Count(s, "\n")+1)
	if s == "" {
		return m, nil
	}
	s = strings.TrimSuffix(s, "\n")
	for lineNo := 1; ; lineNo++ {
		line, rest, more := strings.Cut(s, "\n")
		key, value, err := parseMapLine(line)
		if err != nil {
			return nil, fmt.Errorf("downward: map file line %d: %w", lineNo, err)
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("downward: map file line %d: key %q must not appear twice", lineNo, key)
		}
		m[key] = value
		if !more {
			return m, nil
		}
		s = rest
	}
}

func parseMapLine(line string) (key, value string, err error) {
	key, quoted, found := strings.Cut(line, "=")
	if !found {
		return "", "", errors.New(`must be key="value"`)
	}
	if len(quoted) < 2 || quoted[0] != '"' || quoted[len(quoted)-1] != '"' {
		return "", "", fmt.Errorf(`value of %q must be a double-quoted string ending the line`, key)
	}
	if !utf8.ValidString(quoted) {
		return "", "", fmt.Errorf(`value of %q must escape bytes that are not UTF-8 as \xNN`, key)
	}
	value, err = strconv.Unquote(quoted)
	if err != nil {
		return "", "", fmt.Errorf(`value of %q must be one double-quoted Go string: %w`, key, err)
	}
	return key, value, nil
}

// ReadMap reads a map file from r with ParseMap, reading at most
// MaxMapFileSize bytes.
func ReadMap(r io.Reader) (map[string]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxMapFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("downward: read map file: %w", err)
	}
	return ParseMap(string(data))
}
