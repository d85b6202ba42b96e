package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// podSpecDefaults adds to s what SetDefaultsPodSpec adds to an empty
// spec, for the expected values below.
func podSpecDefaults(s core.PodSpec) core.PodSpec {
	s.DNSPolicy, s.RestartPolicy, s.SchedulerName = core.DNSClusterFirst, core.RestartPolicyAlways, "default-scheduler"
	s.SecurityContext, s.TerminationGracePeriodSeconds = &core.PodSecurityContext{}, dfltPtr[int64](30)
	if s.EnableServiceLinks == nil {
		s.EnableServiceLinks = dfltPtr(true)
	}
	for i := range s.Containers {
		c := &s.Containers[i]
		c.ImagePullPolicy, c.TerminationMessagePath, c.TerminationMessagePolicy = core.PullIfNotPresent, "/dev/termination-log", core.TerminationMessageReadFile
	}
	for i := range s.InitContainers {
		c := &s.InitContainers[i]
		c.ImagePullPolicy, c.TerminationMessagePath, c.TerminationMessagePolicy = core.PullIfNotPresent, "/dev/termination-log", core.TerminationMessageReadFile
	}
	return s
}

func TestSetDefaultsPod(t *testing.T) {
	q := resource.MustParse
	sidecar := dfltPtr(core.ContainerRestartPolicyAlways)
	tests := []struct {
		name     string
		in, want core.Pod
	}{
		{
			name: "enableServiceLinks true; requests copied from limits the requests do not name",
			in: core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Image: "a:1", Resources: core.ResourceRequirements{
				Limits: core.ResourceList{"cpu": q("1"), "memory": q("1Gi")}, Requests: core.ResourceList{"cpu": q("500m")}}}}}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{Containers: []core.Container{{Name: "c", Image: "a:1", Resources: core.ResourceRequirements{
				Limits: core.ResourceList{"cpu": q("1"), "memory": q("1Gi")}, Requests: core.ResourceList{"cpu": q("500m"), "memory": q("1Gi")}}}}})},
		},
		{
			name: "enableServiceLinks is not overwritten",
			in:   core.Pod{Spec: core.PodSpec{EnableServiceLinks: dfltPtr(false)}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{EnableServiceLinks: dfltPtr(false)})},
		},
		{
			name: "hostNetwork gives ports without hostPort their containerPort",
			in: core.Pod{Spec: core.PodSpec{HostNetwork: true,
				InitContainers: []core.Container{{Name: "i", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 81}}}},
				Containers:     []core.Container{{Name: "c", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 80}, {ContainerPort: 90, HostPort: 9090}}}}}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{HostNetwork: true,
				InitContainers: []core.Container{{Name: "i", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 81, HostPort: 81, Protocol: core.ProtocolTCP}}}},
				Containers: []core.Container{{Name: "c", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 80, HostPort: 80, Protocol: core.ProtocolTCP},
					{ContainerPort: 90, HostPort: 9090, Protocol: core.ProtocolTCP}}}}})},
		},
		{
			name: "pod-level requests from what the containers request together, sidecars and init peak included",
			in: core.Pod{Spec: core.PodSpec{
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"cpu": q("4"), "memory": q("4Gi")}},
				InitContainers: []core.Container{
					{Name: "side", Image: "a:1", RestartPolicy: sidecar, Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("100m")}}},
					{Name: "init", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("2"), "memory": q("1Gi")}}}},
				Containers: []core.Container{
					{Name: "a", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("500m")}}},
					{Name: "b", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("500m")}}}}}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{
				// cpu: max(0.5+0.5+0.1, 2+0.1) = 2.1; memory: max(0, 1Gi).
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"cpu": q("4"), "memory": q("4Gi")},
					Requests: core.ResourceList{"cpu": q("2100m"), "memory": q("1Gi")}},
				InitContainers: []core.Container{
					{Name: "side", Image: "a:1", RestartPolicy: sidecar, Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("100m")}}},
					{Name: "init", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("2"), "memory": q("1Gi")}}}},
				Containers: []core.Container{
					{Name: "a", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("500m")}}},
					{Name: "b", Image: "a:1", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": q("500m")}}}}})},
		},
		{
			name: "pod-level limits without container requests become the requests; huge page limits come from the containers",
			in: core.Pod{Spec: core.PodSpec{
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"memory": q("1Gi")}},
				Containers: []core.Container{{Name: "a", Image: "a:1", Resources: core.ResourceRequirements{
					Limits: core.ResourceList{"hugepages-2Mi": q("4Mi"), "example.com/gpu": q("1")}}}}}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"memory": q("1Gi"), "hugepages-2Mi": q("4Mi")},
					Requests: core.ResourceList{"memory": q("1Gi"), "hugepages-2Mi": q("4Mi")}},
				Containers: []core.Container{{Name: "a", Image: "a:1", Resources: core.ResourceRequirements{
					Limits:   core.ResourceList{"hugepages-2Mi": q("4Mi"), "example.com/gpu": q("1")},
					Requests: core.ResourceList{"hugepages-2Mi": q("4Mi"), "example.com/gpu": q("1")}}}}})},
		},
		{
			name: "a negative grace period becomes 1; init container annotations go; podIPs follow podIP",
			in: core.Pod{ObjectMeta: meta.ObjectMeta{Annotations: map[string]string{"pod.beta.kubernetes.io/init-containers": "[]", "keep": "x"}},
				Spec:   core.PodSpec{TerminationGracePeriodSeconds: dfltPtr[int64](-5)},
				Status: core.PodStatus{PodIP: "10.0.0.1", PodIPs: []core.PodIP{{IP: "10.0.0.2"}, {IP: "fd00::1"}}}},
			want: core.Pod{ObjectMeta: meta.ObjectMeta{Annotations: map[string]string{"keep": "x"}},
				Spec: func() core.PodSpec {
					s := podSpecDefaults(core.PodSpec{})
					s.TerminationGracePeriodSeconds = dfltPtr[int64](1)
					return s
				}(),
				Status: core.PodStatus{PodIP: "10.0.0.1", PodIPs: []core.PodIP{{IP: "10.0.0.1"}}}},
		},
		{
			name: "podIP is the first of podIPs; status amounts round up to milli-units",
			in: core.Pod{Status: core.PodStatus{PodIPs: []core.PodIP{{IP: "10.0.0.2"}},
				AllocatedResources: core.ResourceList{"cpu": q("1n")},
				ContainerStatuses:  []core.ContainerStatus{{Name: "c", AllocatedResources: core.ResourceList{"cpu": q("1500u")}}}}},
			want: core.Pod{Spec: podSpecDefaults(core.PodSpec{}), Status: core.PodStatus{PodIP: "10.0.0.2", PodIPs: []core.PodIP{{IP: "10.0.0.2"}},
				AllocatedResources: core.ResourceList{"cpu": q("1m")},
				ContainerStatuses:  []core.ContainerStatus{{Name: "c", AllocatedResources: core.ResourceList{"cpu": q("2m")}}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsPod(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsPod (-want +got):\n%s", d)
			}
		})
	}
	core.SetDefaultsPod(nil)
}
