package core_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

func dfltPtr[T any](v T) *T { return &v }

func TestSetDefaultsPodSpec(t *testing.T) {
	container := func() []core.Container { return []core.Container{{Name: "c", Image: "busybox:1.36"}} }
	defaultedContainer := []core.Container{{Name: "c", Image: "busybox:1.36", ImagePullPolicy: core.PullIfNotPresent,
		TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}}
	tests := []struct {
		name string
		in   core.PodSpec
		want core.PodSpec
	}{
		{
			name: "an empty spec gets dnsPolicy, restartPolicy, securityContext, grace period and scheduler",
			in:   core.PodSpec{Containers: container()},
			want: core.PodSpec{Containers: defaultedContainer, DNSPolicy: core.DNSClusterFirst,
				RestartPolicy: core.RestartPolicyAlways, SecurityContext: &core.PodSecurityContext{},
				TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler"},
		},
		{
			name: "does not overwrite what the user set, zero grace period included",
			in: core.PodSpec{Containers: container(), DNSPolicy: core.DNSDefault, RestartPolicy: core.RestartPolicyNever,
				SecurityContext: &core.PodSecurityContext{RunAsUser: dfltPtr[int64](0)}, TerminationGracePeriodSeconds: dfltPtr[int64](0),
				SchedulerName: "mine"},
			want: core.PodSpec{Containers: defaultedContainer, DNSPolicy: core.DNSDefault, RestartPolicy: core.RestartPolicyNever,
				SecurityContext: &core.PodSecurityContext{RunAsUser: dfltPtr[int64](0)}, TerminationGracePeriodSeconds: dfltPtr[int64](0),
				SchedulerName: "mine"},
		},
		{
			name: "serviceAccount alone fills serviceAccountName",
			in:   core.PodSpec{DeprecatedServiceAccount: "old"},
			want: core.PodSpec{DeprecatedServiceAccount: "old", ServiceAccountName: "old", DNSPolicy: core.DNSClusterFirst,
				RestartPolicy: core.RestartPolicyAlways, SecurityContext: &core.PodSecurityContext{},
				TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler"},
		},
		{
			name: "serviceAccountName is copied to serviceAccount, and wins when they differ",
			in:   core.PodSpec{DeprecatedServiceAccount: "old", ServiceAccountName: "new"},
			want: core.PodSpec{DeprecatedServiceAccount: "new", ServiceAccountName: "new", DNSPolicy: core.DNSClusterFirst,
				RestartPolicy: core.RestartPolicyAlways, SecurityContext: &core.PodSecurityContext{},
				TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler"},
		},
		{
			name: "a template gets no enableServiceLinks and no host ports in the host network",
			in: core.PodSpec{HostNetwork: true, RestartPolicy: core.RestartPolicyOnFailure,
				Containers: []core.Container{{Name: "c", Image: "busybox:1.36", Ports: []core.ContainerPort{{ContainerPort: 80}}}}},
			want: core.PodSpec{HostNetwork: true, RestartPolicy: core.RestartPolicyOnFailure, DNSPolicy: core.DNSClusterFirst,
				SecurityContext: &core.PodSecurityContext{}, TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler",
				Containers: []core.Container{{Name: "c", Image: "busybox:1.36", Ports: []core.ContainerPort{{ContainerPort: 80, Protocol: core.ProtocolTCP}},
					ImagePullPolicy: core.PullIfNotPresent, TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}}},
		},
		{
			name: "init containers, sidecars and ephemeral containers are defaulted like containers",
			in: core.PodSpec{RestartPolicy: core.RestartPolicyNever, Containers: container(),
				InitContainers:      []core.Container{{Name: "side", Image: "log", RestartPolicy: dfltPtr(core.ContainerRestartPolicyAlways)}},
				EphemeralContainers: []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "dbg", Image: "busybox@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}}}},
			want: core.PodSpec{RestartPolicy: core.RestartPolicyNever, Containers: defaultedContainer, DNSPolicy: core.DNSClusterFirst,
				SecurityContext: &core.PodSecurityContext{}, TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler",
				InitContainers: []core.Container{{Name: "side", Image: "log", RestartPolicy: dfltPtr(core.ContainerRestartPolicyAlways),
					ImagePullPolicy: core.PullAlways, TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}},
				EphemeralContainers: []core.EphemeralContainer{{EphemeralContainerCommon: core.EphemeralContainerCommon{Name: "dbg",
					Image:           "busybox@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
					ImagePullPolicy: core.PullIfNotPresent, TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: core.TerminationMessageReadFile}}}},
		},
		{
			name: "overhead and pod-level resources are rounded up to milli-units",
			in: core.PodSpec{Containers: container(), Overhead: core.ResourceList{"cpu": resource.MustParse("1n")},
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"cpu": resource.MustParse("1500u")}, Requests: core.ResourceList{"memory": resource.MustParse("1Gi")}}},
			want: core.PodSpec{Containers: defaultedContainer, DNSPolicy: core.DNSClusterFirst,
				RestartPolicy: core.RestartPolicyAlways, SecurityContext: &core.PodSecurityContext{},
				TerminationGracePeriodSeconds: dfltPtr[int64](30), SchedulerName: "default-scheduler",
				Overhead:  core.ResourceList{"cpu": resource.MustParse("1m")},
				Resources: &core.ResourceRequirements{Limits: core.ResourceList{"cpu": resource.MustParse("2m")}, Requests: core.ResourceList{"memory": resource.MustParse("1Gi")}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsPodSpec(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsPodSpec (-want +got):\n%s", d)
			}
		})
	}
}

func TestSetDefaultsContainerImagePullPolicy(t *testing.T) {
	const hex64 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	long := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = 'a'
		}
		return string(b)
	}
	tests := []struct {
		image string
		want  core.PullPolicy
	}{
		{"busybox", core.PullAlways},
		{"busybox:latest", core.PullAlways},
		{"busybox:1.36", core.PullIfNotPresent},
		{"busybox:LATEST", core.PullIfNotPresent},
		{"busybox@sha256:" + hex64, core.PullIfNotPresent},
		{"busybox:latest@sha256:" + hex64, core.PullAlways},
		{"busybox:1.2@sha256:" + hex64, core.PullIfNotPresent},
		{"registry.example.com:5000/team/app", core.PullAlways},
		{"registry.example.com:5000/team/app:5000", core.PullIfNotPresent},
		{"localhost:5000/app:latest", core.PullAlways},
		{"localhost/app", core.PullAlways},
		{"[::1]:5000/app", core.PullAlways},
		{"index.docker.io/busybox", core.PullAlways},
		{"UPPER.example.com/app", core.PullAlways},
		// What the reference grammar rejects is IfNotPresent: the API
		// server defaults before validation rejects it.
		{"", core.PullIfNotPresent},
		{"Busybox", core.PullIfNotPresent},
		{"example.com/App", core.PullIfNotPresent},
		{hex64, core.PullIfNotPresent},
		{"busybox:", core.PullIfNotPresent},
		{" busybox", core.PullIfNotPresent},
		{"app@sha256:0123", core.PullIfNotPresent},
		{"app@md5:0123456789abcdef0123456789abcdef", core.PullIfNotPresent},
		{"app@sha384:" + hex64 + hex64[:32], core.PullIfNotPresent},
		{"app:" + long(129), core.PullIfNotPresent},
		{long(247), core.PullAlways},        // library/ + 247 = 255 bytes of path
		{long(248), core.PullIfNotPresent},  // 256 bytes: too long
		{"a/" + long(253), core.PullAlways}, // docker.io/a/...: no library/ prefix
		{"img:latest:latest", core.PullIfNotPresent},
	}
	for _, tt := range tests {
		t.Run(tt.image, func(t *testing.T) {
			c := core.Container{Name: "c", Image: tt.image}
			core.SetDefaultsContainer(&c)
			if c.ImagePullPolicy != tt.want {
				t.Errorf("image %q: imagePullPolicy %q, want %q", tt.image, c.ImagePullPolicy, tt.want)
			}
		})
	}
	t.Run("does not overwrite", func(t *testing.T) {
		c := core.Container{Name: "c", Image: "busybox", ImagePullPolicy: core.PullNever}
		core.SetDefaultsContainer(&c)
		if c.ImagePullPolicy != core.PullNever {
			t.Errorf("imagePullPolicy %q, want Never", c.ImagePullPolicy)
		}
	})
}

func TestSetDefaultsContainer(t *testing.T) {
	defaulted := func(c core.Container) core.Container {
		c.ImagePullPolicy, c.TerminationMessagePath, c.TerminationMessagePolicy = core.PullIfNotPresent, "/dev/termination-log", core.TerminationMessageReadFile
		return c
	}
	tests := []struct {
		name string
		in   core.Container
		want core.Container
	}{
		{
			name: "termination message path and policy",
			in:   core.Container{Name: "c", Image: "a:1"},
			want: defaulted(core.Container{Name: "c", Image: "a:1"}),
		},
		{
			name: "termination message path and policy are not overwritten",
			in:   core.Container{Name: "c", Image: "a:1", TerminationMessagePath: "/x", TerminationMessagePolicy: core.TerminationMessageFallbackToLogsOnError},
			want: core.Container{Name: "c", Image: "a:1", TerminationMessagePath: "/x", TerminationMessagePolicy: core.TerminationMessageFallbackToLogsOnError, ImagePullPolicy: core.PullIfNotPresent},
		},
		{
			name: "port protocol TCP; hostPort stays unset; a set protocol stays",
			in:   core.Container{Name: "c", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 80}, {ContainerPort: 53, Protocol: core.ProtocolUDP}}},
			want: defaulted(core.Container{Name: "c", Image: "a:1", Ports: []core.ContainerPort{{ContainerPort: 80, Protocol: core.ProtocolTCP}, {ContainerPort: 53, Protocol: core.ProtocolUDP}}}),
		},
		{
			name: "env fieldRef apiVersion v1 and fileKeyRef optional false; resourceFieldRef gets nothing",
			in: core.Container{Name: "c", Image: "a:1", Env: []core.EnvVar{
				{Name: "A", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}},
				{Name: "B", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{APIVersion: "v2", FieldPath: "metadata.name"}}},
				{Name: "C", ValueFrom: &core.EnvVarSource{FileKeyRef: &core.FileKeySelector{VolumeName: "v", Path: "p", Key: "k"}}},
				{Name: "D", ValueFrom: &core.EnvVarSource{FileKeyRef: &core.FileKeySelector{VolumeName: "v", Path: "p", Key: "k", Optional: dfltPtr(true)}}},
				{Name: "E", ValueFrom: &core.EnvVarSource{ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}}},
				{Name: "F", Value: "x"},
			}},
			want: defaulted(core.Container{Name: "c", Image: "a:1", Env: []core.EnvVar{
				{Name: "A", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}}},
				{Name: "B", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{APIVersion: "v2", FieldPath: "metadata.name"}}},
				{Name: "C", ValueFrom: &core.EnvVarSource{FileKeyRef: &core.FileKeySelector{VolumeName: "v", Path: "p", Key: "k", Optional: dfltPtr(false)}}},
				{Name: "D", ValueFrom: &core.EnvVarSource{FileKeyRef: &core.FileKeySelector{VolumeName: "v", Path: "p", Key: "k", Optional: dfltPtr(true)}}},
				{Name: "E", ValueFrom: &core.EnvVarSource{ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}}},
				{Name: "F", Value: "x"},
			}}),
		},
		{
			name: "requests are not copied from limits in a template; amounts round up to milli-units",
			in: core.Container{Name: "c", Image: "a:1", Resources: core.ResourceRequirements{
				Limits:   core.ResourceList{"cpu": resource.MustParse("1n"), "memory": resource.MustParse("1Gi")},
				Requests: core.ResourceList{"cpu": resource.MustParse("-1500u"), "example.com/gpu": resource.MustParse("1")}}},
			want: defaulted(core.Container{Name: "c", Image: "a:1", Resources: core.ResourceRequirements{
				Limits:   core.ResourceList{"cpu": resource.MustParse("1m"), "memory": resource.MustParse("1Gi")},
				Requests: core.ResourceList{"cpu": resource.MustParse("-2m"), "example.com/gpu": resource.MustParse("1")}}}),
		},
		{
			name: "probes and hook httpGet actions",
			in: core.Container{Name: "c", Image: "a:1",
				LivenessProbe:  &core.Probe{ProbeHandler: core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Port: core.FromInt32(80)}}},
				ReadinessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{GRPC: &core.GRPCAction{Port: 9000}}},
				StartupProbe:   &core.Probe{ProbeHandler: core.ProbeHandler{Exec: &core.ExecAction{Command: []string{"true"}}}, PeriodSeconds: 2},
				Lifecycle: &core.Lifecycle{
					PostStart: &core.LifecycleHandler{HTTPGet: &core.HTTPGetAction{Port: core.FromString("http"), Path: "/start"}},
					PreStop:   &core.LifecycleHandler{Sleep: &core.SleepAction{Seconds: 1}}}},
			want: defaulted(core.Container{Name: "c", Image: "a:1",
				LivenessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Port: core.FromInt32(80), Path: "/", Scheme: core.URISchemeHTTP}},
					TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
				ReadinessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{GRPC: &core.GRPCAction{Port: 9000, Service: dfltPtr("")}},
					TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
				StartupProbe: &core.Probe{ProbeHandler: core.ProbeHandler{Exec: &core.ExecAction{Command: []string{"true"}}},
					TimeoutSeconds: 1, PeriodSeconds: 2, SuccessThreshold: 1, FailureThreshold: 3},
				Lifecycle: &core.Lifecycle{
					PostStart: &core.LifecycleHandler{HTTPGet: &core.HTTPGetAction{Port: core.FromString("http"), Path: "/start", Scheme: core.URISchemeHTTP}},
					PreStop:   &core.LifecycleHandler{Sleep: &core.SleepAction{Seconds: 1}}}}),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsContainer(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsContainer (-want +got):\n%s", d)
			}
		})
	}
}

