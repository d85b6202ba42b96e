package parity

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/core"
)

// jobkitStored is jobkit's answer for the same manifest.
func jobkitStored(data []byte) ([]byte, error) {
	job, err := conversion.Decode(data)
	if err != nil {
		return nil, err
	}
	core.DropDisabledTemplateFields(&job.Spec.Template, nil)
	return conversion.EncodeJSON(job, "batch/v1")
}

// TestDefaultsParityGeneratedJobs compares the stored form of Jobs
// whose pod templates are generated over every field of k8s.io/api's
// PodTemplateSpec.
func TestDefaultsParityGeneratedJobs(t *testing.T) {
	const seed, n = 20261123, 3000
	g := newTemplateGen(seed)
	var compared, differing int
	for i := range n {
		job := batchv1.Job{
			TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("job-%d", i), Namespace: "default"},
			Spec:       batchv1.JobSpec{Template: g.template()},
		}
		data, err := json.Marshal(&job)
		if err != nil {
			t.Fatal(err)
		}
		want, err := kubeStored(data)
		if err != nil {
			t.Fatalf("template %d: Kubernetes: %v", i, err)
		}
		got, err := jobkitStored(data)
		if err != nil {
			t.Errorf("template %d: jobkit rejects what Kubernetes stores: %v\n%s", i, err, data)
			differing++
			continue
		}
		compared++
		if d := cmp.Diff(normalizeStored(t, want), normalizeStored(t, got)); d != "" {
			differing++
			if differing <= 5 {
				t.Errorf("template %d: stored Job differs (-kubernetes +jobkit):\n%s\ninput: %s", i, d, data)
			}
		}
	}
	t.Logf("seed %d: %d generated Jobs compared, %d differ", seed, compared, differing)
	if differing > 0 {
		t.Errorf("%d of %d generated Jobs differ", differing, n)
	}
}

// TestDefaultsParityManifests compares hand-written manifests that hit
// each default's edge: what a user set is kept, images Kubernetes cannot
// parse, sidecars, hostNetwork.
func TestDefaultsParityManifests(t *testing.T) {
	manifests := map[string]string{
		"minimal": `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"spec":{"containers":[{"name":"pi","image":"perl:5.34.0","command":["perl"]}],"restartPolicy":"Never"}}}}`,
		"deprecated serviceAccount and init container annotations": `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{
			"metadata":{"annotations":{"pod.beta.kubernetes.io/init-containers":"[]","pod.alpha.kubernetes.io/init-container-statuses":"[]","keep":"x"}},
			"spec":{"serviceAccount":"old","restartPolicy":"Never","containers":[{"name":"pi","image":"perl"}]}}}}`,
		"serviceAccountName wins over serviceAccount": `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{
			"spec":{"serviceAccount":"old","serviceAccountName":"new","restartPolicy":"Never","containers":[{"name":"pi","image":"perl"}]}}}}`,
		"user values kept": `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"spec":{
			"dnsPolicy":"Default","schedulerName":"mine","terminationGracePeriodSeconds":0,"securityContext":{"runAsUser":0},"restartPolicy":"OnFailure",
			"containers":[{"name":"pi","image":"busybox","imagePullPolicy":"Never","terminationMessagePath":"/x","terminationMessagePolicy":"FallbackToLogsOnError",
			"ports":[{"containerPort":80,"protocol":"UDP"}],
			"livenessProbe":{"httpGet":{"port":80,"path":"/h","scheme":"HTTPS"},"timeoutSeconds":5,"periodSeconds":6,"successThreshold":1,"failureThreshold":8,"initialDelaySeconds":0}}],
			"volumes":[{"name":"s","secret":{"secretName":"s","defaultMode":256}},{"name":"h","hostPath":{"path":"/x","type":"Directory"}}]}}}}`,
		"sidecar, hostNetwork, empty volume, quantities": `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"spec":{"hostNetwork":true,"restartPolicy":"Never",
			"initContainers":[{"name":"log","image":"fluentbit:latest","restartPolicy":"Always","ports":[{"containerPort":2020}],"resources":{"limits":{"cpu":"0.5","memory":"1000m"}}}],
			"containers":[{"name":"main","image":"registry:5000/app","resources":{"limits":{"cpu":"1n"},"requests":{"memory":1}},
			"env":[{"name":"A","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}},{"name":"B","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu"}}}],
			"readinessProbe":{"grpc":{"port":9000}},"lifecycle":{"preStop":{"httpGet":{"port":80}},"stopSignal":"SIGTERM"}}],
			"volumes":[{"name":"e"},{"name":"p","projected":{"sources":[{"serviceAccountToken":{"path":"t"}},{"downwardAPI":{"items":[{"path":"n","fieldRef":{"fieldPath":"metadata.name"}}]}},{"clusterTrustBundle":{"path":"b","name":"x"}}]}},
			{"name":"c","ephemeral":{"volumeClaimTemplate":{"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}}},
			{"name":"i","image":{"reference":"busybox@sha256:` + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" + `"}}]}}}}`,
	}
	for name, m := range manifests {
		t.Run(name, func(t *testing.T) {
			data := []byte(m)
			want, err := kubeStored(data)
			if err != nil {
				t.Fatalf("Kubernetes: %v", err)
			}
			got, err := jobkitStored(data)
			if err != nil {
				t.Fatalf("jobkit: %v", err)
			}
			if d := cmp.Diff(normalizeStored(t, want), normalizeStored(t, got)); d != "" {
				t.Errorf("stored Job differs (-kubernetes +jobkit):\n%s", d)
			}
		})
	}
}
