package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/cron"
	"github.com/jobkit/jobkit/jobapi/field"
)

// maxScheduleTimes bounds -n: enough for a year of a schedule that fires
// every minute.
const maxScheduleTimes = 1_000_000

// runSchedule implements `jobkit schedule SCHEDULE [--time-zone ZONE]
// [--after RFC3339] [-n N]`: the next N times a CronJob with that
// spec.schedule and spec.timeZone runs after the given time, as the v1.36
// CronJob controller computes them (cron.ForCronJob), one RFC 3339 time a
// line in the form of the Job's batch.kubernetes.io/cronjob-scheduled-timestamp
// annotation: in the time zone, or in UTC without one.
func runSchedule(s streams, args []string) int {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	fs.SetOutput(s.err)
	var timeZone optionalString
	fs.Var(&timeZone, "time-zone", "the CronJob's spec.timeZone, a `ZONE` of the time zone database such as Europe/Berlin")
	after := fs.String("after", "", "the `TIME` (RFC 3339) after which to list the times; default now. Without --time-zone the schedule runs in this time's offset, as the controller runs it in its own local zone (UTC by default here)")
	n := fs.Int("n", 5, "how many times to print (1 to 1000000); fewer when no time comes within five years of the previous one")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit schedule SCHEDULE [--time-zone ZONE] [--after RFC3339] [-n N]")
		fmt.Fprintln(s.err, `SCHEDULE is a CronJob's spec.schedule, such as "*/15 9-17 * * MON-FRI" or @daily.`)
		fs.PrintDefaults()
	}
	positional, ok := parseInterspersed(fs, args)
	if !ok {
		return 2
	}
	usageError := func(format string, a ...any) int {
		printCommandError(s, "schedule", fmt.Errorf(format, a...))
		return 2
	}
	switch {
	case len(positional) == 0:
		return usageError(`the schedule must be given, such as "0 * * * *" (quote it)`)
	case len(positional) > 1:
		return usageError("unexpected argument %q (quote a schedule with spaces)", positional[1])
	case *n < 1 || *n > maxScheduleTimes:
		return usageError("-n: must be between 1 and %d", maxScheduleTimes)
	}
	from := time.Now().UTC()
	if *after != "" {
		t, err := time.Parse(time.RFC3339, *after)
		if err != nil {
			return usageError("--after: %v", err)
		}
		from = t
	}

	schedule := positional[0]
	var zone *string
	if timeZone.set {
		zone = &timeZone.value
	}
	// The rules ValidateCronJob applies to these two fields: a CronJob
	// that breaks them is never stored, so it never runs.
	if errs := jobapi.ValidateCronJobSchedule(schedule, zone); len(errs) > 0 {
		printCommandError(s, "schedule", errs.ToAggregate())
		return 1
	}
	out := time.UTC
	if zone != nil {
		loc, err := time.LoadLocation(*zone)
		if err != nil {
			printCommandError(s, "schedule", field.Invalid(field.NewPath("spec", "timeZone"), *zone, err.Error()))
			return 1
		}
		out = loc
	}
	sched, err := cron.ForCronJob(schedule, zone)
	if err != nil {
		printCommandError(s, "schedule", field.Invalid(field.NewPath("spec", "schedule"), schedule, err.Error()))
		return 1
	}
	var b strings.Builder
	for _, t := range sched.Times(from, *n) {
		b.WriteString(t.In(out).Format(time.RFC3339))
		b.WriteByte('\n')
	}
	fmt.Fprint(s.out, b.String())
	return 0
}

// optionalString is a string flag that records whether it was given, so
// that an empty --time-zone is told from none.
type optionalString struct {
	value string
	set   bool
}

func (o *optionalString) String() string { return o.value }

func (o *optionalString) Set(v string) error {
	o.value, o.set = v, true
	return nil
}