func TestSetDefaultsProbe(t *testing.T) {
	tests := []struct {
		name string
		in   core.Probe
		want core.Probe
	}{
		{
			name: "zero fields get 1, 10, 1, 3; initialDelaySeconds stays 0",
			in:   core.Probe{},
			want: core.Probe{TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
		},
		{
			name: "does not overwrite",
			in:   core.Probe{TimeoutSeconds: 5, PeriodSeconds: 6, SuccessThreshold: 7, FailureThreshold: 8, InitialDelaySeconds: 9, TerminationGracePeriodSeconds: dfltPtr[int64](0)},
			want: core.Probe{TimeoutSeconds: 5, PeriodSeconds: 6, SuccessThreshold: 7, FailureThreshold: 8, InitialDelaySeconds: 9, TerminationGracePeriodSeconds: dfltPtr[int64](0)},
		},
		{
			name: "a set grpc service is kept",
			in:   core.Probe{ProbeHandler: core.ProbeHandler{GRPC: &core.GRPCAction{Port: 1, Service: dfltPtr("health")}}},
			want: core.Probe{ProbeHandler: core.ProbeHandler{GRPC: &core.GRPCAction{Port: 1, Service: dfltPtr("health")}}, TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
		},
		{
			name: "a tcpSocket action gets nothing",
			in:   core.Probe{ProbeHandler: core.ProbeHandler{TCPSocket: &core.TCPSocketAction{Port: core.FromInt32(1)}}},
			want: core.Probe{ProbeHandler: core.ProbeHandler{TCPSocket: &core.TCPSocketAction{Port: core.FromInt32(1)}}, TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsProbe(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsProbe (-want +got):\n%s", d)
			}
		})
	}
}

func TestSetDefaultsHTTPGetAction(t *testing.T) {
	tests := []struct {
		name     string
		in, want core.HTTPGetAction
	}{
		{"path / and scheme HTTP", core.HTTPGetAction{Port: core.FromInt32(8080)},
			core.HTTPGetAction{Port: core.FromInt32(8080), Path: "/", Scheme: core.URISchemeHTTP}},
		{"does not overwrite", core.HTTPGetAction{Port: core.FromInt32(8080), Path: "/healthz", Scheme: core.URISchemeHTTPS},
			core.HTTPGetAction{Port: core.FromInt32(8080), Path: "/healthz", Scheme: core.URISchemeHTTPS}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsHTTPGetAction(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsHTTPGetAction (-want +got):\n%s", d)
			}
		})
	}
}

func TestSetDefaultsVolume(t *testing.T) {
	mode := dfltPtr[int32](0o644)
	tests := []struct {
		name     string
		in, want core.Volume
	}{
		{"a volume with no source becomes emptyDir",
			core.Volume{Name: "v"},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}}},
		{"a volume whose source jobkit does not model is left alone",
			core.Volume{Name: "v", Unknown: meta.Unknown{"futureSource": meta.RawJSON(`{}`)}},
			core.Volume{Name: "v", Unknown: meta.Unknown{"futureSource": meta.RawJSON(`{}`)}}},
		{"hostPath type is set to the empty type",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{HostPath: &core.HostPathVolumeSource{Path: "/x"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{HostPath: &core.HostPathVolumeSource{Path: "/x", Type: dfltPtr(core.HostPathUnset)}}}},
		{"hostPath type is not overwritten",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{HostPath: &core.HostPathVolumeSource{Path: "/x", Type: dfltPtr(core.HostPathDirectory)}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{HostPath: &core.HostPathVolumeSource{Path: "/x", Type: dfltPtr(core.HostPathDirectory)}}}},
		{"secret defaultMode 0644; items get no mode",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{SecretName: "s", Items: []core.KeyToPath{{Key: "k", Path: "p"}}}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{SecretName: "s", Items: []core.KeyToPath{{Key: "k", Path: "p"}}, DefaultMode: mode}}}},
		{"secret defaultMode is not overwritten, zero included",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{DefaultMode: dfltPtr[int32](0)}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{DefaultMode: dfltPtr[int32](0)}}}},
		{"configMap defaultMode 0644",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{DefaultMode: mode}}}},
		{"downwardAPI defaultMode 0644 and items' fieldRef apiVersion v1",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{Items: []core.DownwardAPIVolumeFile{
				{Path: "n", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}, {Path: "c", ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}}}}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{DefaultMode: mode, Items: []core.DownwardAPIVolumeFile{
				{Path: "n", FieldRef: &core.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}}, {Path: "c", ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}}}}}}},
		{"projected defaultMode, downwardAPI apiVersion and token expiration",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Projected: &core.ProjectedVolumeSource{Sources: []core.VolumeProjection{
				{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "t"}},
				{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "u", ExpirationSeconds: dfltPtr[int64](600)}},
				{DownwardAPI: &core.DownwardAPIProjection{Items: []core.DownwardAPIVolumeFile{{Path: "n", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}}}},
				{}}}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Projected: &core.ProjectedVolumeSource{DefaultMode: mode, Sources: []core.VolumeProjection{
				{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "t", ExpirationSeconds: dfltPtr[int64](3600)}},
				{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "u", ExpirationSeconds: dfltPtr[int64](600)}},
				{DownwardAPI: &core.DownwardAPIProjection{Items: []core.DownwardAPIVolumeFile{{Path: "n", FieldRef: &core.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}}}}},
				{}}}}}},
		{"iscsi interface default",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ISCSI: &core.ISCSIVolumeSource{TargetPortal: "t", IQN: "i"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ISCSI: &core.ISCSIVolumeSource{TargetPortal: "t", IQN: "i", ISCSIInterface: "default"}}}},
		{"rbd pool, user and keyring",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{RBD: &core.RBDVolumeSource{RBDImage: "i", RadosUser: "me"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{RBD: &core.RBDVolumeSource{RBDImage: "i", RadosUser: "me", RBDPool: "rbd", Keyring: "/etc/ceph/keyring"}}}},
		{"azureDisk caching, fsType, readOnly and kind",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{AzureDisk: &core.AzureDiskVolumeSource{DiskName: "d", FSType: dfltPtr("xfs")}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{AzureDisk: &core.AzureDiskVolumeSource{DiskName: "d", FSType: dfltPtr("xfs"),
				CachingMode: dfltPtr(core.AzureDataDiskCachingReadWrite), ReadOnly: dfltPtr(false), Kind: dfltPtr(core.AzureSharedBlobDisk)}}}},
		{"scaleIO storage mode and fsType",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ScaleIO: &core.ScaleIOVolumeSource{Gateway: "g", FSType: "ext4"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{ScaleIO: &core.ScaleIOVolumeSource{Gateway: "g", FSType: "ext4", StorageMode: "ThinProvisioned"}}}},
		{"ephemeral claim template volumeMode Filesystem and rounded amounts",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Ephemeral: &core.EphemeralVolumeSource{VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{
				Spec: core.PersistentVolumeClaimSpec{Resources: core.VolumeResourceRequirements{Requests: core.ResourceList{"storage": resource.MustParse("1n")}}}}}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Ephemeral: &core.EphemeralVolumeSource{VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{
				Spec: core.PersistentVolumeClaimSpec{VolumeMode: dfltPtr(core.PersistentVolumeFilesystem), Resources: core.VolumeResourceRequirements{Requests: core.ResourceList{"storage": resource.MustParse("1m")}}}}}}}},
		{"ephemeral claim template volumeMode is not overwritten",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Ephemeral: &core.EphemeralVolumeSource{VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{
				Spec: core.PersistentVolumeClaimSpec{VolumeMode: dfltPtr(core.PersistentVolumeBlock)}}}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Ephemeral: &core.EphemeralVolumeSource{VolumeClaimTemplate: &core.PersistentVolumeClaimTemplate{
				Spec: core.PersistentVolumeClaimSpec{VolumeMode: dfltPtr(core.PersistentVolumeBlock)}}}}}},
		{"image volume pull policy from the reference",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "quay.io/x/y"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "quay.io/x/y", PullPolicy: core.PullAlways}}}},
		{"image volume pull policy is not overwritten",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "quay.io/x/y", PullPolicy: core.PullNever}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{Image: &core.ImageVolumeSource{Reference: "quay.io/x/y", PullPolicy: core.PullNever}}}},
		{"a persistentVolumeClaim volume gets nothing",
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{PersistentVolumeClaim: &core.PersistentVolumeClaimVolumeSource{ClaimName: "c"}}},
			core.Volume{Name: "v", VolumeSource: core.VolumeSource{PersistentVolumeClaim: &core.PersistentVolumeClaimVolumeSource{ClaimName: "c"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			core.SetDefaultsVolume(&got)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("SetDefaultsVolume (-want +got):\n%s", d)
			}
		})
	}
}

