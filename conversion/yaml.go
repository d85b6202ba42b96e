package conversion

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/conversion/internal/yamlwrite"
)

// JSONToYAML converts JSON to YAML as sigs.k8s.io/yaml.JSONToYAML does,
// and so as kubectl prints objects: block style indented by 2, map keys in
// yaml.v2's natural order (digit runs compare as numbers), every scalar
// quoted, escaped and folded at 80 columns as goyaml.v2 writes it. It
// writes the YAML directly from the JSON, without goyaml.v2, and differs
// from sigs.k8s.io/yaml in ways that make it lossless and deterministic:
//
//   - Characters the YAML reader refuses to read raw (DEL, the C1 control
//     characters, U+FFFE and U+FFFF) and NEL (U+0085), which the reader
//     would fold into a space, are written as double-quoted escapes, so
//     they read back unchanged; sigs.k8s.io/yaml fails on them ("control
//     characters are not allowed") or changes them. Bytes that are not
//     UTF-8 become U+FFFD, as encoding/json makes them when it decodes.
//   - Map keys are sorted from their order in j with a stable sort. For
//     keys the natural order ranks consistently the result is exactly
//     kubectl's; for the few it cannot (it is not transitive for some
//     mixes of digits and letters, such as "0C900", "09700C",
//     "8710A0200270"), kubectl's output varies from run to run with Go's
//     map order, and this function's does not. Duplicate keys are kept.
//
// j must be one valid JSON value. Like sigs.k8s.io/yaml, JSONToYAML fails
// on some valid JSON that its YAML reader refuses: the escape `\/`, a `\u`
// escape of a surrogate (characters beyond U+FFFF must be raw UTF-8), a
// member name longer than 1024 characters with its quotes and escapes,
// and nesting 10000 levels deep. Raw U+2028 and U+2029 inside a string
// are read as line breaks that drop the spaces around them (and are
// refused in member names); encoding/json and jobkit's encoders escape
// both. Whitespace between tokens does not change the result.
func JSONToYAML(j []byte) ([]byte, error) {
	y, err := yamlwrite.Append(make([]byte, 0, len(j)+len(j)/2), j)
	if err != nil {
		return nil, fmt.Errorf("conversion: YAML: %w", err)
	}
	return y, nil
}

// MarshalYAML writes v as YAML: encoding/json, then [JSONToYAML].
func MarshalYAML(v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("conversion: JSON: %w", err)
	}
	return JSONToYAML(j)
}
