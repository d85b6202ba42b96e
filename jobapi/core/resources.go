package core

import (
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// ResourceName names a compute resource (cpu, memory, an extended
// resource such as example.com/gpu, hugepages-2Mi, ...).
type ResourceName string

// The standard resource names a container requests.
const (
	// ResourceCPU is CPU, in cores (500m is half a core).
	ResourceCPU ResourceName = "cpu"
	// ResourceMemory is memory, in bytes.
	ResourceMemory ResourceName = "memory"
	// ResourceStorage is volume storage, in bytes.
	ResourceStorage ResourceName = "storage"
	// ResourceEphemeralStorage is local ephemeral storage, in bytes.
	ResourceEphemeralStorage ResourceName = "ephemeral-storage"
)

// Prefixes of resource names.
const (
	// ResourceDefaultNamespacePrefix is the prefix of the resource names
	// Kubernetes itself defines.
	ResourceDefaultNamespacePrefix = "kubernetes.io/"
	// ResourceHugePagesPrefix is the prefix of huge page resources, as in
	// hugepages-2Mi.
	ResourceHugePagesPrefix = "hugepages-"
	// ResourceAttachableVolumesPrefix is the prefix of attachable volume
	// limits of a node.
	ResourceAttachableVolumesPrefix = "attachable-volumes-"
)

// ResourceList maps resource names to amounts.
type ResourceList map[ResourceName]resource.Quantity

// Cpu returns the amount of ResourceCPU, or the zero Quantity.
func (rl ResourceList) Cpu() *resource.Quantity { return rl.get(ResourceCPU) }

// Memory returns the amount of ResourceMemory, or the zero Quantity.
func (rl ResourceList) Memory() *resource.Quantity { return rl.get(ResourceMemory) }

// Storage returns the amount of ResourceStorage, or the zero Quantity.
func (rl ResourceList) Storage() *resource.Quantity { return rl.get(ResourceStorage) }

// StorageEphemeral returns the amount of ResourceEphemeralStorage, or the
// zero Quantity.
func (rl ResourceList) StorageEphemeral() *resource.Quantity {
	return rl.get(ResourceEphemeralStorage)
}

// Name returns the amount of resource name, or the zero Quantity. The
// result is a copy: changing it does not change rl.
func (rl ResourceList) Name(name ResourceName) *resource.Quantity { return rl.get(name) }

func (rl ResourceList) get(name ResourceName) *resource.Quantity {
	if q, ok := rl[name]; ok {
		c := q.DeepCopy()
		return &c
	}
	return &resource.Quantity{}
}

// ResourceRequirements are the compute resources of a container, or of a
// whole pod: what it is guaranteed (Requests), what it may use at most
// (Limits), and the dynamic resource claims it uses.
type ResourceRequirements struct {
	Limits   ResourceList `json:"limits,omitempty"`
	Requests ResourceList `json:"requests,omitempty"`
	// Claims name entries of the pod's ResourceClaims this container
	// uses; they are set on containers only.
	Claims []ResourceClaim `json:"claims,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// VolumeResourceRequirements are the storage a volume claim asks for.
type VolumeResourceRequirements struct {
	Limits   ResourceList `json:"limits,omitempty"`
	Requests ResourceList `json:"requests,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ResourceClaim refers, by Name, to one entry of the pod's
// ResourceClaims, and optionally to one Request of that claim.
type ResourceClaim struct {
	Name    string `json:"name"`
	Request string `json:"request,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}
