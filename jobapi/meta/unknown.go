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
// copies it. Its methods: Equal (the same names with equal JSON values,
// whatever the order of the members inside those values; nil equals
// empty) and DeepCopy. Unknown must not hold a name the type models;
// encoding reports such a name as an error.
type Unknown = codec.Unknown

// RawJSON is a JSON value kept as text: an [Unknown] member, or a field
// jobkit keeps opaque (such as `metadata.managedFields`). Decoding stores
// the value compacted; encoding writes it back as it is (empty RawJSON
// encodes as null). Its methods: Equal (the same JSON value: members in
// any order, numbers by value), DeepCopy, MarshalJSON and UnmarshalJSON.
type RawJSON = codec.RawJSON
