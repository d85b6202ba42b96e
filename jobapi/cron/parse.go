package cron

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is a parsed schedule: either a set of minutes, hours, days and
// months (the five-field syntax and the calendar descriptors) or a constant
// delay (@every). The zero value is not useful; obtain one from [Parse] or
// [ForCronJob]. A Schedule is immutable and safe for concurrent use.
type Schedule struct {
	// Bit i of minute, hour, dom, month and dow is set when value i is
	// allowed. Bit 63 (starBit) of dom and dow records that the field was
	// written as an unstepped star, which changes how the two day fields
	// combine.
	minute, hour, dom, month, dow uint64

	// every is the delay of an @every schedule, whole seconds and at least
	// one; zero for calendar schedules.
	every time.Duration

	// loc is the location of a TZ= or CRON_TZ= prefix; nil when there was
	// none (or it named "Local"): Next then works in the location of the
	// time it is given.
	loc *time.Location
}

// starBit marks a day field written as "*" or "?" without a step above 1.
const starBit = 1 << 63

// field is one of the five schedule fields: its bounds and value names.
type field struct {
	min, max uint
	names    map[string]uint
}

// The five fields, in the order a schedule lists them.
var (
	minuteField = field{min: 0, max: 59}
	hourField   = field{min: 0, max: 23}
	domField    = field{min: 1, max: 31}
	monthField  = field{min: 1, max: 12, names: map[string]uint{
		"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
		"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
	}}
	dowField = field{min: 0, max: 6, names: map[string]uint{
		"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6,
	}}
)

// Parse parses a schedule as Kubernetes' validation does (robfig/cron/v3
// v3.0.1 ParseStandard, called through Kubernetes'
// ParseCronScheduleWithPanicRecovery): the five-field standard syntax and
// the @ descriptors, optionally behind a TZ= or CRON_TZ= prefix (see the
// package documentation for the grammar). The error text is robfig's, byte
// for byte, for example
//
//	expected exactly 5 fields, found 6: [0 0 * * * *]
//	end of range (60) above maximum (59): 60
//	failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax
//	provided bad location Mars/Olympus: unknown time zone Mars/Olympus
//
// A TZ= prefix with no space after it makes robfig slice a string out of
// range; Kubernetes recovers that panic, and Parse returns the same text:
// "invalid schedule format: runtime error: slice bounds out of range [:-1]".
//
// The prefix's zone is loaded with time.LoadLocation, so which zones are
// known depends on the time zone database of the running program, as it
// does for Kubernetes.
func Parse(spec string) (*Schedule, error) {
	if spec == "" {
		return nil, errors.New("empty spec string")
	}
	var loc *time.Location
	if strings.HasPrefix(spec, "TZ=") || strings.HasPrefix(spec, "CRON_TZ=") {
		space := strings.IndexByte(spec, ' ')
		if space < 0 {
			// robfig evaluates spec[eq+1:-1] here and panics.
			return nil, errors.New("invalid schedule format: runtime error: slice bounds out of range [:-1]")
		}
		name := spec[strings.IndexByte(spec, '=')+1 : space]
		l, err := time.LoadLocation(name)
		if err != nil {
			return nil, fmt.Errorf("provided bad location %s: %v", name, err)
		}
		if l != time.Local {
			loc = l
		}
		spec = strings.TrimSpace(spec[space:])
	}
	if strings.HasPrefix(spec, "@") {
		return parseDescriptor(spec, loc)
	}

	fields := strings.Fields(spec)
	if len(fields) != 5 {
		return nil, fmt.Errorf("expected exactly 5 fields, found %d: %s", len(fields), fields)
	}
	s := &Schedule{loc: loc}
	targets := [5]*uint64{&s.minute, &s.hour, &s.dom, &s.month, &s.dow}
	for i, f := range [5]field{minuteField, hourField, domField, monthField, dowField} {
		bits, err := f.parse(fields[i])
		if err != nil {
			return nil, err
		}
		*targets[i] = bits
	}
	return s, nil
}

// all is the set of every value of f, written as a star.
func (f field) all() uint64 {
	return span(f.min, f.max) | starBit
}

// span is the set of the values lo through hi.
func span(lo, hi uint) uint64 {
	return (^uint64(0) >> (63 - hi)) &^ (uint64(1)<<lo - 1)
}

