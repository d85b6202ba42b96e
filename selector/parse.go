package selector

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/validation"
)

// Parse reads a selector in the string form Kubernetes uses (the
// `-l` of kubectl, the `labelSelector` of list requests), exactly as
// k8s.io/apimachinery's labels.Parse does:
//
//	<selector>    ::= "" | <requirement> { "," <requirement> }
//	<requirement> ::= KEY                        (the key exists)
//	                | "!" KEY                    (the key does not exist)
//	                | KEY ( "=" | "==" | "!=" ) [ VALUE ]
//	                | KEY ( ">" | "<" ) INTEGER
//	                | KEY ( "in" | "notin" ) "(" [ VALUE ] { "," [ VALUE ] } ")"
//
// Spaces, tabs, carriage returns and newlines may surround every token.
// KEY is a label key and VALUE a label value (as package
// jobapi/validation's IsQualifiedName and IsLabelValue have them); there
// is no quoting. A missing VALUE is the empty value: "a=" requires a to be
// present and empty, and "a in (x,)" holds "" and "x". "in" and "notin"
// are keywords only where an operator may stand: "in in (in)" is valid. INTEGER is a label value that is also
// a base-10 int64 ("gt" and "lt" are not operators in this form). Leading,
// trailing and doubled commas are errors. As in Kubernetes, a NUL byte
// ends a token, and one where a token would start ends the selector.
//
// The result has its requirements sorted by key and the values of each
// requirement sorted with repeats removed. The empty string gives
// Everything. A bad selector, or one longer than [MaxLength] bytes, gives
// a *ParseError.
func Parse(s string) (Selector, error) {
	if len(s) > MaxLength {
		return Selector{}, &ParseError{Selector: s, Offset: MaxLength,
			Detail: "must be at most " + strconv.Itoa(MaxLength) + " bytes long, not " + strconv.Itoa(len(s))}
	}
	p := parser{s: s}
	first := p.peek()
	if first.kind == tEOS {
		return Everything(), nil
	}
	if !startsRequirement(first.kind) {
		return Selector{}, p.fail(first, "found "+p.describe(first)+" where a requirement must start; "+requirementShape)
	}
	p.reserve()
	for {
		if err := p.requirement(); err != nil {
			return Selector{}, err
		}
		t := p.next()
		switch t.kind {
		case tEOS:
			sortRequirements(p.reqs)
			return Selector{reqs: p.reqs, selectable: true}, nil
		case tComma:
			if t2 := p.peek(); !startsRequirement(t2.kind) {
				detail := "found " + p.describe(t2) + " after ',', expected a requirement"
				switch t2.kind {
				case tEOS:
					detail += "; remove the trailing ','"
				case tComma:
					detail += "; remove the extra ','"
				}
				return Selector{}, p.fail(t2, detail)
			}
		default:
			return Selector{}, p.fail(t, "found "+p.describe(t)+" after a complete requirement, expected ',' or the end of the selector")
		}
	}
}

// MaxLength is the longest selector Parse reads, in bytes. Kubernetes'
// labels.Parse has no bound, but an API server reads a labelSelector from
// the URL of a request, which Go's HTTP server caps, with the headers, at
// 1 MiB; no selector a cluster can receive is longer.
const MaxLength = 1 << 20

// MustParse is Parse for selectors written in the program, such as
// constants in tests and examples. It panics when s is not a valid
// selector; use Parse for input.
func MustParse(s string) Selector {
	sel, err := Parse(s)
	if err != nil {
		panic("selector.MustParse: " + err.Error())
	}
	return sel
}

// requirementShape tells what a requirement looks like.
const requirementShape = "a requirement is a label key, optionally preceded by '!' or followed by an operator and values (e.g. 'app', '!legacy', 'tier=web', 'env in (prod,staging)', 'replicas>2')"

// ParseError reports a selector string that Parse rejects: where the
// problem is (Offset, a byte offset into Selector) and what to do about it
// (Detail).
type ParseError struct {
	Selector string
	Offset   int
	Detail   string
}

// Error prints the selector (an excerpt around the problem when it is
// long), the offset and the detail.
func (e *ParseError) Error() string {
	const max, ctx = 120, 50
	shown := e.Selector
	if len(shown) > max {
		lo, hi := e.Offset-ctx, e.Offset+ctx
		prefix, suffix := "...", "..."
		if lo <= 0 {
			lo, prefix = 0, ""
		}
		if hi >= len(shown) {
			hi, suffix = len(shown), ""
		}
		shown = prefix + shown[lo:hi] + suffix
	}
	return fmt.Sprintf("invalid selector %q at byte %d: %s", shown, e.Offset, e.Detail)
}

// tokKind is the kind of a token of the selector grammar.
type tokKind uint8

const (
	tEOS   tokKind = iota // the end of the input (or a NUL byte where a token starts)
	tIdent                // a key or value
	tIn                   // "in": an operator after a key, else an identifier
	tNotIn                // "notin": likewise
	tComma
	tOpen
	tClose
	tNot  // "!"
	tEq   // "="
	tEqEq // "=="
	tNeq  // "!="
	tGt   // ">"
	tLt   // "<"
)

