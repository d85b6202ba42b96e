package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunExitCodes checks the command's exit codes and messages for what
// it refuses before it talks to a cluster.
func TestRunExitCodes(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-kubeconfig")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{name: "help", args: []string{"-h"}, wantCode: 0, wantErr: "-manage-unmanaged"},
		{name: "an unknown flag", args: []string{"--frobnicate"}, wantCode: 2, wantErr: "flag provided but not defined: -frobnicate"},
		{name: "an argument", args: []string{"extra"}, wantCode: 2, wantErr: `unexpected arguments ["extra"]`},
		{name: "no worker", args: []string{"--workers", "0"}, wantCode: 2, wantErr: "--workers must be at least 1, not 0"},
		{name: "a kubeconfig that does not exist", args: []string{"--kubeconfig", missing}, wantCode: 1, wantErr: "reading the kubeconfig"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(context.Background(), tt.args, &stderr)
			if code != tt.wantCode {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tt.wantCode, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.wantErr)
			}
		})
	}
}

// TestRunAgainstAKubeconfig runs the controller against the server a
// kubeconfig names until its context is done; no server answers there,
// so it never syncs, and stops cleanly.
func TestRunAgainstAKubeconfig(t *testing.T) {
	kubeconfig := filepath.Join(t.TempDir(), "config")
	if err := os.WriteFile(kubeconfig, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "http://127.0.0.1:1"}}]
users: [{name: u, user: {}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	if code := run(ctx, []string{"--kubeconfig", kubeconfig, "--manage-unmanaged"}, &stderr); code != 1 {
		t.Errorf("exit code %d, want 1 (the informers never synced); stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "the informers did not sync") {
		t.Errorf("stderr %q does not say the informers did not sync", stderr.String())
	}
}
