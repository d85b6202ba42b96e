package parity

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	_ "unsafe" // go:linkname

	robfig "github.com/robfig/cron/v3"
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
	_ "k8s.io/kubernetes/pkg/controller/cronjob" // the functions reached with go:linkname below
	"k8s.io/kubernetes/pkg/util/parsers"

	"github.com/jobkit/jobkit/jobapi/cron"
)

// The cron differential tests run Kubernetes' schedule code beside
// jobapi/cron on generated inputs:
//
//   - TestCronParseDiff: generated schedules, valid and not (random fields,
//     names, ranges, steps, lists, descriptors, @every durations, TZ= and
//     CRON_TZ= prefixes, white space, junk), parsed by
//     parsers.ParseCronScheduleWithPanicRecovery (robfig/cron/v3
//     ParseStandard, which the API server's validation and the CronJob
//     controller call) and by cron.Parse: both accept or both refuse with
//     the same text; each accepted schedule's Next compared on generated
//     times in many locations.
//   - TestCronNextDiff: well-formed schedules biased to the hours around
//     midnight and daylight-saving changes, and times within days of the
//     transitions of zones with unusual rules (30- and 45-minute offsets,
//     changes at midnight, negative DST, a skipped day).
//   - TestCronControllerDiff: generated CronJob timing fields (schedule,
//     timeZone, creationTimestamp, lastScheduleTime,
//     startingDeadlineSeconds, now), through the CronJob controller's own
//     unexported formatSchedule, mostRecentScheduleTime,
//     nextScheduleTimeDuration and nextScheduleTime (reached with
//     go:linkname; missedSchedulesType is an int) and through
//     cron.ForCronJob, MostRecent, Requeue and Unmet.

//go:linkname k8sFormatSchedule k8s.io/kubernetes/pkg/controller/cronjob.formatSchedule
func k8sFormatSchedule(cj *batchv1.CronJob, recorder record.EventRecorder) string

//go:linkname k8sMostRecentScheduleTime k8s.io/kubernetes/pkg/controller/cronjob.mostRecentScheduleTime
func k8sMostRecentScheduleTime(cj *batchv1.CronJob, now time.Time, schedule robfig.Schedule, includeStartingDeadlineSeconds bool) (time.Time, *time.Time, int, error)

//go:linkname k8sNextScheduleTimeDuration k8s.io/kubernetes/pkg/controller/cronjob.nextScheduleTimeDuration
func k8sNextScheduleTimeDuration(cj *batchv1.CronJob, now time.Time, schedule robfig.Schedule) *time.Duration

//go:linkname k8sNextScheduleTime k8s.io/kubernetes/pkg/controller/cronjob.nextScheduleTime
func k8sNextScheduleTime(logger klog.Logger, cj *batchv1.CronJob, now time.Time, schedule robfig.Schedule, recorder record.EventRecorder) (*time.Time, error)

// cronZones are the locations of generated times and TZ= prefixes: zones
// with DST at usual and unusual hours, 30- and 45-minute offsets, negative
// DST (Europe/Dublin, Africa/Casablanca), clocks that change at midnight
// (America/Havana, America/Santiago, America/Sao_Paulo before 2019), a
// day removed from the calendar (Pacific/Apia, 2011-12-30), offsets with
// seconds (Africa/Monrovia -0:44:30 until 1972, Europe/Amsterdam +0:19:32
// until 1937) and none.
var cronZones = []string{
	"UTC", "America/New_York", "Europe/London", "Europe/Berlin", "Europe/Dublin", "Australia/Sydney",
	"Australia/Lord_Howe", "America/Sao_Paulo", "America/Havana", "America/Santiago", "Asia/Tehran",
	"Pacific/Chatham", "Africa/Casablanca", "Pacific/Apia", "Asia/Kathmandu", "America/St_Johns",
	"Antarctica/Troll", "Pacific/Kiritimati", "Asia/Gaza", "America/Godthab",
	"Africa/Monrovia", "Europe/Amsterdam", "Asia/Kolkata",
}

// cronGen generates schedules and times.
type cronGen struct {
	r     *rand.Rand
	locs  []*time.Location
	trans []time.Time // daylight-saving and offset changes of cronZones, 1900-2045
}

