package downward_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func readPod(t testing.TB) *core.Pod {
	t.Helper()
	data, err := os.ReadFile("testdata/pod.yaml")
	require.NoError(t, err)
	var pod core.Pod
	require.NoError(t, yaml.Unmarshal(data, &pod))
	return &pod
}

// TestResolveMatchesTheKubelet resolves every path on a pod and compares
// with what the kubelet exposes for that pod: the fields as they are, the
// whole maps written by the kubelet's own algorithm, the IP lists joined
// with ",".
func TestResolveMatchesTheKubelet(t *testing.T) {
	pod := readPod(t)
	tests := []struct {
		name string
		path string
		want string
	}{
		{name: "name", path: "metadata.name", want: "say-fruit-1-x7k2p"},
		{name: "namespace", path: "metadata.namespace", want: "work"},
		{name: "uid", path: "metadata.uid", want: "2b7e0f1c-6d41-4a4a-9c57-3f1e0b5a9d21"},
		{name: "node name", path: "spec.nodeName", want: "node-a"},
		{name: "legacy spec.host", path: "spec.host", want: "node-a"},
		{name: "service account", path: "spec.serviceAccountName", want: "runner"},
		{name: "pod IP", path: "status.podIP", want: "10.244.1.9"},
		{name: "pod IPs joined by commas", path: "status.podIPs", want: "10.244.1.9,fd00:10:244:1::9"},
		{name: "host IP", path: "status.hostIP", want: "10.0.0.7"},
		{name: "host IPs joined by commas", path: "status.hostIPs", want: "10.0.0.7,fd00::7"},
		{name: "completion index annotation", path: "metadata.annotations['batch.kubernetes.io/job-completion-index']", want: "1"},
		{name: "annotation with a newline and quotes", path: "metadata.annotations['example.com/note']", want: "line one\nsay \"hi\" = \\o/ tab\there"},
		{name: "annotation lookup keeps the key's case", path: "metadata.annotations['Example.com/Mixed']", want: "café ☃"},
		{name: "annotation lookup is case-sensitive", path: "metadata.annotations['example.com/mixed']", want: ""},
		{name: "missing label is empty", path: "metadata.labels['tier']", want: ""},
		{name: "label", path: "metadata.labels['job-name']", want: "say-fruit"},
		{name: "whole labels", path: "metadata.labels", want: kubeletFormatMap(pod.ObjectMeta.Labels)},
		{name: "whole annotations", path: "metadata.annotations", want: kubeletFormatMap(pod.ObjectMeta.Annotations)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := downward.Resolve(fieldpath.MustParse(tt.path), pod)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Resolve(%s) (-want +got):\n%s", tt.path, diff)
			}
		})
	}
}

func TestResolveAnnotationsFile(t *testing.T) {
	got, err := downward.Resolve(fieldpath.MustParse("metadata.annotations"), readPod(t))
	require.NoError(t, err)
	want := `Example.com/Mixed="café ☃"` + "\n" +
		`batch.kubernetes.io/job-completion-index="1"` + "\n" +
		`example.com/note="line one\nsay \"hi\" = \\o/ tab\there"`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("annotations file (-want +got):\n%s", diff)
	}
}

func TestResolveEdgeCases(t *testing.T) {
	tests := []struct {
		name    string
		pod     *core.Pod
		path    string
		opts    []downward.ResolveOption
		want    string
		wantErr string
	}{
		{name: "nil pod", pod: nil, path: "metadata.name", wantErr: "must not be nil"},
		{name: "empty pod name", pod: &core.Pod{}, path: "metadata.name", want: ""},
		{name: "no labels is the empty file", pod: &core.Pod{}, path: "metadata.labels", want: ""},
		{name: "missing key is empty by default", pod: &core.Pod{}, path: "metadata.annotations['a']", want: ""},
		{name: "missing key is an error when strict", pod: &core.Pod{}, path: "metadata.annotations['a']", opts: []downward.ResolveOption{downward.Strict()}, wantErr: "the pod has no annotation 'a'"},
		{name: "missing label is an error when strict", pod: &core.Pod{}, path: "metadata.labels['a']", opts: []downward.ResolveOption{downward.Strict()}, wantErr: "the pod has no label 'a'"},
		{
			name: "present empty value is not missing when strict",
			pod:  &core.Pod{ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"a": ""}}},
			path: "metadata.labels['a']", opts: []downward.ResolveOption{downward.Strict()}, want: "",
		},
		{name: "pod IP from the list only", pod: &core.Pod{Status: core.PodStatus{PodIPs: []core.PodIP{{IP: "fd00::1"}, {IP: "10.0.0.1"}}}}, path: "status.podIP", want: "fd00::1"},
		{name: "pod IPs from the single address only", pod: &core.Pod{Status: core.PodStatus{PodIP: "10.0.0.1"}}, path: "status.podIPs", want: "10.0.0.1"},
		{name: "host IP from the list only", pod: &core.Pod{Status: core.PodStatus{HostIPs: []core.HostIP{{IP: "10.0.0.2"}}}}, path: "status.hostIP", want: "10.0.0.2"},
		{name: "host IPs from the single address only", pod: &core.Pod{Status: core.PodStatus{HostIP: "10.0.0.2"}}, path: "status.hostIPs", want: "10.0.0.2"},
		{name: "unscheduled pod has no IPs", pod: &core.Pod{}, path: "status.podIPs", want: ""},
		{name: "phase is not exposed", pod: &core.Pod{Status: core.PodStatus{Phase: core.PodRunning}}, path: "status.phase", wantErr: "does not expose"},
		{name: "restart policy is not exposed", pod: &core.Pod{}, path: "spec.restartPolicy", wantErr: "does not expose"},
		{name: "scheduler name is not exposed", pod: &core.Pod{}, path: "spec.schedulerName", wantErr: "does not expose"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := downward.Resolve(fieldpath.MustParse(tt.path), tt.pod, tt.opts...)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Resolve (-want +got):\n%s", diff)
			}
		})
	}
	_, err := downward.Resolve(fieldpath.Path{}, &core.Pod{})
	require.ErrorContains(t, err, "must not be empty")
}

func TestResolveWholeMapRoundTrips(t *testing.T) {
	pod := readPod(t)
	for _, p := range []string{"metadata.labels", "metadata.annotations"} {
		file, err := downward.Resolve(fieldpath.MustParse(p), pod)
		require.NoError(t, err)
		got, err := downward.ReadMap(strings.NewReader(file))
		require.NoError(t, err)
		want := pod.ObjectMeta.Labels
		if p == "metadata.annotations" {
			want = pod.ObjectMeta.Annotations
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s read back (-want +got):\n%s", p, diff)
		}
	}
}
