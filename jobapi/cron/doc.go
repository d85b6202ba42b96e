// Package cron parses CronJob schedules and computes their times exactly as
// Kubernetes v1.36 does.
//
// Kubernetes does not parse schedules itself: the API server's validation
// and the CronJob controller both call github.com/robfig/cron/v3 v3.0.1's
// ParseStandard (through a wrapper that turns a panic into an error), and
// the controller asks the resulting schedule for its next time. This
// package is a from-scratch reimplementation of exactly that behaviour,
// with no dependency beyond the standard library:
//
//   - [Parse] accepts what ParseStandard accepts, refuses what it refuses,
//     and refuses with the same error text, byte for byte (that text is
//     what the API server puts in a field.Invalid error for
//     spec.schedule).
//   - [Schedule.Next] returns what robfig's Schedule.Next returns, including
//     its handling of daylight-saving transitions and its five-year search
//     limit (the zero time when no time matches, as for "0 0 30 2 *").
//   - [ForCronJob], [Schedule.MostRecent], [Schedule.Unmet] and
//     [Schedule.Requeue] are the CronJob controller's arithmetic over a
//     CronJob's timing fields (see [Timing]): which scheduled time is due,
//     how many were missed, and when to look again.
//
// # Grammar
//
// A schedule is either five fields separated by white space,
//
//	minute hour day-of-month month day-of-week
//
// or a descriptor: @yearly (or @annually), @monthly, @weekly, @daily (or
// @midnight), @hourly, or "@every " followed by a Go duration
// (time.ParseDuration's syntax). Either may be preceded by "TZ=zone " or
// "CRON_TZ=zone ", which robfig loads with time.LoadLocation; Kubernetes'
// validation refuses any schedule containing "TZ" in favour of
// spec.timeZone, a rule this package leaves to its caller (the CronJob
// validator) because robfig itself accepts the prefix and the controller
// relies on it: it parses "TZ=<spec.timeZone> <spec.schedule>".
//
// Each field is a comma-separated list of ranges; empty list elements are
// ignored (a field of commas alone allows nothing, and Next then finds no
// time). A range is "*" or "?" (every value; anything after a hyphen that
// follows them is ignored), a value, or "a-b"; each may be followed by
// "/step" ("a/step" means from a to the field's maximum). Values are
// decimal integers as strconv.Atoi reads them (a leading "+" and leading
// zeros are accepted; a "-" always separates a range, so only a step can
// be negative, and is refused) or, in the month and day-of-week fields,
// the English three-letter names JAN-DEC and SUN-SAT in any case. Bounds:
// minute 0-59, hour 0-23, day of month 1-31, month 1-12, day of week 0-6
// (0 is Sunday; 7 is refused). Fields are separated by any Unicode white
// space, but a TZ= zone name ends only at an ASCII space.
//
// Day of month and day of week combine as in robfig: when either field
// holds a "*" or "?" without a step above 1, a day must match both;
// otherwise a day matching either suffices ("0 0 1 * MON" runs on the
// first of the month and on every Monday).
//
// # Differences from Kubernetes
//
// Two kinds of input make Kubernetes loop forever; jobkit returns instead:
//
//   - Next across a day that a zone removed from its calendar
//     (Pacific/Apia 2011-12-30, Pacific/Kiritimati 1994-12-31, ...):
//     robfig's search never moves past it; Next returns the zero time, and
//     MostRecent [ErrEndless].
//   - The controller's walk over missed times for a 29 February schedule
//     that meets a gap of more than five years twice (2096 to 2104, 2196
//     to 2204, ...): MostRecent returns [ErrEndless].
//
// Everything else, including every error text, is Kubernetes' (the
// examples/parity module compares both on generated schedules, times and
// CronJobs).
//
// # Non-goals
//
// Only the standard parser that Kubernetes uses is modelled: no seconds
// field, no optional fields, no other robfig parser options. Schedules
// without a TZ= prefix are evaluated in the location of the time given to
// Next, never in the process's local zone, exactly as robfig does.
package cron
