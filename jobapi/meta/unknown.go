package meta

import "github.com/jobkit/jobkit/jobapi/internal/codec"

// Unknown holds the members of a JSON object that its Go type does not
// model, by member name, each value kept as written (compacted). Every
// object type of jobkit's API packages has an Unknown field, so whatever a
// manifest holds that jobkit does not understand (affinity, tolerations,
// fields a newer Kubernetes adds) survives decoding, processing and
// encoding unchanged.
//
// Decoding fills it, encoding writes it back (sorted by name), DeepCopy
// copies it. Members are unordered: two Unknowns are Equal when they hold
// the same names with equal JSON values, whatever the order of the
// members inside those values. Unknown must not hold a name the type
// models; encoding reports such a name as an error.
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

// RawJSON is a JSON value kept as text: an [Unknown] member, or a field
// jobkit keeps opaque (such as `metadata.managedFields`). Decoding stores
// the value compacted; encoding writes it back compacted (empty RawJSON
// encodes as null).
type RawJSON []byte

// Equal reports whether r and s are the same JSON value: objects with the
// same members in any order, arrays with equal elements in the same order,
// numbers of equal value ("1", "1.0" and "1e0" are equal), equal strings,
// booleans and nulls. Empty RawJSON equals null. Text that is not JSON is
// equal only to the same text.
func (r RawJSON) Equal(s RawJSON) bool { return codec.EqualJSON(r, s) }

// DeepCopy returns a copy of r that shares no memory with it; nil stays
// nil.
func (r RawJSON) DeepCopy() RawJSON {
	if r == nil {
		return nil
	}
	return append(RawJSON(make([]byte, 0, len(r))), r...)
}

// MarshalJSON returns r itself, or null when r is empty.
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON stores a compacted copy of b; it is an error, and r is
// left as it was, when b is not JSON.
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	c, err := codec.CompactJSON(b)
	if err != nil {
		return err
	}
	*r = c
	return nil
}

// AppendJSON appends r compacted, or null when r is empty; it is an error
// when r is not JSON. The generated encoders call it.
func (r RawJSON) AppendJSON(b []byte) ([]byte, error) { return codec.AppendRawJSON(b, r) }

// SizeJSON returns the length of what AppendJSON writes when r is compact.
func (r RawJSON) SizeJSON() int { return codec.SizeRawJSON(r) }
