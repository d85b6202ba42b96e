// Package codec is the JSON codec of jobkit's API types: the runtime of the
// typed decoders and encoders that jobapi/internal/gen writes for them
// ([Decoder], AppendString, AppendUnknown, ...), and the functions behind
// the methods of meta.Unknown and meta.RawJSON, which keep the members a
// type does not model ([DecodeUnknown], [AppendUnknown], [CompactJSON],
// [EqualJSON], ...). Nothing in it walks a type by reflection.
//
// The model: every object type has an `Unknown meta.Unknown` field tagged
// `json:"-"` and generated hooks (see jobapi/internal/gen). UnmarshalJSON
// checks the text once ([Decoder.Start]: a fast validation that also
// counts the elements of every list, so that slices are allocated once)
// and calls the type's generated decodeJSON (unexported: a type that the
// generated code of another package holds also has an exported DecodeJSON,
// whose argument is the opaque jsonimpl.Decoder); the UnmarshalNewJSON of a
// document type (one with a TypeMeta), for a new value, checks the text
// while decodeJSON reads it instead ([Decoder.StartNew]), with the same
// result. decodeJSON reads the members one
// after the other with the Decoder's readers (String, Int, Bool,
// BeginArray, ...) and dispatches their names with a generated switch: no
// reflection, no intermediate maps, no field path built unless an error
// needs one. The strings it decodes are copies of the input written one
// after another into a few shared buffers, so that a document's strings
// cost a few allocations, not one each (a string kept after decoding keeps
// its buffer alive: at most the document's string bytes). MarshalJSON sizes its buffer with the type's generated
// SizeJSON (the exact length when no string needs escaping, plus room for
// escapes; see [Buffer]) and calls the generated AppendJSON, which appends
// to that one buffer without reflection: encoding allocates once, the
// result. A type without an Unknown field that has its own JSON methods
// (meta.Time, quantities, IntOrString, RawJSON) is a leaf: the generated
// code calls its AppendJSON and SizeJSON methods.
//
// Decoding follows Kubernetes' rules more strictly than encoding/json:
// member names are case-sensitive (a name written with escape sequences
// that names a modeled field is an error), a member given twice is an
// error, a member a struct without Unknown does not model is refused, and
// wrong JSON types, fractions where an integer must be and out-of-range
// integers are field errors naming their path; every error is reported,
// as a field.ErrorList aggregate. null sets pointers, slices and maps to
// nil and leaves other values as they are; decoding into a value that
// holds data merges maps and replaces lists. Text that is not JSON is a
// *json.SyntaxError and leaves the value as it was. Encoding writes the
// modeled members in field order as encoding/json does (`omitempty` and
// `omitzero` honoured, strings escaped HTML-safe as encoding/json escapes
// them), then the Unknown members sorted by name.
//
// The reflection decoder and encoder these rules were first written as
// are kept only as the references of the differential tests
// (FuzzTypedDecode, FuzzTypedCodec and the byte-for-byte encoder tests);
// they are not compiled into the product. [Unmarshal] decodes into any type with a
// generated decoder, through the same typed code.
//
// The codec is internal: users reach it through the types' MarshalJSON and
// UnmarshalJSON methods (json.Marshal, sigs.k8s.io/yaml, package
// conversion). The codec does not name meta.Unknown and meta.RawJSON
// (package meta imports the codec): the functions that handle them are
// generic over a map of byte slices (`~map[string]R` with `R ~[]byte`) or
// take a byte slice, and meta's methods call them.
//
// Non-goals: the codec keeps no state between calls, does not stream, and
// decodes floats, unsigned integers, byte slices and arrays through
// encoding/json, because jobkit's types do not use them on hot paths.
package codec
