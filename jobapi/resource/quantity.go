package resource

import (
	"errors"
	"fmt"
	"math/big"
)

// Quantity is an exact decimal number with the format it is printed in.
// The zero value is the quantity 0 (it prints "0").
//
// A Quantity is a value: copying it copies the quantity, and no method but
// [Quantity.Add], [Quantity.Sub] and [Quantity.UnmarshalJSON] changes it.
// Compare quantities with [Quantity.Cmp] or [Quantity.Equal], not with ==,
// which also compares the format and the text the quantity was parsed
// from.
type Quantity struct {
	// value×10^scale is the quantity when big is nil; this is
	// apimachinery's int64 form, kept with the same scale.
	value int64
	scale int32
	// big, when not nil, is the quantity in place of value and scale:
	// apimachinery's inf.Dec form. It is never changed once built.
	big *bigAmount
	// s is the text the quantity was parsed from when Kubernetes keeps it
	// as the canonical form; empty otherwise.
	s string

	// Format is how String prints the quantity. It is set by parsing
	// (from the suffix) and by the constructors; the zero value prints like
	// DecimalExponent. As in apimachinery it may be changed at will, but a
	// quantity whose text was kept at parse time (see String) prints that
	// text whatever its Format.
	Format Format
}

// bigAmount is sign × mag × 10^exp, with mag > 0 and mag not a multiple of
// 10. It is built once and never changed, so copies of a Quantity share it.
type bigAmount struct {
	neg bool
	mag big.Int
	exp int64
}

// Format is one of the three ways a quantity is written.
type Format string

// The formats of a quantity, named as in Kubernetes.
const (
	// DecimalExponent prints a power of ten as "e" and a multiple of 3:
	// "12e6".
	DecimalExponent = Format("DecimalExponent")
	// BinarySI prints a power of 1024 as "Ki", "Mi", "Gi", "Ti", "Pi" or
	// "Ei": "12Mi" is 12×2²⁰. Values that are not whole numbers, and values
	// between -1024 and 1024, print as DecimalSI.
	BinarySI = Format("BinarySI")
	// DecimalSI prints a power of ten as "n", "u", "m", "", "k", "M", "G",
	// "T", "P" or "E": "12M" is 12×10⁶.
	DecimalSI = Format("DecimalSI")
)

// Scale is a power of ten, the argument of [NewScaledQuantity].
type Scale int32

// The powers of ten of the DecimalSI suffixes.
const (
	Nano  Scale = -9
	Micro Scale = -6
	Milli Scale = -3
	Kilo  Scale = 3
	Mega  Scale = 6
	Giga  Scale = 9
	Tera  Scale = 12
	Peta  Scale = 15
	Exa   Scale = 18
)

// splitRE is the regular expression Kubernetes quotes in ErrFormatWrong; it
// is only a description, the parser does not use it.
const splitRE = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"

// The errors of ParseQuantity, with Kubernetes' texts. An API server puts
// them in the details of a rejected object, so they are kept word for word.
var (
	// ErrFormatWrong is returned for empty strings and for text that is
	// not a number followed by a suffix.
	ErrFormatWrong = errors.New("quantities must match the regular expression '" + splitRE + "'")
	// ErrNumeric is returned when the number before the suffix has no
	// digits and the suffix needs one (as in "e-20" or "Pi").
	ErrNumeric = errors.New("unable to parse numeric part of quantity")
	// ErrSuffix is returned for a suffix that is not one of the SI
	// suffixes or an exponent that fits in 64 bits ("1K", "1e", "1MB").
	ErrSuffix = errors.New("unable to parse quantity's suffix")
)

// MustParse is ParseQuantity for constants and tests: it panics if s is not
// a quantity. Never call it on input from a user or an API object.
func MustParse(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(fmt.Errorf("cannot parse '%v': %v", s, err))
	}
	return q
}

// NewQuantity returns the quantity value, printed in format f.
func NewQuantity(value int64, f Format) Quantity {
	return Quantity{value: value, Format: f}
}

// NewMilliQuantity returns the quantity value/1000, printed in format f.
// NewMilliQuantity(500, DecimalSI) prints "500m".
func NewMilliQuantity(value int64, f Format) Quantity {
	return Quantity{value: value, scale: int32(Milli), Format: f}
}

// NewScaledQuantity returns the quantity value×10^scale in DecimalSI.
// NewScaledQuantity(3, Giga) prints "3G".
func NewScaledQuantity(value int64, scale Scale) Quantity {
	return Quantity{value: value, scale: int32(scale), Format: DecimalSI}
}

// IsZero reports whether q is 0.
func (q Quantity) IsZero() bool {
	if q.big != nil {
		return false
	}
	return q.value == 0
}

// Sign returns -1, 0 or +1 as q is negative, zero or positive.
func (q Quantity) Sign() int {
	switch {
	case q.big != nil && q.big.neg:
		return -1
	case q.big != nil:
		return 1
	case q.value < 0:
		return -1
	case q.value > 0:
		return 1
	}
	return 0
}

// DeepCopy returns a copy of q. Quantities share nothing that changes, so
// this is q itself; it exists for deep-copy code written in Kubernetes'
// style.
func (q Quantity) DeepCopy() Quantity {
	return q
}

// DeepCopyInto sets *out to a copy of q.
func (q Quantity) DeepCopyInto(out *Quantity) {
	*out = q
}
