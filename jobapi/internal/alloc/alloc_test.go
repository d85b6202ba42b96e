package alloc

import (
	"runtime"
	"testing"
)

func TestSizeFollowsTheRuntimeClasses(t *testing.T) {
	tests := []struct {
		n, want uintptr
	}{
		{0, 0},
		{1, 1},
		{8, 8},
		{15, 15},
		{16, 16},
		{17, 24},
		{24, 24},
		{25, 32},
		{33, 48},
		{104, 112},
		{424, 448},
		{505, 512},
		{512, 512},
		{513, 576}, // 521 with the header
		{568, 576}, // 576 with the header
		{569, 640}, // 577 with the header
		{1384, 1408},
		{32760, 32768},
		{32768, 32768},
		{32761, 32768}, // a large object: whole pages
		{32769, 40960},
	}
	for _, tt := range tests {
		if got := Size(tt.n); got != tt.want {
			t.Errorf("Size(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

// pointerSink keeps the allocations of TestSizeMatchesTheHeap alive.
type pointerSink struct{ s [][]*int }

func TestSizeMatchesTheHeap(t *testing.T) {
	// Values with pointers from 16 bytes on: the runtime's own count of
	// allocated bytes must grow by exactly Size for each.
	const count = 64
	for _, n := range []uintptr{16, 24, 40, 56, 72, 104, 232, 504, 512, 520, 568, 576, 1376, 4096, 32760, 32768, 40968} {
		var got uintptr
		for try := 0; try < 3; try++ {
			sink := pointerSink{s: make([][]*int, count)}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for i := range sink.s {
				sink.s[i] = make([]*int, n/8)
			}
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(sink)
			got = uintptr(after.TotalAlloc-before.TotalAlloc) / count
			if got == Size(n) {
				break
			}
		}
		if got != Size(n) {
			t.Errorf("allocating %d bytes with pointers cost %d bytes, Size says %d", n, got, Size(n))
		}
	}
}

func BenchmarkSize(b *testing.B) {
	b.ReportAllocs()
	var sum uintptr
	for b.Loop() {
		for n := uintptr(0); n < 600; n += 8 {
			sum += Size(n)
		}
	}
	if sum == 0 {
		b.Fatal("no sizes")
	}
}
