package core_test

import (
	"encoding/json"
	"testing"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// TestEncodingOfSparseValues pins the optionality of members: what a value
// with few fields set encodes to is what k8s.io/api's types encode to
// (members without omitempty are written even when zero, empty structs are
// written as {}, zero times as null).
func TestEncodingOfSparseValues(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"an empty pod spec writes containers", core.PodSpec{}, `{"containers":null}`},
		{"a container always writes resources", core.Container{Name: "c"}, `{"name":"c","resources":{}}`},
		{"an ephemeral container inlines its common fields", core.EphemeralContainer{TargetContainerName: "c"}, `{"name":"","resources":{},"targetContainerName":"c"}`},
		{"a volume inlines its source", core.Volume{Name: "v", VolumeSource: core.VolumeSource{EmptyDir: &core.EmptyDirVolumeSource{}}}, `{"name":"v","emptyDir":{}}`},
		{"a probe inlines its handler", core.Probe{ProbeHandler: core.ProbeHandler{TCPSocket: &core.TCPSocketAction{Port: core.FromString("http")}}, PeriodSeconds: 5}, `{"tcpSocket":{"port":"http"},"periodSeconds":5}`},
		{"a grpc action writes a nil service", core.GRPCAction{Port: 9000}, `{"port":9000,"service":null}`},
		{"an http get writes its port", core.HTTPGetAction{}, `{"port":0}`},
		{"a typed reference writes a nil api group", core.TypedLocalObjectReference{Kind: "PersistentVolumeClaim", Name: "src"}, `{"apiGroup":null,"kind":"PersistentVolumeClaim","name":"src"}`},
		{"scaleIO writes a nil secretRef", core.ScaleIOVolumeSource{Gateway: "g", System: "s"}, `{"gateway":"g","system":"s","secretRef":null}`},
		{"a config map key selector inlines the name", core.ConfigMapKeySelector{LocalObjectReference: core.LocalObjectReference{Name: "cm"}, Key: "k"}, `{"name":"cm","key":"k"}`},
		{"a projected volume writes its sources", core.ProjectedVolumeSource{}, `{"sources":null}`},
		{"a terminated state writes its exit code and times", core.ContainerStateTerminated{}, `{"exitCode":0,"startedAt":null,"finishedAt":null}`},
		{"a container status writes its required members", core.ContainerStatus{Name: "c"}, `{"name":"c","state":{},"lastState":{},"ready":false,"restartCount":0,"image":"","imageID":""}`},
		{"a pod condition writes null times", core.PodCondition{Type: core.PodReady, Status: core.ConditionTrue}, `{"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":null}`},
		{"a resource field selector writes its divisor", core.ResourceFieldSelector{Resource: "limits.memory", Divisor: resource.MustParse("1Mi")}, `{"resource":"limits.memory","divisor":"1Mi"}`},
		{"a node selector writes its terms", core.NodeSelector{}, `{"nodeSelectorTerms":null}`},
		{"a toleration writes nothing when empty", core.Toleration{}, `{}`},
		{"a topology spread constraint writes its required members", core.TopologySpreadConstraint{}, `{"maxSkew":0,"topologyKey":"","whenUnsatisfiable":""}`},
		{"a claim template writes its spec", core.PersistentVolumeClaimTemplate{}, `{"metadata":{},"spec":{"resources":{}}}`},
		{"pod status is empty when unset", core.PodStatus{}, `{}`},
		{"resources with quantities", core.ResourceRequirements{Limits: core.ResourceList{core.ResourceCPU: resource.MustParse("0.5"), core.ResourceMemory: resource.MustParse("128Mi")}}, `{"limits":{"cpu":"500m","memory":"128Mi"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("Marshal(%T) =\n%s\nwant\n%s", tt.v, got, tt.want)
			}
		})
	}
}
