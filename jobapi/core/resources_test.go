package core_test

import (
	"testing"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/resource"
)

func TestResourceListAccessors(t *testing.T) {
	rl := core.ResourceList{
		core.ResourceCPU:              resource.MustParse("250m"),
		core.ResourceMemory:           resource.MustParse("64Mi"),
		core.ResourceStorage:          resource.MustParse("1Gi"),
		core.ResourceEphemeralStorage: resource.MustParse("2Gi"),
		"example.com/gpu":             resource.MustParse("2"),
	}
	tests := []struct {
		name string
		got  *resource.Quantity
		want string
	}{
		{"Cpu", rl.Cpu(), "250m"},
		{"Memory", rl.Memory(), "64Mi"},
		{"Storage", rl.Storage(), "1Gi"},
		{"StorageEphemeral", rl.StorageEphemeral(), "2Gi"},
		{"Name of an extended resource", rl.Name("example.com/gpu"), "2"},
		{"Name of a missing resource", rl.Name("example.com/fpga"), "0"},
		{"Cpu of a nil list", core.ResourceList(nil).Cpu(), "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.got.String(); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestResourceListAccessorsReturnCopies(t *testing.T) {
	rl := core.ResourceList{core.ResourceCPU: resource.MustParse("1")}
	q := rl.Cpu()
	q.Add(resource.MustParse("1"))
	if got := rl.Cpu().String(); got != "1" {
		t.Errorf("changing the result of Cpu changed the list: cpu is %s, want 1", got)
	}
}
