package interop

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// gen produces selector inputs, valid and not, from a seeded source so
// that every run sees the same cases.
type gen struct {
	r *rand.Rand
}

func newGen(seed uint64) *gen {
	return &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *gen) intn(n int) int        { return g.r.IntN(n) }
func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

const (
	alnum      = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	lowerAlnum = "abcdefghijklmnopqrstuvwxyz0123456789"
	nameInner  = alnum + "-_."
)

// commonKeys are keys real selectors use; a small pool makes requirements
// share keys and label sets hit them.
var commonKeys = []string{
	"a", "b", "app", "tier", "env", "job-name", "controller-uid", "in", "notin",
	"x.y", "A_b-9", "example.com/app", "k8s.io/x", "batch.kubernetes.io/job-name",
	"1", "gt", "lt", "exists",
}

// commonValues are values real selectors use, including the words of the
// grammar and integers.
var commonValues = []string{
	"", "x", "y", "prod", "staging", "frontend", "in", "notin", "1", "2", "10",
	"007", "0", "42", "9223372036854775807", "9223372036854775808", "a.b", "A-1_z",
	"gt", "lt",
}

// name returns a valid name of 1 to max bytes.
func (g *gen) name(max int) string {
	n := 1 + g.intn(max)
	b := make([]byte, n)
	for i := range b {
		if i == 0 || i == n-1 {
			b[i] = alnum[g.intn(len(alnum))]
		} else {
			b[i] = nameInner[g.intn(len(nameInner))]
		}
	}
	return string(b)
}

// dnsLabel returns a valid lower-case DNS label of 1 to max bytes.
func (g *gen) dnsLabel(max int) string {
	n := 1 + g.intn(max)
	b := make([]byte, n)
	for i := range b {
		if i == 0 || i == n-1 || !g.chance(0.2) {
			b[i] = lowerAlnum[g.intn(len(lowerAlnum))]
		} else {
			b[i] = '-'
		}
	}
	return string(b)
}

// prefix returns a DNS subdomain, sometimes exactly at or past the 253
// byte limit.
func (g *gen) prefix() string {
	switch g.intn(10) {
	case 0:
		return g.subdomainOfLength(253)
	case 1:
		return g.subdomainOfLength(254)
	case 2:
		return g.subdomainOfLength(1 + g.intn(253))
	}
	parts := 1 + g.intn(3)
	ps := make([]string, parts)
	for i := range ps {
		ps[i] = g.dnsLabel(10)
	}
	return strings.Join(ps, ".")
}

// subdomainOfLength returns a valid-looking subdomain of exactly n bytes.
func (g *gen) subdomainOfLength(n int) string {
	var b strings.Builder
	for b.Len() < n {
		left := n - b.Len()
		if b.Len() > 0 {
			if left < 2 {
				b.WriteByte(lowerAlnum[g.intn(len(lowerAlnum))])
				break
			}
			b.WriteByte('.')
			left--
		}
		b.WriteString(g.dnsLabel(min(left, 1+g.intn(62))))
	}
	return b.String()[:n]
}

// key returns a label key: mostly valid, from the pool or generated, with
// lengths at and around the limits.
func (g *gen) key() string {
	switch g.intn(12) {
	case 0, 1, 2, 3, 4, 5:
		return pick(g, commonKeys)
	case 6:
		return g.name(63)
	case 7:
		return g.prefix() + "/" + g.name(63)
	case 8:
		return strings.Repeat("k", 63-g.intn(2)+g.intn(2))
	case 9:
		return g.prefix() + "/" + strings.Repeat("n", 62+g.intn(3))
	case 10:
		return g.name(8) + "/" + g.name(8) // invalid prefix sometimes (upper case, '_')
	}
	return g.mutateWord(pick(g, commonKeys))
}

// value returns a label value, mostly valid.
func (g *gen) value() string {
	switch g.intn(10) {
	case 0, 1, 2, 3, 4:
		return pick(g, commonValues)
	case 5:
		return g.name(63)
	case 6:
		return strings.Repeat("v", 62+g.intn(3))
	case 7:
		return strconv.FormatInt(g.r.Int64N(1<<40)-1<<39, 10)
	case 8:
		return ""
	}
	return g.mutateWord(pick(g, commonValues))
}

// integer returns the operand of '>' or '<': usually an integer.
func (g *gen) integer() string {
	switch g.intn(12) {
	case 0:
		return "9223372036854775807"
	case 1:
		return "9223372036854775808"
	case 2:
		return "-5"
	case 3:
		return "+5"
	case 4:
		return "007"
	case 5:
		return ""
	case 6:
		return "1a"
	}
	return strconv.Itoa(g.intn(200))
}

