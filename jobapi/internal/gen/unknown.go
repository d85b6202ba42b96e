package main

import (
	"bytes"
	"fmt"
	"go/ast"
)

// The unknown-field walkers: for every type with JSON hooks, methods that
// find the members kept in the Unknown maps of a value and of everything
// it holds, named by their path from the document's root, without
// reflection. hasUnknownFields reports whether there is one (it allocates
// nothing, so that the common answer, none, is cheap);
// appendUnknownFields appends their paths; dropUnknownFields appends them
// and empties the maps. A path is built only on the way to a map that
// holds members: each child is asked hasUnknownFields first. Paths are
// those of the API server: members joined with '.', list items as `[i]`,
// the members of a map of objects as `.key`, inline structs flattened.
// A shared or document type also gets the exported forms (shared.go).

// unknownMode is which of the three walkers is being written.
type unknownMode int

const (
	umHas unknownMode = iota
	umAppend
	umDrop
)

// method names the walker of mode m of a hooked type: unexported in its
// own package, the exported entry point from another.
func (m unknownMode) method(exported bool) string {
	names := [...][2]string{
		umHas:    {"hasUnknownFields", "HasUnknownFields"},
		umAppend: {"appendUnknownFields", "AppendUnknownFields"},
		umDrop:   {"dropUnknownFields", "DropUnknownFields"},
	}
	if exported {
		return names[m][1]
	}
	return names[m][0]
}

// entryPoints writes the exported methods of hooked type t that forward
// to its unexported generated ones: DecodeJSON for a shared type, and the
// unknown-field walkers for a shared or document type.
func (g *gen) entryPoints(w *bytes.Buffer, t *typeInfo) error {
	doc, err := g.isDocument(t)
	if err != nil {
		return err
	}
	if g.shared[t] {
		q, err := g.qualifier(jsonimplPath, "jsonimpl")
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n// DecodeJSON continues at x a decoding that the generated code of\n"+
			"// another package of jobkit started, which holds a %[1]s: the\n"+
			"// entry point Go's package boundaries need (see package jsonimpl).\n"+
			"// Users call UnmarshalJSON.\n"+
			"func (x *%[1]s) DecodeJSON(d *%[2]s.Decoder) {\nif d != nil {\nx.decodeJSON((*codec.Decoder)(d))\n}\n}\n", t.name, q)
	}
	if !g.shared[t] && !doc {
		return nil
	}
	fmt.Fprintf(w, "\n// HasUnknownFields reports whether x, or an object it holds, keeps a\n"+
		"// member its type does not model in its Unknown.\n"+
		"func (x *%[1]s) HasUnknownFields() bool {\nreturn x != nil && x.hasUnknownFields()\n}\n", t.name)
	fmt.Fprintf(w, "\n// AppendUnknownFields appends to dst the path of every member kept in\n"+
		"// the Unknown of x and of the objects it holds, in no particular order,\n"+
		"// and returns the extended slice. prefix is the path of x in its\n"+
		"// document (\"\" for the root). Paths are the API server's:\n"+
		"// `spec.template.spec.containers[0].imagePullPolcy`.\n"+
		"func (x *%[1]s) AppendUnknownFields(dst []string, prefix string) []string {\nif x == nil {\nreturn dst\n}\nreturn x.appendUnknownFields(dst, prefix)\n}\n", t.name)
	fmt.Fprintf(w, "\n// DropUnknownFields empties the Unknown of x and of the objects it\n"+
		"// holds, as an API server drops the fields it does not know, and\n"+
		"// appends to dst the path of every member it dropped, as\n"+
		"// AppendUnknownFields names them.\n"+
		"func (x *%[1]s) DropUnknownFields(dst []string, prefix string) []string {\nif x == nil {\nreturn dst\n}\nreturn x.dropUnknownFields(dst, prefix)\n}\n", t.name)
	return nil
}

// unknownMethods writes the three unexported walkers of hooked type t.
func (g *gen) unknownMethods(w *bytes.Buffer, t *typeInfo) error {
	fields, _, err := g.encFields(t, "x", true, nil)
	if err != nil {
		return err
	}
	uw := &unknownWriter{g: g}
	fmt.Fprintf(w, "\n// hasUnknownFields reports whether x, or an object it holds, keeps a\n// member in its Unknown.\nfunc (x *%s) hasUnknownFields() bool {\nif len(x.Unknown) > 0 {\nreturn true\n}\n", t.name)
	for _, f := range fields {
		if err := uw.walk(w, umHas, f.expr, "", f.typ, f.file); err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
	}
	w.WriteString("return false\n}\n")
	for _, m := range []unknownMode{umAppend, umDrop} {
		if m == umAppend {
			fmt.Fprintf(w, "\n// appendUnknownFields appends to dst the path below prefix of every\n// member kept in the Unknown of x and of the objects it holds.\nfunc (x *%s) appendUnknownFields(dst []string, prefix string) []string {\ndst = codec.AppendUnknownPaths(dst, prefix, x.Unknown)\n", t.name)
		} else {
			fmt.Fprintf(w, "\n// dropUnknownFields empties the Unknown of x and of the objects it holds\n// and appends to dst the path below prefix of every member it dropped.\nfunc (x *%s) dropUnknownFields(dst []string, prefix string) []string {\nif len(x.Unknown) > 0 {\ndst = codec.AppendUnknownPaths(dst, prefix, x.Unknown)\nx.Unknown = nil\n}\n", t.name)
		}
		for _, f := range fields {
			path := fmt.Sprintf("codec.JoinPath(prefix, %q)", f.name)
			if err := uw.walk(w, m, f.expr, path, f.typ, f.file); err != nil {
				return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
			}
		}
		w.WriteString("return dst\n}\n")
	}
	return nil
}

