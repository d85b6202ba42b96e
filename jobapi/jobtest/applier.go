package jobtest

import (
	"context"
	"errors"
	"slices"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// StoreWriter carries out the Job controller's writes ([controller.Writer])
// against a Store, as an API server would take them: pods are created
// with generateName, deleted by name, and changed (finalizer removed,
// adopted, released) as a PATCH does, by reading the pod and updating it
// with its resourceVersion, again when the update conflicts. A pod that
// is gone is a 404 NotFound, which the controller takes as done.
type StoreWriter struct {
	store *Store
}

// NewStoreWriter returns a Writer over s.
func NewStoreWriter(s *Store) *StoreWriter { return &StoreWriter{store: s} }

var _ controller.Writer = (*StoreWriter)(nil)

// CreatePod creates pod in its namespace.
func (w *StoreWriter) CreatePod(_ context.Context, pod *core.Pod) error {
	_, _, err := w.store.Pods(pod.ObjectMeta.Namespace).Create(pod)
	return err
}

// DeletePod deletes the pod called pod.Name.
func (w *StoreWriter) DeletePod(_ context.Context, pod *core.Pod) error {
	_, err := w.store.Pods(pod.ObjectMeta.Namespace).Delete(pod.ObjectMeta.Name)
	return err
}

// RemoveFinalizer removes the tracking finalizer from the pod called
// pod.Name; a pod without it is left as it is.
func (w *StoreWriter) RemoveFinalizer(_ context.Context, pod *core.Pod) error {
	return w.patch(pod, "", func(p *core.Pod) bool {
		n := len(p.ObjectMeta.Finalizers)
		p.ObjectMeta.Finalizers = slices.DeleteFunc(p.ObjectMeta.Finalizers, func(f string) bool { return f == jobapi.JobTrackingFinalizer })
		return len(p.ObjectMeta.Finalizers) != n
	})
}

// AdoptPod makes job the controller of the orphan pod and adds the
// tracking finalizer. It fails with 422 Invalid when the pod already has
// a controller, and with 404 NotFound when the pod called pod.Name has
// another uid (another pod, or none), as the API server fails a patch with
// those preconditions.
func (w *StoreWriter) AdoptPod(_ context.Context, job *jobapi.Job, pod *core.Pod) error {
	var owned error
	err := w.patch(pod, pod.ObjectMeta.UID, func(p *core.Pod) bool {
		for _, r := range p.ObjectMeta.OwnerReferences {
			if r.Controller != nil && *r.Controller {
				owned = field.NewInvalid(field.GroupKind{Kind: "Pod"}, p.ObjectMeta.Name, field.ErrorList{
					field.Invalid(field.NewPath("metadata", "ownerReferences"), r.Name, "the pod already has a controller"),
				})
				return false
			}
		}
		yes := true
		p.ObjectMeta.OwnerReferences = append(p.ObjectMeta.OwnerReferences, meta.OwnerReference{
			APIVersion: "batch/v1", Kind: "Job", Name: job.ObjectMeta.Name, UID: job.ObjectMeta.UID,
			Controller: &yes, BlockOwnerDeletion: &yes,
		})
		if !slices.Contains(p.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
			p.ObjectMeta.Finalizers = append(p.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer)
		}
		return true
	})
	if err == nil {
		err = owned
	}
	return err
}

// ReleasePod removes job's owner reference from the pod.
func (w *StoreWriter) ReleasePod(_ context.Context, job *jobapi.Job, pod *core.Pod) error {
	return w.patch(pod, pod.ObjectMeta.UID, func(p *core.Pod) bool {
		n := len(p.ObjectMeta.OwnerReferences)
		p.ObjectMeta.OwnerReferences = slices.DeleteFunc(p.ObjectMeta.OwnerReferences, func(r meta.OwnerReference) bool { return r.UID == job.ObjectMeta.UID })
		return len(p.ObjectMeta.OwnerReferences) != n
	})
}

// UpdateJobStatus writes job's status.
func (w *StoreWriter) UpdateJobStatus(_ context.Context, job *jobapi.Job) (*jobapi.Job, error) {
	return w.store.Jobs(job.ObjectMeta.Namespace).UpdateStatus(job)
}

// patch reads the pod called pod.Name, changes it with change and
// updates it (unless change reports no change), retrying on conflicts.
// A non-empty uid is a precondition: another pod of the same name is a
// NotFound, as for a deleted pod.
func (w *StoreWriter) patch(pod *core.Pod, uid meta.UID, change func(*core.Pod) bool) error {
	pods := w.store.Pods(pod.ObjectMeta.Namespace)
	for range 10 {
		p, err := pods.Get(pod.ObjectMeta.Name)
		if err != nil {
			return err
		}
		if uid != "" && p.ObjectMeta.UID != uid {
			return field.NewNotFound(field.GroupResource{Resource: "pods"}, pod.ObjectMeta.Name)
		}
		if !change(p) {
			return nil
		}
		if _, err = pods.Update(p); !field.IsConflict(err) {
			return err
		}
	}
	return errors.New("jobtest: the pod keeps changing")
}
