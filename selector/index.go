package selector

import (
	"cmp"
	"slices"
	"sync"
)

// Index holds many selectors, each filed under a key of type K (a Job's
// name or UID, say), and answers which of them match a label set without
// trying them all: "which of my Jobs owns this pod".
//
// Each selector is filed by one of its requirements:
//   - by an equality ('=', '==', or 'in', under each of its values): the
//     selector is tried only for label sets with that key and value. Of
//     several, Add prefers the one with the fewest values, then the one
//     whose lists hold the fewest selectors at the time.
//   - otherwise by a requirement that needs its key present (exists, '>',
//     '<'): the selector is tried only for label sets that have the key.
//   - Everything is returned for every label set without being tried.
//   - The rest, selectors made only of '!=', 'notin' and '!key', which
//     label sets without any of their keys match, are tried for every
//     label set: a linear scan over them alone.
//
// Nothing, and selectors holding a zero Requirement, are kept but never
// match. So [Index.Matching] costs, besides the result, one map lookup
// per label (or per distinct label key the filed selectors use, when
// that is smaller), plus one Matches per selector filed under a label of
// the set, plus one per selector in the linear scan; it does not depend
// on how many other selectors are held.
//
// An Index is safe for concurrent use: Matching and AppendMatching take a
// read lock and run in parallel with each other; Add and Remove take the
// write lock (so the Labels given to Matching must not call them). The
// zero Index is empty and ready to use; an Index must not be copied after
// first use.
type Index[K comparable] struct {
	mu      sync.RWMutex
	entries map[K]*indexEntry[K]
	// byValue files selectors under a label key and value.
	byValue map[string]map[string]*postings[K]
	// byKey files selectors under a label key that must be present.
	byKey map[string]*postings[K]
	// every holds the Empty selectors; scan those tried for every set.
	every, scan postings[K]
	// seq numbers the Adds, to return matches in the order they were
	// added.
	seq uint64
}

// stackEntries is how many matches Matching gathers without allocating.
const stackEntries = 64

// indexEntry is one selector held by an Index.
type indexEntry[K comparable] struct {
	key K
	sel Selector
	// rest holds the requirements of sel other than the equality or
	// exists it is filed by, which hold for every label set the entry is
	// found by; they are all that Matching checks. always is set when
	// there are none.
	rest   Selector
	always bool
	seq    uint64
	// slots say where the entry is filed, to remove it in constant time.
	slots []slot[K]
}

// slot is the position of an entry in one posting list.
type slot[K comparable] struct {
	list *postings[K]
	pos  int
}

// postings is a list of selectors filed together.
type postings[K comparable] struct {
	// key and value name the list in byValue or byKey (value unused), to
	// drop it when it empties; kind says which map it is in, if any.
	key, value string
	kind       postingKind
	entries    []*indexEntry[K]
}

type postingKind uint8

const (
	unfiled postingKind = iota // every and scan
	filedByValue
	filedByKey
)

// NewIndex returns an empty Index.
func NewIndex[K comparable]() *Index[K] {
	return &Index[K]{}
}

// Len returns how many selectors the index holds, Nothing included.
func (x *Index[K]) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.entries)
}

// Add files sel under key, replacing the selector key had. sel is kept
// as it is (selectors are immutable), so Add costs one allocation for the
// entry plus a few for new lists, and time linear in sel's requirements.
func (x *Index[K]) Add(key K, sel Selector) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.entries == nil {
		x.entries = make(map[K]*indexEntry[K])
		x.byValue = make(map[string]map[string]*postings[K])
		x.byKey = make(map[string]*postings[K])
	}
	if old := x.entries[key]; old != nil {
		x.unfile(old)
	}
	e := &indexEntry[K]{key: key, sel: sel, seq: x.seq}
	x.seq++
	x.entries[key] = e
	x.file(e)
}

// Remove drops the selector filed under key, if any.
func (x *Index[K]) Remove(key K) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if e := x.entries[key]; e != nil {
		x.unfile(e)
		delete(x.entries, key)
	}
}

// file puts e in the lists its selector is found by.
func (x *Index[K]) file(e *indexEntry[K]) {
	s := &e.sel
	if !s.selectable {
		return
	}
	var eq, present *Requirement
	eqCost, presentCost := 0, 0
	for i := range s.reqs {
		r := &s.reqs[i]
		switch r.op {
		case opNone:
			return // matches nothing
		case opEquals, opDoubleEquals, opIn:
			if cost := x.valueCost(r); eq == nil || distinct(r.values) < distinct(eq.values) ||
				(distinct(r.values) == distinct(eq.values) && cost < eqCost) {
				eq, eqCost = r, cost
			}
		case opExists, opGreaterThan, opLessThan:
			cost := 0
			if p := x.byKey[r.key]; p != nil {
				cost = len(p.entries)
			}
			if present == nil || cost < presentCost {
				present, presentCost = r, cost
			}
		}
	}
	switch {
	case eq != nil:
		e.setRest(eq)
		vals := x.byValue[eq.key]
		if vals == nil {
			vals = make(map[string]*postings[K])
			x.byValue[eq.key] = vals
		}
		for i, v := range eq.values {
			if i > 0 && eq.values[i-1] == v {
				continue // FromLabelSelector keeps repeats
			}
			p := vals[v]
			if p == nil {
				p = &postings[K]{key: eq.key, value: v, kind: filedByValue}
				vals[v] = p
			}
			p.add(e)
		}
	case present != nil:
		if present.op == opExists {
			e.setRest(present)
		} else {
			e.rest = e.sel // '>' and '<' still compare the value
		}
		p := x.byKey[present.key]
		if p == nil {
			p = &postings[K]{key: present.key, kind: filedByKey}
			x.byKey[present.key] = p
		}
		p.add(e)
	case len(s.reqs) == 0:
		x.every.add(e)
	default:
		e.rest = e.sel
		x.scan.add(e)
	}
}

