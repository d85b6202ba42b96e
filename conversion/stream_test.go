package conversion_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

// docSummary is what the DecodeAll tests pin of one document.
type docSummary struct {
	Source string
	Kind   string
	Name   string
	// Typed names the typed object the document holds ("" for none).
	Typed    string
	Warnings []string
	Err      string
}

func summarize(docs []conversion.Document) []docSummary {
	out := make([]docSummary, 0, len(docs))
	for _, d := range docs {
		s := docSummary{Source: d.Source.String(), Kind: d.Kind, Name: d.Name, Typed: typed(&d), Warnings: d.Warnings}
		if d.Err != nil {
			s.Err = d.Err.Error()
		}
		out = append(out, s)
	}
	return out
}

// typed names the typed object d holds, "" for none.
func typed(d *conversion.Document) string {
	switch {
	case d.Job != nil:
		return "Job"
	case d.CronJob != nil:
		return "CronJob"
	case d.Pod != nil:
		return "Pod"
	case d.PodTemplate != nil:
		return "PodTemplate"
	}
	return ""
}

const jobYAML = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers: [{name: pi, image: perl}]
      restartPolicy: Never
`

func TestDecodeAllReadsEveryDocument(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts []conversion.Option
		want []docSummary
	}{
		{
			name: "one Job names the file alone",
			in:   jobYAML,
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job"}},
		},
		{
			name: "Helm-rendered stream: comments, a leading separator, empty documents, other kinds",
			in: "---\n# Source: chart/templates/sa.yaml\napiVersion: v1\nkind: ServiceAccount\nmetadata: {name: runner}\n---\n---\n# only a comment\n---\n" +
				jobYAML + "--- # trailing comment\n~\n",
			want: []docSummary{
				{Source: "a.yaml:3 (document 1)", Kind: "ServiceAccount", Name: "runner"},
				{Source: "a.yaml:10 (document 2)", Kind: "Job", Name: "pi", Typed: "Job"},
			},
		},
		{
			name: "the items of a List, one by one",
			in: `apiVersion: v1
