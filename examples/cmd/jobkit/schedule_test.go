package main

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSchedule(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantOut  string
		wantErr  string // standard error starts with this
		wantCode int
	}{
		{name: "five fields", args: []string{"30 9 * * MON-FRI", "--after", "2026-01-02T12:00:00Z", "-n", "3"},
			wantOut: "2026-01-05T09:30:00Z\n2026-01-06T09:30:00Z\n2026-01-07T09:30:00Z\n"},
		{name: "flags before the schedule", args: []string{"-n", "2", "--after", "2026-01-01T00:00:00Z", "@monthly"},
			wantOut: "2026-02-01T00:00:00Z\n2026-03-01T00:00:00Z\n"},
		{name: "five by default", args: []string{"@yearly", "--after", "2026-06-01T00:00:00Z"},
			wantOut: "2027-01-01T00:00:00Z\n2028-01-01T00:00:00Z\n2029-01-01T00:00:00Z\n2030-01-01T00:00:00Z\n2031-01-01T00:00:00Z\n"},
		{name: "in the time zone, printed in it; 02:30 does not exist on 2024-03-10", args: []string{"30 2 * * *", "--time-zone", "America/New_York", "--after", "2024-03-09T12:00:00Z", "-n", "2"},
			wantOut: "2024-03-11T02:30:00-04:00\n2024-03-12T02:30:00-04:00\n"},
		{name: "without a time zone, in the offset of --after, printed in UTC", args: []string{"0 9 * * *", "--after", "2026-01-01T10:00:00+02:00", "-n", "1"},
			wantOut: "2026-01-02T07:00:00Z\n"},
		{name: "fewer when no time comes within five years", args: []string{"0 0 29 2 *", "--after", "2088-03-01T00:00:00Z", "-n", "4"},
			wantOut: "2092-02-29T00:00:00Z\n2096-02-29T00:00:00Z\n"},
		{name: "a bad schedule is the validation error", args: []string{"61 * * * *"},
			wantErr: `jobkit schedule: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61`, wantCode: 1},
		{name: "six fields", args: []string{"0 0 * * * *"},
			wantErr: `jobkit schedule: spec.schedule: Invalid value: "0 0 * * * *": expected exactly 5 fields, found 6: [0 0 * * * *]`, wantCode: 1},
		{name: "an unknown time zone", args: []string{"@daily", "--time-zone", "Mars/Olympus"},
			wantErr: `jobkit schedule: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus`, wantCode: 1},
		{name: "a TZ prefix is refused for spec.timeZone, as on create", args: []string{"TZ=UTC 0 * * * *"},
			wantErr: `jobkit schedule: spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`, wantCode: 1},
		{name: "Local is not an explicit time zone", args: []string{"@daily", "--time-zone", "Local"},
			wantErr: `jobkit schedule: spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones`, wantCode: 1},
		{name: "an empty schedule is required", args: []string{""},
			wantErr: `jobkit schedule: spec.schedule: Required value`, wantCode: 1},
		{name: "no schedule", args: []string{"-n", "3"}, wantErr: "jobkit schedule: the schedule must be given", wantCode: 2},
		{name: "an unquoted schedule", args: []string{"0", "*", "*", "*", "*"}, wantErr: `jobkit schedule: unexpected argument "*"`, wantCode: 2},
		{name: "n of zero", args: []string{"@daily", "-n", "0"}, wantErr: "jobkit schedule: -n: must be between 1 and 1000000", wantCode: 2},
		{name: "a bad --after", args: []string{"@daily", "--after", "tomorrow"}, wantErr: "jobkit schedule: --after: parsing time", wantCode: 2},
		{name: "an unknown flag", args: []string{"@daily", "--zone", "UTC"}, wantErr: "flag provided but not defined: -zone", wantCode: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := jobkit("", append([]string{"schedule"}, tt.args...)...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.wantCode, errOut)
			}
			if diff := cmp.Diff(tt.wantOut, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if tt.wantErr == "" && errOut != "" || !strings.HasPrefix(errOut, tt.wantErr) {
				t.Errorf("stderr = %q, want it to start with %q", errOut, tt.wantErr)
			}
		})
	}
}

// TestScheduleDefaultsToNow checks that without --after the times listed
// follow one another, without asserting what the clock says.
func TestScheduleDefaultsToNow(t *testing.T) {
	out, errOut, code := jobkit("", "schedule", "* * * * *", "-n", "3")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3:\n%s", len(lines), out)
	}
	var prev time.Time
	for i, l := range lines {
		got, err := time.Parse(time.RFC3339, l)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && got.Sub(prev) != time.Minute {
			t.Errorf("%s follows %s, want a minute apart", got, prev)
		}
		prev = got
	}
}
