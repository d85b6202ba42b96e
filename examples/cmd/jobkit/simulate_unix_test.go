//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestSimulateInterruptStopsProcesses cancels a simulation (as Ctrl-C
// does) while its processes, and the processes they started, run: every
// one of them must be gone when simulate returns, which it does with
// exit status 130 and the status so far. A process that ignores SIGTERM
// is killed after the pod's grace period, or at once when force is closed
// (a second Ctrl-C).
func TestSimulateInterruptStopsProcesses(t *testing.T) {
	needSh(t)
	tests := []struct {
		name  string
		trap  string // shell code run first
		grace string // terminationGracePeriodSeconds
		force bool
	}{
		{name: "SIGTERM stops the process groups", grace: "30"},
		{name: "a process that ignores SIGTERM is killed after a grace period of 0", trap: `trap "" TERM;`, grace: "0"},
		{name: "a process that ignores SIGTERM is killed at a second interrupt", trap: `trap "" TERM;`, grace: "600", force: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			// Each index records its pid and its child's, then waits.
			script := tt.trap + ` sleep 600 & echo $$! > ` + dir + `/child.$(JOB_COMPLETION_INDEX); echo $$$$ > ` + dir + `/main.$(JOB_COMPLETION_INDEX); wait`
			input := strings.Replace(shJob(3, 2, "Never", script), "      restartPolicy:", "      terminationGracePeriodSeconds: "+tt.grace+"\n      restartPolicy:", 1)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			force := make(chan struct{})
			type result struct {
				out, errOut string
				code        int
			}
			done := make(chan result, 1)
			go func() {
				out, errOut, code := simulateReal(ctx, t, input, force)
				done <- result{out, errOut, code}
			}()
			pids := waitForPids(t, dir, []string{"main.0", "child.0", "main.1", "child.1"})
			cancel()
			if tt.force {
				close(force)
			}
			r := <-done
			if r.code != 130 {
				t.Errorf("exit status %d, want 130; stderr:\n%s", r.code, r.errOut)
			}
			if diff := cmp.Diff("jobkit simulate: interrupted: stopped 2 running pods; the Job did not finish\n", r.errOut); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if st := readStatus(t, r.out); st.Succeeded != 0 || st.Failed != 0 || len(st.Conditions) != 0 {
				t.Errorf("status %+v, want nothing succeeded, failed or finished", st)
			}
			for name, pid := range pids {
				if !waitGone(pid) {
					t.Errorf("%s (pid %d) still runs after simulate returned", name, pid)
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		})
	}
}

// isGone reports whether process pid has ended: it does not exist, or it
// is a zombie. A child the killed shell left is reparented to the init
// process, which reaps it when it likes (in some containers, never).
func isGone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...: the state follows the last ')'.
	i := strings.LastIndexByte(string(stat), ')')
	return i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}

// waitGone reports whether process pid ends. A signal is delivered
// asynchronously: a grandchild SIGKILLed with its process group may still
// be running for a moment after simulate has reaped its own child. It
// gives up after 30 seconds: a bound for a failing test, not a measure of
// speed.
func waitGone(pid int) bool {
	for give := time.Now().Add(30 * time.Second); !isGone(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(give) {
			return false
		}
	}
	return true
}

// waitForPids waits until each file in dir holds a pid, and returns them.
// It gives up after a minute: a generous bound for a failing test, never
// a measure of speed.
func waitForPids(t *testing.T, dir string, names []string) map[string]int {
	t.Helper()
	pids := map[string]int{}
	for give := time.Now().Add(time.Minute); len(pids) < len(names); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(give) {
			t.Fatalf("the processes did not start: have %v", pids)
		}
		for _, n := range names {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				continue
			}
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				pids[n] = pid
			}
		}
	}
	require.Len(t, pids, len(names))
	return pids
}

// TestRunSimulateCtrlC sends SIGINT to the test process while
// runSimulate runs: it catches the signal (the test goes on), says what it
// does, stops the pods and exits 130.
func TestRunSimulateCtrlC(t *testing.T) {
	needSh(t)
	dir := t.TempDir()
	input := shJob(2, 2, "Never", `echo $$$$ > `+dir+`/main.$(JOB_COMPLETION_INDEX); exec sleep 600`)
	var out, errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- runSimulate(streams{in: strings.NewReader(input), out: &out, err: &errOut}, nil)
	}()
	pids := waitForPids(t, dir, []string{"main.0", "main.1"})
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	if code := <-done; code != 130 {
		t.Errorf("exit status %d, want 130", code)
	}
	want := "jobkit simulate: interrupted: stopping the running pods (Ctrl-C again to kill them at once)\n" +
		"jobkit simulate: interrupted: stopped 2 running pods; the Job did not finish\n"
	if diff := cmp.Diff(want, errOut.String()); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	for name, pid := range pids {
		if !waitGone(pid) {
			t.Errorf("%s (pid %d) still runs after runSimulate returned", name, pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// lockedBuffer is a bytes.Buffer safe for the goroutines of a test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSimulateOutputOfEscapedProcess: a process that leaves the process
// group (setsid) and keeps the output pipe open does not keep the pod
// running once its main process has exited.
func TestSimulateOutputOfEscapedProcess(t *testing.T) {
	needSh(t)
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skipf("no setsid: %v", err)
	}
	dir := t.TempDir()
	input := shJob(1, 1, "Never", `setsid sh -c 'echo $$$$ > `+dir+`/escaped; exec sleep 600' & `+
		`while [ ! -s `+dir+`/escaped ]; do sleep 0.01; done; echo started`)
	_, errOut, code := simulateReal(context.Background(), t, input, nil)
	pids := waitForPids(t, dir, []string{"escaped"})
	_ = syscall.Kill(pids["escaped"], syscall.SIGKILL)
	require.Equal(t, 0, code, errOut)
	if diff := cmp.Diff("index 0 | started\n[1/1 complete, 0 running] index 0 succeeded in 0.0s\n", errOut); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
}
