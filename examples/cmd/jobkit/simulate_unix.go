//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup makes the command the leader of a process group of its
// own, so that signalGroup reaches everything it starts, and so that the
// terminal's Ctrl-C reaches jobkit alone, which then stops it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// signalGroup sends SIGTERM, or SIGKILL when kill is set, to the process
// group of a started command.
func signalGroup(cmd *exec.Cmd, kill bool) {
	sig := syscall.SIGTERM
	if kill {
		sig = syscall.SIGKILL
	}
	_ = syscall.Kill(-cmd.Process.Pid, sig) // ESRCH: the group is gone
}

// exitCodeOf returns the exit code of a finished process, 128+N for a
// process killed by signal N, as container runtimes report it.
func exitCodeOf(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}
