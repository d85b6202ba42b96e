package meta_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// errKeys reduces errors to "<type> <field>", the pairs Kubernetes' tests
// compare.
func errKeys(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, string(e.Type)+" "+e.Field)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func TestValidateManagedFields(t *testing.T) {
	fields := meta.RawJSON(`{"f:status":{}}`)
	at := meta.NewTime(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	tests := []struct {
		name    string
		entries []meta.ManagedFieldsEntry
		want    []string
	}{
		{"none", nil, nil},
		{"a controller's entry", []meta.ManagedFieldsEntry{{Manager: "kube-controller-manager", Operation: "Update", APIVersion: "batch/v1", Time: &at, FieldsType: "FieldsV1", FieldsV1: &fields, Subresource: "status"}}, nil},
		{"apply without fieldsType", []meta.ManagedFieldsEntry{{Manager: "kubectl", Operation: "Apply"}}, nil},
		{"operation missing", []meta.ManagedFieldsEntry{{Manager: "m"}}, []string{"FieldValueInvalid metadata.managedFields[0].operation"}},
		{"operation in the wrong case", []meta.ManagedFieldsEntry{{Manager: "m", Operation: "update"}}, []string{"FieldValueInvalid metadata.managedFields[0].operation"}},
		{"fieldsType other than FieldsV1", []meta.ManagedFieldsEntry{{Operation: "Apply", FieldsType: "FieldsV2"}}, []string{"FieldValueInvalid metadata.managedFields[0].fieldsType"}},
		{"manager too long", []meta.ManagedFieldsEntry{{Operation: "Apply", Manager: strings.Repeat("m", 129)}}, []string{"FieldValueTooLong metadata.managedFields[0].manager"}},
		{"manager of 128 bytes", []meta.ManagedFieldsEntry{{Operation: "Apply", Manager: strings.Repeat("m", 128)}}, nil},
		{"manager with a tab and a newline", []meta.ManagedFieldsEntry{{Operation: "Apply", Manager: "a\tb\n"}}, []string{"FieldValueInvalid metadata.managedFields[0].manager", "FieldValueInvalid metadata.managedFields[0].manager"}},
		{"subresource too long", []meta.ManagedFieldsEntry{{Operation: "Update", Subresource: strings.Repeat("s", 257)}}, []string{"FieldValueTooLong metadata.managedFields[0].subresource"}},
		{"second entry", []meta.ManagedFieldsEntry{{Operation: "Apply"}, {Operation: "Patch"}}, []string{"FieldValueInvalid metadata.managedFields[1].operation"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errKeys(meta.ValidateManagedFields(tt.entries, field.NewPath("metadata", "managedFields")))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestManagedFieldsJSON pins how managedFields read and write: as
// k8s.io/apimachinery's ManagedFieldsEntry does, members in its order
// whatever the input's, null time and fieldsV1 left out, names matched
// case-sensitively (the rest kept as unknown members, written after).
func TestManagedFieldsJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr string
	}{
		{"an API server's entry is written back as it came",
			`[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"batch/v1","time":"2026-11-23T12:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{}},"subresource":"status"}]`,
			`[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"batch/v1","time":"2026-11-23T12:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{}},"subresource":"status"}]`, ""},
		{"sorted members, as YAML turned into JSON has them, are written in Kubernetes' order",
			`[{"apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:a":{}},"manager":"kubectl","operation":"Apply","time":"2026-11-23T12:00:00Z"}]`,
			`[{"manager":"kubectl","operation":"Apply","apiVersion":"v1","time":"2026-11-23T12:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:a":{}}}]`, ""},
		{"null time and fieldsV1 are left out",
			`[{"operation":"Apply","time":null,"fieldsV1":null}]`, `[{"operation":"Apply"}]`, ""},
		{"a zero time is written null",
			`[{"operation":"Apply","time":"0001-01-01T00:00:00Z"}]`, `[{"operation":"Apply","time":null}]`, ""},
		{"fieldsV1 is kept as JSON of any kind, compacted",
			`[{"fieldsV1":[1, "<"]}]`, `[{"fieldsV1":[1,"\u003c"]}]`, ""},
		{"names are case-sensitive; the others are kept after the entry's members",
			`[{"Operation":"Apply","manager":"a\u0062c","x-new":1}]`, `[{"manager":"abc","Operation":"Apply","x-new":1}]`, ""},
		{"a null entry is an empty one", `[null]`, `[{}]`, ""},
		{"not a list", `{"manager":"m"}`, "", `managedFields: Invalid value: {"manager":"m"}: must be a list`},
		{"a number where a string goes", `[{"operation":1}]`, "", `managedFields[0].operation: Invalid value: 1: must be a string`},
		{"a time that is not RFC 3339", `[{"time":"yesterday"}]`, "", `managedFields[0].time: Invalid value: "yesterday": must be a timestamp in RFC 3339 format, such as '2006-01-02T15:04:05Z'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m meta.ObjectMeta
			err := m.UnmarshalJSON([]byte(`{"managedFields":` + tt.in + `}`))
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			out, err := m.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(`{"managedFields":`+tt.want+`}`, string(out)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateOwnerReferences(t *testing.T) {
	good := meta.OwnerReference{APIVersion: "batch/v1", Kind: "Job", Name: "pi", UID: "u1", Controller: ptr(true)}
	tests := []struct {
		name string
		refs []meta.OwnerReference
		want []string
	}{
		{"a Job", []meta.OwnerReference{good}, nil},
		{"core group", []meta.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "c", UID: "u"}}, nil},
		{"everything missing", []meta.OwnerReference{{}}, []string{
			"FieldValueInvalid metadata.ownerReferences.apiVersion", "FieldValueInvalid metadata.ownerReferences.kind",
			"FieldValueInvalid metadata.ownerReferences.name", "FieldValueInvalid metadata.ownerReferences.uid"}},
		{"apiVersion without a version", []meta.OwnerReference{{APIVersion: "batch/", Kind: "Job", Name: "a", UID: "u"}}, []string{"FieldValueInvalid metadata.ownerReferences.apiVersion"}},
		{"apiVersion with two slashes", []meta.OwnerReference{{APIVersion: "a/b/c", Kind: "Job", Name: "a", UID: "u"}}, []string{"FieldValueInvalid metadata.ownerReferences.apiVersion"}},
		{"an Event", []meta.OwnerReference{{APIVersion: "v1", Kind: "Event", Name: "e", UID: "u"}}, []string{"FieldValueInvalid metadata.ownerReferences"}},
		{"an events.k8s.io Event may own", []meta.OwnerReference{{APIVersion: "events.k8s.io/v1", Kind: "Event", Name: "e", UID: "u"}}, nil},
		{"two controllers", []meta.OwnerReference{good, {APIVersion: "v1", Kind: "Pod", Name: "p", UID: "u2", Controller: ptr(true)}}, []string{"FieldValueInvalid metadata.ownerReferences"}},
		{"one controller, one owner", []meta.OwnerReference{good, {APIVersion: "v1", Kind: "Pod", Name: "p", UID: "u2", Controller: ptr(false)}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errKeys(meta.ValidateOwnerReferences(tt.refs, field.NewPath("metadata", "ownerReferences")))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateFinalizers(t *testing.T) {
	tests := []struct {
		name string
		fs   []string
		want []string
	}{
		{"domain-prefixed", []string{"batch.kubernetes.io/job-tracking", "example.com/x"}, nil},
		{"standard", []string{"orphan", "kubernetes"}, nil},
		{"neither standard nor prefixed", []string{"example.com/x", "cleanup"}, []string{"FieldValueInvalid metadata.finalizers[1]"}},
		{"not a qualified name", []string{"bad finalizer"}, []string{"FieldValueInvalid metadata.finalizers", "FieldValueInvalid metadata.finalizers[0]"}},
		{"orphan and foreground", []string{"orphan", "foregroundDeletion"}, []string{"FieldValueInvalid metadata.finalizers"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errKeys(meta.ValidateFinalizers(tt.fs, field.NewPath("metadata", "finalizers")))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateSystemFields(t *testing.T) {
	m := meta.ObjectMeta{Generation: -1, Finalizers: []string{"x"}, ManagedFields: []meta.ManagedFieldsEntry{{Operation: "Apply"}},
		OwnerReferences: []meta.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: "p"}}}
	want := []string{"FieldValueInvalid metadata.generation", "FieldValueInvalid metadata.ownerReferences.uid", "FieldValueInvalid metadata.finalizers[0]"}
	if diff := cmp.Diff(want, errKeys(meta.ValidateSystemFields(&m, field.NewPath("metadata")))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if errs := meta.ValidateSystemFields(&meta.ObjectMeta{Name: "p"}, field.NewPath("metadata")); errs != nil {
		t.Errorf("empty metadata: %v", errs)
	}
}

func TestValidateObjectMetaUpdate(t *testing.T) {
	t0 := meta.NewTime(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	old := meta.ObjectMeta{Name: "p", Namespace: "ns", UID: "u", Generation: 3, CreationTimestamp: t0, Finalizers: []string{"example.com/a"}}
	deleting := old
	deleting.DeletionTimestamp = &t0
	deleting.DeletionGracePeriodSeconds = ptr[int64](30)
	invalid := func(m *meta.ObjectMeta) {
		m.Generation = -1
		m.Labels = map[string]string{"-bad": "v"}
		m.Annotations = map[string]string{"bad key!": ""}
		m.Finalizers = []string{"cleanup", "bad finalizer"}
		m.ManagedFields = []meta.ManagedFieldsEntry{{Operation: "Patch"}}
		m.OwnerReferences = []meta.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: "p"}}
	}
	tests := []struct {
		name   string
		old    meta.ObjectMeta
		change func(m *meta.ObjectMeta)
		opts   meta.ObjectMetaUpdateOptions
		want   []string
	}{
		{"nothing", old, func(*meta.ObjectMeta) {}, meta.ObjectMetaUpdateOptions{}, nil},
		{"labels and generation up", old, func(m *meta.ObjectMeta) { m.Labels = map[string]string{"a": "b"}; m.Generation = 4 }, meta.ObjectMetaUpdateOptions{}, nil},
		{"identity", old, func(m *meta.ObjectMeta) { m.Name, m.Namespace, m.UID = "q", "other", "v" }, meta.ObjectMetaUpdateOptions{}, []string{
			"FieldValueInvalid metadata.name", "FieldValueInvalid metadata.namespace", "FieldValueInvalid metadata.uid"}},
		{"creationTimestamp", old, func(m *meta.ObjectMeta) { m.CreationTimestamp = meta.NewTime(t0.Add(time.Second)) }, meta.ObjectMetaUpdateOptions{}, []string{"FieldValueInvalid metadata.creationTimestamp"}},
		{"generation down", old, func(m *meta.ObjectMeta) { m.Generation = 2 }, meta.ObjectMetaUpdateOptions{}, []string{"FieldValueInvalid metadata.generation"}},
		{"deletion set", old, func(m *meta.ObjectMeta) { m.DeletionTimestamp = &t0; m.DeletionGracePeriodSeconds = ptr[int64](0) }, meta.ObjectMetaUpdateOptions{}, []string{
			"FieldValueInvalid metadata.deletionTimestamp", "FieldValueInvalid metadata.deletionGracePeriodSeconds"}},
		{"finalizer added while deleting", deleting, func(m *meta.ObjectMeta) { m.Finalizers = append(m.Finalizers, "example.com/b") }, meta.ObjectMetaUpdateOptions{}, []string{"FieldValueForbidden metadata.finalizers"}},
		{"finalizer removed while deleting", deleting, func(m *meta.ObjectMeta) { m.Finalizers = nil }, meta.ObjectMetaUpdateOptions{}, nil},
		{"finalizer added", old, func(m *meta.ObjectMeta) { m.Finalizers = append(m.Finalizers, "example.com/b") }, meta.ObjectMetaUpdateOptions{}, nil},
		{"new metadata invalid, in Kubernetes' order", old, invalid, meta.ObjectMetaUpdateOptions{}, []string{
			"FieldValueInvalid metadata.generation",
			"FieldValueInvalid metadata.labels",
			"FieldValueInvalid metadata.annotations",
			"FieldValueInvalid metadata.ownerReferences.uid",
			"FieldValueInvalid metadata.managedFields[0].operation",
			"FieldValueInvalid metadata.finalizers[0]",
			"FieldValueInvalid metadata.finalizers[1]",
		}},
		{"the create-only finalizer rules are not checked", old, func(m *meta.ObjectMeta) {
			m.Finalizers = []string{"orphan", "foregroundDeletion"}
		}, meta.ObjectMetaUpdateOptions{}, nil},
		{"validated as new: only what may not change", old, invalid, meta.ObjectMetaUpdateOptions{ValidatedAsNew: true}, []string{
			"FieldValueInvalid metadata.generation",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.old
			m.Finalizers = append([]string(nil), tt.old.Finalizers...)
			tt.change(&m)
			got := errKeys(meta.ValidateObjectMetaUpdate(&m, &tt.old, field.NewPath("metadata"), "Pod", tt.opts))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func BenchmarkValidateManagedFields(b *testing.B) {
	raw := meta.RawJSON(`[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"batch/v1","time":"2026-11-23T12:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:active":{},"f:ready":{},"f:startTime":{},"f:uncountedTerminatedPods":{}}},"subresource":"status"},` +
		`{"manager":"kubectl-client-side-apply","operation":"Update","apiVersion":"batch/v1","time":"2026-11-23T12:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}}]`)
	var m meta.ObjectMeta
	if err := m.UnmarshalJSON([]byte(`{"managedFields":` + string(raw) + `}`)); err != nil {
		b.Fatal(err)
	}
	path := field.NewPath("metadata", "managedFields")
	b.ReportAllocs()
	for b.Loop() {
		if errs := meta.ValidateManagedFields(m.ManagedFields, path); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

func TestValidateObjectMeta(t *testing.T) {
	pod := meta.ObjectMetaOptions{RequireNamespace: true}
	tests := []struct {
		name string
		m    meta.ObjectMeta
		opts meta.ObjectMetaOptions
		want []string
	}{
		{"name only", meta.ObjectMeta{Name: "pi"}, meta.ObjectMetaOptions{}, nil},
		{"everything valid", meta.ObjectMeta{Name: "pi", GenerateName: "pi-", Namespace: "default", Generation: 1,
			Labels: map[string]string{"app": "pi"}, Annotations: map[string]string{"Example.com/Note": "x"},
			Finalizers: []string{"kubernetes"}}, meta.ObjectMetaOptions{}, nil},
		{"no name", meta.ObjectMeta{}, meta.ObjectMetaOptions{}, []string{"FieldValueRequired metadata.name"}},
		{"a generateName does not stand for the name", meta.ObjectMeta{GenerateName: "pi-"}, meta.ObjectMetaOptions{}, []string{"FieldValueRequired metadata.name"}},
		{"bad generateName and name", meta.ObjectMeta{Name: "Pi_x", GenerateName: "Pi_-"}, meta.ObjectMetaOptions{},
			[]string{"FieldValueInvalid metadata.generateName", "FieldValueInvalid metadata.name"}},
		{"name too long and of a bad shape: two errors", meta.ObjectMeta{Name: strings.Repeat("A", 254)}, meta.ObjectMetaOptions{},
			[]string{"FieldValueInvalid metadata.name", "FieldValueInvalid metadata.name"}},
		{"a dotted name is a subdomain", meta.ObjectMeta{Name: "pi.v2"}, meta.ObjectMetaOptions{}, nil},
		{"the name function decides", meta.ObjectMeta{Name: "pi.v2"}, meta.ObjectMetaOptions{Name: meta.NameIsDNSLabel}, []string{"FieldValueInvalid metadata.name"}},
		{"namespace not a DNS label", meta.ObjectMeta{Name: "pi", Namespace: "my.ns"}, meta.ObjectMetaOptions{}, []string{"FieldValueInvalid metadata.namespace"}},
		{"namespace optional", meta.ObjectMeta{Name: "pi"}, meta.ObjectMetaOptions{}, nil},
		{"namespace required", meta.ObjectMeta{Name: "pi"}, pod, []string{"FieldValueRequired metadata.namespace"}},
		{"bad label key and value", meta.ObjectMeta{Name: "pi", Labels: map[string]string{"-a": "b c"}}, meta.ObjectMetaOptions{},
			[]string{"FieldValueInvalid metadata.labels", "FieldValueInvalid metadata.labels"}},
		{"bad annotation key", meta.ObjectMeta{Name: "pi", Annotations: map[string]string{"a b": ""}}, meta.ObjectMetaOptions{},
			[]string{"FieldValueInvalid metadata.annotations"}},
		{"negative generation", meta.ObjectMeta{Name: "pi", Generation: -1}, meta.ObjectMetaOptions{}, []string{"FieldValueInvalid metadata.generation"}},
		{"system fields", meta.ObjectMeta{Name: "pi", Finalizers: []string{"orphan", "foregroundDeletion"}, OwnerReferences: []meta.OwnerReference{{}}}, pod,
			[]string{
				"FieldValueRequired metadata.namespace",
				"FieldValueInvalid metadata.ownerReferences.apiVersion", "FieldValueInvalid metadata.ownerReferences.kind",
				"FieldValueInvalid metadata.ownerReferences.name", "FieldValueInvalid metadata.ownerReferences.uid",
				"FieldValueInvalid metadata.finalizers",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errKeys(meta.ValidateObjectMeta(&tt.m, field.NewPath("metadata"), tt.opts))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateObjectMetaWordsNamesAsKubernetes(t *testing.T) {
	m := meta.ObjectMeta{Name: "pi", GenerateName: "Pi-", Namespace: "a.b"}
	got := meta.ValidateObjectMeta(&m, field.NewPath("metadata"), meta.ObjectMetaOptions{})
	want := field.ErrorList{
		field.Invalid(field.NewPath("metadata", "generateName"), "Pi-", subdomainRule),
		field.Invalid(field.NewPath("metadata", "namespace"), "a.b", dots),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestValidateAnnotations(t *testing.T) {
	p := field.NewPath("metadata", "annotations")
	big := strings.Repeat("v", meta.TotalAnnotationSizeLimit)
	tests := []struct {
		name string
		a    map[string]string
		want field.ErrorList
	}{
		{"none", nil, nil},
		{"upper-case keys are fine", map[string]string{"Example.com/Note": "x", "NOTE": ""}, nil},
		{"exactly the limit", map[string]string{"k": big[1:]}, nil},
		{"one byte over the limit", map[string]string{"k": big}, field.ErrorList{field.TooLong(p, "", meta.TotalAnnotationSizeLimit)}},
		{"bad keys in order, as written", map[string]string{"b b": "", "A_": ""}, field.ErrorList{
			field.Invalid(p, "A_", "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"),
			field.Invalid(p, "b b", "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, meta.ValidateAnnotations(tt.a, p)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidObjectMetaCostsNoAllocation(t *testing.T) {
	m := meta.ObjectMeta{Name: "pi", GenerateName: "pi", Namespace: "default", Generation: 1,
		Labels: map[string]string{"app": "pi", "example.com/tier": "batch"}, Annotations: map[string]string{"example.com/note": "x"},
		Finalizers: []string{"kubernetes"}}
	path := field.NewPath("metadata")
	allocs := testing.AllocsPerRun(100, func() {
		_ = meta.ValidateObjectMeta(&m, path, meta.ObjectMetaOptions{RequireNamespace: true})
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func BenchmarkValidateObjectMeta(b *testing.B) {
	m := meta.ObjectMeta{Name: "pi", Namespace: "default", Generation: 1,
		Labels: map[string]string{"app": "pi", "batch.kubernetes.io/job-name": "pi"}, Annotations: map[string]string{"example.com/note": "x"}}
	path := field.NewPath("metadata")
	b.ReportAllocs()
	for b.Loop() {
		_ = meta.ValidateObjectMeta(&m, path, meta.ObjectMetaOptions{})
	}
}
