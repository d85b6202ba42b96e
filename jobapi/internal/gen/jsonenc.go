package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"reflect"
	"strconv"
	"strings"
)

// The typed encoders: for every type that gets JSON hooks, an AppendJSON
// method that writes, without reflection, exactly the bytes the codec's
// reflection encoder (kept in jobapi/internal/codec's tests) writes; for the struct types without
// hooks that such a type reaches (selector.LabelSelector, a struct with a
// hand-written deep copy but no Unknown), an unexported function of the
// target package doing the same; and beside each, SizeJSON (or an
// unexported size function), the length of that JSON when no string needs
// escaping, with which MarshalJSON sizes its one buffer. A leaf with its
// own MarshalJSON (meta.Time, a quantity) must have AppendJSON and
// SizeJSON methods too. The typed decoders are in jsondec.go; jsonBody
// writes both.

// encKind is how a value of some type is encoded.
type encKind int

const (
	ekString    encKind = iota // a JSON string
	ekBool                     // true or false
	ekInt                      // a signed integer
	ekUint                     // an unsigned integer
	ekViaJSON                  // encoding/json (floats, byte slices, maps without string keys)
	ekPointer                  // null or the value pointed to
	ekSlice                    // null or a list
	ekArray                    // a list
	ekMap                      // null or an object with sorted keys
	ekHooks                    // a struct with a generated AppendJSON method
	ekLocal                    // a struct encoded by a generated function of the target package
	ekMarshaler                // a leaf with its own MarshalJSON method
)

// encType is the classification of a type expression used in a file.
type encType struct {
	kind encKind
	// elem and elemFile: the pointed-to, element or map value type.
	elem     ast.Expr
	elemFile *fileInfo
	key      ast.Expr // map key type
	ti       *typeInfo
	// named: a declared type of a basic kind, which needs a conversion.
	named bool
	// nilable: a marshaler of slice or map kind, written as null when nil
	// (RawJSON excepted: its method writes null itself).
	nilable bool
	// plainString: exactly string (for maps of strings).
	plainString bool
	// bytes: a byte slice (ekViaJSON), written as base64.
	bytes bool
}

// externalMethods are the methods of the types outside the module that
// the API types embed (meta.Time embeds time.Time).
var externalMethods = map[string]map[string]bool{
	"time.Time": {"IsZero": true, "MarshalJSON": true, "UnmarshalJSON": true},
}

// hasMethod reports whether declared type t has method name, declared on
// it by hand or promoted from an embedded field.
func (g *gen) hasMethod(t *typeInfo, name string) bool {
	if t.pkg.methods[t.name][name] != nil {
		return true
	}
	st, ok := t.spec.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		e := f.Type
		if s, ok := e.(*ast.StarExpr); ok {
			e = s.X
		}
		ti, err := g.l.lookup(e, t.file)
		if errors.Is(err, errExternal) {
			if sel, ok := e.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && externalMethods[t.file.imports[x.Name]+"."+sel.Sel.Name][name] {
					return true
				}
			}
			continue
		}
		if err == nil && ti != nil && g.hasMethod(ti, name) {
			return true
		}
	}
	return false
}

// getsHooks reports whether the generator writes the JSON hooks (and
// AppendJSON) of t, in a package that runs the generator.
func getsHooks(t *typeInfo) bool {
	if t.isAlias() || t.marker("json") || !ast.IsExported(t.name) || !unknownField(t) || t.spec.TypeParams != nil {
		return false
	}
	m := t.pkg.methods[t.name]
	return m["MarshalJSON"] == nil && m["UnmarshalJSON"] == nil
}

// classify says how a value of type e, used in file, is encoded.
func (g *gen) classify(e ast.Expr, file *fileInfo) (encType, error) {
	return g.classifyFor(e, file, "MarshalJSON")
}

