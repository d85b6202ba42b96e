package selector

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/jobapi/field"
)

// benchSizes are the numbers of requirements benchmarks run at.
var benchSizes = []int{1, 4, 16, 64}

// benchSelector returns a selector string of n requirements mixing every
// operator, and a label set that every requirement holds for.
func benchSelector(n int) (string, Set) {
	reqs := make([]string, n)
	labels := Set{}
	for i := range reqs {
		k := fmt.Sprintf("example.com/key-%03d", i)
		switch i % 6 {
		case 0:
			reqs[i] = k + "=value-" + strconv.Itoa(i)
			labels[k] = "value-" + strconv.Itoa(i)
		case 1:
			reqs[i] = k + " in (a,b,c)"
			labels[k] = "b"
		case 2:
			reqs[i] = k + " notin (a,b)"
			labels[k] = "c"
		case 3:
			reqs[i] = k
			labels[k] = ""
		case 4:
			reqs[i] = "!" + k
		case 5:
			reqs[i] = k + ">10"
			labels[k] = "11"
		}
	}
	return strings.Join(reqs, ","), labels
}

var (
	benchSink    Selector
	benchBool    bool
	benchStrSink string
)

func BenchmarkParse(b *testing.B) {
	for _, n := range benchSizes {
		in, _ := benchSelector(n)
		b.Run("requirements="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				s, err := Parse(in)
				if err != nil {
					b.Fatal(err)
				}
				benchSink = s
			}
		})
	}
}

func BenchmarkMatches(b *testing.B) {
	for _, n := range benchSizes {
		in, labels := benchSelector(n)
		s := MustParse(in)
		if !s.Matches(labels) {
			b.Fatalf("%q does not match %v", in, labels)
		}
		b.Run("requirements="+strconv.Itoa(n)+"/labels=Set", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				benchBool = s.Matches(labels)
			}
		})
		b.Run("requirements="+strconv.Itoa(n)+"/labels=any", func(b *testing.B) {
			b.ReportAllocs()
			l := hasGet(labels)
			for b.Loop() {
				benchBool = s.Matches(l)
			}
		})
	}
}

func BenchmarkFromLabelSelector(b *testing.B) {
	for _, n := range benchSizes {
		ls := &LabelSelector{MatchLabels: map[string]string{}}
		for i := range n {
			k := fmt.Sprintf("example.com/key-%03d", i)
			if i%2 == 0 {
				ls.MatchLabels[k] = "value-" + strconv.Itoa(i)
			} else {
				ls.MatchExpressions = append(ls.MatchExpressions, LabelSelectorRequirement{Key: k, Operator: LabelSelectorOpIn, Values: []string{"b", "a"}})
			}
		}
		b.Run("requirements="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := FromLabelSelector(ls)
				if err != nil {
					b.Fatal(err)
				}
				benchSink = s
			}
		})
	}
}

// lsSink keeps BenchmarkLabelSelectorDeepCopy's copies alive.
var lsSink *LabelSelector

func BenchmarkLabelSelectorDeepCopy(b *testing.B) {
	for _, c := range []struct {
		name string
		ls   *LabelSelector
	}{
		{"job", &LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f"}}},
		{"one-term", &LabelSelector{
			MatchLabels:      map[string]string{"app": "web"},
			MatchExpressions: []LabelSelectorRequirement{{Key: "tier", Operator: LabelSelectorOpIn, Values: []string{"frontend"}}},
		}},
		{"three-terms", &LabelSelector{
			MatchExpressions: []LabelSelectorRequirement{
				{Key: "env", Operator: LabelSelectorOpIn, Values: []string{"production", "staging"}},
				{Key: "tier", Operator: LabelSelectorOpNotIn, Values: []string{"frontend"}},
				{Key: "legacy", Operator: LabelSelectorOpDoesNotExist},
			},
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lsSink = c.ls.DeepCopy()
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for _, n := range benchSizes {
		in, _ := benchSelector(n)
		s := MustParse(in)
		b.Run("requirements="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				benchStrSink = s.String()
			}
		})
	}
}

// BenchmarkValidateLabels measures the label-map check every object's
// metadata and every selector's matchLabels pass through: free when the
// map is valid, one error per problem when it is not.
func BenchmarkValidateLabels(b *testing.B) {
	valid := map[string]string{
		"app":                          "web",
		"batch.kubernetes.io/job-name": "pi",
		"controller-uid":               "0d9c4f5e-3b7a-4c1e-9f2a-6e8d1b2c3a4f",
		"example.com/tier":             "",
	}
	invalid := map[string]string{"app": "-web", "Example.com/tier": "db"}
	path := field.NewPath("metadata", "labels")
	for _, bc := range []struct {
		name   string
		labels map[string]string
	}{{"valid", valid}, {"invalid", invalid}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = ValidateLabels(bc.labels, path)
			}
		})
	}
}
