package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"strconv"
	"strings"
)

// The typed decoders: for every type that gets JSON hooks, a DecodeJSON
// method that reads the type's JSON with the codec's Decoder, one value
// after the other, without reflection: a generated switch dispatches the
// member names, a bit set finds members given twice, and each field is
// read by the reader of its kind (Decoder.String, Int, Bool, BeginArray,
// ...). For the struct types without hooks that such a type reaches
// (selector.LabelSelector), an unexported function of the target package
// does the same. The result, errors included, is what the reflection
// decoder the codec had before (kept as a test reference) gives.

// decoder generates the decoding code of one target package.
type decoder struct {
	g     *gen
	enc   *encoder // whose jsonMembersOf functions the decoders share
	tmp   int
	local map[*typeInfo]string // struct types decoded by a local function, by function name
	queue []*typeInfo
	// names: the struct types without Unknown whose jsonNamesOf function
	// is needed.
	names []*typeInfo
	// modeled: the struct types with Unknown whose jsonMembersOf function
	// the encoder did not write.
	modeled []*typeInfo
	// objects: the types with hooks that are documents of their own
	// (their `kind` member comes from an embedded TypeMeta), which get
	// an UnmarshalNewJSON method.
	objects []*typeInfo
}

// suffix names struct type t in generated function names: its name, after
// its package's name when it is not the target's.
func (dc *decoder) suffix(t *typeInfo) string {
	if t.pkg == dc.g.target {
		return t.name
	}
	return strings.ToUpper(t.pkg.name[:1]) + t.pkg.name[1:] + t.name
}

// localName returns the name of the function that decodes struct type t,
// queueing it for generation.
func (dc *decoder) localName(t *typeInfo) string {
	if name, ok := dc.local[t]; ok {
		return name
	}
	name := "decodeJSON" + dc.suffix(t)
	dc.local[t] = name
	dc.queue = append(dc.queue, t)
	return name
}

// structBody writes the statements that decode the struct *x of type t.
func (dc *decoder) structBody(w *bytes.Buffer, t *typeInfo) error {
	all, hasUnknown, err := dc.g.encFields(t, "x", true, nil)
	if err != nil {
		return err
	}
	// The first field of a name wins, as in encoding/json's lookup.
	var fields []encField
	seenName := map[string]bool{}
	object := false
	for _, f := range all {
		if !seenName[f.name] {
			seenName[f.name] = true
			fields = append(fields, f)
			object = object || f.name == "kind" && strings.HasSuffix(f.expr, ".TypeMeta.Kind")
		}
	}
	if _, local := dc.local[t]; !local && object {
		dc.objects = append(dc.objects, t)
	}
	w.WriteString("if !d.BeginStruct() {\nreturn\n}\n")
	if hasUnknown {
		w.WriteString("fresh := len(x.Unknown) == 0\n")
	}
	if len(fields) > 0 {
		fmt.Fprintf(w, "var seen [%d]uint64\n", (len(fields)+63)/64)
	}
	w.WriteString("for {\nname, ok := d.Member()\nif !ok {\nreturn\n}\n")
	var other string
	if hasUnknown {
		if !dc.enc.modeled[t] {
			dc.enc.modeled[t] = true
			dc.modeled = append(dc.modeled, t)
		}
		other = fmt.Sprintf("codec.DecodeUnknown(d, &x.Unknown, fresh, %s)\n", dc.enc.modeledName(t))
	} else {
		dc.names = append(dc.names, t)
		other = fmt.Sprintf("d.Refuse(jsonNamesOf%s)\n", dc.suffix(t))
	}
	if len(fields) == 0 {
		w.WriteString("_ = name\n" + other + "}\n")
		return nil
	}
	w.WriteString("switch string(name) {\n")
	for i, f := range fields {
		word, bit := i/64, i%64
		// The duplicate check and the path segment, inline: a member
		// costs no call before its value's reader.
		q := strconv.Quote(f.name)
		fmt.Fprintf(w, "case %s:\nif seen[%d]&(1<<%d) == 0 {\nseen[%d] |= 1 << %d\nd.Enter()\n", q, word, bit, word, bit)
		if err := dc.value(w, f.expr, f.typ, f.file); err != nil {
			return fmt.Errorf("%s.%s: %w", t.name, f.name, err)
		}
		fmt.Fprintf(w, "d.Pop()\n} else {\nd.Duplicate(%s)\n}\n", q)
	}
	w.WriteString("default:\n" + other + "}\n}\n")
	return nil
}

