package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"sigs.k8s.io/yaml"
)

// maxInput bounds what a subcommand reads, so that a runaway file cannot
// exhaust memory.
const maxInput = 64 << 20

// document is one object read from the input, as JSON, with where it came
// from for error messages.
type document struct {
	source string // "FILE: document N" or "FILE: document N, items[i]"
	json   []byte
}

// readInput reads the file named by -f ("" or "-": standard input).
func readInput(s streams, file string) (string, []byte, error) {
	var r io.Reader = s.in
	name := "<stdin>"
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return file, nil, err
		}
		defer f.Close()
		r, name = f, file
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return name, nil, err
	}
	if len(data) > maxInput {
		return name, nil, fmt.Errorf("%s: input must be at most %d bytes", name, maxInput)
	}
	return name, data, nil
}

// splitYAML splits a YAML stream at lines that start with "---", as kubectl
// does. A JSON document is a YAML document too.
func splitYAML(data []byte) [][]byte {
	var docs [][]byte
	var cur bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxInput+1)
	for sc.Scan() {
		line := sc.Bytes()
		if rest, ok := bytes.CutPrefix(line, []byte("---")); ok && isBlankOrComment(rest) {
			docs = append(docs, bytes.Clone(cur.Bytes()))
			cur.Reset()
			continue
		}
		cur.Write(line)
		cur.WriteByte('\n')
	}
	docs = append(docs, cur.Bytes())
	return docs
}

// isBlankOrComment reports whether what follows a "---" leaves it a
// document separator: nothing, spaces, or a comment.
func isBlankOrComment(rest []byte) bool {
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// readDocuments reads every object in the input: each document of a YAML
// stream, with the items of a List (kind ending in "List" with an items
// array) expanded. Empty documents are skipped.
func readDocuments(s streams, file string) ([]document, error) {
	name, data, err := readInput(s, file)
	if err != nil {
		return nil, err
	}
	var out []document
	for i, raw := range splitYAML(data) {
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		src := fmt.Sprintf("%s: document %d", name, i+1)
		j, err := yaml.YAMLToJSON(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src, err)
		}
		if bytes.Equal(j, []byte("null")) {
			continue
		}
		var head struct {
			Kind  string            `json:"kind"`
			Items []json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal(j, &head); err != nil {
			return nil, fmt.Errorf("%s: must be an object: %w", src, err)
		}
		if strings.HasSuffix(head.Kind, "List") && head.Items != nil {
			for k, item := range head.Items {
				out = append(out, document{source: fmt.Sprintf("%s, items[%d]", src, k), json: item})
			}
			continue
		}
		out = append(out, document{source: src, json: j})
	}
	return out, nil
}

// errNoInput is returned when a subcommand that needs objects got none.
var errNoInput = errors.New("the input holds no objects")
