package codec

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The reflection decoder: the codec's decoder before the typed decoders
// were generated, kept only as the reference of the differential tests
// (FuzzTypedDecode). It is not compiled into the product.

// reflectUnmarshal decodes the JSON document data into v, which must be a
// non-nil pointer, by reflection over the `json` tags. It follows
// Kubernetes' decoding rules more strictly than encoding/json:
//
//   - member names match the `json` tags exactly (case-sensitive);
//   - a member a struct does not model is kept in the struct's Unknown
//     field; a struct without one (such as selector.LabelSelector) rejects
//     it, because it could not be kept;
//   - a member given twice in one object is an error;
//   - a value of the wrong JSON type, a fraction where an integer must be
//     and an integer out of the field's range are errors.
//
// Every error is reported, each a *field.Error naming the path from the
// document's root (`spec.template.spec.containers[0].image`); the result is
// an ErrorList aggregate, which field.AsErrorList unpacks. Text that is not
// JSON is reported as a *json.SyntaxError.
func reflectUnmarshal(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("codec.Unmarshal: v must be a non-nil pointer, not %T", v)
	}
	if !json.Valid(data) {
		var x any
		if err := json.Unmarshal(data, &x); err != nil {
			return err
		}
		return errors.New("codec.Unmarshal: not a JSON document")
	}
	d := decoder{}
	start := skipSpace(data, 0)
	end, _ := valueEnd(data, start)
	d.value(data[start:end], rv.Elem())
	return d.errs.ToAggregate()
}

// decoder holds the state of one Unmarshal call.
type decoder struct {
	infos typeInfos
	path  []segment
	errs  field.ErrorList
}

// fieldPath returns the current path.
func (d *decoder) fieldPath() *field.Path {
	var p *field.Path
	for _, s := range d.path {
		switch s.kind {
		case segIndex:
			p = p.Index(s.index)
		case segKey:
			p = p.Key(s.name)
		default:
			if p == nil {
				p = field.NewPath(s.name)
			} else {
				p = p.Child(s.name)
			}
		}
	}
	return p
}

func (d *decoder) push(s segment) { d.path = append(d.path, s) }
func (d *decoder) pop()           { d.path = d.path[:len(d.path)-1] }

// typeError records a value of the wrong JSON type; want says what it must
// be.
func (d *decoder) typeError(data []byte, want string) {
	d.errs = append(d.errs, field.TypeInvalid(d.fieldPath(), refBadValue(data), want))
}

// refBadValue is the rejected value as an error prints it.
func refBadValue(data []byte) any {
	if len(data) == 0 {
		return ""
	}
	switch data[0] {
	case '"':
		var s string
		if json.Unmarshal(data, &s) == nil {
			return s
		}
	case 't':
		return true
	case 'f':
		return false
	case '{', '[':
		if len(data) <= 64 {
			return json.RawMessage(data)
		}
		return "<value omitted>"
	}
	if len(data) <= 64 {
		return json.Number(data)
	}
	return "<value omitted>"
}

// wantOf says what JSON a Go kind takes, in the conventions' wording.
func wantOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "must be an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "must be a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "must be a number"
	case reflect.String:
		return "must be a string"
	case reflect.Bool:
		return "must be a boolean ('true' or 'false')"
	case reflect.Map, reflect.Struct:
		return "must be an object"
	case reflect.Slice, reflect.Array:
		return "must be a list"
	}
	return "must be a " + t.String()
}

// value decodes the JSON value data (valid, without surrounding space)
// into rv, which is settable.
func (d *decoder) value(data []byte, rv reflect.Value) {
	t := rv.Type()
	null := len(data) == 4 && string(data) == "null"
	switch t.Kind() {
	case reflect.Pointer:
		if null {
			rv.SetZero()
			return
		}
		if rv.IsNil() {
			rv.Set(reflect.New(t.Elem()))
		}
		d.value(data, rv.Elem())
		return
	case reflect.Struct:
		si := d.infos.of(t)
		if si.leafDecode {
			d.unmarshaler(data, rv)
			return
		}
		if null {
			return
		}
		d.object(data, rv, si)
		return
	}
	if pt := reflect.PointerTo(t); pt.Implements(unmarshalerType) {
		d.unmarshaler(data, rv)
		return
	}
	if null {
		switch t.Kind() {
		case reflect.Map, reflect.Slice, reflect.Interface:
			rv.SetZero()
		}
		return
	}
	switch t.Kind() {
	case reflect.String:
		s, ok := d.str(data)
		if !ok {
			d.typeError(data, wantOf(t))
			return
		}
		rv.SetString(s)
	case reflect.Bool:
		switch string(data) {
		case "true":
			rv.SetBool(true)
		case "false":
			rv.SetBool(false)
		default:
			d.typeError(data, wantOf(t))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.integer(data, rv)
	case reflect.Map:
		d.mapValue(data, rv)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			d.viaJSON(data, rv)
			return
		}
		d.slice(data, rv)
	default:
		d.viaJSON(data, rv)
	}
}

