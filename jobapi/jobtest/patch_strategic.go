package jobtest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Strategic merge patch, as apimachinery's strategicpatch applies it
// (StrategicMergeMapPatch with MergeParallelList and IgnoreUnmatchedNulls),
// with the patch strategies and merge keys that k8s.io/api declares in its
// struct tags for the types of a Job and a Pod (patchTags).

// patchMeta is a list field's patch strategy and merge key.
type patchMeta struct {
	strategy  string // "merge", "" (replace), possibly with "retainKeys"
	mergeKey  string
	retainKey bool
}

// patchTags are the `patchStrategy` and `patchMergeKey` tags of
// k8s.io/api v0.36 and apimachinery's ObjectMeta on the fields a Job or a
// Pod reaches, by Go type name and JSON name. jobkit's types have the same
// names as Kubernetes'.
var patchTags = map[string]map[string]patchMeta{
	"ObjectMeta": {
		"ownerReferences": {strategy: "merge", mergeKey: "uid"},
		"finalizers":      {strategy: "merge"},
	},
	"PodSpec": {
		"volumes":                   {strategy: "merge", mergeKey: "name", retainKey: true},
		"initContainers":            {strategy: "merge", mergeKey: "name"},
		"containers":                {strategy: "merge", mergeKey: "name"},
		"ephemeralContainers":       {strategy: "merge", mergeKey: "name"},
		"imagePullSecrets":          {strategy: "merge", mergeKey: "name"},
		"hostAliases":               {strategy: "merge", mergeKey: "ip"},
		"topologySpreadConstraints": {strategy: "merge", mergeKey: "topologyKey"},
		"schedulingGates":           {strategy: "merge", mergeKey: "name"},
		"resourceClaims":            {strategy: "merge", mergeKey: "name", retainKey: true},
	},
	"Container": {
		"ports":         {strategy: "merge", mergeKey: "containerPort"},
		"env":           {strategy: "merge", mergeKey: "name"},
		"volumeMounts":  {strategy: "merge", mergeKey: "mountPath"},
		"volumeDevices": {strategy: "merge", mergeKey: "devicePath"},
	},
	"EphemeralContainerCommon": {
		"ports":         {strategy: "merge", mergeKey: "containerPort"},
		"env":           {strategy: "merge", mergeKey: "name"},
		"volumeMounts":  {strategy: "merge", mergeKey: "mountPath"},
		"volumeDevices": {strategy: "merge", mergeKey: "devicePath"},
	},
	"ContainerStatus": {
		"volumeMounts":             {strategy: "merge", mergeKey: "mountPath"},
		"allocatedResourcesStatus": {strategy: "merge", mergeKey: "name"},
	},
	"PodStatus": {
		"conditions":            {strategy: "merge", mergeKey: "type"},
		"hostIPs":               {strategy: "merge", mergeKey: "ip"},
		"podIPs":                {strategy: "merge", mergeKey: "ip"},
		"resourceClaimStatuses": {strategy: "merge", mergeKey: "name", retainKey: true},
	},
	"JobStatus": {
		"conditions": {strategy: "merge", mergeKey: "type"},
	},
}

// The directives of a strategic merge patch.
const (
	directiveMarker        = "$patch"
	deleteDirective        = "delete"
	replaceDirective       = "replace"
	mergeDirective         = "merge"
	retainKeysDirective    = "$retainKeys"
	deleteFromPrimitiveDir = "$deleteFromPrimitiveList"
	setElementOrderDir     = "$setElementOrder"
)

// The errors of strategicpatch (apimachinery's mergepatch), which the API
// server answers with 400 BadRequest or 422.
var (
	errSMPBadPrimitiveList = errors.New("invalid patch format of primitive list")
	errSMPBadRetainKeys    = errors.New("invalid patch format of retainKeys")
	errSMPBadSetOrder      = errors.New("invalid patch format of setElementOrder list")
	errSMPNoListOfLists    = errors.New("lists of lists are not supported")
)