// mutateWord changes one byte of w.
func (g *gen) mutateWord(w string) string {
	odd := []byte{'_', '-', '.', '/', 'A', 'z', '9', '@', ' ', 0xC3, '*'}
	b := []byte(w)
	if len(b) == 0 {
		return string(odd[g.intn(len(odd))])
	}
	i := g.intn(len(b))
	switch g.intn(3) {
	case 0:
		b[i] = odd[g.intn(len(odd))]
	case 1:
		b = append(b[:i], append([]byte{odd[g.intn(len(odd))]}, b[i:]...)...)
	default:
		b = append(b[:i], b[i+1:]...)
	}
	return string(b)
}

// ws returns white space between tokens; required means at least one
// byte of it.
func (g *gen) ws(required bool) string {
	if !required && g.chance(0.6) {
		return ""
	}
	spaces := []string{" ", " ", "  ", "\t", "\n", "\r", " \t "}
	return pick(g, spaces)
}

// validSelector writes a selector that follows the grammar (its keys and
// values may still be invalid now and then).
func (g *gen) validSelector() string {
	n := 1 + g.intn(4)
	keys := commonKeys
	if g.chance(0.12) {
		// Many requirements over few keys: exercises the sort of
		// requirements with equal keys beyond insertion-sort sizes.
		n = 13 + g.intn(12)
		keys = []string{g.key(), g.key(), g.key(), "a"}
	}
	reqs := make([]string, n)
	for i := range reqs {
		reqs[i] = g.requirement(keys)
	}
	var b strings.Builder
	b.WriteString(g.ws(false))
	for i, r := range reqs {
		if i > 0 {
			b.WriteString(g.ws(false))
			b.WriteByte(',')
			b.WriteString(g.ws(false))
		}
		b.WriteString(r)
	}
	b.WriteString(g.ws(false))
	return b.String()
}

// requirement writes one requirement with a key from keys (or a fresh
// one).
func (g *gen) requirement(keys []string) string {
	key := pick(g, keys)
	if g.chance(0.3) {
		key = g.key()
	}
	switch g.intn(9) {
	case 0:
		return key
	case 1:
		return "!" + g.ws(false) + key
	case 2, 3:
		op := pick(g, []string{"=", "==", "!="})
		v := g.value()
		if g.chance(0.1) {
			v = ""
		}
		return key + g.ws(false) + op + g.ws(false) + v
	case 4:
		return key + g.ws(false) + pick(g, []string{">", "<"}) + g.ws(false) + g.integer()
	default:
		op := pick(g, []string{"in", "notin"})
		var b strings.Builder
		b.WriteString(key + g.ws(true) + op + g.ws(false) + "(")
		items := g.intn(5)
		for i := 0; i < items; i++ {
			if i > 0 {
				b.WriteString(g.ws(false) + "," + g.ws(false))
			}
			if !g.chance(0.15) {
				b.WriteString(g.value())
			}
		}
		b.WriteString(g.ws(false) + ")")
		return b.String()
	}
}

// mutate applies one to three random edits to s.
func (g *gen) mutate(s string) string {
	inserts := []string{
		",", "(", ")", "!", "=", "==", "!=", "in", "notin", " in ", " notin ", "gt", "lt",
		">", "<", "\x00", " ", "\t", "\n", "/", ".", "-", "_", "é", "\xff", ",,", "()", "(,)",
		"a", "Z", "9", "\v", "\f", "'", "\"",
	}
	b := []byte(s)
	for edits := 1 + g.intn(3); edits > 0; edits-- {
		i := 0
		if len(b) > 0 {
			i = g.intn(len(b) + 1)
		}
		switch g.intn(7) {
		case 0, 1: // insert
			ins := pick(g, inserts)
			b = append(b[:i], append([]byte(ins), b[i:]...)...)
		case 2: // delete one byte
			if i < len(b) {
				b = append(b[:i], b[i+1:]...)
			}
		case 3: // replace one byte
			if i < len(b) {
				b[i] = pick(g, inserts)[0]
			}
		case 4: // delete a range
			if i < len(b) {
				j := i + g.intn(len(b)-i+1)
				b = append(b[:i], b[j:]...)
			}
		case 5: // duplicate a range
			if i < len(b) {
				j := i + g.intn(len(b)-i+1)
				dup := append([]byte(nil), b[i:j]...)
				b = append(b[:j], append(dup, b[j:]...)...)
			}
		default: // truncate
			b = b[:i]
		}
	}
	return string(b)
}

// randomString returns a short string over the bytes that matter to the
// grammar: it reaches corners that mutations of valid input miss.
func (g *gen) randomString() string {
	const alphabet = "ab1=!(),<> \t\x00in/.-"
	n := g.intn(13)
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.intn(len(alphabet))]
	}
	return string(b)
}

// labelValueVariants are values of a label that stress comparisons:
// integers in forms ParseInt reads or rejects, and near misses.
var labelValueVariants = []string{
	"", "0", "1", "+5", "-3", "007", " 1", "0x1", "1_000", "99999999999999999999",
	"-9223372036854775808", "9223372036854775807", "abc", "x", "prod",
}
