package yamlread

import (
	"math"
	"strconv"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"
)

// Position is a place in the document's text.
type Position struct {
	// Line and Column start at 1; the column counts characters.
	Line, Column int
	// Path is the part of the path asked for that the document holds:
	// the whole path, or the nearest ancestor present ("" for the root).
	Path string
}

// Find returns where the member or item at path is written: the key of a
// member (`spec.completions`), the start of an item
// (`spec.template.spec.containers[0]`). path is a field path as
// Kubernetes prints them, from the document's root; a subscript is an
// index in a sequence and a key in a mapping (`metadata.labels[app]`).
// Aliases and merge keys are followed as [Document.JSON] follows them,
// and of a key given twice the last one is found. When the document does
// not hold the whole path, Find returns the place of the nearest ancestor
// it holds, with Position.Path saying which. ok is false only for an
// empty document.
func (d *Document) Find(path string) (pos Position, ok bool) {
	if d.root == nil {
		return Position{}, false
	}
	r := reader{doc: d, max: math.MaxInt}
	cur := d.root
	pos = Position{Line: cur.Line, Column: cur.Column}
	rest := path
	for rest != "" {
		name, sub, next, good := nextElement(rest)
		if !good {
			return pos, true
		}
		cur = r.deref(cur)
		var at, val *yaml.Node
		switch {
		case sub && cur.Kind == yaml.SequenceNode:
			i, err := strconv.Atoi(name)
			if err != nil || i < 0 || i >= len(cur.Content) {
				return pos, true
			}
			at, val = cur.Content[i], cur.Content[i]
		case cur.Kind == yaml.MappingNode:
			at, val = r.member(cur, name)
		}
		if at == nil {
			return pos, true
		}
		pos = Position{Line: at.Line, Column: at.Column, Path: strings.TrimSuffix(path[:len(path)-len(next)], ".")}
		cur, rest = val, next
	}
	return pos, true
}

// nextElement splits the first element off a field path: a name (up to
// '.' or '['), or a subscript in brackets.
func nextElement(p string) (name string, sub bool, rest string, ok bool) {
	if p[0] == '[' {
		end := strings.IndexByte(p, ']')
		if end < 0 {
			return "", false, "", false
		}
		name, rest = p[1:end], p[end+1:]
		rest = strings.TrimPrefix(rest, ".")
		return name, true, rest, true
	}
	end := strings.IndexAny(p, ".[")
	if end < 0 {
		return p, false, "", true
	}
	name, rest = p[:end], p[end:]
	rest = strings.TrimPrefix(rest, ".")
	return name, false, rest, name != ""
}

// deref follows aliases.
func (r *reader) deref(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// member finds the last assignment of the member name in the mapping m,
// merge keys included: the key node and the value node.
func (r *reader) member(m *yaml.Node, name string) (key, value *yaml.Node) {
	var walk func(m *yaml.Node, depth int)
	walk = func(m *yaml.Node, depth int) {
		if depth > 100 {
			return
		}
		c := m.Content
		for i := 0; i+1 < len(c); i += 2 {
			k, v := c[i], c[i+1]
			if isMerge(k) {
				var merged []*yaml.Node
				if v.Kind == yaml.SequenceNode {
					for j := len(v.Content) - 1; j >= 0; j-- {
						merged = append(merged, v.Content[j])
					}
				} else {
					merged = append(merged, v)
				}
				for _, x := range merged {
					if x = r.deref(x); x.Kind == yaml.MappingNode {
						walk(x, depth+1)
					}
				}
				continue
			}
			r.err = nil
			_, e := r.key(k)
			if r.err == nil && e.lazy == 0 && e.key == name {
				key, value = k, v
			}
		}
	}
	walk(m, 0)
	r.err = nil
	return key, value
}
