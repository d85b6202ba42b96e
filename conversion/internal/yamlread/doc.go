// Package yamlread reads one YAML document with goyaml.v3's parser (the
// one bundled in sigs.k8s.io/yaml) and writes it as compact JSON in the
// bytes sigs.k8s.io/yaml.YAMLToJSON writes, so that a manifest means what
// it means to the Kubernetes API server; and it finds the line and column
// of the value at a field path, so that errors can say where.
//
// # Model
//
// [Parse] builds goyaml.v3's node tree of the first document of its
// input. [Document.JSON] walks the tree once, in the order goyaml.v2's
// decoder visits it, and resolves every scalar with goyaml.v2's YAML 1.1
// rules, which are the API server's rules (sigs.k8s.io/yaml decodes with
// goyaml.v2 into interface values, then writes them with encoding/json):
//
//   - plain scalars: y, Y, yes, Yes, YES, true, True, TRUE, on, On, ON are
//     true, their opposites (n, no, false, off, ...) false; "", ~, null,
//     Null and NULL are null; integers in decimal, 0x hexadecimal, 0o or
//     leading-0 octal and 0b binary, with underscores dropped; integers
//     beyond int64 up to uint64; floats as strconv.ParseFloat reads the
//     YAML float form; .inf, -.inf and .nan are floats that JSON cannot
//     hold, an error as values and the strings ".inf", "-.inf", ".nan" as
//     keys; timestamps stay the strings they are written as;
//   - quoted and block scalars are strings;
//   - explicit tags (!!str, !!int, !!float, !!bool, !!null, !!timestamp,
//     !!binary) are obeyed as goyaml.v2 obeys them: !!binary is decoded
//     from base64, a value that does not fit its tag is an error, any
//     other tag leaves the scalar a string, tags on collections are
//     ignored;
//   - keys become JSON member names as sigs.k8s.io/yaml makes them:
//     integers in decimal, floats with strconv's shortest float32 form,
//     booleans as "true"/"false"; null keys, keys beyond int64 and
//     collection keys are errors;
//   - anchors and aliases are expanded, an alias of a node that holds it
//     is an error, and goyaml.v2's bound on the share of aliased nodes
//     ("excessive aliasing") applies, with a bound in bytes of JSON on
//     top of it;
//   - merge keys (<<) insert the pairs of a mapping, or of a sequence of
//     mappings (earlier ones winning), where they stand: later keys
//     override earlier ones, the merged ones included, as in goyaml.v2;
//   - members are written sorted by name (encoding/json sorts map keys),
//     strings escaped as encoding/json escapes them (HTML characters,
//     U+2028, U+2029, invalid UTF-8 as U+FFFD).
//
// A key given twice in one mapping (after merges) is not an error of
// [Document.JSON]: the last value wins, as in sigs.k8s.io/yaml.YAMLToJSON,
// and every repetition is returned as a [Duplicate] with its path and
// place; sigs.k8s.io/yaml.YAMLToJSONStrict refuses exactly those
// documents.
//
// [Document.Find] returns the place of the node at a field path such as
// `spec.template.spec.containers[0].image` or `metadata.labels[app]`,
// following aliases and merge keys as the JSON does.
//
// # Speed
//
// goyaml.v3's scanner alone costs about as much as all of
// sigs.k8s.io/yaml.YAMLToJSON. So Parse first tries a parser of its own
// for the block YAML manifests are made of (block mappings and
// sequences, one-line plain and quoted scalars without escapes, literal
// block scalars, {} and [], comments, a leading "---"); it builds the
// very tree goyaml.v3 builds, or gives up at the first construct it does
// not know, and goyaml.v3 parses the text instead. TestFastParseIsGoyamlV3s
// and FuzzYAMLToJSON compare its trees with goyaml.v3's, node by node,
// lines and columns included.
//
// # Differences from goyaml.v2
//
// FuzzYAMLToJSON compares this package with sigs.k8s.io/yaml (equal
// bytes, or both an error; duplicates exactly when YAMLToJSONStrict
// fails) on arbitrary input. Found and fixed:
//
//   - goyaml.v3 drops the non-specific tag "!" from the node, so `! 12`
//     would be the integer 12; goyaml.v2 makes it the string "12". The
//     reader looks at the text for the tag. An empty value has no text of
//     its own: a "!" on a later line than its anchor is the value's only
//     when indented more than the value's key or sequence (`b: &y` then
//     `  !` is ""; `b: &y` then `! c: 1` is null and a tagged key c).
//   - goyaml.v3 reads a token or two beyond the end of a document (for
//     comments): `a: 1` then `--- "` is an error for it, not for
//     goyaml.v2. Parse reparses the text up to the next document marker.
//   - goyaml.v3 leaves the line out of errors on the first line and of
//     "unknown anchor" errors; Parse adds it.
//   - An anchor's name can end at a character that is not blank: in
//     `&0: !` the key is an anchored empty (null) key and "!" tags the
//     value. The reader skips the anchor by its parsed name when it looks
//     for a tag in the text, not up to the next blank.
//   - sigs.k8s.io/yaml meets some errors only when it converts goyaml.v2's
//     result to JSON: a null key, an integer key beyond int64, an
//     infinite or NaN value. A value that a later key of the same mapping
//     replaced is never converted, so `0: {~: 0}` then `0: 1` is {"0":1}.
//     The reader keeps such errors with their value and reports one only
//     if the value is still in the document at the end (a key that differs
//     as YAML, such as "0" after 0, keeps both for the conversion).
//
// Left, each with a minimal example:
//
//   - Keys that differ as YAML but name the same JSON member, such as
//     `{1: a, "1": b}` or `{1.0: a, 1: b}`: sigs.k8s.io/yaml keeps one of
//     the two at random (Go map order) and its strict function accepts
//     them; here they are a [Duplicate] and the last one wins.
//   - Text after a root flow collection on its line: goyaml.v2 reads
//     `[]: a` as the document [] and ignores the rest, goyaml.v3 reads a
//     mapping with a sequence key (an error here); `{}: "` is {} for
//     goyaml.v2 and a syntax error here.
//   - Text after a root collection that ends by indentation: goyaml.v2
//     reads ` a: 1` then `0` then `0:` as {"a": 1} and stops at the
//     second line; goyaml.v3 reads on and finds the third line an error.
//   - Text after a root scalar: goyaml.v2 reads `0` then `: !a!` on the
//     next line as 0; goyaml.v3 reads on and finds the bad tag.
//   - An anchor whose name runs into a flow indicator outside a flow
//     collection: goyaml.v2 reads `&0]0 !` as null (it ends the document
//     at the `]`), goyaml.v3 as the empty string.
//   - A line that holds, after spaces, a tab and then nothing or a
//     comment ("#", "\t#", "p"): goyaml.v2 refuses the tab in block
//     context ("found character that cannot start any token"), goyaml.v3
//     skips the line. Parse reads such documents; the API server refuses
//     them.
//   - An alias of an empty anchored value that a "!"-tagged key follows
//     (see above) is judged by the alias's key: it differs from goyaml.v2
//     only when the alias sits at another indentation than the value.
//   - Text that is not UTF-8: refused by Parse wherever it is; goyaml.v2
//     refuses it only where its reader reaches it (`0` then `--- \x80`
//     is 0 for it).
//   - Error messages are worded differently; each carries its line, and
//     its column when the error is about a node.
//
// The conversion package refuses text that is not UTF-8 and documents
// that are scalars either way, so only the first three can change what it
// does with a document, and both only with documents that no one
// writes on purpose.
//
// # Non-goals
//
// Streams: only the first document of the input is read (callers split
// streams). YAML output: see the conversion package's encoder.
package yamlread