// TestSetDefaultsPodTemplateSpecStoredForm decodes a template, defaults it
// and encodes it: the JSON is what an API server stores, with the
// normalizations typing makes (canonical quantities, optional zeros
// dropped, resourceFieldRef's divisor written as "0").
func TestSetDefaultsPodTemplateSpecStoredForm(t *testing.T) {
	in := `{"metadata":{"labels":{"app":"x"}},"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox",
		"resources":{"limits":{"cpu":"0.5","memory":"1000m"},"requests":{"cpu":1}},
		"env":[{"name":"L","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu"}}}],
		"livenessProbe":{"exec":{"command":["true"]},"initialDelaySeconds":0}}],
		"volumes":[{"name":"e"}]}}`
	want := `{"metadata":{"labels":{"app":"x"}},"spec":{"volumes":[{"name":"e","emptyDir":{}}],
		"containers":[{"name":"c","image":"busybox",
		"env":[{"name":"L","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"0"}}}],
		"resources":{"limits":{"cpu":"500m","memory":"1"},"requests":{"cpu":"1"}},
		"livenessProbe":{"exec":{"command":["true"]},"timeoutSeconds":1,"periodSeconds":10,"successThreshold":1,"failureThreshold":3},
		"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"Always"}],
		"restartPolicy":"Never","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}}`
	var tmpl core.PodTemplateSpec
	if err := json.Unmarshal([]byte(in), &tmpl); err != nil {
		t.Fatal(err)
	}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	got, err := json.Marshal(&tmpl)
	if err != nil {
		t.Fatal(err)
	}
	var wantV, gotV any
	if err := json.Unmarshal([]byte(want), &wantV); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &gotV); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(wantV, gotV); d != "" {
		t.Errorf("stored template (-want +got):\n%s", d)
	}
}

