package yamlwrite

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion/internal/yamlwrite/v2ref"
)

// requireSameAsReference checks Append against the goyaml.v2 reference on
// the compact form of j: equal bytes, or both errors; Append must refuse
// invalid JSON. The reference is given compact JSON (what jobkit's
// encoders write) because on JSON with line breaks between tokens its
// scanner loses track of possible keys: it fails, or misreads a member
// (`[{\r"b9" :1}]` reads as the key `b9" :1`), and that is not reproduced.
func requireSameAsReference(t *testing.T, j []byte) {
	t.Helper()
	got, err := Append(nil, j)
	var compact bytes.Buffer
	if json.Compact(&compact, j) != nil {
		if err == nil {
			t.Fatalf("Append(%q) = %q, want an error: the input is not valid JSON", j, got)
		}
		return
	}
	want, werr := v2ref.JSONToYAML(compact.Bytes())
	switch {
	case werr != nil && err != nil:
		return
	case werr != nil:
		t.Fatalf("Append(%q) = %q, want an error as the reference's: %v", j, got, werr)
	case err != nil:
		t.Fatalf("Append(%q): %v, want the reference's %q", j, err, want)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Fatalf("Append(%q) (-reference +Append):\n%s", j, diff)
	}
}

// quoteRaw writes s as a JSON string escaping only what JSON requires, so
// that raw U+2028, DEL and bytes that are not UTF-8 reach the converter.
func quoteRaw(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// docsWith returns JSON documents holding s as values and keys at several
// depths, with s quoted both raw and by encoding/json.
func docsWith(s string) [][]byte {
	enc, _ := json.Marshal(s)
	var docs [][]byte
	for _, q := range []string{quoteRaw(s), string(enc)} {
		docs = append(docs,
			[]byte(q),
			[]byte(`{"k":`+q+`}`),
			[]byte(`{`+q+`:"v"}`),
			[]byte(`{"a":{"b":[`+q+`,{`+q+`:`+q+`}],"c":[[`+q+`]]},`+q+`:[{"x":`+q+`}]}`),
			[]byte(`[{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":`+q+`}]`),
			[]byte(`{"metadata":{"annotations":{"x":`+q+`}},"z":`+q+`,"09":`+q+`}`),
		)
	}
	return docs
}

// adversarial are strings that exercise goyaml.v2's scalar styles.
var adversarial = []string{
	"", " ", "  ", "a", " a", "a ", " a ", "a  b", "a: b", "a:b", "a :b", ":", ": a", "a:", "a #b", "a#b", "#a",
	"- a", "-a", "-", "--", "---", "--- a", "...", "... a", "? a", "?a", "?", "a?", "[a]", "{a}", "a,b", "&a", "*a", "!a", "|a", ">a",
	"'a'", `"a"`, "%a", "@a", "`a", "a\tb", "\t", "a\nb", "a\n", "\n", "\na", "a\n\n", "a\nb\n\n", " a\nb", "a \nb", "a\n b",
	"a\rb", "a\r\nb", "a\u2028b", "a\u2029b", "a \u2028 b", "a\u2028  \u2028 b", "\u2028", "a\u2028--- b", "a\u2028---", "a\u2028...\u2028",
	"a\u0085b", "\u0085", "\ufeffa", "a\ufeff", "\ufeff", "\ufffe", "\uffff", "\u007f", "\u0080\u009f", "\u00a0", "é ☃", "🙂", "a🙂b",
	"\x00", "a\x00 #b", "\x1b", "\xff", "a\xffb", "\xed\xa0\x80", "\\", "'", "''", `\/`,
	"yes", "Yes", "YES", "no", "on", "off", "y", "n", "Y", "N", "true", "False", "null", "Null", "~", "NULL",
	"0777", "0o17", "0x1F", "0b101", "-0b101", "0b-101", "0b+1", "0b_-1", "-0b-1", "+12", "1_000", "1e3", "1E3", "1e", ".5", "5.", "-.5", "+.5", ".inf", "-.inf", "+.INF", ".nan", ".NaN", "1.0",
	"-0", "0", "00", "18446744073709551616", "1e400", "._5", "1:20", "1:20:30.5", "-1:2", "1:60", "190:20:30", "1::2",
	"2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-1-1", "20011-12-14", "2001-13-14",
	"<<", "=", "a=b", "0x", "0b", "-", "+", ".", "..", "1.2.3",
	strings.Repeat("word ", 30), strings.Repeat("x", 200), strings.Repeat("x", 79) + " " + strings.Repeat("y", 10),
	strings.Repeat("x", 80) + "  " + strings.Repeat("y", 10), strings.Repeat("ab ", 60) + "\n" + strings.Repeat("cd ", 40),
	strings.Repeat("a ", 50) + "#", strings.Repeat("é ", 60), strings.Repeat("🙂 ", 40), strings.Repeat("\t ", 50),
	strings.Repeat("yes ", 30), strings.Repeat("it's ", 30) + "\u2028" + strings.Repeat("x ", 40), strings.Repeat("k", 128), strings.Repeat("k", 129),
	strings.Repeat("k", 1018), strings.Repeat("k", 1019), strings.Repeat("k", 1022), strings.Repeat("k", 1023),
	strings.Repeat("\x7f", 170), strings.Repeat("\u2028 ", 20),
}

func TestAppendMatchesReferenceOnAdversarialStrings(t *testing.T) {
	for i, s := range adversarial {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			for _, d := range docsWith(s) {
				requireSameAsReference(t, d)
			}
		})
	}
}