// str decodes a JSON string.
func (d *decoder) str(data []byte) (string, bool) {
	if len(data) < 2 || data[0] != '"' {
		return "", false
	}
	inner := data[1 : len(data)-1]
	plain := true
	for _, c := range inner {
		if c == '\\' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(inner), true
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return "", false
	}
	return s, true
}

// integer decodes a JSON integer into the signed integer rv, checking its
// range.
func (d *decoder) integer(data []byte, rv reflect.Value) {
	if len(data) == 0 || (data[0] != '-' && (data[0] < '0' || data[0] > '9')) {
		d.typeError(data, wantOf(rv.Type()))
		return
	}
	bits := rv.Type().Bits()
	n, err := strconv.ParseInt(string(data), 10, bits)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			lo, hi := int64(-1)<<(bits-1), int64(math.MaxInt64)>>(64-bits)
			detail := fmt.Sprintf("must be less than or equal to %d", hi)
			if data[0] == '-' {
				detail = fmt.Sprintf("must be greater than or equal to %d", lo)
			}
			d.errs = append(d.errs, field.Invalid(d.fieldPath(), refBadValue(data), detail))
			return
		}
		d.typeError(data, wantOf(rv.Type()))
		return
	}
	rv.SetInt(n)
}

// unmarshaler hands data to rv's own UnmarshalJSON method.
func (d *decoder) unmarshaler(data []byte, rv reflect.Value) {
	u := rv.Addr().Interface().(json.Unmarshaler)
	if err := u.UnmarshalJSON(data); err != nil {
		d.errs = append(d.errs, field.Invalid(d.fieldPath(), refBadValue(data), err.Error()))
	}
}

// viaJSON decodes types jobkit's types do not use (floats, unsigned
// integers, interfaces, byte slices) with encoding/json.
func (d *decoder) viaJSON(data []byte, rv reflect.Value) {
	if err := json.Unmarshal(data, rv.Addr().Interface()); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			d.typeError(data, wantOf(rv.Type()))
			return
		}
		d.errs = append(d.errs, field.Invalid(d.fieldPath(), refBadValue(data), err.Error()))
	}
}

// object decodes a JSON object into the struct rv.
func (d *decoder) object(data []byte, rv reflect.Value, si *structInfo) {
	if data[0] != '{' {
		d.typeError(data, "must be an object")
		return
	}
	var unknown reflect.Value // the Unknown map, settable
	checkUnknownDup := false
	if si.unknown >= 0 {
		unknown = rv.Field(si.unknown)
		checkUnknownDup = unknown.Len() == 0
	}
	var seenSmall uint64
	var seenLarge []bool
	if len(si.fields) > 64 {
		seenLarge = make([]bool, len(si.fields))
	}
	it := newObjectIter(data, 0)
	for {
		key, val, done, ok := it.next()
		if done {
			return
		}
		if !ok {
			d.errs = append(d.errs, field.Invalid(d.fieldPath(), "<value omitted>", "must be a JSON object"))
			return
		}
		if i, found := si.find(key[1 : len(key)-1]); found && !needsUnquote(key) {
			f := &si.fields[i]
			d.push(segment{name: f.name})
			dup := false
			if seenLarge != nil {
				dup, seenLarge[i] = seenLarge[i], true
			} else {
				dup = seenSmall&(1<<uint(i)) != 0
				seenSmall |= 1 << uint(i)
			}
			if dup {
				d.errs = append(d.errs, field.Duplicate(d.fieldPath(), f.name))
			} else {
				d.value(val, rv.FieldByIndex(f.index))
			}
			d.pop()
			continue
		}
		name, ok := d.str(key)
		if !ok {
			name = string(key)
		}
		if _, found := si.find([]byte(name)); found {
			// A key written with escapes that names a modeled field.
			d.push(segment{name: name})
			d.errs = append(d.errs, field.Invalid(d.fieldPath(), name, "member names must not use escape sequences"))
			d.pop()
			continue
		}
		if !unknown.IsValid() {
			d.push(segment{name: name})
			d.errs = append(d.errs, field.NotSupported(d.fieldPath(), name, si.names()).WithOrigin(field.OriginUnknownField))
			d.pop()
			continue
		}
		if unknown.IsNil() {
			unknown.Set(reflect.MakeMapWithSize(unknown.Type(), 4))
		}
		mapKey := reflect.ValueOf(name)
		if unknown.MapIndex(mapKey).IsValid() && checkUnknownDup {
			d.push(segment{name: name})
			d.errs = append(d.errs, field.Duplicate(d.fieldPath(), name))
			d.pop()
			continue
		}
		unknown.SetMapIndex(mapKey, reflect.ValueOf(compactCopy(val)).Convert(unknown.Type().Elem()))
	}
}

