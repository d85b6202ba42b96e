package resource

import (
	"math"
	"math/big"
	"strconv"
)

// ParseQuantity parses s as Kubernetes does.
//
// The grammar:
//
//	quantity  = [sign] number suffix
//	sign      = "+" | "-"
//	number    = digits | digits "." | digits "." digits | "." digits
//	suffix    = "" | "n" | "u" | "m" | "k" | "M" | "G" | "T" | "P" | "E"
//	          | "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei"
//	          | ("e" | "E") [sign] digits
//
// with Kubernetes' leniencies: the number may be empty when the value it
// gives fits Kubernetes' fast path ("+", ".", "k" and "Ki" are 0, "e-20"
// is an error), and an exponent is any 64-bit integer truncated to 32
// bits. No space is allowed anywhere (UnmarshalJSON trims it first).
//
// The value is rounded up, away from zero, to a multiple of 10⁻⁹; a
// BinarySI value beyond 2⁶³-1 is capped there; a BinarySI value between 0
// and 1 becomes DecimalSI. The errors are [ErrFormatWrong], [ErrSuffix] and
// [ErrNumeric], returned as they are (compare with errors.Is).
func ParseQuantity(s string) (Quantity, error) {
	if len(s) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if s == "0" {
		return Quantity{Format: DecimalSI, s: s}, nil
	}
	var p scanned
	if err := p.scan(s); err != nil {
		return Quantity{}, err
	}
	base, exponent, format, ok := interpretSuffix(p.suffix)
	if !ok {
		return Quantity{}, ErrSuffix
	}

	// Kubernetes' fast path: a number of at most 18 digits, scaled by at
	// least 10⁻⁹, is kept as an int64 and a scale.
	precision := int32(0)
	scale := int32(0)
	mantissa := int64(1)
	switch format {
	case DecimalExponent, DecimalSI:
		scale = exponent
		precision = 18 - int32(len(p.num)+len(p.denom))
	case BinarySI:
		if exponent >= 0 && len(p.denom) == 0 {
			mantissa = 1 << uint(exponent)
			// Kubernetes' estimate of the decimal digits 2^exponent
			// takes (exponent is 10, 20, ..., 60, so this is exact).
			precision = 15 - int32(len(p.num)) - exponent*3/10 - 1
		} else {
			precision = -1
		}
	}
	if precision >= 0 {
		scale -= int32(len(p.denom)) // wraps as int32, as in Kubernetes
		if scale >= int32(Nano) {
			v := digitsValue(p.num, p.denom)
			if result, ok := mulInt64(v, mantissa); ok {
				if !p.positive {
					result = -result
				}
				q := Quantity{value: result, scale: scale, Format: format}
				if keepsText(format, exponent, scale, v, p.num, p.denom) {
					q.s = s
				}
				return q, nil
			}
		}
	}
	return parseSlow(p, base, exponent, format)
}

// keepsText is Kubernetes' test of whether the text of a quantity that
// took the fast path is its canonical form (it is not always right: "+1"
// and "1.500" pass it).
func keepsText(format Format, exponent, scale int32, v int64, num, denom string) bool {
	if format == BinarySI {
		return exponent%10 == 0 && v&0x07 != 0
	}
	return scale%3 == 0 && !endsWith000(num, denom) && num[0] != '0'
}

// endsWith000 reports whether num+denom ends in "000".
func endsWith000(num, denom string) bool {
	n := 0
	for i := len(denom) - 1; i >= 0 && n < 3; i-- {
		if denom[i] != '0' {
			return false
		}
		n++
	}
	for i := len(num) - 1; i >= 0 && n < 3; i-- {
		if num[i] != '0' {
			return false
		}
		n++
	}
	return n == 3
}

// digitsValue is the integer num+denom, which has at most 18 digits.
func digitsValue(num, denom string) int64 {
	var v int64
	for i := 0; i < len(num); i++ {
		v = v*10 + int64(num[i]-'0')
	}
	for i := 0; i < len(denom); i++ {
		v = v*10 + int64(denom[i]-'0')
	}
	return v
}

