package jobcontroller_test

import (
	"context"
	"fmt"
	"time"

	jobcontroller "github.com/jobkit/jobkit/examples/controller"
	"github.com/jobkit/jobkit/examples/controller/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

// A controller over client-go's fake clientset, with the fake kubelet
// running the Job's pods: a unit test of code that creates Jobs and
// waits for them. (Against a real API server, or envtest's, use Start
// with its *rest.Config; the fake stores no resourceVersions, so the
// informers see no pod update and a short resync makes the controller
// look again.)
func Example_fakeClientset() {
	uid := "5c0ef5ad-8f4f-4b7b-9a8e-1f1f3b9c2a11"
	labels := map[string]string{"batch.kubernetes.io/controller-uid": uid, "batch.kubernetes.io/job-name": "pi"}
	two := int32(2)
	job := &batchv1.Job{ // as the API server stores it: with uid, selector and labels
		ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "default", UID: "5c0ef5ad-8f4f-4b7b-9a8e-1f1f3b9c2a11"},
		Spec: batchv1.JobSpec{
			Completions: &two, Parallelism: &two,
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": uid}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers:    []corev1.Container{{Name: "pi", Image: "perl:5.34.0"}},
				},
			},
		},
	}
	client := fake.NewClientset(job)
	// The fake names no object: name the pods created with generateName,
	// as the API server does.
	n := 0
	client.PrependReactor("create", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if p := a.(k8stesting.CreateAction).GetObject().(*corev1.Pod); p.Name == "" {
			n++
			p.Name, p.UID = fmt.Sprintf("%s%d", p.GenerateName, n), types.UID(fmt.Sprint("pod-", n))
		}
		return false, nil, nil
	})

	ctx, stop := context.WithCancel(context.Background())
	c, err := jobcontroller.New(client, jobcontroller.ManageUnmanaged(), jobcontroller.WithResync(time.Second))
	if err != nil {
		panic(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); _ = c.Run(ctx, 1) }()

	k := kubelet.New(client, kubelet.WithInterval(10*time.Millisecond))
	if err := k.Manage(job, kubelet.Always(kubelet.Succeed())); err != nil {
		panic(err)
	}
	go func() { _ = k.Run(ctx) }()

	deadline := time.Now().Add(time.Minute)
	for job.Status.CompletionTime == nil {
		if time.Now().After(deadline) {
			panic("the Job did not complete")
		}
		time.Sleep(10 * time.Millisecond)
		if job, err = client.BatchV1().Jobs("default").Get(ctx, "pi", metav1.GetOptions{}); err != nil {
			panic(err)
		}
	}
	stop()
	<-done
	for _, cond := range job.Status.Conditions {
		fmt.Println(cond.Type, cond.Status)
	}
	fmt.Println("succeeded:", job.Status.Succeeded)
	// Output:
	// SuccessCriteriaMet True
	// Complete True
	// succeeded: 2
}