func newCronGen(t testing.TB, seed uint64) *cronGen {
	g := &cronGen{r: rand.New(rand.NewPCG(seed, seed^0x51ed27a3))}
	for _, name := range cronZones {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatalf("the time zone database lacks %s: %v", name, err)
		}
		g.locs = append(g.locs, loc)
		// ZoneBounds can return an end that is not after its argument
		// (where the zone's rules extend its table); step over it.
		for at := time.Date(1900, 1, 1, 0, 0, 0, 0, loc); at.Year() < 2045; {
			_, end := at.ZoneBounds()
			if end.IsZero() {
				break
			}
			if !end.After(at) {
				at = at.Add(time.Hour)
				continue
			}
			g.trans = append(g.trans, end.In(loc))
			at = end
		}
	}
	return g
}

func (g *cronGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *cronGen) pick(s []string) string { return s[g.r.IntN(len(s))] }

var (
	cronMonthNames = []string{"jan", "FEB", "Mar", "apr", "MAY", "jun", "Jul", "aug", "SEP", "oct", "Nov", "dec"}
	cronDayNames   = []string{"sun", "MON", "Tue", "wed", "THU", "fri", "Sat"}
	cronJunk       = []string{"", "x", "JANUARY", "mo", "sunday", "1.5", "0x1", "L", "W", "#", "5#2", "1e1", "٣", "\u00a0", "--", "//", "**", "-", "/", "+", "+-1", " "}
	cronDurations  = []string{"1h", "90s", "1h30m", "2.5s", "1.9s", "999ms", "0", "0s", "-1s", "-5m", "1us", "100ns", "24h", "8760h",
		"2562047h47m16.854775807s", "2562047h47m16.854775808s", "1d", "", "x", "1h ", " 1h", "1h1h", ".5h", "+3m", "1e3s"}
	cronDescriptors = []string{"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly",
		"@YEARLY", "@Daily", "@reboot", "@", "@every", "@every  1h", "@daily ", "@hourly\t"}
	cronPrefixZones = []string{"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe", "Europe/Dublin",
		"Local", "", "Mars/Olympus", "../etc", "/etc/localtime", "utc", "EST5EDT", "Etc/GMT+12", "America/Argentina/Buenos_Aires"}
)

// bound is a number near or outside a field's bounds.
func (g *cronGen) number(lo, hi int) string {
	switch g.r.IntN(50) {
	case 0:
		return fmt.Sprint(hi + 1 + g.r.IntN(10))
	case 1:
		return fmt.Sprint(-g.r.IntN(3))
	case 2:
		return "0" + fmt.Sprint(lo+g.r.IntN(hi-lo+1))
	case 3:
		return "+" + fmt.Sprint(lo+g.r.IntN(hi-lo+1))
	case 4:
		return g.pick([]string{"99999999999999999999", "9223372036854775807", "4294967296", "64", "63"})
	default:
		return fmt.Sprint(lo + g.r.IntN(hi-lo+1))
	}
}

// value is one value of field i (0 minute ... 4 day of week).
func (g *cronGen) value(i int) string {
	if g.chance(0.015) {
		return g.pick(cronJunk)
	}
	switch {
	case i == 3 && g.chance(0.35):
		return g.pick(cronMonthNames)
	case i == 4 && g.chance(0.35):
		return g.pick(cronDayNames)
	case i < 3 && g.chance(0.01):
		return g.pick(append(cronMonthNames, cronDayNames...))
	}
	bounds := [5][2]int{{0, 59}, {0, 23}, {1, 31}, {1, 12}, {0, 6}}[i]
	return g.number(bounds[0], bounds[1])
}

// field is one field: a list of ranges with steps.
func (g *cronGen) field(i int) string {
	if g.chance(0.3) {
		return g.pick([]string{"*", "*", "*", "?"})
	}
	n := 1
	if g.chance(0.3) {
		n += g.r.IntN(4)
	}
	parts := make([]string, n)
	for k := range parts {
		var p string
		switch g.r.IntN(10) {
		case 0, 1:
			p = g.pick([]string{"*", "?"})
		case 2, 3:
			p = g.value(i) + "-" + g.value(i)
		case 4:
			p = g.value(i) + "-" + g.value(i) + "-" + g.value(i)
		default:
			p = g.value(i)
		}
		if g.chance(0.3) {
			p += "/" + g.number(0, 20)
			if g.chance(0.05) {
				p += "/" + g.number(0, 5)
			}
		}
		if g.chance(0.005) {
			p = ""
		}
		parts[k] = p
	}
	f := strings.Join(parts, ",")
	if f == "" || strings.Trim(f, ",") == "" {
		// A field that allows nothing makes Next search five years minute
		// by minute; keep it rare.
		if !g.chance(0.05) {
			return "0"
		}
	}
	return f
}