func TestSetDefaultsPodTemplateSpecDropsInitContainerAnnotations(t *testing.T) {
	annotations := map[string]string{"pod.beta.kubernetes.io/init-containers": "[]", "pod.alpha.kubernetes.io/init-containers": "[]",
		"pod.beta.kubernetes.io/init-container-statuses": "[]", "pod.alpha.kubernetes.io/init-container-statuses": "[]", "keep": "x"}
	tmpl := core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Annotations: annotations}}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	if d := cmp.Diff(map[string]string{"keep": "x"}, tmpl.ObjectMeta.Annotations); d != "" {
		t.Errorf("annotations (-want +got):\n%s", d)
	}
	if len(annotations) != 5 {
		t.Errorf("the caller's annotation map was changed: %v", annotations)
	}
	other := core.PodTemplateSpec{ObjectMeta: meta.ObjectMeta{Annotations: map[string]string{"keep": "x"}}}
	core.SetDefaultsPodTemplateSpec(&other)
	if d := cmp.Diff(map[string]string{"keep": "x"}, other.ObjectMeta.Annotations); d != "" {
		t.Errorf("other annotations (-want +got):\n%s", d)
	}
}

func TestSetDefaultsNil(t *testing.T) {
	// Each entry point accepts nil and does nothing.
	core.SetDefaultsPodTemplateSpec(nil)
	core.SetDefaultsPodSpec(nil)
	core.SetDefaultsContainer(nil)
	core.SetDefaultsEphemeralContainer(nil)
	core.SetDefaultsProbe(nil)
	core.SetDefaultsHTTPGetAction(nil)
	core.SetDefaultsObjectFieldSelector(nil)
	core.SetDefaultsVolume(nil)
	core.DropDisabledTemplateFields(nil, nil)
	core.DropDisabledPodSpecFields(nil, nil)
}

func BenchmarkSetDefaultsPodTemplateSpec(b *testing.B) {
	base := core.PodTemplateSpec{Spec: core.PodSpec{
		RestartPolicy: core.RestartPolicyNever,
		Containers: []core.Container{{Name: "c", Image: "registry.example.com:5000/team/app:1.2",
			Ports:         []core.ContainerPort{{ContainerPort: 80}},
			Resources:     core.ResourceRequirements{Limits: core.ResourceList{"cpu": resource.MustParse("500m"), "memory": resource.MustParse("1Gi")}},
			LivenessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Port: core.FromInt32(80)}}},
			Env:           []core.EnvVar{{Name: "N", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}}}}},
		Volumes: []core.Volume{{Name: "cfg", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{}}}, {Name: "tmp"}},
	}}
	b.ReportAllocs()
	for b.Loop() {
		tmpl := base.DeepCopy()
		core.SetDefaultsPodTemplateSpec(tmpl)
	}
}
