package jobcontroller

import (
	"io"
	"log/slog"
	"time"

	"github.com/jobkit/jobkit/jobapi/controller"
)

// DefaultName is the name a controller has unless [WithName] gives it
// another: the value of spec.managedBy that hands a Job to it.
const DefaultName = "jobkit.io/job-controller"

// DefaultWorkers is how many Jobs [Start] syncs at once unless
// [WithWorkers] says otherwise: kube-controller-manager's default
// --concurrent-job-syncs.
const DefaultWorkers = 5

// The client rate limits [Start] sets when the *rest.Config has none:
// kube-controller-manager's defaults (--kube-api-qps, --kube-api-burst).
const (
	DefaultQPS   = 20
	DefaultBurst = 30
)

// The per-Job retry delays of the work queue after a failed sync: the
// first retry after DefaultAPIBackoff, doubling up to MaxAPIBackoff, as
// Kubernetes' Job controller's DefaultJobApiBackOff and MaxJobApiBackOff.
const (
	DefaultAPIBackoff = time.Second
	MaxAPIBackoff     = time.Minute
)

// Option changes how [New] and [Start] make a controller.
type Option func(*options)

type options struct {
	name            string
	manageUnmanaged bool
	namespace       string
	batchPeriod     time.Duration
	now             func() time.Time
	log             *slog.Logger
	workers         int
	resync          time.Duration
}

func buildOptions(opts []Option) options {
	o := options{
		name:        DefaultName,
		batchPeriod: controller.SyncJobBatchPeriod,
		now:         time.Now,
		log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		workers:     DefaultWorkers,
	}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	return o
}

// WithName names the controller: it manages the Jobs whose
// spec.managedBy is name. The default is [DefaultName]. Naming it
// "kubernetes.io/job-controller" makes it manage what
// kube-controller-manager's Job controller manages, as [ManageUnmanaged]
// does.
func WithName(name string) Option {
	return func(o *options) { o.name = name }
}

// ManageUnmanaged makes the controller also manage the Jobs that
// Kubernetes' own Job controller would: those without spec.managedBy, or
// with "kubernetes.io/job-controller". Use it where no
// kube-controller-manager runs (envtest, an API server in a test
// process); beside one, the two controllers would fight over those Jobs.
func ManageUnmanaged() Option {
	return func(o *options) { o.manageUnmanaged = true }
}

// WithNamespace makes the controller watch and manage only the Jobs and
// pods of namespace ns (by default: every namespace).
func WithNamespace(ns string) Option {
	return func(o *options) { o.namespace = ns }
}

// WithBatchPeriod sets how long after a pod event (or a status change of
// a Job) the Job is synced, so that the events of a burst make one sync:
// by default controller.SyncJobBatchPeriod (1 s), as Kubernetes. Zero
// syncs at once.
func WithBatchPeriod(d time.Duration) Option {
	return func(o *options) { o.batchPeriod = max(d, 0) }
}

// WithClock makes the controller read the time from now (by default
// time.Now): the time each sync is given, which the Job's status times
// come from.
func WithClock(now func() time.Time) Option {
	return func(o *options) {
		if now != nil {
			o.now = now
		}
	}
}

// WithLogger sends the controller's log (sync failures at level Error,
// each sync at Debug) to l; by default it is discarded.
func WithLogger(l *slog.Logger) Option {
	return func(o *options) {
		if l != nil {
			o.log = l
		}
	}
}

// WithWorkers sets how many Jobs [Start] syncs at once (at least one;
// [DefaultWorkers] by default). [Controller.Run] takes its own count.
func WithWorkers(n int) Option {
	return func(o *options) { o.workers = max(n, 1) }
}

// WithResync makes the informers deliver every object again each period
// d (client-go raises a period under 1 s to 1 s), so that every Job is
// synced at least that often (by default never: zero, as
// kube-controller-manager's Job controller).
func WithResync(d time.Duration) Option {
	return func(o *options) { o.resync = max(d, 0) }
}
