package codec

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
)

// The members of an object that its type does not model are kept in a
// field `Unknown meta.Unknown` (a map[string]meta.RawJSON); a JSON value
// kept as text is a meta.RawJSON ([]byte). The codec does not name those
// types (package meta imports it): its functions take any map type whose
// values are byte slices, and any byte slice, and meta's methods call
// them.

// DecodeUnknown handles a member, returned by [Decoder.Member], that the
// struct does not model by its exact name: a name with escape sequences
// that names a modeled field is an error; any other member is kept in *u,
// a compact copy of its value. fresh says whether *u was empty when the
// object started: only then is a member given twice an error (decoding
// into a value that holds members replaces them).
func DecodeUnknown[U ~map[string]R, R ~[]byte](d *Decoder, u *U, fresh bool, modeled func(string) bool) {
	name := d.keyName()
	if modeled(name) {
		d.escapedName(name)
		return
	}
	if *u == nil {
		*u = make(U, 4)
	}
	if _, dup := (*u)[name]; dup && fresh {
		d.Duplicate(name)
		return
	}
	i := skipSpace(d.data, d.i)
	end, plain := d.plainValue(i)
	if d.bad {
		return
	}
	d.i = end
	if plain {
		(*u)[name] = append(R(nil), d.data[i:end]...)
		return
	}
	(*u)[name] = R(compactCopy(d.data[i:end]))
}

// CompactJSON returns b without insignificant space, in new memory, as
// json.Compact writes it, or json.Compact's error when b is not JSON: what
// meta.RawJSON.UnmarshalJSON stores.
func CompactJSON(b []byte) ([]byte, error) {
	v := Decoder{noCount: true}
	if end, ok := v.validValue(b, skipSpace(b, 0), 0); ok && skipSpace(b, end) == len(b) {
		return compactSpace(b), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// EqualJSON reports whether r and s are the same JSON value: objects with
// the same members in any order, arrays with equal elements in the same
// order, numbers of equal value ("1", "1.0" and "1e0" are equal), equal
// strings, booleans and nulls. Empty text equals null. Text that is not
// JSON is equal only to the same text.
func EqualJSON(r, s []byte) bool {
	if bytes.Equal(r, s) {
		return true
	}
	a, errA := jsonValue(r)
	b, errB := jsonValue(s)
	if errA != nil || errB != nil {
		return false
	}
	return jsonEqual(a, b)
}

// jsonValue decodes r with numbers kept as text.
func jsonValue(r []byte) (any, error) {
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
func AppendUnknownPaths[U ~map[string]R, R any](dst []string, prefix string, u U) []string {
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
