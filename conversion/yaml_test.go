package conversion_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
)

// TestJSONToYAMLKeepsEveryCharacter writes strings holding characters the
// YAML reader refuses raw, as values and as keys, and reads the YAML back
// with sigs.k8s.io/yaml (what kubectl and jobkit's Decode use): every
// string must come back unchanged. sigs.k8s.io/yaml.JSONToYAML alone fails
// on all but NEL, which it turns into a space.
func TestJSONToYAMLKeepsEveryCharacter(t *testing.T) {
	tests := []struct {
		name string
		s    string
	}{
		{"plain text", "job-name"},
		{"DEL", "a\x7fb"},
		{"C1 controls", "\u0080x\u009f"},
		{"NEL is not folded into a space", "\u0085"},
		{"the non-characters U+FFFE and U+FFFF", "\ufffe\uffff"},
		{"line and paragraph separators", "\u2028\u2029"},
		{"C0 controls that JSON escapes", "\x01\t\n\x1f"},
		{"non-ASCII text", "é ☃ 🙂"},
		{"a byte-order mark", "\ufeff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := map[string]string{"v": tt.s, "k" + tt.s: "key"}
			y, err := conversion.MarshalYAML(in)
			require.NoError(t, err)
			j, err := yaml.YAMLToJSON(y)
			require.NoError(t, err, "YAML:\n%s", y)
			var back map[string]string
			require.NoError(t, json.Unmarshal(j, &back))
			if diff := cmp.Diff(in, back); diff != "" {
				t.Errorf("through YAML (-want +got):\n%s\nYAML:\n%s", diff, y)
			}
		})
	}
}

// TestJSONToYAMLReplacesBytesThatAreNotUTF8 checks that raw JSON with
// bytes that are not UTF-8 (possible in kept unknown members) is written,
// with U+FFFD for each bad byte, instead of failing.
func TestJSONToYAMLReplacesBytesThatAreNotUTF8(t *testing.T) {
	y, err := conversion.JSONToYAML([]byte("{\"v\":\"a\xffb\"}"))
	require.NoError(t, err)
	j, err := yaml.YAMLToJSON(y)
	require.NoError(t, err)
	if diff := cmp.Diff(`{"v":"a`+"\ufffd"+`b"}`, string(j)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func BenchmarkJSONToYAML(b *testing.B) {
	doc := []byte(`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi","labels":{"app":"pi"}},"spec":{"template":{"spec":{"containers":[{"name":"pi","image":"perl","command":["perl","-Mbignum=bpi","-wle","print bpi(2000)"]}],"restartPolicy":"Never"}}}}`)
	for _, c := range []struct {
		name string
		doc  []byte
	}{
		{"ascii", doc},
		{"with-DEL", []byte(strings.Replace(string(doc), "pi", "p\x7fi", 1))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := conversion.JSONToYAML(c.doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
