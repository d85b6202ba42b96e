// Package unsupported holds fields the generator must refuse to copy.
package unsupported

// Hook holds a function, which no deep copy can copy.
type Hook struct {
	Name string
	Call func() string
}
