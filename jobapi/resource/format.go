package resource

import (
	"bytes"
	"math"
	"math/big"
	"strconv"
)

// String returns the canonical form of q, the text a Kubernetes API server
// stores: the largest suffix of q's Format that needs no fraction ("0.5" is
// "500m", "1000m" is "1", "1.5Gi" is "1536Mi", "1e3" stays "1e3"). BinarySI
// quantities that are not whole numbers, or between -1024 and 1024, print
// as DecimalSI. A quantity parsed from text that Kubernetes judges
// canonical prints that text as written ("+1", "1.500").
func (q Quantity) String() string {
	if q.s != "" {
		return q.s
	}
	var buf [32]byte
	return string(q.appendCanonical(buf[:0]))
}

// MarshalJSON writes q as a JSON string of its canonical form.
func (q Quantity) MarshalJSON() ([]byte, error) {
	return q.AppendJSON(make([]byte, 0, 24))
}

// AppendJSON appends what MarshalJSON writes to b.
func (q Quantity) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '"')
	if q.s != "" {
		b = append(b, q.s...)
	} else {
		b = q.appendCanonical(b)
	}
	return append(b, '"'), nil
}

// SizeJSON returns the length of what MarshalJSON writes.
func (q Quantity) SizeJSON() int {
	if q.s != "" {
		return len(q.s) + 2
	}
	var buf [32]byte
	return len(q.appendCanonical(buf[:0])) + 2
}

// UnmarshalJSON reads q as Kubernetes does: from a JSON string, or from a
// bare JSON number (1, 0.5, 1e3). Spaces around the quantity are trimmed;
// JSON escapes are not decoded, so a quantity written with them is
// refused. The errors are ParseQuantity's, and q is left unchanged.
//
// null makes q the zero Quantity. (apimachinery zeroes only the value and
// keeps the format and any text kept at parse time, so a Quantity parsed
// from "1Gi" still prints "1Gi" after null; a fresh Quantity is zero in
// both.)
func (q *Quantity) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*q = Quantity{}
		return nil
	}
	if l := len(data); l >= 2 && data[0] == '"' && data[l-1] == '"' {
		data = data[1 : l-1]
	}
	parsed, err := ParseQuantity(string(bytes.TrimSpace(data)))
	if err != nil {
		return err
	}
	*q = parsed
	return nil
}

// appendCanonical appends the canonical form of q to out, the way
// apimachinery's CanonicalizeBytes computes it.
func (q Quantity) appendCanonical(out []byte) []byte {
	if q.IsZero() {
		return append(out, '0')
	}
	format := q.Format
	switch format {
	case DecimalExponent, DecimalSI:
	case BinarySI:
		v := q.view()
		if cmpAbs(v, view{u: 1024}) < 0 || !v.isInteger() {
			format = DecimalSI
		} else {
			return q.appendBinary(out)
		}
	default:
		format = DecimalExponent
	}
	out, exponent := q.appendDecimalNumber(out)
	return appendDecimalSuffix(out, exponent, format)
}

// isInteger reports whether v is a whole number.
func (v view) isInteger() bool {
	if v.exp >= 0 || v.isZero() {
		return true
	}
	if v.b != nil {
		return false // normalized: no factor of ten left
	}
	if -v.exp >= int64(len(pow10u)) {
		return false
	}
	return v.u%pow10u[-v.exp] == 0
}

// appendDecimalNumber appends the mantissa of q's canonical decimal form
// and returns its power of ten, a multiple of 3 (in int32 arithmetic, as
// apimachinery computes it).
func (q Quantity) appendDecimalNumber(out []byte) ([]byte, int32) {
	if q.big != nil {
		return appendBigDecimal(out, q.big.neg, &q.big.mag, int32(q.big.exp))
	}
	// apimachinery's int64 path: strip the factors of ten, then multiply
	// by 10 or 100 to reach a multiple of 3, once, without looping.
	amount, times := removeFactors(q.value, 10)
	exponent := q.scale + times
	var ok bool
	switch exponent % 3 {
	case 1, -2:
		amount, ok = mulSmall(amount, 10)
		exponent--
	case 2, -1:
		amount, ok = mulSmall(amount, 100)
		exponent -= 2
	default:
		ok = true
	}
	if !ok {
		// Its inf.Dec path, for a mantissa that overflows.
		v, _ := removeFactors(q.value, 10)
		mag := new(big.Int).SetInt64(v)
		return appendBigDecimal(out, false, mag, q.scale+times)
	}
	return strconv.AppendInt(out, amount, 10), exponent
}

