package selector

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
)

// Operator relates a label key to values in a [Requirement]. Its values are
// spelled as Kubernetes spells them (k8s.io/apimachinery/pkg/selection).
type Operator string

// The operators. Equals and DoubleEquals mean the same and differ only in
// how the selector prints.
const (
	Equals       Operator = "="      // key=value: the key is present with the value
	DoubleEquals Operator = "=="     // key==value: the same as Equals
	In           Operator = "in"     // key in (v1,v2): the key is present with one of the values
	NotEquals    Operator = "!="     // key!=value: the key is absent or has another value
	NotIn        Operator = "notin"  // key notin (v1,v2): the key is absent or has none of the values
	Exists       Operator = "exists" // key: the key is present
	DoesNotExist Operator = "!"      // !key: the key is absent
	GreaterThan  Operator = "gt"     // key>n: the value is an integer greater than n
	LessThan     Operator = "lt"     // key<n: the value is an integer less than n
)

// opcode is the compact form of an Operator kept in a Requirement; the zero
// opcode marks the zero (invalid) Requirement.
type opcode uint8

const (
	opNone opcode = iota
	opEquals
	opDoubleEquals
	opIn
	opNotEquals
	opNotIn
	opExists
	opDoesNotExist
	opGreaterThan
	opLessThan
)

// operator returns the Operator of op.
func (op opcode) operator() Operator {
	switch op {
	case opEquals:
		return Equals
	case opDoubleEquals:
		return DoubleEquals
	case opIn:
		return In
	case opNotEquals:
		return NotEquals
	case opNotIn:
		return NotIn
	case opExists:
		return Exists
	case opDoesNotExist:
		return DoesNotExist
	case opGreaterThan:
		return GreaterThan
	case opLessThan:
		return LessThan
	}
	return ""
}

// opcodeOf returns the opcode of op, or opNone when op is not an operator.
func opcodeOf(op Operator) opcode {
	switch op {
	case Equals:
		return opEquals
	case DoubleEquals:
		return opDoubleEquals
	case In:
		return opIn
	case NotEquals:
		return opNotEquals
	case NotIn:
		return opNotIn
	case Exists:
		return opExists
	case DoesNotExist:
		return opDoesNotExist
	case GreaterThan:
		return opGreaterThan
	case LessThan:
		return opLessThan
	}
	return opNone
}

// operators lists every Operator, for NotSupported errors.
func operators() []Operator {
	return []Operator{Equals, DoubleEquals, In, NotEquals, NotIn, Exists, DoesNotExist, GreaterThan, LessThan}
}

// Requirement is one condition of a selector: a label key, an operator and
// the values it compares with. Requirements are immutable values; make them
// with [NewRequirement] or get them from [Selector.Requirements]. The zero
// Requirement is invalid and matches nothing.
type Requirement struct {
	key string
	// values are sorted. Requirements from Parse hold each value once;
	// those from NewRequirement and FromLabelSelector keep repeated values,
	// as Kubernetes does, so that they print the same.
	values []string
	// num is the integer of GreaterThan and LessThan (their single value).
	num int64
	op  opcode
}

// NewRequirement returns the requirement that key relates by op to vals,
// validated as Kubernetes validates it: key must be a valid label key;
// In and NotIn need at least one value; Equals, DoubleEquals and NotEquals
// exactly one; Exists and DoesNotExist none; GreaterThan and LessThan
// exactly one, a base-10 integer; every value must be a valid label value
// (the empty value is valid). vals is copied. The error, when there is
// one, is a [field.ErrorList] aggregate with paths `key`, `operator`,
// `values` and `values[i]`.
func NewRequirement(key string, op Operator, vals []string) (Requirement, error) {
	var errs field.ErrorList
	errs = append(errs, validation.ValidateQualifiedName(key, field.NewPath("key"))...)
	valuesPath := field.NewPath("values")
	code := opcodeOf(op)
	var num int64
	switch code {
	case opIn, opNotIn:
		if len(vals) == 0 {
			errs = append(errs, field.Required(valuesPath, "must have at least one value when the operator is 'in' or 'notin'"))
		}
	case opEquals, opDoubleEquals, opNotEquals:
		if len(vals) != 1 {
			errs = append(errs, field.Invalid(valuesPath, vals, "must have exactly one value when the operator is '=', '==' or '!='"))
		}
	case opExists, opDoesNotExist:
		if len(vals) != 0 {
			errs = append(errs, field.Forbidden(valuesPath, "may not be specified when the operator is 'exists' or '!'"))
		}
	case opGreaterThan, opLessThan:
		if len(vals) != 1 {
			errs = append(errs, field.Invalid(valuesPath, vals, "must have exactly one value, an integer, when the operator is 'gt' or 'lt'"))
		}
		for i, v := range vals {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				errs = append(errs, field.Invalid(valuesPath.Index(i), v, integerProblem(v)))
			}
			num = n
		}
	default:
		errs = append(errs, field.NotSupported(field.NewPath("operator"), op, operators()))
	}
	for i, v := range vals {
		errs = append(errs, validation.ValidateLabelValue(v, valuesPath.Index(i))...)
	}
	if len(errs) > 0 {
		return Requirement{}, errs.ToAggregate()
	}
	var values []string
	if len(vals) > 0 {
		values = slices.Clone(vals)
		slices.Sort(values)
	}
	return Requirement{key: key, op: code, values: values, num: num}, nil
}

