package cron

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// set is the bit set of the given values.
func set(values ...uint) uint64 {
	var b uint64
	for _, v := range values {
		b |= 1 << v
	}
	return b
}

// Every value of each field, as a star writes it.
const (
	anyMinute = 1<<60 - 1 | starBit
	anyHour   = 1<<24 - 1 | starBit
	anyDom    = 1<<32 - 2 | starBit
	anyMonth  = 1<<13 - 2 | starBit
	anyDow    = 1<<7 - 1 | starBit
)

// cmpSchedule compares schedules field by field, locations by name (nil
// meaning none).
var cmpSchedule = []cmp.Option{
	cmp.AllowUnexported(Schedule{}),
	cmp.Comparer(func(a, b *time.Location) bool {
		if a == nil || b == nil {
			return a == b
		}
		return a.String() == b.String()
	}),
}

func mustLoad(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestParseAccepts(t *testing.T) {
	ny := mustLoad(t, "America/New_York")
	daily := Schedule{minute: 1, hour: 1, dom: anyDom, month: anyMonth, dow: anyDow}
	tests := []struct {
		name string
		spec string
		want Schedule
	}{
		{"every minute is five stars", "* * * * *",
			Schedule{minute: anyMinute, hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"single values", "5 4 * * *",
			Schedule{minute: set(5), hour: set(4), dom: anyDom, month: anyMonth, dow: anyDow}},
		{"a day of month and a weekday without stars", "0 0 1 * MON",
			Schedule{minute: 1, hour: 1, dom: set(1), month: anyMonth, dow: set(1)}},
		{"steps, ranges, names and lists", "*/15 9-17/2 ? jan-MAR,Dec sun,sat",
			Schedule{minute: set(0, 15, 30, 45), hour: set(9, 11, 13, 15, 17), dom: anyDom, month: set(1, 2, 3, 12), dow: set(0, 6)}},
		{"a star with step 1 keeps the star", "*/1 * * * *",
			Schedule{minute: anyMinute, hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"a stepped star in a day field drops the star", "0 0 */2 * 1",
			Schedule{minute: 1, hour: 1, dom: set(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31), month: anyMonth, dow: set(1)}},
		{"value with a step runs to the maximum", "5/20 * * * *",
			Schedule{minute: set(5, 25, 45), hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"a hyphen after a star is ignored", "*-10 * * * *",
			Schedule{minute: anyMinute, hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"a plus sign and leading zeros are numbers", "+5 007 * * *",
			Schedule{minute: set(5), hour: set(7), dom: anyDom, month: anyMonth, dow: anyDow}},
		{"empty list elements are ignored", ",5,,10, * * * *",
			Schedule{minute: set(5, 10), hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"a field of commas allows nothing", ", * * * *",
			Schedule{minute: 0, hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"any white space separates fields", " \t0 0\u00a0* * *\n", daily},
		{"names in any case", "0 0 * fEb WeD",
			Schedule{minute: 1, hour: 1, dom: anyDom, month: set(2), dow: set(3)}},
		{"the time zone prefix", "TZ=America/New_York 0 0 * * *",
			Schedule{minute: 1, hour: 1, dom: anyDom, month: anyMonth, dow: anyDow, loc: ny}},
		{"CRON_TZ with a descriptor", "CRON_TZ=UTC   @daily  ",
			Schedule{minute: 1, hour: 1, dom: anyDom, month: anyMonth, dow: anyDow, loc: time.UTC}},
		{"TZ=Local means the time's own location", "TZ=Local 0 0 * * *", daily},
		{"an empty zone name is UTC", "TZ= 0 0 * * *",
			Schedule{minute: 1, hour: 1, dom: anyDom, month: anyMonth, dow: anyDow, loc: time.UTC}},
		{"@yearly", "@yearly", Schedule{minute: 1, hour: 1, dom: set(1), month: set(1), dow: anyDow}},
		{"@annually", "@annually", Schedule{minute: 1, hour: 1, dom: set(1), month: set(1), dow: anyDow}},
		{"@monthly", "@monthly", Schedule{minute: 1, hour: 1, dom: set(1), month: anyMonth, dow: anyDow}},
		{"@weekly", "@weekly", Schedule{minute: 1, hour: 1, dom: anyDom, month: anyMonth, dow: set(0)}},
		{"@daily", "@daily", daily},
		{"@midnight", "@midnight", daily},
		{"@hourly", "@hourly", Schedule{minute: 1, hour: anyHour, dom: anyDom, month: anyMonth, dow: anyDow}},
		{"@every", "@every 1h30m", Schedule{every: 90 * time.Minute}},
		{"@every drops fractions of a second", "@every 2.9s", Schedule{every: 2 * time.Second}},
		{"@every below a second is a second", "@every -5m", Schedule{every: time.Second}},
		{"@every ignores the time zone", "TZ=America/New_York @every 1m", Schedule{every: time.Minute}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.spec)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.spec, err)
			}
			if diff := cmp.Diff(&tt.want, got, cmpSchedule...); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.spec, diff)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want string
	}{
		{"empty", "", "empty spec string"},
		{"too few fields", "* * * *", "expected exactly 5 fields, found 4: [* * * *]"},
		{"a seconds field", "0 0 * * * *", "expected exactly 5 fields, found 6: [0 0 * * * *]"},
		{"only blanks", "   ", "expected exactly 5 fields, found 0: []"},
		{"a space before a descriptor", " @daily", "expected exactly 5 fields, found 1: [@daily]"},
		{"minute 60", "60 * * * *", "end of range (60) above maximum (59): 60"},
		{"hour 24", "* 24 * * *", "end of range (24) above maximum (23): 24"},
		{"day 0", "* * 0 * *", "beginning of range (0) below minimum (1): 0"},
		{"month 13", "* * * 13 *", "end of range (13) above maximum (12): 13"},
		{"weekday 7", "* * * * 7", "end of range (7) above maximum (6): 7"},
		{"reversed range", "5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"},
		{"reversed names", "* * * * MON-SUN", "beginning of range (1) beyond end of range (0): MON-SUN"},
		{"step zero", "*/0 * * * *", "step of range should be a positive number: */0"},
		{"bounds are checked before the step", "0-60/0 * * * *", "end of range (60) above maximum (59): 0-60/0"},
		{"not a number", "x * * * *", `failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax`},
		{"a leading minus is an empty start", "-1 * * * *", `failed to parse int from : strconv.Atoi: parsing "": invalid syntax`},
		{"a negative step", "*/-1 * * * *", "negative number (-1) not allowed: -1"},
		{"too large", "99999999999999999999 * * * *",
			`failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range`},
		{"a long month name", "* * * JANUARY *", `failed to parse int from JANUARY: strconv.Atoi: parsing "JANUARY": invalid syntax`},
		{"names only in their field", "* * MON * *", `failed to parse int from MON: strconv.Atoi: parsing "MON": invalid syntax`},
		{"names are no steps", "*/mon * * * *", `failed to parse int from mon: strconv.Atoi: parsing "mon": invalid syntax`},
		{"too many hyphens", "1-2-3 * * * *", "too many hyphens: 1-2-3"},
		{"the start is read before the hyphens are counted", "x-2-3 * * * *", `failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax`},
		{"too many slashes", "1/2/3 * * * *", "too many slashes: 1/2/3"},
		{"the range is read before the slashes are counted", "x/2/3 * * * *", `failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax`},
		{"the first bad field wins", "* 99 x * *", "end of range (99) above maximum (23): 99"},
		{"a bare @every", "@every", "unrecognized descriptor: @every"},
		{"a bad duration", "@every x", `failed to parse duration @every x: time: invalid duration "x"`},
		{"descriptors are case-sensitive", "@Daily", "unrecognized descriptor: @Daily"},
		{"a blank after a descriptor", "@daily ", "unrecognized descriptor: @daily "},
		{"unknown zone", "TZ=Mars/Olympus * * * * *", "provided bad location Mars/Olympus: unknown time zone Mars/Olympus"},
		{"a zone path that escapes", "TZ=../etc/passwd * * * * *", "provided bad location ../etc/passwd: time: invalid location name"},
		{"a zone prefix alone", "TZ=UTC", "invalid schedule format: runtime error: slice bounds out of range [:-1]"},
		{"a CRON_TZ prefix alone", "CRON_TZ=", "invalid schedule format: runtime error: slice bounds out of range [:-1]"},
		{"a tab does not end the zone", "TZ=UTC\t* * * * *", "provided bad location UTC\t*: unknown time zone UTC\t*"},
		{"nothing after the zone", "TZ=UTC ", "expected exactly 5 fields, found 0: []"},
		{"a bad descriptor after the zone", "TZ=UTC @bogus", "unrecognized descriptor: @bogus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.spec)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want error %q", tt.spec, got, tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("Parse(%q) error (-want +got):\n%s", tt.spec, diff)
			}
			if got != nil {
				t.Errorf("Parse(%q) = %+v with an error, want nil", tt.spec, got)
			}
		})
	}
}
