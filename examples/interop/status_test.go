package interop

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	k8sfield "k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// The Status tests build the same error with Kubernetes' apierrors and
// with jobkit's field package and compare what encoding/json writes.
//
// Kubernetes' constructors leave `kind` and `apiVersion` empty: the API
// server sets them ("Status", "v1") when it writes the response
// (k8s.io/apiserver's responsewriters.ErrorToAPIStatus). jobkit's Status
// carries them already, so the comparison is with the Status as the API
// server sends it: k8sStatusJSON sets the two fields the same way. Note
// also that json.Marshal of a Kubernetes *StatusError itself writes
// {"ErrStatus":{...}}, because StatusError has no JSON methods; a jobkit
// *StatusError marshals to the Status object.

// k8sStatusJSON is the body an API server sends for err.
func k8sStatusJSON(t *testing.T, err *apierrors.StatusError) string {
	t.Helper()
	st := err.Status()
	st.Kind, st.APIVersion = "Status", "v1"
	b, jerr := json.Marshal(st)
	if jerr != nil {
		t.Fatal(jerr)
	}
	return string(b)
}

func jobkitStatusJSON(t *testing.T, err *field.StatusError) string {
	t.Helper()
	b, jerr := json.Marshal(err)
	if jerr != nil {
		t.Fatal(jerr)
	}
	return string(b)
}

// fieldErrorPair is one field error built by both libraries.
type fieldErrorPair struct {
	k8s    *k8sfield.Error
	jobkit *field.Error
}

// fieldErrorPairs covers every constructor and the kinds of bad values
// that print differently (strings quoted, numbers plain, others as JSON).
func fieldErrorPairs() []fieldErrorPair {
	kp := func(names ...string) *k8sfield.Path { return k8sfield.NewPath(names[0], names[1:]...) }
	jp := func(names ...string) *field.Path { return field.NewPath(names[0], names[1:]...) }
	labels := map[string]string{"app": "pi", "controller-uid": "0f6b"}
	return []fieldErrorPair{
		{k8sfield.Required(kp("spec", "selector"), ""), field.Required(jp("spec", "selector"), "")},
		{k8sfield.Required(kp("metadata", "name"), "`name` or `generateName` must be specified"), field.Required(jp("metadata", "name"), "`name` or `generateName` must be specified")},
		{k8sfield.Invalid(kp("spec", "parallelism"), int32(-1), "must be greater than or equal to 0"), field.Invalid(jp("spec", "parallelism"), int32(-1), "must be greater than or equal to 0")},
		{k8sfield.Invalid(kp("spec", "activeDeadlineSeconds"), int64(-5), "must be greater than or equal to 0"), field.Invalid(jp("spec", "activeDeadlineSeconds"), int64(-5), "must be greater than or equal to 0")},
		{k8sfield.Invalid(kp("spec", "x"), 7, "plain int"), field.Invalid(jp("spec", "x"), 7, "plain int")},
		{k8sfield.Invalid(kp("spec", "suspend"), true, "a bool"), field.Invalid(jp("spec", "suspend"), true, "a bool")},
		{k8sfield.Invalid(kp("metadata", "name"), "Pi_<1>&\"q\"", "must be a DNS subdomain"), field.Invalid(jp("metadata", "name"), "Pi_<1>&\"q\"", "must be a DNS subdomain")},
		{k8sfield.Invalid(kp("spec", "template", "metadata", "labels"), labels, "`selector` does not match template `labels`"), field.Invalid(jp("spec", "template", "metadata", "labels"), labels, "`selector` does not match template `labels`")},
		{k8sfield.Invalid(kp("spec", "selector"), &metav1.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}, "may not be chosen"), field.Invalid(jp("spec", "selector"), &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}, "may not be chosen")},
		{k8sfield.Invalid(kp("spec", "podFailurePolicy", "rules").Index(0).Child("onExitCodes", "values"), []int32{2, 1}, "must be ordered"), field.Invalid(jp("spec", "podFailurePolicy", "rules").Index(0).Child("onExitCodes", "values"), []int32{2, 1}, "must be ordered")},
		{k8sfield.Invalid(kp("spec", "template", "metadata", "labels").Key("batch.kubernetes.io/job-name"), "old", "must be 'pi'"), field.Invalid(jp("spec", "template", "metadata", "labels").Key("batch.kubernetes.io/job-name"), "old", "must be 'pi'")},
		{k8sfield.TypeInvalid(kp("spec", "completions"), "many", "must be an integer"), field.TypeInvalid(jp("spec", "completions"), "many", "must be an integer")},
		{k8sfield.NotSupported(kp("spec", "completionMode"), "Sometimes", []string{"NonIndexed", "Indexed"}), field.NotSupported(jp("spec", "completionMode"), "Sometimes", []string{"NonIndexed", "Indexed"})},
		{k8sfield.NotSupported[string](kp("spec", "x"), "y", nil), field.NotSupported[string](jp("spec", "x"), "y", nil)},
		{k8sfield.Forbidden(kp("spec", "selector"), "may not be changed"), field.Forbidden(jp("spec", "selector"), "may not be changed")},
		{k8sfield.TooLong(kp("spec", "managedBy"), "x", 63), field.TooLong(jp("spec", "managedBy"), "x", 63)},
		{k8sfield.TooLong(kp("spec", "a"), "x", 1), field.TooLong(jp("spec", "a"), "x", 1)},
		{k8sfield.TooLong(kp("spec", "b"), "x", -1), field.TooLong(jp("spec", "b"), "x", -1)},
		{k8sfield.TooMany(kp("spec", "podFailurePolicy", "rules"), 21, 20), field.TooMany(jp("spec", "podFailurePolicy", "rules"), 21, 20)},
		{k8sfield.TooMany(kp("spec", "c"), -1, 1), field.TooMany(jp("spec", "c"), -1, 1)},
		{k8sfield.TooMany(kp("spec", "d"), 3, -1), field.TooMany(jp("spec", "d"), 3, -1)},
		{k8sfield.Duplicate(kp("spec", "template", "spec", "containers").Index(1).Child("name"), "pi"), field.Duplicate(jp("spec", "template", "spec", "containers").Index(1).Child("name"), "pi")},
		{k8sfield.NotFound(kp("spec", "x"), "y"), field.NotFound(jp("spec", "x"), "y")},
		{k8sfield.InternalError(kp("spec"), errors.New("boom")), field.InternalError(jp("spec"), errors.New("boom"))},
	}
}