// schema is the Go type a part of the document has, for looking up the
// patch metadata of its fields. A nil type knows no fields.
type schema struct{ t reflect.Type }

// jsonFields caches, per struct type, its fields by JSON name (embedded
// structs inlined).
var jsonFields sync.Map // reflect.Type → map[string]fieldInfo

type fieldInfo struct {
	typ   reflect.Type
	owner string // the name of the struct type that declares the field
}

func fieldsOf(t reflect.Type) map[string]fieldInfo {
	if v, ok := jsonFields.Load(t); ok {
		return v.(map[string]fieldInfo)
	}
	m := map[string]fieldInfo{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			name, _, _ := strings.Cut(tag, ",")
			if name == "-" {
				continue
			}
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			m[name] = fieldInfo{typ: f.Type, owner: t.Name()}
		}
	}
	walk(t)
	jsonFields.Store(t, m)
	return m
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// lookup returns the schema of the field key and its patch metadata.
func (s schema) lookup(key string) (schema, patchMeta, error) {
	t := deref(s.t)
	if t == nil {
		return schema{}, patchMeta{}, nil
	}
	switch t.Kind() {
	case reflect.Map:
		return schema{deref(t.Elem())}, patchMeta{}, nil
	case reflect.Struct:
		f, ok := fieldsOf(t)[key]
		if !ok {
			return schema{}, patchMeta{}, fmt.Errorf("unable to find api field in struct %s for the json field %q", t.Name(), key)
		}
		return schema{deref(f.typ)}, patchTags[f.owner][key], nil
	}
	return schema{}, patchMeta{}, nil
}

// elem is the schema of a list's elements.
func (s schema) elem() schema {
	if s.t != nil && s.t.Kind() == reflect.Slice {
		return schema{deref(s.t.Elem())}
	}
	return schema{}
}

// strategicMergePatch applies patch to original (both decoded JSON objects,
// both changed) under sch, as strategicpatch.StrategicMergeMapPatch does.
func strategicMergePatch(original, patch map[string]any, sch schema) (map[string]any, error) {
	return smpMergeMap(original, patch, sch)
}

