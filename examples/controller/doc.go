// Package jobcontroller is jobkit's Job controller over client-go: the
// I/O-free controller core of jobkit (github.com/jobkit/jobkit/jobapi/controller)
// wired to a real API server the way kube-controller-manager wires
// Kubernetes' own Job controller (k8s.io/kubernetes/pkg/controller/job).
// It is a module of its own that depends on k8s.io/client-go, k8s.io/api,
// k8s.io/apimachinery and jobkit's bridge, not on k8s.io/kubernetes, so a
// controller author imports it cheaply.
//
// # Model
//
// Shared informers watch Jobs and Pods. Their event handlers do what the
// real controller's do: a pod event is recorded in the owning Job's
// controller.Expectations ([controller.Expectations.ObservePod]) and
// enqueues that Job (by the pod's controller reference; an orphan pod
// enqueues every Job whose selector matches it, so that it can be
// adopted) after the batch period (1 s, as kube-controller-manager's
// syncJobBatchPeriod); a new Job, or a change of its spec, enqueues it at
// once; a change of activeDeadlineSeconds enqueues it when the deadline
// passes.
//
// A worker takes a Job's key from a rate-limited work queue (client-go's
// util/workqueue, per-item exponential backoff from 1 s to 1 min, as the
// real controller's DefaultJobApiBackOff and MaxJobApiBackOff), reads the
// Job and its pods (the pods it controls and the orphans of its namespace)
// from the informers' caches, and runs jobkit's controller on them
// ([k8sapi.Sync] with one [k8sapi.PodCache] for the whole controller, the
// Job's Expectations and the controller's name), then carries the
// decision out with [controller.Apply] through a controller.Writer over
// client-go: pods created with generateName, deleted, the tracking
// finalizer removed by a strategic merge patch, pods adopted and released
// by ControllerRefManager's patches (with the fresh read of the Job before
// an adoption), the status written by a PUT to the status subresource
// with the Job's resourceVersion. It keeps the Job's failure record
// (controller.Backoff from the ApplyResult) between syncs, enqueues the
// Job again after the decision's RequeueAfter, and, when a sync fails,
// again with the queue's rate limit. As kube-controller-manager v1.36
// does (StaleControllerConsistencyJob), a Job is not synced until the
// informers have seen the controller's own last writes for it (the
// resourceVersions of the pods it created or patched and of the status
// it wrote); until then the sync fails and is retried with the rate
// limit. A second queue does the orphan-pod work: it removes the tracking
// finalizer from pods that no Job controls any longer, or whose Job
// finished or was deleted.
//
// # spec.managedBy
//
// A controller has a name ([WithName]; [DefaultName] by default) and
// manages exactly the Jobs whose spec.managedBy is that name, so that it
// runs beside kube-controller-manager, which leaves those Jobs alone.
// With [ManageUnmanaged] it also manages the Jobs that
// kube-controller-manager would: those without spec.managedBy or with
// "kubernetes.io/job-controller". That is the mode for test environments
// without a kube-controller-manager (envtest, or an API server started
// in the test process), where Jobs would otherwise never get pods.
//
// # Use
//
// In a test, [Start] is the one call: it builds the clients from a
// *rest.Config, starts the informers and workers, waits until the caches
// have synced and returns; [Controller.Stop] stops everything and waits
// for it. A long-running program calls [New] and [Controller.Run]
// (cmd/jobkit-controller is one). The kubelet package beside this one
// drives the pods to scripted outcomes, as kubelets would. Where no
// service account controller runs either (envtest), create each
// namespace's "default" ServiceAccount: without it the API server admits
// no pod, and every creation fails.
//
// # Non-goals
//
// No events are recorded and no metrics are exported; there is no leader
// election (run one replica, or add it around Run); the Workload and
// PodGroup objects of the alpha WorkloadWithJob feature are not made.
// Jobs managed by another controller are never touched, nor the pods
// they control; a pod that no Job controls any longer (or whose Job is
// gone) loses its tracking finalizer whichever controller made it, as
// kube-controller-manager's orphan-pod worker does.
package jobcontroller
