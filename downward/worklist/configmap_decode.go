package worklist

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/field"
)

// DecodeConfigMap decodes a v1 ConfigMap from its JSON form, as the API
// server's decoder reads the members ConfigMap models: member names match
// exactly (`Data` is not `data`, unlike encoding/json's struct decoding),
// binaryData values are standard base64, and a member of the wrong JSON
// type is an error naming its field path. Members ConfigMap does not
// model (most of metadata) are passed over; apiVersion and kind are read,
// not checked.
func DecodeConfigMap(data []byte) (*ConfigMap, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("ConfigMap: %w", err)
	}
	cm := &ConfigMap{}
	var meta map[string]json.RawMessage
	members := []struct {
		name string
		into any
	}{
		{"apiVersion", &cm.APIVersion},
		{"kind", &cm.Kind},
		{"metadata", &meta},
		{"immutable", &cm.Immutable},
	}
	for _, m := range members {
		if err := decodeMember(top, m.name, field.NewPath(m.name), m.into); err != nil {
			return nil, err
		}
	}
	var err error
	if cm.Data, err = decodeMap[string](top, "data"); err != nil {
		return nil, err
	}
	if cm.BinaryData, err = decodeMap[[]byte](top, "binaryData"); err != nil {
		return nil, err
	}
	for _, m := range []struct {
		name string
		into *string
	}{{"name", &cm.Metadata.Name}, {"namespace", &cm.Metadata.Namespace}} {
		if err := decodeMember(meta, m.name, field.NewPath("metadata", m.name), m.into); err != nil {
			return nil, err
		}
	}
	return cm, nil
}

// decodeMap decodes the map member name of obj value by value, so that
// an error names the key (`data[k]`); nil when the member is absent or
// null.
func decodeMap[V any](obj map[string]json.RawMessage, name string) (map[string]V, error) {
	var raw map[string]json.RawMessage
	if err := decodeMember(obj, name, field.NewPath(name), &raw); err != nil || raw == nil {
		return nil, err
	}
	out := make(map[string]V, len(raw))
	for k := range raw {
		var value V
		if err := decodeMember(raw, k, field.NewPath(name).Key(k), &value); err != nil {
			return nil, err
		}
		out[k] = value
	}
	return out, nil
}

// decodeMember decodes the member name of obj, when it is there and not
// null, into v; path names it in errors.
func decodeMember(obj map[string]json.RawMessage, name string, path *field.Path, v any) error {
	raw, ok := obj[name]
	if !ok || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			return fmt.Errorf("ConfigMap: %s: cannot decode a JSON %s into %s", path, te.Value, te.Type)
		}
		return fmt.Errorf("ConfigMap: %s: %w", path, err)
	}
	return nil
}
