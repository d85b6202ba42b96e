// Package alloc models what the Go runtime's allocator charges for one
// allocation, so that generated deep copies can decide, at run time,
// whether the values a struct's pointer fields point to are cheaper
// allocated together, in one block, than one by one.
//
// The model: an allocation of n bytes costs the size class the runtime
// rounds n up to (the classes of Go 1.26 on 64-bit platforms, and whole
// 8 KiB pages beyond), plus the 8-byte header the runtime puts in front
// of a value of 513 bytes to 32 KiB that holds pointers. An
// allocation below 16 bytes costs n: values without pointers that small
// share 16-byte blocks (the runtime's tiny allocator), so counting their
// size, not a class, keeps the comparison from favouring blocks.
//
// Non-goals: the model is an estimate for comparing allocation plans; it
// is not an accounting of the heap (GC metadata, spans and the tiny
// allocator's alignment are left out), and it does not know whether a
// value holds pointers, so every value above 512 bytes is charged the
// header.
package alloc

// smallClasses holds, at (n-1)/8 for n from 1 to 512, the size class an
// allocation of n bytes is rounded up to, divided by 8 (the runtime's
// classes of Go 1.26 on 64-bit platforms; a constant, so that nothing in
// the package can change it).
const smallClasses = "\x01\x02\x03\x04\x06\x06\x08\x08\x0a\x0a\x0c\x0c\x0e\x0e\x10\x10\x12\x12\x14\x14\x16\x16\x18\x18\x1a\x1a\x1c\x1c\x1e\x1e\x20\x20\x24\x24\x24\x24\x28\x28\x28\x28\x2c\x2c\x2c\x2c\x30\x30\x30\x30\x34\x34\x34\x34\x38\x38\x38\x38\x3c\x3c\x3c\x3c\x40\x40\x40\x40"

// pageSize is the unit of allocations above the largest class.
const pageSize = 8192

// Size returns what an allocation of n bytes costs under the package's
// model: n below 16 bytes, the size class n (plus an 8-byte header above
// 512 bytes) rounds up to, or whole pages when that passes the largest
// class.
func Size(n uintptr) uintptr {
	if n > 512 {
		return large(n)
	}
	if n < 16 {
		return n
	}
	return uintptr(smallClasses[(n-1)>>3]) * 8
}

// large is Size above 512 bytes, kept out of line so that Size inlines.
//
//go:noinline
func large(n uintptr) uintptr {
	if n+8 > 32768 {
		// A large object: whole pages, its type kept in its span.
		return (n + pageSize - 1) / pageSize * pageSize
	}
	n += 8 // the header of a small value with pointers
	// The runtime's classes above 512 bytes, ascending.
	for _, c := range [...]uintptr{
		576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048,
		2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784,
		6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384,
		18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768,
	} {
		if n <= c {
			return c
		}
	}
	return n // not reached: n <= 32768, the last class
}
