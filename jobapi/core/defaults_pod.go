package core

import "strings"

// SetDefaultsPod fills in what a Pod leaves unset, as a Kubernetes v1.36
// API server does when it decodes one (the Job controller's pods, a
// kubectl run, ...) with its default feature gates. It never overwrites a
// value the user set, and it runs in Kubernetes' order: the Pod-only
// defaults first, so that they see the amounts as written, then those of
// every pod spec ([SetDefaultsPodSpec]), then the status.
//
// The Pod-only defaults:
//
//   - Each container's and init container's requests: a copy of each
//     limit the requests do not name (ephemeral containers get none).
//   - Pod-level resources (the PodLevelResources gate is on in v1.36),
//     when spec.resources is set: a huge page limit the pod-level
//     requests do not name becomes the sum the containers' limits give it;
//     then cpu and memory requests the pod level does not name become what
//     the containers request together (sidecars included, init containers
//     by their peak), and any other pod-level cpu, memory or huge page
//     limit is copied to the requests.
//   - enableServiceLinks: true.
//   - hostNetwork: each container and init container port without a
//     hostPort gets its containerPort as hostPort.
//
// The status: the allocated resources and the resources of the pod and of
// each container status are rounded up to a whole milli-unit.
//
// It also makes the changes of the API server's round trip through its
// internal version: the init container annotations are removed, a
// negative terminationGracePeriodSeconds becomes 1 (on a Pod, not on a
// template), and status.podIP and status.podIPs are reconciled (an empty
// podIPs gets podIP; when both are set and differ, podIP wins and podIPs
// becomes just it; podIP is then podIPs' first address).
func SetDefaultsPod(p *Pod) {
	if p == nil {
		return
	}
	p.ObjectMeta.Annotations = dropInitContainerAnnotations(p.ObjectMeta.Annotations)
	s := &p.Spec
	for i := range s.Containers {
		requestsFromLimits(&s.Containers[i].Resources)
	}
	for i := range s.InitContainers {
		requestsFromLimits(&s.InitContainers[i].Resources)
	}
	defaultHugePagePodLimits(s)
	defaultPodRequests(s)
	if s.EnableServiceLinks == nil {
		s.EnableServiceLinks = ptrTo(DefaultEnableServiceLinks)
	}
	if s.HostNetwork {
		hostPortsFromContainerPorts(s.Containers)
		hostPortsFromContainerPorts(s.InitContainers)
	}
	SetDefaultsPodSpec(s)
	if g := s.TerminationGracePeriodSeconds; g != nil && *g < 0 {
		s.TerminationGracePeriodSeconds = ptrTo[int64](1)
	}

	st := &p.Status
	for _, list := range [][]ContainerStatus{st.InitContainerStatuses, st.ContainerStatuses, st.EphemeralContainerStatuses} {
		for i := range list {
			roundUpResourceList(list[i].AllocatedResources)
			if r := list[i].Resources; r != nil {
				roundUpResourceList(r.Limits)
				roundUpResourceList(r.Requests)
			}
		}
	}
	roundUpResourceList(st.AllocatedResources)
	if r := st.Resources; r != nil {
		roundUpResourceList(r.Limits)
		roundUpResourceList(r.Requests)
	}
	if st.PodIP != "" && (len(st.PodIPs) == 0 || st.PodIPs[0].IP != st.PodIP) {
		st.PodIPs = []PodIP{{IP: st.PodIP}}
	}
	if len(st.PodIPs) > 0 {
		st.PodIP = st.PodIPs[0].IP
	}
}

// requestsFromLimits copies into r's requests each limit they do not name.
func requestsFromLimits(r *ResourceRequirements) {
	if r.Limits == nil {
		return
	}
	if r.Requests == nil {
		r.Requests = make(ResourceList, len(r.Limits))
	}
	for name, limit := range r.Limits {
		if _, ok := r.Requests[name]; !ok {
			r.Requests[name] = limit.DeepCopy()
		}
	}
}

// hostPortsFromContainerPorts gives each port without a hostPort its
// containerPort.
func hostPortsFromContainerPorts(containers []Container) {
	for i := range containers {
		ports := containers[i].Ports
		for j := range ports {
			if ports[j].HostPort == 0 {
				ports[j].HostPort = ports[j].ContainerPort
			}
		}
	}
}

