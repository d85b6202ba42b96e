package jobtest_test

import (
	"math/rand/v2"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/selector"
)

// t0 is the time of the test stores' clock.
var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// newStore returns a store with a fixed clock and seeded randomness.
func newStore(opts ...jobtest.StoreOption) *jobtest.Store {
	base := []jobtest.StoreOption{
		jobtest.WithClock(func() time.Time { return t0 }),
		jobtest.WithRandom(rand.NewChaCha8([32]byte{1})),
	}
	return jobtest.NewStore(append(base, opts...)...)
}

func ptr[T any](v T) *T { return &v }

// mustCreate creates obj or stops the test.
func mustCreate[T jobtest.Object](t *testing.T, r *jobtest.Resource[T], obj *T) *T {
	t.Helper()
	got, _, err := r.Create(obj)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return got
}

// preparedJob is what the API server stores for job, created in namespace
// ns with uid at resourceVersion rv: jobapi's create-time processing plus
// the store's fields. It is the reference the store is checked against.
func preparedJob(t *testing.T, job *jobapi.Job, ns, name string, uid meta.UID, rv string) (*jobapi.Job, meta.Warnings) {
	t.Helper()
	v := v1.Job{ObjectMeta: *job.ObjectMeta.DeepCopy(), Spec: v1.JobSpec(*job.Spec.DeepCopy())}
	v1.SetDefaults(&v) // as the API server decodes the request
	want := &jobapi.Job{ObjectMeta: v.ObjectMeta, Spec: jobapi.JobSpec(v.Spec)}
	if want.ObjectMeta.Name == "" && want.ObjectMeta.GenerateName != "" {
		want = want.DeepCopy() // the generate-name retry creates from a copy
	}
	want.ObjectMeta.Name = name
	w, err := jobapi.PrepareForCreate(want, jobapi.WithUID(uid), jobapi.WithCreationTime(t0))
	if err != nil {
		t.Fatal(err)
	}
	jobapi.ReadBack(want) // what the server returns
	want.TypeMeta = meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}
	want.ObjectMeta.Namespace = ns
	want.ObjectMeta.ResourceVersion = rv
	return want, w
}

func TestCreateJob(t *testing.T) {
	tests := []struct {
		name string
		job  *jobapi.Job
		// wantName matches the stored name.
		wantName *regexp.Regexp
	}{
		{"sets the server fields and generates the selector",
			jobtest.Job("pi", jobtest.Indexed(3), jobtest.Parallelism(2)), regexp.MustCompile(`^pi$`)},
		{"ignores the status",
			jobtest.Job("pi", jobtest.Indexed(3), jobtest.CompletedIndexes("0-2"), jobtest.JobFunc(func(j *jobapi.Job) { j.Status.Succeeded = 3 })),
			regexp.MustCompile(`^pi$`)},
		{"replaces a copied uid, resourceVersion and generation, with warnings",
			jobtest.Job("pi", jobtest.UID("0d1e5f6a-copied"), jobtest.JobFunc(func(j *jobapi.Job) {
				j.ObjectMeta.ResourceVersion, j.ObjectMeta.Generation = "42", 7
			})),
			regexp.MustCompile(`^pi$`)},
		{"makes the name from generateName",
			jobtest.Job("", jobtest.GenerateName("pi-")), regexp.MustCompile(`^pi-[bcdfghjklmnpqrstvwxz2456789]{5}$`)},
		{"cuts a long generateName to leave room for the suffix",
			jobtest.Job("", jobtest.GenerateName("a123456789b123456789c123456789d123456789e123456789f1234567890-")),
			regexp.MustCompile(`^a123456789b123456789c123456789d123456789e123456789f1234567[bcdfghjklmnpqrstvwxz2456789]{5}$`)},
		{"keeps the namespace the object names when it is the resource's",
			jobtest.Job("pi", jobtest.Namespace("ns")), regexp.MustCompile(`^pi$`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			got, warnings, err := s.Jobs("ns").Create(tt.job)
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			if !tt.wantName.MatchString(got.ObjectMeta.Name) {
				t.Fatalf("name %q does not match %s", got.ObjectMeta.Name, tt.wantName)
			}
			want, wantWarnings := preparedJob(t, tt.job, "ns", got.ObjectMeta.Name, got.ObjectMeta.UID, "2")
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("stored Job (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantWarnings, warnings, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(got, must(s.Jobs("ns").Get(got.ObjectMeta.Name))); diff != "" {
				t.Errorf("Get after Create (-created +got):\n%s", diff)
			}
		})
	}
}

