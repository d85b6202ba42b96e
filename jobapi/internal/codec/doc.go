// Package codec is the JSON codec of jobkit's API types: [Unmarshal] and
// [Marshal], driven by reflection over each struct's `json` tags; the
// runtime of the typed encoders that jobapi/internal/gen writes
// (AppendString, AppendUnknown, ...); and [Unknown] and [RawJSON], which
// keep the members a type does not model.
//
// The model: every object type has an `Unknown Unknown` field tagged `json:"-"`
// and generated hooks (see jobapi/internal/gen): UnmarshalJSON calling
// Unmarshal, and MarshalJSON calling the type's generated AppendJSON, which
// appends to one buffer without reflection and writes exactly the bytes
// Marshal writes (Marshal stays as the reference of the differential tests
// until the typed decoders land). Inside one call the codec walks nested
// structs itself; it hands a value to its own JSON methods only when its
// type has no Unknown field (meta.Time, quantities).
// It follows Kubernetes' decoding rules more strictly than encoding/json:
// member names are case-sensitive, a member given twice is an error, and
// wrong JSON types, fractions where an integer must be and out-of-range
// integers are field errors naming their path; every error is reported.
// Encoding writes the modeled members in field order as encoding/json does
// (`omitempty` and `omitzero` honoured, strings escaped HTML-safe as
// encoding/json escapes them), then the Unknown members sorted by name.
//
// The codec is internal: users reach it through the types' MarshalJSON and
// UnmarshalJSON methods (json.Marshal, sigs.k8s.io/yaml, package
// conversion). Unknown and RawJSON are public as meta.Unknown and
// meta.RawJSON.
//
// Non-goals: the codec keeps no cache between calls (type information is
// computed once per call), does not stream, and decodes floats, unsigned
// integers, interfaces and byte slices through encoding/json, because
// jobkit's types do not use them on hot paths.
package codec