// schedule is a generated schedule, valid or not.
func (g *cronGen) schedule() string {
	var s string
	switch k := g.r.IntN(100); {
	case k < 8:
		s = g.pick(cronDescriptors)
	case k < 13:
		s = "@every " + g.pick(cronDurations)
		if g.chance(0.3) {
			s = fmt.Sprintf("@every %dm%ds", g.r.IntN(200), g.r.IntN(60))
		}
	case k < 15:
		// Random bytes from the grammar's alphabet and beyond.
		const alphabet = "0123456789*?,-/ @TZ=CRON_abcdefjmnorstuvwyADJMNOS\t\u00e9"
		b := make([]rune, g.r.IntN(24))
		rs := []rune(alphabet)
		for i := range b {
			b[i] = rs[g.r.IntN(len(rs))]
		}
		s = string(b)
	default:
		n := 5
		if g.chance(0.04) {
			n = g.r.IntN(8)
		}
		fields := make([]string, n)
		for i := range fields {
			fields[i] = g.field(i % 5)
		}
		sep := " "
		if g.chance(0.05) {
			sep = g.pick([]string{"  ", "\t", " \t ", "\n", "\u00a0", "\u2003"})
		}
		s = strings.Join(fields, sep)
		if g.chance(0.03) {
			s = g.pick([]string{" ", "\t", "\n"}) + s + g.pick([]string{" ", "\t", ""})
		}
	}
	if g.chance(0.15) {
		prefix := g.pick([]string{"TZ=", "CRON_TZ="}) + g.pick(cronPrefixZones)
		switch {
		case g.chance(0.04):
			s = prefix // no space: robfig panics
		case g.chance(0.04):
			s = prefix + "\t" + s
		default:
			s = prefix + g.pick([]string{" ", " ", "  "}) + s
		}
	}
	return s
}

// wellFormed is a valid schedule biased to the hours where clocks change.
func (g *cronGen) wellFormed() string {
	hour := func() string {
		h := []int{0, 1, 2, 3, 4, 23, 22, 12}[g.r.IntN(8)]
		switch g.r.IntN(5) {
		case 0:
			return "*"
		case 1:
			return fmt.Sprintf("%d-%d", h, min(h+g.r.IntN(3), 23))
		case 2:
			return fmt.Sprintf("*/%d", 1+g.r.IntN(6))
		default:
			return fmt.Sprint(h)
		}
	}
	minute := func() string {
		switch g.r.IntN(5) {
		case 0:
			return "*"
		case 1:
			return fmt.Sprintf("*/%d", 1+g.r.IntN(30))
		case 2:
			return fmt.Sprintf("%d,%d", g.r.IntN(30), 30+g.r.IntN(30))
		default:
			return fmt.Sprint([]int{0, 0, 15, 30, 45, 59}[g.r.IntN(6)])
		}
	}
	dom := g.pick([]string{"*", "*", "*", "?", "1", "15", "28-31", "*/2", "29", "31", "1,15"})
	month := g.pick([]string{"*", "*", "*", "3", "10", "11", "mar,oct", "*/3", "2", "4-11"})
	dow := g.pick([]string{"*", "*", "*", "?", "0", "SUN", "mon-fri", "6", "*/2", "5"})
	s := strings.Join([]string{minute(), hour(), dom, month, dow}, " ")
	switch {
	case g.chance(0.05):
		s = g.pick(cronDescriptors[:7])
	case g.chance(0.03):
		s = fmt.Sprintf("@every %dm", 1+g.r.IntN(600))
	}
	if g.chance(0.3) {
		s = g.pick([]string{"TZ=", "CRON_TZ="}) + g.pick(cronZones) + " " + s
	}
	return s
}

// instant is a time between 1990 and 2100 (one in five between 1890 and
// 1990) in one of the locations, sometimes on a whole minute, hour or day,
// or a second either side.
func (g *cronGen) instant() time.Time {
	var from, to int64 = 631152000, 4102444800 // 1990-01-01, 2100-01-01
	if g.chance(0.2) {
		from, to = -2524521600, 631152000 // 1890-01-01, 1990-01-01
	}
	t := time.Unix(from+g.r.Int64N(to-from), g.r.Int64N(1e9)).In(g.locs[g.r.IntN(len(g.locs))])
	return g.snap(t)
}

