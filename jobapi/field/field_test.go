package field_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi/field"
)

func TestPathString(t *testing.T) {
	spec := field.NewPath("spec")
	tests := []struct {
		name string
		path *field.Path
		want string
	}{
		{"nil path prints empty", nil, ""},
		{"single name", field.NewPath("metadata"), "metadata"},
		{"more names", field.NewPath("spec", "template", "metadata"), "spec.template.metadata"},
		{"child", spec.Child("selector"), "spec.selector"},
		{"child with more names", spec.Child("template", "metadata", "labels"), "spec.template.metadata.labels"},
		{"map key in brackets", spec.Child("template", "metadata", "labels").Key("job-name"), "spec.template.metadata.labels[job-name]"},
		{"list index", spec.Child("template", "spec", "containers").Index(0).Child("image"), "spec.template.spec.containers[0].image"},
		{"key with dots and slashes is not quoted", field.NewPath("metadata", "annotations").Key("batch.kubernetes.io/job-completion-index"), "metadata.annotations[batch.kubernetes.io/job-completion-index]"},
		{"empty key", field.NewPath("labels").Key(""), "labels[]"},
		{"index on a nil parent", (*field.Path)(nil).Index(3), "[3]"},
		{"consecutive subscripts", field.NewPath("a").Index(1).Key("k"), "a[1][k]"},
		{"root of a deep path", spec.Child("a", "b").Index(2).Root(), "spec"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.path.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPathsShareParentsWithoutAliasing(t *testing.T) {
	base := field.NewPath("spec")
	a := base.Child("a")
	b := base.Child("b")
	if diff := cmp.Diff([]string{"spec", "spec.a", "spec.b"}, []string{base.String(), a.String(), b.String()}); diff != "" {
		t.Errorf("extending a path changed a sibling or the parent (-want +got):\n%s", diff)
	}
}

func TestErrorMessages(t *testing.T) {
	p := field.NewPath("spec", "parallelism")
	tests := []struct {
		name      string
		err       *field.Error
		wantType  field.ErrorType
		wantField string
		wantMsg   string
	}{
		{"required", field.Required(field.NewPath("spec", "selector"), ""), field.ErrorTypeRequired, "spec.selector", "spec.selector: Required value"},
		{"required with detail", field.Required(p, "must be set for Indexed Jobs"), field.ErrorTypeRequired, "spec.parallelism", "spec.parallelism: Required value: must be set for Indexed Jobs"},
		{"invalid int32", field.Invalid(p, int32(-1), "must be greater than or equal to 0"), field.ErrorTypeInvalid, "spec.parallelism", "spec.parallelism: Invalid value: -1: must be greater than or equal to 0"},
		{"invalid string is quoted", field.Invalid(field.NewPath("metadata", "name"), "Bad_Name", "must consist of lower case letters"), field.ErrorTypeInvalid, "metadata.name", `metadata.name: Invalid value: "Bad_Name": must consist of lower case letters`},
		{"invalid map as JSON", field.Invalid(field.NewPath("spec", "selector"), map[string]string{"a": "b"}, "must not be empty"), field.ErrorTypeInvalid, "spec.selector", `spec.selector: Invalid value: {"a":"b"}: must not be empty`},
		{"invalid bool", field.Invalid(p, true, "x"), field.ErrorTypeInvalid, "spec.parallelism", "spec.parallelism: Invalid value: true: x"},
		{"type invalid", field.TypeInvalid(p, "many", "must be an integer"), field.ErrorTypeTypeInvalid, "spec.parallelism", `spec.parallelism: Invalid value: "many": must be an integer`},
		{"not supported lists the values", field.NotSupported(field.NewPath("spec", "completionMode"), "Sometimes", []string{"NonIndexed", "Indexed"}), field.ErrorTypeNotSupported, "spec.completionMode", `spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"`},
		{"duplicate", field.Duplicate(field.NewPath("spec", "containers").Index(1).Child("name"), "c"), field.ErrorTypeDuplicate, "spec.containers[1].name", `spec.containers[1].name: Duplicate value: "c"`},
		{"forbidden", field.Forbidden(field.NewPath("spec", "selector"), "may not be changed"), field.ErrorTypeForbidden, "spec.selector", "spec.selector: Forbidden: may not be changed"},
		{"too long omits the value", field.TooLong(field.NewPath("metadata", "name"), "xxxx", 63), field.ErrorTypeTooLong, "metadata.name", "metadata.name: Too long: may not be more than 63 bytes"},
		{"too long singular", field.TooLong(p, "xx", 1), field.ErrorTypeTooLong, "spec.parallelism", "spec.parallelism: Too long: may not be more than 1 byte"},
		{"too many", field.TooMany(field.NewPath("items"), 5, 3), field.ErrorTypeTooMany, "items", "items: Too many: 5: must have at most 3 items"},
		{"too many without count", field.TooMany(field.NewPath("items"), -1, 1), field.ErrorTypeTooMany, "items", "items: Too many: must have at most 1 item"},
		{"not found", field.NotFound(field.NewPath("spec", "x"), "y"), field.ErrorTypeNotFound, "spec.x", `spec.x: Not found: "y"`},
		{"internal", field.InternalError(p, errors.New("boom")), field.ErrorTypeInternal, "spec.parallelism", "spec.parallelism: Internal error: boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{string(tt.err.Type), tt.err.Field, tt.err.Error()}
			want := []string{string(tt.wantType), tt.wantField, tt.wantMsg}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestErrorListAggregate(t *testing.T) {
	a := field.Required(field.NewPath("spec", "selector"), "")
	b := field.Invalid(field.NewPath("spec", "completions"), int32(-2), "must be greater than or equal to 0")
	tests := []struct {
		name    string
		list    field.ErrorList
		wantNil bool
		wantMsg string
	}{
		{"empty list is no error", nil, true, ""},
		{"one error prints bare", field.ErrorList{a}, false, "spec.selector: Required value"},
		{"several are bracketed", field.ErrorList{a, b}, false, "[spec.selector: Required value, spec.completions: Invalid value: -2: must be greater than or equal to 0]"},
		{"duplicates collapse", field.ErrorList{a, a}, false, "spec.selector: Required value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.list.ToAggregate()
			if tt.wantNil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			if diff := cmp.Diff(tt.wantMsg, err.Error()); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
			var fe *field.Error
			require.True(t, errors.As(err, &fe), "errors.As must reach a *field.Error")
			if diff := cmp.Diff(tt.list[0], fe); diff != "" {
				t.Errorf("errors.As found (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.list, field.AsErrorList(fmt.Errorf("wrapped: %w", err))); diff != "" {
				t.Errorf("AsErrorList (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFilter(t *testing.T) {
	a := field.Required(field.NewPath("a"), "")
	b := field.Forbidden(field.NewPath("b"), "may not be set")
	got := field.ErrorList{a, b}.Filter(func(e *field.Error) bool { return e.Type == field.ErrorTypeForbidden })
	if diff := cmp.Diff(field.ErrorList{b}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestStatusJSON(t *testing.T) {
	errs := field.ErrorList{
		field.Required(field.NewPath("spec", "selector"), ""),
		field.Invalid(field.NewPath("spec", "template", "metadata", "labels"), map[string]string{"a": "b"}, "`selector` does not match template `labels`"),
	}
	gr := field.GroupResource{Group: "batch", Resource: "jobs"}
	tests := []struct {
		name     string
		err      *field.StatusError
		wantCode int32
		want     string
	}{
		{
			name:     "invalid carries causes",
			err:      field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, "pi", errs),
			wantCode: 422,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Job.batch \"pi\" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {\"a\":\"b\"}: ` + "`selector` does not match template `labels`" + `]","reason":"Invalid","details":{"name":"pi","group":"batch","kind":"Job","causes":[{"reason":"FieldValueRequired","message":"Required value","field":"spec.selector"},{"reason":"FieldValueInvalid","message":"Invalid value: {\"a\":\"b\"}: ` + "`selector` does not match template `labels`" + `","field":"spec.template.metadata.labels"}]},"code":422}`,
		},
		{
			name:     "not found",
			err:      field.NewNotFound(gr, "pi"),
			wantCode: 404,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"jobs.batch \"pi\" not found","reason":"NotFound","details":{"name":"pi","group":"batch","kind":"jobs"},"code":404}`,
		},
		{
			name:     "already exists",
			err:      field.NewAlreadyExists(gr, "pi"),
			wantCode: 409,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"jobs.batch \"pi\" already exists","reason":"AlreadyExists","details":{"name":"pi","group":"batch","kind":"jobs"},"code":409}`,
		},
		{
			name:     "resource expired",
			err:      field.NewResourceExpired("too old resource version: 3 (7)"),
			wantCode: 410,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 3 (7)","reason":"Expired","code":410}`,
		},
		{
			name:     "internal error",
			err:      field.NewInternalError(errors.New("random source failed")),
			wantCode: 500,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Internal error occurred: random source failed","reason":"InternalError","details":{"causes":[{"message":"random source failed"}]},"code":500}`,
		},
		{
			name:     "conflict",
			err:      field.NewConflict(gr, "pi", errors.New("the object has been modified; please apply your changes to the latest version and try again")),
			wantCode: 409,
			want:     `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on jobs.batch \"pi\": the object has been modified; please apply your changes to the latest version and try again","reason":"Conflict","details":{"name":"pi","group":"batch","kind":"jobs"},"code":409}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.err)
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, string(b)); diff != "" {
				t.Errorf("JSON (-want +got):\n%s", diff)
			}
			require.Equal(t, tt.wantCode, tt.err.Code())
			var se *field.StatusError
			require.True(t, errors.As(fmt.Errorf("create: %w", tt.err), &se))
		})
	}
}

func TestStatusPredicatesAndCauses(t *testing.T) {
	gr := field.GroupResource{Group: "batch", Resource: "jobs"}
	inv := field.NewInvalid(field.GroupKind{Group: "batch", Kind: "Job"}, "pi", field.ErrorList{field.Required(field.NewPath("spec", "template"), "")})
	tests := []struct {
		name string
		err  error
		want [6]bool // NotFound, AlreadyExists, Conflict, Invalid, ResourceExpired, InternalError
	}{
		{"not found", field.NewNotFound(gr, "x"), [6]bool{0: true}},
		{"already exists", field.NewAlreadyExists(gr, "x"), [6]bool{1: true}},
		{"conflict", field.NewConflict(gr, "x", errors.New("stale")), [6]bool{2: true}},
		{"invalid", fmt.Errorf("wrapped: %w", inv), [6]bool{3: true}},
		{"expired", field.NewResourceExpired("too old"), [6]bool{4: true}},
		{"internal", field.NewInternalError(errors.New("x")), [6]bool{5: true}},
		{"plain error", errors.New("x"), [6]bool{}},
		{"nil", nil, [6]bool{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := [6]bool{field.IsNotFound(tt.err), field.IsAlreadyExists(tt.err), field.IsConflict(tt.err), field.IsInvalid(tt.err), field.IsResourceExpired(tt.err), field.IsInternalError(tt.err)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	var fe *field.Error
	require.True(t, errors.As(inv, &fe), "an Invalid StatusError exposes its field errors")
	require.Equal(t, "spec.template", fe.Field)
}