// scanned is a quantity split into its parts, as Kubernetes splits it.
type scanned struct {
	positive bool
	// number is the sign and number as written (without the suffix).
	number string
	// num is the integer part without leading zeros, "0" if that is
	// empty; denom the digits after the point.
	num, denom string
	suffix     string
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isSuffixByte reports whether c may be in the letters of a suffix.
func isSuffixByte(c byte) bool {
	switch c {
	case 'e', 'E', 'i', 'n', 'u', 'm', 'k', 'K', 'M', 'G', 'T', 'P':
		return true
	}
	return false
}

// scan splits s the way Kubernetes' parseQuantityString does,
// including its leniencies: a sign, leading zeros, digits, an optional
// point and digits, suffix letters, an optional sign and digits.
func (p *scanned) scan(s string) error {
	p.positive = true
	pos, end := 0, len(s)
	switch s[0] {
	case '-':
		p.positive = false
		pos++
	case '+':
		pos++
	}
	for pos < end && s[pos] == '0' {
		pos++
	}
	if pos >= end {
		// Only a sign and zeros.
		p.num, p.number = "0", "0"
		return nil
	}
	start := pos
	for pos < end && isDigit(s[pos]) {
		pos++
	}
	p.num = s[start:pos]
	if pos >= end {
		p.number = s
		return nil
	}
	if p.num == "" {
		p.num = "0"
	}
	if s[pos] == '.' {
		pos++
		start = pos
		for pos < end && isDigit(s[pos]) {
			pos++
		}
		p.denom = s[start:pos]
		if pos >= end {
			p.number = s
			return nil
		}
	}
	p.number = s[:pos]
	suffixStart := pos
	for pos < end && isSuffixByte(s[pos]) {
		pos++
	}
	if pos < end && (s[pos] == '-' || s[pos] == '+') {
		pos++
	}
	for pos < end && isDigit(s[pos]) {
		pos++
	}
	if pos < end {
		return ErrFormatWrong
	}
	p.suffix = s[suffixStart:]
	return nil
}

// interpretSuffix returns the base and power a suffix multiplies by and the
// format it implies.
func interpretSuffix(suffix string) (base, exponent int32, format Format, ok bool) {
	switch suffix {
	case "":
		return 10, 0, DecimalSI, true
	case "n":
		return 10, -9, DecimalSI, true
	case "u":
		return 10, -6, DecimalSI, true
	case "m":
		return 10, -3, DecimalSI, true
	case "k":
		return 10, 3, DecimalSI, true
	case "M":
		return 10, 6, DecimalSI, true
	case "G":
		return 10, 9, DecimalSI, true
	case "T":
		return 10, 12, DecimalSI, true
	case "P":
		return 10, 15, DecimalSI, true
	case "E":
		return 10, 18, DecimalSI, true
	case "Ki":
		return 2, 10, BinarySI, true
	case "Mi":
		return 2, 20, BinarySI, true
	case "Gi":
		return 2, 30, BinarySI, true
	case "Ti":
		return 2, 40, BinarySI, true
	case "Pi":
		return 2, 50, BinarySI, true
	case "Ei":
		return 2, 60, BinarySI, true
	}
	if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
		parsed, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return 0, 0, DecimalExponent, false
		}
		return 10, int32(parsed), DecimalExponent, true
	}
	return 0, 0, DecimalExponent, false
}

// parseSlow is Kubernetes' arbitrary-precision path, for numbers of more
// than 18 digits, scales below 10⁻⁹ and fractions of binary suffixes. It
// computes the value Kubernetes computes with inf.Dec, without ever
// writing out the zeros of a large exponent.
func parseSlow(p scanned, base, exponent int32, format Format) (Quantity, error) {
	// Kubernetes hands the number to inf.Dec, which needs a digit.
	digits := make([]byte, 0, len(p.number))
	for i := 0; i < len(p.number); i++ {
		if isDigit(p.number[i]) {
			digits = append(digits, p.number[i])
		}
	}
	if len(digits) == 0 {
		return Quantity{}, ErrNumeric
	}
	// inf.Dec's scale: the digits after the point, then the suffix's
	// power of ten, in int32 arithmetic as Kubernetes does it.
	infScale := int32(len(p.denom))
	if base == 10 {
		infScale += -exponent
	}
	// Strip the trailing zeros from the digits before building the
	// integer, so that the exponent carries them.
	exp := -int64(infScale)
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	var mag big.Int
	mag.SetString(string(digits), 10)
	if mag.Sign() == 0 {
		return Quantity{Format: format}, nil
	}
	if base == 2 {
		mag.Lsh(&mag, uint(exponent))
	}
	// Round up to a multiple of 10⁻⁹.
	if exp < -9 {
		roundUpToExp(&mag, &exp, -9)
	}
	a := &bigAmount{neg: !p.positive, exp: exp}
	a.mag.Set(&mag)
	a.normalize()
	if format == BinarySI {
		if cmpAbs(a.view(), view{u: math.MaxInt64}) > 0 {
			a.mag.SetInt64(math.MaxInt64)
			a.exp = 0
		}
		if a.exp < 0 && cmpAbs(a.view(), view{u: 1}) < 0 {
			format = DecimalSI
		}
	}
	return Quantity{big: a, Format: format}, nil
}
