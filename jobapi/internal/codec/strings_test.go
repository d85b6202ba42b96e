package codec

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

// The strings the decoder returns: validString against encoding/json,
// appendUnquoted on strings longer than its buffer, and the chunks the
// decoder's strings are parts of.

// validStringSeeds are the inputs of the validString tests.
var validStringSeeds = []string{
	`""`, `"a"`, `"abcdefghijklmnopqrstuvwxyz"`, `"a\"b"`, `"\\"`, `"\u00e9"`, `"\u00e"`, `"\uXYZW"`, `"\x"`,
	"\"\x01\"", "\"abcdefghij\x1f\"", `"abc`, `"abcdefghijklmnop\`, `"\`, "\"\xff\xfe\"", `"é"`, `"\/\b\f\n\r\t"`,
}

// checkValidString fails unless validString reads the string at the start
// of s as encoding/json does: it ends at the first quote no backslash
// escapes, and it is a string when json.Valid accepts it.
func checkValidString(t *testing.T, s []byte) {
	t.Helper()
	if len(s) == 0 || s[0] != '"' {
		return
	}
	wantEnd, wantOK := len(s), false
	for j := 1; j < len(s); j++ {
		if s[j] == '\\' {
			j++
		} else if s[j] == '"' {
			wantEnd, wantOK = j+1, json.Valid(s[:j+1])
			break
		}
	}
	gotEnd, gotOK := validString(s, 0)
	if gotOK != wantOK || gotOK && gotEnd != wantEnd {
		t.Fatalf("validString(%q) = %d, %v; encoding/json: %d, %v", s, gotEnd, gotOK, wantEnd, wantOK)
	}
}

func TestValidStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range validStringSeeds {
		checkValidString(t, []byte(s))
		checkValidString(t, []byte(s+`,"next"`))
	}
}

func FuzzValidString(f *testing.F) {
	for _, s := range validStringSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		checkValidString(t, s)
	})
}

// pieces are the parts the long strings of the tests are made of: plain
// text, every escape, UTF-8 of each length, invalid UTF-8 and surrogates.
var pieces = []string{
	`a`, `abcdefgh`, `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u20ac`, `\ud83d\ude00`,
	`\ud800`, `\udc00x`, `\ud800\u0041`, "é", "€", "😀", "\xff", "\xe2\x28\xa1", `\u0000`,
}

// Strings longer than appendUnquoted's buffer, with each piece at every
// offset around the points where the buffer fills, decode as
// encoding/json decodes them, through unquote and through the decoder's
// chunks.
func TestUnquoteLongStrings(t *testing.T) {
	for _, p := range pieces {
		for _, filler := range []string{"x", `\"`, "é"} {
			for n := 225; n < 260; n++ {
				q := `"` + strings.Repeat(filler, n/len(filler)) + p + strings.Repeat(p, 40) + `tail"`
				var want string
				if err := json.Unmarshal([]byte(q), &want); err != nil {
					t.Fatalf("encoding/json refuses %q: %v", q, err)
				}
				got, ok := unquote([]byte(q))
				if !ok || got != want {
					t.Fatalf("unquote(%q) = %q, %v; want %q", q, got, ok, want)
				}
				var d Decoder
				if err := d.Start([]byte(q)); err != nil {
					t.Fatal(err)
				}
				got, ok = d.String()
				if !ok || got != want {
					t.Fatalf("Decoder.String(%q) = %q, %v; want %q", q, got, ok, want)
				}
				d.StartNew([]byte(q))
				got, ok = d.String()
				if !ok || got != want || !d.Checked() {
					t.Fatalf("Decoder.String(%q), checking = %q, %v; want %q", q, got, ok, want)
				}
			}
		}
	}
}

// The strings of a document, map keys and values, short and long, plain
// and escaped, decode as encoding/json decodes them when they take more
// than one chunk; a value decoded later does not change one decoded
// before.
func TestDecoderStringsAcrossChunks(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(`,`)
		}
		v := strings.Repeat(fmt.Sprint(i%10), i%70)
		if i%7 == 0 {
			v += `\"esc\u00e9\"` + strings.Repeat("y", i)
		}
		fmt.Fprintf(&b, `"k%d\u002e%d":"%s"`, i, i, v)
	}
	b.WriteString(`}`)
	data := []byte(b.String())
	var want map[string]string
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"counted", "not counted", "checked as read"} {
		var d Decoder
		if mode == "checked as read" {
			d.StartNew(data)
		} else if err := d.Start(data); err != nil {
			t.Fatal(err)
		}
		if mode == "not counted" {
			d.counted, d.strBytes, d.firstChunk = false, 0, 0
		}
		var got map[string]string
		d.StringMap(&got)
		if err := d.Err(); err != nil || !d.Checked() {
			t.Fatal(err, d.Checked())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", mode, diff)
		}
		// The strings are copies: changing the text afterwards changes
		// none of them.
		text := append([]byte(nil), data...)
		var d2 Decoder
		if err := d2.Start(text); err != nil {
			t.Fatal(err)
		}
		var again map[string]string
		d2.StringMap(&again)
		for i := range text {
			text[i] = 'X'
		}
		if diff := cmp.Diff(want, again); diff != "" {
			t.Errorf("after changing the text (-want +got):\n%s", diff)
		}
	}
}

