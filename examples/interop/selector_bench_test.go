package interop

import (
	"testing"

	"github.com/jobkit/jobkit/selector"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// The benchmarks name each implementation with an "impl=" element, so
// that benchstat can put them side by side:
//
//	go test -run '^$' -bench . -benchmem -count 10 > bench.txt
//	benchstat -col /impl bench.txt

// parseCases are the selectors of issue 2's performance targets.
var parseCases = []struct {
	name string
	sel  string
}{
	{name: "job-name", sel: "job-name=myjob"},
	{name: "uid-and-job-name", sel: "controller-uid=0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11,job-name=myjob"},
	{name: "set-based", sel: "environment in (production,staging),tier notin (frontend),!legacy,app"},
}

// Typed sinks keep results alive so that the compiler cannot drop the
// work, without the allocation of storing them in an interface.
var (
	jobkitSink selector.Selector
	k8sSink    labels.Selector
	stringSink string
	countSink  int
)

func BenchmarkParse(b *testing.B) {
	for _, c := range parseCases {
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sel, err := selector.Parse(c.sel)
				if err != nil {
					b.Fatal(err)
				}
				jobkitSink = sel
			}
		})
		b.Run("case="+c.name+"/impl=apimachinery", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sel, err := labels.Parse(c.sel)
				if err != nil {
					b.Fatal(err)
				}
				k8sSink = sel
			}
		})
	}
}

// podLabels are the labels of a pod of a Job, matched by every parse case
// but the set-based one, which it fails on the last requirement checked.
var podLabels = map[string]string{
	"controller-uid":                     "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11",
	"job-name":                           "myjob",
	"batch.kubernetes.io/job-name":       "myjob",
	"batch.kubernetes.io/controller-uid": "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11",
	"environment":                        "production",
	"tier":                               "backend",
	"app":                                "web",
}

func BenchmarkMatches(b *testing.B) {
	for _, c := range parseCases {
		jsel := selector.MustParse(c.sel)
		ksel, err := labels.Parse(c.sel)
		if err != nil {
			b.Fatal(err)
		}
		jset, kset := selector.Set(podLabels), labels.Set(podLabels)
		if jsel.Matches(jset) != ksel.Matches(kset) {
			b.Fatalf("%s: the implementations disagree", c.sel)
		}
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if jsel.Matches(jset) {
					n++
				}
			}
			countSink = n
		})
		b.Run("case="+c.name+"/impl=apimachinery", func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if ksel.Matches(kset) {
					n++
				}
			}
			countSink = n
		})
	}
}

// labelSelectorCases are spec.selector values: what the Job controller
// generates, and a hand-written one with set terms.
var labelSelectorCases = []struct {
	name string
	k    *metav1.LabelSelector
	j    *selector.LabelSelector
}{
	{
		name: "match-labels-1",
		k:    &metav1.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11"}},
		j:    &selector.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11"}},
	},
	{
		name: "match-labels-2",
		k:    &metav1.LabelSelector{MatchLabels: map[string]string{"controller-uid": "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11", "job-name": "myjob"}},
		j:    &selector.LabelSelector{MatchLabels: map[string]string{"controller-uid": "0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11", "job-name": "myjob"}},
	},
	{
		name: "expressions",
		k: &metav1.LabelSelector{
			MatchLabels: map[string]string{"app": "web"},
			MatchExpressions: []metav1.LabelSelectorRequirement{
				{Key: "environment", Operator: metav1.LabelSelectorOpIn, Values: []string{"staging", "production"}},
				{Key: "tier", Operator: metav1.LabelSelectorOpNotIn, Values: []string{"frontend"}},
				{Key: "legacy", Operator: metav1.LabelSelectorOpDoesNotExist},
			},
		},
		j: &selector.LabelSelector{
			MatchLabels: map[string]string{"app": "web"},
			MatchExpressions: []selector.LabelSelectorRequirement{
				{Key: "environment", Operator: selector.LabelSelectorOpIn, Values: []string{"staging", "production"}},
				{Key: "tier", Operator: selector.LabelSelectorOpNotIn, Values: []string{"frontend"}},
				{Key: "legacy", Operator: selector.LabelSelectorOpDoesNotExist},
			},
		},
	},
}

func BenchmarkFromLabelSelector(b *testing.B) {
	for _, c := range labelSelectorCases {
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sel, err := selector.FromLabelSelector(c.j)
				if err != nil {
					b.Fatal(err)
				}
				jobkitSink = sel
			}
		})
		b.Run("case="+c.name+"/impl=apimachinery", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sel, err := metav1.LabelSelectorAsSelector(c.k)
				if err != nil {
					b.Fatal(err)
				}
				k8sSink = sel
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for _, c := range parseCases {
		jsel := selector.MustParse(c.sel)
		ksel, err := labels.Parse(c.sel)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("case="+c.name+"/impl=jobkit", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				stringSink = jsel.String()
			}
		})
		b.Run("case="+c.name+"/impl=apimachinery", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				stringSink = ksel.String()
			}
		})
	}
}