func smpMergeMap(original, patch map[string]any, sch schema) (map[string]any, error) {
	if v, ok := patch[directiveMarker]; ok {
		switch v {
		case replaceDirective:
			delete(patch, directiveMarker)
			return patch, nil
		case deleteDirective:
			return map[string]any{}, nil
		}
		return nil, fmt.Errorf("unknown patch type: %s in map: %v", v, patch)
	}
	if original == nil {
		original = map[string]any{}
	}
	if err := smpRetainKeys(original, patch); err != nil {
		return nil, err
	}
	if err := smpSetElementOrder(original, patch, sch); err != nil {
		return nil, err
	}
	for k, pv := range patch {
		isDeleteList := false
		if strings.HasPrefix(k, deleteFromPrimitiveDir) {
			rest, ok := strings.CutPrefix(k, deleteFromPrimitiveDir+"/")
			if !ok {
				return nil, errSMPBadPrimitiveList
			}
			k, isDeleteList = rest, true
		}
		if pv == nil {
			delete(original, k)
			continue
		}
		ov, ok := original[k]
		if !ok || reflect.TypeOf(ov) != reflect.TypeOf(pv) {
			if !isDeleteList {
				discardNulls(pv)
				if v, keep := removeDirectives(pv); keep {
					original[k] = v
				} else {
					delete(original, k)
				}
			}
			continue
		}
		var err error
		switch ov := ov.(type) {
		case map[string]any:
			sub, _, lerr := sch.lookup(k)
			if lerr != nil {
				return nil, lerr
			}
			original[k], err = smpMergeMap(ov, pv.(map[string]any), sub)
		case []any:
			sub, pm, lerr := sch.lookup(k)
			if lerr != nil {
				return nil, lerr
			}
			if pm.strategy == mergeDirective || isDeleteList {
				original[k], err = smpMergeSlice(ov, pv.([]any), sub.elem(), pm.mergeKey, isDeleteList)
			} else {
				original[k] = pv
			}
		default:
			if v, keep := removeDirectives(pv); keep {
				original[k] = v
			} else {
				delete(original, k)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return original, nil
}

// smpRetainKeys is applyRetainKeysDirective with MergeParallelList.
func smpRetainKeys(original, patch map[string]any) error {
	rk, ok := patch[retainKeysDirective]
	if !ok {
		return nil
	}
	delete(patch, retainKeysDirective)
	list, ok := rk.([]any)
	if !ok {
		return errSMPBadRetainKeys
	}
	keep := map[any]bool{}
	for _, v := range list {
		keep[v] = true
	}
	for k, v := range patch {
		if v == nil || strings.HasPrefix(k, deleteFromPrimitiveDir) || strings.HasPrefix(k, setElementOrderDir) {
			continue
		}
		if !keep[k] {
			return errSMPBadRetainKeys
		}
	}
	for k := range original {
		if !keep[k] {
			delete(original, k)
		}
	}
	return nil
}

// smpSetElementOrder is mergePatchIntoOriginal: each $setElementOrder
// list with the list it orders.
func smpSetElementOrder(original, patch map[string]any, sch schema) error {
	for key, pv := range patch {
		if !strings.HasPrefix(key, setElementOrderDir) {
			continue
		}
		delete(patch, key)
		order, ok := pv.([]any)
		if !ok {
			return fmt.Errorf("expected a []interface {}, but received a %s", typeName(pv))
		}
		k, ok := strings.CutPrefix(key, setElementOrderDir+"/")
		if !ok {
			return errSMPBadSetOrder
		}
		ol, foundOriginal := original[k]
		pl, foundPatch := patch[k]
		var ov, plist []any
		if foundOriginal {
			if ov, ok = ol.([]any); !ok {
				return fmt.Errorf("expected a []interface {}, but received a %s", typeName(ol))
			}
		}
		if foundPatch {
			if plist, ok = pl.([]any); !ok {
				return fmt.Errorf("expected a []interface {}, but received a %s", typeName(pl))
			}
		}
		sub, pm, err := sch.lookup(k)
		if err != nil {
			return err
		}
		if err := validateSetOrder(plist, order, pm.mergeKey); err != nil {
			return err
		}
		var merged []any
		switch {
		case foundOriginal && !foundPatch:
			merged = ov
		case !foundOriginal && foundPatch:
			v, _ := removeDirectives(plist)
			merged = v.([]any)
		case foundOriginal && foundPatch:
			if pm.strategy == mergeDirective {
				if merged, err = smpMergeSlice(ov, plist, sub.elem(), pm.mergeKey, false); err != nil {
					return err
				}
			} else {
				merged = plist
			}
		default:
			continue
		}
		var inPatch, serverOnly []any
		if pm.mergeKey == "" {
			inPatch, serverOnly = partitionPrimitives(merged, order)
		} else if inPatch, serverOnly, err = partitionMaps(merged, order, pm.mergeKey); err != nil {
			return err
		}
		kind, err := elementKind(ov, plist)
		if err != nil {
			return err
		}
		both, err := normalizeElementOrder(inPatch, serverOnly, order, ov, pm.mergeKey, kind)
		if err != nil {
			return err
		}
		original[k] = both
		delete(patch, k)
	}
	return nil
}

func typeName(v any) string {
	if v == nil {
		return "%!s(<nil>)"
	}
	return reflect.TypeOf(v).String()
}

// validateSetOrder is validatePatchWithSetOrderList.
func validateSetOrder(patchList, order []any, mergeKey string) error {
	if len(order) == 0 || len(patchList) == 0 {
		return nil
	}
	nonDelete := patchList
	if mergeKey != "" {
		var err error
		if nonDelete, _, err = splitDeletes(patchList); err != nil {
			return err
		}
	}
	pi, si := 0, 0
	for pi < len(nonDelete) && si < len(order) {
		if m, ok := nonDelete[pi].(map[string]any); ok {
			if _, ok := m[directiveMarker]; ok {
				pi++
				continue
			}
		}
		eq, err := mergeKeyEqual(nonDelete[pi], order[si], mergeKey)
		if err != nil {
			return err
		}
		if eq {
			pi++
		}
		si++
	}
	if pi < len(nonDelete) && si >= len(order) {
		return fmt.Errorf("The order in patch list:\n%v\n doesn't match %s list:\n%v\n", patchList, setElementOrderDir, order)
	}
	return nil
}

func mergeKeyEqual(a, b any, mergeKey string) (bool, error) {
	if mergeKey == "" {
		return a == b, nil
	}
	am, ok := a.(map[string]any)
	if !ok {
		return false, fmt.Errorf("expected a map[string]interface {}, but received a %s", typeName(a))
	}
	bm, ok := b.(map[string]any)
	if !ok {
		return false, fmt.Errorf("expected a map[string]interface {}, but received a %s", typeName(b))
	}
	av, ok := am[mergeKey]
	if !ok {
		return false, errNoMergeKey(am, mergeKey)
	}
	bv, ok := bm[mergeKey]
	if !ok {
		return false, errNoMergeKey(bm, mergeKey)
	}
	return av == bv, nil
}

func errNoMergeKey(m map[string]any, k string) error {
	return fmt.Errorf("map: %v does not contain declared merge key: %s", m, k)
}

// discardNulls removes the null members of the objects of v.
func discardNulls(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				delete(v, k)
			} else {
				discardNulls(x)
			}
		}
	case []any:
		for _, x := range v {
			discardNulls(x)
		}
	}
}

