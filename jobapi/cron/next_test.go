package cron

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// rfc3339 prints times with their offsets and any fraction of a second, so
// that comparisons see the location's offset as well as the instant.
func rfc3339(times []time.Time) []string {
	out := make([]string, len(times))
	for i, t := range times {
		out[i] = t.Format(time.RFC3339Nano)
	}
	return out
}

func TestNext(t *testing.T) {
	ny := mustLoad(t, "America/New_York")
	saoPaulo := mustLoad(t, "America/Sao_Paulo")
	tokyo := mustLoad(t, "Asia/Tokyo")
	tests := []struct {
		name  string
		spec  string
		after time.Time
		want  []string
	}{
		{"day of month or weekday when neither is a star", "0 0 1 * MON", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			[]string{"2026-01-05T00:00:00Z", "2026-01-12T00:00:00Z", "2026-01-19T00:00:00Z", "2026-01-26T00:00:00Z", "2026-02-01T00:00:00Z", "2026-02-02T00:00:00Z"}},
		{"day of month and weekday when the weekday is a star", "0 0 1 * *", time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC),
			[]string{"2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"}},
		{"weekday alone when the day of month is a star", "0 0 * * MON", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			[]string{"2026-01-05T00:00:00Z", "2026-01-12T00:00:00Z"}},
		{"strictly after the time given", "* * * * *", time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC),
			[]string{"2026-01-01T12:01:00Z", "2026-01-01T12:02:00Z"}},
		{"fractions of a second are dropped", "* * * * *", time.Date(2026, 1, 1, 12, 0, 30, 500, time.UTC),
			[]string{"2026-01-01T12:01:00Z"}},
		{"across a year", "0 0 1 1 *", time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC),
			[]string{"2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z"}},
		{"the 29th of February", "0 0 29 2 *", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
			[]string{"2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"}},
		{"nothing within five years is the zero time", "0 0 29 2 *", time.Date(2096, 3, 1, 0, 0, 0, 0, time.UTC),
			[]string{}},
		{"a day that never comes", "0 0 30 2 *", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			[]string{}},
		{"a field of commas never fires", ", * * * *", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			[]string{}},
		{"without a zone, in the location of the time given", "0 9 * * *", time.Date(2026, 1, 1, 10, 0, 0, 0, ny),
			[]string{"2026-01-02T09:00:00-05:00", "2026-01-03T09:00:00-05:00"}},
		{"with a zone, in that zone, returned in the time's location", "TZ=Asia/Tokyo 0 9 * * *", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			[]string{"2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"}},
		{"a wall time in a spring-forward gap is skipped that day", "30 2 * * *", time.Date(2024, 3, 9, 12, 0, 0, 0, ny),
			[]string{"2024-03-11T02:30:00-04:00", "2024-03-12T02:30:00-04:00"}},
		{"hourly skips the missing hour", "0 * * * *", time.Date(2024, 3, 10, 0, 30, 0, 0, ny),
			[]string{"2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00", "2024-03-10T04:00:00-04:00"}},
		{"a repeated wall time fires twice", "30 1 * * *", time.Date(2024, 11, 2, 12, 0, 0, 0, ny),
			[]string{"2024-11-03T01:30:00-04:00", "2024-11-03T01:30:00-05:00", "2024-11-04T01:30:00-05:00"}},
		{"hourly fires in both repeated hours", "0 * * * *", time.Date(2024, 11, 3, 0, 30, 0, 0, ny),
			[]string{"2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00", "2024-11-03T02:00:00-05:00"}},
		{"a day without midnight is skipped at hour 0", "0 0 * * *", time.Date(2018, 11, 2, 12, 0, 0, 0, saoPaulo),
			[]string{"2018-11-03T00:00:00-03:00", "2018-11-05T00:00:00-02:00"}},
		{"the same day is found at hour 1", "0 1 * * *", time.Date(2018, 11, 2, 12, 0, 0, 0, saoPaulo),
			[]string{"2018-11-03T01:00:00-03:00", "2018-11-04T01:00:00-02:00"}},
		{"an offset with seconds: robfig truncates minutes in absolute time and skips an hour", "0 * * * *", time.Date(1971, 6, 1, 10, 20, 0, 0, mustLoad(t, "Africa/Monrovia")),
			[]string{"1971-06-01T12:00:00-00:44", "1971-06-01T13:00:00-00:44"}},
		{"a day removed from the calendar ends the search", "0 5 * * 6", time.Date(2011, 12, 28, 0, 0, 0, 0, mustLoad(t, "Pacific/Apia")),
			[]string{}},
		{"so does one crossed by the day of month", "0 5 10 * 2", time.Date(1994, 12, 29, 0, 0, 0, 0, mustLoad(t, "Pacific/Kiritimati")),
			[]string{}},
		{"after the removed day the search works again", "0 5 * * 6", time.Date(2011, 12, 31, 0, 0, 0, 0, mustLoad(t, "Pacific/Apia")),
			[]string{"2011-12-31T05:00:00+14:00", "2012-01-07T05:00:00+14:00"}},
		{"@every from the whole second", "@every 90s", time.Date(2026, 1, 1, 12, 0, 0, 700_000_000, tokyo),
			[]string{"2026-01-01T12:01:30+09:00", "2026-01-01T12:03:00+09:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			got := s.Times(tt.after, len(tt.want))
			if len(tt.want) == 0 {
				if next := s.Next(tt.after); !next.IsZero() {
					t.Fatalf("Next(%v) = %v, want the zero time", tt.after, next)
				}
				return
			}
			if diff := cmp.Diff(tt.want, rfc3339(got)); diff != "" {
				t.Errorf("%q after %v (-want +got):\n%s", tt.spec, tt.after, diff)
			}
			for _, g := range got {
				if g.Location() != tt.after.Location() {
					t.Errorf("%v is in %v, want %v", g, g.Location(), tt.after.Location())
				}
			}
		})
	}
}

func TestTimes(t *testing.T) {
	s, err := Parse("0 0 29 2 *")
	if err != nil {
		t.Fatal(err)
	}
	after := time.Date(2088, 3, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		n    int
		want []string
	}{
		{"zero times", 0, nil},
		{"negative", -3, nil},
		{"fewer than asked when a gap exceeds five years", 10,
			[]string{"2092-02-29T00:00:00Z", "2096-02-29T00:00:00Z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.Times(after, tt.n)
			if tt.want == nil {
				if got != nil {
					t.Fatalf("Times(%d) = %v, want nil", tt.n, got)
				}
				return
			}
			if diff := cmp.Diff(tt.want, rfc3339(got)); diff != "" {
				t.Errorf("Times(%d) (-want +got):\n%s", tt.n, diff)
			}
		})
	}
}
