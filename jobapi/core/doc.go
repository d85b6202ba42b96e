// Package core holds the core/v1 types a Job's pod template and a Pod are
// made of, as Kubernetes v1.36 defines them: PodSpec and every member it
// can hold (containers and their probes, lifecycle hooks, resources,
// security contexts, affinity, tolerations, topology spread, every volume
// source and projection, environment sources) and PodStatus with its
// conditions and container statuses.
//
// # Model
//
// Each type mirrors its k8s.io/api/core/v1 namesake: the same Go field
// names, the same JSON member names, and the same optionality (a pointer
// and `omitempty` where Kubernetes has them), so a controller author who
// knows k8s.io/api reads and builds pods the same way here. Enumerations
// are typed strings with one constant per value Kubernetes defines.
// Resource amounts are [resource.Quantity] values in a [ResourceList];
// ports that may be a number or a name are an [IntOrString].
//
// Every object type ends with an Unknown field ([meta.Unknown]): decoding
// keeps there the members a newer Kubernetes adds that this package does
// not model yet, and encoding writes them back, so nothing a manifest
// holds is lost. Structs that only ever appear inline in another
// ([VolumeSource], [ProbeHandler], [EphemeralContainerCommon]) have no
// Unknown of their own: the struct they are inlined into keeps it.
//
// # Defaults
//
// [SetDefaultsPodTemplateSpec] and [SetDefaultsPod] apply the core/v1
// defaults a Kubernetes v1.36 API server writes, and
// [DropDisabledTemplateFields] removes the fields whose feature gate is
// off by default, as the API server does on create and update.
//
// # Validation
//
// [ValidatePodTemplateSpec] and [ValidatePodSpec] check a defaulted pod
// template with every rule a v1.36 API server applies to a Job's, with the
// field paths and error types Kubernetes reports; [PodValidationOptions]
// holds the few choices the Job strategy makes ([JobPodValidationOptions]).
// The format rules every kind shares (DNS names, qualified names, label
// values, local paths) are package jobapi/validation's; object metadata
// and annotations are package meta's; label maps and selectors are package
// selector's.
//
// # Non-goals
//
// The package holds no other core/v1 kinds (Service, Node, PersistentVolume,
// ...) and no API machinery: no scheme, no protobuf, no conversion between
// API versions. Cluster policy is not an API rule: privileged and
// HostProcess containers are accepted (an API server refuses them only
// when it runs with --allow-privileged=false).
package core

//go:generate go run ../internal/gen
