package interop

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/resource"
	k8sresource "k8s.io/apimachinery/pkg/api/resource"
)

// minQuantityStrings is issue 12's minimum size of the comparison.
const minQuantityStrings = 100000

// quantitySuffixes are every suffix Kubernetes knows, and some it does not.
var (
	siSuffixes    = []string{"", "n", "u", "m", "k", "M", "G", "T", "P", "E"}
	binSuffixes   = []string{"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}
	wrongSuffixes = []string{"K", "i", "e", "E+", "e-", "mi", "ki", "KiB", "MB", "Mi5", "kk", "mM", "ee3", "e3e", "Ei1", "u-", "n+5", "G2"}
	// hostileQuantities are the cases issue 12 names, and their kin.
	hostileQuantities = []string{
		"1e999999", "1e3", "0.5Gi", "-1", ".5", "1.5.5", "200MB", "+", "-", ".", "", " ", " 1", "1 ", "\t1",
		"0", "-0", "+0", "00", "0.0", "1000m", "1024Mi", "0.5", "1Gi", "100m", "5.", "1.Ki", "1.k", "+1", "01", "1.500",
		"1000E", "1000000000000000000000", "1e21", "1E", "1e", "1e+5", "1e-20", "e5", "Ki", "k", "Pi", "e-20", "+e-20",
		"1e4294967296", "1e2147483647", "10e2147483647", "1.5e-2147483648", "1e-4294967296", "1e9223372036854775807",
		"1e9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"9223372036854775807Ki", "9223372036854775807m", "9223372036854775.807", "9223372036854775807n", "8Ei", "-8Ei", "7.99Ei",
		"0.1Ki", "1023.5Ki", "-0.5Ki", "0.0Ki", "1n", "0.1n", "1.0000000005", "-1.0000000005", "123456789012345678901234567890",
		"0.000000000000000000001", "1e-999999", "0e999999", "1.5e3", "1.1", "1100", "1Pi", "1Ei", "16Ei", "1024Ei",
		"1\u00a0", "\uff11", "1\u00e9", "1k\u00e9", "1\xff", "\xff", "1e\u0663", "1M\x00",
	}
)

// hugeExponent reports whether s ends in an exponent of more than 2000 in
// magnitude. Kubernetes writes out the digits of such quantities when it
// compares them or takes their value, which for the largest (and for the
// exponents it truncates to 32 bits) takes more memory than a machine has,
// so the test only parses and prints them.
func hugeExponent(s string) bool {
	i := strings.LastIndexAny(s, "eE")
	if i < 0 || i == len(s)-1 {
		return false
	}
	x, ok := new(big.Int).SetString(strings.TrimPrefix(s[i+1:], "+"), 10)
	return ok && x.CmpAbs(big.NewInt(2000)) > 0
}

// digits returns n random digits.
func (g *gen) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + g.intn(10))
	}
	return string(b)
}

// quantityNumber returns a number as quantities write it: sign, leading
// zeros, integer digits, point and fraction digits, each optional.
func (g *gen) quantityNumber(maxDigits int) string {
	var b strings.Builder
	switch g.intn(6) {
	case 0:
		b.WriteByte('-')
	case 1:
		b.WriteByte('+')
	}
	if g.chance(0.1) {
		b.WriteString(strings.Repeat("0", 1+g.intn(3)))
	}
	n := g.intn(4)
	if g.chance(0.2) {
		n = g.intn(maxDigits + 1)
	}
	if n == 0 && g.chance(0.5) {
		n = 1
	}
	b.WriteString(g.digits(n))
	if g.chance(0.35) {
		b.WriteByte('.')
		f := g.intn(4)
		if g.chance(0.3) {
			f = g.intn(16) // beyond the 9 digits of nano
		}
		b.WriteString(g.digits(f))
	}
	return b.String()
}

