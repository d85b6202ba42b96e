package cron

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ForCronJob parses a CronJob's schedule as the v1.36 CronJob controller
// does (formatSchedule, then Parse): when spec.timeZone is set, names a
// zone time.LoadLocation knows, and the schedule does not contain "TZ",
// the controller parses "TZ=<timeZone> <schedule>", so the schedule runs in
// that zone; a schedule containing "TZ" (which validation refuses on
// create, but which an old object may hold) is parsed as written and the
// time zone ignored; an unknown zone is ignored too (the controller's
// sync creates no Job at all for a CronJob whose zone does not load: it
// records an UnknownTimeZone warning event and stops before parsing).
//
// Without a time zone the schedule runs in the location of the times it is
// given, which for the controller is the kube-controller-manager's local
// zone (time.Now()).
func ForCronJob(schedule string, timeZone *string) (*Schedule, error) {
	return Parse(controllerSpec(schedule, timeZone))
}

// controllerSpec is the text the controller parses for a CronJob.
func controllerSpec(schedule string, timeZone *string) string {
	if strings.Contains(schedule, "TZ") || timeZone == nil {
		return schedule
	}
	if _, err := time.LoadLocation(*timeZone); err != nil {
		return schedule
	}
	return fmt.Sprintf("TZ=%s %s", *timeZone, schedule)
}

// Timing holds the fields of a CronJob that the controller's schedule
// arithmetic reads.
type Timing struct {
	// CreationTimestamp is metadata.creationTimestamp: the earliest time
	// considered when the CronJob has never been scheduled.
	CreationTimestamp time.Time
	// LastScheduleTime is status.lastScheduleTime; nil when no Job has
	// been scheduled yet.
	LastScheduleTime *time.Time
	// StartingDeadlineSeconds is spec.startingDeadlineSeconds; nil for no
	// deadline.
	StartingDeadlineSeconds *int64
}

// Missed says how many scheduled times the controller found unmet between
// the earliest time it considers and now, as its missedSchedulesType.
type Missed int

// The values of Missed. The counts are the controller's rough
// approximation (the interval between the first two scheduled times fitted
// into the elapsed time), not an exact count.
const (
	// NoneMissed: at most one scheduled time has passed.
	NoneMissed Missed = iota
	// FewMissed: two to 100 scheduled times have passed.
	FewMissed
	// ManyMissed: more than 100 scheduled times have passed; the
	// controller records a TooManyMissedTimes warning event when it starts
	// a Job.
	ManyMissed
)

// String returns "none", "few" or "many", as Kubernetes prints the value.
func (m Missed) String() string {
	switch m {
	case NoneMissed:
		return "none"
	case FewMissed:
		return "few"
	case ManyMissed:
		return "many"
	default:
		return fmt.Sprintf("unknown(%d)", int(m))
	}
}

// ErrTooClose is the controller's error, word for word, for a schedule
// whose first two times after the earliest time considered are less than
// a second apart: in practice a schedule that matches no day at all, such
// as "0 0 31 2 *", for which Next returns the zero time twice.
var ErrTooClose = errors.New("time difference between two schedules is less than 1 second")

// ErrEndless is jobkit's error where the controller's mostRecentScheduleTime
// never returns. Either robfig's Next never returns (its search crosses a
// day a zone removed from its calendar; see [Schedule.Next]), or a
// schedule with gaps of more than five years between its times (only "29
// February" schedules have them, around the years 2100, 2200, 2300, 2500,
// ...) makes Next return the zero time in the middle of the controller's
// walk to now, the walk restarts from year 1 and meets the same gap again:
// a CronJob with such a schedule created between March 2096 and the end of
// 2098 hangs the v1.36 controller's worker.
var ErrEndless = errors.New("no schedule time within five years of a previous one: the search for missed schedule times does not end")

// requeueDelta is the padding the controller adds to a requeue delay
// against clock skew (nextScheduleDelta).
const requeueDelta = 100 * time.Millisecond

