package parity

import (
	"math/rand/v2"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	k8sv1 "k8s.io/kubernetes/pkg/apis/core/v1"

	"github.com/jobkit/jobkit/jobapi/core"
)

// pullPolicies returns the imagePullPolicy Kubernetes and jobkit default
// for image.
func pullPolicies(image string) (kube, kit string) {
	kc := corev1.Container{Name: "c", Image: image}
	k8sv1.SetDefaults_Container(&kc)
	jc := core.Container{Name: "c", Image: image}
	core.SetDefaultsContainer(&jc)
	return string(kc.ImagePullPolicy), string(jc.ImagePullPolicy)
}

// randomImage builds an image reference from pieces that stress the
// reference grammar: domains with ports, IPv6 and capitals, path
// components with every separator, tags of every length, digests of every
// algorithm and length, and stray characters.
func randomImage(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	hex := func(n int) string {
		const d = "0123456789abcdef"
		b := make([]byte, n)
		for i := range b {
			b[i] = d[r.IntN(16)]
		}
		return string(b)
	}
	var b strings.Builder
	switch r.IntN(4) {
	case 0:
		b.WriteString(pick("localhost", "localhost:5000", "example.com", "Example.com", "registry:5000", "[::1]", "[::1]:5000",
			"index.docker.io", "docker.io", "a-b.c", "-a.com", "a.com:", "UPPER", "x.y:99999", "[zz]") + "/")
	case 1:
		b.WriteString(pick("library/", "team/", "a/b/", "Team/", "a__b/", "a--b/", "a..b/", "/"))
	}
	for i := range 1 + r.IntN(3) {
		if i > 0 {
			b.WriteString("/")
		}
		b.WriteString(pick("busybox", "app", "a", "a.b", "a_b", "a__b", "a___b", "a-b", "a--b", "A", "app1", "1", "", "a.", "_a"))
	}
	if r.IntN(8) == 0 {
		b.WriteString(strings.Repeat("x", 240+r.IntN(20)))
	}
	if r.IntN(2) == 0 {
		b.WriteString(":" + pick("latest", "LATEST", "1.36", "v1", "_x", ".x", "-x", "", "a:b", strings.Repeat("t", 127+r.IntN(3)), "5000/x"))
	}
	if r.IntN(3) == 0 {
		b.WriteString("@" + pick("sha256:"+hex(64), "sha256:"+hex(63), "sha256:"+strings.ToUpper(hex(64)), "sha384:"+hex(96),
			"sha512:"+hex(128), "sha512:"+hex(64), "md5:"+hex(32), "sha256:", "sha256+b64:"+hex(40), ":"+hex(64)))
	}
	if r.IntN(20) == 0 {
		b.WriteString(pick(" ", "\t", "@", "#", "é"))
	}
	return b.String()
}

// TestDefaultsParityImagePullPolicy compares the imagePullPolicy default
// on generated image references and on the generator's hostile list.
func TestDefaultsParityImagePullPolicy(t *testing.T) {
	const seed, n = 1123, 100000
	r := rand.New(rand.NewPCG(seed, seed))
	g := newTemplateGen(seed)
	var always, differing int
	for i := range n {
		image := randomImage(r)
		if i%2 == 0 {
			image = g.image()
		}
		kube, kit := pullPolicies(image)
		if kube == "Always" {
			always++
		}
		if kube != kit {
			differing++
			if differing <= 10 {
				t.Errorf("image %q: Kubernetes %s, jobkit %s", image, kube, kit)
			}
		}
	}
	t.Logf("seed %d: %d image references (%d Always), %d differ", seed, n, always, differing)
}

// FuzzDefaultsImagePullPolicy compares the imagePullPolicy default on
// any string.
func FuzzDefaultsImagePullPolicy(f *testing.F) {
	for _, s := range []string{"busybox", "busybox:latest", "a@sha256:" + strings.Repeat("0", 64), "localhost:5000/a", "[::1]/a", "A/b", "a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, image string) {
		if kube, kit := pullPolicies(image); kube != kit {
			t.Errorf("image %q: Kubernetes %s, jobkit %s", image, kube, kit)
		}
	})
}
