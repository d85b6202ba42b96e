package jobapi_test

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/internal/gen/fixture"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// unknownManifest has members jobkit does not model at many levels: the
// root, metadata, the spec, list items, a map of objects (a resource
// list's neighbour), a pod template, a volume source, an env source and
// the status.
const unknownManifest = `apiVersion: batch/v1
kind: Job
metadata: {name: pi, colour: blue, ownerReferences: [{apiVersion: v1, kind: X, name: x, uid: u, extra: 1}]}
zzz: last
aaa: first
spec:
  backofLimit: 3
  podFailurePolicy: {rules: [{action: Ignore, onPodConditions: [{type: DisruptionTarget, status: "True", since: 1}]}]}
  template:
    metadata: {labels: {app: pi}, bogus: 1}
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl
        imagePullPolcy: Always
        env: [{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name, api: v1}}}]
        resources: {limits: {cpu: "1"}, extra: {}}
      volumes:
      - {name: v, emptyDir: {medium: Memory, speed: fast}}
status: {active: 1, mood: good}
`

var unknownPaths = []string{
	"aaa",
	"metadata.colour",
	"metadata.ownerReferences[0].extra",
	"spec.backofLimit",
	"spec.podFailurePolicy.rules[0].onPodConditions[0].since",
	"spec.template.metadata.bogus",
	"spec.template.spec.containers[0].env[0].valueFrom.fieldRef.api",
	"spec.template.spec.containers[0].imagePullPolcy",
	"spec.template.spec.containers[0].resources.extra",
	"spec.template.spec.volumes[0].emptyDir.speed",
	"status.mood",
	"zzz",
}

func TestUnknownFieldsFindsEveryLevelInPathOrder(t *testing.T) {
	job := decodeJob(t, unknownManifest)
	require.Equal(t, unknownPaths, jobapi.UnknownFields(job, ""))
	// The generated methods name them alike, unsorted.
	got := job.AppendUnknownFields([]string{"before"}, "")
	require.Equal(t, "before", got[0])
	require.ElementsMatch(t, unknownPaths, got[1:])
	require.True(t, job.HasUnknownFields())
	// A part of a Job, with the prefix of its place.
	require.Equal(t, []string{
		"spec.template.metadata.bogus",
		"spec.template.spec.containers[0].env[0].valueFrom.fieldRef.api",
		"spec.template.spec.containers[0].imagePullPolcy",
		"spec.template.spec.containers[0].resources.extra",
		"spec.template.spec.volumes[0].emptyDir.speed",
	}, jobapi.UnknownFields(&job.Spec.Template, "spec.template"))
	require.Nil(t, jobapi.UnknownFields(nil, ""))
	require.Nil(t, jobapi.UnknownFields((*jobapi.Job)(nil), ""))
	require.Nil(t, jobapi.DropUnknown((*jobapi.Job)(nil), ""))
	require.False(t, (*jobapi.Job)(nil).HasUnknownFields())
	require.Empty(t, jobapi.UnknownFields(&core.PodTemplateSpec{}, ""))
}

