package resource

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// view is a quantity as sign, magnitude and power of ten, for the
// comparisons and roundings that do not care how it is stored. Building a
// view allocates nothing.
type view struct {
	neg bool
	u   uint64   // the magnitude when b is nil
	b   *big.Int // the magnitude (positive) when not nil
	exp int64
}

// view returns q as a view.
func (q Quantity) view() view {
	if q.big != nil {
		return q.big.view()
	}
	u := uint64(q.value)
	if q.value < 0 {
		u = -u
	}
	return view{neg: q.value < 0, u: u, exp: int64(q.scale)}
}

// view returns a as a view.
func (a *bigAmount) view() view {
	return view{neg: a.neg, b: &a.mag, exp: a.exp}
}

// isZero reports whether v is 0.
func (v view) isZero() bool { return v.b == nil && v.u == 0 }

// sign returns -1, 0 or +1.
func (v view) sign() int {
	switch {
	case v.isZero():
		return 0
	case v.neg:
		return -1
	}
	return 1
}

// maxDigits is an upper bound of the number of decimal digits of v's
// magnitude.
func (v view) maxDigits() int64 {
	n := bits.Len64(v.u)
	if v.b != nil {
		n = v.b.BitLen()
	}
	// log10(2) < 0.30103
	return int64(n)*30103/100000 + 1
}

// bigMag returns v's magnitude as a new big.Int.
func (v view) bigMag() *big.Int {
	if v.b != nil {
		return new(big.Int).Set(v.b)
	}
	return new(big.Int).SetUint64(v.u)
}

// pow10u holds 10^0 to 10^19, the powers of ten that fit a uint64.
var pow10u = [20]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// bigPow10 returns 10^n as a new big.Int.
func bigPow10(n int64) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil)
}

// cmpAbs compares the magnitudes of two non-zero views.
func cmpAbs(a, b view) int {
	switch {
	case a.exp == b.exp:
		return cmpMag(a, b)
	case a.exp > b.exp:
		return cmpShifted(a, a.exp-b.exp, b)
	default:
		return -cmpShifted(b, b.exp-a.exp, a)
	}
}

// cmpMag compares the magnitudes of a and b, ignoring their exponents.
func cmpMag(a, b view) int {
	if a.b == nil && b.b == nil {
		switch {
		case a.u < b.u:
			return -1
		case a.u > b.u:
			return 1
		}
		return 0
	}
	return a.bigMagRef().Cmp(b.bigMagRef())
}

// bigMagRef returns v's magnitude as a big.Int that must not be changed.
func (v view) bigMagRef() *big.Int {
	if v.b != nil {
		return v.b
	}
	return new(big.Int).SetUint64(v.u)
}

// cmpShifted compares |x|×10^shift with |y|, for non-zero x and y and a
// positive shift, without writing out more digits than y has.
func cmpShifted(x view, shift int64, y view) int {
	if shift >= y.maxDigits() {
		// |x|×10^shift ≥ 10^shift > |y|
		return 1
	}
	if x.b == nil && y.b == nil && shift < int64(len(pow10u)) {
		hi, lo := bits.Mul64(x.u, pow10u[shift])
		switch {
		case hi != 0 || lo > y.u:
			return 1
		case lo < y.u:
			return -1
		}
		return 0
	}
	t := x.bigMag()
	t.Mul(t, bigPow10(shift))
	return t.Cmp(y.bigMagRef())
}

// cmpView compares two views as numbers.
func cmpView(a, b view) int {
	sa, sb := a.sign(), b.sign()
	switch {
	case sa < sb:
		return -1
	case sa > sb:
		return 1
	case sa == 0:
		return 0
	}
	return sa * cmpAbs(a, b)
}

// Cmp returns -1, 0 or +1 as q is less than, equal to or greater than y.
// It compares values exactly, whatever their formats: "1Ki" equals "1024"
// and "1.024k". Unlike apimachinery, it never panics and never writes out
// the zeros of a large exponent.
func (q Quantity) Cmp(y Quantity) int {
	if q.big == nil && y.big == nil && q.scale == y.scale {
		switch {
		case q.value < y.value:
			return -1
		case q.value > y.value:
			return 1
		}
		return 0
	}
	return cmpView(q.view(), y.view())
}