// nearChange is a time within three days of a zone's offset change, in
// that zone or another.
func (g *cronGen) nearChange() time.Time {
	t := g.trans[g.r.IntN(len(g.trans))]
	t = t.Add(time.Duration(g.r.Int64N(int64(6*24*time.Hour))) - 3*24*time.Hour)
	if g.chance(0.2) {
		t = t.In(g.locs[g.r.IntN(len(g.locs))])
	}
	return g.snap(t)
}

func (g *cronGen) snap(t time.Time) time.Time {
	switch g.r.IntN(8) {
	case 0:
		t = t.Truncate(time.Minute)
	case 1:
		t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), 0, 0, 0, t.Location())
	case 2:
		t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	}
	if g.chance(0.1) {
		t = t.Add(time.Duration(g.r.IntN(3)-1) * time.Second)
	}
	return t
}

// sameTime reports whether two times are identical, location included.
func sameTime(a, b time.Time) bool {
	return a == b || (a.Equal(b) && a.Location().String() == b.Location().String() &&
		a.Format(time.RFC3339Nano) == b.Format(time.RFC3339Nano))
}

// cronHazards finds where robfig's Next never returns: where a zone
// removed a whole day from its calendar (Pacific/Apia 2011-12-30,
// Pacific/Kiritimati 1994-12-31, ...), time.Date puts that day's midnight
// on the day before, and robfig's day-by-day search stays there forever.
// cron.Next returns the zero time instead (a documented difference); the
// tests call robfig only where its search cannot reach such a day, and
// count the rest.
type cronHazards struct {
	removed map[string][]time.Time // by location name
}

// removedDays lists the days between 1900 and 2110 whose midnight
// time.Date places at midnight of another day in loc.
func (h *cronHazards) removedDays(loc *time.Location) []time.Time {
	if h.removed == nil {
		h.removed = map[string][]time.Time{}
	}
	if days, ok := h.removed[loc.String()]; ok {
		return days
	}
	var days []time.Time
	for d := time.Date(1900, 1, 1, 12, 0, 0, 0, time.UTC); d.Year() < 2110; d = d.AddDate(0, 0, 1) {
		if m := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc); m.Day() != d.Day() && m.Hour() == 0 && m.Minute() == 0 {
			days = append(days, m)
		}
	}
	h.removed[loc.String()] = days
	return days
}

// mayHang reports whether a search in loc starting between from and to
// (and running up to the five years and more that Next looks ahead) could
// cross a removed day.
func (h *cronHazards) mayHang(loc *time.Location, from, to time.Time) bool {
	for _, d := range h.removedDays(loc) {
		if d.After(from.Add(-48*time.Hour)) && d.Before(to.AddDate(7, 0, 0)) {
			return true
		}
	}
	return false
}

// specLocation is where a calendar schedule is evaluated for a time in
// at's location: its TZ= zone, else at's.
func specLocation(spec string, at *time.Location) *time.Location {
	if !strings.HasPrefix(spec, "TZ=") && !strings.HasPrefix(spec, "CRON_TZ=") {
		return at
	}
	name, _, ok := strings.Cut(spec[strings.IndexByte(spec, '=')+1:], " ")
	if !ok {
		return at
	}
	loc, err := time.LoadLocation(name)
	if err != nil || loc == time.Local {
		return at
	}
	return loc
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// parseBoth parses with Kubernetes' wrapper and with cron.Parse; diff is
// empty when they agree.
func parseBoth(spec string) (k robfig.Schedule, j *cron.Schedule, diff string) {
	k, kerr := parsers.ParseCronScheduleWithPanicRecovery(spec)
	j, jerr := cron.Parse(spec)
	if errText(kerr) != errText(jerr) {
		return nil, nil, fmt.Sprintf("Parse(%q): Kubernetes %q, jobkit %q", spec, errText(kerr), errText(jerr))
	}
	return k, j, ""
}

func TestCronParseDiff(t *testing.T) {
	g := newCronGen(t, 28)
	const schedules = 120_000
	var accepted, refused, pairs, hangs, diffs int
	var hz cronHazards
	report := func(format string, args ...any) {
		diffs++
		if diffs <= 20 {
			t.Errorf(format, args...)
		}
	}
	for range schedules {
		spec := g.schedule()
		k, j, diff := parseBoth(spec)
		if diff != "" {
			report("%s", diff)
			continue
		}
		if k == nil {
			refused++
			continue
		}
		accepted++
		for range 4 {
			at := g.instant()
			if g.chance(0.3) {
				at = g.nearChange()
			}
			if hz.mayHang(specLocation(spec, at.Location()), at, at) {
				hangs++
				if got := j.Next(at); !got.IsZero() && !got.After(at) {
					report("%q.Next(%s) = %s, not after it", spec, at.Format(time.RFC3339Nano), got.Format(time.RFC3339Nano))
				}
				continue
			}
			pairs++
			if want, got := k.Next(at), j.Next(at); !sameTime(want, got) {
				report("%q.Next(%s): Kubernetes %s, jobkit %s", spec, at.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano), got.Format(time.RFC3339Nano))
			}
		}
	}
	t.Logf("%d generated schedules: %d accepted, %d refused (same error text); %d schedule/time pairs compared with Next (%d more where robfig's search could cross a day removed from the calendar and never return, not compared); %d differences",
		schedules, accepted, refused, pairs, hangs, diffs)
	if accepted < schedules/4 || refused < schedules/10 {
		t.Errorf("the generator is lopsided: %d accepted, %d refused", accepted, refused)
	}
}

