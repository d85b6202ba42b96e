package codec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"
)

// reflectMarshal encodes v as compact JSON by reflection. It is the reference the
// generated typed encoders (the AppendJSON methods of jobkit's API types,
// which MarshalJSON calls) are tested against byte for byte: the members of
// each struct in field order as encoding/json writes them (`omitempty` and
// `omitzero` honoured), followed by the struct's Unknown members sorted by
// name. It reports an error, naming the path, when an Unknown holds a name
// its struct models, or holds text that is not JSON.
func reflectMarshal(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return []byte("null"), nil
	}
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		// Make the value addressable, so that methods with pointer
		// receivers can be called without copying.
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		rv = p
	}
	e := encoder{}
	e.buf.Grow(1024)
	if err := e.value(rv); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

// encoder holds the state of one Marshal call.
type encoder struct {
	buf   bytes.Buffer
	infos typeInfos
	path  []segment
}

func (e *encoder) errorf(format string, args ...any) error {
	p := pathOf(e.path)
	msg := fmt.Sprintf(format, args...)
	if p == nil {
		return fmt.Errorf("encoding JSON: %s", msg)
	}
	return fmt.Errorf("encoding JSON: %s: %s", p, msg)
}

// value writes rv, which is addressable or a pointer.
func (e *encoder) value(rv reflect.Value) error {
	t := rv.Type()
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		return e.value(rv.Elem())
	case reflect.Struct:
		si := e.infos.of(t)
		if si.leafEncode {
			return e.marshaler(rv)
		}
		return e.object(rv, si)
	}
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) {
		if (t.Kind() == reflect.Slice || t.Kind() == reflect.Map) && rv.IsNil() && !isRawJSONType(t) {
			e.buf.WriteString("null")
			return nil
		}
		return e.marshaler(rv)
	}
	switch t.Kind() {
	case reflect.String:
		e.str(rv.String())
	case reflect.Bool:
		e.buf.WriteString(strconv.FormatBool(rv.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var b [24]byte
		e.buf.Write(strconv.AppendInt(b[:0], rv.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var b [24]byte
		e.buf.Write(strconv.AppendUint(b[:0], rv.Uint(), 10))
	case reflect.Map:
		return e.mapValue(rv)
	case reflect.Slice:
		if rv.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 {
			return e.viaJSON(rv)
		}
		return e.list(rv)
	case reflect.Array:
		return e.list(rv)
	default:
		return e.viaJSON(rv)
	}
	return nil
}

// marshaler writes what rv's own MarshalJSON method returns, compacted.
func (e *encoder) marshaler(rv reflect.Value) error {
	var m json.Marshaler
	if rv.CanAddr() {
		m = rv.Addr().Interface().(json.Marshaler)
	} else {
		m = rv.Interface().(json.Marshaler)
	}
	b, err := m.MarshalJSON()
	if err != nil {
		return e.errorf("%v", err)
	}
	if err := compactHTML(&e.buf, b); err != nil {
		return e.errorf("must be valid JSON: %v", err)
	}
	return nil
}

// viaJSON writes types jobkit's types do not use with encoding/json.
func (e *encoder) viaJSON(rv reflect.Value) error {
	b, err := json.Marshal(rv.Interface())
	if err != nil {
		return e.errorf("%v", err)
	}
	e.buf.Write(b)
	return nil
}

// str writes s as a JSON string, escaped as encoding/json escapes it.
func (e *encoder) str(s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			b, _ := json.Marshal(s)
			e.buf.Write(b)
			return
		}
	}
	e.buf.WriteByte('"')
	e.buf.WriteString(s)
	e.buf.WriteByte('"')
}

// isEmpty is encoding/json's test for omitempty.
func isEmpty(rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return rv.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return rv.IsZero()
	}
	return false
}

