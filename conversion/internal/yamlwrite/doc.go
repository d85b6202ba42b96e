// Package yamlwrite writes a JSON value as YAML in one pass over the JSON
// and one over a small tree of offsets, byte for byte as jobkit's first
// converter did: goyaml.v2 decoding the JSON into a MapSlice, a stable sort
// of every map's keys in yaml.v2's natural order, and goyaml.v2's encoder
// and emitter (block style, indent 2, best width 80) writing it back. That
// converter is kept, for the differential tests only, in package v2ref.
//
// The model has three parts.
//
//   - Reading: the JSON is checked as encoding/json checks it and read as
//     goyaml.v2's scanner read it, compact, inside a flow mapping. So the
//     result keeps that reader's surprises: a string's bytes that are not
//     UTF-8 become U+FFFD; raw U+2028 and U+2029 inside a string are line
//     breaks that swallow the spaces around them; a `\/` escape, a `\u`
//     escape of a surrogate (so any character outside the Basic
//     Multilingual Plane written as an escaped pair), a member name longer
//     than 1024 characters with its quotes (escapes counted as written) or
//     holding a raw U+2028 or U+2029, `---` or `...` right after such a raw
//     line break, and nesting 10000 deep are errors. Whitespace between
//     tokens is ignored: the output is the reference's for the compact
//     JSON. (On JSON with line breaks between tokens the reference's
//     scanner loses track of possible keys, and fails or misreads members;
//     that is not reproduced.)
//   - Ordering: map keys are sorted with [sort.Stable] by naturalLess, the
//     order yaml.v2 prints string keys in, from their order in the JSON;
//     duplicate keys are kept. The order is not transitive for a few mixes
//     of digits and letters; the same algorithm on the same input gives the
//     same result as the reference.
//   - Writing: every scalar is styled as goyaml.v2 styles it. Numbers are
//     resolved as YAML 1.1 plain scalars (int64, then uint64, then float64
//     printed with strconv's shortest 'g' form; a float out of range stays
//     the JSON text). A string is plain unless it would read back as
//     another type (yaml.v2's bool, null, int, float, timestamp and base-60
//     rules) or the emitter's analysis forbids it, then single-quoted, then
//     double-quoted with escapes; a string with a newline is a literal
//     block when allowed. Plain and quoted scalars are folded at spaces
//     past column 80. Keys longer than 128 bytes or spanning lines are
//     written as `? key` / `: value`.
//
// Non-goals: writing YAML from anything but JSON, options (indent, width,
// flow style), streaming output, and fixing the reference's surprises
// listed above (but the misreading of whitespace): they are kept so that
// the output is exactly the old one until the old path is deleted.
package yamlwrite
