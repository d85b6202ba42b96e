package yamlread

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

// corpus is YAML that exercises goyaml.v2's rules: every test compares
// this package with sigs.k8s.io/yaml on it, and the fuzz target starts
// from it.
var corpus = []string{
	"",
	"# only a comment\n",
	"~\n",
	"a: 1\n",
	"b: 2\na: 1\nc: [3, 2]\n",
	// Booleans, YAML 1.1.
	"a: [y, Y, yes, Yes, YES, true, True, TRUE, on, On, ON]\n",
	"a: [n, N, no, No, NO, false, False, FALSE, off, Off, OFF]\n",
	"a: [yEs, nO, oN, tRUE, 'yes', \"no\"]\n",
	// Nulls.
	"a: [~, null, Null, NULL, nUll, '', \"~\"]\nb:\nc: !!null ''\n",
	// Integers.
	"a: [0, -0, +1, 012, 0o12, 0x1F, -0x1F, 0b101, -0b101, 1_000, 0x_1F, 08, 09, 0777]\n",
	"a: [9223372036854775807, 9223372036854775808, -9223372036854775808, -9223372036854775809, 18446744073709551615, 18446744073709551616]\n",
	// Floats.
	"a: [1.0, 1.5, -1.5, .5, -.5, +.5, 1e3, 1E3, 1e-7, 1e21, 1e20, 123456789.123456789, 0.000001, 1., 1.e3, 6.8523015e+5, 685.230_15e+03, 190:20:30.15, 1e400]\n",
	"a: [.inf]\n",
	"a: -.Inf\n",
	"a: .nan\n",
	".inf: a\n-.inf: b\n.nan: c\n",
	// Strings that look like something else.
	"a: [0x, 1e, 1.2.3, 12:30, 2001-12-14, 2001-12-14t21:59:43.10-05:00, 2001-12-14 21:59:43.10, '2001-12-14', +, -, ., .., 1_, _1, 0b, 0b2, '12']\n",
	"a: <<\nb: '<<'\n",
	"a: \"<b>&amp;</b>\"\nb: \"\\u2028\\u2029\\x01\\x7f\\t\\n\\r\\b\\f\\\\\\\"\"\nc: é ü 日本\n",
	// Multi-line strings.
	"a: |\n  one\n  two\nb: >\n  one\n  two\n\n  three\nc: |-\n  x\nd: >+\n  y\n\n",
	"a: plain\n  continued\n  lines\nb: 'single\n\n  quoted'\nc: \"double\\\n  escaped\"\n",
	// Flow style.
	"{a: 1, b: [1, {c: d}], e: {}}\n",
	"[1, [2, [3]], {}, []]\n",
	"{\"apiVersion\": \"v1\", \"kind\": \"Job\", \"n\": 1.5e3}\n",
	// Tags.
	"a: !!str 12\nb: !!int '12'\nc: !!float 1\nd: !!bool yes\ne: !!null ~\nf: !!timestamp 2001-12-14\ng: !custom 12\nh: !!binary aGVsbG8=\ni: ! 12\nj: !!str {x: 1}\nk: !!map [1]\n",
	"a: !!int abc\n",
	"a: !!float 18446744073709551615\n",
	"a: !!binary '%%%'\n",
	"a: !!binary /w==\n",
	"a: !<tag:yaml.org,2002:int> 12\n",
	"%TAG !e! tag:yaml.org,2002:\n---\na: !e!int 12\n",
	// Keys.
	"1: a\n2.5: b\ntrue: c\nno: d\n0x10: e\n1e3: f\n3.14159265358979: g\n1e100: h\n",
	"~: a\n",
	"? [1, 2]\n: a\n",
	"? {a: 1}\n: b\n",
	"18446744073709551615: a\n",
	"!!binary aGk=: a\n",
	"2001-12-14: a\n",
	"? |\n  block key\n: a\n",
	"? : empty key\n",
	// Anchors, aliases, merges.
	"a: &x {p: 1, q: [1, 2]}\nb: *x\nc: [*x, *x]\n",
	"a: &x 1\n*x : b\n",
	"base: &b {a: 1, b: 2}\nm:\n  <<: *b\n  b: 3\n",
	"base: &b {a: 1, b: 2}\nm:\n  b: 3\n  <<: *b\n",
	"x: &x {a: 1}\ny: &y {a: 2, b: 2}\nm:\n  <<: [*x, *y]\n  c: 3\n",
	"m:\n  <<: {a: 1}\n  <<: {b: 2}\n",
	"m: {<<: {<<: {a: 1}, b: 2}}\n",
	"m:\n  <<: 1\n",
	"x: &x [1]\nm:\n  <<: *x\n",
	"m:\n  <<: [{a: 1}, 2]\n",
	"m:\n  '<<': {a: 1}\n",
	"m:\n  !!merge <<: {a: 1}\n",
	"a: &a [*a]\n",
	"a: *nothing\n",
	"a: &x\n  b: &y\n    c: 1\nd: *y\ne: *x\n",
	// The non-specific tag "!" after an empty anchored value: the
	// value's own on a more indented line, the next key's or entry's
	// otherwise.
	"a: 1\nb: &y\n! c: 1\n",
	"b: &y\n\n! c: 1\nd: *y\n",
	"b:\n  x: &y\n  ! c: 1\n",
	"b: &y\n  !\nc: 1\n",
	"b: &y\n  ! 12\nc: 1\n",
	"- b: &y\n  ! c: 1\n",
	"- &y\n- ! 1\n",
	"- - &y\n  - ! 1\n",
	"&0  #00\n  !",
	"&a # note\n!\n",
	"b: &y # note\n  !\nc: 1\n",
	"b: &y # note\n# more\n  ! 12\nc: 1\n",
	"b: &y # note\n! c: 1\nd: *y\n",
	"- &y # note\n- ! 1\n",
	// Duplicates.
	"a: 1\na: 2\n",
	"a: {b: 1, b: 2, c: 3, c: 4}\nd: [{e: 1, e: 2}]\n",
	"a: 1\n\"a\": 2\n",
	"1: a\n0x1: b\n",
	"yes: a\ntrue: b\n",
	"0: 1\n0: 2\n",
	// What sigs.k8s.io/yaml refuses only when it converts goyaml.v2's
	// result to JSON (a null or too large key, an infinite value) is no
	// error when a later key replaced the value that held it.
	"0: &b {~: 0,b}\n0:\n  #0000000000",
	"0: {~: 0}\n0: 1\n",
	"a: .nan\na: 1\n",
	"a: [1, .inf]\nb: 2\na: 3\n",
	"a: {18446744073709551615: 1}\na: 1\n",
	"a: {~: 1}\n",
	"a: {~: 1}\nb: 1\na: 2\nc: .inf\n",
	"0: {~: 0}\n\"0\": 1\n",
	"a: &x {~: 1}\na: 2\nb: *x\n",
	"b: &x {~: 1}\nc:\n  <<: {d: 1}\n  d: *x\n",
	"~: 1\n~: 2\n",
	// An anchor's name that ends at a colon: the tag after it is the
	// value's, not the empty key's.
	"&0: !",
	"&0 : !",
	"- &0: !\n",
	"&0: ! 1",
	"&a b: !",
	"a:\n  &k: !\n",
	// Documents.
	"---\na: 1\n",
	"--- |\n  text\n",
	"a: 1\n---\nb: 2\n",
	"a: 1\n...\n",
	"%YAML 1.1\n---\na: 1\n",
	"--- >\n folded\n",
	// Comments.
	"# head\na: 1 # line\n# foot\nb: [1, # in flow\n  2]\n",
	// Syntax errors.
	"a: [\n",
	"a: b: c\n",
	"a:\n\t- b\n",
	"- a\nb: c\n",
	"a: 'unterminated\n",
	"{a: 1\n",
	"&a &b c\n",
	"a: 1\n b: 2\n",
	"!!!\n",
	"\"\\q\"\n",
	"[1, 2]]\n",
}

