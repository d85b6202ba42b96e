package jobtest_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// patchSeeds are the seed corpus of the patch fuzz targets: a pod
// document and patches of each type, directives included.
var patchSeeds = []struct {
	pt    byte
	patch string
}{
	{0, `{"metadata":{"labels":{"a":null,"b":"c"}}}`},
	{0, `[1,null]`},
	{0, `{"spec":{"containers":null}}`},
	{1, `[{"op":"add","path":"/metadata/finalizers/-","value":"x"}]`},
	{1, `[{"op":"move","from":"/spec/containers/0","path":"/spec/initContainers/-1"}]`},
	{1, `[{"op":"test","path":"","value":{}},{"op":"replace","path":"","value":[1]}]`},
	{1, `[{"op":"copy","from":"/metadata","path":"/status/x"},{"op":"remove","path":"/metadata/labels/app"}]`},
	{2, `{"spec":{"containers":[{"name":"main","env":[{"name":"A","$patch":"delete"},{"name":"B","value":"2"}]}]}}`},
	{2, `{"metadata":{"$setElementOrder/finalizers":["b","a"],"finalizers":["b"],"$deleteFromPrimitiveList/finalizers":["c"]}}`},
	{2, `{"spec":{"volumes":[{"name":"v","emptyDir":{},"$retainKeys":["name","emptyDir"]}],"containers":[{"$patch":"replace"}]}}`},
	{2, `{"metadata":{"labels":{"$patch":"delete"},"annotations":{"$patch":"replace","x":"y"}}}`},
	{2, `{"spec":{"containers":[{"image":"no-name"}]},"status":{"conditions":[[1]]}}`},
}

const fuzzPodDoc = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"app":"x"},"finalizers":["a","c"]},` +
	`"spec":{"containers":[{"name":"main","image":"busybox","env":[{"name":"A","value":"1"}],"ports":[{"containerPort":80}]}],` +
	`"volumes":[{"name":"v","configMap":{"name":"c"}}]},"status":{"conditions":[{"type":"Ready","status":"True"}]}}`

// FuzzPatchJSON runs the patch appliers on arbitrary documents and
// patches: they never panic, and what they return is JSON. A merge patch
// applied twice gives what it gave once (RFC 7386 patches are idempotent).
func FuzzPatchJSON(f *testing.F) {
	for _, s := range patchSeeds {
		f.Add([]byte(fuzzPodDoc), s.pt, []byte(s.patch))
	}
	types := []jobtest.PatchType{jobtest.MergePatchType, jobtest.JSONPatchType, jobtest.StrategicMergePatchType}
	f.Fuzz(func(t *testing.T, doc []byte, pt byte, patch []byte) {
		if len(doc) > 1<<14 || len(patch) > 1<<14 {
			return
		}
		typ := types[int(pt)%len(types)]
		out, err := jobtest.PatchJSON[core.Pod](doc, typ, patch)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("%s gave invalid JSON %q", typ, out)
		}
		if typ != jobtest.MergePatchType || !bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
			return
		}
		again, err := jobtest.PatchJSON[core.Pod](out, typ, patch)
		if err != nil {
			t.Fatalf("a merge patch that applied once fails the second time: %v", err)
		}
		var a, b any
		_ = json.Unmarshal(out, &a)
		_ = json.Unmarshal(again, &b)
		if ja, jb := mustMarshal(a), mustMarshal(b); !bytes.Equal(ja, jb) {
			t.Fatalf("merge patch not idempotent:\nonce:  %s\ntwice: %s", ja, jb)
		}
	})
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
