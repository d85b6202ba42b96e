package field

import (
	"strconv"
	"strings"
)

// Path is the location of a field inside an object, such as
// `spec.template.metadata.labels[job-name]`. Paths are immutable: [Path.Child],
// [Path.Index] and [Path.Key] return new paths that share their parent, so one
// parent can be extended in many directions without copying. The nil *Path is
// the empty path and prints as "".
type Path struct {
	name   string // field name, or subscript text (an index or a map key) when isSub
	isSub  bool
	parent *Path
}

// NewPath returns the path made of name followed by moreNames, each a field
// name: NewPath("spec", "selector") prints `spec.selector`.
func NewPath(name string, moreNames ...string) *Path {
	p := &Path{name: name}
	for _, n := range moreNames {
		p = &Path{name: n, parent: p}
	}
	return p
}

// Root returns the first element of p.
func (p *Path) Root() *Path {
	if p == nil {
		return nil
	}
	for p.parent != nil {
		p = p.parent
	}
	return p
}

// Child returns p extended by one or more field names.
func (p *Path) Child(name string, moreNames ...string) *Path {
	c := &Path{name: name, parent: p}
	for _, n := range moreNames {
		c = &Path{name: n, parent: c}
	}
	return c
}

// Index returns p extended by a list subscript: `containers[0]`.
func (p *Path) Index(index int) *Path {
	return &Path{name: strconv.Itoa(index), isSub: true, parent: p}
}

// Key returns p extended by a map subscript: `labels[job-name]`. The key is
// printed as it is, without quoting, as Kubernetes does.
func (p *Path) Key(key string) *Path {
	return &Path{name: key, isSub: true, parent: p}
}

// String prints the path: field names joined by dots, subscripts in square
// brackets.
func (p *Path) String() string {
	if p == nil {
		return ""
	}
	var elems []*Path
	n := 0
	for e := p; e != nil; e = e.parent {
		elems = append(elems, e)
		n += len(e.name) + 2
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(elems) - 1; i >= 0; i-- {
		e := elems[i]
		if e.isSub {
			b.WriteByte('[')
			b.WriteString(e.name)
			b.WriteByte(']')
			continue
		}
		if i != len(elems)-1 {
			b.WriteByte('.')
		}
		b.WriteString(e.name)
	}
	return b.String()
}
