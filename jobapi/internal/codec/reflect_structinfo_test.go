package codec

import (
	"encoding/json"
	"reflect"
	"strings"
)

// fieldInfo is one JSON member of a struct type, from its `json` tag.
type fieldInfo struct {
	name      string
	index     []int // through inline (embedded) structs
	omitEmpty bool
	omitZero  bool
}

// structInfo is what encoding and decoding need to know of a struct type.
type structInfo struct {
	fields  []fieldInfo
	unknown int // index of the Unknown field, or -1
	// leaf: the type has its own JSON methods and no Unknown field, so it
	// is handed to them (Time is one).
	leafDecode, leafEncode bool
}

// find returns the field named exactly name (JSON names are
// case-sensitive here, as in Kubernetes).
func (si *structInfo) find(name []byte) (int, bool) {
	for i := range si.fields {
		if si.fields[i].name == string(name) {
			return i, true
		}
	}
	return -1, false
}

// names returns the member names, for error messages.
func (si *structInfo) names() []string {
	out := make([]string, len(si.fields))
	for i, f := range si.fields {
		out[i] = f.name
	}
	return out
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	marshalerType   = reflect.TypeFor[json.Marshaler]()
	isZeroerType    = reflect.TypeFor[interface{ IsZero() bool }]()
)

// isUnknownField reports whether f is a struct's Unknown field: named
// Unknown, tagged `json:"-"`, of a map type named Unknown from strings to
// byte slices (meta.Unknown, which package codec cannot name).
func isUnknownField(f reflect.StructField) bool {
	t := f.Type
	return f.Name == "Unknown" && f.Tag.Get("json") == "-" && t.Name() == "Unknown" &&
		t.Kind() == reflect.Map && t.Key().Kind() == reflect.String && isRawJSONType(t.Elem())
}

// isRawJSONType reports whether t is a byte slice type named RawJSON
// (meta.RawJSON).
func isRawJSONType(t reflect.Type) bool {
	return t.Name() == "RawJSON" && t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8
}

// typeInfos computes struct infos on demand. It lives as long as one call
// of Marshal (or of the reflection decoder the tests keep as a
// reference): jobkit keeps no package-level cache.
type typeInfos map[reflect.Type]*structInfo

// of returns the info of struct type t.
func (c *typeInfos) of(t reflect.Type) *structInfo {
	if si, ok := (*c)[t]; ok {
		return si
	}
	if *c == nil {
		*c = make(typeInfos, 32)
	}
	si := &structInfo{unknown: -1, fields: make([]fieldInfo, 0, t.NumField())}
	collectFields(t, nil, si)
	pt := reflect.PointerTo(t)
	si.leafDecode = si.unknown < 0 && pt.Implements(unmarshalerType)
	si.leafEncode = si.unknown < 0 && (t.Implements(marshalerType) || pt.Implements(marshalerType))
	(*c)[t] = si
	return si
}

// collectFields appends the JSON members of struct type t, whose fields
// are reached through index prefix, to si, flattening inline structs the
// way encoding/json does for embedded structs without a name.
func collectFields(t reflect.Type, prefix []int, si *structInfo) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if prefix == nil && isUnknownField(f) {
			si.unknown = i
			continue
		}
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		index := f.Index // []int{i}, made by reflect for us
		if prefix != nil {
			index = append(append(make([]int, 0, len(prefix)+1), prefix...), i)
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Struct {
				collectFields(ft, index, si)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" || !hasTag {
			name = f.Name
		}
		fi := fieldInfo{name: name, index: index}
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				fi.omitEmpty = true
			case "omitzero":
				fi.omitZero = true
			}
		}
		si.fields = append(si.fields, fi)
	}
}
