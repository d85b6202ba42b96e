package interop

// Decode and Encode of a real `kubectl get job -o yaml` manifest, compared
// between jobkit (conversion.Decode / conversion.Encode) and k8s.io/api's
// batch/v1 types with sigs.k8s.io/yaml. The benchmarks of the same
// operations are in codec_bench_test.go.

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
)

// kubectlIndexedJob is what `kubectl get job -o yaml` prints for a failed
// Indexed Job with a podFailurePolicy, tolerations, resources, a
// downwardAPI volume and full status (the same manifest as
// conversion/testdata/kubectl-indexed.yaml).
const kubectlIndexedJob = `apiVersion: batch/v1
kind: Job
metadata:
  annotations:
    batch.kubernetes.io/job-tracking: ""
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"batch/v1","kind":"Job","metadata":{"annotations":{},"name":"indexed-render","namespace":"batch-demo"},"spec":{"backoffLimitPerIndex":2,"completionMode":"Indexed","completions":3,"maxFailedIndexes":1,"parallelism":2,"podFailurePolicy":{"rules":[{"action":"FailJob","onExitCodes":{"containerName":"render","operator":"In","values":[42]}},{"action":"Ignore","onPodConditions":[{"type":"DisruptionTarget"}]}]},"template":{"spec":{"containers":[{"command":["sh","-c","echo rendering frame $JOB_COMPLETION_INDEX; cat /etc/podinfo/labels"],"env":[{"name":"NODE_NAME","valueFrom":{"fieldRef":{"fieldPath":"spec.nodeName"}}}],"image":"busybox:1.36","name":"render","resources":{"limits":{"cpu":"500m","memory":"128Mi"},"requests":{"cpu":"250m","memory":"64Mi"}},"volumeMounts":[{"mountPath":"/etc/podinfo","name":"podinfo","readOnly":true}]}],"restartPolicy":"Never","tolerations":[{"effect":"NoSchedule","key":"dedicated","operator":"Equal","value":"batch"},{"effect":"NoExecute","key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":300}],"volumes":[{"downwardAPI":{"items":[{"fieldRef":{"fieldPath":"metadata.labels"},"path":"labels"},{"fieldRef":{"fieldPath":"metadata.annotations['batch.kubernetes.io/job-completion-index']"},"path":"index"}]},"name":"podinfo"}]}}}}
  creationTimestamp: "2025-03-14T09:26:53Z"
  generation: 1
  labels:
    batch.kubernetes.io/controller-uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
    batch.kubernetes.io/job-name: indexed-render
    controller-uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
    job-name: indexed-render
  managedFields:
  - apiVersion: batch/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
      f:spec:
        f:backoffLimitPerIndex: {}
        f:completionMode: {}
        f:completions: {}
        f:manualSelector: {}
        f:maxFailedIndexes: {}
        f:parallelism: {}
        f:podFailurePolicy:
          .: {}
          f:rules: {}
        f:podReplacementPolicy: {}
        f:suspend: {}
        f:template:
          f:spec:
            f:containers:
              k:{"name":"render"}:
                .: {}
                f:command: {}
                f:env:
                  .: {}
                  k:{"name":"NODE_NAME"}:
                    .: {}
                    f:name: {}
                    f:valueFrom:
                      .: {}
                      f:fieldRef: {}
                f:image: {}
                f:imagePullPolicy: {}
                f:name: {}
                f:resources:
                  .: {}
                  f:limits:
                    .: {}
                    f:cpu: {}
                    f:memory: {}
                  f:requests:
                    .: {}
                    f:cpu: {}
                    f:memory: {}
                f:terminationMessagePath: {}
                f:terminationMessagePolicy: {}
                f:volumeMounts:
                  .: {}
                  k:{"mountPath":"/etc/podinfo"}:
                    .: {}
                    f:mountPath: {}
                    f:name: {}
                    f:readOnly: {}
            f:dnsPolicy: {}
            f:restartPolicy: {}
            f:schedulerName: {}
            f:securityContext: {}
            f:terminationGracePeriodSeconds: {}
            f:tolerations: {}
            f:volumes:
              .: {}
              k:{"name":"podinfo"}:
                .: {}
                f:downwardAPI:
                  .: {}
                  f:defaultMode: {}
                  f:items: {}
                f:name: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2025-03-14T09:26:53Z"
  - apiVersion: batch/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:status:
        f:completedIndexes: {}
        f:completionTime: {}
        f:conditions: {}
        f:failedIndexes: {}
        f:ready: {}
        f:startTime: {}
        f:succeeded: {}
        f:terminating: {}
        f:uncountedTerminatedPods: {}
    manager: kube-controller-manager
    operation: Update
    subresource: status
    time: "2025-03-14T09:27:31Z"
  name: indexed-render
  namespace: batch-demo
  resourceVersion: "184467"
  uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
spec:
  backoffLimit: 2147483647
  backoffLimitPerIndex: 2
  completionMode: Indexed
  completions: 3
  manualSelector: false
  maxFailedIndexes: 1
  parallelism: 2
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: render
        operator: In
        values:
        - 42
    - action: Ignore
      onPodConditions:
      - status: "True"
        type: DisruptionTarget
  podReplacementPolicy: Failed
  selector:
    matchLabels:
      batch.kubernetes.io/controller-uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
  suspend: false
  template:
    metadata:
      labels:
        batch.kubernetes.io/controller-uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
        batch.kubernetes.io/job-name: indexed-render
        controller-uid: 5f3c9a2e-8b1d-4c7e-9f60-2a4b8c1d3e5f
        job-name: indexed-render
    spec:
      containers:
      - command:
        - sh
        - -c
        - echo rendering frame $JOB_COMPLETION_INDEX; cat /etc/podinfo/labels
        env:
        - name: NODE_NAME
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: spec.nodeName
        image: busybox:1.36
        imagePullPolicy: IfNotPresent
        name: render
        resources:
          limits:
            cpu: 500m
            memory: 128Mi
          requests:
            cpu: 250m
            memory: 64Mi
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
        volumeMounts:
        - mountPath: /etc/podinfo
          name: podinfo
          readOnly: true
      dnsPolicy: ClusterFirst
      restartPolicy: Never
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
      tolerations:
      - effect: NoSchedule
        key: dedicated
        operator: Equal
        value: batch
      - effect: NoExecute
        key: node.kubernetes.io/not-ready
        operator: Exists
        tolerationSeconds: 300
      volumes:
      - downwardAPI:
          defaultMode: 420
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.labels
            path: labels
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.annotations['batch.kubernetes.io/job-completion-index']
            path: index
        name: podinfo
status:
  completedIndexes: 0,2
  completionTime: "2025-03-14T09:27:31Z"
  conditions:
  - lastProbeTime: "2025-03-14T09:27:31Z"
    lastTransitionTime: "2025-03-14T09:27:31Z"
    message: Job has failed indexes
    reason: FailedIndexes
    status: "True"
    type: FailureTarget
  - lastProbeTime: "2025-03-14T09:27:31Z"
    lastTransitionTime: "2025-03-14T09:27:31Z"
    message: Job has failed indexes
    reason: FailedIndexes
    status: "True"
    type: Failed
  failed: 3
  failedIndexes: "1"
  ready: 0
  startTime: "2025-03-14T09:26:53Z"
  succeeded: 2
  terminating: 0
  uncountedTerminatedPods: {}
`

