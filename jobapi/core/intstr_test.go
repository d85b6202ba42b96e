package core_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
)

func TestIntOrStringJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    core.IntOrString
		wantErr bool
		out     string // the encoding of want; in when empty
	}{
		{name: "a number is an integer", in: `8080`, want: core.FromInt32(8080)},
		{name: "zero is an integer", in: `0`, want: core.FromInt32(0)},
		{name: "a negative number is an integer", in: `-1`, want: core.FromInt32(-1)},
		{name: "the int32 maximum", in: `2147483647`, want: core.FromInt32(2147483647)},
		{name: "a string is a string", in: `"http"`, want: core.FromString("http")},
		{name: "a numeric string stays a string", in: `"8080"`, want: core.FromString("8080")},
		{name: "the empty string is a string", in: `""`, want: core.FromString("")},
		{name: "escapes are decoded", in: `"a\u0062"`, want: core.FromString("ab"), out: `"ab"`},
		{name: "null is the integer 0", in: `null`, want: core.FromInt32(0), out: `0`},
		{name: "a fraction is refused", in: `1.5`, wantErr: true},
		{name: "beyond int32 is refused", in: `2147483648`, wantErr: true},
		{name: "a boolean is refused", in: `true`, wantErr: true},
		{name: "an object is refused", in: `{}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got core.IntOrString
			err := json.Unmarshal([]byte(tt.in), &got)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Unmarshal(%s) = %+v, want an error", tt.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Unmarshal(%s): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Unmarshal(%s) (-want +got):\n%s", tt.in, diff)
			}
			out, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			wantOut := tt.out
			if wantOut == "" {
				wantOut = tt.in
			}
			if string(out) != wantOut {
				t.Errorf("Marshal = %s, want %s", out, wantOut)
			}
		})
	}
}

func TestIntOrStringMarshalRefusesABadType(t *testing.T) {
	if _, err := json.Marshal(core.IntOrString{Type: 7}); err == nil {
		t.Error("Marshal of Type 7 succeeded, want an error")
	}
}

func TestIntOrStringStringAndIntValue(t *testing.T) {
	tests := []struct {
		name     string
		v        core.IntOrString
		str      string
		intValue int
	}{
		{"integer", core.FromInt32(443), "443", 443},
		{"negative integer", core.FromInt32(-5), "-5", -5},
		{"numeric string", core.FromString("8080"), "8080", 8080},
		{"named port", core.FromString("https"), "https", 0},
		{"zero value", core.IntOrString{}, "0", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			if got := tt.v.IntValue(); got != tt.intValue {
				t.Errorf("IntValue() = %d, want %d", got, tt.intValue)
			}
		})
	}
}

// FuzzIntOrStringJSON checks that whatever decodes re-encodes to JSON that
// decodes to the same value.
func FuzzIntOrStringJSON(f *testing.F) {
	for _, s := range []string{`8080`, `"http"`, `-1`, `1.5`, `1e3`, `"\u00e9"`, `null`, `2147483648`, `[]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v core.IntOrString
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("Marshal(%+v): %v", v, err)
		}
		var w core.IntOrString
		if err := json.Unmarshal(out, &w); err != nil {
			t.Fatalf("Unmarshal(%s): %v", out, err)
		}
		if v != w {
			t.Fatalf("round trip of %s: %+v became %+v", data, v, w)
		}
	})
}

// FuzzIntOrStringUnmarshal checks UnmarshalJSON's fast paths against
// encoding/json: a JSON string decodes to its value, a number to an int32,
// with the same errors.
func FuzzIntOrStringUnmarshal(f *testing.F) {
	for _, s := range []string{`8080`, `-8080`, `0`, `-0`, `007`, `123456789`, `1234567890`, `-999999999`, `"http"`, `"50%"`, `""`, `"\u00e9"`, `"a\"b"`, `"é"`, `1.5`, `1e3`, `true`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		var want core.IntOrString
		var wantErr error
		if data[0] == '"' {
			var s string
			wantErr = json.Unmarshal(data, &s)
			want = core.IntOrString{Type: core.StringType, StrVal: s}
		} else {
			var i int32
			wantErr = json.Unmarshal(data, &i)
			want = core.IntOrString{Type: core.IntType, IntVal: i}
		}
		var got core.IntOrString
		err := got.UnmarshalJSON(data)
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("UnmarshalJSON(%s): error %v, want %v", data, err, wantErr)
		}
		if err == nil && got != want {
			t.Fatalf("UnmarshalJSON(%s) = %+v, want %+v", data, got, want)
		}
	})
}
