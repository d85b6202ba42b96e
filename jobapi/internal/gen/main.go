// Command gen writes the deep copies and JSON hooks of a package of
// jobkit's API types. A package runs it with one line,
//
//	//go:generate go run ../internal/gen
//
// (the path relative to the package's directory), and `go generate
// ./that/package` then writes two files beside its sources:
//
//   - zz_generated.deepcopy.go: DeepCopyInto and DeepCopy for every exported
//     struct type, correct for pointers, slices, maps, arrays and nested structs.
//     A field whose type has its own DeepCopyInto or DeepCopy (Unknown,
//     RawJSON, selector.LabelSelector) is copied with it; a type with no
//     pointer, slice or map inside, or whose hand-written value DeepCopy
//     returns its receiver (a quantity), is copied by assignment, and a map
//     of such keys and values with maps.Clone. DeepCopyInto assigns the
//     whole struct, then replaces only the references it shares, and only
//     where they are not nil. The copy of a small generated struct (behind
//     a pointer, in a slice, as a field or a map value) is written out in
//     place of a call of its DeepCopyInto; a slice of them is copied with
//     copy and then completed. A struct's pointer fields whose targets are
//     copied in place and its slice fields are packed: one allocation (a
//     local struct type holding one target per pointer field and a
//     one-element array per slice field, and the same for the fields of a
//     target copied in place, one level deep) holds the copies of the
//     targets the source has and of its one-element slices, whenever that
//     costs no more than allocating them one by one, as
//     jobapi/internal/alloc estimates the runtime's size classes;
//     otherwise a second block of the pointer targets alone is tried, and
//     else each is allocated by itself. Packed copies never overlap, a
//     packed slice's capacity is its length (appending to it
//     reallocates), and nil stays nil.
//   - zz_generated.json.go: for every exported struct type with a field
//     `Unknown Unknown` tagged `json:"-"`, a typed decoder, a typed
//     encoder and the unknown-field walkers. decodeJSON reads the type's
//     JSON with jobapi/internal/codec's Decoder, without reflection: a
//     switch on the member name, a bit set for members given twice, and
//     for each field the reader of its kind (strings, integers with their
//     size, booleans, pointers, slices allocated once, maps, nested
//     structs, a leaf's own UnmarshalJSON); UnmarshalJSON checks the text
//     and calls it. AppendJSON appends the type's JSON to a buffer without
//     reflection, and SizeJSON returns its length when no string needs
//     escaping; MarshalJSON sizes one buffer with SizeJSON and fills it
//     with AppendJSON (conversion.AppendJSON calls AppendJSON too).
//     hasUnknownFields, appendUnknownFields and dropUnknownFields find,
//     name (`spec.template.spec.containers[0].imagePullPolcy`) and drop
//     the members kept in the Unknown maps of a value and of everything
//     it holds, asking each child hasUnknownFields before building its
//     path, so that a value without unknown members costs one walk and no
//     allocation. The decoder and the walkers are unexported: users call
//     UnmarshalJSON and jobapi.UnknownFields. A type that the generated
//     code of another package of the module reaches (meta.ObjectMeta in
//     every object, core.PodTemplateSpec in a Job; see shared.go) also
//     gets exported entry points forwarding to them, since Go has no
//     friend packages: DecodeJSON, whose argument is the opaque
//     jsonimpl.Decoder (so that no exported signature names an internal
//     type), and HasUnknownFields, AppendUnknownFields and
//     DropUnknownFields; a document type (one with an embedded TypeMeta)
//     gets those three as well, for jobapi.UnknownFields. A struct type
//     such a type reaches that gets no hooks (selector.LabelSelector,
//     which has no Unknown and so refuses unknown members) is decoded and
//     encoded by unexported functions of the package; inline (embedded
//     `json:""`) structs are flattened into their holder. The results are
//     those of the codec's reflection decoder and encoder, errors and
//     bytes included (differential fuzz tests in jobapi/internal/codec
//     check both), and the walkers' those of the reflection walker they
//     replaced (a differential test in package jobapi).
//
// The model: the generator reads Go source only (go/parser and go/ast, no
// type checker, no build of the package), so it runs even when the
// package's generated files are missing or stale. It resolves type names
// through imports inside the module (aliases included) to learn whether a
// type has deep-copy methods: by hand, or generated because its package
// runs the generator too. A package's own zz_generated files are never
// read. A struct type that already has a hand-written DeepCopy or
// DeepCopyInto is left alone, as is one whose doc comment holds the line
// `+jobkit:deepcopy=false`; likewise for the JSON hooks with a hand-written
// MarshalJSON or UnmarshalJSON, or `+jobkit:json=false`. A file a package
// does not need is not written (and a stale one is removed).
//
// Non-goals: types outside the module are taken to be values (time.Time),
// so a field of such a type that holds pointers must be wrapped in a type
// with its own DeepCopy; interfaces, functions, channels, generic types and
// anonymous struct fields that hold pointers are refused with an error
// rather than copied wrongly. The JSON hooks need the importing package to
// live under jobapi/, where the internal codec is visible.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	dir := "."
	switch len(os.Args) {
	case 1:
	case 2:
		dir = os.Args[1]
	default:
		fmt.Fprintln(os.Stderr, "usage: gen [package directory]   (default: the current directory, as go generate runs it)")
		os.Exit(2)
	}
	if err := run(dir); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %s: %v\n", dir, err)
		os.Exit(1)
	}
}

// run generates the files of the package in dir, writing only the ones
// that change.
func run(dir string) error {
	files, err := generate(dir)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		src := files[name]
		old, err := os.ReadFile(path)
		switch {
		case src == nil && errors.Is(err, fs.ErrNotExist):
			continue
		case src == nil:
			if err := os.Remove(path); err != nil {
				return err
			}
			continue
		case err == nil && bytes.Equal(old, src):
			continue
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}
