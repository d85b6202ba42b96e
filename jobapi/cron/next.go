package cron

import "time"

// Next returns the first time after t at which the schedule fires, as
// robfig/cron/v3 v3.0.1's Schedule.Next does, or the zero time when the
// schedule fires on no day within five years of t (for example
// "0 0 30 2 *").
//
// An @every schedule fires its delay after t, rounded down to t's whole
// second; it ignores any TZ= prefix.
//
// A calendar schedule is evaluated in its TZ= location when it has one,
// else in t's own location (never the process's local zone unless t is in
// it), and the result is returned in t's location. The search starts at
// the whole second after t and walks months, days, hours and minutes as
// wall-clock values in that location, so around daylight-saving
// transitions it behaves as robfig does:
//
//   - a wall time that a spring-forward gap skips does not fire that day
//     ("30 2 * * *" in America/New_York skips 2024-03-10; it is not moved
//     to 03:30);
//   - a wall time that a fall-back repeats fires twice, once in each
//     offset ("30 1 * * *" fires at 01:30-04:00 and 01:30-05:00 on
//     2024-11-03);
//   - on a day without a midnight (a zone whose clocks jump at 00:00, such
//     as America/Sao_Paulo in 2018), a schedule for hour 0 skips the day;
//   - where the offset has seconds (Africa/Monrovia, -0:44:30 until 1972),
//     minutes are truncated in absolute time, so a search that must move
//     the minute lands 30 seconds off the wall-clock minute and can skip a
//     time ("0 * * * *" after 10:20 fires at 12:00, not 11:00).
//
// One deliberate difference: where a zone removed a whole day from its
// calendar (Pacific/Apia and Pacific/Fakaofo skipped 2011-12-30,
// Pacific/Kiritimati and Pacific/Kanton 1994-12-31, Pacific/Kwajalein
// 1993-08-21), time.Date places that day's midnight on the day before, and
// robfig's search, stepping day by day across it, never moves again: its
// Next does not return (the CronJob controller's worker hangs). Next
// returns the zero time instead, as when no time is found.
func (s *Schedule) Next(t time.Time) time.Time {
	next, _ := s.next(t)
	return next
}

// next is Next, and whether it stopped where robfig would loop forever.
func (s *Schedule) next(t time.Time) (next time.Time, stuck bool) {
	if s.every > 0 {
		return t.Add(s.every - time.Duration(t.Nanosecond())), false
	}
	orig := t.Location()
	if s.loc != nil {
		t = t.In(s.loc)
	}
	loc := t.Location()

	t = t.Add(time.Second - time.Duration(t.Nanosecond()))
	// moved records that some field has been advanced, after which the
	// fields below it start from zero instead of from t's values.
	moved := false
	yearLimit := t.Year() + 5

search:
	for t.Year() <= yearLimit {
		for s.month&(1<<uint(t.Month())) == 0 {
			if !moved {
				moved = true
				t = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc)
			}
			prev := t
			t = t.AddDate(0, 1, 0)
			if !t.After(prev) {
				return time.Time{}, true // robfig loops forever here
			}
			if t.Month() == time.January {
				continue search
			}
		}

		for !s.dayMatches(t) {
			if !moved {
				moved = true
				t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
			}
			prev := t
			t = t.AddDate(0, 0, 1)
			// Where midnight does not exist (a transition at 00:00),
			// AddDate lands at 01:00 or 23:00: go back to the hour that
			// starts the day.
			if h := t.Hour(); h > 12 {
				t = t.Add(time.Duration(24-h) * time.Hour)
			} else if h != 0 {
				t = t.Add(-time.Duration(h) * time.Hour)
			}
			if !t.After(prev) {
				// A day removed from the calendar whose midnight
				// time.Date places on the day before: robfig loops
				// forever here.
				return time.Time{}, true
			}
			if t.Day() == 1 {
				continue search
			}
		}

		// The hour, minute and second walks step by an absolute hour,
		// minute or second until the wall clock shows an allowed value or
		// wraps to zero. Where t's offset stays the same over the steps,
		// the wall clock moves in step with them and one jump to that
		// value gives the same time; across an offset change each step is
		// taken, as robfig takes it.
		for s.hour&(1<<uint(t.Hour())) == 0 {
			if !moved {
				moved = true
				t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), 0, 0, 0, loc)
			}
			t = jump(t, time.Hour, stepsTo(s.hour, t.Hour(), 24))
			if t.Hour() == 0 {
				continue search
			}
		}

		for s.minute&(1<<uint(t.Minute())) == 0 {
			if !moved {
				moved = true
				t = t.Truncate(time.Minute)
			}
			t = jump(t, time.Minute, stepsTo(s.minute, t.Minute(), 60))
			if t.Minute() == 0 {
				continue search
			}
		}

		// Calendar schedules fire at second zero.
		for t.Second() != 0 {
			if !moved {
				moved = true
				t = t.Truncate(time.Second)
			}
			t = jump(t, time.Second, 60-t.Second())
			if t.Second() == 0 {
				continue search
			}
		}
		return t.In(orig), false
	}
	return time.Time{}, false
}

// stepsTo is how many steps take a wall-clock field from value v to the
// next value that allowed has, or to zero (the wrap), whichever comes
// first; n is the number of values (24 hours, 60 minutes).
func stepsTo(allowed uint64, v, n int) int {
	k := 1
	for v+k < n && allowed&(1<<uint(v+k)) == 0 {
		k++
	}
	return k
}

// jump returns t plus k steps when t's zone has no offset change up to and
// including that time, else t plus one step.
func jump(t time.Time, step time.Duration, k int) time.Time {
	if k > 1 {
		to := t.Add(time.Duration(k) * step)
		if _, end := t.ZoneBounds(); end.IsZero() || end.After(to) {
			return to
		}
	}
	return t.Add(step)
}

// dayMatches reports whether t's day is allowed: by both day fields when
// either was written as a star, else by either.
func (s *Schedule) dayMatches(t time.Time) bool {
	domOK := s.dom&(1<<uint(t.Day())) != 0
	dowOK := s.dow&(1<<uint(t.Weekday())) != 0
	if (s.dom|s.dow)&starBit != 0 {
		return domOK && dowOK
	}
	return domOK || dowOK
}
