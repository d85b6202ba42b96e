package parity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// The repository-manifest tests run manifests people wrote, not generated
// ones, through both libraries: every YAML and JSON file that Kubernetes
// ships in its own module (k8s.io/kubernetes v1.36: the e2e testing
// manifests, kubectl's fixtures, hack/testdata, cluster add-ons, kubeadm's
// static pods, the scheduler benchmarks' templates) and k8s.io/api's
// every-field fixtures of the kinds that hold a pod template.
//
// Two comparisons:
//   - the streams, read as kubectl reads `-f` (apimachinery's
//     YAMLOrJSONDecoder, sigs.k8s.io/yaml per document) and by
//     conversion.DecodeAll: the same documents, in the same order, with
//     the same JSON;
//   - every pod template in them (a Pod's own metadata and spec, a
//     workload's spec.template, a CronJob's spec.jobTemplate), put in a
//     batch/v1 Job, as written and with its restartPolicy made one a Job
//     allows: the create path of both sides (createTally: stored Job,
//     verdict, unknown-field warnings), and the codec: JSON and YAML
//     written byte for byte as encoding/json and sigs.k8s.io/yaml write
//     k8s.io/api's Job, and the YAML read back to the same Job.

// moduleDir returns the directory of a module the build resolved.
func moduleDir(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	if err != nil {
		t.Fatalf("locating %s: %v", path, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatalf("locating %s: the module is not downloaded", path)
	}
	return dir
}

// repoManifestFiles lists the manifests of k8s.io/kubernetes: files named
// *.yaml, *.yml or *.json of at most 1 MiB, outside vendor, third_party,
// CHANGELOG and api (the generated OpenAPI and discovery documents). Not
// every one holds objects with a kind; the tests compare what kubectl
// makes of each all the same.
func repoManifestFiles(t *testing.T) []string {
	t.Helper()
	root := moduleDir(t, "k8s.io/kubernetes")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case "vendor", "api", "third_party", "CHANGELOG":
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".yaml", ".yml", ".json":
		default:
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > 1<<20 {
			return nil
		}
		files = append(files, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// kubectlDocuments reads a stream as kubectl's resource builder does
// (StreamVisitor): YAMLOrJSONDecoder into RawExtension, documents that
// trim to nothing or to null skipped, Lists expanded into their items. A
// document that is not an object with a kind and an apiVersion is nil:
// kubectl's decoding of it fails ("Object 'Kind' is missing"), and it goes
// on with the next one. It stops at the first document the stream decoder
// cannot read, as kubectl does, and returns the error.
func kubectlDocuments(data []byte) ([][]byte, error) {
	d := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	var docs [][]byte
	for {
		var ext runtime.RawExtension
		if err := d.Decode(&ext); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return docs, err
		}
		raw := bytes.TrimSpace(ext.Raw)
		if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
			continue
		}
		for _, item := range listItems(raw) {
			var tm struct{ APIVersion, Kind string }
			if json.Unmarshal(item, &tm) != nil || tm.Kind == "" || tm.APIVersion == "" {
				item = nil
			}
			docs = append(docs, item)
		}
	}
}

// listItems returns the items of a List (a kind ending in "List" with
// an items array), else the object itself.
func listItems(raw []byte) [][]byte {
	var list struct {
		Kind  string            `json:"kind"`
		Items []json.RawMessage `json:"items"`
	}
	if json.Unmarshal(raw, &list) != nil || !strings.HasSuffix(list.Kind, "List") || list.Items == nil {
		return [][]byte{raw}
	}
	items := make([][]byte, len(list.Items))
	for i, it := range list.Items {
		items[i] = it
	}
	return items
}

// sameJSON reports whether two JSON texts hold the same value, numbers
// compared as written.
func sameJSON(a, b []byte) (bool, string) {
	va, erra := genericJSON(a)
	vb, errb := genericJSON(b)
	if erra != nil || errb != nil {
		return false, fmt.Sprintf("not JSON: %v / %v", erra, errb)
	}
	d := cmp.Diff(va, vb)
	return d == "", d
}

func genericJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// TestRepoManifestStreamsReadAsKubectl checks that conversion.DecodeAll
// reads every manifest of k8s.io/kubernetes into the documents kubectl
// reads, with the same JSON, and fails where kubectl fails (for the first
// document kubectl cannot read, some document of jobkit's has an error).
func TestRepoManifestStreamsReadAsKubectl(t *testing.T) {
	files := repoManifestFiles(t)
	var streams, docs, failing, differences int
	report := func(format string, args ...any) {
		differences++
		if differences <= 8 {
			t.Errorf(format, args...)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, kerr := kubectlDocuments(data)
		got, err := conversion.DecodeAll(f, data, conversion.WithFieldValidation(conversion.FieldValidationIgnore))
		if err != nil {
			if kerr == nil {
				report("%s: jobkit refuses the stream (%v); kubectl reads %d documents", f, err, len(want))
			}
			continue
		}
		streams++
		if kerr != nil {
			failing++
		}
		for i, w := range want {
			if i >= len(got) {
				report("%s: kubectl reads %d documents, jobkit %d", f, len(want), len(got))
				break
			}
			if w == nil {
				// kubectl cannot make an object of it.
				if got[i].Err == nil {
					report("%s: document %d: jobkit reads what kubectl refuses (no kind or apiVersion, or not an object)", f, i+1)
				}
				continue
			}
			if got[i].JSON == nil || got[i].Err != nil && got[i].Kind == "" {
				report("%s: document %d: jobkit cannot read what kubectl reads: %v", f, i+1, got[i].Err)
				continue
			}
			docs++
			if same, d := sameJSON(w, got[i].JSON); !same {
				report("%s: document %d reads differently (-kubectl +jobkit):\n%s", f, i+1, d)
			}
		}
		switch {
		case kerr == nil && len(got) != len(want):
			report("%s: kubectl reads %d documents, jobkit %d", f, len(want), len(got))
		case kerr != nil:
			// kubectl stops at the document it cannot read; jobkit must
			// fail on that document too (it goes on with the next ones).
			if len(got) <= len(want) || got[len(want)].Err == nil {
				report("%s: kubectl fails after %d documents (%v); jobkit does not", f, len(want), kerr)
			}
		}
	}
	t.Logf("%d files of k8s.io/kubernetes, %d streams read by jobkit (%d that kubectl stops reading at an error), %d documents compared, %d differences",
		len(files), streams, failing, docs, differences)
	if docs < 500 {
		t.Errorf("only %d documents compared: the walk found too few manifests", docs)
	}
}

// podTemplate returns the pod template an object holds, by kind, as JSON
// values, or nil: a Pod's metadata and spec, spec.template of the
// workloads, spec.jobTemplate.spec.template of a CronJob, template of a
// PodTemplate.
func podTemplate(obj map[string]any) map[string]any {
	member := func(v any, names ...string) any {
		for _, n := range names {
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[n]
		}
		return v
	}
	var tmpl any
	switch obj["kind"] {
	case "Pod":
		if spec, ok := obj["spec"].(map[string]any); ok {
			t := map[string]any{"spec": spec}
			if md, ok := obj["metadata"]; ok {
				t["metadata"] = md
			}
			tmpl = t
		}
	case "Deployment", "ReplicaSet", "DaemonSet", "StatefulSet", "ReplicationController", "Job":
		tmpl = member(obj, "spec", "template")
	case "CronJob":
		tmpl = member(obj, "spec", "jobTemplate", "spec", "template")
	case "PodTemplate":
		tmpl = member(obj, "template")
	}
	m, _ := tmpl.(map[string]any)
	return m
}

// templateJobs returns the batch/v1 Jobs made of a template: as written,
// and, when its restartPolicy is not one a Job allows, with Never.
func templateJobs(t *testing.T, tmpl map[string]any) [][]byte {
	t.Helper()
	job := func(tmpl any) []byte {
		data, err := json.Marshal(map[string]any{
			"apiVersion": "batch/v1", "kind": "Job",
			"metadata": map[string]any{"name": "repo-manifest"},
			"spec":     map[string]any{"template": tmpl},
		})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	jobs := [][]byte{job(tmpl)}
	spec, ok := tmpl["spec"].(map[string]any)
	if !ok {
		return jobs
	}
	if rp := spec["restartPolicy"]; rp != "Never" && rp != "OnFailure" {
		fixedSpec := make(map[string]any, len(spec)+1)
		for k, v := range spec {
			fixedSpec[k] = v
		}
		fixedSpec["restartPolicy"] = "Never"
		fixed := make(map[string]any, len(tmpl))
		for k, v := range tmpl {
			fixed[k] = v
		}
		fixed["spec"] = fixedSpec
		jobs = append(jobs, job(fixed))
	}
	return jobs
}

// codecTally counts the outcomes of the codec comparison.
type codecTally struct {
	compared, unknown, refused, differences int
	samples                                 []string
}

func (c *codecTally) differ(format string, args ...any) {
	c.differences++
	if len(c.samples) < 80 {
		c.samples = append(c.samples, fmt.Sprintf(format, args...))
	}
}

// compare decodes a Job manifest without defaults on both sides and
// checks the JSON and YAML each writes, and jobkit's reading of the YAML
// sigs.k8s.io/yaml writes. A manifest with fields k8s.io/api drops
// (unknown or duplicate) is only counted: jobkit keeps what it does not
// model and writes it back.
func (c *codecTally) compare(name string, data []byte) {
	var k batchv1.Job
	strictErrs, kerr := sigsjson.UnmarshalStrict(data, &k)
	job, jerr := conversion.DecodeWith(data, conversion.WithoutDefaults())
	if kerr != nil || jerr != nil {
		if (kerr == nil) != (jerr == nil) {
			c.differ("%s: decoding: Kubernetes %v, jobkit %v", name, kerr, jerr)
		} else {
			c.refused++
		}
		return
	}
	if len(strictErrs) > 0 {
		c.unknown++
		return
	}
	c.compared++
	var wantYAML []byte
	for _, enc := range []struct {
		name   string
		k8s    func(any) ([]byte, error)
		jobkit func(*jobapi.Job, string) ([]byte, error)
	}{{"JSON", json.Marshal, conversion.EncodeJSON}, {"YAML", yaml.Marshal, conversion.Encode}} {
		want, err := enc.k8s(&k)
		if err != nil {
			c.differ("%s: Kubernetes cannot write its %s: %v", name, enc.name, err)
			return
		}
		got, err := enc.jobkit(job, "batch/v1")
		if err != nil || !bytes.Equal(want, got) {
			c.differ("%s: %s differs (err %v): %s", name, enc.name, err, firstDifference(want, got))
		}
		if enc.name == "YAML" {
			wantYAML = want // read back below
		}
	}
	back, err := conversion.DecodeWith(wantYAML, conversion.WithoutDefaults())
	if err != nil {
		c.differ("%s: jobkit cannot read sigs.k8s.io/yaml's YAML: %v", name, err)
	} else if d := cmp.Diff(job, back, jobtest.EquateJSONRoundTrip()); d != "" {
		c.differ("%s: the YAML reads back differently (-json +yaml):\n%s", name, d)
	}
}

// TestRepoManifestPodTemplatesAsKubernetes runs every pod template of
// k8s.io/kubernetes's manifests and of k8s.io/api's every-field fixtures,
// put in a Job, through the create path and the codec of both sides.
func TestRepoManifestPodTemplatesAsKubernetes(t *testing.T) {
	type source struct {
		name string
		data []byte
	}
	var objects []source
	for _, f := range repoManifestFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs, _ := kubectlDocuments(data) // the documents before an error
		for i, d := range docs {
			if d == nil {
				continue
			}
			objects = append(objects, source{fmt.Sprintf("%s#%d", f, i+1), d})
		}
	}
	fixtures, err := filepath.Glob(filepath.Join(moduleDir(t, "k8s.io/api"), "testdata", "HEAD", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fixtures {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		objects = append(objects, source{f, data})
	}
	create := createTally{verdictKinds: map[string]int{}}
	var codec codecTally
	templates, jobs := 0, 0
	for _, o := range objects {
		var obj map[string]any
		dec := json.NewDecoder(bytes.NewReader(o.data))
		dec.UseNumber()
		if dec.Decode(&obj) != nil {
			continue
		}
		tmpl := podTemplate(obj)
		if tmpl == nil {
			continue
		}
		templates++
		for v, data := range templateJobs(t, tmpl) {
			jobs++
			name := fmt.Sprintf("%s (variant %d)", o.name, v)
			create.compare(t, name, data, fmt.Sprintf("33333333-%04d-4000-8000-%012d", v, jobs), "")
			codec.compare(name, data)
		}
	}
	create.report(t, fmt.Sprintf("%d pod templates of real manifests, %d Jobs", templates, jobs))
	if create.verdicts > 0 {
		t.Errorf("%d Jobs created identically but validated differently: %v", create.verdicts, create.verdictKinds)
	}
	t.Logf("codec: %d Jobs written identically in JSON and YAML, %d with fields k8s.io/api drops, %d refused by both, %d differences",
		codec.compared, codec.unknown, codec.refused, codec.differences)
	if codec.differences > 0 {
		t.Errorf("codec: %d differences; first:\n%s", codec.differences, strings.Join(codec.samples, "\n\n"))
	}
	if templates < 200 || create.stored < 100 {
		t.Errorf("only %d templates and %d stored Jobs: the walk found too few manifests", templates, create.stored)
	}
}

// firstDifference shows where two texts part: the offset and up to 60
// bytes of each from a little before it.
func firstDifference(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(i-20, 0)
	clip := func(b []byte) []byte { return b[from:min(len(b), from+60)] }
	return fmt.Sprintf("at byte %d:\nk8s:    %q\njobkit: %q", i, clip(want), clip(got))
}
