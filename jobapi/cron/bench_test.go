package cron

import (
	"testing"
	"time"
)

// benchSpecs are the schedules the benchmarks use: common shapes from
// CronJob manifests, from cheap to the parser's longest paths.
var benchSpecs = []struct{ name, spec string }{
	{"stars", "* * * * *"},
	{"daily", "0 3 * * *"},
	{"lists", "*/15 9-17/2 ? jan-MAR,Dec mon-fri"},
	{"descriptor", "@hourly"},
	{"zone", "TZ=America/New_York 30 2 * * *"},
}

func BenchmarkParse(b *testing.B) {
	for _, bs := range benchSpecs {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(bs.spec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNext(b *testing.B) {
	after := time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC)
	specs := append(benchSpecs, struct{ name, spec string }{"leap-day", "0 0 29 2 *"})
	for _, bs := range specs {
		s, err := Parse(bs.spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.Next(after)
			}
		})
	}
}

func BenchmarkMostRecent(b *testing.B) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name string
		spec string
		now  time.Time
	}{
		{"one-due", "0 * * * *", created.Add(90 * time.Minute)},
		{"many-missed", "* * * * *", created.Add(30 * 24 * time.Hour)},
	} {
		s, err := Parse(tt.spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.MostRecent(Timing{CreationTimestamp: created}, tt.now, true)
			}
		})
	}
}