// classifyFor is classify for encoding (method MarshalJSON) or decoding
// (method UnmarshalJSON): a type with that method and no Unknown field is
// a leaf (ekMarshaler) that the method handles.
func (g *gen) classifyFor(e ast.Expr, file *fileInfo, method string) (encType, error) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return g.classifyFor(e.X, file, method)
	case *ast.StarExpr:
		return encType{kind: ekPointer, elem: e.X, elemFile: file}, nil
	case *ast.ArrayType:
		if id, ok := e.Elt.(*ast.Ident); ok && (id.Name == "byte" || id.Name == "uint8") && e.Len == nil {
			return encType{kind: ekViaJSON, bytes: true}, nil
		}
		if e.Len == nil {
			return encType{kind: ekSlice, elem: e.Elt, elemFile: file}, nil
		}
		return encType{kind: ekArray, elem: e.Elt, elemFile: file}, nil
	case *ast.MapType:
		kt, err := g.classifyFor(e.Key, file, method)
		if err != nil {
			return encType{}, err
		}
		if kt.kind != ekString {
			return encType{kind: ekViaJSON}, nil
		}
		return encType{kind: ekMap, key: e.Key, elem: e.Value, elemFile: file}, nil
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return encType{}, fmt.Errorf("%s: cannot encode a value of this type", g.l.fset.Position(e.Pos()))
	}
	if id, ok := e.(*ast.Ident); ok && predeclared(id.Name) {
		switch id.Name {
		case "string":
			return encType{kind: ekString, plainString: true}, nil
		case "bool":
			return encType{kind: ekBool}, nil
		case "int", "int8", "int16", "int32", "int64", "rune":
			return encType{kind: ekInt}, nil
		case "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "byte":
			return encType{kind: ekUint}, nil
		}
		return encType{kind: ekViaJSON}, nil
	}
	ti, err := g.l.lookup(e, file)
	if errors.Is(err, errExternal) {
		return encType{}, fmt.Errorf("%s: cannot encode a value of a type outside the module", g.l.fset.Position(e.Pos()))
	}
	if err != nil {
		return encType{}, err
	}
	if ti == nil {
		return encType{}, fmt.Errorf("%s: cannot encode a value of this type", g.l.fset.Position(e.Pos()))
	}
	if ti.spec.TypeParams != nil {
		return encType{}, fmt.Errorf("%s: generic type %s cannot be encoded", ti.file.name, ti.name)
	}
	marshaler := g.hasMethod(ti, method)
	if _, ok := ti.spec.Type.(*ast.StructType); ok {
		hasUnknown := unknownField(ti)
		switch {
		case marshaler && !hasUnknown:
			return encType{kind: ekMarshaler, ti: ti}, nil
		case (ti.pkg.target || ti.pkg.managed) && getsHooks(ti):
			return encType{kind: ekHooks, ti: ti}, nil
		}
		return encType{kind: ekLocal, ti: ti}, nil
	}
	under, err := g.classifyFor(ti.spec.Type, ti.file, method)
	if err != nil {
		return encType{}, err
	}
	if marshaler {
		isRaw := isRawJSON(ti)
		return encType{kind: ekMarshaler, ti: ti, nilable: !isRaw && (under.kind == ekSlice || under.kind == ekMap || under.kind == ekViaJSON)}, nil
	}
	under.ti = ti
	under.named = true
	under.plainString = false
	return under, nil
}

// encField is one JSON member of a struct, inline structs flattened.
type encField struct {
	name      string
	expr      string // the field, from the receiver
	typ       ast.Expr
	file      *fileInfo
	omitEmpty bool
	omitZero  bool
}

