package jobapi_test

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// A pod as kubectl prints it decodes straight into core.Pod, every
// core/v1 field typed (here the container's resources and the pod's
// tolerations); a member a newer Kubernetes adds is kept and written back.
func Example_unknownMembersSurvive() {
	in := `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"pi-0"},
	        "spec":{"containers":[{"name":"pi","image":"perl","resources":{"limits":{"cpu":"1"}}}],
	                "tolerations":[{"operator":"Exists"}],"x-future":{"on":true}}}`
	var pod core.Pod
	if err := json.Unmarshal([]byte(in), &pod); err != nil {
		panic(err)
	}
	pod.Spec.Containers[0].Image = "perl:5.34.0"
	fmt.Println(pod.Spec.Containers[0].Resources.Limits.Cpu(), pod.Spec.Tolerations[0].Operator, string(pod.Spec.Unknown["x-future"]))
	out, _ := json.Marshal(pod)
	fmt.Println(string(out))
	// Output:
	// 1 Exists {"on":true}
	// {"kind":"Pod","apiVersion":"v1","metadata":{"name":"pi-0"},"spec":{"containers":[{"name":"pi","image":"perl:5.34.0","resources":{"limits":{"cpu":"1"}}}],"tolerations":[{"operator":"Exists"}],"x-future":{"on":true}},"status":{}}
}

// Decoding errors name the field, in the API conventions' wording; every
// error is reported.
func ExampleJob_UnmarshalJSON() {
	var job jobapi.Job
	err := json.Unmarshal([]byte(`{"spec":{"completions":"many","parallelism":4294967296}}`), &job)
	for _, e := range field.AsErrorList(err) {
		fmt.Println(e)
	}
	// Output:
	// spec.completions: Invalid value: "many": must be an integer
	// spec.parallelism: Invalid value: 4294967296: must be less than or equal to 2147483647
}
