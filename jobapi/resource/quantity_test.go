package resource_test

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/resource"
)

// The expectations below are what k8s.io/apimachinery v0.37.2 returns for
// the same input; examples/interop checks 100,000 more against it.

func TestParseQuantityCanonicalString(t *testing.T) {
	tests := []struct {
		name, in, want string
		format         resource.Format
	}{
		{"a half is 500 milli", "0.5", "500m", resource.DecimalSI},
		{"leading point", ".5", "500m", resource.DecimalSI},
		{"a thousand milli is one", "1000m", "1", resource.DecimalSI},
		{"canonical milli stays", "100m", "100m", resource.DecimalSI},
		{"negative integer", "-1", "-1", resource.DecimalSI},
		{"zero", "0", "0", resource.DecimalSI},
		{"negative zero", "-0", "0", resource.DecimalSI},
		{"zeros with a fraction", "00.000", "0", resource.DecimalSI},
		{"exponent kept", "1e3", "1e3", resource.DecimalExponent},
		{"exponent with fraction moves to a multiple of 3", "1.5e3", "1500", resource.DecimalExponent},
		{"exponent with plus sign", "1e+5", "100e3", resource.DecimalExponent},
		{"capital E alone is exa", "1E", "1E", resource.DecimalSI},
		{"binary kept", "1Gi", "1Gi", resource.BinarySI},
		{"binary grows its suffix", "1024Mi", "1Gi", resource.BinarySI},
		{"binary fraction", "0.5Gi", "512Mi", resource.BinarySI},
		{"binary below 1024 prints decimal", "0.1Ki", "102400m", resource.BinarySI},
		{"binary non-integer prints decimal", "1023.5Ki", "1048064", resource.BinarySI},
		{"binary between 0 and 1 becomes decimal", "0.0000001Ki", "102400n", resource.DecimalSI},
		{"binary pebi takes the exact path", "1Pi", "1Pi", resource.BinarySI},
		{"binary capped at max int64", "9223372036854775807Ki", "9223372036854775807", resource.BinarySI},
		{"negative binary", "-0.5Ki", "-512", resource.BinarySI},
		{"decimal suffix grows", "1000k", "1M", resource.DecimalSI},
		{"nano rounds up", "0.1n", "1n", resource.DecimalSI},
		{"below nano rounds up away from zero", "-1.0000000005", "-1000000001n", resource.DecimalSI},
		{"tiny exponent rounds up to nano", "1e-20", "1e-9", resource.DecimalExponent},
		{"many digits are exact", "123456789012345678901234567890", "123456789012345678901234567890", resource.DecimalSI},
		{"int64 bound", "9223372036854775807", "9223372036854775807", resource.DecimalSI},
		{"beyond int64", "9223372036854775808", "9223372036854775808", resource.DecimalSI},
		{"huge exponent", "1e999999", "1e999999", resource.DecimalExponent},
		{"fraction with huge exponent", "0.5e999999", "500e999996", resource.DecimalExponent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := resource.ParseQuantity(tt.in)
			if err != nil {
				t.Fatalf("ParseQuantity(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, q.String()); diff != "" {
				t.Errorf("ParseQuantity(%q).String() (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.format, q.Format); diff != "" {
				t.Errorf("ParseQuantity(%q).Format (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// Kubernetes keeps the text of a quantity when its test says the text is
// canonical; the test lets some non-canonical texts through.
func TestParseQuantityKeepsTextKubernetesJudgesCanonical(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plus sign", "+1", "+1"},
		{"leading zero", "01", "01"},
		{"trailing zeros of milli", "1.500", "1.500"},
		{"trailing point", "5.", "5."},
		{"binary with point", "1.Ki", "1.Ki"},
		{"decimal with point", "1.k", "1.k"},
		{"not kept: multiple of 8 in binary", "8Ki", "8Ki"},
		{"not kept: three zeros", "1.000", "1"},
		{"not kept: scale not a multiple of 3", "1.0", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, resource.MustParse(tt.in).String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
}

// Kubernetes' printing drops suffixes it has no name for, and its
// exponents are 32-bit; jobkit prints what Kubernetes prints.
func TestStringKeepsKubernetesQuirks(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"decimal SI beyond exa loses its power", "1000E", "1"},
		{"decimal SI of 21 digits", "1000000000000000000000", "1"},
		{"exponent truncated to 32 bits", "1e4294967296", "1e4294967296"},
		{"exponent at the 32-bit bound", "1e2147483647", "10e2147483646"},
		{"exponent wrapping while printing", "10e2147483647", "10e2147483647"},
		{"fraction digits wrap the scale", "1.5e-2147483648", "150e2147483646"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, resource.MustParse(tt.in).String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("binary of 2^70 loses its suffix", func(t *testing.T) {
		q := resource.NewQuantity(1<<62, resource.BinarySI)
		for range 8 {
			q.Add(q)
		}
		if diff := cmp.Diff("1", q.String()); diff != "" {
			t.Errorf("String() (-want +got):\n%s", diff)
		}
	})
}

func TestParseQuantityLenientForms(t *testing.T) {
	tests := []struct {
		name, in string
		format   resource.Format
	}{
		{"sign alone", "+", resource.DecimalSI},
		{"minus alone", "-", resource.DecimalSI},
		{"point alone", ".", resource.DecimalSI},
		{"suffix alone", "k", resource.DecimalSI},
		{"binary suffix alone", "Ki", resource.BinarySI},
		{"exponent alone", "e5", resource.DecimalExponent},
		{"point and suffix", ".k", resource.DecimalSI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := resource.ParseQuantity(tt.in)
			if err != nil {
				t.Fatalf("ParseQuantity(%q): %v", tt.in, err)
			}
			if !q.IsZero() || q.String() != "0" || q.Format != tt.format {
				t.Errorf("ParseQuantity(%q) = %q (%s), want 0 (%s)", tt.in, q.String(), q.Format, tt.format)
			}
		})
	}
}

func TestParseQuantityRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		want     error
	}{
		{"empty", "", resource.ErrFormatWrong},
		{"two points", "1.5.5", resource.ErrFormatWrong},
		{"unknown letter after a suffix", "200MB", resource.ErrFormatWrong},
		{"leading space", " 1", resource.ErrFormatWrong},
		{"trailing space", "1 ", resource.ErrFormatWrong},
		{"sign after digits then letter", "1-x", resource.ErrFormatWrong},
		{"capital K", "1K", resource.ErrSuffix},
		{"e alone", "1e", resource.ErrSuffix},
		{"exponent without digits", "1e-", resource.ErrSuffix},
		{"exponent beyond int64", "1e9223372036854775808", resource.ErrSuffix},
		{"digits after a binary suffix", "1Mi5", resource.ErrSuffix},
		{"double suffix", "1kk", resource.ErrSuffix},
		{"sign after a number", "1-", resource.ErrSuffix},
		{"no digits before a small exponent", "e-20", resource.ErrNumeric},
		{"sign and a small exponent", "+e-20", resource.ErrNumeric},
		{"no digits before pebi", "Pi", resource.ErrNumeric},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resource.ParseQuantity(tt.in)
			if !errors.Is(err, tt.want) {
				t.Errorf("ParseQuantity(%q) error = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
}

func TestParseQuantityErrorTexts(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"format", resource.ErrFormatWrong, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
		{"suffix", resource.ErrSuffix, "unable to parse quantity's suffix"},
		{"numeric", resource.ErrNumeric, "unable to parse numeric part of quantity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.err.Error()); diff != "" {
				t.Errorf("Error() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMustParsePanicsWithTheInput(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok {
			t.Fatalf("recovered %v, want an error", r)
		}
		want := "cannot parse '1K': unable to parse quantity's suffix"
		if diff := cmp.Diff(want, err.Error()); diff != "" {
			t.Errorf("panic (-want +got):\n%s", diff)
		}
	}()
	resource.MustParse("1K")
}

func TestZeroValueIsZero(t *testing.T) {
	var q resource.Quantity
	if q.String() != "0" || !q.IsZero() || q.Sign() != 0 || q.Value() != 0 || q.MilliValue() != 0 {
		t.Errorf("zero Quantity: String %q, IsZero %v, Sign %d, Value %d, MilliValue %d", q.String(), q.IsZero(), q.Sign(), q.Value(), q.MilliValue())
	}
	if !q.Equal(resource.MustParse("0")) || !q.Equal(resource.MustParse("0Ki")) {
		t.Errorf("zero Quantity does not equal parsed zeros")
	}
}

func TestCmpComparesValuesAcrossFormats(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       int
	}{
		{"binary equals decimal", "1Ki", "1024", 0},
		{"milli equals unit", "1000m", "1", 0},
		{"exponent equals SI", "1e3", "1k", 0},
		{"fraction of kilo equals", "1.024k", "1Ki", 0},
		{"less", "999m", "1", -1},
		{"greater", "1.001", "1", 1},
		{"negative less than zero", "-1n", "0", -1},
		{"negatives order by magnitude", "-2", "-1", -1},
		{"huge exponent greater than many digits", "1e999999", "123456789012345678901234567890", 1},
		{"huge exponents compare by exponent", "1e999999", "2e999998", 1},
		{"huge exponents equal", "10e999998", "1e999999", 0},
		{"wrapped scales compare without panicking", "1e2147483647", "1n", 1},
		{"exact beyond int64", "9223372036854775808", "9223372036854775807", 1},
		{"slow path equals fast path", "1.000000000000000000001", "1.000000001", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := resource.MustParse(tt.a), resource.MustParse(tt.b)
			if got := a.Cmp(b); got != tt.want {
				t.Errorf("Cmp(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
			if got := b.Cmp(a); got != -tt.want {
				t.Errorf("Cmp(%s, %s) = %d, want %d", tt.b, tt.a, got, -tt.want)
			}
			if a.Equal(b) != (tt.want == 0) {
				t.Errorf("Equal(%s, %s) = %v", tt.a, tt.b, a.Equal(b))
			}
		})
	}
}

func TestEqualLetsGoCmpCompareValues(t *testing.T) {
	type limits struct{ CPU, Memory resource.Quantity }
	a := limits{CPU: resource.MustParse("0.5"), Memory: resource.MustParse("1Gi")}
	b := limits{CPU: resource.MustParse("500m"), Memory: resource.MustParse("1024Mi")}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("equal values differ (-a +b):\n%s", diff)
	}
}

func TestValueRoundsUpAwayFromZero(t *testing.T) {
	tests := []struct {
		name, in     string
		value, milli int64
	}{
		{"integer", "5", 5, 5000},
		{"half rounds up", "1.5", 2, 1500},
		{"negative half rounds away from zero", "-1.5", -2, -1500},
		{"nano rounds up to one milli", "1n", 1, 1},
		{"negative nano rounds away from zero", "-1n", -1, -1},
		{"negative big form rounds away from zero", "-1.0000000005", -2, -1001},
		{"binary", "1Gi", 1 << 30, 1000 << 30},
		{"max int64", "9223372036854775807", math.MaxInt64, math.MaxInt64},
		{"beyond int64 saturates", "1e19", math.MaxInt64, math.MaxInt64},
		{"below int64 saturates", "-1e19", math.MinInt64, math.MinInt64},
		{"huge exponent saturates", "1e999999", math.MaxInt64, math.MaxInt64},
		{"milli overflow saturates", "9223372036854775.808", 9223372036854776, math.MaxInt64},
		{"min int64", "-9223372036854775808", math.MinInt64, math.MinInt64},
		{"many digits below one", "0.000000000000000000001", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := resource.MustParse(tt.in)
			if got := q.Value(); got != tt.value {
				t.Errorf("Value() = %d, want %d", got, tt.value)
			}
			if got := q.MilliValue(); got != tt.milli {
				t.Errorf("MilliValue() = %d, want %d", got, tt.milli)
			}
		})
	}
}

func TestSign(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{{"0", 0}, {"-0.0Ki", 0}, {"1n", 1}, {"-1n", -1}, {"1e999999", 1}, {"-123456789012345678901234567890", -1}}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := resource.MustParse(tt.in).Sign(); got != tt.want {
				t.Errorf("Sign() = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestConstructors(t *testing.T) {
	tests := []struct {
		name string
		q    resource.Quantity
		want string
	}{
		{"integer decimal", resource.NewQuantity(5, resource.DecimalSI), "5"},
		{"integer binary", resource.NewQuantity(2048, resource.BinarySI), "2Ki"},
		{"integer exponent", resource.NewQuantity(5000, resource.DecimalExponent), "5e3"},
		{"no format prints like exponent", resource.NewQuantity(5000, ""), "5e3"},
		{"milli", resource.NewMilliQuantity(500, resource.DecimalSI), "500m"},
		{"milli of binary below one", resource.NewMilliQuantity(500, resource.BinarySI), "500m"},
		{"scaled", resource.NewScaledQuantity(3, resource.Giga), "3G"},
		{"scaled below nano has no suffix", resource.NewScaledQuantity(1, -12), "1"},
		{"min int64 binary", resource.NewQuantity(math.MinInt64, resource.BinarySI), "-9223372036854775808"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.q.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAddAndSubAreExact(t *testing.T) {
	tests := []struct {
		name, a, b, sum, diff string
		format                resource.Format
	}{
		{"milli and units", "1", "500m", "1500m", "500m", resource.DecimalSI},
		{"binary", "1Gi", "512Mi", "1536Mi", "512Mi", resource.BinarySI},
		{"zero takes the other format", "0", "1Ki", "1Ki", "-1Ki", resource.BinarySI},
		{"overflowing int64", "9223372036854775807", "1", "9223372036854775808", "9223372036854775806", resource.DecimalSI},
		{"different scales overflow", "9223372036854775807", "1n", "9223372036854775807000000001n", "9223372036854775806999999999n", resource.DecimalSI},
		{"big forms", "0.5Gi", "1.0000000001", "536870913000000001n", "536870910999999999n", resource.BinarySI},
		{"cancel to zero", "1.0000000001", "1.0000000001", "2000000002n", "0", resource.DecimalSI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum := resource.MustParse(tt.a)
			sum.Add(resource.MustParse(tt.b))
			if diff := cmp.Diff(tt.sum, sum.String()); diff != "" {
				t.Errorf("%s + %s (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if sum.Format != tt.format {
				t.Errorf("%s + %s: Format %s, want %s", tt.a, tt.b, sum.Format, tt.format)
			}
			d := resource.MustParse(tt.a)
			d.Sub(resource.MustParse(tt.b))
			if diff := cmp.Diff(tt.diff, d.String()); diff != "" {
				t.Errorf("%s - %s (-want +got):\n%s", tt.a, tt.b, diff)
			}
		})
	}
	t.Run("subtracting min int64", func(t *testing.T) {
		q := resource.NewQuantity(0, resource.DecimalSI)
		q.Sub(resource.NewQuantity(math.MinInt64, resource.DecimalSI))
		if diff := cmp.Diff("9223372036854775808", q.String()); diff != "" {
			t.Errorf("0 - MinInt64 (-want +got):\n%s", diff)
		}
	})
}

func TestAddLeavesCopiesAlone(t *testing.T) {
	a := resource.MustParse("0.5Gi") // kept in the big-number form
	b := a.DeepCopy()
	var c resource.Quantity
	a.DeepCopyInto(&c)
	a.Add(resource.MustParse("1"))
	if diff := cmp.Diff("512Mi", b.String()); diff != "" {
		t.Errorf("DeepCopy changed by Add (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("512Mi", c.String()); diff != "" {
		t.Errorf("DeepCopyInto changed by Add (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("536870913", a.String()); diff != "" {
		t.Errorf("sum (-want +got):\n%s", diff)
	}
}

func TestAsApproximateFloat64(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"0", 0}, {"0e999999", 0}, {"100m", 0.1}, {"1Gi", 1 << 30}, {"-1.5", -1.5},
		{"1e999999", math.Inf(1)}, {"-1e400", math.Inf(-1)}, {"1.0000000005", 1.000000001},
		{"123456789012345678901234567890", 1.2345678901234568e29},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := resource.MustParse(tt.in).AsApproximateFloat64(); got != tt.want {
				t.Errorf("AsApproximateFloat64() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMarshalJSONWritesTheCanonicalString(t *testing.T) {
	type res struct {
		CPU    resource.Quantity  `json:"cpu"`
		Memory *resource.Quantity `json:"memory,omitempty"`
	}
	mem := resource.MustParse("1024Mi")
	got, err := json.Marshal(res{CPU: resource.MustParse("0.5"), Memory: &mem})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`{"cpu":"500m","memory":"1Gi"}`, string(got)); diff != "" {
		t.Errorf("json.Marshal (-want +got):\n%s", diff)
	}
}

func TestUnmarshalJSONAcceptsStringsNumbersAndNull(t *testing.T) {
	tests := []struct {
		name, in, want string
		err            error
	}{
		{"string", `"0.5"`, "500m", nil},
		{"bare integer", `1`, "1", nil},
		{"bare fraction", `0.5`, "500m", nil},
		{"bare exponent", `1e3`, "1e3", nil},
		{"bare negative", `-2`, "-2", nil},
		{"null is zero", `null`, "0", nil},
		{"spaces inside the string are trimmed", `" 1Gi "`, "1Gi", nil},
		{"escapes are not decoded", `"\u0031"`, "", resource.ErrFormatWrong},
		{"boolean", `true`, "", resource.ErrFormatWrong},
		{"empty string", `""`, "", resource.ErrFormatWrong},
		{"bad suffix", `"1K"`, "", resource.ErrSuffix},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v struct {
				Q resource.Quantity `json:"q"`
			}
			v.Q = resource.MustParse("7Ki") // null must not keep this
			err := json.Unmarshal([]byte(`{"q":`+tt.in+`}`), &v)
			q := v.Q
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Errorf("error = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, q.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("null direct", func(t *testing.T) {
		q := resource.MustParse("7Ki")
		if err := q.UnmarshalJSON([]byte("null")); err != nil {
			t.Fatal(err)
		}
		if q.String() != "0" || q.Format != "" {
			t.Errorf("after null: %q (%q), want the zero Quantity", q.String(), q.Format)
		}
	})
}
