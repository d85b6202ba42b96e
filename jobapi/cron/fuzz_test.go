package cron

import (
	"testing"
	"time"
)

// naiveNext is a reference for Next in UTC, where no daylight-saving
// transition bends the wall clock: the first whole minute after t whose
// minute, hour, day and month the schedule allows, searched day by day up
// to the end of the fifth year after the search starts; the zero time when
// there is none.
func naiveNext(s *Schedule, t time.Time) time.Time {
	t = t.UTC()
	first := t.Truncate(time.Minute).Add(time.Minute)
	// Next's limit counts from the whole second after t.
	limit := t.Add(time.Second-time.Duration(t.Nanosecond())).Year() + 5
	allows := func(bits uint64, v int) bool { return bits&(1<<uint(v)) != 0 }
	for day := time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC); day.Year() <= limit; day = day.AddDate(0, 0, 1) {
		if !allows(s.month, int(day.Month())) || !s.dayMatches(day) {
			continue
		}
		for h := range 24 {
			for m := range 60 {
				c := day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
				if !c.Before(first) && allows(s.hour, h) && allows(s.minute, m) {
					return c
				}
			}
		}
	}
	return time.Time{}
}

// FuzzParse checks that Parse never panics, refuses with a schedule of nil,
// and that Next on what it accepts agrees with a naive reference in UTC
// (or, for @every, with the delay rounded to t's second).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"* * * * *", "0 0 1 * MON", "*/15 9-17/2 ? jan-MAR,Dec sun,sat", "5/20 * * * *",
		"*-10 * * * *", "+5 007 * * *", ",5,,10, * * * *", ", * * * *", "0 0 29 2 *", "0 0 30 2 *",
		"0 0 */2 * 1", "@yearly", "@monthly", "@weekly", "@daily", "@hourly", "@every 1h30m", "@every -1s",
		"TZ=America/New_York 0 9 * * *", "CRON_TZ=UTC @daily", "TZ=Local 0 0 * * *", "TZ= 0 0 * * *",
		"", "* * * *", "60 * * * *", "5-1 * * * *", "*/0 * * * *", "-1 * * * *", "1-2-3 * * * *",
		"1/2/3 * * * *", "* * * JANUARY *", "@every x", "@Daily", "TZ=UTC", "TZ=Mars/Olympus * * * * *",
		"TZ=../x * * * * *", "99999999999999999999 * * * *",
	} {
		f.Add(s, int64(1767225600), int64(0)) // 2026-01-01T00:00:00Z
	}
	f.Add("0 0 29 2 *", int64(4_000_000_000), int64(999_999_999))
	f.Fuzz(func(t *testing.T, spec string, sec, nsec int64) {
		if len(spec) > 1024 {
			return
		}
		s, err := Parse(spec)
		if err != nil {
			if s != nil || err.Error() == "" {
				t.Fatalf("Parse(%q) = %+v, %q", spec, s, err)
			}
			return
		}
		// Keep times between 1970 and 2286 so the reference stays cheap.
		sec = sec % 10_000_000_000
		if sec < 0 {
			sec = -sec
		}
		nsec = nsec % int64(time.Second)
		if nsec < 0 {
			nsec = -nsec
		}
		at := time.Unix(sec, nsec).UTC()
		got := s.Next(at)
		if s.every > 0 {
			if want := at.Add(s.every - time.Duration(nsec)); !got.Equal(want) {
				t.Fatalf("%q.Next(%v) = %v, want %v", spec, at, got, want)
			}
			return
		}
		if s.loc != nil {
			// The reference knows no zones: take the schedule as UTC.
			u := *s
			u.loc = nil
			s = &u
			got = s.Next(at)
		}
		if want := naiveNext(s, at); !got.Equal(want) {
			t.Fatalf("%q.Next(%v) = %v, the naive reference says %v", spec, at, got, want)
		}
	})
}