// encFields returns the members of struct type t, reached from expr, in
// the order the reflection codec writes them, and whether t (at the top)
// has an Unknown field.
func (g *gen) encFields(t *typeInfo, expr string, top bool, out []encField) ([]encField, bool, error) {
	st := t.spec.Type.(*ast.StructType)
	hasUnknown := false
	for _, f := range st.Fields.List {
		tag := ""
		hasTag := false
		if f.Tag != nil {
			raw, err := strconv.Unquote(f.Tag.Value)
			if err != nil {
				return nil, false, err
			}
			tag, hasTag = reflect.StructTag(raw).Lookup("json")
		}
		if top && len(f.Names) == 1 && f.Names[0].Name == "Unknown" && tag == "-" && isUnknownType(f.Type) {
			hasUnknown = true
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		if len(f.Names) == 0 && name == "" {
			ti, err := g.l.lookup(f.Type, t.file)
			if err == nil && ti != nil {
				if _, ok := ti.spec.Type.(*ast.StructType); ok {
					var err error
					if out, _, err = g.encFields(ti, expr+"."+fieldNames(f)[0], false, out); err != nil {
						return nil, false, err
					}
					continue
				}
			}
		}
		names := fieldNames(f)
		for _, goName := range names {
			if !ast.IsExported(goName) {
				continue
			}
			jsonName := name
			if jsonName == "" || !hasTag {
				jsonName = goName
			}
			ef := encField{name: jsonName, expr: expr + "." + goName, typ: f.Type, file: t.file}
			for o := opts; o != ""; {
				var opt string
				opt, o, _ = strings.Cut(o, ",")
				switch opt {
				case "omitempty":
					ef.omitEmpty = true
				case "omitzero":
					ef.omitZero = true
				}
			}
			out = append(out, ef)
		}
	}
	return out, hasUnknown, nil
}

// isUnknownType reports whether e names a type Unknown (meta.Unknown, or
// Unknown inside package meta).
func isUnknownType(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "Unknown"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Unknown"
	}
	return false
}

// encoder generates the encoding code of one target package.
type encoder struct {
	g      *gen
	tmp    int
	local  map[*typeInfo]string // struct types encoded by a local function, by function name
	queue  []*typeInfo
	usesEr bool
	// modeled: the struct types whose jsonMembersOf function is written.
	modeled map[*typeInfo]bool
}

// localName returns the name of the function that encodes struct type t,
// queueing it for generation.
func (e *encoder) localName(t *typeInfo) string {
	if name, ok := e.local[t]; ok {
		return name
	}
	name := "appendJSON" + t.name
	if t.pkg != e.g.target {
		name = "appendJSON" + strings.ToUpper(t.pkg.name[:1]) + t.pkg.name[1:] + t.name
	}
	e.local[t] = name
	e.queue = append(e.queue, t)
	return name
}

// sizeName returns the name of the function that returns the length of
// the JSON text of struct type t, queueing t for generation.
func (e *encoder) sizeName(t *typeInfo) string {
	return "size" + strings.TrimPrefix(e.localName(t), "append")
}

// modeledName returns the name of the function that reports the member
// names struct type t models.
func (e *encoder) modeledName(t *typeInfo) string {
	if t.pkg == e.g.target {
		return "jsonMembersOf" + t.name
	}
	return "jsonMembersOf" + strings.ToUpper(t.pkg.name[:1]) + t.pkg.name[1:] + t.name
}

// memberText returns what the encoder writes before a member's value: a
// comma, the member name as JSON text and a colon.
func memberText(name string) string {
	b, _ := json.Marshal(name)
	return "," + string(b) + ":"
}

// quoteMember returns memberText as a Go string literal.
func quoteMember(name string) string { return strconv.Quote(memberText(name)) }

