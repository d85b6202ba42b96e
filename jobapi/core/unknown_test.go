package core_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TestUnknownMembersAreKept decodes a template holding members a newer
// Kubernetes could add, at several depths and next to inline structs, and
// checks each lands in the Unknown of the object that holds it and is
// written back unchanged.
func TestUnknownMembersAreKept(t *testing.T) {
	const in = `{
	  "metadata": {"name": "t"},
	  "spec": {
	    "containers": [{
	      "name": "c",
	      "resources": {},
	      "futureContainerField": {"a": [1, 2]},
	      "livenessProbe": {"exec": {"command": ["true"]}, "futureProbeHandler": {"x": 1}},
	      "env": [{"name": "E", "valueFrom": {"configMapKeyRef": {"name": "cm", "key": "k", "futureRef": true}}}]
	    }],
	    "volumes": [
	      {"name": "v", "futureVolumeSource": {"size": "1Gi"}},
	      {"name": "w", "configMap": {"name": "cm", "futureConfigMapField": "x"}}
	    ],
	    "futurePodField": "on"
	  },
	  "futureTemplateField": null
	}`
	var tmpl core.PodTemplateSpec
	if err := json.Unmarshal([]byte(in), &tmpl); err != nil {
		t.Fatal(err)
	}
	got := map[string]meta.Unknown{
		"template":        tmpl.Unknown,
		"spec":            tmpl.Spec.Unknown,
		"container":       tmpl.Spec.Containers[0].Unknown,
		"probe":           tmpl.Spec.Containers[0].LivenessProbe.Unknown,
		"configMapKeyRef": tmpl.Spec.Containers[0].Env[0].ValueFrom.ConfigMapKeyRef.Unknown,
		"volume v":        tmpl.Spec.Volumes[0].Unknown,
		"configMap":       tmpl.Spec.Volumes[1].ConfigMap.Unknown,
	}
	want := map[string]meta.Unknown{
		"template":        {"futureTemplateField": meta.RawJSON(`null`)},
		"spec":            {"futurePodField": meta.RawJSON(`"on"`)},
		"container":       {"futureContainerField": meta.RawJSON(`{"a":[1,2]}`)},
		"probe":           {"futureProbeHandler": meta.RawJSON(`{"x":1}`)},
		"configMapKeyRef": {"futureRef": meta.RawJSON(`true`)},
		"volume v":        {"futureVolumeSource": meta.RawJSON(`{"size":"1Gi"}`)},
		"configMap":       {"futureConfigMapField": meta.RawJSON(`"x"`)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Unknown members (-want +got):\n%s", diff)
	}
	out, err := json.Marshal(&tmpl)
	if err != nil {
		t.Fatal(err)
	}
	if !meta.RawJSON(out).Equal(meta.RawJSON(in)) {
		t.Errorf("encoding lost or changed members:\n%s", jsonDiff(t, []byte(in), out))
	}
}
