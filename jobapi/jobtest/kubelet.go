package jobtest

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/kubelet"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// ExitCodes scripts the runs of the main containers of a Job's pods: the
// n-th run (from 0) of a main container of completion index i, counted
// over every pod of the index and every restart in a pod, ends with
// ExitCodes[i][n]; past the end of the list, or for an index the map does
// not hold, with 0. The pods of a NonIndexed Job share the list of index
// -1. Init containers always exit 0; sidecars run until their pod ends.
type ExitCodes map[int][]int

// Kubelet is a fake kubelet for the pods a [Store] holds in one
// namespace. It runs nothing: each [Kubelet.Step] starts the pods it has
// not seen and ends the containers it started in the step before, with
// the exit codes of its script, and writes the status a kubelet reports
// through the store's UpdateStatus (phase, the pod conditions a kubelet
// owns, every container's state, exit code and restart count, as package
// jobapi/kubelet computes them: init containers in order, sidecars beside
// the main containers, restarts under restartPolicy OnFailure; the
// conditions others set stay). A pod being deleted has its running
// containers killed (exit code 137: its fake processes ignore SIGTERM
// and outlive the grace period) and is then removed with a zero grace
// period, as the kubelet confirms a deletion. Times come from the
// store's clock ([WithClock]).
//
// A Kubelet is not safe for concurrent use; the store may be.
type Kubelet struct {
	store *Store
	pods  *Resource[core.Pod]
	exits ExitCodes
	known map[meta.UID]*kubelet.Pod
	// confirmed are the pods being deleted whose deletion the kubelet
	// has confirmed (grace period 0).
	confirmed map[meta.UID]bool
	runs      map[int]int // main container runs started per index
	// next are the exit codes of the runs started, in the step after.
	next map[*kubelet.Container]int
}

// NewKubelet returns a fake kubelet for the pods of namespace in s, whose
// main containers end as exits says.
func NewKubelet(s *Store, namespace string, exits ExitCodes) *Kubelet {
	return &Kubelet{store: s, pods: s.Pods(namespace), exits: exits,
		known: map[meta.UID]*kubelet.Pod{}, confirmed: map[meta.UID]bool{}, runs: map[int]int{}, next: map[*kubelet.Container]int{}}
}

// Step plays one round of the kubelet over the pods of its namespace, in
// name order: a pod being deleted is stopped and removed; a new pod is
// started (Pending while an init container runs, else Running); in a pod
// it started before, every container started in the previous round ends
// with its scripted exit code, and what follows starts (the next init
// container, the main containers, a restart). It returns how many pods it
// wrote, 0 once every pod has finished. A pod it cannot model (see
// kubelet.NewPod) or a write the store refuses is an error.
func (k *Kubelet) Step() (int, error) {
	list, err := k.pods.List()
	if err != nil {
		return 0, err
	}
	now := k.store.now()
	wrote := 0
	for _, p := range list.Items {
		kp := k.known[p.ObjectMeta.UID]
		if p.ObjectMeta.DeletionTimestamp != nil {
			if k.confirmed[p.ObjectMeta.UID] {
				continue // gone once its finalizers are
			}
			if kp != nil && !kp.Finished() {
				k.forget(kp.Delete(now, kubelet.ExitCodeKilled))
				if err := k.writeStatus(p, kp); err != nil {
					return wrote, err
				}
			}
			if _, err := k.pods.Delete(p.ObjectMeta.Name, GracePeriod(0)); err != nil && field.ReasonOf(err) != field.StatusReasonNotFound {
				return wrote, err
			}
			k.confirmed[p.ObjectMeta.UID] = true
			wrote++
			continue
		}
		if _, seen := k.known[p.ObjectMeta.UID]; !seen {
			if p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed {
				continue // ended by someone else
			}
			np, errs := kubelet.NewPod(p.DeepCopy(), nil)
			if len(errs) > 0 {
				return wrote, fmt.Errorf("jobtest: the kubelet cannot run pod %s/%s: %w", p.ObjectMeta.Namespace, p.ObjectMeta.Name, errs.ToAggregate())
			}
			k.known[p.ObjectMeta.UID] = np
			k.started(np.Start(now))
			if err := k.writeStatus(p, np); err != nil {
				return wrote, err
			}
			wrote++
			continue
		}
		if kp.Finished() {
			continue
		}
		var ending []*kubelet.Container
		for _, c := range kp.Containers() {
			if _, ok := k.next[c]; ok {
				ending = append(ending, c)
			}
		}
		if len(ending) == 0 {
			continue
		}
		for _, c := range ending {
			code := k.next[c]
			delete(k.next, c)
			t := kp.Exited(c, code, now)
			k.forget(t.Stop)
			k.started(t.Start)
		}
		if err := k.writeStatus(p, kp); err != nil {
			return wrote, err
		}
		wrote++
	}
	return wrote, nil
}

// started scripts the exits of the runs cs: sidecars do not end by
// themselves, init containers exit 0, main containers as the script says.
func (k *Kubelet) started(cs []*kubelet.Container) {
	for _, c := range cs {
		switch {
		case c.Sidecar():
		case c.Init():
			k.next[c] = 0
		default:
			ix := controller.CompletionIndex(c.Pod())
			n := k.runs[ix]
			k.runs[ix]++
			code := 0
			if codes := k.exits[ix]; n < len(codes) {
				code = codes[n]
			}
			k.next[c] = code
		}
	}
}

// forget drops the scripted exits of containers the kubelet stopped.
func (k *Kubelet) forget(cs []*kubelet.Container) {
	for _, c := range cs {
		delete(k.next, c)
	}
}

// writeStatus writes kp's status onto p, the pod as stored.
func (k *Kubelet) writeStatus(p *core.Pod, kp *kubelet.Pod) error {
	kp.WriteStatus(p)
	_, err := k.pods.UpdateStatus(p)
	return err
}