// TestCreateJobDecodesAsTheServerWarns checks the request decode of a
// Create: a client that asks for no field validation gets the server's
// default, Warn, so a Job's members jobkit does not model are dropped
// with jobapi.DropUnknownFields' warning each, before the create-time
// warnings, and none is stored.
func TestCreateJobDecodesAsTheServerWarns(t *testing.T) {
	withUnknown := func(rv string) *jobapi.Job {
		return jobtest.Job("pi", jobtest.JobFunc(func(j *jobapi.Job) {
			j.Unknown = meta.Unknown{"zzz": meta.RawJSON(`1`)}
			j.ObjectMeta.Unknown = meta.Unknown{"colour": meta.RawJSON(`"blue"`)}
			j.ObjectMeta.ResourceVersion = rv
			j.Spec.Template.Spec.Containers[0].Unknown = meta.Unknown{"imagePullPolcy": meta.RawJSON(`"Always"`)}
		}))
	}
	unknownWarnings := meta.Warnings{
		{Message: `unknown field "metadata.colour"`},
		{Message: `unknown field "spec.template.spec.containers[0].imagePullPolcy"`},
		{Message: `unknown field "zzz"`},
	}
	tests := []struct {
		name string
		job  *jobapi.Job
		want meta.Warnings
	}{
		{"unknown members are dropped with a warning each", withUnknown(""), unknownWarnings},
		{"their warnings come before create's own", withUnknown("42"), append(unknownWarnings[:len(unknownWarnings):len(unknownWarnings)],
			meta.Warning{Field: "metadata.resourceVersion", Message: `removed "42": a new object has no resourceVersion (was the manifest copied from an existing Job?)`})},
		{"a Job without unknown members gets no such warning", jobtest.Job("pi"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			got, warnings, err := s.Jobs("ns").Create(tt.job)
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			if diff := cmp.Diff(tt.want, warnings, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if left := jobapi.UnknownFields(got, ""); len(left) > 0 {
				t.Errorf("stored with unknown members %q", left)
			}
			if left := jobapi.UnknownFields(tt.job, ""); len(left) == 0 && len(tt.want) > 0 {
				t.Errorf("Create changed the caller's Job")
			}
		})
	}
}

func TestCreatePodDecodesAsTheServerWarns(t *testing.T) {
	p := jobtest.Pod("x", jobtest.PodFunc(func(p *core.Pod) {
		p.Unknown = meta.Unknown{"zzz": meta.RawJSON(`1`)}
		p.Spec.Containers[0].Unknown = meta.Unknown{"imagePullPolcy": meta.RawJSON(`"Always"`)}
	}))
	s := newStore()
	got, warnings, err := s.Pods("ns").Create(p)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	want := meta.Warnings{{Message: `unknown field "spec.containers[0].imagePullPolcy"`}, {Message: `unknown field "zzz"`}}
	if diff := cmp.Diff(want, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if left := jobapi.UnknownFields(got, ""); len(left) > 0 {
		t.Errorf("stored with unknown members %q", left)
	}
	if diff := cmp.Diff([]string{"spec.containers[0].imagePullPolcy", "zzz"}, jobapi.UnknownFields(p, "")); diff != "" {
		t.Errorf("Create changed the caller's Pod (-want +got):\n%s", diff)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestCreatePod(t *testing.T) {
	tests := []struct {
		name         string
		pod          *core.Pod
		wantWarnings []string // fields
	}{
		{"sets the server fields and makes the pod Pending", jobtest.Pod("p", jobtest.Phase(core.PodSucceeded)), nil},
		{"replaces a copied uid and resourceVersion, with warnings",
			jobtest.Pod("p", jobtest.UID("copied"), jobtest.PodFunc(func(p *core.Pod) { p.ObjectMeta.ResourceVersion = "9" })),
			[]string{"metadata.uid", "metadata.resourceVersion"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			got, warnings, err := s.Pods("ns").Create(tt.pod)
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			if got.ObjectMeta.UID == "" || got.ObjectMeta.UID == tt.pod.ObjectMeta.UID {
				t.Fatalf("uid %q: want a new one", got.ObjectMeta.UID)
			}
			want := tt.pod.DeepCopy()
			want.ObjectMeta.Namespace = "ns"
			want.ObjectMeta.UID = got.ObjectMeta.UID
			want.ObjectMeta.ResourceVersion = "2"
			want.ObjectMeta.Generation = 1
			want.ObjectMeta.CreationTimestamp = meta.NewTime(t0)
			want.Status = core.PodStatus{Phase: core.PodPending}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("stored Pod (-want +got):\n%s", diff)
			}
			var fields []string
			for _, w := range warnings {
				fields = append(fields, w.Field)
			}
			if diff := cmp.Diff(tt.wantWarnings, fields); diff != "" {
				t.Errorf("warning fields (-want +got):\n%s", diff)
			}
		})
	}
}

// The status codes of the conventions, one named test each.

func TestStatus404NotFound(t *testing.T) {
	s := newStore()
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"Get of a missing Job", func() error { _, err := s.Jobs("ns").Get("pi"); return err }, `jobs.batch "pi" not found`},
		{"Get of a missing Pod", func() error { _, err := s.Pods("ns").Get("p"); return err }, `pods "p" not found`},
		{"Update of a missing Job", func() error { _, err := s.Jobs("ns").Update(jobtest.Job("pi")); return err }, `jobs.batch "pi" not found`},
		{"UpdateStatus of a missing Pod", func() error { _, err := s.Pods("ns").UpdateStatus(jobtest.Pod("p")); return err }, `pods "p" not found`},
		{"Delete of a missing Job", func() error { _, err := s.Jobs("ns").Delete("pi"); return err }, `jobs.batch "pi" not found`},
		{"Get in another namespace", func() error {
			mustCreate(t, s.Jobs("other"), jobtest.Job("pi"))
			_, err := s.Jobs("ns").Get("pi")
			return err
		}, `jobs.batch "pi" not found`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se := jobtest.RequireStatusReason(t, tt.call(), field.StatusReasonNotFound)
			if se.Code() != http.StatusNotFound || se.Error() != tt.want {
				t.Errorf("got %d %q, want 404 %q", se.Code(), se.Error(), tt.want)
			}
		})
	}
}