// Equal reports whether q and y are the same number (Cmp is 0), whatever
// their formats and the text they were parsed from. go-cmp uses it.
func (q Quantity) Equal(y Quantity) bool {
	return q.Cmp(y) == 0
}

// Value returns q rounded up, away from zero, to an integer: "1500m" is 2,
// "-1500m" is -2, "1n" is 1. A value beyond the int64 range is saturated
// to math.MaxInt64 or math.MinInt64.
//
// apimachinery agrees for every quantity of at least 0 within the int64
// range. Beyond the range it returns 0 or a wrapped value, and for
// negative quantities it keeps in its big-number form it may round toward
// zero ("-1.0000000005" gives 0) or wrap ("-4Pi" gives 6917529028).
func (q Quantity) Value() int64 {
	return q.scaledValue(0)
}

// MilliValue returns q×1000 rounded up, away from zero, to an integer:
// "0.5" is 500, "1n" is 1. It saturates and differs from apimachinery
// as Value does.
func (q Quantity) MilliValue() int64 {
	return q.scaledValue(int64(Milli))
}

// scaledValue returns q/10^scale rounded away from zero, saturated.
func (q Quantity) scaledValue(scale int64) int64 {
	v := q.view()
	if v.isZero() {
		return 0
	}
	mag, ok := roundAway(v.b, v.u, v.exp-scale)
	limit := uint64(math.MaxInt64)
	if v.neg {
		limit++
	}
	if !ok || mag > limit {
		mag = limit
	}
	if v.neg {
		return int64(-mag)
	}
	return int64(mag)
}

// roundAway returns the non-zero magnitude b (or u when b is nil)
// ×10^exp, rounded up to an integer; ok is false when that does not fit a
// uint64.
func roundAway(b *big.Int, u uint64, exp int64) (r uint64, ok bool) {
	if b == nil && exp <= 0 {
		if -exp >= int64(len(pow10u)) {
			return 1, true // 0 < u < 10^20 ≤ 10^-exp
		}
		d := pow10u[-exp]
		r = u / d
		if u%d != 0 {
			r++
		}
		return r, true
	}
	if b == nil && exp < int64(len(pow10u)) {
		hi, lo := bits.Mul64(u, pow10u[exp])
		return lo, hi == 0
	}
	m := view{u: u, b: b}
	if exp >= 0 {
		if exp >= int64(len(pow10u)) {
			return 0, false // ≥ 10^20
		}
		t := m.bigMag()
		t.Mul(t, bigPow10(exp))
		return t.Uint64(), t.IsUint64()
	}
	if -exp >= m.maxDigits() {
		return 1, true
	}
	var quo, rem big.Int
	quo.QuoRem(m.bigMagRef(), bigPow10(-exp), &rem)
	if rem.Sign() != 0 {
		quo.Add(&quo, big.NewInt(1))
	}
	return quo.Uint64(), quo.IsUint64()
}

// AsApproximateFloat64 returns q as the nearest float64, or ±Inf when q is
// beyond the float64 range. Quantities kept as an int64 and a power of ten
// (all those of at most 18 digits) convert exactly as in apimachinery; for
// the others jobkit rounds correctly where apimachinery may be a unit off
// in the last place. Zero is 0 (apimachinery may return NaN for "0e400").
func (q Quantity) AsApproximateFloat64() float64 {
	if q.big == nil {
		if q.value == 0 {
			return 0
		}
		base := float64(q.value)
		if q.scale == 0 {
			return base
		}
		return base * math.Pow10(int(q.scale))
	}
	b := make([]byte, 0, 32)
	if q.big.neg {
		b = append(b, '-')
	}
	b = q.big.mag.Append(b, 10)
	b = append(b, 'e')
	b = strconv.AppendInt(b, q.big.exp, 10)
	f, _ := strconv.ParseFloat(string(b), 64) // ±Inf or 0 when out of range
	return f
}

// Add adds y to q. If q is 0, it takes y's format. The sum is exact; it is
// kept as an int64 and a power of ten while it fits.
func (q *Quantity) Add(y Quantity) {
	q.addSigned(y, false)
}

