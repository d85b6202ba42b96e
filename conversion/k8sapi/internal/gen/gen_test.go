package main

import (
	"bytes"
	"os"
	"testing"
)

// TestGeneratedIsFresh fails when zz_generated.conversion.go is not what
// the generator writes today: run `go generate` in conversion/k8sapi.
func TestGeneratedIsFresh(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../zz_generated.conversion.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("zz_generated.conversion.go is stale: run go generate in conversion/k8sapi")
	}
}
