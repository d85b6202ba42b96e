package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// TestPatchPod pins the three patch types of the API server's PATCH on a
// pod: RFC 7386 merge patch (lists replaced), RFC 6902 JSON patch
// (evanphx/json-patch v4), and strategic merge patch with k8s.io/api's
// merge keys (containers and env by name, ports by containerPort,
// finalizers as a set) and directives.
func TestPatchPod(t *testing.T) {
	base := func() *core.Pod {
		return jobtest.Pod("p",
			jobtest.Labels(map[string]string{"app": "x", "tier": "a"}),
			jobtest.Finalizers("example.com/a"),
			jobtest.WithContainer(jobtest.Container("main", "busybox", jobtest.Env("A", "1"), jobtest.Env("B", "2"))),
			jobtest.Sidecar(jobtest.Container("log", "busybox")),
		)
	}
	type view struct {
		Labels     map[string]string
		Finalizers []string
		Images     map[string]string
		Env        []string
		InitCount  int
	}
	see := func(p *core.Pod) view {
		v := view{Labels: p.ObjectMeta.Labels, Finalizers: p.ObjectMeta.Finalizers, Images: map[string]string{}, InitCount: len(p.Spec.InitContainers)}
		for _, c := range p.Spec.Containers {
			v.Images[c.Name] = c.Image
			if c.Name == "main" {
				for _, e := range c.Env {
					v.Env = append(v.Env, e.Name+"="+e.Value)
				}
			}
		}
		return v
	}
	tests := []struct {
		name  string
		pt    jobtest.PatchType
		patch string
		want  view
	}{
		{"merge: a label removed, one added", jobtest.MergePatchType, `{"metadata":{"labels":{"tier":null,"new":"y"}}}`,
			view{Labels: map[string]string{"app": "x", "new": "y"}, Finalizers: []string{"example.com/a"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"merge: a list is replaced", jobtest.MergePatchType, `{"metadata":{"finalizers":["example.com/b"]}}`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Finalizers: []string{"example.com/b"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"json patch: replace an image, remove a finalizer", jobtest.JSONPatchType,
			`[{"op":"test","path":"/spec/containers/0/name","value":"main"},{"op":"replace","path":"/spec/containers/0/image","value":"alpine"},{"op":"remove","path":"/metadata/finalizers/0"}]`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Images: map[string]string{"main": "alpine"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"json patch: \"-\" and -1 (counted from the end of the longer list) both append", jobtest.JSONPatchType,
			`[{"op":"add","path":"/metadata/finalizers/-","value":"example.com/c"},{"op":"add","path":"/metadata/finalizers/-1","value":"example.com/d"}]`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Finalizers: []string{"example.com/a", "example.com/c", "example.com/d"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"strategic: containers merged by name", jobtest.StrategicMergePatchType,
			`{"spec":{"containers":[{"name":"main","image":"alpine"}],"initContainers":[{"name":"log","image":"alpine"}]}}`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Finalizers: []string{"example.com/a"}, Images: map[string]string{"main": "alpine"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"strategic: finalizers merged as a set, one deleted", jobtest.StrategicMergePatchType,
			`{"metadata":{"finalizers":["example.com/b"],"$deleteFromPrimitiveList/finalizers":["example.com/a"]}}`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Finalizers: []string{"example.com/b"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"strategic: $setElementOrder", jobtest.StrategicMergePatchType,
			`{"metadata":{"$setElementOrder/finalizers":["example.com/b","example.com/a"],"finalizers":["example.com/b"]}}`,
			view{Labels: map[string]string{"app": "x", "tier": "a"}, Finalizers: []string{"example.com/b", "example.com/a"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
		{"strategic: $patch replace of the labels", jobtest.StrategicMergePatchType,
			`{"metadata":{"labels":{"$patch":"replace","only":"me"}}}`,
			view{Labels: map[string]string{"only": "me"}, Finalizers: []string{"example.com/a"}, Images: map[string]string{"main": "busybox"}, Env: []string{"A=1", "B=2"}, InitCount: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pods := newStore().Pods("ns")
			mustCreate(t, pods, base())
			got, err := pods.Patch("p", tt.pt, []byte(tt.patch))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, see(got)); diff != "" {
				t.Errorf("patched pod (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(got, must(pods.Get("p"))); diff != "" {
				t.Errorf("Get after Patch (-patched +got):\n%s", diff)
			}
		})
	}
}

// TestPatchStatus pins PATCH on `/status`: only the status of the result
// is kept; pod conditions merge by type.
func TestPatchStatus(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	mustCreate(t, pods, jobtest.Pod("p"))
	got, err := pods.PatchStatus("p", jobtest.StrategicMergePatchType, []byte(`{"metadata":{"labels":{"ignored":"yes"}},"status":{"phase":"Running","conditions":[{"type":"Ready","status":"False"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.Phase != core.PodRunning || len(got.Status.Conditions) != 1 || got.ObjectMeta.Labels["ignored"] != "" {
		t.Errorf("status patch: phase %q, conditions %v, labels %v", got.Status.Phase, got.Status.Conditions, got.ObjectMeta.Labels)
	}
	got, err = pods.PatchStatus("p", jobtest.StrategicMergePatchType, []byte(`{"status":{"conditions":[{"type":"Ready","status":"True"},{"type":"PodScheduled","status":"True"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var conds []string
	for _, c := range got.Status.Conditions {
		conds = append(conds, string(c.Type)+"="+string(c.Status))
	}
	if diff := cmp.Diff([]string{"Ready=True", "PodScheduled=True"}, conds); diff != "" {
		t.Errorf("conditions merged by type (-want +got):\n%s", diff)
	}
	jobs := s.Jobs("ns")
	mustCreate(t, jobs, jobtest.Job("pi"))
	j, err := jobs.PatchStatus("pi", jobtest.MergePatchType, []byte(`{"spec":{"parallelism":5},"status":{"active":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if j.Status.Active != 1 || *j.Spec.Parallelism != 1 {
		t.Errorf("Job status patch: active %d, parallelism %d", j.Status.Active, *j.Spec.Parallelism)
	}
}

// TestPatchErrors pins the Status errors of PATCH as the API server's
// patch handler returns them.
func TestPatchErrors(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	mustCreate(t, pods, jobtest.Pod("p"))
	tests := []struct {
		name   string
		pt     jobtest.PatchType
		patch  string
		code   int32
		reason field.StatusReason
		msg    string
	}{
		{"a missing object", jobtest.MergePatchType, `{}`, 404, field.StatusReasonNotFound, `pods "nope" not found`},
		{"merge patch that is not JSON", jobtest.MergePatchType, `{`, 400, field.StatusReasonBadRequest, "Invalid JSON Patch"},
		{"json patch that does not apply", jobtest.JSONPatchType, `[{"op":"remove","path":"/spec/nodeName"}]`, 422, field.StatusReasonInvalid, "the server rejected our request due to an error in our request"},
		{"a failed test", jobtest.JSONPatchType, `[{"op":"test","path":"/metadata/name","value":"q"}]`, 422, field.StatusReasonInvalid, "the server rejected our request due to an error in our request"},
		{"a bad $deleteFromPrimitiveList", jobtest.StrategicMergePatchType, `{"metadata":{"$deleteFromPrimitiveListfinalizers":["a"]}}`, 400, field.StatusReasonBadRequest, "invalid patch format of primitive list"},
		{"an element without its merge key", jobtest.StrategicMergePatchType, `{"spec":{"containers":[{"image":"x"}]}}`, 500, "", "map: map[image:x] does not contain declared merge key: name"},
		{"an immutable field", jobtest.MergePatchType, `{"spec":{"restartPolicy":"OnFailure"}}`, 422, field.StatusReasonInvalid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "p"
			if tt.reason == field.StatusReasonNotFound {
				name = "nope"
			}
			_, err := pods.Patch(name, tt.pt, []byte(tt.patch))
			se, ok := err.(*field.StatusError)
			if !ok {
				t.Fatalf("error %v (%T), want a *field.StatusError", err, err)
			}
			got := field.Status{Code: se.ErrStatus.Code, Reason: se.ErrStatus.Reason, Message: se.ErrStatus.Message}
			want := field.Status{Code: tt.code, Reason: tt.reason, Message: tt.msg}
			if tt.msg == "" {
				got.Message = ""
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Status (-want +got):\n%s", diff)
			}
		})
	}
}
