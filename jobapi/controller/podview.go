package controller

import (
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
)

// This file reads the parts of a pod's status the Job controller looks
// at beyond its phase: its conditions and its container statuses.

// podStatusView is what Sync reads of a pod's status beyond its phase.
type podStatusView struct {
	conditions []core.PodCondition
	containers []core.ContainerStatus
	inits      []core.ContainerStatus
}

// statusOf returns the conditions and container statuses of p.
func statusOf(p *core.Pod) podStatusView {
	return podStatusView{conditions: p.Status.Conditions, containers: p.Status.ContainerStatuses, inits: p.Status.InitContainerStatuses}
}

// readyCondition returns p's Ready condition, or nil.
func readyCondition(p *core.Pod) *core.PodCondition {
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == core.PodReady {
			return &p.Status.Conditions[i]
		}
	}
	return nil
}

// isReady reports whether p's Ready condition is True.
func isReady(p *core.Pod) bool {
	c := readyCondition(p)
	return c != nil && c.Status == core.ConditionTrue
}

// isSidecar reports whether c is a sidecar: an init container whose
// restartPolicy is Always.
func isSidecar(c *core.Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == core.ContainerRestartPolicyAlways
}

// maxRestarts returns the highest restart count of p's containers (init
// containers included).
func maxRestarts(v podStatusView) int32 {
	var m int32
	for _, cs := range [][]core.ContainerStatus{v.inits, v.containers} {
		for _, c := range cs {
			m = max(m, c.RestartCount)
		}
	}
	return m
}

// sumRestarts returns the restarts of all of p's containers.
func sumRestarts(v podStatusView) int32 {
	var n int32
	for _, cs := range [][]core.ContainerStatus{v.inits, v.containers} {
		for _, c := range cs {
			n += c.RestartCount
		}
	}
	return n
}

// finishedTime is when p finished, as the Job controller's backoff reads
// it: the latest end of its containers (sidecars included) when all of
// them have ended, else the time its Ready condition turned False, else
// the time its deletion was asked for (deletionTimestamp less
// deletionGracePeriodSeconds), else its creation time.
func finishedTime(p *core.Pod) time.Time {
	if t, ok := containersFinished(p); ok {
		return t
	}
	if c := readyCondition(p); c != nil && c.Status == core.ConditionFalse && !c.LastTransitionTime.IsZero() {
		return c.LastTransitionTime.Time
	}
	if p.ObjectMeta.DeletionTimestamp != nil {
		var grace int64
		if g := p.ObjectMeta.DeletionGracePeriodSeconds; g != nil {
			grace = *g
		}
		return p.ObjectMeta.DeletionTimestamp.Time.Add(-time.Duration(grace) * time.Second)
	}
	return p.ObjectMeta.CreationTimestamp.Time
}

// containersFinished returns the latest end of p's containers and
// sidecars, and false when one of them has not ended (or there is none).
func containersFinished(p *core.Pod) (time.Time, bool) {
	var latest time.Time
	found := false
	check := func(c *core.ContainerStatus) bool {
		t := c.State.Terminated
		if t == nil || t.FinishedAt.IsZero() {
			return false
		}
		if !found || latest.Before(t.FinishedAt.Time) {
			latest = t.FinishedAt.Time
		}
		found = true
		return true
	}
	for i := range p.Status.ContainerStatuses {
		if !check(&p.Status.ContainerStatuses[i]) {
			return time.Time{}, false
		}
	}
	for i := range p.Status.InitContainerStatuses {
		c := &p.Status.InitContainerStatuses[i]
		if !isSidecarNamed(p, c.Name) {
			continue
		}
		if !check(c) {
			return time.Time{}, false
		}
	}
	return latest, found
}

// isSidecarNamed reports whether p's init container name is a sidecar.
func isSidecarNamed(p *core.Pod, name string) bool {
	for i := range p.Spec.InitContainers {
		if p.Spec.InitContainers[i].Name == name {
			return isSidecar(&p.Spec.InitContainers[i])
		}
	}
	return false
}
