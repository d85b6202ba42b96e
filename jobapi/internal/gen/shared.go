package main

import (
	"bytes"
	"errors"
	"go/ast"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The generated methods a type's own package calls are unexported
// (decodeJSON, hasUnknownFields, ...); the generated code of another
// package cannot call those, and Go has no friend packages. So a type that
// the generated code of another package reaches (a meta.ObjectMeta in every
// object, a core.PodTemplateSpec in a Job) is shared: it also gets
// exported entry points, DecodeJSON (whose argument is the opaque
// jsonimpl.Decoder), HasUnknownFields, AppendUnknownFields and
// DropUnknownFields, that forward to the unexported methods. A document
// type (one with an embedded TypeMeta) gets the unknown-field entry points
// too, for its users. Which types are shared is decided here, by reading
// every package of the module that runs the generator.

// jsonimplPath is the import path of the package of the opaque decoder
// that shared types' DecodeJSON takes.
const jsonimplPath = "github.com/jobkit/jobkit/jobapi/jsonimpl"

// sharedTypes returns the struct types of the target package with JSON
// hooks that the generated code of another package of the module calls.
func (g *gen) sharedTypes() (map[*typeInfo]bool, error) {
	dirs, err := g.l.generatingDirs()
	if err != nil {
		return nil, err
	}
	shared := map[*typeInfo]bool{}
	for _, dir := range dirs {
		if dir == g.target.dir {
			continue
		}
		p, err := g.l.load(dir, false)
		if err != nil {
			return nil, err
		}
		if !p.managed {
			continue
		}
		seen := map[*typeInfo]bool{}
		for _, t := range p.order {
			if !getsHooks(t) {
				continue
			}
			if err := g.reach(t, shared, seen); err != nil {
				return nil, err
			}
		}
	}
	return shared, nil
}

// reach records in shared the hooked types of the target package that the
// generated code of struct type t (of another package) calls: the types of
// its members, through pointers, slices, arrays and maps, and through the
// structs its package decodes with local functions.
func (g *gen) reach(t *typeInfo, shared, seen map[*typeInfo]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	fields, _, err := g.encFields(t, "x", true, nil)
	if err != nil {
		return err
	}
	for _, f := range fields {
		if err := g.reachType(f.typ, f.file, shared, seen); err != nil {
			return err
		}
	}
	return nil
}

// reachType is reach for a member of type e, used in file.
func (g *gen) reachType(e ast.Expr, file *fileInfo, shared, seen map[*typeInfo]bool) error {
	et, err := g.classifyFor(e, file, "UnmarshalJSON")
	if err != nil {
		return err
	}
	switch et.kind {
	case ekPointer, ekSlice, ekArray, ekMap:
		return g.reachType(et.elem, et.elemFile, shared, seen)
	case ekHooks:
		if et.ti.pkg == g.target {
			shared[et.ti] = true
		}
	case ekLocal:
		return g.reach(et.ti, shared, seen)
	}
	return nil
}

// generatingDirs returns the directories of the module's packages that
// may run the generator: those under jobapi/ (only they can import the
// internal codec), nested modules and testdata left out.
func (l *loader) generatingDirs() ([]string, error) {
	root := filepath.Join(l.modRoot, "jobapi")
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		ok, err := l.mentionsGenerator(path)
		if err != nil {
			return err
		}
		if ok {
			dirs = append(dirs, path)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return dirs, err
}

// mentionsGenerator reports whether a Go file of dir that is not a test
// holds a go:generate line that runs this generator.
func (l *loader) mentionsGenerator(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || isGenerated(name) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return false, err
		}
		for _, line := range bytes.Split(src, []byte("\n")) {
			line = bytes.TrimSpace(line)
			if bytes.HasPrefix(line, []byte("//go:generate ")) && l.runsGenerator(dir, string(line)) {
				return true, nil
			}
		}
	}
	return false, nil
}

// isDocument reports whether struct type t is a document of its own: its
// `kind` member comes from an embedded TypeMeta.
func (g *gen) isDocument(t *typeInfo) (bool, error) {
	fields, _, err := g.encFields(t, "x", true, nil)
	if err != nil {
		return false, err
	}
	for _, f := range fields {
		if f.name == "kind" {
			return strings.HasSuffix(f.expr, ".TypeMeta.Kind"), nil
		}
	}
	return false, nil
}