func TestAppendMatchesReferenceOnJSON(t *testing.T) {
	tests := []struct {
		name string
		json string
	}{
		{"numbers", `[0,-0,1,-1,1.0,-0.0,1.5,1e3,1E+3,1e-3,1e21,1e20,123456789012345678901234567890,9223372036854775807,9223372036854775808,-9223372036854775809,18446744073709551615,18446744073709551616,1e400,-1e400,1e-400,-1e-400,0.1,100000,1000000,1e6,12345678.9]`},
		{"literals", `{"t":true,"f":false,"n":null}`},
		{"empty collections", `{"a":{},"b":[],"c":[{},[]],"d":[[],[[]]]}`},
		{"root empty object", `{}`},
		{"root empty array", `[]`},
		{"root scalar", `"x"`},
		{"root number", `1.0`},
		{"root null", `null`},
		{"whitespace", " \t\r\n{ \"a\" :\t[ 1 ,\n2 ] , \"b\"\t: {} }\n"},
		{"newline before a colon", "{\"a\"\n:1}"},
		{"sequences in sequences", `[[1,[2,[3]]],[{"a":[1]}]]`},
		{"sequence under a complex key", `{"` + strings.Repeat("k", 130) + `":[1,{"a":[2]}]}`},
		{"mapping under a complex key", `{"` + strings.Repeat("k", 130) + `":{"a":1}}`},
		{"duplicate keys", `{"a":1,"b":2,"a":3,"<<":{"x":1}}`},
		{"natural order", `{"x10":1,"x9":2,"x09":3,"a":4,"B":5,"_":6,"1":7,"01":8,"0C900":9,"09700C":10,"8710A0200270":11,"é":12,"٣":13,"x٣":14,"x3":15}`},
		{"escapes", `{"a":"\"\\\b\f\n\r\t\u0000\u001f\u00e9\u2028\u2029\u0085\u00a0\ufeff\uffff"}`},
		{"slash escape", `{"a":"\/"}`},
		{"surrogate escape", `{"a":"\ud83d\ude00"}`},
		{"deep", strings.Repeat(`{"a":[`, 50) + "1" + strings.Repeat(`]}`, 50)},
		{"too deep", strings.Repeat("[", 10000) + strings.Repeat("]", 10000)},
		{"deepest", strings.Repeat("[", 9999) + strings.Repeat("]", 9999)},
		{"key of 1025 characters", `{"` + strings.Repeat("k", 1023) + `":1}`},
		{"key of 1024 characters", `{"` + strings.Repeat("k", 1022) + `":1}`},
		{"key of 1024 characters and a space", `{"` + strings.Repeat("k", 1022) + `" :1}`},
		// goyaml.v2 fails on this JSON ("did not find expected ',' or ']'")
		// but not on its compact form, which Append must print.
		{"line breaks the reference's scanner fails on", "{\"x0\":{\n\"xx\":{\r\"xx\":false,\"xx\":{\"xxx\":[\"\ufeff\"\n,\"\xbb\xbf\",{\"xx\":{\"xx\":0.1,\"xx\":\"xx\",\t\"xxx\":1.0,\"xxx\":0.1},\"xx\":123456789012345678901234567890,\"xx\":[],\"xx\":{\"xx\":-1},\"\":[0.1]}\t,\r[]\n],\r\"xx\":[[{\n},{\"xx\":\"xxx x\",\"xx\":0.1,\"xx\xbb\xbf\" :{\r\"xx\":\"\xbb\xbf\",\"xx\":{\"xx\":true,\"xx\" :\"xxx000xx\" ,\"x0\":-0,\"xx\":\"  \",\"xx0\":1e400},\"xx\":\" x\"},\"xx\":\"xx\"},1e400,{\"xx\" :0,\"\":{\"xx\":{\"x0\":\nnull,\"xx\":{\"xx0\":{\"\xef\xbbx\":18446744073709551616,\"xx\" :{\"\xbf\":false\t,\"xx\":null}},\"x0\":\"\ufeff\",\"xx\":true,\r\"xxx\":\"  \",\"\ufeff\":\"\"}}}}]\n]}}}}"},
		{"invalid: trailing comma", `[1,]`},
		{"invalid: single quotes", `{'a':1}`},
		{"invalid: plain word", `abc`},
		{"invalid: two values", `1 2`},
		{"invalid: empty", ``},
		{"invalid: leading zero", `01`},
		{"invalid: raw tab in a string", "\"a\tb\""},
		{"invalid: bad escape", `"\x41"`},
		{"invalid: short unicode escape", `"\u12"`},
		{"invalid: unterminated", `{"a":"b`},
		{"invalid: BOM", "\ufeff{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			requireSameAsReference(t, []byte(tt.json))
		})
	}
}

