package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readme returns the repository's README.md.
func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatalf("reading the README: %v", err)
	}
	return string(b)
}

// TestREADMESnippetsAreCompiledExamples keeps the README's Go snippets
// honest: each ```go block names, on its first line, the test file it
// comes from, and the rest of the block must appear there verbatim, so
// the snippet is compiled and its output checked by `go test`.
func TestREADMESnippetsAreCompiledExamples(t *testing.T) {
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(readme(t), -1)
	if len(blocks) == 0 {
		t.Fatal("the README has no Go snippets")
	}
	for _, b := range blocks {
		first, body, _ := strings.Cut(b[1], "\n")
		path, ok := strings.CutPrefix(first, "// ")
		if !ok {
			t.Errorf("snippet does not start with the file it comes from (// path):\n%s", b[1])
			continue
		}
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(path)))
			if err != nil {
				t.Fatalf("the snippet names %s: %v", path, err)
			}
			if !strings.Contains(string(src), body) {
				t.Errorf("the README's snippet is not in %s any more; copy the Example again:\n%s", path, body)
			}
		})
	}
}

// TestREADMEListsEverySubcommand checks that the README's CLI table has
// a row for every subcommand the tool has.
func TestREADMEListsEverySubcommand(t *testing.T) {
	text := readme(t)
	for _, c := range commands() {
		if !strings.Contains(text, "| `"+c.name+" ") && !strings.Contains(text, "| `"+c.name+"`") {
			t.Errorf("the README's CLI table has no row for %q", c.name)
		}
	}
}
