package cron_test

import (
	"fmt"
	"time"

	"github.com/jobkit/jobkit/jobapi/cron"
)

func ExampleParse() {
	_, err := cron.Parse("61 * * * *")
	fmt.Println(err)

	s, err := cron.Parse("30 9 * * MON-FRI")
	if err != nil {
		panic(err)
	}
	for _, t := range s.Times(time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC), 3) {
		fmt.Println(t.Format(time.RFC3339))
	}
	// Output:
	// end of range (61) above maximum (59): 61
	// 2026-01-05T09:30:00Z
	// 2026-01-06T09:30:00Z
	// 2026-01-07T09:30:00Z
}

func ExampleForCronJob() {
	zone := "Europe/Berlin"
	s, err := cron.ForCronJob("0 8 * * *", &zone)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Next(time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)).Format(time.RFC3339))
	// Output:
	// 2026-07-02T06:00:00Z
}

func ExampleSchedule_Unmet() {
	s, err := cron.Parse("0 * * * *")
	if err != nil {
		panic(err)
	}
	deadline := int64(600)
	timing := cron.Timing{
		CreationTimestamp:       time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC),
		StartingDeadlineSeconds: &deadline,
	}
	// At 13:05 the 13:00 run is due; 11:00 and 12:00 are past their deadline.
	now := time.Date(2026, 1, 1, 13, 5, 0, 0, time.UTC)
	due, missed, err := s.Unmet(timing, now)
	fmt.Println(due.Format(time.RFC3339), missed, err)
	fmt.Println(s.Requeue(timing, now))
	// Output:
	// 2026-01-01T13:00:00Z none <nil>
	// 55m0.1s
}
