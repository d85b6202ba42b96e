package jobcontroller

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
)

// The fixtures of the package's tests: Jobs and pods as an API server
// stores them (defaulted, with uids and resourceVersions), a fake
// clientset that names pods created with generateName, and a controller
// whose informer caches the test fills by hand.

var testNow = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

const testJobUID = types.UID("00000000-0000-0000-0000-0000000000aa")

// testJob is the Job "pi" of namespace "ns" as the API server stores it,
// changed by mods.
func testJob(mods ...func(*batchv1.Job)) *batchv1.Job {
	one, six := int32(1), int32(6)
	nonIndexed, replace := batchv1.NonIndexedCompletion, batchv1.TerminatingOrFailed
	no, grace := false, int64(30)
	labels := map[string]string{
		"batch.kubernetes.io/controller-uid": string(testJobUID),
		"batch.kubernetes.io/job-name":       "pi",
		"controller-uid":                     string(testJobUID),
		"job-name":                           "pi",
	}
	j := &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "ns", UID: testJobUID, ResourceVersion: "10", Generation: 1, Labels: labels},
		Spec: batchv1.JobSpec{
			Completions: &one, Parallelism: &one, BackoffLimit: &six,
			CompletionMode: &nonIndexed, PodReplacementPolicy: &replace, Suspend: &no, ManualSelector: nil,
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": string(testJobUID)}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{
					Containers: []corev1.Container{{
						Name: "pi", Image: "perl:5.34.0", TerminationMessagePath: "/dev/termination-log",
						TerminationMessagePolicy: corev1.TerminationMessageReadFile, ImagePullPolicy: corev1.PullIfNotPresent,
					}},
					RestartPolicy: corev1.RestartPolicyNever, TerminationGracePeriodSeconds: &grace,
					DNSPolicy: corev1.DNSClusterFirst, SchedulerName: "default-scheduler",
				},
			},
		},
	}
	for _, m := range mods {
		m(j)
	}
	return j
}

// testPod is a pod of testJob called name (uid "uid-NAME"), changed by
// mods.
func testPod(name string, mods ...func(*corev1.Pod)) *corev1.Pod {
	job := testJob()
	yes := true
	p := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{
			Name: name, Namespace: "ns", UID: types.UID("uid-" + name), ResourceVersion: "20",
			Labels:     job.Spec.Template.Labels,
			Finalizers: []string{batchv1.JobTrackingFinalizer},
			OwnerReferences: []metav1.OwnerReference{{
				APIVersion: "batch/v1", Kind: "Job", Name: "pi", UID: testJobUID, Controller: &yes, BlockOwnerDeletion: &yes,
			}},
			CreationTimestamp: metav1.NewTime(testNow.Add(-time.Minute)),
		},
		Spec:   job.Spec.Template.Spec,
		Status: corev1.PodStatus{Phase: corev1.PodPending},
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// succeeded makes a pod a succeeded one.
func succeeded(p *corev1.Pod) {
	p.Status.Phase = corev1.PodSucceeded
	p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "pi", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
		ExitCode: 0, Reason: "Completed", FinishedAt: metav1.NewTime(testNow.Add(-time.Second)),
	}}}}
}

// orphan makes a pod one that no object controls, without the tracking
// finalizer.
func orphan(p *corev1.Pod) {
	p.OwnerReferences = nil
	p.Finalizers = nil
}

// newFake returns a fake clientset holding objs, which names the pods
// created with generateName ("NAME-N", N counting from 0) and stamps
// their creation time, as the API server does. (Its recorded actions
// hold the pods as sent: with generateName, without a name.)
func newFake(objs ...runtime.Object) *fake.Clientset {
	cs := fake.NewClientset(objs...)
	var n atomic.Int64
	cs.PrependReactor("create", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		p := a.(k8stesting.CreateAction).GetObject().(*corev1.Pod)
		if p.Name == "" && p.GenerateName != "" {
			p.Name = fmt.Sprintf("%s%d", p.GenerateName, n.Add(1)-1)
			p.UID = types.UID("uid-" + p.Name)
			p.CreationTimestamp = metav1.NewTime(testNow)
		}
		return false, nil, nil
	})
	return cs
}

// newTestController returns a controller over cs at testNow, its
// informer caches filled with objs (not started), and options opts.
func newTestController(t testing.TB, cs *fake.Clientset, objs []runtime.Object, opts ...Option) *Controller {
	t.Helper()
	c, err := New(cs, append([]Option{WithClock(func() time.Time { return testNow }), WithBatchPeriod(0)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		var err error
		switch o := o.(type) {
		case *batchv1.Job:
			err = c.jobInformer.GetIndexer().Add(o)
		case *corev1.Pod:
			err = c.podInformer.GetIndexer().Add(o)
		default:
			t.Fatalf("cannot cache %T", o)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		c.queue.ShutDown()
		c.orphans.ShutDown()
	})
	return c
}

// request is a fake clientset action reduced to what the tests compare.
type request struct {
	Verb, Resource, Subresource, Name string
	Patch                             string // the patch of a patch
}

// requests returns the actions of cs, from the index from on, as requests.
func requests(cs *fake.Clientset, from int) []request {
	var out []request
	for _, a := range cs.Actions()[from:] {
		if a.GetVerb() == "list" || a.GetVerb() == "watch" {
			continue
		}
		r := request{Verb: a.GetVerb(), Resource: a.GetResource().Resource, Subresource: a.GetSubresource()}
		switch a := a.(type) {
		case k8stesting.PatchAction:
			r.Name, r.Patch = a.GetName(), string(a.GetPatch())
			if a.GetPatchType() != types.StrategicMergePatchType {
				r.Patch = string(a.GetPatchType()) + ": " + r.Patch
			}
		case k8stesting.GetAction:
			r.Name = a.GetName()
		case k8stesting.DeleteAction:
			r.Name = a.GetName()
		case k8stesting.CreateAction: // also an update: both carry an object
			if m, ok := a.GetObject().(metav1.Object); ok {
				r.Name = m.GetName()
				if r.Name == "" {
					r.Name = m.GetGenerateName()
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// cacheStore is cache.Store, to embed in a test double.
type cacheStore = cache.Store

// mustPod converts p to jobkit's model.
func mustPod(p *corev1.Pod) *core.Pod {
	out, err := k8sapi.PodFromAPI(p)
	if err != nil {
		panic(err)
	}
	return out
}

// mustJob converts j to jobkit's model.
func mustJob(j *batchv1.Job) *jobapi.Job {
	out, err := k8sapi.JobFromAPI(j)
	if err != nil {
		panic(err)
	}
	return out
}
