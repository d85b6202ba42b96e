package k8sapi

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// withRV returns a copy of p at resourceVersion rv, its phase set to
// phase when not empty: a pod the informer saw change.
func withRV(p *corev1.Pod, rv string, phase corev1.PodPhase) *corev1.Pod {
	q := p.DeepCopy()
	q.ResourceVersion = rv
	if phase != "" {
		q.Status.Phase = phase
	}
	return q
}

// TestPodCacheConvertsOnlyWhatChanged runs one PodCache through a
// series of syncs of the fixture's Job and counts the conversions of
// each; every sync's decision, and the jobkit pods it was made on, are
// those of a sync without the cache.
func TestPodCacheConvertsOnlyWhatChanged(t *testing.T) {
	kj, base, _, _, now := syncFixture(t)
	var cache PodCache
	steps := []struct {
		name string
		// pods returns the pods listed at this step, given those of the
		// step before.
		pods                    func(prev []*corev1.Pod) []*corev1.Pod
		hits, misses, forgotten uint64
		held                    int
		check                   func(t *testing.T, in []*corev1.Pod, jpods []*core.Pod)
	}{
		{name: "cold: every pod converted", pods: func([]*corev1.Pod) []*corev1.Pod { return base }, misses: 100, held: 100},
		{name: "warm: the same pods, none converted", pods: func(prev []*corev1.Pod) []*corev1.Pod { return prev }, hits: 100, held: 100},
		{name: "the same pods as new objects at the same resourceVersions", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			out := make([]*corev1.Pod, len(prev))
			for i, p := range prev {
				out[i] = p.DeepCopy()
			}
			return out
		}, hits: 100, held: 100},
		{name: "stale entry: a running pod at a new resourceVersion, now failed, is reconverted", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			out := append([]*corev1.Pod(nil), prev...)
			out[50] = withRV(prev[50], "5000", corev1.PodFailed)
			return out
		}, hits: 99, misses: 1, held: 100, check: func(t *testing.T, in []*corev1.Pod, jpods []*core.Pod) {
			if jpods[50].Status.Phase != core.PodFailed || jpods[50].ObjectMeta.ResourceVersion != "5000" {
				t.Errorf("pod 50 is %s at %s, want Failed at 5000", jpods[50].Status.Phase, jpods[50].ObjectMeta.ResourceVersion)
			}
		}},
		{name: "a pod no longer listed is forgotten", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			return append(append([]*corev1.Pod(nil), prev[:30]...), prev[31:]...)
		}, hits: 99, forgotten: 1, held: 99},
		{name: "the pods in another order, one new", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			out := make([]*corev1.Pod, 0, len(prev)+1)
			for i := len(prev) - 1; i >= 0; i-- {
				out = append(out, prev[i])
			}
			p := withRV(prev[0], "6000", "")
			p.Name, p.UID = "pi-new", "uid-new"
			return append(out, p)
		}, hits: 99, misses: 1, held: 100},
		{name: "a pod without resourceVersion is converted and not kept", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			out := append([]*corev1.Pod(nil), prev...)
			out[10] = withRV(prev[10], "", "")
			return out
		}, hits: 99, misses: 1, forgotten: 1, held: 99},
		{name: "again without resourceVersion: converted again", pods: func(prev []*corev1.Pod) []*corev1.Pod { return prev }, hits: 99, misses: 1, held: 99},
		{name: "a pod listed twice is converted for its second place", pods: func(prev []*corev1.Pod) []*corev1.Pod {
			out := append([]*corev1.Pod(nil), prev...)
			out[10] = withRV(prev[11], prev[11].ResourceVersion, "")
			return out
		}, hits: 99, misses: 1, held: 99},
		{name: "back to the fixture", pods: func([]*corev1.Pod) []*corev1.Pod { return base }, hits: 97, misses: 3, forgotten: 1, held: 100},
	}
	// The steps share the cache: each starts where the one before ends.
	prev := base
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			pods := st.pods(prev)
			prev = pods
			before := cache.Stats()
			got, err := Sync(kj, pods, now, controller.Backoff{}, WithPodCache(&cache))
			if err != nil {
				t.Fatal(err)
			}
			after := cache.Stats()
			if h, m, f := after.Hits-before.Hits, after.Misses-before.Misses, after.Forgotten-before.Forgotten; h != st.hits || m != st.misses || f != st.forgotten || after.Pods != st.held {
				t.Errorf("hits %d, misses %d, forgotten %d, held %d; want %d, %d, %d, %d", h, m, f, after.Pods, st.hits, st.misses, st.forgotten, st.held)
			}
			want, err := Sync(kj, pods, now, controller.Backoff{})
			if err != nil {
				t.Fatal(err)
			}
			compareDecisions(t, want, got, pods)
			if st.check != nil {
				st.check(t, pods, got.Jobkit.Input.Pods)
			}
		})
	}
}