func TestStatus409AlreadyExists(t *testing.T) {
	t.Run("a Job name that is taken", func(t *testing.T) {
		s := newStore()
		first := mustCreate(t, s.Jobs("ns"), jobtest.Job("pi"))
		_, _, err := s.Jobs("ns").Create(jobtest.Job("pi", jobtest.Parallelism(3)))
		se := jobtest.RequireStatusReason(t, err, field.StatusReasonAlreadyExists)
		want := field.NewAlreadyExists(field.GroupResource{Group: "batch", Resource: "jobs"}, "pi")
		if diff := cmp.Diff(want.ErrStatus, se.ErrStatus); diff != "" {
			t.Errorf("Status (-want +got):\n%s", diff)
		}
		if se.Code() != http.StatusConflict {
			t.Errorf("code %d, want 409", se.Code())
		}
		// Name idempotency: the first Job is untouched.
		if diff := cmp.Diff(first, must(s.Jobs("ns").Get("pi"))); diff != "" {
			t.Errorf("the stored Job changed (-before +after):\n%s", diff)
		}
	})
	t.Run("a Pod name that is taken", func(t *testing.T) {
		s := newStore()
		mustCreate(t, s.Pods("ns"), jobtest.Pod("p"))
		_, _, err := s.Pods("ns").Create(jobtest.Pod("p"))
		se := jobtest.RequireStatusReason(t, err, field.StatusReasonAlreadyExists)
		if se.Error() != `pods "p" already exists` {
			t.Errorf("message %q", se.Error())
		}
	})
	t.Run("the same name in another namespace is free", func(t *testing.T) {
		s := newStore()
		mustCreate(t, s.Jobs("a"), jobtest.Job("pi"))
		mustCreate(t, s.Jobs("b"), jobtest.Job("pi"))
	})
}

func TestStatus409Conflict(t *testing.T) {
	s := newStore()
	jobs := s.Jobs("ns")
	mustCreate(t, jobs, jobtest.Job("pi"))
	mine, theirs := must(jobs.Get("pi")), must(jobs.Get("pi"))

	theirs.ObjectMeta.Labels = map[string]string{"owner": "them"}
	if _, err := jobs.Update(theirs); err != nil {
		t.Fatalf("first Update: %v", err)
	}
	tests := []struct {
		name string
		call func() error
	}{
		{"Update with a stale resourceVersion", func() error {
			j := mine.DeepCopy()
			setLabel(&j.ObjectMeta, "owner", "me")
			_, err := jobs.Update(j)
			return err
		}},
		{"UpdateStatus with a stale resourceVersion", func() error {
			j := mine.DeepCopy()
			j.Status.Active = 1
			_, err := jobs.UpdateStatus(j)
			return err
		}},
		{"Update with a resourceVersion that never was", func() error {
			j := mine.DeepCopy()
			j.ObjectMeta.ResourceVersion = "999"
			_, err := jobs.Update(j)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se := jobtest.RequireStatusReason(t, tt.call(), field.StatusReasonConflict)
			const want = `Operation cannot be fulfilled on jobs.batch "pi": the object has been modified; please apply your changes to the latest version and try again`
			if se.Code() != http.StatusConflict || se.Error() != want {
				t.Errorf("got %d %q, want 409 %q", se.Code(), se.Error(), want)
			}
			if got := must(jobs.Get("pi")).ObjectMeta.Labels["owner"]; got != "them" {
				t.Errorf("stored owner label %q: the losing write must change nothing", got)
			}
		})
	}
}

