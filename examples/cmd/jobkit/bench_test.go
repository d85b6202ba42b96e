package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
)

// The directory of BenchmarkValidateDirectory: benchJobs Jobs in
// benchFiles files, each a multi-document stream.
const (
	benchJobs  = 10000
	benchFiles = 100
)

// benchJob returns the i-th Job of the benchmark: a realistic small
// manifest (labels, an env var from the downward API, a command).
func benchJob(i int) string {
	return fmt.Sprintf(`apiVersion: batch/v1
kind: Job
metadata:
  name: work-%d
  namespace: batch
  labels:
    app.kubernetes.io/name: work
    app.kubernetes.io/instance: work-%d
spec:
  completions: 5
  parallelism: 2
  completionMode: Indexed
  backoffLimit: 3
  template:
    metadata:
      labels:
        app.kubernetes.io/name: work
    spec:
      containers:
      - name: worker
        image: registry.example.com/worker:1.4.2
        command: ["/bin/worker", "--shard", "$(JOB_COMPLETION_INDEX)"]
        env:
        - name: POD_NAME
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
      restartPolicy: Never
`, i, i)
}

// benchDirectory writes the benchmark's directory and returns it.
func benchDirectory(b *testing.B) string {
	dir := b.TempDir()
	per := benchJobs / benchFiles
	for f := 0; f < benchFiles; f++ {
		var s strings.Builder
		for k := 0; k < per; k++ {
			s.WriteString("---\n")
			s.WriteString(benchJob(f*per + k))
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("jobs-%03d.yaml", f)), []byte(s.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkValidateDirectory runs `jobkit validate -f DIR` over 10,000
// Jobs in 100 files and reports Jobs per second. Run it on one core:
// go test -run '^$' -bench BenchmarkValidate -cpu 1 -benchtime 3x.
func BenchmarkValidateDirectory(b *testing.B) {
	dir := benchDirectory(b)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, _ := processCPUTime()
	for i := 0; i < b.N; i++ {
		var out, errOut bytes.Buffer
		if code := run(streams{in: strings.NewReader(""), out: &out, err: &errOut}, []string{"validate", "-f", dir}); code != 0 {
			b.Fatalf("exit status %d: %s", code, errOut.String())
		}
	}
	reportJobRates(b, cpu0)
}

// BenchmarkValidateLibrary is the floor BenchmarkValidateDirectory is
// measured against: the library's Decode, PrepareForCreate, Validate and
// the downward API checks of the same 10,000 Jobs, each given alone,
// already in memory.
func BenchmarkValidateLibrary(b *testing.B) {
	jobs := make([][]byte, benchJobs)
	for i := range jobs {
		jobs[i] = []byte(benchJob(i))
	}
	keys := labelKeys{keys: []jobapi.LabelKeyOption{jobapi.WithLabelKeys(jobapi.SeedLabelKeys)}}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, _ := processCPUTime()
	for i := 0; i < b.N; i++ {
		for _, data := range jobs {
			job, err := conversion.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := jobapi.PrepareForCreate(job, keys.createOptions("")...); err != nil {
				b.Fatal(err)
			}
			errs, err := jobapi.Validate(job, keys.validate()...)
			if err != nil || len(errs) > 0 {
				b.Fatal(err, errs)
			}
		}
	}
	reportJobRates(b, cpu0)
}

// reportJobRates reports Jobs per wall-clock second and, where the CPU
// time of the process can be read, Jobs per CPU second since cpu0 (GC
// included): on a machine other work keeps busy, the second is the one
// to compare.
func reportJobRates(b *testing.B, cpu0 time.Duration) {
	jobs := float64(benchJobs) * float64(b.N)
	b.ReportMetric(jobs/b.Elapsed().Seconds(), "Jobs/s")
	if cpu1, ok := processCPUTime(); ok && cpu1 > cpu0 {
		b.ReportMetric(jobs/(cpu1-cpu0).Seconds(), "Jobs/cpu-s")
	}
}
