package jobcontroller

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
)

// writer is the controller.Writer of one sync of a Job: each method is
// the request Kubernetes' Job controller makes for that write.
type writer struct {
	client kubernetes.Interface
	job    *batchv1.Job // the Job of the sync, as the informer holds it
	wrote  *writtenVersions
	count  func() // counts a write that succeeded

	adoptChecked bool  // the Job was read fresh before a first adoption
	adoptErr     error // and what that read found
}

var _ controller.Writer = (*writer)(nil)

// CreatePod creates the pod (POST, with generateName). A namespace being
// deleted refuses every creation; as Kubernetes' controller does, that
// refusal is not an error (the expected creation is left to time out).
func (w *writer) CreatePod(ctx context.Context, pod *core.Pod) error {
	p, err := k8sapi.PodToAPI(pod)
	if err != nil {
		return fmt.Errorf("converting the pod to create: %w", err)
	}
	created, err := w.client.CoreV1().Pods(p.Namespace).Create(ctx, p, metav1.CreateOptions{})
	if err != nil {
		if apierrors.HasStatusCause(err, corev1.NamespaceTerminatingCause) {
			return nil
		}
		return apiError(err)
	}
	w.wrote.wrotePod(created.ResourceVersion)
	w.count()
	return nil
}

// DeletePod deletes the pod (DELETE, default options: the pod's grace
// period).
func (w *writer) DeletePod(ctx context.Context, pod *core.Pod) error {
	if err := w.client.CoreV1().Pods(pod.ObjectMeta.Namespace).Delete(ctx, pod.ObjectMeta.Name, metav1.DeleteOptions{}); err != nil {
		return apiError(err)
	}
	w.count()
	return nil
}

// RemoveFinalizer removes the tracking finalizer with a strategic merge
// patch (so whatever the pod's resourceVersion), as Kubernetes'
// removeTrackingFinalizerPatch; a pod without it is not patched.
func (w *writer) RemoveFinalizer(ctx context.Context, pod *core.Pod) error {
	if !slices.Contains(pod.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
		return nil
	}
	return w.patchPod(ctx, pod, removeFinalizerPatch())
}

// AdoptPod makes the Job the controller of the orphan pod and adds the
// tracking finalizer with ControllerRefManager's patch (the pod's uid in
// it, so that another pod of the same name is not adopted). As
// ControllerRefManager, it first reads the Job afresh (once per sync) and
// refuses to adopt for a Job being deleted or replaced.
func (w *writer) AdoptPod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error {
	if !w.adoptChecked {
		w.adoptChecked = true
		w.adoptErr = w.canAdopt(ctx)
	}
	if w.adoptErr != nil {
		return fmt.Errorf("can't adopt Pod %s/%s (%s): %v", pod.ObjectMeta.Namespace, pod.ObjectMeta.Name, pod.ObjectMeta.UID, w.adoptErr)
	}
	patch, err := adoptPatch(job, types.UID(pod.ObjectMeta.UID))
	if err != nil {
		return err
	}
	return w.patchPod(ctx, pod, patch)
}

