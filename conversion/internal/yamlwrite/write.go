package yamlwrite

import "sort"

// Append appends the YAML document for the JSON value j to dst and
// returns the extended buffer; see the package comment for the format.
// j must be one valid JSON value, optionally surrounded by whitespace, and
// within the YAML reader's limits the package comment lists; otherwise
// Append returns dst unchanged and an error naming the byte offset.
func Append(dst, j []byte) ([]byte, error) {
	p := parser{tree: tree{
		in:    j,
		nodes: make([]node, 0, len(j)/8+1),
		kids:  make([]int, 0, len(j)/8+1),
	}}
	if err := p.parse(); err != nil {
		return dst, err
	}
	t := &p.tree
	sortKeys(t)
	e := emitter{out: dst, indent: -1, whitespace: true, indention: true, t: t}
	e.node(t.nodes[0], false)
	e.writeIndent()
	return e.out, nil
}

// sortKeys sorts the members of every object by name with a stable sort,
// so that the order is the reference's even where naturalLess is not a
// strict weak order.
func sortKeys(t *tree) {
	m := &members{t: t}
	for _, n := range t.nodes {
		if n.kind == kindObject && n.end-n.off > 2 {
			m.kids = t.kids[n.off:n.end]
			sort.Stable(m)
		}
	}
}

// members sorts name/value pairs of node indexes by name.
type members struct {
	t    *tree
	kids []int
}

func (m *members) Len() int { return len(m.kids) / 2 }

func (m *members) Less(i, j int) bool {
	a := m.t.bytes(m.t.nodes[m.kids[2*i]])
	b := m.t.bytes(m.t.nodes[m.kids[2*j]])
	return naturalLess(a, b)
}

func (m *members) Swap(i, j int) {
	k := m.kids
	k[2*i], k[2*j] = k[2*j], k[2*i]
	k[2*i+1], k[2*j+1] = k[2*j+1], k[2*i+1]
}
