package field_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/jobkit/jobkit/jobapi/field"
)

// The package spells its status codes out so that it does not link
// net/http; this pins each constructor's code to net/http's name for it.
func TestStatusCodesMatchNetHTTP(t *testing.T) {
	gk := field.GroupKind{Group: "batch", Kind: "Job"}
	gr := field.GroupResource{Group: "batch", Resource: "jobs"}
	tests := []struct {
		name string
		err  *field.StatusError
		want int32
	}{
		{"invalid is unprocessable entity", field.NewInvalid(gk, "pi", nil), http.StatusUnprocessableEntity},
		{"not found", field.NewNotFound(gr, "pi"), http.StatusNotFound},
		{"already exists is a conflict", field.NewAlreadyExists(gr, "pi"), http.StatusConflict},
		{"conflict", field.NewConflict(gr, "pi", errors.New("stale")), http.StatusConflict},
		{"bad request", field.NewBadRequest("bad"), http.StatusBadRequest},
		{"expired is gone", field.NewResourceExpired("old"), http.StatusGone},
		{"internal error", field.NewInternalError(errors.New("boom")), http.StatusInternalServerError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Code(); got != tt.want {
				t.Errorf("Code() = %d, want %d", got, tt.want)
			}
		})
	}
}