// unknownWriter writes the walkers' statements.
type unknownWriter struct {
	g   *gen
	tmp int
}

// walk writes the statements of walker m for the value expr
// (addressable) of type e, used in file, whose path is the Go expression
// path.
func (uw *unknownWriter) walk(w *bytes.Buffer, m unknownMode, expr, path string, e ast.Expr, file *fileInfo) error {
	holds, err := uw.g.holdsUnknown(e, file, map[*typeInfo]bool{})
	if err != nil || !holds {
		return err
	}
	et, err := uw.g.classifyFor(e, file, "UnmarshalJSON")
	if err != nil {
		return err
	}
	switch et.kind {
	case ekPointer:
		fmt.Fprintf(w, "if %s != nil {\n", expr)
		inner := "(*" + expr + ")"
		if it, err := uw.g.classifyFor(et.elem, et.elemFile, "UnmarshalJSON"); err == nil && it.kind == ekHooks {
			inner = expr
		}
		if err := uw.walk(w, m, inner, path, et.elem, et.elemFile); err != nil {
			return err
		}
		w.WriteString("}\n")
	case ekSlice, ekArray:
		uw.tmp++
		i := fmt.Sprintf("i%d", uw.tmp)
		fmt.Fprintf(w, "for %s := range %s {\n", i, expr)
		if err := uw.walk(w, m, paren(expr)+"["+i+"]", fmt.Sprintf("codec.IndexPath(%s, %s)", path, i), et.elem, et.elemFile); err != nil {
			return err
		}
		w.WriteString("}\n")
	case ekMap:
		uw.tmp++
		k, v := fmt.Sprintf("k%d", uw.tmp), fmt.Sprintf("v%d", uw.tmp)
		key := k
		if m == umHas {
			key = "_"
		}
		fmt.Fprintf(w, "for %s, %s := range %s {\n", key, v, expr)
		kt, err := uw.g.classifyFor(et.key, et.elemFile, "UnmarshalJSON")
		if err != nil {
			return err
		}
		ks := k
		if !kt.plainString {
			ks = "string(" + k + ")"
		}
		if err := uw.walk(w, m, v, fmt.Sprintf("codec.JoinPath(%s, %s)", path, ks), et.elem, et.elemFile); err != nil {
			return err
		}
		if m == umDrop {
			// A struct or array value is a copy: store what was
			// dropped back.
			if vt, err := uw.g.classifyFor(et.elem, et.elemFile, "UnmarshalJSON"); err == nil && (vt.kind == ekHooks || vt.kind == ekArray) {
				fmt.Fprintf(w, "%s[%s] = %s\n", paren(expr), k, v)
			}
		}
		w.WriteString("}\n")
	case ekHooks:
		exported := et.ti.pkg != uw.g.target
		has := umHas.method(exported)
		if m == umHas {
			fmt.Fprintf(w, "if %s.%s() {\nreturn true\n}\n", expr, has)
			return nil
		}
		fmt.Fprintf(w, "if %s.%s() {\ndst = %s.%s(dst, %s)\n}\n", expr, has, expr, m.method(exported), path)
	default:
		return fmt.Errorf("a value of this type holds an Unknown the generator cannot reach (a struct with Unknown needs generated JSON hooks)")
	}
	return nil
}

// holdsUnknown reports whether a value of type e, used in file, can reach
// an Unknown map: a hooked struct, or a pointer, slice, array or map of
// one, or a struct without hooks that holds one. seen guards against
// recursive types.
func (g *gen) holdsUnknown(e ast.Expr, file *fileInfo, seen map[*typeInfo]bool) (bool, error) {
	et, err := g.classifyFor(e, file, "UnmarshalJSON")
	if err != nil {
		return false, err
	}
	switch et.kind {
	case ekPointer, ekSlice, ekArray, ekMap:
		return g.holdsUnknown(et.elem, et.elemFile, seen)
	case ekHooks:
		return true, nil
	case ekLocal:
		if seen[et.ti] {
			return false, nil
		}
		seen[et.ti] = true
		if unknownField(et.ti) {
			return true, nil
		}
		fields, _, err := g.encFields(et.ti, "x", true, nil)
		if err != nil {
			return false, err
		}
		for _, f := range fields {
			if h, err := g.holdsUnknown(f.typ, f.file, seen); err != nil || h {
				return h, err
			}
		}
	}
	return false, nil
}