// removeDirectives drops the objects with a $patch directive from v and
// reports whether v itself is kept.
func removeDirectives(v any) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t[directiveMarker]; ok {
			return nil, false
		}
		for k, x := range t {
			nx, keep := removeDirectives(x)
			if keep {
				t[k] = nx
			} else {
				delete(t, k)
			}
		}
		return t, true
	case []any:
		res := []any{}
		for _, x := range t {
			if nx, keep := removeDirectives(x); keep {
				res = append(res, nx)
			}
		}
		return res, true
	}
	return v, true
}

// elementKind is sliceElementType: the kind shared by every element.
func elementKind(lists ...[]any) (reflect.Kind, error) {
	var prev reflect.Type
	seen := false
	for _, l := range lists {
		for _, v := range l {
			t := reflect.TypeOf(v)
			if !seen {
				seen, prev = true, t
				if t != nil && t.Kind() == reflect.Slice {
					return 0, errSMPNoListOfLists
				}
				continue
			}
			if t != prev {
				return 0, fmt.Errorf("list element types are not identical: %v", fmt.Sprint(lists))
			}
		}
	}
	if !seen {
		return 0, errors.New("no elements in any of the given slices")
	}
	if prev == nil {
		return reflect.Invalid, nil
	}
	return prev.Kind(), nil
}

// smpMergeSlice is mergeSlice with MergeParallelList.
func smpMergeSlice(original, patch []any, sch schema, mergeKey string, isDeleteList bool) ([]any, error) {
	if len(original) == 0 && len(patch) == 0 {
		return original, nil
	}
	kind, err := elementKind(original, patch)
	if err != nil {
		return nil, err
	}
	var merged []any
	if kind != reflect.Map {
		if isDeleteList {
			return deleteFromSlice(original, patch), nil
		}
		// Clipped, so that the append copies as it does on the
		// exact-capacity lists of apimachinery's unstructured converter.
		merged = dedupScalars(append(slices.Clip(original), patch...))
	} else {
		if mergeKey == "" {
			return nil, fmt.Errorf("cannot merge lists without merge key for %s", schemaName(sch))
		}
		if original, patch, err = smpSpecialElements(original, patch, mergeKey); err != nil {
			return nil, err
		}
		if merged, err = smpMergeElements(original, patch, mergeKey, sch); err != nil {
			return nil, err
		}
	}
	var inPatch, serverOnly []any
	if mergeKey == "" {
		inPatch, serverOnly = partitionPrimitives(merged, patch)
	} else if inPatch, serverOnly, err = partitionMaps(merged, patch, mergeKey); err != nil {
		return nil, err
	}
	return normalizeElementOrder(inPatch, serverOnly, patch, original, mergeKey, kind)
}

