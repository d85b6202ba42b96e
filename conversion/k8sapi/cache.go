package k8sapi

import (
	"sync"

	"github.com/jobkit/jobkit/jobapi/core"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
)

// PodCache keeps, between syncs, the jobkit conversions of the pods that
// [Sync] was given, so that a sync converts only the pods that are new or
// changed since the previous sync of the same Job. Pass it to Sync with
// [WithPodCache]. It relies on what informers guarantee: an object of a
// given UID and resourceVersion never changes (a change gets a new
// resourceVersion). Pods with no UID or no resourceVersion (objects built
// by hand, not read from an API server) are converted at every sync and
// not kept.
//
// One PodCache serves a whole controller, as one controller.Expectations
// does: it keeps the pods of each Job apart, by the Job's UID. At each
// sync of a Job it forgets the pods of that Job no longer listed, and
// when the Job is finished (Sync skips it as AlreadyFinished) all of its
// pods. Call [PodCache.Forget] when a Job is deleted.
//
// The zero value is empty and ready to use. A PodCache must not be copied
// once used. It is safe for concurrent use by several workers; a
// workqueue already never syncs one Job in two workers at once.
//
// The jobkit pods it holds are shared between the syncs that find them
// (they are in the Jobkit decision of each, and in its Input): like an
// informer's objects, they must not be changed.
type PodCache struct {
	mu    sync.Mutex
	jobs  map[types.UID]*jobPods
	stats PodCacheStats
}

// PodCacheStats counts what a PodCache did since it was made.
type PodCacheStats struct {
	// Hits counts the pods a sync found converted already, at the
	// resourceVersion it was given.
	Hits uint64
	// Misses counts the pods a sync converted: new, changed (another
	// resourceVersion), given twice in one sync, or without a UID or
	// resourceVersion.
	Misses uint64
	// Forgotten counts the pods dropped: no longer listed for their Job,
	// of a finished Job, or of a Job given to Forget.
	Forgotten uint64
	// Pods is the number of pods held now.
	Pods int
}

// jobPods are the cached pods of one Job.
type jobPods struct {
	pods map[types.UID]*cachedPod
	gen  uint64 // the number of syncs of the Job that used the cache
}

// cachedPod is the conversion of a pod at one resourceVersion. pod is
// never changed once stored: a new resourceVersion gets a new cachedPod.
type cachedPod struct {
	rv   string
	pod  *core.Pod
	seen uint64 // the last sync (jobPods.gen) that listed it
}

// Stats returns what c did so far and how many pods it holds.
func (c *PodCache) Stats() PodCacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stats
	for _, jp := range c.jobs {
		st.Pods += len(jp.pods)
	}
	return st
}

// Forget drops the pods of the Job jobUID: call it when the Job is
// deleted (from the Job informer's delete handler), as
// controller.Expectations.Forget.
func (c *PodCache) Forget(jobUID types.UID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forget(jobUID)
}

func (c *PodCache) forget(jobUID types.UID) {
	if jp, ok := c.jobs[jobUID]; ok {
		c.stats.Forgotten += uint64(len(jp.pods))
		delete(c.jobs, jobUID)
	}
}

// convertPods returns the jobkit conversions of pods, the Job jobUID's,
// in their order: those cached at the same UID and resourceVersion as
// they are, the others converted (and kept when they can be). It forgets
// the Job's cached pods that pods does not list. A conversion failure is
// recorded in s, and the failed pod is not kept. Every pod is not nil.
func (c *PodCache) convertPods(jobUID types.UID, pods []*corev1.Pod, s *scope) []*core.Pod {
	out := make([]*core.Pod, len(pods))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.jobs == nil {
		c.jobs = make(map[types.UID]*jobPods)
	}
	jp := c.jobs[jobUID]
	if jp == nil {
		jp = &jobPods{pods: make(map[types.UID]*cachedPod, len(pods))}
		c.jobs[jobUID] = jp
	}
	jp.gen++
	listed := 0 // cached pods this sync lists
	for i, p := range pods {
		uid, rv := p.UID, p.ResourceVersion
		e := jp.pods[uid]
		if e != nil && e.seen == jp.gen {
			// Listed twice: each input gets a jobkit pod of its own,
			// so that Sync maps its decision back to the right one.
			out[i] = convertPod(p, s)
			c.stats.Misses++
			continue
		}
		if e != nil && e.rv == rv && rv != "" && uid != "" {
			e.seen = jp.gen
			listed++
			out[i] = e.pod
			c.stats.Hits++
			continue
		}
		errs := len(s.errs)
		out[i] = convertPod(p, s)
		c.stats.Misses++
		if uid == "" || rv == "" || len(s.errs) > errs {
			if e != nil {
				delete(jp.pods, uid)
				c.stats.Forgotten++
			}
			continue
		}
		if e == nil {
			e = new(cachedPod)
			jp.pods[uid] = e
		}
		*e = cachedPod{rv: rv, pod: out[i], seen: jp.gen}
		listed++
	}
	if listed < len(jp.pods) {
		for uid, e := range jp.pods {
			if e.seen != jp.gen {
				delete(jp.pods, uid)
				c.stats.Forgotten++
			}
		}
	}
	return out
}

// convertPod converts p into a new jobkit pod.
func convertPod(p *corev1.Pod, s *scope) *core.Pod {
	out := new(core.Pod)
	convert_corev1_Pod_To_core_Pod(p, out, s, nil)
	return out
}
