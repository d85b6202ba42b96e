package core

// DropDisabledTemplateFields removes from a pod template the fields whose
// Kubernetes feature gate is off by default in v1.36, as the API server
// does when it creates or updates a Job (or any object holding a pod
// template) before validating it. old is the stored template on an update,
// nil on a create: a field already in use in old is kept, so an update
// never drops what the object holds. See [DropDisabledPodSpecFields].
func DropDisabledTemplateFields(t, old *PodTemplateSpec) {
	if t == nil {
		return
	}
	var oldSpec *PodSpec
	if old != nil {
		oldSpec = &old.Spec
	}
	DropDisabledPodSpecFields(&t.Spec, oldSpec)
}

// DropDisabledPodSpecFields removes from s the fields whose feature gate
// is off by default in Kubernetes v1.36, unless old (the stored spec on an
// update, nil on a create) already uses them:
//
//   - ContainerStopSignals (alpha): each container's lifecycle.stopSignal
//     (init, regular and ephemeral containers); a lifecycle left with
//     neither postStart nor preStop (nor members jobkit does not model)
//     is removed.
//   - ClusterTrustBundleProjection (beta, off): each projected volume
//     source's clusterTrustBundle (the source itself stays, empty).
//   - PodCertificateRequest (beta, off): each projected volume source's
//     podCertificate.
//   - GenericWorkload (alpha): schedulingGroup.
//
// Every other gated pod field (hostUsers, supplementalGroupsPolicy,
// pod-level resources, procMount, topology spread's nodeAffinityPolicy,
// nodeTaintsPolicy and matchLabelKeys, pod affinity's matchLabelKeys,
// resource claims, resizePolicy, sidecars, container restart rules,
// recursiveReadOnly, hostnameOverride, fileKeyRef, the sleep action,
// image volumes, seLinuxChangePolicy) has its gate on by default in v1.36
// and is kept.
func DropDisabledPodSpecFields(s, old *PodSpec) {
	if s == nil {
		return
	}
	if !stopSignalsInUse(old) {
		for i := range s.InitContainers {
			dropStopSignal(&s.InitContainers[i].Lifecycle)
		}
		for i := range s.Containers {
			dropStopSignal(&s.Containers[i].Lifecycle)
		}
		for i := range s.EphemeralContainers {
			dropStopSignal(&s.EphemeralContainers[i].Lifecycle)
		}
	}
	dropTrustBundles := !projectionInUse(old, func(p *VolumeProjection) bool { return p.ClusterTrustBundle != nil })
	dropPodCertificates := !projectionInUse(old, func(p *VolumeProjection) bool { return p.PodCertificate != nil })
	for i := range s.Volumes {
		p := s.Volumes[i].Projected
		if p == nil {
			continue
		}
		for j := range p.Sources {
			if dropTrustBundles {
				p.Sources[j].ClusterTrustBundle = nil
			}
			if dropPodCertificates {
				p.Sources[j].PodCertificate = nil
			}
		}
	}
	if old == nil || old.SchedulingGroup == nil {
		s.SchedulingGroup = nil
	}
}

// dropStopSignal removes (*lc).StopSignal, and *lc itself when nothing is
// left in it.
func dropStopSignal(lc **Lifecycle) {
	l := *lc
	if l == nil || l.StopSignal == nil {
		return
	}
	l.StopSignal = nil
	if l.PostStart == nil && l.PreStop == nil && len(l.Unknown) == 0 {
		*lc = nil
	}
}

// stopSignalsInUse reports whether a container of s has a stop signal.
func stopSignalsInUse(s *PodSpec) bool {
	if s == nil {
		return false
	}
	for i := range s.InitContainers {
		if lc := s.InitContainers[i].Lifecycle; lc != nil && lc.StopSignal != nil {
			return true
		}
	}
	for i := range s.Containers {
		if lc := s.Containers[i].Lifecycle; lc != nil && lc.StopSignal != nil {
			return true
		}
	}
	for i := range s.EphemeralContainers {
		if lc := s.EphemeralContainers[i].Lifecycle; lc != nil && lc.StopSignal != nil {
			return true
		}
	}
	return false
}

// projectionInUse reports whether a projected volume source of s satisfies
// has.
func projectionInUse(s *PodSpec, has func(*VolumeProjection) bool) bool {
	if s == nil {
		return false
	}
	for i := range s.Volumes {
		p := s.Volumes[i].Projected
		if p == nil {
			continue
		}
		for j := range p.Sources {
			if has(&p.Sources[j]) {
				return true
			}
		}
	}
	return false
}