// fixtures returns every JSON and YAML fixture of package conversion as
// JSON.
func fixtures(t testing.TB) [][]byte {
	paths, err := filepath.Glob("../../testdata/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	more, _ := filepath.Glob("../../testdata/*.json")
	var docs [][]byte
	for _, p := range append(paths, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, ".yaml") {
			if b, err = yaml.YAMLToJSON(b); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
		}
		docs = append(docs, b)
	}
	return docs
}

func TestAppendMatchesReferenceOnFixtures(t *testing.T) {
	for _, d := range fixtures(t) {
		requireSameAsReference(t, d)
		var indented bytes.Buffer
		if err := json.Indent(&indented, d, "", "\t"); err != nil {
			t.Fatal(err)
		}
		requireSameAsReference(t, indented.Bytes())
	}
}

func TestAppendAppendsToDst(t *testing.T) {
	got, err := Append([]byte("# head\n"), []byte(`{"a":[1,"b"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("# head\na:\n- 1\n- b\n", string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	dst := []byte("keep")
	got, err = Append(dst, []byte(`{`))
	if err == nil || string(got) != "keep" {
		t.Errorf("Append on invalid JSON = %q, %v; want dst unchanged and an error", got, err)
	}
}

// TestAppendMatchesReferenceOnGeneratedDocuments compares on documents
// the fuzz target's generator builds from pseudo-random bytes.
func TestAppendMatchesReferenceOnGeneratedDocuments(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		data := make([]byte, 64+r.IntN(512))
		for k := range data {
			data[k] = byte(r.Uint32())
		}
		g := generator{data: data, s: adversarial[r.IntN(len(adversarial))]}
		requireSameAsReference(t, g.value(nil, 0))
	}
}

// FuzzJSONToYAML checks Append against the goyaml.v2 reference: on the
// input itself when it is JSON, and on documents holding the input string
// as keys and values.
func FuzzJSONToYAML(f *testing.F) {
	for _, d := range fixtures(f) {
		f.Add(d, "")
	}
	for _, s := range adversarial {
		f.Add([]byte(`{"a":1}`), s)
	}
	f.Add([]byte(`{"09700C":null,"0C900":null,"8710A0200270":null,"a":{"x10":1,"x9":2,"x09":3}}`), "x")
	f.Add([]byte(`[1e3,-0,18446744073709551616,1e400,{},[]]`), "1e3")
	f.Fuzz(func(t *testing.T, j []byte, s string) {
		if len(j) > 1<<16 || len(s) > 1<<12 {
			return
		}
		requireSameAsReference(t, j)
		for _, d := range docsWith(s) {
			requireSameAsReference(t, d)
		}
		g := generator{data: j, s: s}
		requireSameAsReference(t, g.value(nil, 0))
	})
}

// generator turns fuzz bytes into valid JSON: nested objects and arrays
// whose keys and strings are drawn from the adversarial strings, from s
// and from pieces of s, with numbers and whitespace of every form.
type generator struct {
	data []byte
	s    string
	size int // bytes written so far: past 16 KiB, it closes what is open
}

func (g *generator) next() int {
	if len(g.data) == 0 || g.size > 1<<14 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b)
}

var numbers = []string{"0", "-0", "1", "-1", "1.0", "1e3", "1E-7", "0.1", "1e21", "123456789012345678901234567890", "18446744073709551615", "18446744073709551616", "9223372036854775808", "1e400", "-1e-400", "3.14159"}

func (g *generator) str() string {
	switch b := g.next(); {
	case b < 64:
		return quoteRaw(adversarial[b%len(adversarial)])
	case b < 128 && len(g.s) > 0:
		i := g.next() % len(g.s)
		j := i + g.next()%(len(g.s)-i+1)
		return quoteRaw(g.s[i:j])
	case b < 160:
		enc, _ := json.Marshal(g.s)
		return string(enc)
	case b < 200:
		return quoteRaw(g.s)
	default:
		return `"` + string(rune('a'+b%26)) + strconv.Itoa(b%13) + `"`
	}
}

func (g *generator) space(dst []byte) []byte {
	if b := g.next(); b >= 240 {
		dst = append(dst, " \t\n\r"[b%4])
	}
	return dst
}

func (g *generator) value(dst []byte, depth int) []byte {
	g.size = len(dst)
	dst = g.space(dst)
	b := g.next()
	switch {
	case depth < 2:
		b = 96 + b%160 // an object or an array
	case depth > 6:
		b %= 128
	}
	switch {
	case b < 48:
		dst = append(dst, g.str()...)
	case b < 80:
		dst = append(dst, numbers[g.next()%len(numbers)]...)
	case b < 96:
		dst = append(dst, [...]string{"true", "false", "null"}[b%3]...)
	case b < 128 || b >= 192:
		dst = append(dst, '{')
		for i, n := 0, g.next()%6; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = g.space(dst)
			if g.next() < 64 {
				dst = append(dst, g.str()...)
			} else {
				dst = append(dst, `"`+string(rune('a'+g.next()%5))+strconv.Itoa(g.next()%12)+`"`...)
			}
			if g.next() >= 240 {
				dst = append(dst, ' ') // a line break here is an error
			}
			dst = append(dst, ':')
			dst = g.value(dst, depth+1)
		}
		dst = append(g.space(dst), '}')
	default:
		dst = append(dst, '[')
		for i, n := 0, g.next()%5; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = g.value(dst, depth+1)
		}
		dst = append(g.space(dst), ']')
	}
	return g.space(dst)
}
