package conversion

import (
	"bytes"
	"encoding/json"
	"strconv"
)

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