func schemaName(s schema) string {
	if s.t == nil {
		return ""
	}
	return s.t.Name()
}

// smpSpecialElements is mergeSliceWithSpecialElements: $patch: delete
// elements delete their match from original; $patch: replace makes the
// rest of the patch the whole list.
func smpSpecialElements(original, patch []any, mergeKey string) ([]any, []any, error) {
	rest := []any{}
	replace := false
	for _, v := range patch {
		m := v.(map[string]any)
		d, ok := m[directiveMarker]
		if !ok {
			rest = append(rest, v)
			continue
		}
		switch d {
		case deleteDirective:
			mv, ok := m[mergeKey]
			if !ok {
				return nil, nil, errNoMergeKey(m, mergeKey)
			}
			var err error
			if original, err = deleteMatching(original, mergeKey, mv); err != nil {
				return nil, nil, err
			}
		case replaceDirective:
			replace = true
		case mergeDirective:
			return nil, nil, errors.New("merging lists cannot yet be specified in the patch")
		default:
			return nil, nil, fmt.Errorf("unknown patch type: %s in map: %v", d, m)
		}
	}
	if replace {
		return rest, nil, nil
	}
	return original, rest, nil
}

func deleteMatching(original []any, mergeKey string, value any) ([]any, error) {
	for {
		_, i, found, err := findByKey(original, mergeKey, value)
		if err != nil {
			return nil, err
		}
		if !found {
			return original, nil
		}
		original = append(original[:i], original[i+1:]...)
	}
}

// smpMergeElements is mergeSliceWithoutSpecialElements.
func smpMergeElements(original, patch []any, mergeKey string, sch schema) ([]any, error) {
	for _, v := range patch {
		m := v.(map[string]any)
		mv, ok := m[mergeKey]
		if !ok {
			return nil, errNoMergeKey(m, mergeKey)
		}
		om, i, found, err := findByKey(original, mergeKey, mv)
		if err != nil {
			return nil, err
		}
		if found {
			merged, err := smpMergeMap(om, m, sch)
			if err != nil {
				return nil, err
			}
			original[i] = merged
		} else {
			original = append(original, v)
		}
	}
	return original, nil
}

func findByKey(l []any, key string, value any) (map[string]any, int, bool, error) {
	for i, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, 0, false, fmt.Errorf("value for key %v is not a map", i)
		}
		if x, ok := m[key]; ok && x == value {
			return m, i, true, nil
		}
	}
	return nil, 0, false, nil
}

func deleteFromSlice(current, toDelete []any) []any {
	del := map[any]bool{}
	for _, v := range toDelete {
		del[v] = true
	}
	out := make([]any, 0, len(current))
	for _, v := range current {
		if !del[v] {
			out = append(out, v)
		}
	}
	return out
}

// dedupScalars is deduplicateScalars, whose order it keeps exactly (it
// moves the last element into the place of a duplicate).
func dedupScalars(s []any) []any {
	n := len(s) - 1
	for i := 0; i < n; i++ {
		for j := i + 1; j <= n; j++ {
			if s[i] == s[j] {
				s[j] = s[n]
				s = s[:n]
				n--
				j--
			}
		}
	}
	return s
}

func partitionPrimitives(original, by []any) ([]any, []any) {
	in := map[any]bool{}
	for _, v := range by {
		in[v] = true
	}
	patch := make([]any, 0, len(original))
	server := make([]any, 0, len(original))
	for _, v := range original {
		if in[v] {
			patch = append(patch, v)
		} else {
			server = append(server, v)
		}
	}
	return patch, server
}