func TestCronNextDiff(t *testing.T) {
	g := newCronGen(t, 36)
	const schedules = 20_000
	var pairs, diffs, zero, hangs int
	var hz cronHazards
	for range schedules {
		spec := g.wellFormed()
		k, j, diff := parseBoth(spec)
		if diff != "" || k == nil {
			t.Fatalf("a well-formed schedule: %s (Kubernetes refuses: %t)", diff, k == nil)
		}
		at := g.nearChange()
		// Follow each schedule through several of its times, as the
		// controller does, from a time near a change.
		for range 6 {
			if hz.mayHang(specLocation(spec, at.Location()), at, at) {
				hangs++
				break
			}
			pairs++
			want, got := k.Next(at), j.Next(at)
			if !sameTime(want, got) {
				diffs++
				if diffs <= 20 {
					t.Errorf("%q.Next(%s): Kubernetes %s, jobkit %s", spec, at.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano), got.Format(time.RFC3339Nano))
				}
				break
			}
			if want.IsZero() {
				zero++
				break
			}
			at = want
		}
	}
	t.Logf("%d well-formed schedules near %d offset changes of %d zones: %d schedule/time pairs compared with Next (%d with no time within five years; %d searches not compared where robfig's could cross a removed day); %d differences",
		schedules, len(g.trans), len(cronZones), pairs, zero, hangs, diffs)
}

// cronTiming is one generated CronJob's timing fields and the time of the
// controller's sync.
type cronTiming struct {
	schedule string
	timeZone *string
	created  time.Time
	last     *time.Time
	deadline *int64
	now      time.Time
}

func (g *cronGen) timing() cronTiming {
	var c cronTiming
	if g.chance(0.85) {
		c.schedule = g.wellFormed()
		if strings.HasPrefix(c.schedule, "TZ=") || strings.HasPrefix(c.schedule, "CRON_TZ=") {
			if g.chance(0.7) {
				_, c.schedule, _ = strings.Cut(c.schedule, " ")
			}
		}
	} else {
		c.schedule = g.schedule()
	}
	if g.chance(0.5) {
		z := g.pick(append(cronZones, "Mars/Olympus", "", "Local", "utc"))
		c.timeZone = &z
	}
	c.created = g.instant()
	if g.chance(0.2) {
		c.created = g.nearChange()
	}
	// The controller's clock: from before the creation to decades after.
	span := []time.Duration{time.Minute, time.Hour, 24 * time.Hour, 30 * 24 * time.Hour, 3 * 365 * 24 * time.Hour, 40 * 365 * 24 * time.Hour}[g.r.IntN(6)]
	c.now = c.created.Add(time.Duration(g.r.Int64N(int64(span))) - span/20)
	if g.chance(0.5) {
		c.now = c.now.In(g.locs[g.r.IntN(len(g.locs))])
	}
	if g.chance(0.6) {
		elapsed := c.now.Sub(c.created)
		if elapsed < 0 {
			elapsed = -elapsed
		}
		last := c.created.Add(time.Duration(g.r.Int64N(int64(elapsed) + 1)))
		if g.chance(0.3) {
			last = last.Truncate(time.Minute)
		}
		c.last = &last
	}
	if g.chance(0.5) {
		d := []int64{0, 1, 10, 59, 60, 61, 100, 200, 3600, 86400, 1 << 40, math.MaxInt64, -5, math.MinInt64}[g.r.IntN(14)]
		if g.chance(0.5) {
			d = g.r.Int64N(100_000)
		}
		c.deadline = &d
	}
	return c
}