// seeds are the corpus and every YAML file of conversion/testdata.
func seeds(tb testing.TB) [][]byte {
	var out [][]byte
	for _, s := range corpus {
		out = append(out, []byte(s))
	}
	files, err := filepath.Glob("../../testdata/*.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatal("no YAML in conversion/testdata")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// compareWithSigsYAML checks that ToJSON gives the bytes
// sigs.k8s.io/yaml.YAMLToJSON gives, or both an error, and that it finds
// duplicates exactly when YAMLToJSONStrict refuses the input. It returns
// a reason when the input is one of the known differences, which it does
// not check.
func compareWithSigsYAML(t *testing.T, in []byte) (skipped string) {
	t.Helper()
	if reason := knownDifference(in); reason != "" {
		return reason
	}
	want, wantErr := yaml.YAMLToJSON(in)
	_, strictErr := yaml.YAMLToJSONStrict(in)
	got, dups, err := ToJSON(in, 1<<30)
	for _, d := range dups {
		if d.converted {
			return "keys that differ as YAML name the same JSON member"
		}
	}
	if reason := knownRefusal(in, want, wantErr, err); reason != "" {
		return reason
	}
	if wantErr != nil && err == nil && tabLedEmptyLine(in) {
		// "#\n\t#\np": goyaml.v2 refuses a tab that starts a line of only
		// space or a comment in block context ("found character that
		// cannot start any token"); goyaml.v3 skips the line.
		return "a tab that starts a line of only space or a comment"
	}
	switch {
	case wantErr != nil && err == nil:
		t.Fatalf("input %q: sigs.k8s.io/yaml refuses it (%v), ToJSON gives %s", in, wantErr, got)
	case wantErr == nil && err != nil:
		t.Fatalf("input %q: sigs.k8s.io/yaml gives %s, ToJSON refuses it: %v", in, want, err)
	case err != nil:
		if !strings.Contains(err.Error(), "line ") && !strings.Contains(err.Error(), "excessive aliasing") {
			t.Errorf("input %q: error %q must say the line", in, err)
		}
		return ""
	}
	if !bytes.Equal(want, got) {
		t.Fatalf("input %q:\nsigs.k8s.io/yaml: %s\nToJSON:           %s", in, want, got)
	}
	if (strictErr != nil) != (len(dups) > 0) {
		t.Fatalf("input %q: YAMLToJSONStrict error %v, duplicates %v", in, strictErr, dups)
	}
	return ""
}

// knownDifference names the differences between goyaml.v3's parser and
// goyaml.v2's that this package leaves (see the package comment), when in
// shows one.
func knownDifference(in []byte) string {
	if !utf8.Valid(in) {
		return "Parse refuses text that is not UTF-8 anywhere, goyaml.v2 where its reader reaches it"
	}
	if anchorBeforeFlowIndicator.Match(in) {
		return "an anchor name that runs into a flow indicator"
	}
	return ""
}

// anchorBeforeFlowIndicator finds an anchor whose name is cut by
// a flow indicator ("&0]0 !"): goyaml.v2 ends the document there (null),
// goyaml.v3 skips to what follows.
var anchorBeforeFlowIndicator = regexp.MustCompile(`&[^\s\[\]{},]*[\[\]{},]`)

// knownRefusal names the known difference when goyaml.v3 refuses what
// goyaml.v2 accepts.
func knownRefusal(in, want []byte, wantErr, err error) string {
	if wantErr != nil || err == nil {
		return ""
	}
	if len(want) > 0 && (want[0] == '{' || want[0] == '[') && startsFlow(in) {
		// goyaml.v2 reads a flow collection at the root as the whole
		// document and ignores what follows it; goyaml.v3 reads on, as a
		// key ("[]: a", an error here) or a syntax error ("{}: \"").
		return "text after a root flow collection"
	}
	if dedentsBelowRoot(in) {
		// A root collection indented by n spaces ends at the first line
		// indented less: goyaml.v2 stops there, goyaml.v3 reads on and
		// may find an error in what follows (" a: 1" then "0" then
		// "0:").
		return "text after a root that ends by indentation"
	}
	if len(want) > 0 && want[0] != '{' && want[0] != '[' {
		// goyaml.v3 reads a token or two further after the document's
		// root, for comments: a syntax error there, after a root scalar,
		// is an error for it and not for goyaml.v2 ("0\n: !a!").
		return "goyaml.v3 reads further after a root scalar"
	}
	return ""
}

// dedentsBelowRoot reports whether the first line of content of in is
// indented and a later line of content is indented less. Lines before it
// that hold only the root's tag or anchor ("!0" then " 0:") do not count.
func dedentsBelowRoot(in []byte) bool {
	root := -1
	for _, line := range yamlLines(in) {
		t := strings.TrimLeft(line, " ")
		if strings.TrimSpace(t) == "" || t[0] == '#' {
			continue
		}
		if root < 0 && onlyProperties(t) {
			continue
		}
		indent := len(line) - len(t)
		if root < 0 {
			if indent == 0 {
				return false
			}
			root = indent
		} else if indent < root {
			return true
		}
	}
	return false
}

// TestDedentsBelowRoot pins the detector of the documented difference
// "text after a root that ends by indentation" both ways: a detector
// that says yes too often would hide real differences from the fuzz
// target, one that says no too often fails it on known ones.
func TestDedentsBelowRoot(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     bool
	}{
		{"an indented root then a line at column 0", " a: 1\n0\n0:", true},
		{"a tag alone on the first line does not set the root's indent", "!0\n 0:\n0\n0:", true},
		{"an anchor that a colon ends makes its line a key", " ! &0:\n0\n0:", true},
		{"an anchor alone on the first line does not set the root's indent", " &0\n0:\n1:", false},
		{"a root at column 0", "a: 1\nb: 2", false},
		{"an indented root that never dedents", " a: 1\n b: 2\n  # note\n", false},
		{"comments and blank lines do not count", " a: 1\n\n# note\n b: 2", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := dedentsBelowRoot([]byte(c.in)); got != c.want {
				t.Errorf("dedentsBelowRoot(%q) = %t, want %t", c.in, got, c.want)
			}
		})
	}
}