// parseDescriptor parses an @ descriptor.
func parseDescriptor(spec string, loc *time.Location) (*Schedule, error) {
	s := &Schedule{minute: 1, hour: 1, dom: 1 << 1, month: monthField.all(), dow: dowField.all(), loc: loc}
	switch spec {
	case "@yearly", "@annually":
		s.month = 1 << 1
	case "@monthly":
	case "@weekly":
		s.dom, s.dow = domField.all(), 1
	case "@daily", "@midnight":
		s.dom = domField.all()
	case "@hourly":
		s.dom, s.hour = domField.all(), hourField.all()
	default:
		rest, ok := strings.CutPrefix(spec, "@every ")
		if !ok {
			return nil, fmt.Errorf("unrecognized descriptor: %s", spec)
		}
		d, err := time.ParseDuration(rest)
		if err != nil {
			return nil, fmt.Errorf("failed to parse duration %s: %s", spec, err)
		}
		// Delays below a second become a second; fractions of a second
		// are dropped.
		d = max(d, time.Second)
		return &Schedule{every: d - d%time.Second}, nil
	}
	return s, nil
}

// parse parses one field: a comma-separated list of ranges, empty elements
// ignored.
func (f field) parse(text string) (uint64, error) {
	var bits uint64
	for expr := range strings.SplitSeq(text, ",") {
		if expr == "" {
			continue
		}
		b, err := f.parseRange(expr)
		if err != nil {
			return 0, err
		}
		bits |= b
	}
	return bits, nil
}

// parseRange parses one range: "*", "?", "v" or "a-b", each optionally
// followed by "/step".
func (f field) parseRange(expr string) (uint64, error) {
	// The order of the checks is robfig's, since it decides which error a
	// schedule with several faults gets: the range's values are read
	// first, then the step, then the bounds are checked.
	rng, stepText, stepped := strings.Cut(expr, "/")
	var lo, hi uint
	var extra uint64
	loText, hiText, isRange := strings.Cut(rng, "-")
	if loText == "*" || loText == "?" {
		// Whatever follows a star's hyphen is ignored.
		lo, hi, extra = f.min, f.max, starBit
	} else {
		var err error
		if lo, err = f.value(loText); err != nil {
			return 0, err
		}
		hi = lo
		if isRange {
			if strings.Contains(hiText, "-") {
				return 0, fmt.Errorf("too many hyphens: %s", expr)
			}
			if hi, err = f.value(hiText); err != nil {
				return 0, err
			}
		}
	}
	step := uint(1)
	if stepped {
		if strings.Contains(stepText, "/") {
			return 0, fmt.Errorf("too many slashes: %s", expr)
		}
		var err error
		if step, err = parseUint(stepText); err != nil {
			return 0, err
		}
		if !isRange {
			hi = f.max
		}
		if step > 1 {
			extra = 0
		}
	}
	switch {
	case lo < f.min:
		return 0, fmt.Errorf("beginning of range (%d) below minimum (%d): %s", lo, f.min, expr)
	case hi > f.max:
		return 0, fmt.Errorf("end of range (%d) above maximum (%d): %s", hi, f.max, expr)
	case lo > hi:
		return 0, fmt.Errorf("beginning of range (%d) beyond end of range (%d): %s", lo, hi, expr)
	case step == 0:
		return 0, fmt.Errorf("step of range should be a positive number: %s", expr)
	}
	if step == 1 {
		return span(lo, hi) | extra, nil
	}
	var bits uint64
	for v := lo; v <= hi; v += step {
		bits |= 1 << v
	}
	return bits | extra, nil
}

// value parses a number or, where the field has them, a name.
func (f field) value(text string) (uint, error) {
	if f.names != nil {
		if v, ok := f.names[strings.ToLower(text)]; ok {
			return v, nil
		}
	}
	return parseUint(text)
}

// parseUint parses a non-negative decimal integer as strconv.Atoi does.
func parseUint(text string) (uint, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("failed to parse int from %s: %s", text, err)
	}
	if n < 0 {
		return 0, fmt.Errorf("negative number (%d) not allowed: %s", n, text)
	}
	return uint(n), nil
}