// exponentSuffix returns an "e" or "E" suffix with an exponent of at most
// limit in magnitude.
func (g *gen) exponentSuffix(limit int64) string {
	var b strings.Builder
	b.WriteByte(pick(g, []byte{'e', 'E'}))
	switch g.intn(3) {
	case 0:
		b.WriteByte('-')
	case 1:
		b.WriteByte('+')
	}
	v := int64(g.intn(25))
	if g.chance(0.3) {
		v = g.r.Int64N(limit + 1)
	}
	b.WriteString(strconv.FormatInt(v, 10))
	return b.String()
}

// nearBounds are numbers at the edges of int64, of int64/1000 (the largest
// MilliValue) and of the 18 digits of Kubernetes' fast path.
var nearBounds = []string{
	"9223372036854775807", "9223372036854775808", "9223372036854775806", "-9223372036854775808",
	"-9223372036854775807", "-9223372036854775809", "9223372036854775", "9223372036854776",
	"9223372036854775.807", "9223372036854775.808", "999999999999999999", "1000000000000000000",
	"99999999999999999.9", "0.999999999", "0.9999999999", "4611686018427387904", "18446744073709551616",
	"8796093022208", "9007199254740993", "1125899906842624",
}

// quantityString returns one generated input: valid quantities of every
// suffix and shape, numbers near the bounds, huge exponents, mutations and
// random text.
func (g *gen) quantityString() string {
	switch k := g.intn(100); {
	case k < 40:
		return g.quantityNumber(25) + pick(g, siSuffixes)
	case k < 55:
		return g.quantityNumber(20) + pick(g, binSuffixes)
	case k < 65:
		return g.quantityNumber(25) + g.exponentSuffix(2000)
	case k < 70:
		return pick(g, nearBounds) + pick(g, append(append([]string{"", "", ""}, siSuffixes...), binSuffixes...))
	case k < 74:
		return g.hugeExponentQuantity()
	case k < 79:
		return g.quantityNumber(6) + pick(g, wrongSuffixes)
	case k < 88:
		return g.mutate(g.quantityNumber(8) + pick(g, append(append([]string{}, siSuffixes...), binSuffixes...)))
	case k < 90:
		return pick(g, hostileQuantities)
	case k < 93:
		// Spaces and other text around a valid quantity.
		q := g.quantityNumber(4) + pick(g, siSuffixes)
		return pick(g, []string{" ", "\t", "\n", "x", "\"", "'"}) + q + pick(g, []string{"", " ", "\n", "B", "i"})
	default:
		// Random text from the quantity alphabet; at most 7 bytes, so that
		// an exponent has at most 6 digits.
		const alphabet = "0123456789.+-eEinumkKMGTP B"
		n := g.intn(8)
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[g.intn(len(alphabet))]
		}
		return string(b)
	}
}

// hugeExponentQuantity returns a quantity whose exponent is far beyond
// 2000, near the 32-bit bounds Kubernetes truncates to, or beyond 64 bits,
// with a number Kubernetes keeps in its int64 form: at most 18 digits, and
// a scale (the exponent truncated to 32 bits, less the fraction digits, in
// 32-bit arithmetic) of at least -9. With a smaller scale Kubernetes
// writes out a power of ten of up to 2³¹ digits before rounding, which no
// test can wait for.
func (g *gen) hugeExponentQuantity() string {
	for {
		if q, ok := g.quantityWithExponent(g.hugeExponentText()); ok {
			return q
		}
	}
}

// hugeExponentText returns an exponent far beyond 2000.
func (g *gen) hugeExponentText() string {
	exps := []string{
		"999999", "2147483647", "2147483646", "2147483648", "-2147483648", "-2147483647", "2147483649",
		"4294967296", "4294967297", "4294967295", "-4294967296", "9223372036854775807", "-9223372036854775808",
		"9223372036854775808", "99999999999999999999", "+2147483647", "123456789", "-4294967295",
	}
	if g.chance(0.3) {
		e := strconv.FormatInt(2001+g.r.Int64N(math.MaxInt64-2001), 10)
		if g.chance(0.5) {
			e = "-" + e
		}
		return e
	}
	return pick(g, exps)
}