// integerProblem says why v is not a value for '>' or '<'.
func integerProblem(v string) string {
	if _, err := strconv.ParseInt(v, 10, 64); err != nil && err.(*strconv.NumError).Err == strconv.ErrRange {
		return "must be an integer greater than or equal to -9223372036854775808 and less than or equal to 9223372036854775807"
	}
	return "must be a base-10 integer (e.g. '3') when the operator is 'gt' or 'lt'"
}

// Key returns the label key the requirement is about.
func (r Requirement) Key() string { return r.key }

// Operator returns the requirement's operator ("" for the zero
// Requirement).
func (r Requirement) Operator() Operator { return r.op.operator() }

// Values returns a new slice holding the requirement's distinct values in
// sorted order; nil for Exists and DoesNotExist.
func (r Requirement) Values() []string {
	if len(r.values) == 0 {
		return nil
	}
	return slices.Compact(slices.Clone(r.values))
}

// Equal reports whether r and o have the same key, operator and values.
func (r Requirement) Equal(o Requirement) bool {
	return r.key == o.key && r.op == o.op && slices.Equal(r.values, o.values)
}

// Matches reports whether the labels satisfy the requirement:
//   - Equals, DoubleEquals, In: the key is present with one of the values;
//   - NotEquals, NotIn: the key is absent or has none of the values;
//   - Exists: the key is present; DoesNotExist: it is absent;
//   - GreaterThan, LessThan: the key is present and its value is a base-10
//     integer (as strconv.ParseInt reads it) that compares as required.
//
// Nil labels are an empty set.
func (r Requirement) Matches(ls Labels) bool {
	var v string
	var ok bool
	switch l := ls.(type) {
	case Set:
		v, ok = l[r.key]
	case nil:
	case lookuper:
		v, ok = l.Lookup(r.key)
	default:
		if ok = ls.Has(r.key); ok {
			v = ls.Get(r.key)
		}
	}
	return r.matchValue(v, ok)
}

// matchValue reports whether a label set in which the requirement's key
// is present (ok) with value v satisfies the requirement.
func (r *Requirement) matchValue(v string, ok bool) bool {
	switch r.op {
	case opEquals, opDoubleEquals, opIn:
		return ok && r.hasValue(v)
	case opNotEquals, opNotIn:
		return !ok || !r.hasValue(v)
	case opExists:
		return ok
	case opDoesNotExist:
		return !ok
	case opGreaterThan:
		if !ok {
			return false
		}
		n, good := parseInt64(v)
		return good && n > r.num
	case opLessThan:
		if !ok {
			return false
		}
		n, good := parseInt64(v)
		return good && n < r.num
	}
	return false
}

// hasValue reports whether v is one of the requirement's values.
func (r *Requirement) hasValue(v string) bool {
	vals := r.values
	if len(vals) <= 8 {
		for i := range vals {
			if vals[i] == v {
				return true
			}
		}
		return false
	}
	_, found := slices.BinarySearch(vals, v)
	return found
}

// parseInt64 reads s as strconv.ParseInt(s, 10, 64) does (an optional sign
// and at least one decimal digit, within the range of int64) without
// allocating on failure.
func parseInt64(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	switch s[0] {
	case '+':
		s = s[1:]
	case '-':
		neg = true
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	const limit = uint64(1) << 63 // magnitude of the smallest int64
	var n uint64
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		if n > (limit-uint64(d))/10 {
			return 0, false
		}
		n = n*10 + uint64(d)
	}
	if neg {
		return -int64(n), true // n == limit wraps to the smallest int64, as wanted
	}
	if n >= limit {
		return 0, false
	}
	return int64(n), true
}

// String prints the requirement as Kubernetes does: "key", "!key",
// "key=v", "key==v", "key!=v", "key>n", "key<n", "key in (v1,v2)" or
// "key notin (v1,v2)", values sorted.
func (r Requirement) String() string {
	var b strings.Builder
	b.Grow(r.printedLen())
	r.write(&b)
	return b.String()
}

// printedLen returns the length of String's result.
func (r *Requirement) printedLen() int {
	n := len(r.key)
	switch r.op {
	case opDoesNotExist:
		return n + 1
	case opExists:
		return n
	case opEquals, opGreaterThan, opLessThan:
		n++
	case opDoubleEquals, opNotEquals:
		n += 2
	case opIn:
		n += len(" in ()")
	case opNotIn:
		n += len(" notin ()")
	}
	for i, v := range r.values {
		if i > 0 {
			n++
		}
		n += len(v)
	}
	return n
}

// write appends the printed requirement to b.
func (r *Requirement) write(b *strings.Builder) {
	if r.op == opDoesNotExist {
		b.WriteByte('!')
	}
	b.WriteString(r.key)
	switch r.op {
	case opExists, opDoesNotExist:
		return
	case opEquals:
		b.WriteByte('=')
	case opDoubleEquals:
		b.WriteString("==")
	case opNotEquals:
		b.WriteString("!=")
	case opGreaterThan:
		b.WriteByte('>')
	case opLessThan:
		b.WriteByte('<')
	case opIn:
		b.WriteString(" in (")
	case opNotIn:
		b.WriteString(" notin (")
	}
	for i, v := range r.values {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(v)
	}
	if r.op == opIn || r.op == opNotIn {
		b.WriteByte(')')
	}
}