// appendBigDecimal appends sign×mag×10^k for the smallest k ≥ 0 that makes
// exponent-k a multiple of 3, and returns exponent-k. mag has no factor of
// ten and is not changed; it may itself be negative (then neg is false).
func appendBigDecimal(out []byte, neg bool, mag *big.Int, exponent int32) ([]byte, int32) {
	m := new(big.Int).Set(mag)
	ten := big.NewInt(10)
	for exponent%3 != 0 {
		m.Mul(m, ten)
		exponent--
	}
	if neg {
		out = append(out, '-')
	}
	return m.Append(out, 10), exponent
}

// removeFactors divides the factors of base out of v, as apimachinery's
// removeInt64Factors does (which leaves math.MinInt64 as it is).
func removeFactors(v int64, base int64) (int64, int32) {
	var times int32
	r := v
	negative := r < 0
	if negative {
		r = -r
	}
	for r >= base && r%base == 0 {
		times++
		r /= base
	}
	if negative {
		r = -r
	}
	return r, times
}

// mulSmall returns a×m for m of 10 or 100; ok is false on overflow.
func mulSmall(a, m int64) (int64, bool) {
	if a == 0 || a == 1 {
		return a * m, true
	}
	if a == math.MinInt64 {
		return 0, false
	}
	c := a * m
	return c, c/m == a
}

// appendDecimalSuffix appends the suffix of a power of ten in format f.
// DecimalSI has no suffix for powers outside 10⁻⁹ to 10¹⁸; like
// apimachinery, it then prints none.
func appendDecimalSuffix(out []byte, exponent int32, f Format) []byte {
	if f == DecimalExponent {
		if exponent == 0 {
			return out
		}
		out = append(out, 'e')
		return strconv.AppendInt(out, int64(exponent), 10)
	}
	switch exponent {
	case -9:
		return append(out, 'n')
	case -6:
		return append(out, 'u')
	case -3:
		return append(out, 'm')
	case 3:
		return append(out, 'k')
	case 6:
		return append(out, 'M')
	case 9:
		return append(out, 'G')
	case 12:
		return append(out, 'T')
	case 15:
		return append(out, 'P')
	case 18:
		return append(out, 'E')
	}
	return out
}

// binarySuffixes are the suffixes of 1024^1 to 1024^6.
var binarySuffixes = [...]string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

// appendBinary appends q, a whole number of magnitude 1024 or more, as a
// number and a power of 1024. Powers beyond 1024^6 get no suffix, as in
// apimachinery.
func (q Quantity) appendBinary(out []byte) []byte {
	var amount int64
	var times int32
	small := q.big == nil
	if small {
		// apimachinery's int64 path, taken when the value fits an int64.
		switch {
		case q.scale > 18:
			small = false
		case q.scale >= 0:
			amount, small = mulInt64(q.value, int64(pow10u[q.scale]))
		case q.scale >= -18:
			amount = q.value / int64(pow10u[-q.scale])
		default:
			small = false
		}
	}
	if small {
		amount, times = removeFactors(amount, 1024)
		out = strconv.AppendInt(out, amount, 10)
		return appendBinarySuffix(out, times)
	}
	v := q.view()
	n := v.signedAt(0)
	neg := n.Sign() < 0
	n.Abs(n)
	var quo, rem big.Int
	k := big.NewInt(1024)
	for n.Sign() != 0 {
		quo.QuoRem(n, k, &rem)
		if rem.Sign() != 0 {
			break
		}
		n.Set(&quo)
		times++
	}
	if neg {
		out = append(out, '-')
	}
	out = n.Append(out, 10)
	return appendBinarySuffix(out, times)
}

// appendBinarySuffix appends the suffix of 1024^times.
func appendBinarySuffix(out []byte, times int32) []byte {
	if times >= 0 && int(times) < len(binarySuffixes) {
		return append(out, binarySuffixes[times]...)
	}
	return out
}

// mulInt64 returns a×b; ok is false on overflow.
func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 || a == 1 || b == 1 {
		return a * b, true
	}
	c := a * b
	if (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return c, c/b == a
}