func TestStatus422Invalid(t *testing.T) {
	tests := []struct {
		name string
		job  *jobapi.Job
		want []jobtest.FieldErrorID
	}{
		{"a selector without manualSelector",
			jobtest.Job("pi", jobtest.Selector(&selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}})),
			[]jobtest.FieldErrorID{{field.ErrorTypeInvalid, "spec.selector"}, {field.ErrorTypeInvalid, "spec.template.metadata.labels"}}},
		{"a fieldRef to a field pods do not have (the store validates fieldRefs)",
			func() *jobapi.Job {
				j := jobtest.Job("pi")
				j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "X", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.bogus"}}}}
				return j
			}(),
			[]jobtest.FieldErrorID{{field.ErrorTypeInvalid, "spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath"}}},
		{"a negative parallelism and backoffLimit",
			jobtest.Job("pi", jobtest.Parallelism(-1), jobtest.BackoffLimit(-2)),
			[]jobtest.FieldErrorID{{field.ErrorTypeInvalid, "spec.parallelism"}, {field.ErrorTypeInvalid, "spec.backoffLimit"}}},
		{"a name that is not a DNS subdomain",
			jobtest.Job("Pi"), []jobtest.FieldErrorID{{field.ErrorTypeInvalid, "metadata.name"}}},
		{"no name and no generateName",
			jobtest.Job(""), []jobtest.FieldErrorID{{field.ErrorTypeRequired, "metadata.name"}}},
		// Without parallelism either, batch/v1's defaults would set both
		// to 1 and make it valid.
		{"an Indexed Job with parallelism and without completions",
			jobtest.Job("pi", jobtest.Parallelism(2), jobtest.JobFunc(func(j *jobapi.Job) { j.Spec.CompletionMode = ptr(jobapi.IndexedCompletion) })),
			[]jobtest.FieldErrorID{{field.ErrorTypeRequired, "spec.completions"}}},
		{"a restartPolicy of Always",
			jobtest.Job("pi", jobtest.RestartPolicy(core.RestartPolicyAlways)),
			[]jobtest.FieldErrorID{{field.ErrorTypeRequired, "spec.template.spec.restartPolicy"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			_, _, err := s.Jobs("ns").Create(tt.job)
			se := jobtest.RequireStatusReason(t, err, field.StatusReasonInvalid)
			if se.Code() != http.StatusUnprocessableEntity {
				t.Errorf("code %d, want 422", se.Code())
			}
			jobtest.RequireFieldErrors(t, err, tt.want...)
			d := se.ErrStatus.Details
			if d == nil || d.Kind != "Job" || d.Group != "batch" || d.Name != tt.job.ObjectMeta.Name || len(d.Causes) != len(tt.want) {
				t.Errorf("details %+v: want kind Job, group batch, name %q and %d causes", d, tt.job.ObjectMeta.Name, len(tt.want))
			}
			if got := must(s.Jobs("ns").List()).Items; len(got) != 0 {
				t.Errorf("an invalid Job was stored: %d Jobs", len(got))
			}
		})
	}

	podTests := []struct {
		name string
		pod  *core.Pod
		want []jobtest.FieldErrorID
	}{
		{"a pod without containers",
			jobtest.Pod("p", jobtest.PodFunc(func(p *core.Pod) { p.Spec.Containers = nil })),
			[]jobtest.FieldErrorID{{field.ErrorTypeRequired, "spec.containers"}}},
		{"a container without an image and a bad label",
			jobtest.Pod("p", jobtest.Image(""), jobtest.Labels(map[string]string{"a b": "c"})),
			[]jobtest.FieldErrorID{{field.ErrorTypeRequired, "spec.containers[0].image"}, {field.ErrorTypeInvalid, "metadata.labels"}}},
		{"two containers with one name",
			jobtest.Pod("p", jobtest.PodFunc(func(p *core.Pod) { p.Spec.Containers = append(p.Spec.Containers, p.Spec.Containers[0]) })),
			[]jobtest.FieldErrorID{{field.ErrorTypeDuplicate, "spec.containers[1].name"}}},
		{"a generateName that cannot make a name",
			jobtest.Pod("", jobtest.GenerateName("Pi-")),
			[]jobtest.FieldErrorID{{field.ErrorTypeInvalid, "metadata.generateName"}, {field.ErrorTypeInvalid, "metadata.name"}}},
	}
	for _, tt := range podTests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			_, _, err := s.Pods("ns").Create(tt.pod)
			se := jobtest.RequireStatusReason(t, err, field.StatusReasonInvalid)
			if se.Code() != http.StatusUnprocessableEntity || se.ErrStatus.Details.Kind != "Pod" {
				t.Errorf("code %d kind %q, want 422 Pod", se.Code(), se.ErrStatus.Details.Kind)
			}
			jobtest.RequireFieldErrors(t, err, tt.want...)
		})
	}
}

