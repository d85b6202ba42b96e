package resource_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/resource"
)

// printsAnotherValue reports whether Kubernetes' canonical form of q, s,
// stands for another value: a DecimalSI quantity of 10²¹ or more loses its
// power of ten, and an exponent near the 32-bit bounds may have wrapped.
func printsAnotherValue(q resource.Quantity, s string) bool {
	if q.Format == resource.DecimalSI {
		if q.Cmp(resource.NewScaledQuantity(1, 21)) >= 0 || q.Cmp(resource.NewScaledQuantity(-1, 21)) <= 0 {
			return true
		}
	}
	if i := strings.LastIndexAny(s, "eE"); i >= 0 {
		e, err := strconv.ParseInt(s[i+1:], 10, 64)
		return err != nil || e > 1<<31-1000 || e < -(1<<31-1000)
	}
	return false
}

// FuzzParseQuantity: parsing never panics; what it accepts prints a
// canonical form that parses back to an equal quantity with the same
// canonical form, and survives a JSON round trip.
func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{
		"0", "100m", "1Gi", "0.5", "1.5e3", ".5", "-1", "+1", "1.500", "1e3", "0.5Gi", "1024Mi", "1000m",
		"1e999999", "1.5.5", "200MB", "", "+", ".", "k", "Ki", "e-20", "Pi", "1e", "1K", " 1", "1 ",
		"1000E", "1e4294967296", "10e2147483647", "1.5e-2147483648", "1e-2147483647", "9223372036854775807Ki",
		"-9223372036854775808", "123456789012345678901234567890", "0.0000000001", "-1.0000000005", "1023.5Ki", "8Ei",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1000 {
			return
		}
		q, err := resource.ParseQuantity(s)
		if err != nil {
			return
		}
		str := q.String()
		if str == "" {
			t.Fatalf("ParseQuantity(%q).String() is empty", s)
		}
		if q.Cmp(q) != 0 || q.Sign() != q.Cmp(resource.Quantity{}) {
			t.Fatalf("ParseQuantity(%q): Cmp with itself %d, Sign %d, Cmp with zero %d", s, q.Cmp(q), q.Sign(), q.Cmp(resource.Quantity{}))
		}
		again, err := resource.ParseQuantity(str)
		if err != nil {
			t.Fatalf("ParseQuantity(%q).String() = %q, which does not parse: %v", s, str, err)
		}
		if printsAnotherValue(q, str) {
			return
		}
		if !again.Equal(q) || again.String() != str {
			t.Fatalf("ParseQuantity(%q) = %q, which parses back to %q (Cmp %d)", s, str, again.String(), again.Cmp(q))
		}
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		var back resource.Quantity
		if err := json.Unmarshal(b, &back); err != nil || back.String() != str {
			t.Fatalf("JSON round trip of %q: %s gives %q, %v", s, b, back.String(), err)
		}
		_ = q.Value() + q.MilliValue()
		_ = q.AsApproximateFloat64()
	})
}
