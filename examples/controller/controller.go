package jobcontroller

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/jobkit/jobkit/conversion/k8sapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	batchv1listers "k8s.io/client-go/listers/batch/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// podControllerIndex is the name of the pod informer's index by
// controller: "namespace" for an orphan, "namespace/Kind/name/uid" for a
// pod with a controller, as kube-controller-manager's PodControllerIndex.
const podControllerIndex = "jobkit.io/pod-controller"

// Controller is jobkit's Job controller over client-go. Make one with
// [New] (then call [Controller.Run]) or [Start]. Its methods are safe for
// concurrent use.
type Controller struct {
	client kubernetes.Interface
	opts   options

	factory     informers.SharedInformerFactory
	jobInformer cache.SharedIndexInformer
	podInformer cache.SharedIndexInformer
	jobs        batchv1listers.JobLister

	queue   workqueue.TypedRateLimitingInterface[string]
	orphans workqueue.TypedRateLimitingInterface[orphanKey]

	cache k8sapi.PodCache

	mu     sync.Mutex
	states map[types.UID]*jobState // per Job, by uid
	ran    bool

	stop context.CancelFunc // set by Start
	done chan struct{}      // closed when Run returns (Start)
	err  error              // what Run returned (Start)

	syncs, failures, writes atomic.Int64
}

// jobState is what the controller keeps of one Job between syncs. Its
// mutex is held for a whole sync of the Job (the work queue never syncs
// a Job in two workers at once) and by the event handlers that record
// what the informer saw.
type jobState struct {
	mu      sync.Mutex
	key     string
	exp     controller.Expectations
	backoff controller.Backoff
	wrote   writtenVersions
}

// New returns a controller that talks to the API server through client.
// It makes its informers (see [WithNamespace], [WithResync]) and queues;
// nothing runs until [Controller.Run].
func New(client kubernetes.Interface, opts ...Option) (*Controller, error) {
	if client == nil {
		return nil, errors.New("jobcontroller: New needs a client, not nil")
	}
	o := buildOptions(opts)
	if o.name == "" {
		return nil, errors.New("jobcontroller: the controller's name is empty; WithName needs the value of spec.managedBy that names it")
	}
	c := &Controller{
		client: client,
		opts:   o,
		factory: informers.NewSharedInformerFactoryWithOptions(client, o.resync,
			informers.WithNamespace(o.namespace)),
		queue: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.NewTypedItemExponentialFailureRateLimiter[string](DefaultAPIBackoff, MaxAPIBackoff),
			workqueue.TypedRateLimitingQueueConfig[string]{Name: "jobkit_job"}),
		orphans: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.NewTypedItemExponentialFailureRateLimiter[orphanKey](DefaultAPIBackoff, MaxAPIBackoff),
			workqueue.TypedRateLimitingQueueConfig[orphanKey]{Name: "jobkit_job_orphan_pod"}),
		states: map[types.UID]*jobState{},
	}
	jobs := c.factory.Batch().V1().Jobs()
	pods := c.factory.Core().V1().Pods()
	c.jobInformer, c.jobs = jobs.Informer(), jobs.Lister()
	c.podInformer = pods.Informer()
	if err := c.podInformer.AddIndexers(cache.Indexers{podControllerIndex: podControllerKeys}); err != nil {
		return nil, fmt.Errorf("jobcontroller: adding the pod index: %w", err)
	}
	if _, err := c.jobInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addJob,
		UpdateFunc: c.updateJob,
		DeleteFunc: c.deleteJob,
	}); err != nil {
		return nil, fmt.Errorf("jobcontroller: adding the Job event handler: %w", err)
	}
	if _, err := c.podInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addPod,
		UpdateFunc: c.updatePod,
		DeleteFunc: func(obj any) { c.deletePod(obj) },
	}); err != nil {
		return nil, fmt.Errorf("jobcontroller: adding the Pod event handler: %w", err)
	}
	return c, nil
}

// podControllerKeys indexes a pod by its controller.
func podControllerKeys(obj any) ([]string, error) {
	pod, ok := obj.(*corev1.Pod)
	if !ok {
		return nil, nil
	}
	return []string{podControllerKey(pod.Namespace, metav1.GetControllerOfNoCopy(pod))}, nil
}

// podControllerKey is the index key of the pods of namespace whose
// controller is ref (nil: the orphans).
func podControllerKey(namespace string, ref *metav1.OwnerReference) string {
	if ref == nil {
		return namespace
	}
	return namespace + "/" + ref.Kind + "/" + ref.Name + "/" + string(ref.UID)
}

// Name returns the controller's name: the spec.managedBy of the Jobs it
// manages.
func (c *Controller) Name() string { return c.opts.name }

