package k8sapi

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	jfield "github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// errorPairs are the same failures built with jobkit's constructors and
// with apimachinery's, as each validator reports them.
func errorPairs() []struct {
	name   string
	jobkit *jfield.Error
	api    *field.Error
} {
	jp := jfield.NewPath("spec", "template", "spec").Child("containers").Index(0).Child("image")
	kp := field.NewPath("spec", "template", "spec").Child("containers").Index(0).Child("image")
	jsel := jfield.NewPath("spec", "selector")
	ksel := field.NewPath("spec", "selector")
	jl := jfield.NewPath("metadata", "labels").Key("job-name")
	kl := field.NewPath("metadata", "labels").Key("job-name")
	return []struct {
		name   string
		jobkit *jfield.Error
		api    *field.Error
	}{
		{"Required", jfield.Required(jp, "must be set"), field.Required(kp, "must be set")},
		{"Invalid string", jfield.Invalid(jl, "a b", "must be a label value"), field.Invalid(kl, "a b", "must be a label value")},
		{"Invalid int64", jfield.Invalid(jp, int64(-1), "must be greater than or equal to 0"), field.Invalid(kp, int64(-1), "must be greater than or equal to 0")},
		{"Invalid selector", jfield.Invalid(jsel, &selector.LabelSelector{MatchLabels: map[string]string{"a": "b"}}, "does not match template labels"),
			field.Invalid(ksel, &metav1.LabelSelector{MatchLabels: map[string]string{"a": "b"}}, "does not match template labels")},
		{"Invalid nil selector", jfield.Invalid(jsel, (*selector.LabelSelector)(nil), "x"), field.Invalid(ksel, (*metav1.LabelSelector)(nil), "x")},
		{"Invalid completion mode pointer", jfield.Invalid(jp, ptrTo(jobapi.IndexedCompletion), "immutable"), field.Invalid(kp, ptrTo(batchv1.IndexedCompletion), "immutable")},
		{"Invalid quantity", jfield.Invalid(jp, resource.MustParse("1500m"), "must be a whole number"), field.Invalid(kp, kresource.MustParse("1500m"), "must be a whole number")},
		{"Invalid pod template", jfield.Invalid(jfield.NewPath("spec", "template"), core.PodTemplateSpec{}, "immutable"), field.Invalid(field.NewPath("spec", "template"), corev1.PodTemplateSpec{}, "immutable")},
		{"NotSupported", jfield.NotSupported(jp, core.RestartPolicyAlways, []core.RestartPolicy{core.RestartPolicyOnFailure, core.RestartPolicyNever}),
			field.NotSupported(kp, corev1.RestartPolicyAlways, []corev1.RestartPolicy{corev1.RestartPolicyOnFailure, corev1.RestartPolicyNever})},
		{"Duplicate", jfield.Duplicate(jp, "pi"), field.Duplicate(kp, "pi")},
		{"an Origin", jfield.NotSupported(jsel.Child("matchLabel"), "matchLabel", []string{"matchExpressions", "matchLabels"}).WithOrigin(jfield.OriginUnknownField),
			field.NotSupported(ksel.Child("matchLabel"), "matchLabel", []string{"matchExpressions", "matchLabels"}).WithOrigin(jfield.OriginUnknownField)},
		{"NotFound", jfield.NotFound(jp, "pi"), field.NotFound(kp, "pi")},
		{"Forbidden", jfield.Forbidden(jp, "may not be set"), field.Forbidden(kp, "may not be set")},
		{"TooLong", jfield.TooLong(jp, "xxxx", 3), field.TooLong(kp, "xxxx", 3)},
		{"TooMany", jfield.TooMany(jp, 30, 20), field.TooMany(kp, 30, 20)},
		{"TooMany omitted", jfield.TooMany(jp, -1, 20), field.TooMany(kp, -1, 20)},
		{"TypeInvalid", jfield.TypeInvalid(jp, true, "must be a string"), field.TypeInvalid(kp, true, "must be a string")},
		{"InternalError", jfield.InternalError(jp, errors.New("boom")), field.InternalError(kp, errors.New("boom"))},
	}
}

// errorsEqual compares errors by value, errors by their messages.
var errorsEqual = cmp.Options{
	cmp.Comparer(func(a, b error) bool { return a.Error() == b.Error() }),
	cmp.Comparer(func(a, b kresource.Quantity) bool { return a.Cmp(b) == 0 && a.String() == b.String() }),
	cmp.Comparer(func(a, b resource.Quantity) bool { return a.Equal(b) && a.String() == b.String() }),
}