// kubectlJSON is the kubectl manifest of package conversion's tests, as
// JSON.
func kubectlJSON(b testing.TB) []byte {
	b.Helper()
	data, err := os.ReadFile("../../../conversion/testdata/kubectl-indexed.yaml")
	if err != nil {
		b.Fatal(err)
	}
	j, err := yaml.YAMLToJSON(data)
	if err != nil {
		b.Fatal(err)
	}
	return j
}

// BenchmarkValid times the validation Start does up front.
func BenchmarkValid(b *testing.B) {
	data := kubectlJSON(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		d := Decoder{data: data}
		if !d.valid() {
			b.Fatal("not valid")
		}
	}
}

// BenchmarkUnquoteEscaped times the decoding of a string with many
// escapes: kubectl's last-applied-configuration annotation.
func BenchmarkUnquoteEscaped(b *testing.B) {
	data := kubectlJSON(b)
	const key = `"kubectl.kubernetes.io/last-applied-configuration":`
	i := strings.Index(string(data), key)
	if i < 0 {
		b.Fatal("no annotation")
	}
	i += len(key)
	q := data[i:stringEnd(data, i)]
	b.ReportAllocs()
	b.SetBytes(int64(len(q)))
	// Into a chunk of 16 KiB, as the decoder's strings go into a chunk
	// shared by the document's strings.
	var sb strings.Builder
	for b.Loop() {
		if sb.Len() > 16<<10-len(q) {
			sb = strings.Builder{}
		}
		if sb.Len() == 0 {
			sb.Grow(16 << 10)
		}
		if !appendUnquoted(&sb, q[1:len(q)-1]) {
			b.Fatal("not a string")
		}
	}
}

// BenchmarkValidStringEscaped times the validation of kubectl's
// last-applied-configuration annotation.
func BenchmarkValidStringEscaped(b *testing.B) {
	data := kubectlJSON(b)
	const key = `"kubectl.kubernetes.io/last-applied-configuration":`
	i := strings.Index(string(data), key)
	if i < 0 {
		b.Fatal("no annotation")
	}
	i += len(key)
	q := data[i:stringEnd(data, i)]
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		if _, ok := validString(q, 0); !ok {
			b.Fatal("not a string")
		}
	}
}

// When the decoder checks the text as it reads it, every reader that
// finds the end of the text where a value must be fails the decoding
// (Checked reports false), and one that reads a whole value does not.
func TestCheckedReadersNeedAValue(t *testing.T) {
	readers := []struct {
		name string
		read func(d *Decoder)
	}{
		{"String", func(d *Decoder) { d.String() }},
		{"Int", func(d *Decoder) { d.Int(64) }},
		{"Bool", func(d *Decoder) { d.Bool() }},
		{"BeginStruct", func(d *Decoder) {
			if d.BeginStruct() {
				for _, ok := d.Member(); ok; _, ok = d.Member() {
					d.skip()
				}
			}
		}},
		{"BeginArray", func(d *Decoder) {
			if _, ok := d.BeginArray(); ok {
				for i := 0; d.More(i); i++ {
					d.skip()
					d.Pop()
				}
			}
		}},
		{"StringMap", func(d *Decoder) {
			var m map[string]string
			d.StringMap(&m)
		}},
		{"RawJSON", func(d *Decoder) { d.RawJSON() }},
		{"Raw", func(d *Decoder) { d.Raw() }},
	}
	values := map[string]string{
		"String": `"a"`, "Int": `1`, "Bool": `true`, "BeginStruct": `{"a":1}`, "BeginArray": `[1]`,
		"StringMap": `{"a":"b"}`, "RawJSON": `[1]`, "Raw": `{}`,
	}
	for _, r := range readers {
		for _, in := range []string{"", " ", "\n\t", values[r.name], " " + values[r.name] + " "} {
			var d Decoder
			d.StartNew([]byte(in))
			r.read(&d)
			if got, want := d.Checked(), strings.TrimSpace(in) != ""; got != want {
				t.Errorf("%s on %q: Checked() = %v, want %v", r.name, in, got, want)
			}
		}
	}
}

// skipSpace passes exactly JSON's four space bytes, alone and in runs
// longer than a word, and stops at any other byte.
func TestSkipSpaceStopsAtAnyOtherByte(t *testing.T) {
	for c := range 256 {
		space := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		for _, run := range []int{0, 1, 7, 8, 9, 20} {
			data := []byte(strings.Repeat(" \n\t\r", 5)[:run] + string([]byte{byte(c)}) + "x")
			want := run
			if space {
				want = run + 1
			}
			if got := skipSpace(data, 0); got != want {
				t.Fatalf("skipSpace(%q) = %d, want %d", data, got, want)
			}
		}
	}
}
