package jobtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The two patch formats of the IETF, as the API server applies them with
// gopkg.in/evanphx/json-patch.v4: JSON merge patch (RFC 7386) and JSON
// patch (RFC 6902), on the JSON of the stored object. Values are decoded
// with numbers kept as written (json.Number), as the library keeps its
// values as raw JSON.

// decodeJSON decodes data into a generic value with json.Number numbers.
func decodeJSON(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, errors.New("invalid character after top-level value")
	}
	if _, err := d.Token(); err == nil {
		return nil, errors.New("invalid character after top-level value")
	}
	return v, nil
}

// errBadJSONPatch is evanphx/json-patch's ErrBadJSONPatch.
var errBadJSONPatch = errors.New("Invalid JSON Patch")

// mergePatch applies a JSON merge patch to doc (an object) as
// jsonpatch.MergePatch does: members of a patch object are merged into
// the document's object of the same name, recursively; null removes a
// member; any other value (an array, a scalar) replaces it. Nulls inside
// a value that is added where there was nothing (or a non-object) are
// removed from its objects, not from its arrays.
func mergePatch(doc map[string]any, patchData []byte) (any, error) {
	p, err := decodeJSON(patchData)
	if err != nil || p == nil {
		return nil, errBadJSONPatch
	}
	switch p := p.(type) {
	case map[string]any:
		mergeDocs(doc, p)
		return doc, nil
	case []any:
		// Not an object: the patch replaces the document.
		return pruneArrayNulls(p), nil
	}
	return nil, errBadJSONPatch
}

func mergeDocs(doc, patch map[string]any) {
	for k, v := range patch {
		if v == nil {
			delete(doc, k)
			continue
		}
		cur, ok := doc[k]
		if !ok || cur == nil {
			doc[k] = pruneNulls(v)
			continue
		}
		doc[k] = mergeValue(cur, v)
	}
}

func mergeValue(cur, patch any) any {
	c, ok := cur.(map[string]any)
	if !ok {
		return pruneNulls(patch)
	}
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	mergeDocs(c, p)
	return c
}

// pruneNulls removes the null members of the objects in v (not the null
// elements of its arrays), as the library's pruneNulls does.
func pruneNulls(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				delete(v, k)
			} else {
				v[k] = pruneNulls(x)
			}
		}
	case []any:
		return pruneArrayNulls(v)
	}
	return v
}

func pruneArrayNulls(a []any) []any {
	for i, x := range a {
		if x != nil {
			a[i] = pruneNulls(x)
		}
	}
	return a
}

// jarray is an array of a document being JSON-patched, boxed so that an
// operation can change it in place.
type jarray struct{ items []any }

// MarshalJSON writes the elements.
func (a *jarray) MarshalJSON() ([]byte, error) {
	if a.items == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(a.items)
}

// box replaces every array of v with a *jarray.
func box(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = box(x)
		}
		return v
	case []any:
		for i, x := range v {
			v[i] = box(x)
		}
		return &jarray{items: v}
	}
	return v
}

// jsonPatchOp is one operation of a JSON patch, its members kept raw.
type jsonPatchOp map[string]*json.RawMessage

// decodeJSONPatch decodes a JSON patch as jsonpatch.DecodePatch does.
func decodeJSONPatch(data []byte) ([]jsonPatchOp, error) {
	var ops []jsonPatchOp
	if err := json.Unmarshal(data, &ops); err != nil {
		return nil, err
	}
	return ops, nil
}

func (o jsonPatchOp) str(name string) (string, error) {
	raw, ok := o[name]
	if !ok || raw == nil {
		return "unknown", fmt.Errorf("operation missing %s field: missing value", name)
	}
	var s string
	if err := json.Unmarshal(*raw, &s); err != nil {
		return "unknown", err
	}
	return s, nil
}

func (o jsonPatchOp) kind() string {
	s, err := o.str("op")
	if err != nil {
		return "unknown"
	}
	return s
}

// value returns the operation's value, boxed; nil when it is null or
// missing (the library then writes null).
func (o jsonPatchOp) value() (any, error) {
	raw, ok := o["value"]
	if !ok || raw == nil {
		return nil, nil
	}
	v, err := decodeJSON(*raw)
	if err != nil {
		return nil, err
	}
	return box(v), nil
}

// container is an object or a boxed array of the document.
type container interface {
	get(key string) (any, bool, error)
	set(key string, v any) error
	add(key string, v any) error
	remove(key string) error
}

type jobject map[string]any

