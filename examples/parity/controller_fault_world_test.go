package parity

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"
	kubecontroller "k8s.io/kubernetes/pkg/controller"
	"k8s.io/kubernetes/pkg/controller/job"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// This file holds the two worlds of the fault-injecting differential
// test (controller_fault_test.go): Kubernetes' Job controller over a fake
// clientset whose reactors fail chosen writes, and jobkit's Sync and
// Apply over a Writer that fails the same writes. Both are synced one
// sync at a time, in lockstep.

// writeKey names one write of a controller the same way in both worlds,
// whatever order the real controller's parallel writes take: the verb,
// the object (for a creation, the pod's generateName, all of whose pods
// are alike when created; for a deletion or a patch, the pod's name; for
// a status update, nothing) and which attempt of that verb on that
// object it is.
type writeKey struct {
	Verb string // create, delete, patch, status
	Obj  string
	N    int
}

func (k writeKey) String() string { return fmt.Sprintf("%s %s#%d", k.Verb, k.Obj, k.N) }

// errKind is an API server error to inject.
type errKind int

const (
	errConflict errKind = iota
	errServerTimeout
	errInternal
)

var errKindNames = []string{"Conflict", "ServerTimeout", "InternalError"}

func (e errKind) String() string { return errKindNames[e] }

// kube returns the error as client-go returns it.
func (e errKind) kube() error {
	gr := schema.GroupResource{Resource: "pods"}
	switch e {
	case errConflict:
		return apierrors.NewConflict(gr, "x", errors.New("the object has been modified; please apply your changes to the latest version and try again"))
	case errServerTimeout:
		return apierrors.NewServerTimeout(gr, "create", 1)
	}
	return apierrors.NewInternalError(errors.New("injected failure"))
}

// kit returns the error as jobtest's fault injection returns it.
func (e errKind) kit() error {
	switch e {
	case errConflict:
		return jobtest.Conflict()
	case errServerTimeout:
		return jobtest.ServerTimeout()
	}
	return jobtest.InternalError()
}

// faultPlan decides which writes of a world fail, and records them.
type faultPlan struct {
	pick func(writeKey) (errKind, bool) // nil: none fails

	mu    sync.Mutex
	n     map[[2]string]int
	log   []writeKey // every write attempted, in order
	fired []writeKey // the writes that were made to fail
	mark  int        // len(log) when the current sync started

	// The ledger: the pods each status written lists in
	// uncountedTerminatedPods (so they are counted, or about to be), by
	// name, and those listed both as succeeded and as failed.
	counted map[string]string
	twice   []string
}

func newFaultPlan(pick func(writeKey) (errKind, bool)) *faultPlan {
	return &faultPlan{pick: pick, n: map[[2]string]int{}, counted: map[string]string{}}
}

// written records a status the controller wrote.
func (p *faultPlan) written(st jobapi.JobStatus) {
	p.mu.Lock()
	defer p.mu.Unlock()
	u := st.UncountedTerminatedPods
	if u == nil {
		return
	}
	note := func(uids []meta.UID, outcome string) {
		for _, uid := range uids {
			name := strings.TrimPrefix(string(uid), "uid-")
			if prev, ok := p.counted[name]; ok && prev != outcome {
				p.twice = append(p.twice, name)
			}
			p.counted[name] = outcome
		}
	}
	note(u.Succeeded, "succeeded")
	note(u.Failed, "failed")
}

// deleted returns the pods the controller tried to delete.
func (p *faultPlan) deleted() map[string]bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := map[string]bool{}
	for _, k := range p.log {
		if k.Verb == "delete" {
			m[k.Obj] = true
		}
	}
	return m
}

// attempt records a write and says whether it fails.
func (p *faultPlan) attempt(verb, obj string) (errKind, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n[[2]string{verb, obj}]++
	k := writeKey{verb, obj, p.n[[2]string{verb, obj}]}
	p.log = append(p.log, k)
	if p.pick == nil {
		return 0, false
	}
	e, ok := p.pick(k)
	if ok {
		p.fired = append(p.fired, k)
	}
	return e, ok
}

// startSync marks the beginning of a sync.
func (p *faultPlan) startSync() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mark = len(p.log)
}

// syncWrites returns the writes attempted since startSync, sorted (the
// real controller makes the writes of a step in parallel).
func (p *faultPlan) syncWrites() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, k := range p.log[p.mark:] {
		out = append(out, k.String())
	}
	sort.Strings(out)
	return out
}