// compareDecisions reports the differences between the decision of a
// sync without a cache (want) and with one (got), on the pods in.
func compareDecisions(t *testing.T, want, got Decision, in []*corev1.Pod) {
	t.Helper()
	if diff := cmp.Diff(want.Jobkit.Input.Pods, got.Jobkit.Input.Pods); diff != "" {
		t.Errorf("jobkit pods (-uncached +cached):\n%s", diff)
	}
	if diff := cmp.Diff(want.Status, got.Status); diff != "" {
		t.Errorf("status (-uncached +cached):\n%s", diff)
	}
	if diff := cmp.Diff(want.Create, got.Create); diff != "" {
		t.Errorf("pods to create (-uncached +cached):\n%s", diff)
	}
	if want.UpdateStatus != got.UpdateStatus || want.RequeueAfter != got.RequeueAfter || want.Skipped != got.Skipped {
		t.Errorf("decision differs: cached %v %v %q, uncached %v %v %q", got.UpdateStatus, got.RequeueAfter, got.Skipped, want.UpdateStatus, want.RequeueAfter, want.Skipped)
	}
	// The pods to act on are the very inputs, in both.
	for _, l := range []struct {
		name      string
		want, got []*corev1.Pod
	}{{"Adopt", want.Adopt, got.Adopt}, {"Release", want.Release, got.Release}, {"Delete", want.Delete, got.Delete}, {"RemoveFinalizer", want.RemoveFinalizer, got.RemoveFinalizer}} {
		if len(l.want) != len(l.got) {
			t.Errorf("%s: %d pods cached, %d uncached", l.name, len(l.got), len(l.want))
			continue
		}
		for i := range l.want {
			if l.want[i] != l.got[i] {
				t.Errorf("%s[%d]: cached %s, uncached %s (not the same input)", l.name, i, l.got[i].Name, l.want[i].Name)
			}
		}
	}
}

// TestPodCacheJobs checks how a PodCache keeps the pods of several Jobs
// apart and when it drops them.
func TestPodCacheJobs(t *testing.T) {
	kj, pods, _, _, now := syncFixture(t)
	other := kj.DeepCopy()
	other.UID = "other-job"
	finished := kj.DeepCopy()
	finished.UID = "finished-job"
	finished.Status.Conditions = append(finished.Status.Conditions, batchv1.JobCondition{Type: batchv1.JobComplete, Status: corev1.ConditionTrue})
	tests := []struct {
		name string
		run  func(t *testing.T, c *PodCache)
		want PodCacheStats
	}{
		{"two Jobs keep their pods apart", func(t *testing.T, c *PodCache) {
			for range 2 {
				mustSync(t, kj, pods[:60], now, c)
				mustSync(t, other, pods[60:], now, c)
			}
		}, PodCacheStats{Hits: 100, Misses: 100, Pods: 100}},
		{"Forget drops a Job's pods, and only its", func(t *testing.T, c *PodCache) {
			mustSync(t, kj, pods[:60], now, c)
			mustSync(t, other, pods[60:], now, c)
			c.Forget(other.UID)
			c.Forget("no-such-job")
			mustSync(t, kj, pods[:60], now, c)
		}, PodCacheStats{Hits: 60, Misses: 100, Forgotten: 40, Pods: 60}},
		{"a finished Job's pods are dropped", func(t *testing.T, c *PodCache) {
			d := mustSync(t, finished, pods, now, c)
			if d.Skipped != controller.AlreadyFinished {
				t.Fatalf("Skipped %q, want AlreadyFinished", d.Skipped)
			}
		}, PodCacheStats{Misses: 100, Forgotten: 100}},
		{"no pods", func(t *testing.T, c *PodCache) {
			mustSync(t, kj, nil, now, c)
		}, PodCacheStats{}},
		{"a nil cache is none", func(t *testing.T, c *PodCache) {
			if _, err := Sync(kj, pods, now, controller.Backoff{}, WithPodCache(nil)); err != nil {
				t.Fatal(err)
			}
		}, PodCacheStats{}},
		{"a nil pod is an error, with the cache too", func(t *testing.T, c *PodCache) {
			if _, err := Sync(kj, []*corev1.Pod{pods[0], nil}, now, controller.Backoff{}, WithPodCache(c)); err == nil {
				t.Fatal("no error")
			}
		}, PodCacheStats{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c PodCache
			tt.run(t, &c)
			if diff := cmp.Diff(tt.want, c.Stats()); diff != "" {
				t.Errorf("stats (-want +got):\n%s", diff)
			}
		})
	}
}