// structBody writes the statements that append the struct *x of type t and
// return.
func (e *encoder) structBody(w *bytes.Buffer, t *typeInfo) error {
	fields, hasUnknown, err := e.g.encFields(t, "x", true, nil)
	if err != nil {
		return err
	}
	var body bytes.Buffer
	e.usesEr = false
	// Every member is written after a comma, in one append with its
	// name; the first comma becomes the opening brace at the end.
	body.WriteString("start := len(b)\n")
	for _, f := range fields {
		cond, err := e.keep(f)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
		if cond != "" {
			fmt.Fprintf(&body, "if %s {\n", cond)
		}
		fmt.Fprintf(&body, "b = append(b, %s...)\n", quoteMember(f.name))
		wrap := func(err string) string { return fmt.Sprintf("codec.InMember(%s, %q)", err, f.name) }
		if err := e.value(&body, f.expr, f.typ, f.file, wrap); err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
		if cond != "" {
			body.WriteString("}\n")
		}
	}
	if hasUnknown {
		e.usesEr = true
		fmt.Fprintf(&body, "if len(x.Unknown) > 0 {\nif b, _, err = codec.AppendUnknown(b, ',', x.Unknown, %s); err != nil {\nreturn b, err\n}\n}\n", e.modeledName(t))
	}
	body.WriteString("if len(b) == start {\nreturn append(b, '{', '}'), nil\n}\nb[start] = '{'\nreturn append(b, '}'), nil\n")
	if e.usesEr {
		w.WriteString("var err error\n")
	}
	w.Write(body.Bytes())
	if hasUnknown {
		e.modeled[t] = true
		fmt.Fprintf(w, "}\n\n// %s reports whether name is a member %s models.\nfunc %s(name string) bool {\n", e.modeledName(t), t.name, e.modeledName(t))
		if len(fields) > 0 {
			w.WriteString("switch name {\ncase ")
			for i, f := range fields {
				if i > 0 {
					w.WriteString(", ")
				}
				w.WriteString(strconv.Quote(f.name))
			}
			w.WriteString(":\nreturn true\n}\n")
		}
		w.WriteString("return false\n")
	}
	return nil
}

// keep returns the condition under which field f is written ("" when it
// always is): encoding/json's omitempty and omitzero.
func (e *encoder) keep(f encField) (string, error) {
	if !f.omitEmpty && !f.omitZero {
		return "", nil
	}
	et, err := e.g.classify(f.typ, f.file)
	if err != nil {
		return "", err
	}
	var conds []string
	if f.omitEmpty {
		switch et.kind {
		case ekString:
			conds = append(conds, f.expr+` != ""`)
		case ekBool:
			conds = append(conds, f.expr)
		case ekInt, ekUint:
			conds = append(conds, f.expr+" != 0")
		case ekPointer:
			conds = append(conds, f.expr+" != nil")
		case ekSlice, ekMap, ekArray:
			conds = append(conds, "len("+f.expr+") != 0")
		case ekMarshaler, ekViaJSON:
			u, err := e.underlying(f.typ, f.file)
			if err != nil {
				return "", err
			}
			switch u {
			case "slice", "map", "string":
				conds = append(conds, "len("+f.expr+") != 0")
			case "struct":
			default:
				return "", fmt.Errorf("omitempty on this type is not supported by the generator")
			}
		}
	}
	if f.omitZero {
		c, err := e.nonZero(f, et)
		if err != nil {
			return "", err
		}
		conds = append(conds, c)
	}
	return strings.Join(conds, " && "), nil
}

// underlying names the kind of the type e: "struct", "slice", "map",
// "string" or "other".
func (e *encoder) underlying(t ast.Expr, file *fileInfo) (string, error) {
	for {
		switch x := t.(type) {
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.StructType:
			return "struct", nil
		case *ast.ArrayType:
			if x.Len == nil {
				return "slice", nil
			}
			return "other", nil
		case *ast.MapType:
			return "map", nil
		case *ast.Ident:
			if predeclared(x.Name) {
				if x.Name == "string" {
					return "string", nil
				}
				return "other", nil
			}
		case *ast.SelectorExpr:
		default:
			return "other", nil
		}
		ti, err := e.g.l.lookup(t, file)
		if err != nil || ti == nil {
			return "", fmt.Errorf("cannot tell the kind of this type")
		}
		t, file = ti.spec.Type, ti.file
	}
}

// nonZero returns the condition that f is not zero, as omitzero tests it:
// the IsZero method when the type has one, else the zero value.
func (e *encoder) nonZero(f encField, et encType) (string, error) {
	switch et.kind {
	case ekPointer:
		if ti, err := e.g.l.lookup(et.elem, et.elemFile); err == nil && ti != nil && e.g.hasMethod(ti, "IsZero") {
			return fmt.Sprintf("(%s != nil && !%s.IsZero())", f.expr, f.expr), nil
		}
		return f.expr + " != nil", nil
	case ekSlice, ekMap:
		if et.ti == nil || !e.g.hasMethod(et.ti, "IsZero") {
			return f.expr + " != nil", nil
		}
	}
	if et.ti != nil && e.g.hasMethod(et.ti, "IsZero") {
		return "!" + f.expr + ".IsZero()", nil
	}
	switch et.kind {
	case ekString:
		return f.expr + ` != ""`, nil
	case ekBool:
		return f.expr, nil
	case ekInt, ekUint:
		return f.expr + " != 0", nil
	}
	return "", fmt.Errorf("omitzero on a type without an IsZero method is only supported for basic types, pointers, slices and maps")
}

