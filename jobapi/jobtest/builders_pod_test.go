package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

func TestContainerBuilder(t *testing.T) {
	tests := []struct {
		name string
		got  core.Container
		want core.Container
	}{
		{"a bare container", jobtest.Container("worker", "busybox"), core.Container{Name: "worker", Image: "busybox"}},
		{"command, args, working directory and a later image",
			jobtest.Container("worker", "busybox", jobtest.Command("sh", "-c"), jobtest.Args("echo $0", "hi"),
				jobtest.WorkingDir("/work"), jobtest.Image("alpine"), nil),
			core.Container{Name: "worker", Image: "alpine", Command: []string{"sh", "-c"}, Args: []string{"echo $0", "hi"}, WorkingDir: "/work"}},
		{"requests and limits merge, the later quantity of a resource wins",
			jobtest.Container("worker", "busybox",
				jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("100m"), core.ResourceMemory: resource.MustParse("64Mi")}),
				jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("250m")}),
				jobtest.Requests(nil),
				jobtest.Limits(core.ResourceList{core.ResourceMemory: resource.MustParse("128Mi"), "nvidia.com/gpu": resource.MustParse("1")})),
			core.Container{Name: "worker", Image: "busybox", Resources: core.ResourceRequirements{
				Requests: core.ResourceList{core.ResourceCPU: resource.MustParse("250m"), core.ResourceMemory: resource.MustParse("64Mi")},
				Limits:   core.ResourceList{core.ResourceMemory: resource.MustParse("128Mi"), "nvidia.com/gpu": resource.MustParse("1")},
			}}},
		{"env in order, from every source",
			jobtest.Container("worker", "busybox",
				jobtest.Env("MODE", "fast"), jobtest.EnvFromField("POD_NAME", "metadata.name"),
				jobtest.EnvFromResource("CPU_LIMIT", "limits.cpu"), jobtest.EnvFromConfigMapKey("LEVEL", "settings", "level"),
				jobtest.EnvFromSecretKey("TOKEN", "creds", "token"), jobtest.Env("MODE", "slow"),
				jobtest.ConfigMapEnv("settings"), jobtest.SecretEnv("creds")),
			core.Container{Name: "worker", Image: "busybox",
				Env: []core.EnvVar{
					{Name: "MODE", Value: "fast"},
					{Name: "POD_NAME", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}},
					{Name: "CPU_LIMIT", ValueFrom: &core.EnvVarSource{ResourceFieldRef: &core.ResourceFieldSelector{Resource: "limits.cpu"}}},
					{Name: "LEVEL", ValueFrom: &core.EnvVarSource{ConfigMapKeyRef: &core.ConfigMapKeySelector{
						LocalObjectReference: core.LocalObjectReference{Name: "settings"}, Key: "level"}}},
					{Name: "TOKEN", ValueFrom: &core.EnvVarSource{SecretKeyRef: &core.SecretKeySelector{
						LocalObjectReference: core.LocalObjectReference{Name: "creds"}, Key: "token"}}},
					{Name: "MODE", Value: "slow"},
				},
				EnvFrom: []core.EnvFromSource{
					{ConfigMapRef: &core.ConfigMapEnvSource{LocalObjectReference: core.LocalObjectReference{Name: "settings"}}},
					{SecretRef: &core.SecretEnvSource{LocalObjectReference: core.LocalObjectReference{Name: "creds"}}},
				}}},
		{"ports and mounts in order",
			jobtest.Container("web", "nginx", jobtest.Port("http", 8080), jobtest.Port("", 9090),
				jobtest.VolumeMount("data", "/data"), jobtest.ReadOnlyVolumeMount("config", "/etc/app")),
			core.Container{Name: "web", Image: "nginx",
				Ports: []core.ContainerPort{{Name: "http", ContainerPort: 8080}, {ContainerPort: 9090}},
				VolumeMounts: []core.VolumeMount{{Name: "data", MountPath: "/data"},
					{Name: "config", MountPath: "/etc/app", ReadOnly: true}}}},
		{"the three probes, each with its own handler and timing",
			jobtest.Container("web", "nginx",
				jobtest.ReadinessProbe(jobtest.HTTPGetProbe("/ready", core.FromString("http")),
					jobtest.ProbePeriod(5), jobtest.ProbeFailureThreshold(2), jobtest.ProbeSuccessThreshold(3), nil),
				jobtest.LivenessProbe(jobtest.ExecProbe("cat", "/tmp/alive"), jobtest.ProbeInitialDelay(10), jobtest.ProbeTimeout(2)),
				jobtest.StartupProbe(jobtest.TCPSocketProbe(core.FromInt32(8080)))),
			core.Container{Name: "web", Image: "nginx",
				ReadinessProbe: &core.Probe{
					ProbeHandler:  core.ProbeHandler{HTTPGet: &core.HTTPGetAction{Path: "/ready", Port: core.IntOrString{Type: core.StringType, StrVal: "http"}}},
					PeriodSeconds: 5, FailureThreshold: 2, SuccessThreshold: 3},
				LivenessProbe: &core.Probe{
					ProbeHandler:        core.ProbeHandler{Exec: &core.ExecAction{Command: []string{"cat", "/tmp/alive"}}},
					InitialDelaySeconds: 10, TimeoutSeconds: 2},
				StartupProbe: &core.Probe{
					ProbeHandler: core.ProbeHandler{TCPSocket: &core.TCPSocketAction{Port: core.IntOrString{Type: core.IntType, IntVal: 8080}}}},
			}},
		{"a later probe replaces an earlier one",
			jobtest.Container("web", "nginx",
				jobtest.ReadinessProbe(jobtest.ExecProbe("true"), jobtest.ProbePeriod(1)),
				jobtest.ReadinessProbe(jobtest.ExecProbe("false"))),
			core.Container{Name: "web", Image: "nginx",
				ReadinessProbe: &core.Probe{ProbeHandler: core.ProbeHandler{Exec: &core.ExecAction{Command: []string{"false"}}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The pod spec every spec option below makes, on a Job's template and on a
// Pod alike.
func wantPodSpec() core.PodSpec {
	return core.PodSpec{
		Volumes: []core.Volume{
			{Name: "scratch", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}},
			{Name: "config", VolumeSource: core.VolumeSource{ConfigMap: &core.ConfigMapVolumeSource{
				LocalObjectReference: core.LocalObjectReference{Name: "settings"}}}},
			{Name: "creds", VolumeSource: core.VolumeSource{Secret: &core.SecretVolumeSource{SecretName: "token"}}},
			{Name: "podinfo", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{Items: []core.DownwardAPIVolumeFile{
				{Path: "labels", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.labels"}},
				{Path: "name", FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}},
			}}}},
		},
		InitContainers: []core.Container{
			{Name: "setup", Image: "busybox", Command: []string{"touch", "/scratch/ok"}},
			{Name: "proxy", Image: "envoy", Ports: []core.ContainerPort{{Name: "admin", ContainerPort: 9901}},
				RestartPolicy: ptr(core.ContainerRestartPolicyAlways)},
		},
		Containers: []core.Container{
			{Name: "main", Image: "busybox",
				Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: resource.MustParse("100m")}},
				Env:       []core.EnvVar{{Name: "A", Value: "1"}}},
			{Name: "web", Image: "nginx", Ports: []core.ContainerPort{{Name: "http", ContainerPort: 8080}}},
		},
		RestartPolicy: core.RestartPolicyOnFailure,
		NodeSelector:  map[string]string{"disk": "ssd", "zone": "b"},
		Tolerations: []core.Toleration{
			{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			{Key: "team", Operator: core.TolerationOpEqual, Value: "ml"},
		},
	}
}

// specOptions are options that make wantPodSpec from the default spec of
// Job and Pod. They include replacements by name.
func specOptions() []jobtest.SpecOption {
	return []jobtest.SpecOption{
		jobtest.WithContainer(jobtest.Container("web", "nginx")),
		jobtest.WithContainer(jobtest.Container("web", "nginx", jobtest.Port("http", 8080))),
		jobtest.InitContainer(jobtest.Container("setup", "alpine")),
		jobtest.Sidecar(jobtest.Container("proxy", "envoy", jobtest.Port("admin", 9901))),
		jobtest.InitContainer(jobtest.Container("setup", "busybox", jobtest.Command("touch", "/scratch/ok"))),
		jobtest.EmptyDirVolume("scratch"),
		jobtest.EmptyDirVolume("config"),
		jobtest.ConfigMapVolume("config", "settings"),
		jobtest.SecretVolume("creds", "token"),
		jobtest.DownwardAPIVolume("podinfo", map[string]string{"name": "metadata.name", "labels": "metadata.labels"}),
		jobtest.RestartPolicy(core.RestartPolicyOnFailure),
		jobtest.NodeSelector(map[string]string{"disk": "ssd", "zone": "a"}),
		jobtest.NodeSelector(map[string]string{"zone": "b"}),
		jobtest.Toleration("gpu", core.TolerationOpExists, "", core.TaintEffectNoSchedule),
		jobtest.Toleration("team", core.TolerationOpEqual, "ml", ""),
	}
}

func TestPodSpecOptionsOnJobsAndPods(t *testing.T) {
	var jobOpts []jobtest.JobOption
	var podOpts []jobtest.PodOption
	for _, o := range specOptions() {
		jobOpts, podOpts = append(jobOpts, o), append(podOpts, o)
	}
	// Container options given to Job or Pod change the first container.
	for _, o := range []jobtest.ContainerOption{
		jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("100m")}), jobtest.Env("A", "1"),
	} {
		jobOpts, podOpts = append(jobOpts, o), append(podOpts, o)
	}

	job := jobtest.Job("pi", jobOpts...)
	if diff := cmp.Diff(&jobapi.Job{
		TypeMeta:   meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
		ObjectMeta: meta.ObjectMeta{Name: "pi"},
		Spec:       jobapi.JobSpec{Template: core.PodTemplateSpec{Spec: wantPodSpec()}},
	}, job); diff != "" {
		t.Errorf("Job (-want +got):\n%s", diff)
	}
	pod := jobtest.Pod("p", podOpts...)
	if diff := cmp.Diff(&core.Pod{
		TypeMeta:   meta.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: meta.ObjectMeta{Name: "p"},
		Spec:       wantPodSpec(),
	}, pod); diff != "" {
		t.Errorf("Pod (-want +got):\n%s", diff)
	}
	// The same option values, applied twice, make fixtures that share no
	// memory with each other.
	if shared := jobtest.SharedMemory(&job.Spec.Template.Spec, &pod.Spec); shared != nil {
		t.Errorf("the Job's template and the Pod share memory: %v", shared)
	}
	if shared := jobtest.SharedMemory(job, jobtest.Job("pi", jobOpts...)); shared != nil {
		t.Errorf("two Jobs built from the same options share memory: %v", shared)
	}
}

