package selector

import (
	"slices"
	"strings"
)

// Labels is a read-only view of an object's labels, whatever stores them.
type Labels interface {
	// Has reports whether the label key is present.
	Has(key string) bool
	// Get returns the value of the label key, or "" when it is absent.
	Get(key string) string
}

// lookuper is implemented by label stores that answer Has and Get in one
// call; Matches uses it when present.
type lookuper interface {
	Lookup(key string) (value string, ok bool)
}

// Set is a label set: keys to values. It implements [Labels]. The nil Set
// is an empty set.
type Set map[string]string

// Has reports whether key is in the set.
func (ls Set) Has(key string) bool {
	_, ok := ls[key]
	return ok
}

// Get returns the value of key, or "" when key is absent.
func (ls Set) Get(key string) string {
	return ls[key]
}

// Lookup returns the value of key and whether key is present.
func (ls Set) Lookup(key string) (string, bool) {
	v, ok := ls[key]
	return v, ok
}

// String prints the set as Kubernetes does: "key=value" items sorted as
// strings and joined by ",". The result parses (with [Parse]) to a selector
// that matches exactly the label sets holding these labels, when the keys
// and values are valid. The empty set prints as "".
func (ls Set) String() string {
	if len(ls) == 0 {
		return ""
	}
	items := make([]string, 0, len(ls))
	n := len(ls) - 1
	for k, v := range ls {
		items = append(items, k+"="+v)
		n += len(k) + 1 + len(v)
	}
	slices.Sort(items)
	var b strings.Builder
	b.Grow(n)
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(it)
	}
	return b.String()
}
