package jobapi_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// podJSON returns a pod with n containers, each with env, mounts and
// resources.
func podJSON(n int) []byte {
	p := core.Pod{
		TypeMeta:   meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{Name: "p", Namespace: "ns", Labels: map[string]string{"job-name": "j", "controller-uid": "u"}},
		Spec:       core.PodSpec{RestartPolicy: core.RestartPolicyNever, NodeName: "node-1"},
		Status:     core.PodStatus{Phase: core.PodRunning, PodIP: "10.0.0.1"},
	}
	for i := 0; i < n; i++ {
		p.Spec.Containers = append(p.Spec.Containers, core.Container{
			Name: fmt.Sprintf("c%d", i), Image: "busybox:1.36", Command: []string{"sh", "-c", "echo hi"},
			Env: []core.EnvVar{
				{Name: "A", Value: "1"},
				{Name: "NODE", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "spec.nodeName"}}},
			},
			VolumeMounts: []core.VolumeMount{{Name: "v", MountPath: "/v"}},
			Resources: core.ResourceRequirements{Limits: core.ResourceList{
				core.ResourceCPU: resource.MustParse("500m"), core.ResourceMemory: resource.MustParse("128Mi"),
			}},
		})
	}
	b, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	return b
}

func BenchmarkUnmarshal(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		data := podJSON(n)
		b.Run(fmt.Sprintf("containers=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				var p core.Pod
				if err := p.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMarshal(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		var p core.Pod
		if err := p.UnmarshalJSON(podJSON(n)); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("containers=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := p.MarshalJSON(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDeepCopy(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		var p core.Pod
		if err := p.UnmarshalJSON(podJSON(n)); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("containers=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = p.DeepCopy()
			}
		})
	}
}
