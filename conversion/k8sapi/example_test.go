package k8sapi_test

import (
	"fmt"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// exampleJob is a Job as an informer hands it out (no TypeMeta) and as
// an admission webhook receives it: defaulted.
func exampleJob() *batchv1.Job {
	one, grace := int32(1), int64(30)
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "default", UID: "0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1"},
		Spec: batchv1.JobSpec{
			Completions: &one,
			Parallelism: &one,
			Selector:    &metav1.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1"}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{
					"batch.kubernetes.io/controller-uid": "0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1",
					"batch.kubernetes.io/job-name":       "pi",
					"controller-uid":                     "0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1",
					"job-name":                           "pi",
				}},
				Spec: corev1.PodSpec{
					Containers: []corev1.Container{{
						Name: "pi", Image: "perl:5.34.0",
						TerminationMessagePath:   "/dev/termination-log",
						TerminationMessagePolicy: corev1.TerminationMessageReadFile,
						ImagePullPolicy:          corev1.PullIfNotPresent,
					}},
					RestartPolicy:                 corev1.RestartPolicyNever,
					TerminationGracePeriodSeconds: &grace,
					DNSPolicy:                     corev1.DNSClusterFirst,
					SchedulerName:                 "default-scheduler",
				},
			},
		},
	}
}

// A client-go controller's sync handler: the Job and its pods from the
// listers in, the pods to create and the status to write out.
func Example_controller() {
	job, pods := exampleJob(), []*corev1.Pod{} // jobLister.Get, podLister.List

	d, err := k8sapi.Sync(job, pods, time.Now(), controller.Backoff{})
	if err != nil {
		panic(err)
	}
	for _, p := range d.Create {
		fmt.Println("create", p.GenerateName, p.Spec.Containers[0].Image) // clientset.CoreV1().Pods(ns).Create
	}
	fmt.Println("update status:", d.UpdateStatus, "active:", d.Status.Active)
	// Output:
	// create pi- perl:5.34.0
	// update status: true active: 1
}

// A controller that syncs Jobs of many pods keeps one PodCache across its
// syncs: each sync converts only the pods new or changed since the one
// before (informers never change an object at a given resourceVersion).
func ExamplePodCache() {
	var cache k8sapi.PodCache // one per controller, next to its Expectations
	job := exampleJob()
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "pi-a", Namespace: "default", UID: "pod-a", ResourceVersion: "7", Labels: job.Spec.Template.Labels}}
	pods := []*corev1.Pod{pod} // podLister.List

	for range 3 { // three syncs of the same Job and pods
		if _, err := k8sapi.Sync(job, pods, time.Now(), controller.Backoff{}, k8sapi.WithPodCache(&cache)); err != nil {
			panic(err)
		}
	}
	st := cache.Stats()
	fmt.Println("converted:", st.Misses, "reused:", st.Hits)
	cache.Forget(job.UID) // from the Job informer's delete handler
	// Output:
	// converted: 1 reused: 2
}

// A validating admission webhook: the Job of the AdmissionRequest in, the
// Status of the AdmissionResponse out.
func Example_webhook() {
	job := exampleJob()
	job.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyAlways // invalid in a Job

	errs, err := k8sapi.ValidateJob(job)
	if err != nil {
		panic(err)
	}
	if len(errs) > 0 {
		status := k8sapi.NewInvalid(schema.GroupKind{Group: "batch", Kind: "Job"}, job.Name, k8sapi.ErrorListFromAPI(errs)).ErrStatus
		fmt.Println(status.Code, status.Reason)
		fmt.Println(status.Message)
	}
	// Output:
	// 422 Invalid
	// Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: must be 'OnFailure' or 'Never' for the pods of a Job
}