// token is a token and where its text is in the input.
type token struct {
	kind       tokKind
	start, end int
}

// isValueTok reports whether a token of kind k can be a key or a value:
// an identifier, including the words "in" and "notin".
func isValueTok(k tokKind) bool { return k == tIdent || k == tIn || k == tNotIn }

// startsRequirement reports whether a requirement may start with k.
func startsRequirement(k tokKind) bool { return isValueTok(k) || k == tNot }

// parser reads a selector with one token of lookahead. Keys and values are
// substrings of the input; the values of all requirements share one
// backing array.
type parser struct {
	s      string
	pos    int // the next byte to read
	tok    token
	peeked bool
	reqs   []Requirement
	vals   []string
	valCap int // the capacity vals gets when the first value comes
}

// reserve sizes reqs and vals from the commas of the input so that
// parsing allocates each array once: there are at most (top-level commas
// + 1) requirements and (commas + 1) values.
func (p *parser) reserve() {
	commas := strings.Count(p.s, ",")
	top := commas
	if commas > 0 && strings.IndexByte(p.s, '(') >= 0 {
		top = 0
		depth := 0
		for i := 0; i < len(p.s); i++ {
			switch p.s[i] {
			case '(':
				depth++
			case ')':
				depth--
			case ',':
				if depth <= 0 {
					top++
				}
			}
		}
	}
	// Past the cap, append grows the arrays as usual; values already
	// carved keep pointing at the old array, which is never written again.
	p.reqs = make([]Requirement, 0, min(top, maxReserve)+1)
	p.valCap = min(commas, maxReserve) + 1
}

// maxReserve bounds what reserve allocates ahead, so that a huge input
// does not allocate for requirements it may never reach.
const maxReserve = 1024

// isSpace reports whether c separates tokens.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// isIdentByte reports whether c continues an identifier: anything but
// white space, an operator or parenthesis byte, ',' and NUL.
func isIdentByte(c byte) bool {
	if c > '>' {
		return true
	}
	switch c {
	case 0, ' ', '\t', '\r', '\n', '=', '!', '(', ')', ',', '>', '<':
		return false
	}
	return true
}

// lex reads the next token.
func (p *parser) lex() token {
	s := p.s
	i := p.pos
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i >= len(s) || s[i] == 0 {
		// Kubernetes stops reading at a NUL where a token would start.
		p.pos = len(s)
		return token{kind: tEOS, start: i, end: i}
	}
	kind, j := tIdent, i+1
	switch s[i] {
	case ',':
		kind = tComma
	case '(':
		kind = tOpen
	case ')':
		kind = tClose
	case '>':
		kind = tGt
	case '<':
		kind = tLt
	case '=':
		kind = tEq
		if j < len(s) && s[j] == '=' {
			kind, j = tEqEq, j+1
		}
	case '!':
		kind = tNot
		if j < len(s) && s[j] == '=' {
			kind, j = tNeq, j+1
		}
	default:
		for j < len(s) && isIdentByte(s[j]) {
			j++
		}
		switch s[i:j] {
		case "in":
			kind = tIn
		case "notin":
			kind = tNotIn
		}
	}
	// A NUL right after a token ends it and is skipped, as Kubernetes'
	// lexer does.
	p.pos = j
	if j < len(s) && s[j] == 0 {
		p.pos++
	}
	return token{kind: kind, start: i, end: j}
}

// peek returns the next token without consuming it.
func (p *parser) peek() token {
	if !p.peeked {
		p.tok = p.lex()
		p.peeked = true
	}
	return p.tok
}

// next consumes and returns the next token.
func (p *parser) next() token {
	t := p.peek()
	p.peeked = false
	return t
}

// text returns the input text of t.
func (p *parser) text(t token) string { return p.s[t.start:t.end] }

// describe names t for an error message.
func (p *parser) describe(t token) string {
	if t.kind == tEOS {
		return "the end of the selector"
	}
	return quote(p.text(t))
}

// quote shows a literal in single quotes, escaping what does not print.
func quote(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '\'' {
			q := strconv.Quote(s)
			return "'" + q[1:len(q)-1] + "'"
		}
	}
	return "'" + s + "'"
}

// fail returns the error for a problem at t.
func (p *parser) fail(t token, detail string) error {
	return &ParseError{Selector: p.s, Offset: t.start, Detail: detail}
}

// addValue appends v to the values of the requirement being read.
func (p *parser) addValue(v string) {
	if p.vals == nil {
		p.vals = make([]string, 0, p.valCap)
	}
	p.vals = append(p.vals, v)
}