// value writes the statements that append the value expr (addressable) of
// type t, used in file; wrap completes the path of an error.
func (e *encoder) value(w *bytes.Buffer, expr string, t ast.Expr, file *fileInfo, wrap func(string) string) error {
	et, err := e.g.classify(t, file)
	if err != nil {
		return err
	}
	fail := func(call string) {
		e.usesEr = true
		fmt.Fprintf(w, "if b, err = %s; err != nil {\nreturn b, %s\n}\n", call, wrap("err"))
	}
	switch et.kind {
	case ekString:
		if et.plainString {
			fmt.Fprintf(w, "b = codec.AppendString(b, %s)\n", expr)
		} else {
			fmt.Fprintf(w, "b = codec.AppendString(b, string(%s))\n", expr)
		}
	case ekBool:
		if et.named {
			expr = "bool(" + expr + ")"
		}
		if _, err := e.g.qualifier("strconv", "strconv"); err != nil {
			return err
		}
		fmt.Fprintf(w, "b = strconv.AppendBool(b, %s)\n", expr)
	case ekInt:
		if _, err := e.g.qualifier("strconv", "strconv"); err != nil {
			return err
		}
		fmt.Fprintf(w, "b = strconv.AppendInt(b, int64(%s), 10)\n", expr)
	case ekUint:
		if _, err := e.g.qualifier("strconv", "strconv"); err != nil {
			return err
		}
		fmt.Fprintf(w, "b = strconv.AppendUint(b, uint64(%s), 10)\n", expr)
	case ekViaJSON:
		fail(fmt.Sprintf("codec.AppendViaJSON(b, %s)", expr))
	case ekPointer:
		fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", expr)
		if inner, err := e.g.classify(et.elem, et.elemFile); err == nil && inner.kind == ekHooks {
			fail(expr + ".AppendJSON(b)")
		} else if err == nil && inner.kind == ekLocal {
			fail(e.localName(inner.ti) + "(b, " + expr + ")")
		} else if err := e.value(w, "(*"+expr+")", et.elem, et.elemFile, wrap); err != nil {
			return err
		}
		w.WriteString("}\n")
	case ekSlice, ekArray:
		if et.kind == ekSlice {
			fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", expr)
		}
		e.tmp++
		i := fmt.Sprintf("i%d", e.tmp)
		fmt.Fprintf(w, "b = append(b, '[')\nfor %s := range %s {\nif %s > 0 {\nb = append(b, ',')\n}\n", i, expr, i)
		inner := func(err string) string { return wrap(fmt.Sprintf("codec.InIndex(%s, %s)", err, i)) }
		if err := e.value(w, expr+"["+i+"]", et.elem, et.elemFile, inner); err != nil {
			return err
		}
		w.WriteString("}\nb = append(b, ']')\n")
		if et.kind == ekSlice {
			w.WriteString("}\n")
		}
	case ekMap:
		plain, err := e.g.stringMap(et)
		if err != nil {
			return err
		}
		if plain {
			fmt.Fprintf(w, "b = codec.AppendStringMap(b, %s)\n", expr)
			return nil
		}
		keyType, err := e.g.typeString(et.key, et.elemFile)
		if err != nil {
			return err
		}
		if _, err := e.g.qualifier("slices", "slices"); err != nil {
			return err
		}
		e.tmp++
		n := e.tmp
		keys, j, k, v := fmt.Sprintf("keys%d", n), fmt.Sprintf("j%d", n), fmt.Sprintf("k%d", n), fmt.Sprintf("v%d", n)
		fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", expr)
		// A small map's keys stay on the stack.
		fmt.Fprintf(w, "var %sArr [16]%s\n%s := %sArr[:0]\nfor %s := range %s {\n%s = append(%s, %s)\n}\nif len(%s) > 1 {\nslices.Sort(%s)\n}\n", keys, keyType, keys, keys, k, expr, keys, keys, k, keys, keys)
		fmt.Fprintf(w, "b = append(b, '{')\nfor %s, %s := range %s {\nif %s > 0 {\nb = append(b, ',')\n}\nb = codec.AppendString(b, string(%s))\nb = append(b, ':')\n%s := %s[%s]\n", j, k, keys, j, k, v, expr, k)
		inner := func(err string) string { return wrap(fmt.Sprintf("codec.InKey(%s, string(%s))", err, k)) }
		if err := e.value(w, v, et.elem, et.elemFile, inner); err != nil {
			return err
		}
		w.WriteString("}\nb = append(b, '}')\n}\n")
	case ekHooks:
		fail(expr + ".AppendJSON(b)")
	case ekLocal:
		fail(e.localName(et.ti) + "(b, " + addr(expr) + ")")
	case ekMarshaler:
		if err := e.g.leafMethods(et.ti); err != nil {
			return err
		}
		if et.nilable {
			fmt.Fprintf(w, "if %s == nil {\nb = append(b, \"null\"...)\n} else {\n", expr)
		}
		fail(fmt.Sprintf("codec.Leaf(%s.AppendJSON(b))", expr))
		if et.nilable {
			w.WriteString("}\n")
		}
	}
	return nil
}

