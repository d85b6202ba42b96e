package core_test

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// Build a Job's pod template with resource requests and limits, a
// readiness and a liveness probe, and a sidecar, then print it as the API
// would carry it.
func Example() {
	always := core.ContainerRestartPolicyAlways
	tmpl := core.PodTemplateSpec{
		ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"app": "pi"}},
		Spec: core.PodSpec{
			RestartPolicy: core.RestartPolicyNever,
			InitContainers: []core.Container{{
				Name:          "log-shipper",
				Image:         "fluent/fluent-bit:3.0",
				RestartPolicy: &always, // a sidecar: runs as long as the pod
			}},
			Containers: []core.Container{{
				Name:    "pi",
				Image:   "perl:5.34.0",
				Command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"},
				Ports:   []core.ContainerPort{{Name: "metrics", ContainerPort: 9090}},
				Resources: core.ResourceRequirements{
					Requests: core.ResourceList{
						core.ResourceCPU:    resource.MustParse("0.5"), // stored as 500m
						core.ResourceMemory: resource.MustParse("128Mi"),
					},
					Limits: core.ResourceList{
						core.ResourceMemory: resource.MustParse("256Mi"),
					},
				},
				ReadinessProbe: &core.Probe{
					ProbeHandler: core.ProbeHandler{
						HTTPGet: &core.HTTPGetAction{Path: "/ready", Port: core.FromString("metrics")},
					},
					PeriodSeconds: 5,
				},
				LivenessProbe: &core.Probe{
					ProbeHandler: core.ProbeHandler{
						Exec: &core.ExecAction{Command: []string{"test", "-e", "/tmp/alive"}},
					},
					InitialDelaySeconds: 10,
					FailureThreshold:    3,
				},
			}},
		},
	}
	out, err := json.MarshalIndent(&tmpl, "", "  ")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(out))
	// Output:
	// {
	//   "metadata": {
	//     "labels": {
	//       "app": "pi"
	//     }
	//   },
	//   "spec": {
	//     "initContainers": [
	//       {
	//         "name": "log-shipper",
	//         "image": "fluent/fluent-bit:3.0",
	//         "resources": {},
	//         "restartPolicy": "Always"
	//       }
	//     ],
	//     "containers": [
	//       {
	//         "name": "pi",
	//         "image": "perl:5.34.0",
	//         "command": [
	//           "perl",
	//           "-Mbignum=bpi",
	//           "-wle",
	//           "print bpi(2000)"
	//         ],
	//         "ports": [
	//           {
	//             "name": "metrics",
	//             "containerPort": 9090
	//           }
	//         ],
	//         "resources": {
	//           "limits": {
	//             "memory": "256Mi"
	//           },
	//           "requests": {
	//             "cpu": "500m",
	//             "memory": "128Mi"
	//           }
	//         },
	//         "livenessProbe": {
	//           "exec": {
	//             "command": [
	//               "test",
	//               "-e",
	//               "/tmp/alive"
	//             ]
	//           },
	//           "initialDelaySeconds": 10,
	//           "failureThreshold": 3
	//         },
	//         "readinessProbe": {
	//           "httpGet": {
	//             "path": "/ready",
	//             "port": "metrics"
	//           },
	//           "periodSeconds": 5
	//         }
	//       }
	//     ],
	//     "restartPolicy": "Never"
	//   }
	// }
}