func (c cronTiming) cronJob() *batchv1.CronJob {
	cj := &batchv1.CronJob{
		ObjectMeta: metav1.ObjectMeta{Name: "cj", Namespace: "ns", CreationTimestamp: metav1.Time{Time: c.created}},
		Spec:       batchv1.CronJobSpec{Schedule: c.schedule, TimeZone: c.timeZone, StartingDeadlineSeconds: c.deadline},
	}
	if c.last != nil {
		cj.Status.LastScheduleTime = &metav1.Time{Time: *c.last}
	}
	return cj
}

// mayHang reports whether any search of the controller's functions could
// cross a day removed from the calendar (see cronHazards): they search
// from the earliest time, as much as one interval of the schedule (up to
// eight years) before it, to years after now, in the schedule's zone or
// the locations of the times.
func (c cronTiming) mayHang(hz *cronHazards, spec string) bool {
	times := []time.Time{c.created, c.now}
	if c.last != nil {
		times = append(times, *c.last)
	}
	from, to := c.now, c.now
	for _, t := range times {
		if t.Before(from) {
			from = t
		}
		if t.After(to) {
			to = t
		}
	}
	from = from.AddDate(-9, 0, 0)
	for _, t := range times {
		if hz.mayHang(specLocation(spec, t.Location()), from, to) {
			return true
		}
	}
	return false
}

// endless reports whether cron.MostRecent returns cron.ErrEndless for the
// timing, with or without the deadline, after checking with robfig's Next
// that Kubernetes' walk would indeed never end there: the times that
// follow the zero time come back to it before passing now, so a walk that
// reaches the zero time (MostRecent says this one does) loops. It fails
// the test when they do not.
func endless(j *cron.Schedule, k robfig.Schedule, tm cron.Timing, now time.Time) bool {
	var found bool
	for _, withDeadline := range []bool{false, true} {
		if _, _, _, err := j.MostRecent(tm, now, withDeadline); errors.Is(err, cron.ErrEndless) {
			found = true
		}
	}
	if !found {
		return false
	}
	t := k.Next(time.Time{})
	for range 10_000_000 {
		if t.IsZero() {
			return true
		}
		if t.After(now) {
			break
		}
		t = k.Next(t)
	}
	panic(fmt.Sprintf("cron.MostRecent says the walk never ends, but robfig's times after the zero time pass %s without returning to it", now))
}

func (c cronTiming) String() string {
	tz, last, deadline := "nil", "nil", "nil"
	if c.timeZone != nil {
		tz = fmt.Sprintf("%q", *c.timeZone)
	}
	if c.last != nil {
		last = c.last.Format(time.RFC3339Nano)
	}
	if c.deadline != nil {
		deadline = fmt.Sprint(*c.deadline)
	}
	return fmt.Sprintf("schedule %q timeZone %s created %s lastScheduleTime %s startingDeadlineSeconds %s now %s",
		c.schedule, tz, c.created.Format(time.RFC3339Nano), last, deadline, c.now.Format(time.RFC3339Nano))
}

func timePtrText(t *time.Time) string {
	if t == nil {
		return "nil"
	}
	return t.Format(time.RFC3339Nano) + " " + t.Location().String()
}

