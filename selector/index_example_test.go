package selector_test

import (
	"fmt"

	"github.com/jobkit/jobkit/selector"
)

func ExampleIndex() {
	jobs := selector.NewIndex[string]()
	jobs.Add("pi", selector.MustParse("batch.kubernetes.io/controller-uid=0f6bb3b2"))
	jobs.Add("web-batch", selector.MustParse("app=web,tier in (backend,frontend)"))
	jobs.Add("not-prod", selector.MustParse("env!=prod"))
	jobs.Add("nothing", selector.Nothing())

	pod := selector.Set{"batch.kubernetes.io/controller-uid": "0f6bb3b2", "app": "web", "tier": "backend"}
	fmt.Println(jobs.Matching(pod))

	jobs.Remove("pi")
	pod["env"] = "prod"
	fmt.Println(jobs.Matching(pod))
	// Output:
	// [pi web-batch not-prod]
	// [web-batch]
}
