package cron

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func ptrTo[T any](v T) *T { return &v }

// at is a time on 2026-01-01 in UTC.
func at(hour, minute int) time.Time {
	return time.Date(2026, 1, 1, hour, minute, 0, 0, time.UTC)
}

func TestMostRecent(t *testing.T) {
	type result struct {
		Earliest   time.Time
		MostRecent *time.Time
		Missed     Missed
		Err        string
	}
	tests := []struct {
		name         string
		spec         string
		timing       Timing
		now          time.Time
		withDeadline bool
		want         result
	}{
		{"nothing due before the first time", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(10, 30), false,
			result{Earliest: at(10, 0)}},
		{"one time due", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(11, 30), false,
			result{Earliest: at(10, 0), MostRecent: ptrTo(at(11, 0))}},
		{"exactly at a scheduled time, that time is due", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(11, 0), false,
			result{Earliest: at(10, 0), MostRecent: ptrTo(at(11, 0))}},
		{"a few missed: the latest is due", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(13, 30), false,
			result{Earliest: at(10, 0), MostRecent: ptrTo(at(13, 0)), Missed: FewMissed}},
		{"the last schedule time replaces the creation time", "0 * * * *",
			Timing{CreationTimestamp: at(1, 0), LastScheduleTime: ptrTo(at(13, 0))}, at(13, 30), false,
			result{Earliest: at(13, 0)}},
		{"the deadline moves the earliest time forward", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](600)}, at(13, 30), true,
			result{Earliest: at(13, 20)}},
		{"the deadline is ignored without withDeadline", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](600)}, at(13, 30), false,
			result{Earliest: at(10, 0), MostRecent: ptrTo(at(13, 0)), Missed: FewMissed}},
		{"a deadline before the earliest time changes nothing", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](36000)}, at(11, 30), true,
			result{Earliest: at(10, 0), MostRecent: ptrTo(at(11, 0))}},
		{"more than 100 missed is many", "* * * * *",
			Timing{CreationTimestamp: at(0, 0)}, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), false,
			result{Earliest: at(0, 0), MostRecent: ptrTo(time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)), Missed: ManyMissed}},
		{"@every counts from the earliest time", "@every 25m",
			Timing{CreationTimestamp: at(10, 7)}, at(12, 0), false,
			result{Earliest: at(10, 7), MostRecent: ptrTo(at(11, 47)), Missed: FewMissed}},
		{"a walk that never ends in Kubernetes is an error", "*/5 0 29 2 *",
			Timing{CreationTimestamp: time.Date(2096, 11, 4, 18, 54, 0, 0, time.UTC)}, time.Date(2096, 11, 5, 16, 48, 0, 0, time.UTC), true,
			result{Earliest: time.Date(2096, 11, 4, 18, 54, 0, 0, time.UTC), Err: ErrEndless.Error()}},
		{"a Next that never returns in Kubernetes is an error", "TZ=Pacific/Apia 0 5 * * 6",
			Timing{CreationTimestamp: time.Date(2011, 12, 28, 0, 0, 0, 0, time.UTC)}, time.Date(2012, 1, 5, 0, 0, 0, 0, time.UTC), false,
			result{Earliest: time.Date(2011, 12, 28, 0, 0, 0, 0, time.UTC), Err: ErrEndless.Error()}},
		{"a schedule that fires on no day", "0 0 31 2 *",
			Timing{CreationTimestamp: at(10, 0)}, at(11, 0), false,
			result{Earliest: at(10, 0), Err: "time difference between two schedules is less than 1 second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			var got result
			var gotErr error
			got.Earliest, got.MostRecent, got.Missed, gotErr = s.MostRecent(tt.timing, tt.now, tt.withDeadline)
			if gotErr != nil {
				got.Err = gotErr.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MostRecent (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnmet(t *testing.T) {
	type result struct {
		Scheduled *time.Time
		Missed    Missed
		Err       string
	}
	tests := []struct {
		name   string
		spec   string
		timing Timing
		now    time.Time
		want   result
	}{
		{"none due", "0 * * * *", Timing{CreationTimestamp: at(10, 0)}, at(10, 59), result{}},
		{"one due", "0 * * * *", Timing{CreationTimestamp: at(10, 0)}, at(11, 1), result{Scheduled: ptrTo(at(11, 0))}},
		{"within the deadline", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](120)}, at(11, 1),
			result{Scheduled: ptrTo(at(11, 0))}},
		{"past the deadline nothing is due", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](30)}, at(11, 1), result{}},
		{"the deadline limits how far back the controller looks", "* * * * *",
			Timing{CreationTimestamp: at(0, 0), StartingDeadlineSeconds: ptrTo[int64](300)}, at(12, 0),
			result{Scheduled: ptrTo(at(12, 0)), Missed: FewMissed}},
		{"too many missed", "* * * * *", Timing{CreationTimestamp: at(0, 0)}, at(12, 0),
			result{Scheduled: ptrTo(at(12, 0)), Missed: ManyMissed}},
		{"an impossible day", "0 0 30 2 *", Timing{CreationTimestamp: at(0, 0)}, at(12, 0),
			result{Err: "time difference between two schedules is less than 1 second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			var got result
			var gotErr error
			got.Scheduled, got.Missed, gotErr = s.Unmet(tt.timing, tt.now)
			if gotErr != nil {
				got.Err = gotErr.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Unmet (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRequeue(t *testing.T) {
	tests := []struct {
		name   string
		spec   string
		timing Timing
		now    time.Time
		want   time.Duration
	}{
		{"until the first time, from the creation time", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(10, 30), 30*time.Minute + 100*time.Millisecond},
		{"after a due time, until the one after it", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0)}, at(13, 30), 30*time.Minute + 100*time.Millisecond},
		{"the deadline plays no part", "0 * * * *",
			Timing{CreationTimestamp: at(10, 0), StartingDeadlineSeconds: ptrTo[int64](1)}, at(13, 30), 30*time.Minute + 100*time.Millisecond},
		{"@every from the last schedule time", "@every 25m",
			Timing{CreationTimestamp: at(10, 0), LastScheduleTime: ptrTo(at(10, 25))}, at(10, 30), 20*time.Minute + 100*time.Millisecond},
		{"an impossible day saturates", "0 0 30 2 *",
			Timing{CreationTimestamp: at(10, 0)}, at(13, 30), time.Duration(math.MinInt64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Requeue(tt.timing, tt.now); got != tt.want {
				t.Errorf("Requeue = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestForCronJob(t *testing.T) {
	after := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		schedule string
		timeZone *string
		want     string
		wantErr  string
	}{
		{"no time zone: the time's location", "0 9 * * *", nil, "2026-01-01T09:00:00Z", ""},
		{"the time zone applies", "0 9 * * *", ptrTo("Asia/Tokyo"), "2026-01-02T00:00:00Z", ""},
		{"an empty time zone is UTC", "0 9 * * *", ptrTo(""), "2026-01-01T09:00:00Z", ""},
		{"an unknown time zone is ignored", "0 9 * * *", ptrTo("Mars/Olympus"), "2026-01-01T09:00:00Z", ""},
		{"a TZ in the schedule wins over the time zone", "TZ=America/New_York 0 9 * * *", ptrTo("Asia/Tokyo"), "2026-01-01T14:00:00Z", ""},
		{"a schedule error is the parser's", "0 25 * * *", ptrTo("Asia/Tokyo"), "", "end of range (25) above maximum (23): 25"},
		{"a bad schedule with a zone fails on the prefixed text", "", ptrTo("UTC"), "", "expected exactly 5 fields, found 0: []"},
		{"a bad schedule without a zone", "", nil, "", "empty spec string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ForCronJob(tt.schedule, tt.timeZone)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("ForCronJob error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Next(after).Format(time.RFC3339); got != tt.want {
				t.Errorf("Next = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestMissedString(t *testing.T) {
	got := []string{NoneMissed.String(), FewMissed.String(), ManyMissed.String(), Missed(7).String()}
	want := []string{"none", "few", "many", "unknown(7)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