func TestContainersAndReplacements(t *testing.T) {
	tests := []struct {
		name string
		got  core.PodSpec
		want core.PodSpec
	}{
		{"WithContainer named like the default replaces it",
			jobtest.Pod("p", jobtest.WithContainer(jobtest.Container(jobtest.DefaultContainerName, "perl", jobtest.Args("-v")))).Spec,
			core.PodSpec{Containers: []core.Container{{Name: "main", Image: "perl", Args: []string{"-v"}}}, RestartPolicy: core.RestartPolicyNever}},
		{"Containers replaces them all",
			jobtest.Pod("p", jobtest.WithContainer(jobtest.Container("web", "nginx")),
				jobtest.Containers(jobtest.Container("a", "busybox"), jobtest.Container("b", "busybox"))).Spec,
			core.PodSpec{Containers: []core.Container{{Name: "a", Image: "busybox"}, {Name: "b", Image: "busybox"}}, RestartPolicy: core.RestartPolicyNever}},
		{"container options on a pod without containers change nothing",
			jobtest.Pod("p", jobtest.Containers(), jobtest.Image("x"), jobtest.Command("y"), jobtest.Env("A", "1"),
				jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("1")})).Spec,
			core.PodSpec{Containers: []core.Container{}, RestartPolicy: core.RestartPolicyNever}},
		{"container options after WithContainer change the first container only",
			jobtest.Pod("p", jobtest.WithContainer(jobtest.Container("web", "nginx")), jobtest.Port("http", 80)).Spec,
			core.PodSpec{Containers: []core.Container{
				{Name: "main", Image: "busybox", Ports: []core.ContainerPort{{Name: "http", ContainerPort: 80}}},
				{Name: "web", Image: "nginx"}}, RestartPolicy: core.RestartPolicyNever}},
		{"a sidecar replaces an init container of its name and keeps its place",
			jobtest.Pod("p", jobtest.InitContainer(jobtest.Container("proxy", "old")), jobtest.InitContainer(jobtest.Container("setup", "busybox")),
				jobtest.Sidecar(jobtest.Container("proxy", "envoy"))).Spec,
			core.PodSpec{
				InitContainers: []core.Container{{Name: "proxy", Image: "envoy", RestartPolicy: ptr(core.ContainerRestartPolicyAlways)},
					{Name: "setup", Image: "busybox"}},
				Containers:    []core.Container{{Name: "main", Image: "busybox"}},
				RestartPolicy: core.RestartPolicyNever}},
		{"an init container replaces a sidecar of its name, restart policy included",
			jobtest.Pod("p", jobtest.Sidecar(jobtest.Container("proxy", "envoy")), jobtest.InitContainer(jobtest.Container("proxy", "envoy"))).Spec,
			core.PodSpec{
				InitContainers: []core.Container{{Name: "proxy", Image: "envoy"}},
				Containers:     []core.Container{{Name: "main", Image: "busybox"}},
				RestartPolicy:  core.RestartPolicyNever}},
		{"an empty downward API volume",
			jobtest.Pod("p", jobtest.Containers(), jobtest.DownwardAPIVolume("podinfo", nil)).Spec,
			core.PodSpec{
				Volumes:       []core.Volume{{Name: "podinfo", VolumeSource: core.VolumeSource{DownwardAPI: &core.DownwardAPIVolumeSource{}}}},
				Containers:    []core.Container{},
				RestartPolicy: core.RestartPolicyNever}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// Options copy their arguments: changing what was given to an option, or
// the object built, afterwards changes nothing else.
func TestPodOptionsCopyTheirArguments(t *testing.T) {
	requests := core.ResourceList{core.ResourceCPU: resource.MustParse("1")}
	labels := map[string]string{"disk": "ssd"}
	files := map[string]string{"name": "metadata.name"}
	command := []string{"cat", "/tmp/ready"}
	probe := jobtest.ExecProbe(command...)
	worker := jobtest.Container("worker", "busybox", jobtest.Requests(requests), jobtest.ReadinessProbe(probe), jobtest.Args(command...))
	opts := []jobtest.PodOption{jobtest.WithContainer(worker), jobtest.Sidecar(worker), jobtest.NodeSelector(labels),
		jobtest.DownwardAPIVolume("podinfo", files), jobtest.Requests(requests), jobtest.Command(command...)}
	pod := jobtest.Pod("p", opts...)
	want, wantWorker := pod.DeepCopy(), worker.DeepCopy()

	requests[core.ResourceMemory] = resource.MustParse("1Gi")
	labels["zone"] = "a"
	files["labels"] = "metadata.labels"
	command[0] = "rm"
	probe.Exec.Command[0] = "rm"
	if diff := cmp.Diff(wantWorker, &worker); diff != "" {
		t.Errorf("changing the arguments changed the container (-want +got):\n%s", diff)
	}
	worker.Args[0] = "rm"
	worker.ReadinessProbe.Exec.Command[1] = "/"
	if diff := cmp.Diff(want, pod); diff != "" {
		t.Errorf("changing the arguments changed the pod (-want +got):\n%s", diff)
	}
	other := jobtest.Pod("p", opts...)
	if shared := jobtest.SharedMemory(pod, other); shared != nil {
		t.Errorf("two pods from the same options share memory: %v", shared)
	}
	if shared := jobtest.SharedMemory(&pod.Spec.Containers[1], &pod.Spec.InitContainers[0]); shared != nil {
		t.Errorf("the container and the sidecar built from it share memory: %v", shared)
	}
}

// A Job and a Pod built with the pod options are ones the store accepts.
func TestBuiltPodFieldsAreValid(t *testing.T) {
	web := jobtest.Container("web", "nginx",
		jobtest.Port("http", 8080),
		jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("100m"), core.ResourceMemory: resource.MustParse("64Mi")}),
		jobtest.Limits(core.ResourceList{core.ResourceMemory: resource.MustParse("128Mi")}),
		jobtest.ReadinessProbe(jobtest.HTTPGetProbe("/ready", core.FromString("http")), jobtest.ProbePeriod(5)),
		jobtest.LivenessProbe(jobtest.TCPSocketProbe(core.FromInt32(8080))),
		jobtest.StartupProbe(jobtest.ExecProbe("true"), jobtest.ProbeFailureThreshold(30)),
		jobtest.EnvFromField("POD_NAME", "metadata.name"), jobtest.Env("MODE", "fast"),
		jobtest.EnvFromResource("CPU", "limits.memory"),
		jobtest.VolumeMount("scratch", "/scratch"), jobtest.ReadOnlyVolumeMount("podinfo", "/etc/podinfo"))
	opts := []jobtest.SpecOption{
		jobtest.WithContainer(web),
		jobtest.InitContainer(jobtest.Container("setup", "busybox", jobtest.Command("true"), jobtest.VolumeMount("scratch", "/scratch"))),
		jobtest.Sidecar(jobtest.Container("proxy", "envoy", jobtest.Port("admin", 9901))),
		jobtest.EmptyDirVolume("scratch"), jobtest.ConfigMapVolume("config", "settings"), jobtest.SecretVolume("creds", "token"),
		jobtest.DownwardAPIVolume("podinfo", map[string]string{"labels": "metadata.labels"}),
		jobtest.NodeSelector(map[string]string{"disk": "ssd"}),
		jobtest.Toleration("gpu", core.TolerationOpExists, "", core.TaintEffectNoSchedule),
	}
	var jobOpts []jobtest.JobOption
	var podOpts []jobtest.PodOption
	for _, o := range opts {
		jobOpts, podOpts = append(jobOpts, o), append(podOpts, o)
	}
	store := newStore()
	if _, _, err := store.Jobs("ns").Create(jobtest.Job("pi", jobOpts...)); err != nil {
		t.Errorf("Create Job: %v", err)
	}
	if _, _, err := store.Pods("ns").Create(jobtest.Pod("p", podOpts...)); err != nil {
		t.Errorf("Create Pod: %v", err)
	}
}