// TestDropUnknownFieldsWarnsAsTheAPIServer checks the one "drop and
// warn" of every kind conversion decodes: one warning per member, in
// path order, worded as the API server's; nothing left; everything else
// as decoded.
func TestDropUnknownFieldsWarnsAsTheAPIServer(t *testing.T) {
	warnings := func(paths ...string) meta.Warnings {
		w := make(meta.Warnings, len(paths))
		for i, p := range paths {
			w[i] = meta.Warning{Message: fmt.Sprintf("unknown field %q", p)}
		}
		return w
	}
	decodeDoc := func(t *testing.T, manifest string) jobapi.UnknownFieldHolder {
		t.Helper()
		docs, err := conversion.DecodeAll("test", []byte(manifest), conversion.WithFieldValidation(conversion.FieldValidationIgnore))
		require.NoError(t, err)
		require.Len(t, docs, 1)
		require.NoError(t, docs[0].Err)
		return docs[0].Object()
	}
	tests := []struct {
		name     string
		manifest string
		want     meta.Warnings
	}{
		{"a Job, at every level", unknownManifest, warnings(unknownPaths...)},
		{
			"a CronJob",
			"apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly}\nspec:\n  schedule: '* * * * *'\n  concurrencyPolity: Forbid\n  jobTemplate: {spec: {template: {spec: {hostnme: x, containers: [{name: c, image: i}]}}}}\n",
			warnings("spec.concurrencyPolity", "spec.jobTemplate.spec.template.spec.hostnme"),
		},
		{
			"a Pod",
			"apiVersion: v1\nkind: Pod\nmetadata: {name: p, colour: blue}\nspec: {containers: [{name: c, image: i, imagePullPolcy: Always}]}\n",
			warnings("metadata.colour", "spec.containers[0].imagePullPolcy"),
		},
		{
			"a PodTemplate",
			"apiVersion: v1\nkind: PodTemplate\nmetadata: {name: t}\ntemplate: {spec: {containers: [{name: c, image: i}], hostnme: x}}\nextra: 1\n",
			warnings("extra", "template.spec.hostnme"),
		},
		{"an object without unknown members", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n", nil},
	}
	noUnknown := cmp.Transformer("noUnknown", func(meta.Unknown) meta.Unknown { return nil })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj, before := decodeDoc(t, tt.manifest), decodeDoc(t, tt.manifest)
			diffWarnings(t, tt.want, jobapi.DropUnknownFields(obj))
			require.Empty(t, jobapi.UnknownFields(obj, ""))
			if d := cmp.Diff(before, obj, noUnknown); d != "" {
				t.Errorf("DropUnknownFields changed modelled fields (-before +after):\n%s", d)
			}
			require.Nil(t, jobapi.DropUnknownFields(obj), "a second drop")
		})
	}
	t.Run("nil holds nothing", func(t *testing.T) {
		require.Nil(t, jobapi.DropUnknownFields(nil))
		require.Nil(t, jobapi.DropUnknownFields((*jobapi.CronJob)(nil)))
	})
	t.Run("encoding writes none of them back", func(t *testing.T) {
		job := decodeJob(t, unknownManifest)
		jobapi.DropUnknownFields(job)
		out, err := conversion.EncodeJSON(job, "batch/v1")
		require.NoError(t, err)
		again, err := conversion.DecodeWith(out, conversion.WithoutDefaults())
		require.NoError(t, err)
		require.Empty(t, jobapi.UnknownFields(again, ""))
	})
}

func TestUnknownFieldMessageIsTheAPIServersWording(t *testing.T) {
	require.Equal(t, `unknown field "spec.template.spec.containers[0].imagePullPolcy"`, jobapi.UnknownFieldMessage("spec.template.spec.containers[0].imagePullPolcy"))
	require.Equal(t, `unknown field "spec.backofLimit"`, meta.Warning{Message: jobapi.UnknownFieldMessage("spec.backofLimit")}.String())
}

// BenchmarkUnknownFields measures the walk field validation makes over
// every decoded Job: a decoded kubectl-sized Job without unknown members (the
// common case) and one with twelve.
func BenchmarkUnknownFields(b *testing.B) {
	clean, err := conversion.Decode([]byte("apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:" + podSpec))
	if err != nil {
		b.Fatal(err)
	}
	dirty, err := conversion.Decode([]byte(unknownManifest))
	if err != nil {
		b.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		job  *jobapi.Job
	}{{"none", clean}, {"twelve", dirty}} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if n := len(jobapi.UnknownFields(tt.job, "")); n > 12 {
					b.Fatal(n)
				}
			}
		})
	}
}

