package parity

import (
	"math/rand/v2"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	k8sv1 "k8s.io/kubernetes/pkg/apis/core/v1"

	"github.com/jobkit/jobkit/jobapi/core"
	kitresource "github.com/jobkit/jobkit/jobapi/resource"
)

// randomQuantity builds a quantity string, mostly with digits below the
// milli-unit, in every format.
func randomQuantity(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	var b strings.Builder
	b.WriteString(pick("", "", "-", "+"))
	b.WriteString(digits(1 + r.IntN(12)))
	if r.IntN(2) == 0 {
		b.WriteString("." + digits(1+r.IntN(14)))
	}
	b.WriteString(pick("", "n", "u", "m", "k", "M", "G", "Ki", "Mi", "Gi", "e-3", "e-4", "e-7", "e-12", "E-9", "e3", "e-30", "e-1"))
	return b.String()
}

// TestDefaultsParityResourceRounding compares the rounding of container
// resource amounts up to a whole milli-unit on generated quantities: the
// canonical text Kubernetes stores after SetDefaults_ResourceList and the
// one jobkit stores.
func TestDefaultsParityResourceRounding(t *testing.T) {
	const seed, n = 2026, 100000
	r := rand.New(rand.NewPCG(seed, seed))
	var compared, rounded, differing int
	for range n {
		s := randomQuantity(r)
		kq, kerr := resource.ParseQuantity(s)
		jq, jerr := kitresource.ParseQuantity(s)
		if kerr != nil || jerr != nil {
			continue
		}
		compared++
		kc := corev1.Container{Resources: corev1.ResourceRequirements{Limits: corev1.ResourceList{"cpu": kq}}}
		k8sv1.SetDefaults_ResourceList(&kc.Resources.Limits)
		kube := kc.Resources.Limits.Cpu().String()
		jc := core.Container{Resources: core.ResourceRequirements{Limits: core.ResourceList{"cpu": jq}}}
		core.SetDefaultsContainer(&jc)
		kitQ := jc.Resources.Limits["cpu"]
		kit := kitQ.String()
		if kube != kq.String() {
			rounded++
		}
		if kube != kit {
			differing++
			if differing <= 10 {
				t.Errorf("quantity %q: Kubernetes stores %q, jobkit %q", s, kube, kit)
			}
		}
	}
	t.Logf("seed %d: %d quantities compared (%d rounded by Kubernetes), %d differ", seed, compared, rounded, differing)
	if compared < n/2 {
		t.Errorf("only %d of %d generated quantities parse", compared, n)
	}
}
