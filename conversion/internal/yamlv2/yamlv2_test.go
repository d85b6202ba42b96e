package yamlv2

import "testing"

func TestIsFloat(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"1.5", true}, {"-1.5", true}, {"+.5", true}, {".5", true}, {"5.", true},
		{"1e3", true}, {"1E-3", true}, {"1.5e+3", true}, {"12", true},
		{"", false}, {".", false}, {"1e", false}, {"e3", false}, {"1.5.5", false},
		{"0x1F", false}, {".inf", false}, {"1_000", false}, {"--1", false},
	}
	for _, tt := range tests {
		if got := IsFloat(tt.in); got != tt.want {
			t.Errorf("IsFloat(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseTimestamp(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"2001-12-14", true}, {"2001-12-14t21:59:43.10-05:00", true}, {"2001-12-14T21:59:43Z", true},
		{"2001-12-14 21:59:43.10", true}, {"2001-1-2", true},
		{"2001-13-14", false}, {"201-12-14", false}, {"2001/12/14", false}, {"2001-", false},
		{"a001-12-14", false}, {"2001-12-14x", false}, {"", false},
	}
	for _, tt := range tests {
		if _, got := ParseTimestamp(tt.in); got != tt.want {
			t.Errorf("ParseTimestamp(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func BenchmarkIsFloat(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		IsFloat("-1.5e+10")
	}
}
