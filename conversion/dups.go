package conversion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	yamlv2 "sigs.k8s.io/yaml/goyaml.v2"
)

// yamlDuplicates returns the path of every key given more than once in
// one mapping of the YAML document text, in document order (each path
// once). It is called only when strict conversion has found a duplicate,
// so its cost (a second parse) is paid only then.
func yamlDuplicates(text []byte) []string {
	var doc any
	var root yamlv2.MapSlice
	if yamlv2.Unmarshal(text, &root) == nil {
		doc = root
	} else if yamlv2.Unmarshal(text, &doc) != nil {
		return nil
	}
	var out []string
	seenPath := map[string]bool{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case yamlv2.MapSlice:
			seen := make(map[string]bool, len(v))
			for _, item := range v {
				k := fmt.Sprint(item.Key)
				p := joinPath(path, k)
				if seen[k] && !seenPath[p] {
					seenPath[p] = true
					out = append(out, p)
				}
				seen[k] = true
				walk(item.Value, p)
			}
		case []any:
			for i, e := range v {
				walk(e, path+"["+strconv.Itoa(i)+"]")
			}
		}
	}
	walk(doc, "")
	return out
}

// jsonDuplicates returns the path of every member given more than once in
// one object of the JSON value j, in document order (each path once). j
// must be valid JSON.
func jsonDuplicates(j []byte) []string {
	// Most documents have no duplicate at all; find that out with a scan
	// that allocates only per object.
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	var out []string
	seenPath := map[string]bool{}
	var value func(path string) bool
	value = func(path string) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return false
				}
				k, _ := kt.(string)
				p := joinPath(path, k)
				if seen[k] && !seenPath[p] {
					seenPath[p] = true
					out = append(out, p)
				}
				seen[k] = true
				if !value(p) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if !value(path + "[" + strconv.Itoa(i) + "]") {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		}
		return true
	}
	value("")
	return out
}