// quantityWithExponent returns a number of at most 8 digits with exponent
// e, or false if Kubernetes would take its slow path for it.
func (g *gen) quantityWithExponent(e string) (string, bool) {
	num := g.digits(1 + g.intn(5))
	frac := 0
	if g.chance(0.3) {
		frac = g.intn(4)
		num += "." + g.digits(frac)
	}
	if g.chance(0.3) {
		num = "-" + num
	}
	if x, err := strconv.ParseInt(e, 10, 64); err == nil && int32(x)-int32(frac) < -9 {
		return "", false
	}
	return num + pick(g, []string{"e", "E"}) + e, true
}

// Quantities with the same huge exponent are the ones Kubernetes can
// compare without writing out their zeros (or panicking, for scales whose
// difference overflows 32 bits).
func TestQuantityHugeExponentCmpAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 14)
	d := &differ{t: t}
	pairs, equal := 0, 0
	for pairs < 20000 {
		e := g.hugeExponentText()
		a, ok1 := g.quantityWithExponent(e)
		b, ok2 := g.quantityWithExponent(e)
		if g.chance(0.1) {
			b = a
		}
		if !ok1 || !ok2 {
			continue
		}
		ka, kerr := k8sresource.ParseQuantity(a)
		kb, kerr2 := k8sresource.ParseQuantity(b)
		if kerr != nil || kerr2 != nil {
			continue // an exponent beyond 64 bits
		}
		ja, jb := resource.MustParse(a), resource.MustParse(b)
		pairs++
		kc := ka.Cmp(kb)
		if kc == 0 {
			equal++
		}
		if jc := ja.Cmp(jb); jc != kc {
			d.errorf("Cmp(%q, %q) = %d, k8s %d", a, b, jc, kc)
		}
	}
	t.Logf("pairs with huge exponents: %d (%d equal); disagreements: %d", pairs, equal, d.count)
}

// quantityPair is one input parsed by both implementations.
type quantityPair struct {
	in   string
	k    k8sresource.Quantity
	j    resource.Quantity
	huge bool
}

// jsonString returns what json.Marshal writes for v.
func jsonString(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	return string(b)
}

// errorKind names which of the three parse errors err is.
func errorKind(err error) string {
	switch {
	case err == nil:
		return "nil"
	case errors.Is(err, k8sresource.ErrFormatWrong), errors.Is(err, resource.ErrFormatWrong):
		return "format"
	case errors.Is(err, k8sresource.ErrSuffix), errors.Is(err, resource.ErrSuffix):
		return "suffix"
	case errors.Is(err, k8sresource.ErrNumeric), errors.Is(err, resource.ErrNumeric):
		return "numeric"
	}
	return "other: " + err.Error()
}

func TestQuantityParseAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 12)
	d := &differ{t: t}
	var inputs, accepted, rejected, huge, valueChecks, floatChecks int
	var pairs []quantityPair
	for inputs < minQuantityStrings {
		in := g.quantityString()
		inputs++
		kq, kerr := k8sresource.ParseQuantity(in)
		jq, jerr := resource.ParseQuantity(in)
		if errorKind(kerr) != errorKind(jerr) {
			d.errorf("ParseQuantity(%q): k8s error %v, jobkit error %v", in, kerr, jerr)
			continue
		}
		if kerr != nil {
			if kerr.Error() != jerr.Error() {
				d.errorf("ParseQuantity(%q): k8s error %q, jobkit error %q", in, kerr, jerr)
			}
			rejected++
			continue
		}
		accepted++
		p := quantityPair{in: in, k: kq, j: jq, huge: hugeExponent(in)}
		if p.huge {
			huge++
		}
		ks, js := kq.String(), jq.String()
		if ks != js {
			d.errorf("ParseQuantity(%q).String() = %q, k8s %q", in, js, ks)
		}
		if kq.Format != k8sresource.Format(jq.Format) {
			d.errorf("ParseQuantity(%q).Format = %q, k8s %q", in, jq.Format, kq.Format)
		}
		if kq.IsZero() != jq.IsZero() || kq.Sign() != jq.Sign() {
			d.errorf("ParseQuantity(%q): IsZero, Sign = %v, %d; k8s %v, %d", in, jq.IsZero(), jq.Sign(), kq.IsZero(), kq.Sign())
		}
		// JSON: the same bytes out, and the same quantity back in.
		kj, jj := jsonString(t, kq), jsonString(t, jq)
		if kj != jj {
			d.errorf("json.Marshal(ParseQuantity(%q)) = %s, k8s %s", in, jj, kj)
		}
		// The canonical form of a huge exponent can be a tiny one after
		// Kubernetes' 32-bit arithmetic ("1000e2147483647" prints
		// "1e-2147483646"), which Kubernetes cannot parse in memory.
		if !p.huge {
			var kback k8sresource.Quantity
			var jback resource.Quantity
			kerr, jerr = json.Unmarshal([]byte(kj), &kback), json.Unmarshal([]byte(jj), &jback)
			if kerr != nil || jerr != nil || kback.String() != jback.String() {
				d.errorf("json round trip of %q: jobkit %q (%v), k8s %q (%v)", in, jback.String(), jerr, kback.String(), kerr)
			}
		}
		// Printing and parsing again gives an equal quantity, except where
		// Kubernetes prints another value: a DecimalSI quantity of 10²¹ or
		// more loses its power of ten, and a huge exponent may wrap.
		if !p.huge {
			again, err := resource.ParseQuantity(js)
			if err != nil || again.String() != js || (!again.Equal(jq) && !droppedSuffix(jq)) {
				d.errorf("ParseQuantity(%q): ParseQuantity(String()=%q) = %q, %v", in, js, again.String(), err)
			}
			valueChecks += compareValues(d, in, &kq, jq)
			floatChecks += compareFloats(d, in, &kq, jq)
			pairs = append(pairs, p)
		}
	}
	cmps, equal, adds := compareQuantityPairs(d, g, pairs)
	t.Logf("quantity strings: %d (%d accepted, of which %d with exponents beyond ±2000; %d rejected by both); Value/MilliValue checks: %d; AsApproximateFloat64 checks: %d; Cmp pairs: %d (%d equal); Add/Sub pairs: %d; disagreements: %d",
		inputs, accepted, huge, rejected, valueChecks, floatChecks, cmps, equal, adds, d.count)
	if accepted < inputs/4 || rejected < inputs/20 {
		t.Errorf("accepted %d and rejected %d of %d: the generator must produce plenty of both", accepted, rejected, inputs)
	}
}

// droppedSuffix reports whether q is a DecimalSI quantity of 10²¹ or more
// in magnitude, whose canonical form has no suffix for its power of ten.
func droppedSuffix(q resource.Quantity) bool {
	if q.Format != resource.DecimalSI {
		return false
	}
	limit := resource.NewScaledQuantity(1, 21)
	neg := resource.NewScaledQuantity(-1, 21)
	return q.Cmp(limit) >= 0 || q.Cmp(neg) <= 0
}

// compareValues compares Value and MilliValue where Kubernetes defines
// them: results within the int64 range of quantities that are not
// negative (apimachinery returns wrapped values for many negative
// quantities it keeps as inf.Dec, see jobkit's Value). It returns the
// checks made.
func compareValues(d *differ, in string, kq *k8sresource.Quantity, jq resource.Quantity) int {
	n := 0
	if jq.Sign() < 0 {
		return 0
	}
	if v := jq.Value(); v != math.MaxInt64 && v != math.MinInt64 {
		n++
		if kv := kq.Value(); kv != v {
			d.errorf("ParseQuantity(%q).Value() = %d, k8s %d", in, v, kv)
		}
	}
	if v := jq.MilliValue(); v != math.MaxInt64 && v != math.MinInt64 {
		n++
		if kv := kq.MilliValue(); kv != v {
			d.errorf("ParseQuantity(%q).MilliValue() = %d, k8s %d", in, v, kv)
		}
	}
	return n
}

// compareFloats compares AsApproximateFloat64: equal, or within two units
// in the last place for the quantities Kubernetes keeps as inf.Dec.
func compareFloats(d *differ, in string, kq *k8sresource.Quantity, jq resource.Quantity) int {
	kf, jf := kq.AsApproximateFloat64(), jq.AsApproximateFloat64()
	if math.IsNaN(kf) || kf == jf {
		return 1
	}
	if math.IsInf(kf, 0) || math.IsInf(jf, 0) || math.Abs(kf-jf) > 4.5e-16*math.Abs(kf) {
		d.errorf("ParseQuantity(%q).AsApproximateFloat64() = %v, k8s %v", in, jf, kf)
	}
	return 1
}