// setRest sets e.rest to the requirements of e.sel but filed, which
// points into e.sel.reqs. It allocates only when filed is neither the
// first nor the last requirement.
func (e *indexEntry[K]) setRest(filed *Requirement) {
	reqs := e.sel.reqs
	i := 0
	for &reqs[i] != filed {
		i++
	}
	var rest []Requirement
	switch {
	case i == 0:
		rest = reqs[1:]
	case i == len(reqs)-1:
		rest = reqs[:i:i]
	default:
		rest = append(append(make([]Requirement, 0, len(reqs)-1), reqs[:i]...), reqs[i+1:]...)
	}
	e.rest = Selector{reqs: rest, selectable: true}
	e.always = len(rest) == 0
}

// valueCost is how many selectors are filed under the values of r now.
func (x *Index[K]) valueCost(r *Requirement) int {
	vals := x.byValue[r.key]
	n := 0
	for _, v := range r.values {
		if p := vals[v]; p != nil {
			n += len(p.entries)
		}
	}
	return n
}

// distinct counts the distinct values of sorted vals.
func distinct(vals []string) int {
	n := 0
	for i := range vals {
		if i == 0 || vals[i] != vals[i-1] {
			n++
		}
	}
	return n
}

// add appends e to p and records the slot in e.
func (p *postings[K]) add(e *indexEntry[K]) {
	e.slots = append(e.slots, slot[K]{list: p, pos: len(p.entries)})
	p.entries = append(p.entries, e)
}

// unfile takes e out of every list it is in, dropping lists that empty.
func (x *Index[K]) unfile(e *indexEntry[K]) {
	for _, sl := range e.slots {
		p := sl.list
		last := len(p.entries) - 1
		moved := p.entries[last]
		p.entries[sl.pos] = moved
		p.entries[last] = nil
		p.entries = p.entries[:last]
		if moved != e {
			for i := range moved.slots {
				if moved.slots[i].list == p {
					moved.slots[i].pos = sl.pos
					break
				}
			}
		}
		if len(p.entries) > 0 {
			continue
		}
		switch p.kind {
		case filedByValue:
			vals := x.byValue[p.key]
			delete(vals, p.value)
			if len(vals) == 0 {
				delete(x.byValue, p.key)
			}
		case filedByKey:
			delete(x.byKey, p.key)
		}
	}
	e.slots = nil
}

// Matching returns the keys of the selectors that match labels, in the
// order they were added (a key added again moves to the end), or nil when
// none match. It is exactly the keys k for which sel.Matches(labels)
// holds, sel being the selector filed under k; nil labels are an empty
// set. It allocates only the result (and a buffer to sort the matches
// when more than 64 selectors match); see [Index.AppendMatching] to reuse
// one.
//
// A Set is read label by label, or, when it has more labels than the
// filed selectors use distinct label keys, looked up by those keys.
// Other Labels, which cannot be listed, are asked about every label key
// the filed selectors use (with a Lookup(key) (string, bool) method when
// they have one, like Set, else with Has and Get), so their cost grows
// with the number of distinct such keys (often a handful) rather than
// with the number of labels.
func (x *Index[K]) Matching(labels Labels) []K {
	out, _ := x.appendMatching(nil, labels)
	return out
}

// AppendMatching is [Index.Matching] that appends the keys to dst and
// returns the extended slice. With room in dst it does not allocate
// unless more than 64 selectors match (then once, to sort them).
func (x *Index[K]) AppendMatching(dst []K, labels Labels) []K {
	out, _ := x.appendMatching(dst, labels)
	return out
}

// appendMatching is AppendMatching that also returns how many selectors
// it evaluated with Matches, the measure of its work that tests assert.
func (x *Index[K]) appendMatching(dst []K, labels Labels) ([]K, int) {
	if labels == nil {
		labels = Set(nil)
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if len(x.entries) == 0 {
		return dst, 0
	}
	// The matches are gathered here to be sorted; up to stackEntries of
	// them need no allocation.
	var stack [stackEntries]*indexEntry[K]
	found := stack[:0]
	evaluated := 0
	try := func(p *postings[K]) {
		for _, e := range p.entries {
			evaluated++
			if e.always || e.rest.Matches(labels) {
				found = append(found, e)
			}
		}
	}
	if set, isSet := labels.(Set); isSet && len(set) <= len(x.byValue)+len(x.byKey) {
		for k, v := range set {
			if p := x.byValue[k][v]; p != nil {
				try(p)
			}
			if p := x.byKey[k]; p != nil {
				try(p)
			}
		}
	} else {
		// Ask about each filed key once: those in byValue (and byKey),
		// then those only in byKey.
		l, isLookuper := labels.(lookuper)
		get := func(k string) (string, bool) {
			if isLookuper {
				return l.Lookup(k)
			}
			if labels.Has(k) {
				return labels.Get(k), true
			}
			return "", false
		}
		for k, vals := range x.byValue {
			v, ok := get(k)
			if !ok {
				continue
			}
			if p := vals[v]; p != nil {
				try(p)
			}
			if p := x.byKey[k]; p != nil {
				try(p)
			}
		}
		for k, p := range x.byKey {
			if _, seen := x.byValue[k]; seen {
				continue
			}
			if _, ok := get(k); ok {
				try(p)
			}
		}
	}
	found = append(found, x.every.entries...)
	try(&x.scan)
	slices.SortFunc(found, func(a, b *indexEntry[K]) int { return cmp.Compare(a.seq, b.seq) })
	for _, e := range found {
		dst = append(dst, e.key)
	}
	return dst, evaluated
}