func TestStatus400BadRequest(t *testing.T) {
	s := newStore()
	mustCreate(t, s.Jobs("ns"), jobtest.Job("pi"))
	tests := []struct {
		name string
		call func() error
	}{
		{"Create of nil", func() error { _, _, err := s.Jobs("ns").Create(nil); return err }},
		{"Create in another namespace than the object's", func() error {
			_, _, err := s.Jobs("ns").Create(jobtest.Job("x", jobtest.Namespace("other")))
			return err
		}},
		{"Create through the all-namespaces resource", func() error { _, _, err := s.Jobs("").Create(jobtest.Job("x")); return err }},
		{"Get through the all-namespaces resource", func() error { _, err := s.Pods("").Get("x"); return err }},
		{"Get of an empty name", func() error { _, err := s.Jobs("ns").Get(""); return err }},
		{"Update of an object without a name", func() error { _, err := s.Jobs("ns").Update(jobtest.Job("")); return err }},
		{"Delete through the all-namespaces resource", func() error { _, err := s.Jobs("").Delete("pi"); return err }},
		{"List with a selector that does not parse", func() error { _, err := s.Jobs("ns").List(jobtest.MatchingLabels("a in (b")); return err }},
		{"Watch from a resourceVersion that is not a number", func() error { _, err := s.Jobs("ns").Watch("latest"); return err }},
		{"Create of an object that cannot be encoded", func() error {
			// (Unknown members are dropped on create, as an API server
			// drops them; a kept JSON value that is not JSON cannot be
			// encoded.)
			p := jobtest.Pod("x", jobtest.PodFunc(func(p *core.Pod) {
				fields := meta.RawJSON(`{"f:metadata":`)
				p.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Manager: "m", Operation: "Update", FieldsType: "FieldsV1", FieldsV1: &fields}}
			}))
			_, _, err := s.Pods("ns").Create(p)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se := jobtest.RequireStatusReason(t, tt.call(), field.StatusReasonBadRequest)
			if se.Code() != http.StatusBadRequest {
				t.Errorf("code %d, want 400", se.Code())
			}
		})
	}
}

