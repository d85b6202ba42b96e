// Package resource implements Kubernetes resource quantities: the values of
// a container's `resources.requests` and `limits` ("500m", "1Gi", "1e3"),
// with exactly the behaviour of k8s.io/apimachinery's resource.Quantity
// (v0.36 and v0.37, whose quantity code is the same).
//
// A [Quantity] is an exact decimal number together with the [Format] it was
// written in: [DecimalSI] ("", "m", "k", "M", ...), [BinarySI] ("Ki", "Mi",
// ...) or [DecimalExponent] ("e3"). It is never a float. Its zero value is
// the quantity 0.
//
// [ParseQuantity] accepts what Kubernetes accepts and refuses what it
// refuses, with Kubernetes' own error texts ([ErrFormatWrong], [ErrSuffix],
// [ErrNumeric]). Like Kubernetes it rounds every value up (away from zero)
// to a multiple of 1n (10⁻⁹) and caps BinarySI values at 2⁶³-1.
//
// [Quantity.String] prints the canonical form an API server stores: "0.5"
// becomes "500m", "1000m" becomes "1", "1024Mi" becomes "1Gi". When the
// text a quantity was parsed from is already canonical by Kubernetes' test
// of it, that text is kept as it was written, so "+1" and "1.500" print
// unchanged, as they do in Kubernetes. [Quantity.Cmp] compares values
// exactly, whatever their formats.
//
// The surprises are Kubernetes' own and are kept on purpose, because a
// quantity that prints differently from what an API server stores is a
// spurious diff: "+", "." and "k" parse as 0; an exponent is read as a
// 64-bit integer and then truncated to 32 bits ("1e4294967296" is 1); a
// DecimalSI quantity of 10²¹ or more prints without its power of ten
// ("1000E" prints "1"); a BinarySI value of 2⁷⁰ or more prints without its
// suffix.
//
// Where jobkit differs from apimachinery, it is in results apimachinery
// leaves undefined, documented on each method: [Quantity.Value] and
// [Quantity.MilliValue] saturate instead of wrapping, and round every
// negative value away from zero; [Quantity.Cmp] and [Quantity.String]
// answer for exponents near ±2³¹, where apimachinery runs out of memory or
// panics, with the result it would compute given unbounded memory.
//
// Non-goals: ResourceList and its helpers (they belong to the core types),
// protobuf and CBOR encodings, the inf.Dec accessors (AsDec, ToDec), and
// in-place changes other than [Quantity.Add] and [Quantity.Sub].
package resource