func (d jobject) get(key string) (any, bool, error) { v, ok := d[key]; return v, ok, nil }
func (d jobject) set(key string, v any) error       { d[key] = v; return nil }
func (d jobject) add(key string, v any) error       { d[key] = v; return nil }
func (d jobject) remove(key string) error {
	if _, ok := d[key]; !ok {
		return fmt.Errorf("Unable to remove nonexistent key: %s: missing value", key)
	}
	delete(d, key)
	return nil
}

func invalidIndex(i int) error {
	return fmt.Errorf("Unable to access invalid index: %d: invalid index referenced", i)
}

func (a *jarray) index(key string, n int) (int, error) {
	i, err := strconv.Atoi(key)
	if err != nil {
		return 0, err
	}
	if i < 0 {
		if i < -n {
			return 0, invalidIndex(i)
		}
		i += n
	}
	return i, nil
}

func (a *jarray) get(key string) (any, bool, error) {
	i, err := a.index(key, len(a.items))
	if err != nil {
		return nil, false, err
	}
	if i >= len(a.items) {
		return nil, false, invalidIndex(i)
	}
	return a.items[i], true, nil
}

func (a *jarray) set(key string, v any) error {
	i, err := a.index(key, len(a.items))
	if err != nil {
		return err
	}
	a.items[i] = v
	return nil
}

func (a *jarray) add(key string, v any) error {
	if key == "-" {
		a.items = append(a.items, v)
		return nil
	}
	i, err := strconv.Atoi(key)
	if err != nil {
		return fmt.Errorf("value was not a proper array index: '%s': %w", key, err)
	}
	n := len(a.items) + 1
	if i >= n {
		return invalidIndex(i)
	}
	if i < 0 {
		if i < -n {
			return invalidIndex(i)
		}
		i += n
	}
	items := make([]any, n)
	copy(items, a.items[:i])
	items[i] = v
	copy(items[i+1:], a.items[i:])
	a.items = items
	return nil
}

func (a *jarray) remove(key string) error {
	i, err := strconv.Atoi(key)
	if err != nil {
		return err
	}
	if i >= len(a.items) {
		return invalidIndex(i)
	}
	if i < 0 {
		if i < -len(a.items) {
			return invalidIndex(i)
		}
		i += len(a.items)
	}
	a.items = append(a.items[:i:i], a.items[i+1:]...)
	return nil
}

var pointerDecoder = strings.NewReplacer("~1", "/", "~0", "~")

// findObject is the library's findObject: the container of the last
// segment of path, walking the segments between the first "/" and the
// last, and that segment decoded; nil when a segment is missing or null.
func findObject(doc container, path string) (container, string) {
	split := strings.Split(path, "/")
	if len(split) < 2 {
		return nil, ""
	}
	cur := doc
	for _, part := range split[1 : len(split)-1] {
		next, _, err := cur.get(pointerDecoder.Replace(part))
		if next == nil || err != nil {
			return nil, ""
		}
		switch n := next.(type) {
		case map[string]any:
			cur = jobject(n)
		case *jarray:
			cur = n
		default:
			return nil, ""
		}
	}
	return cur, pointerDecoder.Replace(split[len(split)-1])
}

// jsonPatch applies a decoded JSON patch to doc as Patch.Apply does, with
// the library's error messages.
func jsonPatch(doc map[string]any, ops []jsonPatchOp) (any, error) {
	root := any(box(doc))
	for _, op := range ops {
		var c container
		switch r := root.(type) {
		case map[string]any:
			c = jobject(r)
		case *jarray:
			c = r
		}
		var err error
		switch op.kind() {
		case "add":
			err = patchAdd(c, op)
		case "remove":
			err = patchRemove(c, op)
		case "replace":
			root, err = patchReplace(root, c, op)
		case "move":
			err = patchMove(c, op)
		case "test":
			err = patchTest(root, c, op)
		case "copy":
			err = patchCopy(c, op)
		default:
			err = fmt.Errorf("Unexpected kind: %s", op.kind())
		}
		if err != nil {
			return nil, err
		}
	}
	return root, nil
}

func patchAdd(doc container, op jsonPatchOp) error {
	path, err := op.str("path")
	if err != nil {
		return errors.New("add operation failed to decode path: missing value")
	}
	con, key := findObject(doc, path)
	if con == nil {
		return fmt.Errorf("add operation does not apply: doc is missing path: \"%s\": missing value", path)
	}
	v, err := op.value()
	if err != nil {
		return err
	}
	if err := con.add(key, v); err != nil {
		return fmt.Errorf("error in add for path: '%s': %w", path, err)
	}
	return nil
}