func TestCronControllerDiff(t *testing.T) {
	g := newCronGen(t, 1)
	const n = 30_000
	var parsed, refused, withDue, few, many, failing, hangs, endlessWalks, diffs int
	var hz cronHazards
	report := func(c cronTiming, format string, args ...any) {
		diffs++
		if diffs <= 20 {
			t.Errorf("%v: %s", c, fmt.Sprintf(format, args...))
		}
	}
	for range n {
		c := g.timing()
		cj := c.cronJob()
		k, kerr := parsers.ParseCronScheduleWithPanicRecovery(k8sFormatSchedule(cj, nil))
		j, jerr := cron.ForCronJob(c.schedule, c.timeZone)
		if errText(kerr) != errText(jerr) {
			report(c, "parse: Kubernetes %q, jobkit %q", errText(kerr), errText(jerr))
			continue
		}
		if kerr != nil {
			refused++
			continue
		}
		if c.mayHang(&hz, k8sFormatSchedule(cj, nil)) {
			hangs++
			continue
		}
		tm := cron.Timing{CreationTimestamp: c.created, LastScheduleTime: c.last, StartingDeadlineSeconds: c.deadline}
		if endless(j, k, tm, c.now) {
			// Kubernetes' walk never ends: checked with robfig's Next
			// in endless; the controller's functions are not called.
			endlessWalks++
			continue
		}
		parsed++
		for _, withDeadline := range []bool{false, true} {
			ke, km, kmissed, kerr := k8sMostRecentScheduleTime(cj, c.now, k, withDeadline)
			je, jm, jmissed, jerr := j.MostRecent(tm, c.now, withDeadline)
			if !sameTime(ke, je) || timePtrText(km) != timePtrText(jm) || kmissed != int(jmissed) || errText(kerr) != errText(jerr) {
				report(c, "mostRecentScheduleTime(%t): Kubernetes %s, %s, %d, %v; jobkit %s, %s, %d, %v",
					withDeadline, ke.Format(time.RFC3339Nano), timePtrText(km), kmissed, kerr, je.Format(time.RFC3339Nano), timePtrText(jm), jmissed, jerr)
			}
			if withDeadline {
				switch {
				case jerr != nil:
					failing++
				case jmissed == cron.ManyMissed:
					many++
				case jmissed == cron.FewMissed:
					few++
				}
			}
		}
		if want, got := *k8sNextScheduleTimeDuration(cj, c.now, k), j.Requeue(tm, c.now); want != got {
			report(c, "nextScheduleTimeDuration: Kubernetes %v, jobkit %v", want, got)
		}
		recorder := record.NewFakeRecorder(10)
		kt, kerr := k8sNextScheduleTime(klog.Background().V(100), cj, c.now, k, recorder)
		jt, jmissed, jerr := j.Unmet(tm, c.now)
		warned := len(recorder.Events) > 0
		if timePtrText(kt) != timePtrText(jt) || errText(kerr) != errText(jerr) || warned != (jt != nil && jmissed == cron.ManyMissed) {
			report(c, "nextScheduleTime: Kubernetes %s, %v, warned %t; jobkit %s, %v, %v", timePtrText(kt), kerr, warned, timePtrText(jt), jerr, jmissed)
		}
		if jt != nil {
			withDue++
		}
	}
	t.Logf("%d generated CronJobs: %d schedules refused alike, %d not compared (robfig's search could cross a day removed from the calendar and never return), %d where the controller's walk to now never ends (cron.ErrEndless; confirmed with robfig's Next); mostRecentScheduleTime (with and without the deadline), nextScheduleTimeDuration and nextScheduleTime compared on %d: %d with a time due, %d few and %d many missed, %d with the too-close error; %d differences",
		n, refused, hangs, endlessWalks, parsed, withDue, few, many, failing, diffs)
	if parsed < n/2 {
		t.Errorf("only %d of %d generated CronJobs compared", parsed, n)
	}
}

// cronBenchSpecs are the schedules of the comparison benchmarks, the same
// as jobapi/cron's own.
var cronBenchSpecs = []struct{ name, spec string }{
	{"stars", "* * * * *"},
	{"daily", "0 3 * * *"},
	{"lists", "*/15 9-17/2 ? jan-MAR,Dec mon-fri"},
	{"descriptor", "@hourly"},
	{"zone", "TZ=America/New_York 30 2 * * *"},
}

// BenchmarkCronParse compares cron.Parse with robfig's ParseStandard
// (benchstat -col /impl).
func BenchmarkCronParse(b *testing.B) {
	for _, bs := range cronBenchSpecs {
		b.Run(bs.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := cron.Parse(bs.spec); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bs.name+"/impl=robfig", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := robfig.ParseStandard(bs.spec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCronNext compares Schedule.Next with robfig's.
func BenchmarkCronNext(b *testing.B) {
	after := time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC)
	specs := append(cronBenchSpecs, struct{ name, spec string }{"leap-day", "0 0 29 2 *"})
	for _, bs := range specs {
		j, err := cron.Parse(bs.spec)
		if err != nil {
			b.Fatal(err)
		}
		k, err := robfig.ParseStandard(bs.spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bs.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				j.Next(after)
			}
		})
		b.Run(bs.name+"/impl=robfig", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				k.Next(after)
			}
		})
	}
}
