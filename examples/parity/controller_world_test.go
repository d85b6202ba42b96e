package parity

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"
	_ "unsafe" // go:linkname

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	batchinformers "k8s.io/client-go/informers/batch/v1"
	coreinformers "k8s.io/client-go/informers/core/v1"
	schedulinginformers "k8s.io/client-go/informers/scheduling/v1alpha2"
	clientset "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/kubernetes/pkg/controller/job"
	"k8s.io/utils/clock"
	clocktesting "k8s.io/utils/clock/testing"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Kubernetes' Job controller exports only NewController, which uses the
// real clock, and runs syncs on worker goroutines. The differential test
// needs a fake clock and syncs it can call one at a time, so it reaches
// the two unexported functions that the controller's own tests use.

//go:linkname newControllerWithClock k8s.io/kubernetes/pkg/controller/job.newControllerWithClock
func newControllerWithClock(ctx context.Context, kubeClient clientset.Interface, clock clock.WithTicker,
	podInformer coreinformers.PodInformer, jobInformer batchinformers.JobInformer,
	workloadInformer schedulinginformers.WorkloadInformer, podGroupInformer schedulinginformers.PodGroupInformer) (*job.Controller, error)

//go:linkname syncJob k8s.io/kubernetes/pkg/controller/job.(*Controller).syncJob
func syncJob(jm *job.Controller, ctx context.Context, key string) error

// t0 is when every scenario starts.
var t0 = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

// names gives created pods deterministic names and uids: generateName
// followed by a counter per generateName, so that both worlds name the
// pods of the same index alike whatever order they create them in.
type names struct {
	mu sync.Mutex
	n  map[string]int
}

// next returns the name of the next pod created with generateName, and
// its creation time at now: now plus as many milliseconds as the
// counter, so that no two pods of a NonIndexed Job tie when the
// controller picks which to delete (Kubernetes breaks such ties by the
// order of its cache, which is random).
func (n *names) next(generateName string, now time.Time) (string, time.Time) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.n == nil {
		n.n = map[string]int{}
	}
	n.n[generateName]++
	c := n.n[generateName]
	return fmt.Sprintf("%s%05d", generateName, c), now.Add(time.Duration(c) * time.Millisecond)
}

// kubeWorld is Kubernetes' Job controller over a fake clientset that
// behaves like an API server where it matters: generated names, graceful
// deletion of pods (a deleted pod stays, with a deletionTimestamp, until
// it has finished and has no finalizer).
type kubeWorld struct {
	t       *testing.T
	ctx     context.Context
	client  *fake.Clientset
	clock   *clocktesting.FakeClock
	jm      *job.Controller
	factory informers.SharedInformerFactory
	names   names
	key     string
	ns      string
	jobName string
	rv      int // the last resource version given to a pod
}

// bump gives p a new resource version, as an API server does on every
// write. The fake clientset does not, and the controller ignores pod
// updates whose resource version did not change.
func (w *kubeWorld) bump(p *corev1.Pod) {
	w.names.mu.Lock()
	defer w.names.mu.Unlock()
	w.rv++
	p.ResourceVersion = strconv.Itoa(1000 + w.rv)
}

var podsGVR = corev1.SchemeGroupVersion.WithResource("pods")

