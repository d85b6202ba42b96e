package codec

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkUnquote fails unless unquote decodes the JSON string q as
// encoding/json does, and refuses what encoding/json refuses.
func checkUnquote(t *testing.T, q []byte) {
	t.Helper()
	if len(q) < 2 || q[0] != '"' || stringEnd(q, 0) != len(q) {
		return // the decoder passes unquote exactly one string token
	}
	var want string
	wantErr := json.Unmarshal(q, &want)
	got, ok := unquote(q)
	if wantErr != nil {
		if ok && json.Valid(q) {
			t.Fatalf("unquote(%q) = %q, but encoding/json refuses it: %v", q, got, wantErr)
		}
		return
	}
	if !ok || got != want {
		t.Fatalf("unquote(%q) = %q, %v; encoding/json: %q", q, got, ok, want)
	}
}

// checkDecoderString fails unless Decoder.String, checking the text as it
// reads it (StartNew), decodes the JSON text q as encoding/json decodes
// it into a string, and fails the decoding for text that is not JSON.
func checkDecoderString(t *testing.T, q []byte) {
	t.Helper()
	var want string
	wantErr := json.Unmarshal(q, &want)
	var d Decoder
	d.StartNew(q)
	got, ok := d.String()
	checked := d.Checked()
	switch valid := json.Valid(q); {
	case checked && !valid, !checked && valid && !deeperThan(q, maxCompactDepth):
		t.Fatalf("Decoder.String(%q): Checked() = %v, json.Valid: %v", q, checked, valid)
	case wantErr == nil && (!ok || got != want):
		t.Fatalf("Decoder.String(%q) = %q, %v; encoding/json: %q", q, got, ok, want)
	}
}

// deeperThan reports whether the lists and objects of the JSON text q
// nest deeper than depth: the checks of the decoder do not follow them.
func deeperThan(q []byte, depth int) bool {
	d := 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '"':
			i = stringEnd(q, i) - 1
		case '{', '[':
			if d++; d > depth {
				return true
			}
		case '}', ']':
			d--
		}
	}
	return false
}

var unquoteSeeds = []string{
	`""`, `"a"`, `"caf\u00e9"`, `"a\nb\t\"\\\/\b\f\r"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udc00"`, `"\ud800\u0041"`,
	`"\ud800\ud800"`, `"\uD83D\uDE00x"`, "\"\xff\"", "\"\xe2\x28\xa1\"", `"\u0000"`, `"é"`, `"\u2028"`, `"\x"`, `"\u12"`,
	`"\u12"x`, `"a\"`, `"a`, `"` + strings.Repeat(`a\"`, 100) + `"`, `"` + strings.Repeat(`\u00e9`, 50) + "\x01" + `"`, `1`, `[[[` + strings.Repeat(`[`, 600), strings.Repeat(`[`, 600) + strings.Repeat(`]`, 600), `"ab" "c"`, ` `, ``,
}

func TestUnquoteMatchesEncodingJSON(t *testing.T) {
	for _, s := range unquoteSeeds {
		checkUnquote(t, []byte(s))
		checkDecoderString(t, []byte(s))
	}
}

func FuzzUnquote(f *testing.F) {
	for _, s := range unquoteSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, q []byte) {
		checkUnquote(t, q)
		checkDecoderString(t, q)
	})
}

// CompactJSON (what meta.RawJSON.UnmarshalJSON stores) returns what
// json.Compact writes, or fails as it does.
func FuzzCompactJSON(f *testing.F) {
	for _, s := range []string{`null`, ` { "a" : [ 1 , "x y" ] } `, `[1,]`, `"\u00e9 "`, "{\"a\":\t1}\n", `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var buf bytes.Buffer
		wantErr := json.Compact(&buf, b)
		r, err := CompactJSON(b)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("CompactJSON(%q): %v; json.Compact: %v", b, err, wantErr)
		}
		if err == nil {
			if diff := cmp.Diff(buf.String(), string(r)); diff != "" {
				t.Fatalf("CompactJSON(%q) (-json.Compact +got):\n%s", b, diff)
			}
		}
	})
}

// The decoder's validation accepts exactly what json.Valid accepts, and
// counts the elements of every list it passes.
func FuzzValid(f *testing.F) {
	for _, s := range []string{`{}`, ` [ 1 , [ ] , { "a" : [ true ] } ] `, `[1,]`, `{"a":1,}`, `01`, `-`, `1.e5`, `"\u12"`, `nul`, `[[[`, "\"\x01\"", `{"a" 1}`, `1 2`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := Decoder{data: data}
		if got, want := d.valid(), json.Valid(data); got != want {
			t.Fatalf("valid(%q) = %v, json.Valid: %v", data, got, want)
		}
		// validCompact accepts nothing that is not JSON (FuzzValidCompact
		// holds it to json.Compact).
		if end, ok := validCompact(data, 0, 0); ok && !json.Valid(data[:end]) {
			t.Fatalf("validCompact(%q) accepts %q", data, data[:end])
		}
		for k := 0; d.counted && k < d.nCounts; k++ {
			c := d.count(k)
			it := newArrayIter(data, int(c.pos))
			n := 0
			for {
				_, done, ok := it.next()
				if done || !ok {
					break
				}
				n++
			}
			if n != int(c.n) {
				t.Fatalf("valid(%q) counts %d elements at %d, want %d", data, c.n, c.pos, n)
			}
		}
	})
}

// skipPlain finds the end skipValue finds, and a value it calls plain is
// its own compact copy, both as an Unknown member and as a RawJSON.
func FuzzSkipPlain(f *testing.F) {
	for _, s := range []string{`{"a" : [1, "\u00e9"]}`, `"x\"y"`, `[[],{}]`, `-1.5e3,`, `true}`, `{"a":"\ud800"}`, `"a\\"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		end := skipValue(data, 0)
		if !json.Valid(data[:end]) {
			return
		}
		got, plain := skipPlain(data, 0)
		if got != end {
			t.Fatalf("skipPlain(%q) ends at %d, skipValue at %d", data, got, end)
		}
		val := data[:end]
		if plain {
			if c := compactCopy(val); !bytes.Equal(c, val) {
				t.Fatalf("skipPlain(%q) says plain, but the compact copy is %q", val, c)
			}
			if c := compactSpace(val); !bytes.Equal(c, val) {
				t.Fatalf("skipPlain(%q) says plain, but compactSpace gives %q", val, c)
			}
		}
	})
}