// basicName returns the predeclared type under type e (used in file), or
// "" when there is none.
func (dc *decoder) basicName(e ast.Expr, file *fileInfo) string {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.Ident:
			if predeclared(x.Name) {
				return x.Name
			}
		case *ast.SelectorExpr:
		default:
			return ""
		}
		ti, err := dc.g.l.lookup(e, file)
		if err != nil || ti == nil {
			return ""
		}
		e, file = ti.spec.Type, ti.file
	}
}

// intBits is the size in bits of the signed integer type e.
func (dc *decoder) intBits(e ast.Expr, file *fileInfo) (string, error) {
	switch dc.basicName(e, file) {
	case "int":
		return "codec.IntBits", nil
	case "int8":
		return "8", nil
	case "int16":
		return "16", nil
	case "int32", "rune":
		return "32", nil
	case "int64":
		return "64", nil
	}
	return "", errors.New("cannot tell the size of this integer type")
}

// viaJSON returns, for a type decoded with encoding/json, what its value
// must be (the wording of the reflection decoder) and whether null makes
// it nil.
func (dc *decoder) viaJSON(e ast.Expr, file *fileInfo) (string, bool, error) {
	switch b := dc.basicName(e, file); b {
	case "float32", "float64":
		return "must be a number", false, nil
	case "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "byte":
		return "must be a non-negative integer", false, nil
	case "":
	default:
		return "", false, fmt.Errorf("cannot decode a value of type %s", b)
	}
	u, err := dc.enc.underlying(e, file)
	if err != nil {
		return "", false, err
	}
	switch u {
	case "slice":
		return "must be a list", true, nil
	case "map":
		return "must be an object", true, nil
	case "other":
		// An array: null leaves it as it is.
		return "must be a list", false, nil
	}
	return "", false, fmt.Errorf("cannot decode a value of this type")
}

