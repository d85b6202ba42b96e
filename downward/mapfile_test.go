package downward_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/downward"
)

// kubeletFormatMap is the kubelet's algorithm for the file of a whole-map
// volume item, written out naively: "%v=%q\n" per key in sorted order, the
// last newline trimmed.
func kubeletFormatMap(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var s string
	for _, k := range keys {
		s += fmt.Sprintf("%v=%q\n", k, m[k])
	}
	return strings.TrimSuffix(s, "\n")
}

func TestFormatMap(t *testing.T) {
	tests := []struct {
		name string
		m    map[string]string
		want string
	}{
		{name: "nil map is the empty file", m: nil, want: ""},
		{name: "empty map is the empty file", m: map[string]string{}, want: ""},
		{name: "one entry has no final newline", m: map[string]string{"app": "web"}, want: `app="web"`},
		{
			name: "keys sorted byte-wise, upper case first",
			m:    map[string]string{"b": "2", "a": "1", "B": "3", "a.b/c": "4"},
			want: "B=\"3\"\na=\"1\"\na.b/c=\"4\"\nb=\"2\"",
		},
		{
			name: "values quoted as Go strings",
			m: map[string]string{
				"eq":      "a=b",
				"quote":   `say "hi"`,
				"nl":      "line1\nline2",
				"bs":      `C:\dir`,
				"tab":     "a\tb",
				"utf8":    "héllo ☃",
				"invalid": "\xff\xfe",
				"empty":   "",
				"ctl":     "\x00\x1b",
			},
			want: strings.Join([]string{
				`bs="C:\\dir"`,
				`ctl="\x00\x1b"`,
				`empty=""`,
				`eq="a=b"`,
				`invalid="\xff\xfe"`,
				`nl="line1\nline2"`,
				`quote="say \"hi\""`,
				`tab="a\tb"`,
				`utf8="héllo ☃"`,
			}, "\n"),
		},
		{
			name: "a completion index annotation as the kubelet writes it",
			m: map[string]string{
				"batch.kubernetes.io/job-completion-index": "3",
				"kubernetes.io/config.seen":                "2024-01-01T00:00:00Z",
			},
			want: "batch.kubernetes.io/job-completion-index=\"3\"\nkubernetes.io/config.seen=\"2024-01-01T00:00:00Z\"",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := downward.FormatMap(tt.m)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FormatMap (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(kubeletFormatMap(tt.m), got); diff != "" {
				t.Errorf("FormatMap differs from the kubelet's algorithm (-kubelet +got):\n%s", diff)
			}
			back, err := downward.ParseMap(got)
			require.NoError(t, err)
			want := tt.m
			if want == nil {
				want = map[string]string{}
			}
			if diff := cmp.Diff(want, back); diff != "" {
				t.Errorf("ParseMap(FormatMap(m)) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseMap(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    map[string]string
		wantErr bool
	}{
		{name: "empty file is the empty map", in: "", want: map[string]string{}},
		{name: "one final newline is allowed", in: "a=\"1\"\n", want: map[string]string{"a": "1"}},
		{name: "value with equals signs", in: `k="a=b=c"`, want: map[string]string{"k": "a=b=c"}},
		{name: "escapes decode exactly", in: `k="\xff\n\"\\\t\u00e9"`, want: map[string]string{"k": "\xff\n\"\\\té"}},
		{name: "empty key", in: `=""`, want: map[string]string{"": ""}},
		{name: "unsorted keys are read", in: "b=\"2\"\na=\"1\"", want: map[string]string{"a": "1", "b": "2"}},
		{name: "blank line", in: "a=\"1\"\n\nb=\"2\"", wantErr: true},
		{name: "only a newline", in: "\n", wantErr: true},
		{name: "two final newlines", in: "a=\"1\"\n\n", wantErr: true},
		{name: "no equals sign", in: `a"1"`, wantErr: true},
		{name: "unquoted value", in: `a=1`, wantErr: true},
		{name: "single-quoted value", in: `a='1'`, wantErr: true},
		{name: "back-quoted value", in: "a=`1`", wantErr: true},
		{name: "text after the closing quote", in: `a="1" "2"`, wantErr: true},
		{name: "unterminated quote", in: `a="1`, wantErr: true},
		{name: "bad escape", in: `a="\q"`, wantErr: true},
		{name: "raw byte that is not UTF-8", in: "a=\"\xff\"", wantErr: true},
		{name: "duplicate key", in: "a=\"1\"\na=\"2\"", wantErr: true},
		{name: "CRLF line ends", in: "a=\"1\"\r\nb=\"2\"", wantErr: true},
		{name: "larger than the limit", in: "a=\"" + strings.Repeat("x", downward.MaxMapFileSize) + "\"", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := downward.ParseMap(tt.in)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("ParseMap(%q) = %v, want an error", tt.in, got)
				}
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseMap (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadMap(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    map[string]string
		wantErr bool
	}{
		{name: "reads a file", in: "a=\"1\"\nb=\"x\\ny\"", want: map[string]string{"a": "1", "b": "x\ny"}},
		{name: "stops past the limit", in: strings.Repeat("x", downward.MaxMapFileSize+10), wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := downward.ReadMap(iotest.OneByteReader(strings.NewReader(tt.in)))
			if tt.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ReadMap (-want +got):\n%s", diff)
			}
		})
	}
	_, err := downward.ReadMap(iotest.ErrReader(fmt.Errorf("disk on fire")))
	require.ErrorContains(t, err, "disk on fire")
}

// FuzzAnnotationsFile checks that every map whose keys hold neither '=' nor
// a newline survives FormatMap and ParseMap byte for byte, that FormatMap
// agrees with the kubelet's algorithm, and that any file ParseMap accepts is
// rewritten to a file that parses to the same map.
func FuzzAnnotationsFile(f *testing.F) {
	f.Add([]byte("app\x00web\x00batch.kubernetes.io/job-completion-index\x003"), []byte(`a="1"`))
	f.Add([]byte("k\x00a=b\"c\\\n\xff\xfe\t\x00\x00"), []byte("b=\"2\"\na=\"\\xff\"\n"))
	f.Add([]byte("\x00\x00x\x00\u2028"), []byte(`=""`))
	f.Fuzz(func(t *testing.T, pairs, file []byte) {
		if len(pairs) > 4096 || len(file) > 4096 {
			return
		}
		m := map[string]string{}
		parts := strings.Split(string(pairs), "\x00")
		for i := 0; i+1 < len(parts); i += 2 {
			if strings.ContainsAny(parts[i], "=\n") {
				continue
			}
			m[parts[i]] = parts[i+1]
		}
		out := downward.FormatMap(m)
		if want := kubeletFormatMap(m); out != want {
			t.Fatalf("FormatMap(%q) = %q, the kubelet writes %q", m, out, want)
		}
		back, err := downward.ParseMap(out)
		if err != nil {
			t.Fatalf("ParseMap(FormatMap(%q)) failed: %v", m, err)
		}
		if diff := cmp.Diff(m, back); diff != "" {
			t.Fatalf("round trip of %q (-want +got):\n%s", m, diff)
		}

		read, err := downward.ParseMap(string(file))
		if err != nil {
			return
		}
		again, err := downward.ParseMap(downward.FormatMap(read))
		if err != nil {
			t.Fatalf("ParseMap(FormatMap(ParseMap(%q))) failed: %v", file, err)
		}
		if diff := cmp.Diff(read, again); diff != "" {
			t.Fatalf("rewrite of %q (-want +got):\n%s", file, diff)
		}
	})
}
