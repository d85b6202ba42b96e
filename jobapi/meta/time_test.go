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