func partitionMaps(original, by []any, mergeKey string) ([]any, []any, error) {
	patch := make([]any, 0, len(original))
	server := make([]any, 0, len(original))
	for _, v := range original {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("expected a map[string]interface {}, but received a %s", typeName(v))
		}
		mv, ok := m[mergeKey]
		if !ok {
			return nil, nil, errNoMergeKey(m, mergeKey)
		}
		_, _, found, err := findByKey(by, mergeKey, mv)
		if err != nil {
			return nil, nil, err
		}
		if found {
			patch = append(patch, v)
		} else {
			server = append(server, v)
		}
	}
	return patch, server, nil
}

// splitDeletes is extractToDeleteItems.
func splitDeletes(l []any) ([]any, []any, error) {
	var keep, del []any
	for _, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("expected a map[string]interface {}, but received a %s", typeName(v))
		}
		if d, ok := m[directiveMarker]; ok && d == deleteDirective {
			del = append(del, v)
		} else {
			keep = append(keep, v)
		}
	}
	return keep, del, nil
}

// normalizeElementOrder orders the patch's elements by patchOrder and the
// server's by serverOrder, then interleaves them (mergeSortedSlice).
func normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder []any, mergeKey string, kind reflect.Kind) ([]any, error) {
	patch, err := normalizeSliceOrder(patch, patchOrder, mergeKey, kind)
	if err != nil {
		return nil, err
	}
	serverOnly, err = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind)
	if err != nil {
		return nil, err
	}
	return mergeSortedSlice(serverOnly, patch, serverOrder, mergeKey, kind), nil
}

func keyOf(v any, mergeKey string, kind reflect.Kind) any {
	if kind == reflect.Map {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		return m[mergeKey]
	}
	return v
}

func indexIn(l []any, v any, mergeKey string, kind reflect.Kind) int {
	want := keyOf(v, mergeKey, kind)
	for i, x := range l {
		if keyOf(x, mergeKey, kind) == want {
			return i
		}
	}
	return -1
}

func normalizeSliceOrder(toSort, order []any, mergeKey string, kind reflect.Kind) ([]any, error) {
	var toDelete []any
	if kind == reflect.Map {
		for _, l := range [][]any{toSort, order} {
			for _, v := range l {
				m, ok := v.(map[string]any)
				if !ok {
					return nil, fmt.Errorf("expected a map[string]interface {}, but received a %s", typeName(v))
				}
				if _, ok := m[mergeKey]; !ok {
					return nil, errNoMergeKey(m, mergeKey)
				}
			}
		}
		var err error
		if toSort, toDelete, err = splitDeletes(toSort); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(toSort, func(i, j int) bool {
		if ii := indexIn(order, toSort[i], mergeKey, kind); ii >= 0 {
			if ij := indexIn(order, toSort[j], mergeKey, kind); ij >= 0 {
				return ii < ij
			}
		}
		return true
	})
	return append(toSort, toDelete...), nil
}

func mergeSortedSlice(left, right, serverOrder []any, mergeKey string, kind reflect.Kind) []any {
	less := func(l, r any) (bool, bool) {
		li := indexIn(serverOrder, l, mergeKey, kind)
		ri := indexIn(serverOrder, r, mergeKey, kind)
		if li >= 0 && ri >= 0 {
			return li < ri, true
		}
		return false, false
	}
	out := make([]any, 0, len(left)+len(right))
	i, j := 0, 0
	for len(out) < cap(out) {
		switch {
		case i >= len(left) && j < len(right):
			out = append(out, right[j])
			j++
		case j >= len(right) && i < len(left):
			out = append(out, left[i])
			i++
		default:
			if l, both := less(left[i], right[j]); both && l {
				out = append(out, left[i])
				i++
			} else {
				out = append(out, right[j])
				j++
			}
		}
	}
	return out
}