// isZero is encoding/json's test for omitzero: the IsZero method when the
// type has one, else the zero value.
func isZero(rv reflect.Value) bool {
	t := rv.Type()
	if t.Implements(isZeroerType) {
		if t.Kind() == reflect.Pointer && rv.IsNil() {
			return true
		}
		if rv.CanAddr() {
			return rv.Addr().Interface().(interface{ IsZero() bool }).IsZero()
		}
		return rv.Interface().(interface{ IsZero() bool }).IsZero()
	}
	if rv.CanAddr() && reflect.PointerTo(t).Implements(isZeroerType) {
		return rv.Addr().Interface().(interface{ IsZero() bool }).IsZero()
	}
	return rv.IsZero()
}

// object writes the struct rv: its modeled members, then its Unknown
// members sorted by name.
func (e *encoder) object(rv reflect.Value, si *structInfo) error {
	e.buf.WriteByte('{')
	first := true
	for i := range si.fields {
		f := &si.fields[i]
		fv := rv.FieldByIndex(f.index)
		if (f.omitEmpty && isEmpty(fv)) || (f.omitZero && isZero(fv)) {
			continue
		}
		if !first {
			e.buf.WriteByte(',')
		}
		first = false
		e.str(f.name)
		e.buf.WriteByte(':')
		e.path = append(e.path, segment{name: f.name})
		if err := e.value(fv); err != nil {
			return err
		}
		e.path = e.path[:len(e.path)-1]
	}
	if si.unknown >= 0 {
		u := rv.Field(si.unknown)
		if u.Len() > 0 {
			names := make([]string, 0, u.Len())
			for _, k := range u.MapKeys() {
				names = append(names, k.String())
			}
			slices.Sort(names)
			for _, name := range names {
				if _, modeled := si.find([]byte(name)); modeled {
					return e.errorf("Unknown holds %q, a field this type models: set the field instead", name)
				}
				raw := u.MapIndex(reflect.ValueOf(name)).Bytes()
				if !first {
					e.buf.WriteByte(',')
				}
				first = false
				e.str(name)
				e.buf.WriteByte(':')
				if len(raw) == 0 {
					e.buf.WriteString("null")
					continue
				}
				if err := compactHTML(&e.buf, raw); err != nil {
					return e.errorf("Unknown member %q must be valid JSON: %v", name, err)
				}
			}
		}
	}
	e.buf.WriteByte('}')
	return nil
}

// mapValue writes a map with its keys sorted, as encoding/json does.
func (e *encoder) mapValue(rv reflect.Value) error {
	if rv.IsNil() {
		e.buf.WriteString("null")
		return nil
	}
	if rv.Type().Key().Kind() != reflect.String {
		return e.viaJSON(rv)
	}
	if m, ok := rv.Interface().(map[string]string); ok {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			e.str(k)
			e.buf.WriteByte(':')
			e.str(m[k])
		}
		e.buf.WriteByte('}')
		return nil
	}
	keys := rv.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		switch {
		case a.String() < b.String():
			return -1
		case a.String() > b.String():
			return 1
		}
		return 0
	})
	e.buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.str(k.String())
		e.buf.WriteByte(':')
		// Map values are not addressable: copy to a settable value.
		v := reflect.New(rv.Type().Elem()).Elem()
		v.Set(rv.MapIndex(k))
		e.path = append(e.path, segment{name: k.String(), kind: segKey})
		if err := e.value(v); err != nil {
			return err
		}
		e.path = e.path[:len(e.path)-1]
	}
	e.buf.WriteByte('}')
	return nil
}

// list writes a slice or array.
func (e *encoder) list(rv reflect.Value) error {
	e.buf.WriteByte('[')
	for i := 0; i < rv.Len(); i++ {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.path = append(e.path, segment{index: i, kind: segIndex})
		if err := e.value(rv.Index(i)); err != nil {
			return err
		}
		e.path = e.path[:len(e.path)-1]
	}
	e.buf.WriteByte(']')
	return nil
}

// compactHTML writes src to dst as encoding/json writes a raw value:
// compacted, with <, >, &, U+2028 and U+2029 in strings escaped.
func compactHTML(dst *bytes.Buffer, src []byte) error {
	var buf bytes.Buffer
	if err := json.Compact(&buf, src); err != nil {
		return err
	}
	json.HTMLEscape(dst, buf.Bytes())
	return nil
}
