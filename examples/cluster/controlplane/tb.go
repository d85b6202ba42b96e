package controlplane

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// processTB is the small testing.TB that StartTestServer takes
// (k8s.io/kubernetes/test/utils/ktesting.TB), for a process that has no
// *testing.T: TestMain, a benchmark harness, a main. Its cleanups run
// when the control plane stops, last registered first. Fatal and Skip
// end the function [processTB.run] runs (a panic it recovers), as
// runtime.Goexit ends a test.
type processTB struct {
	name string
	dir  string

	mu       sync.Mutex
	log      io.Writer
	failed   bool
	msgs     []string
	cleanups []func()
	temp     int
}

func newProcessTB(name string, log io.Writer) (*processTB, error) {
	dir, err := os.MkdirTemp("", "jobkit-controlplane-")
	if err != nil {
		return nil, fmt.Errorf("controlplane: %w", err)
	}
	return &processTB{name: name, dir: dir, log: log}, nil
}

// fatal is what Fatal and Skip panic with; run recovers it.
type fatal struct{ msg string }

// run calls f and returns the errors reported through the TB while it ran
// (Error, Fatal, Skip), joined; a Fatal or Skip ends f early.
func (t *processTB) run(f func()) (err error) {
	t.mu.Lock()
	t.msgs, t.failed = nil, false
	t.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(fatal); !ok {
				panic(r)
			}
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.failed {
			err = errors.New(strings.Join(t.msgs, "; "))
		}
	}()
	f()
	return nil
}

// cleanup runs the registered cleanups, last first.
func (t *processTB) cleanup() error {
	return t.run(func() {
		for {
			t.mu.Lock()
			n := len(t.cleanups)
			if n == 0 {
				t.mu.Unlock()
				return
			}
			f := t.cleanups[n-1]
			t.cleanups = t.cleanups[:n-1]
			t.mu.Unlock()
			f()
		}
	})
}

func (t *processTB) fail(msg string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failed = true
	t.msgs = append(t.msgs, msg)
	fmt.Fprintln(t.log, msg)
}

func (t *processTB) Attr(key, value string) {}
func (t *processTB) Chdir(dir string) {
	t.Fatalf("controlplane: Chdir(%q) is not supported outside a test", dir)
}
func (t *processTB) Cleanup(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cleanups = append(t.cleanups, f)
}
func (t *processTB) Error(args ...any)                 { t.fail(fmt.Sprint(args...)) }
func (t *processTB) Errorf(format string, args ...any) { t.fail(fmt.Sprintf(format, args...)) }
func (t *processTB) Fail()                             { t.fail("failed") }
func (t *processTB) FailNow()                          { t.fail("failed"); panic(fatal{"failed"}) }
func (t *processTB) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}
func (t *processTB) Fatal(args ...any) {
	msg := fmt.Sprint(args...)
	t.fail(msg)
	panic(fatal{msg})
}
func (t *processTB) Fatalf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	t.fail(msg)
	panic(fatal{msg})
}
func (t *processTB) Helper()         {}
func (t *processTB) Log(args ...any) { t.logLine(fmt.Sprint(args...)) }
func (t *processTB) Logf(f string, args ...any) {
	t.logLine(fmt.Sprintf(f, args...))
}
func (t *processTB) logLine(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintln(t.log, s)
}
func (t *processTB) Name() string { return t.name }
func (t *processTB) Setenv(key, value string) {
	old, had := os.LookupEnv(key)
	if err := os.Setenv(key, value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if had {
			os.Setenv(key, old)
		} else {
			os.Unsetenv(key)
		}
	})
}
func (t *processTB) Skip(args ...any) { t.Fatal(append([]any{"skipped: "}, args...)...) }
func (t *processTB) Skipf(format string, args ...any) {
	t.Fatalf("skipped: "+format, args...)
}
func (t *processTB) SkipNow()      { t.Fatal("skipped") }
func (t *processTB) Skipped() bool { return false }

// TempDir returns a new directory under the control plane's own, removed
// when it stops.
func (t *processTB) TempDir() string {
	t.mu.Lock()
	t.temp++
	dir := fmt.Sprintf("%s/tmp%03d", t.dir, t.temp)
	t.mu.Unlock()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}