func TestUpdateJob(t *testing.T) {
	tests := []struct {
		name   string
		change func(j *jobapi.Job)
		// write: the update is a write (new resourceVersion); specChange:
		// the generation goes up.
		write, specChange bool
		wantErr           string // the field of an expected Invalid error
	}{
		{name: "a label change is written; the generation stays",
			change: func(j *jobapi.Job) { setLabel(&j.ObjectMeta, "tier", "batch") }, write: true},
		{name: "an annotation change is written",
			change: func(j *jobapi.Job) { j.ObjectMeta.Annotations = map[string]string{"note": "x"} }, write: true},
		{name: "a spec change increments the generation",
			change: func(j *jobapi.Job) { j.Spec.Parallelism = ptr(int32(3)) }, write: true, specChange: true},
		{name: "an empty resourceVersion is an unconditional update",
			change: func(j *jobapi.Job) { j.ObjectMeta.ResourceVersion = ""; setLabel(&j.ObjectMeta, "tier", "batch") }, write: true},
		{name: "a status change is ignored, and so is not a write",
			change: func(j *jobapi.Job) { j.Status.Succeeded = 1; j.Status.CompletedIndexes = "0" }},
		{name: "the same object is not a write",
			change: func(*jobapi.Job) {}},
		{name: "generation and creationTimestamp in the request are ignored",
			change: func(j *jobapi.Job) {
				j.ObjectMeta.Generation = 42
				j.ObjectMeta.CreationTimestamp = meta.NewTime(t0.Add(time.Hour))
			}},
		{name: "an empty uid means the stored one",
			change: func(j *jobapi.Job) { j.ObjectMeta.UID = "" }},
		{name: "an empty map is an absent map",
			change: func(j *jobapi.Job) { j.ObjectMeta.Annotations = map[string]string{} }},
		{name: "a changed selector is Invalid",
			change: func(j *jobapi.Job) { j.Spec.Selector.MatchLabels["extra"] = "x" }, wantErr: "spec.selector"},
		{name: "a changed completionMode is Invalid",
			change: func(j *jobapi.Job) { j.Spec.CompletionMode = ptr(jobapi.NonIndexedCompletion) }, wantErr: "spec.completionMode"},
		{name: "a changed uid is Invalid",
			change: func(j *jobapi.Job) { j.ObjectMeta.UID = "another" }, wantErr: "metadata.uid"},
		{name: "an invalid label is Invalid",
			change: func(j *jobapi.Job) { setLabel(&j.ObjectMeta, "-bad", "x") }, wantErr: "metadata.labels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			jobs := s.Jobs("ns")
			before := mustCreate(t, jobs, jobtest.Job("pi", jobtest.Indexed(4), jobtest.Parallelism(2)))
			// A status, so that ignoring it shows.
			st := before.DeepCopy()
			st.Status.Active = 2
			before = must(jobs.UpdateStatus(st))

			in := before.DeepCopy()
			tt.change(in)
			got, err := jobs.Update(in)
			if tt.wantErr != "" {
				jobtest.RequireStatusReason(t, err, field.StatusReasonInvalid)
				jobtest.RequireFieldError(t, err, field.ErrorTypeInvalid, tt.wantErr)
				jobtest.RequireEqual(t, before, must(jobs.Get("pi")))
				return
			}
			if err != nil {
				t.Fatalf("Update: %v", err)
			}
			want := in.DeepCopy()
			want.ObjectMeta = *before.ObjectMeta.DeepCopy()
			want.ObjectMeta.Labels = in.ObjectMeta.Labels
			want.ObjectMeta.Annotations = in.ObjectMeta.Annotations
			want.Status = before.Status
			if tt.specChange {
				want.ObjectMeta.Generation++
			}
			if tt.write {
				want.ObjectMeta.ResourceVersion = s.ResourceVersion()
				if want.ObjectMeta.ResourceVersion == before.ObjectMeta.ResourceVersion {
					t.Fatal("the update was not a write")
				}
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Update returned (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(got, must(jobs.Get("pi"))); diff != "" {
				t.Errorf("Get after Update (-updated +got):\n%s", diff)
			}
		})
	}
}

func TestUpdateStatusJob(t *testing.T) {
	tests := []struct {
		name    string
		change  func(j *jobapi.Job)
		write   bool
		wantErr string
	}{
		{name: "the status is written; the generation stays",
			change: func(j *jobapi.Job) { j.Status.Succeeded = 2; j.Status.CompletedIndexes = "0,1" }, write: true},
		{name: "spec, labels and annotations are ignored",
			change: func(j *jobapi.Job) {
				j.Spec.Parallelism = ptr(int32(1))
				setLabel(&j.ObjectMeta, "tier", "batch")
				j.ObjectMeta.Annotations = map[string]string{"a": "b"}
			}},
		{name: "a negative count is Invalid",
			change: func(j *jobapi.Job) { j.Status.Active = -1 }, wantErr: "status.active"},
		{name: "completedIndexes past the completions is Invalid",
			change: func(j *jobapi.Job) { j.Status.CompletedIndexes = "1,4" }, wantErr: "status.completedIndexes"},
		{name: "completedIndexes out of order is Invalid",
			change: func(j *jobapi.Job) { j.Status.CompletedIndexes = "2,1" }, wantErr: "status.completedIndexes"},
		{name: "a malformed failedIndexes is Invalid",
			change: func(j *jobapi.Job) { j.Status.FailedIndexes = ptr("1-") }, wantErr: "status.failedIndexes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			jobs := s.Jobs("ns")
			before := mustCreate(t, jobs, jobtest.Job("pi", jobtest.Indexed(4), jobtest.Parallelism(2)))
			in := before.DeepCopy()
			tt.change(in)
			got, err := jobs.UpdateStatus(in)
			if tt.wantErr != "" {
				jobtest.RequireStatusReason(t, err, field.StatusReasonInvalid)
				jobtest.RequireFieldError(t, err, field.ErrorTypeInvalid, tt.wantErr)
				jobtest.RequireEqual(t, before, must(jobs.Get("pi")))
				return
			}
			if err != nil {
				t.Fatalf("UpdateStatus: %v", err)
			}
			want := before.DeepCopy()
			want.Status = in.Status
			if tt.write {
				want.ObjectMeta.ResourceVersion = s.ResourceVersion()
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("UpdateStatus returned (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("completedIndexes in a NonIndexed Job is Invalid", func(t *testing.T) {
		s := newStore()
		j := mustCreate(t, s.Jobs("ns"), jobtest.Job("pi", jobtest.Completions(2)))
		j.Status.CompletedIndexes = "0"
		_, err := s.Jobs("ns").UpdateStatus(j)
		jobtest.RequireFieldError(t, err, field.ErrorTypeInvalid, "status.completedIndexes")
	})
}

func TestUpdatePod(t *testing.T) {
	tests := []struct {
		name     string
		status   bool // UpdateStatus rather than Update
		change   func(p *core.Pod)
		wantGen  int64
		wantErr  string
		wantType field.ErrorType
	}{
		{name: "a new image is allowed and increments the generation",
			change: func(p *core.Pod) { p.Spec.Containers[0].Image = "busybox:2" }, wantGen: 2},
		{name: "a label change keeps the generation",
			change: func(p *core.Pod) { p.ObjectMeta.Labels = map[string]string{"a": "b"} }, wantGen: 1},
		{name: "a new command is Forbidden",
			change: func(p *core.Pod) { p.Spec.Containers[0].Command = []string{"sh"} }, wantErr: "spec", wantType: field.ErrorTypeForbidden},
		{name: "setting deletionTimestamp is Invalid",
			change: func(p *core.Pod) { p.ObjectMeta.DeletionTimestamp = ptr(meta.NewTime(t0)) }, wantErr: "metadata.deletionTimestamp", wantType: field.ErrorTypeInvalid},
		{name: "UpdateStatus sets the phase", status: true,
			change: func(p *core.Pod) { p.Status.Phase = core.PodSucceeded }, wantGen: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			pods := s.Pods("ns")
			before := mustCreate(t, pods, jobtest.Pod("p"))
			in := before.DeepCopy()
			tt.change(in)
			update := pods.Update
			if tt.status {
				update = pods.UpdateStatus
			}
			got, err := update(in)
			if tt.wantErr != "" {
				jobtest.RequireFieldError(t, err, tt.wantType, tt.wantErr)
				return
			}
			if err != nil {
				t.Fatalf("update: %v", err)
			}
			want := in.DeepCopy()
			want.ObjectMeta.Generation = tt.wantGen
			want.ObjectMeta.ResourceVersion = s.ResourceVersion()
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestUpdatePodRules: pod updates and status updates are validated as
// the API server validates them (core.ValidatePodUpdate and
// core.ValidatePodStatusUpdate).
func TestUpdatePodRules(t *testing.T) {
	terminated := func(code int32) core.ContainerState {
		return core.ContainerState{Terminated: &core.ContainerStateTerminated{ExitCode: code}}
	}
	running := core.ContainerState{Running: &core.ContainerStateRunning{}}
	tests := []struct {
		name     string
		status   bool
		before   func(p *core.Pod) // the stored pod's spec and status
		change   func(p *core.Pod)
		wantErr  string
		wantType field.ErrorType
	}{
		{name: "deadline lowered", before: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) },
			change: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](30) }},
		{name: "deadline raised", before: func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](60) },
			change:  func(p *core.Pod) { p.Spec.ActiveDeadlineSeconds = ptr[int64](90) },
			wantErr: "spec.activeDeadlineSeconds", wantType: field.ErrorTypeInvalid},
		{name: "toleration removed", before: func(p *core.Pod) {
			p.Spec.Tolerations = []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}
		}, change: func(p *core.Pod) { p.Spec.Tolerations = nil }, wantErr: "spec.tolerations", wantType: field.ErrorTypeForbidden},
		{name: "scheduling gate removed", before: func(p *core.Pod) {
			p.Spec.SchedulingGates = []core.PodSchedulingGate{{Name: "example.com/quota"}}
		}, change: func(p *core.Pod) { p.Spec.SchedulingGates = nil }},
		{name: "a container terminates", status: true,
			before: func(p *core.Pod) {
				p.Status.ContainerStatuses = []core.ContainerStatus{{Name: jobtest.DefaultContainerName, State: running}}
			},
			change: func(p *core.Pod) { p.Status.ContainerStatuses[0].State = terminated(0) }},
		{name: "a terminated container of a Never pod does not run again", status: true,
			before: func(p *core.Pod) {
				p.Status.ContainerStatuses = []core.ContainerStatus{{Name: jobtest.DefaultContainerName, State: terminated(1)}}
			},
			change:  func(p *core.Pod) { p.Status.ContainerStatuses[0].State = running },
			wantErr: "status.containerStatuses[0].state", wantType: field.ErrorTypeForbidden},
		{name: "an invalid pod IP", status: true,
			change: func(p *core.Pod) {
				p.Status.PodIP, p.Status.PodIPs = "10.0.0.256", []core.PodIP{{IP: "10.0.0.256"}}
			},
			wantErr: "status.podIPs[0]", wantType: field.ErrorTypeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore()
			pods := s.Pods("ns")
			p := jobtest.Pod("p")
			if tt.before != nil {
				tt.before(p)
			}
			stored := mustCreate(t, pods, p)
			if tt.before != nil && tt.status {
				// Create resets the status: write it as a kubelet would.
				in := stored.DeepCopy()
				tt.before(in)
				var err error
				if stored, err = pods.UpdateStatus(in); err != nil {
					t.Fatalf("status before: %v", err)
				}
			}
			in := stored.DeepCopy()
			tt.change(in)
			update := pods.Update
			if tt.status {
				update = pods.UpdateStatus
			}
			_, err := update(in)
			if tt.wantErr != "" {
				jobtest.RequireFieldError(t, err, tt.wantType, tt.wantErr)
				return
			}
			if err != nil {
				t.Fatalf("update: %v", err)
			}
		})
	}
}