func TestFieldErrorMessagesMatchKubernetes(t *testing.T) {
	for _, p := range fieldErrorPairs() {
		t.Run(p.k8s.Field+" "+string(p.k8s.Type), func(t *testing.T) {
			want := []string{string(p.k8s.Type), p.k8s.Field, p.k8s.ErrorBody(), p.k8s.Error()}
			got := []string{string(p.jobkit.Type), p.jobkit.Field, p.jobkit.ErrorBody(), p.jobkit.Error()}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("type, field, body, message (-k8s +jobkit):\n%s", diff)
			}
		})
	}
}

func TestStatusJSONMatchesKubernetes(t *testing.T) {
	pairs := fieldErrorPairs()
	k8sAll := make(k8sfield.ErrorList, len(pairs))
	jobkitAll := make(field.ErrorList, len(pairs))
	for i, p := range pairs {
		k8sAll[i], jobkitAll[i] = p.k8s, p.jobkit
	}
	// The same error twice: both de-duplicate it in the message, and
	// both keep both causes.
	k8sDup := k8sfield.ErrorList{pairs[2].k8s, pairs[2].k8s, pairs[0].k8s}
	jobkitDup := field.ErrorList{pairs[2].jobkit, pairs[2].jobkit, pairs[0].jobkit}

	job := schema.GroupKind{Group: "batch", Kind: "Job"}
	jobs := schema.GroupResource{Group: "batch", Resource: "jobs"}
	pods := schema.GroupResource{Resource: "pods"}
	jJob := field.GroupKind{Group: "batch", Kind: "Job"}
	jJobs := field.GroupResource{Group: "batch", Resource: "jobs"}
	jPods := field.GroupResource{Resource: "pods"}
	stale := errors.New("the object has been modified; please apply your changes to the latest version and try again")

	tests := []struct {
		name   string
		k8s    *apierrors.StatusError
		jobkit *field.StatusError
	}{
		{"Invalid, one cause", apierrors.NewInvalid(job, "pi", k8sAll[:1]), field.NewInvalid(jJob, "pi", jobkitAll[:1])},
		{"Invalid, every kind of cause", apierrors.NewInvalid(job, "pi", k8sAll), field.NewInvalid(jJob, "pi", jobkitAll)},
		{"Invalid, repeated cause", apierrors.NewInvalid(job, "pi", k8sDup), field.NewInvalid(jJob, "pi", jobkitDup)},
		{"Invalid, no causes", apierrors.NewInvalid(job, "pi", nil), field.NewInvalid(jJob, "pi", nil)},
		{"Invalid, core group, odd name", apierrors.NewInvalid(schema.GroupKind{Kind: "Pod"}, "<p&q>", k8sAll[3:5]), field.NewInvalid(field.GroupKind{Kind: "Pod"}, "<p&q>", jobkitAll[3:5])},
		{"Invalid, no name", apierrors.NewInvalid(job, "", k8sAll[:2]), field.NewInvalid(jJob, "", jobkitAll[:2])},
		{"NotFound", apierrors.NewNotFound(jobs, "pi"), field.NewNotFound(jJobs, "pi")},
		{"NotFound, core group", apierrors.NewNotFound(pods, "grafana"), field.NewNotFound(jPods, "grafana")},
		{"AlreadyExists", apierrors.NewAlreadyExists(jobs, "pi"), field.NewAlreadyExists(jJobs, "pi")},
		{"AlreadyExists, core group", apierrors.NewAlreadyExists(pods, "pi-x7k2q"), field.NewAlreadyExists(jPods, "pi-x7k2q")},
		{"Conflict", apierrors.NewConflict(jobs, "pi", stale), field.NewConflict(jJobs, "pi", stale)},
		{"ServerTimeout", apierrors.NewServerTimeout(pods, "create", 0), field.NewServerTimeout(jPods, "create", 0)},
		{"ServerTimeout, retry after", apierrors.NewServerTimeout(jobs, "update", 2), field.NewServerTimeout(jJobs, "update", 2)},
		{"Conflict, core group", apierrors.NewConflict(pods, "pi", errors.New(`"quoted" <reason>`)), field.NewConflict(jPods, "pi", errors.New(`"quoted" <reason>`))},
		{"BadRequest", apierrors.NewBadRequest("the request is malformed"), field.NewBadRequest("the request is malformed")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(k8sStatusJSON(t, tt.k8s), jobkitStatusJSON(t, tt.jobkit)); diff != "" {
				t.Errorf("Status JSON (-k8s +jobkit):\n%s", diff)
			}
			if diff := cmp.Diff(tt.k8s.Error(), tt.jobkit.Error()); diff != "" {
				t.Errorf("Error() (-k8s +jobkit):\n%s", diff)
			}
			if diff := cmp.Diff(tt.k8s.Status().Code, tt.jobkit.Code()); diff != "" {
				t.Errorf("Code (-k8s +jobkit):\n%s", diff)
			}
			predicates := func(isNotFound, isAlreadyExists, isConflict, isInvalid, isBadRequest func(error) bool, err error) [5]bool {
				return [5]bool{isNotFound(err), isAlreadyExists(err), isConflict(err), isInvalid(err), isBadRequest(err)}
			}
			k8sIs := predicates(apierrors.IsNotFound, apierrors.IsAlreadyExists, apierrors.IsConflict, apierrors.IsInvalid, apierrors.IsBadRequest, tt.k8s)
			jobkitIs := predicates(field.IsNotFound, field.IsAlreadyExists, field.IsConflict, field.IsInvalid,
				func(err error) bool { return field.ReasonOf(err) == field.StatusReasonBadRequest }, tt.jobkit)
			if diff := cmp.Diff(k8sIs, jobkitIs); diff != "" {
				t.Errorf("IsNotFound, IsAlreadyExists, IsConflict, IsInvalid, IsBadRequest (-k8s +jobkit):\n%s", diff)
			}
		})
	}
}

// TestStatusJSONDecodesAsKubernetesStatus checks the other direction: a
// client using Kubernetes' types reads jobkit's Status and gets the same
// value as from the API server's.
func TestStatusJSONDecodesAsKubernetesStatus(t *testing.T) {
	pairs := fieldErrorPairs()
	k8sErrs := k8sfield.ErrorList{pairs[0].k8s, pairs[7].k8s}
	jobkitErrs := field.ErrorList{pairs[0].jobkit, pairs[7].jobkit}
	want := apierrors.NewInvalid(schema.GroupKind{Group: "batch", Kind: "Job"}, "pi", k8sErrs).Status()
	want.Kind, want.APIVersion = "Status", "v1"
	var got metav1.Status
	if err := json.Unmarshal([]byte(jobkitStatusJSON(t, field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, "pi", jobkitErrs))), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded Status (-k8s +jobkit):\n%s", diff)
	}
}