// isPodLevelResource reports whether name may be set at the pod level:
// cpu, memory and huge pages.
func isPodLevelResource(name ResourceName) bool {
	return name == ResourceCPU || name == ResourceMemory || strings.HasPrefix(string(name), ResourceHugePagesPrefix)
}

// isHugePages reports whether name is a huge page resource.
func isHugePages(name ResourceName) bool {
	return strings.HasPrefix(string(name), ResourceHugePagesPrefix)
}

// isOvercommitAllowed reports whether requests of name may be below its
// limits: native resources (no domain, or a kubernetes.io one) but huge
// pages.
func isOvercommitAllowed(name ResourceName) bool {
	native := !strings.Contains(string(name), "/") || strings.Contains(string(name), ResourceDefaultNamespacePrefix)
	return native && !isHugePages(name)
}

// defaultHugePagePodLimits sets the pod-level limit of each huge page
// size the containers limit but the pod level neither limits nor requests.
func defaultHugePagePodLimits(s *PodSpec) {
	if s.Resources == nil || len(s.Resources.Limits) == 0 && len(s.Resources.Requests) == 0 {
		return
	}
	limits := s.Resources.Limits
	if limits == nil {
		limits = ResourceList{}
	}
	for name, sum := range aggregateContainers(s, func(r *ResourceRequirements) ResourceList { return r.Limits }) {
		if !isPodLevelResource(name) || !isHugePages(name) {
			continue
		}
		if _, ok := s.Resources.Requests[name]; ok {
			continue
		}
		if _, ok := limits[name]; !ok {
			limits[name] = sum.DeepCopy()
		}
	}
	if len(limits) > 0 {
		s.Resources.Limits = limits
	}
}

// defaultPodRequests sets the pod-level requests the pod level does not
// name: cpu and memory from what the containers request together, then
// every pod-level limit.
func defaultPodRequests(s *PodSpec) {
	if s.Resources == nil || len(s.Resources.Limits) == 0 {
		return
	}
	requests := s.Resources.Requests
	if requests == nil {
		requests = ResourceList{}
	}
	for name, sum := range aggregateContainers(s, func(r *ResourceRequirements) ResourceList { return r.Requests }) {
		if _, ok := requests[name]; !ok && isPodLevelResource(name) && isOvercommitAllowed(name) {
			requests[name] = sum.DeepCopy()
		}
	}
	for name, limit := range s.Resources.Limits {
		if _, ok := requests[name]; !ok && isPodLevelResource(name) {
			requests[name] = limit.DeepCopy()
		}
	}
	if len(requests) > 0 {
		s.Resources.Requests = requests
	}
}

// aggregateContainers is what the containers of s need together of each
// resource, by list (their requests or their limits): the sum over the
// regular containers and the sidecars, or the peak of an init container
// run (each plus the sidecars started before it) when that is more.
// Ephemeral containers do not count.
func aggregateContainers(s *PodSpec, list func(*ResourceRequirements) ResourceList) ResourceList {
	total := ResourceList{}
	for i := range s.Containers {
		addResources(total, list(&s.Containers[i].Resources))
	}
	sidecars, initPeak := ResourceList{}, ResourceList{}
	for i := range s.InitContainers {
		c := &s.InitContainers[i]
		var running ResourceList
		if c.RestartPolicy != nil && *c.RestartPolicy == ContainerRestartPolicyAlways {
			addResources(total, list(&c.Resources))
			addResources(sidecars, list(&c.Resources))
			running = sidecars
		} else {
			running = ResourceList{}
			addResources(running, list(&c.Resources))
			addResources(running, sidecars)
		}
		maxResources(initPeak, running)
	}
	maxResources(total, initPeak)
	return total
}

// addResources adds each amount of more to list.
func addResources(list, more ResourceList) {
	for name, q := range more {
		if have, ok := list[name]; ok {
			have.Add(q)
			list[name] = have
		} else {
			list[name] = q.DeepCopy()
		}
	}
}

// maxResources raises each amount of list to the one in other when that
// is larger.
func maxResources(list, other ResourceList) {
	for name, q := range other {
		if have, ok := list[name]; !ok || q.Cmp(have) > 0 {
			list[name] = q.DeepCopy()
		}
	}
}
