package codec

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// validCompact is the fast path of appendCompact: it accepts exactly the
// valid JSON that json.Compact leaves unchanged (but for nesting deeper
// than maxCompactDepth).
func checkValidCompact(t *testing.T, src []byte) {
	t.Helper()
	end, ok := validCompact(src, 0, 0)
	accepted := ok && end == len(src)
	var buf bytes.Buffer
	err := json.Compact(&buf, src)
	unchanged := err == nil && bytes.Equal(buf.Bytes(), src)
	if accepted && !unchanged || !accepted && unchanged && !tooDeep(src) {
		t.Fatalf("validCompact(%q) accepts: %v; json.Compact leaves it unchanged: %v (%v)", src, accepted, unchanged, err)
	}
}

func TestValidCompactAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{
		`null`, `true`, `false`, `0`, `-0`, `-1.5e+10`, `1E5`, `01`, `1.`, `.5`, `-`, `1e`, `"a"`, `"\u00e9\n\"\\\/"`, `"\u12g4"`, `"\x"`,
		"\"\x01\"", "\"\xff\"", `{}`, `[]`, `{"a":1,"b":[1,{"c":null}]}`, `{"a":1,}`, `[1,]`, `{"a" :1}`, `[1, 2]`, `{"a":1}x`, `{`, `[`, `"`,
		`nul`, `truex`, `{1:2}`, `[[[[]]]]`, strings.Repeat("[", 600) + strings.Repeat("]", 600), strings.Repeat("[", 600),
	} {
		checkValidCompact(t, []byte(s))
	}
}

func FuzzValidCompact(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,"x\u0041",true,false,null]}`, `[ 1 ]`, `"\ud800"`, `{"a":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkValidCompact(t, src)
	})
}

// tooDeep reports whether src nests deeper than the fast path goes (it then
// declines and json.Compact decides).
func tooDeep(src []byte) bool {
	return bytes.Count(src, []byte("["))+bytes.Count(src, []byte("{")) > maxCompactDepth
}

// appendCompact writes a raw value as encoding/json writes a
// json.RawMessage: compacted and HTML-escaped (<, >, &, U+2028, U+2029),
// or fails on text that is not JSON.
func checkAppendCompact(t *testing.T, src []byte) {
	t.Helper()
	got, err := appendCompact([]byte("prefix"), src)
	want, wantErr := json.Marshal(json.RawMessage(src))
	if len(src) == 0 {
		return // an empty RawMessage is null to encoding/json; RawJSON says so itself
	}
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("appendCompact(%q) error %v; encoding/json: %v", src, err, wantErr)
	}
	if err == nil && string(got) != "prefix"+string(want) {
		t.Fatalf("appendCompact(%q) = %q; encoding/json writes %q", src, got[len("prefix"):], want)
	}
}

func TestAppendCompactWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, s := range []string{
		`{"a":"<b>&"}`, "\"\u2028\u2029\"", "\"\u20ac \u2027 \u202a\"", `{ "long": "abcdefghijklmnopqrstuvwxyz<" }`, `["é","<"]`,
		`{"a":1}`, `[1, 2]`, `"\u003c"`, `{"a":`, `<`, "\"\xe2\x80\"", "\"\xe2\x80\xa8\"",
	} {
		checkAppendCompact(t, []byte(s))
	}
}

func FuzzAppendCompact(f *testing.F) {
	for _, s := range []string{`{"a":"<b>&"}`, "[\"\u2028\", 1]", `{"x": [true, null]}`, `"plain text, eight bytes at a time"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkAppendCompact(t, src)
	})
}
