package yamlwrite

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAppendStyles pins goyaml.v2's styling rules one by one; the
// differential tests check the rest against the reference itself.
func TestAppendStyles(t *testing.T) {
	long := "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh iiiiiiiii"
	tests := []struct {
		name string
		json string
		want string
	}{
		{"a string that reads back as a string is plain", `{"a":"plain text"}`, "a: plain text\n"},
		{"a YAML 1.1 bool is double-quoted", `{"a":"yes"}`, "a: \"yes\"\n"},
		{"an octal int is double-quoted", `{"a":"0777"}`, "a: \"0777\"\n"},
		{"a float is double-quoted", `{"a":"1e3"}`, "a: \"1e3\"\n"},
		{"a timestamp is double-quoted", `{"a":"2001-12-14"}`, "a: \"2001-12-14\"\n"},
		{"a base-60 float is double-quoted", `{"a":"1:20"}`, "a: \"1:20\"\n"},
		{"null and the empty string are double-quoted", `{"a":"null","b":""}`, "a: \"null\"\nb: \"\"\n"},
		{"an indicator makes it single-quoted", `{"a":"- x","b":"a: b","c":"a #b","d":" x"}`, "a: '- x'\nb: 'a: b'\nc: 'a #b'\nd: ' x'\n"},
		{"a quote inside is plain, a leading one doubled", `{"a":"it's","b":"' x"}`, "a: it's\nb: ''' x'\n"},
		{"a tab is escaped", `{"a":"a\tb"}`, "a: \"a\\tb\"\n"},
		{"beyond the BMP is escaped", `{"a":"` + "\U0001F642" + `"}`, "a: \"\\U0001F642\"\n"},
		{"NEL and LS have short escapes", `{"a":"\u0085\u2028"}`, "a: \"\\N\\L\"\n"},
		{"a leading BOM escapes every character", `{"a":"` + "\ufeff" + `x"}`, "a: \"\\uFEFF\\x78\"\n"},
		{"a newline makes a literal block", `{"a":"x\ny"}`, "a: |-\n  x\n  y\n"},
		{"a leading space gets an indentation hint", `{"a":" x\ny\n"}`, "a: |2\n   x\n  y\n"},
		{"trailing newlines are kept", `{"a":"x\n\n"}`, "a: |+\n  x\n\n"},
		{"a space before a newline forbids the block", `{"a":"x \ny"}`, "a: \"x \\ny\"\n"},
		{"plain folds past column 80", `{"a":"` + long + `"}`, "a: aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh\n  iiiiiiiii\n"},
		{"single-quoted folds past column 80", `{"a":"'` + long[1:] + `"}`, "a: '''aaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh\n  iiiiiiiii'\n"},
		{"double-quoted folds and escapes a second space", `{"a":"\t` + strings.Replace(long[1:], " iii", "  iii", 1) + `"}`, "a: \"\\taaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh\n  \\ iiiiiiiii\"\n"},
		{"numbers as yaml.v2 resolves them", `[1,-0,1.0,1e3,1e21,18446744073709551615,18446744073709551616,1e400,true,null]`, "- 1\n- 0\n- 1\n- 1000\n- 1e+21\n- 18446744073709551615\n- 1.8446744073709552e+19\n- 1e400\n- true\n- null\n"},
		{"sequences at the mapping's indentation, empty collections in flow", `{"l":[1,[2,3],{"b":1,"a":2}],"m":{},"n":[]}`, "l:\n- 1\n- - 2\n  - 3\n- a: 2\n  b: 1\nm: {}\n\"n\": []\n"},
		{"a multi-line key is a complex key", `{"a\nb":1,"":2}`, "\"\": 2\n? |-\n  a\n  b\n: 1\n"},
		{"a key over 128 bytes is a complex key", `{"` + strings.Repeat("k", 129) + `":[1]}`, "? " + strings.Repeat("k", 129) + "\n: - 1\n"},
		{"a root scalar", `"x"`, "x\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Append(nil, []byte(tt.json))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestAppendErrors(t *testing.T) {
	tests := []struct {
		name string
		json string
		want string
	}{
		{"invalid JSON", `{"a":}`, "JSON at byte 5: must be a JSON value, found '}'"},
		{"trailing data", `1 2`, "JSON at byte 2: must be the end of the input after the JSON value, found '2'"},
		{"slash escape", `"\/"`, `JSON at byte 1: string must not use the escape \/ (the YAML reader refuses it): write / instead`},
		{"surrogate escape", `"\ud83d\ude42"`, "JSON at byte 1: string must not escape the surrogate U+D83D (the YAML reader refuses it): write the character as UTF-8"},
		{"long key", `{"` + strings.Repeat("k", 1023) + `":1}`, "JSON at byte 1: member name must take at most 1024 characters with its quotes, escapes included (the YAML reader's limit for keys)"},
		{"too deep", strings.Repeat("[", 10000), "JSON at byte 9999: must nest at most 9999 levels deep (the YAML reader's limit)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Append(nil, []byte(tt.json))
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestNaturalLess(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"a", "b", true},
		{"B", "a", true},
		{"a", "B", false},
		{"x9", "x10", true},
		{"x10", "x9", false},
		{"x09", "x9", false},
		{"x9", "x09", true},
		{"a-b", "a1", true},
		{"a1", "ab", true},
		{"ab", "abc", true},
		{"abc", "ab", false},
		{"a", "a", false},
		{"é", "z", false},
		{"x٣", "x4", false}, // a non-ASCII digit counts as r-'0', as in yaml.v2
		{"x10", "x100", true},
	}
	for _, tt := range tests {
		if got := naturalLess([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("naturalLess(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
