package codec

import (
	"bytes"
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
)

// Unknown holds the members of a JSON object that its Go type does not
// model, by member name, each value kept as written (compacted). Every
// object type of jobkit's API packages has an Unknown field (package meta
// exports this type as meta.Unknown), so whatever a manifest holds that
// jobkit does not understand (affinity, tolerations, resources, fields a
// newer Kubernetes adds) survives decoding, processing and encoding
// unchanged.
//
// Users of the Go types rarely need to look at it: decoding fills it,
// encoding writes it back, DeepCopy copies it. Members are unordered:
// two Unknowns are Equal when they hold the same names with equal JSON
// values, whatever the order of the members inside those values. Unknown
// must not hold a name the type models; encoding reports such a name as
// an error.
type Unknown map[string]RawJSON

// Equal reports whether u and v hold the same members with equal values
// (see [RawJSON.Equal]). A nil and an empty Unknown are equal.
func (u Unknown) Equal(v Unknown) bool {
	if len(u) != len(v) {
		return false
	}
	for k, a := range u {
		b, ok := v[k]
		if !ok || !a.Equal(b) {
			return false
		}
	}
	return true
}

// DeepCopy returns a copy of u that shares no memory with it; nil stays
// nil. The copied values share one new array, each value a slice of it
// whose capacity is its length, so that appending to one never writes
// into another.
func (u Unknown) DeepCopy() Unknown {
	if u == nil {
		return nil
	}
	out := make(Unknown, len(u))
	if len(u) == 1 {
		for k, v := range u {
			out[k] = v.DeepCopy()
		}
		return out
	}
	n := 0
	for _, v := range u {
		n += len(v)
	}
	buf := make([]byte, 0, n)
	for k, v := range u {
		if v == nil {
			out[k] = nil
			continue
		}
		start := len(buf)
		buf = append(buf, v...)
		out[k] = RawJSON(buf[start:len(buf):len(buf)])
	}
	return out
}

// names returns the member names in sorted order.
func (u Unknown) names() []string {
	names := make([]string, 0, len(u))
	for k := range u {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// RawJSON is a JSON value kept as text (exported as meta.RawJSON): an [Unknown] member, or a field
// jobkit keeps opaque (such as `metadata.managedFields`). Decoding stores
// the value compacted; encoding writes it back as it is (empty RawJSON
// encodes as null).
type RawJSON []byte

// MarshalJSON returns r itself, or null when r is empty.
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON stores a compacted copy of b.
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	v := Decoder{noCount: true}
	if end, ok := v.validValue(b, skipSpace(b, 0), 0); ok && skipSpace(b, end) == len(b) {
		*r = compactSpace(b)
		return nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return err
	}
	*r = buf.Bytes()
	return nil
}

// DeepCopy returns a copy of r that shares no memory with it; nil stays
// nil.
func (r RawJSON) DeepCopy() RawJSON {
	if r == nil {
		return nil
	}
	return append(RawJSON(make([]byte, 0, len(r))), r...)
}

// Equal reports whether r and s are the same JSON value: objects with the
// same members in any order, arrays with equal elements in the same order,
// numbers of equal value ("1", "1.0" and "1e0" are equal), equal strings,
// booleans and nulls. Empty RawJSON equals null. Text that is not JSON is
// equal only to the same text.
func (r RawJSON) Equal(s RawJSON) bool {
	if bytes.Equal(r, s) {
		return true
	}
	a, errA := r.value()
	b, errB := s.value()
	if errA != nil || errB != nil {
		return false
	}
	return jsonEqual(a, b)
}

// value decodes r with numbers kept as text.
func (r RawJSON) value() (any, error) {
	if len(r) == 0 {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader(r))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, &json.SyntaxError{}
	}
	return v, nil
}

// jsonEqual compares two decoded JSON values, numbers by value.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !jsonEqual(va, vb) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		if a == b {
			return true
		}
		// big.Float, not big.Rat: a huge exponent must not allocate a
		// huge integer.
		x, _, errA := big.ParseFloat(string(a), 10, 256, big.ToNearestEven)
		y, _, errB := big.ParseFloat(string(b), 10, 256, big.ToNearestEven)
		if errA != nil || errB != nil || x.IsInf() || y.IsInf() {
			return false // texts differ and the values are out of reach
		}
		return x.Cmp(y) == 0
	default:
		return a == b
	}
}

// AppendUnknownPaths appends to dst the path of every member of u, the
// Unknown of the object at path prefix ("" for a document's root), in no
// particular order, as the generated AppendUnknownFields and
// DropUnknownFields methods name them.
func AppendUnknownPaths(dst []string, prefix string, u Unknown) []string {
	for name := range u {
		dst = append(dst, JoinPath(prefix, name))
	}
	return dst
}

// JoinPath appends a member name to a path, as Kubernetes prints field
// paths: `spec.template`; the name alone at the root.
func JoinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// IndexPath appends a list index to a path: `containers[0]`.
func IndexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}