func patchRemove(doc container, op jsonPatchOp) error {
	path, err := op.str("path")
	if err != nil {
		return errors.New("remove operation failed to decode path: missing value")
	}
	con, key := findObject(doc, path)
	if con == nil {
		return fmt.Errorf("remove operation does not apply: doc is missing path: \"%s\": missing value", path)
	}
	if err := con.remove(key); err != nil {
		return fmt.Errorf("error in remove for path: '%s': %w", path, err)
	}
	return nil
}

func patchReplace(root any, doc container, op jsonPatchOp) (any, error) {
	path, err := op.str("path")
	if err != nil {
		return root, fmt.Errorf("replace operation failed to decode path: %w", err)
	}
	v, err := op.value()
	if err != nil {
		return root, err
	}
	if path == "" {
		switch v.(type) {
		case map[string]any, *jarray:
			return v, nil
		}
		return root, errors.New("replace operation value must be object or array: %!w(<nil>)")
	}
	con, key := findObject(doc, path)
	if con == nil {
		return root, fmt.Errorf("replace operation does not apply: doc is missing path: %s: missing value", path)
	}
	if _, _, err := con.get(key); err != nil {
		return root, fmt.Errorf("replace operation does not apply: doc is missing key: %s: missing value", path)
	}
	if err := con.set(key, v); err != nil {
		return root, fmt.Errorf("error in remove for path: '%s': %w", path, err)
	}
	return root, nil
}

func patchMove(doc container, op jsonPatchOp) error {
	from, err := op.str("from")
	if err != nil {
		return fmt.Errorf("move operation failed to decode from: %w", err)
	}
	con, key := findObject(doc, from)
	if con == nil {
		return fmt.Errorf("move operation does not apply: doc is missing from path: %s: missing value", from)
	}
	v, _, err := con.get(key)
	if err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", key, err)
	}
	if err := con.remove(key); err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", key, err)
	}
	path, err := op.str("path")
	if err != nil {
		return fmt.Errorf("move operation failed to decode path: %w", err)
	}
	con, key = findObject(doc, path)
	if con == nil {
		return fmt.Errorf("move operation does not apply: doc is missing destination path: %s: missing value", path)
	}
	if err := con.add(key, v); err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", path, err)
	}
	return nil
}

func patchTest(root any, doc container, op jsonPatchOp) error {
	path, err := op.str("path")
	if err != nil {
		return fmt.Errorf("test operation failed to decode path: %w", err)
	}
	want, err := op.value()
	if err != nil {
		return err
	}
	failed := fmt.Errorf("testing value %s failed: test failed", path)
	if path == "" {
		if jsonEqual(root, want) {
			return nil
		}
		return failed
	}
	con, key := findObject(doc, path)
	if con == nil {
		return fmt.Errorf("test operation does not apply: is missing path: %s: missing value", path)
	}
	got, _, err := con.get(key)
	if err != nil {
		return fmt.Errorf("error in test for path: '%s': %w", path, err)
	}
	if got == nil {
		if want == nil {
			return nil
		}
		return failed
	}
	if want == nil || !jsonEqual(got, want) {
		return failed
	}
	return nil
}

func patchCopy(doc container, op jsonPatchOp) error {
	from, err := op.str("from")
	if err != nil {
		return fmt.Errorf("copy operation failed to decode from: %w", err)
	}
	con, key := findObject(doc, from)
	if con == nil {
		return fmt.Errorf("copy operation does not apply: doc is missing from path: %s: missing value", from)
	}
	v, _, err := con.get(key)
	if err != nil {
		return fmt.Errorf("error in copy for from: '%s': %w", from, err)
	}
	path, err := op.str("path")
	if err != nil {
		return errors.New("copy operation failed to decode path: missing value")
	}
	con, key = findObject(doc, path)
	if con == nil {
		return fmt.Errorf("copy operation does not apply: doc is missing destination path: %s: missing value", path)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("error while performing deep copy: %w", err)
	}
	c, err := decodeJSON(data)
	if err != nil {
		return fmt.Errorf("error while performing deep copy: %w", err)
	}
	if err := con.add(key, box(c)); err != nil {
		return fmt.Errorf("error while adding value during copy: %w", err)
	}
	return nil
}

// jsonEqual compares two values as the library's lazyNode.equal does:
// objects and arrays structurally, scalars by their compact JSON.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, x := range a {
			y, ok := b[k]
			if !ok || (x == nil) != (y == nil) {
				return false
			}
			if x != nil && !jsonEqual(x, y) {
				return false
			}
		}
		return true
	case *jarray:
		b, ok := b.(*jarray)
		if !ok || len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !jsonEqual(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	}
	switch b.(type) {
	case map[string]any, *jarray:
		return false
	}
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