// stringMap reports whether the map type et is exactly map[string]string,
// which codec.AppendStringMap writes.
func (g *gen) stringMap(et encType) (bool, error) {
	vt, err := g.classify(et.elem, et.elemFile)
	if err != nil {
		return false, err
	}
	kt, err := g.classify(et.key, et.elemFile)
	if err != nil {
		return false, err
	}
	return kt.plainString && vt.plainString, nil
}

// leafMethods checks that t, a leaf with its own JSON methods, has the
// AppendJSON and SizeJSON methods the typed encoder calls.
func (g *gen) leafMethods(t *typeInfo) error {
	for _, m := range []string{"AppendJSON", "SizeJSON"} {
		if !g.hasMethod(t, m) {
			return fmt.Errorf("%s: %s has its own MarshalJSON but no %s method; the typed encoder needs AppendJSON(b []byte) ([]byte, error) and SizeJSON() int", t.file.name, t.name, m)
		}
	}
	return nil
}

// size writes the statements that add to n the length of the JSON text
// that value writes for expr (addressable) of type t, used in file:
// exact when no string needs escaping, every RawJSON is compact and no
// float is held (a float counts SizeFloat).
func (e *encoder) size(w *bytes.Buffer, expr string, t ast.Expr, file *fileInfo) error {
	et, err := e.g.classify(t, file)
	if err != nil {
		return err
	}
	switch et.kind {
	case ekString:
		fmt.Fprintf(w, "n += len(%s) + 2\n", expr)
	case ekBool:
		if et.named {
			expr = "bool(" + expr + ")"
		}
		fmt.Fprintf(w, "n += codec.SizeBool(%s)\n", expr)
	case ekInt:
		fmt.Fprintf(w, "n += codec.SizeInt(int64(%s))\n", expr)
	case ekUint:
		fmt.Fprintf(w, "n += codec.SizeUint(uint64(%s))\n", expr)
	case ekViaJSON:
		if et.bytes {
			fmt.Fprintf(w, "n += codec.SizeBytes(len(%s))\n", expr)
		} else {
			w.WriteString("n += codec.SizeFloat\n")
		}
	case ekPointer:
		fmt.Fprintf(w, "if %s == nil {\nn += 4\n} else {\n", expr)
		if inner, err := e.g.classify(et.elem, et.elemFile); err == nil && inner.kind == ekHooks {
			fmt.Fprintf(w, "n += %s.SizeJSON()\n", expr)
		} else if err == nil && inner.kind == ekLocal {
			fmt.Fprintf(w, "n += %s(%s)\n", e.sizeName(inner.ti), expr)
		} else if err := e.size(w, "(*"+expr+")", et.elem, et.elemFile); err != nil {
			return err
		}
		w.WriteString("}\n")
	case ekSlice, ekArray:
		if et.kind == ekSlice {
			fmt.Fprintf(w, "if %s == nil {\nn += 4\n} else {\n", expr)
		}
		// Brackets, and a comma after every element but the last.
		fmt.Fprintf(w, "n += 1 + max(len(%s), 1)\n", expr)
		if inner, err := e.g.classify(et.elem, et.elemFile); err == nil && inner.kind == ekString {
			fmt.Fprintf(w, "n += 2 * len(%s)\n", expr)
			e.tmp++
			v := fmt.Sprintf("s%d", e.tmp)
			fmt.Fprintf(w, "for _, %s := range %s {\nn += len(%s)\n}\n", v, expr, v)
		} else {
			e.tmp++
			i := fmt.Sprintf("i%d", e.tmp)
			fmt.Fprintf(w, "for %s := range %s {\n", i, expr)
			if err := e.size(w, expr+"["+i+"]", et.elem, et.elemFile); err != nil {
				return err
			}
			w.WriteString("}\n")
		}
		if et.kind == ekSlice {
			w.WriteString("}\n")
		}
	case ekMap:
		plain, err := e.g.stringMap(et)
		if err != nil {
			return err
		}
		if plain {
			fmt.Fprintf(w, "n += codec.SizeStringMap(%s)\n", expr)
			return nil
		}
		e.tmp++
		k, v := fmt.Sprintf("k%d", e.tmp), fmt.Sprintf("v%d", e.tmp)
		// Braces, and per entry the quoted key, a colon and a comma
		// (none after the last).
		fmt.Fprintf(w, "if %s == nil {\nn += 4\n} else {\nn += 1 + max(len(%s), 1)\nfor %s, %s := range %s {\nn += len(%s) + 3\n", expr, expr, k, v, expr, k)
		if err := e.size(w, v, et.elem, et.elemFile); err != nil {
			return err
		}
		w.WriteString("}\n}\n")
	case ekHooks:
		fmt.Fprintf(w, "n += %s.SizeJSON()\n", expr)
	case ekLocal:
		fmt.Fprintf(w, "n += %s(%s)\n", e.sizeName(et.ti), addr(expr))
	case ekMarshaler:
		if err := e.g.leafMethods(et.ti); err != nil {
			return err
		}
		if et.nilable {
			fmt.Fprintf(w, "if %s == nil {\nn += 4\n} else {\nn += %s.SizeJSON()\n}\n", expr, expr)
		} else {
			fmt.Fprintf(w, "n += %s.SizeJSON()\n", expr)
		}
	}
	return nil
}

