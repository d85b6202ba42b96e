package kubelet_test

import (
	"context"
	"fmt"

	"github.com/jobkit/jobkit/examples/controller/kubelet"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
)

// The kubelet in lockstep: each Step moves every pod of the Job one
// stage on. Index 1 fails its first attempt with exit code 42 and
// succeeds the next; the others succeed at once.
func ExampleKubelet_Step() {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "default", UID: "job-uid"}}
	pod := func(name, index string) *corev1.Pod {
		yes := true
		return &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{
				Name: name, Namespace: "default", UID: types.UID("uid-" + name),
				Annotations:     map[string]string{"batch.kubernetes.io/job-completion-index": index},
				OwnerReferences: []metav1.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "pi", UID: "job-uid", Controller: &yes}},
			},
			Spec: corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, Containers: []corev1.Container{{Name: "main", Image: "busybox"}}},
		}
	}
	client := fake.NewClientset(pod("pi-0-a", "0"), pod("pi-1-a", "1"))
	k := kubelet.New(client)
	script := kubelet.PerIndex(map[int]kubelet.Script{1: kubelet.Attempts(kubelet.Fail(42), kubelet.Succeed())}, nil)
	if err := k.Manage(job, script); err != nil {
		panic(err)
	}
	show := func(step string) {
		list, _ := client.CoreV1().Pods("default").List(context.Background(), metav1.ListOptions{})
		fmt.Print(step, ":")
		for _, p := range list.Items {
			fmt.Print(" ", p.Name, "=", p.Status.Phase)
			for _, c := range p.Status.ContainerStatuses {
				if t := c.State.Terminated; t != nil {
					fmt.Print("(", t.ExitCode, ")")
				}
			}
		}
		fmt.Println()
	}
	for _, step := range []string{"step 1", "step 2"} {
		if _, err := k.Step(context.Background()); err != nil {
			panic(err)
		}
		show(step)
	}
	// The Job controller replaces the failed pod of index 1.
	if _, err := client.CoreV1().Pods("default").Create(context.Background(), pod("pi-1-b", "1"), metav1.CreateOptions{}); err != nil {
		panic(err)
	}
	for _, step := range []string{"step 3", "step 4"} {
		if _, err := k.Step(context.Background()); err != nil {
			panic(err)
		}
		show(step)
	}
	// Output:
	// step 1: pi-0-a=Running pi-1-a=Running
	// step 2: pi-0-a=Succeeded(0) pi-1-a=Failed(42)
	// step 3: pi-0-a=Succeeded(0) pi-1-a=Failed(42) pi-1-b=Running
	// step 4: pi-0-a=Succeeded(0) pi-1-a=Failed(42) pi-1-b=Succeeded(0)
}
