package meta_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi/meta"
)

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339Nano, s)
	require.NoError(t, err)
	return tm
}

func TestTimeJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string // RFC 3339 in UTC, "" for the zero Time
		wantOut string
		wantErr bool
	}{
		{"UTC", `"2024-05-01T12:00:00Z"`, "2024-05-01T12:00:00Z", `"2024-05-01T12:00:00Z"`, false},
		{"an offset is converted to UTC", `"2024-05-01T14:00:00+02:00"`, "2024-05-01T12:00:00Z", `"2024-05-01T12:00:00Z"`, false},
		{"fractions of a second are dropped", `"2024-05-01T12:00:00.999Z"`, "2024-05-01T12:00:00Z", `"2024-05-01T12:00:00Z"`, false},
		{"null is unset", `null`, "", `null`, false},
		{"the empty string is unset", `""`, "", `null`, false},
		{"a date without a time is an error", `"2024-05-01"`, "", "", true},
		{"a number is an error", `1714564800`, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got meta.Time
			err := json.Unmarshal([]byte(tt.in), &got)
			if tt.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			s := ""
			if !got.IsZero() {
				s = got.Time.Format(time.RFC3339)
			}
			if diff := cmp.Diff(tt.want, s); diff != "" {
				t.Errorf("decoded (-want +got):\n%s", diff)
			}
			out, err := json.Marshal(got)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.wantOut, string(out)); diff != "" {
				t.Errorf("encoded (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewTimeIsUTCToTheSecond(t *testing.T) {
	in := time.Date(2024, 5, 1, 14, 0, 0, 999_999_999, time.FixedZone("CEST", 2*3600))
	got := meta.NewTime(in)
	if diff := cmp.Diff("2024-05-01 12:00:00 +0000 UTC", got.Time.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if !meta.NewTime(time.Time{}).IsZero() {
		t.Errorf("NewTime of the zero time must be zero")
	}
}

// checkTimeAppendJSON fails unless AppendJSON writes what AppendFormat
// writes for RFC 3339 in UTC, and SizeJSON counts it.
func checkTimeAppendJSON(t *testing.T, tm time.Time) {
	t.Helper()
	mt := meta.Time{Time: tm}
	want := `"` + tm.UTC().Format(time.RFC3339) + `"`
	got, err := mt.AppendJSON([]byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("x"+want, string(got)); diff != "" {
		t.Fatalf("AppendJSON(%v) (-want +got):\n%s", tm, diff)
	}
	if diff := cmp.Diff(len(want), mt.SizeJSON()); diff != "" {
		t.Fatalf("SizeJSON(%v) (-want +got):\n%s", tm, diff)
	}
}

// The digits AppendJSON writes itself agree with AppendFormat at the edges
// of the four-digit years, in other zones and with fractions of a second.
func TestTimeAppendJSONMatchesAppendFormat(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC),
		time.Date(2025, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(2024, 2, 29, 0, 0, 0, 0, time.FixedZone("east", 5*3600+1800)),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC),
		time.Date(1970, 1, 1, 0, 0, 0, 0, time.FixedZone("west", -8*3600)),
	} {
		checkTimeAppendJSON(t, tm)
	}
}

func FuzzTimeAppendJSON(f *testing.F) {
	f.Add(int64(1741944413), int64(0))
	f.Add(int64(-62167219200), int64(0))
	f.Add(int64(253402300799), int64(999999999))
	f.Fuzz(func(t *testing.T, sec, nsec int64) {
		tm := time.Unix(sec, nsec)
		if tm.IsZero() {
			return
		}
		checkTimeAppendJSON(t, tm)
	})
}