kind: List
items:
- {apiVersion: batch/v1, kind: Job, metadata: {name: a}, spec: {template: {spec: {containers: [{name: c, image: i}], restartPolicy: Never}}}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: b}}
`,
			want: []docSummary{
				{Source: "a.yaml:1 (items[0])", Kind: "Job", Name: "a", Typed: "Job"},
				{Source: "a.yaml:1 (items[1])", Kind: "ConfigMap", Name: "b"},
			},
		},
		{
			name: "a JSON stream, with the line of each object",
			in:   "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"web\"}}\n\n{\"apiVersion\":\"v1\",\n\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm\"}}\n",
			want: []docSummary{
				{Source: "a.yaml:1 (document 1)", Kind: "Service", Name: "web"},
				{Source: "a.yaml:3 (document 2)", Kind: "ConfigMap", Name: "cm"},
			},
		},
		{
			name: "truncated JSON is a JSON error",
			in:   `{"apiVersion":"v1","kind":"Service","metadata":{"name":`,
			want: []docSummary{{Source: "a.yaml", Err: "JSON: unexpected end of input: the JSON value is truncated"}},
		},
		{
			name: "a YAML error spoils one document, not the next",
			in:   "a: [\n---\n" + jobYAML,
			want: []docSummary{
				{Source: "a.yaml:1 (document 1)", Err: "YAML: yaml: line 1: did not find expected node content"},
				{Source: "a.yaml:3 (document 2)", Kind: "Job", Name: "pi", Typed: "Job"},
			},
		},
		{
			name: "a scalar is not an object",
			in:   "just text\n",
			want: []docSummary{{Source: "a.yaml", Err: "the document must be an object, not a list or a scalar"}},
		},
		{
			name: "a missing kind is one error",
			in:   "apiVersion: v1\nmetadata: {name: x}\n",
			want: []docSummary{{Source: "a.yaml", Name: "x", Err: "kind: Required value: every object must name its kind, such as 'Job'"}},
		},
		{
			name: "a Job of an unknown version is one error",
			in:   strings.Replace(jobYAML, "batch/v1", "batch/v2", 1),
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Err: `apiVersion: Unsupported value: "batch/v2": supported values: "batch/v1", "extensions/v1beta1"`}},
		},
		{
			name: "an unknown field is a strict decoding error naming its path",
			in:   strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1),
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job", Err: `strict decoding error: unknown field "spec.backofLimit"`}},
		},
		{
			name: "unknown fields deep in the template, sorted",
			in:   strings.Replace(strings.Replace(jobYAML, "image: perl}", "image: perl, imagePullPolcy: Always}", 1), "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1),
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job",
				Err: `strict decoding error: unknown field "spec.backofLimit", unknown field "spec.template.spec.containers[0].imagePullPolcy"`}},
		},
		{
			name: "a YAML key given twice is a duplicate field, in any kind",
			in:   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\ndata:\n  x: \"1\"\n",
			want: []docSummary{{Source: "a.yaml", Kind: "ConfigMap", Name: "b", Err: `strict decoding error: duplicate field "metadata.name"`}},
		},
		{
			name: "a duplicate inside a list item names its index",
			in:   strings.Replace(jobYAML, "containers: [{name: pi, image: perl}]", "containers:\n      - name: pi\n        image: perl\n        image: ruby", 1),
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job", Err: `strict decoding error: duplicate field "spec.template.spec.containers[0].image"`}},
		},
		{
			name: "a JSON member given twice is a duplicate field",
			in:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a","name":"b"},"spec":{"template":{"spec":{"containers":[{"name":"c","image":"i"}],"restartPolicy":"Never"}}}}`,
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "b", Typed: "Job", Err: `strict decoding error: duplicate field "metadata.name"`}},
		},
		{
			name: "warn: warnings instead of errors",
			in:   strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  backofLimit: 5\n  template:", 1),
			opts: []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationWarn)},
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job",
				Warnings: []string{`duplicate field "spec.backofLimit"`, `unknown field "spec.backofLimit"`}}},
		},
		{
			name: "ignore: nothing said",
			in:   strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  backofLimit: 5\n  template:", 1),
			opts: []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationIgnore)},
			want: []docSummary{{Source: "a.yaml", Kind: "Job", Name: "pi", Typed: "Job"}},
		},
		{
			name: "a CronJob is decoded whole, its unknown fields found everywhere",
			in: `apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly, namespace: ops}
spec:
  schedule: "@daily"
  concurrencyPolity: Forbid
  jobTemplate:
    spec:
      completionz: 2
      template:
        spec:
          containers: [{name: c, image: i}]
          restartPolicy: Never
`,
			want: []docSummary{{Source: "a.yaml", Kind: "CronJob", Name: "nightly", Typed: "CronJob",
				Err: `strict decoding error: unknown field "spec.concurrencyPolity", unknown field "spec.jobTemplate.spec.completionz"`}},
		},
		{
			name: "a CronJob's unknown fields warned about and dropped",
			in:   "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {schedule: '@daily', scheduel: x}\n",
			opts: []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationWarn)},
			want: []docSummary{{Source: "a.yaml", Kind: "CronJob", Name: "c", Typed: "CronJob", Warnings: []string{`unknown field "spec.scheduel"`}}},
		},
		{
			name: "a CronJob's template with a wrong type",
			in:   "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  jobTemplate:\n    spec: {completions: two}\n",
			want: []docSummary{{Source: "a.yaml", Kind: "CronJob", Name: "c",
				Err: `spec.jobTemplate.spec.completions: Invalid value: "two": must be an integer`}},
		},
		{
			name: "a CronJob's template that chooses its selector decodes: validation refuses it",
			in:   "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  jobTemplate:\n    spec: {manualSelector: true, selector: {matchLabels: {a: b}}}\n",
			want: []docSummary{{Source: "a.yaml", Kind: "CronJob", Name: "c", Typed: "CronJob"}},
		},
		{
			name: "a Pod is decoded, with a bad quantity a field error",
			in: `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: i, resources: {limits: {cpu: 1.5.0}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: q}
spec:
  containers: [{name: c, image: i, imagePullPolcy: Always}]
`,
			want: []docSummary{
				{Source: "a.yaml:1 (document 1)", Kind: "Pod", Name: "p",
					Err: `spec.containers[0].resources.limits[cpu]: Invalid value: "1.5.0": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
				{Source: "a.yaml:7 (document 2)", Kind: "Pod", Name: "q", Typed: "Pod",
					Err: `strict decoding error: unknown field "spec.containers[0].imagePullPolcy"`},
			},
		},
		{
			name: "a PodTemplate is decoded",
			in:   "apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate: {spec: {containers: [{name: c, image: i}]}}\n",
			want: []docSummary{{Source: "a.yaml", Kind: "PodTemplate", Name: "t", Typed: "PodTemplate"}},
		},
		{
			name: "a CronJob of another version is another object",
			in:   "apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: c}\nspec: {jobTemplate: 1}\n",
			want: []docSummary{{Source: "a.yaml", Kind: "CronJob", Name: "c"}},
		},
		{
			name: "a ConfigMap's metadata with a wrong type",
			in:   "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, labels: {a: 1}}\n",
			want: []docSummary{{Source: "a.yaml", Kind: "ConfigMap", Name: "c", Err: "metadata.labels[a]: Invalid value: 1: must be a string"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := conversion.DecodeAll("a.yaml", []byte(tt.in), tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, summarize(docs)); diff != "" {
				t.Errorf("DecodeAll (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeAllWarnDropsAndIgnoreKeeps(t *testing.T) {
	in := strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1)
	for _, tt := range []struct {
		mode        conversion.FieldValidation
		wantUnknown bool
	}{
		{conversion.FieldValidationWarn, false},
		{conversion.FieldValidationIgnore, true},
		{conversion.FieldValidationStrict, true},
	} {
		t.Run(string(tt.mode), func(t *testing.T) {
			docs, err := conversion.DecodeAll("a.yaml", []byte(in), conversion.WithFieldValidation(tt.mode))
			if err != nil {
				t.Fatal(err)
			}
			job := docs[0].Job
			_, got := job.Spec.Unknown["backofLimit"]
			if got != tt.wantUnknown {
				t.Errorf("spec.backofLimit kept: got %v, want %v", got, tt.wantUnknown)
			}
			if *job.Spec.BackoffLimit != 6 {
				t.Errorf("backoffLimit = %d, want the default 6", *job.Spec.BackoffLimit)
			}
		})
	}
}

// TestDecodeAllWarnIsDropUnknownFields checks that Warn, for every kind
// DecodeAll types, drops exactly what jobapi.DropUnknownFields drops from
// the object Ignore keeps, with its warnings (one unknown field per
// document, so that the document order is the path order), and leaves
// the object as DropUnknownFields leaves it.
func TestDecodeAllWarnIsDropUnknownFields(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"a Job", strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1), []string{`unknown field "spec.backofLimit"`}},
		{"a CronJob", "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {schedule: '@daily', scheduel: x}\n", []string{`unknown field "spec.scheduel"`}},
		{"a Pod", "apiVersion: v1\nkind: Pod\nmetadata: {name: p, colour: blue}\nspec: {containers: [{name: c, image: i}]}\n", []string{`unknown field "metadata.colour"`}},
		{"a PodTemplate", "apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate: {spec: {containers: [{name: c, image: i}], hostnme: x}}\n", []string{`unknown field "template.spec.hostnme"`}},
	}
	decode := func(t *testing.T, in string, mode conversion.FieldValidation) *conversion.Document {
		t.Helper()
		docs, err := conversion.DecodeAll("a.yaml", []byte(in), conversion.WithFieldValidation(mode))
		if err != nil || len(docs) != 1 || docs[0].Err != nil {
			t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
		}
		return &docs[0]
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warned := decode(t, tt.in, conversion.FieldValidationWarn)
			kept := decode(t, tt.in, conversion.FieldValidationIgnore).Object()
			var want []string
			for _, w := range jobapi.DropUnknownFields(kept) {
				want = append(want, w.Message)
			}
			if diff := cmp.Diff(tt.want, want); diff != "" {
				t.Fatalf("DropUnknownFields' warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(want, warned.Warnings); diff != "" {
				t.Errorf("Warn's warnings (-DropUnknownFields +Warn):\n%s", diff)
			}
			if diff := cmp.Diff(kept, warned.Object()); diff != "" {
				t.Errorf("the object Warn leaves (-DropUnknownFields +Warn):\n%s", diff)
			}
		})
	}
}

func TestDecodeAllRefusesWholeInputs(t *testing.T) {
	utf16 := []byte{0xff, 0xfe, 'a', 0, 'p', 0}
	_, err := conversion.DecodeAll("a.yaml", utf16)
	// The error names neither the package nor the stream, as the
	// documents' errors do not: a tool prints it after the stream's name.
	if err == nil || err.Error() != "the input must be UTF-8 text" {
		t.Errorf("UTF-16 input: got %v, want the UTF-8 error", err)
	}
	if _, err := conversion.Decode(utf16); err == nil || err.Error() != "conversion: the input must be UTF-8 text" {
		t.Errorf("Decode of UTF-16 input: got %v, want the UTF-8 error with Decode's prefix", err)
	}
	docs, err := conversion.DecodeAll("a.yaml", []byte(jobYAML), conversion.WithMaxBytes(10))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]docSummary{{Source: "a.yaml", Err: "the document must be at most 10 bytes; it is 151"}}, summarize(docs)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDocumentStatus(t *testing.T) {
	decode := func(in string) *conversion.Document {
		docs, err := conversion.DecodeAll("a.yaml", []byte(in))
		if err != nil || len(docs) != 1 {
			t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
		}
		return &docs[0]
	}
	completions := field.ErrorList{field.Invalid(field.NewPath("spec", "completions"), -1, "must be greater than or equal to 0")}
	tests := []struct {
		name     string
		doc      *conversion.Document
		errs     field.ErrorList
		wantCode int32
		wantMsg  string
	}{
		{"valid", decode(jobYAML), nil, 0, ""},
		{"invalid Job", decode(jobYAML), completions, 422,
			`Job.batch "pi" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0`},
		// The API server names a Job it refuses by the name it generated
		// from generateName; PrepareForCreate generates it in the Job.
		{"invalid Job named from generateName", func() *conversion.Document {
			d := decode(strings.Replace(jobYAML, "name: pi", "generateName: pi-", 1))
			d.Job.ObjectMeta.Name = "pi-x7k2p" // as jobapi.PrepareForCreate sets it
			return d
		}(), completions, 422,
			`Job.batch "pi-x7k2p" is invalid: spec.completions: Invalid value: -1: must be greater than or equal to 0`},
		{"invalid CronJob", decode("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: i}], restartPolicy: Never}}}}}\n"),
			field.ErrorList{field.Invalid(field.NewPath("spec", "jobTemplate", "spec", "completions"), -1, "must be greater than or equal to 0")}, 422,
			`CronJob.batch "c" is invalid: spec.jobTemplate.spec.completions: Invalid value: -1: must be greater than or equal to 0`},
		{"wrong type in a CronJob's template", decode("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {jobTemplate: {spec: {completions: x}}}\n"), nil, 400,
			`CronJob in version "v1" cannot be handled as a CronJob: json: cannot unmarshal string into Go struct field JobSpec.spec.jobTemplate.spec.completions of type int32`},
		{"bad quantity in a CronJob's template", decode("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec: {jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: i, resources: {requests: {memory: 1Gb}}}]}}}}}\n"), nil, 400,
			`CronJob in version "v1" cannot be handled as a CronJob: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
		{"wrong type in a Pod", decode("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i, ports: [{containerPort: http}]}]}\n"), nil, 400,
			`Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32`},
		{"metadata of the wrong type in a kind jobkit does not decode", decode("apiVersion: v1\nkind: ConfigMap\nmetadata: 1\n"), nil, 400,
			`ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.metadata of type v1.ObjectMeta`},
		{"metadata of the wrong type in a Job", decode("apiVersion: batch/v1\nkind: Job\nmetadata: 1\n"), nil, 400,
			`Job in version "v1" cannot be handled as a Job: json: cannot unmarshal number into Go struct field Job.metadata of type v1.ObjectMeta`},
		{"bad quantity in a PodTemplate", decode("apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate: {spec: {containers: [{name: c, image: i, resources: {limits: {cpu: 1.5.0}}}]}}\n"), nil, 400,
			`PodTemplate in version "v1" cannot be handled as a PodTemplate: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
		{"strict decoding error", decode(strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1)), nil, 400,
			`Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"`},
		{"YAML error", decode("a: [\n"), nil, 400, "YAML: yaml: line 1: did not find expected node content"},
		// The API server's decoder refuses what does not decode, before
		// validation, with encoding/json's words for the first error.
		{"wrong type", decode(strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  completions: x\n  template:", 1)), nil, 400,
			`Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.completions of type int32`},
		{"integer out of range", decode(strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  completions: 1e23\n  template:", 1)), nil, 400,
			`Job in version "v1" cannot be handled as a Job: json: cannot unmarshal number 1e+23 into Go struct field JobSpec.spec.completions of type int32`},
		{"bad quantity after a wrong type", decode(strings.Replace(strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  completions: x\n  template:", 1), "image: perl}", "image: perl, resources: {limits: {cpu: 1.5.0}}}", 1)), nil, 400,
			`Job in version "v1" cannot be handled as a Job: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := tt.doc.Status(tt.errs)
			var code int32
			var msg string
			if st != nil {
				code, msg = st.Code(), st.Error()
			}
			if code != tt.wantCode || msg != tt.wantMsg {
				t.Errorf("Status: got %d %q, want %d %q", code, msg, tt.wantCode, tt.wantMsg)
			}
		})
	}
}

func TestDecodeWithFieldValidation(t *testing.T) {
	in := []byte(strings.Replace(jobYAML, "spec:\n  template:", "spec:\n  backofLimit: 4\n  template:", 1))
	_, err := conversion.DecodeWith(in, conversion.WithFieldValidation(conversion.FieldValidationStrict))
	var se *conversion.StrictError
	if !errors.As(err, &se) || err.Error() != `conversion: strict decoding error: unknown field "spec.backofLimit"` {
		t.Errorf("strict: got %v", err)
	}
	job, err := conversion.DecodeWith(in, conversion.WithFieldValidation(conversion.FieldValidationWarn))
	if err != nil || len(job.Spec.Unknown) != 0 {
		t.Errorf("warn: got %v, unknown %v; want the field dropped", err, job.Spec.Unknown)
	}
	job, err = conversion.Decode(in)
	if err != nil || len(job.Spec.Unknown) != 1 {
		t.Errorf("Decode: got %v, unknown %v; want the field kept", err, job.Spec.Unknown)
	}
}

func TestParseFieldValidation(t *testing.T) {
	for in, want := range map[string]conversion.FieldValidation{
		"strict": conversion.FieldValidationStrict, "true": conversion.FieldValidationStrict, "Strict": conversion.FieldValidationStrict,
		"warn": conversion.FieldValidationWarn, "Warn": conversion.FieldValidationWarn,
		"ignore": conversion.FieldValidationIgnore, "false": conversion.FieldValidationIgnore, "Ignore": conversion.FieldValidationIgnore,
		"STRICT": "", "": "",
	} {
		got, ok := conversion.ParseFieldValidation(in)
		if got != want || ok != (want != "") {
			t.Errorf("ParseFieldValidation(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestManifestFilesAsKubectl(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.yaml", "a.json", "c.yml", "notes.txt", "Chart.lock", "sub/d.yaml", "sub/deeper/e.json", "sub/f.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rel := func(paths []string) []string {
		out := make([]string, len(paths))
		for i, p := range paths {
			r, _ := filepath.Rel(dir, p)
			out[i] = filepath.ToSlash(r)
		}
		return out
	}
	tests := []struct {
		name      string
		paths     []string
		recursive bool
		want      []string
	}{
		{"a directory: its manifests only", []string{dir}, false, []string{"a.json", "b.yaml", "c.yml"}},
		{"-R: subdirectories too", []string{dir}, true, []string{"a.json", "b.yaml", "c.yml", "sub/d.yaml", "sub/deeper/e.json"}},
		{"a file is read whatever its name", []string{filepath.Join(dir, "notes.txt"), filepath.Join(dir, "sub")}, false, []string{"notes.txt", "sub/d.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := conversion.ManifestFiles(tt.paths, tt.recursive)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, rel(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	_, err := conversion.ManifestFiles([]string{filepath.Join(dir, "missing")}, false)
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing path: got %v", err)
	}
}

func TestSourceString(t *testing.T) {
	tests := []struct {
		src  conversion.Source
		want string
	}{
		{conversion.Source{File: "a.yaml", Document: 1, Line: 1, Item: -1, Only: true}, "a.yaml"},
		{conversion.Source{File: "a.yaml", Document: 3, Line: 20, Item: -1}, "a.yaml:20 (document 3)"},
		{conversion.Source{File: "a.yaml", Document: 3, Line: 20, Item: 2}, "a.yaml:20 (document 3, items[2])"},
		{conversion.Source{File: "STDIN", Document: 1, Line: 4, Item: 0, Only: true}, "STDIN:4 (items[0])"},
	}
	for _, tt := range tests {
		if got := tt.src.String(); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestSourceAt(t *testing.T) {
	at := conversion.Position{Line: 31, Column: 7}
	tests := []struct {
		name string
		src  conversion.Source
		want string
	}{
		{"the only document: file, line and column", conversion.Source{File: "a.yaml", Document: 1, Line: 1, Item: -1, Only: true}, "a.yaml:31:7"},
		{"a document of several: the document is named", conversion.Source{File: "a.yaml", Document: 3, Line: 20, Item: -1}, "a.yaml:31:7 (document 3)"},
		{"an item of a List in a stream", conversion.Source{File: "a.yaml", Document: 3, Line: 20, Item: 2}, "a.yaml:31:7 (document 3, items[2])"},
		{"an item of the only List", conversion.Source{File: "STDIN", Document: 1, Line: 4, Item: 0, Only: true}, "STDIN:31:7 (items[0])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.src.At(at); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDocumentReleaseForgetsTheInput(t *testing.T) {
	data := []byte("apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  completions: many\n")
	docs, err := conversion.DecodeAll("job.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	d := &docs[0]
	p, ok := d.Position("spec.completions")
	if want := (conversion.Position{Line: 5, Column: 3, Path: "spec.completions"}); !ok || p != want {
		t.Fatalf("before Release: Position = %+v, %v; want %+v, true", p, ok, want)
	}
	d.Release()
	if p, ok := d.Position("spec.completions"); ok {
		t.Errorf("after Release: Position = %+v, true; want false", p)
	}
	if d.Job != nil || d.JSON != nil {
		t.Errorf("after Release: Job %v, JSON %q; want both nil", d.Job, d.JSON)
	}
	if d.Err == nil || d.Source.File != "job.yaml" {
		t.Errorf("after Release the error and the source stay: Err %v, Source %+v", d.Err, d.Source)
	}
}

// TestStrictFieldsAsTheServerMeetsThem pins the order and the number of
// the unknown and duplicate fields, as the API server's strict decoder
// (sigs.k8s.io/json) reports them: in document order, a duplicate where
// its key is given again, at most 100.
func TestStrictFieldsAsTheServerMeetsThem(t *testing.T) {
	const pod = `"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"i"}]}}`
	many := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"x%03d":1,`, i)
		}
		return b.String()
	}
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"an unknown field before a duplicate", `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"both","labelz":{}},"spec":{"parallelism":1,"parallelism":2,` + pod + `}}`,
			[]string{`unknown field "metadata.labelz"`, `duplicate field "spec.parallelism"`}},
		{"a duplicate before an unknown field", `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a","name":"b"},"spec":{"backofLimit":1,` + pod + `}}`,
			[]string{`duplicate field "metadata.name"`, `unknown field "spec.backofLimit"`}},
		{"unknown fields in document order, not by path", `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"o"},"spec":{"zz":1,"aa":2,` + pod + `}}`,
			[]string{`unknown field "spec.zz"`, `unknown field "spec.aa"`}},
		{"YAML: by line", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: yml\nspec:\n  zz: 1\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: i, zzz: 3}]\n  aa: 2\n",
			[]string{`unknown field "spec.zz"`, `unknown field "spec.template.spec.containers[0].zzz"`, `unknown field "spec.aa"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := conversion.DecodeAll("a.json", []byte(tt.in), conversion.WithFieldValidation(conversion.FieldValidationWarn))
			if err != nil || len(docs) != 1 {
				t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
			}
			if diff := cmp.Diff(tt.want, docs[0].Warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("at most 100", func(t *testing.T) {
		in := `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"m"},"spec":{` + many(150) + pod + `}}`
		docs, err := conversion.DecodeAll("a.json", []byte(in), conversion.WithFieldValidation(conversion.FieldValidationStrict))
		if err != nil || len(docs) != 1 {
			t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
		}
		var se *conversion.StrictError
		if !errors.As(docs[0].Err, &se) {
			t.Fatalf("Err = %v, want a *StrictError", docs[0].Err)
		}
		if len(se.Fields) != 100 || se.Fields[0].Path != "spec.x000" || se.Fields[99].Path != "spec.x099" {
			t.Errorf("got %d fields, first %v, last %v; want spec.x000 to spec.x099", len(se.Fields), se.Fields[0], se.Fields[len(se.Fields)-1])
		}
	})
}

func TestDocumentObjectIsTheTypedObject(t *testing.T) {
	const in = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n---\n" +
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}\n---\n" +
		"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n---\n" +
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: bad}\nspec: {parallelism: x}\n"
	docs, err := conversion.DecodeAll("a.yaml", []byte(in))
	if err != nil || len(docs) != 4 {
		t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
	}
	tests := []struct {
		name string
		doc  *conversion.Document
		want jobapi.UnknownFieldHolder
	}{
		{"another kind holds none", &docs[0], nil},
		{"a Job is its *jobapi.Job", &docs[1], docs[1].Job},
		{"a Pod is its *core.Pod", &docs[2], docs[2].Pod},
		{"a Job that did not decode holds none", &docs[3], nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.doc.Object(); got != tt.want {
				t.Errorf("Object() = %#v, want %#v", got, tt.want)
			}
		})
	}
}