// requirement reads one requirement and appends it to p.reqs.
func (p *parser) requirement() error {
	t := p.next()
	op := opExists
	if t.kind == tNot {
		op = opDoesNotExist
		t = p.next()
	}
	if !isValueTok(t.kind) {
		return p.fail(t, "found "+p.describe(t)+" after '!', expected a label key (e.g. '!legacy')")
	}
	key := p.text(t)
	if !validation.IsQualifiedName(key) {
		return p.fail(t, "label key "+quote(key)+": "+strings.Join(validation.QualifiedNameProblems(key), "; "))
	}
	if op == opDoesNotExist {
		p.reqs = append(p.reqs, Requirement{key: key, op: opDoesNotExist})
		return nil
	}
	if k := p.peek().kind; k == tEOS || k == tComma {
		p.reqs = append(p.reqs, Requirement{key: key, op: opExists})
		return nil
	}
	t = p.next()
	switch t.kind {
	case tIn:
		op = opIn
	case tNotIn:
		op = opNotIn
	case tEq:
		op = opEquals
	case tEqEq:
		op = opDoubleEquals
	case tNeq:
		op = opNotEquals
	case tGt:
		op = opGreaterThan
	case tLt:
		op = opLessThan
	default:
		return p.fail(t, p.operatorProblem(t, key))
	}
	start := len(p.vals)
	if op == opIn || op == opNotIn {
		if err := p.valueList(t); err != nil {
			return err
		}
	} else {
		switch v := p.peek(); {
		case v.kind == tEOS || v.kind == tComma:
			p.addValue("")
		case isValueTok(v.kind):
			p.next()
			p.addValue(p.text(v))
		default:
			return p.fail(v, "found "+p.describe(v)+" after "+quote(p.text(t))+", expected a value (or nothing, for the empty value)")
		}
	}
	values := p.vals[start:len(p.vals):len(p.vals)]
	for _, v := range values {
		if !validation.IsLabelValue(v) {
			return p.fail(t, "value "+quote(v)+" for key "+quote(key)+": "+strings.Join(validation.LabelValueProblems(v), "; "))
		}
	}
	r := Requirement{key: key, op: op, values: values}
	if op == opGreaterThan || op == opLessThan {
		n, ok := parseInt64(values[0])
		if !ok {
			return p.fail(t, "value "+quote(values[0])+" after "+quote(p.text(t))+": "+integerProblem(values[0]))
		}
		r.num = n
	}
	p.reqs = append(p.reqs, r)
	return nil
}

// operatorProblem explains a token found where an operator must be.
func (p *parser) operatorProblem(t token, key string) string {
	detail := "found " + p.describe(t) + " after the key " + quote(key) + ", expected one of '=', '==', '!=', 'in', 'notin', '>', '<', or ',' or the end of the selector to require only that the key exists"
	switch p.text(t) {
	case "gt":
		detail += "; write '>' instead of 'gt'"
	case "lt":
		detail += "; write '<' instead of 'lt'"
	case "!":
		detail += "; to require that a key is absent write '!' before it (e.g. '!" + key + "')"
	}
	return detail
}

// valueList reads "(v1,v2,...)" after the operator op and leaves the
// values, sorted and each once, at the end of p.vals. Empty items are the
// empty value: "()" and "(,)" hold "", "(a,)" holds "" and "a".
func (p *parser) valueList(op token) error {
	t := p.next()
	if t.kind != tOpen {
		return p.fail(t, "found "+p.describe(t)+" after "+quote(p.text(op))+", expected '(' (e.g. 'env "+p.text(op)+" (prod,staging)')")
	}
	start := len(p.vals)
	if t := p.peek(); t.kind == tClose {
		p.next()
		p.addValue("")
		return nil
	} else if !isValueTok(t.kind) && t.kind != tComma {
		return p.fail(t, "found "+p.describe(t)+" after '(', expected a value, ',' or ')'")
	}
	for {
		t := p.next()
		switch {
		case isValueTok(t.kind):
			p.addValue(p.text(t))
			switch t2 := p.peek(); t2.kind {
			case tComma:
				continue
			case tClose:
				p.next()
				p.sortValues(start)
				return nil
			default:
				detail := "found " + p.describe(t2) + " after the value " + quote(p.text(t)) + ", expected ',' or ')'"
				if t2.kind == tEOS {
					detail += "; close the list with ')'"
				}
				return p.fail(t2, detail)
			}
		case t.kind == tComma:
			if len(p.vals) == start {
				p.addValue("")
			}
			switch t2 := p.peek(); t2.kind {
			case tClose:
				p.next()
				p.addValue("")
				p.sortValues(start)
				return nil
			case tComma:
				p.addValue("")
			}
		default:
			detail := "found " + p.describe(t) + " in a value list, expected a value or ','"
			if t.kind == tEOS {
				detail += "; close the list with ')'"
			}
			return p.fail(t, detail)
		}
	}
}

// sortValues sorts p.vals[start:] and removes repeats, as the string set
// Kubernetes collects them in does.
func (p *parser) sortValues(start int) {
	vals := p.vals[start:]
	if len(vals) < 2 {
		return
	}
	sortStrings(vals)
	w := 1
	for i := 1; i < len(vals); i++ {
		if vals[i] != vals[w-1] {
			vals[w] = vals[i]
			w++
		}
	}
	p.vals = p.vals[:start+w]
}
