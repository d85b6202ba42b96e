package selector_test

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

func ExampleParse() {
	s, err := selector.Parse("tier notin (frontend), environment in (staging,production), !legacy, app")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Requirements print sorted by key, values sorted: what kubectl shows.
	fmt.Println(s.String())

	_, err = selector.Parse("replicas gt 2")
	fmt.Println(err)
	// Output:
	// app,environment in (production,staging),!legacy,tier notin (frontend)
	// invalid selector "replicas gt 2" at byte 9: found 'gt' after the key 'replicas', expected one of '=', '==', '!=', 'in', 'notin', '>', '<', or ',' or the end of the selector to require only that the key exists; write '>' instead of 'gt'
}

func ExampleSelector_Matches() {
	s := selector.MustParse("app=web,tier!=db,replicas>2")
	pods := []selector.Set{
		{"app": "web", "replicas": "3"},
		{"app": "web", "tier": "db", "replicas": "3"},
		{"app": "web", "replicas": "two"},
	}
	for _, labels := range pods {
		fmt.Printf("%-30s %v\n", labels, s.Matches(labels))
	}
	// The zero Selector, like a nil *LabelSelector, selects nothing.
	var unset selector.Selector
	fmt.Println(unset.Matches(selector.Set{}), selector.Everything().Matches(selector.Set{}))
	// Output:
	// app=web,replicas=3             true
	// app=web,replicas=3,tier=db     false
	// app=web,replicas=two           false
	// false true
}

func ExampleFromLabelSelector() {
	ls := &selector.LabelSelector{
		MatchLabels: map[string]string{"batch.kubernetes.io/job-name": "pi"},
		MatchExpressions: []selector.LabelSelectorRequirement{
			{Key: "tier", Operator: selector.LabelSelectorOpIn, Values: []string{"batch", "compute"}},
		},
	}
	s, err := selector.FromLabelSelector(ls)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.String())
	fmt.Println(s.Matches(selector.Set{"batch.kubernetes.io/job-name": "pi", "tier": "batch"}))

	bad := &selector.LabelSelector{
		MatchExpressions: []selector.LabelSelectorRequirement{{Key: "tier", Operator: selector.LabelSelectorOpExists, Values: []string{"batch"}}},
	}
	for _, e := range selector.ValidateLabelSelector(bad, selector.LabelSelectorValidationOptions{}, field.NewPath("spec", "selector")) {
		fmt.Println(e)
	}
	// Output:
	// batch.kubernetes.io/job-name=pi,tier in (batch,compute)
	// true
	// spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'
}