// canAdopt reads the Job from the API server (not the cache) and fails
// when it is gone, replaced (another uid) or being deleted.
func (w *writer) canAdopt(ctx context.Context) error {
	fresh, err := w.client.BatchV1().Jobs(w.job.Namespace).Get(ctx, w.job.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if fresh.UID != w.job.UID {
		return fmt.Errorf("original Job %s/%s is gone: got uid %s, wanted %s", w.job.Namespace, w.job.Name, fresh.UID, w.job.UID)
	}
	if fresh.DeletionTimestamp != nil {
		return fmt.Errorf("%s/%s has just been deleted at %v", w.job.Namespace, w.job.Name, fresh.DeletionTimestamp)
	}
	return nil
}

// ReleasePod removes the Job's owner reference (and the tracking
// finalizer) with ControllerRefManager's patch. A pod that is gone, or
// that is another pod of the same name (422), is released already.
func (w *writer) ReleasePod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error {
	patch, err := releasePatch(types.UID(pod.ObjectMeta.UID), types.UID(job.ObjectMeta.UID))
	if err != nil {
		return err
	}
	err = w.patchPod(ctx, pod, patch)
	if field.IsNotFound(err) || field.IsInvalid(err) {
		return nil
	}
	return err
}

// UpdateJobStatus writes the Job's status: a PUT to the status
// subresource with the Job's resourceVersion.
func (w *writer) UpdateJobStatus(ctx context.Context, job *jobapi.Job) (*jobapi.Job, error) {
	j, err := k8sapi.JobToAPI(job)
	if err != nil {
		return nil, fmt.Errorf("converting the Job: %w", err)
	}
	got, err := w.client.BatchV1().Jobs(j.Namespace).UpdateStatus(ctx, j, metav1.UpdateOptions{})
	if err != nil {
		return nil, apiError(err)
	}
	w.wrote.wroteJob(got.ResourceVersion)
	w.count()
	out, err := k8sapi.JobFromAPI(got)
	if err != nil {
		return nil, fmt.Errorf("converting the stored Job: %w", err)
	}
	return out, nil
}

// patchPod sends a strategic merge patch to the pod.
func (w *writer) patchPod(ctx context.Context, pod *core.Pod, patch []byte) error {
	got, err := w.client.CoreV1().Pods(pod.ObjectMeta.Namespace).Patch(ctx, pod.ObjectMeta.Name, types.StrategicMergePatchType, patch, metav1.PatchOptions{})
	if err != nil {
		return apiError(err)
	}
	if metav1.GetControllerOfNoCopy(got) != nil {
		w.wrote.wrotePod(got.ResourceVersion)
	}
	w.count()
	return nil
}

// removeFinalizerPatch is the strategic merge patch that removes the
// tracking finalizer.
func removeFinalizerPatch() []byte {
	b, _ := json.Marshal(map[string]any{
		"metadata": map[string]any{
			"$deleteFromPrimitiveList/finalizers": []string{jobapi.JobTrackingFinalizer},
		},
	})
	return b
}

// adoptPatch is ControllerRefManager's patch that makes job the
// controller of the pod podUID and adds the tracking finalizer.
func adoptPatch(job *jobapi.Job, podUID types.UID) ([]byte, error) {
	yes := true
	type metadata struct {
		OwnerReferences []metav1.OwnerReference `json:"ownerReferences"`
		UID             types.UID               `json:"uid"`
		Finalizers      []string                `json:"finalizers,omitempty"`
	}
	return json.Marshal(struct {
		Metadata metadata `json:"metadata"`
	}{metadata{
		OwnerReferences: []metav1.OwnerReference{{
			APIVersion: batchv1.SchemeGroupVersion.String(), Kind: "Job",
			Name: job.ObjectMeta.Name, UID: types.UID(job.ObjectMeta.UID),
			Controller: &yes, BlockOwnerDeletion: &yes,
		}},
		UID:        podUID,
		Finalizers: []string{jobapi.JobTrackingFinalizer},
	}})
}

// releasePatch is ControllerRefManager's patch that removes the owner
// reference to jobUID and the tracking finalizer from the pod podUID.
func releasePatch(podUID, jobUID types.UID) ([]byte, error) {
	type metadata struct {
		UID              types.UID           `json:"uid"`
		OwnerReferences  []map[string]string `json:"ownerReferences"`
		DeleteFinalizers []string            `json:"$deleteFromPrimitiveList/finalizers,omitempty"`
	}
	return json.Marshal(struct {
		Metadata metadata `json:"metadata"`
	}{metadata{
		UID:              podUID,
		OwnerReferences:  []map[string]string{{"$patch": "delete", "uid": string(jobUID)}},
		DeleteFinalizers: []string{jobapi.JobTrackingFinalizer},
	}})
}

// statusError is an API server's error as both apimachinery's
// *apierrors.StatusError (for apierrors.IsNotFound and the like) and
// jobkit's *field.StatusError (for controller.Apply, which asks
// field.IsNotFound).
type statusError struct {
	api    error
	jobkit *field.StatusError
}

func (e *statusError) Error() string   { return e.api.Error() }
func (e *statusError) Unwrap() []error { return []error{e.api, e.jobkit} }

// apiError returns err, an error of a client-go call, so that both
// apimachinery's and jobkit's error predicates read it. Errors that carry
// no Status (a broken connection, a canceled context) are returned as
// they are.
func apiError(err error) error {
	var st apierrors.APIStatus
	if !errors.As(err, &st) {
		return err
	}
	return &statusError{api: err, jobkit: &field.StatusError{ErrStatus: statusFromAPI(st.Status(), apierrors.ReasonForError(err))}}
}

// statusFromAPI converts a metav1.Status into jobkit's, with the reason
// apimachinery reads from it (which falls back on the code).
func statusFromAPI(s metav1.Status, reason metav1.StatusReason) field.Status {
	out := field.Status{
		Kind: s.Kind, APIVersion: s.APIVersion,
		Metadata: field.StatusMetadata{ResourceVersion: s.ResourceVersion},
		Status:   s.Status, Message: s.Message, Reason: field.StatusReason(reason), Code: s.Code,
	}
	if d := s.Details; d != nil {
		out.Details = &field.StatusDetails{Name: d.Name, Group: d.Group, Kind: d.Kind, UID: string(d.UID), RetryAfterSeconds: d.RetryAfterSeconds}
		for _, c := range d.Causes {
			out.Details.Causes = append(out.Details.Causes, field.StatusCause{Type: field.ErrorType(c.Type), Message: c.Message, Field: c.Field})
		}
	}
	return out
}