func TestDelete(t *testing.T) {
	s := newStore()
	jobs := s.Jobs("ns")
	job := mustCreate(t, jobs, jobtest.Job("pi"))
	mustCreate(t, s.Pods("ns"), jobtest.Pod("p", jobtest.OwnedBy(job)))

	got, err := jobs.Delete("pi")
	if err != nil {
		t.Fatalf("Delete: %v", err)
	}
	want := field.Status{
		Kind: "Status", APIVersion: "v1", Status: field.StatusSuccess,
		Details: &field.StatusDetails{Name: "pi", Group: "batch", Kind: "jobs", UID: string(job.ObjectMeta.UID)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Status (-want +got):\n%s", diff)
	}
	// batch/v1 orphans by default: the Job is marked with the orphan
	// finalizer (4), the garbage collector removes the pod's owner
	// reference (5) and then the finalizer, which removes the Job (6).
	if s.ResourceVersion() != "6" {
		t.Errorf("resourceVersion %s after 5 writes, want 6", s.ResourceVersion())
	}
	_, err = jobs.Get("pi")
	jobtest.RequireStatusReason(t, err, field.StatusReasonNotFound)
	_, err = jobs.Delete("pi")
	jobtest.RequireStatusReason(t, err, field.StatusReasonNotFound)
	if p, err := s.Pods("ns").Get("p"); err != nil {
		t.Errorf("the Job's pod: %v; deleting a batch/v1 Job orphans its pods by default", err)
	} else if len(p.ObjectMeta.OwnerReferences) != 0 {
		t.Errorf("the orphaned pod keeps its owner references %v", p.ObjectMeta.OwnerReferences)
	}
	// The name is free again, for a new Job with a new uid.
	again := mustCreate(t, jobs, jobtest.Job("pi"))
	if again.ObjectMeta.UID == job.ObjectMeta.UID {
		t.Error("the new Job has the deleted Job's uid")
	}
}

func TestList(t *testing.T) {
	s := newStore()
	for _, p := range []*core.Pod{
		jobtest.Pod("b", jobtest.Namespace("ns"), jobtest.Labels(map[string]string{"app": "pi", "tier": "x"})),
		jobtest.Pod("a", jobtest.Namespace("ns"), jobtest.Labels(map[string]string{"app": "pi"})),
		jobtest.Pod("c", jobtest.Namespace("ns"), jobtest.Labels(map[string]string{"app": "other"})),
		jobtest.Pod("a", jobtest.Namespace("alpha"), jobtest.Labels(map[string]string{"app": "pi"})),
	} {
		mustCreate(t, s.Pods(p.ObjectMeta.Namespace), p)
	}
	tests := []struct {
		name string
		ns   string
		opts []jobtest.ListOption
		want []string // namespace/name
	}{
		{"everything in a namespace, by name", "ns", nil, []string{"ns/a", "ns/b", "ns/c"}},
		{"every namespace, by namespace and name", "", nil, []string{"alpha/a", "ns/a", "ns/b", "ns/c"}},
		{"a label selector", "ns", []jobtest.ListOption{jobtest.MatchingLabels("app=pi")}, []string{"ns/a", "ns/b"}},
		{"a Selector value across namespaces", "", []jobtest.ListOption{jobtest.MatchingSelector(selector.MustParse("app=pi"))}, []string{"alpha/a", "ns/a", "ns/b"}},
		{"two selectors must both match", "ns", []jobtest.ListOption{jobtest.MatchingLabels("app=pi"), jobtest.MatchingLabels("tier")}, []string{"ns/b"}},
		{"Nothing selects nothing", "", []jobtest.ListOption{jobtest.MatchingSelector(selector.Nothing())}, nil},
		{"an empty namespace", "empty", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := s.Pods(tt.ns).List(tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range l.Items {
				got = append(got, p.ObjectMeta.Namespace+"/"+p.ObjectMeta.Name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if l.ResourceVersion != s.ResourceVersion() || l.ResourceVersion != "5" {
				t.Errorf("list resourceVersion %s, store %s, want 5", l.ResourceVersion, s.ResourceVersion())
			}
		})
	}
}

func TestCopiesShareNothing(t *testing.T) {
	s := newStore()
	jobs := s.Jobs("ns")
	in := jobtest.Job("pi", jobtest.Indexed(2), jobtest.Labels(map[string]string{"app": "pi"}), jobtest.Annotations(map[string]string{"a": "b"}))
	created := mustCreate(t, jobs, in)
	w, err := jobs.Watch("")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	watched := nextEvent(t, w).Object
	got := must(jobs.Get("pi"))
	listed := must(jobs.List()).Items[0]
	pairs := []struct {
		name string
		a, b *jobapi.Job
	}{
		{"the argument of Create and its result", in, created},
		{"the result of Create and of Get", created, got},
		{"two Gets", got, must(jobs.Get("pi"))},
		{"a Get and a List item", got, listed},
		{"a Get and a watch event", got, watched},
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			if shared := jobtest.SharedMemory(p.a, p.b); shared != nil {
				t.Errorf("shared: %v", shared)
			}
		})
	}
	// Changing what a verb returned or was given changes nothing stored.
	setLabel(&created.ObjectMeta, "app", "changed")
	created.Spec.Template.Spec.Containers[0].Image = "changed"
	in.ObjectMeta.Annotations["a"] = "changed"
	jobtest.RequireEqual(t, got, must(jobs.Get("pi")))
}

// setLabel sets one label, making the map when the object has none (as a
// Job created from a template without labels has, like in Kubernetes).
func setLabel(m *meta.ObjectMeta, key, value string) {
	if m.Labels == nil {
		m.Labels = map[string]string{}
	}
	m.Labels[key] = value
}
