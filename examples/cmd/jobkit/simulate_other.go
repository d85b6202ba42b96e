//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// setProcessGroup does nothing where there are no process groups.
func setProcessGroup(*exec.Cmd) {}

// signalGroup kills the process itself: without process groups and
// SIGTERM, there is neither a group to reach nor a gentler signal.
func signalGroup(cmd *exec.Cmd, kill bool) {
	_ = cmd.Process.Kill()
}

// exitCodeOf returns the exit code of a finished process.
func exitCodeOf(ps *os.ProcessState) int {
	return ps.ExitCode()
}