// newKubeWorld creates j in a fake cluster and starts the informers of a
// Job controller with a fake clock at t0. setup runs once the controller
// exists, before the Job is created and the informers start (the fault
// test installs its reactors and its queue there).
func newKubeWorld(t *testing.T, j *batchv1.Job, setup ...func(*kubeWorld)) *kubeWorld {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	// The simple object tracker: NewClientset's field-managed one builds
	// a REST mapper on every write, which made most of the time of the
	// fault test (no test here needs managed fields or server-side apply).
	w := &kubeWorld{t: t, ctx: ctx, client: fake.NewSimpleClientset(), clock: clocktesting.NewFakeClock(t0),
		key: j.Namespace + "/" + j.Name, ns: j.Namespace, jobName: j.Name}
	w.client.PrependReactor("create", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		p := a.(k8stesting.CreateAction).GetObject().(*corev1.Pod)
		var created time.Time
		p.Name, created = w.names.next(p.GenerateName, w.clock.Now())
		p.UID = types.UID("uid-" + p.Name)
		p.CreationTimestamp = metav1.NewTime(created)
		w.bump(p)
		if p.Status.Phase == "" {
			p.Status.Phase = corev1.PodPending
		}
		return false, nil, nil // the tracker stores the pod
	})
	w.client.PrependReactor("delete", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		name := a.(k8stesting.DeleteAction).GetName()
		obj, err := w.client.Tracker().Get(podsGVR, a.GetNamespace(), name)
		if err != nil {
			return true, nil, err
		}
		p := obj.(*corev1.Pod).DeepCopy()
		if p.DeletionTimestamp == nil {
			now := metav1.NewTime(w.clock.Now())
			p.DeletionTimestamp = &now
		}
		w.bump(p)
		return true, nil, w.client.Tracker().Update(podsGVR, p, p.Namespace)
	})
	w.client.PrependReactor("patch", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		old, _ := w.client.Tracker().Get(podsGVR, a.GetNamespace(), a.(k8stesting.PatchAction).GetName())
		handled, obj, err := k8stesting.ObjectReaction(w.client.Tracker())(a)
		if err != nil || obj == nil {
			return handled, obj, err
		}
		p := obj.(*corev1.Pod).DeepCopy()
		// The patch went through JSON, which keeps seconds only: keep the
		// creation time the pod had, or the controller's choice of the pods
		// to delete (newest first) would change.
		if old != nil {
			p.CreationTimestamp = old.(*corev1.Pod).CreationTimestamp
		}
		w.bump(p)
		if err := w.client.Tracker().Update(podsGVR, p, p.Namespace); err != nil {
			return true, nil, err
		}
		return true, p, nil
	})
	f := informers.NewSharedInformerFactory(w.client, 0)
	jm, err := newControllerWithClock(ctx, w.client, w.clock, f.Core().V1().Pods(), f.Batch().V1().Jobs(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.jm, w.factory = jm, f
	for _, s := range setup {
		s(w)
	}
	if _, err := w.client.BatchV1().Jobs(j.Namespace).Create(ctx, j, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	f.Start(ctx.Done())
	f.WaitForCacheSync(ctx.Done())
	w.waitForCaches()
	return w
}

// pods lists the pods of the cluster (not the cache), by name.
func (w *kubeWorld) pods() []*corev1.Pod {
	list, err := w.client.Tracker().List(podsGVR, corev1.SchemeGroupVersion.WithKind("Pod"), w.ns)
	if err != nil {
		w.t.Fatal(err)
	}
	var out []*corev1.Pod
	for _, p := range list.(*corev1.PodList).Items {
		out = append(out, p.DeepCopy())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// job returns the Job from the cluster.
func (w *kubeWorld) job() *batchv1.Job {
	j, err := w.client.BatchV1().Jobs(w.ns).Get(w.ctx, w.jobName, metav1.GetOptions{})
	if err != nil {
		w.t.Fatal(err)
	}
	return j
}

// waitForCaches waits until the informers hold what the cluster holds.
func (w *kubeWorld) waitForCaches() {
	deadline := time.Now().Add(10 * time.Second)
	for {
		cached, _ := w.factory.Core().V1().Pods().Lister().Pods(w.ns).List(labels.Everything())
		want := w.pods()
		same := len(cached) == len(want)
		if same {
			sort.Slice(cached, func(i, j int) bool { return cached[i].Name < cached[j].Name })
			for i := range want {
				if !podsEqual(cached[i], want[i]) {
					same = false
					break
				}
			}
		}
		if same {
			cj, err := w.factory.Batch().V1().Jobs().Lister().Jobs(w.ns).Get(w.jobName)
			same = err == nil && jsonEqual(cj, w.job())
		}
		if same {
			return
		}
		if time.Now().After(deadline) {
			w.t.Fatal("the informers do not catch up with the cluster")
		}
		time.Sleep(time.Millisecond)
	}
}

// collect removes the pods the API server would: being deleted, finished,
// without finalizers.
func (w *kubeWorld) collect() {
	for _, p := range w.pods() {
		if p.DeletionTimestamp != nil && len(p.Finalizers) == 0 && (p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed) {
			if err := w.client.Tracker().Delete(podsGVR, p.Namespace, p.Name); err != nil {
				w.t.Fatal(err)
			}
		}
	}
}

// writes counts the writes the controller made.
func (w *kubeWorld) writes() int {
	n := 0
	for _, a := range w.client.Actions() {
		switch a.GetVerb() {
		case "create", "update", "patch", "delete":
			n++
		}
	}
	return n
}

// settle syncs the Job until two syncs in a row, a few milliseconds
// apart, write nothing. The informers update their caches before they
// run the controller's event handlers, which record that the controller's
// own creations and deletions have been seen (its "expectations"); until
// then a sync leaves the pods alone and writes nothing, so one quiet sync
// is not enough to know the controller is done.
func (w *kubeWorld) settle() {
	w.waitForCaches()
	quiet := 0
	for range 60 {
		before := w.writes()
		w.sync()
		w.collect()
		w.waitForCaches()
		if w.writes() != before {
			quiet = 0
			continue
		}
		if quiet++; quiet == 2 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	w.t.Fatal("Kubernetes' controller does not settle")
}

// sync runs one sync of the Job.
func (w *kubeWorld) sync() {
	if err := syncJob(w.jm, w.ctx, w.key); err != nil {
		w.t.Fatalf("syncJob: %v", err)
	}
}

// editPod changes a pod in the cluster, as the kubelet or a user would.
func (w *kubeWorld) editPod(name string, edit func(*corev1.Pod)) {
	obj, err := w.client.Tracker().Get(podsGVR, w.ns, name)
	if err != nil {
		w.t.Fatal(err)
	}
	p := obj.(*corev1.Pod).DeepCopy()
	edit(p)
	w.bump(p)
	if err := w.client.Tracker().Update(podsGVR, p, w.ns); err != nil {
		w.t.Fatal(err)
	}
}

// editJob changes the Job's spec, as a user would.
func (w *kubeWorld) editJob(edit func(*batchv1.Job)) {
	j := w.job()
	edit(j)
	if _, err := w.client.BatchV1().Jobs(w.ns).Update(w.ctx, j, metav1.UpdateOptions{}); err != nil {
		w.t.Fatal(err)
	}
}

// kitWorld is jobkit's core over a list of pods with the same API server
// behaviour as kubeWorld.
type kitWorld struct {
	t       *testing.T
	job     *jobapi.Job
	pods    []*core.Pod
	clock   time.Time
	backoff controller.Backoff
	names   names
}

// settle syncs until a sync changes nothing.
func (w *kitWorld) settle() {
	for range 30 {
		d := controller.Sync(w.job, w.pods, w.clock, w.backoff)
		w.backoff = d.Backoff
		changed := d.UpdateStatus || len(d.Create)+len(d.Delete)+len(d.RemoveFinalizer) > 0
		for _, p := range d.Create {
			p = p.DeepCopy()
			var created time.Time
			p.ObjectMeta.Name, created = w.names.next(p.ObjectMeta.GenerateName, w.clock)
			p.ObjectMeta.UID = meta.UID("uid-" + p.ObjectMeta.Name)
			p.ObjectMeta.CreationTimestamp = meta.Time{Time: created}
			p.Status.Phase = core.PodPending
			w.pods = append(w.pods, p)
		}
		for _, p := range d.RemoveFinalizer {
			if q := w.find(p.ObjectMeta.Name); q != nil {
				q.ObjectMeta.Finalizers = slices.DeleteFunc(slices.Clone(q.ObjectMeta.Finalizers), func(f string) bool { return f == jobapi.JobTrackingFinalizer })
			}
		}
		for _, p := range d.Delete {
			if q := w.find(p.ObjectMeta.Name); q != nil && q.ObjectMeta.DeletionTimestamp == nil {
				q.ObjectMeta.DeletionTimestamp = &meta.Time{Time: w.clock}
			}
		}
		if d.UpdateStatus {
			w.job.Status = d.Status
		}
		w.pods = slices.DeleteFunc(w.pods, func(p *core.Pod) bool {
			return p.ObjectMeta.DeletionTimestamp != nil && len(p.ObjectMeta.Finalizers) == 0 &&
				(p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed)
		})
		if !changed {
			return
		}
	}
	w.t.Fatal("jobkit's core does not settle")
}

// find returns the pod named name.
func (w *kitWorld) find(name string) *core.Pod {
	for _, p := range w.pods {
		if p.ObjectMeta.Name == name {
			return p
		}
	}
	return nil
}

// editPod changes a pod by way of its Kubernetes form, so that both
// worlds get the same edit.
func (w *kitWorld) editPod(name string, edit func(*corev1.Pod)) {
	for i, p := range w.pods {
		if p.ObjectMeta.Name == name {
			var kp corev1.Pod
			convert(w.t, p, &kp)
			edit(&kp)
			var np core.Pod
			convert(w.t, &kp, &np)
			np.ObjectMeta.CreationTimestamp = p.ObjectMeta.CreationTimestamp // JSON keeps seconds only
			w.pods[i] = &np
			return
		}
	}
	w.t.Fatalf("no pod %s", name)
}

// editJob changes the Job by way of its Kubernetes form.
func (w *kitWorld) editJob(edit func(*batchv1.Job)) {
	var kj batchv1.Job
	convert(w.t, w.job, &kj)
	edit(&kj)
	var nj jobapi.Job
	convert(w.t, &kj, &nj)
	w.job = &nj
}

// convert moves a value from one Go type to another through JSON.
func convert(t *testing.T, from, to any) {
	b, err := json.Marshal(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, to); err != nil {
		t.Fatal(err)
	}
}

// jsonEqual compares two values by their JSON.
func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// podsEqual compares two pods by their JSON.
func podsEqual(a, b *corev1.Pod) bool { return jsonEqual(a, b) }