// Sub subtracts y from q. If q is 0, it takes y's format. The difference
// is exact (apimachinery adds instead when y is math.MinInt64).
func (q *Quantity) Sub(y Quantity) {
	q.addSigned(y, true)
}

// addSigned sets q to q+y, or q-y if negate.
func (q *Quantity) addSigned(y Quantity, negate bool) {
	q.s = ""
	if q.IsZero() {
		q.Format = y.Format
	}
	if y.IsZero() {
		return
	}
	if q.big == nil && y.big == nil && !(negate && y.value == math.MinInt64) {
		yv := y.value
		if negate {
			yv = -yv
		}
		if q.value == 0 {
			q.value, q.scale = yv, y.scale
			return
		}
		if v, s, ok := addSmall(q.value, q.scale, yv, y.scale); ok {
			q.value, q.scale = v, s
			return
		}
	}
	a, b := q.view(), y.view()
	if negate {
		b.neg = !b.neg
	}
	*q = Quantity{Format: q.Format}
	q.setSum(a, b)
}

// addSmall adds two int64 amounts at the smaller of their scales; ok is
// false when that overflows.
func addSmall(a int64, as int32, b int64, bs int32) (int64, int32, bool) {
	if as < bs {
		a, as, b, bs = b, bs, a, as
	}
	// as ≥ bs: bring a down to b's scale.
	d := int64(as) - int64(bs)
	if d >= int64(len(pow10u)) {
		return 0, 0, false
	}
	if d > 0 {
		p := int64(pow10u[d])
		hi, lo := bits.Mul64(uint64(abs64(a)), uint64(p))
		if hi != 0 || lo > math.MaxInt64 || a == math.MinInt64 {
			return 0, 0, false
		}
		a *= p
	}
	c := a + b
	if (a > 0 && b > 0 && c < 0) || (a < 0 && b < 0 && c >= 0) {
		return 0, 0, false
	}
	return c, bs, true
}

// abs64 returns |a|; for math.MinInt64 it returns math.MinInt64.
func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// setSum sets q's amount (q must be zero) to the exact sum a+b.
func (q *Quantity) setSum(a, b view) {
	if a.isZero() {
		a, b = b, a
	}
	e := a.exp
	if !b.isZero() && b.exp < e {
		e = b.exp
	}
	ai := a.signedAt(e)
	if !b.isZero() {
		ai.Add(ai, b.signedAt(e))
	}
	if ai.Sign() == 0 {
		return
	}
	r := &bigAmount{neg: ai.Sign() < 0, exp: e}
	r.mag.Abs(ai)
	r.normalize()
	q.big = r
}

// signedAt returns v as a signed integer multiple of 10^e, for e ≤ v.exp.
func (v view) signedAt(e int64) *big.Int {
	t := v.bigMag()
	if v.exp > e {
		t.Mul(t, bigPow10(v.exp-e))
	}
	if v.neg {
		t.Neg(t)
	}
	return t
}

// normalize strips the factors of ten from a.mag into a.exp.
func (a *bigAmount) normalize() {
	if a.mag.Bit(0) != 0 {
		return
	}
	var quo, rem big.Int
	ten19 := new(big.Int).SetUint64(pow10u[19])
	for {
		quo.QuoRem(&a.mag, ten19, &rem)
		if rem.Sign() != 0 {
			break
		}
		a.mag.Set(&quo)
		a.exp += 19
	}
	ten := big.NewInt(10)
	for a.mag.Bit(0) == 0 {
		quo.QuoRem(&a.mag, ten, &rem)
		if rem.Sign() != 0 {
			break
		}
		a.mag.Set(&quo)
		a.exp++
	}
}

// roundUpToExp rounds the positive mag×10^exp up to a multiple of
// 10^target, for exp < target.
func roundUpToExp(mag *big.Int, exp *int64, target int64) {
	k := target - *exp
	*exp = target
	if k >= (view{b: mag}).maxDigits() {
		mag.SetInt64(1)
		return
	}
	var rem big.Int
	mag.QuoRem(mag, bigPow10(k), &rem)
	if rem.Sign() != 0 {
		mag.Add(mag, big.NewInt(1))
	}
}