// MostRecent is the v1.36 CronJob controller's mostRecentScheduleTime. It
// returns
//
//   - earliest: status.lastScheduleTime, or metadata.creationTimestamp when
//     the CronJob was never scheduled, moved forward to now minus
//     startingDeadlineSeconds when withDeadline is set and that is later;
//   - mostRecent: the latest scheduled time after earliest and not after
//     now, or nil when there is none;
//   - missed: how many scheduled times passed (NoneMissed when at most
//     one);
//   - err: the controller's "time difference between two schedules is less
//     than 1 second" when more than one time seemed to pass but the first
//     two are less than a second apart (a schedule that fires on no day).
//
// One deliberate difference: where the controller never returns (a Next
// that crosses a day removed from the calendar, or a 29 February schedule
// whose walk to now meets a gap of more than five years, such as 2096 to
// 2104, twice), the controller's worker hangs; MostRecent returns
// [ErrEndless] instead, so that Unmet reports it and Requeue counts from
// now.
//
// The controller calls it with withDeadline set to decide what to start
// (see [Schedule.Unmet]) and without it to compute when to look again (see
// [Schedule.Requeue]).
func (s *Schedule) MostRecent(tm Timing, now time.Time, withDeadline bool) (earliest time.Time, mostRecent *time.Time, missed Missed, err error) {
	earliest = tm.CreationTimestamp
	if tm.LastScheduleTime != nil {
		earliest = *tm.LastScheduleTime
	}
	if withDeadline && tm.StartingDeadlineSeconds != nil {
		// Kubernetes multiplies in wrapping int64 arithmetic; so does Go.
		deadline := now.Add(-time.Second * time.Duration(*tm.StartingDeadlineSeconds))
		if deadline.After(earliest) {
			earliest = deadline
		}
	}

	first, stuck1 := s.next(earliest)
	second, stuck2 := s.next(first)
	if stuck1 || stuck2 {
		return earliest, nil, NoneMissed, ErrEndless
	}
	if now.Before(first) {
		return earliest, nil, NoneMissed, nil
	}
	if now.Before(second) {
		return earliest, &first, NoneMissed, nil
	}

	interval := int64(second.Sub(first).Round(time.Second).Seconds())
	if interval < 1 {
		return earliest, nil, NoneMissed, ErrTooClose
	}
	// The controller estimates the number of missed times from the first
	// interval, starts two intervals before the estimated last one and
	// walks forward with Next to the last time not after now.
	elapsed := int64(now.Sub(first).Seconds())
	count := elapsed/interval + 1
	start := first.Add(time.Duration((count-2)*interval) * time.Second)
	var last time.Time
	restarted := false
	t, stuck := s.next(start)
	for ; !t.After(now); t, stuck = s.next(t) {
		if stuck {
			return earliest, nil, NoneMissed, ErrEndless
		}
		if t.IsZero() {
			// Next found no time within five years, and the zero time is
			// not after now: the controller's walk goes on from the zero
			// time. Reaching it a second time, it would walk the same
			// times again forever.
			if restarted {
				return earliest, nil, NoneMissed, ErrEndless
			}
			restarted = true
		}
		last = t
	}

	switch {
	case count > 100:
		missed = ManyMissed
	case count > 0:
		missed = FewMissed
	}
	if last.IsZero() {
		return earliest, nil, missed, nil
	}
	return earliest, &last, missed, nil
}

// Unmet is the v1.36 CronJob controller's nextScheduleTime: the scheduled
// time for which a Job should now exist, or nil when no scheduled time
// since the earliest time considered has passed. The earliest time is
// status.lastScheduleTime (else metadata.creationTimestamp), or now minus
// startingDeadlineSeconds when that is later. missed is ManyMissed when the
// controller would record a TooManyMissedTimes warning with the time
// returned.
//
// The controller then skips a time that is too late (more than
// startingDeadlineSeconds before now: a MissSchedule warning), already
// processed (equal to status.lastScheduleTime, or its Job already active),
// or blocked by concurrencyPolicy Forbid; otherwise it creates the Job.
// When err is not nil the controller records an InvalidSchedule warning and
// does nothing more.
func (s *Schedule) Unmet(tm Timing, now time.Time) (scheduled *time.Time, missed Missed, err error) {
	_, recent, missed, err := s.MostRecent(tm, now, true)
	if recent == nil || recent.After(now) {
		return nil, NoneMissed, err
	}
	return recent, missed, err
}

// Requeue is the v1.36 CronJob controller's nextScheduleTimeDuration: how
// long after now the controller looks at the CronJob again, which is the
// next scheduled time after the most recent one (computed without the
// starting deadline; after earliest when none passed, after now when some
// passed but none could be found, or when MostRecent fails), plus 100ms
// against clock skew, minus now. It may be negative (a Next of the zero
// time, for a schedule that fires on no day).
func (s *Schedule) Requeue(tm Timing, now time.Time) time.Duration {
	earliest, recent, missed, err := s.MostRecent(tm, now, false)
	from := now
	switch {
	case err != nil:
	case recent != nil:
		from = *recent
	case missed == NoneMissed:
		from = earliest
	}
	return s.Next(from).Add(requeueDelta).Sub(now)
}

// Times returns the next n times the schedule fires after t, in order: the
// first is Next(t), each following one Next of the one before. It stops
// early when Next finds no time within five years. It returns nil when n
// is not positive.
func (s *Schedule) Times(t time.Time, n int) []time.Time {
	if n <= 0 {
		return nil
	}
	times := make([]time.Time, 0, min(n, 1024))
	for range n {
		t = s.Next(t)
		if t.IsZero() {
			break
		}
		times = append(times, t)
	}
	return times
}