// TestConversionAgreesWithK8sAPI: decoding the manifest and encoding it
// back gives the same document with jobkit as with k8s.io/api, and both
// give back the input (kubectl's output is fully defaulted, so jobkit's
// defaults add nothing).
func TestConversionAgreesWithK8sAPI(t *testing.T) {
	job, err := conversion.Decode([]byte(kubectlIndexedJob))
	if err != nil {
		t.Fatal(err)
	}
	jobkitOut, err := conversion.Encode(job, "batch/v1")
	if err != nil {
		t.Fatal(err)
	}
	var k8sJob batchv1.Job
	if err := yaml.Unmarshal([]byte(kubectlIndexedJob), &k8sJob); err != nil {
		t.Fatal(err)
	}
	k8sOut, err := yaml.Marshal(&k8sJob)
	if err != nil {
		t.Fatal(err)
	}
	in := plainValue(t, []byte(kubectlIndexedJob))
	if diff := cmp.Diff(in, plainValue(t, k8sOut)); diff != "" {
		t.Errorf("k8s.io/api changed the manifest (-in +out):\n%s", diff)
	}
	if diff := cmp.Diff(in, plainValue(t, jobkitOut)); diff != "" {
		t.Errorf("jobkit changed the manifest (-in +out):\n%s", diff)
	}
	if diff := cmp.Diff(string(k8sOut), string(jobkitOut)); diff != "" {
		t.Errorf("the YAML differs (-k8s.io/api +jobkit):\n%s", diff)
	}
}

// plainValue decodes YAML into maps, lists and scalars.
func plainValue(t *testing.T, data []byte) any {
	t.Helper()
	j, err := yaml.YAMLToJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(j, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