// onlyProperties reports whether the line t holds only node properties:
// tags and anchors, then nothing or a comment. goyaml.v2 ends an anchor's
// name at the first byte that is not a letter, a digit, '_' or '-': in
// "&0:" the colon follows the anchor and makes the line a key.
func onlyProperties(t string) bool {
	for _, f := range strings.Fields(t) {
		switch f[0] {
		case '#':
			return true
		case '!':
		case '&':
			if strings.TrimLeft(f[1:], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-") != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// startsFlow reports whether the first thing in is a flow collection.
func startsFlow(in []byte) bool {
	for _, line := range yamlLines(in) {
		t := strings.TrimLeft(line, " \t")
		if t == "" || t[0] == '#' || t[0] == '%' || strings.HasPrefix(t, "---") && strings.TrimSpace(t[3:]) == "" {
			continue
		}
		t = strings.TrimLeft(strings.TrimPrefix(t, "---"), " \t")
		// An anchor or a tag may come before the collection ("&a {}"),
		// on its line or on one of its own.
		for t != "" && (t[0] == '&' || t[0] == '!') {
			end := strings.IndexAny(t, " \t")
			if end < 0 {
				end = len(t)
			}
			t = strings.TrimLeft(t[end:], " \t")
		}
		if t == "" || t[0] == '#' {
			continue
		}
		return t[0] == '{' || t[0] == '['
	}
	return false
}

// yamlLines splits in into lines at every YAML line break: "\r\n", "\r"
// and "\n".
func yamlLines(in []byte) []string {
	s := strings.ReplaceAll(string(in), "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
}

func TestJSONIsSigsYAMLs(t *testing.T) {
	for _, in := range seeds(t) {
		if reason := compareWithSigsYAML(t, in); reason != "" {
			t.Logf("input %q: not compared: %s", in, reason)
		}
	}
}

func FuzzYAMLToJSON(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		compareFastParse(t, in)
		compareWithSigsYAML(t, in)
	})
}

func TestDuplicates(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Duplicate
	}{
		{"none", "a: 1\nb: {a: 1}\n", nil},
		{"at the root", "a: 1\nb: 2\na: 3\n", []Duplicate{{Path: "a", Line: 3, Column: 1}}},
		{"each path once, in document order", "s:\n  x: [{b: 1, b: 2, b: 3}]\n  c: 1\n  c: 2\n", []Duplicate{{Path: "s.x[0].b", Line: 2, Column: 14}, {Path: "s.c", Line: 4, Column: 3}}},
		{"a key that overrides a merged one", "base: &b {a: 1}\nm:\n  <<: *b\n  a: 2\n", []Duplicate{{Path: "m.a", Line: 4, Column: 3}}},
		{"keys that differ as YAML", "1: a\n\"1\": b\n", []Duplicate{{Path: "1", Line: 2, Column: 1, converted: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got, err := ToJSON([]byte(tt.in), 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(Duplicate{})); diff != "" {
				t.Errorf("duplicates (-want +got):\n%s", diff)
			}
		})
	}
}

func TestErrorsSayWhere(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a syntax error", "a: [\n", "yaml: line 1: did not find expected node content"},
		{"a syntax error on the first line", "a: b: c\n", "yaml: line 1: mapping values are not allowed in this context"},
		{"an unknown anchor", "a: 1\nb: [1, *nothing]\n", "yaml: line 2, column 8: unknown anchor 'nothing' referenced"},
		{"NaN", "a:\n  b: .nan\n", "yaml: line 2, column 6: the value .nan must be a number JSON can hold, not infinity or NaN"},
		{"a value that does not fit its tag", "a: !!int abc\n", "yaml: line 1, column 4: cannot decode !!str `abc` as a !!int"},
		{"a null key", "a: 1\n~: 2\n", "yaml: line 2, column 1: a mapping key must be a string, a number or a boolean, not null"},
		{"a mapping key", "? {a: 1}\n: b\n", "yaml: line 1, column 3: a mapping key must be a string, a number or a boolean, not a mapping"},
		{"a key beyond int64", "18446744073709551615: a\n", "yaml: line 1, column 1: a mapping key must be an integer of at most 64 bits with a sign; 18446744073709551615 is too large"},
		{"a merge of a scalar", "m:\n  <<: 1\n", "yaml: line 2, column 7: a merge key (<<) must have a mapping or a sequence of mappings as its value"},
		{"an alias inside its anchor", "a: &a [*a]\n", "yaml: line 1, column 8: anchor 'a' value contains itself"},
		{"bad base64", "a: !!binary '%%'\n", "yaml: line 1, column 4: a !!binary value must be base64 data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ToJSON([]byte(tt.in), 1<<20)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExpansionBound(t *testing.T) {
	in := "a: &a [" + strings.Repeat("xxxxxxxxxx,", 10) + "x]\nb: [*a, *a, *a, *a, *a, *a, *a, *a]\n"
	want, err := yaml.YAMLToJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := ToJSON([]byte(in), len(want))
	if err != nil {
		t.Fatalf("at the bound: %v", err)
	}
	if !bytes.Equal(want, got) {
		t.Fatalf("got %s, want %s", got, want)
	}
	_, _, err = ToJSON([]byte(in), len(want)-1)
	var ee *ExpansionError
	if !errors.As(err, &ee) || ee.Max != len(want)-1 {
		t.Fatalf("one byte under the bound: error %v, want an ExpansionError", err)
	}
}

func TestExcessiveAliasing(t *testing.T) {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol,lol,lol,lol,lol,lol,lol,lol,lol,lol]\n")
	for l := 1; l <= 9; l++ {
		b.WriteString("l" + string(rune('0'+l)) + ": &l" + string(rune('0'+l)) + " [")
		for i := range 10 {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("*l" + string(rune('0'+l-1)))
		}
		b.WriteString("]\n")
	}
	_, _, err := ToJSON([]byte(b.String()), 1<<40)
	if err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
		t.Fatalf("error %v, want excessive aliasing", err)
	}
}

func TestFind(t *testing.T) {
	const doc = `apiVersion: batch/v1
kind: Job
metadata:
  labels: {app: pi, "a.b/c": x}
spec:
  template: &t
    spec:
      containers:
      - name: pi
        image: perl
      -   name: two
          image: ruby
  other:
    <<: *t
  backoffLimit: 1
  backoffLimit: 2
`
	tests := []struct {
		path string
		want Position
	}{
		{"", Position{Line: 1, Column: 1}},
		{"kind", Position{Line: 2, Column: 1, Path: "kind"}},
		{"metadata.labels[app]", Position{Line: 4, Column: 12, Path: "metadata.labels[app]"}},
		{"metadata.labels[a.b/c]", Position{Line: 4, Column: 21, Path: "metadata.labels[a.b/c]"}},
		{"spec.template.spec.containers[0].image", Position{Line: 10, Column: 9, Path: "spec.template.spec.containers[0].image"}},
		{"spec.template.spec.containers[1]", Position{Line: 11, Column: 11, Path: "spec.template.spec.containers[1]"}},
		{"spec.template.spec.containers[1].image", Position{Line: 12, Column: 11, Path: "spec.template.spec.containers[1].image"}},
		{"spec.template.spec.containers[2].image", Position{Line: 8, Column: 7, Path: "spec.template.spec.containers"}},
		{"spec.other.spec.containers[0].name", Position{Line: 9, Column: 9, Path: "spec.other.spec.containers[0].name"}},
		{"spec.backoffLimit", Position{Line: 16, Column: 3, Path: "spec.backoffLimit"}},
		{"spec.completions", Position{Line: 5, Column: 1, Path: "spec"}},
	}
	d, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got, ok := d.Find(tt.path)
			if !ok {
				t.Fatal("not found")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("position (-want +got):\n%s", diff)
			}
		})
	}
	empty, err := Parse(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := empty.Find("a"); ok {
		t.Error("an empty document must have no positions")
	}
}

// tabLedEmptyLine reports whether a line of in holds, after spaces, a
// tab and then only space or a comment.
func tabLedEmptyLine(in []byte) bool {
	for _, line := range yamlLines(in) {
		t := strings.TrimLeft(line, " ")
		if t == "" || t[0] != '\t' {
			continue
		}
		if r := strings.TrimLeft(t, " \t"); r == "" || r[0] == '#' {
			return true
		}
	}
	return false
}