// needsUnquote reports whether a quoted key holds escape sequences.
func needsUnquote(key []byte) bool {
	for _, c := range key[1 : len(key)-1] {
		if c == '\\' {
			return true
		}
	}
	return false
}

// mapValue decodes a JSON object into the map rv.
func (d *decoder) mapValue(data []byte, rv reflect.Value) {
	t := rv.Type()
	if data[0] != '{' || t.Key().Kind() != reflect.String {
		if data[0] != '{' {
			d.typeError(data, "must be an object")
			return
		}
		d.viaJSON(data, rv)
		return
	}
	fresh := rv.IsNil() || rv.Len() == 0
	if rv.IsNil() {
		rv.Set(reflect.MakeMap(t))
	}
	if m, ok := rv.Addr().Interface().(*map[string]string); ok {
		d.stringMap(data, *m, fresh)
		return
	}
	it := newObjectIter(data, 0)
	for {
		key, val, done, ok := it.next()
		if done || !ok {
			return
		}
		k, _ := d.str(key)
		kv := reflect.ValueOf(k).Convert(t.Key())
		d.push(segment{name: k, kind: segKey})
		if fresh && rv.MapIndex(kv).IsValid() {
			d.errs = append(d.errs, field.Duplicate(d.fieldPath(), k))
			d.pop()
			continue
		}
		ev := reflect.New(t.Elem()).Elem()
		d.value(val, ev)
		rv.SetMapIndex(kv, ev)
		d.pop()
	}
}

// stringMap is mapValue for map[string]string, the type of labels and
// annotations, without reflection.
func (d *decoder) stringMap(data []byte, m map[string]string, fresh bool) {
	it := newObjectIter(data, 0)
	for {
		key, val, done, ok := it.next()
		if done || !ok {
			return
		}
		k, _ := d.str(key)
		if _, dup := m[k]; dup && fresh {
			d.push(segment{name: k, kind: segKey})
			d.errs = append(d.errs, field.Duplicate(d.fieldPath(), k))
			d.pop()
			continue
		}
		v, ok := d.str(val)
		if !ok {
			if string(val) == "null" {
				// encoding/json leaves a null map value as "".
				m[k] = ""
				continue
			}
			d.push(segment{name: k, kind: segKey})
			d.typeError(val, "must be a string")
			d.pop()
			continue
		}
		m[k] = v
	}
}

// slice decodes a JSON array into the slice rv.
func (d *decoder) slice(data []byte, rv reflect.Value) {
	if data[0] != '[' {
		d.typeError(data, "must be a list")
		return
	}
	var buf [16][]byte
	elems := buf[:0]
	for it := newArrayIter(data, 0); ; {
		val, done, ok := it.next()
		if done || !ok {
			break
		}
		elems = append(elems, val)
	}
	out := reflect.MakeSlice(rv.Type(), len(elems), len(elems))
	for i, val := range elems {
		d.push(segment{index: i, kind: segIndex})
		d.value(val, out.Index(i))
		d.pop()
	}
	rv.Set(out)
}
