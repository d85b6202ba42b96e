package jobtest_test

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/resource"
)

// A Job whose pod template has a container with resources, env, a port, a
// readiness probe and a volume. The options leave to defaulting what the
// API server sets (the port's protocol, the probe's scheme and timing, the
// field's API version).
func ExampleContainer() {
	worker := jobtest.Container("worker", "busybox:1.36",
		jobtest.Command("sh", "-c", "httpd -f -p 8080"),
		jobtest.Requests(core.ResourceList{core.ResourceCPU: resource.MustParse("100m"), core.ResourceMemory: resource.MustParse("64Mi")}),
		jobtest.Limits(core.ResourceList{core.ResourceMemory: resource.MustParse("128Mi")}),
		jobtest.EnvFromField("POD_NAME", "metadata.name"),
		jobtest.Port("http", 8080),
		jobtest.ReadinessProbe(jobtest.HTTPGetProbe("/", core.FromString("http")), jobtest.ProbePeriod(5)),
		jobtest.VolumeMount("scratch", "/scratch"),
	)
	job := jobtest.Job("web",
		jobtest.Containers(worker),
		jobtest.EmptyDirVolume("scratch"),
	)
	out, err := json.MarshalIndent(job, "", "  ")
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	// Output:
	// {
	//   "kind": "Job",
	//   "apiVersion": "batch/v1",
	//   "metadata": {
	//     "name": "web"
	//   },
	//   "spec": {
	//     "template": {
	//       "metadata": {},
	//       "spec": {
	//         "volumes": [
	//           {
	//             "name": "scratch",
	//             "emptyDir": {}
	//           }
	//         ],
	//         "containers": [
	//           {
	//             "name": "worker",
	//             "image": "busybox:1.36",
	//             "command": [
	//               "sh",
	//               "-c",
	//               "httpd -f -p 8080"
	//             ],
	//             "ports": [
	//               {
	//                 "name": "http",
	//                 "containerPort": 8080
	//               }
	//             ],
	//             "env": [
	//               {
	//                 "name": "POD_NAME",
	//                 "valueFrom": {
	//                   "fieldRef": {
	//                     "fieldPath": "metadata.name"
	//                   }
	//                 }
	//               }
	//             ],
	//             "resources": {
	//               "limits": {
	//                 "memory": "128Mi"
	//               },
	//               "requests": {
	//                 "cpu": "100m",
	//                 "memory": "64Mi"
	//               }
	//             },
	//             "volumeMounts": [
	//               {
	//                 "name": "scratch",
	//                 "mountPath": "/scratch"
	//               }
	//             ],
	//             "readinessProbe": {
	//               "httpGet": {
	//                 "path": "/",
	//                 "port": "http"
	//               },
	//               "periodSeconds": 5
	//             }
	//           }
	//         ],
	//         "restartPolicy": "Never"
	//       }
	//     }
	//   },
	//   "status": {}
	// }
}