// value writes the statements that decode the value at the decoder's
// position into expr (addressable), of type t used in file.
func (dc *decoder) value(w *bytes.Buffer, expr string, t ast.Expr, file *fileInfo) error {
	et, err := dc.g.classifyFor(t, file, "UnmarshalJSON")
	if err != nil {
		return err
	}
	conv := func() (string, error) { return dc.g.typeString(t, file) }
	switch et.kind {
	case ekString:
		v := "v"
		if !et.plainString {
			typ, err := conv()
			if err != nil {
				return err
			}
			v = typ + "(v)"
		}
		fmt.Fprintf(w, "if v, ok := d.String(); ok {\n%s = %s\n}\n", expr, v)
	case ekBool:
		v := "v"
		if et.named {
			typ, err := conv()
			if err != nil {
				return err
			}
			v = typ + "(v)"
		}
		fmt.Fprintf(w, "if v, ok := d.Bool(); ok {\n%s = %s\n}\n", expr, v)
	case ekInt:
		bits, err := dc.intBits(t, file)
		if err != nil {
			return err
		}
		typ, err := conv()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "if v, ok := d.Int(%s); ok {\n%s = %s(v)\n}\n", bits, expr, typ)
	case ekUint, ekViaJSON, ekArray:
		want, nilOnNull, err := dc.viaJSON(t, file)
		if err != nil {
			return err
		}
		if nilOnNull {
			fmt.Fprintf(w, "if d.Null() {\n%s = nil\n} else {\nd.ViaJSON(%s, %q)\n}\n", expr, addr(expr), want)
		} else {
			fmt.Fprintf(w, "if !d.Null() {\nd.ViaJSON(%s, %q)\n}\n", addr(expr), want)
		}
	case ekPointer:
		elem, err := dc.g.typeString(et.elem, et.elemFile)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "if d.Null() {\n%s = nil\n} else {\nif %s == nil {\n%s = new(%s)\n}\n", expr, expr, expr, elem)
		inner, err := dc.g.classifyFor(et.elem, et.elemFile, "UnmarshalJSON")
		switch {
		case err == nil && inner.kind == ekHooks:
			if err := dc.callDecode(w, expr, inner.ti); err != nil {
				return err
			}
		case err == nil && inner.kind == ekLocal:
			fmt.Fprintf(w, "%s(d, %s)\n", dc.localName(inner.ti), expr)
		default:
			if err := dc.value(w, "(*"+expr+")", et.elem, et.elemFile); err != nil {
				return err
			}
		}
		w.WriteString("}\n")
	case ekSlice:
		typ, err := conv()
		if err != nil {
			return err
		}
		dc.tmp++
		n, out, i := fmt.Sprintf("n%d", dc.tmp), fmt.Sprintf("out%d", dc.tmp), fmt.Sprintf("i%d", dc.tmp)
		// The slice has the length BeginArray counts, and grows when
		// the list has more elements (BeginArray counts those of its
		// first bytes only, when the text is checked as it is read).
		fmt.Fprintf(w, "if d.Null() {\n%s = nil\n} else if %s, ok := d.BeginArray(); ok {\n%s := make(%s, %s)\n%s := 0\nfor ; d.More(%s); %s++ {\nif %s == len(%s) {\n%s = append(%s, make(%s, 1)...)\n}\n",
			expr, n, out, typ, n, i, i, i, i, out, out, out, typ)
		if err := dc.value(w, out+"["+i+"]", et.elem, et.elemFile); err != nil {
			return err
		}
		fmt.Fprintf(w, "d.Pop()\n}\n%s = %s[:%s]\n}\n", expr, out, i)
	case ekMap:
		kt, err := dc.g.classifyFor(et.key, et.elemFile, "UnmarshalJSON")
		if err != nil {
			return err
		}
		vt, err := dc.g.classifyFor(et.elem, et.elemFile, "UnmarshalJSON")
		if err != nil {
			return err
		}
		if !et.named && kt.plainString && vt.plainString {
			fmt.Fprintf(w, "d.StringMap(%s)\n", addr(expr))
			return nil
		}
		typ, err := conv()
		if err != nil {
			return err
		}
		key := "k%d"
		if !kt.plainString {
			kts, err := dc.g.typeString(et.key, et.elemFile)
			if err != nil {
				return err
			}
			key = kts + "(k%d)"
		}
		vts, err := dc.g.typeString(et.elem, et.elemFile)
		if err != nil {
			return err
		}
		dc.tmp++
		n := dc.tmp
		key = fmt.Sprintf(key, n)
		fmt.Fprintf(w, "if d.Null() {\n%s = nil\n} else if d.BeginObject() {\nfresh%d := len(%s) == 0\nif %s == nil {\n%s = make(%s)\n}\nfor {\nk%d, ok := d.Key()\nif !ok {\nbreak\n}\nd.EnterKey()\n", expr, n, expr, expr, expr, typ, n)
		fmt.Fprintf(w, "if _, dup := %s[%s]; dup && fresh%d {\nd.DuplicateKey(k%d)\n} else {\nvar v%d %s\n", paren(expr), key, n, n, n, vts)
		if err := dc.value(w, fmt.Sprintf("v%d", n), et.elem, et.elemFile); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s[%s] = v%d\n}\nd.Pop()\n}\n}\n", paren(expr), key, n)
	case ekHooks:
		return dc.callDecode(w, expr, et.ti)
	case ekLocal:
		fmt.Fprintf(w, "%s(d, %s)\n", dc.localName(et.ti), addr(expr))
	case ekMarshaler:
		if isRawJSON(et.ti) {
			// What RawJSON.UnmarshalJSON stores, without checking the
			// text a second time.
			fmt.Fprintf(w, "%s = d.RawJSON()\n", expr)
			return nil
		}
		fmt.Fprintf(w, "{\nraw := d.Raw()\nif err := %s.UnmarshalJSON(raw); err != nil {\nd.UnmarshalError(raw, err)\n}\n}\n", expr)
	default:
		return fmt.Errorf("cannot decode a value of this type")
	}
	return nil
}