func mustSync(t *testing.T, job *batchv1.Job, pods []*corev1.Pod, now time.Time, c *PodCache) Decision {
	t.Helper()
	d, err := Sync(job, pods, now, controller.Backoff{}, WithPodCache(c))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPodCacheRandomPods fills pods at random, as the round-trip tests
// do, and changes, adds and drops some of them between rounds: the
// cache's conversion of every pod is the uncached conversion
// (PodFromAPI's), and it converts exactly the new and changed pods.
func TestPodCacheRandomPods(t *testing.T) {
	rounds, size := 40, 50
	if testing.Short() {
		rounds = 10
	}
	seed := time.Now().UnixNano()
	if s := os.Getenv("K8SAPI_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	t.Logf("seed %d (set K8SAPI_SEED to repeat)", seed)
	f := apiFiller(seed)
	r := rand.New(rand.NewPCG(uint64(seed), 0))
	rv := 0
	newPod := func(uid string) *corev1.Pod {
		p := new(corev1.Pod)
		f.Fill(p)
		rv++
		p.ObjectMeta = metav1.ObjectMeta{Name: uid, UID: types.UID(uid), ResourceVersion: fmt.Sprint(rv), Labels: p.Labels, Annotations: p.Annotations, OwnerReferences: p.OwnerReferences, Finalizers: p.Finalizers}
		return p
	}
	var c PodCache
	var pods []*corev1.Pod
	next := 0
	for round := range rounds {
		converted := 0
		// Change some, drop some, add some.
		var cur []*corev1.Pod
		for _, p := range pods {
			switch r.IntN(10) {
			case 0: // dropped
			case 1, 2: // changed
				q := newPod(string(p.UID))
				cur = append(cur, q)
				converted++
			default:
				cur = append(cur, p)
			}
		}
		for len(cur) < size {
			next++
			cur = append(cur, newPod(fmt.Sprintf("pod-%d", next)))
			converted++
		}
		pods = cur
		before := c.Stats()
		var s scope
		got := c.convertPods("job", pods, &s)
		if err := s.err(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		after := c.Stats()
		if m, h := after.Misses-before.Misses, after.Hits-before.Hits; m != uint64(converted) || h != uint64(len(pods)-converted) || after.Pods != len(pods) {
			t.Errorf("round %d: %d converted, %d hits, %d held; want %d, %d, %d", round, m, h, after.Pods, converted, len(pods)-converted, len(pods))
		}
		for i, p := range pods {
			want, err := PodFromAPI(p)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got[i]); diff != "" {
				t.Fatalf("round %d, pod %s: cached conversion differs (-uncached +cached):\n%s", round, p.UID, diff)
			}
		}
	}
}

// TestPodCacheConcurrentSyncs runs syncs of several Jobs on one cache
// from several goroutines (go test -race checks the locking).
func TestPodCacheConcurrentSyncs(t *testing.T) {
	kj, pods, _, _, now := syncFixture(t)
	var c PodCache
	var wg sync.WaitGroup
	for w := range 4 {
		job := kj.DeepCopy()
		job.UID = types.UID(fmt.Sprintf("job-%d", w))
		wg.Go(func() {
			for range 5 {
				if _, err := Sync(job, pods, now, controller.Backoff{}, WithPodCache(&c)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if st := c.Stats(); st.Misses != 400 || st.Hits != 1600 || st.Pods != 400 {
		t.Errorf("stats %+v, want 400 misses, 1600 hits, 400 held", st)
	}
}