// TestGeneratedUnknownFieldsMatchTheReflectionWalker checks the generated
// walkers against the reflection walker they replace (kept below as the
// reference): on random objects of every document type and of the
// generator's fixture, the same paths, the same dropped paths, and
// nothing left after dropping.
func TestGeneratedUnknownFieldsMatchTheReflectionWalker(t *testing.T) {
	types := []struct {
		name string
		new  func() jobapi.UnknownFieldHolder
	}{
		{"jobapi.Job", func() jobapi.UnknownFieldHolder { return new(jobapi.Job) }},
		{"jobapi.CronJob", func() jobapi.UnknownFieldHolder { return new(jobapi.CronJob) }},
		{"v1.Job", func() jobapi.UnknownFieldHolder { return new(v1.Job) }},
		{"v1.CronJob", func() jobapi.UnknownFieldHolder { return new(v1.CronJob) }},
		{"v1beta1.Job", func() jobapi.UnknownFieldHolder { return new(v1beta1.Job) }},
		{"core.Pod", func() jobapi.UnknownFieldHolder { return new(core.Pod) }},
		{"core.PodTemplate", func() jobapi.UnknownFieldHolder { return new(core.PodTemplate) }},
		{"fixture.Widget", func() jobapi.UnknownFieldHolder { return new(fixture.Widget) }},
	}
	for _, tt := range types {
		t.Run(tt.name, func(t *testing.T) {
			found := 0
			for seed := range uint64(200) {
				v := tt.new()
				jobtest.Fill(t, v, seed)
				prefix := ""
				if seed%3 == 1 {
					prefix = "items[2]"
				}
				want := reflectUnknownFields(v, prefix)
				found += len(want)
				if diff := cmp.Diff(want, jobapi.UnknownFields(v, prefix)); diff != "" {
					t.Fatalf("seed %d: UnknownFields (-reflection +generated):\n%s", seed, diff)
				}
				if got := v.HasUnknownFields(); got != (len(want) > 0) {
					t.Fatalf("seed %d: HasUnknownFields = %v with %d unknown fields", seed, got, len(want))
				}
				if diff := cmp.Diff(want, jobapi.DropUnknown(v, prefix)); diff != "" {
					t.Fatalf("seed %d: DropUnknown (-reflection +generated):\n%s", seed, diff)
				}
				if left := reflectUnknownFields(v, prefix); len(left) > 0 {
					t.Fatalf("seed %d: DropUnknown left %q", seed, left)
				}
			}
			if found == 0 {
				t.Fatal("the random objects hold no unknown fields: the comparison proves nothing")
			}
		})
	}
}

// reflectUnknownFields is the reflection walker the generated methods
// replaced, kept as the reference of the differential test: the path of
// every member kept in an Unknown map anywhere in v, sorted.
func reflectUnknownFields(v any, prefix string) []string {
	var out []string
	w := unknownWalk{}
	if prefix != "" {
		w.path = append(w.path, pathStep{name: prefix})
	}
	w.found = func(m reflect.Value, path string) {
		for _, k := range m.MapKeys() {
			name := k.String()
			if path != "" {
				name = path + "." + name
			}
			out = append(out, name)
		}
	}
	w.walk(reflect.ValueOf(v))
	slices.Sort(out)
	return out
}

var unknownType = reflect.TypeFor[meta.Unknown]()

// holdsUnknown reports whether a value of type t can reach an Unknown
// map through exported fields, pointers, slices, arrays, maps and
// interfaces. seen guards against recursive types.
func holdsUnknown(t reflect.Type) bool { return mayHoldUnknown(t, map[reflect.Type]bool{}) }

func mayHoldUnknown(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == unknownType {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return mayHoldUnknown(t.Elem(), seen)
	case reflect.Interface:
		return true
	case reflect.Struct:
		if seen[t] {
			return false
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && mayHoldUnknown(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// pathStep is one step of a path: a member name, or a list index when
// isIndex.
type pathStep struct {
	name    string
	index   int
	isIndex bool
}

type unknownWalk struct {
	path  []pathStep
	found func(m reflect.Value, path string)
}

func (w *unknownWalk) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			w.walk(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		if !holdsUnknown(v.Type().Elem()) {
			return
		}
		for i := range v.Len() {
			w.path = append(w.path, pathStep{index: i, isIndex: true})
			w.walk(v.Index(i))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Map:
		if v.Len() == 0 || v.Type().Key().Kind() != reflect.String || !holdsUnknown(v.Type().Elem()) {
			return
		}
		for _, k := range v.MapKeys() {
			w.path = append(w.path, pathStep{name: k.String()})
			w.walk(v.MapIndex(k))
			w.path = w.path[:len(w.path)-1]
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Type == unknownType {
				if m := v.Field(i); m.Len() > 0 {
					w.found(m, w.pathString())
				}
				continue
			}
			if !holdsUnknown(f.Type) {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case name == "" && f.Anonymous:
				w.walk(v.Field(i))
				continue
			case name == "":
				name = f.Name
			}
			w.path = append(w.path, pathStep{name: name})
			w.walk(v.Field(i))
			w.path = w.path[:len(w.path)-1]
		}
	}
}

// pathString prints the current path.
func (w *unknownWalk) pathString() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.isIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}
