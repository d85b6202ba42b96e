package core

import (
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/resource"
)

// FuzzDefaultPullPolicy checks the image reference parser behind
// imagePullPolicy on any input: it never panics, answers Always or
// IfNotPresent, reports a tag and digest that are the image's own text,
// and on a reference that parses without tag or digest agrees with the
// same reference tagged latest (Always) and tagged otherwise
// (IfNotPresent).
func FuzzDefaultPullPolicy(f *testing.F) {
	for _, s := range []string{"busybox", "busybox:latest", "busybox:1.36", "localhost:5000/app", "[::1]:5000/a:latest",
		"a@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "Busybox", "", ":", "@", "a:b:c",
		"example.com/App", "index.docker.io/a", strings.Repeat("a", 248)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, image string) {
		p := defaultPullPolicy(image)
		if p != PullAlways && p != PullIfNotPresent {
			t.Fatalf("defaultPullPolicy(%q) = %q", image, p)
		}
		tag, digest, ok := parseImageReference(image)
		if !ok {
			if p != PullIfNotPresent {
				t.Fatalf("unparsable %q: %q, want IfNotPresent", image, p)
			}
			return
		}
		if tag != "" && !strings.Contains(image, ":"+tag) || digest != "" && !strings.HasSuffix(image, "@"+digest) {
			t.Fatalf("%q: tag %q, digest %q are not its own", image, tag, digest)
		}
		if tag == "" && digest == "" {
			if p != PullAlways {
				t.Fatalf("untagged %q: %q, want Always", image, p)
			}
			if got := defaultPullPolicy(image + ":latest"); got != PullAlways {
				t.Fatalf("%q:latest: %q, want Always", image, got)
			}
			if _, _, ok := parseImageReference(image + ":v1"); ok && defaultPullPolicy(image+":v1") != PullIfNotPresent {
				t.Fatalf("%q:v1: want IfNotPresent", image)
			}
		}
	})
}

// FuzzRoundUpToMilli checks the milli-unit rounding of resource amounts
// on any quantity that parses: the result is the smallest multiple of 1m
// at least as far from zero as the quantity, in the same format, and
// rounding it again changes nothing.
func FuzzRoundUpToMilli(f *testing.F) {
	for _, s := range []string{"1n", "1500n", "-1n", "1", "0.5", "1e-9", "0.0001Ki", "123456789012345678901234567890n", "1e-20", "-2500u", "0"} {
		f.Add(s)
	}
	milli := resource.MustParse("1m")
	f.Fuzz(func(t *testing.T, s string) {
		q, err := resource.ParseQuantity(s)
		if err != nil {
			return
		}
		r, changed := roundUpToMilli(q)
		if !changed {
			if _, again := roundUpToMilli(r); again {
				t.Fatalf("%q: unchanged but not a multiple of 1m", s)
			}
			return
		}
		if r.Format != q.Format {
			t.Fatalf("%q: format %q, want %q", s, r.Format, q.Format)
		}
		if _, again := roundUpToMilli(r); again {
			t.Fatalf("%q: %q is not a multiple of 1m", s, r.String())
		}
		// diff is how much further from zero r is than q.
		diff := r.DeepCopy()
		diff.Sub(q)
		if q.Sign() < 0 {
			diff = q.DeepCopy()
			diff.Sub(r)
		}
		if diff.Sign() <= 0 || diff.Cmp(milli) >= 0 {
			t.Fatalf("%q rounded to %q: off by %q", s, r.String(), diff.String())
		}
	})
}

// BenchmarkDefaultPullPolicy measures the image reference parser every
// container's defaulting runs.
func BenchmarkDefaultPullPolicy(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		defaultPullPolicy("registry.example.com:5000/team/app:1.2")
	}
}