// callDecode writes the call of the typed decoder of hooked type t on
// expr: its unexported decodeJSON in the target package, the exported
// DecodeJSON of a shared type of another package, which takes the decoder
// as the opaque jsonimpl.Decoder.
func (dc *decoder) callDecode(w *bytes.Buffer, expr string, t *typeInfo) error {
	if t.pkg == dc.g.target {
		fmt.Fprintf(w, "%s.decodeJSON(d)\n", expr)
		return nil
	}
	q, err := dc.g.qualifier(jsonimplPath, "jsonimpl")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s.DecodeJSON((*%s.Decoder)(d))\n", expr, q)
	return nil
}

// unmarshalNew writes the UnmarshalNewJSON method of the type t, which
// has hooks: UnmarshalJSON into a new value, with the text checked while
// it is decoded (codec.Decoder.StartNew); text that is not JSON, or that
// the check does not follow, is decoded again by UnmarshalJSON, which
// reports it, into the value set back to zero.
func (dc *decoder) unmarshalNew(w *bytes.Buffer, t *typeInfo) {
	r := receiver(t.name)
	fmt.Fprintf(w, "\n// UnmarshalNewJSON decodes data into a new %[1]s and stores it in *%[2]s:\n"+
		"// the result, errors included, is exactly that of\n//\n"+
		"//\t*%[2]s = %[1]s{}\n//\treturn %[2]s.UnmarshalJSON(data)\n//\n"+
		"// but faster: it checks that data is JSON while it decodes it instead of\n"+
		"// in a pass before. Text that is not JSON leaves *%[2]s zero.\n"+
		"func (%[2]s *%[1]s) UnmarshalNewJSON(data []byte) error {\n"+
		"*%[2]s = %[1]s{}\nvar dec codec.Decoder\ndec.StartNew(data)\n%[2]s.decodeJSON(&dec)\n"+
		"if dec.Checked() {\nreturn dec.Err()\n}\n*%[2]s = %[1]s{}\nreturn %[2]s.UnmarshalJSON(data)\n}\n", t.name, r)
}

// finish writes the local decoders the package's decoders call, the
// member-name functions they use and the UnmarshalNewJSON methods.
func (dc *decoder) finish(body *bytes.Buffer) error {
	for _, t := range dc.objects {
		dc.unmarshalNew(body, t)
	}
	for len(dc.queue) > 0 {
		t := dc.queue[0]
		dc.queue = dc.queue[1:]
		typ, err := dc.g.typeString(&ast.Ident{Name: t.name}, t.file)
		if err != nil {
			return err
		}
		name := dc.local[t]
		fmt.Fprintf(body, "\n// %s reads the JSON value at d's position into *x.\nfunc %s(d *codec.Decoder, x *%s) {\n", name, name, typ)
		if err := dc.structBody(body, t); err != nil {
			return err
		}
		body.WriteString("}\n")
	}
	done := map[*typeInfo]bool{}
	for _, t := range dc.names {
		if done[t] {
			continue
		}
		done[t] = true
		fields, _, err := dc.g.encFields(t, "x", true, nil)
		if err != nil {
			return err
		}
		name := "jsonNamesOf" + dc.suffix(t)
		fmt.Fprintf(body, "\n// %s returns the member names of %s,\n// for the error about a member it does not model.\nfunc %s() []string {\nreturn []string{", name, t.name, name)
		for i, f := range fields {
			if i > 0 {
				body.WriteString(", ")
			}
			body.WriteString(strconv.Quote(f.name))
		}
		body.WriteString("}\n}\n")
	}
	for _, t := range dc.modeled {
		fields, _, err := dc.g.encFields(t, "x", true, nil)
		if err != nil {
			return err
		}
		name := dc.enc.modeledName(t)
		fmt.Fprintf(body, "\n// %s reports whether name is a member %s models.\nfunc %s(name string) bool {\n", name, t.name, name)
		if len(fields) > 0 {
			body.WriteString("switch name {\ncase ")
			for i, f := range fields {
				if i > 0 {
					body.WriteString(", ")
				}
				body.WriteString(strconv.Quote(f.name))
			}
			body.WriteString(":\nreturn true\n}\n")
		}
		body.WriteString("return false\n}\n")
	}
	return nil
}