// sizeBody writes the statements that return the length of the JSON text
// structBody writes for the struct *x of type t.
func (e *encoder) sizeBody(w *bytes.Buffer, t *typeInfo) error {
	fields, hasUnknown, err := e.g.encFields(t, "x", true, nil)
	if err != nil {
		return err
	}
	// The closing brace; each member adds its separator (the opening
	// brace for the first), its quoted name and colon, and its value.
	w.WriteString("n := 1\n")
	for _, f := range fields {
		cond, err := e.keep(f)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
		if cond != "" {
			fmt.Fprintf(w, "if %s {\n", cond)
		}
		fmt.Fprintf(w, "n += %d\n", len(memberText(f.name)))
		if err := e.size(w, f.expr, f.typ, f.file); err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
		if cond != "" {
			w.WriteString("}\n")
		}
	}
	if hasUnknown {
		w.WriteString("if len(x.Unknown) > 0 {\nn += codec.SizeUnknown(x.Unknown)\n}\n")
	}
	// No member: both braces.
	w.WriteString("if n == 1 {\nn++\n}\nreturn n\n")
	return nil
}

// jsonBody writes the JSON hooks, AppendJSON methods and local encoders of
// the target package; it returns how many types got hooks.
func (g *gen) jsonBody(body *bytes.Buffer) (int, error) {
	e := &encoder{g: g, local: map[*typeInfo]string{}, modeled: map[*typeInfo]bool{}}
	dec := &decoder{g: g, enc: e, local: map[*typeInfo]string{}}
	n := 0
	for _, t := range g.target.order {
		if t.isAlias() || t.marker("json") || !ast.IsExported(t.name) || !unknownField(t) {
			continue
		}
		m := g.target.methods[t.name]
		if m["MarshalJSON"] != nil || m["UnmarshalJSON"] != nil {
			continue
		}
		if t.spec.TypeParams != nil {
			return 0, fmt.Errorf("%s: generic type %s is not supported; mark it +jobkit:json=false", t.file.name, t.name)
		}
		n++
		r := receiver(t.name)
		fmt.Fprintf(body, "\n// UnmarshalJSON decodes data into %s with the typed decoder.\n// Members its type does not model are kept in Unknown.\nfunc (%s *%s) UnmarshalJSON(data []byte) error {\nvar dec codec.Decoder\nif err := dec.Start(data); err != nil {\nreturn err\n}\n%s.decodeJSON(&dec)\nreturn dec.Err()\n}\n", r, r, t.name, r)
		fmt.Fprintf(body, "\n// MarshalJSON encodes %s, its Unknown members included.\nfunc (%s %s) MarshalJSON() ([]byte, error) {\nreturn codec.Finish(%s.AppendJSON(codec.Buffer(%s.SizeJSON())))\n}\n", r, r, t.name, r, r)
		fmt.Fprintf(body, "\n// AppendJSON appends the JSON encoding of x to b, the bytes MarshalJSON\n// returns. It is the entry point through which the encoders of other\n// packages write a %s they hold.\nfunc (x *%s) AppendJSON(b []byte) ([]byte, error) {\nb = codec.Reserve(b)\n", t.name, t.name)
		if err := e.structBody(body, t); err != nil {
			return 0, err
		}
		body.WriteString("}\n")
		fmt.Fprintf(body, "\n// SizeJSON returns the length of the JSON text AppendJSON appends for x\n// when none of its strings needs escaping: the room MarshalJSON makes, so\n// that encoding allocates once.\nfunc (x *%s) SizeJSON() int {\n", t.name)
		if err := e.sizeBody(body, t); err != nil {
			return 0, err
		}
		body.WriteString("}\n")
		fmt.Fprintf(body, "\n// decodeJSON reads the JSON value at d's position into x, as\n// UnmarshalJSON does.\nfunc (x *%s) decodeJSON(d *codec.Decoder) {\n", t.name)
		if err := dec.structBody(body, t); err != nil {
			return 0, err
		}
		body.WriteString("}\n")
		if err := g.entryPoints(body, t); err != nil {
			return 0, err
		}
		if err := g.unknownMethods(body, t); err != nil {
			return 0, err
		}
	}
	for len(e.queue) > 0 {
		t := e.queue[0]
		e.queue = e.queue[1:]
		typ, err := g.typeString(&ast.Ident{Name: t.name}, t.file)
		if err != nil {
			return 0, err
		}
		name := e.local[t]
		fmt.Fprintf(body, "\n// %s appends the JSON encoding of *x to b.\nfunc %s(b []byte, x *%s) ([]byte, error) {\n", name, name, typ)
		if err := e.structBody(body, t); err != nil {
			return 0, err
		}
		body.WriteString("}\n")
		size := "size" + strings.TrimPrefix(name, "append")
		fmt.Fprintf(body, "\n// %s returns the length of what %s appends for *x\n// when none of its strings needs escaping.\nfunc %s(x *%s) int {\n", size, name, size, typ)
		if err := e.sizeBody(body, t); err != nil {
			return 0, err
		}
		body.WriteString("}\n")
	}
	if err := dec.finish(body); err != nil {
		return 0, err
	}
	return n, nil
}
