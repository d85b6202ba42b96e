package core_test

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/core"
)

// A pod template as a user writes it, defaulted as the API server stores
// it: the image without a tag is pulled Always, the probe gets its
// timings, the volume without a source becomes an emptyDir.
func ExampleSetDefaultsPodTemplateSpec() {
	var tmpl core.PodTemplateSpec
	manifest := `{"spec":{"restartPolicy":"Never","volumes":[{"name":"scratch"}],
		"containers":[{"name":"pi","image":"perl","readinessProbe":{"httpGet":{"port":8080}}}]}}`
	if err := json.Unmarshal([]byte(manifest), &tmpl); err != nil {
		fmt.Println(err)
		return
	}
	core.SetDefaultsPodTemplateSpec(&tmpl)
	c := tmpl.Spec.Containers[0]
	p := c.ReadinessProbe
	fmt.Println("imagePullPolicy:", c.ImagePullPolicy)
	fmt.Println("probe:", p.HTTPGet.Scheme, p.HTTPGet.Path, p.TimeoutSeconds, p.PeriodSeconds, p.SuccessThreshold, p.FailureThreshold)
	fmt.Println("emptyDir:", tmpl.Spec.Volumes[0].EmptyDir != nil)
	fmt.Println("dnsPolicy:", tmpl.Spec.DNSPolicy, "schedulerName:", tmpl.Spec.SchedulerName)
	// Output:
	// imagePullPolicy: Always
	// probe: HTTP / 1 10 1 3
	// emptyDir: true
	// dnsPolicy: ClusterFirst schedulerName: default-scheduler
}