// syncResult is what the test compares of one sync, besides the state.
type syncResult struct {
	Failed  bool          // the sync returned an error (the caller requeues with its rate limit)
	Requeue time.Duration // when to sync again at the latest; 0: only on a change
	Writes  []string      // the writes attempted
}

// faultWorld is a world the fault test syncs one sync at a time.
type faultWorld interface {
	parityWorld
	syncOnce() syncResult
	removePod(name string)
	status(t *testing.T) jobapi.JobStatus
}

// privateField returns the unexported field name of jm, settable.
func privateField(jm *job.Controller, name string) reflect.Value {
	v := reflect.ValueOf(jm).Elem().FieldByName(name)
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// requeueQueue records the delays the controller's syncJob asks its
// queue for (AddAfter), leaving out those of the informers' event
// handlers, which run on other goroutines.
type requeueQueue struct {
	workqueue.TypedRateLimitingInterface[string]
	mu     sync.Mutex
	delays []time.Duration
}

func (q *requeueQueue) AddAfter(item string, d time.Duration) {
	if calledFromSyncJob() {
		q.mu.Lock()
		q.delays = append(q.delays, d)
		q.mu.Unlock()
	}
	q.TypedRateLimitingInterface.AddAfter(item, d)
}

// take returns the shortest delay recorded since the last take (0: none).
func (q *requeueQueue) take() time.Duration {
	q.mu.Lock()
	defer q.mu.Unlock()
	var m time.Duration
	for i, d := range q.delays {
		if i == 0 || d < m {
			m = d
		}
	}
	q.delays = nil
	return m
}

// calledFromSyncJob reports whether syncJob is on the caller's stack.
func calledFromSyncJob() bool {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasSuffix(f.Function, "job.(*Controller).syncJob") {
			return true
		}
		if !more {
			return false
		}
	}
}

// kubeFaultWorld is Kubernetes' controller whose writes fail as plan
// says.
type kubeFaultWorld struct {
	*kubeWorld
	plan  *faultPlan
	queue *requeueQueue
	armed atomic.Bool  // syncJob is running: its writes go through plan
	gate  sync.RWMutex // held (Lock) while the pod informer is to be stale
}

// gatedWatch passes on the events of a watch of pods, holding them back
// while the world's gate is locked: the pod informer goes stale.
type gatedWatch struct {
	inner watch.Interface
	out   chan watch.Event
}

func (fw *kubeFaultWorld) gatedWatch(inner watch.Interface) watch.Interface {
	g := &gatedWatch{inner: inner, out: make(chan watch.Event)}
	go func() {
		defer close(g.out)
		for ev := range inner.ResultChan() {
			fw.gate.RLock()
			select {
			case g.out <- ev:
			case <-fw.ctx.Done():
			}
			fw.gate.RUnlock()
		}
	}()
	return g
}

func (g *gatedWatch) Stop()                          { g.inner.Stop() }
func (g *gatedWatch) ResultChan() <-chan watch.Event { return g.out }

// pause makes the pod informer stale: it sees no event until resume.
func (fw *kubeFaultWorld) pause() { fw.gate.Lock() }

// resume lets the pod informer catch up.
func (fw *kubeFaultWorld) resume() { fw.gate.Unlock() }