// compareQuantityPairs compares Cmp, Equal, Add and Sub on random pairs of
// parsed quantities, and on pairs likely to be equal.
func compareQuantityPairs(d *differ, g *gen, pairs []quantityPair) (cmps, equal, adds int) {
	equalish := []string{"1", "1000m", "1k", "0.001k", "1e3", "1000", "1024", "1Ki", "1.024k", "1024e0", "0.5", "500m",
		"500000u", "0", "-0", "1Mi", "1048576", "1048.576k", "0.0009765625Ki", "1n", "0.000000001", "1e-9", "-1", "-1000m"}
	for _, s := range equalish {
		k, j := k8sresource.MustParse(s), resource.MustParse(s)
		pairs = append(pairs, quantityPair{in: s, k: k, j: j})
	}
	pickPair := func() quantityPair {
		if g.chance(0.35) {
			return pairs[len(pairs)-1-g.intn(len(equalish))]
		}
		return pairs[g.intn(len(pairs))]
	}
	for range 100000 {
		a, b := pickPair(), pickPair()
		cmps++
		ka := a.k.DeepCopy()
		kc := ka.Cmp(b.k)
		if kc == 0 {
			equal++
		}
		jc := a.j.Cmp(b.j)
		if kc != jc || a.j.Equal(b.j) != (kc == 0) {
			d.errorf("Cmp(%q, %q) = %d, k8s %d", a.in, b.in, jc, kc)
		}
		if g.intn(4) == 0 {
			adds++
			ksum, jsum := a.k.DeepCopy(), a.j
			ksum.Add(b.k)
			jsum.Add(b.j)
			kdiff, jdiff := a.k.DeepCopy(), a.j
			kdiff.Sub(b.k)
			jdiff.Sub(b.j)
			if ksum.String() != jsum.String() || kdiff.String() != jdiff.String() || string(ksum.Format) != string(jsum.Format) {
				d.errorf("%q + %q = %q (%s), - = %q; k8s %q (%s), %q", a.in, b.in, jsum.String(), jsum.Format, jdiff.String(), ksum.String(), ksum.Format, kdiff.String())
			}
		}
	}
	return cmps, equal, adds
}

func TestQuantityUnmarshalJSONAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 13)
	d := &differ{t: t}
	inputs := []string{"null", "1", "0.5", "-1", "1e3", "1.5e3", "1E3", "-0", "true", "false", "{}", "[]", `""`, `"`, `" 1 "`,
		`"\u0031"`, `"1Gi"`, `"1 Gi"`, "  1  ", `"\t500m\n"`, "nul", "nulll", `"null"`, "12345678901234567890", "1e-20"}
	for range 20000 {
		q := g.quantityString()
		switch g.intn(3) {
		case 0:
			inputs = append(inputs, `"`+q+`"`)
		case 1:
			inputs = append(inputs, q)
		default:
			inputs = append(inputs, pick(g, []string{" ", "", "\t"})+`"`+pick(g, []string{" ", "", "\n"})+q+pick(g, []string{" ", ""})+`"`)
		}
	}
	for _, in := range inputs {
		var kq k8sresource.Quantity
		var jq resource.Quantity
		kerr := kq.UnmarshalJSON([]byte(in))
		jerr := jq.UnmarshalJSON([]byte(in))
		if errorKind(kerr) != errorKind(jerr) {
			d.errorf("UnmarshalJSON(%s): jobkit error %v, k8s error %v", in, jerr, kerr)
			continue
		}
		if kerr == nil && kq.String() != jq.String() {
			d.errorf("UnmarshalJSON(%s).String() = %q, k8s %q", in, jq.String(), kq.String())
		}
	}
	t.Logf("JSON inputs: %d; disagreements: %d", len(inputs), d.count)
}