// Run starts the informers, waits until their caches have synced, and
// syncs Jobs in workers goroutines (and as many orphan-pod workers) until
// ctx is done; then it stops the queues and the informers, waits for
// every goroutine it started, and returns. A Controller runs once: a
// second Run returns an error.
func (c *Controller) Run(ctx context.Context, workers int) error {
	if workers < 1 {
		return fmt.Errorf("jobcontroller: Run needs at least one worker, not %d", workers)
	}
	c.mu.Lock()
	if c.ran {
		c.mu.Unlock()
		return errors.New("jobcontroller: the controller has run already; make a new one")
	}
	c.ran = true
	c.mu.Unlock()

	var wg sync.WaitGroup
	defer func() {
		c.queue.ShutDown()
		c.orphans.ShutDown()
		wg.Wait()
		c.factory.Shutdown()
	}()
	c.factory.Start(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), c.jobInformer.HasSynced, c.podInformer.HasSynced) {
		return fmt.Errorf("jobcontroller: the informers did not sync: %w", context.Cause(ctx))
	}
	c.opts.log.Info("jobkit Job controller started", "name", c.opts.name, "manageUnmanaged", c.opts.manageUnmanaged, "workers", workers)
	for range workers {
		wg.Go(func() {
			for c.processNextJob(ctx) {
			}
		})
		wg.Go(func() {
			for c.processNextOrphan(ctx) {
			}
		})
	}
	<-ctx.Done()
	c.opts.log.Info("jobkit Job controller stopping", "name", c.opts.name)
	return nil
}

// HasSynced reports whether the informers' caches have synced.
func (c *Controller) HasSynced() bool {
	return c.jobInformer.HasSynced() && c.podInformer.HasSynced()
}

// Start makes a controller over the API server cfg reaches and runs it
// until ctx is done or [Controller.Stop] is called: it builds the client
// (a copy of cfg, given kube-controller-manager's rate limits, [DefaultQPS]
// and [DefaultBurst], when it has none), starts the informers and
// [DefaultWorkers] workers ([WithWorkers]), and returns once the caches
// have synced. In a test:
//
//	ctrl, err := jobcontroller.Start(ctx, cfg, jobcontroller.ManageUnmanaged())
//	if err != nil { t.Fatal(err) }
//	t.Cleanup(ctrl.Stop)
func Start(ctx context.Context, cfg *rest.Config, opts ...Option) (*Controller, error) {
	if cfg == nil {
		return nil, errors.New("jobcontroller: Start needs a *rest.Config, not nil")
	}
	cfg = rest.CopyConfig(cfg)
	if cfg.QPS == 0 {
		cfg.QPS = DefaultQPS
	}
	if cfg.Burst == 0 {
		cfg.Burst = DefaultBurst
	}
	cfg = rest.AddUserAgent(cfg, "jobkit-job-controller")
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("jobcontroller: %w", err)
	}
	c, err := New(client, opts...)
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	c.stop, c.done = cancel, make(chan struct{})
	go func() {
		defer close(c.done)
		c.err = c.Run(runCtx, c.opts.workers)
	}()
	synced := make(chan bool, 1)
	go func() { synced <- cache.WaitForCacheSync(runCtx.Done(), c.HasSynced) }()
	select {
	case ok := <-synced:
		if ok {
			return c, nil
		}
	case <-c.done:
	}
	c.Stop()
	if c.err != nil {
		return nil, c.err
	}
	return nil, fmt.Errorf("jobcontroller: the informers did not sync: %w", context.Cause(runCtx))
}

// Stop stops a controller made by [Start] and waits until every
// goroutine it started has returned. It may be called more than once;
// on a controller made by [New], it does nothing (cancel Run's context).
func (c *Controller) Stop() {
	if c.stop == nil {
		return
	}
	c.stop()
	<-c.done
}

// Stats counts what a controller did.
type Stats struct {
	// Syncs counts the syncs of Jobs (each take of a Job from the queue).
	Syncs int64
	// Failures counts the syncs that failed (and were retried with the
	// rate limit).
	Failures int64
	// Writes counts the writes to the API server that succeeded: pod
	// creations, deletions and patches, Job status updates.
	Writes int64
}

// Stats returns what the controller did so far.
func (c *Controller) Stats() Stats {
	return Stats{Syncs: c.syncs.Load(), Failures: c.failures.Load(), Writes: c.writes.Load()}
}

// manages returns the name to give controller.Sync for job, and whether
// this controller manages job at all.
func (c *Controller) manages(job *batchv1.Job) (string, bool) {
	managedBy := ""
	if job.Spec.ManagedBy != nil {
		managedBy = *job.Spec.ManagedBy
	}
	switch {
	case managedBy == c.opts.name:
		return c.opts.name, true
	case c.opts.manageUnmanaged && (managedBy == "" || managedBy == controller.ControllerName):
		return controller.ControllerName, true
	case managedBy == "" && c.opts.name == controller.ControllerName:
		return controller.ControllerName, true
	}
	return "", false
}

// state returns the record of the Job job, making it when needed.
func (c *Controller) state(job *batchv1.Job) *jobState {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.states[job.UID]
	if st == nil {
		st = &jobState{key: cache.MetaObjectToName(job).String()}
		c.states[job.UID] = st
	}
	return st
}

// existingState returns the record of the Job uid, nil when there is none.
func (c *Controller) existingState(uid types.UID) *jobState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.states[uid]
}

// forget drops what the controller keeps of the Jobs called key (the
// Job is gone) or, when uid is not empty, of that Job only.
func (c *Controller) forget(key string, uid types.UID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for u, st := range c.states {
		if st.key == key && (uid == "" || u == uid) {
			delete(c.states, u)
			c.cache.Forget(u)
		}
	}
}
