// Package anyfield holds an interface field, which the generator refuses.
package anyfield

// Box holds a value of any type.
type Box struct {
	Value any
}
