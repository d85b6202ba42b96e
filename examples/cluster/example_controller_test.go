package cluster

import (
	"context"
	"fmt"
	"time"

	jobcontroller "github.com/jobkit/jobkit/examples/controller"
	"github.com/jobkit/jobkit/examples/controller/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// jobkit's Job controller in an envtest-style test: an API server with
// no kube-controller-manager (here the package's in-process control
// plane; envtest's *rest.Config works the same), where Jobs would
// otherwise never get pods. The first three lines start the controller;
// the fake kubelet then runs the Job's pods to success.
func Example_startJobkitController() {
	ctx, cfg := context.Background(), cp.Config // any *rest.Config

	ctrl, err := jobcontroller.Start(ctx, cfg, jobcontroller.ManageUnmanaged())
	if err != nil {
		panic(err)
	}
	defer ctrl.Stop()

	client := kubernetes.NewForConfigOrDie(cfg)
	ns, err := client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "example-"}}, metav1.CreateOptions{})
	if err != nil {
		panic(err)
	}
	// No service account controller runs here either: the namespace's
	// default service account, without which no pod is admitted.
	if _, err := client.CoreV1().ServiceAccounts(ns.Name).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default"}}, metav1.CreateOptions{}); err != nil {
		panic(err)
	}
	two := int32(2)
	job, err := client.BatchV1().Jobs(ns.Name).Create(ctx, &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: "pi"},
		Spec: batchv1.JobSpec{Completions: &two, Parallelism: &two, Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
			RestartPolicy: corev1.RestartPolicyNever,
			Containers:    []corev1.Container{{Name: "pi", Image: "perl:5.34.0", Command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"}}},
		}}},
	}, metav1.CreateOptions{})
	if err != nil {
		panic(err)
	}

	// The fake kubelet: every pod runs and exits with 0.
	k := kubelet.New(client)
	if err := k.Manage(job, kubelet.Always(kubelet.Succeed())); err != nil {
		panic(err)
	}
	kctx, stopKubelet := context.WithCancel(ctx)
	kubeletDone := make(chan struct{})
	go func() { defer close(kubeletDone); _ = k.Run(kctx) }()
	defer func() { stopKubelet(); <-kubeletDone }()

	for {
		job, err = client.BatchV1().Jobs(ns.Name).Get(ctx, "pi", metav1.GetOptions{})
		if err != nil {
			panic(err)
		}
		if job.Status.CompletionTime != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, c := range job.Status.Conditions {
		fmt.Println(c.Type, c.Status, c.Reason)
	}
	fmt.Println("succeeded:", job.Status.Succeeded)
	// Output:
	// SuccessCriteriaMet True CompletionsReached
	// Complete True CompletionsReached
	// succeeded: 2
}
