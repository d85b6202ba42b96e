package yamlread

import (
	"fmt"
	"testing"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// compareFastParse checks that fastParse, when it reads in, builds the
// tree goyaml.v3 builds.
func compareFastParse(t *testing.T, in []byte) {
	t.Helper()
	fast, _ := fastParse(in)
	if fast == nil {
		return
	}
	var n yaml.Node
	if err := yaml.Unmarshal(in, &n); err != nil {
		t.Fatalf("input %q: goyaml.v3 refuses it (%v), fastParse reads it", in, err)
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) != 1 {
		t.Fatalf("input %q: goyaml.v3 reads no node, fastParse reads one", in)
	}
	if diff := diffNodes(n.Content[0], fast, "root"); diff != "" {
		t.Fatalf("input %q: fastParse differs from goyaml.v3: %s", in, diff)
	}
}

// diffNodes describes the first difference between the trees want and
// got, or returns "".
func diffNodes(want, got *yaml.Node, at string) string {
	const styles = yaml.TaggedStyle | yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle | yaml.LiteralStyle | yaml.FoldedStyle | yaml.FlowStyle
	switch {
	case want.Kind != got.Kind:
		return fmt.Sprintf("%s: kind %v, want %v", at, got.Kind, want.Kind)
	case want.Value != got.Value:
		return fmt.Sprintf("%s: value %q, want %q", at, got.Value, want.Value)
	case want.Style&styles != got.Style&styles:
		return fmt.Sprintf("%s: style %v, want %v", at, got.Style, want.Style)
	case want.Line != got.Line || want.Column != got.Column:
		return fmt.Sprintf("%s: at %d:%d, want %d:%d", at, got.Line, got.Column, want.Line, want.Column)
	case got.Tag != "" && want.Tag != got.Tag:
		return fmt.Sprintf("%s: tag %q, want %q", at, got.Tag, want.Tag)
	case len(want.Content) != len(got.Content):
		return fmt.Sprintf("%s: %d children, want %d", at, len(got.Content), len(want.Content))
	}
	for i := range want.Content {
		if d := diffNodes(want.Content[i], got.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

func TestFastParseIsGoyamlV3s(t *testing.T) {
	read := 0
	for _, in := range seeds(t) {
		compareFastParse(t, in)
		if n, _ := fastParse(in); n != nil {
			read++
		}
	}
	// The kubectl manifests of testdata, at least, take the fast path.
	if read < 9 {
		t.Errorf("fastParse reads %d of the seeds, want at least 9", read)
	}
}

// TestFastParseLeavesTheRest lists what fastParse gives to goyaml.v3.
func TestFastParseLeavesTheRest(t *testing.T) {
	for _, in := range []string{
		"", "# c\n", "a\n", "a: &x 1\n", "a: *x\n", "a: !!str 1\n", "a: |+\n  x\n", "a: |2\n  x\n", "a: |\n\n  x\n", "a: |\n  x\n   \n", "- |\n  x\n", "a: >\n  x\n",
		"a: b\n  c\n", "a: \"x\\ny\"\n", "a: 'it''s'\n", "a: {b: 1}\n", "a: [1]\n", "a:\tb\n", "a: b\r\n",
		"---\na: 1\n---\nb: 2\n", "%YAML 1.1\n---\na: 1\n", "? a\n: b\n", "a: b: c\n", "- - a\n", "-\n  a: 1\n",
		"a:\n  b\n", "<<: {a: 1}\n", "a: 1\n- b\n", "a:\n  b: 1\n c: 2\n", "\ufeffa: 1\n", "a: \u2028\n", "a: 'x'#c\n",
	} {
		if n, _ := fastParse([]byte(in)); n != nil {
			t.Errorf("fastParse reads %q; it must leave it to goyaml.v3", in)
		}
	}
}

func TestFastParseReads(t *testing.T) {
	for _, in := range []string{
		"a: 1\n",
		"---\na: 1\n",
		"--- # doc\na: 1 # c\n",
		"a:\n  b: 1\n  c:\n  - x\n  - 'y'\n  - \"z\"\nd: {}\ne: []\nf:\ng: ~\n",
		"- a: 1\n  b:\n    c: 2\n-   d: 3\n    e: []\n",
		"  a: 1\n  b: 2\n",
		"a: é日本 ü\nb: x # c\n\"k\": 'v'\n'k2' : v2\n",
		"a:\n- b\nc: d\n",
		"a: x:y\nb: -1\nc: -.inf\nd: [] # c\n",
		"a: |\n  x\n\n   y # not a comment\n\n\nb: |- # c\n    z\n    w\n\n  # a comment\nc: 1\n",
		"a:\n  b: |\n    x\n  c: |\n    y",
	} {
		if n, _ := fastParse([]byte(in)); n == nil {
			t.Errorf("fastParse leaves %q to goyaml.v3", in)
		}
		compareFastParse(t, []byte(in))
		if reason := compareWithSigsYAML(t, []byte(in)); reason != "" {
			t.Errorf("%q: %s", in, reason)
		}
	}
}