func TestErrorMapping(t *testing.T) {
	for _, tt := range errorPairs() {
		t.Run(tt.name, func(t *testing.T) {
			got := ErrorToAPI(tt.jobkit)
			if diff := cmp.Diff(tt.api, got, errorsEqual); diff != "" {
				t.Errorf("ErrorToAPI (-want +got):\n%s", diff)
			}
			if got.Error() != tt.api.Error() || got.Error() != tt.jobkit.Error() {
				t.Errorf("messages differ:\n jobkit:       %s\n converted:    %s\n apimachinery: %s", tt.jobkit.Error(), got.Error(), tt.api.Error())
			}
			back := ErrorFromAPI(tt.api)
			if diff := cmp.Diff(tt.jobkit, back, errorsEqual); diff != "" {
				t.Errorf("ErrorFromAPI (-want +got):\n%s", diff)
			}
		})
	}
}

func TestErrorListMapping(t *testing.T) {
	var jl jfield.ErrorList
	var kl field.ErrorList
	for _, tt := range errorPairs() {
		jl = append(jl, tt.jobkit)
		kl = append(kl, tt.api)
	}
	tests := []struct {
		name   string
		jobkit jfield.ErrorList
		api    field.ErrorList
	}{
		{"nil", nil, nil},
		{"empty", jfield.ErrorList{}, field.ErrorList{}},
		{"every type", jl, kl},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.api, ErrorListToAPI(tt.jobkit), errorsEqual); diff != "" {
				t.Errorf("ErrorListToAPI (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.jobkit, ErrorListFromAPI(tt.api), errorsEqual); diff != "" {
				t.Errorf("ErrorListFromAPI (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStatusErrorToAPI(t *testing.T) {
	var jl jfield.ErrorList
	var kl field.ErrorList
	for _, tt := range errorPairs() {
		jl = append(jl, tt.jobkit)
		kl = append(kl, tt.api)
	}
	gk := schema.GroupKind{Group: "batch", Kind: "Job"}
	tests := []struct {
		name   string
		jobkit *jfield.StatusError
		want   *apierrors.StatusError
	}{
		{"Invalid", jfield.NewInvalid(jfield.GroupKind{Group: "batch", Kind: "Job"}, "pi", jl), apierrors.NewInvalid(gk, "pi", kl)},
		{"Invalid, one error", jfield.NewInvalid(jfield.GroupKind{Group: "batch", Kind: "Job"}, "pi", jl[:1]), apierrors.NewInvalid(gk, "pi", kl[:1])},
		{"NotFound", jfield.NewNotFound(jfield.GroupResource{Group: "batch", Resource: "jobs"}, "pi"),
			apierrors.NewNotFound(schema.GroupResource{Group: "batch", Resource: "jobs"}, "pi")},
		{"AlreadyExists", jfield.NewAlreadyExists(jfield.GroupResource{Group: "batch", Resource: "jobs"}, "pi"),
			apierrors.NewAlreadyExists(schema.GroupResource{Group: "batch", Resource: "jobs"}, "pi")},
		{"Conflict", jfield.NewConflict(jfield.GroupResource{Group: "batch", Resource: "jobs"}, "pi", errors.New("stale")),
			apierrors.NewConflict(schema.GroupResource{Group: "batch", Resource: "jobs"}, "pi", errors.New("stale"))},
		{"BadRequest", jfield.NewBadRequest("no"), apierrors.NewBadRequest("no")},
		{"InternalError", jfield.NewInternalError(errors.New("boom")), apierrors.NewInternalError(errors.New("boom"))},
		{"ResourceExpired", jfield.NewResourceExpired("too old resource version: 1 (2)"), apierrors.NewResourceExpired("too old resource version: 1 (2)")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := StatusErrorToAPI(tt.jobkit)
			if diff := cmp.Diff(tt.want.ErrStatus, got.ErrStatus); diff != "" {
				t.Errorf("Status (-want +got):\n%s", diff)
			}
			wj, _ := json.Marshal(tt.want.ErrStatus)
			gj, _ := json.Marshal(got.ErrStatus)
			if string(wj) != string(gj) {
				t.Errorf("JSON differs:\nwant %s\n got %s", wj, gj)
			}
			if got.Error() != tt.want.Error() {
				t.Errorf("Error() = %q, want %q", got.Error(), tt.want.Error())
			}
		})
	}
	if StatusErrorToAPI(nil) != nil {
		t.Error("StatusErrorToAPI(nil) != nil")
	}
}

func TestNewInvalid(t *testing.T) {
	j := jfield.ErrorList{jfield.Required(jfield.NewPath("spec", "template"), "")}
	k := field.ErrorList{field.Required(field.NewPath("spec", "template"), "")}
	gk := schema.GroupKind{Group: "batch", Kind: "Job"}
	if diff := cmp.Diff(apierrors.NewInvalid(gk, "pi", k).ErrStatus, NewInvalid(gk, "pi", j).ErrStatus); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