// waitForPodCache waits until the pod informer holds the pods the
// cluster holds, by name and resource version (the world gives a pod a
// new one on every write): kubeWorld.waitForCaches, cheaper.
func (fw *kubeFaultWorld) waitForPodCache() {
	versions := func(pods []*corev1.Pod) []string {
		out := make([]string, len(pods))
		for i, p := range pods {
			out[i] = p.Name + "@" + p.ResourceVersion
		}
		slices.Sort(out)
		return out
	}
	want := versions(fw.pods())
	deadline := time.Now().Add(10 * time.Second)
	for {
		cached, _ := fw.factory.Core().V1().Pods().Lister().Pods(fw.ns).List(labels.Everything())
		if slices.Equal(versions(cached), want) {
			return
		}
		if time.Now().After(deadline) {
			fw.t.Fatal("the pod informer does not catch up with the cluster")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// waitForJobCache waits until the Job informer holds the Job the cluster
// holds.
func (fw *kubeFaultWorld) waitForJobCache() {
	deadline := time.Now().Add(10 * time.Second)
	for {
		cj, err := fw.factory.Batch().V1().Jobs().Lister().Jobs(fw.ns).Get(fw.jobName)
		if err == nil && jsonEqual(cj, fw.job()) {
			return
		}
		if time.Now().After(deadline) {
			fw.t.Fatal("the Job informer does not catch up with the cluster")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

func newKubeFaultWorld(t *testing.T, j *batchv1.Job, plan *faultPlan) *kubeFaultWorld {
	fw := &kubeFaultWorld{plan: plan}
	fw.kubeWorld = newKubeWorld(t, j, func(w *kubeWorld) {
		q := privateField(w.jm, "queue")
		fw.queue = &requeueQueue{TypedRateLimitingInterface: q.Interface().(workqueue.TypedRateLimitingInterface[string])}
		q.Set(reflect.ValueOf(fw.queue))
		// Prepended last, this reactor runs before those of newKubeWorld:
		// a failed creation takes no name.
		w.client.PrependReactor("*", "*", fw.inject)
		w.client.PrependWatchReactor("pods", func(a k8stesting.Action) (bool, watch.Interface, error) {
			var opts metav1.ListOptions
			if wa, ok := a.(k8stesting.WatchActionImpl); ok {
				opts = wa.ListOptions
			}
			inner, err := w.client.Tracker().Watch(a.GetResource(), a.GetNamespace(), opts)
			if err != nil {
				return false, nil, err
			}
			return true, fw.gatedWatch(inner), nil
		})
	})
	return fw
}

// inject fails the controller's writes that plan picks.
func (fw *kubeFaultWorld) inject(a k8stesting.Action) (bool, k8sruntime.Object, error) {
	if !fw.armed.Load() {
		return false, nil, nil
	}
	var verb, obj string
	switch res := a.GetResource().Resource; {
	case res == "pods" && a.GetVerb() == "create":
		verb, obj = "create", a.(k8stesting.CreateAction).GetObject().(*corev1.Pod).GenerateName
	case res == "pods" && a.GetVerb() == "delete":
		verb, obj = "delete", a.(k8stesting.DeleteAction).GetName()
	case res == "pods" && a.GetVerb() == "patch":
		verb, obj = "patch", a.(k8stesting.PatchAction).GetName()
	case res == "jobs" && a.GetVerb() == "update" && a.GetSubresource() == "status":
		verb = "status"
	case a.GetVerb() == "get" || a.GetVerb() == "list" || a.GetVerb() == "watch":
		return false, nil, nil
	default:
		fw.t.Errorf("unexpected write of the controller: %s %s/%s", a.GetVerb(), res, a.GetSubresource())
		return false, nil, nil
	}
	if e, ok := fw.plan.attempt(verb, obj); ok {
		return true, nil, e.kube()
	}
	if verb == "status" {
		var st jobapi.JobStatus
		convert(fw.t, a.(k8stesting.UpdateAction).GetObject().(*batchv1.Job).Status, &st)
		fw.plan.written(st)
	}
	return false, nil, nil
}

func (fw *kubeFaultWorld) syncOnce() syncResult {
	r := fw.syncRaw()
	fw.waitQuiet()
	return r
}

// syncRaw syncs once, and does not wait for the informers.
func (fw *kubeFaultWorld) syncRaw() syncResult {
	fw.plan.startSync()
	fw.queue.take()
	fw.armed.Store(true)
	err := syncJob(fw.jm, fw.ctx, fw.key)
	fw.armed.Store(false)
	r := syncResult{Failed: err != nil, Requeue: fw.queue.take(), Writes: fw.plan.syncWrites()}
	fw.collect()
	return r
}

// waitQuiet waits until the informers hold what the cluster holds and
// the controller's event handlers have seen its own writes (its
// expectations of creations, deletions and finalizer removals are met),
// so that the next sync is the one the controller makes once it is up
// to date: the same, every run.
func (fw *kubeFaultWorld) waitQuiet() {
	fw.waitForPodCache()
	fw.waitForJobCache()
	for _, c := range fw.job().Status.Conditions {
		if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
			// The event handlers ignore the pods of a finished Job, whose
			// expectations then stay until they expire; its syncs do
			// nothing.
			return
		}
	}
	exp := privateField(fw.jm, "expectations").Interface().(kubecontroller.ControllerExpectationsInterface)
	fin := privateField(fw.jm, "finalizerExpectations").Elem().FieldByName("store")
	store := reflect.NewAt(fin.Type(), unsafe.Pointer(fin.UnsafeAddr())).Elem().Interface().(interface {
		GetByKey(string) (any, bool, error)
	})
	logger := klog.Background()
	deadline := time.Now().Add(10 * time.Second)
	for {
		done := exp.SatisfiedExpectations(logger, fw.key)
		if item, ok, _ := store.GetByKey(fw.key); done && ok {
			done = reflect.ValueOf(item).Elem().FieldByName("set").Len() == 0
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			fw.t.Fatal("the controller's expectations are never met")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// removePod makes the pod vanish, as when someone removes its
// finalizers and deletes it.
func (fw *kubeFaultWorld) removePod(name string) {
	if err := fw.client.Tracker().Delete(podsGVR, fw.ns, name); err != nil {
		fw.t.Fatal(err)
	}
}

func (fw *kubeFaultWorld) status(t *testing.T) jobapi.JobStatus {
	var st jobapi.JobStatus
	convert(t, fw.job().Status, &st)
	return st
}

// kitFaultWorld is jobkit's Sync and Apply over a Writer with the API
// server behaviour of kubeWorld, whose writes fail as plan says.
type kitFaultWorld struct {
	*kitWorld
	plan *faultPlan
	exp  controller.Expectations // kept across syncs, updated by Apply and observe
	seen []*core.Pod             // the pods the informer holds
}

func newKitFaultWorld(t *testing.T, j *batchv1.Job, plan *faultPlan) *kitFaultWorld {
	var kj jobapi.Job
	convert(t, j, &kj)
	return &kitFaultWorld{kitWorld: &kitWorld{t: t, job: &kj, clock: t0}, plan: plan}
}

// syncOnce syncs once with an informer that has seen every change.
func (w *kitFaultWorld) syncOnce() syncResult {
	w.observe()
	return w.sync()
}

// syncStale syncs once with the informer as it was at the last sync.
func (w *kitFaultWorld) syncStale() syncResult { return w.sync() }

// sync syncs with the pods the informer holds.
func (w *kitFaultWorld) sync() syncResult {
	w.plan.startSync()
	d := controller.Sync(w.job, slices.Clone(w.seen), w.clock, w.backoff, controller.WithExpectations(&w.exp))
	res, err := controller.Apply(context.Background(), kitWriter{w}, d)
	w.backoff = res.Backoff
	w.pods = slices.DeleteFunc(w.pods, func(p *core.Pod) bool {
		return p.ObjectMeta.DeletionTimestamp != nil && len(p.ObjectMeta.Finalizers) == 0 &&
			(p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed)
	})
	return syncResult{Failed: err != nil, Requeue: res.RequeueAfter, Writes: w.plan.syncWrites()}
}

// observe is the informer catching up: it tells the Expectations each
// pod added, changed and deleted since it last looked, as the real
// controller's event handlers do.
func (w *kitFaultWorld) observe() {
	old := map[string]*core.Pod{}
	for _, p := range w.seen {
		old[p.ObjectMeta.Name] = p
	}
	for _, p := range w.pods {
		o := old[p.ObjectMeta.Name]
		delete(old, p.ObjectMeta.Name)
		switch {
		case o == nil:
			w.exp.ObservePod(nil, p)
		case !reflect.DeepEqual(o, p):
			w.exp.ObservePod(o, p)
		}
	}
	for _, o := range old {
		w.exp.ObservePod(o, nil)
	}
	w.seen = slices.Clone(w.pods)
}

// deletePod deletes a pod as a user does, replacing it (the informer
// holds the one before).
func (w *kitFaultWorld) deletePod(name string) {
	_ = kitWriter{w}.edit(name, func(p *core.Pod) {
		if p.ObjectMeta.DeletionTimestamp == nil {
			p.ObjectMeta.DeletionTimestamp = &meta.Time{Time: w.clock}
		}
	})
}

func (w *kitFaultWorld) removePod(name string) {
	w.pods = slices.DeleteFunc(w.pods, func(p *core.Pod) bool { return p.ObjectMeta.Name == name })
}

func (w *kitFaultWorld) status(t *testing.T) jobapi.JobStatus {
	var st jobapi.JobStatus
	convert(t, w.job.Status, &st)
	return st
}

// kitWriter is a controller.Writer over a kitFaultWorld. It never
// changes a pod in place (Apply re-plans from the pods Sync was given):
// it replaces it.
type kitWriter struct{ w *kitFaultWorld }

var _ controller.Writer = kitWriter{}

func notFound(name string) error {
	return field.NewNotFound(field.GroupResource{Resource: "pods"}, name)
}

// edit replaces the pod called name with a copy changed by change.
func (k kitWriter) edit(name string, change func(*core.Pod)) error {
	for i, p := range k.w.pods {
		if p.ObjectMeta.Name == name {
			q := p.DeepCopy()
			change(q)
			k.w.pods[i] = q
			return nil
		}
	}
	return notFound(name)
}

func (k kitWriter) CreatePod(_ context.Context, pod *core.Pod) error {
	if e, ok := k.w.plan.attempt("create", pod.ObjectMeta.GenerateName); ok {
		return e.kit()
	}
	p := pod.DeepCopy()
	var created time.Time
	p.ObjectMeta.Name, created = k.w.names.next(p.ObjectMeta.GenerateName, k.w.clock)
	p.ObjectMeta.UID = meta.UID("uid-" + p.ObjectMeta.Name)
	p.ObjectMeta.CreationTimestamp = meta.Time{Time: created}
	if p.Status.Phase == "" {
		p.Status.Phase = core.PodPending
	}
	k.w.pods = append(k.w.pods, p)
	return nil
}

func (k kitWriter) DeletePod(_ context.Context, pod *core.Pod) error {
	if e, ok := k.w.plan.attempt("delete", pod.ObjectMeta.Name); ok {
		return e.kit()
	}
	return k.edit(pod.ObjectMeta.Name, func(p *core.Pod) {
		if p.ObjectMeta.DeletionTimestamp == nil {
			p.ObjectMeta.DeletionTimestamp = &meta.Time{Time: k.w.clock}
		}
	})
}

func (k kitWriter) RemoveFinalizer(_ context.Context, pod *core.Pod) error {
	if e, ok := k.w.plan.attempt("patch", pod.ObjectMeta.Name); ok {
		return e.kit()
	}
	return k.edit(pod.ObjectMeta.Name, func(p *core.Pod) {
		p.ObjectMeta.Finalizers = slices.DeleteFunc(slices.Clone(p.ObjectMeta.Finalizers), func(f string) bool { return f == jobapi.JobTrackingFinalizer })
	})
}

func (k kitWriter) AdoptPod(_ context.Context, job *jobapi.Job, pod *core.Pod) error {
	if e, ok := k.w.plan.attempt("patch", pod.ObjectMeta.Name); ok {
		return e.kit()
	}
	return k.edit(pod.ObjectMeta.Name, func(p *core.Pod) {
		yes := true
		p.ObjectMeta.OwnerReferences = append(p.ObjectMeta.OwnerReferences, meta.OwnerReference{
			APIVersion: "batch/v1", Kind: "Job", Name: job.ObjectMeta.Name, UID: job.ObjectMeta.UID, Controller: &yes, BlockOwnerDeletion: &yes})
		if !slices.Contains(p.ObjectMeta.Finalizers, jobapi.JobTrackingFinalizer) {
			p.ObjectMeta.Finalizers = append(slices.Clone(p.ObjectMeta.Finalizers), jobapi.JobTrackingFinalizer)
		}
	})
}

func (k kitWriter) ReleasePod(_ context.Context, job *jobapi.Job, pod *core.Pod) error {
	if e, ok := k.w.plan.attempt("patch", pod.ObjectMeta.Name); ok {
		return e.kit()
	}
	return k.edit(pod.ObjectMeta.Name, func(p *core.Pod) {
		p.ObjectMeta.OwnerReferences = slices.DeleteFunc(slices.Clone(p.ObjectMeta.OwnerReferences), func(r meta.OwnerReference) bool { return r.UID == job.ObjectMeta.UID })
	})
}

func (k kitWriter) UpdateJobStatus(_ context.Context, job *jobapi.Job) (*jobapi.Job, error) {
	if e, ok := k.w.plan.attempt("status", ""); ok {
		return nil, e.kit()
	}
	k.w.job = job.DeepCopy()
	k.w.plan.written(job.Status)
	return job.DeepCopy(), nil
}
