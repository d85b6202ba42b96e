package k8sapi

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

// The benchmarks compare, on the same objects in the same run, the
// generated conversion, the JSON glue it replaces (encoding/json of the
// k8s.io/api object and jobkit's typed decoding of the text, and back),
// and k8s.io/api's own DeepCopy. Run them with
//
//	go test -run '^$' -bench . -benchmem -count 6 | tee new.txt
//	benchstat new.txt

func BenchmarkConvert(b *testing.B) {
	objects := []struct {
		name string
		api  any // *batchv1.Job or *corev1.Pod
	}{
		{"Job=kubectl", readFixture[batchv1.Job](b, "kubectl-job.json")},
		{"Job=every-field", readFixture[batchv1.Job](b, "batch.v1.Job.json")},
		{"Pod=every-field", readFixture[corev1.Pod](b, "core.v1.Pod.json")},
	}
	for _, o := range objects {
		switch in := o.api.(type) {
		case *batchv1.Job:
			j, err := JobFromAPI(in)
			if err != nil {
				b.Fatal(err)
			}
			benchPair(b, o.name, in, j, JobFromAPI, JobToAPI, in.DeepCopy)
		case *corev1.Pod:
			p, err := PodFromAPI(in)
			if err != nil {
				b.Fatal(err)
			}
			benchPair(b, o.name, in, p, PodFromAPI, PodToAPI, in.DeepCopy)
		}
	}
}

func benchPair[K, J any](b *testing.B, name string, k *K, j *J, from func(*K) (*J, error), to func(*J) (*K, error), deepCopy func() *K) {
	b.Run(name+"/FromAPI=converter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := from(k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/FromAPI=JSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, err := json.Marshal(k)
			if err != nil {
				b.Fatal(err)
			}
			out := new(J)
			if err := json.Unmarshal(data, out); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The two halves of the JSON glue, to tell what bounds the ratio of
	// converter to glue: the converter builds the same objects DeepCopy
	// does, so it can be no faster than about DeepCopy.
	kdata, err := json.Marshal(k)
	if err != nil {
		b.Fatal(err)
	}
	jdata, err := json.Marshal(j)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(name+"/FromAPI=JSON-encode-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/FromAPI=JSON-decode-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := json.Unmarshal(kdata, new(J)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/ToAPI=JSON-encode-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/ToAPI=JSON-decode-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := json.Unmarshal(jdata, new(K)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/ToAPI=converter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := to(j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/ToAPI=JSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, err := json.Marshal(j)
			if err != nil {
				b.Fatal(err)
			}
			out := new(K)
			if err := json.Unmarshal(data, out); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(name+"/DeepCopy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = deepCopy()
		}
	})
}

// syncFixture returns the kubectl Job as the API server stores it
// (selector and labels generated) and its 100 pods as the Job
// controller created them, 80 running and ready, 10 succeeded and 10
// failed, in both type trees. Each pod has a UID and a resourceVersion,
// as an informer's have.
func syncFixture(tb testing.TB) (*batchv1.Job, []*corev1.Pod, *jobapi.Job, []*core.Pod, time.Time) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	j, err := JobFromAPI(readFixture[batchv1.Job](tb, "kubectl-job.json"))
	if err != nil {
		tb.Fatal(err)
	}
	j.Spec.BackoffLimit = ptrTo(int32(100))
	if _, err := jobapi.PrepareForCreate(j, jobapi.WithUID("0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1"), jobapi.WithCreationTime(t0)); err != nil {
		tb.Fatal(err)
	}
	j.Status.StartTime = &meta.Time{Time: t0}
	d := controller.Sync(j, nil, t0, controller.Backoff{})
	if len(d.Create) != 100 {
		tb.Fatalf("%d pods created, want 100", len(d.Create))
	}
	j.Status = d.Status
	pods := d.Create
	for i, p := range pods {
		p.ObjectMeta.Name = fmt.Sprintf("pi-%05d", i)
		p.ObjectMeta.UID = meta.UID(fmt.Sprintf("uid-%05d", i))
		p.ObjectMeta.ResourceVersion = fmt.Sprint(1000 + i)
		p.ObjectMeta.CreationTimestamp = meta.Time{Time: t0}
		p.Spec.NodeName = "node-1"
		switch {
		case i < 10:
			p.Status.Phase = core.PodSucceeded
		case i < 20:
			p.Status.Phase = core.PodFailed
		default:
			p.Status.Phase = core.PodRunning
			p.Status.Conditions = []core.PodCondition{{Type: core.PodReady, Status: core.ConditionTrue}}
		}
	}
	kj, err := JobToAPI(j)
	if err != nil {
		tb.Fatal(err)
	}
	kpods := make([]*corev1.Pod, len(pods))
	for i, p := range pods {
		if kpods[i], err = PodToAPI(p); err != nil {
			tb.Fatal(err)
		}
	}
	// The jobkit side starts from what the bridge reads, so that both
	// sides sync the very same objects.
	if j, err = JobFromAPI(kj); err != nil {
		tb.Fatal(err)
	}
	for i := range kpods {
		if pods[i], err = PodFromAPI(kpods[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return kj, kpods, j, pods, t0.Add(time.Minute)
}

// BenchmarkSync compares, on the same Job and 100 pods, controller.Sync
// on jobkit types and Sync through the bridge: converting every pod at
// every sync, with a warm PodCache (the same pods as the sync before), and
// with a PodCache and one pod changed since the sync before.
func BenchmarkSync(b *testing.B) {
	kj, kpods, j, pods, now := syncFixture(b)
	b.Run("pods=100/jobkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			d := controller.Sync(j, pods, now, controller.Backoff{})
			if !d.UpdateStatus {
				b.Fatal("no status update")
			}
		}
	})
	b.Run("pods=100/bridge=no-cache", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			d, err := Sync(kj, kpods, now, controller.Backoff{})
			if err != nil || !d.UpdateStatus {
				b.Fatal(err, d.UpdateStatus)
			}
		}
	})
	b.Run("pods=100/bridge=cache-warm", func(b *testing.B) {
		var cache PodCache
		if _, err := Sync(kj, kpods, now, controller.Backoff{}, WithPodCache(&cache)); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			d, err := Sync(kj, kpods, now, controller.Backoff{}, WithPodCache(&cache))
			if err != nil || !d.UpdateStatus {
				b.Fatal(err, d.UpdateStatus)
			}
		}
		if st := cache.Stats(); st.Misses != 100 {
			b.Fatalf("%d pods converted, want the first sync's 100", st.Misses)
		}
	})
	b.Run("pods=100/bridge=cache-1-changed", func(b *testing.B) {
		// Pod 50 alternates between two resourceVersions, as if it
		// changed before every sync.
		versions := [2][]*corev1.Pod{kpods, append([]*corev1.Pod(nil), kpods...)}
		changed := kpods[50].DeepCopy()
		changed.ResourceVersion = "9999"
		versions[1][50] = changed
		var cache PodCache
		if _, err := Sync(kj, kpods, now, controller.Backoff{}, WithPodCache(&cache)); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n++
			d, err := Sync(kj, versions[n%2], now, controller.Backoff{}, WithPodCache(&cache))
			if err != nil || !d.UpdateStatus {
				b.Fatal(err, d.UpdateStatus)
			}
		}
		if st := cache.Stats(); st.Misses != uint64(100+n) {
			b.Fatalf("%d pods converted in %d syncs, want 100 + 1 a sync", st.Misses, n)
		}
	})
}
