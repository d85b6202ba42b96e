package jobtest_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/jobkit/jobkit/jobapi/jobtest"
)

func BenchmarkCreate(b *testing.B) {
	b.Run("Job", func(b *testing.B) {
		b.ReportAllocs()
		jobs := newStore().Jobs("ns")
		fixture := jobtest.Job("", jobtest.Indexed(5), jobtest.Parallelism(2), jobtest.Labels(map[string]string{"app": "pi"}))
		for i := 0; b.Loop(); i++ {
			fixture.ObjectMeta.Name = "pi-" + strconv.Itoa(i)
			if _, _, err := jobs.Create(fixture); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Pod", func(b *testing.B) {
		b.ReportAllocs()
		pods := newStore().Pods("ns")
		fixture := jobtest.Pod("", jobtest.Index(0), jobtest.Labels(map[string]string{"app": "pi"}))
		for i := 0; b.Loop(); i++ {
			fixture.ObjectMeta.Name = "pi-" + strconv.Itoa(i)
			if _, _, err := pods.Create(fixture); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// podStore returns a store with n pods in namespace ns, half of them
// labelled app=pi.
func podStore(b *testing.B, n int) *jobtest.Store {
	s := newStore()
	for i := range n {
		app := "pi"
		if i%2 == 1 {
			app = "other"
		}
		if _, _, err := s.Pods("ns").Create(jobtest.Pod("p-"+strconv.Itoa(i), jobtest.Labels(map[string]string{"app": app}))); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

func BenchmarkGet(b *testing.B) {
	for _, n := range []int{1, 1000} {
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			pods := podStore(b, n).Pods("ns")
			for b.Loop() {
				if _, err := pods.Get("p-0"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUpdate(b *testing.B) {
	b.ReportAllocs()
	jobs := newStore().Jobs("ns")
	job := mustCreateB(b, jobs, jobtest.Job("pi", jobtest.Indexed(5), jobtest.Parallelism(2)))
	for i := 0; b.Loop(); i++ {
		setLabel(&job.ObjectMeta, "round", strconv.Itoa(i))
		var err error
		if job, err = jobs.Update(job); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkList(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			pods := podStore(b, n).Pods("ns")
			for b.Loop() {
				l, err := pods.List(jobtest.MatchingLabels("app=pi"))
				if err != nil || len(l.Items) != (n+1)/2 {
					b.Fatalf("%d items, %v", len(l.Items), err)
				}
			}
		})
	}
}

func mustCreateB[T jobtest.Object](b *testing.B, r *jobtest.Resource[T], obj *T) *T {
	b.Helper()
	got, _, err := r.Create(obj)
	if err != nil {
		b.Fatal(err)
	}
	return got
}
